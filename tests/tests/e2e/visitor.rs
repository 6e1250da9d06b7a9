//! The steps a visitor depends on, in a form every engine runs: the figures that follow from
//! the inputs alone (336 h, 46 %, 2,688 GPU-hours; 350,400 and 161,280 GPU-hours over the
//! five years) are asserted as they are, and every money figure and break-even month is
//! compared with what Chromium showed for the same scenario ([`Reference`]), or with another
//! figure on the same page that it must agree with (the chart's markers and the table's
//! break-even months).

use gpu_tco_e2e::{Error, Harness, Result, single_file_url, testid_css};
use regex::Regex;
use serde_json::{Value, json};

use crate::charts::{self, Shape};
use crate::reference::Reference;
use crate::{offline, overlap, single_file};

/// Every cell of the results table, the headline figures and the verdict, by test id, as the
/// page shows them (`textContent`, trimmed).
const RESULTS: &str = "
    const out = {};
    const cells = document.querySelectorAll(
      '[data-testid^=\"row-\"] [data-testid], [data-testid^=\"result-productive\"], ' +
      '[data-testid=\"result-own-per-gpu-hour\"], [data-testid=\"result-verdict\"]');
    for (const e of cells) out[e.getAttribute('data-testid')] = e.textContent.trim();
    return out;";

/// The page's results as [`RESULTS`] reads them.
pub async fn results(h: &Harness) -> Result<Value> {
    let v = h.js(RESULTS).await?;
    match v {
        Value::Object(ref m) if m.contains_key("own-total") && m.contains_key("rent-0-total") => {
            Ok(v)
        }
        other => Err(Error(format!("no results table on the page: {other}"))),
    }
}

/// The worked example's load figures, in English.
async fn load_figures_en(h: &Harness) -> Result<()> {
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(h.text("result-productive-share").await?, "46%");
    assert_eq!(h.text("result-productive-gpu-hours").await?, "2,688");
    Ok(())
}

/// Step: the default page is the worked example; its results are Chromium's, and "How it was
/// computed" opens on a click and shows the five years' GPU-hours.
pub async fn worked_example(h: &Harness, r: &Reference) -> Result<()> {
    h.open("/?lang=en").await?;
    load_figures_en(h).await?;
    r.check(h, "results en", results(h).await?)?;

    h.open_section("how").await?;
    h.wait_for_attr("[data-testid=how]", "open", Some("true"))
        .await?;
    // Visible text (WebDriver's), so this also proves the section opened.
    let shown = h
        .find("[data-testid=how]")
        .await?
        .text()
        .await
        .map_err(|e| Error(format!("text of the explanation: {e}")))?;
    for part in [
        "8 GPUs × 730 h × 60 months = 350,400 GPU-hours",
        "over 60 months: 161,280",
    ] {
        assert!(shown.contains(part), "{part:?} missing from: {shown}");
    }
    Ok(())
}

/// Step: the German page, by the switch and by `?lang=de`: German words and number formats, and
/// the same results as Chromium's German page.
pub async fn german(h: &Harness, r: &Reference) -> Result<()> {
    const TITLE_DE: &str = "GPUs mieten oder eigenen Server kaufen?";
    h.open("/?lang=en").await?;
    h.click("#lang-switch").await?;
    h.wait_until_css("h1", |t| t == TITLE_DE, TITLE_DE).await?;
    german_page(h, r).await?;
    assert_eq!(h.text_of("#lang-switch").await?, "English");
    switched_boxes(h).await?;

    h.open("/?lang=de").await?;
    assert_eq!(h.text_of("h1").await?, TITLE_DE);
    german_page(h, r).await
}

