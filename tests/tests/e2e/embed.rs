//! Embedding (DESIGN.md §4.3–4.4, §7) on the demo host page `demo.html`: the iframe snippet and
//! the script embed (`embed.js`) show the calculator, resize to their content by the height
//! message, accept that message only from their own frame, and the page quotes live figures
//! through the JS API (`api.js`).

use std::time::Duration;

use gpu_tco_e2e::{Error, Harness, Result, poll, testid_css};
use serde_json::{Value, json};

/// The iframe snippet (`<iframe data-gpu-tco-frame src="index.html?view=embed&lang=en">`).
pub const SNIPPET: &str = "iframe[data-gpu-tco-frame]";
/// The iframe `embed.js` made for `<div data-gpu-tco data-lang="de" …>`.
pub const SCRIPTED: &str = "div[data-gpu-tco] > iframe";
/// The presets of the script embed.
const OWN: &str = "own-h200-nvl-8";
const RENT: &str = "azure-nd-h200-reserved-3y,nebius-h200,bare-metal-monthly";

/// Text of the element matching `inner` in the document of the iframe matching `frame`.
const FRAME_TEXT: &str = "
    const f = document.querySelector(arguments[0]);
    const d = f && f.contentDocument;
    const e = d && d.querySelector(arguments[1]);
    return e ? e.textContent.trim() : null;";

/// Opens the demo page and waits until `embed.js` has made its iframe.
async fn open_demo(h: &Harness) -> Result<()> {
    h.open_page("/demo.html", SCRIPTED).await
}

/// Text of `[data-testid=testid]` inside the iframe `frame`, if it is there yet (a frame that
/// navigates while the script reads it is not: [`Error::frame_was_navigating`]).
pub async fn frame_text(h: &Harness, frame: &str, inner: &str) -> Result<Option<String>> {
    match h
        .js_with(FRAME_TEXT, vec![json!(frame), json!(inner)])
        .await
    {
        Ok(v) => Ok(v.as_str().map(str::to_owned)),
        Err(e) if e.frame_was_navigating() => Ok(None),
        Err(e) => Err(e),
    }
}

/// Waits until the text of `inner` in `frame` satisfies `ok`; returns it.
pub async fn wait_frame_text(
    h: &Harness,
    frame: &str,
    inner: &str,
    ok: impl Fn(&str) -> bool,
    what: &str,
) -> Result<String> {
    poll(
        async || {
            Ok(match frame_text(h, frame, inner).await? {
                Some(t) if ok(&t) => Ok(t),
                last => Err(last),
            })
        },
        |last| format!("{frame} {inner}: expected {what}, last seen {last:?}"),
    )
    .await
}

/// Waits until both embeds show the worked example's 336 productive hours (the snippet in
/// English, the script embed in German).
pub async fn both_show_336(h: &Harness) -> Result<()> {
    let hours = testid_css("result-productive-hours");
    // The script embed is German: "336 Std.".
    for (frame, want) in [(SNIPPET, "336 h"), (SCRIPTED, "336 Std.")] {
        // A person scrolls down to the second one (the iframes load lazily).
        h.js_with(
            "document.querySelector(arguments[0]).scrollIntoView();",
            vec![json!(frame)],
        )
        .await?;
        wait_frame_text(h, frame, &hours, |t| t == want, want).await?;
    }
    h.js("window.scrollTo(0, 0);").await?;
    Ok(())
}

/// Touches the iframe snippet's working days' box (its focus) while it shows the answer drawn
/// at build time, and waits until its calculator has taken over and shows the worked example's
/// 336 hours.
pub async fn touch_snippet(h: &Harness) -> Result<()> {
    let pre = h
        .js_with(
            "const d = document.querySelector(arguments[0]).contentDocument;
             const pre = !!d.querySelector('main[data-prerendered]');
             d.getElementById('f-calendar-working_days').focus();
             return pre;",
            vec![json!(SNIPPET)],
        )
        .await?;
    assert_eq!(pre, json!(true), "the snippet before a touch");
    h.wait_for_js(
        "const d = document.querySelector(arguments[0]).contentDocument;
         const h = d.querySelector('[data-testid=result-productive-hours]');
         return !d.querySelector('main[data-prerendered]') && h && h.textContent.trim() === '336 h'
           && d.querySelectorAll('main').length === 1;",
        vec![json!(SNIPPET)],
        "the snippet's calculator taking over after a touch",
    )
    .await?;
    Ok(())
}

/// `(style.height in px, content height)` of an iframe once embed.js has set its height from
/// a message (≥ 300 px) and it matches the content; waits for that.
async fn settled_height(h: &Harness, frame: &str) -> Result<(f64, f64)> {
    let v = h
        .wait_for_js(
            "const f = document.querySelector(arguments[0]);
             const d = f && f.contentDocument;
             if (!d || !d.documentElement) return null;
             const px = parseFloat(f.style.height);
             const content = d.documentElement.scrollHeight;
             return px >= 300 && Math.abs(px - content) <= 1 ? [px, content] : null;",
            vec![json!(frame)],
            &format!("{frame}: a height of at least 300 px, set from its content"),
        )
        .await?;
    let px = |i: usize| v[i].as_f64().unwrap_or(f64::NAN);
    Ok((px(0), px(1)))
}

