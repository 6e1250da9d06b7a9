//! The app shell: header, language switch, the panels. The one place that puts the first
//! screen (`first/`) and the sections opened on demand (`features/`) together: no file under
//! `first/` names a feature (the README's architecture invariant, checked by `tests/layering.rs`).

use leptos::prelude::*;

use crate::first::tr;

use crate::first::actions::{Actions, begin_print, describe, on_dragover, on_drop};
use crate::first::chart_views::ChartsPanel;
use crate::first::panels::{CloudPanel, FinancePanel, OwnPanel, WorkloadPanel};
use crate::first::results::{AnswerAtTop, LiveResult, ResultsPanel};
use crate::i18n::Lang;
use crate::io;
use crate::split::{OnDemand, OnDemandPrint, OnDemandWhen};
use crate::state::{Ctx, default_value};

/// The language from `?lang=` or else the browser's.
fn initial_lang() -> Lang {
    let window = web_sys::window();
    let from_url = window
        .as_ref()
        .and_then(|w| w.location().search().ok())
        .and_then(|q| {
            q.trim_start_matches('?')
                .split('&')
                .find_map(|kv| kv.strip_prefix("lang=").map(str::to_owned))
        });
    let tag = from_url
        .or_else(|| window.and_then(|w| w.navigator().language()))
        .unwrap_or_default();
    Lang::from_tag(&tag)
}

/// A query parameter of the page's URL (`?view=embed&own=…`).
fn query(name: &str) -> Option<String> {
    let search = web_sys::window().and_then(|w| w.location().search().ok())?;
    search.trim_start_matches('?').split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == name).then(|| v.to_owned())
    })
}

/// Loads the presets named in the URL: `own=<id>` and `rent=<id>,<id>,…` (the rent options
/// become exactly those). Ids it cannot load (unknown, of the other side, or rent options past
/// the most a scenario holds) are named in the page's notice, not dropped without a word.
fn apply_url_presets(ctx: Ctx) {
    use gpu_tco_core::presets::{Side, preset};
    let t = ctx.lang.get_untracked().t();
    // Each id left out with its reason.
    let mut left_out = Vec::new();
    let mut own_loaded = false;
    if let Some(id) = query("own") {
        match preset(&id) {
            Some(p) if p.side == Side::Own => {
                ctx.load_preset("own", p);
                own_loaded = true;
            }
            Some(_) => left_out.push(t.preset_not_own().replace("{id}", &id)),
            None => left_out.push(t.preset_unknown().replace("{id}", &id)),
        }
    }
    let mut chosen = Vec::new();
    for id in query("rent").iter().flat_map(|l| l.split(',')) {
        match preset(id) {
            _ if id.is_empty() => {}
            Some(p) if p.side == Side::Rent && chosen.len() < gpu_tco_core::MAX_RENT_OPTIONS => {
                chosen.push(p)
            }
            Some(p) if p.side == Side::Rent => left_out.push(
                t.preset_past_max()
                    .replace("{id}", id)
                    .replace("{max}", &gpu_tco_core::MAX_RENT_OPTIONS.to_string()),
            ),
            Some(_) => left_out.push(t.preset_not_rent().replace("{id}", id)),
            None => left_out.push(t.preset_unknown().replace("{id}", id)),
        }
    }
    if !left_out.is_empty() {
        let rest = if own_loaded || !chosen.is_empty() {
            t.presets_rest_loaded()
        } else {
            t.presets_none_loaded()
        };
        ctx.notice.set(Some((
            true,
            t.presets_left_out()
                .replace("{ids}", &left_out.join("; "))
                .replace("{rest}", rest),
        )));
    }
    if chosen.is_empty() {
        return;
    }
    ctx.edit(|v| {
        if let Some(rent) = v
            .pointer_mut("/rent")
            .and_then(serde_json::Value::as_array_mut)
            && let Some(first) = rent.first().cloned()
        {
            rent.resize(chosen.len(), first);
        }
    });
    ctx.presets
        .update(|l| l.retain(|(k, _)| !k.starts_with("rent.")));
    for (i, p) in chosen.into_iter().enumerate() {
        ctx.load_preset(&format!("rent.{i}"), p);
    }
}

