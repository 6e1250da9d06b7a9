//! Accessibility: axe-core runs in the page with every section open (a measured load imported,
//! so its hour-of-week table is there, a scenario pinned for comparison and a discount rate for
//! the present values), in English and German, and on the embed in both languages: no
//! violations of any rule it runs by default (WCAG 2 A/AA and its best practices).
//!
//! axe-core is installed by `scripts/setup.sh` into `.tools/` (npm, pinned) and never shipped
//! with the page. The test hands its script to the page through WebDriver ("execute script"),
//! which the page's Content-Security-Policy does not govern: the page's own policy and files
//! stay as they are.

use gpu_tco_e2e::{Error, Harness, Result, testid_css, workspace_root};

/// axe-core's browser script, from the tools folder.
fn axe_source() -> Result<String> {
    let path = workspace_root().join(".tools/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).map_err(|e| {
        Error(format!(
            "{}: {e} (run make setup: scripts/setup.sh installs axe-core)",
            path.display()
        ))
    })
}

/// Opens every closed `<details>` by clicking its summary, as a person would, until none is
/// left (opening one may show more), and waits for what the sections compute once open.
async fn open_everything(h: &Harness) -> Result<()> {
    for _ in 0..10 {
        let opened = h
            .js(
                "const closed = [...document.querySelectorAll('details:not([open]) > summary')];
                 closed.forEach((s) => s.click());
                 return closed.length;",
            )
            .await?;
        if opened == 0 {
            // The analysis follows the inputs once they rest; the toggles run after a task.
            tokio::time::sleep(std::time::Duration::from_millis(600)).await;
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    Err(Error("sections kept closing or appearing".to_owned()))
}

/// Runs axe-core on the page and fails listing every violation.
async fn no_violations(h: &Harness, src: &str, what: &str) -> Result<()> {
    let loaded = h.js(&format!("{src}\n;return typeof window.axe;")).await?;
    if loaded != "object" {
        return Err(Error(format!("axe-core did not load: {loaded}")));
    }
    let v = h
        .js_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] }).then(
               (r) => done(r.violations.map((v) => ({
                 id: v.id, impact: v.impact, help: v.help,
                 nodes: v.nodes.slice(0, 6).map((n) => n.target.join(' ') + ' — ' + n.failureSummary),
                 count: v.nodes.length }))),
               (e) => done({ error: String(e) }));",
            vec![],
        )
        .await?;
    let list = v
        .as_array()
        .ok_or_else(|| Error(format!("axe-core failed on {what}: {v}")))?;
    if list.is_empty() {
        return Ok(());
    }
    let text = list
        .iter()
        .map(|x| {
            format!(
                "  {} ({}, {} nodes): {}\n    {}",
                x["id"].as_str().unwrap_or_default(),
                x["impact"].as_str().unwrap_or_default(),
                x["count"],
                x["help"].as_str().unwrap_or_default(),
                gpu_tco_e2e::strings(&x["nodes"]).join("\n    ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    Err(Error(format!("axe-core on {what}:\n{text}")))
}

pub async fn run(h: &Harness) -> Result<()> {
    let src = axe_source()?;
    h.open("/?lang=en&a11y=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    // What a screen reader announces when an input changes the results: the verdict's
    // sentences, not every figure of the panel (a live panel read out dozens of cells a step).
    let live = h
        .js(
            "return [...document.querySelectorAll('.results [aria-live], .results[aria-live]')]\
             .map(e => (e.dataset.testid || e.className) + ':' + e.getAttribute('aria-live'))",
        )
        .await?;
    assert_eq!(
        live,
        serde_json::json!(["result-verdict:polite"]),
        "the results' live regions"
    );
    // Everything the page can show: a measured month with its tables, a comparison, present
    // values, every section open.
    h.open_section("import").await?;
    let sample = workspace_root().join("core/tests/data/month_5m.csv");
    h.choose_file("#import-file", &sample).await?;
    h.wait_until_css("#import-done", |t| t.contains("MB read"), "the import")
        .await?;
    h.click("#import-use").await?;
    h.wait_for_css("#measured-banner").await?;
    // No GPU count typed and no DCGM series: the banner says the count was assumed.
    let banner = h.text_of("#measured-banner").await?;
    assert!(
        banner.contains("1 server, 1 GPU (1 of them assumed, 1 per server: no count given and no DCGM GPU found)."),
        "{banner}"
    );
    h.click("#pin").await?;
    h.set_field("f-finance-discount_rate_percent", "5").await?;
    h.wait_for_css(&testid_css("pv-table")).await?;
    open_everything(h).await?;
    h.wait_for_css(&testid_css("cum-table")).await?;
    h.wait_for_css(&testid_css("chart-tornado")).await?;
    no_violations(h, &src, "the page in English").await?;

    h.click("#lang-switch").await?;
    h.wait_until_css("h1", |t| t.starts_with("GPUs mieten"), "the German page")
        .await?;
    open_everything(h).await?;
    no_violations(h, &src, "the page in German").await?;

    for lang in ["en", "de"] {
        h.open(&format!("/index.html?view=embed&lang={lang}&a11y=1"))
            .await?;
        open_everything(h).await?;
        h.wait_for_css(&testid_css("cum-table")).await?;
        // The chart's table has its figures (own at month 0: the purchase and setup).
        let own0 = h.text("cum-0-0").await?;
        assert!(own0.contains("324"), "embed ({lang}) table: {own0:?}");
        // Each cell names its month (a phone lays the table out as cards, labelled by it).
        let label = h
            .js("return document.querySelector('[data-testid=cum-0-12]').dataset.label")
            .await?;
        let month = if lang == "de" { "Monat 12" } else { "Month 12" };
        assert_eq!(label, month, "embed ({lang}) table's month label");
        // What each option costs, in the embed's language: own's server price and its total.
        h.wait_for_css(&testid_css("costs-table")).await?;
        let (price, total) = match lang {
            "de" => (
                "319.000\u{a0}€ je Server, 1 Server gekauft",
                "721.843\u{a0}€",
            ),
            _ => ("€319,000 per server, 1 server bought", "€721,843"),
        };
        assert_eq!(h.text("costs-0-price").await?, price, "embed ({lang})");
        assert_eq!(h.text("costs-0-total").await?, total, "embed ({lang})");
        // The embed in its language, and its inputs card no taller than its inputs.
        let (html_lang, title) = match lang {
            "de" => ("de", "GPU mieten oder kaufen: Kostenrechner"),
            _ => ("en", "GPU rent vs own: cost calculator"),
        };
        assert_eq!(
            h.js("return document.documentElement.lang").await?,
            html_lang
        );
        assert_eq!(h.js("return document.title").await?, title);
        let gap = h
            .js("const card = document.querySelector('.embed-inputs');
                 const last = card.lastElementChild.getBoundingClientRect().bottom;
                 return card.getBoundingClientRect().bottom - last;")
            .await?;
        assert!(
            gap.as_f64().is_some_and(|g| g < 40.0),
            "embed ({lang}): {gap} px of empty card under the inputs"
        );
        no_violations(h, &src, &format!("the embed ({lang})")).await?;
    }
    Ok(())
}
