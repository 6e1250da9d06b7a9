//! The on-demand module's side of [`crate::split`]: it keeps a state of its own, in step with
//! the first screen's ([`Shared`] as JSON), and mounts a section into the element the first
//! screen gives it. A change a section makes to the scenario or the presets goes back to the
//! first screen through its callback.

use std::cell::RefCell;

use leptos::prelude::*;

use crate::features::cashflow::CashFlowPanel;
use crate::features::compare::ComparePanel;
use crate::features::explain::ExplainPanel;
use crate::features::import::ImportPanel;
use crate::features::print::PrintSummary;
use crate::features::ranges::RangesPanel;
use crate::features::sizing::SizingPanel;
use crate::features::sources::{PrintSources, SourcesPanel};
use crate::features::whatif::AnalysisPanel;
use crate::i18n::Lang;
use crate::split::Shared;
use crate::state::Ctx;

/// The module's state, its owner, and the last state it had from the first screen (what it sends
/// back only when a section changed it).
struct Guest {
    ctx: Ctx,
    owner: Owner,
    received: RwSignal<Option<Shared>>,
}

thread_local! {
    static GUEST: RefCell<Option<Guest>> = const { RefCell::new(None) };
}

/// The module's state, made from `shared` the first time.
fn guest(shared: &Shared, send: js_sys::Function) -> (Ctx, Owner) {
    GUEST.with(|g| {
        let mut g = g.borrow_mut();
        if let Some(guest) = g.as_ref() {
            return (guest.ctx, guest.owner.clone());
        }
        // The effects below need the executor, which mounting would start only later.
        let _ = any_spawner::Executor::init_wasm_bindgen();
        let owner = Owner::new();
        let (ctx, received) = owner.with(|| {
            let ctx = Ctx::new(Lang::from_tag(&shared.lang), shared.draft.clone());
            shared.write_all(ctx);
            let received = RwSignal::new(Some(shared.clone()));
            // The pinned A, evaluated here again from the scenario the first screen pinned, its
            // preset names in the page's language.
            Effect::new(move |_| {
                let lang = ctx.lang.get();
                let pinned = ctx.pinned_scenario.with(|v| {
                    v.as_ref()
                        .and_then(|text| serde_json::from_str(text).ok())
                        .and_then(|v| crate::state::run(&v).ok())
                        .map(|ev| std::sync::Arc::new(crate::state::localised(&ev, lang)))
                });
                ctx.pinned.set(pinned);
            });
            // How sure the answer is, for the ranges' section (the first screen has its own).
            crate::first::spread::follow_spread(ctx, crate::first::spread::here);
            // A section changed the scenario or the presets: tell the first screen.
            Effect::new(move |_| {
                let now = Shared::read(ctx);
                let changed = received.with_untracked(|r| {
                    r.as_ref()
                        .is_none_or(|r| r.draft != now.draft || r.presets != now.presets)
                });
                if changed {
                    received.set(Some(now.clone()));
                    let _ = send.call1(&wasm_bindgen::JsValue::NULL, &now.to_json().into());
                }
            });
            (ctx, received)
        });
        *g = Some(Guest {
            ctx,
            owner: owner.clone(),
            received,
        });
        (ctx, owner)
    })
}

/// Mounts the section `part` into `host`; `false` for a part this module does not have or a
/// state it cannot read.
pub fn mount(part: &str, host: web_sys::HtmlElement, shared: &str, send: js_sys::Function) -> bool {
    let Some(shared) = Shared::from_json(shared) else {
        return false;
    };
    let (ctx, owner) = guest(&shared, send);
    update_from(&shared);
    let view = match part {
        "import" => || view! { <ImportPanel /> }.into_any(),
        "ranges" => || view! { <RangesPanel /> }.into_any(),
        "whatif" => || view! { <AnalysisPanel /> }.into_any(),
        "cashflow" => || view! { <CashFlowPanel /> }.into_any(),
        "sizing" => || view! { <SizingPanel /> }.into_any(),
        "compare" => || view! { <ComparePanel /> }.into_any(),
        "explain" => || view! { <ExplainPanel /> }.into_any(),
        "sources" => || view! { <SourcesPanel /> }.into_any(),
        "print" => || view! { <PrintSummary /> }.into_any(),
        "print-sources" => || view! { <PrintSources /> }.into_any(),
        _ => return false,
    };
    owner.with(|| {
        let handle = leptos::mount::mount_to(host, move || {
            provide_context(ctx);
            view()
        });
        // A section stays as long as the page.
        handle.forget();
    });
    true
}

/// The first screen's state changed.
pub fn update(shared: &str) {
    if let Some(shared) = Shared::from_json(shared) {
        update_from(&shared);
    }
}

fn update_from(shared: &Shared) {
    GUEST.with(|g| {
        if let Some(guest) = g.borrow().as_ref() {
            // Recorded first, so that writing it is not taken for a section's change.
            guest.received.set(Some(shared.clone()));
            shared.write_all(guest.ctx);
        }
    });
}
