//! "Use this mix": the analysis' cheapest hybrid kept in the scenario, shown with its figures and
//! its curve, carried by the share link, and taken out again.
//!
//! The case is the link `PAGE_CASE` of core/tests/it/hybrid.rs (`the_page_case_has_its_optimum_
//! inside` pins the same figures there, with the hand reasoning): 8 GPUs around the clock, 16
//! on the last 2 days of each month; own 8-GPU servers at 100,000 EUR and nothing else; one rent
//! option, 1-GPU instances at 4 EUR an hour on start/stop; 12 months. All own costs 200,000, all
//! rented 298,752, and own 8 GPUs + the peak's 8 GPUs × 48 h × 4 EUR rented (18,432 a year)
//! 118,432: the cheapest N is 8, strictly between 0 and the peak of 16.

use gpu_tco_e2e::{Error, Harness, Result, testid_css};
use serde_json::{Value, json};

const CASE: &str = "v=2&calendar.working_days=0&calendar.service.start_hour=0\
&calendar.service.end_hour=24&calendar.service.days=all_days&calendar.batch.length=0\
&calendar.peaks.length=1&calendar.peaks.0.end_hour=24&calendar.peaks.0.gpus=16\
&calendar.peaks.0.days=all_days&calendar.peaks.0.days_of_month=2\
&rent.length=1&rent.0.label=GPU%20cloud&rent.0.currency=EUR&rent.0.gpus_per_instance=1\
&rent.0.price=4&rent.0.billing.mode=start_stop&rent.0.billing.start_overhead_hours=0\
&rent.0.extras.storage_gb=0&rent.0.extras.egress_gb_per_month=0&rent.0.extras.exit_data_gb=0\
&own.price_per_server=100000&own.setup_one_time=0&own.energy.price_per_kwh=0\
&own.colocation_per_kw_month=0&own.hardware_support_percent_per_year=0\
&own.staff_hours_per_month=0&own.residual_percent=0&own.service_life_years=1\
&finance.horizon_months=12";

/// The hybrid's colour in the charts (`charts::PALETTE[HYBRID]`).
const HYBRID_STROKE: &str = "#111111";

/// Where the curves of the cumulative chart start and end, as values read back from the
/// pixels: own's first point is 200,000 and the rent option's 0 (both at month 0), which fixes
/// the y scale. Returns (hybrid at its first point, hybrid at its last point, number of dashes);
/// `None` when the chart has no hybrid curve.
async fn hybrid_curve(h: &Harness) -> Result<Option<(f64, f64, u64)>> {
    let v = h
        .js_with(
            "const svg = document.querySelector('[data-testid=chart-cumulative] svg');
             const pts = s => [...svg.querySelectorAll('polyline')]
               .filter(p => (p.getAttribute('stroke') || '').toUpperCase() === s)
               .map(p => p.getAttribute('points').trim().split(/\\s+/)
                 .map(q => q.split(',').map(Number)));
             const own = pts('#1B7837'), rent = pts('#2166AC'), hyb = pts(arguments[0]);
             if (!hyb.length) return null;
             const first = hyb[0][0], lastLine = hyb[hyb.length - 1];
             return { own0: own[0][0][1], rent0: rent[0][0][1], first: first[1],
                      last: lastLine[lastLine.length - 1][1], dashes: hyb.length };",
            vec![json!(HYBRID_STROKE)],
        )
        .await?;
    if v.is_null() {
        return Ok(None);
    }
    let n = |k: &str| v[k].as_f64().ok_or_else(|| Error(format!("{k} in {v}")));
    let (own0, rent0) = (n("own0")?, n("rent0")?);
    let value = |y: f64| 200_000.0 * (rent0 - y) / (rent0 - own0);
    Ok(Some((
        value(n("first")?),
        value(n("last")?),
        v["dashes"].as_u64().unwrap_or(0),
    )))
}

async fn has_card(h: &Harness) -> Result<bool> {
    let v = h
        .js_with(
            "return document.querySelector(arguments[0]) !== null",
            vec![json!(testid_css("hybrid-card"))],
        )
        .await?;
    Ok(v == Value::Bool(true))
}

