//! GPUs from the model and the users (issue 16), as a visitor uses it: the section sizes the
//! default model on each option's GPU model, a worked check of SIZING.md §7.4 (Llama 3.3 70B
//! FP8, 8k context, 100 requests in flight: 4 H200 with a BF16 KV cache, 2 with FP8), another
//! GPU model for one option, "Use these GPU counts" changes the comparison and its link, Undo
//! brings it back, the cost per 1M tokens stands beside the API's, in English and German; the
//! offer button only where the host page asks for it, and it hands over the link only when
//! pressed.

use gpu_tco_e2e::{Harness, Result, money};

/// The text of the cell `cell` (a test id) in the sizing row of `option` (`own`, `rent-5`).
async fn cell(h: &Harness, option: &str, cell: &str) -> Result<String> {
    h.text_of(&format!(
        "[data-testid=sizing-row-{option}] [data-testid={cell}]"
    ))
    .await
}

async fn wait_cell(h: &Harness, option: &str, which: &str, expected: &str) -> Result<()> {
    let css = format!("[data-testid=sizing-row-{option}] [data-testid={which}]");
    h.wait_until_css(
        &css,
        |t| t == expected,
        &format!("{option} {which} = {expected}"),
    )
    .await?;
    Ok(())
}

/// Waits until the sizing section's heading is at the top of the window with the keyboard focus
/// on its summary (after the GPU count's link).
async fn sizing_at_top(h: &Harness, what: &str) -> Result<()> {
    h.wait_for_js(
        "const r = document.getElementById('h-sizing').getBoundingClientRect();
         return r.top >= 0 && r.top < 40
           && document.activeElement === document.getElementById('h-sizing').closest('summary');",
        vec![],
        what,
    )
    .await
    .map(|_| ())
}

