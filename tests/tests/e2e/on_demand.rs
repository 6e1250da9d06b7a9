//! The sections opened on demand (web/src/split.rs): the metrics import, the sizing, how sure the answer
//! is, the what-if analysis, the cash flow, how it was computed, the sources, the comparison and
//! the printout's own parts come in a module of their own, which the page
//! loads the first time one of them is opened. Each opens with its real figures, in step with the
//! first screen (its language, its scenario), online, offline once installed, and in the single
//! file from disk; the first screen loads none of it.

use gpu_tco_e2e::{Error, Harness, Result, single_file_url};
use serde_json::json;

use crate::{offline, single_file};

/// The module's files among the URLs a page loaded.
fn module_files(urls: &[String]) -> Vec<&String> {
    urls.iter()
        .filter(|u| u.contains("/gpu-tco-features-"))
        .collect()
}

/// Opens the five sections and checks what each shows, in English (the default scenario).
async fn open_all_en(h: &Harness) -> Result<()> {
    // The what-if analysis: the hybrid sweep over the cheapest option (as step 14 reads it).
    h.open_section("analysis").await?;
    h.wait_until(
        "hybrid-best",
        |t| t.starts_with("Renting all of the load on “Nebius H200 per GPU"),
        "the hybrid result",
    )
    .await?;
    // The cash flow: the server bought in year 0 (as step 22 reads it).
    h.open_section("cash-flow").await?;
    h.wait_for_text("cf-0-own-purchase", "€324,000").await?;
    // The import: its file chooser, with its heading where the placeholder's was.
    h.open_section("import").await?;
    h.wait_for_css("#import-file").await?;
    assert_eq!(
        h.text_of("#h-import").await?,
        "Measure your load from serving metrics"
    );
    // How sure the answer is: the sources' ranges offered (the default has none set).
    h.open_section("ranges").await?;
    h.wait_for_css("#ranges-sourced").await?;
    // The sizing: the default model on own's H200 SXM.
    h.open_section("sizing").await?;
    h.wait_until_css(
        "[data-testid=sizing-row-own] [data-testid=sizing-gpus]",
        |t| t == "2",
        "own's GPUs for the default model",
    )
    .await?;
    Ok(())
}

/// Step: a first screen without the module; each section loads it (once) and shows its
/// figures; the sections follow the first screen's language and scenario.
pub async fn online(h: &Harness) -> Result<()> {
    h.open("/?lang=en&on-demand=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    let before = h.loaded_urls().await?;
    assert!(
        module_files(&before).is_empty(),
        "the first screen loaded the on-demand module: {before:?}"
    );
    // Closed, a section is its heading only, as it will look once loaded: the import, the
    // sizing, the ranges, the analysis, the cash flow, how it was computed, the sources.
    assert_eq!(
        h.js("return [...document.querySelectorAll('[data-placeholder]')].map((d) => d.dataset.testid)")
            .await?,
        json!(["import", "sizing", "ranges", "analysis", "cash-flow", "how", "sources"])
    );
    if h.engine() == gpu_tco_e2e::Engine::Chromium {
        focus_and_closing(h).await?;
    }
    open_all_en(h).await?;
    // On a phone, the opened sections fit the window: the page never scrolls sideways (the
    // analysed option's list once made it 494 px wide in a 375 px window).
    let overflow = h
        .at_window_width(390, async {
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            h.js(
                "const w = document.documentElement.clientWidth;
                 // The outermost elements that reach past the window, to name in a failure.
                 const past = [...document.querySelectorAll('body, body *')]
                   // (Inside a closed section only its summary shows: Chromium still lays out
                   // the rest, hidden, and gives it a size.)
                   .filter((e) => {
                     const closed = e.closest('details:not([open])');
                     return !(closed && !e.closest('summary'))
                       && e.getBoundingClientRect().right > w + 1;
                   })
                   .slice(0, 8)
                   .map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right) + ' ' + (e.textContent || '').trim().slice(0, 60));
                 return [document.documentElement.scrollWidth, w, past];",
            )
            .await
        })
        .await?;
    // Judged by the elements, not by `scrollWidth`: WebKit reports a scroll width past its
    // window (575 in 447) with no element beyond it.
    let past = overflow
        .get(2)
        .map(gpu_tco_e2e::strings)
        .unwrap_or_default();
    assert!(
        past.is_empty(),
        "elements reach past a phone's window with the sections open: {overflow}"
    );
    let after = h.loaded_urls().await?;
    let loaded = module_files(&after);
    assert_eq!(
        loaded.len(),
        2,
        "the module's glue and wasm, once each: {loaded:?}"
    );
    // The language follows: the sections' own words and figures turn German.
    h.click("#lang-switch").await?;
    h.wait_for_text("cf-0-own-purchase", "324.000\u{a0}€")
        .await?;
    h.wait_until_css(
        "#h-import",
        |t| t == "Last aus Serving-Metriken messen",
        "the German heading",
    )
    .await?;
    h.click("#lang-switch").await?;
    // The scenario follows: 20 working days on the first screen, and the analysis' totals in
    // the section change with them, and come back with 21.
    let best = h
        .wait_until(
            "hybrid-best",
            |t| t.starts_with("Renting all of the load on “Nebius H200 per GPU"),
            "the analysis in English again",
        )
        .await?;
    h.move_slider("f-calendar-working_days-range", 20.0).await?;
    h.wait_for_text("result-productive-hours", "320 h").await?;
    h.wait_until(
        "hybrid-best",
        |t| t != best,
        "the analysis after the slider",
    )
    .await?;
    h.move_slider("f-calendar-working_days-range", 21.0).await?;
    h.wait_for_text("hybrid-best", &best).await?;
    Ok(())
}