/// Step: both embeds on the demo page show the calculator with their presets and language,
/// and each iframe took its height from its content's message.
pub async fn run(h: &Harness) -> Result<()> {
    open_demo(h).await?;

    // What embed.js made of the div: the calculator next to the script, its data attributes.
    // (Waited for through the driver too: the page's own query said it was there.)
    let frame = h.wait_for_css(SCRIPTED).await?;
    let attr = |name: &'static str| {
        let frame = frame.clone();
        async move {
            frame
                .attr(name)
                .await
                .map_err(|e| Error(format!("{SCRIPTED}[{name}]: {e}")))
        }
    };
    // The embed's own page (its own module, the compact view alone).
    let src = format!(
        "{}/embed.html?view=embed&lang=de&own={OWN}&rent={RENT}",
        h.server.origin
    );
    assert_eq!(attr("src").await?.as_deref(), Some(src.as_str()));
    // Its accessible name in the embed's language (German here).
    assert_eq!(
        attr("title").await?.as_deref(),
        Some("Rechner: GPUs mieten oder eigenen Server kaufen")
    );
    assert_eq!(attr("loading").await?.as_deref(), Some("lazy"));
    assert_eq!(attr("width").await?.as_deref(), Some("100%"));

    both_show_336(h).await?;
    // The snippet (the default scenario) shows the answer its module drew at build time and
    // fetched no module; the script embed (presets) runs its module at once.
    let modes = h
        .js_with(
            "return [arguments[0], arguments[1]].map((css) => {
               const w = document.querySelector(css).contentWindow;
               return [!!w.document.querySelector('main[data-prerendered]'),
                 w.performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm')).length];
             });",
            vec![json!(SNIPPET), json!(SCRIPTED)],
        )
        .await?;
    assert_eq!(
        modes,
        json!([[true, 0], [false, 1]]),
        "[prerendered, wasm files] of each embed"
    );

    // The snippet is the default scenario; the script embed has its presets (own and three rent
    // options: a reservation, per GPU, bare metal by the month) and speaks German. The hours are the workload's, so they do not change. The
    // options are read where the embed names them: its chart's legend (own, then "1 · …").
    let own = testid_css("legend-0");
    let rent0 = testid_css("legend-1");
    let snippet_rent = frame_text(h, SNIPPET, &rent0).await?.unwrap_or_default();
    assert!(
        snippet_rent.contains("p5en"),
        "snippet rent option 0: {snippet_rent:?}"
    );
    assert!(
        frame_text(h, SNIPPET, &testid_css("legend-2"))
            .await?
            .is_some(),
        "the snippet keeps the default's rent options"
    );
    let scripted_own = frame_text(h, SCRIPTED, &own).await?.unwrap_or_default();
    // The preset's name in the embed's language.
    assert_eq!(scripted_own, "8× H200-NVL-Server, eigen");
    let scripted_rent = frame_text(h, SCRIPTED, &rent0).await?.unwrap_or_default();
    assert!(
        scripted_rent.contains("Azure"),
        "script embed rent option: {scripted_rent:?}"
    );
    assert!(
        frame_text(h, SCRIPTED, &testid_css("legend-3"))
            .await?
            .is_some_and(|t| t.contains("Bare-Metal-Server")),
        "the script embed's third rent option is data-rent's third"
    );
    assert_eq!(
        frame_text(h, SCRIPTED, &testid_css("legend-4")).await?,
        None,
        "the script embed has exactly the three rent options of data-rent"
    );
    assert_eq!(
        frame_text(h, SCRIPTED, "#open-full").await?.as_deref(),
        Some("Vollständigen Rechner öffnen"),
        "the script embed is German"
    );
    // Its own server runs H200 NVL, its cloud options H200 SXM: the answer says it counts an hour
    // of one as an hour of the other, and where the sizing is (the embed has none). The
    // snippet's options all run H200 SXM, or name no model (the bare-metal offer).
    assert_eq!(
        frame_text(h, SCRIPTED, &testid_css("models-differ"))
            .await?
            .as_deref(),
        Some(
            "Die Optionen laufen auf verschiedenen GPU-Modellen (NVIDIA H200 NVL: Eigener Server; \
             NVIDIA H200 SXM (HGX): Option 1, Option 2; kein Modell genannt: Option 3), und die Antwort darunter zählt eine Stunde der einen GPU \
             wie eine Stunde jeder anderen, obwohl die Modelle unterschiedlich viele Token pro \
             Stunde liefern. Die Bemessung zählt die GPUs jeder Option für Ihr Modell und Ihre \
             Last; wo ein Modell für dieselbe Arbeit mehr GPUs braucht, preist „Diese \
             GPU-Anzahlen übernehmen“ sie ein. Der vollständige Rechner hat die Bemessung, unter \
             „Wie viele GPUs?“."
        )
    );
    assert_eq!(
        frame_text(h, SNIPPET, &testid_css("models-differ")).await?,
        None
    );
    assert_eq!(
        frame_text(h, SNIPPET, "#open-full").await?.as_deref(),
        Some("Open the full calculator")
    );
    // Its link to the full calculator carries the same scenario.
    let full = h
        .js_with(
            "const a = document.querySelector(arguments[0]).contentDocument.getElementById('open-full');
             return decodeURIComponent(a.href);",
            vec![json!(SCRIPTED)],
        )
        .await?;
    let full = full.as_str().unwrap_or_default();
    assert!(
        full.starts_with(&format!("{}/?lang=de#v=2", h.server.origin)) && full.contains("Azure"),
        "open-full link: {full:?}"
    );

    // Both heights came from the embeds' messages: at least 300 px, and the content's own.
    for frame in [SNIPPET, SCRIPTED] {
        settled_height(h, frame).await?;
    }
    Ok(())
}

