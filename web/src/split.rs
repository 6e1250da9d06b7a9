//! The page in two WebAssembly modules: the first screen (this one) and the sections opened on
//! demand (`gpu-tco-features`: the metrics import, the sizing, how sure the answer is, the what-if
//! analysis, the cash flow, how it was computed, the sources, the comparison of a pinned A with
//! B, and the printout's own parts), which the page loads with `import()` the first time one of
//! them is opened ([`OnDemand`]), a scenario is pinned ([`OnDemandWhen`]) or the page is about to
//! be printed ([`OnDemandPrint`], [`prepare_print`]).
//!
//! Each module has its own memory and its own Leptos runtime, so they share the state as JSON
//! ([`Shared`]): the first screen sends it to the other module whenever it changes, and that
//! module sends back the scenario and presets when one of its sections changes them (the import
//! puts a measured load in, the ranges and the hybrid choice are part of the scenario). Until a
//! section is loaded, the first screen shows its heading as a closed section, so the page looks
//! the same before and after; opened, it says that the section is loading and replaces itself
//! with the section, opened, with the focus where it was.
//!
//! The loader is `window.__gpuTcoFeatures()` (index.html, or the single file's inline copy),
//! which resolves to the module's exports `mount(part, host, shared, send)` and
//! `update(shared)`. The first screen names no feature: a part is a name here.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::first::field::Text;
use crate::first::tr;
use crate::lang::Lang;
use crate::state::Ctx;

/// What the two modules share: the language, the scenario as entered, the preset each option was
/// loaded from (by id), and how the charts are framed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shared {
    /// The page's language, `de` or `en`.
    pub lang: String,
    /// The draft scenario (possibly invalid).
    pub draft: Value,
    /// (`own` or `rent.N`, preset id).
    pub presets: Vec<(String, String)>,
    /// The charts' frame.
    pub fit: crate::charts::Fit,
    /// The phone layout.
    pub phone: bool,
    /// While the page is being printed.
    pub printing: bool,
    /// The scenario pinned as A for the comparison, as JSON text (`None`: nothing pinned); the
    /// other module evaluates it again.
    pub pinned: Option<String>,
}

impl Shared {
    /// The state of `ctx` (tracked: an effect that reads it reruns when any of it changes).
    pub fn read(ctx: Ctx) -> Shared {
        Shared {
            lang: ctx.lang.get().code().to_owned(),
            draft: ctx.shown_draft(),
            presets: ctx.presets.with(|list| {
                list.iter()
                    .map(|(key, p)| (key.clone(), p.id.to_owned()))
                    .collect()
            }),
            fit: ctx.fit.get(),
            phone: ctx.phone.get(),
            printing: ctx.printing.get(),
            pinned: ctx.pinned_scenario.get(),
        }
    }

    /// The presets as the state holds them (ids that name no preset are left out).
    fn presets(&self) -> Vec<(String, &'static gpu_tco_core::presets::Preset)> {
        self.presets
            .iter()
            .filter_map(|(key, id)| Some((key.clone(), gpu_tco_core::presets::preset(id)?)))
            .collect()
    }

    /// Sets what the other module changed: the scenario and the presets only (the language and
    /// the frames are the first screen's).
    pub fn write_scenario(&self, ctx: Ctx) {
        if ctx.draft.with_untracked(|d| *d != self.draft) {
            ctx.set_draft(self.draft.clone());
        }
        let presets = self.presets();
        if ctx.presets.with_untracked(|p| *p != presets) {
            ctx.presets.set(presets);
        }
    }

    /// Sets all of it (in the on-demand module), each signal only when it changes.
    pub fn write_all(&self, ctx: Ctx) {
        let lang = Lang::from_tag(&self.lang);
        if ctx.lang.get_untracked() != lang {
            ctx.lang.set(lang);
        }
        self.write_scenario(ctx);
        if ctx.pinned_scenario.with_untracked(|p| *p != self.pinned) {
            ctx.pinned_scenario.set(self.pinned.clone());
        }
        if ctx.fit.get_untracked() != self.fit {
            ctx.fit.set(self.fit);
        }
        for (signal, value) in [(ctx.phone, self.phone), (ctx.printing, self.printing)] {
            if signal.get_untracked() != value {
                signal.set(value);
            }
        }
    }

    /// As JSON text (what crosses between the modules).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// From JSON text (`None` for text that is not a state).
    pub fn from_json(text: &str) -> Option<Shared> {
        serde_json::from_str(text).ok()
    }
}

