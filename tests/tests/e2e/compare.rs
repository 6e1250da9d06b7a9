//! Compare: pin the scenario as A, change it, see A and B side by side.

use gpu_tco_e2e::{Harness, Result};

const SLIDER: &str = "f-calendar-working_days-range";

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en&compare=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    h.click("#pin").await?;
    h.wait_for_text("compare-a-0", "336 h").await?;
    // The button now says what it does next; its name is its state (no aria-pressed beside a
    // label that changes, which a screen reader read as "Stop comparing, pressed").
    assert_eq!(
        h.js("const b = document.getElementById('pin');
              return b.textContent.trim() + '|' + b.hasAttribute('aria-pressed');")
            .await?,
        "Stop comparing|false"
    );
    // Below the results (on a phone some screens down): the button beside "Stop comparing" goes
    // there, the focus on the comparison's heading.
    h.click("#to-compare").await?;
    h.wait_for_js(
        "return document.activeElement && document.activeElement.id === 'h-compare'
            && document.activeElement.getBoundingClientRect().top < innerHeight",
        vec![],
        "the focus on the comparison's heading, in view",
    )
    .await?;

    h.move_slider(SLIDER, 20.0).await?;
    h.wait_for_text("compare-b-0", "320 h").await?;
    assert_eq!(h.text("compare-a-0").await?, "336 h");
    assert_eq!(h.text("compare-a-1").await?, "46%");
    assert_eq!(h.text("compare-b-1").await?, "43.8%");

    // The chart carries both: seven thin curves for A (own and six rent options), seven thick
    // ones for B.
    let widths = h
        .js(
            "return [...document.querySelectorAll('[data-testid=compare-chart] polyline')]
                .map(p => p.getAttribute('stroke-width'))",
        )
        .await?;
    let widths = gpu_tco_e2e::strings(&widths);
    assert!(
        widths.iter().filter(|w| *w == "1").count() >= 7,
        "{widths:?}"
    );
    assert_eq!(widths.iter().filter(|w| *w == "3").count(), 7, "{widths:?}");

    // Its legend says which colour is which option (own and the six rent options, the same in
    // A and B here).
    let legend = h
        .js("return [...document.querySelectorAll('[data-testid=compare-legend] li')].map((l) => l.textContent.trim())")
        .await?;
    let legend = gpu_tco_e2e::strings(&legend);
    assert_eq!(legend.len(), 7, "{legend:?}");
    assert_eq!(legend[0], "8× H200 server, own");
    assert!(
        legend[5].starts_with("5 · Nebius H200 per GPU"),
        "{legend:?}"
    );

    // The verdict's two answers, as the verdict gives them: holding capacity, the bare-metal
    // server is €39,136 cheaper than owning (no break-even); accepting the capacity risk,
    // renting is cheaper still.
    assert_eq!(
        h.text("compare-a-3").await?,
        "Bare-metal 8-GPU server, monthly: €682,707"
    );
    assert_eq!(h.text("compare-a-4").await?, "−\u{2060}€39,136");
    assert_eq!(h.text("compare-a-5").await?, "not within the horizon");
    assert_eq!(h.text("compare-a-7").await?, "−\u{2060}€324,296");
    // A names its options as B does, in the page's language, also after a switch; on a
    // phone, where the table is a card per figure, each value says whether it is A or B.
    assert_eq!(
        h.text("compare-a-6").await?,
        "Nebius H200 per GPU, cheapest way: €397,547"
    );
    assert_eq!(
        h.attr("[data-testid=compare-a-0]", "data-label")
            .await?
            .as_deref(),
        Some("A (pinned)")
    );
    h.click("#lang-switch").await?;
    h.wait_for_text(
        "compare-a-6",
        "Nebius H200 je GPU, günstigste Variante: 397.547\u{a0}€",
    )
    .await?;
    assert!(
        h.text("compare-b-6")
            .await?
            .starts_with("Nebius H200 je GPU, günstigste Variante: "),
        "B in German too"
    );
    assert_eq!(
        h.attr("[data-testid=compare-b-0]", "data-label")
            .await?
            .as_deref(),
        Some("B (jetzt)")
    );
    h.click("#lang-switch").await?;
    h.wait_for_text("compare-a-6", "Nebius H200 per GPU, cheapest way: €397,547")
        .await?;

    // Unpinned, the comparison goes (it lives in the module of the sections loaded on demand,
    // which follows the page's state once a frame).
    h.click("#pin").await?;
    h.wait_for_js(
        "return document.querySelector('[data-testid=compare]') === null",
        vec![],
        "the comparison gone after unpinning",
    )
    .await?;
    Ok(())
}
