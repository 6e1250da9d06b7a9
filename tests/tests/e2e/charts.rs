//! The three charts: one line per option, the break-even markers, the bars, and that they
//! follow the list of rent options.

use gpu_tco_e2e::{Error, Harness, Result, poll};
use serde_json::Value;

/// Stroke width of the option lines (axes and tick marks are drawn 1 px wide).
const SERIES_WIDTH: &str = "3";
/// Colour of axis labels and captions; the break-even labels take their option's colour.
const INK: &str = "#222222";

/// What a chart's SVG is made of, read from the page.
#[derive(Debug)]
pub(crate) struct Shape {
    pub(crate) width: String,
    pub(crate) height: String,
    /// (stroke, stroke-width) of each `<polyline>`.
    pub(crate) polylines: Vec<(String, String)>,
    /// (r, fill) of each `<circle>`.
    pub(crate) circles: Vec<(String, String)>,
    /// (text, fill) of each `<text>`.
    pub(crate) texts: Vec<(String, String)>,
    /// (width, height) of each `<rect>`.
    pub(crate) rects: Vec<(String, String)>,
}

impl Shape {
    pub(crate) fn series(&self) -> usize {
        self.polylines
            .iter()
            .filter(|(_, w)| w == SERIES_WIDTH)
            .count()
    }

    /// Filled marker dots (each marker is a filled dot inside a white ring).
    pub(crate) fn marker_fills(&self) -> Vec<&str> {
        self.circles
            .iter()
            .filter(|(_, fill)| fill != "none")
            .map(|(_, fill)| fill.as_str())
            .collect()
    }

    /// Texts in an option's colour (the marker labels), sorted.
    pub(crate) fn marker_labels(&self) -> Vec<&str> {
        let fills = self.marker_fills();
        let mut labels: Vec<&str> = self
            .texts
            .iter()
            .filter(|(_, fill)| fill != INK && fills.contains(&fill.as_str()))
            .map(|(t, _)| t.as_str())
            .collect();
        labels.sort_by_key(|t| t.parse::<u32>().unwrap_or(u32::MAX));
        labels
    }

    pub(crate) fn has_text(&self, text: &str) -> bool {
        self.texts.iter().any(|(t, _)| t == text)
    }

    /// Rectangles other than the background, which covers the whole chart.
    pub(crate) fn bars(&self) -> usize {
        self.rects
            .iter()
            .filter(|(w, h)| !(w == &self.width && h == &self.height))
            .count()
    }
}

