//! Headline figures, the verdict, the comparison table and the cost lines.

use gpu_tco_core::{Answer, BreakEvenShare, Capacity, RentReport, Report, Warning};
use leptos::prelude::*;

use crate::first::{focus_later, tr};
use rust_decimal::Decimal;

use crate::fmt::Fmt;
use crate::i18n::{Lang, cost_name, error_message, plan_text, plan_why, warning_message};
use crate::state::Ctx;

/// The formatter for the current language and the report's currency.
pub fn fmt_for(lang: Lang, report: &Report) -> Fmt {
    Fmt {
        lang,
        currency: report.currency.code(),
    }
}

/// Break-even month as text.
pub fn month_text(lang: Lang, m: Option<u32>) -> String {
    let t = lang.t();
    match m {
        Some(n) => t.month_n.replace("{n}", &n.to_string()),
        None => t.never.to_owned(),
    }
}

/// Break-even share as text.
pub fn share_text(lang: Lang, f: &Fmt, s: &Option<BreakEvenShare>) -> String {
    let t = lang.t();
    match s {
        Some(BreakEvenShare::At { share }) => f.percent(*share, 1),
        Some(BreakEvenShare::OwnCheaperAtAnyShare { share_cancels_out }) => {
            if *share_cancels_out {
                format!("{}*", t.own_cheaper_any)
            } else {
                t.own_cheaper_any.to_owned()
            }
        }
        Some(BreakEvenShare::RentCheaperAtAnyShare { share_cancels_out }) => {
            if *share_cancels_out {
                format!("{}*", t.rent_cheaper_any)
            } else {
                t.rent_cheaper_any.to_owned()
            }
        }
        None => "–".to_owned(),
    }
}

/// One list item per warning.
fn warning_items(lang: Lang, warnings: &[Warning]) -> impl IntoView + use<> {
    warnings
        .iter()
        .map(|w| view! { <li>{warning_message(lang, w)}</li> })
        .collect_view()
}

/// How sure each answer of the verdict is over the scenario's ranges: a sentence per rent option
/// the answers name (holding capacity, accepting the risk; once if both name the same).
fn range_verdict(
    lang: Lang,
    f: &Fmt,
    r: &Report,
    spread: Option<&gpu_tco_core::ranges::Spread>,
) -> Vec<String> {
    let t = lang.t();
    let Some(spread) = spread else {
        return Vec::new();
    };
    let mut named: Vec<usize> = [&r.answers.holds_capacity, &r.answers.accepts_risk]
        .into_iter()
        .flatten()
        .map(|a| a.rent_index)
        .collect();
    if named.is_empty() {
        named.extend(r.cheapest_rent().map(|(i, _)| i));
    }
    named.dedup();
    named
        .into_iter()
        .filter_map(|i| Some((spread.rent.get(i)?, r.rent.get(i)?)))
        .map(|(x, point)| {
            let q = &x.savings_with_own;
            // The figure above outside its own P10–P90: say why, or the two read as a
            // contradiction.
            let outside = (!q.holds(point.savings_with_own)).then(|| {
                t.range_point_outside
                    .replace("{point}", &f.money(point.savings_with_own, 0))
            });
            let sentence = t
                .verdict_range
                .replace("{option}", &x.costs.label)
                .replace(
                    "{verdict}",
                    &crate::first::spread::verdict_text(t, x.verdict),
                )
                .replace(
                    "{months}",
                    &crate::first::spread::months_text(
                        lang,
                        x.break_even_month.p10,
                        x.break_even_month.p90,
                    ),
                )
                .replace(
                    "{savings}",
                    &t.range_p
                        .replace("{p10}", &f.money(q.p10, 0))
                        .replace("{p50}", &f.money(q.p50, 0))
                        .replace("{p90}", &f.money(q.p90, 0)),
                );
            match outside {
                Some(why) => format!("{sentence} {why}"),
                None => sentence,
            }
        })
        .collect()
}

/// The verdict's sentences in `lang` (for a summary outside the results).
pub fn verdict_sentences(lang: Lang, r: &Report) -> Vec<String> {
    let f = fmt_for(lang, r);
    verdict(lang, &f, r).into_iter().map(|(_, s)| s).collect()
}

