//! The app shell: header, language switch, the panels.

use leptos::prelude::*;

use crate::components::tr;

use crate::components::actions::{Actions, describe, on_dragover, on_drop};
use crate::components::chart_views::ChartsPanel;
use crate::components::compare::ComparePanel;
use crate::components::explain::ExplainPanel;
use crate::components::panels::{CloudPanel, FinancePanel, OwnPanel, WorkloadPanel};
use crate::components::results::ResultsPanel;
use crate::components::sources::SourcesPanel;
use crate::components::summary::PrintSummary;
use crate::i18n::Lang;
use crate::io;
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

fn is_narrow() -> bool {
    web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .is_some_and(|w| w < 700.0)
}

/// The whole calculator.
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx::new(initial_lang(), default_value());
    provide_context(ctx);
    // A share link: the scenario in the fragment. A bad one changes nothing and says why.
    let fragment = io::fragment();
    if !fragment.is_empty() {
        let loaded = gpu_tco_core::fragment_to_value(&fragment)
            .and_then(|v| gpu_tco_core::Scenario::from_value(v.clone()).map(|_| v));
        match loaded {
            Ok(value) => ctx.replace_scenario(value),
            Err(e) => {
                let reason = describe(ctx, &e);
                ctx.notice.set(Some((
                    true,
                    ctx.lang
                        .get_untracked()
                        .t()
                        .bad_link
                        .replace("{reason}", &reason),
                )));
            }
        }
    }
    // Keep the fragment in step with every valid scenario (replaceState: no history flood).
    Effect::new(move |_| {
        let valid = ctx.outcome.with(Result::is_ok);
        if valid {
            let fragment = ctx.draft.with(gpu_tco_core::value_to_fragment);
            io::set_fragment(&fragment);
        }
    });
    let before_print =
        window_event_listener(leptos::ev::beforeprint, move |_| ctx.printing.set(true));
    let after_print =
        window_event_listener(leptos::ev::afterprint, move |_| ctx.printing.set(false));
    on_cleanup(move || {
        before_print.remove();
        after_print.remove();
    });
    ctx.narrow.set(is_narrow());
    let resize = window_event_listener(leptos::ev::resize, move |_| {
        let narrow = is_narrow();
        if ctx.narrow.get_untracked() != narrow {
            ctx.narrow.set(narrow);
        }
    });
    on_cleanup(move || resize.remove());
    // Keep <html lang> in step with the language for screen readers and hyphenation.
    Effect::new(move |_| {
        let lang = ctx.lang.get();
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = el.set_attribute("lang", lang.code());
        }
    });
    let switch = move |_| {
        ctx.lang.update(|l| {
            *l = match l {
                Lang::De => Lang::En,
                Lang::En => Lang::De,
            }
        })
    };
    let reset = move |_| {
        ctx.draft.set(default_value());
        ctx.presets.set(crate::state::default_presets());
        ctx.notice.set(None);
    };
    view! {
        <header class="top">
            <div>
                <h1>{tr(|t| t.title)}</h1>
                <p class="intro">{tr(|t| t.intro)}</p>
                <p class="privacy" data-testid="privacy">{tr(|t| t.privacy)}</p>
            </div>
            <div class="top-actions">
                <button
                    type="button"
                    id="lang-switch"
                    aria-label=tr(|t| t.switch_lang_label)
                    lang=move || match ctx.lang.get() { Lang::De => "en", Lang::En => "de" }
                    on:click=switch
                >
                    {tr(|t| t.switch_lang)}
                </button>
                <button type="button" id="reset" class="link" on:click=reset>{tr(|t| t.reset)}</button>
            </div>
        </header>
        <main
            class="layout"
            on:dragover=on_dragover
            on:drop=move |ev| on_drop(ctx, ev)
        >
            <div class="inputs">
                <WorkloadPanel />
                <CloudPanel />
                <OwnPanel />
                <FinancePanel />
            </div>
            <div class="outputs">
                <PrintSummary />
                <Actions />
                <ResultsPanel />
                <ComparePanel />
                <ChartsPanel />
                <ExplainPanel />
                <SourcesPanel />
            </div>
        </main>
        <footer class="foot">
            <p>{tr(|t| t.footer_sources)}</p>
        </footer>
    }
}