/// What waits for the module (a section to mount, a spread to compute): called with its
/// exports, or with `None` when it could not be loaded.
type Then = Box<dyn FnOnce(Option<&JsValue>)>;

/// Where loading the on-demand module stands.
enum Module {
    /// Not asked for yet.
    None,
    /// Asked for; these wait for it.
    Loading(Vec<Then>),
    /// Loaded: its exports.
    Ready(JsValue),
    /// Could not be loaded (offline before it was cached, a server error).
    Failed,
}

/// A section waiting for the module.
#[derive(Clone)]
struct Waiting {
    part: &'static str,
    host: web_sys::Element,
    done: RwSignal<State>,
}

/// A section's place on the page, known to the printout: the parts that print
/// ([`PRINTED`]) are mounted before the page is printed, whether or not they were opened.
#[derive(Clone)]
struct Place {
    part: &'static str,
    host: NodeRef<leptos::html::Div>,
    state: RwSignal<State>,
    owner: Owner,
}

impl Place {
    /// Asks for the module and mounts the part into its host when it is there, unless the part
    /// is loading or shown already (closed or failed before, it is tried again).
    fn start(&self, ctx: Ctx) {
        if !matches!(self.state.get_untracked(), State::Closed | State::Failed) {
            return;
        }
        let Some(el) = self.host.get_untracked() else {
            return;
        };
        self.state.set(State::Loading);
        load(
            ctx,
            self.owner.clone(),
            Waiting {
                part: self.part,
                host: el.into(),
                done: self.state,
            },
        );
    }
}

/// The parts the printed report carries: the inputs' summary with the sources, and how it was
/// computed.
const PRINTED: [&str; 3] = ["print", "explain", "print-sources"];

/// Where one section stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Its heading only.
    Closed,
    /// Opened, the module on its way.
    Loading,
    /// The section itself is shown.
    Mounted,
    /// The module could not be loaded.
    Failed,
}

thread_local! {
    static MODULE: RefCell<Module> = const { RefCell::new(Module::None) };
    static PLACES: RefCell<Vec<Place>> = const { RefCell::new(Vec::new()) };
    /// What waits for the printed parts to be shown (the Print button's dialog).
    static AFTER: RefCell<Vec<Box<dyn FnOnce()>>> = const { RefCell::new(Vec::new()) };
}

/// Whether every printed part is shown (or could not be: the page prints without it).
fn printed_ready() -> bool {
    PLACES.with(|p| {
        p.borrow()
            .iter()
            .filter(|pl| PRINTED.contains(&pl.part))
            .all(|pl| matches!(pl.state.get_untracked(), State::Mounted | State::Failed))
    })
}

/// Runs what waited for the printed parts, once they are all shown.
fn run_after() {
    if !printed_ready() {
        return;
    }
    let waiting = AFTER.with(|a| std::mem::take(&mut *a.borrow_mut()));
    for f in waiting {
        f();
    }
}

/// Makes the printed parts ready (loading their module if need be) and then calls `then`, at
/// once when they are already shown. The Print button prints this way; the browser's own print
/// (`beforeprint`) calls it too, and prints what is there by then: with the module already
/// loaded, that is everything, as mounting is synchronous.
pub fn prepare_print(ctx: Ctx, then: impl FnOnce() + 'static) {
    AFTER.with(|a| a.borrow_mut().push(Box::new(then)));
    let places = PLACES.with(|p| p.borrow().clone());
    for pl in places.iter().filter(|pl| PRINTED.contains(&pl.part)) {
        pl.start(ctx);
    }
    run_after();
}

#[wasm_bindgen]
extern "C" {
    /// index.html's loader: a promise of the on-demand module's exports.
    #[wasm_bindgen(js_namespace = window, js_name = __gpuTcoFeatures, catch)]
    fn load_features() -> Result<js_sys::Promise, JsValue>;
}

/// Calls the module's export `name` with `args`.
fn call(module: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = js_sys::Reflect::get(module, &name.into())?.dyn_into()?;
    f.apply(module, &args.iter().collect::<js_sys::Array>())
}

