//! Hybrid, sensitivity and heat map: computed when the section is opened.

use gpu_tco_e2e::{Harness, Result, strings};
use serde_json::{Value, json};

/// One of the charts' tables as text, each row its head then its cells.
#[derive(Debug)]
struct Table {
    caption: String,
    /// The column heads (`scope=col`: the row heads' column first, not the heads over groups).
    heads: Vec<String>,
    body: Vec<Vec<String>>,
    foot: Vec<Vec<String>>,
    /// The body's rows marked (the cheapest).
    marked: Vec<Vec<String>>,
}

/// Reads the table `arguments[0]` (a test id), or null while there is none.
const TABLE: &str = "const t = document.querySelector(`[data-testid=${arguments[0]}]`);
    if (!t) return null;
    const text = (e) => e.textContent.trim();
    const rows = (css) => [...t.querySelectorAll(css)].map((r) => [...r.children].map(text));
    return { caption: t.caption ? text(t.caption) : '',
             heads: [...t.querySelectorAll('thead th[scope=col]')].map(text),
             body: rows('tbody tr'), foot: rows('tfoot tr'), marked: rows('tbody tr.marked') };";

impl Table {
    fn of(v: &Value) -> Option<Table> {
        let rows = |key: &str| -> Vec<Vec<String>> {
            v[key]
                .as_array()
                .into_iter()
                .flatten()
                .map(strings)
                .collect()
        };
        Some(Table {
            caption: v.get("caption")?.as_str()?.to_owned(),
            heads: strings(&v["heads"]),
            body: rows("body"),
            foot: rows("foot"),
            marked: rows("marked"),
        })
    }
}

/// Waits until the table `testid` is there and `ok` holds for it.
async fn table(h: &Harness, testid: &str, ok: impl Fn(&Table) -> bool) -> Result<Table> {
    gpu_tco_e2e::poll(
        async || {
            let v = h.js_with(TABLE, vec![json!(testid)]).await?;
            Ok(match Table::of(&v) {
                Some(t) if ok(&t) => Ok(t),
                last => Err(last),
            })
        },
        |last| format!("the table {testid}: not as expected in time (last {last:?})"),
    )
    .await
}

/// The texts of the chart `testid`'s SVG, in document order.
async fn chart_texts(h: &Harness, testid: &str) -> Result<Vec<String>> {
    let v = h
        .js_with(
            "return [...document.querySelectorAll(`[data-testid=${arguments[0]}] svg text`)]
                .map(t => t.textContent.trim())",
            vec![json!(testid)],
        )
        .await?;
    Ok(strings(&v))
}