/// The demo page's answer against the cheapest way to rent that holds capacity.
pub const QUOTE_ANSWER: &str = "owning costs €39,136 more than that server over the 60 months";

/// Step: the host page's text quotes figures computed in the page by `api.js`, which loads the
/// module without mounting the calculator; the API answers bad input with an error object.
pub async fn quote(h: &Harness) -> Result<()> {
    open_demo(h).await?;
    h.wait_until_css("#quote-hours", |t| t == "336", "\"336\"")
        .await?;
    // The answer against the cheapest way to rent that holds capacity (the bare-metal server,
    // its price falling 12.5 % a year: renting stays cheaper), named: not against the dearest
    // (on demand around the clock, where owning pays off from month 10).
    h.wait_until_css("#quote-answer", |t| t == QUOTE_ANSWER, QUOTE_ANSWER)
        .await?;
    assert_eq!(
        h.js("return document.getElementById('quote-held').textContent;")
            .await?
            .as_str(),
        Some("Bare-metal 8-GPU server, monthly")
    );
    let host = h
        .js(r"const loaded = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
             return [loaded.some((p) => /^\/gpu-tco-api-[0-9a-f]{16}_bg\.wasm$/.test(p)),
                     loaded.filter((p) => p.startsWith('/gpu-tco-web-')),
                     document.querySelector('[data-testid=result-productive-hours]') === null];")
        .await?;
    assert_eq!(
        host,
        json!([true, [], true]),
        "the host page loaded the JS API's own module, not the calculator's, and no calculator"
    );

    let answers = h
        .js_async(
            "const done = arguments[arguments.length - 1];
             import('/api.js').then(async (api) => {
               const partial = await api.evaluate({ calendar: { working_days: '20' } });
               const range = await api.evaluate({ calendar: { working_days: '99' } });
               let junk;
               try { junk = await api.evaluate('junk'); } catch (e) { junk = { thrown: String(e) }; }
               done([partial.report ? partial.report.load.productive_hours : partial,
                     range.error || range, junk.error ? typeof junk.error.kind : junk]);
             }, (e) => done({ import_failed: String(e) }));",
            vec![],
        )
        .await?;
    // 20 working days × (12 h + 4 h) = 320 h.
    assert_eq!(
        answers[0].as_str().and_then(|s| s.parse::<f64>().ok()),
        Some(320.0),
        "partial scenario: {answers}"
    );
    assert_eq!(answers[1]["kind"], "out_of_range", "{answers}");
    assert_eq!(answers[1]["path"], "calendar.working_days", "{answers}");
    assert_eq!(
        answers[2], "string",
        "junk gets an error, not an exception: {answers}"
    );
    Ok(())
}

/// The state of both embeds that no foreign message may change: the iframe's height, its
/// address, and the whole rendered calculator.
const SNAPSHOT: &str = "
    return [...document.querySelectorAll(arguments[0])].map((f) => [
      f.style.height, f.contentWindow.location.href, f.contentDocument.body.innerHTML]);";

async fn snapshot(h: &Harness) -> Result<Value> {
    h.js_with(SNAPSHOT, vec![json!(format!("{SNIPPET}, {SCRIPTED}"))])
        .await
}

/// The snapshot once two in a row, 200 ms apart, agree (the embeds have finished rendering).
async fn steady_snapshot(h: &Harness) -> Result<Value> {
    let mut last = snapshot(h).await?;
    for _ in 0..25 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let now = snapshot(h).await?;
        if now == last {
            return Ok(now);
        }
        last = now;
    }
    Err(Error("the embeds did not settle within 5 s".to_owned()))
}