pub async fn run(h: &Harness) -> Result<()> {
    // A laptop's window: the sections between the GPU count and the sizing section (the charts)
    // have not been laid out yet when the link jumps there.
    h.set_window_size(1280, 900).await?;
    h.open("/?lang=en").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    // The GPU count the page starts with says it is the worked example's, and leads to the
    // section that sizes it, which opens and loads.
    assert_eq!(
        h.text_of("#gpus-example").await?,
        "The 8 GPUs the page starts with are the worked example's figure, not derived from a \
         model or its users; the verdict depends on this count. Size it from the model and the users"
    );
    h.click("#to-sizing").await?;
    // No offer button without the host page's setting.
    h.wait_for_css("[data-testid=sizing-table]").await?;
    // The keyboard focus goes with it (to the section's heading), and with it the view.
    sizing_at_top(
        h,
        "the sizing section at the top of the window and focused after the GPU count's link",
    )
    .await?;
    // The same in a phone's window, where the section loads far down the stacked page and the
    // focus alone left its heading in the middle of the screen.
    h.at_window_width(390, async {
        h.open("/?lang=en&sizing=phone").await?;
        h.wait_for_text("result-productive-hours", "336 h").await?;
        h.click("#to-sizing").await?;
        h.wait_for_css("[data-testid=sizing-table]").await?;
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        sizing_at_top(
            h,
            "the sizing section at the top of a phone's window after the GPU count's link",
        )
        .await
    })
    .await?;
    h.set_window_size(gpu_tco_e2e::WINDOW.0, gpu_tco_e2e::WINDOW.1)
        .await?;
    assert_eq!(
        h.js("return document.querySelectorAll('[data-testid=sizing-offer]').length")
            .await?,
        0,
        "an offer button without the host page naming where"
    );

    // The default: Llama 3.3 70B in FP8 for 1,000 users × 10 requests an hour at chat latency.
    let demand = h.text("sizing-demand").await?;
    assert_eq!(
        demand,
        "The load: 2.78 requests per second at the busiest time, each 8.94 s in the system \
         (time to the first token + 211 output tokens), so 25 requests in flight holding 8,192 \
         tokens each."
    );
    // Own (an H200 SXM server) and the AWS p5en options (H200) need 2 GPUs: memory binds.
    wait_cell(h, "own", "sizing-gpus", "2").await?;
    assert_eq!(cell(h, "own", "sizing-binds").await?, "memory");
    assert_eq!(cell(h, "rent-0", "sizing-gpus").await?, "2");
    // The bare-metal offer names no GPU model: not sized until the visitor says which.
    assert_eq!(cell(h, "rent-5", "sizing-gpus").await?, "");

    // Where the catalogue's figures come from: an info toggle beside the model, the API and each
    // GPU model, as the presets have.
    h.click("[data-testid=sizing-model-source] > summary")
        .await?;
    let model_source = h.text("sizing-model-source").await?;
    assert!(
        model_source.contains("Source: ") && model_source.contains("(as of "),
        "{model_source}"
    );
    assert_eq!(
        h.attr("[data-testid=sizing-model-source] > summary", "aria-label")
            .await?
            .unwrap_or_default(),
        "Where this figure comes from: Model, Llama 3.3 70B Instruct (= 3.1 70B)"
    );
    assert_eq!(
        h.js("return document.querySelectorAll('[data-testid=sizing-gpu-source]').length")
            .await?,
        6,
        "own and the five rent options on a GPU model"
    );

    // Cost per 1M tokens: the month's tokens, the API's bill, own's figure and where it beats it.
    assert_eq!(
        h.text("sizing-tokens-line").await?,
        "Tokens a month: 2.78 requests per second (the busiest hour's rate) in each of the 252 \
         hours of the service window (the batch window runs other work), 1,155 input + 211 \
         output tokens each: 3,442 M tokens (2,911 M in, 532 M out). A lower load at other hours \
         means fewer tokens and a higher cost per token."
    );
    assert_eq!(
        h.text("sizing-api-line").await?,
        "Through Together Llama 3.3 70B Instruct Turbo: €2,611 a month for the same tokens \
         (€0.76 per 1M tokens)."
    );
    let own_tokens = "[data-testid=sizing-tokens-own]";
    assert_eq!(
        h.text_of(&format!("{own_tokens} [data-testid=per-total]"))
            .await?,
        "€3.49"
    );
    assert_eq!(
        h.text_of(&format!("{own_tokens} [data-testid=per-output]"))
            .await?,
        "€22.63"
    );
    assert_eq!(
        h.text_of(&format!("{own_tokens} [data-testid=against-api]"))
            .await?,
        "dearer than the API even around the clock at this request rate"
    );
    // The bare-metal offer names no GPU model the sizing knows: what its GPUs serve is not
    // known, and its row says so instead of leaving the cell empty.
    assert_eq!(
        h.text_of("[data-testid=sizing-tokens-rent-5] [data-testid=capacity]")
            .await?,
        "not known (no GPU model the sizing knows)"
    );
    // A dearer API (typed: 10 USD per 1M tokens either way): own is the cheaper one today.
    h.select_option("sz-api", "typed").await?;
    h.set_field("sz-api-in", "10").await?;
    h.set_field("sz-api-out", "10").await?;
    h.send_keys("#sz-api-out", "\u{e004}").await?; // Tab: the box takes its value
    h.wait_until_css(
        &format!("{own_tokens} [data-testid=against-api]"),
        |t| t.starts_with("cheaper than the API today, and from "),
        "own against a dear API",
    )
    .await?;
    // A price it cannot take is said at its box; the figures stay those of the last good one.
    h.set_field("sz-api-out", "-3").await?;
    h.send_keys("#sz-api-out", "\u{e004}").await?;
    h.wait_until_css(
        "#sz-api-out-error",
        |t| t == "Enter a price of 0 or more.",
        "the price's message",
    )
    .await?;
    assert!(
        h.text_of(&format!("{own_tokens} [data-testid=against-api]"))
            .await?
            .starts_with("cheaper than the API today, and from "),
        "the last good price's answer"
    );
    h.select_option("sz-api", "together-llama-3.3-70b").await?;
    // The options are priced as the comparison counts them (8 GPUs), and the page says so.
    assert_eq!(
        h.text("sizing-priced").await?,
        "The options are priced as the comparison counts them now: 8 GPUs for the load, not \
         the 2 sized here. “Use these GPU counts” prices the sizing."
    );
    // The chart: own, six rent options and the API's line; the legend names the API.
    // The chart is framed around the API's price: own's line and the API's are drawn, the
    // lines that stay above the frame (AWS always on, start/stop) run off its top.
    let strokes = h
        .js("return [...document.querySelectorAll('[data-testid=chart-tokens] .chart polyline[stroke-width=\"3\"]')]
               .map((p) => (p.getAttribute('stroke') || '').toUpperCase())")
        .await?;
    let strokes = gpu_tco_e2e::strings(&strokes);
    assert!(
        strokes.contains(&"#1B7837".to_owned()),
        "own's line: {strokes:?}"
    );
    assert!(
        strokes.contains(&"#111111".to_owned()),
        "the API's line: {strokes:?}"
    );
    assert_eq!(strokes.len(), 6, "{strokes:?}");
    assert_eq!(
        h.text("legend-api").await?,
        "API: Together Llama 3.3 70B Instruct Turbo"
    );

    // For a person to look at (target/): the section at 1280 px, its tables on a phone.
    h.keep_screenshot("[data-testid=sizing-table]", "sizing-1280.png")
        .await?;
    h.keep_screenshot("[data-testid=chart-tokens]", "sizing-tokens-1280.png")
        .await?;
    h.at_window_width(390, async {
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        h.keep_screenshot("[data-testid=sizing-table]", "sizing-390.png")
            .await
    })
    .await?;

    // An input out of range: the message at its field, the figures those of the last good ones.
    h.set_field("sz-load-users-users", "20000000").await?;
    h.wait_for_css("#sz-load-users-users[aria-invalid=true]")
        .await?;
    assert_eq!(
        h.text_of("#sz-load-users-users-error").await?,
        "Enter a value from 0 to 10,000,000."
    );
    // (The last good figure is that of 2,000,000 users, typed on the way.)
    assert_eq!(cell(h, "own", "sizing-gpus").await?, "More than 1,024 GPUs");
    h.set_field("sz-load-users-users", "1.5").await?;
    h.wait_until_css(
        "#sz-load-users-users-error",
        |t| t == "Enter a whole number, 0 or more.",
        "the whole-number message",
    )
    .await?;
    h.set_field("sz-load-users-users", "1000").await?;
    h.wait_for_css("#sz-load-users-users[aria-invalid=false]")
        .await?;
    // Typing kept the box (and its focus): the inputs' other views were not made again.
    assert_eq!(
        h.js("return document.activeElement && document.activeElement.id")
            .await?,
        "sz-load-users-users"
    );
    assert_eq!(h.field_value("sz-load-users-users").await?, "1000");
    wait_cell(h, "own", "sizing-gpus", "2").await?;

    // SIZING.md §7.4 A: 100 requests in flight, each with the full 8,192 tokens.
    h.select_option("sz-load", "concurrent").await?;
    h.wait_for_css("#sz-load-concurrent-sequences").await?;
    assert_eq!(h.field_value("sz-load-concurrent-sequences").await?, "100");
    wait_cell(h, "own", "sizing-gpus", "4").await?;
    assert_eq!(cell(h, "own", "sizing-binds").await?, "memory");
    h.select_option("sz-kv", "fp8").await?;
    wait_cell(h, "own", "sizing-gpus", "2").await?;
    h.select_option("sz-kv", "bf16").await?;
    wait_cell(h, "own", "sizing-gpus", "4").await?;

    // The bare-metal server with L40S cards: 48 GB each, so more of them for the same load.
    h.select_option("sz-gpu-rent-5", "l40s").await?;
    h.wait_until_css(
        "[data-testid=sizing-row-rent-5] [data-testid=sizing-gpus]",
        |t| t.parse::<u32>().is_ok_and(|n| n > 4),
        "the L40S count",
    )
    .await?;
    let l40s = cell(h, "rent-5", "sizing-gpus").await?;
    let reference = h.text("sizing-reference").await?;
    assert_eq!(
        reference,
        format!(
            "The comparison's load would count 4 GPUs (NVIDIA H200 SXM (HGX), as for “8× H200 \
             server, own”). Options on another GPU model get their own count for the same load: \
             “6 · Bare-metal 8-GPU server, monthly” {l40s} × NVIDIA L40S."
        )
    );

    // Use these GPU counts: the service window (and the batch window with it) counts 4 GPUs,
    // the bare-metal option its L40S; the results and the link change.
    let own_before = money(&h.text("own-total").await?);
    h.click("[data-testid=sizing-apply]").await?;
    h.wait_until(
        "sizing-status",
        |t| t.starts_with("The comparison now counts 4 GPUs for the load"),
        "the applied counts",
    )
    .await?;
    assert_eq!(h.field_value("f-calendar-service-gpus").await?, "4");
    h.wait_for_text("result-productive-hours", "336 h").await?;
    let own_after = h
        .wait_until(
            "own-total",
            |t| money(t) != own_before,
            "own's total with 4 GPUs",
        )
        .await?;
    assert!(
        money(&own_after) < own_before,
        "4 GPUs cost less than 8: {own_after} vs {own_before}"
    );
    // The count is no longer the worked example's: the note says no more than the way to the
    // sizing.
    assert_eq!(
        h.text_of("#gpus-example").await?,
        "Size it from the model and the users"
    );
    // Own's whole 8-GPU server for a load of 4 says so in its row, as the rent rows do.
    assert_eq!(h.text("own-gpus").await?, "8 (4)");
    assert_eq!(
        h.text("own-warnings").await?,
        "Holds 8 GPUs in whole servers; the load needs at most 4, so 4 are idle and paid for all the same."
    );
    let hash = h
        .wait_for_hash(
            |x| x.contains("calendar.service.gpus=4") && x.contains("rent.5.load_gpus.gpus="),
            "the counts in the link",
        )
        .await?;
    assert!(
        hash.contains(&format!("rent.5.load_gpus.gpus={l40s}"))
            && hash.contains("rent.5.load_gpus.per=4"),
        "{hash}"
    );
    // The bare-metal option says it is sized for its own GPU model, where it is edited.
    assert_eq!(
        h.text("load-gpus-rent-5").await?,
        format!("Sized for its GPU model: {l40s} GPUs where the load counts 4. Count as the load")
    );
    assert!(
        h.text("sizing-gpu-sources")
            .await?
            .contains("NVIDIA L40S: "),
        "the L40S's source"
    );
    // Undo: the comparison as it was.
    h.click("[data-testid=sizing-undo]").await?;
    h.wait_for_text("sizing-status", "The GPU counts are back as they were.")
        .await?;
    assert_eq!(h.field_value("f-calendar-service-gpus").await?, "8");
    h.wait_until("own-total", |t| money(t) == own_before, "own's total again")
        .await?;
    assert_eq!(
        h.js("return document.querySelectorAll('[data-testid=load-gpus-rent-5]').length")
            .await?,
        0,
        "no sizing note after Undo"
    );

    // The sizing's inputs travel in the link: opened from it, the section is as it was
    // (100 requests in flight), and the comparison's figures are the same.
    // (The link is written a moment after a change: until then it still holds the counts
    // from before Undo, which a test reading it at once opened: own's total 717,859.)
    let hash = h
        .wait_for_hash(
            |x| {
                x.contains("&sizing=%7B")
                    && !x.contains("calendar.service.gpus=")
                    && !x.contains("rent.5.load_gpus")
            },
            "the sizing's inputs in the link, the counts as they were",
        )
        .await?;
    h.open(&format!("/?lang=en{hash}")).await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(money(&h.text("own-total").await?), own_before);
    h.open_section("sizing").await?;
    h.wait_for_css("#sz-load-concurrent-sequences").await?;
    assert_eq!(h.field_value("sz-load-concurrent-sequences").await?, "100");
    wait_cell(h, "own", "sizing-gpus", "4").await?;

    // German: the section's words and figures.
    h.click("#lang-switch").await?;
    h.wait_until_css(
        "#h-sizing",
        |t| t == "Wie viele GPUs? Aus Modell und Nutzern",
        "the German heading",
    )
    .await?;
    wait_cell(h, "own", "sizing-binds", "Speicher").await?;
    h.click("#lang-switch").await?;

    // The offer: only where the host page names where, and only when pressed.
    h.open("/?lang=en&offer=event").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    h.js("window.__offers = []; window.addEventListener('gpu-tco:offer', (e) => window.__offers.push(e.detail)); return 0")
        .await?;
    h.open_section("sizing").await?;
    h.wait_for_css("[data-testid=sizing-offer]").await?;
    assert_eq!(h.js("return window.__offers.length").await?, 0);
    h.click("[data-testid=sizing-offer]").await?;
    h.wait_for_text(
        "sizing-offer-status",
        "Handed to the website: the link and the summary.",
    )
    .await?;
    let offer = h.js("return window.__offers[0]").await?;
    let link = offer["link"].as_str().unwrap_or_default();
    let summary = offer["summary"].as_str().unwrap_or_default();
    assert!(link.contains("/?lang=en#v=2"), "{offer}");
    assert!(
        summary.starts_with("Model: Llama 3.3 70B Instruct (= 3.1 70B)\nLoad: 2.78 requests per second at the busiest time, 25 in flight\nGPUs per option: 8× H200 server, own: 2 × NVIDIA H200 SXM (HGX);"),
        "{summary}"
    );
    assert!(summary.contains("\nAnswer: "), "{summary}");

    // The embed: the same button where its host sets `data-offer` (which `embed.js` passes on
    // as `offer=`), with the load's GPUs, the verdict and a link to the full calculator.
    h.open_page(
        "/embed.html?view=embed&lang=en",
        "[data-testid=result-productive-hours]",
    )
    .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    assert_eq!(
        h.js("return document.querySelectorAll('[data-testid=embed-offer]').length")
            .await?,
        0,
        "no offer in the embed without its host's setting"
    );
    h.open_page(
        "/embed.html?view=embed&lang=en&offer=event",
        "[data-testid=result-productive-hours]",
    )
    .await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    h.js("window.__offers = []; window.addEventListener('gpu-tco:offer', (e) => window.__offers.push(e.detail)); return 0")
        .await?;
    h.click("[data-testid=embed-offer]").await?;
    h.wait_for_text(
        "embed-offer-status",
        "Handed to the website: the link and the summary.",
    )
    .await?;
    let offer = h.js("return window.__offers[0]").await?;
    let summary = offer["summary"].as_str().unwrap_or_default();
    let link = offer["link"].as_str().unwrap_or_default();
    assert!(
        summary.starts_with("GPUs for the load: 8\nAnswer: "),
        "{summary}"
    );
    // The answers, with the break-even share and that it is out of the pattern's reach; not
    // the notes that point to the page's panels.
    assert!(
        summary.contains("owning wins above a productive share of 85% (today: 46%)")
            && summary.contains("so the share above is out of its reach"),
        "{summary}"
    );
    assert!(!summary.contains("Totals as paid"), "{summary}");
    assert!(
        link.ends_with("/?lang=en#v=2") || link.contains("/?lang=en#v=2&"),
        "the full calculator, not embed.html: {link}"
    );
    Ok(())
}
