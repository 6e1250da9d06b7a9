//! "Ask for an offer for this configuration": shown only where the host page named where
//! (`offer=mailto:…` or `offer=event` in the page's address, which the script embed's
//! `data-offer` sets, or `<meta name="gpu-tco-offer">`). Pressed, it hands the share link and a
//! short summary to the host: a `mailto:` link, or a `gpu-tco:offer` event (and, inside a
//! frame, a message to the parent page). Nothing leaves before the press, and the calculator
//! itself sends nothing.

use leptos::prelude::*;

use crate::first::tr;
use crate::io;
use crate::state::Ctx;

/// Where the host page takes offer requests: `event` or a `mailto:` address (one line), or
/// `None` (then no button).
pub fn target() -> Option<String> {
    let setting = io::offer_setting()?;
    let t = setting.trim();
    let mail = t
        .strip_prefix("mailto:")
        .is_some_and(|a| !a.is_empty() && !a.contains(['\n', '\r', '?', '&']));
    (t == "event" || mail).then(|| t.to_owned())
}

/// The link to the full calculator with this scenario: the page's folder, its language, the
/// share fragment (from the embed too, whose own address is `embed.html`).
pub fn full_link(ctx: Ctx) -> String {
    let href = io::href();
    let page = href.split(['#', '?']).next().unwrap_or_default();
    let folder = match page.rfind('/') {
        Some(i) => &page[..=i],
        None => page,
    };
    format!(
        "{folder}?lang={}#{}",
        ctx.lang.get_untracked().code(),
        ctx.shown_link().unwrap_or_else(|| ctx.link_now())
    )
}

/// The button, its note and its status. `compose` gives the request's subject and body (the
/// body with `{link}` where the link goes) when the visitor presses it.
#[component]
pub fn OfferButton(
    /// The button's test id.
    testid: &'static str,
    /// (subject, body) of the request, made when pressed.
    compose: Callback<(), (String, String)>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let sent = RwSignal::new(false);
    target().map(move |target| {
        let event = target == "event";
        let ask = move |_| {
            let link = full_link(ctx);
            let (subject, body) = compose.run(());
            let body = body.replace("{link}", &link);
            if target == "event" {
                io::offer_event(&link, &body);
                sent.set(true);
            } else {
                io::open(&format!(
                    "{target}?subject={}&body={}",
                    io::encode(&subject),
                    io::encode(&body)
                ));
            }
        };
        let status_id = format!("{testid}-status");
        view! {
            <div class="offer">
                <button type="button" data-testid=testid aria-describedby=format!("{testid}-note") on:click=ask>
                    {tr(|t| t.offer())}
                </button>
                <p class="note" id=format!("{testid}-note")>
                    {if event { tr(|t| t.offer_note_event()) } else { tr(|t| t.offer_note()) }}
                </p>
                <p role="status" data-testid=status_id>
                    {move || sent.get().then(|| tr(|t| t.offer_sent())())}
                </p>
            </div>
        }
    })
}