/// Step: messages that did not come from an embed's own frame change nothing: a forged height
/// and junk sent into the embeds, a forged height the host sends to itself, and from inside an
/// embed, heights out of bounds or of the wrong type. A valid height from the frame is applied.
pub async fn hostile_messages(h: &Harness) -> Result<()> {
    open_demo(h).await?;
    both_show_336(h).await?;
    for frame in [SNIPPET, SCRIPTED] {
        settled_height(h, frame).await?;
    }
    let before = steady_snapshot(h).await?;

    // Into the embeds: a forged height and junk. The embed listens to no message; the probe
    // listener added here only tells when the last one has been delivered.
    h.js_async(
        "const done = arguments[arguments.length - 1];
         const frames = [...document.querySelectorAll(arguments[0])];
         let pending = frames.length;
         for (const f of frames) {
           const w = f.contentWindow;
           w.addEventListener('message', (e) => {
             if (e.data === 'e2e-sentinel' && --pending === 0) setTimeout(() => done(true), 100);
           });
           for (const m of [{ type: 'gpu-tco:height', height: 99999 }, { type: 'gpu-tco:height', height: 200 },
                            'junk', null, 42, [1, 2], { type: 'gpu-tco:scenario', scenario: { calendar: { working_days: '1' } } },
                            '<img src=x onerror=alert(1)>']) {
             w.postMessage(m, '*');
           }
           w.postMessage('e2e-sentinel', '*');
         }",
        vec![json!(format!("{SNIPPET}, {SCRIPTED}"))],
    )
    .await?;
    // The host forges a height message to itself: its source is not an embed's frame.
    h.js_async(
        "const done = arguments[arguments.length - 1];
         window.addEventListener('message', (e) => {
           if (e.data === 'e2e-sentinel') setTimeout(() => done(true), 100);
         });
         window.postMessage({ type: 'gpu-tco:height', height: 5000 }, '*');
         window.postMessage({ type: 'gpu-tco:height', height: 120 }, '*');
         window.postMessage('e2e-sentinel', '*');",
        vec![],
    )
    .await?;
    let after = snapshot(h).await?;
    assert!(
        before == after,
        "a foreign message changed an embed or its height:\nbefore {}\nafter  {}",
        summary(&before),
        summary(&after)
    );

    // From inside the snippet's frame (the one source embed.js accepts), only a plausible
    // number is a height.
    h.js(
        "window.__e2eSeen = 0;
         window.addEventListener('message', (e) => { if (e.data === 'e2e-sentinel') window.__e2eSeen++; });",
    )
    .await?;
    let height = || async {
        h.js_with(
            "return document.querySelector(arguments[0]).style.height;",
            vec![json!(SNIPPET)],
        )
        .await
    };
    let set = height().await?;
    in_frame(
        h,
        SNIPPET,
        "for (const v of [50, 99.9, 10001, 1e9, Infinity, NaN, -400, '700', null, undefined, [700]]) {
           parent.postMessage({ type: 'gpu-tco:height', height: v }, '*');
         }
         parent.postMessage({ type: 'gpu-tco:other', height: 700 }, '*');
         parent.postMessage({ height: 700 }, '*');
         parent.postMessage(JSON.stringify({ type: 'gpu-tco:height', height: 700 }), '*');
         parent.postMessage('e2e-sentinel', '*');",
    )
    .await?;
    h.wait_for_js(
        "return window.__e2eSeen >= 1;",
        vec![],
        "the first sentinel",
    )
    .await?;
    assert_eq!(height().await?, set, "an implausible height was applied");
    // Every height the host applies is recorded: the embed itself reports its real height
    // again as soon as the forced one changes its layout (a scrollbar appears), so the forged
    // value may not be the last one.
    h.js_with(
        "const frame = document.querySelector(arguments[0]);
         window.__applied = [];
         new MutationObserver(() => window.__applied.push(frame.style.height))
           .observe(frame, { attributes: true, attributeFilter: ['style'] });",
        vec![json!(SNIPPET)],
    )
    .await?;
    in_frame(
        h,
        SNIPPET,
        "parent.postMessage({ type: 'gpu-tco:height', height: 777.2 }, '*');
         parent.postMessage('e2e-sentinel', '*');",
    )
    .await?;
    h.wait_for_js(
        "return window.__e2eSeen >= 2;",
        vec![],
        "the second sentinel",
    )
    .await?;
    let applied = h.js("return window.__applied;").await?;
    assert!(
        gpu_tco_e2e::strings(&applied).iter().any(|v| v == "778px"),
        "a valid height from the frame was applied: {applied}"
    );
    Ok(())
}

/// Runs `script` inside the document of the iframe `frame` (WebDriver "switch to frame"), so
/// that its messages come from that frame's window.
async fn in_frame(h: &Harness, frame: &str, script: &str) -> Result<()> {
    h.wait_for_css(frame)
        .await?
        .enter_frame()
        .await
        .map_err(|e| Error(format!("enter {frame}: {e}")))?;
    let ran = h.js(script).await;
    h.client
        .enter_parent_frame()
        .await
        .map_err(|e| Error(format!("leave {frame}: {e}")))?;
    ran.map(|_| ())
}