/// Mounts `part` into `host` with the state of `ctx`.
fn mount(ctx: Ctx, module: &JsValue, w: &Waiting, send: &js_sys::Function) {
    let shared = untrack(|| Shared::read(ctx)).to_json();
    let ok = call(
        module,
        "mount",
        &[
            w.part.into(),
            w.host.clone().into(),
            shared.into(),
            send.clone().into(),
        ],
    )
    .inspect_err(|e| web_sys::console::warn_2(&"gpu-tco: a section could not be shown".into(), e))
    .is_ok_and(|r| r.as_bool() == Some(true));
    // The keyboard focus on the placeholder (its heading) goes with it when the section takes
    // its place: it moves on to the section's heading, once that is drawn, unless the visitor
    // has put it somewhere else by then.
    let focused = document()
        .active_element()
        .zip(w.host.parent_element())
        .is_some_and(|(a, place)| place.contains(Some(&a)));
    w.done.set(if ok { State::Mounted } else { State::Failed });
    if ok && focused {
        let host = w.host.clone();
        request_animation_frame(move || {
            let lost = document()
                .active_element()
                .is_none_or(|a| a.tag_name().eq_ignore_ascii_case("body"));
            if lost
                && let Some(summary) = host
                    .query_selector("summary")
                    .ok()
                    .flatten()
                    .and_then(|s| s.dyn_into::<web_sys::HtmlElement>().ok())
            {
                // Where the placeholder's heading was, so in view already: no scrolling (a
                // scroll a frame later could move what the visitor is about to click).
                let options = web_sys::FocusOptions::new();
                options.set_prevent_scroll(true);
                let _ = summary.focus_with_options(&options);
            }
        });
    }
    run_after();
}

/// The callback the on-demand module calls with its state when a section changed the scenario.
fn sender(ctx: Ctx) -> js_sys::Function {
    thread_local! {
        static SEND: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    }
    SEND.with(|s| {
        s.borrow_mut()
            .get_or_insert_with(|| {
                let f = Closure::<dyn Fn(String)>::new(move |text: String| {
                    if let Some(shared) = Shared::from_json(&text) {
                        shared.write_scenario(ctx);
                    }
                });
                let js: js_sys::Function = f.as_ref().unchecked_ref::<js_sys::Function>().clone();
                // Lives as long as the page.
                f.forget();
                js
            })
            .clone()
    })
}

/// Asks for the module (once) and mounts `w` when it is there.
fn load(ctx: Ctx, owner: Owner, w: Waiting) {
    with_module(ctx, &owner, move |module| match module {
        Some(module) => mount(ctx, module, &w, &sender(ctx)),
        None => {
            w.done.set(State::Failed);
            run_after();
        }
    });
}

/// Calls `then` with the module's exports once it is loaded (at once if it is), loading it if
/// nothing has asked for it yet; with `None` if it cannot be loaded.
fn with_module(ctx: Ctx, owner: &Owner, then: impl FnOnce(Option<&JsValue>) + 'static) {
    let ready = MODULE.with(|m| match &*m.borrow() {
        Module::Ready(module) => Some(module.clone()),
        _ => None,
    });
    if let Some(module) = ready {
        then(Some(&module));
        return;
    }
    let first = MODULE.with(|m| {
        let mut m = m.borrow_mut();
        if let Module::Loading(list) = &mut *m {
            list.push(Box::new(then));
            false
        } else {
            *m = Module::Loading(vec![Box::new(then)]);
            true
        }
    });
    if first {
        begin(ctx, owner.clone());
    }
}

/// Loads the module, then answers what waits for it.
fn begin(ctx: Ctx, owner: Owner) {
    let promise = load_features();
    leptos::task::spawn_local(async move {
        let loaded = match promise {
            Ok(p) => wasm_bindgen_futures::JsFuture::from(p).await,
            Err(e) => Err(e),
        };
        let ready = loaded
            .inspect_err(|e| {
                web_sys::console::warn_2(
                    &"gpu-tco: the on-demand sections could not be loaded".into(),
                    e,
                );
            })
            .ok();
        let now = match &ready {
            Some(module) => Module::Ready(module.clone()),
            None => Module::Failed,
        };
        let waiting = MODULE.with(|m| match std::mem::replace(&mut *m.borrow_mut(), now) {
            Module::Loading(list) => list,
            _ => Vec::new(),
        });
        if let Some(module) = &ready {
            follow(ctx, &owner, module.clone());
        }
        for then in waiting {
            then(ready.as_ref());
        }
        if ready.is_none() {
            run_after();
        }
    });
}

