//! End-to-end tests of the optimised build (`dist/`, from `make dist`) and the single file
//! (`dist-single/`, from `make single`) in three browser engines: headless Chromium, headless
//! Firefox ESR and WebKitGTK's MiniBrowser (under Xvfb), each through its WebDriver server and
//! the same client.
//!
//! Chromium runs every step; Firefox and WebKit run the steps a visitor depends on
//! ([`visitor_steps`]; the README lists the others and why), comparing the money figures they
//! show with what Chromium showed for the same scenario ([`reference`]). Starting a driver and
//! its browser takes seconds on two cores, so one browser session per engine runs its steps in
//! sequence; each step says what it checks and starts from a fresh page load, so a failure
//! names its engine and step and does not depend on an earlier one. The page registers its
//! service worker on the first load, so the steps after that are served by it, as a returning
//! visitor is; the offline steps stop the server and start it again before they end. The
//! privacy and console steps look back over the whole session (every resource loaded, in every
//! frame, and every console message); the single file, opened from disk last, checks its own.

mod a11y;
mod analysis;
mod build;
mod charts;
mod compare;
mod embed;
mod fair;
mod files;
mod finance;
mod first_visit;
mod german;
mod hardening;
mod hybrid;
mod import;
mod in_view;
mod invalid_input;
mod keyboard;
mod offline;
mod on_demand;
mod overlap;
mod peaks;
mod presets;
mod print;
mod privacy;
mod ranges;
mod reference;
mod safe_inputs;
mod share;
mod single_file;
mod sizing;
mod slider;
mod visitor;
mod worked_example;

use std::time::Instant;

use gpu_tco_e2e::{Engine, Harness, Result};

use crate::reference::Reference;

/// The steps that failed while `GPU_TCO_KEEP_GOING` was set, with their reasons.
static FAILED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Runs one step and panics with its engine, its name and the reason if it fails.
///
/// While working on a step, `GPU_TCO_STEPS=embed,offline cargo test -p gpu-tco-e2e` runs only
/// the steps whose names contain one of the given words, and `GPU_TCO_ENGINES=firefox` only
/// that engine (the full run is what counts). With `GPU_TCO_KEEP_GOING=1` a failed step (an
/// error or a failed assertion) is listed and the next one runs; the test fails at the end,
/// naming them all (a change that moves many figures, in one run).
async fn step<'h, F, Fut>(h: &'h Harness, name: &str, f: F)
where
    F: FnOnce(&'h Harness) -> Fut,
    Fut: Future<Output = Result<()>> + 'h,
{
    let engine = h.engine();
    if let Ok(only) = std::env::var("GPU_TCO_STEPS")
        && !only.split(',').any(|w| !w.is_empty() && name.contains(w))
    {
        eprintln!("step: {engine}: {name} skipped (GPU_TCO_STEPS={only})");
        return;
    }
    let t = Instant::now();
    eprintln!("step: {engine}: {name} …");
    let keep_going = std::env::var_os("GPU_TCO_KEEP_GOING").is_some();
    let outcome = if keep_going {
        use futures_util::FutureExt;
        std::panic::AssertUnwindSafe(f(h))
            .catch_unwind()
            .await
            .unwrap_or_else(|payload| {
                let said = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|x| (*x).to_owned()))
                    .unwrap_or_default();
                Err(gpu_tco_e2e::Error(format!("panicked: {said}")))
            })
    } else {
        f(h).await
    };
    if let Err(e) = outcome {
        // Said before unwinding and without a backtrace, so that the last lines of a failed run
        // (all that a truncated CI log keeps) name the step and its reason.
        let failed = format!("step {name:?} failed in {engine}: {e}");
        eprintln!("step: {engine}: {name} FAILED: {e}");
        if keep_going {
            FAILED.lock().map(|mut v| v.push(failed)).ok();
            return;
        }
        std::panic::resume_unwind(Box::new(failed));
    }
    eprintln!(
        "step: {engine}: {name} ok ({:.1} s)",
        t.elapsed().as_secs_f64()
    );
}

