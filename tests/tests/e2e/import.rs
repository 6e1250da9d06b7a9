//! Measured load (issue 8): a month of serving metrics imported in the page gives the worked
//! example's 336 busy hours and 46 %, becomes the load profile on request, and the way back
//! restores the calendar. A file without the required metric says why.

use gpu_tco_e2e::{Error, Harness, Result, workspace_root};

#[allow(dead_code)]
#[path = "../../../core/examples/gen_metrics.rs"]
mod gen_metrics;

const DAYS: &str = "f-calendar-working_days";

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en&import=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    // A calendar that says something else: 10 working days of 16 busy hours.
    h.set_field(DAYS, "10").await?;
    h.wait_for_text("result-productive-hours", "160 h").await?;

    // The committed sample: Grafana CSV, 5-minute steps, one 8-GPU server, June 2026.
    h.open_section("import").await?;
    // The file input is visually hidden; its label shows the keyboard focus.
    let outline = h
        .js("document.getElementById('import-file').focus();
             return getComputedStyle(document.querySelector('label[for=import-file]')).outlineStyle")
        .await?;
    assert_eq!(outline, "solid", "the focused file chooser is outlined");
    let sample = workspace_root().join("core/tests/data/month_5m.csv");
    h.choose_file("#import-file", &sample).await?;
    let done = h
        .wait_until_css(
            "#import-done",
            |t| t.contains("MB read"),
            "the import finishes",
        )
        .await?;
    assert!(done.starts_with("month_5m.csv: 0.1 MB read in"), "{done}");
    let busy = h
        .wait_until_css("#import-busy-hours", |t| !t.is_empty(), "busy hours")
        .await?;
    assert_eq!(busy, "336 h");
    assert_eq!(h.text_of("#import-share").await?, "46%");
    // The sample holds running requests only: without a GPU count one GPU is assumed, and said.
    assert_eq!(h.text_of("#import-gpu-hours").await?, "336");
    let notes = h.text_of("#import-notes").await?;
    assert!(notes.contains("counted as 1 GPU"), "{notes}");
    assert_eq!(h.text_of("#import-sm-busy").await?, "–");
    // The worked example's server has 8 GPUs.
    h.set_field("import-gpus", "8").await?;
    h.wait_until_css(
        "#import-gpu-hours",
        |t| t == "2,688",
        "GPU-hours with 8 GPUs",
    )
    .await?;
    assert_eq!(h.text_of("#import-starts").await?, "2");
    h.set_field("import-gpus", "0").await?;
    let err = h
        .wait_until_css(
            "#import-gpus-err",
            |t| !t.is_empty(),
            "the GPU count's message",
        )
        .await?;
    assert!(
        err.starts_with("Enter a whole number from 1 to 1,024"),
        "{err}"
    );
    h.set_field("import-gpus", "8").await?;
    h.wait_until_css("#import-gpu-hours", |t| t == "2,688", "GPU-hours again")
        .await?;
    let period = h.text_of("#import-period").await?;
    assert!(period.contains("2026-06-01 00:00"), "{period}");
    assert!(period.contains("every 300 s"), "{period}");
    // The heat map: Monday 10:00 busy on every Monday of June, Sunday never.
    let monday = h
        .js("return document.querySelectorAll('#import-heat-map tbody tr')[0].children[11].getAttribute('aria-label')")
        .await?;
    assert!(
        monday
            .as_str()
            .is_some_and(|s| s.starts_with("Mon 10:00: busy 100%")),
        "{monday}"
    );
    let sunday = h
        .js("return document.querySelectorAll('#import-heat-map tbody tr')[6].children[11].getAttribute('aria-label')")
        .await?;
    assert!(
        sunday
            .as_str()
            .is_some_and(|s| s.starts_with("Sun 10:00: busy 0%")),
        "{sunday}"
    );
    h.keep_screenshot("[data-testid=import]", "import.png")
        .await?;
    // …and it shows: the darkest shade on Monday 10:00, none on Sunday.
    let shades = h
        .js("const r = document.querySelectorAll('#import-heat-map tbody tr');
             return [r[0].children[11], r[6].children[11]].map(c => getComputedStyle(c).backgroundColor)")
        .await?;
    assert_eq!(
        shades,
        serde_json::json!(["rgb(29, 78, 216)", "rgba(29, 78, 216, 0)"]),
        "heat map shades"
    );
    // Nothing changes until the user says so.
    assert_eq!(h.text("result-productive-hours").await?, "160 h");
    h.click("#import-use").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(h.text("result-productive-share").await?, "46%");
    assert!(
        h.text_of("#import-in-use")
            .await?
            .starts_with("This measurement is the load profile now."),
        "the import says it is in use"
    );
    let banner = h.text_of("#measured-banner").await?;
    assert!(
        banner.contains("Measured load in use: month_5m.csv, 2026-06-01 00:00"),
        "{banner}"
    );
    assert!(banner.contains("Productive share 46%"), "{banner}");
    // The banner repeats the GPU count (given: 8 was typed above; step 29 sees an assumed one).
    assert!(banner.contains("1 server, 8 GPUs."), "{banner}");
    assert!(!banner.contains("assumed"), "{banner}");
    // "How it was computed" counts the measured month, not the calendar's 10 working days.
    h.open_section("how").await?;
    let how = h
        .wait_until(
            "how-list",
            |t| t.contains("measured month"),
            "the explanation of a measured month",
        )
        .await?;
    assert!(
        how.starts_with(
            "Productive hours per month: from the measured month (month_5m.csv, 2026-06-01 00:00"
        ) && how.contains("336 h in which at least one GPU was busy (productive share 46.03%)"),
        "{how}"
    );
    assert!(!how.contains("Working days 10"), "{how}");
    // "Copy link" says exactly what the link leaves out: the measurement, and the calendar it
    // carries instead.
    crate::share::allow_clipboard(h).await?;
    h.click("#copy-link").await?;
    let copied = h
        .wait_until("notice", |t| !t.is_empty(), "the copy notice")
        .await?;
    assert!(
        copied.starts_with(
            "Link copied. It holds the whole scenario except the measured load (month_5m.csv, 2026-06-01 00:00"
        ) && copied.contains("productive share 46%")
            && copied.contains("the calendar below it instead (10 working days, service 7–19 h on 8 GPUs, 1 batch window(s))"),
        "{copied}"
    );
    // The printed inputs name the measurement instead of the calendar it replaces.
    h.js("window.dispatchEvent(new Event('beforeprint'))")
        .await?;
    let printed = h
        .wait_until_css(
            "[data-testid=print-summary]",
            |t| t.contains("Measured load in use: month_5m.csv"),
            "the printed inputs",
        )
        .await?;
    assert!(!printed.contains("Working days"), "{printed}");
    h.js("window.dispatchEvent(new Event('afterprint'))")
        .await?;
    // In German: the same figures in German words and number format.
    h.click("#lang-switch").await?;
    h.wait_for_text("result-productive-hours", "336 Std.")
        .await?;
    // Intl separates number and % by a no-break space.
    let banner = h
        .text_of("#measured-banner")
        .await?
        .replace(['\u{a0}', '\u{202f}'], " ");
    assert!(
        banner.starts_with("Gemessene Last in Verwendung: month_5m.csv"),
        "{banner}"
    );
    assert!(banner.contains("Produktiver Anteil 46 %"), "{banner}");
    assert_eq!(h.text_of("#import-busy-hours").await?, "336 Std.");
    assert_eq!(h.text_of("#import-gpu-hours").await?, "2.688");
    assert_eq!(h.text_of("#measured-back").await?, "Zurück zum Kalender");
    h.click("#lang-switch").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    // The share link carries the calendar, not the measurement.
    let hash = h
        .wait_for_hash(
            |x| x.contains("calendar.working_days=10"),
            "the calendar in the link",
        )
        .await?;
    assert!(!hash.contains("measured"), "{hash}");
    h.keep_screenshot("#measured-banner", "import-in-use.png")
        .await?;
    // The sizing takes the measured month's peak of requests in flight (6 running at once in
    // the sample), and counts the month's tokens over its productive hours.
    h.open_section("sizing").await?;
    h.wait_for_text(
        "sizing-measured",
        "The measured month (serving metrics) ran up to 6 requests at once. Size for that peak",
    )
    .await?;
    h.click("[data-testid=sizing-measured-use]").await?;
    h.wait_for_css("#sz-load-concurrent-sequences").await?;
    assert_eq!(h.field_value("sz-load-concurrent-sequences").await?, "6");
    let tokens = h
        .wait_until(
            "sizing-tokens-line",
            |t| t.contains("productive hours of the measured month"),
            "the tokens of the measured month",
        )
        .await?;
    assert!(
        tokens.contains(" in each of the 336 productive hours of the measured month"),
        "{tokens}"
    );
    // Another file: the import no longer claims its measurement is in use; the banner still
    // names the one that is.
    import(h, &workspace_root().join("core/tests/data/noisy_5m.csv")).await?;
    h.wait_until_css("#import-busy-hours", |t| !t.is_empty(), "its figures")
        .await?;
    assert_eq!(h.find_all("#import-in-use").await?.len(), 0);
    assert!(
        h.text_of("#measured-banner")
            .await?
            .contains("month_5m.csv")
    );
    assert_eq!(h.text("result-productive-hours").await?, "336 h");
    // The way back.
    h.click("#measured-back").await?;
    h.wait_for_text("result-productive-hours", "160 h").await?;
    assert_eq!(h.find_all("#measured-banner").await?.len(), 0);

    // The noisy variant: spurious night requests add busy hours (336 to 336 + noise).
    import(h, &workspace_root().join("core/tests/data/noisy_5m.csv")).await?;
    let noisy = h
        .wait_until_css("#import-busy-hours", |t| !t.is_empty(), "noisy busy hours")
        .await?;
    let hours: f64 = noisy
        .trim_end_matches(" h")
        .replace(',', "")
        .parse()
        .unwrap_or(0.0);
    assert!((336.0..=346.0).contains(&hours), "{noisy}");
    let notes = h.text_of("#import-notes").await?;
    assert!(
        notes.contains("without any sample, counted as idle"),
        "{notes}"
    );

    // The same month as Prometheus JSON (one request per busy 5-minute step) reads the same.
    import(
        h,
        &workspace_root().join("core/tests/data/month_5m.prom.json"),
    )
    .await?;
    assert_eq!(
        h.wait_until_css("#import-busy-hours", |t| !t.is_empty(), "busy hours")
            .await?,
        "336 h"
    );
    assert_eq!(h.text_of("#import-gpu-hours").await?, "2,688");

    // Two model servers, each with its 8 DCGM GPUs: told apart by their labels; marking the
    // second as a batch server from the keyboard keeps the focus on its box.
    let two = workspace_root().join("target/e2e-two-servers.json");
    let text = gen_metrics::generate(&gen_metrics::Config {
        servers: 2,
        step: 300,
        ..gen_metrics::Config::default()
    })
    .map_err(Error)?;
    std::fs::write(&two, text).map_err(|e| Error(e.to_string()))?;
    h.set_field("import-gpus", "").await?;
    import(h, &two).await?;
    let rows = h
        .js(
            "return [...document.querySelectorAll('#import-servers tbody tr')]
                .map(r => r.children[1].textContent.trim())",
        )
        .await?;
    assert_eq!(
        rows,
        serde_json::json!(["8 (from DCGM)", "8 (from DCGM)"]),
        "two servers of 8 DCGM GPUs each"
    );
    assert_eq!(h.text_of("#import-gpu-hours").await?, "5,376");
    h.js("document.getElementById('import-batch-1').focus()")
        .await?;
    h.press(fantoccini::key::Key::Space).await?;
    let state = h
        .wait_for_js(
            "const b = document.getElementById('import-batch-1');
             return b && b.checked && document.activeElement === b && 'focused'",
            vec![],
            "the batch box, ticked and focused",
        )
        .await?;
    assert_eq!(state, "focused");

    // A file without vllm:num_requests_running: a clear message, figures gone, results kept.
    let bad = workspace_root().join("target/e2e-no-running.csv");
    let mut csv = String::from("Time,DCGM_FI_PROF_SM_ACTIVE{gpu=\"0\"}\n");
    for i in 0..400 {
        csv.push_str(&format!("{},0.5\n", 1_780_272_000 + i * 300));
    }
    std::fs::write(&bad, csv).map_err(|e| Error(e.to_string()))?;
    h.choose_file("#import-file", &bad).await?;
    let err = h
        .wait_until_css("#import-error", |t| !t.is_empty(), "the refusal")
        .await?;
    assert!(
        err.starts_with("e2e-no-running.csv could not be used:") && !err.contains("scenario"),
        "{err}"
    );
    assert!(err.contains("vllm:num_requests_running"), "{err}");
    assert_eq!(h.find_all("#import-busy-hours").await?.len(), 0);
    assert_eq!(h.text("result-productive-hours").await?, "160 h");
    // The same in German.
    h.click("#lang-switch").await?;
    let err = h
        .wait_until_css(
            "#import-error",
            |t| t.contains("ist nicht verwendbar"),
            "the German refusal",
        )
        .await?;
    assert_eq!(
        err,
        "e2e-no-running.csv ist nicht verwendbar: keine Serie vllm:num_requests_running (nur \
         DCGM_FI_PROF_SM_ACTIVE); sie ist nötig: exportieren Sie sie oder wählen Sie, dass Serien \
         ohne Metriknamen sie sind"
    );
    h.click("#lang-switch").await?;
    Ok(())
}

/// Chooses `file` in the import's file input and waits until it has been read.
async fn import(h: &Harness, file: &std::path::Path) -> Result<()> {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_owned();
    h.choose_file("#import-file", file).await?;
    h.wait_until_css(
        "#import-done",
        |t| t.starts_with(&name),
        &format!("{name} read"),
    )
    .await?;
    Ok(())
}
