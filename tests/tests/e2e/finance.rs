//! The finance view: cash flow by year (as paid and discounted) and selling own at month m,
//! with the figures of the worked example with today's cloud prices held (cross-checked in
//! core/tests/it/cashflow.rs, `the_finance_view_figures_of_the_worked_example`).

use gpu_tco_e2e::{Harness, Result};

pub async fn run(h: &Harness) -> Result<()> {
    // A version 1 link: its options' yearly price change 0 %.
    h.open("/?lang=en#v=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    // The report's totals, shown in the comparison table.
    let own_total = h.text("own-total").await?;
    assert_eq!(own_total, "€721,843");
    let start_stop_total = h.text("rent-1-total").await?;
    assert_eq!(start_stop_total, "€1,142,693");

    h.open_section("cash-flow").await?;
    // Year 0: the server (319,000) and its setup (5,000), paid up front.
    h.wait_for_text("cf-0-own-purchase", "€324,000").await?;
    assert_eq!(h.text("cf-0-own-total").await?, "€324,000");
    assert_eq!(h.text("cf-0-rent-1").await?, "€0");
    // A year of running costs, and 12.5 % of 319,000 back at the end of year 5.
    assert_eq!(h.text("cf-1-own-running").await?, "€87,544");
    assert_eq!(h.text("cf-5-own-resale").await?, "\u{2212}\u{2060}€39,875");
    // The sums are the report's totals.
    assert_eq!(h.text("cf-sum-own-total").await?, own_total);
    assert_eq!(h.text("cf-sum-rent-1").await?, start_stop_total);
    assert_eq!(h.text("cf-sum-own-purchase").await?, "€324,000");
    // Year 1 of start/stop: its running costs, 228,538.59.
    assert_eq!(h.text("cf-1-rent-1").await?, "€228,539");
    // Bought for cash: no loan column of zeros (the table is wide enough as it is).
    assert_eq!(
        h.js("return document.querySelectorAll('[data-testid$=-own-loan]').length")
            .await?,
        0
    );
    // Financed, the loan's payments get their column; back to cash, it goes.
    // (The financing choice is under the own server's "More settings".)
    h.js("document.getElementById('f-own-financing-mode').closest('details').open = true;")
        .await?;
    h.select_option("f-own-financing-mode", "loan").await?;
    h.wait_for_css("[data-testid=cf-1-own-loan]").await?;
    h.select_option("f-own-financing-mode", "cash").await?;
    h.wait_for_text("cf-sum-own-total", "€721,843").await?;
    assert_eq!(
        h.js("return document.querySelectorAll('[data-testid$=-own-loan]').length")
            .await?,
        0
    );
    // Without a discount rate there is nothing to discount, and the page says why.
    let disabled = h
        .js("return document.getElementById('cf-discounted').disabled")
        .await?;
    assert_eq!(disabled, true);
    assert_eq!(
        h.text("cf-no-rate").await?,
        "Discounting needs a discount rate above 0% (Finance panel)."
    );

    // Sold at the horizon (month 60, the end of the service life): the residual and the
    // report's total, against the cheapest rent option (Nebius per GPU), whose data moves out
    // for nothing (the page starts today, and a full switch after 12 January 2027 carries no
    // switching charges).
    h.wait_for_text(
        "sell-text",
        "Sold at month 60 the servers bring €39,875 (12.5% of the price); own has then cost \
         €721,843 in all, €4.48 per productive GPU-hour, against €510,103 for Nebius H200 per \
         GPU, cheapest way if stopped then.",
    )
    .await?;
    // Month 36 with the keyboard: 27.6714 % of 319,000 = 88,271.68 back; 498,359.07 in all
    // (what the report counts over a 36-month horizon), / (36 × 2,688 GPU-hours) = 5.15;
    // Nebius stopped then: the 306,062.07 paid by then (`stop_curve`).
    h.move_slider("sell-month-range", 36.0).await?;
    h.wait_for_text(
        "sell-text",
        "Sold at month 36 the servers bring €88,272 (27.7% of the price); own has then cost \
         €498,359 in all, €5.15 per productive GPU-hour, against €306,062 for Nebius H200 per \
         GPU, cheapest way if stopped then.",
    )
    .await?;
    let boxed = h.field_value("sell-month").await?;
    assert_eq!(boxed, "36", "the box follows the slider");
    // Typed into the box: month 12, 64.7 % back, against a year of Nebius.
    h.set_field("sell-month", "12").await?;
    h.wait_for_text(
        "sell-text",
        "Sold at month 12 the servers bring €206,428 (64.7% of the price); own has then cost \
         €205,116 in all, €6.36 per productive GPU-hour, against €102,021 for Nebius H200 per \
         GPU, cheapest way if stopped then.",
    )
    .await?;
    // The chart marks both values at month 12.
    let labels = h
        .js(
            "return [...document.querySelectorAll('[data-testid=chart-sell-at] text')]
                .map(t => t.textContent.trim())",
        )
        .await?;
    let labels = gpu_tco_e2e::strings(&labels);
    assert!(labels.iter().any(|l| l == "€200k"), "{labels:?}");
    assert!(labels.iter().any(|l| l == "€102k"), "{labels:?}");
    let lines = h
        .js(
            "return document.querySelectorAll('[data-testid=chart-sell-at] polyline[stroke-width=\"3\"]').length",
        )
        .await?;
    assert_eq!(lines, 2);
    h.keep_screenshot("[data-testid=cf-table]", "finance.png")
        .await?;
    // A month past the horizon is the horizon, and the box says so once left.
    h.set_field("sell-month", "99").await?;
    h.wait_until(
        "sell-text",
        |t| t.starts_with("Sold at month 60 "),
        "month 60",
    )
    .await?;
    h.press(fantoccini::key::Key::Tab).await?;
    h.wait_for_js(
        "return document.getElementById('sell-month').value === '60'",
        vec![],
        "the box showing 60",
    )
    .await?;

    // A discount rate of 7.5 %: the present values, whose sum is the report's NPV.
    h.set_field("f-finance-discount_rate_percent", "7.5")
        .await?;
    h.wait_for_js(
        "return !document.getElementById('cf-discounted').disabled",
        vec![],
        "discounting enabled",
    )
    .await?;
    h.click("#cf-discounted").await?;
    h.wait_for_text("cf-sum-own-total", "€660,636").await?;
    // Month 0 is not discounted.
    assert_eq!(h.text("cf-0-own-purchase").await?, "€324,000");
    assert_eq!(h.text("cf-1-own-running").await?, "€84,088");
    // Back to the amounts as paid.
    h.click("#cf-paid").await?;
    h.wait_for_text("cf-sum-own-total", "€721,843").await?;

    // The results compare in present value too: own's NPV is the discounted sum above;
    // start/stop 950,440.74, so owning saves 289,804.28 and pays off from month 31 (28 as paid).
    assert_eq!(
        h.text("pv-title").await?,
        "In present value, discounted at 7.5% a year"
    );
    assert_eq!(h.text("pv-own-total").await?, "€660,636");
    assert_eq!(h.text("pv-own-per-gpu-hour").await?, "€4.92");
    assert_eq!(h.text("pv-rent-1-total").await?, "€950,441");
    assert_eq!(h.text("pv-rent-1-break-even").await?, "month 31");
    assert_eq!(h.text("pv-rent-1-savings").await?, "€289,804");
    // Each answer of the verdict in present value: holding capacity, bare metal (€154,157 as
    // paid, €67,981 discounted, from month 53 instead of 45); accepting the risk, Nebius per GPU.
    assert_eq!(
        h.text("verdict-pv").await?,
        "Holding capacity, in present value (discount rate 7.5% a year, compounded monthly): owning saves \
         €67,981 against “Bare-metal 8-GPU server, monthly” and pays off from month 53."
    );
    assert_eq!(
        h.text("verdict-pv-risk").await?,
        "Accepting capacity risk, in present value (discount rate 7.5% a year, compounded monthly): “Nebius \
         H200 per GPU, cheapest way” is cheaper than owning by €236,355."
    );
    // The table as paid is unchanged.
    assert_eq!(h.text("rent-1-break-even").await?, "month 28");

    // On a phone each year is a card of labelled amounts, and nothing scrolls sideways.
    h.at_window_width(390, phone(h)).await
}

async fn phone(h: &Harness) -> Result<()> {
    h.wait_for_js(
        "return document.documentElement.scrollWidth <= window.innerWidth",
        vec![],
        "no sideways scrolling at 390 px",
    )
    .await?;
    let label = h
        .js(
            "const td = document.querySelector('[data-testid=cf-sum-own-total]');
             return getComputedStyle(td, '::before').content",
        )
        .await?;
    assert_eq!(label, "\"Own: total\"");
    assert_eq!(h.text("cf-sum-own-total").await?, "€721,843");
    h.keep_screenshot("[data-testid=cash-flow]", "finance-phone-top.png")
        .await?;
    h.keep_screenshot("[data-testid=cf-row-sum]", "finance-phone.png")
        .await?;
    Ok(())
}
