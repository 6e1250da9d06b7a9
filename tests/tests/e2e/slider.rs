//! The working-days slider and its text box drive the results, and each other.

use gpu_tco_e2e::{Harness, Result};

const SLIDER: &str = "f-calendar-working_days-range";
const BOX: &str = "f-calendar-working_days";

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;

    // One day fewer: 20 × (12 h + 4 h) = 320 h, 320 / 730 = 43.8 % → 44 %.
    h.move_slider(SLIDER, 20.0).await?;
    h.wait_for_text("result-productive-hours", "320 h").await?;
    assert_eq!(h.text("result-productive-share").await?, "44%");
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

    // The far end of the range: 30 days → 480 h, 66 %.
    h.move_slider(SLIDER, 30.0).await?;
    h.wait_for_text("result-productive-hours", "480 h").await?;
    assert_eq!(h.text("result-productive-share").await?, "66%");
    Ok(())
}