pub(crate) async fn shape(h: &Harness, testid: &str) -> Result<Shape> {
    let v = h
        .js_with(
            r#"
            const svg = document.querySelector(`[data-testid="${arguments[0]}"] svg`);
            if (!svg) return null;
            const all = (sel, f) => Array.from(svg.querySelectorAll(sel)).map(f);
            const a = (e, n) => e.getAttribute(n) || "";
            return {
                width: a(svg, "width"),
                height: a(svg, "height"),
                polylines: all("polyline", e => [a(e, "stroke"), a(e, "stroke-width")]),
                circles: all("circle", e => [a(e, "r"), a(e, "fill")]),
                texts: all("text", e => [e.textContent.trim(), a(e, "fill")]),
                rects: all("rect", e => [a(e, "width"), a(e, "height")]),
            };
            "#,
            vec![Value::from(testid)],
        )
        .await?;
    if v.is_null() {
        return Err(Error(format!("no <svg> in [data-testid={testid}]")));
    }
    let pairs = |key: &str| -> Vec<(String, String)> {
        v[key]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|p| {
                        (
                            p[0].as_str().unwrap_or_default().to_owned(),
                            p[1].as_str().unwrap_or_default().to_owned(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    Ok(Shape {
        width: v["width"].as_str().unwrap_or_default().to_owned(),
        height: v["height"].as_str().unwrap_or_default().to_owned(),
        polylines: pairs("polylines"),
        circles: pairs("circles"),
        texts: pairs("texts"),
        rects: pairs("rects"),
    })
}

/// Waits until the cumulative chart shows `n` option lines.
pub(crate) async fn wait_for_series(h: &Harness, n: usize) -> Result<Shape> {
    poll(
        async || {
            let s = shape(h, "chart-cumulative").await?;
            Ok(if s.series() == n { Ok(s) } else { Err(s) })
        },
        |s| {
            format!(
                "cumulative chart: expected {n} option lines, has {}",
                s.series()
            )
        },
    )
    .await
}

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;

    // Cumulative cost: own + 6 rent options, and a marker at each break-even month
    // (always-on 10, start/stop 34, the two savings plans 33; bare metal and Nebius per GPU,
    // their prices falling 12.5 % a year, stay cheaper than owning, so they have none). The two savings plans cost the same every
    // month: their dots sit on one spot, which one label marks.
    let cum = shape(h, "chart-cumulative").await?;
    assert_eq!(cum.series(), 7, "one line per option: {:?}", cum.polylines);
    assert_eq!(cum.marker_fills().len(), 4, "markers: {:?}", cum.circles);
    assert_eq!(cum.marker_labels(), ["10", "33", "34"]);
    assert!(
        cum.has_text("Cumulative cost"),
        "axis title: {:?}",
        cum.texts
    );

    // Start/stop's line and the savings plan's (which commits nothing under the falling
    // on-demand price) lie on each other, which the legend alone would not say: the note under
    // the chart names both.
    assert_eq!(
        h.text("chart-same").await?,
        "Lines on top of each other: 2 · “AWS p5en on-demand, start/stop” and 3 · “AWS p5en \
         3-year Savings Plan” cost the same in every month."
    );
    h.keep_screenshot("[data-testid=chart-same]", "chart-same.png")
        .await?;

    // Cost per productive GPU-hour by share: 7 lines and today's share marked.
    let share = shape(h, "chart-share").await?;
    assert_eq!(
        share.series(),
        7,
        "one line per option: {:?}",
        share.polylines
    );
    assert!(
        share.has_text("today 46%"),
        "today's share: {:?}",
        share.texts
    );

    // Monthly cost by line: stacked bars, labelled own, 1 … 6.
    let bars = shape(h, "chart-breakdown").await?;
    assert!(bars.bars() >= 7, "bar segments: {}", bars.bars());
    for label in ["own", "1", "2", "3", "4", "5", "6"] {
        assert!(bars.has_text(label), "bar {label:?} in {:?}", bars.texts);
    }
    // Under the chart, which option each numbered bar is (a phone's bars carry no names).
    let names = gpu_tco_e2e::strings(
        &h.js("return Array.from(document.querySelectorAll('[data-testid=breakdown-bars] li'), (l) => l.textContent);")
            .await?,
    );
    assert_eq!(names.len(), 7, "{names:?}");
    assert!(names[0].starts_with("own: 8× H200"), "{names:?}");
    for (i, name) in names[1..].iter().enumerate() {
        let option = h.text(&format!("rent-{i}-label")).await?;
        assert_eq!(*name, format!("{} · {option}", i + 1));
    }

    // A seventh rent option (a copy of the start/stop one) adds a line to both line charts.
    h.click("#add-rent").await?;
    h.wait_for_css("[data-testid=rent-card-6]").await?;
    let cum = wait_for_series(h, 8).await?;
    // The copy breaks even where start/stop does, on its line: one label for both.
    assert_eq!(cum.marker_labels(), ["10", "33", "34"]);
    assert_eq!(shape(h, "chart-share").await?.series(), 8);
    assert!(shape(h, "chart-breakdown").await?.has_text("7"));

    // Removing it restores the seven lines.
    h.click("#remove-rent-6").await?;
    let cum = wait_for_series(h, 7).await?;
    assert_eq!(cum.marker_labels(), ["10", "33", "34"]);
    assert_eq!(shape(h, "chart-share").await?.series(), 7);
    assert!(h.find_all("[data-testid=rent-card-6]").await?.is_empty());

    // The cumulative chart as a table, for screen readers and exact figures: own starts at the
    // server and setup (324,000) and ends at its total; always-on ends at its total.
    h.open_section("cum-table-toggle").await?;
    h.wait_for_text("cum-0-0", "€324,000").await?;
    assert_eq!(h.text("cum-0-60").await?, "€721,843");
    assert_eq!(h.text("cum-1-60").await?, "€1,869,062");
    assert_eq!(h.text("cum-1-0").await?, "€0");
    // The share chart as a table: today's column is the results table's cost per productive
    // GPU-hour (own €721,843 ÷ 161,280 h, bare metal €682,707 ÷ 161,280 h); then every 20 %.
    h.open_section("share-table-toggle").await?;
    h.wait_for_text("share-0-0", "€4.48").await?;
    assert_eq!(h.text("share-6-0").await?, "€4.23");
    let heads = h
        .js("return [...document.querySelectorAll('[data-testid=share-table] thead th')].map(t => t.textContent.trim());")
        .await?;
    assert_eq!(
        heads,
        serde_json::json!(["Option", "today 46%", "20%", "40%", "60%", "80%", "100%"])
    );
    // At a full share the bare-metal server costs its flat price per GPU-hour (€14,600 ÷ 8
    // GPUs ÷ 730 h = €2.50 in the first year, falling 12.5 % a year: €1.95 over the 60
    // months) and own €2.09: a little above the €2.06 its total today gives per GPU-hour of
    // the horizon, as GPUs busy all month draw more power.
    assert_eq!(h.text("share-6-5").await?, "€1.95");
    assert_eq!(h.text("share-0-5").await?, "€2.09");
    Ok(())
}