/// The verdict, sentence by sentence, each with its test id: the two answers of the rent side
/// (holding capacity, accepting the capacity risk), then the present value and the share.
fn verdict(lang: Lang, f: &Fmt, r: &Report) -> Vec<(&'static str, String)> {
    let t = lang.t();
    let n = r.horizon_months.to_string();
    let mut out = Vec::new();
    let Some((_, cheapest)) = r.cheapest_rent() else {
        return out;
    };
    let answer = |a: &Answer, own: &'static str, rent: &'static str| {
        let option = if a.alternative {
            t.its_other_plan.replace("{option}", &a.label)
        } else {
            a.label.clone()
        };
        let text = if a.savings_with_own >= Decimal::ZERO {
            own.replace("{when}", &month_text(lang, a.break_even_month))
        } else {
            rent.to_owned()
        };
        text.replace("{option}", &option)
            .replace("{x}", &f.money(a.total, 0))
            .replace("{n}", &n)
            .replace("{y}", &f.money(a.savings_with_own.abs(), 0))
    };
    out.push((
        "verdict-held",
        match &r.answers.holds_capacity {
            Some(a) => answer(a, t.verdict_held_own, t.verdict_held_rent),
            None => t.verdict_no_held.to_owned(),
        },
    ));
    out.push((
        "verdict-risk",
        match &r.answers.accepts_risk {
            Some(a) => answer(a, t.verdict_risk_own, t.verdict_risk_rent),
            None => t.verdict_no_risk.to_owned(),
        },
    ));
    let label = cheapest.costs.label.clone();
    // Discounted: the decision in present value as well.
    if let Some(saves) = cheapest.discounted_savings_with_own {
        out.push((
            "verdict-pv",
            if saves >= Decimal::ZERO {
                t.verdict_pv_own
                    .replace("{option}", &label)
                    .replace("{x}", &f.money(saves, 0))
                    .replace(
                        "{when}",
                        &month_text(lang, cheapest.discounted_break_even_month),
                    )
            } else {
                t.verdict_pv_rent
                    .replace("{option}", &label)
                    .replace("{x}", &f.money(-saves, 0))
            },
        ));
    }
    if let Some(BreakEvenShare::At { share }) = &cheapest.break_even_share {
        out.push((
            "verdict-share",
            t.verdict_share
                .replace("{option}", &label)
                .replace("{share}", &f.percent(*share, 1))
                .replace("{today}", &f.percent(r.load.productive_share, 1)),
        ));
    }
    out
}

/// What an option's row says besides its warnings: the plan it bills and why, and a
/// `cheapest_plan` offer's other plan.
fn plan_items(lang: Lang, f: &Fmt, n: u32, x: &RentReport) -> Vec<(String, String)> {
    let t = lang.t();
    let mut out = Vec::new();
    if let Some(p) = &x.plan {
        let mut text = format!("{}: {}.", t.plan_label, plan_text(lang, p));
        if let Some(why) = plan_why(lang, p) {
            text.push(' ');
            text.push_str(&why);
        }
        out.push(("plan".to_owned(), text));
    }
    if let Some(a) = &x.alternative {
        let template = match a.plan.capacity {
            Capacity::Held => t.alt_held,
            _ => t.alt_risk,
        };
        out.push((
            "alternative".to_owned(),
            template
                .replace("{plan}", &plan_text(lang, &a.plan))
                .replace("{x}", &f.money(a.total, 0))
                .replace("{n}", &n.to_string()),
        ));
    }
    out
}

/// Which options bill more GPUs than the load needs, in one sentence (the embed, which has no
/// table, shows it); `None` when none does.
fn idle_note(lang: Lang, r: &Report) -> Option<String> {
    let t = lang.t();
    let idle: Vec<String> = r
        .rent
        .iter()
        .filter(|x| x.billed_gpus > x.needed_gpus)
        .map(|x| {
            t.idle_item
                .replace("{option}", &x.costs.label)
                .replace("{billed}", &x.billed_gpus.to_string())
                .replace("{idle}", &(x.billed_gpus - x.needed_gpus).to_string())
        })
        .collect();
    let needed = r.load.peak_gpus;
    (!idle.is_empty()).then(|| {
        t.idle_note
            .replace("{needed}", &needed.to_string())
            .replace("{list}", &idle.join("; "))
    })
}

