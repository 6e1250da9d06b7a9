//! The input panels: workload, cloud (rent options), own server, finance.

use leptos::prelude::*;
use serde_json::Value;

use crate::components::field::{CheckField, NullableField, NumField, SelectField, Text};
use crate::i18n::{Texts, mode_name};
use crate::state::{Ctx, Mode, field_id, pointer};

const DAYS: [(&str, Text); 2] = [
    ("working_days", |t: &Texts| t.days_working),
    ("all_days", |t: &Texts| t.days_all),
];
const CURRENCIES: [(&str, Text); 2] = [("EUR", |_: &Texts| "EUR"), ("USD", |_: &Texts| "USD")];

/// Length of the array at a dotted path, as a memo (lists re-render only when it changes).
fn array_len(ctx: Ctx, path: &'static str) -> Memo<usize> {
    Memo::new(move |_| {
        ctx.draft
            .with(|v| {
                v.pointer(&pointer(path))
                    .and_then(Value::as_array)
                    .map(Vec::len)
            })
            .unwrap_or(0)
    })
}

/// A daily window: from, to, GPUs, on which days.
#[component]
fn WindowFields(
    /// Dotted path of the window object.
    path: String,
) -> impl IntoView {
    view! {
        <NumField path=format!("{path}.start_hour") label=|t| t.from_hour unit=|t| t.unit_h_day slider=(0.0, 23.0, 1.0) integer=true />
        <NumField path=format!("{path}.end_hour") label=|t| t.to_hour unit=|t| t.unit_h_day slider=(0.0, 24.0, 1.0) integer=true />
        <NumField path=format!("{path}.gpus") label=|t| t.gpus slider=(0.0, 64.0, 1.0) integer=true />
        <SelectField path=format!("{path}.days") label=|t| t.days options=DAYS.to_vec() />
    }
}

/// Working days, the service window and the batch windows.
#[component]
pub fn WorkloadPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let batches = array_len(ctx, "calendar.batch");
    let add = move |_| {
        ctx.draft.update(|v| {
            if let Some(list) = v.pointer_mut("/calendar/batch").and_then(Value::as_array_mut) {
                list.push(serde_json::json!({"start_hour": 1, "end_hour": 5, "gpus": 8, "days": "working_days"}));
            }
        })
    };
    view! {
        <section class="panel" aria-labelledby="h-workload">
            <h2 id="h-workload">{move || ctx.lang.get().t().panel_workload}</h2>
            <NumField path="calendar.working_days" label=|t| t.working_days unit=|t| t.days slider=(0.0, 30.0, 1.0) />
            <fieldset>
                <legend>{move || ctx.lang.get().t().service_window}</legend>
                <WindowFields path="calendar.service".to_owned() />
            </fieldset>
            {move || {
                (0..batches.get())
                    .map(|i| {
                        let remove = move |_| {
                            ctx.draft.update(|v| {
                                if let Some(list) = v.pointer_mut("/calendar/batch").and_then(Value::as_array_mut) {
                                    if i < list.len() {
                                        list.remove(i);
                                    }
                                }
                            })
                        };
                        view! {
                            <fieldset>
                                <legend>{move || format!("{} {}", ctx.lang.get().t().batch_window, i + 1)}</legend>
                                <WindowFields path=format!("calendar.batch.{i}") />
                                <button type="button" class="link" id=format!("remove-batch-{i}") on:click=remove>
                                    {move || ctx.lang.get().t().remove}
                                </button>
                            </fieldset>
                        }
                    })
                    .collect_view()
            }}
            <button type="button" id="add-batch" on:click=add>{move || ctx.lang.get().t().add_batch}</button>
        </section>
    }
}

