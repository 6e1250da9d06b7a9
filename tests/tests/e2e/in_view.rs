//! Results in view (issue 14): on a phone the inputs come first and a compact result line (the
//! verdict against the cheapest rent option, its break-even month and the savings) stays in
//! view while an input has the focus or a slider is dragged, in English and German; after
//! "Remove" the keyboard focus goes to the next control, not to the page's body.

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use gpu_tco_e2e::{Error, Harness, Result, money, poll, testid_css};
use serde_json::{Value, json};

const LINE: &str = "live-result";
/// The line for the worked example (the verdict's two answers).
const DEFAULT_HELD: &str = "Holding capacity: “Bare-metal 8-GPU server, monthly” is cheaper than owning by €39,136 over 60 months.";
const DEFAULT_RISK: &str = "Accepting capacity risk: “Nebius H200 per GPU, cheapest way” is cheaper than owning by €324,296 over 60 months.";

/// Whether the result line is displayed and wholly inside the viewport: `[shown, top, bottom,
/// viewport height]`.
const IN_VIEW: &str = "
    const e = document.querySelector('[data-testid=live-result]');
    const r = e.getBoundingClientRect();
    const shown = getComputedStyle(e).display !== 'none' && r.height > 0;
    return [shown, r.top, r.bottom, window.innerHeight];";

async fn in_view(h: &Harness) -> Result<bool> {
    let v = h.js(IN_VIEW).await?;
    let n = |i: usize| v[i].as_f64().unwrap_or(f64::NAN);
    Ok(v[0] == Value::Bool(true) && n(1) >= 0.0 && n(2) <= n(3))
}

async fn wait_in_view(h: &Harness, what: &str) -> Result<()> {
    poll(
        async || Ok(if in_view(h).await? { Ok(()) } else { Err(()) }),
        |()| format!("{what}: the result line is not in the viewport"),
    )
    .await
}

/// What the result line's sentence for one answer (`live-held`, `live-risk`) must read, from the
/// results table: the row of the option it names, its break-even month and savings, in the
/// page's words.
async fn expected(h: &Harness, id: &str, german: bool) -> Result<String> {
    let line = h.text(id).await?;
    let rows = h
        .js("return document.querySelectorAll('[data-testid^=row-rent-]').length")
        .await?
        .as_u64()
        .unwrap_or(0) as usize;
    // The option the sentence names (the longest label it contains).
    let mut named: Option<(usize, String)> = None;
    for i in 0..rows {
        let label = h.text(&format!("rent-{i}-label")).await?;
        if line.contains(&label) && named.as_ref().is_none_or(|(_, l)| label.len() > l.len()) {
            named = Some((i, label));
        }
    }
    let (k, label) = named.ok_or_else(|| Error(format!("{id} names no option: {line:?}")))?;
    let when = h.text(&format!("rent-{k}-break-even")).await?;
    let savings = h.text(&format!("rent-{k}-savings")).await?;
    let amount = savings
        .trim_start_matches(['-', '−', '\u{2060}'])
        .to_owned();
    // The sentence quotes the option's name (a name with a comma would run into it).
    let label = if german {
        format!("„{label}“")
    } else {
        format!("“{label}”")
    };
    let class = match (id, german) {
        ("live-held", false) => "Holding capacity",
        ("live-risk", false) => "Accepting capacity risk",
        ("live-held", true) => "Mit vorgehaltener Kapazität",
        _ => "Mit Kapazitätsrisiko",
    };
    Ok(match (money(&savings) >= 0.0, german) {
        (true, false) => {
            format!("{class}: owning pays off from {when} against {label} and saves {savings}.")
        }
        (false, false) => {
            format!("{class}: {label} is cheaper than owning by {amount} over 60 months.")
        }
        (true, true) => format!(
            "{class}: Der eigene Server rechnet sich {when} gegenüber {label} und spart {savings}."
        ),
        (false, true) => {
            format!("{class}: {label} ist über 60 Monate {amount} günstiger als der eigene Server.")
        }
    })
}

/// Both sentences of the line read what the table says.
async fn line_matches_table(h: &Harness, german: bool) -> Result<()> {
    for id in ["live-held", "live-risk"] {
        let want = expected(h, id, german).await?;
        assert_eq!(h.text(id).await?, want, "{id}");
    }
    Ok(())
}