/// The capacity class of an option, as a short tag.
fn capacity_tag(lang: Lang, c: Capacity) -> &'static str {
    let t = lang.t();
    match c {
        Capacity::Held => t.capacity_held,
        Capacity::AtRisk => t.capacity_risk,
        Capacity::NotCovered => t.capacity_gap,
    }
}

/// The notes under the table: what stopping at the horizon counts, and the switch away from
/// the option the load runs on today.
fn stop_and_switch_notes(lang: Lang, f: &Fmt, r: &Report) -> Vec<(&'static str, String)> {
    let t = lang.t();
    let exit = if r.rent.iter().any(|x| x.costs.stop.exit_free_under_data_act) {
        t.exit_free
    } else {
        t.exit_charged
    };
    let mut out = vec![(
        "stop-note",
        t.stop_note
            .replace("{n}", &r.horizon_months.to_string())
            .replace("{exit}", exit),
    )];
    if let Some(sw) = &r.switching {
        let option = r
            .rent
            .get(sw.from_rent)
            .map(|x| x.costs.label.clone())
            .unwrap_or_default();
        let template = if sw.free_under_data_act {
            t.switch_free
        } else {
            t.switch_charged
        };
        out.push((
            "switch-note",
            template
                .replace("{option}", &option)
                .replace("{x}", &f.money(sw.at_tiers, 0))
                .replace("{gb}", &f.number(sw.data_gb, 0)),
        ));
    }
    out
}

