//! Share, save, open, export, print and compare: the toolbar above the results, and what goes
//! with it (notices about links and files, the printed inputs summary, the A/B comparison).

use gpu_tco_core::{CsvStyle, Report, Scenario, cost_lines_csv_named, monthly_csv};
use leptos::prelude::*;
use serde_json::Value;

use crate::first::tr;
use crate::i18n::{Lang, error_message};
use crate::io;
use crate::state::Ctx;

/// Loads a scenario file's text: validates it fully first, so a bad file changes nothing.
pub fn open_text(ctx: Ctx, name: &str, text: Option<String>) {
    let t = ctx.lang.get_untracked().t();
    let result = text
        .ok_or_else(|| t.unreadable().to_owned())
        .and_then(|text| {
            Scenario::from_json(&text)
                .map_err(|e| describe(ctx, &e))
                .and_then(|_| serde_json::from_str::<Value>(&text).map_err(|e| e.to_string()))
        });
    match result {
        Ok(value) => {
            ctx.replace_scenario(value);
            ctx.notice
                .set(Some((false, t.opened_file().replace("{name}", name))));
        }
        Err(reason) => refuse(ctx, name, &reason),
    }
}

/// Says why a file was not opened (and that nothing changed).
fn refuse(ctx: Ctx, name: &str, reason: &str) {
    let t = ctx.lang.get_untracked().t();
    ctx.notice.set(Some((
        true,
        t.bad_file()
            .replace("{name}", name)
            .replace("{reason}", reason),
    )));
}

/// An error as "path: message" in the page's language.
pub fn describe(ctx: Ctx, e: &gpu_tco_core::Error) -> String {
    let lang = ctx.lang.get_untracked();
    let message = error_message(lang, e);
    let path = e.path();
    // An option's field by the label its box has, with the key a link or file writes.
    let label = match crate::state::split_option(path) {
        Some((_, key)) => crate::first::panels::field_text(key),
        None => crate::first::panels::root_field_text(path),
    }
    .map(|label| crate::first::results::quoted(lang, label(lang.t())));
    match label {
        Some(label) => format!("{label} ({path}): {message}"),
        None if path.is_empty() => message,
        None => format!("{path}: {message}"),
    }
}

/// The toolbar.
/// Scrolls to the comparison's heading and moves the focus there (a screen reader reads on from
/// it), once the comparison is shown.
fn go_to_comparison() {
    let Some(h) = document().get_element_by_id("h-compare") else {
        return;
    };
    let _ = h.set_attribute("tabindex", "-1");
    h.scroll_into_view();
    if let Ok(h) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(h) {
        let _ = h.focus();
    }
}

/// The page as it prints: the link brought up to date (the printout carries it), the charts in
/// the printout's frame whatever the window ([`crate::charts::Frame::for_print`]: the
/// desktop's would print its labels at about 3 pt, the phone's would push the report onto a
/// third page and crowd its break-even labels), the print-only parts drawn,
/// and the printout's parts loaded on demand mounted when their module is there. The
/// browser's `beforeprint` calls it, and the Print button before it opens the dialog.
pub fn begin_print(ctx: Ctx) {
    if let Some(link) = ctx.shown_link() {
        io::set_fragment(&link);
    }
    ctx.fit.set(crate::charts::Fit::Wide);
    ctx.printing.set(true);
    crate::split::prepare_print(ctx, || {});
}

