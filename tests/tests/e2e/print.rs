//! Print / PDF: the page prints as a report of at most two A4 pages, in English and German, from
//! a desktop window and from a phone's (390 px), with the link back to the scenario, no empty
//! heading of the chart's table and no month labels on top of each other.

use base64::Engine;
use gpu_tco_e2e::{Error, Harness, Result, workspace_root};
use serde_json::{Value, json};

/// Prints the page to a PDF of A4 pages (Chromium's print, as "Save as PDF" does), keeps it
/// as `target/{name}` for a person to look at (`pdftoppm target/print-report.pdf …`) and
/// returns its page count.
async fn print_pages(h: &Harness, name: &str) -> Result<usize> {
    let pdf = h
        .cdp(
            "Page.printToPDF",
            json!({ "paperWidth": 8.27, "paperHeight": 11.69, "preferCSSPageSize": true }),
        )
        .await?;
    let data = pdf["data"]
        .as_str()
        .ok_or_else(|| Error(format!("no PDF: {pdf}")))?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|e| Error(e.to_string()))?;
    let _ = std::fs::write(workspace_root().join("target").join(name), &bytes);
    let text = String::from_utf8_lossy(&bytes);
    Ok(regex::Regex::new(r"/Type\s*/Page[^s]")
        .map_err(|e| Error(e.to_string()))?
        .find_iter(&text)
        .count())
}

/// What the printed page shows, read with the print style sheet applied (DevTools
/// `Emulation.setEmulatedMedia`) while the page is printing: `[link text, address, whether the
/// chart's table heading is printed, whether its table is, the cumulative chart's labels that
/// overlap, the height of its smallest text in CSS px, the window's width]`.
const PRINTED: &str = "
    const shown = (e) => !!e && getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0;
    const link = document.querySelector('[data-testid=print-link] .url');
    const toggle = document.querySelector('[data-testid=cum-table-toggle]');
    const table = document.querySelector('[data-testid=cum-table]');
    // Any two texts of the cumulative chart (axis labels, break-even months) on top of each other.
    const boxes = [...document.querySelectorAll('[data-testid=chart-cumulative] svg text')]
      .map((t) => [t.textContent, t.getBoundingClientRect()]).filter(([, r]) => r.width > 0);
    const overlaps = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, p] = boxes[i], [b, q] = boxes[j];
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 1 && h > 1) overlaps.push(a + ' / ' + b);
    }
    // The printed size of the chart's smallest text, CSS px (the chart's own frame for print).
    const smallest = Math.min(...boxes.map(([, r]) => r.height));
    // The results table's shares marked ‡ (out of the load pattern's reach) or † (another
    // plan's) while the line that explains the mark is not printed.
    const explained = (mark, id) => (c) => !c.textContent.includes(mark)
        || shown(document.querySelector(`[data-testid=${id}]`));
    const marked = [...document.querySelectorAll('[data-testid$=-break-even-share]')];
    const unexplained = marked
      .filter((c) => !explained('‡', 'reach-note')(c) || !explained('†', 'plan-mark-note')(c))
      .map((c) => c.dataset.testid + ': ' + c.textContent);
    const marks = marked.filter((c) => c.textContent.includes('‡')).length;
    const plans = marked.filter((c) => c.textContent.includes('†')).length;
    // The verdict's answer at the price change's ends, printed; its sentence on the change not.
    const ends = document.querySelector('[data-testid=verdict-ends]');
    const change = document.querySelector('[data-testid=verdict-change]');
    return [link ? link.textContent : null, location.href, shown(toggle), shown(table), overlaps,
      smallest, innerWidth, unexplained, marks, plans, shown(ends) ? ends.textContent : null,
      shown(change)];";

async fn printed(h: &Harness) -> Result<Value> {
    h.cdp("Emulation.setEmulatedMedia", json!({ "media": "print" }))
        .await?;
    let v = h.js(PRINTED).await;
    h.cdp("Emulation.setEmulatedMedia", json!({ "media": "" }))
        .await?;
    v
}

/// [`printed`] for `path` (its results `hours` shown), between the page's `beforeprint` and
/// `afterprint`, as the browser's print runs them.
async fn printed_page(h: &Harness, path: &str, hours: &str) -> Result<Value> {
    h.open(path).await?;
    h.wait_for_text("result-productive-hours", hours).await?;
    h.js("window.dispatchEvent(new Event('beforeprint'))")
        .await?;
    h.wait_for_css("[data-testid=print-link]").await?;
    let v = printed(h).await;
    h.js("window.dispatchEvent(new Event('afterprint'))")
        .await?;
    v
}

