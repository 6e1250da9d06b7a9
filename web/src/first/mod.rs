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
/// reader reads where the change shows). A heading (the target of a "results ↓" link) is brought
/// to the top of the window, where what it heads follows: the focus alone would scroll it only
/// into view, to the middle of a phone's screen.
pub fn focus_later(id: String) {
    request_animation_frame(move || {
        if let Some(el) = document()
            .get_element_by_id(&id)
            .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
        {
            let _ = el.focus();
            if matches!(el.tag_name().as_str(), "H2" | "H3") {
                el.scroll_into_view_with_bool(true);
                keep_at_top(id, 20);
            } else {
                keep_in_view(id, 20);
            }
        }
    });
}

/// Keeps the element `id` (or the `<summary>` around it) in view for the next `frames` frames
/// after the focus went there, counted once a section loaded on demand around it is there (at
/// most 10 s): sections above it that had not been laid out yet (`content-visibility: auto`, a
/// placeholder's height until then) take their real height as the page scrolls, and a section
/// loaded on demand replaces its placeholder, either of which can push it out of view again; it
/// is then brought back to the top of the window. The visitor's own scrolling ends it.
pub fn keep_in_view(id: String, frames: u32) {
    keep_in_view_for(id, frames, 600, None, false);
}

/// [`keep_in_view`] for the target of a jump (a section's heading): kept at the top of the
/// window, where the browser put it, not only somewhere in view, as what loads or lays out
/// above it moves it down.
pub fn keep_at_top(id: String, frames: u32) {
    keep_in_view_for(id, frames, 600, None, true);
}

/// One frame of [`keep_in_view`]; `last` is the window's scroll position, the element and its
/// place in the page after the last frame (what it set, when it scrolled). The window scrolled
/// while the same element stayed where it was in the page is the visitor's scrolling, which ends
/// it; a scroll the browser made itself as content above took its height (scroll anchoring)
/// moved the element in the page too, and a section loaded on demand that replaced its
/// placeholder brought another element (the browser scrolls as it swaps them): neither does.
fn keep_in_view_for(
    id: String,
    frames: u32,
    cap: u32,
    last: Option<(f64, f64, web_sys::Element)>,
    top: bool,
) {
    if frames == 0 || cap == 0 {
        return;
    }
    request_animation_frame(move || {
        let scroll_y = || window().scroll_y().unwrap_or(0.0);
        let el = document().get_element_by_id(&id);
        let el = el
            .as_ref()
            .and_then(|e| e.closest("summary").ok().flatten())
            .or(el);
        let in_page = |el: &web_sys::Element| el.get_bounding_client_rect().top() + scroll_y();
        if let (Some((y, at, before)), Some(el)) = (last, el.as_ref())
            && *el == before
            && (scroll_y() - y).abs() > 1.0
            && (in_page(el) - at).abs() <= 1.0
        {
            return;
        }
        let mut loading = false;
        if let Some(el) = &el {
            loading = el.closest("[data-placeholder]").ok().flatten().is_some();
            let r = el.get_bounding_client_rect();
            let height = window()
                .inner_height()
                .ok()
                .and_then(|h| h.as_f64())
                .unwrap_or(0.0);
            // (At the top: its scroll margin is 0.6 rem; a window scrolled to the page's end
            // cannot bring it higher, and is left where it is.)
            if r.top() < 0.0 || r.bottom() > height || (top && r.top() > 24.0) {
                el.scroll_into_view_with_bool(true);
            }
        }
        let frames = if loading { frames } else { frames - 1 };
        let now = el.map(|el| (scroll_y(), in_page(&el), el));
        keep_in_view_for(id, frames, cap - 1, now, top);
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

/// The results as the parts that wait for a rest show them ([`settled`] over `ctx.shown`), and
/// whether a step is held back: one for the page and one for the embed ([`AtRest::provide`]),
/// which the results' table, the verdict's busy mark, the price change's ends and the charts
/// out of view share, so that a drag's step runs one such effect and its timers, not one each.
#[derive(Debug, Clone, Copy)]
pub struct AtRest {
    /// The last results once the inputs rest.
    pub shown: ReadSignal<Option<std::sync::Arc<crate::state::Evaluated>>>,
    /// Whether a change is held back.
    pub busy: ReadSignal<bool>,
}

impl AtRest {
    /// Provides the results at rest of `ctx` as context.
    pub fn provide(ctx: Ctx) {
        let (shown, busy) = settled(ctx.shown);
        provide_context(AtRest { shown, busy });
    }

    /// The results at rest from context.
    pub fn get() -> AtRest {
        expect_context::<AtRest>()
    }
}

/// How long changes must rest before what [`settled`] holds back follows them (and the
/// analysis section, which follows the inputs only once they rest).
pub const REST: std::time::Duration = std::time::Duration::from_millis(150);

/// `source` as the parts of the page that need not follow every step show it: the first change
/// after a rest at once (a number typed, an option added, the language switched), then, while
/// changes come less than [`REST`] apart (a slider dragged), the last one [`REST`] after it.
/// The second signal is true while a change is held back (the page marks those parts
/// `aria-busy`). A drag then updates the answer (and the charts in view) on every step and the
/// detail tables (and the charts out of view) once, when the slider rests.
pub fn settled<T: Clone + PartialEq + Send + Sync + 'static>(
    source: Memo<T>,
) -> (ReadSignal<T>, ReadSignal<bool>) {
    let out = RwSignal::new(source.get_untracked());
    let busy = RwSignal::new(false);
    let last = StoredValue::new(None::<f64>);
    let timer = StoredValue::new(None::<leptos::leptos_dom::helpers::TimeoutHandle>);
    Effect::new(move |first: Option<()>| {
        source.track();
        if first.is_none() {
            // The effect's first run is the value `out` started with, unless the source changed
            // before it ran (the page's state is made, and a link loaded into it, before its
            // first effects run): that value is the page's first, shown at once.
            if !source.with_untracked(|s| out.with_untracked(|o| o == s)) {
                out.set(source.get_untracked());
            }
            return;
        }
        let now = js_sys::Date::now();
        let rest_ms = REST.as_secs_f64() * 1000.0;
        let in_a_burst = last.get_value().is_some_and(|t| now - t < rest_ms);
        last.set_value(Some(now));
        // The rest is counted from the end of this change's update (the task after its
        // effects), not from its start: on a slow phone a whole update can take longer than
        // `REST`, and a drag's next step, coming after it, would otherwise never count as part of
        // the drag. (A zero timeout: a frame request per step cost a drag's step about 0.2 ms
        // in Chromium, its timer a tenth of that.)
        set_timeout(
            move || last.set_value(Some(js_sys::Date::now())),
            std::time::Duration::ZERO,
        );
        if let Some(t) = timer.get_value() {
            t.clear();
            timer.set_value(None);
        }
        if !in_a_burst {
            out.set(source.get_untracked());
            if busy.get_untracked() {
                busy.set(false);
            }
            return;
        }
        if !busy.get_untracked() {
            busy.set(true);
        }
        let handle = set_timeout_with_handle(
            move || {
                timer.set_value(None);
                out.set(source.get_untracked());
                busy.set(false);
            },
            REST,
        );
        timer.set_value(handle.ok());
    });
    (out.read_only(), busy.read_only())
}
