//! End-to-end tests of the optimised build (`dist/`, from `make dist`) in headless Chromium.
//!
//! Starting chromedriver and Chromium takes seconds on two cores, so one browser session runs
//! every scenario in sequence; each step says what it checks and starts from a fresh page load,
//! so a failure names its step and does not depend on an earlier one. The last steps look
//! back over the whole session (every resource loaded, every console message).

mod build;
mod charts;
mod compare;
mod files;
mod german;
mod invalid_input;
mod keyboard;
mod presets;
mod print;
mod privacy;
mod share;
mod slider;
mod worked_example;

use std::time::Instant;

use gpu_tco_e2e::{Harness, Result};

/// Runs one step and panics with its name and the reason if it fails.
async fn step<'h, F, Fut>(h: &'h Harness, name: &str, f: F)
where
    F: FnOnce(&'h Harness) -> Fut,
    Fut: Future<Output = Result<()>> + 'h,
{
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
    step(&h, "9 presets with sources and dates", presets::run).await;
    step(&h, "10 share links, good and bad", share::run).await;
    step(&h, "11 save, open and export files", files::run).await;
    step(&h, "12 compare A and B", compare::run).await;
    step(&h, "13 print as a report of at most two pages", print::run).await;
    step(&h, "8 keyboard reaches the language switch", keyboard::run).await;
    step(&h, "7 privacy: nothing leaves the origin", privacy::run).await;
    step(
        &h,
        "6 no console errors during the whole session",
        build::no_errors_since_last_check,
    )
    .await;
    h.finish().await;
}
