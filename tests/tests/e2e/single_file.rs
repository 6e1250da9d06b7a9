//! The single-file edition (`make single`): one HTML file that works opened from disk, with no
//! network and nothing loaded besides itself, under a policy without 'unsafe-inline'.

use gpu_tco_e2e::{Harness, LogEntry, Result, single_file_url};

pub async fn run(h: &Harness) -> Result<()> {
    let file = single_file_url()?;
    assert!(file.starts_with("file:///"), "{file}");
    h.open_url(
        &format!("{file}?lang=en"),
        "[data-testid=result-productive-hours]",
    )
    .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(h.text("result-productive-share").await?, "46%");
    assert_eq!(h.text("rent-0-break-even").await?, "month 10");
    h.move_slider("f-calendar-working_days-range", 20.0).await?;
    h.wait_for_text("result-productive-hours", "320 h").await?;
    h.wait_for_css("[data-testid=chart-cumulative] svg").await?;

    // Nothing but the file itself (data: URLs would be fine too).
    loaded_only(h, &file).await?;
    let refs = h
        .js("return [...document.querySelectorAll('[src], link[href]')]
               .map((e) => e.getAttribute('src') || e.getAttribute('href'))
               .filter((u) => !u.startsWith('data:'));")
        .await?;
    assert_eq!(refs, serde_json::json!([]), "references to other files");

    // Its policy allows the inline blocks by hash only, and no service worker was registered.
    let csp = h
        .js("return document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content;")
        .await?;
    let csp = csp.as_str().unwrap_or_default();
    assert!(
        csp.contains("script-src 'wasm-unsafe-eval' 'sha256-")
            && csp.contains("style-src 'sha256-")
            && csp.starts_with("default-src 'none';")
            && !csp.contains("unsafe-inline"),
        "single-file policy: {csp}"
    );

    let log = h.browser_log().await?;
    let severe: Vec<&LogEntry> = log.iter().filter(|e| e.level == "SEVERE").collect();
    assert!(
        severe.is_empty(),
        "console errors from the file: {severe:#?}"
    );
    Ok(())
}

/// The page opened from `file` loaded nothing but that file (and `data:` URLs).
pub async fn loaded_only(h: &Harness, file: &str) -> Result<()> {
    let urls = h.loaded_urls().await?;
    let foreign: Vec<&String> = urls
        .iter()
        .filter(|u| !(u.starts_with(file) || u.starts_with("data:")))
        .collect();
    assert!(foreign.is_empty(), "loaded besides {file}: {foreign:?}");
    Ok(())
}
