//! Headline figures, the verdict, the comparison table and the cost lines.

use gpu_tco_core::{Answer, BreakEvenShare, Capacity, RentReport, Report, Warning};

use crate::fmt::NONE;
use leptos::prelude::*;

use crate::first::{focus_later, tr};
use rust_decimal::Decimal;

use crate::fmt::Fmt;
use crate::i18n::{Lang, cost_name, error_message, plan_text, plan_why, warning_message};
use crate::state::{Ctx, Evaluated};

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
        Some(n) => t.month_n().replace("{n}", &n.to_string()),
        None => t.never().to_owned(),
    }
}

/// A break-even month as [`month_text`] gives it, or, when it is the horizon only by the
/// servers' sale then (`by_sale`, the core's `break_even_by_sale`), saying so: "month 36 (only
/// by selling the servers then)" (the month moved with the horizon chosen).
pub fn payback_text(lang: Lang, m: Option<u32>, by_sale: bool) -> String {
    match m {
        Some(n) if by_sale => lang.t().month_sale().replace("{n}", &n.to_string()),
        _ => month_text(lang, m),
    }
}

/// The yearly price change `a`'s offer assumes, where it has one (not 0 %).
fn price_change(ev: &Evaluated, a: &Answer) -> Option<Decimal> {
    ev.scenario
        .rent
        .get(a.rent_index)
        .map(|o| o.extras.yearly_price_change_percent)
        .filter(|c| !c.is_zero())
}

/// `a`'s offer as a short answer names it: quoted, and where the answer is the offer's other
/// plan, which plan that is by what it does (`held`: the answer that holds capacity, so the plan
/// that holds every instance; else the one that stops instances). The verdict's sentence gives
/// the plan's figures; a short answer has no room for them, and "its other plan" alone told a
/// visitor nothing.
fn answer_option(lang: Lang, a: &Answer, held: bool) -> String {
    let name = quoted(lang, &a.label);
    if a.alternative {
        let t = lang.t();
        if held {
            t.its_held_plan()
        } else {
            t.its_risk_plan()
        }
        .replace("{option}", &name)
    } else {
        name
    }
}

/// An option's name in quotation marks, as the verdict's sentences name it: a name with a
/// comma ("Bare-metal 8-GPU server, monthly") would otherwise run into the sentence and read as
/// part of it ("…, monthly is cheaper by €276,103" as a monthly figure).
pub fn quoted(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En => format!("\u{201c}{name}\u{201d}"),
        Lang::De => format!("\u{201e}{name}\u{201c}"),
    }
}