/// After the language button, every number box is written again in the new language: an
/// English "63.296" left in a German box reads as 63,296 once edited (a visitor found it). An
/// edit that leaves the value as it was (a digit typed and taken back) changes no figure; and
/// back in English the boxes are English again.
async fn switched_boxes(h: &Harness) -> Result<()> {
    let boxes = [
        ("f-rent-0-price", "63,296", "63.296"),
        ("f-own-energy-price_per_kwh", "0,19", "0.19"),
        ("f-own-residual_percent", "12,5", "12.5"),
        ("f-own-price_per_server", "319.000", "319,000"),
    ];
    for (id, de, _) in boxes {
        let shown = h.field_value(id).await?;
        assert_eq!(shown, de, "#{id} after switching to German");
    }
    let before = h.text("result-own-per-gpu-hour").await?;
    let cheapest = h.text("rent-0-per-gpu-hour").await?;
    // One click (the caret lands where it lands), a digit, and the digit taken back.
    let back = char::from(fantoccini::key::Key::Backspace);
    h.edit_field("f-rent-0-price", &format!("7{back}")).await?;
    assert_eq!(h.field_value("f-rent-0-price").await?, "63,296");
    h.wait_for_text("rent-0-per-gpu-hour", &cheapest).await?;
    assert_eq!(h.text("result-own-per-gpu-hour").await?, before);
    h.click("#lang-switch").await?;
    h.wait_until_css("#lang-switch", |t| t == "Deutsch", "Deutsch")
        .await?;
    for (id, _, en) in boxes {
        let shown = h.field_value(id).await?;
        assert_eq!(shown, en, "#{id} after switching back to English");
    }
    h.click("#lang-switch").await?;
    h.wait_until_css("#lang-switch", |t| t == "English", "English")
        .await
        .map(drop)
}

async fn german_page(h: &Harness, r: &Reference) -> Result<()> {
    let lang = h.js("return document.documentElement.lang;").await?;
    assert_eq!(lang, json!("de"));
    h.wait_for_text("result-productive-gpu-hours", "2.688")
        .await?;
    assert_eq!(h.text("result-productive-hours").await?, "336 Std.");
    assert_eq!(h.text("result-productive-share").await?, "46\u{a0}%");
    assert_eq!(
        h.text_of("label[for=\"f-calendar-working_days\"]").await?,
        "Werktage pro Monat"
    );
    // Money: decimal comma, the euro sign after the number and a (no-break) space.
    let money_de = Regex::new(r"^\d+,\d{2}\s€$").map_err(|e| Error(e.to_string()))?;
    let own = h.text("result-own-per-gpu-hour").await?;
    assert!(money_de.is_match(&own), "German money: {own:?}");
    let month_de = Regex::new(r"^ab Monat \d+$").map_err(|e| Error(e.to_string()))?;
    let first = h.text("rent-0-break-even").await?;
    assert!(
        month_de.is_match(&first) || first == "–",
        "German break-even month: {first:?}"
    );
    r.check(h, "results de", results(h).await?)
}

/// The rent options' break-even months the table shows (`month N`), sorted.
async fn table_break_even_months(h: &Harness) -> Result<Vec<String>> {
    let rows = h.find_all("[data-testid^=\"row-rent-\"]").await?.len();
    let mut months: Vec<(String, String)> = Vec::new();
    for i in 0..rows {
        let text = h.text(&format!("rent-{i}-break-even")).await?;
        if let Some(n) = text.strip_prefix("month ") {
            // Options with the same line (the same month and total) break even on one spot,
            // which the chart labels once.
            let total = h.text(&format!("rent-{i}-total")).await?;
            if !months.iter().any(|(m, t)| m == n && *t == total) {
                months.push((n.to_owned(), total));
            }
        }
    }
    months.sort_by_key(|(t, _)| t.parse::<u32>().unwrap_or(u32::MAX));
    Ok(months.into_iter().map(|(m, _)| m).collect())
}