/// The fields of one billing mode.
#[component]
fn BillingFields(
    /// Index of the rent option.
    index: usize,
    /// The mode.
    mode: Mode,
) -> impl IntoView {
    let b = format!("rent.{index}.billing");
    match mode {
        Mode::AlwaysOn | Mode::Reserved => ().into_any(),
        Mode::StartStop => view! {
            <NumField path=format!("{b}.start_overhead_hours") label=|t| t.start_overhead_hours unit=|t| t.unit_hours />
        }
        .into_any(),
        Mode::SavingsPlan => view! {
            <NumField path=format!("{b}.term_years") label=|t| t.term_years integer=true />
            <NumField path=format!("{b}.price_ratio") label=|t| t.price_ratio slider=(0.05, 1.0, 0.01) />
            <NullableField path=format!("{b}.commitment_instances") auto_label=|t| t.commitment_optimal label=|t| t.commitment_instances start=1 />
            <NumField path=format!("{b}.start_overhead_hours") label=|t| t.start_overhead_hours unit=|t| t.unit_hours />
        }
        .into_any(),
        Mode::ReservedSavingsPlan => view! {
            <NumField path=format!("{b}.term_years") label=|t| t.term_years integer=true />
            <NumField path=format!("{b}.price_ratio") label=|t| t.price_ratio slider=(0.05, 1.0, 0.01) />
        }
        .into_any(),
        Mode::SpotBatch => view! {
            <NumField path=format!("{b}.spot_price") label=|t| t.spot_price />
            <NumField path=format!("{b}.rework_percent") label=|t| t.rework_percent unit=|t| t.unit_percent />
            <ServiceSelect index=index />
        }
        .into_any(),
        Mode::CapacityBlock => view! {
            <NumField path=format!("{b}.block_days") label=|t| t.block_days integer=true />
            <NumField path=format!("{b}.blocks_per_year") label=|t| t.blocks_per_year integer=true />
            <NumField path=format!("{b}.block_price") label=|t| t.block_price />
        }
        .into_any(),
        Mode::Monthly => view! {
            <NumField path=format!("{b}.setup_fee_per_instance") label=|t| t.setup_fee_per_instance />
            <NumField path=format!("{b}.minimum_term_months") label=|t| t.minimum_term_months unit=|t| t.unit_months integer=true />
        }
        .into_any(),
    }
}

/// How the service window is billed under spot batch (replaces the whole `service` object).
#[component]
fn ServiceSelect(
    /// Index of the rent option.
    index: usize,
) -> impl IntoView {
    let ctx = Ctx::get();
    let path = format!("rent.{index}.billing.service");
    let id = field_id(&format!("{path}.mode"));
    let current = Memo::new({
        let path = path.clone();
        move |_| {
            ctx.read(&format!("{path}.mode"))
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default()
        }
    });
    let change = move |ev| {
        let value = if event_target_value(&ev) == "always_on" {
            serde_json::json!({"mode": "always_on"})
        } else {
            serde_json::json!({
                "mode": "start_stop",
                "start_overhead_hours": gpu_tco_core::DEFAULT_START_OVERHEAD_HOURS.to_string()
            })
        };
        ctx.write(&path, value);
    };
    view! {
        <div class="field">
            <label for=id.clone()>{move || ctx.lang.get().t().service_billing}</label>
            <select id=id on:change=change>
                <option value="always_on" selected=move || current.get() == "always_on">
                    {move || ctx.lang.get().t().svc_always_on}
                </option>
                <option value="start_stop" selected=move || current.get() == "start_stop">
                    {move || ctx.lang.get().t().svc_start_stop}
                </option>
            </select>
        </div>
    }
}