/// Break-even share as text.
pub fn share_text(lang: Lang, f: &Fmt, s: &Option<BreakEvenShare>) -> String {
    let t = lang.t();
    match s {
        Some(BreakEvenShare::At { share }) => f.percent(*share, 1),
        Some(BreakEvenShare::OwnCheaperAtAnyShare { share_cancels_out }) => {
            if *share_cancels_out {
                format!("{}*", t.own_cheaper_any())
            } else {
                t.own_cheaper_any().to_owned()
            }
        }
        Some(BreakEvenShare::RentCheaperAtAnyShare { share_cancels_out }) => {
            if *share_cancels_out {
                format!("{}*", t.rent_cheaper_any())
            } else {
                t.rent_cheaper_any().to_owned()
            }
        }
        None => NONE.to_owned(),
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
/// the answers name (holding capacity, accepting the risk; once if both name the same). The
/// spread prices each option as its row does: an answer that is an option's other plan gets no
/// band, and a sentence says so.
fn range_verdict(
    lang: Lang,
    f: &Fmt,
    ev: &Evaluated,
    spread: Option<&gpu_tco_core::ranges::Spread>,
) -> Vec<String> {
    let t = lang.t();
    let Some(spread) = spread else {
        return Vec::new();
    };
    let r = &ev.report;
    let answers: Vec<&Answer> = [&r.answers.holds_capacity, &r.answers.accepts_risk]
        .into_iter()
        .flatten()
        .collect();
    let mut named: Vec<usize> = answers
        .iter()
        .filter(|a| !a.alternative)
        .map(|a| a.rent_index)
        .collect();
    if answers.is_empty() {
        named.extend(r.cheapest_rent().map(|(i, _)| i));
    }
    named.dedup();
    let mut out: Vec<String> = named
        .into_iter()
        .filter_map(|i| Some((i, spread.rent.get(i)?, r.rent.get(i)?)))
        .map(|(i, x, point)| {
            let q = &x.savings_with_own;
            // The figure above outside its own P10–P90: say why, or the two read as a
            // contradiction.
            let outside = (!q.holds(point.savings_with_own))
                .then(|| point_outside(lang, f, ev, spread, i, point.savings_with_own, q.p90));
            // Discounted, the sentence says it is as paid and one in present value follows:
            // the figures as paid alone would overstate what owning saves today.
            let pv = x.discounted_savings_with_own.as_ref();
            let template = if pv.is_some() {
                t.verdict_range_paid()
            } else {
                t.verdict_range()
            };
            let mut sentence = range_sentence(
                lang,
                f,
                template.replace("{option}", &quoted(lang, &x.costs.label)),
                x.verdict,
                x.break_even_month,
                q,
            );
            if let Some(why) = &outside {
                sentence = format!("{sentence} {why}");
            }
            if let Some(d) = pv {
                let rate = rate_text(lang, f, &ev.scenario);
                sentence = format!(
                    "{sentence} {}",
                    range_sentence(
                        lang,
                        f,
                        t.verdict_range_pv().replace("{rate}", &rate),
                        d.verdict,
                        d.break_even_month,
                        &d.savings,
                    )
                );
                // The point's present value outside its P10–P90: for the same reason as the
                // figure as paid when that is outside on the same side, else said in full.
                if let Some(saving) = point
                    .discounted_savings_with_own
                    .filter(|v| !d.savings.holds(*v))
                {
                    let same_side = (saving > d.savings.p90) == (point.savings_with_own > q.p90);
                    let why = if outside.is_some() && same_side {
                        t.range_pv_point_outside_too()
                            .replace("{point}", &f.money(saving, 0))
                    } else {
                        point_outside(lang, f, ev, spread, i, saving, d.savings.p90)
                    };
                    sentence = format!("{sentence} {why}");
                }
            }
            sentence
        })
        .collect();
    for a in answers.iter().filter(|a| a.alternative) {
        out.push(t.range_no_alternative().replace("{option}", &a.label));
    }
    out.dedup();
    out
}

/// One sentence over the ranges from `template` (its option already filled in): the verdict,
/// the break-even months' P10–P90 and the savings' P10 / P50 / P90.
fn range_sentence(
    lang: Lang,
    f: &Fmt,
    template: String,
    verdict: gpu_tco_core::ranges::Verdict,
    months: gpu_tco_core::ranges::MonthQuantiles,
    q: &gpu_tco_core::ranges::Quantiles,
) -> String {
    let t = lang.t();
    template
        .replace("{verdict}", &crate::first::spread::verdict_text(t, verdict))
        .replace(
            "{months}",
            &crate::first::spread::months_text(lang, months.p10, months.p90),
        )
        .replace(
            "{savings}",
            &t.range_p()
                .replace("{p10}", &f.money(q.p10, 0))
                .replace("{p50}", &f.money(q.p50, 0))
                .replace("{p90}", &f.money(q.p90, 0)),
        )
}

/// A percentage as the page writes one: `8%`, `8 %`.
pub(crate) fn percent_text(lang: Lang, f: &Fmt, v: Decimal) -> String {
    let text = f.number_text(&v.normalize().to_string());
    match lang {
        Lang::En => format!("{text}%"),
        Lang::De => format!("{text} %"),
    }
}

/// The discount rate the spread's present values are at: the range's on the discount rate,
/// where the scenario has one, else the scenario's.
pub fn rate_text(lang: Lang, f: &Fmt, s: &gpu_tco_core::Scenario) -> String {
    use gpu_tco_core::ranges::RangeInput;
    match s.ranges.inputs.get(&RangeInput::DiscountRate) {
        Some(r) if !r.is_point() => lang
            .t()
            .range_rate_span()
            .replace("{low}", &percent_text(lang, f, r.low))
            .replace("{high}", &percent_text(lang, f, r.high)),
        Some(r) => percent_text(lang, f, r.low),
        None => percent_text(lang, f, s.finance.discount_rate_percent),
    }
}

/// Why rent option `i`'s savings `saving` lie outside its P10–P90 (`p90` its P90): the inputs
/// the scenario sets at the end of their ranges that favours the side the figure lies on (above
/// the P90, owning), or in general words when none is.
fn point_outside(
    lang: Lang,
    f: &Fmt,
    ev: &Evaluated,
    spread: &gpu_tco_core::ranges::Spread,
    i: usize,
    saving: Decimal,
    p90: Decimal,
) -> String {
    use gpu_tco_core::ranges::{Favours, RangeInput};
    let t = lang.t();
    let point = f.money(saving, 0);
    let above = saving > p90;
    let side = if above { Favours::Own } else { Favours::Rent };
    let inputs: Vec<String> = spread
        .leaning
        .iter()
        .filter(|l| l.favours == side && l.input.rent_index().is_none_or(|k| k == i))
        .map(|l| {
            let percent = matches!(
                l.input,
                RangeInput::HardwareSupport
                    | RangeInput::ResidualValue
                    | RangeInput::DiscountRate
                    | RangeInput::CloudPriceChange(_)
            );
            let n = |v: Decimal| {
                if percent {
                    percent_text(lang, f, v)
                } else {
                    f.number_text(&v.normalize().to_string())
                }
            };
            t.range_leaning_input()
                .replace(
                    "{name}",
                    &crate::first::spread::input_label(t, l.input, &ev.scenario),
                )
                .replace("{value}", &n(l.value))
                .replace("{low}", &n(l.range.low))
                .replace("{high}", &n(l.range.high))
        })
        .collect();
    if inputs.is_empty() {
        return t.range_point_outside().replace("{point}", &point);
    }
    let template = if above {
        t.range_point_leans_own()
    } else {
        t.range_point_leans_rent()
    };
    template
        .replace("{point}", &point)
        .replace("{inputs}", &inputs.join("; "))
}

/// The verdict's sentences in `lang` (for a summary outside the results: an offer's message),
/// without its notes ([`is_note`]), which point to the page's panels.
pub fn verdict_sentences(lang: Lang, r: &Report) -> Vec<String> {
    let f = fmt_for(lang, r);
    verdict(lang, &f, r)
        .into_iter()
        .filter(|(id, _)| !is_note(id))
        .map(|(_, s)| s)
        .collect()
}

/// Two shares as percentages with one decimal, or with as many more (up to three) as it takes
/// to tell them apart where they differ: a break-even share of 65.84 % beside today's 65.75 %
/// read "65.8% (today: 65.8%)" under a verdict that owning is €85 dearer.
fn percents_apart(f: &Fmt, a: Decimal, b: Decimal) -> (String, String) {
    let mut digits = 1;
    loop {
        let (x, y) = (f.percent(a, digits), f.percent(b, digits));
        if x != y || a == b || digits >= 3 {
            return (x, y);
        }
        digits += 1;
    }
}

/// Whether the verdict's sentence `id` is a note to the answers rather than an answer: where a
/// price comes from (`…-basis`), that the totals are not discounted, how far the load's pattern
/// reaches. Notes are muted on the page and left out of the printout (which lists the prices
/// and the rate) and of an offer's message.
fn is_note(id: &str) -> bool {
    id.ends_with("-basis") || matches!(id, "verdict-nominal" | "verdict-share-most")
}

/// The verdict, sentence by sentence, each with its test id: the two answers of the rent side
/// (holding capacity, accepting the capacity risk), then the present value and the share.
fn verdict(lang: Lang, f: &Fmt, r: &Report) -> Vec<(&'static str, String)> {
    let t = lang.t();
    let n = r.horizon_months.to_string();
    let mut out = Vec::new();
    let Some((_, cheapest)) = r.cheapest_rent() else {
        out.push(("verdict-no-rent", t.verdict_no_rent().to_owned()));
        return out;
    };
    // No GPU busy at any hour: every rent option costs nothing and any server only costs, so
    // naming the cheaper side would answer a question nobody asked.
    if r.load.peak_gpus == 0 {
        out.push(("verdict-no-load", t.verdict_no_load().to_owned()));
        return out;
    }
    // One rent option alone has no cheapest to name.
    let one = r.rent.len() == 1;
    let answer = |a: &Answer, lead: &str, own: &'static str, rent: &'static str| {
        let lead = if one { t.lead_one() } else { lead };
        // An option's other plan says which it is (its row shows the plan it bills).
        let name = quoted(lang, &a.label);
        let option = if let (true, Some(plan)) = (a.alternative, &a.plan) {
            t.its_other_plan_is()
                .replace("{option}", &name)
                .replace("{plan}", &plan_text(lang, plan))
        } else if a.alternative {
            t.its_other_plan().replace("{option}", &name)
        } else {
            name
        };
        let text = if a.savings_with_own >= Decimal::ZERO {
            own.replace(
                "{when}",
                &payback_text(lang, a.break_even_month, a.break_even_by_sale),
            )
        } else {
            rent.to_owned()
        };
        text.replace("{lead}", lead)
            .replace("{option}", &option)
            .replace("{x}", &f.money(a.total, 0))
            .replace("{n}", &n)
            .replace("{y}", &f.money(a.savings_with_own.abs(), 0))
    };
    out.push((
        "verdict-held",
        match &r.answers.holds_capacity {
            Some(a) => answer(
                a,
                t.lead_held(),
                t.verdict_held_own(),
                t.verdict_held_rent(),
            ),
            None => t.verdict_no_held().to_owned(),
        },
    ));
    out.push((
        "verdict-risk",
        match &r.answers.accepts_risk {
            // Dearer than holding capacity: renting at risk gains nothing, and naming it as an
            // answer would point to the worse way.
            Some(a) if !r.answers.risk_pays() => t
                .verdict_risk_dearer()
                .replace("{option}", &quoted(lang, &a.label))
                .replace("{x}", &f.money(a.total, 0))
                .replace("{n}", &r.horizon_months.to_string()),
            Some(a) => answer(
                a,
                t.lead_risk(),
                t.verdict_risk_own(),
                t.verdict_risk_rent(),
            ),
            None => t.verdict_no_risk().to_owned(),
        },
    ));
    // Discounted: each answer in present value as well (an option's other plan too: holding
    // capacity on Nebius's per-GPU offer had none; the cheapest row's without answers).
    let pv = |class: &str,
              label: &str,
              saves: Decimal,
              when: (Option<u32>, bool),
              own: &str,
              rent: &str| {
        let text = if saves >= Decimal::ZERO {
            own.replace("{x}", &f.money(saves, 0))
                .replace("{when}", &payback_text(lang, when.0, when.1))
        } else {
            rent.replace("{x}", &f.money(-saves, 0))
        };
        text.replace("{class}", class)
            .replace("{option}", &quoted(lang, label))
            .replace("{rate}", &percent_text(lang, f, r.discount_rate_percent))
    };
    let answered = [
        (
            "verdict-pv",
            t.live_held(),
            r.answers.holds_capacity.as_ref(),
        ),
        (
            "verdict-pv-risk",
            t.live_risk(),
            r.answers
                .accepts_risk
                .as_ref()
                .filter(|_| r.answers.risk_pays()),
        ),
    ];
    let before = out.len();
    // An answer the discount rate turns (as paid owning is cheaper, in present value renting, or
    // the other way round) is said first: its two sentences would otherwise read as one answer
    // contradicting itself.
    let mut turned = None;
    for (id, class, a) in answered {
        let Some((a, saves)) = a.and_then(|a| Some((a, a.discounted_savings_with_own?))) else {
            continue;
        };
        out.push((
            id,
            pv(
                class,
                &a.label,
                saves,
                (
                    a.discounted_break_even_month,
                    a.discounted_break_even_by_sale,
                ),
                t.verdict_pv_class_own(),
                t.verdict_pv_class_rent(),
            ),
        ));
        let paid_own = a.savings_with_own >= Decimal::ZERO;
        if turned.is_none() && paid_own != (saves >= Decimal::ZERO) {
            let template = if paid_own {
                t.verdict_turns_rent()
            } else {
                t.verdict_turns_own()
            };
            turned = Some(
                template
                    .replace("{class}", class)
                    .replace("{option}", &quoted(lang, &a.label))
                    .replace("{y}", &f.money(a.savings_with_own.abs(), 0))
                    .replace("{x}", &f.money(saves.abs(), 0))
                    .replace(
                        "{when}",
                        &payback_text(
                            lang,
                            a.discounted_break_even_month,
                            a.discounted_break_even_by_sale,
                        ),
                    )
                    .replace("{rate}", &percent_text(lang, f, r.discount_rate_percent)),
            );
        }
    }
    if out.len() == before
        && let Some(saves) = cheapest.discounted_savings_with_own
    {
        out.push((
            "verdict-pv",
            pv(
                "",
                &cheapest.costs.label,
                saves,
                (
                    cheapest.discounted_break_even_month,
                    cheapest.discounted_break_even_by_sale,
                ),
                t.verdict_pv_own(),
                t.verdict_pv_rent(),
            ),
        ));
    }
    if r.discount_rate_percent.is_zero() {
        // Without a discount rate the totals weigh a server paid up front the same as rent paid
        // years later: the answer says so where it is given, and where to weigh them.
        out.push(("verdict-nominal", t.verdict_nominal().to_owned()));
    }
    if let Some(text) = turned {
        out.insert(0, ("verdict-turns", text));
    }
    if let Some(BreakEvenShare::At { share }) = &cheapest.break_even_share {
        let shares = percents_apart(f, *share, r.load.productive_share);
        out.push((
            "verdict-share",
            if cheapest.discounted_savings_with_own.is_some() {
                t.verdict_share_paid()
            } else {
                t.verdict_share()
            }
            .replace("{option}", &quoted(lang, &cheapest.costs.label))
            .replace("{share}", &shares.0)
            .replace("{today}", &shares.1),
        ));
        // The share scales the busy days: past every day of the month it is out of reach (94.1 %
        // for a pattern of 16 hours a day, whose most is 66.7 %).
        if r.load.beyond_reach(*share) {
            out.push((
                "verdict-share-reach",
                t.verdict_share_reach()
                    .replace("{max}", &f.percent(r.load.max_productive_share, 1)),
            ));
        } else {
            // Within reach, how far: the worked example's 65.8 % against its pattern's 66.7 %
            // (every day of the month busy) read as comfortably reachable.
            out.push((
                "verdict-share-most",
                t.verdict_share_most()
                    .replace("{max}", &f.percent(r.load.max_productive_share, 1)),
            ));
        }
    }
    out
}

/// What an option's row says besides its warnings: the plan it bills and why, and a
/// `cheapest_plan` offer's other plan.
fn plan_items(lang: Lang, f: &Fmt, r: &Report, x: &RentReport) -> Vec<(String, String)> {
    let t = lang.t();
    let n = r.horizon_months;
    let mut out = Vec::new();
    if let Some(p) = &x.plan {
        let mut text = format!("{}: {}.", t.plan_label(), plan_text(lang, p));
        if let Some(why) = plan_why(lang, p) {
            text.push(' ');
            text.push_str(&why);
        }
        out.push(("plan".to_owned(), text));
    }
    // The break-even share is that of another plan (a savings plan that commits nothing there
    // and stops its instances): say which, or the share reads as the row's own.
    // (Neither note for an option that does not cover the load: its row shows no share.)
    let covers = x.capacity != Capacity::NotCovered;
    if let (true, Some(p), Some(BreakEvenShare::At { share })) =
        (covers, &x.break_even_plan, &x.break_even_share)
    {
        out.push((
            "break-even-plan".to_owned(),
            t.break_even_plan()
                .replace("{share}", &f.percent(*share, 1))
                .replace("{plan}", &plan_text(lang, p))
                .replace("{capacity}", capacity_tag(lang, p.capacity)),
        ));
    }
    // A share past every day of the month is out of this load pattern's reach: the cell is
    // marked ‡ and this says why (the verdict's own sentence names only the cheapest's).
    if let Some(BreakEvenShare::At { share }) = &x.break_even_share
        && covers
        && r.load.beyond_reach(*share)
    {
        out.push((
            "share-reach".to_owned(),
            t.share_reach_row()
                .replace("{share}", &f.percent(*share, 1))
                .replace("{max}", &f.percent(r.load.max_productive_share, 1)),
        ));
    }
    if let Some(a) = &x.alternative {
        out.push(("alternative".to_owned(), alternative_text(lang, f, n, a)));
    }
    out
}

/// "Running cost per month (average)": a card's label, where no table head says it.
fn monthly_average_label(t: &crate::i18n::Texts) -> String {
    format!("{}{}", t.col_monthly(), t.col_monthly_average())
}

/// What a cheapest-plan offer's plan of the other capacity class would cost ("Holding capacity
/// instead (…): €… over 60 months.").
fn alternative_text(lang: Lang, f: &Fmt, n: u32, a: &gpu_tco_core::Alternative) -> String {
    let t = lang.t();
    match a.plan.capacity {
        Capacity::Held => t.alt_held(),
        _ => t.alt_risk(),
    }
    .replace("{plan}", &plan_text(lang, &a.plan))
    .replace("{x}", &f.money(a.total, 0))
    .replace("{n}", &n.to_string())
}

/// Which options bill more GPUs than the load needs, own's servers among them, in one sentence
/// (the embed, which has no table, shows it); `None` when none does.
fn idle_note(lang: Lang, ev: &Evaluated) -> Option<String> {
    let t = lang.t();
    let r = &ev.report;
    let item = |label: &str, billed: u32, needed: u32| {
        t.idle_item()
            .replace("{option}", &quoted(lang, label))
            .replace("{billed}", &billed.to_string())
            .replace("{idle}", &(billed - needed).to_string())
    };
    let own_billed = own_held_gpus(ev);
    let own = (own_billed > r.own.gpus).then(|| item(&r.own.costs.label, own_billed, r.own.gpus));
    let idle: Vec<String> = own
        .into_iter()
        .chain(
            r.rent
                .iter()
                .filter(|x| x.billed_gpus > x.needed_gpus)
                .map(|x| item(&x.costs.label, x.billed_gpus, x.needed_gpus)),
        )
        .collect();
    let needed = r.load.peak_gpus;
    // With no load every billed GPU is idle; the verdict says so instead.
    (!idle.is_empty() && needed > 0).then(|| {
        t.idle_note()
            .replace("{needed}", &crate::fmt::gpus_text(needed))
            .replace("{list}", &idle.join("; "))
    })
}

/// For each option an answer of the verdict names with its other plan, what its table row says
/// of its plans: "`label`: the plan it bills (its line on the chart). The other plan's total."
fn other_plans(lang: Lang, f: &Fmt, r: &Report) -> Vec<String> {
    let mut named: Vec<usize> = [&r.answers.holds_capacity, &r.answers.accepts_risk]
        .into_iter()
        .flatten()
        .filter(|a| a.alternative)
        .map(|a| a.rent_index)
        .collect();
    named.dedup();
    named
        .into_iter()
        .filter_map(|i| r.rent.get(i))
        .map(|x| {
            // Its plans only: a share out of reach is the table's note (its cell's ‡).
            let items: Vec<String> = plan_items(lang, f, r, x)
                .into_iter()
                .filter(|(key, _)| key != "share-reach")
                .map(|(_, text)| text)
                .collect();
            format!("{}: {}", x.costs.label, items.join(" "))
        })
        .collect()
}

/// The capacity class of an option, as a short tag.
fn capacity_tag(lang: Lang, c: Capacity) -> &'static str {
    let t = lang.t();
    match c {
        Capacity::Held => t.capacity_held(),
        Capacity::AtRisk => t.capacity_risk(),
        Capacity::NotCovered => t.capacity_gap(),
    }
}

/// The GPUs own holds in whole servers, a spare server's included (bought and idle too).
fn own_held_gpus(ev: &Evaluated) -> u32 {
    ev.report.own.held_gpus(ev.scenario.own.gpus_per_server)
}

/// The notes under the table: what stopping at the horizon counts, that own has no spare
/// server (while an option holds capacity; with `monthly`, an option rented by the server-month,
/// that such a server has none either), and the switch away from the option the load runs on
/// today.
fn table_notes(lang: Lang, f: &Fmt, r: &Report, monthly: bool) -> Vec<(&'static str, String)> {
    let t = lang.t();
    let exit = if r.rent.iter().any(|x| x.costs.stop.exit_free_under_data_act) {
        t.exit_free()
    } else {
        t.exit_charged()
    };
    let mut out = vec![(
        "stop-note",
        t.stop_note()
            .replace("{n}", &r.horizon_months.to_string())
            .replace("{exit}", exit),
    )];
    // Holding capacity on both sides is not the same thing while own has no spare server;
    // with one, a bare-metal server rented by the month has none.
    if r.own.servers > 0 && r.answers.holds_capacity.is_some() {
        let (template, bare) = if r.own.spare_servers == 0 {
            (t.spare_note(), t.spare_bare_same())
        } else {
            (t.spare_note_priced(), t.spare_bare_priced())
        };
        let count = |n: u32, one, many| crate::fmt::count(lang, n, one, many);
        out.push((
            "spare-note",
            template
                .replace(
                    "{servers}",
                    &count(r.own.servers, t.n_server_one(), t.n_server_many()),
                )
                .replace(
                    "{spares}",
                    &count(r.own.spare_servers, t.n_spare_one(), t.n_spare_many()),
                )
                .replace("{bare}", if monthly { bare } else { "" }),
        ));
    }
    if let Some(sw) = &r.switching {
        let option = r
            .rent
            .get(sw.from_rent)
            .map(|x| x.costs.label.clone())
            .unwrap_or_default();
        let template = if sw.free_under_data_act {
            t.switch_free()
        } else {
            t.switch_charged()
        };
        out.push((
            "switch-note",
            template
                .replace("{option}", &option)
                .replace("{x}", &f.money(sw.at_tiers, 0))
                .replace("{gb}", &f.number(sw.data_gb, 0)),
        ));
    }
    // The printout's one line for the † marks and one for the ‡ marks (the rows' notes, which
    // say it on screen with each share, are not printed: they would take a report onto a
    // third page).
    // (Only for shares the table shows: an option that does not cover the load shows none.)
    let shown = |x: &&RentReport| x.capacity != Capacity::NotCovered;
    if r.rent.iter().filter(shown).any(|x| {
        x.break_even_plan.is_some()
            && matches!(&x.break_even_share, Some(BreakEvenShare::At { .. }))
    }) {
        out.push(("plan-mark-note", t.plan_mark_note().to_owned()));
    }
    if r.rent.iter().filter(shown).any(|x| {
        matches!(&x.break_even_share, Some(BreakEvenShare::At { share })
            if r.load.beyond_reach(*share))
    }) {
        out.push((
            "reach-note",
            t.reach_note()
                .replace("{max}", &f.percent(r.load.max_productive_share, 1)),
        ));
    }
    out
}

/// An option's figures in the results table, as text.
#[derive(Debug, Clone, PartialEq, Default)]
struct Cells {
    label: String,
    gpus: String,
    monthly: String,
    one_time: String,
    total: String,
    stop: String,
    per_hour: String,
    /// It bills more GPUs than the load needs.
    idle: bool,
}

impl Cells {
    /// An option's costs as text, with the GPUs it bills and those the load needs.
    fn new(f: &Fmt, costs: &gpu_tco_core::Costs, billed: u32, needed: u32) -> Cells {
        Cells {
            label: costs.label.clone(),
            gpus: format!("{billed} ({needed})"),
            monthly: f.money(costs.monthly, 0),
            one_time: f.money(costs.one_time, 0),
            total: f.money(costs.total, 0),
            stop: f.money(costs.stop.total, 0),
            per_hour: f.money_opt(costs.cost_per_productive_gpu_hour, 2),
            idle: billed > needed,
        }
    }
}

/// A rent option's row: its figures, its answers and what it says besides.
#[derive(Debug, Clone, PartialEq)]
struct RentTexts {
    cells: Cells,
    capacity: String,
    capacity_class: &'static str,
    break_even: String,
    break_even_share: String,
    savings: String,
    negative: bool,
    /// (test id, text) of the plan it bills and its other plan.
    plans: Vec<(String, String)>,
    warnings: Vec<String>,
}

/// One option's cost lines.
#[derive(Debug, Clone, PartialEq)]
struct LineTexts {
    label: String,
    colour: usize,
    items: Vec<LineItem>,
}

/// A cost line: its name, the one-time amount's note, the amount per month.
#[derive(Debug, Clone, PartialEq)]
struct LineItem {
    name: String,
    once: Option<String>,
    amount: String,
}

/// What the top of the results writes, as text (what [`SummaryShape`] lays out): the headline
/// figures, the verdict and how sure it is; the page and the embed show it.
#[derive(Debug, Clone, PartialEq)]
struct Summary {
    lang: Lang,
    /// Productive hours, share, GPU-hours, own cost per GPU-hour.
    headline: Vec<String>,
    /// Which options bill idle GPUs (the embed, which has no table, says it here).
    idle_note: Option<String>,
    verdict: Vec<(&'static str, String)>,
    range: Vec<String>,
    /// What the plans of an option the verdict names "with its other plan" are (the embed says
    /// here what the page's table row says: the plan its line bills, and the other one's total).
    plans: Vec<String>,
}

/// What the summary's elements are, without their texts: they are built again only when this
/// changes (another language, another sentence of the verdict), not on every input step.
#[derive(Debug, Clone, PartialEq)]
struct SummaryShape {
    lang: Lang,
    idle_note: bool,
    verdict: Vec<&'static str>,
    range: usize,
    plans: usize,
}

/// What the results table, its notes and the cost lines write, as text (what [`TableShape`]
/// lays out): the full page's alone.
#[derive(Debug, Clone, PartialEq)]
struct Table {
    lang: Lang,
    total_label: String,
    stop_label: String,
    own: Cells,
    own_warnings: Vec<String>,
    rent: Vec<RentTexts>,
    monthly_note: String,
    any_cancels: bool,
    notes: Vec<(&'static str, String)>,
    lines: Vec<LineTexts>,
}

/// What the table's elements are, without their texts: the table is built again only when this
/// changes (another language, option, warning, note), not on every input step.
#[derive(Debug, Clone, PartialEq)]
struct TableShape {
    lang: Lang,
    total_label: String,
    stop_label: String,
    own_warnings: usize,
    rent: Vec<RowShape>,
    any_cancels: bool,
    notes: Vec<&'static str>,
    /// Per option: its colour and, per cost line, whether it has a one-time note.
    lines: Vec<(usize, Vec<bool>)>,
}

/// A rent option's row without its texts.
#[derive(Debug, Clone, PartialEq)]
struct RowShape {
    plans: Vec<String>,
    warnings: usize,
    has_warnings: bool,
    capacity: &'static str,
}

/// What the embed's summary adds, as the page's table would say it: the idle note and the
/// plans of an option the verdict names with its other plan. A function the embed passes, so
/// that the page's module carries none of it.
type Extra = fn(Lang, &Fmt, &Evaluated) -> (Option<String>, Vec<String>);

/// The embed's [`Extra`].
fn compact_extra(lang: Lang, f: &Fmt, ev: &Evaluated) -> (Option<String>, Vec<String>) {
    (idle_note(lang, ev), other_plans(lang, f, &ev.report))
}

impl Summary {
    /// The top of the results of `ev` as text in `lang`, with the ranges' spread where it is
    /// known, and what `extra` adds (the embed's [`compact_extra`]).
    fn new(
        lang: Lang,
        ev: &Evaluated,
        spread: Option<&gpu_tco_core::ranges::Spread>,
        extra: Option<Extra>,
    ) -> Summary {
        let t = lang.t();
        let r = &ev.report;
        let f = fmt_for(lang, r);
        let load = &r.load;
        let headline = vec![
            format!("{} {}", f.number(load.productive_hours, 1), t.unit_hours()),
            f.percent(load.productive_share, 1),
            f.number(load.productive_gpu_hours, 1),
            f.money_opt(r.own.costs.cost_per_productive_gpu_hour, 2),
        ];
        let (idle_note, plans) = extra.map(|e| e(lang, &f, ev)).unwrap_or_default();
        let mut verdict = verdict(lang, &f, r);
        // The embed has no Finance panel to point to: the rate is set in the full calculator.
        if extra.is_some()
            && let Some(nominal) = verdict.iter_mut().find(|(id, _)| *id == "verdict-nominal")
        {
            nominal.1 = t.verdict_nominal_embed().to_owned();
        }
        Summary {
            lang,
            headline,
            idle_note,
            verdict,
            range: range_verdict(lang, &f, ev, spread),
            plans,
        }
    }

    /// After each answer's sentence, where the price it rests on comes from, while that price
    /// is still a preset's (`source`: the preset entry behind a field's path and whether the
    /// visitor changed it): an answer on an example price says so where it is given.
    fn add_bases(
        &mut self,
        lang: Lang,
        ev: &Evaluated,
        source: impl Fn(&str) -> Option<crate::state::Sourced>,
    ) {
        let t = lang.t();
        let answers = &ev.report.answers;
        let shown = Shown::of(answers).map(|x| (x.after, x.basis, x.answer));
        let mut based: Vec<usize> = Vec::new();
        for (after, id, answer) in shown {
            let Some(a) = answer else { continue };
            // One offer giving both answers: its price's source is said once, after the first.
            if based.contains(&a.rent_index) {
                continue;
            }
            based.push(a.rent_index);
            let Some(sourced) = source(&format!("rent.{}.price", a.rent_index)) else {
                continue;
            };
            if sourced.edited {
                continue;
            }
            let e = sourced.entry;
            // The price as the field shows it: in the option's currency, per its unit.
            let Some(o) = ev.scenario.rent.get(a.rent_index) else {
                continue;
            };
            let price = price_text(lang, o.currency, o.price);
            let note = e.note_in(lang == Lang::De);
            // A savings plan's price is the on-demand rate its plan bills a share of (the
            // preset's US$63.30 read as the plan's own rate): said after the price's source,
            // with the share's own (the plan's price file).
            let mut unit = crate::i18n::price_unit_text(t, o.price_unit).to_owned();
            let mut ratio = None;
            if let gpu_tco_core::Billing::SavingsPlan { price_ratio, .. }
            | gpu_tco_core::Billing::ReservedSavingsPlan { price_ratio, .. } = &o.billing
            {
                unit.push(' ');
                unit.push_str(t.basis_on_demand());
                let plan = source(&format!("rent.{}.billing", a.rent_index))
                    .filter(|s| !s.edited)
                    .map(|s| {
                        t.basis_ratio_source()
                            .replace("{source}", s.entry.source_in(lang == Lang::De))
                            .replace("{as_of}", &crate::fmt::month_year(lang, s.entry.as_of))
                    })
                    .unwrap_or_default();
                ratio = Some(
                    t.basis_ratio()
                        .replace("{ratio}", &Fmt::plain(lang).number(*price_ratio, 4))
                        .replace("{source}", &plan),
                );
            }
            let text = if note.is_empty() {
                t.verdict_basis()
            } else {
                t.verdict_basis_note()
            }
            .replace("{option}", &quoted(lang, &a.label))
            .replace("{price}", &price)
            .replace("{unit}", &unit)
            .replace("{source}", e.source_in(lang == Lang::De))
            .replace("{as_of}", &crate::fmt::month_year(lang, e.as_of))
            .replace("{note}", note);
            let text = match ratio {
                Some(ratio) => format!("{text} {ratio}"),
                None => text,
            };
            if let Some(k) = self.verdict.iter().position(|v| v.0 == after) {
                self.verdict.insert(k + 1, (id, text));
            }
        }
    }

    /// The ends again at `k`, for the printout alone (`verdict-ends`): printed, the change itself
    /// is in the inputs' list, and its sentence with the ends would take the report onto a third
    /// page; the ends decide the answer on paper too.
    fn print_ends(&mut self, k: usize, ends: &str) {
        if !ends.is_empty() && k <= self.verdict.len() {
            self.verdict.insert(k, ("verdict-ends", ends.to_owned()));
        }
    }

    /// After each answer whose option's price changes each year, that assumption: it turns
    /// the default's answer (at 0 % a year owning wins against the bare-metal server), so the
    /// answer says it where it is given, printed and in the embed too.
    fn add_changes(&mut self, lang: Lang, ev: &Evaluated, ends: Option<&ChangeEnds>) {
        let t = lang.t();
        // The held answer at the sourced range's ends, every cloud option alike: after the
        // sentence on the change that assumes it.
        let ends = ends.map(|e| e.text(lang, &ev.report)).unwrap_or_default();
        let with_ends = |text: String| {
            if ends.is_empty() {
                text
            } else {
                format!("{text} {ends}")
            }
        };
        let answers = &ev.report.answers;
        let shown = Shown::of(answers).map(|x| (x.after, x.change, x.answer));
        let f = Fmt::plain(lang);
        let change_of = |a: &Answer| price_change(ev, a);
        let pct = |c: Decimal| f.percent_value(c, 1);
        // Both answers on offers whose prices change alike: said once, after the second.
        if let [(_, _, Some(held)), (after, _, Some(risk))] = shown
            && let (Some(c), Some(d)) = (change_of(held), change_of(risk))
            && c == d
        {
            // (One offer can give both answers: held all month and stopped outside busy hours.)
            let text = if held.rent_index == risk.rent_index {
                t.verdict_change()
                    .replace("{option}", &quoted(lang, &risk.label))
            } else {
                t.verdict_changes()
                    .replace("{held}", &quoted(lang, &held.label))
                    .replace("{risk}", &quoted(lang, &risk.label))
            }
            .replace("{change}", &pct(c));
            let text = with_ends(text);
            // After the second answer's basis, where it has one: each answer with its price's
            // source first, then what both assume.
            let k = [Shown::of(answers)[1].basis, after]
                .iter()
                .find_map(|id| self.verdict.iter().position(|v| v.0 == *id));
            if let Some(k) = k {
                self.verdict.insert(k + 1, ("verdict-change", text));
                self.print_ends(k + 2, &ends);
            }
            return;
        }
        for (after, id, answer) in shown {
            let Some(a) = answer else { continue };
            let Some(change) = change_of(a) else { continue };
            let text = t
                .verdict_change()
                .replace("{option}", &quoted(lang, &a.label))
                .replace("{change}", &pct(change));
            // The ends are the held answer's: said after its own sentence.
            let held = id == "verdict-held-change";
            let text = if held { with_ends(text) } else { text };
            if let Some(k) = self.verdict.iter().position(|v| v.0 == after) {
                self.verdict.insert(k + 1, (id, text));
                if held {
                    self.print_ends(k + 2, &ends);
                }
            }
        }
    }

    /// The elements these texts need.
    fn shape(&self) -> SummaryShape {
        SummaryShape {
            lang: self.lang,
            idle_note: self.idle_note.is_some(),
            verdict: self.verdict.iter().map(|v| v.0).collect(),
            range: self.range.len(),
            plans: self.plans.len(),
        }
    }
}

impl Table {
    /// The table, notes and cost lines of `ev` as text in `lang`.
    fn new(lang: Lang, ev: &Evaluated) -> Table {
        let t = lang.t();
        let r = &ev.report;
        let f = fmt_for(lang, r);
        let own = &r.own;
        let months = r.horizon_months.to_string();
        let own_billed = own_held_gpus(ev);
        let warnings = |ws: &[Warning]| ws.iter().map(|w| warning_message(lang, w)).collect();
        // An option that does not cover the load (capacity blocks for fewer days than the
        // load's) is no way to run it: its break-even and savings against owning would compare
        // a part of the work with the whole ("Owning saves −€351,973"), so they are left blank
        // and its capacity column says why.
        let gap = |x: &RentReport| x.capacity == Capacity::NotCovered;
        let rent = r
            .rent
            .iter()
            .map(|x| RentTexts {
                cells: Cells::new(&f, &x.costs, x.billed_gpus, x.needed_gpus),
                capacity: capacity_tag(lang, x.capacity).to_owned(),
                capacity_class: match x.capacity {
                    Capacity::Held => "held",
                    Capacity::AtRisk => "risk",
                    Capacity::NotCovered => "gap",
                },
                break_even: if gap(x) {
                    NONE.to_owned()
                } else {
                    payback_text(lang, x.break_even_month, x.break_even_by_sale)
                },
                // A share that is another plan's is marked, the row's note says which plan
                // (two rows with the same figures read 28.8 % and "own at any share").
                // A share past what the load's pattern reaches is marked too, its note says so
                // (12 months read 94.1 % in the table for a pattern that reaches 66.7 %).
                break_even_share: if gap(x) {
                    NONE.to_owned()
                } else {
                    let mut text = share_text(lang, &f, &x.break_even_share);
                    if let Some(BreakEvenShare::At { share }) = &x.break_even_share {
                        if x.break_even_plan.is_some() {
                            text.push('†');
                        }
                        if r.load.beyond_reach(*share) {
                            text.push('‡');
                        }
                    }
                    text
                },
                savings: if gap(x) {
                    NONE.to_owned()
                } else {
                    f.money(x.savings_with_own, 0)
                },
                negative: !gap(x) && x.savings_with_own < Decimal::ZERO,
                plans: plan_items(lang, &f, r, x),
                warnings: warnings(&x.costs.warnings),
            })
            .collect();
        let any_cancels = r.rent.iter().any(|x| {
            matches!(
                x.break_even_share,
                Some(
                    BreakEvenShare::OwnCheaperAtAnyShare {
                        share_cancels_out: true
                    } | BreakEvenShare::RentCheaperAtAnyShare {
                        share_cancels_out: true
                    }
                )
            )
        });
        // The table's monthly figure is the running cost; the chart of cost lines (and the
        // cost lines below) also spread the one-time amounts over the horizon. Own's two
        // figures side by side, so that the difference is explained where it shows.
        let spread_monthly: Decimal = own.costs.lines.iter().map(|l| l.monthly).sum();
        let loan = loan_note(lang, &f, ev);
        let financed = matches!(
            ev.scenario.own.financing,
            gpu_tco_core::Financing::Loan { .. }
        );
        let monthly_note = match (financed, &loan) {
            (true, Some(loan)) => format!("{} {loan}", t.monthly_note_financed()),
            (true, None) => t.monthly_note_financed().to_owned(),
            (false, _) => t.monthly_note().to_owned(),
        }
        .replace("{option}", &quoted(lang, &own.costs.label))
        .replace("{avg}", &f.money(spread_monthly, 0))
        .replace("{running}", &f.money(own.costs.monthly, 0))
        .replace("{once}", &f.money(own.costs.one_time, 0))
        .replace("{n}", &months);
        let mut options = vec![(own.costs.label.clone(), 0usize, &own.costs.lines)];
        for (i, x) in r.rent.iter().enumerate() {
            options.push((x.costs.label.clone(), i + 1, &x.costs.lines));
        }
        let lines = options
            .into_iter()
            .map(|(label, colour, ls)| LineTexts {
                label,
                colour,
                items: ls
                    .iter()
                    .map(|l| LineItem {
                        name: cost_name(lang, l.kind).to_owned(),
                        // A one-time amount is shown per month like the others (the heading
                        // says so); its note gives the amount itself.
                        once: l.one_time.then(|| {
                            let note = t
                                .one_time_spread()
                                .replace("{x}", &f.money(l.total, 0))
                                .replace("{n}", &months);
                            format!(" ({note})")
                        }),
                        amount: f.money(l.monthly, 0),
                    })
                    .collect(),
            })
            .collect();
        Table {
            lang,
            total_label: t.col_total().replace("{n}", &months),
            stop_label: t.col_stop().replace("{n}", &months),
            own: Cells::new(&f, &own.costs, own_billed, own.gpus),
            own_warnings: {
                // Own's idle GPUs, as a rent row says its own (whole servers for the load).
                let mut w = warnings(&own.costs.warnings);
                if own_billed > own.gpus && r.load.peak_gpus > 0 {
                    let spare_gpus = own
                        .spare_servers
                        .saturating_mul(ev.scenario.own.gpus_per_server);
                    let template = if own.spare_servers > 0 {
                        t.warn_idle_own_spares()
                    } else {
                        t.warn_idle_own()
                    };
                    w.insert(
                        0,
                        template
                            .replace("{held}", &own_billed.to_string())
                            .replace("{spare}", &spare_gpus.to_string())
                            .replace("{rest}", &own_billed.saturating_sub(spare_gpus).to_string())
                            .replace("{needed}", &own.gpus.to_string())
                            .replace("{idle}", &(own_billed - own.gpus).to_string()),
                    );
                }
                w
            },
            rent,
            monthly_note,
            any_cancels,
            notes: table_notes(
                lang,
                &f,
                r,
                ev.scenario
                    .rent
                    .iter()
                    .any(|o| o.price_unit == gpu_tco_core::PriceUnit::InstanceMonth),
            ),
            lines,
        }
    }

    /// The elements these texts need.
    fn shape(&self) -> TableShape {
        TableShape {
            lang: self.lang,
            total_label: self.total_label.clone(),
            stop_label: self.stop_label.clone(),
            own_warnings: self.own_warnings.len(),
            rent: self
                .rent
                .iter()
                .map(|x| RowShape {
                    plans: x.plans.iter().map(|p| p.0.clone()).collect(),
                    warnings: x.warnings.len(),
                    has_warnings: !x.warnings.is_empty() || !x.plans.is_empty(),
                    capacity: x.capacity_class,
                })
                .collect(),
            any_cancels: self.any_cancels,
            notes: self.notes.iter().map(|n| n.0).collect(),
            lines: self
                .lines
                .iter()
                .map(|l| (l.colour, l.items.iter().map(|i| i.once.is_some()).collect()))
                .collect(),
        }
    }
}

/// A text of the results in `memo`, read where it is shown: empty while there are none, and
/// for an index the shape no longer has, until the elements are built again.
fn text_in<T: Send + Sync + 'static>(
    memo: Memo<Option<T>>,
    f: fn(&T, usize, usize) -> Option<String>,
    i: usize,
    k: usize,
) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    move || memo.with(|b| b.as_ref().and_then(|b| f(b, i, k)).unwrap_or_default())
}

/// The notices above the results: an input whose value the results do not take yet (with the
/// The field that leaves the answers on an earlier value: a box whose text the draft cannot
/// take first (it is what was typed last, and the draft still holds that field's previous
/// value, whose own problem, if any, is no longer what the box shows), else the core's error.
/// Its path, the problem in `lang`, and its label as its box has it (never its JSON path), a
/// rent option's with the option's number and name.
fn stale_field(ctx: Ctx, lang: Lang) -> (String, String, Option<String>) {
    let t = lang.t();
    let typed = ctx
        .unparsable
        .with(|list| list.first().cloned())
        .map(|(p, problem)| {
            let message = crate::first::field::problem_message(
                t,
                problem,
                gpu_tco_core::schema::whole_range(&p),
            );
            (p, message)
        });
    let (path, message) = typed.unwrap_or_else(|| {
        ctx.outcome.with(|o| match o {
            Err(e) => (e.path().to_owned(), error_message(lang, e)),
            Ok(_) => Default::default(),
        })
    });
    let id = (!path.is_empty()).then(|| crate::state::field_id(&path));
    let label =
        id.as_deref().and_then(crate::io::label_text).map(
            |label| match crate::state::option_index(&path) {
                Some(n) if n > 0 => {
                    // The option by its number and its name, as its card heads it.
                    let option = t.option_n().replace("{n}", &n.to_string());
                    let name = ctx
                        .read(&format!("rent.{}.label", n - 1))
                        .and_then(|v| v.as_str().map(str::to_owned));
                    match name.filter(|name| !name.trim().is_empty()) {
                        // In single quotes: the label is quoted in its turn (a stale mark).
                        Some(name) => match lang {
                            Lang::De => format!("{option} \u{201a}{name}\u{2018}, {label}"),
                            Lang::En => format!("{option} \u{2018}{name}\u{2019}, {label}"),
                        },
                        None => format!("{option}, {label}"),
                    }
                }
                _ => label,
            },
        );
    (path, message, label)
}

/// The short mark of stale answers (a phone's answer at the top, the result line): the field,
/// named, whose entry the answers do not use yet.
fn stale_mark(ctx: Ctx) -> String {
    let lang = ctx.lang.get();
    let t = lang.t();
    match stale_field(ctx, lang).2 {
        Some(label) => t
            .answers_stale_field()
            .replace("{field}", &quoted(lang, &label)),
        None => t.answers_stale().to_owned(),
    }
}

/// way to its field), and values that look 1000 times off.
#[component]
fn ResultNotices() -> impl IntoView {
    let ctx = Ctx::get();
    // "An input is not valid …" naming the field by its label (never by its JSON path), and the
    // id of its box for "Go to the field".
    let stale = Memo::new(move |_| {
        let lang = ctx.lang.get();
        if !ctx.is_stale() {
            return None;
        }
        let t = lang.t();
        let (path, message, label) = stale_field(ctx, lang);
        let id = (!path.is_empty()).then(|| crate::state::field_id(&path));
        let text = match (&label, message.is_empty()) {
            (_, true) => t.stale().to_owned(),
            (Some(label), false) => format!("{} ({label}: {message})", t.stale()),
            (None, false) => format!("{} ({message})", t.stale()),
        };
        let go = id.filter(|id| document().get_element_by_id(id).is_some());
        Some((text, go))
    });
    // Values that look 1000 times off and rent prices of 0, named by their labels, and the first
    // one's box.
    let check = Memo::new(move |_| {
        let t = ctx.lang.get().t();
        // In the order of the fields on the page, whichever was flagged first. A field whose
        // text the draft cannot take now is left out: the results do not use what it holds,
        // and the banner of the invalid input says so.
        let unparsable = ctx.unparsable.get();
        let suspect = ctx.suspect.get();
        let flagged: Vec<&(String, bool)> = suspect
            .iter()
            .filter(|(p, _)| !unparsable.iter().any(|(u, _)| u == p))
            .collect();
        let all_free = flagged.iter().all(|(_, free)| *free);
        let mut fields: Vec<(String, Option<web_sys::Element>)> = flagged
            .iter()
            .map(|(p, _)| {
                let id = crate::state::field_id(p);
                let el = document().get_element_by_id(&id);
                (id, el)
            })
            .collect();
        // A field on the page before one that is not (or before any that comes after it).
        gpu_tco_core::order::sort_by(&mut fields, |(_, a), (_, b)| match (a, b) {
            (Some(a), Some(b)) => {
                a != b
                    && a.compare_document_position(b) & web_sys::Node::DOCUMENT_POSITION_FOLLOWING
                        != 0
            }
            (Some(_), None) => true,
            _ => false,
        });
        let first = fields.first()?.0.clone();
        let labels: Vec<String> = fields
            .iter()
            .filter_map(|(id, _)| crate::io::label_text(id))
            .collect();
        Some((
            if all_free {
                t.check_free()
            } else {
                t.check_fields()
            }
            .replace("{fields}", &labels.join(", ")),
            first,
        ))
    });
    view! {
            <p class="stale" data-testid="result-check" role="status" hidden=move || check.with(Option::is_none)>
                <span data-testid="result-check-text">{move || check.with(|c| c.as_ref().map(|c| c.0.clone()))}</span>
                {move || check.with(|c| c.as_ref().map(|c| c.1.clone())).map(|id| view! {
                    " "
                    <button class="link" type="button" data-testid="result-check-go"
                        on:click=move |_| crate::first::focus_later(id.clone())>
                        {tr(|t| t.go_to_field())}
                    </button>
                })}
            </p>
            <p class="stale" data-testid="result-stale" role="alert" hidden=move || stale.with(Option::is_none)>
                <span data-testid="result-stale-text">{move || stale.with(|s| s.as_ref().map(|s| s.0.clone()))}</span>
                {move || stale.with(|s| s.as_ref().and_then(|s| s.1.clone())).map(|id| view! {
                    " "
                    <button class="link" type="button" data-testid="result-stale-go"
                        on:click=move |_| focus_later(id.clone())>
                        {tr(|t| t.go_to_field())}
                    </button>
                })}
            </p>
    }
}

/// An answer the verdict gives, with the test ids of its sentence and of the notes after it.
#[derive(Clone, Copy)]
struct Shown<'a> {
    /// The answer's sentence.
    after: &'static str,
    /// Where its price comes from (`Summary::add_bases`).
    basis: &'static str,
    /// The price change it assumes (`Summary::add_changes`).
    change: &'static str,
    answer: Option<&'a gpu_tco_core::Answer>,
}

