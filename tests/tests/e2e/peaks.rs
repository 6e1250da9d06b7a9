//! Planned peaks in the Workload panel: added, typed, ticked and removed as a person does, with
//! the productive hours checked against a hand calculation from the rules in core/src/peak.rs.

use fantoccini::key::Key;
use gpu_tco_e2e::{Harness, Result};

const P: &str = "f-calendar-peaks-0";

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;
    // The worked example: 21 working days × (12 h service + 4 h batch) = 336 h.
    h.wait_for_text("result-productive-hours", "336 h").await?;

    // "Add a peak" with the mouse: 8 GPUs, 08:00–20:00, the last 3 working days, every month.
    // On those 3 days the GPUs are busy 01–05 and 07–20, 17 h instead of 16:
    // 18 × 16 + 3 × 17 = 339 h.
    h.click("#add-peak").await?;
    h.wait_for_text("result-productive-hours", "339 h").await?;
    assert_eq!(h.field_value(&format!("{P}-gpus")).await?, "8");
    assert_eq!(h.field_value(&format!("{P}-start_hour")).await?, "8");
    assert_eq!(h.field_value(&format!("{P}-end_hour")).await?, "20");
    assert_eq!(h.field_value(&format!("{P}-days_of_month")).await?, "3");

    // A quarter-end peak: 16 GPUs from 18:00 to midnight on the last 4 working days of March,
    // June, September and December. Typed, moved with the keyboard, ticked.
    h.set_field(&format!("{P}-gpus"), "16").await?;
    h.set_field(&format!("{P}-start_hour"), "18").await?;
    h.move_slider(&format!("{P}-end_hour-range"), 24.0).await?;
    h.move_slider(&format!("{P}-days_of_month-range"), 4.0)
        .await?;
    // March with the mouse, the others with the space bar.
    h.click(&format!("#{P}-months-3")).await?;
    for m in [6, 9, 12] {
        h.send_keys(&format!("#{P}-months-{m}"), " ").await?;
    }
    // By hand: on a peak day the GPUs are busy 01–05 (batch), 07–19 (service) and 18–24 (the
    // peak, 16 GPUs from 18:00), so 4 + 17 = 21 h, 5 h more than on other working days.
    // The peak covers 4 working days in 4 of 12 months: 4 × 4 / 12 = 4/3 days a month.
    // Productive hours: 336 + 4/3 × 5 = 342.67 h, shown with one decimal as 342.7 h.
    // GPU-hours: the hour 18–19 has 16 GPUs instead of 8 (+8), 19–24 adds 5 × 16 = 80, so
    // 88 GPU-hours more per peak day: 2,688 + 4/3 × 88 = 2,805.33, shown as 2,805.3.
    h.wait_for_text("result-productive-hours", "342.7 h")
        .await?;
    assert_eq!(h.text("result-productive-gpu-hours").await?, "2,805.3");
    let ticked = h
        .js(&format!(
            "return [...document.querySelectorAll('#{P}-months input:checked')].map(i => i.id)"
        ))
        .await?;
    assert_eq!(
        gpu_tco_e2e::strings(&ticked),
        ["3", "6", "9", "12"].map(|m| format!("{P}-months-{m}"))
    );

    // Calendar days instead of working days: of the last 4 calendar days, 4 × 21 / (365 / 12)
    // = 2.7616 are working days (+5 h each, as above) and 1.2384 are other days, on which only
    // the peak runs (18–24, +6 h each). 336 + (2.7616 × 5 + 1.2384 × 6) × 4 / 12
    // = 336 + 7.08 = 343.08 h, shown as 343.1 h.
    h.select_option(&format!("{P}-days"), "all_days").await?;
    h.wait_for_text("result-productive-hours", "343.1 h")
        .await?;

    // A start hour the model rejects is explained next to its field; the results stay. The 18
    // becomes 185 by a digit typed at its end (retyping would pass through a valid 1 or 2).
    h.edit_field(
        &format!("{P}-start_hour"),
        &format!("{}5", char::from(Key::End)),
    )
    .await?;
    assert_eq!(h.field_value(&format!("{P}-start_hour")).await?, "185");
    h.wait_until_css(
        &format!("#{P}-start_hour-err"),
        |t| t == "Enter a whole number from 0 to 23.",
        "the range message",
    )
    .await?;
    assert_eq!(h.text("result-productive-hours").await?, "343.1 h");
    h.set_field(&format!("{P}-start_hour"), "18").await?;
    h.wait_until_css(&format!("#{P}-start_hour-err"), str::is_empty, "no message")
        .await?;

    h.keep_screenshot(&format!("#{P}-gpus"), "peaks.png")
        .await?;

    // Removed with the keyboard: the worked example again.
    assert_eq!(
        h.attr("#remove-peak-0", "aria-label").await?.as_deref(),
        Some("Remove peak 1")
    );
    h.send_keys("#remove-peak-0", &char::from(Key::Enter).to_string())
        .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert!(h.find_all("[data-testid=peak-0]").await?.is_empty());
    Ok(())
}