/// Registers the service worker that keeps the page working offline (http(s) only: a page
/// opened from disk has nothing to cache).
fn register_service_worker() {
    let Some(w) = web_sys::window() else { return };
    let secure = w
        .location()
        .protocol()
        .is_ok_and(|p| p == "http:" || p == "https:");
    if !secure {
        return;
    }
    let nav = w.navigator();
    let container = js_sys::Reflect::get(&nav, &"serviceWorker".into()).ok();
    let register = container
        .as_ref()
        .and_then(|c| js_sys::Reflect::get(c, &"register".into()).ok())
        .and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok());
    if let (Some(c), Some(f)) = (container, register)
        && let Ok(promise) = f.call1(&c, &"./sw.js".into())
        && let Ok(promise) = wasm_bindgen::JsCast::dyn_into::<js_sys::Promise>(promise)
    {
        // A registration the browser refuses (Firefox's InvalidStateError when the page is
        // reloaded before it settles, a private window) leaves the page working online: it is
        // no uncaught error.
        let ignore =
            wasm_bindgen::closure::Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(|_| {});
        let _ = promise.catch(&ignore);
        ignore.forget();
    }
}

/// In an iframe: tells the parent page the embed's height whenever it changes (the only
/// message the embed ever sends; it listens to none).
fn post_height_to_parent() {
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    if parent == w {
        return;
    }
    let last = std::rc::Rc::new(std::cell::Cell::new(0i32));
    // The content's own height (the `<main>`), not the document's: a document is never
    // shorter than its iframe, so it could grow but never shrink.
    let post = move || {
        let Some(main) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector("main").ok().flatten())
        else {
            return;
        };
        let height = main.scroll_height();
        if height != last.get() {
            last.set(height);
            let msg = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&msg, &"type".into(), &"gpu-tco:height".into());
            let _ = js_sys::Reflect::set(&msg, &"height".into(), &f64::from(height).into());
            let _ = parent.post_message(&msg, "*");
        }
    };
    let observe = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(post);
    if let (Ok(observer), Some(main)) = (
        web_sys::ResizeObserver::new(wasm_bindgen::JsCast::unchecked_ref(observe.as_ref())),
        w.document()
            .and_then(|d| d.query_selector("main").ok().flatten()),
    ) {
        observer.observe(&main);
        // The observer lives as long as the page.
        std::mem::forget(observer);
    }
    observe.forget();
}

/// Why a share link could not be loaded. A link the reader cannot parse (a word without `=`,
/// no `v`, an unknown or repeated key, a bad escape) is "damaged or incomplete" at its key, in
/// the page's language; a value of the wrong type or out of range is named like a typed one.
fn link_reason(ctx: Ctx, e: &gpu_tco_core::Error) -> String {
    let lang = ctx.lang.get_untracked();
    let t = lang.t();
    match e {
        gpu_tco_core::Error::Malformed { path, problem } => {
            if crate::i18n::wrong_type(problem).is_some() {
                describe(ctx, e)
            } else if path.is_empty() {
                t.link_damaged().to_owned()
            } else {
                t.link_damaged_at().replace("{key}", path)
            }
        }
        _ => describe(ctx, e),
    }
}

/// The window's inner height in CSS pixels (0 if unknown).
fn window_height() -> f64 {
    web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0)
}

/// Whether the element `selector` finds is shown (not `display: none`) and at least partly inside
/// the window.
fn in_view(selector: &str) -> bool {
    document()
        .query_selector(selector)
        .ok()
        .flatten()
        .is_some_and(|e| {
            let rect = e.get_bounding_client_rect();
            rect.height() > 0.0 && rect.bottom() > 0.0 && rect.top() < window_height()
        })
}

/// Whether the window is a phone's: up to 900 px the inputs come first and the result line
/// shows while they are edited (style.css).
fn is_phone() -> bool {
    web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .is_some_and(|w| w <= 900.0)
}

