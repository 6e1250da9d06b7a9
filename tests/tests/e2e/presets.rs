//! Presets: every preset value shows its source and date, old ones ask to be checked, edited
//! ones are marked as the user's, and loading a preset changes the inputs and the results.

use gpu_tco_e2e::{Harness, Result};

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;

    // The default server price comes from the H200 preset, with its source and date.
    let price = h.text_of("#f-own-price_per_server-source").await?;
    assert!(
        price.contains("analyst estimate in a public TCO appendix") && price.contains("Oct 2026"),
        "price source: {price:?}"
    );
    assert!(
        price.contains("370,000 USD typical"),
        "price note: {price:?}"
    );
    let class = h.attr("#f-own-price_per_server-source", "class").await?;
    assert!(
        !class.unwrap_or_default().contains("old"),
        "a 2026 price is not stale"
    );

    // The EU power price is as of June 2025: more than 12 months old, so it asks to be checked.
    let power = h.text_of("#f-own-energy-price_per_kwh-source").await?;
    assert!(power.contains("Eurostat"), "power source: {power:?}");
    assert!(power.contains("Check this figure"), "power hint: {power:?}");
    let class = h
        .attr("#f-own-energy-price_per_kwh-source", "class")
        .await?;
    assert!(class.unwrap_or_default().contains("old"));

    // Editing a preset value marks it as the user's own.
    assert!(
        h.attr("#f-own-price_per_server-yours", "hidden")
            .await?
            .is_some()
    );
    h.set_field("f-own-price_per_server", "300000").await?;
    let yours = h
        .wait_for_attr("#f-own-price_per_server-yours", "hidden", None)
        .await;
    assert!(
        yours.is_ok(),
        "the edited price is marked as the user's: {yours:?}"
    );

    // Loading the 4× H200 NVL preset: 4 GPUs per server, its price, its name in the results.
    h.select_option("preset-own", "own-h200-nvl-4").await?;
    h.wait_for_text("own-label", "4× H200 NVL server, own")
        .await?;
    assert_eq!(h.field_value("f-own-price_per_server").await?, "129,000");
    assert_eq!(h.field_value("f-own-gpus_per_server").await?, "4");
    assert!(
        h.attr("#f-own-price_per_server-yours", "hidden")
            .await?
            .is_some()
    );

    // Another billing mode for an option that still carries its preset's name: the same
    // offer's preset for that mode names and bills it (a visitor saw "AWS p5en on-demand,
    // always on" billed start/stop), and a figure the user typed stays as typed.
    h.set_field("f-rent-0-price", "70").await?;
    h.select_option("f-rent-0-billing-mode", "start_stop")
        .await?;
    h.wait_for_text("rent-0-label", "AWS p5en on-demand, start/stop")
        .await?;
    assert_eq!(h.field_value("preset-rent-0").await?, "aws-p5en-start-stop");
    assert_eq!(h.field_value("f-rent-0-price").await?, "70");
    assert_eq!(
        h.field_value("f-rent-0-billing-start_overhead_hours")
            .await?,
        "0.25"
    );
    h.select_option("f-rent-0-billing-mode", "always_on")
        .await?;
    h.wait_for_text("rent-0-label", "AWS p5en on-demand, always on")
        .await?;
    assert_eq!(h.field_value("preset-rent-0").await?, "aws-p5en-on-demand");
    // Billed by the month with its price still per instance-hour, the field is not called a
    // monthly price (a visitor read "Monthly price 63.296 USD / instance-hour").
    let price_label = "label[for=\"f-rent-0-price\"]";
    assert_eq!(h.text_of(price_label).await?, "On-demand price");
    h.select_option("f-rent-0-billing-mode", "monthly").await?;
    h.wait_until_css(
        price_label,
        |t| t == "Price (billed by the month)",
        "the monthly offer's price field named for its hourly price",
    )
    .await?;
    assert_eq!(
        h.text_of("#f-rent-0-price ~ .unit").await?,
        "USD / instance-hour"
    );
    // The catalogue has no monthly AWS offer: the name says the billing and where the other
    // figures come from (not an on-demand name on a monthly bill); switched back, the preset's
    // own name returns.
    h.wait_for_text(
        "rent-0-label",
        "Bare metal, monthly – figures from “AWS p5en on-demand, always on”",
    )
    .await?;
    assert_eq!(h.field_value("preset-rent-0").await?, "aws-p5en-on-demand");
    h.select_option("f-rent-0-billing-mode", "always_on")
        .await?;
    h.wait_until_css(
        price_label,
        |t| t == "On-demand price",
        "the on-demand price",
    )
    .await?;
    h.wait_for_text("rent-0-label", "AWS p5en on-demand, always on")
        .await?;

    // Loading Azure into rent option 1: 13.09 USD per GPU-hour × 8 GPUs × 730 h ÷ 1.16
    // = 65,901.38 EUR plus storage 137.93 EUR = 66,039 EUR in the first year's months; with
    // the price falling 12.5 % a year the table's average month over 60 months is 51,467 EUR.
    h.select_option("preset-rent-0", "azure-nd-h200-on-demand")
        .await?;
    h.wait_for_text("rent-0-label", "Azure ND96isr H200 v5 on-demand")
        .await?;
    assert_eq!(h.field_value("f-rent-0-price").await?, "13.09");
    assert_eq!(h.text("rent-0-monthly").await?, "€51,467");

    // The sources section lists the figures in force, with the user's edits marked.
    h.open_section("sources").await?;
    let sources = h
        .wait_until_css(
            "[data-testid=sources]",
            |t| t.contains("Eurostat"),
            "the sources list",
        )
        .await?;
    assert!(
        sources.contains("Azure") && sources.contains("Eurostat"),
        "{sources:?}"
    );
    // A savings plan's rate and term are figures with their own source; the billed hours per
    // start cite the cold-start measurements, not the price file. (Visible text of the lines.)
    let lines = gpu_tco_e2e::strings(
        &h.js(
            "return [...document.querySelectorAll('[data-testid=sources] li')]
                .map(li => li.innerText)",
        )
        .await?,
    );
    assert!(
        lines.iter().any(|l| l
            .starts_with("Plan rate ÷ on-demand rate 0.43 — AWS Savings Plan price file")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l
                .starts_with("Billed hours per start (boot + model load) 0.25 — model cold start")),
        "{lines:?}"
    );
    // The bare-metal server's flat price is its monthly price, as its field names it (it has no
    // on-demand rate).
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Monthly price 14600") || l.starts_with("Monthly price 14,600")),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("On-demand price 14")),
        "{lines:?}"
    );
    // Only lines older than 12 months ask to be checked; the hint of the others is not shown.
    let asking = gpu_tco_e2e::strings(
        &h.js(
            "return [...document.querySelectorAll('[data-testid=sources] li')]
                .filter(li => { const c = li.querySelector('.check');
                                return c && getComputedStyle(c).display !== 'none'; })
                .map(li => li.textContent)",
        )
        .await?,
    );
    assert!(asking.iter().any(|l| l.contains("Eurostat")), "{asking:?}");
    assert!(
        asking.iter().all(|l| !l.contains("2026")),
        "a 2026 figure asks to be checked: {asking:?}"
    );
    // Money boxes say their currency: the server in EUR, the Azure tariff in USD.
    assert_eq!(h.text_of("#f-own-price_per_server ~ .unit").await?, "EUR");
    assert_eq!(
        h.text_of("#f-rent-0-price ~ .unit").await?,
        "USD / GPU-hour"
    );

    // In German the sources read in German, with no file names of the project.
    h.open("/?lang=de").await?;
    h.wait_for_text("result-productive-hours", "336 Std.")
        .await?;
    let power = h.text_of("#f-own-energy-price_per_kwh-source").await?;
    assert!(
        power.contains("Eurostat, Nicht-Haushalte, ohne MwSt.") && power.contains("Stand"),
        "power source: {power:?}"
    );
    let setup = h.text_of("#f-own-setup_one_time-source").await?;
    assert!(
        setup.contains("Preisrecherche des Rechners") && !setup.contains(".md"),
        "setup source: {setup:?}"
    );
    assert_eq!(
        h.js("return document.title").await?,
        serde_json::Value::from("GPU mieten oder kaufen: Kostenrechner")
    );

    // Presets in the address it cannot load are named, not dropped without a word: an unknown
    // id, an own preset among the rent options, and rent options past the eight a comparison
    // holds. The others are loaded.
    let nine = "aws-p5en-on-demand,aws-p5en-start-stop,aws-p5en-savings-plan-3y,\
                aws-p5en-capacity-blocks,azure-nd-h200-on-demand,azure-nd-h200-reserved-3y,\
                nebius-h200,runpod-h200,bare-metal-monthly";
    h.open(&format!(
        "/?lang=en&own=no-such-server&rent=nope,own-l40s-8,{nine}"
    ))
    .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(
        h.text("notice").await?,
        "The address names presets that were not loaded: “no-such-server” (no such preset); \
         “nope” (no such preset); “own-l40s-8” (an own server's preset, not a rent option's); \
         “bare-metal-monthly” (past the 8 rent options a comparison holds). The others are \
         loaded."
    );
    assert_eq!(h.text("rent-7-label").await?, "RunPod H200 on-demand");
    // Nothing loaded: the notice says the worked example's options are shown, in German too.
    h.open("/?lang=de&own=nope&rent=nope2").await?;
    h.wait_for_text("result-productive-hours", "336 Std.")
        .await?;
    assert_eq!(
        h.text("notice").await?,
        "Die Adresse nennt Vorlagen, die nicht geladen wurden: „nope“ (keine solche Vorlage); \
         „nope2“ (keine solche Vorlage). Keine wurde geladen: Der Rechner zeigt die Optionen des \
         Rechenbeispiels."
    );
    // On a phone the notice stands some screens below the answer at the top, which repeats it:
    // the answers there are not those the address asked for.
    h.at_window_width(390, async {
        h.wait_until(
            "top-notice",
            |t| t.starts_with("Die Adresse nennt Vorlagen, die nicht geladen wurden: „nope“"),
            "the notice in the answer at the top",
        )
        .await
    })
    .await?;
    // The embed says it too, above its inputs (a host page's typo in data-rent).
    h.open_page(
        "/embed.html?view=embed&lang=en&own=bogus&rent=nebius-h200,xyz",
        "[data-testid=result-productive-hours]",
    )
    .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(
        h.text("notice").await?,
        "The address names presets that were not loaded: “bogus” (no such preset); “xyz” (no \
         such preset). The others are loaded."
    );
    Ok(())
}
