//! End-to-end tests of the optimised build (`dist/`, from `make dist`) and the single file
//! (`dist-single/`, from `make single`) in headless Chromium.
//!
//! Starting chromedriver and Chromium takes seconds on two cores, so one browser session runs
//! every scenario in sequence; each step says what it checks and starts from a fresh page load,
//! so a failure names its step and does not depend on an earlier one. The page registers its
//! service worker on the first load, so the steps after that are served by it, as a returning
//! visitor is; the offline steps stop the server and start it again before they end. The
//! privacy and console steps look back over the whole session (every resource loaded, in every
//! frame, and every console message); the single file, opened from disk last, checks its own.

mod analysis;
mod build;
mod charts;
mod compare;
mod embed;
mod fair;
mod files;
mod finance;
mod german;
mod hardening;
mod hybrid;
mod import;
mod invalid_input;
mod keyboard;
mod offline;
mod peaks;
mod presets;
mod print;
mod privacy;
mod share;
mod single_file;
mod slider;
mod worked_example;

use std::time::Instant;

use gpu_tco_e2e::{Harness, Result};

/// Runs one step and panics with its name and the reason if it fails.
///
/// While working on a step, `GPU_TCO_STEPS=embed,offline cargo test -p gpu-tco-e2e` runs only
/// the steps whose names contain one of the given words (the full run is what counts).
async fn step<'h, F, Fut>(h: &'h Harness, name: &str, f: F)
where
    F: FnOnce(&'h Harness) -> Fut,
    Fut: Future<Output = Result<()>> + 'h,
{
    if let Ok(only) = std::env::var("GPU_TCO_STEPS")
        && !only.split(',').any(|w| !w.is_empty() && name.contains(w))
    {
        eprintln!("step: {name} skipped (GPU_TCO_STEPS={only})");
        return;
    }
    let t = Instant::now();
    eprintln!("step: {name} …");
    if let Err(e) = f(h).await {
        panic!("step {name:?} failed: {e}");
    }
    eprintln!("step: {name} ok ({:.1} s)", t.elapsed().as_secs_f64());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_calculator_page_in_headless_chromium() {
    let h = match Harness::start().await {
        Ok(h) => h,
        Err(e) => panic!("{e}"),
    };
    step(
        &h,
        "1 worked example on the default page",
        worked_example::run,
    )
    .await;
    step(
        &h,
        "6 optimised build loads without console errors",
        build::run,
    )
    .await;
    step(&h, "2 working-days slider and text box", slider::run).await;
    step(
        &h,
        "3 invalid input keeps the last good results",
        invalid_input::run,
    )
    .await;
    step(&h, "4 German", german::run).await;
    step(&h, "5 charts", charts::run).await;
    step(
        &h,
        "24 fair comparison: two answers, idle GPUs, stop at month H, switching",
        fair::run,
    )
    .await;
    step(&h, "9 presets with sources and dates", presets::run).await;
    step(&h, "10 share links, good and bad", share::run).await;
    step(&h, "11 save, open and export files", files::run).await;
    step(&h, "12 compare A and B", compare::run).await;
    step(&h, "14 hybrid, tornado and heat map", analysis::run).await;
    step(&h, "23 use the cheapest hybrid mix", hybrid::run).await;
    step(&h, "21 planned peaks in the workload panel", peaks::run).await;
    step(
        &h,
        "22 finance view: cash flow by year and selling early",
        finance::run,
    )
    .await;
    step(&h, "15 import a month of serving metrics", import::run).await;
    step(&h, "13 print as a report of at most two pages", print::run).await;
    step(&h, "8 keyboard reaches the language switch", keyboard::run).await;
    step(
        &h,
        "14 embed: iframe snippet and script embed on the demo page",
        embed::run,
    )
    .await;
    step(&h, "15 embed: live quote through the JS API", embed::quote).await;
    step(
        &h,
        "16 embed: foreign height messages are ignored",
        embed::hostile_messages,
    )
    .await;
    step(&h, "17 embed: grows with its content", embed::grows).await;
    step(
        &h,
        "25 hardening: the JS API answers hostile values and outlives a failed module",
        hardening::api,
    )
    .await;
    step(
        &h,
        "26 hardening: the page reloads itself with its link after a failed module",
        hardening::page,
    )
    .await;
    step(
        &h,
        "18 offline: installed page works with the server gone",
        offline::run,
    )
    .await;
    step(
        &h,
        "19 offline: a new build replaces the cache",
        offline::update,
    )
    .await;
    step(&h, "7 privacy: nothing leaves the origin", privacy::run).await;
    step(
        &h,
        "6 no console errors during the whole session",
        build::no_errors_since_last_check,
    )
    .await;
    step(
        &h,
        "20 single file: from disk, offline, nothing else loaded",
        single_file::run,
    )
    .await;
    h.finish().await;
}