/// Prints `path` from a window `width` wide and checks the report; the chart's table opened
/// first when `table` (a person who read it, then printed).
/// Returns how many break-even shares in the table are marked ‡.
/// Returns how many printed shares are marked ‡ and how many †.
async fn report(
    h: &Harness,
    path: &str,
    hours: &str,
    table: bool,
    name: &str,
    most_pages: usize,
) -> Result<(u64, u64)> {
    h.open(path).await?;
    h.wait_for_text("result-productive-hours", hours).await?;
    if table {
        h.open_section("cum-table-toggle").await?;
        h.wait_for_css("[data-testid=cum-table]").await?;
    }
    // What the browser's print does first (printToPDF does too), for the checks below.
    h.js("window.dispatchEvent(new Event('beforeprint'))")
        .await?;
    h.wait_for_css("[data-testid=print-link]").await?;
    let v = printed(h).await?;
    let pages = print_pages(h, name).await?;
    h.js("window.dispatchEvent(new Event('afterprint'))")
        .await?;
    assert!(
        (1..=most_pages).contains(&pages),
        "{name}: the report has {pages} pages, more than {most_pages}"
    );
    // The way back to the scenario: its link, printed in full.
    assert_eq!(v[0], v[1], "{name}: the printed link is the page's address");
    assert!(
        v[0].as_str().is_some_and(|l| l.contains("#v=2")),
        "{name}: {}",
        v[0]
    );
    // The chart's table is printed with its heading, or neither is.
    assert_eq!(v[2], v[3], "{name}: the table's heading without the table");
    assert_eq!(v[4], json!([]), "{name}: labels on top of each other");
    assert_eq!(v[7], json!([]), "{name}: a printed mark without its note");
    Ok((v[8].as_u64().unwrap_or(0), v[9].as_u64().unwrap_or(0)))
}

/// The charts print legibly: laid out as on an A4 page (a window 794 CSS px wide, the paper's
/// width at 96 px per inch, with the print style), the cumulative chart's texts are at least
/// 8 px high, about 6 pt (the desktop's frame squeezed into the printout's column printed them
/// about 5 px high, 3–4 pt).
async fn legible(h: &Harness) -> Result<()> {
    let v = printed_page(h, "/?lang=en&print=5", "336 h").await?;
    let smallest = v[5].as_f64().unwrap_or(0.0);
    assert!(
        smallest >= 8.0,
        "the chart's smallest text prints {smallest:.1} px high (window {})",
        v[6]
    );
    Ok(())
}

