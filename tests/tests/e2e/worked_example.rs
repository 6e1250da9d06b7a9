//! The default page is the worked example of DESIGN.md §3.5.

use gpu_tco_e2e::{Error, Harness, Result};

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;

    // The headline figures of the worked example.
    assert_eq!(h.text("result-productive-hours").await?, "336 h");
    assert_eq!(h.text("result-productive-share").await?, "46%");
    assert_eq!(h.text("result-productive-gpu-hours").await?, "2,688");

    // Always-on renting: own pays off from month 10.
    assert_eq!(h.text("rent-0-break-even").await?, "month 10");
    // What the amounts are before (a controller asked about VAT and tax).
    assert!(h.text("basis-note").await?.starts_with(
        "All amounts exclude VAT (enter net prices, as in the presets) and are before income \
         tax and depreciation. Amounts are computed exactly"
    ));

    // Start/stop: two starts per working day, 21 days → 42 starts a month, with the warning.
    let label = h.text("rent-1-label").await?;
    assert!(label.contains("start/stop"), "rent-1 is {label:?}");
    let warnings = h.text_of("[data-testid=rent-1-warnings]").await?;
    assert!(
        warnings.starts_with("On average 42 instance starts per month"),
        "start/stop warning: {warnings:?}"
    );

    // "How it was computed" is closed until its summary is clicked; then it shows the own
    // option's GPU-hours over the 5 years (8 × 730 × 60) and the productive ones (2,688 × 60).
    let how = h.find("[data-testid=how]").await?;
    let closed = how.attr("open").await.map_err(|e| Error(e.to_string()))?;
    assert_eq!(closed, None, "the explanation starts closed");
    h.open_section("how").await?;
    // (WebDriver reports a boolean attribute that is present as "true".)
    h.wait_for_attr("[data-testid=how]", "open", Some("true"))
        .await?;
    // Visible text (WebDriver's, not textContent), so this also proves the section opened. (The
    // section is loaded on demand: what is there now replaced its closed heading.)
    let how = h.find("[data-testid=how]").await?;
    let shown = how.text().await.map_err(|e| Error(e.to_string()))?;
    assert!(
        shown.contains("8 GPUs × 730 h × 60 months = 350,400 GPU-hours"),
        "own GPU-hours over 5 years missing from: {shown}"
    );
    assert!(
        shown.contains("over 60 months: 161,280"),
        "productive GPU-hours over 5 years missing from: {shown}"
    );
    // The reservation under the savings plan says that its hours are billed at 0.43 × the
    // on-demand rate for every hour of the term (730 × 54.566 alone would be €39,833 a month,
    // not the plan's €17,128); the savings plan alone commits nothing (its fixed rate does not
    // pay against the falling on-demand price) and says so.
    assert!(
        shown.contains(
            "730 instance-hours billed per month (5,840 GPU-hours) at the on-demand rate of \
             €54.566 per instance-hour in the first year, every hour of the 3-year term at 0.43 × \
             that rate (reservation with savings plan)"
        ),
        "the reservation's rate missing from: {shown}"
    );
    assert!(
        shown.contains(
            "346.5 instance-hours billed per month (2,772 GPU-hours) at the on-demand rate of \
             €54.566 per instance-hour in the first year, no instance committed under the \
             3-year plan at 0.43 × that rate, as committing does not pay for this load (see its \
             row): all on demand"
        ),
        "the savings plan's line missing from: {shown}"
    );
    // Every offer's price changes alike: said once, before the offers' lines.
    assert!(
        shown.contains(
            "Every cloud offer's price changes by \u{2212}12.5% a year from month 13, but a \
             plan's committed rate stays as agreed for each term and is renewed at the price of \
             then (a 3-year plan's from month 37); the rates below are the first year's."
        ),
        "the shared price change missing from: {shown}"
    );
    // Own's colocation: the contract covers the server's draw at full load, 8.6 kW at
    // €165 per kW-month.
    assert!(
        shown.contains(
            "Colocation = (€0.00 per server-month + 8.6 kW contracted × €165.00 per kW-month) \
             × 1 server = €1,419 a month."
        ),
        "own's colocation missing from: {shown}"
    );
    // Own's power with its figures: busy, idle and base draw, PUE, the kWh and the line.
    assert!(
        shown.contains(
            "Power = (300 W draw while serving × 2,688 productive GPU-hours + 100 W draw while \
             idle × 3,152 idle GPU-hours (GPUs bought × 730 h − productive GPU-hours) + 3,000 W \
             rest of the server × 730 h × 1 (every server bought)) × PUE 1.3 (the data centre's overhead) ÷ 1000 = 4,305 kWh a month × €0.19 \
             per kWh: the energy line, €818 a month on average over 60 months (measured draw, \
             not TDP)."
        ),
        "own's power missing from: {shown}"
    );
    // Own's hardware support, 10 % a year of the purchase.
    assert!(
        shown.contains("Hardware support = 10% a year × purchase €319,000 ÷ 12 = €2,658 a month."),
        "own's support missing from: {shown}"
    );
    Ok(())
}