/// The frame for the charts' column in this window.
fn chart_fit(embed: bool) -> crate::charts::Fit {
    let Some(width) = web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
    else {
        return crate::charts::Fit::Wide;
    };
    // The width of the column the charts are drawn in (style.css: the full page stacks its two
    // columns up to 900 px, the embed up to 720 px; beside the inputs it is what is left).
    // scripts/embed_loader.template.js (`fit`) repeats the embed's case for the answer drawn at
    // build time: change both together.
    let column = match (embed, width) {
        (false, w) if w <= 900.0 => w - 40.0,
        (false, w) => w - 420.0,
        (true, w) if w <= 720.0 => w - 30.0,
        (true, w) => w - 330.0,
    };
    let fit = crate::charts::Fit::of_column(column);
    // The embed is made for an article's column: it draws in the middle frame at most, shown
    // larger in a wider one, so that its answer drawn at build time needs two frames, not three
    // (2.7 KB gzip less for every reader who only reads).
    if embed && fit == crate::charts::Fit::Wide {
        crate::charts::Fit::Middle
    } else {
        fit
    }
}

/// Sets a flag only when it changes (a focus moving from one input to the next sets it twice).
fn set_flag(flag: RwSignal<bool>, on: bool) {
    if flag.get_untracked() != on {
        flag.set(on);
    }
}

/// Once the result line is shown, scrolls the focused input out from under it.
fn keep_clear_of_live_result(ev: &leptos::ev::FocusEvent) {
    let Some(target) = ev
        .target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
    else {
        return;
    };
    request_animation_frame(move || {
        let Some(line) = document().query_selector(".live-result").ok().flatten() else {
            return;
        };
        let bar = line.get_bounding_client_rect();
        // Not shown (a wide window lays the results beside the inputs).
        if bar.height() <= 0.0 {
            return;
        }
        let top = target.get_bounding_client_rect().top();
        if top < bar.bottom() + 4.0 {
            window().scroll_by_with_x_and_y(0.0, top - bar.bottom() - 12.0);
        }
    });
}

/// Changes of the inputs closer than this (milliseconds) are written into the URL fragment once
/// they rest.
const FRAGMENT_EVERY_MS: f64 = 250.0;

