//! The input panels: workload, cloud (rent options), own server, finance.

use leptos::prelude::*;

use crate::first::tr;
use serde_json::Value;

use crate::first::field::{
    CheckField, NullableField, NumField, NumFields, SelectField, Spec, Text,
};
use gpu_tco_core::presets::Side;

use crate::i18n::{Lang, Texts, mode_name};
use crate::state::{Ctx, Mode, field_id, pointer, renumber_references};

pub(crate) const DAYS: &[(&str, Text)] = &[
    ("working_days", |t: &Texts| t.days_working()),
    ("all_days", |t: &Texts| t.days_all()),
];
const CURRENCIES: &[(&str, Text)] = &[("EUR", |_: &Texts| "EUR"), ("USD", |_: &Texts| "USD")];
pub(crate) const PRICE_UNITS: &[(&str, Text)] = &[
    ("gpu_hour", |t: &Texts| t.unit_gpu_hour()),
    ("instance_hour", |t: &Texts| t.unit_instance_hour()),
    ("instance_month", |t: &Texts| t.unit_instance_month()),
];

/// The hours and GPUs of a daily window (and of a peak, which adds its days).
pub(crate) const START_HOUR: Spec = Spec::num("start_hour", |t| t.from_hour())
    .unit(|t| t.unit_h_day())
    .slider();
pub(crate) const END_HOUR: Spec = Spec::num("end_hour", |t| t.to_hour())
    .unit(|t| t.unit_h_day())
    .slider();
pub(crate) const GPUS: Spec = Spec::num("gpus", |t| t.gpus()).slider();
pub(crate) const WINDOW: &[Spec] = &[START_HOUR, END_HOUR, GPUS];
pub(crate) const CALENDAR: &[Spec] = &[Spec::num("working_days", |t| t.working_days())
    .unit(|t| t.unit_days())
    .slider()];
const OVERHEAD: Spec =
    Spec::num("start_overhead_hours", |t| t.start_overhead_hours()).unit(|t| t.unit_hours());
const TERM: Spec = Spec::num("term_years", |t| t.term_years());
const RATIO: Spec = Spec::num("price_ratio", |t| t.price_ratio()).slider();
const START_STOP: &[Spec] = &[OVERHEAD];
const SAVINGS_PLAN: &[Spec] = &[TERM, RATIO];
const SPOT: &[Spec] = &[
    Spec::num("spot_price", |t| t.spot_price()).money(),
    Spec::num("rework_percent", |t| t.rework_percent()).unit(|t| t.unit_percent()),
];
const BLOCKS: &[Spec] = &[
    Spec::num("block_days", |t| t.block_days()),
    Spec::num("blocks_per_year", |t| t.blocks_per_year()),
    Spec::num("block_price", |t| t.block_price()).money(),
];
const MONTHLY: &[Spec] = &[
    Spec::num("setup_fee_per_instance", |t| t.setup_fee_per_instance()).money(),
    Spec::num("minimum_term_months", |t| t.minimum_term_months()).unit(|t| t.unit_months()),
];
pub(crate) const RENT_PRICE: &[Spec] = &[Spec::num("price", |t| t.price()).money().slider()];
/// The same field for a flat monthly offer, which has no on-demand rate: its price per month.
const RENT_PRICE_MONTHLY: &[Spec] = &[Spec::num("price", |t| t.price_monthly()).money().slider()];
/// The same for a monthly offer given per hour or GPU-hour.
const RENT_PRICE_BILLED_MONTHLY: &[Spec] = &[Spec::num("price", |t| t.price_billed_monthly())
    .money()
    .slider()];

/// What the price of a rent option is, for its field's name: an on-demand rate; a flat
/// monthly offer's price per server-month; or a monthly offer's price given per hour (the
/// model bills it by the month all the same: "Monthly price 63.296 USD / instance-hour" read as
/// a contradiction).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PriceName {
    /// An on-demand rate (every mode but the flat monthly one).
    OnDemand,
    /// A flat monthly offer priced per server-month.
    Monthly,
    /// A flat monthly offer priced per hour or GPU-hour.
    BilledMonthly,
}

impl PriceName {
    /// The field's name.
    pub fn text(self, t: &'static Texts) -> &'static str {
        match self {
            PriceName::OnDemand => t.price(),
            PriceName::Monthly => t.price_monthly(),
            PriceName::BilledMonthly => t.price_billed_monthly(),
        }
    }

    /// The field, named so.
    fn specs(self) -> &'static [Spec] {
        match self {
            PriceName::OnDemand => RENT_PRICE,
            PriceName::Monthly => RENT_PRICE_MONTHLY,
            PriceName::BilledMonthly => RENT_PRICE_BILLED_MONTHLY,
        }
    }
}

impl PriceName {
    /// The name for an option billed in `mode` with its price per `unit` (their JSON tags).
    pub fn of(mode: Option<&str>, unit: Option<&str>) -> PriceName {
        match (mode, unit) {
            (Some("monthly"), Some("instance_month")) => PriceName::Monthly,
            (Some("monthly"), _) => PriceName::BilledMonthly,
            _ => PriceName::OnDemand,
        }
    }

