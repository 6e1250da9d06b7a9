//! Print / PDF: the page prints as a report of at most two A4 pages.

use base64::Engine;
use gpu_tco_e2e::{Error, Harness, Result, workspace_root};
use serde_json::json;

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en&print=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    let pdf = h
        .cdp(
            "Page.printToPDF",
            json!({ "paperWidth": 8.27, "paperHeight": 11.69, "preferCSSPageSize": true }),
        )
        .await?;
    let data = pdf["data"]
        .as_str()
        .ok_or_else(|| Error(format!("no PDF: {pdf}")))?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|e| Error(e.to_string()))?;
    // Kept for a person to look at (pdftoppm target/print-report.pdf …).
    let _ = std::fs::write(workspace_root().join("target/print-report.pdf"), &bytes);
    let text = String::from_utf8_lossy(&bytes);
    let pages = regex::Regex::new(r"/Type\s*/Page[^s]")
        .map_err(|e| Error(e.to_string()))?
        .find_iter(&text)
        .count();
    assert!((1..=2).contains(&pages), "the report has {pages} pages");
    Ok(())
}
