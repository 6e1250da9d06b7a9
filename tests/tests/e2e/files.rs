//! Save and open a scenario file, export CSV; bad files change nothing.

use gpu_tco_e2e::{Error, Harness, Result};
use serde_json::Value;

const SLIDER: &str = "f-calendar-working_days-range";

pub async fn run(h: &Harness) -> Result<()> {
    let downloads = tempfile::tempdir().map_err(|e| Error(e.to_string()))?;
    h.allow_downloads(downloads.path()).await?;
    h.open("/?lang=en&files=1").await?;
    h.move_slider(SLIDER, 20.0).await?;
    h.wait_for_text("result-productive-hours", "320 h").await?;

    // Save: the file is the scenario JSON, version 1, decimals as strings.
    h.click("#save-json").await?;
    let saved = h
        .downloaded(downloads.path(), "gpu-rent-vs-own.json")
        .await?;
    let json: Value = serde_json::from_slice(&saved).map_err(|e| Error(e.to_string()))?;
    assert_eq!(json["version"], 1);
    assert_eq!(json["calendar"]["working_days"], "20");

    // CSV of the monthly series: header and months 0..=60, comma-separated.
    h.click("#csv-monthly").await?;
    let csv = h
        .downloaded(downloads.path(), "gpu-rent-vs-own-monthly.csv")
        .await?;
    let csv = String::from_utf8(csv).map_err(|e| Error(e.to_string()))?;
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 62, "{csv}");
    assert!(lines[0].starts_with("month,"), "{}", lines[0]);
    assert!(lines[61].starts_with("60,"), "{}", lines[61]);

    // German users get the variant Excel opens: BOM, semicolons, decimal commas.
    h.click("#lang-switch").await?;
    h.wait_for_text("result-productive-hours", "320 Std.")
        .await?;
    h.click("#csv-lines").await?;
    let lines_csv = h
        .downloaded(downloads.path(), "gpu-rent-vs-own-cost-lines.csv")
        .await?;
    assert_eq!(&lines_csv[..3], b"\xEF\xBB\xBF", "UTF-8 byte order mark");
    let text = String::from_utf8(lines_csv[3..].to_vec()).map_err(|e| Error(e.to_string()))?;
    assert!(text.starts_with("Option;Kostenposten;"), "{text}");
    let decimal_comma = regex::Regex::new(r";\d+,\d+").map_err(|e| Error(e.to_string()))?;
    assert!(decimal_comma.is_match(&text), "{text}");
    // Each line is named in German last, after its key (`energy` read as such in Excel).
    let header = text.lines().next().unwrap_or_default();
    assert!(header.ends_with(";Bezeichnung"), "{header}");
    assert!(
        text.lines()
            .any(|l| l.contains(";energy;") && l.ends_with(";Strom")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.contains(";stop_at_horizon;") && l.ends_with(";Ausstieg in Monat 60")),
        "{text}"
    );
    h.click("#lang-switch").await?;

    // Open: the worked example, then the saved file brings 320 h back.
    h.click("#reset").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    let file = downloads.path().join("gpu-rent-vs-own.json");
    h.choose_file("#open-json", &file).await?;
    h.wait_for_text("result-productive-hours", "320 h").await?;
    let notice = h
        .wait_until("notice", |t| !t.is_empty(), "a notice")
        .await?;
    assert_eq!(notice, "Scenario opened from gpu-rent-vs-own.json.");

    // Bad files: each named in a clear message; the scenario on screen stays as it was.
    let good = String::from_utf8(saved).map_err(|e| Error(e.to_string()))?;
    let mut version2: Value = serde_json::from_str(&good).map_err(|e| Error(e.to_string()))?;
    version2["version"] = 2.into();
    let mut unknown = version2.clone();
    unknown["version"] = 1.into();
    unknown["calendar"]["nonsense"] = 1.into();
    let mut range = version2.clone();
    range["version"] = 1.into();
    range["own"]["energy"]["pue"] = "7".into();
    let long = format!("{}{}", good, " ".repeat(110 * 1024));
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "garbage.json",
            "this is not JSON".to_owned(),
            "(not a scenario file: no valid JSON at line 1, column 2)",
        ),
        (
            "truncated.json",
            good[..good.len() / 2].to_owned(),
            "(the file is cut off: its JSON ends early, at line",
        ),
        ("long.json", long, "102400"),
        (
            "version2.json",
            version2.to_string(),
            "version 2 is not supported",
        ),
        ("unknown.json", unknown.to_string(), "nonsense"),
        (
            "range.json",
            range.to_string(),
            "“PUE” (own.energy.pue): Enter a value from 1 to 3",
        ),
    ];
    for (name, content, expected) in cases {
        let path = downloads.path().join(name);
        std::fs::write(&path, content).map_err(|e| Error(e.to_string()))?;
        h.choose_file("#open-json", &path).await?;
        let notice = h
            .wait_until("notice", |t| t.contains(name), "a notice about the file")
            .await?;
        assert!(
            notice.starts_with(&format!("The file {name} could not be opened"))
                && notice.to_lowercase().contains(&expected.to_lowercase()),
            "{name}: {notice:?}"
        );
        assert_eq!(h.text("result-productive-hours").await?, "320 h", "{name}");
    }

    // A file with a markup payload in a label loads, and the label stays text.
    let mut svg: Value = serde_json::from_str(&good).map_err(|e| Error(e.to_string()))?;
    svg["rent"][0]["label"] = "<svg onload=alert(1)>".into();
    let path = downloads.path().join("payload.json");
    std::fs::write(&path, svg.to_string()).map_err(|e| Error(e.to_string()))?;
    h.choose_file("#open-json", &path).await?;
    h.wait_for_text("rent-0-label", "<svg onload=alert(1)>")
        .await?;
    assert_eq!(
        h.js("return document.querySelectorAll('svg[onload]').length")
            .await?,
        0
    );
    Ok(())
}