/// What the full page and the embed share: the state (provided as context), a share link or
/// the URL's presets loaded, the fragment kept in step, the charts' frame, the spread, the
/// language on `<html>`.
fn start(embed: bool) -> Ctx {
    let ctx = Ctx::new(initial_lang(), default_value());
    provide_context(ctx);
    crate::first::results::UnlikeModels::provide(ctx);
    crate::first::results::PriceEnds::provide();
    // A share link: the scenario in the fragment. A bad one changes nothing and says why.
    let fragment = io::fragment();
    // A bad link stays in the address bar (to be mended or reported) until the first change.
    let keep_link = StoredValue::new(false);
    if fragment.is_empty() {
        apply_url_presets(ctx);
    } else {
        let loaded = gpu_tco_core::share::fragment_to_link(&fragment).and_then(|link| {
            gpu_tco_core::Scenario::from_value(link.scenario.clone()).map(|_| link)
        });
        match loaded {
            Ok(link) => {
                // A version 1 link keeps the 0 % a year its options had then: said, as its
                // answer may differ from today's default's.
                let old = link.version == 1;
                ctx.load_link(link);
                if old {
                    let t = ctx.lang.get_untracked().t();
                    ctx.notice.set(Some((false, t.old_link().to_owned())));
                }
            }
            Err(e) => {
                keep_link.set_value(true);
                // "(… Enter a whole number from 0 to 1,024.)." reads as a typo: the reason's own
                // full stop goes inside the notice's brackets.
                let reason = link_reason(ctx, &e);
                let reason = reason.trim_end_matches('.');
                ctx.notice.set(Some((
                    true,
                    ctx.lang
                        .get_untracked()
                        .t()
                        .bad_link()
                        .replace("{reason}", reason),
                )));
            }
        }
    }
    // Reloaded after the module failed (index.html's guard): say so, unless the link has its
    // own message.
    if io::take_reloaded_mark() && ctx.notice.with_untracked(Option::is_none) {
        let t = ctx.lang.get_untracked().t();
        ctx.notice.set(Some((true, t.recovered().to_owned())));
    }
    // Keep the fragment in step with every valid scenario (replaceState: no history flood),
    // in a task of its own, so it never delays the results on screen. Chromium's replaceState
    // costs about 1.5 ms (6 ms on a phone): a change after a rest is written at once, but
    // changes that follow each other within `FRAGMENT_EVERY_MS` (a slider drag) are written
    // once they rest, not in the middle of the drag. "Copy link" brings it up to date first.
    let generation = StoredValue::new(0u32);
    let last_change = StoredValue::new(f64::NEG_INFINITY);
    Effect::new(move |_| {
        ctx.outcome.track();
        // A box left holding what the draft cannot take shows the results from before the
        // entry: the link follows them.
        ctx.unparsable.track();
        // A preset chosen whose values are those already there changes the link too.
        ctx.presets.track();
        if keep_link.get_value() {
            keep_link.set_value(false);
            return;
        }
        generation.update_value(|g| *g = g.wrapping_add(1));
        let now = io::now_ms();
        let rested = now - last_change.get_value() >= FRAGMENT_EVERY_MS;
        last_change.set_value(now);
        let mine = generation.get_value();
        set_timeout(
            move || {
                // A later change is written in its own turn; the draft may also have turned
                // invalid meanwhile ("4" then "40"): the link is that of the results on screen
                // ([`Ctx::shown_link`]), a scenario that loads.
                if generation.get_value() == mine
                    && let Some(link) = ctx.shown_link()
                {
                    io::set_fragment(&link);
                }
            },
            std::time::Duration::from_millis(if rested { 0 } else { FRAGMENT_EVERY_MS as u64 }),
        );
    });
    // Once the first results are drawn and laid out, the parts out of the window may skip
    // their layout (style.css and page.css, `html[data-laid-out]`): every box has had its real
    // height by then, which it keeps while skipped, so the page's (and an embed's) height is
    // right from the start.
    Effect::new(move |set: Option<bool>| {
        // Once set, it reads nothing and never runs again.
        if set == Some(true) {
            return true;
        }
        let ready = ctx.shown.with(Option::is_some);
        if ready {
            request_animation_frame(|| {
                request_animation_frame(|| {
                    if let Some(root) = document().document_element() {
                        let _ = root.set_attribute("data-laid-out", "");
                    }
                });
            });
        }
        ready
    });
    // Charts take the frame that fits their column, in the embed as on the page.
    ctx.fit.set(chart_fit(embed));
    ctx.phone.set(is_phone());
    // The answer scrolls out of view while the lower inputs are edited: beside the inputs (a
    // wide window) the results' verdict, on a phone the answer at the top. The result line
    // shows only then (style.css), so that it never repeats an answer in view.
    let check_away = move || {
        let gone = !["[data-testid=result-verdict]", "[data-testid=answer-top]"]
            .into_iter()
            .any(in_view);
        if ctx.verdict_away.get_untracked() != gone {
            ctx.verdict_away.set(gone);
        }
    };
    let away = window_event_listener(leptos::ev::scroll, move |_| check_away());
    on_cleanup(move || away.remove());
    // A link pasted into the address bar of this page, open already at the same address but
    // for the fragment, only changes the fragment: the browser does not load the page again, so
    // the page does, and shows the scenario of the link (the page writes its own fragment with
    // `history.replaceState`, which fires no `hashchange`).
    let pasted = window_event_listener(leptos::ev::hashchange, |_| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    });
    on_cleanup(move || pasted.remove());
    let resize = window_event_listener(leptos::ev::resize, move |_| {
        // The printout's charts keep their print frame while the page is being printed.
        if ctx.printing.get_untracked() {
            return;
        }
        let fit = chart_fit(embed);
        if ctx.fit.get_untracked() != fit {
            ctx.fit.set(fit);
        }
        let phone = is_phone();
        if ctx.phone.get_untracked() != phone {
            ctx.phone.set(phone);
        }
        check_away();
    });
    on_cleanup(move || resize.remove());
    // Keep <html lang> (screen readers, hyphenation) and the tab's title in the language, in
    // the embed too; on the full page the address says it as well (`?lang=`), so that a copied
    // link opens in the language it was copied from.
    Effect::new(move |_| {
        let lang = ctx.lang.get();
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            if let Some(el) = doc.document_element() {
                let _ = el.set_attribute("lang", lang.code());
            }
            doc.set_title(lang.t().doc_title());
        }
        if !embed {
            io::set_query_param("lang", lang.code());
        }
    });
    // The results at rest start from the page's first (a link's or the URL's presets, loaded
    // above): the parts built from them take their first value from it.
    crate::first::AtRest::provide(ctx);
    ctx
}