/// The results panel.
#[component]
pub fn ResultsPanel() -> impl IntoView {
    let ctx = Ctx::get();
    // "An input is not valid …" naming the field by its label (never by its JSON path), and the
    // id of its box for "Go to the field".
    let stale = Memo::new(move |_| {
        let lang = ctx.lang.get();
        if !ctx.is_stale() {
            return None;
        }
        let t = lang.t();
        let (path, message) = ctx.outcome.with(|o| match o {
            Err(e) => (e.path().to_owned(), error_message(lang, e)),
            Ok(_) => ctx
                .unparsable
                .with(|list| list.first().cloned())
                .map(|(p, problem)| {
                    let message = crate::first::field::problem_message(t, problem);
                    (p, message.to_owned())
                })
                .unwrap_or_default(),
        });
        let id = (!path.is_empty()).then(|| crate::state::field_id(&path));
        let label = id.as_deref().and_then(crate::io::label_text).map(|label| {
            // A rent option's field says which option it belongs to.
            match crate::state::option_index(&path) {
                Some(n) if n > 0 => {
                    format!("{}, {label}", t.option_n.replace("{n}", &n.to_string()))
                }
                _ => label,
            }
        });
        let text = match (&label, message.is_empty()) {
            (_, true) => t.stale.to_owned(),
            (Some(label), false) => format!("{} ({label}: {message})", t.stale),
            (None, false) => format!("{} ({message})", t.stale),
        };
        let go = id.filter(|id| document().get_element_by_id(id).is_some());
        Some((text, go))
    });
    // Values that look 1000 times off, named by their labels, and the first one's box.
    let check = Memo::new(move |_| {
        let t = ctx.lang.get().t();
        let paths = ctx.suspect.get();
        let first = paths.first()?.clone();
        let labels: Vec<String> = paths
            .iter()
            .filter_map(|p| crate::io::label_text(&crate::state::field_id(p)))
            .collect();
        Some((
            t.check_fields.replace("{fields}", &labels.join(", ")),
            crate::state::field_id(&first),
        ))
    });
    let body = move || {
        let lang = ctx.lang.get();
        let t = lang.t();
        ctx.shown.with(|shown| {
            let Some(ev) = shown else {
                return ().into_any();
            };
            let r = &ev.report;
            let f = fmt_for(lang, r);
            let load = &r.load;
            let own = &r.own;
            let own_billed = own.servers.saturating_mul(ev.scenario.own.gpus_per_server);
            let own_idle = own_billed > own.gpus;
            let total_label = t.col_total.replace("{n}", &r.horizon_months.to_string());
            let stop_label = t.col_stop.replace("{n}", &r.horizon_months.to_string());
            let rows = r
                .rent
                .iter()
                .enumerate()
                .map(|(i, x)| {
                    let warnings = warning_items(lang, &x.costs.warnings);
                    let plans = plan_items(lang, &f, r.horizon_months, x)
                        .into_iter()
                        .map(|(id, text)| view! { <li class="plan" data-testid=format!("rent-{i}-{id}")>{text}</li> })
                        .collect_view();
                    let has_warnings = !x.costs.warnings.is_empty() || x.plan.is_some();
                    let idle = x.billed_gpus > x.needed_gpus;
                    view! {
                        <tr data-testid=format!("row-rent-{i}") class:has-warnings=has_warnings>
                            <th scope="row">
                                <span class=format!("swatch c{}", i + 1) aria-hidden="true"></span>
                                <span class="num-tag">{(i + 1).to_string()}</span>
                                <span data-testid=format!("rent-{i}-label")>{x.costs.label.clone()}</span>
                                " "
                                <span class=format!("capacity {}", match x.capacity { Capacity::Held => "held", Capacity::AtRisk => "risk", Capacity::NotCovered => "gap" })
                                    data-testid=format!("rent-{i}-capacity")>
                                    {capacity_tag(lang, x.capacity)}
                                </span>
                            </th>
                            <td data-label=t.col_gpus data-testid=format!("rent-{i}-gpus") class:idle=idle>
                                {format!("{} ({})", x.billed_gpus, x.needed_gpus)}
                            </td>
                            <td data-label=t.col_monthly data-testid=format!("rent-{i}-monthly")>{f.money(x.costs.monthly, 0)}</td>
                            <td data-label=t.col_one_time data-testid=format!("rent-{i}-one-time")>{f.money(x.costs.one_time, 0)}</td>
                            <td data-label=total_label.clone() data-testid=format!("rent-{i}-total")>{f.money(x.costs.total, 0)}</td>
                            <td data-label=stop_label.clone() data-testid=format!("rent-{i}-stop")>{f.money(x.costs.stop.total, 0)}</td>
                            <td data-label=t.col_per_gpu_hour data-testid=format!("rent-{i}-per-gpu-hour")>
                                {f.money_opt(x.costs.cost_per_productive_gpu_hour, 2)}
                            </td>
                            <td class="wrap" data-label=t.col_break_even data-testid=format!("rent-{i}-break-even")>{month_text(lang, x.break_even_month)}</td>
                            <td class="wrap" data-label=t.col_break_even_share data-testid=format!("rent-{i}-break-even-share")>{share_text(lang, &f, &x.break_even_share)}</td>
                            <td data-label=t.col_savings data-testid=format!("rent-{i}-savings") class:neg=x.savings_with_own < Decimal::ZERO>
                                {f.money(x.savings_with_own, 0)}
                            </td>
                        </tr>
                        <tr class="warn-row" hidden=!has_warnings>
                            <td colspan="10">
                                <ul class="warnings" data-testid=format!("rent-{i}-warnings")>{plans}{warnings}</ul>
                            </td>
                        </tr>
                    }
                })
                .collect_view();
            let any_cancels = r.rent.iter().any(|x| {
                matches!(
                    x.break_even_share,
                    Some(
                        BreakEvenShare::OwnCheaperAtAnyShare { share_cancels_out: true }
                            | BreakEvenShare::RentCheaperAtAnyShare { share_cancels_out: true }
                    )
                )
            });
            // A chosen hybrid: its figures and the savings, all from the core, and the way back.
            let hybrid = r.hybrid.as_ref().map(|h| {
                let n = h.own_gpus.to_string();
                let title = t
                    .hybrid_title_row
                    .replace("{n}", &n)
                    .replace("{option}", &h.rent_label);
                let months = r.horizon_months.to_string();
                // What the rent option says about the overflow (a coverage gap, capacity risk…).
                let warnings = warning_items(lang, &h.point.rent_warnings);
                view! {
                    <div class="hybrid-card" data-testid="hybrid-card" role="group" aria-labelledby="h-hybrid">
                        <h3 id="h-hybrid" tabindex="-1">
                            <span class="swatch c9 dashed" aria-hidden="true"></span>
                            <span data-testid="hybrid-title">{title}</span>
                        </h3>
                        <dl>
                            <div>
                                <dt>{t.hybrid_total.replace("{months}", &months)}</dt>
                                <dd data-testid="hybrid-total">{f.money(h.point.total, 0)}</dd>
                            </div>
                            <div>
                                <dt>{t.hybrid_per_hour}</dt>
                                <dd data-testid="hybrid-per-gpu-hour">
                                    {f.money_opt(h.point.cost_per_productive_gpu_hour, 2)}
                                </dd>
                            </div>
                            <div>
                                <dt>{t.hybrid_vs_own}</dt>
                                <dd data-testid="hybrid-savings-own" class:neg=h.savings_against_own < Decimal::ZERO>
                                    {f.money(h.savings_against_own, 0)}
                                </dd>
                            </div>
                            <div>
                                <dt>{t.hybrid_vs_rent.replace("{option}", &h.rent_label)}</dt>
                                <dd data-testid="hybrid-savings-rent" class:neg=h.savings_against_rent < Decimal::ZERO>
                                    {f.money(h.savings_against_rent, 0)}
                                </dd>
                            </div>
                        </dl>
                        <ul class="warnings" data-testid="hybrid-warnings">{warnings}</ul>
                        <button type="button" id="hybrid-remove" on:click=move |_| {
                            ctx.set_hybrid(None);
                            // The keyboard goes back to the results the mix has left.
                            focus_later("h-results".to_owned());
                        }>
                            {t.hybrid_remove}
                        </button>
                    </div>
                }
            });
            let own_warnings = warning_items(lang, &own.costs.warnings);
            let months = r.horizon_months.to_string();
            // The table's monthly figure is the running cost; the chart of cost lines (and the
            // cost lines below) also spread the one-time amounts over the horizon. Own's two
            // figures side by side, so that the difference is explained where it shows.
            let spread: Decimal = own.costs.lines.iter().map(|l| l.monthly).sum();
            let monthly_note = t
                .monthly_note
                .replace("{option}", &own.costs.label)
                .replace("{avg}", &f.money(spread, 0))
                .replace("{running}", &f.money(own.costs.monthly, 0))
                .replace("{once}", &f.money(own.costs.one_time, 0))
                .replace("{n}", &months);
            let mut lines = vec![(own.costs.label.clone(), 0usize, own.costs.lines.clone())];
            for (i, x) in r.rent.iter().enumerate() {
                lines.push((x.costs.label.clone(), i + 1, x.costs.lines.clone()));
            }
            let line_tables = lines
                .into_iter()
                .map(|(label, c, ls)| {
                    let items = ls
                        .into_iter()
                        .map(|l| {
                            // A one-time amount is shown per month like the others (the heading
                            // says so); its note gives the amount itself.
                            let once = l.one_time.then(|| {
                                let note = t
                                    .one_time_spread
                                    .replace("{x}", &f.money(l.total, 0))
                                    .replace("{n}", &months);
                                view! { <span class="once">{format!(" ({note})")}</span> }
                            });
                            view! {
                                <li>
                                    <span>{cost_name(lang, l.kind)}{once}</span>
                                    <span class="amount">{f.money(l.monthly, 0)}</span>
                                </li>
                            }
                        })
                        .collect_view();
                    view! {
                        <div class="lines">
                            <h4><span class=format!("swatch c{c}") aria-hidden="true"></span>{label}</h4>
                            <ul>{items}</ul>
                        </div>
                    }
                })
                .collect_view();
            view! {
                <div class="headline" role="group" aria-label=t.results>
                    <div class="figure">
                        <span class="figure-label">{t.productive_hours}</span>
                        <span class="figure-value" data-testid="result-productive-hours">
                            {format!("{} {}", f.number(load.productive_hours, 1), t.unit_hours)}
                        </span>
                    </div>
                    <div class="figure">
                        <span class="figure-label">{t.productive_share}</span>
                        <span class="figure-value" data-testid="result-productive-share">
                            {f.percent(load.productive_share, 0)}
                        </span>
                    </div>
                    <div class="figure">
                        <span class="figure-label">{t.productive_gpu_hours}</span>
                        <span class="figure-value" data-testid="result-productive-gpu-hours">
                            {f.number(load.productive_gpu_hours, 1)}
                        </span>
                    </div>
                    <div class="figure">
                        <span class="figure-label">{t.own_cost_per_hour}</span>
                        <span class="figure-value" data-testid="result-own-per-gpu-hour">
                            {f.money_opt(own.costs.cost_per_productive_gpu_hour, 2)}
                        </span>
                    </div>
                </div>
                {idle_note(lang, r).map(|text| view! { <p class="idle-note" data-testid="idle-note">{text}</p> })}
                <div class="verdict" data-testid="result-verdict">
                    {verdict(lang, &f, r).into_iter().map(|(id, s)| view! { <p data-testid=id>{s}</p> }).collect_view()}
                    {
                        let lines = range_verdict(lang, &f, r, crate::first::spread::current(ctx).as_deref());
                        (!lines.is_empty()).then(|| view! {
                            <div data-testid="verdict-range">
                                {lines.into_iter().map(|s| view! { <p>{s}</p> }).collect_view()}
                            </div>
                        })
                    }
                </div>
                <div class="table-wrap" tabindex="0" role="region" aria-label=t.results_table>
                    <table class="compare">
                        <thead>
                            <tr>
                                <th scope="col">{t.col_option}</th>
                                <th scope="col">{t.col_gpus}</th>
                                <th scope="col">{t.col_monthly}</th>
                                <th scope="col">{t.col_one_time}</th>
                                <th scope="col">{total_label.clone()}</th>
                                <th scope="col">{stop_label.clone()}</th>
                                <th scope="col">{t.col_per_gpu_hour}</th>
                                <th scope="col">{t.col_break_even}</th>
                                <th scope="col">{t.col_break_even_share}</th>
                                <th scope="col">{t.col_savings}</th>
                            </tr>
                        </thead>
                        <tbody>
                            <tr data-testid="row-own" class="own">
                                <th scope="row">
                                    <span class="swatch c0" aria-hidden="true"></span>
                                    <span data-testid="own-label">{own.costs.label.clone()}</span>
                                </th>
                                <td data-label=t.col_gpus data-testid="own-gpus" class:idle=own_idle>
                                    {format!("{own_billed} ({})", own.gpus)}
                                </td>
                                <td data-label=t.col_monthly data-testid="own-monthly">{f.money(own.costs.monthly, 0)}</td>
                                <td data-label=t.col_one_time data-testid="own-one-time">{f.money(own.costs.one_time, 0)}</td>
                                <td data-label=total_label.clone() data-testid="own-total">{f.money(own.costs.total, 0)}</td>
                                <td data-label=stop_label.clone() data-testid="own-stop">{f.money(own.costs.stop.total, 0)}</td>
                                <td data-label=t.col_per_gpu_hour data-testid="own-per-gpu-hour">
                                    {f.money_opt(own.costs.cost_per_productive_gpu_hour, 2)}
                                </td>
                                <td class="na">"–"</td>
                                <td class="na">"–"</td>
                                <td class="na">"–"</td>
                            </tr>
                            <tr class="warn-row" hidden=own.costs.warnings.is_empty()>
                                <td colspan="10">
                                    <ul class="warnings" data-testid="own-warnings">{own_warnings}</ul>
                                </td>
                            </tr>
                            {rows}
                        </tbody>
                    </table>
                </div>
                <p class="table-note" data-testid="monthly-note">{monthly_note}</p>
                <p class="table-note" hidden=!any_cancels>{t.cancels_note}</p>
                {stop_and_switch_notes(lang, &f, r).into_iter().map(|(id, s)| view! { <p class="table-note" data-testid=id>{s}</p> }).collect_view()}
                <p class="table-note">{t.rounding_note}</p>
                {present_values(lang, &f, &ev.scenario, r)}
                {hybrid}
                <h3>{t.cost_lines}</h3>
                <div class="lines-grid">{line_tables}</div>
            }
            .into_any()
        })
    };
    view! {
        <section class="panel results" aria-labelledby="h-results" aria-live="polite">
            <h2 id="h-results" tabindex="-1">{tr(|t| t.results)}</h2>
            <p class="stale" data-testid="result-check" role="status" hidden=move || check.with(Option::is_none)>
                <span data-testid="result-check-text">{move || check.with(|c| c.as_ref().map(|c| c.0.clone()))}</span>
                {move || check.with(|c| c.as_ref().map(|c| c.1.clone())).map(|id| view! {
                    " "
                    <button class="link" type="button" data-testid="result-check-go"
                        on:click=move |_| crate::first::focus_later(id.clone())>
                        {tr(|t| t.go_to_field)}
                    </button>
                })}
            </p>
            <p class="stale" data-testid="result-stale" role="alert" hidden=move || stale.with(Option::is_none)>
                <span data-testid="result-stale-text">{move || stale.with(|s| s.as_ref().map(|s| s.0.clone()))}</span>
                {move || stale.with(|s| s.as_ref().and_then(|s| s.1.clone())).map(|id| view! {
                    " "
                    <button class="link" type="button" data-testid="result-stale-go"
                        on:click=move |_| focus_later(id.clone())>
                        {tr(|t| t.go_to_field)}
                    </button>
                })}
            </p>
            {body}
        </section>
    }
}