/// One rent option.
#[component]
fn RentCard(
    /// Index of the option in `rent`.
    index: usize,
) -> impl IntoView {
    let ctx = Ctx::get();
    let p = format!("rent.{index}");
    let mode_path = pointer(&format!("{p}.billing.mode"));
    let mode = Memo::new(move |_| {
        ctx.draft
            .with(|v| {
                v.pointer(&mode_path)
                    .and_then(Value::as_str)
                    .and_then(Mode::from_tag)
            })
            .unwrap_or(Mode::AlwaysOn)
    });
    let label_path = format!("{p}.label");
    let label_id = field_id(&label_path);
    let label_ptr = pointer(&label_path);
    let label_value = Memo::new(move |_| {
        ctx.draft
            .with(|v| {
                v.pointer(&label_ptr)
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            })
            .unwrap_or_default()
    });
    let set_mode = move |ev| {
        if let Some(m) = Mode::from_tag(&event_target_value(&ev)) {
            ctx.write(&format!("rent.{index}.billing"), m.template());
        }
    };
    let remove = move |_| {
        ctx.draft.update(|v| {
            if let Some(list) = v.pointer_mut("/rent").and_then(Value::as_array_mut) {
                if index < list.len() {
                    list.remove(index);
                }
            }
        })
    };
    let mode_id = field_id(&format!("{p}.billing.mode"));
    let label_err = format!("{label_id}-err");
    let label_path_err = label_path.clone();
    view! {
        <fieldset class="card" data-testid=format!("rent-card-{index}")>
            <legend>
                <span class=format!("swatch c{}", index + 1) aria-hidden="true"></span>
                {move || ctx.lang.get().t().option_n.replace("{n}", &(index + 1).to_string())}
            </legend>
            <div class="field">
                <label for=label_id.clone()>{move || ctx.lang.get().t().label}</label>
                <input
                    type="text"
                    id=label_id
                    maxlength="80"
                    aria-describedby=label_err.clone()
                    prop:value=move || label_value.get()
                    on:input=move |ev| ctx.write(&label_path, Value::String(event_target_value(&ev)))
                />
                <p class="field-error" id=label_err role="status">
                    {move || ctx.error_at(&label_path_err).map(|e| {
                        let lang = ctx.lang.get();
                        crate::i18n::error_message(lang, &e, &|n| n.to_owned())
                    })}
                </p>
            </div>
            <div class="field">
                <label for=mode_id.clone()>{move || ctx.lang.get().t().billing_mode}</label>
                <select id=mode_id on:change=set_mode>
                    {Mode::ALL
                        .into_iter()
                        .map(|m| view! {
                            <option value=m.tag() selected=move || mode.get() == m>
                                {move || mode_name(ctx.lang.get(), m)}
                            </option>
                        })
                        .collect_view()}
                </select>
            </div>
            <NumField path=format!("{p}.price") label=|t| t.price slider=(0.0, 120.0, 0.001) />
            <SelectField
                path=format!("{p}.price_unit")
                label=|t| t.price_unit
                options=vec![
                    ("gpu_hour", |t: &Texts| t.unit_gpu_hour),
                    ("instance_hour", |t: &Texts| t.unit_instance_hour),
                    ("instance_month", |t: &Texts| t.unit_instance_month),
                ]
            />
            <SelectField path=format!("{p}.currency") label=|t| t.currency options=CURRENCIES.to_vec() />
            <NumField path=format!("{p}.gpus_per_instance") label=|t| t.gpus_per_instance integer=true />
            {move || view! { <BillingFields index=index mode=mode.get() /> }}
            <details>
                <summary>{move || ctx.lang.get().t().extras}</summary>
                <NumField path=format!("{p}.extras.storage_gb") label=|t| t.storage_gb unit=|t| t.unit_gb />
                <NumField path=format!("{p}.extras.storage_price_per_gb_month") label=|t| t.storage_price />
                <NumField path=format!("{p}.extras.egress_gb_per_month") label=|t| t.egress_gb unit=|t| t.unit_gb />
                <TierFields index=index />
                <NumField path=format!("{p}.extras.support_percent") label=|t| t.support_percent unit=|t| t.unit_percent />
                <NumField path=format!("{p}.extras.support_minimum_per_month") label=|t| t.support_minimum />
                <NumField path=format!("{p}.extras.other_per_month") label=|t| t.other_per_month />
                <NumField path=format!("{p}.extras.yearly_price_change_percent") label=|t| t.yearly_change unit=|t| t.unit_percent />
                <NumField path=format!("{p}.extras.virtualisation_loss_percent") label=|t| t.virtualisation_loss unit=|t| t.unit_percent />
                <NumField path=format!("{p}.extras.exit_data_gb") label=|t| t.exit_data_gb unit=|t| t.unit_gb />
                <p class="note" data-testid=format!("data-act-{index}")>{move || ctx.lang.get().t().data_act_note}</p>
            </details>
            <button type="button" class="link" id=format!("remove-rent-{index}") on:click=remove>
                {move || ctx.lang.get().t().remove}
            </button>
        </fieldset>
    }
}