pub async fn run(h: &Harness) -> Result<()> {
    h.at_window_width(390, phone(h)).await?;
    // Beside the inputs (a wide window): while the verdict is in view no line covers the page;
    // editing an input far down, with the verdict scrolled away, the line shows there too.
    h.open("/?lang=en&in-view=wide").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    // Beside the inputs the results are in view: no answer at the top.
    assert_eq!(
        h.js("return getComputedStyle(document.querySelector('[data-testid=answer-top]')).display")
            .await?,
        serde_json::Value::String("none".into())
    );
    h.click("#f-calendar-working_days").await?;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert!(
        !in_view(h).await?,
        "the result line shows in a wide window beside the verdict"
    );
    h.click("#f-own-price_per_server").await?;
    wait_in_view(h, "a wide window, the verdict scrolled away").await?;
    assert_eq!(h.text("live-held").await?, DEFAULT_HELD);
    focus_after_remove(h).await
}

async fn phone(h: &Harness) -> Result<()> {
    h.open("/?lang=en&in-view=phone").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    // The inputs first: the workload panel near the top, the results below the inputs.
    let tops = h
        .js(
            "const y = (id) => document.getElementById(id).getBoundingClientRect().top + scrollY;
             return [y('h-workload'), y('h-results'), y('h-finance')];",
        )
        .await?;
    let y = |i: usize| tops[i].as_f64().unwrap_or(f64::NAN);
    // (In the first screen, under the answer at the top with its assumption and the held
    // answer at today's prices, which the default's answer turns at.)
    assert!(y(0) < 650.0, "the inputs start {} px down", y(0));
    assert!(y(2) < y(1), "the results come after the inputs: {tops}");
    // The answer at the top, in the first screen: the verdict's two sentences, and the way down
    // to the results, which it brings into view.
    assert_eq!(h.text("top-held").await?, DEFAULT_HELD);
    // The assumption the default's answers turn on, and the held answer at both ends of its
    // range: today's prices held, where it turns, and the fastest fall (the verdict's sentence is
    // screens below; the end that favours owning alone would lean).
    h.wait_for_text(
        "top-change",
        "Assumed: cloud prices change by \u{2212}12.5% a year from month 13. Holding capacity, \
         at 0% a year owning is cheaper than “Bare-metal 8-GPU server, monthly” by €154,157; at \
         \u{2212}25% a year “Bare-metal 8-GPU server, monthly” is cheaper than owning by \
         €187,346.",
    )
    .await?;
    let first_screen = h
        .js(
            "const r = document.querySelector('[data-testid=top-held]').getBoundingClientRect();
             return r.bottom > 0 && r.bottom <= innerHeight;",
        )
        .await?;
    assert_eq!(
        first_screen,
        serde_json::Value::Bool(true),
        "the answer in the first screen"
    );
    // No GPU busy at any hour: the answer at the top says what the verdict says (nothing to
    // compare), not a rent option cheaper than a server nobody needs.
    h.set_field("f-calendar-service-gpus", "0").await?;
    h.wait_for_text("result-productive-gpu-hours", "0").await?;
    assert_eq!(
        h.text("top-no-load").await?,
        h.text("verdict-no-load").await?
    );
    let count = "return document.querySelectorAll('[data-testid=answer-top] p').length";
    assert_eq!(h.js(count).await?, 1, "one sentence at the top");
    h.set_field("f-calendar-service-gpus", "8").await?;
    h.wait_for_text("top-held", DEFAULT_HELD).await?;
    h.js("scrollTo(0, 0)").await?;
    h.click("#to-results").await?;
    h.wait_for_js(
        "const r = document.getElementById('h-results').getBoundingClientRect();
         return document.activeElement === document.getElementById('h-results')
           && r.top >= 0 && r.top < 30;",
        vec![],
        "the results' heading at the top of the window after the answer's link (the focus \
         alone brings it to the middle of a phone's screen)",
    )
    .await?;
    h.js("scrollTo(0, 0)").await?;
    // Nothing is in the way before an input is touched.
    assert!(
        !in_view(h).await?,
        "the result line shows without an input being edited"
    );
    // Nor while the answer at the top is in view: a field just below it (the working days)
    // gets no second copy of the same two sentences over it.
    h.click("#f-calendar-working_days").await?;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        !in_view(h).await?,
        "the result line repeats the answer at the top while that is in view"
    );

    // Focus a field far down the inputs (the server price): the line is in view and says what
    // the table says.
    h.click("#f-own-price_per_server").await?;
    wait_in_view(
        h,
        "the result line in view while the price box has the focus",
    )
    .await?;
    let line = h
        .wait_until(LINE, |t| !t.is_empty(), "the result line")
        .await?;
    line_matches_table(h, false).await?;
    // The worked example's two answers (the verdict's figures).
    assert_eq!(h.text("live-held").await?, DEFAULT_HELD);
    assert_eq!(h.text("live-risk").await?, DEFAULT_RISK);
    // The focused box is not under the line.
    h.wait_for_js(
        "const b = document.querySelector('[data-testid=live-result]').getBoundingClientRect();
         const f = document.getElementById('f-own-price_per_server').getBoundingClientRect();
         return f.top >= b.bottom && f.bottom <= innerHeight + 1;",
        vec![],
        "the focused box clear of the line",
    )
    .await?;
    // Typing changes the line with the results: a cheaper server pays off sooner.
    h.set_field("f-own-price_per_server", "200000").await?;
    let before = line;
    let after = h
        .wait_until(LINE, |t| t != before, "the line after a new price")
        .await?;
    assert_ne!(after, "");
    line_matches_table(h, false).await?;
    wait_in_view(h, "the line stays in view while typing").await?;
    // A box the draft cannot take: the line says, naming it, that its answers still use the
    // box's previous value, until the box holds a number again.
    h.set_field("f-own-price_per_server", "").await?;
    h.wait_for_text(
        "live-stale",
        "The value in “Price per server” is not valid: these answers still use its previous \
         value.",
    )
    .await?;
    // (The answers shown are those from before the box was first edited, as the results'.)
    assert!(
        !h.text("live-held").await?.is_empty(),
        "the answers from before"
    );
    h.set_field("f-own-price_per_server", "200000").await?;
    h.wait_for_js(
        "return !document.querySelector('[data-testid=live-stale]');",
        vec![],
        "no mark once the box holds a number",
    )
    .await?;

    // Leaving the inputs (a tap on the results) takes it away.
    h.click("#h-results").await?;
    h.wait_for_js(
        "const e = document.querySelector('[data-testid=live-result]');
         return getComputedStyle(e).display === 'none';",
        vec![],
        "the line hidden once no input has the focus",
    )
    .await?;
    // A button of the inputs with the focus edits nothing: no line (the price box first, so
    // that the line is shown when the button takes the focus).
    h.click("#f-own-price_per_server").await?;
    wait_in_view(h, "the line back with the price box's focus").await?;
    h.wait_for_js(
        "document.getElementById('add-rent').focus();
         const e = document.querySelector('[data-testid=live-result]');
         return document.activeElement.id === 'add-rent' && getComputedStyle(e).display === 'none';",
        vec![],
        "the line hidden while a button of the inputs has the focus",
    )
    .await?;
    h.click("#h-results").await?;

    // Dragging a slider with the pointer (no focus needed for the line), far below the answer
    // at the top: in view mid-drag.
    let savings = h.text("rent-0-savings").await?;
    h.js("document.getElementById('f-own-energy-price_per_kwh-range').scrollIntoView({block: 'center'}); document.activeElement.blur();")
        .await?;
    let slider = h.find("#f-own-energy-price_per_kwh-range").await?;
    let press = MouseActions::new("finger".to_owned())
        .then(PointerAction::MoveToElement {
            element: slider,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveBy {
            duration: Some(std::time::Duration::from_millis(100)),
            x: -40.0,
            y: 0.0,
        });
    h.client
        .perform_actions(press)
        .await
        .map_err(|e| Error(format!("drag the slider: {e}")))?;
    wait_in_view(h, "the result line in view mid-drag").await?;
    assert_ne!(
        h.text("rent-0-savings").await?,
        savings,
        "the drag moved the energy price"
    );
    line_matches_table(h, false).await?;
    let release = MouseActions::new("finger".to_owned()).then(PointerAction::Up {
        button: fantoccini::actions::MOUSE_BUTTON_LEFT,
    });
    h.client
        .perform_actions(release)
        .await
        .map_err(|e| Error(format!("release the slider: {e}")))?;
    h.client
        .release_actions()
        .await
        .map_err(|e| Error(format!("release: {e}")))?;
    h.keep_screenshot("[data-testid=live-result]", "live-result-phone.png")
        .await?;

    // In German, the same line in German words.
    h.open("/?lang=de&in-view=phone").await?;
    h.wait_for_text("result-productive-hours", "336 Std.")
        .await?;
    h.click("#f-own-energy-price_per_kwh").await?;
    wait_in_view(h, "the German result line in view").await?;
    h.wait_until(LINE, |t| !t.is_empty(), "the German line")
        .await?;
    line_matches_table(h, true).await?;
    assert!(
        h.text("live-held")
            .await?
            .starts_with("Mit vorgehaltener Kapazität: ")
    );
    Ok(())
}

