//! "How it was computed": the formulas with the user's numbers filled in.

use gpu_tco_core::{Billing, CostKind, RentOption};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::features::explain_texts::Tx;
use crate::first::follow_open;

use crate::first::results::{fmt_for, payback_text, percent_text};
use crate::fmt::Fmt;
use crate::i18n::Lang;
use crate::state::Ctx;
use crate::texts::fill;

/// The explanation section.
#[component]
pub fn ExplainPanel() -> impl IntoView {
    let ctx = Ctx::get();
    // Filled in only while the section is open: closed, it costs nothing per input change.
    let open = RwSignal::new(false);
    let body = move || {
        if !open.get() && !ctx.printing.get() {
            return ().into_any();
        }
        let lang = ctx.lang.get();
        let t = lang.t();
        let tx = Tx::of(lang);
        ctx.shown.with(|s| {
            let Some(ev) = s else { return ().into_any() };
            let r = &ev.report;
            let sc = &ev.scenario;
            let f = fmt_for(lang, r);
            let n = r.horizon_months.to_string();
            let load = &r.load;
            let own = &r.own;
            let servers =
                |n: u32| crate::fmt::count(lang, n, tx.how_server_one(), tx.how_server_many());
            let spares =
                |n: u32| crate::fmt::count(lang, n, tx.how_spare_one(), tx.how_spare_many());
            // A measured month replaces the calendar: say where the hours come from.
            let load_item = match &sc.calendar.measured {
                Some(m) => fill(
                    tx.how_measured(),
                    &[
                        ("source", &m.source),
                        ("hours", &f.number(load.productive_hours, 2)),
                        ("share", &f.percent(load.productive_share, 2)),
                    ],
                ),
                None => fill(
                    tx.how_load(),
                    &[("wd", &f.number(sc.calendar.working_days, 2))],
                ),
            };
            // The colocation's prices are in own's currency (the totals in the display one).
            let own_f = Fmt {
                lang,
                currency: sc.own.currency.code(),
            };
            let mut items = vec![
                load_item,
                fill(
                    tx.how_share(),
                    &[
                        ("hours", &f.number(load.productive_hours, 2)),
                        ("share", &f.percent(load.productive_share, 2)),
                    ],
                ),
                fill(
                    tx.how_gpu_hours(),
                    &[
                        ("gpuh", &f.number(load.productive_gpu_hours, 2)),
                        ("n", &n),
                        ("total", &f.number(r.productive_gpu_hours, 0)),
                    ],
                ),
                fill(
                    tx.how_own(),
                    &[
                        ("servers", &servers(own.servers)),
                        (
                            "spares",
                            &if own.spare_servers > 0 {
                                tx.how_own_spares()
                                    .replace("{n}", &spares(own.spare_servers))
                            } else {
                                String::new()
                            },
                        ),
                        ("gpus", &crate::fmt::gpus_text(own.gpus)),
                        ("per_server", &sc.own.gpus_per_server.to_string()),
                        ("purchase", &f.money(own.purchase, 0)),
                        ("n", &n),
                        ("total", &f.money(own.costs.total, 0)),
                        ("kwh", &f.number(own.kwh_per_month, 0)),
                        ("prod", &f.number(r.productive_gpu_hours, 0)),
                        (
                            "per",
                            &f.money_opt(own.costs.cost_per_productive_gpu_hour, 2),
                        ),
                    ],
                ),
                fill(
                    tx.how_own_life(),
                    &[
                        ("total", &f.money(own.costs.total, 0)),
                        ("gpus", &crate::fmt::gpus_text(own.gpus)),
                        ("n", &n),
                        ("gpuh", &f.number(own.gpu_hours, 0)),
                        ("per", &f.money_opt(own.cost_per_gpu_hour, 2)),
                    ],
                ),
                {
                    let e = &sc.own.energy;
                    let price = if e.included_in_colocation {
                        tx.how_energy_in_colocation().to_owned()
                    } else {
                        let template = if e.yearly_price_change_percent.is_zero() {
                            tx.how_energy_price()
                        } else {
                            tx.how_energy_price_change()
                        };
                        fill(
                            template,
                            &[
                                (
                                    "per_kwh",
                                    // Cents as entered (0.19), tenths of a cent where given.
                                    &own_f.money(
                                        e.price_per_kwh,
                                        if e.price_per_kwh.round_dp(2) == e.price_per_kwh {
                                            2
                                        } else {
                                            4
                                        },
                                    ),
                                ),
                                ("pct", &f.number(e.yearly_price_change_percent, 2)),
                                (
                                    "monthly",
                                    &f.money(line_monthly(&own.costs, CostKind::Energy), 0),
                                ),
                                ("n", &n),
                            ],
                        )
                    };
                    let power = fill(
                        tx.how_energy(),
                        &[
                            ("busy_w", &f.number(e.busy_watts_per_gpu, 2)),
                            ("busy_h", &f.number(own.busy_gpu_hours_per_month, 2)),
                            ("idle_w", &f.number(e.idle_watts_per_gpu, 2)),
                            ("idle_h", &f.number(own.idle_gpu_hours_per_month, 2)),
                            ("base_w", &f.number(e.base_watts_per_server, 2)),
                            ("servers", &(own.servers + own.spare_servers).to_string()),
                            ("pue", &f.number(e.pue, 2)),
                            ("kwh", &f.number(own.kwh_per_month, 0)),
                            ("price", &price),
                        ],
                    );
                    if own.spare_servers > 0 {
                        format!("{power} {}", tx.how_energy_spares())
                    } else {
                        power
                    }
                },
                fill(
                    tx.how_colocation(),
                    &[
                        (
                            "per_server",
                            &own_f.money(sc.own.colocation_per_server_month, 2),
                        ),
                        ("kw", &f.number(sc.own.contracted_kw_per_server, 2)),
                        ("per_kw", &own_f.money(sc.own.colocation_per_kw_month, 2)),
                        ("servers", &servers(own.servers + own.spare_servers)),
                        (
                            "monthly",
                            &f.money(line_monthly(&own.costs, CostKind::Colocation), 0),
                        ),
                        (
                            "power",
                            if sc.own.energy.included_in_colocation {
                                tx.how_colocation_power()
                            } else {
                                ""
                            },
                        ),
                    ],
                ),
                fill(
                    tx.how_support(),
                    &[
                        (
                            "pct",
                            &f.number(sc.own.hardware_support_percent_per_year, 2),
                        ),
                        ("purchase", &f.money(own.purchase, 0)),
                        (
                            "monthly",
                            &f.money(line_monthly(&own.costs, CostKind::HardwareSupport), 0),
                        ),
                    ],
                ),
            ];
            // One yearly price change for every offer (the presets' default) is said once
            // before them, each offer's rate then being its first year's.
            let shared_change = sc.shared_price_change();
            if let Some(c) = shared_change {
                let template = if sc.has_plan_terms() {
                    tx.how_rent_change_all_plans()
                } else {
                    tx.how_rent_change_all()
                };
                items.push(fill(template, &[("pct", &f.percent_value(c, 1))]));
            }
            for (i, x) in r.rent.iter().enumerate() {
                let mode = sc
                    .rent
                    .get(i)
                    .map(|o| billing_text(lang, o, x.committed_instances, x.plan.as_ref()))
                    .unwrap_or_default();
                // A flat monthly offer has no on-demand rate: its price per server-month.
                let monthly = sc
                    .rent
                    .get(i)
                    .filter(|o| matches!(o.billing, Billing::Monthly { .. }));
                let template = if monthly.is_some() {
                    tx.how_rent_monthly()
                } else {
                    tx.how_rent()
                };
                let (price, unit) = monthly.map_or((String::new(), ""), |o| {
                    let f = Fmt {
                        lang,
                        currency: o.currency.code(),
                    };
                    (
                        f.money(o.price, 2),
                        crate::i18n::price_unit_text(t, o.price_unit),
                    )
                });
                let change = sc
                    .rent
                    .get(i)
                    .map(|o| o.extras.yearly_price_change_percent)
                    .filter(|c| !c.is_zero())
                    .map(|c| match shared_change {
                        Some(_) => tx.how_rent_first_year().to_owned(),
                        None => fill(tx.how_rent_change(), &[("pct", &f.percent_value(c, 1))]),
                    })
                    .unwrap_or_default();
                items.push(
                    fill(
                        template,
                        &[
                            ("change", &change),
                            ("price", &price),
                            ("unit", unit),
                            ("option", &x.costs.label),
                            ("instances", &x.instances.to_string()),
                            ("k", &x.gpus_per_instance.to_string()),
                            ("k_gpus", &crate::fmt::gpus_text(x.gpus_per_instance)),
                            ("peak", &crate::fmt::gpus_text(x.needed_gpus)),
                            ("billed", &f.number(x.billed_instance_hours_per_month, 2)),
                            ("gpu_billed", &f.number(x.billed_gpu_hours_per_month, 2)),
                            ("rate", &f.money(x.instance_rate, 3)),
                            ("total", &f.money(x.costs.total, 0)),
                            ("prod", &f.number(r.productive_gpu_hours, 0)),
                            ("per", &f.money_opt(x.costs.cost_per_productive_gpu_hour, 2)),
                            ("mode", &mode),
                        ],
                    ) + &format!(
                        " → {}",
                        payback_text(lang, x.break_even_month, x.break_even_by_sale)
                    ),
                );
            }
            items.push(fill(tx.how_horizon(), &[("n", &n)]));
            // The market value credited at the horizon, and the present values: how each is
            // reached (a controller could not reproduce them from the page).
            let held = own.costs.warnings.iter().find_map(|w| match w {
                gpu_tco_core::Warning::AssetHeldAtHorizon { value_percent, .. } => {
                    Some(*value_percent)
                }
                _ => None,
            });
            if let Some(value) = held {
                items.push(fill(
                    tx.how_resale(),
                    &[
                        ("residual", &percent_text(lang, &f, sc.own.residual_percent)),
                        ("life", &sc.own.service_life_years.to_string()),
                        ("n", &n),
                        ("value", &percent_text(lang, &f, value.round_dp(1))),
                    ],
                ));
            }
            if !r.discount_rate_percent.is_zero() {
                items.push(fill(
                    tx.how_present_value(),
                    &[("rate", &percent_text(lang, &f, r.discount_rate_percent))],
                ));
            }
            items.push(tx.how_break_even().to_owned());
            items.push(tx.how_break_even_share().to_owned());
            if !sc.ranges.is_empty() {
                let inputs: Vec<String> = sc
                    .ranges
                    .inputs
                    .iter()
                    .filter(|(_, r)| !r.is_point())
                    .map(|(input, _)| crate::first::spread::input_label(t, *input, sc))
                    .collect();
                let sampling = gpu_tco_core::ranges::Sampling::default();
                items.push(fill(
                    tx.how_ranges(),
                    &[
                        ("n", &sampling.samples.to_string()),
                        ("seed", &sampling.seed.to_string()),
                        ("inputs", &inputs.join(", ")),
                    ],
                ));
            }
            view! {
                <ol class="how" data-testid="how-list">
                    {items.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}
                </ol>
            }
            .into_any()
        })
    };
    view! {
        <details
            class="panel explain"
            data-testid="how"
            prop:open=move || ctx.printing.get() || open.get()
            on:toggle=follow_open(open)
        >
            <summary><h2>{crate::first::tr(|t| t.how_title())}</h2></summary>
            {body}
        </details>
    }
}