/// Step: the three charts: a line per option in both line charts, a marker at each break-even
/// month of the table, a bar per option; adding a rent option adds a line and removing it takes
/// it away; and every text of every chart is the one Chromium drew.
pub async fn charts(h: &Harness, r: &Reference) -> Result<()> {
    h.open("/?lang=en").await?;
    let options = 1 + h.find_all("[data-testid^=\"row-rent-\"]").await?.len();
    assert!(options >= 2, "own and at least one rent option: {options}");

    let cum = charts::shape(h, "chart-cumulative").await?;
    assert_eq!(
        cum.series(),
        options,
        "one line per option: {:?}",
        cum.polylines
    );
    assert_eq!(
        cum.marker_labels(),
        table_break_even_months(h).await?,
        "a marker at each break-even month of the table"
    );
    assert!(
        cum.has_text("Cumulative cost"),
        "axis title: {:?}",
        cum.texts
    );
    let share = charts::shape(h, "chart-share").await?;
    assert_eq!(share.series(), options, "one line per option");
    assert!(
        share.has_text("today 46%"),
        "today's share: {:?}",
        share.texts
    );
    let bars = charts::shape(h, "chart-breakdown").await?;
    assert!(bars.bars() >= options, "bar segments: {}", bars.bars());
    let labels: Vec<String> = std::iter::once("own".to_owned())
        .chain((1..options).map(|i| i.to_string()))
        .collect();
    for label in &labels {
        assert!(bars.has_text(label), "bar {label:?} in {:?}", bars.texts);
    }
    for (testid, shape) in [
        ("chart-cumulative", &cum),
        ("chart-share", &share),
        ("chart-breakdown", &bars),
    ] {
        r.check(h, &format!("{testid} en texts"), texts(shape))?;
    }

    // Another rent option (a copy of the last one) adds a line to both line charts.
    let n = options - 1;
    h.click("#add-rent").await?;
    h.wait_for_css(&testid_css(&format!("rent-card-{n}")))
        .await?;
    charts::wait_for_series(h, options + 1).await?;
    assert_eq!(charts::shape(h, "chart-share").await?.series(), options + 1);
    assert!(
        charts::shape(h, "chart-breakdown")
            .await?
            .has_text(&options.to_string())
    );
    h.click(&format!("#remove-rent-{n}")).await?;
    charts::wait_for_series(h, options).await?;
    assert!(
        h.find_all(&testid_css(&format!("rent-card-{n}")))
            .await?
            .is_empty()
    );
    Ok(())
}

/// A chart's texts, as a reading (see [`overlap::chart_texts`]).
fn texts(shape: &Shape) -> Value {
    overlap::chart_texts(shape.texts.iter().map(|(t, _)| t.as_str()))
}

/// Step: the single file opened from disk computes as the served page does (the same results
/// as Chromium's served page), follows a slider, has its charts, and loads nothing but itself.
pub async fn single_file(h: &Harness, r: &Reference) -> Result<()> {
    let file = single_file_url()?;
    h.open_url(
        &format!("{file}?lang=en"),
        "[data-testid=result-productive-hours]",
    )
    .await?;
    load_figures_en(h).await?;
    r.check(h, "results en", results(h).await?)?;
    h.move_slider("f-calendar-working_days-range", 20.0).await?;
    h.wait_for_text("result-productive-hours", "320 h").await?;
    h.wait_for_css("[data-testid=chart-cumulative] svg").await?;
    single_file::loaded_only(h, &file).await?;
    if h.engine().has_console() {
        no_console_errors(h).await?;
    }
    Ok(())
}

/// Step: once the service worker has installed the page, it reloads and computes with the
/// server gone; the server is started again at the end.
pub async fn offline_reload(h: &Harness, r: &Reference) -> Result<()> {
    h.open("/?lang=en").await?;
    offline::wait_for_installed(h).await?;
    h.server.stop().await?;
    let offline = async {
        h.reload("[data-testid=result-productive-hours]").await?;
        load_figures_en(h).await?;
        r.check(h, "results en", results(h).await?)?;
        h.move_slider("f-calendar-working_days-range", 20.0).await?;
        h.wait_for_text("result-productive-hours", "320 h").await?;
        Ok::<(), Error>(())
    }
    .await;
    h.server.restart().await?;
    offline
}

/// Step: no console error since the last look (Chromium's log endpoint; Firefox's and WebKit's
/// console as they write it to their driver's output).
pub async fn no_console_errors(h: &Harness) -> Result<()> {
    let log = h.browser_log().await?;
    // (Cut to a readable length: a message can quote a long address.)
    let severe: Vec<String> = log
        .iter()
        .filter(|e| e.level == "SEVERE")
        .map(|e| e.message.chars().take(400).collect())
        .collect();
    assert!(
        severe.is_empty(),
        "console errors in {}: {severe:#?}",
        h.engine()
    );
    Ok(())
}
