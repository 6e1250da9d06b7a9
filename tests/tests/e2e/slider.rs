//! The working-days slider and its text box drive the results, and each other.

use gpu_tco_e2e::{Harness, Result};

const SLIDER: &str = "f-calendar-working_days-range";
const BOX: &str = "f-calendar-working_days";

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;

    // One day fewer: 20 × (12 h + 4 h) = 320 h, 320 / 730 = 43.8 % (one decimal, as the verdict says it).
    h.move_slider(SLIDER, 20.0).await?;
    h.wait_for_text("result-productive-hours", "320 h").await?;
    assert_eq!(h.text("result-productive-share").await?, "43.8%");
    assert_eq!(h.text("result-productive-gpu-hours").await?, "2,560");
    assert_eq!(
        h.field_value(BOX).await?,
        "20",
        "the text box follows the slider"
    );

    // Typing 21 brings the worked example back, and the slider follows the text box.
    h.set_field(BOX, "21").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(h.text("result-productive-share").await?, "46%");
    assert_eq!(
        h.field_value(SLIDER).await?,
        "21",
        "the slider follows the text box"
    );

    // The far end of the range: 30 days → 480 h, 65.8 %.
    let before = h.hash().await?;
    h.move_slider(SLIDER, 30.0).await?;
    h.wait_for_text("result-productive-hours", "480 h").await?;
    assert_eq!(h.text("result-productive-share").await?, "65.8%");

    // The charts were changed in place, element by element, on each move: they must be what a
    // page drawing them whole for the same inputs shows (its link, opened afresh).
    let link = h
        .wait_for_hash(
            |x| x != before && !x.is_empty(),
            "the link of 30 working days",
        )
        .await?;
    let patched = charts_dom(h).await?;
    let drawn = h
        .js("return [...document.querySelectorAll('.charts .chart')].map(c => +c.dataset.drawn)")
        .await?;
    assert!(
        drawn
            .as_array()
            .is_some_and(|d| d.len() == 3 && d.iter().all(|n| n.as_u64() > Some(2))),
        "each chart was drawn again on the moves: {drawn}"
    );
    h.open(&format!("/?lang=en&drawn=whole{link}")).await?;
    h.wait_for_text("result-productive-hours", "480 h").await?;
    let whole = charts_dom(h).await?;
    let drawn = h
        .js("return [...document.querySelectorAll('.charts .chart')].map(c => c.dataset.drawn)")
        .await?;
    assert_eq!(
        drawn,
        serde_json::json!(["1", "1", "1"]),
        "the link's charts are drawn once, whole"
    );
    assert_eq!(whole.len(), 3, "three charts: {whole:?}");
    assert!(
        whole.iter().all(|c| c.lines().count() > 20),
        "each chart has its elements: {whole:?}"
    );
    for (i, (p, w)) in patched.iter().zip(&whole).enumerate() {
        let first_diff = p.lines().zip(w.lines()).find(|(a, b)| a != b);
        assert!(
            p == w,
            "chart {i} changed in place differs from the one drawn whole: {first_diff:?}"
        );
    }

    // A drag: the first step after a rest updates everything, the table too; the steps that
    // follow it closely update the answer and the charts at once and hold the table back,
    // dimmed and marked busy, until the slider rests; then it shows what a page opened at the
    // last step shows.
    let v = h
        .js_async(
            r#"
            const done = arguments[arguments.length - 1];
            const s = document.getElementById('f-calendar-working_days-range');
            const q = id => document.querySelector(`[data-testid=${id}]`);
            const frame = () => new Promise(r => requestAnimationFrame(r));
            const move = async v => {
              s.value = String(v);
              s.dispatchEvent(new Event('input', { bubbles: true }));
              for (let k = 0; k < 20; k++) await Promise.resolve();
            };
            const charts = document.querySelector('.panel.charts');
            const cumulative = q('chart-cumulative').querySelector('.chart');
            const now = () => [
              q('result-productive-hours').textContent.trim(),
              q('rent-1-total').textContent.trim(),
              q('result-details').getAttribute('aria-busy'),
              getComputedStyle(q('result-details')).opacity,
              q('result-verdict').getAttribute('aria-busy'),
              charts.getAttribute('aria-busy'),
              cumulative.dataset.drawn,
            ];
            (async () => {
              await new Promise(r => setTimeout(r, 400));
              await move(29);
              await frame();
              const first = now();
              await move(28);
              await move(27);
              const during = now();
              const t0 = performance.now();
              while (q('result-details').getAttribute('aria-busy') === 'true' && performance.now() - t0 < 3000) {
                await new Promise(r => setTimeout(r, 10));
              }
              await frame();
              done([first, during, now()]);
            })().catch(e => done(String(e)));
            "#,
            vec![],
        )
        .await?;
    // Each as texts, an attribute left out as "".
    let part = |i: usize| -> Vec<String> {
        v[i].as_array()
            .map(|a| {
                a.iter()
                    .map(|x| x.as_str().unwrap_or_default().to_owned())
                    .collect()
            })
            .unwrap_or_default()
    };
    let (first, during, after) = (part(0), part(1), part(2));
    assert_eq!(first[0], "464 h", "{v}");
    assert_eq!(
        first[2], "",
        "the first step after a rest is not held back: {v}"
    );
    assert_eq!(during[0], "432 h", "the answer follows every step: {v}");
    // The table waits while the slider moves: it does not follow the last step. (Which step it
    // shows depends on the engine's pace: where painting the first step took longer than the
    // 250 ms that make a rest, as WebKit did on a busy machine, the second step counts as the
    // first after a rest and is shown at once, and only the third waits.)
    assert_ne!(
        during[1], after[1],
        "the table waits while the slider moves: {v}"
    );

    assert_eq!(during[2], "true", "and says so: {v}");
    assert_eq!(during[3], "0.6", "dimmed: {v}");
    // The verdict changes on every step too, but a screen reader says it once the slider rests.
    assert_eq!(first[4], "", "{v}");
    assert_eq!(during[4], "true", "the verdict's live region waits: {v}");
    assert_eq!(after[4], "", "{v}");
    assert_eq!(after[0], "432 h", "{v}");
    assert_ne!(after[1], first[1], "the table caught up: {v}");
    assert_eq!((after[2].as_str(), after[3].as_str()), ("", "1"), "{v}");
    // The charts are some 1,000 px below the window here: they wait for the rest as the table
    // does (a phone's are 14,000 px away), marked busy, and then draw the last step.
    assert_eq!(during[5], "true", "the charts out of view wait: {v}");
    let drawn = |x: &[String]| x[6].parse::<u32>().unwrap_or_default();
    assert!(
        drawn(&after) > drawn(&during),
        "the charts caught up once the slider rested: {v}"
    );
    assert_eq!(after[5], "", "{v}");
    let link = h
        .wait_for_hash(
            |x| x.contains("calendar.working_days=27"),
            "the link of 27 working days",
        )
        .await?;
    h.open(&format!("/?lang=en&drag=end{link}")).await?;
    h.wait_for_text("result-productive-hours", "432 h").await?;
    assert_eq!(h.text("rent-1-total").await?, after[1]);

    // Scrolled to the charts (a slider moved by its arrow keys while one looks at them), they
    // follow every step of a drag, and are not marked busy.
    let v = h
        .js_async(
            r#"
            const done = arguments[arguments.length - 1];
            const s = document.getElementById('f-calendar-working_days-range');
            const charts = document.querySelector('.panel.charts');
            const cumulative = charts.querySelector('[data-testid=chart-cumulative] .chart');
            const frame = () => new Promise(r => requestAnimationFrame(r));
            const inView = () => {
              const top = cumulative.getBoundingClientRect().top;
              return top > -10 && top < innerHeight / 2;
            };
            (async () => {
              // Scrolled there until it stays there (a page just opened may still move its
              // content, e.g. as the last step's held parts are drawn).
              for (let k = 0; k < 20; k++) {
                cumulative.scrollIntoView({ block: 'start' });
                await frame();
                await frame();
                await new Promise(r => setTimeout(r, 200));
                if (inView()) break;
              }
              await new Promise(r => setTimeout(r, 200));
              const seen = [];
              for (const v of [26, 25, 24]) {
                s.value = String(v);
                s.dispatchEvent(new Event('input', { bubbles: true }));
                for (let k = 0; k < 20; k++) await Promise.resolve();
                await frame();
                seen.push([+cumulative.dataset.drawn, charts.getAttribute('aria-busy'),
                  Math.round(cumulative.getBoundingClientRect().top), innerHeight]);
              }
              done(seen);
            })().catch(e => done(String(e)));
            "#,
            vec![],
        )
        .await?;
    let steps: Vec<(u64, Option<String>, i64, i64)> =
        serde_json::from_value(v.clone()).unwrap_or_default();
    assert_eq!(steps.len(), 3, "{v}");
    assert!(
        steps.windows(2).all(|w| w[1].0 > w[0].0),
        "the charts in view are drawn at every step: {v}"
    );
    assert!(
        steps.iter().all(|(_, busy, _, _)| busy.is_none()),
        "and are not busy: {v}"
    );
    Ok(())
}

/// Each chart's SVG as the DOM holds it: per element its tag, its attributes sorted, its text.
async fn charts_dom(h: &Harness) -> Result<Vec<String>> {
    let v = h
        .js(r#"
            const line = el => el.tagName + " " + [...el.attributes].map(a => a.name + "=" + a.value).sort().join(" ")
              + " | " + (el.children.length ? "" : el.textContent);
            return [...document.querySelectorAll(".charts .chart > svg")]
              .map(svg => [line(svg), ...[...svg.children].map(line)].join("\n"));
        "#)
        .await?;
    Ok(v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default())
}
