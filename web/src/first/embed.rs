//! The compact view for article pages (`?view=embed`): the inputs that matter most, the
//! headline figures, the cumulative chart, and a link to the full calculator.

use leptos::prelude::*;
use serde_json::Value;

use crate::first::actions::Notice;
use crate::first::chart_views::CumulativePanel;
use crate::first::field::NumFields;
use crate::first::offer::OfferButton;
use crate::first::panels::{CALENDAR, PriceField, WINDOW, WindowNote};
use crate::first::results::{AnswerAtTop, CompactResults};
use crate::first::tr;
use crate::state::Ctx;

/// The compact view for article pages: the inputs that matter most, the headline figures, the
/// cumulative chart, and a link to the full calculator with the same scenario.
#[component]
pub fn Embed() -> impl IntoView {
    let ctx = Ctx::get();
    // The scenario whose results the embed shows: while a box holds an entry it cannot take,
    // the one from before the entry (as the page's own link).
    let full = move || {
        ctx.presets.track();
        ctx.draft.track();
        ctx.outcome.track();
        ctx.unparsable.track();
        let fragment = ctx.shown_link().unwrap_or_default();
        format!("./?lang={}#{fragment}", ctx.lang.get().code())
    };
    // The price shown is that of the option the answer is about: the cheapest way to rent that
    // holds capacity, as the embed opened (it stays that option while the visitor edits it,
    // even once another one is cheaper; the first option if none holds capacity).
    let index = untrack(|| {
        ctx.shown.with(|s| {
            s.as_ref()
                .and_then(|ev| ev.report.answers.holds_capacity.as_ref())
                .map(|a| a.rent_index)
        })
    })
    .unwrap_or(0);
    let label_path = format!("rent.{index}.label");
    let option = move || {
        ctx.read(&label_path)
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    };
    // The rest of the load, which the GPU control carries along: the batch windows and peaks.
    let load = move || {
        let t = ctx.lang.get().t();
        ctx.draft.with(|v| {
            let mut items = Vec::new();
            for list in ["batch", "peaks"] {
                let windows = v
                    .pointer(&format!("/calendar/{list}"))
                    .and_then(Value::as_array)
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                for (i, w) in windows.iter().enumerate() {
                    let n = |k: &str| w.get(k).map(|x| x.to_string()).unwrap_or_default();
                    items.push(
                        t.embed_window()
                            .replace(
                                "{name}",
                                &if list == "batch" {
                                    format!("{} {}", t.batch_window(), i + 1)
                                } else {
                                    t.peak_n().replace("{n}", &(i + 1).to_string())
                                },
                            )
                            .replace(
                                "{gpus}",
                                &w.get("gpus")
                                    .and_then(Value::as_u64)
                                    .and_then(|g| u32::try_from(g).ok())
                                    .map_or_else(|| n("gpus"), crate::fmt::gpus_text),
                            )
                            .replace("{from}", &n("start_hour"))
                            .replace("{to}", &n("end_hour")),
                    );
                }
            }
            (!items.is_empty()).then(|| t.embed_load().replace("{list}", &items.join("; ")))
        })
    };
    // The offer's summary: the load's GPUs and the verdict (the embed sizes nothing).
    let compose = Callback::new(move |()| {
        let lang = ctx.lang.get_untracked();
        let t = lang.t();
        let gpus = ctx
            .read("calendar.service.gpus")
            .map(|v| v.to_string())
            .unwrap_or_default();
        let verdict = ctx.shown.with_untracked(|s| {
            s.as_ref()
                .map(|ev| crate::first::results::verdict_sentences(lang, &ev.report).join(" "))
                .unwrap_or_default()
        });
        (
            t.offer_embed_subject().replace(
                "{gpus}",
                &gpus
                    .parse::<u32>()
                    .map_or_else(|_| gpus.clone(), crate::fmt::gpus_text),
            ),
            t.offer_embed_body()
                .replace("{gpus}", &gpus)
                .replace("{verdict}", &verdict),
        )
    });
    view! {
        <main class="embed">
            <h1 class="visually-hidden">{tr(|t| t.title())}</h1>
            // A link or preset the embed could not load is said, not replaced without a word.
            <Notice />
            // A narrow frame (an article on a phone) stacks the inputs above the answer: the
            // answer's two sentences come first there, as on the page.
            <AnswerAtTop />
            <div class="embed-inputs">
                // What the first fields are (the page's own heading is for screen readers).
                <h2 class="embed-group">{tr(|t| t.service_window())}</h2>
                <NumFields prefix="calendar.service" specs=WINDOW />
                <WindowNote path="calendar.service".to_owned() />
                <NumFields prefix="calendar" specs=CALENDAR />
                <p class="embed-load" data-testid="embed-load">{load}</p>
                <p class="embed-option" data-testid="embed-option">{option}</p>
                <PriceField index=index />
            </div>
            <div class="embed-outputs">
                <CompactResults />
                <CumulativePanel />
                <OfferButton testid="embed-offer" compose=compose />
                <p class="embed-link">
                    <a id="open-full" href=full target="_blank" rel="noopener">{tr(|t| t.open_full())}</a>
                    " · "
                    <span class="privacy">{tr(|t| t.privacy())}</span>
                </p>
            </div>
        </main>
    }
}