/// Opens a session on `engine`, panicking with the reason if it cannot.
async fn session(engine: Engine) -> Harness {
    let t = Instant::now();
    match Harness::start_on(engine).await {
        Ok(h) => {
            eprintln!(
                "engine: {engine} started ({:.1} s)",
                t.elapsed().as_secs_f64()
            );
            h
        }
        Err(e) => panic!("{engine}: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_calculator_page_in_chromium_firefox_and_webkit() {
    // A panic's message again after its backtrace: a truncated CI log keeps the last lines.
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        report(info);
        eprintln!("panicked: {info}");
    }));
    let engines = Engine::selected();
    let reference = Reference::default();
    let others: Vec<Engine> = engines
        .iter()
        .copied()
        .filter(|e| *e != Engine::Chromium)
        .collect();
    if engines.contains(&Engine::Chromium) {
        let t = Instant::now();
        let h = session(Engine::Chromium).await;
        chromium_steps(&h, &reference).await;
        h.finish().await;
        eprintln!("engine: chromium done ({:.0} s)", t.elapsed().as_secs_f64());
    } else if !others.is_empty() {
        // The others compare with Chromium's readings, which its visitor steps take.
        let h = session(Engine::Chromium).await;
        visitor_steps(&h, &reference).await;
        h.finish().await;
    }
    for engine in others {
        let t = Instant::now();
        let h = session(engine).await;
        visitor_steps(&h, &reference).await;
        h.finish().await;
        eprintln!("engine: {engine} done ({:.0} s)", t.elapsed().as_secs_f64());
    }
    let failed = FAILED.lock().map(|v| v.clone()).unwrap_or_default();
    assert!(
        failed.is_empty(),
        "{} steps failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// The steps a visitor depends on, on every engine: the worked example, a slider move, a typed
/// value and an invalid one, German, the three charts and their texts, a share link round trip,
/// the embed on the demo host page with its resizing and its guard against foreign messages, the
/// keyboard, the offline reload and a new build's update, nothing requested from another origin,
/// no console errors (where the engine's console can be read), and the single file from
/// `file://`.
async fn visitor_steps(h: &Harness, r: &Reference) {
    let engine = h.engine();
    step(h, "1 worked example on the default page", |h| {
        visitor::worked_example(h, r)
    })
    .await;
    if engine.has_console() {
        step(
            h,
            "6 optimised build loads without console errors",
            visitor::no_console_errors,
        )
        .await;
    }
    step(h, "2 working-days slider and text box", slider::run).await;
    step(
        h,
        "3 invalid input keeps the last good results",
        invalid_input::run,
    )
    .await;
    step(h, "4 German", |h| visitor::german(h, r)).await;
    step(h, "5 charts", |h| visitor::charts(h, r)).await;
    step(
        h,
        "24 chart texts never overlap (390, 1024 and 1280 px, en and de)",
        |h| overlap::run(h, r),
    )
    .await;
    step(h, "10 share link round trip", share::run).await;
    step(
        h,
        "14 embed: iframe snippet and script embed on the demo page",
        embed::run,
    )
    .await;
    step(
        h,
        "16 embed: foreign height messages are ignored",
        embed::hostile_messages,
    )
    .await;
    step(
        h,
        "36 embed: its page loads its own module and nothing else",
        embed::loads_only_itself,
    )
    .await;
    step(
        h,
        "38 embed: the answer before the calculator; what is typed meanwhile carried over",
        embed::before_a_touch,
    )
    .await;
    step(h, "17 embed: grows with its content", embed::grows).await;
    step(h, "8 keyboard reaches the language switch", keyboard::run).await;
    step(
        h,
        "18 offline: the installed page reloads with the server gone",
        |h| visitor::offline_reload(h, r),
    )
    .await;
    step(
        h,
        "35 sections opened on demand: loaded once, in step with the first screen",
        on_demand::online,
    )
    .await;
    step(
        h,
        "35 sections opened on demand, offline once installed",
        on_demand::offline,
    )
    .await;
    step(
        h,
        "19 offline: a new build replaces the cache",
        offline::update,
    )
    .await;
    step(h, "7 privacy: nothing leaves the origin", privacy::run).await;
    if engine.has_console() {
        step(
            h,
            "6 no console errors during the whole session",
            visitor::no_console_errors,
        )
        .await;
    }
    step(
        h,
        "20 single file: from disk, offline, nothing else loaded",
        |h| visitor::single_file(h, r),
    )
    .await;
    step(
        h,
        "35 sections opened on demand in the single file",
        on_demand::single_file,
    )
    .await;
}

/// Every step, on Chromium. The visitor steps of the other engines that are not also
/// Chromium steps run here too, so that Chromium's readings are there to compare with.
async fn chromium_steps(h: &Harness, r: &Reference) {
    step(
        h,
        "33 a first visit downloads each file once",
        first_visit::run,
    )
    .await;
    step(
        h,
        "1 worked example on the default page",
        worked_example::run,
    )
    .await;
    step(
        h,
        "6 optimised build loads without console errors",
        build::run,
    )
    .await;
    step(h, "2 working-days slider and text box", slider::run).await;
    step(
        h,
        "3 invalid input keeps the last good results",
        invalid_input::run,
    )
    .await;
    step(h, "4 German", german::run).await;
    step(h, "5 charts", charts::run).await;
    step(
        h,
        "31 fair comparison: two answers, idle GPUs, stop at month H, switching",
        fair::run,
    )
    .await;
    // The cross-engine forms of steps 1, 4 and 5, and the overlap check: here they also keep
    // what Chromium shows, for Firefox and WebKit to show the same.
    step(h, "1x worked example, cross-engine form", |h| {
        visitor::worked_example(h, r)
    })
    .await;
    step(h, "4x German, cross-engine form", |h| visitor::german(h, r)).await;
    step(h, "5x charts, cross-engine form", |h| visitor::charts(h, r)).await;
    step(
        h,
        "24 chart texts never overlap (390, 1024 and 1280 px, en and de)",
        |h| overlap::run(h, r),
    )
    .await;
    step(h, "9 presets with sources and dates", presets::run).await;
    step(h, "10 share links, good and bad", share::run).await;
    step(
        h,
        "28 share links keep the presets and the language",
        share::presets_and_language,
    )
    .await;
    step(h, "11 save, open and export files", files::run).await;
    step(h, "12 compare A and B", compare::run).await;
    step(h, "14 hybrid, tornado and heat map", analysis::run).await;
    step(h, "23 use the cheapest hybrid mix", hybrid::run).await;
    step(h, "21 planned peaks in the workload panel", peaks::run).await;
    step(
        h,
        "22 finance view: cash flow by year and selling early",
        finance::run,
    )
    .await;
    step(h, "15 import a month of serving metrics", import::run).await;
    step(h, "13 print as a report of at most two pages", print::run).await;
    step(h, "8 keyboard reaches the language switch", keyboard::run).await;
    step(
        h,
        "27 results in view on a phone; focus after remove",
        in_view::run,
    )
    .await;
    step(h, "30 labels say what their figures are", in_view::labels).await;
    step(h, "34 how sure: ranges, bands, close call", ranges::run).await;
    step(
        h,
        "37 sizing: GPUs from the model and the users, applied and undone; cost per 1M tokens against an API; the offer",
        sizing::run,
    )
    .await;
    step(
        h,
        "32 safe inputs: hints with a fix, sliders by unit, messages at the field, one GPU control, undo",
        safe_inputs::run,
    )
    .await;
    step(
        h,
        "29 accessibility: axe-core on the page and the embed",
        a11y::run,
    )
    .await;
    step(
        h,
        "14 embed: iframe snippet and script embed on the demo page",
        embed::run,
    )
    .await;
    step(h, "15 embed: live quote through the JS API", embed::quote).await;
    step(
        h,
        "16 embed: foreign height messages are ignored",
        embed::hostile_messages,
    )
    .await;
    step(
        h,
        "36 embed: its page loads its own module and nothing else",
        embed::loads_only_itself,
    )
    .await;
    step(
        h,
        "38 embed: the answer before the calculator; what is typed meanwhile carried over",
        embed::before_a_touch,
    )
    .await;
    step(h, "17 embed: grows with its content", embed::grows).await;
    step(
        h,
        "25 hardening: the JS API answers hostile values and outlives a failed module",
        hardening::api,
    )
    .await;
    step(
        h,
        "26 hardening: the page reloads itself with its link after a failed module",
        hardening::page,
    )
    .await;
    step(
        h,
        "18 offline: installed page works with the server gone",
        offline::run,
    )
    .await;
    step(
        h,
        "35 sections opened on demand: loaded once, in step with the first screen",
        on_demand::online,
    )
    .await;
    step(
        h,
        "35 sections opened on demand, offline once installed",
        on_demand::offline,
    )
    .await;
    step(
        h,
        "19 offline: a new build replaces the cache",
        offline::update,
    )
    .await;
    step(h, "7 privacy: nothing leaves the origin", privacy::run).await;
    step(
        h,
        "6 no console errors during the whole session",
        build::no_errors_since_last_check,
    )
    .await;
    step(
        h,
        "20 single file: from disk, offline, nothing else loaded",
        single_file::run,
    )
    .await;
    step(h, "20x single file, cross-engine form", |h| {
        visitor::single_file(h, r)
    })
    .await;
    step(
        h,
        "35 sections opened on demand in the single file",
        on_demand::single_file,
    )
    .await;
}
