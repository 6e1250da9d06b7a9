//! Chart text never overlaps: in each of the three charts, in English and German, in a phone
//! window (390 px) and a desktop one (1280 px), no two `<text>` elements of the SVG have
//! intersecting bounding boxes as the engine lays them out (its own fonts and text metrics;
//! the charts place their texts by an estimate, see `web/src/charts.rs`).

use gpu_tco_e2e::{Error, Harness, Result};
use serde_json::{Value, json};

use crate::reference::Reference;

/// The charts checked.
const CHARTS: [&str; 3] = ["chart-cumulative", "chart-share", "chart-breakdown"];

/// Boxes that share less than this many pixels in either direction do not overlap (rounding of
/// the layout).
const TOLERANCE: f64 = 0.5;

/// Every non-empty `<text>` of the chart's SVG with its box in CSS pixels:
/// `{width, texts: [[text, left, top, right, bottom], …]}`, or null while it is not drawn.
const BOXES: &str = "
    const svg = document.querySelector(`[data-testid=\"${arguments[0]}\"] svg`);
    if (!svg || svg.getAttribute('width') !== arguments[1]) return null;
    svg.scrollIntoView({ block: 'center' });
    const texts = [...svg.querySelectorAll('text')]
      .filter((t) => t.textContent.trim() !== '')
      .map((t) => {
        const b = t.getBoundingClientRect();
        return [t.textContent.trim(), b.left, b.top, b.right, b.bottom];
      });
    return { width: svg.getAttribute('width'), texts };";

/// A text and its box.
#[derive(Debug, Clone, PartialEq)]
struct TextBox {
    text: String,
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

impl TextBox {
    fn overlap(&self, other: &TextBox) -> Option<(f64, f64)> {
        let x = self.right.min(other.right) - self.left.max(other.left);
        let y = self.bottom.min(other.bottom) - self.top.max(other.top);
        (x > TOLERANCE && y > TOLERANCE).then_some((x, y))
    }
}

/// Step: no two texts of a chart overlap, per chart, in both languages, at 390, 1024 and 1280
/// px (the phone, middle and desktop frames); and the texts are those Chromium drew at the same
/// size.
///
/// The desktop width is the window's. The others are frames that wide on a page of the
/// origin: Firefox's window gets no narrower than 500 px here and MiniBrowser's than 447 px.
pub async fn run(h: &Harness, r: &Reference) -> Result<()> {
    let mut found = Vec::new();
    for lang in ["en", "de"] {
        h.open(&format!("/?lang={lang}")).await?;
        check_charts(h, r, &mut found, lang, 1280, "760").await?;

        // A 1024 px window's column beside the inputs (604 px: the middle frame) and a phone's.
        for (width, units) in [(1024, "600"), (390, "360")] {
            h.js_with(
                "document.getElementById('e2e-narrower')?.remove();
                 const f = document.createElement('iframe');
                 f.id = 'e2e-narrower';
                 f.width = String(arguments[1]);
                 f.height = '2000';
                 Object.assign(f.style, { position: 'fixed', left: '0', top: '0', zIndex: '9999', border: '0' });
                 f.src = arguments[0];
                 document.body.prepend(f);",
                vec![json!(format!("/?lang={lang}")), json!(width)],
            )
            .await?;
            let frame = h.wait_for_css("#e2e-narrower").await?;
            frame
                .enter_frame()
                .await
                .map_err(|e| Error(format!("enter the {width} px frame: {e}")))?;
            let checked = check_charts(h, r, &mut found, lang, width, units).await;
            h.client
                .enter_parent_frame()
                .await
                .map_err(|e| Error(format!("leave the {width} px frame: {e}")))?;
            checked?;
        }
    }
    if found.is_empty() {
        Ok(())
    } else {
        Err(Error(format!(
            "chart texts overlap, or differ from Chromium's, in {}:\n{}",
            h.engine(),
            found.join("\n")
        )))
    }
}

/// Checks the three charts of the document in view (the page, or the frame entered), whose
/// viewport is `width` px wide and whose charts are drawn `frame` SVG units wide; adds what it
/// finds to `found`.
async fn check_charts(
    h: &Harness,
    r: &Reference,
    found: &mut Vec<String>,
    lang: &str,
    width: u32,
    frame: &str,
) -> Result<()> {
    let viewport = h
        .wait_for_js(
            "return document.querySelector('[data-testid=result-productive-hours]') && innerWidth;",
            vec![],
            "the calculator in view",
        )
        .await?;
    assert_eq!(
        viewport.as_f64(),
        Some(f64::from(width)),
        "the viewport's width"
    );
    for chart in CHARTS {
        let boxes = boxes(h, chart, frame).await?;
        let what = format!("{chart} {lang} {width} px");
        if let Err(e) = r.check(
            h,
            &format!("{what} texts"),
            chart_texts(boxes.iter().map(|b| b.text.as_str())),
        ) {
            found.push(e.0);
        }
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                if let Some((x, y)) = a.overlap(b) {
                    found.push(format!(
                        "{what}: {:?} and {:?} overlap by {x:.1} × {y:.1} px ({a:?}, {b:?})",
                        a.text, b.text
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The texts of a chart as a reading to compare across engines. Letter case is left out: the
/// compact money of the axes comes from the engine's locale data, and Debian's ICU 72 (CLDR 42,
/// which WebKitGTK uses) writes British thousands and millions as `€500K` and `€1M` where the
/// newer data of Chromium and Firefox write `€500k` and `€1m`.
pub fn chart_texts<'a>(texts: impl IntoIterator<Item = &'a str>) -> Value {
    texts.into_iter().map(str::to_lowercase).collect()
}

/// The boxes of a chart's texts once it is drawn in the frame `width` (SVG units) and laid out.
async fn boxes(h: &Harness, chart: &str, width: &str) -> Result<Vec<TextBox>> {
    let v = h
        .wait_for_js(
            BOXES,
            vec![json!(chart), json!(width)],
            &format!("{chart} drawn {width} wide"),
        )
        .await?;
    let texts = v["texts"].as_array().cloned().unwrap_or_default();
    let boxes: Vec<TextBox> = texts
        .iter()
        .map(|t| {
            let n = |i: usize| t[i].as_f64().unwrap_or(f64::NAN);
            TextBox {
                text: t[0].as_str().unwrap_or_default().to_owned(),
                left: n(1),
                top: n(2),
                right: n(3),
                bottom: n(4),
            }
        })
        .collect();
    // A chart that is not laid out (hidden, or skipped off screen) has boxes of no size, which
    // overlap nothing: that would prove nothing.
    let empty: Vec<&TextBox> = boxes
        .iter()
        .filter(|b| !(b.right - b.left > 1.0 && b.bottom - b.top > 1.0))
        .collect();
    if boxes.is_empty() || !empty.is_empty() {
        return Err(Error(format!(
            "{chart}: texts without a laid-out box: {empty:?} (of {})",
            Value::from(boxes.len())
        )));
    }
    Ok(boxes)
}
