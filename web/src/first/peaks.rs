//! Planned peaks in the Workload panel: extra load on the last days of the month, in chosen
//! months of the year (`calendar.peaks`).

use gpu_tco_core::MAX_PEAKS;
use leptos::prelude::*;
use serde_json::{Value, json};

use crate::first::field::{NumFields, SelectField, Spec, Text, put};
use crate::first::panels::{END_HOUR, GPUS, START_HOUR, WindowNote, array_len};
use crate::first::tr;
use crate::i18n::Texts;
use crate::state::{Ctx, field_id};

const PEAK: &[Spec] = &[
    GPUS,
    START_HOUR,
    END_HOUR,
    Spec::num("days_of_month", |t| t.peak_days_of_month())
        .unit(|t| t.unit_days())
        .slider(),
];
const PEAK_DAYS: &[(&str, Text)] = &[
    ("working_days", |t: &Texts| t.peak_days_working()),
    ("all_days", |t: &Texts| t.peak_days_all()),
];

/// The peaks: one group of fields per peak, "Add a peak" and "Remove".
#[component]
pub fn PeakFields() -> impl IntoView {
    let ctx = Ctx::get();
    let count = array_len(ctx, "calendar.peaks");
    let full = move || count.get() >= MAX_PEAKS;
    let add = move |_| {
        ctx.edit(|v| {
            let Some(calendar) = v.pointer_mut("/calendar").and_then(Value::as_object_mut) else {
                return;
            };
            let list = calendar
                .entry("peaks")
                .or_insert_with(|| Value::Array(Vec::new()));
            // A month-end closing: 8 GPUs from 08:00 to 20:00 on the last 3 working days.
            if let Some(list) = list.as_array_mut()
                && list.len() < MAX_PEAKS
            {
                list.push(json!({
                    "start_hour": 8, "end_hour": 20, "gpus": 8, "days": "working_days",
                    "days_of_month": 3, "months": []
                }));
            }
        })
    };
    view! {
        <fieldset class="peaks" aria-describedby="peaks-intro">
            <legend>{tr(|t| t.peaks_title())}</legend>
            <p class="note" id="peaks-intro">{tr(|t| t.peaks_intro())}</p>
            {move || (0..count.get()).map(|i| view! { <PeakCard index=i /> }).collect_view()}
            <button type="button" id="add-peak" disabled=full on:click=add>
                {tr(|t| t.add_peak())}
            </button>
            <p class="note" hidden=move || !full()>
                {move || ctx.lang.get().t().peaks_full().replace("{max}", &MAX_PEAKS.to_string())}
            </p>
        </fieldset>
    }
}

/// One peak: GPUs, hours, days at the month's end, which days, months.
#[component]
fn PeakCard(
    /// Index of the peak in `calendar.peaks`.
    index: usize,
) -> impl IntoView {
    let ctx = Ctx::get();
    let path = format!("calendar.peaks.{index}");
    let number = move || (index + 1).to_string();
    let remove = move |_| {
        ctx.edit(|v| {
            if let Some(list) = v
                .pointer_mut("/calendar/peaks")
                .and_then(Value::as_array_mut)
                && index < list.len()
            {
                list.remove(index);
            }
        });
        crate::first::focus_after_removal(format!("[data-testid=\"peak-{index}\"]"), "add-peak");
    };
    view! {
        <fieldset class="peak" data-testid=format!("peak-{index}")>
            <legend>{move || ctx.lang.get().t().peak_n().replace("{n}", &number())}</legend>
            <NumFields prefix=path.clone() specs=PEAK />
            <WindowNote path=path.clone() />
            <SelectField path=format!("{path}.days") label=|t| t.peak_which_days() options=PEAK_DAYS />
            <MonthsField path=format!("{path}.months") />
            <button
                type="button"
                class="link"
                id=format!("remove-peak-{index}")
                aria-label=move || ctx.lang.get().t().remove_peak().replace("{n}", &number())
                on:click=remove
            >
                {tr(|t| t.remove())}
            </button>
        </fieldset>
    }
}

/// The months of the year a peak runs in: twelve checkboxes; none ticked means every month.
#[component]
fn MonthsField(
    /// Dotted path of the month list.
    path: String,
) -> impl IntoView {
    let ctx = Ctx::get();
    let id = field_id(&path);
    let note_id = format!("{id}-note");
    let err_id = format!("{id}-err");
    let read = path.clone();
    let months = Memo::new(move |_| {
        ctx.read(&read)
            .and_then(|v| {
                v.as_array()
                    .map(|list| list.iter().filter_map(Value::as_u64).collect::<Vec<u64>>())
            })
            .unwrap_or_default()
    });
    let boxes = (1u64..=12)
        .map(|m| {
            let box_id = format!("{id}-{m}");
            let path = path.clone();
            let toggle = move |ev| {
                let on = event_target_checked(&ev);
                let mut list = months.get_untracked();
                list.retain(|x| *x != m);
                if on {
                    list.push(m);
                }
                gpu_tco_core::order::sort(&mut list);
                put(ctx, &path, Value::from(list));
            };
            let name = move || {
                let names = ctx.lang.get().t().month_names();
                names.get(m as usize - 1).copied().unwrap_or_default()
            };
            view! {
                <span class="month">
                    <input
                        type="checkbox"
                        id=box_id.clone()
                        prop:checked=move || months.with(|l| l.contains(&m))
                        on:change=toggle
                    />
                    <label for=box_id>{name}</label>
                </span>
            }
        })
        .collect_view();
    let described = format!("{note_id} {err_id}");
    let error_path = path.clone();
    let message = move || {
        let lang = ctx.lang.get();
        ctx.error
            .with(|e| {
                e.as_ref()
                    .filter(|e| e.path().starts_with(error_path.as_str()))
                    .cloned()
            })
            .map(|e| crate::i18n::error_message(lang, &e))
    };
    view! {
        <fieldset class="months" id=id aria-describedby=described>
            <legend>{tr(|t| t.peak_months())}</legend>
            <div class="month-grid">{boxes}</div>
            <p class="note" id=note_id>{tr(|t| t.peak_months_note())}</p>
            <p class="field-error" id=err_id role="status" aria-live="polite">{message}</p>
        </fieldset>
    }
}