/// How sure the answer is for `ev` (the scenario has ranges), computed by the on-demand module
/// (`spread(scenario, lang)`, which samples the scenario and answers in JSON), set in
/// `ctx.spread` when it is there: the first screen carries neither the sampling nor its
/// numbers' reading beyond [`crate::first::spread::read_spread_json`].
pub fn spread(ctx: Ctx, owner: &Owner, ev: std::sync::Arc<crate::state::Evaluated>) {
    let lang = ctx.lang.get_untracked();
    let scenario = ev.scenario.to_json();
    with_module(ctx, owner, move |module| {
        ctx.spread
            .set(Some((ev, ask_spread(module, scenario, lang))));
    });
}

/// [`spread`] for a page that shows none of the on-demand module's sections (the embed): the
/// module is loaded (once: the loader keeps it) and asked, and nothing of the page's state is
/// kept in step with it, nor anything mounted. The scenario crosses as the draft's JSON text (no
/// serializer of the scenario's own in the embed's module; without a start date the module
/// starts it today, as `state::run` does); while the draft is not `ev`'s (an input the core
/// does not take), nothing is asked.
pub fn spread_alone(ctx: Ctx, _: &Owner, ev: std::sync::Arc<crate::state::Evaluated>) {
    let current = ctx
        .outcome
        .with_untracked(|o| o.as_ref().is_ok_and(|now| std::sync::Arc::ptr_eq(now, &ev)));
    if !current {
        return;
    }
    let lang = ctx.lang.get_untracked();
    let scenario = ctx.draft.with_untracked(Value::to_string);
    let promise = load_features();
    leptos::task::spawn_local(async move {
        let module = match promise {
            Ok(p) => wasm_bindgen_futures::JsFuture::from(p).await.ok(),
            Err(_) => None,
        };
        ctx.spread
            .set(Some((ev, ask_spread(module.as_ref(), scenario, lang))));
    });
}

/// The on-demand module's spread of `scenario` (JSON), or why there is none in `lang` (the
/// module's own message, or that it could not be loaded).
fn ask_spread(
    module: Option<&JsValue>,
    scenario: String,
    lang: Lang,
) -> Result<std::sync::Arc<gpu_tco_core::ranges::Spread>, String> {
    let answer = module
        .and_then(|m| call(m, "spread", &[scenario.into(), lang.code().into()]).ok())
        .and_then(|text| text.as_string())
        .and_then(|text| crate::first::spread::read_spread_json(&text));
    match answer {
        Some(Ok(s)) => Ok(std::sync::Arc::new(s)),
        Some(Err(message)) => Err(message),
        None => Err(lang.t().part_failed().to_owned()),
    }
}

/// Keeps the module's state in step with the first screen's, from now on: once per animation
/// frame at most (a slider's steps between two frames are one state), and at once while the
/// page is being printed (the printout is laid out before the next frame).
fn follow(ctx: Ctx, owner: &Owner, module: JsValue) {
    let sent = Rc::new(RefCell::new(None::<Shared>));
    let pending = Rc::new(std::cell::Cell::new(false));
    owner.with(|| {
        Effect::new(move |_| {
            let shared = Shared::read(ctx);
            let send = {
                let (module, sent) = (module.clone(), Rc::clone(&sent));
                move || {
                    let shared = untrack(|| Shared::read(ctx));
                    let mut sent = sent.borrow_mut();
                    if sent.as_ref() != Some(&shared) {
                        let _ = call(&module, "update", &[shared.to_json().into()]);
                        *sent = Some(shared);
                    }
                }
            };
            if shared.printing {
                send();
            } else if !pending.replace(true) {
                let pending = Rc::clone(&pending);
                request_animation_frame(move || {
                    pending.set(false);
                    send();
                });
            }
        })
    });
}

/// Registers a section's place for the printout (once its host is on the page).
fn register(part: &'static str, host: NodeRef<leptos::html::Div>, state: RwSignal<State>) -> Place {
    let place = place(part, host, state);
    PLACES.with(|p| p.borrow_mut().push(place.clone()));
    place
}

/// A part's place in the component being built (its owner is the component's).
fn place(part: &'static str, host: NodeRef<leptos::html::Div>, state: RwSignal<State>) -> Place {
    Place {
        part,
        host,
        state,
        owner: Owner::current().unwrap_or_default(),
    }
}