/// A short form of a snapshot for messages: heights, addresses and content sizes.
fn summary(v: &Value) -> String {
    v.as_array()
        .map(|frames| {
            frames
                .iter()
                .map(|f| {
                    format!(
                        "[{} {} {} chars]",
                        f[0],
                        f[1],
                        f[2].as_str().map_or(0, str::len)
                    )
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

/// Step: an embed grows with its content: when the window gets narrower, the embed's two
/// columns stack and its iframe follows the new content height.
pub async fn grows(h: &Harness) -> Result<()> {
    open_demo(h).await?;
    both_show_336(h).await?;
    let (wide, _) = settled_height(h, SNIPPET).await?;
    h.at_window_width(560, async {
        let v = h
            .wait_for_js(
                "const f = document.querySelector(arguments[0]);
                 const px = parseFloat(f.style.height);
                 const content = f.contentDocument.documentElement.scrollHeight;
                 return px >= arguments[1] + 100 && Math.abs(px - content) <= 1 ? px : null;",
                vec![json!(SNIPPET), json!(wide)],
                &format!("{SNIPPET} taller than {wide} px + 100 in a narrow window"),
            )
            .await?;
        eprintln!("  embed height: {wide} px wide, {v} px narrow");
        // Its charts are drawn for the narrow column they have (the phone frame, 360 wide),
        // not shrunk from the desktop frame (760), so their type stays readable.
        let width = h
            .wait_for_js(
                "const d = document.querySelector(arguments[0]).contentDocument;
                 const svg = d.querySelector('[data-testid=chart-cumulative] svg');
                 return svg ? svg.getAttribute('width') : null;",
                vec![json!(SNIPPET)],
                "the embed's cumulative chart",
            )
            .await?;
        assert_eq!(width, json!("360"));
        // Stacked, the inputs come above the results: the answer's sentences come first, inside
        // the frame's first screen (the verdict itself is some 900 px down).
        let top = h
            .wait_for_js(
                "const d = document.querySelector(arguments[0]).contentDocument;
                 const a = d.querySelector('[data-testid=answer-top]');
                 const held = d.querySelector('[data-testid=top-held]');
                 return a && held && getComputedStyle(a).display !== 'none'
                   ? [Math.round(a.getBoundingClientRect().top), held.textContent] : null;",
                vec![json!(SNIPPET)],
                "the embed's answer at the top",
            )
            .await?;
        assert!(
            top[0].as_f64().is_some_and(|y| y < 100.0),
            "the answer at the top of the narrow embed: {top}"
        );
        assert_eq!(
            top[1],
            "Holding capacity: “Bare-metal 8-GPU server, monthly” is cheaper than owning by \
             €39,136 over 60 months."
        );
        Ok(())
    })
    .await?;
    // A frame in an article's column on a tablet (a 768 px window, the frame about 690 px):
    // stacked too, the answer at its top (side by side its results had some 370 px beside an
    // inputs column empty below its inputs).
    h.at_window_width(768, async {
        let frame = h
            .wait_for_js(
                "const f = document.querySelector(arguments[0]);
                 const a = f.contentDocument.querySelector('[data-testid=answer-top]');
                 return a && getComputedStyle(a).display !== 'none'
                   ? Math.round(f.getBoundingClientRect().width) : null;",
                vec![json!(SNIPPET)],
                "the answer at the top of the embed in a 768 px window",
            )
            .await?;
        assert!(
            frame.as_f64().is_some_and(|w| (600.0..=720.0).contains(&w)),
            "the frame's width: {frame}"
        );
        Ok(())
    })
    .await?;
    // Side by side (a wide frame), the answer stands beside the inputs: no answer at the top.
    let shown = h
        .js_with(
            "const a = document.querySelector(arguments[0]).contentDocument
               .querySelector('[data-testid=answer-top]');
             return a ? getComputedStyle(a).display : 'absent';",
            vec![json!(SNIPPET)],
        )
        .await?;
    assert_eq!(shown, json!("none"));
    Ok(())
}

/// Step: the embed's page loads only what the compact view needs: its page, the style sheet and
/// its own module, not the full page's module nor the sections loaded on demand; and it shows
/// the worked example's figures.
pub async fn loads_only_itself(h: &Harness) -> Result<()> {
    h.open_page(
        "/embed.html?view=embed&lang=en",
        "[data-testid=result-productive-hours]",
    )
    .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    h.wait_for_css("[data-testid=chart-cumulative] svg").await?;
    // It shows the summary and the one chart, and has none of the page's table, cost lines or
    // other charts (its module carries none of their code).
    for absent in [
        "row-own",
        "rent-0-break-even",
        "chart-share",
        "chart-breakdown",
        "monthly-note",
    ] {
        assert_eq!(
            h.js_with(
                "return document.querySelectorAll(`[data-testid=${arguments[0]}]`).length;",
                vec![json!(absent)],
            )
            .await?,
            0,
            "the embed has no {absent}"
        );
    }
    // Owning breaks even against option 1 (always on) in month 10: the label of its dot on the
    // chart, in the option's colour.
    assert_eq!(
        h.text("legend-1").await?,
        "1 · AWS p5en on-demand, always on"
    );
    let labels = h
        .js(
            "return [...document.querySelectorAll('[data-testid=chart-cumulative] svg text')]
                .filter((t) => (t.getAttribute('fill') || '').toUpperCase() === '#2166AC')
                .map((t) => t.textContent);",
        )
        .await?;
    assert_eq!(labels, json!(["10"]), "option 1's break-even label");
    // The chart is framed around the options that decide (own €721,843, bare metal €682,707):
    // its axis ends at €1m, not above the always-on instance's €1.9m, whose line leaves the
    // chart at its top in month 28, as the note under the chart says.
    let ticks = h
        .js(
            "return [...document.querySelectorAll('[data-testid=chart-cumulative] svg text')]
                .map((t) => t.textContent).filter((t) => t.startsWith('€'));",
        )
        .await?;
    assert_eq!(
        ticks,
        json!(["€0", "€200k", "€400k", "€600k", "€800k", "€1m"]),
        "the cumulative chart's money ticks"
    );
    assert_eq!(
        h.text("chart-above").await?,
        "Above the chart's top: 1 · “AWS p5en on-demand, always on” from month 28 (€1,869,062 \
         over 60 months). The chart as a table below lists the figures."
    );
    // Own's line falls at the horizon: the note says why (its servers' resale, credited then).
    assert_eq!(
        h.text("chart-resale").await?,
        "The line of “8× H200 server, own” falls in month 60: what its servers are worth then, \
         €39,875, is credited."
    );
    // Its first fields say what they are (the page's own heading is for screen readers).
    assert_eq!(
        h.text_of(".embed-inputs h2.embed-group").await?,
        "Service window (interactive)"
    );
    // Its one price is that of the option the answer is about (the cheapest way to rent that
    // holds capacity: bare metal by the month, option 6), so changing it changes the answer.
    assert_eq!(
        h.text("embed-option").await?,
        "Bare-metal 8-GPU server, monthly"
    );
    let held = h.text("verdict-held").await?;
    assert!(
        held.contains("Bare-metal") && held.contains("€39,136 cheaper than owning"),
        "{held}"
    );
    // The rate it points to is the full calculator's (the embed has no Finance panel).
    assert_eq!(
        h.text("verdict-nominal").await?,
        "Totals as paid, not discounted: a discount rate (in the full calculator) weighs a \
         server paid up front against rent paid later."
    );
    // It says the price it rests on is the preset's example figure, and where that comes from.
    assert_eq!(
        h.text("verdict-held-basis").await?,
        "This answer rests on the preset price of “Bare-metal 8-GPU server, monthly”: €14,600 \
         per server-month (the method's second article, “KI-Inferenz auf Bare Metal” (2026): \
         specialised GPU clouds 2–3 EUR per GPU-hour, as of 2026; 2.50 EUR per GPU-hour × 730 \
         h × 8 GPUs as a flat monthly price; no GPU model named, so its GPU-hour counts as one \
         of any other option's; ask for a real offer naming the model)."
    );
    // What each option costs: the prices the answers rest on (own's server, each option's
    // rate) and the figures they add up to, which the embed has no table for otherwise.
    h.open_section("embed-costs-toggle").await?;
    h.wait_for_css("[data-testid=costs-table]").await?;
    for (cell, want) in [
        ("costs-0-price", "€319,000 per server, 1 server bought"),
        ("costs-0-monthly", "€7,295"),
        ("costs-0-once", "€284,125"),
        ("costs-0-total", "€721,843"),
        ("costs-1-price", "US$63.30 per instance-hour, 8 GPUs billed"),
        ("costs-1-total", "€1,869,062"),
        ("costs-6-price", "€14,600 per server-month, 8 GPUs billed"),
        ("costs-6-total", "€682,707"),
        ("costs-5-capacity", "capacity risk"),
        // The reservation under a 3-year plan owes 12 months of its second term at month 60.
        ("costs-4-stop", "€1,036,144 (Rest of commitment €137,694)"),
        (
            "costs-1-lines",
            "Compute €31,044 a month; Storage €107 a month",
        ),
    ] {
        assert_eq!(h.text(cell).await?, want, "{cell}");
    }
    assert_eq!(
        h.text("costs-note").await?,
        "“Running cost per month” is an average over the 60 months, with each option's \
         yearly price change. All amounts except the prices are rounded to whole units: 60 times the \
         running cost plus the one-time amounts can differ from the total by up to half a unit a \
         month. Prices in USD are converted at 1.16 US dollars per euro."
    );
    // Own's setup and resale, which its one-time amount nets, are in its lines.
    let own_lines = h.text("costs-0-lines").await?;
    assert!(
        own_lines.starts_with(
            "Setup €5,000 one-time; Hardware €319,000 one-time; Resale value (credit)"
        ),
        "{own_lines}"
    );
    // The savings plan that commits nothing says why it costs what start/stop does.
    let plan = h.text("costs-3-plan").await?;
    assert!(
        plan.ends_with("With none committed this costs what on-demand start/stop costs."),
        "{plan}"
    );
    // The per-GPU offer's cheapest way stops its instances; its cell says what holding them
    // would cost, as the page's row does.
    let plan = h.text("costs-5-plan").await?;
    assert_eq!(
        plan,
        "All 8 instances stopped outside busy hours: 2,772 instance-hours a month billed on \
         demand (busy hours and on average 336 starts), 3,068 h stopped. Holding capacity \
         instead (all 8 instances held on demand all month): €830,406 over 60 months."
    );
    h.set_field("f-rent-5-price", "9000").await?;
    h.wait_until(
        "verdict-held",
        |t| t != held,
        "the answer after bare metal's price changed",
    )
    .await?;
    // The open table follows the price entered.
    h.wait_for_text("costs-6-price", "€9,000 per server-month, 8 GPUs billed")
        .await?;
    // A price of the visitor's own is no preset's: the sentence is gone.
    assert_eq!(
        h.js("return document.querySelectorAll('[data-testid=verdict-held-basis]').length;")
            .await?,
        0,
        "the basis sentence after the price was entered"
    );
    // The full calculator's link carries the price the results rest on; an entry the embed
    // cannot take (99,999,999,999, above the 10⁹ a price may be, after valid prices on the way)
    // leaves it at 9000, as the results. (Digits only: Firefox's number box drops a letter.)
    let href = "return document.getElementById('open-full').getAttribute('href');";
    h.wait_for_js(
        "return document.getElementById('open-full').getAttribute('href').includes('rent.5.price=9000');",
        vec![],
        "the full calculator's link with the entered price",
    )
    .await?;
    h.click("#f-calendar-working_days").await?;
    h.set_field("f-rent-5-price", "99999999999").await?;
    h.wait_for_js(
        "const t = document.getElementById('f-rent-5-price-err').textContent.trim();
         return t || null;",
        vec![],
        "the message at the price",
    )
    .await?;
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    let link = h.js(href).await?;
    assert!(
        link.as_str()
            .is_some_and(|l| l.contains("rent.5.price=9000")),
        "{link}"
    );
    let loaded = fetched(h).await?;
    let module = |u: &String, name: &str| u.starts_with(&format!("/{name}-"));
    assert!(
        loaded
            .iter()
            .any(|u| module(u, "gpu-tco-embed") && u.ends_with("_bg.wasm")),
        "the embed's module: {loaded:?}"
    );
    let other: Vec<&String> = loaded
        .iter()
        .filter(|u| {
            !(u.as_str() == "/embed.html"
                // The shared styles, not the full page's own (page-*.css).
                || (u.starts_with("/style-") && u.ends_with(".css"))
                || module(u, "gpu-tco-embed"))
        })
        .collect();
    assert!(
        other.is_empty(),
        "the embed loaded more than itself: {other:?} (all: {loaded:?})"
    );
    Ok(())
}

/// The files the current page (and its frames) fetched: paths without query or fragment,
/// sorted, each once.
async fn fetched(h: &Harness) -> Result<Vec<String>> {
    let origin = &h.server.origin;
    let mut loaded: Vec<String> = h
        .loaded_urls()
        .await?
        .into_iter()
        .map(|u| u.replacen(origin.as_str(), "", 1))
        .map(|u| u.split(['?', '#']).next().unwrap_or_default().to_owned())
        .collect();
    loaded.sort();
    loaded.dedup();
    Ok(loaded)
}

/// Whether `files` are exactly the embed's page and its shared style sheet.
fn page_and_styles(files: &[String]) -> bool {
    matches!(files, [page, css] if page == "/embed.html"
        && css.starts_with("/style-") && css.ends_with(".css"))
}

/// Step: an article's embed answers before its calculator loads. With the default scenario it
/// shows the worked example's answer as the embed's own module drew it at build time, having
/// fetched only its page and its style sheet; a reader who clicks a box and types at once gets
/// the calculator, which takes the view's place with what was typed, and the answer follows. In
/// German and in a phone's frame too; a host page's presets load the calculator at once.
pub async fn before_a_touch(h: &Harness) -> Result<()> {
    let hours = testid_css("result-productive-hours");
    h.open_page("/embed.html?view=embed&lang=en", &hours)
        .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert!(
        h.prerendered().await?,
        "the default embed before a touch shows the answer drawn at build time"
    );
    for (testid, want) in [
        ("result-productive-share", "46%"),
        ("result-productive-gpu-hours", "2,688"),
        ("legend-1", "1 · AWS p5en on-demand, always on"),
        (
            "top-held",
            "Holding capacity: “Bare-metal 8-GPU server, monthly” is cheaper than owning by \
             €39,136 over 60 months.",
        ),
    ] {
        assert_eq!(h.text(testid).await?, want, "{testid} before a touch");
    }
    assert_eq!(
        h.field_value("f-calendar-working_days").await?,
        "21",
        "the working days' box before a touch"
    );
    let before = fetched(h).await?;
    assert!(
        page_and_styles(&before),
        "the embed fetched more than its page and styles before a touch: {before:?}"
    );
    // Reading is not touching, nor is a click on the answer's text (selecting it to copy): a
    // moment later it has still fetched nothing else.
    let text = h.find(&testid_css("verdict-held")).await?;
    h.scroll_to(&text).await?;
    text.click()
        .await
        .map_err(|e| Error(format!("click the answer's text: {e}")))?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(fetched(h).await?, before, "fetched while being read");
    assert!(
        h.prerendered().await?,
        "still the answer drawn at build time"
    );

    // The reader clicks the working days' box and types 20 at once, without waiting.
    let el = h.find("#f-calendar-working_days").await?;
    h.scroll_to(&el).await?;
    el.click()
        .await
        .map_err(|e| Error(format!("click the working days' box: {e}")))?;
    let keys: String = [
        char::from(fantoccini::key::Key::End),
        char::from(fantoccini::key::Key::Backspace),
        char::from(fantoccini::key::Key::Backspace),
        '2',
        '0',
    ]
    .into_iter()
    .collect();
    h.type_text(&keys).await?;
    // The calculator took over with the 20 typed, and computes: 20 days × 12 h + 4 h × 24.
    h.wait_for_text("result-productive-hours", "320 h").await?;
    assert!(!h.prerendered().await?, "the live view after the touch");
    assert_eq!(h.field_value("f-calendar-working_days").await?, "20");
    assert_eq!(
        h.js("return document.activeElement && document.activeElement.id;")
            .await?,
        json!("f-calendar-working_days"),
        "the focus stays in the box typed into"
    );
    assert_eq!(
        h.js("return document.querySelectorAll('main').length;")
            .await?,
        json!(1),
        "one view"
    );
    let after = fetched(h).await?;
    let module: Vec<&String> = after
        .iter()
        .filter(|u| u.starts_with("/gpu-tco-embed-"))
        .collect();
    assert!(
        module.len() == 2
            && module.iter().any(|u| u.ends_with(".js"))
            && module.iter().any(|u| u.ends_with("_bg.wasm")),
        "the embed's module after the touch: {after:?}"
    );
    assert_eq!(
        after.len(),
        4,
        "the page, its styles and its module: {after:?}"
    );

    // On a slow network (where the browser lets the test slow it): the load is said beside the
    // box touched, over the page (the box does not move), and announced; the section opened
    // meanwhile says its content is coming; then the calculator takes over with the focus on
    // the section's summary and the section built.
    if h.engine().has_devtools() {
        // Not from the browser's cache, where the first part left the module, nor from a
        // service worker's, which an earlier step may have installed.
        h.cdp("Network.enable", json!({})).await?;
        h.cdp("Network.setCacheDisabled", json!({"cacheDisabled": true}))
            .await?;
        h.cdp("Network.setBypassServiceWorker", json!({"bypass": true}))
            .await?;
        h.open_page("/embed.html?view=embed&lang=en", &hours)
            .await?;
        let slow = json!({"offline": false, "latency": 300, "downloadThroughput": 50_000,
            "uploadThroughput": 50_000});
        h.cdp("Network.emulateNetworkConditions", slow).await?;
        let slowed = async {
            let el = h.find("#f-rent-5-price").await?;
            h.scroll_to(&el).await?;
            let top = "return Math.round(document.getElementById('f-rent-5-price').getBoundingClientRect().top);";
            let before = h.js(top).await?;
            el.click()
                .await
                .map_err(|e| Error(format!("click the price: {e}")))?;
            h.wait_until_css(".pre-status", |t| t == "Loading the calculator…", "the loading label")
                .await?;
            assert_eq!(h.js(top).await?, before, "the box touched does not move");
            assert_eq!(
                h.js("const l = document.querySelector('.pre-status').getBoundingClientRect();
                      const b = document.getElementById('f-rent-5-price').getBoundingClientRect();
                      return l.top >= b.bottom && l.top - b.bottom < 10;")
                    .await?,
                json!(true),
                "the label right under the box"
            );
            assert_eq!(h.text("notice").await?, "Loading the calculator…");
            let summary = format!("{} > summary", testid_css("embed-costs-toggle"));
            h.js_with(
                "const s = document.querySelector(arguments[0]); s.focus(); s.click();",
                vec![json!(summary)],
            )
                .await?;
            h.wait_until_css(".pre-wait", |t| t == "Loading the calculator…", "the section's wait")
                .await?;
            Ok::<(), Error>(())
        }
        .await;
        h.cdp(
            "Network.emulateNetworkConditions",
            json!({"offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}),
        )
        .await?;
        h.cdp("Network.setCacheDisabled", json!({"cacheDisabled": false}))
            .await?;
        h.cdp("Network.setBypassServiceWorker", json!({"bypass": false}))
            .await?;
        slowed?;
        h.wait_for_css("[data-testid=costs-table]").await?;
        assert!(!h.prerendered().await?, "live after the load");
        assert_eq!(
            h.js(
                "return [document.querySelectorAll('.pre-status, .pre-wait').length,
                   document.activeElement.parentElement.getAttribute('data-testid'),
                   document.activeElement.tagName];"
            )
            .await?,
            json!([0, "embed-costs-toggle", "SUMMARY"]),
            "[labels left, the focus's section, the focus]"
        );
    }

    // In an article's column (a 650 px window): the chart drawn at build time is the middle
    // frame's (600 wide), the one the module draws there, so a touch does not resize it.
    h.at_window_width(650, async {
        h.open_page("/embed.html?view=embed&lang=en", &hours).await?;
        h.wait_for_text("result-productive-hours", "336 h").await?;
        let width = "return [!!document.querySelector('main[data-prerendered]'), \
                     document.querySelector('[data-testid=chart-cumulative] svg').getAttribute('width')];";
        assert_eq!(h.js(width).await?, json!([true, "600"]), "before a touch");
        let el = h.find("#f-calendar-working_days").await?;
        h.scroll_to(&el).await?;
        el.click()
            .await
            .map_err(|e| Error(format!("click the working days' box: {e}")))?;
        h.wait_for_js(
            "return !document.querySelector('main[data-prerendered]') || null;",
            vec![],
            "the live view after a touch at 650 px",
        )
        .await?;
        assert_eq!(h.js(width).await?, json!([false, "600"]), "after a touch");
        Ok(())
    })
    .await?;

    // German, in a phone's frame: the answer drawn at build time in German, its chart in the
    // phone's frame (360 wide, as the module draws it in a narrow column).
    h.at_window_width(390, async {
        h.open_page("/embed.html?view=embed&lang=de", &hours).await?;
        h.wait_for_text("result-productive-hours", "336 Std.").await?;
        assert!(h.prerendered().await?, "the German default embed before a touch");
        assert_eq!(
            h.js("return [document.documentElement.lang, document.title, \
                  document.querySelector('[data-testid=chart-cumulative] svg').getAttribute('width')];")
                .await?,
            json!(["de", "GPU mieten oder kaufen: Kostenrechner", "360"])
        );
        assert_eq!(
            h.text("top-held").await?,
            "Mit vorgehaltener Kapazität: „Bare-Metal-Server mit 8 GPUs, monatlich“ ist über 60 \
             Monate 39.136\u{a0}€ günstiger als der eigene Server."
        );
        assert!(page_and_styles(&fetched(h).await?), "German, before a touch");
        Ok(())
    })
    .await?;

    // A host page's presets are no default: the calculator loads at once and draws them.
    h.open_page(&format!("/embed.html?view=embed&lang=en&own={OWN}"), &hours)
        .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert!(
        !h.prerendered().await?,
        "an embed with presets is live at once"
    );
    assert_eq!(h.text("legend-0").await?, "8× H200 NVL server, own");
    Ok(())
}
