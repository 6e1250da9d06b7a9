//! The language switch is reached and used with the keyboard alone.

use fantoccini::key::Key;
use gpu_tco_e2e::{Harness, Result};

pub async fn run(h: &Harness) -> Result<()> {
    h.open("/?lang=en").await?;
    let active = || async {
        h.js("return document.activeElement ? document.activeElement.id : '';")
            .await
            .map(|v| v.as_str().unwrap_or_default().to_owned())
    };
    assert_eq!(active().await?, "", "nothing has the focus after loading");

    // The first Tab reaches "Skip to the inputs"; Enter puts the focus on the Workload panel,
    // and the next Tab on its first input.
    h.press(Key::Tab).await?;
    assert_eq!(active().await?, "skip-inputs");
    h.press(Key::Enter).await?;
    h.wait_for_js(
        "return document.activeElement && document.activeElement.id === 'h-workload';",
        vec![],
        "the focus on the Workload heading",
    )
    .await?;
    h.press(Key::Tab).await?;
    assert_eq!(active().await?, "f-calendar-working_days-range");
    // Back to the top of the page.
    h.open("/?lang=en").await?;

    // From the top of the page, Tab until the switch has the focus (it is the first control).
    let mut tabs = 0;
    while active().await? != "lang-switch" {
        assert!(tabs < 10, "10 × Tab did not reach #lang-switch");
        h.press(Key::Tab).await?;
        tabs += 1;
    }

    // Enter switches to German, and again back to English; the focus stays on the switch.
    h.press(Key::Enter).await?;
    h.wait_until_css(
        "h1",
        |t| t == "GPUs mieten oder eigenen Server kaufen?",
        "the German title",
    )
    .await?;
    assert_eq!(h.text("result-productive-gpu-hours").await?, "2.688");
    assert_eq!(active().await?, "lang-switch");
    h.press(Key::Enter).await?;
    h.wait_until_css(
        "h1",
        |t| t == "Rent GPUs or own a server?",
        "the English title",
    )
    .await?;
    Ok(())
}