#[component]
pub fn Actions() -> impl IntoView {
    let ctx = Ctx::get();
    let copy = move |_| {
        let t = ctx.lang.get_untracked().t();
        // The fragment follows valid edits at most every 250 ms; bring it up to date first.
        if let Some(link) = ctx.shown_link() {
            io::set_fragment(&link);
        }
        let ok = io::copy(&io::href());
        let text = if ok {
            copied_text(ctx)
        } else {
            t.act_copy_failed().to_owned()
        };
        ctx.notice.set(Some((!ok, text)));
    };
    let save = move |_| {
        if let Some(ev) = ctx.shown.get_untracked() {
            io::download(
                "gpu-rent-vs-own.json",
                "application/json",
                &ev.scenario.to_json(),
            );
        }
    };
    let style = move || match ctx.lang.get_untracked() {
        Lang::De => CsvStyle::ExcelDe,
        Lang::En => CsvStyle::Rfc4180,
    };
    let csv = move |name: &'static str, table: fn(&Report, CsvStyle) -> String| {
        move |_| {
            if let Some(ev) = ctx.shown.get_untracked() {
                io::download(name, "text/csv;charset=utf-8", &table(&ev.report, style()));
            }
        }
    };
    let csv_monthly = csv("gpu-rent-vs-own-monthly.csv", monthly_csv);
    // The cost lines by their keys and, last, by their names in the page's language (German
    // Excel users read `loan_payments` otherwise).
    let csv_lines = csv("gpu-rent-vs-own-cost-lines.csv", |r, style| {
        let lang = match style {
            CsvStyle::ExcelDe => Lang::De,
            CsvStyle::Rfc4180 => Lang::En,
        };
        let stop = lang
            .t()
            .col_stop()
            .replace("{n}", &r.horizon_months.to_string());
        let name = move |kind| crate::i18n::cost_name(lang, kind);
        cost_lines_csv_named(r, style, Some((&name, &stop)))
    });
    // The printout's own parts (the inputs' summary, the sources, how it was computed) load
    // first when they are not there yet; then the page is drawn as it prints, and the browser's
    // dialog opens on the next frame, with everything in place (`print()` called from a script
    // lays the printout out at once: what effects would draw after it is not in it).
    let preparing = RwSignal::new(false);
    let print = move |_| {
        if preparing.get_untracked() {
            return;
        }
        preparing.set(true);
        crate::split::prepare_print(ctx, move || {
            begin_print(ctx);
            request_animation_frame(move || {
                preparing.set(false);
                io::print();
            });
        });
    };
    let pin = move |_| {
        if ctx.pinned.get_untracked().is_some() {
            ctx.pinned.set(None);
            ctx.pinned_scenario.set(None);
        } else {
            let shown = ctx.shown.get_untracked();
            ctx.pinned_scenario
                .set(shown.as_ref().map(|ev| ev.scenario.to_json()));
            ctx.pinned.set(shown);
        }
    };
    let pick = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            read(ctx, file);
        }
        input.set_value("");
    };
    view! {
        <div class="actions" role="toolbar" aria-label=tr(|t| t.actions_label())>
            <button type="button" id="copy-link" on:click=copy>{tr(|t| t.act_copy())}</button>
            <button type="button" id="save-json" on:click=save>{tr(|t| t.act_save())}</button>
            <label class="button" for="open-json">{tr(|t| t.act_open())}</label>
            <input type="file" id="open-json" class="visually-hidden" accept=".json,application/json" on:change=pick />
            <button type="button" id="csv-monthly" on:click=csv_monthly>{tr(|t| t.act_csv_monthly())}</button>
            <button type="button" id="csv-lines" on:click=csv_lines>{tr(|t| t.act_csv_lines())}</button>
            <button type="button" id="print" on:click=print aria-busy=move || preparing.get().then_some("true")>
                {move || if preparing.get() { ctx.lang.get().t().act_print_busy() } else { ctx.lang.get().t().act_print() }}
            </button>
            <button type="button" id="pin" on:click=pin>
                {move || if ctx.pinned.with(Option::is_some) { ctx.lang.get().t().act_unpin() } else { ctx.lang.get().t().act_pin() }}
            </button>
            // The comparison shows below the results, far down on a phone: a way there.
            {move || ctx.pinned.with(Option::is_some).then(|| view! {
                <button type="button" id="to-compare" class="link" on:click=move |_| go_to_comparison()>
                    {tr(|t| t.act_to_compare())}
                </button>
            })}
            <span class="hint">{tr(|t| t.act_drop())}</span>
        </div>
        <Notice />
    }
}

/// The page's notice (a link or file refused, presets in the address left out, a reload after a
/// failure): on the page under the actions, in the embed above its inputs, where a host page's
/// bad `data-scenario` or `data-rent` would otherwise show other figures without a word.
#[component]
pub fn Notice() -> impl IntoView {
    let ctx = Ctx::get();
    view! {
        <p
            class="notice"
            class:problem=move || ctx.notice.with(|n| n.as_ref().is_some_and(|n| n.0))
            data-testid="notice"
            role="status"
            aria-live="polite"
            hidden=move || ctx.notice.with(Option::is_none)
        >
            {move || ctx.notice.with(|n| n.as_ref().map(|n| n.1.clone()))}
        </p>
    }
}

/// What "Copy link" copied: the whole scenario, or with a measured load in use, everything but
/// that measurement, naming it and the calendar the link carries in its place.
fn copied_text(ctx: Ctx) -> String {
    let lang = ctx.lang.get_untracked();
    let t = lang.t();
    if ctx.entry_held() {
        return t.act_copied_held().to_owned();
    }
    ctx.shown.with_untracked(|shown| {
        let Some(ev) = shown else {
            return t.act_copied().to_owned();
        };
        let c = &ev.scenario.calendar;
        let Some(m) = &c.measured else {
            return t.act_copied().to_owned();
        };
        let f = crate::first::results::fmt_for(lang, &ev.report);
        t.act_copied_measured()
            .replace("{source}", &m.source)
            .replace("{share}", &f.percent(m.productive_share, 1))
            .replace("{wd}", &f.number(c.working_days, 2))
            .replace("{from}", &c.service.start_hour.to_string())
            .replace("{to}", &c.service.end_hour.to_string())
            .replace("{gpus}", &c.service.gpus.to_string())
            .replace("{batches}", &c.batch.len().to_string())
    })
}

/// Reads a picked or dropped file and opens it.
pub fn read(ctx: Ctx, file: web_sys::File) {
    let name = file.name();
    // Refused by its size before its text is read into the page (a file of gigabytes would
    // otherwise be copied into the module's memory first).
    let size = file.size();
    if size > gpu_tco_core::MAX_INPUT_BYTES as f64 {
        let e = gpu_tco_core::Error::TooLong {
            path: String::new(),
            len: size as usize,
            max: gpu_tco_core::MAX_INPUT_BYTES,
        };
        refuse(ctx, &name, &describe(ctx, &e));
        return;
    }
    #[cfg(target_arch = "wasm32")]
    io::read_file(file, move |text| open_text(ctx, &name, text));
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (file, name, ctx);
    }
}

/// Opens a file dropped anywhere on the page.
pub fn on_drop(ctx: Ctx, ev: leptos::ev::DragEvent) {
    ev.prevent_default();
    let file = ev
        .data_transfer()
        .and_then(|d| d.files())
        .and_then(|f| f.get(0));
    if let Some(file) = file {
        read(ctx, file);
    }
}

/// Lets the page accept drops.
pub fn on_dragover(ev: leptos::ev::DragEvent) {
    ev.prevent_default();
}