/// The printout's own parts (the inputs' summary, how it was computed, the sources) are loaded
/// on demand: the Print button opens the browser's dialog only once they are there; the
/// browser's own print before they were loaded prints a note saying how to get them, and loads
/// them for the next print.
async fn parts_before_the_dialog(h: &Harness) -> Result<()> {
    h.open("/?lang=en&print=0").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    // The dialog, stubbed: what is in the page when the script calls it (a browser lays the
    // printout out at once then: what the page would draw after its `beforeprint` is not in it).
    h.js("window.__printed = null;
          window.print = () => {
            window.dispatchEvent(new Event('beforeprint'));
            window.__printed = [
              document.querySelector('[data-testid=print-summary] li')?.textContent ?? null,
              document.querySelector('[data-testid=how-list]') !== null,
              document.querySelectorAll('.print-sources li').length > 5,
              document.querySelector('[data-testid=print-partial]') !== null,
            ];
            window.dispatchEvent(new Event('afterprint'));
          };")
        .await?;
    h.click("#print").await?;
    // Until the parts are there, the button says so.
    let busy = h
        .js("const b = document.getElementById('print'); return [b.textContent.trim(), b.getAttribute('aria-busy')];")
        .await?;
    assert!(
        busy == json!(["Preparing the printout…", "true"])
            || h.js("return window.__printed !== null").await? == json!(true),
        "the Print button while the printout's parts load: {busy}"
    );
    h.wait_for_js(
        "return window.__printed !== null",
        vec![],
        "the print dialog",
    )
    .await?;
    let printed = h.js("return window.__printed").await?;
    assert_eq!(
        printed,
        json!(["Working days per month: 21", true, true, false]),
        "the Print button: summary, explanation and sources are in the printout, no note"
    );

    // The browser's menu on a page that has not loaded them: a note now, the parts next time.
    h.open("/?lang=de&print=5").await?;
    h.wait_for_text("result-productive-hours", "336 Std.")
        .await?;
    let at_once = h
        .js("window.dispatchEvent(new Event('beforeprint'));
             const note = document.querySelector('[data-testid=print-partial]');
             return [note && note.textContent, document.querySelector('[data-testid=print-summary]') !== null];")
        .await?;
    assert_eq!(
        at_once,
        json!([
            "Dieser Ausdruck zeigt nur die Ergebnisse. Für den Bericht mit den Eingaben, dem \
             Rechenweg und den Quellen nutzen Sie „Drucken / PDF“ auf der Seite.",
            false
        ]),
        "the browser's print before the parts were loaded"
    );
    h.wait_for_css("[data-testid=print-link]").await?;
    h.js("window.dispatchEvent(new Event('afterprint'))")
        .await?;
    assert!(
        h.js("return document.querySelector('[data-testid=print-partial]') === null")
            .await?
            == json!(true),
        "the note is gone once the parts are there"
    );
    Ok(())
}

pub async fn run(h: &Harness) -> Result<()> {
    parts_before_the_dialog(h).await?;
    // Over 12 months shares out of the pattern's reach are marked (‡): each printed with its
    // note, on two pages; the worked example has none.
    let (marks, plans) = report(
        h,
        "/?lang=en&print=1",
        "336 h",
        false,
        "print-report.pdf",
        2,
    )
    .await?;
    // Nebius per GPU, its price falling 12.5 % a year, breaks even at a share of 85 %, out of
    // the pattern's reach (‡); no share is another plan's (†): the savings plan commits nothing.
    assert_eq!(marks, 1, "the worked example's shares out of reach");
    assert_eq!(plans, 0, "the worked example's † marks");
    // The German report of the default keeps to two pages too: its offers' one yearly price
    // change is said once in the inputs and the explanation, the verdict's sentence on a share
    // out of reach is the table's ‡ note, and the page's margins are 6 mm above and below (it
    // took a third page for the last lines of its sources).
    report(
        h,
        "/?lang=de&print=2",
        "336 Std.",
        true,
        "print-report-de.pdf",
        2,
    )
    .await?;
    let (_, plans) = report(
        h,
        "/?lang=de&print=5#v=1",
        "336 Std.",
        true,
        "print-report-de-held.pdf",
        2,
    )
    .await?;
    // With today's prices held the savings plan's share is another plan's (†), explained by
    // one printed line.
    assert!(plans >= 1, "the held report's † marks: {plans}");
    let note = h.text("plan-mark-note").await?;
    assert_eq!(
        note,
        "† Bei einem so markierten Anteil ist ein anderer Tarif desselben Angebots der \
         günstigste; bei diesem Anteil kosten jener Tarif und der eigene Server gleich viel."
    );
    // The printout says what the answer is at the price change's ends (a visitor: on paper the
    // −12.5 % was only an input line, and at 0 % owning wins), not the change's own sentence,
    // which the inputs' list carries.
    let v = printed_page(h, "/?lang=de&print=6", "336 Std.").await?;
    assert_eq!(
        v[10],
        json!(
            "Mit vorgehaltener Kapazität gilt: Bleiben alle Cloud-Preise auf heutigem Stand \
             (0\u{a0}% im Jahr), ist der eigene Server 154.157\u{a0}€ günstiger als \
             „Bare-Metal-Server mit 8 GPUs, monatlich“ und rechnet sich ab Monat 45; fallen alle Cloud-Preise um 25\u{a0}% im Jahr (die schnellste der \
             Quellen: die Senkung von AWS 2025, jedes Jahr), ist „Bare-Metal-Server mit 8 GPUs, \
             monatlich“ 187.346\u{a0}€ günstiger als der eigene Server."
        ),
        "the printed ends"
    );
    assert_eq!(v[11], json!(false), "the change's sentence printed");
    let v = printed_page(
        h,
        "/?lang=de&print=12#v=2&finance.horizon_months=12",
        "336 Std.",
    )
    .await?;
    assert_eq!(
        v[7],
        json!([]),
        "12 months: a printed mark without its note"
    );
    assert!(
        v[8].as_u64().is_some_and(|n| n >= 1),
        "12 months: {} shares marked ‡",
        v[8]
    );
    let note = h.text("reach-note").await?;
    assert!(
        note.starts_with("‡ Für dieses Lastmuster nicht erreichbar; es erreicht höchstens 66,7"),
        "{note}"
    );
    h.at_window_width(794, legible(h)).await?;
    h.at_window_width(390, async {
        report(
            h,
            "/?lang=de&print=3",
            "336 Std.",
            true,
            "print-report-de-phone.pdf",
            3,
        )
        .await?;
        report(
            h,
            "/?lang=en&print=4",
            "336 h",
            false,
            "print-report-phone.pdf",
            2,
        )
        .await
        .map(drop)
    })
    .await
}
