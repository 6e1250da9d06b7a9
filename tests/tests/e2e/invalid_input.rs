//! A value the model rejects is explained next to its field; the results keep the last good
//! values and say so.

use fantoccini::key::Key;
use gpu_tco_e2e::{Error, Harness, Result};

const BOX: &str = "f-calendar-working_days";

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;
    let input = format!("#{BOX}");
    let message = format!("#{BOX}-err");
    let stale = h.find("[data-testid=result-stale]").await?;
    assert!(!displayed(&stale).await?, "no stale notice at the start");
    h.wait_for_attr(&input, "aria-invalid", Some("false"))
        .await?;

    // 31 working days do not fit in a month of 365 / 12 = 30.42 days. The 21 becomes 31 by
    // overwriting its first digit (retyping it would pass through a valid 3, which would then
    // be the last good value). Selecting it (Shift+ArrowRight) and typing the 3 are two key
    // sequences: each releases Shift at its end, where geckodriver would still hold it for a
    // 3 sent after the Null key in the same one (and type a "#").
    let select_first_digit = [
        char::from(Key::Home),
        char::from(Key::Shift),
        char::from(Key::Right),
    ];
    h.edit_field(BOX, &String::from_iter(select_first_digit))
        .await?;
    h.send_keys(&input, "3").await?;
    assert_eq!(h.field_value(BOX).await?, "31");
    let shown = h
        .wait_until_css(&message, |t| !t.is_empty(), "an error message")
        .await?;
    assert_eq!(
        shown,
        "Enter a value from 0 to 30.42: an average month has 365 ÷ 12 days."
    );
    h.wait_for_attr(&input, "aria-invalid", Some("true"))
        .await?;
    assert!(displayed(&stale).await?, "the stale notice is visible");
    // The notice names the field by its label, not by its path in the scenario.
    let notice = h.text("result-stale-text").await?;
    assert_eq!(
        notice,
        "An input is not valid; the results below are still those from before it was entered. \
         (Working days per month: Enter a value from 0 to 30.42: an average month has 365 ÷ \
         12 days.)"
    );
    // "Go to the field" puts the keyboard focus into the box.
    h.click("[data-testid=result-stale-go]").await?;
    h.wait_for_js(
        "return document.activeElement && document.activeElement.id === arguments[0];",
        vec![BOX.into()],
        "the focus in the working-days box",
    )
    .await?;

    // The last good results stay.
    assert_eq!(h.text("result-productive-hours").await?, "336 h");
    assert_eq!(h.text("result-productive-share").await?, "46%");

    // Not a number at all.
    h.set_field(BOX, "abc").await?;
    h.wait_until_css(&message, |t| t == "Enter a number.", "\"Enter a number.\"")
        .await?;
    h.wait_for_attr(&input, "aria-invalid", Some("true"))
        .await?;
    assert_eq!(h.text("result-productive-hours").await?, "336 h");

    // Back to 21: no message, not invalid, no notice.
    h.set_field(BOX, "21").await?;
    h.wait_until_css(&message, str::is_empty, "no message")
        .await?;
    h.wait_for_attr(&input, "aria-invalid", Some("false"))
        .await?;
    assert!(!displayed(&stale).await?, "the stale notice is gone");
    assert_eq!(h.text("result-productive-hours").await?, "336 h");

    // Typing 40 over the 21 passes through a valid 4 (64 h); once the box says 40 the results
    // are again those of the 21 the box held before the typing, not those of the 4 on the way.
    h.set_field(BOX, "40").await?;
    h.wait_until_css(&message, |t| !t.is_empty(), "the message for 40")
        .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(h.text("result-productive-share").await?, "46%");
    h.set_field(BOX, "21").await?;
    h.wait_until_css(&message, str::is_empty, "no message")
        .await?;

    // The link only ever holds a scenario that loads. The fragment is written at most every
    // 250 ms: typing "20" and at once "40" schedules the write of "4" behind the one just made,
    // and by then the box says "40". That write must not happen.
    h.set_field(BOX, "20").await?;
    h.set_field(BOX, "40").await?;
    h.wait_until_css(&message, |t| !t.is_empty(), "the message for 40")
        .await?;
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let hash = h.hash().await?;
    assert!(!hash.contains("working_days=40"), "{hash}");
    h.set_field(BOX, "21").await?;
    h.wait_until_css(&message, str::is_empty, "no message")
        .await?;
    Ok(())
}

async fn displayed(el: &fantoccini::elements::Element) -> Result<bool> {
    el.is_displayed()
        .await
        .map_err(|e| Error(format!("is the stale notice displayed: {e}")))
}
