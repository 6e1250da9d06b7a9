//! The page in German: by the switch, and by `?lang=de`.

use gpu_tco_e2e::{Error, Harness, Result};
use regex::Regex;

const TITLE_DE: &str = "GPUs mieten oder eigenen Server kaufen?";

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;
    assert_eq!(h.text_of("h1").await?, "Rent GPUs or own a server?");
    assert_eq!(html_lang(h).await?, "en");
    let money_en = Regex::new(r"^€\d+\.\d{2}$").map_err(|e| Error(e.to_string()))?;
    let own = h.text("result-own-per-gpu-hour").await?;
    assert!(money_en.is_match(&own), "English money: {own:?}");

    h.click("#lang-switch").await?;
    h.wait_until_css("h1", |t| t == TITLE_DE, TITLE_DE).await?;
    german_page(h).await?;
    assert_eq!(
        h.text_of("#lang-switch").await?,
        "English",
        "the switch offers the way back"
    );

    // Directly by URL.
    h.open("/?lang=de").await?;
    assert_eq!(h.text_of("h1").await?, TITLE_DE);
    german_page(h).await
}

/// What the worked example looks like in German.
async fn german_page(h: &Harness) -> Result<()> {
    assert_eq!(html_lang(h).await?, "de");
    // Thousands grouped with a dot, the unit spelled out.
    h.wait_for_text("result-productive-gpu-hours", "2.688")
        .await?;
    assert_eq!(h.text("result-productive-hours").await?, "336 Std.");
    assert_eq!(h.text("rent-0-break-even").await?, "ab Monat 10");
    // Money: decimal comma, the euro sign after the number and a (no-break) space.
    let money_de = Regex::new(r"^\d+,\d{2}\s€$").map_err(|e| Error(e.to_string()))?;
    let own = h.text("result-own-per-gpu-hour").await?;
    assert!(money_de.is_match(&own), "German money: {own:?}");
    // Labels.
    assert_eq!(
        h.text_of("label[for=\"f-calendar-working_days\"]").await?,
        "Werktage pro Monat"
    );
    // The presets' option names in German, in the results and in their name boxes.
    assert_eq!(h.text("own-label").await?, "8× H200-Server, eigen");
    assert_eq!(
        h.text("rent-1-label").await?,
        "AWS p5en On-Demand, Start/Stopp"
    );
    assert_eq!(
        h.field_value("f-rent-1-label").await?,
        "AWS p5en On-Demand, Start/Stopp"
    );
    // The tab's title too; and the link stays the same in either language (no names in it).
    assert_eq!(
        h.js("return document.title").await?,
        serde_json::Value::from("GPU mieten oder kaufen: Kostenrechner")
    );
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    let hash = h.hash().await?;
    assert!(!hash.contains("label"), "{hash}");
    Ok(())
}

async fn html_lang(h: &Harness) -> Result<String> {
    let v = h.js("return document.documentElement.lang;").await?;
    Ok(v.as_str().unwrap_or_default().to_owned())
}