/// With a discount rate: the same comparison on present values (NPV of each option's costs, the
/// levelized cost per productive GPU-hour, the break-even month and the savings in present
/// value). Nothing without discounting.
fn present_values(
    lang: Lang,
    f: &Fmt,
    scenario: &gpu_tco_core::Scenario,
    r: &Report,
) -> Option<AnyView> {
    let t = lang.t();
    let own_npv = r.own.costs.npv?;
    let title = t.pv_title.replace(
        "{rate}",
        &f.number(scenario.finance.discount_rate_percent, 2),
    );
    let rows = r
        .rent
        .iter()
        .enumerate()
        .map(|(i, x)| {
            view! {
                <tr data-testid=format!("pv-row-rent-{i}")>
                    <th scope="row">
                        <span class=format!("swatch c{}", i + 1) aria-hidden="true"></span>
                        {format!("{} {}", i + 1, x.costs.label)}
                    </th>
                    <td data-label=t.pv_col_total data-testid=format!("pv-rent-{i}-total")>{f.money_opt(x.costs.npv, 0)}</td>
                    <td data-label=t.pv_col_per data-testid=format!("pv-rent-{i}-per-gpu-hour")>
                        {f.money_opt(x.costs.levelized_cost_per_productive_gpu_hour, 2)}
                    </td>
                    <td data-label=t.col_break_even data-testid=format!("pv-rent-{i}-break-even")>
                        {month_text(lang, x.discounted_break_even_month)}
                    </td>
                    <td data-label=t.col_savings data-testid=format!("pv-rent-{i}-savings")>
                        {f.money_opt(x.discounted_savings_with_own, 0)}
                    </td>
                </tr>
            }
        })
        .collect_view();
    Some(
        view! {
            <h3 data-testid="pv-title">{title.clone()}</h3>
            <div class="table-wrap" tabindex="0" role="region" aria-label=title>
                <table class="compare" data-testid="pv-table">
                    <thead>
                        <tr>
                            <th scope="col">{t.col_option}</th>
                            <th scope="col">{t.pv_col_total}</th>
                            <th scope="col">{t.pv_col_per}</th>
                            <th scope="col">{t.col_break_even}</th>
                            <th scope="col">{t.col_savings}</th>
                        </tr>
                    </thead>
                    <tbody>
                        <tr data-testid="pv-row-own" class="own">
                            <th scope="row">
                                <span class="swatch c0" aria-hidden="true"></span>
                                {r.own.costs.label.clone()}
                            </th>
                            <td data-label=t.pv_col_total data-testid="pv-own-total">{f.money(own_npv, 0)}</td>
                            <td data-label=t.pv_col_per data-testid="pv-own-per-gpu-hour">
                                {f.money_opt(r.own.costs.levelized_cost_per_productive_gpu_hour, 2)}
                            </td>
                            <td class="na">"–"</td>
                            <td class="na">"–"</td>
                        </tr>
                        {rows}
                    </tbody>
                </table>
            </div>
            <p class="table-note">{t.pv_note}</p>
        }
        .into_any(),
    )
}

