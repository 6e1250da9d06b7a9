//! The first screen: the inputs, the results and the three charts (and the embed, which shows a
//! part of them), with the helpers every component shares. Nothing here names a feature: what
//! opens on demand is put beside the first screen by the shell (`crate::app`) alone.

pub mod actions;
pub mod chart_views;
pub mod embed;
pub mod field;
pub mod measured;
pub mod offer;
pub mod panels;
pub mod peaks;
pub mod results;
pub mod spread;

use leptos::prelude::*;

use crate::first::field::Text;
use crate::state::Ctx;

/// A translated string that follows the language: one closure type for every string on the
/// page, so the reactive text renderer is compiled once rather than once per string.
pub fn tr(text: Text) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = Ctx::get().lang;
    move || text(lang.get().t())
}

/// An `on:toggle` handler that keeps `open` in step with its `<details>`, for sections that
/// compute their body only while open.
pub fn follow_open(open: RwSignal<bool>) -> impl Fn(leptos::ev::Event) + Copy + 'static {
    move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
}

/// Moves the keyboard focus to the element `id` once the pending change is drawn (so a screen
/// reader reads where the change shows).
pub fn focus_later(id: String) {
    request_animation_frame(move || {
        if let Some(el) = document()
            .get_element_by_id(&id)
            .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
        {
            let _ = el.focus();
        }
    });
}

/// After a list entry was removed: moves the keyboard focus to the first control of what took
/// its place (`next`, a CSS selector), or else to the control `fallback` (the list's "Add"
/// button), rather than letting it fall to the page's body.
pub fn focus_after_removal(next: String, fallback: &'static str) {
    request_animation_frame(move || {
        let doc = document();
        let first = doc
            .query_selector(&next)
            .ok()
            .flatten()
            .and_then(|c| {
                c.query_selector(
                    "input:not([disabled]), select:not([disabled]), button:not([disabled])",
                )
                .ok()
                .flatten()
            })
            .or_else(|| doc.get_element_by_id(fallback));
        if let Some(el) =
            first.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
        {
            let _ = el.focus();
        }
    });
}