/// A section loaded on demand, shown until then as its closed heading (`class` and `testid` are
/// the section's own, so that the page looks and reads the same before and after).
#[component]
pub fn OnDemand(
    /// The module's name for the section.
    part: &'static str,
    /// The section's class (after `panel`).
    class: &'static str,
    /// The section's `data-testid`.
    testid: &'static str,
    /// Its heading.
    title: Text,
    /// The heading's id, if the page links to it.
    #[prop(optional)]
    heading_id: Option<&'static str>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let state = RwSignal::new(State::Closed);
    let host = NodeRef::<leptos::html::Div>::new();
    // Open on the visitor's side (not mounted for the printout only, nor closed again while it
    // loaded): the section opens once it is there.
    let opened = RwSignal::new(false);
    let place = register(part, host, state);
    let toggle = move |ev: leptos::ev::Event| {
        let details = event_target::<web_sys::HtmlDetailsElement>(&ev);
        opened.set(details.open());
        if details.open() {
            place.start(ctx);
        }
    };
    // Mounted: the section opens where its heading was when the visitor opened it (mounted for
    // the printout, or closed again meanwhile, it stays closed on screen); the focus follows in
    // `mount`.
    Effect::new(move |_| {
        if state.get() != State::Mounted || !opened.get_untracked() {
            return;
        }
        let Some(el) = host.get_untracked() else {
            return;
        };
        let el: web_sys::Element = el.into();
        if let Some(details) = el
            .query_selector("details")
            .ok()
            .flatten()
            .and_then(|d| d.dyn_into::<web_sys::HtmlDetailsElement>().ok())
        {
            details.set_open(true);
        }
    });
    let status = move || match state.get() {
        State::Failed => Some(ctx.lang.get().t().part_failed()),
        State::Loading if opened.get() => Some(ctx.lang.get().t().part_loading()),
        State::Loading | State::Closed | State::Mounted => None,
    };
    view! {
        <div class="on-demand" data-part=part>
            {move || (state.get() != State::Mounted).then(|| view! {
                <details class=format!("panel {class}") data-testid=testid data-placeholder="" on:toggle=toggle.clone()>
                    <summary><h2 id=heading_id>{tr(title)}</h2></summary>
                    <p class="part-status" role="status" aria-live="polite">{status}</p>
                </details>
            })}
            <div class="on-demand-host" node_ref=host></div>
        </div>
    }
}

/// A part of the printout alone (the inputs' summary; the sources), loaded when the page is
/// about to be printed; until then, with `note`, a printout says how to print the whole report.
#[component]
pub fn OnDemandPrint(
    /// The module's name for the part.
    part: &'static str,
    /// Whether its place says, printed, what is missing.
    #[prop(optional)]
    note: bool,
) -> impl IntoView {
    let ctx = Ctx::get();
    let state = RwSignal::new(State::Closed);
    let host = NodeRef::<leptos::html::Div>::new();
    register(part, host, state);
    view! {
        <div class="on-demand" data-part=part>
            {move || (note && state.get() != State::Mounted).then(|| view! {
                <p class="print-only print-partial" data-testid="print-partial">
                    {move || ctx.lang.get().t().print_partial()}
                </p>
            })}
            <div class="on-demand-host" node_ref=host></div>
        </div>
    }
}

/// A part loaded the first time `when` holds (the comparison, once a scenario is pinned), with
/// `loading` said in its place meanwhile.
#[component]
pub fn OnDemandWhen(
    /// The module's name for the part.
    part: &'static str,
    /// When it is wanted.
    when: Signal<bool>,
    /// What its place says while its module is on the way.
    loading: Text,
) -> impl IntoView {
    let ctx = Ctx::get();
    let state = RwSignal::new(State::Closed);
    let host = NodeRef::<leptos::html::Div>::new();
    let place = place(part, host, state);
    // (Failed before: wanted again, e.g. pinned again, it is tried again.)
    Effect::new(move |_| {
        if when.get() {
            place.start(ctx);
        }
    });
    let status = move || {
        if !when.get() {
            return None;
        }
        match state.get() {
            State::Loading => Some(tr(loading)()),
            State::Failed => Some(ctx.lang.get().t().part_failed()),
            State::Closed | State::Mounted => None,
        }
    };
    view! {
        <div class="on-demand" data-part=part>
            <div role="status" aria-live="polite">
                {move || status().map(|s| view! { <p class="part-status">{s}</p> })}
            </div>
            <div class="on-demand-host" node_ref=host></div>
        </div>
    }
}