/// The id of the focused element (empty for the body).
async fn focused(h: &Harness) -> Result<String> {
    let v = h
        .js("const a = document.activeElement; return a && a !== document.body ? a.id : '';")
        .await?;
    Ok(v.as_str().unwrap_or_default().to_owned())
}

async fn press_enter(h: &Harness, id: &str) -> Result<()> {
    h.send_keys(
        &format!("#{id}"),
        &char::from(fantoccini::key::Key::Enter).to_string(),
    )
    .await
}

async fn wait_focus(h: &Harness, want: &str, after: &str) -> Result<()> {
    poll(
        async || {
            let f = focused(h).await?;
            Ok(if f == want { Ok(()) } else { Err(f) })
        },
        |seen| format!("after {after}: focus on #{want} expected, found {seen:?}"),
    )
    .await
}

/// Removing a batch window or a rent option moves the focus to what took its place, or to the
/// list's Add button after the last one.
async fn focus_after_remove(h: &Harness) -> Result<()> {
    h.open("/?lang=en&in-view=remove").await?;
    h.click("#add-batch").await?;
    h.wait_for_css(&testid_css("batch-1")).await?;
    // Window 1 is removed; window 2 moves up into its place and gets the focus.
    h.set_field("f-calendar-batch-1-start_hour", "2").await?;
    press_enter(h, "remove-batch-0").await?;
    wait_focus(
        h,
        "f-calendar-batch-0-start_hour-range",
        "removing batch window 1",
    )
    .await?;
    assert_eq!(h.field_value("f-calendar-batch-0-start_hour").await?, "2");
    // The last one: the focus goes to "Add a batch window".
    press_enter(h, "remove-batch-0").await?;
    wait_focus(h, "add-batch", "removing the last batch window").await?;
    assert!(h.find_all(&testid_css("batch-0")).await?.is_empty());

    // Rent option 1 removed: option 2 (now 1) takes its place and its preset picker the focus.
    press_enter(h, "remove-rent-0").await?;
    wait_focus(h, "preset-rent-0", "removing rent option 1").await?;
    h.wait_for_text("rent-0-label", "AWS p5en on-demand, start/stop")
        .await?;
    // The last option removed: the focus goes to "Add a rent option".
    let last = h
        .js("return document.querySelectorAll('[data-testid^=rent-card-]').length - 1")
        .await?;
    press_enter(h, &format!("remove-rent-{last}")).await?;
    wait_focus(h, "add-rent", "removing the last rent option").await?;
    // Every other option removed too: the panel says so beside the button, as the verdict does
    // far below; adding one ends it.
    for left in (0..last.as_u64().unwrap_or(0)).rev() {
        h.click("#remove-rent-0").await?;
        h.wait_for_js(
            "return document.querySelectorAll('[data-testid^=rent-card-]').length === arguments[0]",
            vec![json!(left)],
            "a rent option removed",
        )
        .await?;
    }
    h.wait_for_text(
        "no-rent-note",
        "No rent option is left, so owning has nothing to be compared with. Add one below; it \
         starts as AWS p5en with start/stop, and its \u{201c}Preset\u{201d} list holds the other \
         offers.",
    )
    .await?;
    h.wait_until(
        "verdict-no-rent",
        |t| t.starts_with("There is no rent option to compare owning with"),
        "the verdict's sentence without rent options",
    )
    .await?;
    // On a phone the answer at the top says it too (it held only its link).
    h.at_window_width(390, async {
        h.wait_for_text(
            "top-no-rent",
            "There is no rent option to compare owning with: add one under \u{201c}Cloud \
             (rent)\u{201d} with \u{201c}Add rent option\u{201d}, or load a preset there.",
        )
        .await
    })
    .await?;
    press_enter(h, "add-rent").await?;
    h.wait_for_text("rent-0-label", "AWS p5en on-demand, start/stop")
        .await?;
    // The new card's preset picker has the focus, where the button it pushed down had it.
    wait_focus(h, "preset-rent-0", "adding a rent option").await?;
    h.wait_for_js(
        "return !document.querySelector('[data-testid=no-rent-note]')",
        Vec::new(),
        "the panel's note gone once an option is added",
    )
    .await?;
    Ok(())
}