pub async fn run(h: &Harness) -> Result<()> {
    // The worked example with today's cloud prices held (a version 1 link: its options' yearly
    // price change 0 %), the scenario of the analysis's unit tests (web/src/features/whatif.rs).
    h.open("/?lang=en&analysis=1#v=1").await?;
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
         over 60 months. Owning GPUs only adds cost (all own: €721,843)."
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
    analysis_tables(h, &best).await?;
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
        "Owning all 8 GPUs is cheapest: €721,843 over 60 months. Renting part of the load on \
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
    // The shares this load cannot reach (above 66.7 %: 70 % to 100 %, 4 rows of 8) are faded,
    // and the figure says so.
    let faded = h
        .js("return document.querySelectorAll('[data-testid=chart-heat-map] rect[opacity=\"0.35\"]').length")
        .await?;
    assert_eq!(faded, 32);
    assert_eq!(
        h.text("heat-reach").await?,
        "Faded rows: shares above 66.7%, which this load's pattern cannot reach (it would need \
         more busy days than the month has); the key leaves them out."
    );
    // Its key names each side's largest lead against AWS start/stop, and its tariff axis says per
    // what the tariff is.
    assert_eq!(
        h.text("heat-key-rent").await?,
        "Renting up to €645,714 cheaper"
    );
    assert_eq!(
        h.text("heat-key-own").await?,
        // Within the load's reach (the 100 % row, which it cannot reach, had €4,206,403).
        "Owning up to €2,241,602 cheaper"
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
    tables_follow(h, &labels).await?;
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

/// The three charts as tables, folded under them (closed until opened), against the default's
/// cheapest option (Nebius per GPU): the figures the charts draw and the sentences say, as the
/// page writes them. `best`: the hybrid's sentence.
async fn analysis_tables(h: &Harness, best: &str) -> Result<()> {
    for id in ["table-hybrid", "table-tornado", "table-heat-map"] {
        let toggle = format!("{id}-toggle");
        let open = h
            .js_with(
                "return document.querySelector(`[data-testid=${arguments[0]}]`).open",
                vec![json!(toggle)],
            )
            .await?;
        assert_eq!(open, Value::Bool(false), "{toggle} folded at first");
        assert!(h.find_all(&format!("[data-testid={id}]")).await?.is_empty());
        h.open_section(&toggle).await?;
    }
    // The hybrid sweep: a row for 0 to 8 own GPUs, the cheapest said in words: renting all, at
    // the sentence's total; owning all at its "all own".
    let hybrid = table(h, "table-hybrid", |t| t.body.len() == 9).await?;
    assert_eq!(hybrid.heads, ["Own GPUs", "Total over the horizon"]);
    assert_eq!(hybrid.marked, [["0 (cheapest)", "€510,103"]]);
    assert_eq!(hybrid.body[0], hybrid.marked[0]);
    assert_eq!(hybrid.body[8], ["8", "€721,843"]);
    assert!(
        best.contains(&format!(
            "is cheapest: {} over 60 months",
            hybrid.marked[0][1]
        )) && best.contains(&format!("(all own: {})", hybrid.body[8][1])),
        "{best}"
    );
    assert!(
        hybrid.caption.starts_with("Total cost over 60 months"),
        "{}",
        hybrid.caption
    );
    // The tornado: a row per bar, in the chart's order (the largest swing first), named as the
    // chart names its bars; owning pays off at neither end of any input, as the note under the
    // chart says.
    let tornado = table(h, "table-tornado", |t| t.body.len() == 9).await?;
    assert_eq!(
        tornado.heads,
        [
            "Input",
            "Value",
            "Owning saves",
            "Own breaks even",
            "Value",
            "Owning saves",
            "Own breaks even"
        ]
    );
    let names: Vec<String> = tornado.body.iter().map(|r| r[0].clone()).collect();
    let drawn: Vec<String> = chart_texts(h, "chart-tornado")
        .await?
        .into_iter()
        .filter(|t| names.contains(t))
        .collect();
    assert_eq!(drawn, names, "the bars' names, in the chart's order");
    assert_eq!(
        tornado.body[0],
        [
            "Cloud tariff",
            "US$2.80 / GPU-hour",
            "\u{2212}\u{2060}€312,105",
            "not within the horizon",
            "US$4.20 / GPU-hour",
            "\u{2212}\u{2060}€111,374",
            "not within the horizon"
        ]
    );
    let note = h.text("tornado-months").await?;
    for row in &tornado.body {
        assert_eq!(row.len(), 7, "{row:?}");
        assert!(
            note.ends_with(&format!(": {}.", row[3])) && row[3] == row[6],
            "{row:?} against {note:?}"
        );
    }
    // Today's savings, the chart's line: the results table's for Nebius.
    let savings = h.text("rent-4-savings").await?;
    assert_eq!(savings, "\u{2212}\u{2060}€211,739");
    let lead = savings.trim_start_matches(['\u{2212}', '\u{2060}']);
    assert!(
        tornado.caption.contains(&format!(
            "At today's values renting is cheaper by {lead} (the chart's line)."
        )),
        "{}",
        tornado.caption
    );
    // The heat map: 10 shares × 8 tariffs, the corners the key's largest leads either way,
    // today's tariff a column; today's share (46 %) falls between two rows: a row of its own
    // under them, its one figure the results table's savings.
    let heat = table(h, "table-heat-map", |t| t.body.len() == 10).await?;
    assert_eq!(
        heat.heads,
        [
            "Productive share",
            "0.88",
            "1.75",
            "2.62",
            "3.5 (today)",
            "4.38",
            "5.25",
            "6.12",
            "7"
        ]
    );
    for row in &heat.body {
        assert_eq!(row.len(), 9, "{row:?}");
    }
    assert_eq!(heat.body[0][..2], ["10%", "\u{2212}\u{2060}€680,074"]);
    assert_eq!(heat.body[9][0], "100%");
    assert_eq!(heat.body[9][8], "€1,391,573");
    assert_eq!(
        h.text("heat-key-rent").await?,
        format!(
            "Renting up to {} cheaper",
            heat.body[0][1].trim_start_matches(['\u{2212}', '\u{2060}'])
        )
    );
    // The key's largest lead of owning is within the load's reach (60 %, below its 66.7 %), not
    // the 100 % row's, which the pattern cannot reach.
    assert_eq!(
        h.text("heat-key-own").await?,
        format!("Owning up to {} cheaper", heat.body[5][8])
    );
    assert_eq!(heat.body[5][0], "60%");
    assert_eq!(
        heat.foot,
        [["46% (today)", "", "", "", savings.as_str(), "", "", "", ""]]
    );
    assert!(heat.marked.is_empty(), "{:?}", heat.marked);
    assert!(
        heat.caption.contains(
            "the tariff of “Nebius H200 per GPU, cheapest way” in USD / GPU-hour (columns)"
        ),
        "{}",
        heat.caption
    );
    // Marked, to tell below whether another option rebuilds the tables or only their rows.
    h.js(
        "['table-hybrid', 'table-tornado', 'table-heat-map'].forEach(id =>
            document.querySelector(`[data-testid=${id}]`).dataset.kept = id)",
    )
    .await?;
    Ok(())
}

/// The tables, left open, follow the switch to AWS start/stop with the charts: their rows
/// change, the tables stay. `labels`: the tornado's bar names as drawn, each with its months.
async fn tables_follow(h: &Harness, labels: &[String]) -> Result<()> {
    // Owning all 8 GPUs is cheapest, the sentence's total; all rented its "all rented".
    let hybrid = table(h, "table-hybrid", |t| {
        t.marked.first().is_some_and(|r| r[0] == "8 (cheapest)")
    })
    .await?;
    assert_eq!(hybrid.marked, [["8 (cheapest)", "€721,843"]]);
    assert_eq!(hybrid.body.len(), 9);
    assert_eq!(hybrid.body[0], ["0", "€1,142,693"]);
    // A row per bar, in the chart's order: each bar's name is its row's input and months.
    let tornado = table(h, "table-tornado", |t| {
        t.body.iter().any(|r| r[1].contains("instance-hour"))
    })
    .await?;
    assert_eq!(tornado.body.len(), labels.len(), "one row per bar drawn");
    for (row, label) in tornado.body.iter().zip(labels) {
        let months = if row[3] == row[6] {
            row[3].clone()
        } else {
            format!("{} / {}", row[3], row[6])
        };
        assert_eq!(*label, format!("{} ({months})", row[0]), "{row:?}");
    }
    // The key's largest leads are cells of the map.
    let heat = table(h, "table-heat-map", |t| {
        t.caption.contains("in USD / instance-hour")
    })
    .await?;
    assert_eq!(heat.body.len(), 10);
    assert_eq!(heat.heads.len(), 9);
    let cells: Vec<&String> = heat.body.iter().flat_map(|r| &r[1..]).collect();
    assert_eq!(cells.len(), 80);
    for amount in ["\u{2212}\u{2060}€645,714", "€4,206,403"] {
        assert!(cells.iter().any(|c| *c == amount), "{amount} in {cells:?}");
    }
    assert!(heat.heads[4].ends_with(" (today)"), "{:?}", heat.heads);
    let kept = h
        .js(
            "return ['table-hybrid', 'table-tornado', 'table-heat-map'].map(id =>
                document.querySelector(`[data-testid=${id}]`).dataset.kept || '')",
        )
        .await?;
    assert_eq!(
        strings(&kept),
        ["table-hybrid", "table-tornado", "table-heat-map"],
        "the tables stay, their rows follow"
    );
    Ok(())
}