impl<'a> Shown<'a> {
    /// Holding capacity, and accepting the capacity risk where that pays.
    fn of(answers: &'a gpu_tco_core::Answers) -> [Shown<'a>; 2] {
        [
            Shown {
                after: "verdict-held",
                basis: "verdict-held-basis",
                change: "verdict-held-change",
                answer: answers.holds_capacity.as_ref(),
            },
            Shown {
                after: "verdict-risk",
                basis: "verdict-risk-basis",
                change: "verdict-risk-change",
                answer: answers
                    .accepts_risk
                    .as_ref()
                    .filter(|_| answers.risk_pays()),
            },
        ]
    }
}

/// The held answer with every cloud option's yearly price change at the ends of its sourced
/// range (`ranges::CLOUD_PRICE_CHANGE_RANGE`): what the verdict's sentence on the change adds,
/// as the answer can turn inside that range (the default's does, at 0 % a year).
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeEnds {
    /// The range's low end (prices falling fastest) and the held answer there.
    low: (Decimal, gpu_tco_core::Answer),
    /// Its high end (today's prices held) and the held answer there.
    high: (Decimal, gpu_tco_core::Answer),
}

impl ChangeEnds {
    /// The ends of `ev`, where its held answer's offer assumes a yearly price change (two more
    /// evaluations: the page computes them once the inputs rest, not on every step of a drag).
    pub fn of(ev: &Evaluated) -> Option<ChangeEnds> {
        price_change(ev, ev.report.answers.holds_capacity.as_ref()?)?;
        let range = gpu_tco_core::ranges::CLOUD_PRICE_CHANGE_RANGE;
        let at = |p: Decimal| {
            gpu_tco_core::ranges::at_cloud_price_change(&ev.scenario, p)
                .ok()?
                .answers
                .holds_capacity
                .map(|a| (p, a))
        };
        Some(ChangeEnds {
            low: at(range.low)?,
            high: at(range.high)?,
        })
    }

    /// The held answer at one end, as the clause after "if …": "owning is cheaper by €154,157
    /// and pays off from month 45" (without the month where `short`).
    fn answer(lang: Lang, f: &Fmt, a: &Answer, short: bool) -> String {
        let t = lang.t();
        let template = match a.break_even_month {
            _ if a.savings_with_own <= Decimal::ZERO => t.end_rent(),
            Some(_) if !short => t.end_own_from(),
            _ => t.end_own(),
        };
        template
            .replace("{option}", &answer_option(lang, a, true))
            .replace("{x}", &f.money(a.savings_with_own.abs(), 0))
            .replace(
                "{when}",
                &payback_text(lang, a.break_even_month, a.break_even_by_sale),
            )
    }

    /// A phone's answer at the top: the assumption `change` it turns on with the held answer at
    /// both ends of its range, short ("Assumed: cloud prices change by −12.5% a year from month
    /// 13. Holding capacity, at 0% a year owning is cheaper than … by €154,157; at −25% a year
    /// … is cheaper than owning by €187,346."; the answer that accepts the capacity risk may not
    /// turn there). Both ends, as the verdict gives them: the end at today's prices alone is the
    /// one that favours owning.
    pub fn at_today(&self, lang: Lang, r: &Report, change: &str) -> String {
        let f = fmt_for(lang, r);
        let pct = |p: Decimal| Fmt::plain(lang).percent_value(p, 1);
        lang.t()
            .top_change_held()
            .replace("{change}", change)
            .replace("{high}", &pct(self.high.0))
            .replace("{at_high}", &Self::answer(lang, &f, &self.high.1, true))
            .replace("{low}", &pct(self.low.0))
            .replace("{at_low}", &Self::answer(lang, &f, &self.low.1, true))
    }

    /// The sentence: holding capacity, the answer at today's prices held, then at the low end.
    fn text(&self, lang: Lang, r: &Report) -> String {
        let t = lang.t();
        let f = fmt_for(lang, r);
        let answer = |a: &Answer| Self::answer(lang, &f, a, false);
        let pct = |p: Decimal| Fmt::plain(lang).percent_value(p, 1);
        t.verdict_change_ends()
            .replace("{high}", &pct(self.high.0))
            .replace("{at_high}", &answer(&self.high.1))
            .replace("{fall}", &pct(self.low.0.abs()))
            .replace("{at_low}", &answer(&self.low.1))
    }
}

/// The held answer at the price change's ends of the results shown, once the inputs rest: the
/// verdict's summary computes them ([`ChangeEnds::of`]), a phone's answer at the top reads them
/// too (provided by [`PriceEnds::provide`]).
#[derive(Debug, Clone, Copy)]
pub struct PriceEnds(RwSignal<Option<ChangeEnds>>);

impl PriceEnds {
    /// Provides the (empty) signal as context.
    pub fn provide() {
        provide_context(PriceEnds(RwSignal::new(None)));
    }

    /// The signal from context.
    pub fn get() -> RwSignal<Option<ChangeEnds>> {
        expect_context::<PriceEnds>().0
    }
}