/// Step: labels say what their figures are: the monthly column is the running cost, and a note
/// gives own's average with the one-time amounts that the chart of cost lines shows; a one-time
/// cost line names its amount; a monthly offer's price is its monthly price.
pub async fn labels(h: &Harness) -> Result<()> {
    h.open("/?lang=en&labels=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    // At 1280 px the results table fits beside the inputs: the break-even share and the
    // savings need no sideways scrolling.
    for lang in ["en", "de"] {
        h.open(&format!("/?lang={lang}&labels=fit")).await?;
        h.wait_for_css("[data-testid=row-rent-5]").await?;
        let fit = h
            .js("const w = document.querySelector('.results .table-wrap');
                 const cols = [...w.querySelectorAll('thead th')].map((c) => c.textContent + '=' + Math.round(c.getBoundingClientRect().width));
                 return [w.scrollWidth, w.clientWidth, innerWidth, cols.join('; ')];")
            .await?;
        let n = |i: usize| fit[i].as_f64().unwrap_or(f64::NAN);
        assert!(
            n(0) <= n(1) + 1.0,
            "{lang}: the table is {} px in {} px ({fit})",
            n(0),
            n(1)
        );
    }
    h.open("/?lang=en&labels=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(
        h.text_of("label[for=\"f-rent-0-price\"]").await?,
        "On-demand price"
    );
    // Rent option 6 is the bare-metal server at a flat price per month.
    assert_eq!(
        h.text_of("label[for=\"f-rent-5-price\"]").await?,
        "Monthly price"
    );
    assert_eq!(
        h.text_of("#f-rent-5-price ~ .unit").await?,
        "EUR / server-month"
    );
    let running = h.text("own-monthly").await?;
    let once = h.text("own-one-time").await?;
    let note = h.text("monthly-note").await?;
    assert!(
        note.contains(&format!("{running} running plus {once} one-time ÷ 60")),
        "{note}"
    );
    // The average is what the chart of cost lines draws for own: the sum of its lines.
    let lines = h
        .js("const items = [...document.querySelectorAll('.lines')][0].querySelectorAll('li .amount');
             return [...items].map((e) => e.textContent);")
        .await?;
    let sum: f64 = gpu_tco_e2e::strings(&lines).iter().map(|t| money(t)).sum();
    let avg = note
        .split("costs ")
        .nth(1)
        .and_then(|r| r.split(" a month").next())
        .map(money)
        .unwrap_or(f64::NAN);
    assert!(
        (avg - sum).abs() <= 8.0,
        "note {avg} against the lines' sum {sum}: {note}"
    );
    // The hardware is bought once: its line says how much, and that it is spread.
    let hardware = h
        .js(
            "return [...[...document.querySelectorAll('.lines')][0].querySelectorAll('li')]
                 .map((li) => li.textContent).find((t) => t.startsWith('Hardware'))",
        )
        .await?;
    assert!(
        hardware
            .as_str()
            .is_some_and(|t| t.starts_with("Hardware (one-time €319,000, spread over 60 months)")),
        "{hardware}"
    );
    Ok(())
}