/// Step: installed, the page opens every section with the server gone.
pub async fn offline(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;
    offline::wait_for_installed(h).await?;
    h.server.stop().await?;
    let result = async {
        h.reload("[data-testid=result-productive-hours]").await?;
        h.wait_for_text("result-productive-hours", "336 h").await?;
        open_all_en(h).await?;
        Ok::<(), Error>(())
    }
    .await;
    h.server.restart().await?;
    result
}

/// Step: the single file opens every section from disk, with nothing loaded besides itself.
pub async fn single_file(h: &Harness) -> Result<()> {
    let file = single_file_url()?;
    h.open_url(
        &format!("{file}?lang=en"),
        "[data-testid=result-productive-hours]",
    )
    .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    open_all_en(h).await?;
    single_file::loaded_only(h, &file).await?;
    // A link with a range: how sure the answer is comes from the embedded module (its export
    // `spread`), before any section is opened, and its bands are drawn.
    h.open_url(
        &format!("{file}?lang=en&ranges=1#v=2&range.server_price=250000~450000"),
        "[data-testid=result-productive-hours]",
    )
    .await?;
    h.wait_until(
        "verdict-range",
        |t| t.starts_with("Over the ranges, against “Bare-metal 8-GPU server, monthly”: Close call: owning is cheaper in 21% of the cases"),
        "the range verdict in the single file",
    )
    .await?;
    h.wait_for_js(
        "return document.querySelectorAll('[data-testid=chart-cumulative] polygon').length === 7 || null",
        vec![],
        "the seven bands",
    )
    .await?;
    single_file::loaded_only(h, &file).await?;
    Ok(())
}

/// A section closed again while its module loads stays closed when it arrives, and the focus the
/// visitor moved meanwhile stays where it is; a section opened from the keyboard gets the focus
/// on its loaded heading. (Chromium only: it scripts the focus and the `details` element
/// directly, and these are the page's own handlers, the same on every engine.)
async fn focus_and_closing(h: &Harness) -> Result<()> {
    // (Opened, and closed again once the page has taken the opening, in one script: the module
    // cannot arrive in between.)
    h.js_async(
        "const done = arguments[arguments.length - 1];
         const d = document.querySelector('[data-testid=how]');
         d.querySelector('summary').focus();
         d.addEventListener('toggle', () => {
           d.open = false;
           document.getElementById('f-calendar-working_days').focus();
           done(true);
         }, { once: true });
         d.open = true;",
        vec![],
    )
    .await?;
    h.wait_for_js(
        "return !document.querySelector('[data-testid=how][data-placeholder]')",
        vec![],
        "the explanation mounted",
    )
    .await?;
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert_eq!(
        h.js(
            "return [document.querySelector('[data-testid=how]').open, document.activeElement.id]"
        )
        .await?,
        json!([false, "f-calendar-working_days"]),
        "closed while loading: closed once there, the focus left where the visitor put it"
    );
    // Opened from the keyboard (the focus on its heading): the focus moves on to the section's
    // own heading when the section takes the placeholder's place.
    h.js("const d = document.querySelector('[data-testid=sources]');
         d.querySelector('summary').focus();
         d.open = true;")
        .await?;
    h.wait_for_js(
        "return !document.querySelector('[data-testid=sources][data-placeholder]')
            && document.activeElement === document.querySelector('[data-testid=sources] > summary')
            && document.querySelector('[data-testid=sources]').open",
        vec![],
        "the sources open, the focus on their loaded heading",
    )
    .await?;
    Ok(())
}