/// The compact view alone (`embed.html`, its own module `gpu-tco-embed`): what an article
/// page frames, without the full page's code and without a service worker (a reader of the
/// article installs nothing).
#[component]
pub fn EmbedApp() -> AnyView {
    let ctx = start(true);
    // How sure the answer is, once the inputs rest: the embed draws the bands too, computed by
    // the module of the page's sections loaded on demand (a scenario without ranges never loads
    // it), which the embed asks for nothing else.
    crate::first::spread::follow_spread(ctx, crate::split::spread_alone);
    // After the first render, when `<main>` exists to be measured.
    Effect::new(move |_| post_height_to_parent());
    view! { <crate::first::embed::Embed /> }.into_any()
}

/// The whole calculator.
#[component]
pub fn App() -> AnyView {
    // An older snippet's address of the compact view (`index.html?view=embed&…`): it has its
    // own page and module now, which loads instead of this one (query and fragment kept).
    if query("view").as_deref() == Some("embed")
        && let Some(w) = web_sys::window()
        && w.location()
            .protocol()
            .is_ok_and(|p| p == "http:" || p == "https:")
    {
        let l = w.location();
        let to = format!(
            "embed.html{}{}",
            l.search().unwrap_or_default(),
            l.hash().unwrap_or_default()
        );
        if l.replace(&to).is_ok() {
            return ().into_any();
        }
    }
    register_service_worker();
    let ctx = start(false);
    // How sure the answer is, once the inputs rest: computed by the module of the sections
    // loaded on demand (a scenario without ranges never loads it for this).
    crate::first::spread::follow_spread(ctx, crate::split::spread);
    // The browser's print (its menu, Ctrl+P, or the Print button's dialog): the printout's
    // parts are mounted now if their module is loaded (synchronously), else loaded for the next
    // print, and this one says how to print the whole report.
    let before_print = window_event_listener(leptos::ev::beforeprint, move |_| begin_print(ctx));
    let after_print = window_event_listener(leptos::ev::afterprint, move |_| {
        ctx.printing.set(false);
        ctx.fit.set(chart_fit(false));
    });
    on_cleanup(move || {
        before_print.remove();
        after_print.remove();
    });
    let switch = move |_| {
        ctx.set_lang(match ctx.lang.get_untracked() {
            Lang::De => Lang::En,
            Lang::En => Lang::De,
        })
    };
    // An input being edited (focused, or a slider dragged): a phone keeps a result line in view.
    // Focus is followed by the stylesheet (an input, select or text area with the focus,
    // `:has(…:focus)`; a button with the focus shows no line), not by a focusout handler: the
    // page unloading after a failed module moves the focus out too, into a dead module.
    let dragging = RwSignal::new(false);
    let drag_end = window_event_listener(leptos::ev::pointerup, move |_| set_flag(dragging, false));
    let drag_cancel = window_event_listener(leptos::ev::pointercancel, move |_| {
        set_flag(dragging, false)
    });
    on_cleanup(move || {
        drag_end.remove();
        drag_cancel.remove();
    });
    // "Load the worked example" keeps what was there for one Undo.
    let reset = move |_| {
        let before = (ctx.draft.get_untracked(), ctx.presets.get_untracked());
        ctx.replace_scenario(default_value());
        ctx.presets.set(crate::state::default_presets());
        ctx.notice.set(None);
        let changed = ctx.draft.with_untracked(|now| *now != before.0);
        ctx.undo.set(changed.then_some(before));
    };
    let undo = move |_| {
        if let Some((draft, presets)) = ctx.undo.get_untracked() {
            ctx.replace_scenario(draft);
            ctx.presets.set(presets);
            ctx.undo.set(None);
            crate::first::focus_later("reset".to_owned());
        }
    };
    view! {
        // Keyboard users skip the header and reach the inputs or the results at once (on a
        // phone the inputs come first and the results are far below).
        <nav class="skip-links" aria-label=tr(|t| t.skip_nav())>
            <button type="button" class="skip" id="skip-inputs"
                on:click=move |_| crate::first::focus_later("h-workload".to_owned())>
                {tr(|t| t.skip_inputs())}
            </button>
            <button type="button" class="skip" id="skip-results"
                on:click=move |_| crate::first::focus_later("h-results".to_owned())>
                {tr(|t| t.skip_results())}
            </button>
        </nav>
        <header class="top">
            <div>
                <h1>{tr(|t| t.title())}</h1>
                <p class="intro">{tr(|t| t.intro())}</p>
                <p class="privacy" data-testid="privacy">{tr(|t| t.privacy())}</p>
            </div>
            <div class="top-actions">
                <button
                    type="button"
                    id="lang-switch"
                    aria-label=tr(|t| t.switch_lang_label())
                    lang=move || match ctx.lang.get() { Lang::De => "en", Lang::En => "de" }
                    on:click=switch
                >
                    {tr(|t| t.switch_lang())}
                </button>
                <button type="button" id="reset" class="link" on:click=reset>{tr(|t| t.reset())}</button>
                <p class="undo-note" id="undo-note" role="status" aria-live="polite">
                    {move || ctx.undo.with(Option::is_some).then(|| view! {
                        <span>{tr(|t| t.undo_note())}" "</span>
                        <button type="button" class="link" id="undo" on:click=undo>
                            {tr(|t| t.undo())}
                        </button>
                    })}
                </p>
            </div>
        </header>
        <AnswerAtTop notice=true />
        <main
            class="layout"
            class:verdict-away=move || ctx.verdict_away.get()
            on:dragover=on_dragover
            on:drop=move |ev| on_drop(ctx, ev)
        >
            <div
                class="inputs"
                on:focusin=move |ev| keep_clear_of_live_result(&ev)
                on:pointerdown=move |ev| {
                    // Only a slider is dragged (the target may be any element).
                    let range = ev
                        .target()
                        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
                        .is_some_and(|input| input.type_() == "range");
                    if range {
                        set_flag(dragging, true);
                    }
                }
            >
                <LiveResult dragging=dragging.into() />
                <WorkloadPanel />
                <OnDemand part="import" class="import" testid="import" title=|t| t.import_title() heading_id="h-import" />
                <CloudPanel />
                <OwnPanel />
                <FinancePanel />
            </div>
            <div class="outputs">
                <OnDemandPrint part="print" note=true />
                <Actions />
                <ResultsPanel />
                <OnDemandWhen part="compare" when=Signal::derive(move || ctx.pinned.with(Option::is_some)) loading=|t| t.compare_loading() />
                <ChartsPanel />
                <OnDemand part="sizing" class="sizing" testid="sizing" title=|t| t.sizing_title() heading_id="h-sizing" />
                <OnDemand part="ranges" class="ranges" testid="ranges" title=|t| t.range_title() />
                <OnDemand part="whatif" class="analysis" testid="analysis" title=|t| t.analysis_title() />
                <OnDemand part="cashflow" class="cash-flow" testid="cash-flow" title=|t| t.cf_title() />
                <OnDemand part="explain" class="explain" testid="how" title=|t| t.how_title() />
                <OnDemandPrint part="print-sources" />
                <OnDemand part="sources" class="sources" testid="sources" title=|t| t.sources_title() />
            </div>
        </main>
        <footer class="foot">
            <p>{tr(|t| t.footer_sources())}</p>
        </footer>
    }
    .into_any()
}