/// The headline figures and the verdict with how sure it is, and what `extra` adds (the embed,
/// which has no table: the idle note and the plans the verdict names): built once per
/// [`SummaryShape`], each figure its own text.
fn summary_view(ctx: Ctx, extra: Option<Extra>, busy: ReadSignal<bool>) -> impl IntoView {
    // The held answer at the price change's ends: two evaluations, once the inputs rest, and
    // in a task of their own after the change's update (a typed change's results do not wait
    // for them); the first at once, so the page opens with them.
    let rested = super::AtRest::get().shown;
    let ends = PriceEnds::get();
    ends.set(rested.with_untracked(|s| s.as_deref().and_then(ChangeEnds::of)));
    let turn = StoredValue::new(0u32);
    Effect::new(move |first: Option<()>| {
        let ev = rested.get();
        if first.is_none() {
            return;
        }
        turn.update_value(|t| *t = t.wrapping_add(1));
        let mine = turn.get_value();
        set_timeout(
            move || {
                if turn.get_value() == mine {
                    ends.set(ev.as_deref().and_then(ChangeEnds::of));
                }
            },
            std::time::Duration::ZERO,
        );
    });
    let summary = Memo::new(move |_| {
        let lang = ctx.lang.get();
        let spread = crate::first::spread::current(ctx);
        ends.with(|ends| {
            ctx.shown.with(|s| {
                s.as_ref().map(|ev| {
                    let mut summary = Summary::new(lang, ev, spread.as_deref(), extra);
                    summary.add_bases(lang, ev, |path| ctx.source_of(path));
                    summary.add_changes(lang, ev, ends.as_ref());
                    summary
                })
            })
        })
    });
    let shape = Memo::new(move |_| summary.with(|b| b.as_ref().map(Summary::shape)));
    let text = move |f: fn(&Summary, usize, usize) -> Option<String>, i: usize, k: usize| {
        text_in(summary, f, i, k)
    };
    move || {
        let lang = ctx.lang.get_untracked();
        let t = lang.t();
        shape.with(|shape| {
            let Some(shape) = shape else {
                return ().into_any();
            };
            let headline = |k: usize| text(|b, _, k| b.headline.get(k).cloned(), 0, k);
            let verdict = shape
                .verdict
                .iter()
                .enumerate()
                .map(|(k, id)| view! {
                    // Notes to the answers (a preset's price, totals not discounted): muted,
                    // and left out of the printout, which lists prices and the rate. The
                    // price change an answer assumes: muted too, but printed.
                    <p data-testid=*id
                        class=if is_note(id) {
                            Some("basis")
                        } else if id.ends_with("-change") {
                            Some("assumes")
                        } else if *id == "verdict-ends" {
                            Some("print-only ends")
                        } else {
                            None
                        }>
                        {text(|b, _, k| b.verdict.get(k).map(|v| v.1.clone()), 0, k)}
                    </p>
                })
                .collect_view();
            let range = (shape.range > 0).then(|| {
                let lines = (0..shape.range)
                    .map(|k| view! { <p>{text(|b, _, k| b.range.get(k).cloned(), 0, k)}</p> })
                    .collect_view();
                view! { <div data-testid="verdict-range">{lines}</div> }
            });
            let plans = (0..shape.plans)
                .map(|k| view! {
                    <p class="plan-note" data-testid=format!("plan-note-{k}")>
                        {text(|b, _, k| b.plans.get(k).cloned(), 0, k)}
                    </p>
                })
                .collect_view();
            view! {
                <div class="headline" role="group" aria-label=t.results()>
                    <div class="figure">
                        <span class="figure-label">{t.productive_hours()}</span>
                        <span class="figure-value" data-testid="result-productive-hours">{headline(0)}</span>
                    </div>
                    <div class="figure">
                        <span class="figure-label">{t.productive_share()}</span>
                        <span class="figure-value" data-testid="result-productive-share">{headline(1)}</span>
                    </div>
                    <div class="figure">
                        <span class="figure-label">{t.productive_gpu_hours()}</span>
                        <span class="figure-value" data-testid="result-productive-gpu-hours">{headline(2)}</span>
                    </div>
                    <div class="figure">
                        <span class="figure-label">{t.own_cost_per_hour()}</span>
                        <span class="figure-value" data-testid="result-own-per-gpu-hour">{headline(3)}</span>
                    </div>
                </div>
                {shape.idle_note.then(|| view! {
                    <p class="idle-note" data-testid="idle-note">{text(|b, _, _| b.idle_note.clone(), 0, 0)}</p>
                })}
                // The answer is what a screen reader announces when an input changes it, not each
                // of the table's figures (the whole panel as a live region read out dozens of
                // cells on every slider step).
                // While a slider is dragged it changes on every step: marked busy, a screen
                // reader says it once the slider rests (`settled`), not at every step.
                // Options on different GPU models: said before the answers, which count an hour
                // of one GPU as an hour of another (below them it read as a footnote to a plain
                // "Owning is cheaper").
                <div class="verdict" data-testid="result-verdict" aria-live="polite"
                    aria-busy=move || busy.get().then_some("true")>
                    <ModelsNote embed=extra.is_some() />
                    {verdict}
                    {range}
                </div>
                {plans}
            }
            .into_any()
        })
    }
}

/// The GPU models of the options compared one GPU-hour for one, each with its options ("NVIDIA
/// L40S: Own server; NVIDIA H200 SXM (HGX): Option 1, Option 2; no model named: Option 6"),
/// while there are two or more ([`gpu_tco_core::sizing::unlike_gpus`]): one memo for the
/// page's note, its answer at the top and its result line (provided by [`UnlikeModels::provide`]).
#[derive(Debug, Clone, Copy)]
pub struct UnlikeModels(Memo<Option<String>>);

impl UnlikeModels {
    /// Builds the memo and provides it as context. It follows which options count the load's
    /// GPUs (a memo of its own), not each result: a slider step asks nothing again.
    pub fn provide(ctx: Ctx) {
        let counted = Memo::new(move |_| {
            ctx.shown.with(|s| {
                s.as_ref().map(|ev| {
                    let sc = &ev.scenario;
                    let rent: Vec<bool> = sc.rent.iter().map(|o| o.load_gpus.is_none()).collect();
                    (sc.own.load_gpus.is_none(), rent)
                })
            })
        });
        let text = Memo::new(move |_| {
            let t = ctx.lang.get().t();
            let presets: Vec<(String, &'static str)> = ctx
                .presets
                .with(|list| list.iter().map(|(k, p)| (k.clone(), p.id)).collect());
            let refs: Vec<(&str, &str)> = presets.iter().map(|(k, id)| (k.as_str(), *id)).collect();
            counted.with(|c| {
                let (own, rent) = c.as_ref()?;
                let found = gpu_tco_core::sizing::unlike_gpus_by(*own, rent, &refs);
                if found.is_empty() {
                    return None;
                }
                // An option as the page names it: own, or rent option N as "Option N + 1".
                let who = |prefix: &str| match prefix
                    .strip_prefix("rent.")
                    .and_then(|n| n.parse::<usize>().ok())
                {
                    Some(n) => t.option_n().replace("{n}", &(n + 1).to_string()),
                    None => t.panel_own().to_owned(),
                };
                // Each model once, with its options, in the order they come.
                let mut models: Vec<(&str, Vec<String>)> = Vec::new();
                for (prefix, gpu) in &found {
                    match models.iter_mut().find(|(name, _)| *name == gpu.name) {
                        Some((_, list)) => list.push(who(prefix)),
                        None => models.push((gpu.name, vec![who(prefix)])),
                    }
                }
                let mut parts: Vec<String> = models
                    .iter()
                    .map(|(gpu, who)| {
                        t.models_on()
                            .replace("{gpu}", gpu)
                            .replace("{options}", &who.join(", "))
                    })
                    .collect();
                // The options compared as well whose model the page does not know (the
                // bare-metal offer, an option entered by hand): named, so none is left out.
                let unnamed: Vec<String> = std::iter::once(("own".to_owned(), *own))
                    .chain(
                        rent.iter()
                            .enumerate()
                            .map(|(i, c)| (format!("rent.{i}"), *c)),
                    )
                    .filter(|(p, counted)| *counted && !found.iter().any(|(f, _)| f == p))
                    .map(|(p, _)| who(&p))
                    .collect();
                if !unnamed.is_empty() {
                    parts.push(t.models_unnamed().replace("{options}", &unnamed.join(", ")));
                }
                Some(parts.join("; "))
            })
        });
        provide_context(UnlikeModels(text));
    }

    /// The memo from context.
    fn get() -> Memo<Option<String>> {
        expect_context::<UnlikeModels>().0
    }
}

/// While options on different GPU models are compared one GPU-hour for one
/// ([`gpu_tco_core::sizing::unlike_gpus`]): which models, and the way to the sizing, which
/// counts each option's GPUs for the same model and load (the embed, without it, names it).
#[component]
fn ModelsNote(embed: bool) -> impl IntoView {
    let ctx = Ctx::get();
    let models = UnlikeModels::get();
    let text = move || {
        models
            .get()
            .map(|m| ctx.lang.get().t().models_differ().replace("{models}", &m))
    };
    move || {
        text().map(|text| {
            let way = if embed {
                view! { " " {tr(|t| t.models_in_full())} }.into_any()
            } else {
                view! {
                    " "
                    <button type="button" class="link" data-testid="models-to-sizing"
                        on:click=move |_| crate::first::panels::open_sizing()>
                        {tr(|t| t.gpus_to_sizing())}
                    </button>
                }
                .into_any()
            };
            view! { <p class="plan-note" data-testid="models-differ">{text}{way}</p> }
        })
    }
}

/// The results panel of the page: the summary, then the table of every option/// The results panel of the page: the summary, then the table of every option, its notes, the
/// present values, a chosen hybrid and each option's cost lines.
#[component]
pub fn ResultsPanel() -> impl IntoView {
    let ctx = Ctx::get();
    // The figures as text, in one memo: a step of an input reruns only the texts that read them
    // (each cell below is its own closure), and the rows, lists and their attributes are built
    // again only when the table's shape changes (`TableShape`: another option, another
    // warning). A body rebuilt on every step would set each element's attributes again where
    // the views are type-erased, and lay out the whole table anew.
    // The table, its notes, the present values, a chosen hybrid and the cost lines follow the
    // inputs once they rest (`settled`): a dragged slider moves the answer above and the charts
    // on every step, and these dozens of figures once, when it stops.
    let super::AtRest {
        shown,
        busy: busy_signal,
    } = super::AtRest::get();
    let busy = move || busy_signal.get().then_some("true");
    let texts = Memo::new(move |_| {
        let lang = ctx.lang.get();
        shown.with(|s| s.as_ref().map(|ev| Table::new(lang, ev)))
    });
    let shape = Memo::new(move |_| texts.with(|b| b.as_ref().map(Table::shape)));
    let text = move |f: fn(&Table, usize, usize) -> Option<String>, i: usize, k: usize| {
        text_in(texts, f, i, k)
    };
    let hybrid = move || {
        let lang = ctx.lang.get();
        let t = lang.t();
        shown.with(|shown| {
            let ev = shown.as_ref()?;
            let r = &ev.report;
            let f = fmt_for(lang, r);
            // A chosen hybrid: its figures and the savings, all from the core, and the way back.
            r.hybrid.as_ref().map(|h| {
                let n = h.own_gpus.to_string();
                let title = t
                    .hybrid_title_row()
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
                                <dt>{t.hybrid_total().replace("{months}", &months)}</dt>
                                <dd data-testid="hybrid-total">{f.money(h.point.total, 0)}</dd>
                            </div>
                            <div>
                                <dt>{t.hybrid_per_hour()}</dt>
                                <dd data-testid="hybrid-per-gpu-hour">
                                    {f.money_opt(h.point.cost_per_productive_gpu_hour, 2)}
                                </dd>
                            </div>
                            <div>
                                <dt>{t.hybrid_vs_own()}</dt>
                                <dd data-testid="hybrid-savings-own" class:neg=h.savings_against_own < Decimal::ZERO>
                                    {f.money(h.savings_against_own, 0)}
                                </dd>
                            </div>
                            <div>
                                <dt>{t.hybrid_vs_rent().replace("{option}", &h.rent_label)}</dt>
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
                            {t.hybrid_remove()}
                        </button>
                    </div>
                }
            })
        })
    };
    let present = move || {
        let lang = ctx.lang.get();
        shown.with(|shown| {
            let ev = shown.as_ref()?;
            present_values(lang, &fmt_for(lang, &ev.report), &ev.scenario, &ev.report)
        })
    };
    let body = move || {
        let lang = ctx.lang.get_untracked();
        let t = lang.t();
        shape.with(|shape| {
            let Some(shape) = shape else {
                return ().into_any();
            };
            // A phone's card labels each figure: the running cost says it is an average, as the
            // table's head does.
            let monthly_label = monthly_average_label(t);
            let rows = shape
                .rent
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    // The row's texts in a memo of their own: its cells follow the row, not the
                    // whole table, so a step reruns the cells of the rows that changed, and the
                    // table's memo has a few subscribers instead of every cell of the page
                    // (Leptos keeps a memo's subscribers in an ordered set that each rerun
                    // leaves and joins again, and copies on every change).
                    let r = Memo::new(move |_| {
                        texts.with(|b| b.as_ref().and_then(|b| b.rent.get(i).cloned()))
                    });
                    let rtext = move |f: fn(&RentTexts, usize, usize) -> Option<String>, k: usize| {
                        text_in(r, f, k, 0)
                    };
                    let plans = row
                        .plans
                        .iter()
                        .enumerate()
                        .map(|(k, id)| view! {
                            <li class="plan" data-testid=format!("rent-{i}-{id}")>
                                {rtext(|r, k, _| r.plans.get(k).map(|p| p.1.clone()), k)}
                            </li>
                        })
                        .collect_view();
                    let warnings = (0..row.warnings)
                        .map(|k| view! { <li>{rtext(|r, k, _| r.warnings.get(k).cloned(), k)}</li> })
                        .collect_view();
                    let cell = |f: fn(&Cells) -> &String| {
                        move || r.with(|r| r.as_ref().map(|r| f(&r.cells).clone()).unwrap_or_default())
                    };
                    view! {
                        <tr data-testid=format!("row-rent-{i}") class:has-warnings=row.has_warnings>
                            <th scope="row">
                                <span class=format!("swatch c{}", i + 1) aria-hidden="true"></span>
                                <span class="num-tag">{(i + 1).to_string()}</span>
                                <span data-testid=format!("rent-{i}-label")>{cell(|c| &c.label)}</span>
                                " "
                                <span class=format!("capacity {}", row.capacity) data-testid=format!("rent-{i}-capacity")>
                                    {rtext(|r, _, _| Some(r.capacity.clone()), 0)}
                                </span>
                            </th>
                            <td data-label=t.col_gpus() data-testid=format!("rent-{i}-gpus") class:idle=move || r.with(|r| r.as_ref().is_some_and(|r| r.cells.idle))>
                                {cell(|c| &c.gpus)}
                            </td>
                            <td data-label=monthly_label.clone() data-testid=format!("rent-{i}-monthly")>{cell(|c| &c.monthly)}</td>
                            <td data-label=t.col_one_time() data-testid=format!("rent-{i}-one-time")>{cell(|c| &c.one_time)}</td>
                            <td data-label=shape.total_label.clone() data-testid=format!("rent-{i}-total")>{cell(|c| &c.total)}</td>
                            <td data-label=shape.stop_label.clone() data-testid=format!("rent-{i}-stop")>{cell(|c| &c.stop)}</td>
                            <td data-label=t.col_per_gpu_hour() data-testid=format!("rent-{i}-per-gpu-hour")>{cell(|c| &c.per_hour)}</td>
                            <td class="wrap" data-label=t.col_break_even() data-testid=format!("rent-{i}-break-even")>
                                {rtext(|r, _, _| Some(r.break_even.clone()), 0)}
                            </td>
                            <td class="wrap" data-label=t.col_break_even_share() data-testid=format!("rent-{i}-break-even-share")>
                                {rtext(|r, _, _| Some(r.break_even_share.clone()), 0)}
                            </td>
                            <td data-label=t.col_savings() data-testid=format!("rent-{i}-savings") class:neg=move || r.with(|r| r.as_ref().is_some_and(|r| r.negative))>
                                {rtext(|r, _, _| Some(r.savings.clone()), 0)}
                            </td>
                        </tr>
                        <tr class="warn-row" hidden=!row.has_warnings>
                            <td colspan="10">
                                <ul class="warnings" data-testid=format!("rent-{i}-warnings")>{plans}{warnings}</ul>
                            </td>
                        </tr>
                    }
                })
                .collect_view();
            let own_cell = |f: fn(&Cells) -> &String| {
                move || texts.with(|b| b.as_ref().map(|b| f(&b.own).clone()).unwrap_or_default())
            };
            let own_warnings = (0..shape.own_warnings)
                .map(|k| view! { <li>{text(|b, _, k| b.own_warnings.get(k).cloned(), 0, k)}</li> })
                .collect_view();
            let notes = shape
                .notes
                .iter()
                .enumerate()
                .map(|(k, id)| view! { <p class="table-note" data-testid=*id>{text(|b, _, k| b.notes.get(k).map(|n| n.1.clone()), 0, k)}</p> })
                .collect_view();
            let line_tables = shape
                .lines
                .iter()
                .enumerate()
                .map(|(i, (c, items))| {
                    // As a row: one memo per option's lines (see above).
                    let l = Memo::new(move |_| {
                        texts.with(|b| b.as_ref().and_then(|b| b.lines.get(i).cloned()))
                    });
                    let items = items
                        .iter()
                        .enumerate()
                        .map(|(k, once)| {
                            let once = once.then(|| view! {
                                <span class="once">{text_in(l, |l, k, _| l.items.get(k)?.once.clone(), k, 0)}</span>
                            });
                            view! {
                                <li>
                                    <span>{text_in(l, |l, k, _| l.items.get(k).map(|l| l.name.clone()), k, 0)}{once}</span>
                                    <span class="amount">{text_in(l, |l, k, _| l.items.get(k).map(|l| l.amount.clone()), k, 0)}</span>
                                </li>
                            }
                        })
                        .collect_view();
                    view! {
                        <div class="lines">
                            <h4>
                                <span class=format!("swatch c{c}") aria-hidden="true"></span>
                                {text_in(l, |l, _, _| Some(l.label.clone()), 0, 0)}
                            </h4>
                            <ul>{items}</ul>
                        </div>
                    }
                })
                .collect_view();
            view! {
                <div class="table-wrap" tabindex="0" role="region" aria-label=t.results_table()>
                    <table class="compare">
                        <thead>
                            <tr>
                                <th scope="col">{t.col_option()}</th>
                                <th scope="col">{t.col_gpus()}</th>
                                <th scope="col">
                                    {t.col_monthly()}
                                    <span class="screen-only">{t.col_monthly_average()}</span>
                                </th>
                                <th scope="col">{t.col_one_time()}</th>
                                <th scope="col">{shape.total_label.clone()}</th>
                                <th scope="col">{shape.stop_label.clone()}</th>
                                <th scope="col">{t.col_per_gpu_hour()}</th>
                                <th scope="col">{t.col_break_even()}</th>
                                <th scope="col">{t.col_break_even_share()}</th>
                                <th scope="col">{t.col_savings()}</th>
                            </tr>
                        </thead>
                        <tbody>
                            <tr data-testid="row-own" class="own">
                                <th scope="row">
                                    <span class="swatch c0" aria-hidden="true"></span>
                                    <span data-testid="own-label">{own_cell(|c| &c.label)}</span>
                                </th>
                                <td data-label=t.col_gpus() data-testid="own-gpus" class:idle=move || texts.with(|b| b.as_ref().is_some_and(|b| b.own.idle))>
                                    {own_cell(|c| &c.gpus)}
                                </td>
                                <td data-label=monthly_label.clone() data-testid="own-monthly">{own_cell(|c| &c.monthly)}</td>
                                <td data-label=t.col_one_time() data-testid="own-one-time">{own_cell(|c| &c.one_time)}</td>
                                <td data-label=shape.total_label.clone() data-testid="own-total">{own_cell(|c| &c.total)}</td>
                                <td data-label=shape.stop_label.clone() data-testid="own-stop">{own_cell(|c| &c.stop)}</td>
                                <td data-label=t.col_per_gpu_hour() data-testid="own-per-gpu-hour">{own_cell(|c| &c.per_hour)}</td>
                                <td class="na">"–"</td>
                                <td class="na">"–"</td>
                                <td class="na">"–"</td>
                            </tr>
                            <tr class="warn-row" hidden=shape.own_warnings == 0>
                                <td colspan="10">
                                    <ul class="warnings" data-testid="own-warnings">{own_warnings}</ul>
                                </td>
                            </tr>
                            {rows}
                        </tbody>
                    </table>
                </div>
                <p class="table-note" data-testid="monthly-note">{text(|b, _, _| Some(b.monthly_note.clone()), 0, 0)}</p>
                <p class="table-note" hidden=!shape.any_cancels>{t.cancels_note()}</p>
                {notes}
                <p class="table-note" data-testid="basis-note">{t.tax_note()} " " {t.rounding_note()}</p>
                {present}
                {hybrid}
                <h3>{t.cost_lines()}</h3>
                <div class="lines-grid">{line_tables}</div>
            }
            .into_any()
        })
    };
    view! {
        <section class="panel results" aria-labelledby="h-results">
            <h2 id="h-results" tabindex="-1">{tr(|t| t.results())}</h2>
            <ResultNotices />
            {summary_view(ctx, None, busy_signal)}
            <div class="details" data-testid="result-details" aria-busy=busy>{body}</div>
        </section>
    }
}