/// The verdict's two answers, each in one short sentence (`live-held`, `live-risk`): what the
/// result line and a phone's answer at the top say.
fn answer_lines(ctx: Ctx) -> Vec<(&'static str, String)> {
    let lang = ctx.lang.get();
    let t = lang.t();
    ctx.shown.with(|shown| {
        let Some(ev) = shown else {
            return Vec::new();
        };
        let r = &ev.report;
        let f = fmt_for(lang, r);
        let answers = [
            ("live-held", t.live_held, &r.answers.holds_capacity),
            ("live-risk", t.live_risk, &r.answers.accepts_risk),
        ];
        answers
            .into_iter()
            .filter_map(|(id, class, a)| {
                let a = a.as_ref()?;
                let option = if a.alternative {
                    t.its_other_plan.replace("{option}", &a.label)
                } else {
                    a.label.clone()
                };
                let template = if a.savings_with_own >= Decimal::ZERO {
                    t.live_own
                } else {
                    t.live_rent
                };
                let text = template
                    .replace("{class}", class)
                    .replace("{when}", &month_text(lang, a.break_even_month))
                    .replace("{option}", &option)
                    .replace("{x}", &f.money(a.savings_with_own.abs(), 0))
                    .replace("{n}", &r.horizon_months.to_string());
                Some((id, text))
            })
            .collect()
    })
}