/// The data-transfer price tiers of one option.
#[component]
fn TierFields(
    /// Index of the rent option.
    index: usize,
) -> impl IntoView {
    let ctx = Ctx::get();
    let path = pointer(&format!("rent.{index}.extras.egress_tiers"));
    let count = Memo::new(move |_| {
        ctx.draft
            .with(|v| v.pointer(&path).and_then(Value::as_array).map(Vec::len))
            .unwrap_or(0)
    });
    view! {
        <fieldset class="tiers">
            <legend>{move || ctx.lang.get().t().egress_tiers}</legend>
            {move || {
                (0..count.get())
                    .map(|i| {
                        let t = format!("rent.{index}.extras.egress_tiers.{i}");
                        let open = Memo::new({
                            let up = format!("{t}.up_to_gb");
                            move |_| ctx.read(&up).is_some_and(|v| v.is_null())
                        });
                        let up = format!("{t}.up_to_gb");
                        view! {
                            <div class="tier">
                                <Show
                                    when=move || !open.get()
                                    fallback=move || view! { <p class="tier-open">{move || ctx.lang.get().t().tier_open}</p> }
                                >
                                    <NumField path=up.clone() label=|t| t.tier_up_to />
                                </Show>
                                <NumField path=format!("{t}.price_per_gb") label=|t| t.tier_price />
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </fieldset>
    }
}

/// The rent options.
#[component]
pub fn CloudPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let options = array_len(ctx, "rent");
    let full = move || options.get() >= gpu_tco_core::MAX_RENT_OPTIONS;
    let add = move |_: leptos::ev::MouseEvent| {
        let template = gpu_tco_core::Scenario::default().rent.into_iter().nth(1);
        ctx.draft.update(|v| {
            if let (Some(list), Some(t)) = (
                v.pointer_mut("/rent").and_then(Value::as_array_mut),
                template,
            ) {
                if let Ok(value) = serde_json::to_value(t) {
                    list.push(value);
                }
            }
        })
    };
    view! {
        <section class="panel" aria-labelledby="h-cloud">
            <h2 id="h-cloud">{move || ctx.lang.get().t().panel_cloud}</h2>
            {move || (0..options.get()).map(|i| view! { <RentCard index=i /> }).collect_view()}
            <button
                type="button"
                id="add-rent"
                disabled=full
                on:click=add
            >
                {move || ctx.lang.get().t().add_option}
            </button>
        </section>
    }
}

/// The own servers.
#[component]
pub fn OwnPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let loan = Memo::new(move |_| {
        ctx.read("own.financing.mode")
            .and_then(|v| v.as_str().map(|s| s == "loan"))
            .unwrap_or(false)
    });
    let set_financing = move |ev| {
        let value = if event_target_value(&ev) == "loan" {
            serde_json::json!({"mode": "loan", "annual_interest_percent": "6", "term_months": 36})
        } else {
            serde_json::json!({"mode": "cash"})
        };
        ctx.write("own.financing", value);
    };
    view! {
        <section class="panel" aria-labelledby="h-own">
            <h2 id="h-own">{move || ctx.lang.get().t().panel_own}</h2>
            <NumField path="own.price_per_server" label=|t| t.price_per_server slider=(0.0, 600000.0, 1000.0) />
            <NumField path="own.gpus_per_server" label=|t| t.gpus_per_server slider=(1.0, 16.0, 1.0) integer=true />
            <NumField path="own.energy.price_per_kwh" label=|t| t.price_per_kwh slider=(0.0, 0.6, 0.01) />
            <NumField path="own.service_life_years" label=|t| t.service_life unit=|t| t.unit_years slider=(1.0, 10.0, 1.0) integer=true />
            <NumField path="own.residual_percent" label=|t| t.residual unit=|t| t.unit_percent slider=(0.0, 60.0, 0.5) />
            <details>
                <summary>{move || ctx.lang.get().t().advanced}</summary>
                <SelectField path="own.currency" label=|t| t.currency options=CURRENCIES.to_vec() />
                <NumField path="own.setup_one_time" label=|t| t.setup_one_time />
                <NumField path="own.licence_per_gpu_year" label=|t| t.licence_per_gpu_year />
                <NumField path="own.licence_bundled_years" label=|t| t.licence_bundled_years unit=|t| t.unit_years integer=true />
                <CheckField path="own.energy.included_in_colocation" label=|t| t.energy_included />
                <NumField path="own.energy.busy_watts_per_gpu" label=|t| t.busy_watts unit=|t| t.unit_watts />
                <NumField path="own.energy.idle_watts_per_gpu" label=|t| t.idle_watts unit=|t| t.unit_watts />
                <NumField path="own.energy.base_watts_per_server" label=|t| t.base_watts unit=|t| t.unit_watts />
                <NumField path="own.energy.pue" label=|t| t.pue />
                <NumField path="own.energy.yearly_price_change_percent" label=|t| t.yearly_change unit=|t| t.unit_percent />
                <NumField path="own.colocation_per_server_month" label=|t| t.colo_per_server />
                <NumField path="own.colocation_per_kw_month" label=|t| t.colo_per_kw />
                <NumField path="own.contracted_kw_per_server" label=|t| t.contracted_kw />
                <NumField path="own.hardware_support_percent_per_year" label=|t| t.hw_support unit=|t| t.unit_percent />
                <NumField path="own.staff_hours_per_month" label=|t| t.staff_hours unit=|t| t.unit_hours />
                <NumField path="own.staff_hourly_rate" label=|t| t.staff_rate />
                <div class="field">
                    <label for="f-own-financing-mode">{move || ctx.lang.get().t().financing}</label>
                    <select id="f-own-financing-mode" on:change=set_financing>
                        <option value="cash" selected=move || !loan.get()>{move || ctx.lang.get().t().cash}</option>
                        <option value="loan" selected=move || loan.get()>{move || ctx.lang.get().t().loan}</option>
                    </select>
                </div>
                <Show when=move || loan.get()>
                    <NumField path="own.financing.annual_interest_percent" label=|t| t.interest unit=|t| t.unit_percent />
                    <NumField path="own.financing.term_months" label=|t| t.loan_term unit=|t| t.unit_months integer=true />
                </Show>
            </details>
        </section>
    }
}

/// Horizon, discounting, currency.
#[component]
pub fn FinancePanel() -> impl IntoView {
    let ctx = Ctx::get();
    view! {
        <section class="panel" aria-labelledby="h-finance">
            <h2 id="h-finance">{move || ctx.lang.get().t().panel_finance}</h2>
            <SelectField path="finance.display_currency" label=|t| t.display_currency options=CURRENCIES.to_vec() />
            <NumField path="finance.usd_per_eur" label=|t| t.usd_per_eur slider=(0.8, 1.5, 0.01) />
            <NullableField
                path="finance.horizon_months"
                auto_label=|t| t.horizon_life
                label=|t| t.horizon_months
                unit=|t| t.unit_months
                start=60
                slider=(6.0, 120.0, 6.0)
            />
            <NumField path="finance.discount_rate_percent" label=|t| t.discount_rate unit=|t| t.unit_percent slider=(0.0, 15.0, 0.5) />
        </section>
    }
}