/// The embed's results: the summary, with the idle note the page's table says instead, and what
/// each option costs (`cost_columns`, a compact table of its own: the embed carries none of the
/// page's results table's code).
#[component]
pub fn CompactResults() -> impl IntoView {
    let ctx = Ctx::get();
    view! {
        <section class="panel results" aria-labelledby="h-results">
            <h2 id="h-results" tabindex="-1">{tr(|t| t.results())}</h2>
            <ResultNotices />
            {summary_view(ctx, Some(compact_extra), super::AtRest::get().busy)}
            // What the answers' totals are made of, and the prices behind them: the embed has
            // no table and shows one option's price, so this is where a reader checks them.
            <div class="costs">{crate::first::chart_views::ChartTable {
                toggle: "embed-costs-toggle",
                label: |t| t.embed_costs(),
                name: "costs",
                columns: cost_columns,
            }
            .view_with(ctx, move |open| view! {
                // Built while the table is open only, as the table (a slider step in the embed
                // writes no note that is not shown).
                <p class="table-note" data-testid="costs-note">
                    {move || {
                        if !open.get() {
                            return None;
                        }
                        let lang = ctx.lang.get();
                        ctx.shown.with(|s| s.as_ref().map(|ev| costs_note(ev, lang)))
                    }}
                </p>
            })}</div>
            <p class="table-note" data-testid="basis-note">
                {tr(|t| t.tax_note())} " " {tr(|t| t.rounding_note())}
            </p>
        </section>
    }
}

/// A price as its field shows it: in its own currency, with cents only where it has them.
fn price_text(lang: Lang, currency: gpu_tco_core::Currency, amount: Decimal) -> String {
    let digits = if amount.fract().is_zero() { 0 } else { 2 };
    Fmt {
        lang,
        currency: currency.code(),
    }
    .money(amount, digits)
}

