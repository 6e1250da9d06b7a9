//! Hybrid, sensitivity and heat map: computed when the section is opened.

use gpu_tco_e2e::{Harness, Result};

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en&analysis=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    h.open_section("analysis").await?;
    // The default analyses the cheapest rent option (start/stop); one 8-GPU server is cheaper
    // than renting any part of the 8-GPU load, so the cheapest mix owns all 8 GPUs.
    let best = h
        .wait_until(
            "hybrid-best",
            |t| t.starts_with("Cheapest mix"),
            "the hybrid result",
        )
        .await?;
    assert!(best.starts_with("Cheapest mix: own 8 GPUs"), "{best:?}");
    assert!(best.contains("all rented: €1,142,724"), "{best:?}");
    // Seven tornado bars, each labelled with its input and break-even months.
    let labels = h
        .js(
            "return [...document.querySelectorAll('[data-testid=chart-tornado] text')]
                .map(t => t.textContent.trim()).filter(t => t.includes('('))",
        )
        .await?;
    let labels = gpu_tco_e2e::strings(&labels);
    assert_eq!(labels.len(), 7, "{labels:?}");
    assert!(
        labels.iter().any(|l| l.starts_with("Cloud tariff")),
        "{labels:?}"
    );
    // The heat map: 10 shares × 8 tariffs, plus the background.
    let rects = h
        .js("return document.querySelectorAll('[data-testid=chart-heat-map] rect').length")
        .await?;
    assert_eq!(rects, 81);
    h.keep_screenshot("[data-testid=chart-hybrid]", "analysis.png")
        .await?;
    Ok(())
}