/// How an option's billing mode changes the on-demand hours and rate, in words with the
/// option's own inputs ("" for modes billed at the on-demand rate).
fn billing_text(
    lang: Lang,
    option: &RentOption,
    committed: Option<u32>,
    plan: Option<&gpu_tco_core::PlanChoice>,
) -> String {
    let t = lang.t();
    let tx = Tx::of(lang);
    let f = Fmt {
        lang,
        currency: option.currency.code(),
    };
    let unit = crate::i18n::price_unit_text(t, option.price_unit);
    match &option.billing {
        Billing::AlwaysOn | Billing::Reserved | Billing::StartStop { .. } => String::new(),
        Billing::SavingsPlan {
            term_years,
            price_ratio,
            ..
        } => fill(
            if committed.unwrap_or(0) == 0 {
                tx.how_mode_sp_none()
            } else {
                tx.how_mode_sp()
            },
            &[
                ("c", &committed.unwrap_or(0).to_string()),
                ("ratio", &f.number(*price_ratio, 4)),
                ("years", &term_years.to_string()),
            ],
        ),
        Billing::ReservedSavingsPlan {
            term_years,
            price_ratio,
        } => fill(
            tx.how_mode_rsp(),
            &[
                ("ratio", &f.number(*price_ratio, 4)),
                ("years", &term_years.to_string()),
            ],
        ),
        Billing::SpotBatch {
            spot_price,
            rework_percent,
            ..
        } => fill(
            tx.how_mode_spot(),
            &[
                ("price", &f.money(*spot_price, 3)),
                ("unit", unit),
                ("rework", &f.number(*rework_percent, 2)),
            ],
        ),
        Billing::CapacityBlock {
            block_days,
            blocks_per_year,
            block_price,
        } => fill(
            tx.how_mode_blocks(),
            &[
                ("blocks", &blocks_per_year.to_string()),
                ("days", &block_days.to_string()),
                ("price", &f.money(*block_price, 3)),
                ("unit", unit),
            ],
        ),
        Billing::Monthly {
            minimum_term_months,
            ..
        } => fill(
            tx.how_mode_monthly(),
            &[("m", &minimum_term_months.to_string())],
        ),
        Billing::CheapestPlan { .. } => plan.map_or_else(String::new, |p| {
            fill(
                tx.how_mode_cheapest(),
                &[("plan", &crate::i18n::plan_text(lang, p))],
            )
        }),
    }
}

/// A cost line's amount per month (0 where the option has no such line).
fn line_monthly(costs: &gpu_tco_core::Costs, kind: CostKind) -> Decimal {
    costs
        .lines
        .iter()
        .find(|l| l.kind == kind)
        .map_or(Decimal::ZERO, |l| l.monthly)
}