    /// The same for an option the core read.
    pub fn of_option(o: &gpu_tco_core::RentOption) -> PriceName {
        match (&o.billing, o.price_unit) {
            (gpu_tco_core::Billing::Monthly { .. }, gpu_tco_core::PriceUnit::InstanceMonth) => {
                PriceName::Monthly
            }
            (gpu_tco_core::Billing::Monthly { .. }, _) => PriceName::BilledMonthly,
            _ => PriceName::OnDemand,
        }
    }
}

/// What the price of the rent option at `prefix` (`rent.N`) is, by its billing mode and price
/// unit. Through `Ctx::read`: a memo over it reruns only when one of the two changes.
pub(crate) fn price_name(ctx: Ctx, prefix: &str) -> PriceName {
    let mode = ctx.read(&format!("{prefix}.billing.mode"));
    let unit = ctx.read(&format!("{prefix}.price_unit"));
    PriceName::of(
        mode.as_ref().and_then(Value::as_str),
        unit.as_ref().and_then(Value::as_str),
    )
}

/// The price field of rent option `index`, named for its billing mode and unit.
#[component]
pub(crate) fn PriceField(
    /// Index of the rent option.
    index: usize,
) -> impl IntoView {
    let ctx = Ctx::get();
    let prefix = format!("rent.{index}");
    let name = Memo::new(move |_| price_name(ctx, &prefix));
    move || view! { <NumFields prefix=format!("rent.{index}") specs=name.get().specs() /> }
}
const RENT_GPUS: &[Spec] = &[Spec::num("gpus_per_instance", |t| t.gpus_per_instance())];
const EXTRAS_A: &[Spec] = &[
    Spec::num("storage_gb", |t| t.storage_gb()).unit(|t| t.unit_gb()),
    Spec::num("storage_price_per_gb_month", |t| t.storage_price()).money(),
    Spec::num("egress_gb_per_month", |t| t.egress_gb()).unit(|t| t.unit_gb()),
];
const EXTRAS_B: &[Spec] = &[
    Spec::num("support_percent", |t| t.support_percent()).unit(|t| t.unit_percent()),
    Spec::num("support_minimum_per_month", |t| t.support_minimum()).money(),
    Spec::num("other_per_month", |t| t.other_per_month()).money(),
    Spec::num("virtualisation_loss_percent", |t| t.virtualisation_loss())
        .unit(|t| t.unit_percent()),
    Spec::num("exit_data_gb", |t| t.exit_data_gb()).unit(|t| t.unit_gb()),
];
/// The option's yearly price change, beside its price and billing (not folded with the
/// extras): the default's answer turns on it.
const RENT_CHANGE: &[Spec] =
    &[Spec::num("yearly_price_change_percent", |t| t.yearly_change()).unit(|t| t.unit_percent())];
const TIER_UP: Spec = Spec::num("up_to_gb", |t| t.tier_up_to());
const TIER_PRICE: &[Spec] = &[Spec::num("price_per_gb", |t| t.tier_price()).money()];
const OWN_MAIN: &[Spec] = &[
    Spec::num("price_per_server", |t| t.price_per_server())
        .money()
        .slider(),
    Spec::num("gpus_per_server", |t| t.gpus_per_server()).slider(),
    Spec::num("spare_servers", |t| t.spare_servers()).unit(|t| t.unit_servers()),
];
/// The own option's main fields after the fleet's (what a spare is priced as comes between).
const OWN_MAIN_RUNNING: &[Spec] = &[
    Spec::num("energy.price_per_kwh", |t| t.price_per_kwh())
        .money()
        .slider(),
    Spec::num("service_life_years", |t| t.service_life())
        .unit(|t| t.unit_years())
        .slider(),
    Spec::num("residual_percent", |t| t.residual())
        .unit(|t| t.unit_percent())
        .slider(),
];
const OWN_SETUP: &[Spec] = &[
    Spec::num("setup_one_time", |t| t.setup_one_time()).money(),
    Spec::num("licence_per_gpu_year", |t| t.licence_per_gpu_year()).money(),
    Spec::num("licence_bundled_years", |t| t.licence_bundled_years()).unit(|t| t.unit_years()),
];
const OWN_RUNNING: &[Spec] = &[
    Spec::num("energy.busy_watts_per_gpu", |t| t.busy_watts()).unit(|t| t.unit_watts()),
    Spec::num("energy.idle_watts_per_gpu", |t| t.idle_watts()).unit(|t| t.unit_watts()),
    Spec::num("energy.base_watts_per_server", |t| t.base_watts()).unit(|t| t.unit_watts()),
    Spec::num("energy.pue", |t| t.pue()),
    Spec::num("energy.yearly_price_change_percent", |t| t.yearly_change())
        .unit(|t| t.unit_percent()),
    Spec::num("colocation_per_server_month", |t| t.colo_per_server()).money(),
    Spec::num("colocation_per_kw_month", |t| t.colo_per_kw()).money(),
    Spec::num("contracted_kw_per_server", |t| t.contracted_kw()).unit(|t| t.unit_kw()),
    Spec::num("hardware_support_percent_per_year", |t| t.hw_support()).unit(|t| t.unit_percent()),
    Spec::num("staff_hours_per_month", |t| t.staff_hours()).unit(|t| t.unit_hours()),
    Spec::num("staff_hourly_rate", |t| t.staff_rate()).money(),
];
const LOAN: &[Spec] = &[
    Spec::num("annual_interest_percent", |t| t.interest()).unit(|t| t.unit_percent()),
    Spec::num("term_months", |t| t.loan_term()).unit(|t| t.unit_months()),
];
const FINANCE_RATE: &[Spec] = &[Spec::num("usd_per_eur", |t| t.usd_per_eur()).slider()];
const FINANCE_DISCOUNT: &[Spec] = &[Spec::num("discount_rate_percent", |t| t.discount_rate())
    .unit(|t| t.unit_percent())
    .slider()];