/// The embed's costs table: each option's price as its fields hold it (own's per server with the
/// servers bought, a rent option's per unit with the GPUs it bills), its running cost per
/// month, its one-time amounts and its total over the horizon, as the page's table gives them.
fn cost_columns(ev: &Evaluated, lang: Lang) -> crate::first::chart_views::Columns {
    let t = lang.t();
    let r = &ev.report;
    let f = fmt_for(lang, r);
    let price = |currency, amount| price_text(lang, currency, amount);
    let own = &ev.scenario.own;
    let own_price = t
        .embed_own_price()
        .replace("{price}", &price(own.currency, own.price_per_server))
        .replace(
            "{servers}",
            &crate::fmt::count(
                lang,
                r.own.servers_bought(),
                t.embed_server_one(),
                t.embed_server_many(),
            ),
        );
    // What the total is made of: each cost line, a running one by its average month, a
    // one-time one by its amount (own's setup and resale, an option's setup fee).
    let lines = |c: &gpu_tco_core::Costs| {
        c.lines
            .iter()
            .map(|l| {
                let (template, x) = if l.one_time {
                    (t.embed_line_once(), l.total)
                } else {
                    (t.embed_line_month(), l.monthly)
                };
                template
                    .replace("{name}", crate::i18n::cost_name(lang, l.kind))
                    .replace("{x}", &f.money(x, 0))
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    // Stopping at the horizon: the total plus what is still owed then (a term's months after
    // it), with those lines.
    let stop = |c: &gpu_tco_core::Costs| {
        let total = f.money(c.stop.total, 0);
        if c.stop.lines.is_empty() {
            return total;
        }
        let owed: Vec<String> = c
            .stop
            .lines
            .iter()
            .map(|l| {
                format!(
                    "{} {}",
                    crate::i18n::cost_name(lang, l.kind),
                    f.money(l.total, 0)
                )
            })
            .collect();
        format!("{total} ({})", owed.join("; "))
    };
    let figures = |c: &gpu_tco_core::Costs, basis: String, capacity: &str, plan: String| {
        vec![
            basis,
            capacity.to_owned(),
            f.money(c.monthly, 0),
            f.money(c.one_time, 0),
            f.money(c.total, 0),
            stop(c),
            lines(c),
            plan,
        ]
    };
    // Own's servers are the load's while they run; without a spare, a fault stops a server's
    // load until it is repaired (the page's table says so under it), so not "holds capacity".
    let own_capacity = match r.own.spare_servers {
        0 => t.embed_own_no_spare().to_owned(),
        n => crate::fmt::count(lang, n, t.embed_own_spare_one(), t.embed_own_spare_many()),
    };
    let mut cells = vec![figures(
        &r.own.costs,
        own_price,
        &own_capacity,
        String::new(),
    )];
    for (x, o) in r.rent.iter().zip(&ev.scenario.rent) {
        let mut unit = crate::i18n::price_unit_text(t, o.price_unit).to_owned();
        // A plan bills a share of the on-demand rate, fixed for each term: both are said.
        let plan_rate = match &o.billing {
            gpu_tco_core::Billing::SavingsPlan {
                term_years,
                price_ratio,
                ..
            }
            | gpu_tco_core::Billing::ReservedSavingsPlan {
                term_years,
                price_ratio,
            }
            | gpu_tco_core::Billing::CheapestPlan {
                term_years: Some(term_years),
                price_ratio: Some(price_ratio),
                ..
            } => Some(
                t.embed_plan_rate()
                    .replace("{years}", &term_years.to_string())
                    .replace("{ratio}", &Fmt::plain(lang).number(*price_ratio, 4)),
            ),
            _ => None,
        };
        if plan_rate.is_some() {
            unit.push(' ');
            unit.push_str(t.basis_on_demand());
        }
        // Capacity blocks bill their block price alone; spot batches add the spot price.
        let (template, amount, spot) = match &o.billing {
            gpu_tco_core::Billing::CapacityBlock { block_price, .. } => {
                (t.embed_rent_block(), *block_price, None)
            }
            gpu_tco_core::Billing::SpotBatch { spot_price, .. } => {
                (t.embed_rent_spot(), o.price, Some(*spot_price))
            }
            _ => (t.embed_rent_price(), o.price, None),
        };
        let basis = template
            .replace("{price}", &price(o.currency, amount))
            .replace("{unit}", &unit)
            .replace(
                "{spot}",
                &spot.map(|p| price(o.currency, p)).unwrap_or_default(),
            )
            .replace("{gpus}", &crate::fmt::gpus_text(x.billed_gpus))
            .replace("{plan}", plan_rate.as_deref().unwrap_or_default());
        // The plan a savings plan or a cheapest-plan offer bills, and why (an uncommitted plan
        // costs what on-demand start/stop does: said, or the two rows read as a mistake), and
        // for a cheapest-plan offer what its plan of the other capacity class would cost, as the
        // page's row has them after "Plan billed:" (a capital first: every plan sentence begins
        // with an ASCII letter or digit; `char::to_uppercase` would link Unicode's case tables,
        // 6.6 KB of the embed's module served). Empty for an option without a plan, whose card
        // then leaves the row out.
        let plan = x.plan.as_ref().map_or_else(String::new, |p| {
            let mut text = plan_text(lang, p);
            if let Some(first) = text.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            text.push('.');
            if let Some(why) = plan_why(lang, p) {
                text.push(' ');
                text.push_str(&why);
            }
            if let Some(a) = &x.alternative {
                text.push(' ');
                text.push_str(&alternative_text(lang, &f, r.horizon_months, a));
            }
            text
        });
        cells.push(figures(
            &x.costs,
            basis,
            capacity_tag(lang, x.capacity),
            plan,
        ));
    }
    crate::first::chart_views::Columns {
        keys: [
            "price", "capacity", "monthly", "once", "total", "stop", "lines", "plan",
        ]
        .map(str::to_owned)
        .to_vec(),
        heads: vec![
            t.embed_col_price().to_owned(),
            t.embed_col_capacity().to_owned(),
            monthly_average_label(t),
            t.col_one_time().to_owned(),
            t.col_total().replace("{n}", &r.horizon_months.to_string()),
            t.col_stop().replace("{n}", &r.horizon_months.to_string()),
            t.embed_col_lines().to_owned(),
            t.plan_label().to_owned(),
        ],
        cells,
    }
}

/// Financed by a loan shorter than the horizon, own's running figure averages the loan's
/// payments over the horizon, while the money goes out at the payment during the term and
/// without it after: that, or `None`. (`{n}` is left for the caller's template.)
fn loan_note(lang: Lang, f: &Fmt, ev: &Evaluated) -> Option<String> {
    let r = &ev.report;
    match (&ev.scenario.own.financing, r.own.loan_payment) {
        (gpu_tco_core::Financing::Loan { term_months, .. }, Some(payment))
            if *term_months < r.horizon_months =>
        {
            Some(
                lang.t()
                    .monthly_note_loan()
                    .replace("{payment}", &f.money(payment, 0))
                    .replace("{term}", &term_months.to_string()),
            )
        }
        _ => None,
    }
}

/// The note under the embed's costs table: the running cost is an average over the horizon
/// (own's loan payments too), and, where a price is in the other currency, the exchange rate it
/// is converted at.
fn costs_note(ev: &Evaluated, lang: Lang) -> String {
    let t = lang.t();
    let s = &ev.scenario;
    let mut note = t
        .embed_costs_average()
        .replace("{n}", &ev.report.horizon_months.to_string());
    if let Some(loan) = loan_note(lang, &fmt_for(lang, &ev.report), ev) {
        note.push(' ');
        note.push_str(&loan.replace("{n}", &ev.report.horizon_months.to_string()));
    }
    if let Some(other) = std::iter::once(s.own.currency)
        .chain(s.rent.iter().map(|o| o.currency))
        .find(|c| *c != s.finance.display_currency)
    {
        note.push_str(
            &t.embed_costs_fx()
                .replace("{from}", other.code())
                .replace("{rate}", &Fmt::plain(lang).number(s.finance.usd_per_eur, 4)),
        );
    }
    note
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
    let title = t.pv_title().replace(
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
                    <td data-label=t.pv_col_total() data-testid=format!("pv-rent-{i}-total")>{f.money_opt(x.costs.npv, 0)}</td>
                    <td data-label=t.pv_col_per() data-testid=format!("pv-rent-{i}-per-gpu-hour")>
                        {f.money_opt(x.costs.levelized_cost_per_productive_gpu_hour, 2)}
                    </td>
                    <td data-label=t.col_break_even() data-testid=format!("pv-rent-{i}-break-even")>
                        {payback_text(lang, x.discounted_break_even_month, x.discounted_break_even_by_sale)}
                    </td>
                    <td data-label=t.col_savings() data-testid=format!("pv-rent-{i}-savings")>
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
                            <th scope="col">{t.col_option()}</th>
                            <th scope="col">{t.pv_col_total()}</th>
                            <th scope="col">{t.pv_col_per()}</th>
                            <th scope="col">{t.col_break_even()}</th>
                            <th scope="col">{t.col_savings()}</th>
                        </tr>
                    </thead>
                    <tbody>
                        <tr data-testid="pv-row-own" class="own">
                            <th scope="row">
                                <span class="swatch c0" aria-hidden="true"></span>
                                {r.own.costs.label.clone()}
                            </th>
                            <td data-label=t.pv_col_total() data-testid="pv-own-total">{f.money(own_npv, 0)}</td>
                            <td data-label=t.pv_col_per() data-testid="pv-own-per-gpu-hour">
                                {f.money_opt(r.own.costs.levelized_cost_per_productive_gpu_hour, 2)}
                            </td>
                            <td class="na">"–"</td>
                            <td class="na">"–"</td>
                        </tr>
                        {rows}
                    </tbody>
                </table>
            </div>
            <p class="table-note">{t.pv_note()}</p>
        }
        .into_any(),
    )
}

/// What the result line and a phone's answer add after an answer's figures over the ranges of
/// `scenario`: the share of cases in which owning is cheaper against `x` and the median
/// saving; discounted, both in present value, as the verdict's sentence over the ranges ends
/// (as paid they would overstate what owning saves today).
fn live_range(
    lang: Lang,
    f: &Fmt,
    scenario: &gpu_tco_core::Scenario,
    x: &gpu_tco_core::ranges::RentSpread,
) -> String {
    let t = lang.t();
    let (verdict, p50, template) = match &x.discounted_savings_with_own {
        Some(d) => (
            d.verdict,
            d.savings.p50,
            t.live_range_pv()
                .replace("{rate}", &rate_text(lang, f, scenario)),
        ),
        None => (x.verdict, x.savings_with_own.p50, t.live_range().to_owned()),
    };
    let (gpu_tco_core::ranges::Verdict::Clear {
        own_cheaper_percent,
    }
    | gpu_tco_core::ranges::Verdict::CloseCall {
        own_cheaper_percent,
    }) = verdict;
    template
        .replace("{n}", &own_cheaper_percent.to_string())
        .replace("{p50}", &f.money(p50, 0))
}

/// An answer's savings and break-even month in present value, where the scenario discounts: what
/// the result line and a phone's answer add after the figures as paid.
fn live_pv(lang: Lang, f: &Fmt, scenario: &gpu_tco_core::Scenario, a: &Answer) -> Option<String> {
    let t = lang.t();
    let saves = a.discounted_savings_with_own?;
    let rate = percent_text(lang, f, scenario.finance.discount_rate_percent);
    let text = if saves >= Decimal::ZERO {
        t.live_pv_own().replace("{x}", &f.money(saves, 0)).replace(
            "{when}",
            &payback_text(
                lang,
                a.discounted_break_even_month,
                a.discounted_break_even_by_sale,
            ),
        )
    } else {
        t.live_pv_rent().replace("{x}", &f.money(-saves, 0))
    };
    Some(text.replace("{rate}", &rate))
}

/// The verdict's two answers, each in one short sentence (`live-held`, `live-risk`): what the
/// result line and a phone's answer at the top say.
fn answer_lines(ctx: Ctx) -> Vec<(&'static str, String)> {
    let lang = ctx.lang.get();
    let t = lang.t();
    // Over the scenario's ranges, once they are computed: the point figures alone would give
    // the best case of a one-sided range as the answer.
    let spread = crate::first::spread::current(ctx);
    ctx.shown.with(|shown| {
        let Some(ev) = shown else {
            return Vec::new();
        };
        let r = &ev.report;
        // No GPU busy at any hour: the verdict's one sentence, not an answer it does not give.
        // Every rent option removed: the verdict's sentence, not an empty answer (a phone's top
        // box held only its link, its result line an empty strip); before the load's, as there.
        if r.rent.is_empty() {
            return vec![("live-no-rent", t.verdict_no_rent().to_owned())];
        }
        if r.load.peak_gpus == 0 {
            return vec![("live-no-load", t.verdict_no_load().to_owned())];
        }
        let f = fmt_for(lang, r);
        let over_ranges = |a: &Answer| {
            let x = spread
                .as_ref()?
                .rent
                .get(a.rent_index)
                .filter(|_| !a.alternative)?;
            Some(live_range(lang, &f, &ev.scenario, x))
        };
        let answers = [
            ("live-held", t.live_held(), true, &r.answers.holds_capacity),
            // Only while it pays: dearer than holding capacity it is no answer to give.
            (
                "live-risk",
                t.live_risk(),
                false,
                if r.answers.risk_pays() {
                    &r.answers.accepts_risk
                } else {
                    &None
                },
            ),
        ];
        answers
            .into_iter()
            .filter_map(|(id, class, held, a)| {
                let a = a.as_ref()?;
                let option = answer_option(lang, a, held);
                let template = if a.savings_with_own >= Decimal::ZERO {
                    t.live_own()
                } else {
                    t.live_rent()
                };
                let mut text = template
                    .replace("{class}", class)
                    .replace(
                        "{when}",
                        &payback_text(lang, a.break_even_month, a.break_even_by_sale),
                    )
                    .replace("{option}", &option)
                    .replace("{x}", &f.money(a.savings_with_own.abs(), 0))
                    .replace("{n}", &r.horizon_months.to_string());
                // Discounted, the answer in present value too, as the verdict gives it: the
                // figures as paid alone would overstate what owning saves today.
                if let Some(pv) = live_pv(lang, &f, &ev.scenario, a) {
                    text = format!("{text} {pv}");
                }
                if let Some(range) = over_ranges(a) {
                    text = format!("{text} {range}");
                }
                Some((id, text))
            })
            .collect()
    })
}

/// What the answers a phone shows at the top assume of their offers' prices: the change ("−12.5%",
/// or each with its offer), for [`Texts::top_change`] or [`ChangeEnds::at_today`] (the
/// verdict's sentences on it are screens below); `None` where no price changes.
fn answer_changes(ctx: Ctx) -> Option<String> {
    let lang = ctx.lang.get();
    let t = lang.t();
    ctx.shown.with(|shown| {
        let ev = shown.as_ref()?;
        let answers = &ev.report.answers;
        let risk = answers
            .accepts_risk
            .as_ref()
            .filter(|_| answers.risk_pays());
        let mut changes: Vec<(Decimal, String)> = Vec::new();
        for a in [answers.holds_capacity.as_ref(), risk]
            .into_iter()
            .flatten()
        {
            let Some(c) = price_change(ev, a).filter(|_| ev.report.load.peak_gpus > 0) else {
                continue;
            };
            if !changes.iter().any(|x| x.0 == c) {
                changes.push((c, quoted(lang, &a.label)));
            }
        }
        let f = Fmt::plain(lang);
        let change = match changes.as_slice() {
            [] => return None,
            [(c, _)] => f.percent_value(*c, 1),
            _ => changes
                .iter()
                .map(|(c, name)| format!("{} ({name})", f.percent_value(*c, 1)))
                .collect::<Vec<_>>()
                .join(t.top_change_and()),
        };
        Some(change)
    })
}

/// A phone's answer at the top of the page (its inputs come first, the results some screens
/// below): the verdict's two sentences and the way down to the results and charts. Hidden in a
/// wide window, where the results are beside the inputs.
#[component]
pub fn AnswerAtTop(
    /// Whether it repeats the page's notice (a link refused, presets left out): the page's
    /// stands under the actions, some screens below on a phone; the embed's stands above this.
    #[prop(optional)]
    notice: bool,
) -> impl IntoView {
    let ctx = Ctx::get();
    let models = UnlikeModels::get();
    let ends = PriceEnds::get();
    let lines = move || {
        if !ctx.phone.get() {
            return Vec::new();
        }
        answer_lines(ctx)
    };
    view! {
        <section class="answer-top" data-testid="answer-top" aria-labelledby="h-answer-top">
            <h2 id="h-answer-top" class="visually-hidden">{tr(|t| t.answer_top())}</h2>
            // A link refused or presets left out: these answers are then not the ones asked for.
            {move || {
                (notice && ctx.phone.get())
                    .then(|| ctx.notice.with(|n| n.as_ref().filter(|n| n.0).map(|n| n.1.clone())))
                    .flatten()
                    .map(|text| view! { <p class="top-notice" data-testid="top-notice">{text}</p> })
            }}
            // Options on different GPU models: said before the answers it qualifies.
            {move || {
                (ctx.phone.get() && models.with(Option::is_some)).then(|| {
                    view! { <p data-testid="top-models">{tr(|t| t.models_short())}</p> }
                })
            }}
            // An input the draft cannot take: these answers still use its previous value.
            {move || {
                (ctx.phone.get() && ctx.is_stale()).then(|| {
                    view! { <p class="stale-mark" data-testid="top-stale">{move || stale_mark(ctx)}</p> }
                })
            }}
            {move || {
                lines()
                    .into_iter()
                    .map(|(id, text)| {
                        view! { <p data-testid=id.replacen("live-", "top-", 1)>{text}</p> }
                    })
                    .collect_view()
            }}
            {move || {
                ctx.phone
                    .get()
                    .then(|| answer_changes(ctx))
                    .flatten()
                    .map(|change| {
                        // With the held answer at today's prices, where the ends are known: the
                        // default's turns there (the verdict's sentence on it is screens below).
                        let lang = ctx.lang.get();
                        let text = ends
                            .with(|e| {
                                ctx.shown.with(|s| {
                                    e.as_ref()
                                        .zip(s.as_ref())
                                        .map(|(e, ev)| e.at_today(lang, &ev.report, &change))
                                })
                            })
                            .unwrap_or_else(|| lang.t().top_change().replace("{change}", &change));
                        view! { <p class="assumes" data-testid="top-change">{text}</p> }
                    })
            }}
            <button type="button" class="link" id="to-results"
                on:click=move |_| focus_later("h-results".to_owned())>
                {tr(|t| t.to_results())}
            </button>
        </section>
    }
}

/// The compact result line a phone keeps in view while an input has the focus or a slider is
/// dragged (the results are far below the inputs there): the verdict's two answers (holding
/// capacity, accepting the risk while it pays), each with its break-even month and savings. The
/// stylesheet shows it while an input of the inputs has the focus or a slider is dragged, and the
/// answer it repeats (at the top on a phone, the verdict beside the inputs) is out of view.
#[component]
pub fn LiveResult(
    /// Whether a slider is being dragged.
    dragging: Signal<bool>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let models = UnlikeModels::get();
    let lines = move || {
        // The line shows only while the answer is out of view: else nothing to compute.
        if !ctx.verdict_away.get() {
            return Vec::new();
        }
        answer_lines(ctx)
    };
    view! {
        <div class="live-result" data-testid="live-result" class:dragging=move || dragging.get()>
            // An input the draft cannot take (the box being edited, most often): these answers
            // are from before it, as the results' own notice says far below.
            {move || {
                (ctx.verdict_away.get() && ctx.is_stale()).then(|| {
                    view! { <p class="stale-mark" data-testid="live-stale">{move || stale_mark(ctx)}</p> }
                })
            }}
            {move || {
                lines()
                    .into_iter()
                    .map(|(id, text)| view! { <p data-testid=id>{text}</p> })
                    .collect_view()
            }}
            {move || {
                (ctx.verdict_away.get() && models.with(Option::is_some)).then(|| {
                    view! { <p data-testid="live-models">{tr(|t| t.models_marker())}</p> }
                })
            }}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::first::chart_views::tests::evaluated;
    use gpu_tco_core::Scenario;
    use gpu_tco_core::ranges::{Range, RangeInput, Sampling, spread};

    /// The verdict's sentence with test id `id`.
    fn sentence(v: &[(&'static str, String)], id: &str) -> Option<String> {
        v.iter().find(|(i, _)| *i == id).map(|(_, s)| s.clone())
    }

    /// The embed's costs table: each option's price as entered and the page table's figures,
    /// which add up (own: 60 × €7,295 running + €284,125 one-time ≈ €721,843, the running
    /// column rounded), with the conversion said since the AWS prices are in US dollars.
    #[test]
    fn embed_costs_table_gives_prices_and_totals() {
        let ev = crate::first::chart_views::tests::default_evaluated();
        let c = cost_columns(&ev, Lang::En);
        assert_eq!(
            c.heads,
            [
                "Price",
                "Capacity",
                "Running cost per month (average)",
                "One-time, net of resale",
                "Total over 60 months",
                "Stop at month 60",
                "Made up of",
                "Plan billed"
            ]
        );
        let row = |k: usize| c.cells.get(k).cloned().unwrap_or_default();
        // Own's one-time amounts and running cost, line by line: 5,000 + 319,000 − 39,875 =
        // 284,125 and 818 + 1,419 + 2,658 + 2,400 = 7,295.
        assert_eq!(
            row(0),
            [
                "€319,000 per server, 1 server bought",
                "own servers, no spare",
                "€7,295",
                "€284,125",
                "€721,843",
                "€721,843",
                "Setup €5,000 one-time; Hardware €319,000 one-time; Resale value (credit) \
                 −\u{2060}€39,875 one-time; Power €818 a month; Colocation €1,419 a month; \
                 Hardware support €2,658 a month; Staff €2,400 a month",
                ""
            ]
        );
        assert_eq!(
            row(1),
            [
                "US$63.30 per instance-hour, 8 GPUs billed",
                "holds capacity",
                "€31,151",
                "€0",
                "€1,869,062",
                "€1,869,062",
                "Compute €31,044 a month; Storage €107 a month",
                ""
            ]
        );
        // A savings plan's price is the on-demand rate it bills a share of; committing nothing,
        // it costs what on-demand start/stop (option 2) does, and its plan says why.
        let sp = row(3);
        assert_eq!(
            sp.first().map(String::as_str),
            Some(
                "US$63.30 per instance-hour on demand (3-year term at 0.43 × that rate), 8 GPUs \
                 billed"
            )
        );
        assert_eq!(sp.get(2..5), row(2).get(2..5));
        assert!(
            sp.last()
                .is_some_and(|p| p.starts_with("No instance committed; ")
                    && p.ends_with(
                        "With none committed this costs what on-demand start/stop costs."
                    )),
            "{sp:?}"
        );
        // The reservation under a 3-year plan: its plan's rate, and the 12 months of its second
        // term it owes at month 60.
        assert_eq!(
            row(4).first().map(String::as_str),
            Some(
                "US$63.30 per instance-hour on demand (3-year term at 0.43 × that rate), 8 GPUs \
                 billed"
            )
        );
        assert_eq!(
            row(4).get(5).map(String::as_str),
            Some("€1,036,144 (Rest of commitment €137,694)")
        );
        assert_eq!(
            row(6),
            [
                "€14,600 per server-month, 8 GPUs billed",
                "holds capacity",
                "€11,378",
                "€0",
                "€682,707",
                "€682,707",
                "Compute €11,378 a month",
                ""
            ]
        );
        assert_eq!(c.cells.len(), 7);
        assert_eq!(
            costs_note(&ev, Lang::En),
            "“Running cost per month” is an average over the 60 months, with each option's \
             yearly price change. All amounts except the prices are rounded to whole units: 60 times \
             the running cost plus the one-time amounts can differ from the total by up to half a unit a \
             month. Prices in USD are converted at 1.16 US dollars per euro."
        );
        let de = cost_columns(&ev, Lang::De);
        assert_eq!(
            de.cells.first().and_then(|r| r.first()).map(String::as_str),
            Some("319.000\u{a0}€ je Server, 1 Server gekauft")
        );
        // Capacity blocks bill their block price, not the option's price; a spot batch option
        // names its spot price beside its service window's.
        let mut s = ev.scenario.clone();
        if let [blocks, spot, ..] = s.rent.as_mut_slice() {
            blocks.billing = gpu_tco_core::Billing::CapacityBlock {
                block_days: 7,
                blocks_per_year: 52,
                block_price: Decimal::new(4000, 2),
            };
            spot.billing = gpu_tco_core::Billing::SpotBatch {
                spot_price: Decimal::new(2150, 2),
                rework_percent: Decimal::new(5, 0),
                service: gpu_tco_core::ServiceBilling::AlwaysOn,
            };
        }
        let other = crate::first::chart_views::tests::evaluated(s);
        let c = cost_columns(&other, Lang::En);
        let price = |k: usize| c.cells.get(k).and_then(|r| r.first()).cloned();
        assert_eq!(
            price(1).as_deref(),
            Some("US$40 per instance-hour in capacity blocks, 8 GPUs billed")
        );
        assert_eq!(
            price(2).as_deref(),
            Some("US$63.30 per instance-hour, batch on spot at US$21.50, 8 GPUs billed")
        );
        // Everything in euros: no conversion to speak of.
        let mut s = ev.scenario.clone();
        for o in &mut s.rent {
            o.currency = gpu_tco_core::Currency::Eur;
        }
        let eur = crate::first::chart_views::tests::evaluated(s);
        assert_eq!(
            costs_note(&eur, Lang::En),
            "“Running cost per month” is an average over the 60 months, with each option's \
             yearly price change. All amounts except the prices are rounded to whole units: 60 times \
             the running cost plus the one-time amounts can differ from the total by up to half a \
             unit a month."
        );
    }

    /// Under the table: own has no spare server, which a cloud reservation does not need; said
    /// while an option holds capacity (the default's bare metal and AWS plans do).
    #[test]
    fn own_without_a_spare_is_said_under_the_table() {
        let ev = crate::first::chart_views::tests::default_evaluated();
        let r = &ev.report;
        let notes = table_notes(Lang::En, &fmt_for(Lang::En, r), r, true);
        assert_eq!(
            sentence(&notes, "spare-note").as_deref(),
            Some(
                "Own is priced with 1 server and no spare: a hardware fault stops the load on \
                 a server until it is repaired under its support contract, while the cloud \
                 starts an instance held for you again on other hardware. A bare-metal server \
                 rented by the month has the same risk as your own. To price a spare, set \
                 “Spare servers (N+1)” under “Own server”."
            )
        );
        // With a spare priced, that a bare-metal server rented by the month has none.
        let mut s = Scenario::default();
        s.own.spare_servers = 1;
        let ev = crate::first::chart_views::tests::evaluated(s);
        let r = &ev.report;
        assert_eq!(r.own.spare_servers, 1);
        let notes = table_notes(Lang::En, &fmt_for(Lang::En, r), r, true);
        assert_eq!(
            sentence(&notes, "spare-note").as_deref(),
            Some(
                "Own is priced with 1 server and 1 spare, ready to take over from one that \
                 fails. A bare-metal server rented by the month is priced without one: a hardware \
                 fault stops its load until the provider repairs it, unless the offer includes a \
                 spare."
            )
        );
        // Without an option rented by the server-month, no word of one; German counts after
        // „mit“ (16 GPUs: two servers, and two spares).
        let mut s = Scenario::default();
        s.calendar.service.gpus = 16;
        s.own.spare_servers = 2;
        let ev = crate::first::chart_views::tests::evaluated(s);
        let r = &ev.report;
        let notes = table_notes(Lang::De, &fmt_for(Lang::De, r), r, false);
        assert_eq!(
            sentence(&notes, "spare-note").as_deref(),
            Some(
                "Der eigene Server ist mit 2 Servern und 2 Reserveservern gerechnet, bereit, \
                 einen ausgefallenen zu ersetzen."
            )
        );
        // Only options at risk (start/stop, Nebius stopped): nothing holds capacity.
        let mut s = Scenario::default();
        s.rent = vec![s.rent[1].clone()];
        let ev = crate::first::chart_views::tests::evaluated(s);
        let r = &ev.report;
        assert!(r.answers.holds_capacity.is_none());
        let notes = table_notes(Lang::De, &fmt_for(Lang::De, r), r, false);
        assert_eq!(sentence(&notes, "spare-note"), None);
    }

    /// Every rent option removed: the verdict says there is nothing to compare owning with and
    /// where to add an option, in both languages (it was an empty box).
    #[test]
    fn no_rent_option_is_said() {
        let mut s = Scenario::default();
        s.rent.clear();
        let ev = crate::first::chart_views::tests::evaluated(s);
        assert_eq!(
            verdict_sentences(Lang::En, &ev.report),
            [
                "There is no rent option to compare owning with: add one under “Cloud (rent)” \
              with “Add rent option”, or load a preset there."
            ]
        );
        assert_eq!(
            verdict_sentences(Lang::De, &ev.report),
            [Lang::De.t().verdict_no_rent()]
        );
        assert!(
            Lang::De
                .t()
                .verdict_no_rent()
                .contains(Lang::De.t().add_option())
        );
        assert!(
            Lang::En
                .t()
                .verdict_no_rent()
                .contains(Lang::En.t().panel_cloud())
        );
    }

    /// A spare server's GPUs are own's too: billed 16 for a load of 8, and the idle warning
    /// says where the other 8 are.
    #[test]
    fn a_spare_servers_gpus_are_held_and_idle() {
        let mut s = Scenario::default();
        s.own.spare_servers = 1;
        let ev = crate::first::chart_views::tests::evaluated(s);
        let table = Table::new(Lang::En, &ev);
        assert_eq!(table.own.gpus, "16 (8)");
        assert_eq!(table.own.total, "€1,286,719");
        assert_eq!(
            table.own_warnings.first().map(String::as_str),
            Some(
                "Holds 16 GPUs: 8 as spares, ready to take over, and 8 for a load that \
                 needs at most 8."
            )
        );
        let de = Table::new(Lang::De, &ev);
        assert!(
            de.own_warnings[0].starts_with("Hält 16 GPUs: 8 als Reserve, bereit einzuspringen"),
            "{}",
            de.own_warnings[0]
        );
    }

    /// Financed by a loan, the note under the table names the one-time amounts a loan leaves
    /// (no purchase) and that the running figure averages payments which stop with the loan
    /// (a controller's review: €12,980 a month read as the cash-out, which is €16,861 during the
    /// loan and €7,157 after it).
    #[test]
    fn a_loans_running_figure_is_explained() {
        let cash = Table::new(
            Lang::En,
            &crate::first::chart_views::tests::default_evaluated(),
        );
        assert!(
            cash.monthly_note
                .contains("leaves out the one-time amounts (purchase, setup, resale"),
            "{}",
            cash.monthly_note
        );
        let mut s = Scenario::default();
        s.own.financing = gpu_tco_core::Financing::Loan {
            annual_interest_percent: Decimal::from(6),
            term_months: 36,
        };
        let ev = crate::first::chart_views::tests::evaluated(s.clone());
        let loan = Table::new(Lang::En, &ev);
        assert!(
            loan.monthly_note
                .contains("(setup, a loan balance repaid at the horizon, resale, data moved out)"),
            "{}",
            loan.monthly_note
        );
        assert!(
            loan.monthly_note.ends_with(
                "Own's running cost averages the loan payments over the 60 months: €9,705 a month \
                 is paid during the loan's 36 months, and nothing after."
            ),
            "{}",
            loan.monthly_note
        );
        // The embed's costs table says it under its running costs too.
        assert!(
            costs_note(&ev, Lang::En).contains(
                "month. Own's running cost averages the loan payments over the 60 months: €9,705 \
                 a month is paid during the loan's 36 months, and nothing after. Prices in USD"
            ),
            "{}",
            costs_note(&ev, Lang::En)
        );
        let de = Table::new(Lang::De, &ev);
        assert!(
            de.monthly_note
                .ends_with("fließen 9.705\u{a0}€ im Monat ab, danach nichts mehr."),
            "{}",
            de.monthly_note
        );
        // A loan that runs to the horizon or past it: its payment goes out every month.
        s.finance.horizon_months = Some(36);
        let to_end = Table::new(Lang::En, &crate::first::chart_views::tests::evaluated(s));
        assert!(!to_end.monthly_note.contains("averages the loan payments"));
    }

    /// An option that does not cover the load (capacity blocks for 7 of its 21 days) has no
    /// break-even and no savings against owning in the table: they would weigh a third of the
    /// work against the whole ("Owning saves −€351,973"); its capacity column says why.
    #[test]
    fn an_option_that_does_not_cover_the_load_has_no_savings() {
        let ev = crate::first::chart_views::tests::evaluated(
            crate::first::chart_views::tests::with_blocks(7, 12, Decimal::new(41_612, 3)),
        );
        assert_eq!(ev.report.rent[0].capacity, Capacity::NotCovered);
        let table = Table::new(Lang::En, &ev);
        let row = &table.rent[0];
        assert_eq!(row.capacity, "does not cover the load");
        assert_eq!(
            (
                row.break_even.as_str(),
                row.break_even_share.as_str(),
                row.savings.as_str()
            ),
            (NONE, NONE, NONE)
        );
        assert!(!row.negative);
        assert!(
            row.plans
                .iter()
                .all(|(k, _)| k != "break-even-plan" && k != "share-reach"),
            "{:?}",
            row.plans
        );
        // The options that cover it keep their figures.
        assert_ne!(table.rent[1].savings, NONE);
    }

    /// Two shares that round alike are told apart with more decimals; those that differ at one
    /// decimal, or are equal, keep one.
    #[test]
    fn shares_that_round_alike_are_told_apart() {
        let f = Fmt::plain(Lang::En);
        let p = |v: &str| v.parse::<Decimal>().unwrap();
        assert_eq!(
            percents_apart(&f, p("0.6584"), p("0.6575")),
            ("65.84%".to_owned(), "65.75%".to_owned())
        );
        assert_eq!(
            percents_apart(&f, p("0.65843"), p("0.65838")),
            ("65.843%".to_owned(), "65.838%".to_owned())
        );
        assert_eq!(
            percents_apart(&f, p("0.658"), p("0.460")),
            ("65.8%".to_owned(), "46%".to_owned())
        );
        assert_eq!(
            percents_apart(&f, p("0.5"), p("0.5")),
            ("50%".to_owned(), "50%".to_owned())
        );
    }

    /// Each answer whose option's price changes a year says that it assumes so, after the
    /// answer, in both languages; with today's prices held it says nothing.
    #[test]
    fn an_answer_on_a_price_that_changes_says_so() {
        let ev = crate::first::chart_views::tests::default_evaluated();
        let mut en = Summary::new(Lang::En, &ev, None, None);
        let ends = ChangeEnds::of(&ev);
        en.add_changes(Lang::En, &ev, ends.as_ref());
        let ids: Vec<&str> = en.verdict.iter().map(|v| v.0).collect();
        assert_eq!(ids[..3], ["verdict-held", "verdict-risk", "verdict-change"]);
        // Then the held answer at the sourced range's ends: it turns at today's prices held.
        assert_eq!(
            en.verdict[2].1,
            "Both answers assume that the prices of “Bare-metal 8-GPU server, monthly” and \
             “Nebius H200 per GPU, cheapest way” change by \u{2212}12.5% a year from month 13, \
             each year on the year before. Holding capacity: if every cloud price stays at \
             today's level (0% a year), owning is cheaper than “Bare-metal 8-GPU server, \
             monthly” by €154,157 and pays off from month 45; if every cloud price falls 25% a \
             year (the sources' fastest: AWS's 2025 cut, every \
             year), “Bare-metal 8-GPU server, monthly” is cheaper than owning by €187,346."
        );
        let mut de = Summary::new(Lang::De, &ev, None, None);
        de.add_changes(Lang::De, &ev, ends.as_ref());
        assert!(
            de.verdict[2].1.ends_with(
                "Mit vorgehaltener Kapazität gilt: Bleiben alle Cloud-Preise auf heutigem Stand \
                 (0\u{a0}% im Jahr), ist der eigene Server 154.157\u{a0}€ günstiger als \
                 „Bare-metal 8-GPU server, monthly“ und rechnet sich ab Monat 45; fallen alle Cloud-Preise um 25\u{a0}% im Jahr (die schnellste \
                 der Quellen: die Senkung von AWS 2025, jedes Jahr), ist „Bare-metal 8-GPU \
                 server, monthly“ 187.346\u{a0}€ günstiger als der eigene Server."
            ),
            "{}",
            de.verdict[2].1
        );
        // A phone's answer at the top says the held answer at today's prices after its
        // assumption.
        let at_today = ends.as_ref().expect("the default's ends");
        assert_eq!(
            at_today.at_today(Lang::En, &ev.report, "\u{2212}12.5%"),
            "Assumed: cloud prices change by \u{2212}12.5% a year from month 13. Holding \
             capacity, at 0% a year owning is cheaper than “Bare-metal 8-GPU server, monthly” by \
             €154,157; at \u{2212}25% a year “Bare-metal 8-GPU server, monthly” is cheaper than \
             owning by €187,346."
        );
        assert_eq!(
            at_today.at_today(Lang::De, &ev.report, "\u{2212}12,5\u{a0}%"),
            "Angenommen: Die Cloud-Preise ändern sich ab Monat 13 um \u{2212}12,5\u{a0}% im \
             Jahr. Mit vorgehaltener Kapazität: bei 0\u{a0}% im Jahr ist der eigene Server \
             154.157\u{a0}€ günstiger als „Bare-metal 8-GPU server, monthly“; bei \
             \u{2212}25\u{a0}% im Jahr ist „Bare-metal 8-GPU server, monthly“ 187.346\u{a0}€ \
             günstiger als der eigene Server."
        );
        // The ends once more, for the printout alone (which hides the sentence on the change).
        assert_eq!(ids[3], "verdict-ends");
        assert!(
            en.verdict[3]
                .1
                .starts_with("Holding capacity: if every cloud price stays")
                && en.verdict[2].1.ends_with(&en.verdict[3].1),
            "{}",
            en.verdict[3].1
        );
        // Without the ends (a drag not yet at rest), the sentence on the change alone.
        let mut de = Summary::new(Lang::De, &ev, None, None);
        de.add_changes(Lang::De, &ev, None);
        assert!(
            de.verdict[2].1.starts_with(
                "Beide Antworten setzen voraus, dass sich die Preise von „Bare-metal 8-GPU \
                 server, monthly“ und „Nebius H200 per GPU, cheapest way“ ab Monat 13 um \
                 \u{2212}12,5\u{a0}% im Jahr ändern"
            ),
            "{}",
            de.verdict[2].1
        );
        // One answer's price held: the other's alone, after it.
        let mut s = Scenario::default();
        s.rent[4].extras.yearly_price_change_percent = Decimal::ZERO;
        let one = crate::first::chart_views::tests::evaluated(s);
        let mut en = Summary::new(Lang::En, &one, None, None);
        en.add_changes(Lang::En, &one, ChangeEnds::of(&one).as_ref());
        let ids: Vec<&str> = en.verdict.iter().map(|v| v.0).collect();
        assert_eq!(
            ids[..4],
            [
                "verdict-held",
                "verdict-held-change",
                "verdict-ends",
                "verdict-risk"
            ]
        );
        assert!(
            en.verdict[1].1.starts_with(
                "It assumes that the price of “Bare-metal 8-GPU server, monthly” changes by \
                 \u{2212}12.5% a year from month 13"
            ),
            "{}",
            en.verdict[1].1
        );
        // One offer giving both answers (the bare-metal server's price held at 0 %: Nebius
        // held on demand all month is the cheapest way to hold capacity): named once.
        let mut s = Scenario::default();
        s.rent[5].extras.yearly_price_change_percent = Decimal::ZERO;
        let both = crate::first::chart_views::tests::evaluated(s);
        let mut en = Summary::new(Lang::En, &both, None, None);
        en.add_changes(Lang::En, &both, ChangeEnds::of(&both).as_ref());
        let change = en.verdict.iter().find(|v| v.0 == "verdict-change").unwrap();
        assert!(
            change.1.starts_with(
                "It assumes that the price of “Nebius H200 per GPU, cheapest way” changes by"
            ),
            "{}",
            change.1
        );
        let held = crate::first::chart_views::tests::evaluated(
            crate::first::chart_views::tests::prices_held(),
        );
        let mut none = Summary::new(Lang::En, &held, None, None);
        let before = none.verdict.clone();
        assert_eq!(ChangeEnds::of(&held), None, "no change assumed: no ends");
        none.add_changes(Lang::En, &held, None);
        assert_eq!(none.verdict, before);
    }

    /// An offer's message carries the answers, not the notes that point to the page's panels
    /// ("set a discount rate under Finance"; how far the pattern reaches).
    #[test]
    fn an_offers_verdict_leaves_the_notes_out() {
        let ev = crate::first::chart_views::tests::evaluated(
            crate::first::chart_views::tests::prices_held(),
        );
        let all = verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev.report);
        let notes: Vec<_> = all.iter().filter(|(id, _)| is_note(id)).collect();
        assert!(
            notes.iter().any(|(id, _)| *id == "verdict-nominal")
                && notes.iter().any(|(id, _)| *id == "verdict-share-most"),
            "{all:?}"
        );
        let sent = verdict_sentences(Lang::En, &ev.report);
        assert_eq!(sent.len(), all.len() - notes.len());
        for (_, note) in &notes {
            assert!(!sent.contains(note), "{note}");
        }
        assert!(sent.iter().any(|s| s.contains("65.8%")), "{sent:?}");
    }

    /// A printed share marked † (another plan's) is explained by one line under the table, as
    /// ‡ is: on paper the rows' notes are not there to say it. The worked example with today's
    /// prices held has such a share; a scenario whose shares are all their own plan's has no
    /// line.
    #[test]
    fn a_share_of_another_plan_is_explained_once_under_the_table() {
        let mut held = Scenario::default();
        for o in &mut held.rent {
            o.extras.yearly_price_change_percent = Decimal::ZERO;
        }
        let ev = crate::first::chart_views::tests::evaluated(held);
        let table = Table::new(Lang::En, &ev);
        let marked = table
            .rent
            .iter()
            .filter(|row| row.break_even_share.contains('†'))
            .count();
        assert!(marked >= 1, "the worked example has no † share");
        let f = fmt_for(Lang::En, &ev.report);
        let notes = table_notes(Lang::En, &f, &ev.report, true);
        assert_eq!(
            sentence(&notes, "plan-mark-note").as_deref(),
            Some(
                "† At a marked share, another plan of the same offer is the cheapest: the share \
                 is where that plan and owning cost the same."
            )
        );
        let de = table_notes(Lang::De, &fmt_for(Lang::De, &ev.report), &ev.report, true);
        assert!(
            sentence(&de, "plan-mark-note")
                .is_some_and(|s| s.starts_with("† Bei einem so markierten Anteil")),
            "{de:?}"
        );
        // Without the marks, no line.
        let mut s = Scenario::default();
        s.rent.truncate(1);
        let ev = crate::first::chart_views::tests::evaluated(s);
        let table = Table::new(Lang::En, &ev);
        assert!(
            table
                .rent
                .iter()
                .all(|row| !row.break_even_share.contains('†'))
        );
        let notes = table_notes(Lang::En, &fmt_for(Lang::En, &ev.report), &ev.report, true);
        assert_eq!(sentence(&notes, "plan-mark-note"), None);
    }

    /// A break-even share beyond what the load's pattern reaches says so (a controller's review:
    /// 12 months read "owning wins above a productive share of 94.1%" for a pattern of 16 hours a
    /// day, 66.7 % at most); the worked example's 65.8 % is within reach and says nothing more.
    #[test]
    fn a_break_even_share_out_of_the_patterns_reach_is_named() {
        let ev = crate::first::chart_views::tests::evaluated(
            crate::first::chart_views::tests::prices_held(),
        );
        let v = verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev.report);
        assert!(sentence(&v, "verdict-share").is_some_and(|s| s.contains("65.8%")));
        assert!(sentence(&v, "verdict-share-reach").is_none());
        // Within reach, how far it reaches: 65.8 % of at most 66.7 %.
        assert_eq!(
            sentence(&v, "verdict-share-most").as_deref(),
            Some("This load's pattern reaches at most 66.7% (busy every day of the month).")
        );
        let mut s = crate::first::chart_views::tests::prices_held();
        s.finance.horizon_months = Some(12);
        let ev = crate::first::chart_views::tests::evaluated(s);
        let v = verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev.report);
        assert!(
            sentence(&v, "verdict-share").is_some_and(|s| s.contains("94.1%")),
            "{v:?}"
        );
        assert_eq!(
            sentence(&v, "verdict-share-reach").as_deref(),
            Some(
                "This load's pattern reaches at most 66.7% (busy every day of the month), so the \
                 share above is out of its reach."
            )
        );
        assert!(sentence(&v, "verdict-share-most").is_none());
        let de = verdict(Lang::De, &fmt_for(Lang::De, &ev.report), &ev.report);
        assert!(
            sentence(&de, "verdict-share-reach")
                .is_some_and(|s| s.contains("höchstens 66,7\u{a0}%")),
            "{de:?}"
        );
        // The table marks every share out of reach in its cell and says why in its row; the
        // shares within reach keep their plain figure.
        let table = Table::new(Lang::En, &ev);
        let marked: Vec<_> = table
            .rent
            .iter()
            .filter(|row| row.break_even_share.ends_with('‡'))
            .collect();
        assert!(!marked.is_empty(), "no share marked over 12 months");
        for row in &table.rent {
            let note = row.plans.iter().find(|(k, _)| k == "share-reach");
            assert_eq!(row.break_even_share.ends_with('‡'), note.is_some());
        }
        let (_, note) = marked[0]
            .plans
            .iter()
            .find(|(k, _)| k == "share-reach")
            .unwrap();
        assert!(
            note.starts_with("‡ Break-even share ") && note.contains("which is at most 66.7%"),
            "{note}"
        );
        let cheapest = table
            .rent
            .iter()
            .find(|row| row.break_even_share.starts_with("94.1%"))
            .unwrap();
        assert!(cheapest.break_even_share.ends_with('‡'));
        let worked = Table::new(
            Lang::En,
            &crate::first::chart_views::tests::evaluated(
                crate::first::chart_views::tests::prices_held(),
            ),
        );
        assert!(
            worked
                .rent
                .iter()
                .all(|row| !row.break_even_share.contains('‡'))
        );
    }

    /// A break-even month that is the horizon only by the servers' sale then says so, in the
    /// verdict and the table (36 months: the bare-metal server's; at 60 months its 45 is a
    /// crossing and reads as before).
    #[test]
    fn a_break_even_by_the_sale_at_the_horizon_says_so() {
        let mut s = crate::first::chart_views::tests::prices_held();
        s.finance.horizon_months = Some(36);
        let ev = crate::first::chart_views::tests::evaluated(s);
        let v = verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev.report);
        let held = sentence(&v, "verdict-held").unwrap();
        assert!(
            held.ends_with("pays off from month 36 (only by selling the servers then)."),
            "{held}"
        );
        let de = verdict(Lang::De, &fmt_for(Lang::De, &ev.report), &ev.report);
        let held = sentence(&de, "verdict-held").unwrap();
        assert!(
            held.ends_with(
                "rechnet sich in Monat 36 (nur durch den dann fälligen Verkauf der Server)."
            ),
            "{held}"
        );
        let table = Table::new(Lang::En, &ev);
        assert_eq!(
            table.rent[5].break_even,
            "month 36 (only by selling the servers then)"
        );
        assert_eq!(table.rent[0].break_even, "month 10");
        let ev = crate::first::chart_views::tests::evaluated(
            crate::first::chart_views::tests::prices_held(),
        );
        let v = verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev.report);
        assert!(
            sentence(&v, "verdict-held")
                .unwrap()
                .ends_with("pays off from month 45.")
        );
    }

    /// Without a discount rate the verdict says its totals are as paid; with one that turns an
    /// answer (36 months at 8 %: as paid owning is cheaper than the bare-metal server, in present
    /// value the server), the turn comes first, with both figures.
    #[test]
    fn the_discount_rate_turning_an_answer_is_said_first() {
        let ev = crate::first::chart_views::tests::evaluated(
            crate::first::chart_views::tests::prices_held(),
        );
        let v = verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev.report);
        assert_eq!(
            sentence(&v, "verdict-nominal").as_deref(),
            Some(
                "Totals as paid, not discounted: a discount rate (Finance) weighs a server paid up \
                 front against rent paid later."
            )
        );
        assert!(sentence(&v, "verdict-turns").is_none());
        let mut s = crate::first::chart_views::tests::prices_held();
        s.finance.horizon_months = Some(36);
        s.finance.discount_rate_percent = Decimal::from(8);
        let ev = crate::first::chart_views::tests::evaluated(s);
        let v = verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev.report);
        assert_eq!(v[0].0, "verdict-turns");
        assert_eq!(
            v[0].1,
            "Holding capacity, the discount rate turns the answer: as paid, owning is cheaper by \
             €27,241; in present value (discount rate 8% a year, compounded monthly) \
             “Bare-metal 8-GPU server, monthly” is cheaper than owning by €21,401."
        );
        assert!(sentence(&v, "verdict-nominal").is_none());
        let de = verdict(Lang::De, &fmt_for(Lang::De, &ev.report), &ev.report);
        assert!(
            de[0].1.starts_with(
                "Mit vorgehaltener Kapazität kehrt der Kalkulationszins die Antwort um: nominal ist \
                 der eigene Server 27.241"
            ),
            "{}",
            de[0].1
        );
    }

    /// The 3-year plan over 60 months ends in its renewed term: the warning says the term is taken
    /// again from month 37 (a cloud advocate read "owes 12 more months" as an extra year billed).
    #[test]
    fn a_renewed_term_is_named_as_renewed() {
        let ev = crate::first::chart_views::tests::default_evaluated();
        let owed: Vec<String> = ev
            .report
            .rent
            .iter()
            .flat_map(|x| &x.costs.warnings)
            .filter(|w| matches!(w, gpu_tco_core::Warning::OwedAfterHorizon { .. }))
            .map(|w| crate::i18n::warning_message(Lang::En, w))
            .collect();
        assert!(
            owed.iter().any(|m| m.starts_with(
                "The horizon ends inside the term renewed at month 37: stopping there still \
                 owes 12 months"
            )),
            "{owed:?}"
        );
    }

    /// Over 40 months the 3-year plan is not renewed at month 37 in the figure for stopping:
    /// its row says so, in both languages, and its stop column's line is named for it.
    #[test]
    fn a_renewal_not_made_when_stopping_is_said() {
        let mut s = Scenario::default();
        s.finance.horizon_months = Some(40);
        let ev = crate::first::chart_views::tests::evaluated(s);
        let said = |lang| -> Vec<String> {
            ev.report
                .rent
                .iter()
                .flat_map(|x| &x.costs.warnings)
                .filter(|w| matches!(w, gpu_tco_core::Warning::NotRenewed { .. }))
                .map(|w| crate::i18n::warning_message(lang, w))
                .collect()
        };
        assert!(
            said(Lang::En).iter().any(|m| m
                == "The plan's term ends with month 36: stopping at month 40, it is not \
                    renewed, and from month 37 it runs on demand, which costs less than \
                    renewing and still owing 32 months. The “Stop at month 40” column adds that \
                    on-demand premium; the total prices these months at the plan rate."),
            "{:?}",
            said(Lang::En)
        );
        assert!(
            said(Lang::De).iter().any(|m| m.starts_with(
                "Die Laufzeit des Tarifs endet mit Monat 36: Bei Ausstieg in Monat 40"
            )),
            "{:?}",
            said(Lang::De)
        );
        assert_eq!(
            crate::i18n::cost_name(Lang::En, gpu_tco_core::CostKind::NotRenewed),
            "Final months on demand (plan not renewed)"
        );
    }

    /// One month is one month in the warnings ("owes 1 more months" over 35 months with a
    /// 3-year plan), in both languages.
    #[test]
    fn one_month_is_one_month() {
        use gpu_tco_core::Warning;
        let say = crate::i18n::warning_message;
        let owed = Warning::OwedAfterHorizon {
            months: 1,
            term_months: 36,
            term_from: 1,
        };
        assert_eq!(
            say(Lang::En, &owed),
            "The horizon ends inside a term: stopping there still owes 1 month (only in the \
             “Stop at month 35” column)."
        );
        assert!(
            say(Lang::De, &owed).contains("zahlt noch 1 Monat (nur"),
            "{}",
            say(Lang::De, &owed)
        );
        let loan = Warning::LoanOutstanding { months_left: 1 };
        assert!(say(Lang::En, &loan).starts_with("The loan runs 1 month past"));
        assert!(say(Lang::De, &loan).starts_with("Der Kredit läuft 1 Monat über"));
        let renew = Warning::NotRenewed {
            from: 37,
            months: 1,
            owed_months: 35,
        };
        assert!(say(Lang::En, &renew).starts_with(
            "The plan's term ends with month 36: stopping at month 37, it is not renewed, \
                 and from month 37 it runs on demand, which costs less than renewing and still \
                 owing 35 months."
        ));
        assert!(
            say(Lang::De, &renew).starts_with(
                "Die Laufzeit des Tarifs endet mit Monat 36: Bei Ausstieg in Monat 37"
            )
        );
        let owed = Warning::OwedAfterHorizon {
            months: 12,
            term_months: 36,
            term_from: 37,
        };
        assert!(say(Lang::De, &owed).contains("zahlt noch 12 Monate (nur"));
    }

    /// A load of one GPU is counted as one ("at most 1 GPU", not "1 GPUs").
    #[test]
    fn one_gpu_is_one_gpu() {
        let mut s = Scenario::default();
        s.calendar.service.gpus = 1;
        for w in &mut s.calendar.batch {
            w.gpus = 1;
        }
        let ev = crate::first::chart_views::tests::evaluated(s);
        let note = idle_note(Lang::En, &ev).expect("every option bills idle GPUs");
        assert!(
            note.starts_with(
                "The load needs at most 1 GPU; paid for and idle: “8× H200 server, own”: 8 \
                 GPUs, 7 idle; "
            ),
            "{note}"
        );
        let de = idle_note(Lang::De, &ev).expect("in German too");
        assert!(
            de.starts_with(
                "Die Last braucht höchstens 1 GPU; bezahlt und ungenutzt: „8× H200 server, \
                 own“: 8 GPUs, 7 ungenutzt; "
            ),
            "{de}"
        );
    }

    /// A scenario with one rent option has no cheapest way to name: the answer says it is the
    /// only one compared (the demo's German embed said "Am günstigsten" of one option).
    #[test]
    fn one_rent_option_is_named_as_the_only_one() {
        let mut s = crate::first::chart_views::tests::prices_held();
        s.rent = vec![s.rent[5].clone()];
        let ev = crate::first::chart_views::tests::evaluated(s);
        let held = |lang| {
            sentence(
                &verdict(lang, &fmt_for(lang, &ev.report), &ev.report),
                "verdict-held",
            )
            .expect("the held answer")
        };
        let en = held(Lang::En);
        assert!(
            en.contains(
                "when the users come): the only rent option compared is “Bare-metal 8-GPU \
                 server, monthly”, €876,000 over 60 months."
            ),
            "{en}"
        );
        let de = held(Lang::De);
        assert!(
            de.contains("kommen): Die einzige verglichene Mietoption ist „Bare-metal"),
            "{de}"
        );
    }

    /// An answer on a preset's price says where that price comes from, right after it (the
    /// default's held answer on the bare-metal server's example price), and no longer once
    /// the visitor has entered a price of their own.
    #[test]
    fn an_answer_on_a_preset_price_names_its_source() {
        let ev = crate::first::chart_views::tests::evaluated(
            crate::first::chart_views::tests::prices_held(),
        );
        let entry = |id: &str| {
            gpu_tco_core::presets::preset(id)
                .and_then(|p| p.entry("price"))
                .expect("the preset's price")
        };
        let sourced = |edited: bool| {
            move |path: &str| {
                let entry = match path {
                    "rent.5.price" => entry("bare-metal-monthly"),
                    "rent.4.price" => entry("nebius-h200"),
                    _ => return None,
                };
                Some(crate::state::Sourced { entry, edited })
            }
        };
        let mut summary = Summary::new(Lang::En, &ev, None, None);
        summary.add_bases(Lang::En, &ev, sourced(false));
        let ids: Vec<&str> = summary.verdict.iter().map(|v| v.0).collect();
        assert_eq!(
            ids,
            [
                "verdict-held",
                "verdict-held-basis",
                "verdict-risk",
                "verdict-risk-basis",
                "verdict-nominal",
                "verdict-share",
                "verdict-share-most"
            ]
        );
        assert_eq!(
            summary.verdict[1].1,
            "This answer rests on the preset price of “Bare-metal 8-GPU server, monthly”: €14,600 per server-month (the method's second article, “KI-Inferenz auf Bare Metal” (2026): specialised GPU clouds 2–3 EUR per GPU-hour, as of 2026; 2.50 EUR per GPU-hour × 730 h × 8 GPUs as a flat monthly price; no GPU model named, so its GPU-hour counts as one of any other option's; ask for a real offer naming the model)."
        );
        assert_eq!(
            summary.verdict[3].1,
            "This answer rests on the preset price of “Nebius H200 per GPU, cheapest way”: US$3.50 per GPU-hour (provider catalogue, as of 2026; specialised GPU cloud; its H100 lists at US$2.95 per GPU-hour)."
        );
        let mut summary = Summary::new(Lang::De, &ev, None, None);
        summary.add_bases(Lang::De, &ev, sourced(false));
        assert_eq!(
            summary.verdict[1].1,
            "Diese Antwort beruht auf dem Preis der Vorlage für „Bare-metal 8-GPU server, monthly“: 14.600\u{a0}€ je Server-Monat (zweiter Artikel der Methode, „KI-Inferenz auf Bare Metal“ (2026): spezialisierte GPU-Clouds 2–3 EUR je GPU-Stunde, Stand 2026; 2,50 EUR je GPU-Stunde × 730 Std. × 8 GPUs als Monatspauschale; kein GPU-Modell genannt, seine GPU-Stunde zählt daher wie die jeder anderen Option; fragen Sie ein echtes Angebot mit Modell an)."
        );
        let mut summary = Summary::new(Lang::En, &ev, None, None);
        summary.add_bases(Lang::En, &ev, sourced(true));
        assert_eq!(summary.verdict.len(), 5);
    }

    /// A savings plan's preset price is the on-demand rate: its basis says the plan bills a
    /// share of it (US$63.30 read as the plan's own rate).
    #[test]
    fn a_savings_plans_basis_says_its_price_is_on_demand() {
        let mut s = crate::first::chart_views::tests::prices_held();
        // The bare-metal server dearer: the 3-year plans hold capacity most cheaply.
        s.rent[5].price = Decimal::from(20000);
        let ev = evaluated(s);
        let held = ev.report.answers.holds_capacity.as_ref().unwrap();
        let index = held.rent_index;
        let id = match ev.scenario.rent[index].billing {
            gpu_tco_core::Billing::SavingsPlan { .. } => "aws-p5en-savings-plan-3y",
            gpu_tco_core::Billing::ReservedSavingsPlan { .. } => {
                "aws-p5en-reserved-savings-plan-3y"
            }
            ref other => panic!("held by {other:?}"),
        };
        let prefix = format!("rent.{index}.");
        let sourced = |p: &str| {
            let key = p.strip_prefix(&prefix)?;
            Some(crate::state::Sourced {
                entry: gpu_tco_core::presets::preset(id).and_then(|p| p.entry(key))?,
                edited: false,
            })
        };
        let mut summary = Summary::new(Lang::En, &ev, None, None);
        summary.add_bases(Lang::En, &ev, sourced);
        let basis = &summary.verdict[1];
        assert_eq!(basis.0, "verdict-held-basis");
        assert!(
            basis.1.contains(": US$63.30 per instance-hour on demand ("),
            "{}",
            basis.1
        );
        // The share its plan bills follows, with the plan's own source.
        assert!(
            basis.1.ends_with(
                "). Its plan (a savings plan, reservation or commitment for a term) bills 0.43 × \
                 that rate (AWS Savings Plan price file (secondary), as of 2026-10)."
            ),
            "{}",
            basis.1
        );
    }

    /// With a discount rate each answer gets its present value, not only the cheapest row: the
    /// held answer (bare metal) saves far less discounted than its €154,157 undiscounted.
    #[test]
    fn each_answer_has_its_present_value() {
        let mut s = crate::first::chart_views::tests::prices_held();
        s.finance.discount_rate_percent = Decimal::from(8);
        let ev = evaluated(s);
        let r = &ev.report;
        let f = fmt_for(Lang::En, r);
        let v = verdict(Lang::En, &f, r);
        let held = r.answers.holds_capacity.as_ref().unwrap();
        assert_eq!(held.rent_index, 5);
        let x = &r.rent[5];
        let pv = x.discounted_savings_with_own.unwrap();
        assert!(pv > Decimal::ZERO && pv < held.savings_with_own, "{pv}");
        // Discounted at 8 %: €63,021 from month 53, against €154,157 from month 45.
        assert_eq!(f.money(pv, 0), "€63,021");
        assert_eq!(x.discounted_break_even_month, Some(53));
        assert_eq!(
            sentence(&v, "verdict-pv").unwrap(),
            format!(
                "Holding capacity, in present value (discount rate 8% a year, compounded monthly): owning \
                 saves {} against \u{201c}Bare-metal 8-GPU server, monthly\u{201d} and pays off from {}.",
                f.money(pv, 0),
                month_text(Lang::En, x.discounted_break_even_month)
            )
        );
        // The risk answer (Nebius, stopped outside the busy hours) in present value too.
        let nebius = &r.rent[4];
        let pv = nebius.discounted_savings_with_own.unwrap();
        assert!(pv < Decimal::ZERO, "{pv}");
        assert_eq!(
            sentence(&v, "verdict-pv-risk").unwrap(),
            format!(
                "Accepting capacity risk, in present value (discount rate 8% a year, compounded monthly): \
                 \u{201c}Nebius H200 per GPU, cheapest way\u{201d} is cheaper than owning by {}.",
                f.money(-pv, 0)
            )
        );
        let de = verdict(Lang::De, &fmt_for(Lang::De, r), r);
        assert!(
            sentence(&de, "verdict-pv")
                .unwrap()
                .starts_with("Mit vorgehaltener Kapazität, als Barwert (Kalkulationszins 8 % p. a., monatlich abgezinst): Gegenüber \u{201e}Bare-metal 8-GPU server, monthly\u{201c} spart der eigene Server 63.021\u{a0}€ und rechnet sich ab Monat 53."),
            "{de:?}"
        );
        // The break-even share compares the totals as paid, and says so when discounting.
        let share = sentence(&v, "verdict-share").unwrap();
        assert!(
            share.contains(" on the totals as paid, not discounted (today: "),
            "{share}"
        );
        let plain = evaluated(crate::first::chart_views::tests::prices_held());
        let p = &plain.report;
        let share = sentence(
            &verdict(Lang::En, &fmt_for(Lang::En, p), p),
            "verdict-share",
        )
        .unwrap();
        assert!(!share.contains("as paid"), "{share}");
    }

    /// The bare-metal server at 7,000 a month: holding capacity costs €420,000, less than the
    /// cheapest way at risk (Nebius, €510,103). The risk answer says it does not pay instead of
    /// naming the dearer way as an answer, and gets no present value.
    #[test]
    fn a_risk_answer_dearer_than_holding_capacity_is_no_answer() {
        let mut s = crate::first::chart_views::tests::prices_held();
        s.rent[5].price = Decimal::from(7000);
        s.finance.discount_rate_percent = Decimal::from(8);
        let ev = evaluated(s);
        let r = &ev.report;
        let v = verdict(Lang::En, &fmt_for(Lang::En, r), r);
        assert_eq!(
            sentence(&v, "verdict-risk").unwrap(),
            "Accepting the capacity risk does not pay here: the cheapest way at risk, \u{201c}Nebius \
             H200 per GPU, cheapest way\u{201d}, costs €510,103 over 60 months, more than the way \
             above that holds capacity."
        );
        assert_eq!(sentence(&v, "verdict-pv-risk"), None);
        assert!(sentence(&v, "verdict-pv").is_some());
        let de = verdict(Lang::De, &fmt_for(Lang::De, r), r);
        assert!(
            sentence(&de, "verdict-risk")
                .unwrap()
                .starts_with("Das Kapazitätsrisiko lohnt sich hier nicht"),
            "{de:?}"
        );
    }

    /// The default with the cloud's price change on its sourced −25 % to 0 % for the bare-metal
    /// offer (rent 5): the held answer's €154,157 lies above that row's P90, and the sentence
    /// names the input that puts it there, in both languages.
    #[test]
    fn the_point_outside_the_band_names_the_input_at_an_end() {
        let mut s = crate::first::chart_views::tests::prices_held();
        s.ranges.inputs.insert(
            RangeInput::CloudPriceChange(5),
            Range {
                low: Decimal::from(-25),
                high: Decimal::ZERO,
            },
        );
        let ev = evaluated(s);
        let sp = spread(&ev.scenario, Sampling::default()).unwrap();
        let en = range_verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev, Some(&sp));
        assert_eq!(en.len(), 2, "{en:?}");
        assert!(
            en[0].ends_with(
                "The €154,157 above lies outside this P10–P90 because it takes “Bare-metal \
                 8-GPU server, monthly: Yearly price change” at 0% (sources' range \u{2212}25% to 0%): \
                 the end of the range that favours owning. The samples spread over the whole \
                 range, so the figure above is owning's best case here and the median (P50) the \
                 middle case."
            ),
            "{}",
            en[0]
        );
        let de = range_verdict(Lang::De, &fmt_for(Lang::De, &ev.report), &ev, Some(&sp));
        assert!(
            de[0].contains(
                "weil sie „Bare-metal 8-GPU server, monthly: Jährliche Preisänderung“ mit \
                 0 % (Spanne der Quellen \u{2212}25 % bis 0 %) annimmt: das Ende der Spanne, das den \
                 Kauf begünstigt."
            ),
            "{}",
            de[0]
        );
    }

    /// A break-even month whose P90 is never reads as the P10's month and the worst case.
    #[test]
    fn a_break_even_range_to_never_reads_as_the_worst_case() {
        use crate::first::spread::months_text;
        assert_eq!(
            months_text(Lang::En, Some(45), None),
            "at best month 45, at worst not within the horizon"
        );
        assert_eq!(
            months_text(Lang::De, Some(45), None),
            "bestenfalls ab Monat 45, im ungünstigsten Fall nicht im Zeitraum"
        );
        assert_eq!(months_text(Lang::En, Some(24), Some(34)), "month 24 to 34");
        assert_eq!(months_text(Lang::En, None, None), "not within the horizon");
    }

    /// Only AWS on demand, AWS start/stop and Nebius per GPU: holding capacity the cheapest is
    /// Nebius' other plan (held all month), which the spread does not price; its band is the
    /// row's (stopped, at risk), so the held answer gets no band of its own, and a sentence says
    /// why.
    #[test]
    fn an_answer_on_an_options_other_plan_gets_no_band() {
        let mut s = Scenario::default();
        s.rent = [0, 1, 4].map(|i| s.rent[i].clone()).to_vec();
        s.ranges.inputs.insert(
            RangeInput::ServerPrice,
            Range {
                low: Decimal::from(275_862),
                high: Decimal::from(362_069),
            },
        );
        let ev = evaluated(s);
        let held = ev.report.answers.holds_capacity.as_ref().unwrap();
        assert!(held.alternative, "{held:?}");
        assert_eq!(held.rent_index, 2);
        let sp = spread(&ev.scenario, Sampling::default()).unwrap();
        let en = range_verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev, Some(&sp));
        assert_eq!(
            en,
            vec![
                en[0].clone(),
                "The ranges price each option as its row does: the other plan of Nebius H200 per \
                 GPU, cheapest way that an answer above names has no band."
                    .to_owned()
            ]
        );
        assert!(
            en[0].starts_with("Over the ranges, against “Nebius H200 per GPU, cheapest way”: "),
            "{}",
            en[0]
        );
    }

    /// With a discount rate the sentence over the ranges says it is as paid and gives the same
    /// answer in present value after it, with the core's figures: against the bare-metal server
    /// (the held answer) owning is cheaper in 44 % of the cases as paid, savings −\u{2060}€135,561 to
    /// €146,890 (median −\u{2060}€20,272), but at 8 % in 28 %, −\u{2060}€159,500 to €57,125 (median
    /// −\u{2060}€65,908), break-even at best month 53 instead of 43. The result line gives the
    /// present value's share and median; without a discount rate nothing changes.
    #[test]
    fn the_ranges_answer_in_present_value_when_discounting() {
        use gpu_tco_core::ranges::{preset_ranges, ranges_of};
        // The sources' ranges of the default, with today's cloud prices held at the point (0 %,
        // an end of its range: a value not the preset's would get no sourced range).
        let mut s = Scenario::default();
        let v: serde_json::Value = serde_json::from_str(gpu_tco_core::DEFAULT_JSON).unwrap();
        let presets = gpu_tco_core::share::default_link_presets(&v);
        s.ranges = ranges_of(&preset_ranges(&s, &presets).unwrap());
        s.rent = crate::first::chart_views::tests::prices_held().rent;
        let as_paid = evaluated(s.clone());
        s.finance.discount_rate_percent = Decimal::from(8);
        let ev = evaluated(s);
        let sp = spread(&ev.scenario, Sampling::default()).unwrap();
        let bare = &sp.rent[5];
        let pv = bare.discounted_savings_with_own.unwrap();
        assert_eq!(
            (pv.savings.p10, pv.savings.p50, pv.savings.p90),
            (
                Decimal::new(-1_776_016_175, 4),
                Decimal::new(-881_447_890, 4),
                Decimal::new(349_165_305, 4)
            )
        );
        let en = range_verdict(Lang::En, &fmt_for(Lang::En, &ev.report), &ev, Some(&sp));
        assert_eq!(en.len(), 2, "{en:?}");
        assert!(
            en[0].starts_with(
                "Over the ranges, as paid, against “Bare-metal 8-GPU server, monthly”: Close call: \
                 owning is cheaper in 37% of the cases; break-even at best month 47, at worst not within \
                 the horizon; savings by owning \u{2212}\u{2060}€160,350 to €120,675 (median \
                 \u{2212}\u{2060}€44,145) (below zero: renting costs less). The €154,157 above lies \
                 outside this P10–P90 because"
            ),
            "{}",
            en[0]
        );
        assert!(
            en[0].ends_with(
                "the median (P50) the middle case. In present value, discounted at 8% a year: \
                 Close call: owning is cheaper in 19% of the cases; break-even at best month 58, at worst \
                 not within the horizon; savings by owning \u{2212}\u{2060}€177,602 to €34,917 (median \
                 \u{2212}\u{2060}€88,145). The €63,021 in present value above lies outside this P10–P90 \
                 for the same reason."
            ),
            "{}",
            en[0]
        );
        // The risk answer (Nebius): its present value lies within its band, no note.
        assert!(
            en[1].ends_with(
                "In present value, discounted at 8% a year: Owning is cheaper in 0% of the cases; \
                 break-even not within the horizon; savings by owning \u{2212}\u{2060}€410,073 to \
                 \u{2212}\u{2060}€226,979 (median \u{2212}\u{2060}€321,121)."
            ),
            "{}",
            en[1]
        );
        let de = range_verdict(Lang::De, &fmt_for(Lang::De, &ev.report), &ev, Some(&sp));
        assert!(
            de[0].starts_with(
                "Über die Spannen, wie gezahlt, gegen „Bare-metal 8-GPU server, monthly“: Knappe \
                 Entscheidung: Der eigene Server ist in 37 % der Fälle günstiger; Break-even \
                 bestenfalls ab Monat 47, im ungünstigsten Fall nicht im Zeitraum; Ersparnis durch Kauf \
                 \u{2212}160.350\u{a0}€ bis 120.675\u{a0}€ (Median \u{2212}44.145\u{a0}€)"
            ),
            "{}",
            de[0]
        );
        assert!(
            de[0].ends_with(
                "der Median (P50) der mittlere. Als Barwert, abgezinst mit 8 % im Jahr: Knappe \
                 Entscheidung: Der eigene Server ist in 19 % der Fälle günstiger; Break-even \
                 bestenfalls ab Monat 58, im ungünstigsten Fall nicht im Zeitraum; Ersparnis durch Kauf \
                 \u{2212}177.602\u{a0}€ bis 34.917\u{a0}€ (Median \u{2212}88.145\u{a0}€). Der \
                 Barwert oben (63.021\u{a0}€) liegt aus demselben Grund außerhalb dieses P10–P90."
            ),
            "{}",
            de[0]
        );
        // The result line: the share and median in present value.
        assert_eq!(
            live_range(Lang::En, &fmt_for(Lang::En, &ev.report), &ev.scenario, bare),
            "Over the ranges, in present value discounted at 8% a year, owning is cheaper in 19% \
             of the cases (median saving by owning \u{2212}\u{2060}€88,145)."
        );
        assert_eq!(
            live_range(Lang::De, &fmt_for(Lang::De, &ev.report), &ev.scenario, bare),
            "Über die Spannen, als Barwert abgezinst mit 8 % im Jahr, ist der eigene Server in \
             19 % der Fälle günstiger (Median der Ersparnis durch Kauf \u{2212}88.145\u{a0}€)."
        );
        // A range on the rate itself is named as that range.
        let mut ranged = ev.scenario.clone();
        ranged.ranges.inputs.insert(
            RangeInput::DiscountRate,
            Range {
                low: Decimal::new(6, 0),
                high: Decimal::new(105, 1),
            },
        );
        assert_eq!(
            rate_text(Lang::En, &fmt_for(Lang::En, &ev.report), &ranged),
            "6% to 10.5%"
        );
        assert_eq!(
            rate_text(Lang::De, &fmt_for(Lang::De, &ev.report), &ranged),
            "6 % bis 10,5 %"
        );

        // Without a discount rate: as before, no present value.
        let sp = spread(&as_paid.scenario, Sampling::default()).unwrap();
        let f = fmt_for(Lang::En, &as_paid.report);
        let en = range_verdict(Lang::En, &f, &as_paid, Some(&sp));
        assert!(
            en[0].starts_with(
                "Over the ranges, against “Bare-metal 8-GPU server, monthly”: Close call: owning is \
                 cheaper in 37% of the cases;"
            ),
            "{}",
            en[0]
        );
        assert!(en.iter().all(|l| !l.contains("present value")), "{en:?}");
        assert_eq!(
            live_range(Lang::En, &f, &as_paid.scenario, &sp.rent[5]),
            "Over the ranges, owning is cheaper in 37% of the cases (median saving by owning \
             \u{2212}\u{2060}€44,145)."
        );
    }

    /// Discounted, the result line and a phone's answer give each answer in present value after
    /// the figures as paid, as the verdict does (at 8 %: €63,021 from month 53 against the
    /// bare-metal server, not only €154,157 from month 45); without discounting nothing.
    #[test]
    fn the_short_answers_give_the_present_value_when_discounting() {
        let mut s = crate::first::chart_views::tests::prices_held();
        let plain = evaluated(s.clone());
        let held = plain.report.answers.holds_capacity.clone().unwrap();
        let f = fmt_for(Lang::En, &plain.report);
        assert_eq!(live_pv(Lang::En, &f, &plain.scenario, &held), None);
        s.finance.discount_rate_percent = Decimal::from(8);
        let ev = evaluated(s);
        let held = ev.report.answers.holds_capacity.clone().unwrap();
        assert_eq!(held.savings_with_own.round_dp(0), Decimal::from(154_157));
        let en = live_pv(
            Lang::En,
            &fmt_for(Lang::En, &ev.report),
            &ev.scenario,
            &held,
        );
        assert_eq!(
            en.as_deref(),
            Some("In present value at 8% a year owning saves €63,021 and pays off from month 53.")
        );
        let de = live_pv(
            Lang::De,
            &fmt_for(Lang::De, &ev.report),
            &ev.scenario,
            &held,
        );
        assert_eq!(
            de.as_deref(),
            Some(
                "Als Barwert bei 8 % im Jahr spart der eigene Server 63.021\u{a0}€ und rechnet sich ab Monat 53."
            )
        );
        // A short answer that is an option's other plan says which plan that is.
        let alt = Answer {
            alternative: true,
            ..held.clone()
        };
        assert_eq!(
            answer_option(Lang::En, &alt, true),
            "\u{201c}Bare-metal 8-GPU server, monthly\u{201d} with its plan that holds every instance"
        );
        assert_eq!(
            answer_option(Lang::De, &alt, false),
            "\u{201e}Bare-metal 8-GPU server, monthly\u{201c} mit seinem Tarif, der Instanzen außerhalb der belegten Stunden stoppt"
        );
        assert_eq!(
            answer_option(Lang::En, &held, false),
            "\u{201c}Bare-metal 8-GPU server, monthly\u{201d}"
        );
        // An option's other plan gives its own present value (it had none).
        let other = Answer {
            alternative: true,
            discounted_savings_with_own: Some(Decimal::from(-199_573)),
            discounted_break_even_month: None,
            ..held
        };
        assert_eq!(
            live_pv(
                Lang::En,
                &fmt_for(Lang::En, &ev.report),
                &ev.scenario,
                &other
            )
            .as_deref(),
            Some("In present value at 8% a year renting is cheaper by €199,573.")
        );
    }
}
