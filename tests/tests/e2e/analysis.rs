//! Hybrid, sensitivity and heat map: computed when the section is opened.

use gpu_tco_e2e::{Harness, Result};

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en&analysis=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    h.open_section("analysis").await?;
    // The default analyses the cheapest rent option: Nebius per GPU, stopped outside the busy
    // hours. Every own GPU buys a whole 8-GPU server, so renting all of the load is cheapest
    // and owning any part only adds cost: not a mix, so there is no "Use this mix".
    let best = h
        .wait_until(
            "hybrid-best",
            |t| t.starts_with("Renting all"),
            "the hybrid result",
        )
        .await?;
    assert_eq!(
        best,
        "Renting all of the load on “Nebius H200 per GPU, cheapest way” is cheapest: €510,103 \
         over 60 months. Owning GPUs only adds cost (all own: €696,103)."
    );
    assert_eq!(
        h.js("return document.querySelector('#hybrid-use').closest('p').hidden")
            .await?,
        serde_json::Value::Bool(true)
    );
    // Against Nebius owning never pays off, at either end of any input: the tornado says so
    // once under the chart, and its bars carry only their inputs' names.
    assert_eq!(
        h.text("tornado-months").await?,
        "The month from which owning pays off, at both ends of every input: not within the \
         horizon."
    );
    let names = gpu_tco_e2e::strings(
        &h.js(
            "return [...document.querySelectorAll('[data-testid=chart-tornado] text')]
                .map(t => t.textContent.trim()).filter(t => t.includes('horizon'))",
        )
        .await?,
    );
    assert!(names.is_empty(), "{names:?}");
    // Against AWS start/stop on 8-GPU instances, one 8-GPU server is cheaper than renting any
    // part of the 8-GPU load: owning all 8 GPUs is cheapest.
    h.select_option("analysis-option", "1").await?;
    let best = h
        .wait_until(
            "hybrid-best",
            |t| t.starts_with("Owning all"),
            "the hybrid result against start/stop",
        )
        .await?;
    assert_eq!(
        best,
        "Owning all 8 GPUs is cheapest: €696,103 over 60 months. Renting part of the load on \
         “AWS p5en on-demand, start/stop” only adds cost (all rented: €1,142,693)."
    );
    // Each chart's name for a screen reader says which option it analyses.
    let names = h
        .js(
            "return ['chart-hybrid', 'chart-tornado', 'chart-heat-map'].map(id =>
            document.querySelector(`[data-testid=${id}] .chart`).getAttribute('aria-label'))",
        )
        .await?;
    for name in gpu_tco_e2e::strings(&names) {
        assert!(
            name.ends_with(" Rent option analysed: “AWS p5en on-demand, start/stop”."),
            "{name}"
        );
    }
    // The steps of the curve are explained: 8-GPU servers against 8-GPU instances.
    assert!(
        h.text("hybrid-lumps")
            .await?
            .contains("own GPUs come in servers of 8 and rented ones in instances of 8"),
    );
    // Nine tornado bars, each labelled with its input and break-even months, the cloud's price
    // change and the staff hours among them.
    let labels = h
        .js(
            "return [...document.querySelectorAll('[data-testid=chart-tornado] text')]
                .map(t => t.textContent.trim()).filter(t => t.includes('('))",
        )
        .await?;
    let labels = gpu_tco_e2e::strings(&labels);
    assert_eq!(labels.len(), 9, "{labels:?}");
    assert!(h.find_all("[data-testid=tornado-months]").await?.is_empty());
    for name in ["Cloud tariff", "Cloud price change a year", "Staff hours"] {
        assert!(
            labels.iter().any(|l| l.starts_with(name)),
            "{name} in {labels:?}"
        );
    }
    let key = h
        .js("return [...document.querySelectorAll('[data-testid=chart-tornado] text')].map(t => t.textContent.trim())")
        .await?;
    let key = gpu_tco_e2e::strings(&key);
    assert!(
        key.iter().any(|t| t == "lower") && key.iter().any(|t| t == "higher"),
        "{key:?}"
    );
    // The heat map: 10 shares × 8 tariffs, plus the background.
    let rects = h
        .js("return document.querySelectorAll('[data-testid=chart-heat-map] rect').length")
        .await?;
    assert_eq!(rects, 81);
    // Its key names each side's largest lead against AWS start/stop, and its tariff axis says per
    // what the tariff is.
    assert_eq!(
        h.text("heat-key-rent").await?,
        "Renting up to €619,974 cheaper"
    );
    assert_eq!(
        h.text("heat-key-own").await?,
        "Owning up to €4,232,143 cheaper"
    );
    let axis = h
        .js("return [...document.querySelectorAll('[data-testid=chart-heat-map] text')].map(t => t.textContent.trim())")
        .await?;
    let axis = gpu_tco_e2e::strings(&axis);
    assert!(
        axis.iter()
            .any(|t| t == "Cloud tariff (USD / instance-hour)"),
        "{axis:?}"
    );
    // The switch patched the three charts in place (their `<svg>` elements stayed, as
    // `data-drawn` counts): closed and opened again, the section draws them whole for the same
    // option, and they are the same.
    const CHARTS: &str = "return ['chart-hybrid', 'chart-tornado', 'chart-heat-map'].map(id => {
        const c = document.querySelector(`[data-testid=${id}] .chart`);
        return [c.dataset.drawn, c.innerHTML];
    })";
    let patched = h.js(CHARTS).await?;
    for (i, chart) in patched.as_array().into_iter().flatten().enumerate() {
        assert_ne!(chart[0], "1", "chart {i} drawn once only: {}", chart[0]);
    }
    h.click("[data-testid=analysis] > summary").await?;
    h.click("[data-testid=analysis] > summary").await?;
    h.wait_until(
        "hybrid-best",
        |t| t.starts_with("Owning all"),
        "the hybrid result against start/stop, reopened",
    )
    .await?;
    let whole = h.js(CHARTS).await?;
    for (i, (a, b)) in patched
        .as_array()
        .into_iter()
        .flatten()
        .zip(whole.as_array().into_iter().flatten())
        .enumerate()
    {
        assert_eq!(b[0], "1", "chart {i} drawn anew");
        assert_eq!(a[1], b[1], "chart {i}: patched and drawn whole differ");
    }
    h.keep_screenshot("[data-testid=chart-hybrid]", "analysis.png")
        .await?;
    h.keep_screenshot("[data-testid=heat-key]", "heat-map.png")
        .await?;
    Ok(())
}