const HORIZON: Spec = Spec::num("horizon_months", |t| t.horizon_months())
    .unit(|t| t.unit_months())
    .slider();
const COMMITMENT: Spec = Spec::num("commitment_instances", |t| t.commitment_instances());

/// Length of the array at a dotted path, as a memo (lists re-render only when it changes).
pub(crate) fn array_len(ctx: Ctx, path: &str) -> Memo<usize> {
    let path = pointer(path);
    Memo::new(move |_| {
        ctx.draft
            .with(|v| v.pointer(&path).and_then(Value::as_array).map(Vec::len))
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
        <NumFields prefix=path.clone() specs=WINDOW />
        <WindowNote path=path.clone() />
        <SelectField path=format!("{path}.days") label=|t| t.days() options=DAYS />
    }
}

/// What a window's hours mean where that is not plain from the two fields: one that ends
/// before it starts runs past midnight, and one whose two hours are equal is empty (the model's
/// reading, `gpu_tco_core::Window`). Nothing for an ordinary window.
#[component]
pub(crate) fn WindowNote(
    /// Dotted path of the window object.
    path: String,
) -> impl IntoView {
    let ctx = Ctx::get();
    let (start, end) = (format!("{path}.start_hour"), format!("{path}.end_hour"));
    let note = Memo::new(move |_| {
        let hour = |p: &str| {
            ctx.read(p)
                .and_then(|v| v.as_u64())
                .and_then(|h| u32::try_from(h).ok())
        };
        let (s, e) = (hour(&start)?, hour(&end)?);
        let window = gpu_tco_core::Window {
            start_hour: s,
            end_hour: e,
            gpus: 0,
            days: gpu_tco_core::Days::default(),
        };
        let t = ctx.lang.get().t();
        match s.cmp(&e) {
            std::cmp::Ordering::Less => None,
            std::cmp::Ordering::Greater => Some(
                t.window_overnight()
                    .replace("{from}", &format!("{s:02}:00"))
                    .replace("{to}", &format!("{e:02}:00"))
                    .replace("{h}", &window.hours().to_string()),
            ),
            std::cmp::Ordering::Equal => Some(t.window_empty().to_owned()),
        }
    });
    view! {
        <p class="note window-note" id=format!("{}-note", field_id(&path)) hidden=move || note.get().is_none()>
            {move || note.get()}
        </p>
    }
}

/// Opens the sizing section (loading it: its closed heading until then, the section itself
/// once loaded) and moves the keyboard focus to its heading's summary, which brings it into view
/// (the focus leaves the inputs, so no result line covers it).
pub(crate) fn open_sizing() {
    let Some(heading) = document().get_element_by_id("h-sizing") else {
        return;
    };
    if let Some(details) = heading
        .closest("details")
        .ok()
        .flatten()
        .and_then(|d| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlDetailsElement>(d).ok())
    {
        details.set_open(true);
    }
    match heading
        .closest("summary")
        .ok()
        .flatten()
        .and_then(|s| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(s).ok())
    {
        Some(summary) => {
            // The section to the top of the window, where what it opens follows (the focus
            // alone brings it to the middle of a phone's screen).
            let _ = summary.focus();
            summary.scroll_into_view_with_bool(true);
        }
        None => heading.scroll_into_view(),
    }
    super::keep_at_top("h-sizing".to_owned(), 20);
}

/// Working days, the service window and the batch windows.
#[component]
pub fn WorkloadPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let batches = array_len(ctx, "calendar.batch");
    let add = move |_| {
        ctx.edit(|v| {
            // A new window starts with the service's GPU count (and so follows it).
            let gpus = v.pointer("/calendar/service/gpus").cloned().unwrap_or(Value::from(8));
            if let Some(list) = v.pointer_mut("/calendar/batch").and_then(Value::as_array_mut) {
                list.push(serde_json::json!({"start_hour": 1, "end_hour": 5, "gpus": gpus, "days": "working_days"}));
            }
        })
    };
    let example_gpus = u64::from(gpu_tco_core::Calendar::default().service.gpus);
    let at_example =
        move || ctx.read("calendar.service.gpus").and_then(|v| v.as_u64()) == Some(example_gpus);
    view! {
        <section class="panel" aria-labelledby="h-workload">
            <h2 id="h-workload" tabindex="-1">{tr(|t| t.panel_workload())}</h2>
            <crate::first::measured::MeasuredBanner />
            <NumFields prefix="calendar" specs=CALENDAR />
            <fieldset>
                <legend>{tr(|t| t.service_window())}</legend>
                <WindowFields path="calendar.service".to_owned() />
                <p class="help" id="gpus-follow">{tr(|t| t.gpus_follow())}</p>
                // The count the page starts with is the worked example's, not a sizing: say so
                // while it is that count, and lead to the section that sizes it (opening it
                // loads it).
                <p class="help" id="gpus-example">
                    {move || at_example().then(|| view! { {tr(|t| t.gpus_example())} " " })}
                    <button type="button" class="link" id="to-sizing" on:click=move |_| open_sizing()>
                        {tr(|t| t.gpus_to_sizing())}
                    </button>
                </p>
            </fieldset>
            {move || {
                (0..batches.get())
                    .map(|i| {
                        let remove = move |_| {
                            ctx.edit(|v| {
                                if let Some(list) = v.pointer_mut("/calendar/batch").and_then(Value::as_array_mut)
                                    && i < list.len()
                                {
                                    list.remove(i);
                                }
                            });
                            // The window that moved up into its place, or the Add button.
                            crate::first::focus_after_removal(
                                format!("[data-testid=\"batch-{i}\"]"),
                                "add-batch",
                            );
                        };
                        view! {
                            <fieldset data-testid=format!("batch-{i}")>
                                <legend>{move || format!("{} {}", ctx.lang.get().t().batch_window(), i + 1)}</legend>
                                <WindowFields path=format!("calendar.batch.{i}") />
                                <button type="button" class="link" id=format!("remove-batch-{i}") on:click=remove>
                                    {tr(|t| t.remove())}
                                </button>
                            </fieldset>
                        }
                    })
                    .collect_view()
            }}
            <button type="button" id="add-batch" on:click=add>{tr(|t| t.add_batch())}</button>
            <crate::first::peaks::PeakFields />
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
    // One view shape for every mode (plain fields, then the two special ones when they apply)
    // keeps the page's WebAssembly from carrying a renderer per mode.
    let (specs, after): (&'static [Spec], &'static [Spec]) = match mode {
        Mode::AlwaysOn | Mode::Reserved => (&[], &[]),
        Mode::StartStop => (START_STOP, &[]),
        Mode::SavingsPlan => (SAVINGS_PLAN, START_STOP),
        Mode::ReservedSavingsPlan => (SAVINGS_PLAN, &[]),
        Mode::SpotBatch => (SPOT, &[]),
        Mode::CapacityBlock => (BLOCKS, &[]),
        Mode::Monthly => (MONTHLY, &[]),
        Mode::CheapestPlan => (START_STOP, &[]),
    };
    let commitment = (mode == Mode::SavingsPlan).then(|| {
        view! {
            <NullableField
                path=format!("{b}.commitment_instances")
                auto_label=|t| t.commitment_optimal()
                spec=COMMITMENT
                start=1
            />
        }
    });
    let service = (mode == Mode::SpotBatch).then(|| view! { <ServiceSelect index=index /> });
    let plan = (mode == Mode::CheapestPlan).then(|| view! { <PlanToggle index=index /> });
    view! {
        <NumFields prefix=b.clone() specs=specs />
        {commitment}
        <NumFields prefix=b specs=after />
        {service}
        {plan}
    }
}

/// Whether a `cheapest_plan` offer has a commitment plan (its term and rate, or both `null`),
/// and the plan's fields when it has one.
#[component]
fn PlanToggle(
    /// Index of the rent option.
    index: usize,
) -> impl IntoView {
    let ctx = Ctx::get();
    let b = format!("rent.{index}.billing");
    let has = Memo::new({
        let path = format!("{b}.term_years");
        move |_| ctx.read(&path).is_some_and(|v| !v.is_null())
    });
    let id = field_id(&format!("{b}.plan"));
    let change = {
        let b = b.clone();
        move |ev| {
            let on = event_target_checked(&ev);
            let (term, ratio) = if on {
                (Value::from(3), Value::from("0.43"))
            } else {
                (Value::Null, Value::Null)
            };
            ctx.write(&format!("{b}.term_years"), term);
            ctx.write(&format!("{b}.price_ratio"), ratio);
        }
    };
    view! {
        <div class="field check">
            <input type="checkbox" id=id.clone() prop:checked=move || has.get() on:change=change />
            <label for=id>{tr(|t| t.has_plan())}</label>
        </div>
        <Show when=move || has.get()>
            <NumFields prefix=b.clone() specs=SAVINGS_PLAN />
        </Show>
    }
}

/// Where the load runs today (nowhere, or one of the rent options) and the start date: moving
/// the data out is a one-time cost of owning at the start, free from 12 January 2027.
#[component]
fn SwitchingFields() -> impl IntoView {
    let ctx = Ctx::get();
    let options = array_len(ctx, "rent");
    let from = Memo::new(move |_| {
        ctx.read("switching.from_rent")
            .and_then(|v| v.as_u64())
            .map(|k| k as usize)
    });
    let labels = Memo::new(move |_| {
        (0..options.get())
            .map(|i| {
                ctx.read(&format!("rent.{i}.label"))
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default()
            })
            .collect::<Vec<_>>()
    });
    let date = Memo::new(move |_| {
        ctx.read("switching.start_date")
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    });
    let set_from = move |ev| {
        let v = event_target_value(&ev);
        let value = v.parse::<u64>().map_or(Value::Null, Value::from);
        crate::first::field::put(ctx, "switching.from_rent", value);
    };
    let set_date = move |ev| {
        let v = event_target_value(&ev);
        let value = if v.is_empty() {
            Value::Null
        } else {
            Value::String(v)
        };
        crate::first::field::put(ctx, "switching.start_date", value);
    };
    let from_err = move || {
        ctx.error_at("switching.from_rent")
            .map(|e| crate::i18n::error_message(ctx.lang.get(), &e))
    };
    let date_err = move || {
        ctx.error_at("switching.start_date")
            .map(|e| crate::i18n::error_message(ctx.lang.get(), &e))
    };
    view! {
        <fieldset class="switching" data-testid="switching">
            <legend>{tr(|t| t.switching_legend())}</legend>
            <div class="field">
                <label for="f-switching-from_rent">{tr(|t| t.from_rent())}</label>
                <select id="f-switching-from_rent" aria-describedby="f-switching-from_rent-err" on:change=set_from>
                    <option value="" selected=move || from.get().is_none()>{tr(|t| t.from_rent_none())}</option>
                    {move || {
                        let t = ctx.lang.get().t();
                        labels
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, label)| {
                                let text = format!("{}: {label}", t.option_n().replace("{n}", &(i + 1).to_string()));
                                view! {
                                    <option value=i.to_string() selected=move || from.get() == Some(i)>{text}</option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
                <p class="field-error" id="f-switching-from_rent-err" role="status">{from_err}</p>
            </div>
            <div class="field">
                <label for="f-switching-start_date">{tr(|t| t.start_date())}</label>
                <input
                    type="date"
                    id="f-switching-start_date"
                    min="2000-01-01"
                    max="2100-12-31"
                    aria-describedby="f-switching-start_date-hint f-switching-start_date-err"
                    prop:value=move || date.get()
                    on:change=set_date
                />
                <p class="hint" id="f-switching-start_date-hint">
                    {move || ctx.lang.get().t().start_date_today().replace("{date}", &crate::fmt::date_text(ctx.lang.get(), &crate::fmt::today_iso()))}
                </p>
                <p class="field-error" id="f-switching-start_date-err" role="status">{date_err}</p>
            </div>
            <p class="note" data-testid="switching-note">{tr(|t| t.switching_note())}</p>
        </fieldset>
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
            <label for=id.clone()>{tr(|t| t.service_billing())}</label>
            <select id=id on:change=change>
                <option value="always_on" selected=move || current.get() == "always_on">
                    {tr(|t| t.svc_always_on())}
                </option>
                <option value="start_stop" selected=move || current.get() == "start_stop">
                    {tr(|t| t.svc_start_stop())}
                </option>
            </select>
        </div>
    }
}

/// One rent option.
/// An option sized for another GPU model than the load counts in (the sizing's `load_gpus`):
/// what it says, and a button that counts the option as the load again.
#[component]
fn LoadGpusNote(
    /// `own` or `rent.N`.
    prefix: String,
) -> impl IntoView {
    let ctx = Ctx::get();
    let option = pointer(&prefix);
    let read = {
        let path = format!("{prefix}.load_gpus");
        Memo::new(move |_| {
            let l = ctx.read(&path)?;
            Some((l.get("gpus")?.as_u64()?, l.get("per")?.as_u64()?))
        })
    };
    let testid = format!("load-gpus-{}", prefix.replace('.', "-"));
    move || {
        read.get().map(|(gpus, per)| {
            let t = ctx.lang.get().t();
            let option = option.clone();
            let remove = move |_| {
                ctx.edit(|v| {
                    if let Some(o) = v.pointer_mut(&option).and_then(Value::as_object_mut) {
                        o.remove("load_gpus");
                    }
                });
            };
            view! {
                <p class="hint sized" data-testid=testid.clone()>
                    {t.load_gpus_note()
                        .replace("{gpus}", &crate::fmt::gpus_text(u32::try_from(gpus).unwrap_or(u32::MAX)))
                        .replace("{per}", &per.to_string())}
                    " "
                    <button type="button" class="link" on:click=remove>{t.load_gpus_remove()}</button>
                </p>
            }
        })
    }
}

/// What a spare server is priced as, while the own option has one.
#[component]
fn SpareNote() -> impl IntoView {
    let ctx = Ctx::get();
    let spares = Memo::new(move |_| {
        ctx.read("own.spare_servers")
            .and_then(|v| v.as_u64())
            .unwrap_or(0)
    });
    move || {
        (spares.get() > 0).then(|| {
            view! {
                <p class="hint" data-testid="own-spare-note">
                    {tr(|t| t.spare_servers_note())}
                </p>
            }
        })
    }
}

/// While GPUs per server differ from the own preset's and figures it gives per server are
/// still its own (the price, the contracted power, the base draw): they are the preset's
/// server's, not those of a server with this many GPUs (a 4-GPU server priced and housed as
/// the preset's 8-GPU one).
#[component]
fn PerServerNote() -> impl IntoView {
    let ctx = Ctx::get();
    // Each figure's path, label, and whether it sits under "More settings".
    const PER_SERVER: [(&str, Text, bool); 3] = [
        ("own.price_per_server", |t| t.price_per_server(), false),
        ("own.contracted_kw_per_server", |t| t.contracted_kw(), true),
        ("own.energy.base_watts_per_server", |t| t.base_watts(), true),
    ];
    let kept = Memo::new(move |_| {
        ctx.source_of("own.gpus_per_server").filter(|s| s.edited)?;
        let preset_gpus = ctx
            .preset_value("own.gpus_per_server")
            .and_then(|(_, v)| v)
            .and_then(|v| v.as_u64())?;
        let now = ctx.read("own.gpus_per_server").and_then(|v| v.as_u64())?;
        let kept: Vec<(Text, bool)> = PER_SERVER
            .iter()
            .filter(|(path, ..)| ctx.source_of(path).is_some_and(|s| !s.edited))
            .map(|(_, label, advanced)| (*label, *advanced))
            .collect();
        (!kept.is_empty()).then_some((preset_gpus, now, kept))
    });
    move || {
        kept.get().map(|(preset, now, labels)| {
            let t = ctx.lang.get().t();
            let lang = ctx.lang.get();
            let list: Vec<String> = labels
                .iter()
                .map(|(label, advanced)| {
                    let name = crate::first::results::quoted(lang, label(t));
                    if *advanced {
                        format!("{name} ({})", t.advanced())
                    } else {
                        name
                    }
                })
                .collect();
            view! {
                <p class="hint warn" data-testid="own-per-server-note">
                    {t.per_server_note()
                        .replace("{list}", &list.join(", "))
                        .replace("{n}", &preset.to_string())
                        .replace("{m}", &now.to_string())}
                </p>
            }
        })
    }
}

#[component]
fn RentCard(
    /// Index of the option in `rent`.
    index: usize,
) -> impl IntoView {
    let ctx = Ctx::get();
    let p = format!("rent.{index}");
    let mode_path = format!("{p}.billing.mode");
    let mode = Memo::new(move |_| {
        ctx.read(&mode_path)
            .and_then(|v| v.as_str().and_then(Mode::from_tag))
            .unwrap_or(Mode::AlwaysOn)
    });
    let label_path = format!("{p}.label");
    let label_id = field_id(&label_path);
    let label_read = label_path.clone();
    let label_value = Memo::new(move |_| {
        ctx.read(&label_read)
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    });
    let set_mode = move |ev| {
        if let Some(m) = Mode::from_tag(&event_target_value(&ev)) {
            ctx.set_billing_mode(index, m);
        }
    };
    let remove = move |_| {
        ctx.edit(|v| {
            if let Some(list) = v.pointer_mut("/rent").and_then(Value::as_array_mut)
                && index < list.len()
            {
                list.remove(index);
            }
            renumber_references(v, index);
        });
        ctx.forget_rent(index);
        // The option that moved up into its place, or the Add button after the last one.
        crate::first::focus_after_removal(
            format!("[data-testid=\"rent-card-{index}\"]"),
            "add-rent",
        );
    };
    let mode_id = field_id(&format!("{p}.billing.mode"));
    let label_err = format!("{label_id}-err");
    let cut = RwSignal::new(false);
    let label_path_err = label_path.clone();
    view! {
        <fieldset class="card" data-testid=format!("rent-card-{index}")>
            <legend>
                <span class=format!("swatch c{}", index + 1) aria-hidden="true"></span>
                {move || ctx.lang.get().t().option_n().replace("{n}", &(index + 1).to_string())}
            </legend>
            <PresetSelect prefix=p.clone() side=Side::Rent />
            <div class="field">
                <label for=label_id.clone()>{tr(|t| t.label())}</label>
                <input
                    type="text"
                    id=label_id
                    aria-describedby=label_err.clone()
                    prop:value=move || label_value.get()
                    on:input=move |ev| {
                        // A longer name (typed or pasted) is cut where the model's limit is,
                        // and the field says so.
                        let raw = event_target_value(&ev);
                        let kept: String = raw.chars().take(gpu_tco_core::MAX_LABEL).collect();
                        let was_cut = kept.len() < raw.len();
                        if was_cut
                            && let Some(input) = ev
                                .target()
                                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
                        {
                            input.set_value(&kept);
                        }
                        cut.set(was_cut);
                        ctx.write(&label_path, Value::String(kept));
                    }
                />
                <p class="field-error" id=label_err role="status">
                    {move || {
                        let lang = ctx.lang.get();
                        ctx.error_at(&label_path_err)
                            .map(|e| crate::i18n::error_message(lang, &e))
                            .or_else(|| cut.get().then(|| {
                                lang.t().label_cut().replace("{max}", &gpu_tco_core::MAX_LABEL.to_string())
                            }))
                    }}
                </p>
            </div>
            <div class="field">
                <label for=mode_id.clone()>{tr(|t| t.billing_mode())}</label>
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
            <PriceField index=index />
            <SelectField path=format!("{p}.price_unit") label=|t| t.price_unit() options=PRICE_UNITS
                write=crate::first::field::set_price_unit />
            <SelectField path=format!("{p}.currency") label=|t| t.currency() options=CURRENCIES />
            <NumFields prefix=p.clone() specs=RENT_GPUS />
            <LoadGpusNote prefix=p.clone() />
            {move || view! { <BillingFields index=index mode=mode.get() /> }}
            <NumFields prefix=format!("{p}.extras") specs=RENT_CHANGE />
            <details>
                <summary>{tr(|t| t.extras())}</summary>
                <NumFields prefix=format!("{p}.extras") specs=EXTRAS_A />
                <TierFields index=index />
                <NumFields prefix=format!("{p}.extras") specs=EXTRAS_B />
                <p class="note" data-testid=format!("data-act-{index}")>{tr(|t| t.data_act_note())}</p>
            </details>
            <button type="button" class="link" id=format!("remove-rent-{index}") on:click=remove>
                {tr(|t| t.remove())}
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
    let count = array_len(ctx, &format!("rent.{index}.extras.egress_tiers"));
    view! {
        <fieldset class="tiers">
            <legend>{tr(|t| t.egress_tiers())}</legend>
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
                                    fallback=move || view! { <p class="tier-open">{tr(|t| t.tier_open())}</p> }
                                >
                                    <NumField path=up.clone() spec=TIER_UP />
                                </Show>
                                <NumFields prefix=t.clone() specs=TIER_PRICE />
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </fieldset>
    }
}

/// Loads a preset into an option (`own` or `rent.N`).
#[component]
fn PresetSelect(
    /// `own` or `rent.N`.
    prefix: String,
    /// Which presets to offer.
    side: Side,
) -> impl IntoView {
    let ctx = Ctx::get();
    let id = format!("preset-{}", prefix.replace('.', "-"));
    let current = Memo::new({
        let prefix = prefix.clone();
        move |_| ctx.preset_of(&prefix).map(|p| p.id)
    });
    let change = move |ev| {
        if let Some(p) = gpu_tco_core::presets::preset(&event_target_value(&ev)) {
            ctx.load_preset(&prefix, p);
        }
    };
    view! {
        <div class="field preset">
            <label for=id.clone()>{tr(|t| t.preset())}</label>
            <select id=id on:change=change>
                <option value="" selected=move || current.get().is_none()>{tr(|t| t.preset_custom())}</option>
                {gpu_tco_core::presets::presets()
                    .iter()
                    .filter(|p| p.side == side)
                    .map(|p| {
                        let pid = p.id;
                        view! {
                            <option value=pid selected=move || current.get() == Some(pid)>
                                {move || match ctx.lang.get() {
                                    Lang::De => p.name_de,
                                    Lang::En => p.name_en,
                                }}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// The rent options.
#[component]
pub fn CloudPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let options = array_len(ctx, "rent");
    let full = move || options.get() >= gpu_tco_core::MAX_RENT_OPTIONS;
    let add = move |_: leptos::ev::MouseEvent| {
        // A new option starts as AWS p5en on-demand with start/stop, from its preset.
        let mut index = None;
        ctx.edit(|v| {
            if let Some(list) = v.pointer_mut("/rent").and_then(Value::as_array_mut) {
                list.push(crate::state::default_value()["rent"][1].clone());
                index = Some(list.len() - 1);
            }
        });
        if let (Some(i), Some(p)) = (index, gpu_tco_core::presets::preset("aws-p5en-start-stop")) {
            ctx.load_preset(&format!("rent.{i}"), p);
        }
        // The new card comes above the button and pushes it down, often out of the window with
        // its focus ring: the focus goes to the new card's first control, its preset picker.
        if let Some(i) = index {
            crate::first::focus_later(format!("preset-rent-{i}"));
        }
    };
    view! {
        <section class="panel" aria-labelledby="h-cloud">
            <h2 id="h-cloud">{tr(|t| t.panel_cloud())}</h2>
            <SwitchingFields />
            {move || (0..options.get()).map(|i| view! { <RentCard index=i /> }).collect_view()}
            // With every option removed the verdict says there is nothing to compare; so does
            // the panel where the visitor removed them, next to the button that adds one.
            {move || {
                (options.get() == 0).then(|| {
                    view! { <p class="note" data-testid="no-rent-note">{tr(|t| t.no_rent_note())}</p> }
                })
            }}
            <button
                type="button"
                id="add-rent"
                disabled=full
                on:click=add
            >
                {tr(|t| t.add_option())}
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
            <h2 id="h-own">{tr(|t| t.panel_own())}</h2>
            <PresetSelect prefix="own".to_owned() side=Side::Own />
            <NumFields prefix="own" specs=OWN_MAIN />
            <SpareNote />
            <PerServerNote />
            <NumFields prefix="own" specs=OWN_MAIN_RUNNING />
            <LoadGpusNote prefix="own".to_owned() />
            <details>
                <summary>{tr(|t| t.advanced())}</summary>
                <SelectField path="own.currency" label=|t| t.currency() options=CURRENCIES />
                <NumFields prefix="own" specs=OWN_SETUP />
                <CheckField path="own.energy.included_in_colocation" label=|t| t.energy_included() />
                <NumFields prefix="own" specs=OWN_RUNNING />
                <div class="field">
                    <label for="f-own-financing-mode">{tr(|t| t.financing())}</label>
                    <select id="f-own-financing-mode" on:change=set_financing>
                        <option value="cash" selected=move || !loan.get()>{tr(|t| t.cash())}</option>
                        <option value="loan" selected=move || loan.get()>{tr(|t| t.loan())}</option>
                    </select>
                </div>
                <Show when=move || loan.get()>
                    <NumFields prefix="own.financing" specs=LOAN />
                </Show>
            </details>
        </section>
    }
}

/// Horizon, discounting, currency.
#[component]
pub fn FinancePanel() -> impl IntoView {
    view! {
        <section class="panel" aria-labelledby="h-finance">
            <h2 id="h-finance">{tr(|t| t.panel_finance())}</h2>
            <SelectField path="finance.display_currency" label=|t| t.display_currency() options=CURRENCIES />
            <NumFields prefix="finance" specs=FINANCE_RATE />
            <NullableField
                path="finance.horizon_months"
                auto_label=|t| t.horizon_life()
                spec=HORIZON
                start=60
            />
            <NumFields prefix="finance" specs=FINANCE_DISCOUNT />
        </section>
    }
}

/// The label of an option field by its key relative to the option (`energy.pue`, `price`).
pub fn field_text(key: &str) -> Option<Text> {
    let groups: [(&str, &[Spec]); 13] = [
        ("", OWN_MAIN),
        ("financing.", LOAN),
        ("", OWN_MAIN_RUNNING),
        ("", OWN_SETUP),
        ("", OWN_RUNNING),
        ("", RENT_PRICE),
        ("", RENT_GPUS),
        ("extras.", EXTRAS_A),
        ("extras.", EXTRAS_B),
        ("extras.", RENT_CHANGE),
        ("billing.", SAVINGS_PLAN),
        ("billing.", START_STOP),
        ("billing.", BLOCKS),
    ];
    for (prefix, specs) in groups {
        if let Some(spec) = specs
            .iter()
            .find(|s| key.strip_prefix(prefix) == Some(s.key))
        {
            return Some(spec.label);
        }
    }
    let text: Text = match key {
        "label" => |t| t.label(),
        "currency" => |t| t.currency(),
        "price_unit" => |t| t.price_unit(),
        "billing" => |t| t.billing_mode(),
        "financing" => |t| t.financing(),
        "energy.included_in_colocation" => |t| t.energy_included(),
        "extras.egress_tiers" => |t| t.egress_tiers(),
        _ => return None,
    };
    Some(text)
}

/// The label of a field outside the options by its dotted path (`calendar.working_days`,
/// `calendar.batch.0.end_hour`, `finance.horizon_months`), as its box has it: what a refused
/// link or file names beside the key.
pub fn root_field_text(path: &str) -> Option<Text> {
    let key = path.rsplit('.').next()?;
    let specs: &[&[Spec]] = match path.split('.').next()? {
        "calendar" if path.split('.').count() == 2 => &[CALENDAR],
        "calendar" => &[WINDOW],
        "finance" => &[FINANCE_RATE, FINANCE_DISCOUNT, &[HORIZON]],
        _ => return None,
    };
    specs
        .iter()
        .flat_map(|list| list.iter())
        .find(|s| s.key == key)
        .map(|s| s.label)
}

#[cfg(test)]
mod label_tests {
    use super::*;
    use crate::i18n::Lang;

    /// The sources list names each preset's field by its label, never by its key (the price
    /// change moved out of the extras once showed `extras.yearly_price_change_percent`).
    #[test]
    fn every_preset_field_has_a_label() {
        for p in gpu_tco_core::presets::presets() {
            for e in p.all_entries() {
                assert!(field_text(e.key).is_some(), "{}: {}", p.id, e.key);
            }
        }
        let en = |t: Option<Text>| t.map(|t| t(Lang::En.t()));
        assert_eq!(
            en(field_text("extras.yearly_price_change_percent")),
            Some("Yearly price change")
        );
    }

    #[test]
    fn a_refused_field_is_named_by_its_label() {
        let en = |t: Option<Text>| t.map(|t| t(Lang::En.t()));
        assert_eq!(
            en(root_field_text("calendar.working_days")),
            Some("Working days per month")
        );
        assert_eq!(
            en(root_field_text("calendar.batch.0.end_hour")),
            Some("To (hour)")
        );
        assert_eq!(en(root_field_text("calendar.service.gpus")), Some("GPUs"));
        assert_eq!(
            en(root_field_text("finance.horizon_months")),
            Lang::En.t().horizon_months().into()
        );
        assert_eq!(en(root_field_text("own.price_per_server")), None);
        assert_eq!(
            en(field_text("financing.term_months")),
            Some(Lang::En.t().loan_term())
        );
    }
}