/// A phone's answer at the top of the page (its inputs come first, the results some screens
/// below): the verdict's two sentences and the way down to the results and charts. Hidden in a
/// wide window, where the results are beside the inputs.
#[component]
pub fn AnswerAtTop() -> impl IntoView {
    let ctx = Ctx::get();
    let lines = move || {
        if !ctx.phone.get() {
            return Vec::new();
        }
        answer_lines(ctx)
    };
    view! {
        <section class="answer-top" data-testid="answer-top" aria-labelledby="h-answer-top">
            <h2 id="h-answer-top" class="visually-hidden">{tr(|t| t.answer_top)}</h2>
            {move || {
                lines()
                    .into_iter()
                    .map(|(id, text)| {
                        view! { <p data-testid=id.replacen("live-", "top-", 1)>{text}</p> }
                    })
                    .collect_view()
            }}
            <button type="button" class="link" id="to-results"
                on:click=move |_| focus_later("h-results".to_owned())>
                {tr(|t| t.to_results)}
            </button>
        </section>
    }
}

/// The compact result line a phone keeps in view while an input has the focus or a slider is
/// dragged (the results are far below the inputs there): the verdict's two answers (holding
/// capacity, accepting the risk), each with its break-even month and savings. The stylesheet
/// shows it while the inputs hold the focus (`:focus-within`) or a slider is dragged.
#[component]
pub fn LiveResult(
    /// Whether a slider is being dragged.
    dragging: Signal<bool>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let lines = move || {
        // Wider, the line shows only while the verdict is out of view: else nothing to compute.
        if !ctx.phone.get() && !ctx.verdict_away.get() {
            return Vec::new();
        }
        answer_lines(ctx)
    };
    view! {
        <div class="live-result" data-testid="live-result" class:dragging=move || dragging.get()>
            {move || {
                lines()
                    .into_iter()
                    .map(|(id, text)| view! { <p data-testid=id>{text}</p> })
                    .collect_view()
            }}
        </div>
    }
}