pub async fn run(h: &Harness) -> Result<()> {
    h.open(&format!("/?lang=en&load=hybrid#{CASE}")).await?;
    h.wait_for_text("own-total", "€200,000").await?;
    assert_eq!(h.text("rent-0-total").await?, "€298,752");
    assert!(!has_card(h).await?, "no mix chosen yet");
    assert_eq!(hybrid_curve(h).await?, None);
    assert!(!h.hash().await?.contains("hybrid"));

    // The analysis finds the cheapest mix inside 0..16 and offers it.
    h.open_section("analysis").await?;
    let best = h
        .wait_until(
            "hybrid-best",
            |t| t.starts_with("Cheapest mix"),
            "the hybrid result",
        )
        .await?;
    assert_eq!(
        best,
        "Cheapest mix: own 8 GPUs and rent the rest, €118,432 over 12 months \
         (all rented: €298,752; all own: €200,000)."
    );
    let button = h.find("#hybrid-use").await?;
    assert_eq!(
        button.text().await.map_err(|e| Error(e.to_string()))?,
        "Use this mix (own 8 GPUs + the rest on GPU cloud)"
    );
    button.click().await.map_err(|e| Error(e.to_string()))?;

    // The results show the mix with the core's figures, and the keyboard is on its card.
    h.wait_for_text("hybrid-total", "€118,432").await?;
    h.wait_for_js(
        "return document.activeElement && document.activeElement.id === 'h-hybrid'",
        vec![],
        "the focus on the mix's card",
    )
    .await?;
    assert_eq!(
        h.text("hybrid-title").await?,
        "Hybrid: own 8 GPUs, overflow on GPU cloud"
    );
    // 118,432 / 74,688 productive GPU-hours = 1.5857 a GPU-hour.
    assert_eq!(h.text("hybrid-per-gpu-hour").await?, "€1.59");
    assert_eq!(h.text("hybrid-savings-own").await?, "€81,568");
    assert_eq!(h.text("hybrid-savings-rent").await?, "€180,320");
    // Own and the rent option alone are as they were.
    assert_eq!(h.text("own-total").await?, "€200,000");
    assert_eq!(h.text("rent-0-total").await?, "€298,752");

    // The cumulative chart draws it dashed: 100,000 up front (one server), 118,432 after 12
    // months, read back from the pixels to within a pixel or two.
    h.wait_for_text("legend-hybrid", "Hybrid: own 8 GPUs + GPU cloud")
        .await?;
    let (start, end, dashes) = hybrid_curve(h)
        .await?
        .ok_or_else(|| Error("no hybrid curve in the cumulative chart".into()))?;
    assert!((start - 100_000.0).abs() < 3_000.0, "starts at {start}");
    assert!((end - 118_432.0).abs() < 3_000.0, "ends at {end}");
    assert!(dashes > 10, "a dashed line, {dashes} dashes");

    // The link carries it, and the analysis knows it is in use.
    let link = h
        .wait_for_hash(
            |x| x.contains("&hybrid.own_gpus=8&hybrid.rent=0&"),
            "the mix in the link",
        )
        .await?;
    h.wait_until_css(
        "#hybrid-use",
        |t| t == "This mix is in use: own 8 GPUs + the rest on GPU cloud.",
        "the button saying the mix is in use",
    )
    .await?;
    assert_eq!(
        h.js("return document.querySelector('#hybrid-use').disabled")
            .await?,
        true
    );

    h.keep_screenshot("[data-testid=hybrid-card]", "hybrid.png")
        .await?;
    h.keep_screenshot("[data-testid=chart-cumulative]", "hybrid-chart.png")
        .await?;

    // "Remove the mix" brings the page back.
    h.click("#hybrid-remove").await?;
    h.wait_for_js(
        "return document.querySelector(arguments[0]) === null",
        vec![json!(testid_css("hybrid-card"))],
        "the hybrid card gone",
    )
    .await?;
    assert_eq!(hybrid_curve(h).await?, None);
    h.wait_for_js(
        "return document.activeElement && document.activeElement.id === 'h-results'",
        vec![],
        "the focus back on the results",
    )
    .await?;
    let without = link.replace("&hybrid.own_gpus=8&hybrid.rent=0", "");
    h.wait_for_hash(|x| x == without, "the link without the mix")
        .await?;
    h.wait_until_css(
        "#hybrid-use",
        |t| t == "Use this mix (own 8 GPUs + the rest on GPU cloud)",
        "the button offering the mix again",
    )
    .await?;
    assert_eq!(h.text("own-total").await?, "€200,000");
    Ok(())
}
