//! A/B comparison: the pinned scenario A against the current one B.

use gpu_tco_core::{Answer, Report};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::charts::{self, Axes, Frame};
use crate::features::compare_texts::Tx;
use crate::first::chart_views::{line_sample, monthly_series};
use crate::first::results::{fmt_for, payback_text};
use crate::fmt::{Fmt, NONE};
use crate::i18n::Lang;
use crate::state::Ctx;

/// The figures of one scenario's report `r` in the comparison, formatted by `f`, in the order of
/// the table's rows: the load, own's total, then each of the verdict's two answers (holding
/// capacity, accepting the capacity risk) as the verdict gives them, so that the comparison says
/// what the headline says ("the cheapest rent option" alone, at risk, read "owning saves
/// −€211,740" beside a verdict that owning saves €154,157 holding capacity).
fn values(lang: Lang, f: &Fmt, r: &Report) -> [String; 10] {
    let total = |a: Option<&Answer>| {
        a.map_or_else(
            || NONE.to_owned(),
            |a| format!("{}: {}", a.label, f.money(a.total, 0)),
        )
    };
    let savings =
        |a: Option<&Answer>| a.map_or_else(|| NONE.to_owned(), |a| f.money(a.savings_with_own, 0));
    let held = r.answers.holds_capacity.as_ref();
    let risk = r.answers.accepts_risk.as_ref();
    [
        format!(
            "{} {}",
            f.number(r.load.productive_hours, 1),
            lang.t().unit_hours()
        ),
        f.percent(r.load.productive_share, 1),
        f.money(r.own.costs.total, 0),
        total(held),
        savings(held),
        held.map_or_else(
            || NONE.to_owned(),
            |a| payback_text(lang, a.break_even_month, a.break_even_by_sale),
        ),
        total(risk),
        savings(risk),
        risk.map_or_else(
            || NONE.to_owned(),
            |a| payback_text(lang, a.break_even_month, a.break_even_by_sale),
        ),
        f.money_opt(r.own.costs.cost_per_productive_gpu_hour, 2),
    ]
}

/// The comparison's table as plain data: what [`compare_table`] builds and [`ComparePanel`]
/// renders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareTable {
    /// The column heads: the figure, A, B.
    pub header: [&'static str; 3],
    /// One row per figure.
    pub rows: Vec<CompareRow>,
}

/// One row of the comparison: a figure's name and its value in A and in B.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareRow {
    /// The figure.
    pub name: &'static str,
    /// Its value in A (the pinned scenario).
    pub a: String,
    /// Its value in B (the current one).
    pub b: String,
}

/// The comparison of report `a` (formatted by `fa`) with report `b` (by `fb`) in `lang`: a pure
/// function of its inputs, tested natively below. Each side has its own formatter, as each
/// report has its currency.
pub fn compare_table(
    lang: Lang,
    (fa, a): (&Fmt, &Report),
    (fb, b): (&Fmt, &Report),
) -> CompareTable {
    let t = lang.t();
    let tx = Tx::of(lang);
    let names = [
        t.productive_hours(),
        t.productive_share(),
        t.own_total(),
        tx.held_total(),
        tx.held_savings(),
        tx.held_break_even(),
        tx.risk_total(),
        tx.risk_savings(),
        tx.risk_break_even(),
        t.own_cost_per_hour(),
    ];
    let rows = names
        .into_iter()
        .zip(values(lang, fa, a).into_iter().zip(values(lang, fb, b)))
        .map(|(name, (a, b))| CompareRow { name, a, b })
        .collect();
    CompareTable {
        header: [tx.compare_quantity(), "A", "B"],
        rows,
    }
}

/// The comparison panel (shown while A is pinned).
#[component]
pub fn ComparePanel() -> impl IntoView {
    let ctx = Ctx::get();
    let body = move || {
        let lang = ctx.lang.get();
        let t = lang.t();
        let tx = Tx::of(lang);
        let fit = ctx.fit.get();
        let a = ctx.pinned.get()?;
        let b = ctx.shown.get()?;
        let fa = fmt_for(lang, &a.report);
        let fb = fmt_for(lang, &b.report);
        let CompareTable { header, rows } = compare_table(lang, (&fa, &a.report), (&fb, &b.report));
        let table = rows
            .into_iter()
            .enumerate()
            .map(|(i, row)| {
                view! {
                    <tr>
                        <th scope="row">{row.name}</th>
                        <td data-testid=format!("compare-a-{i}") data-label=tx.compare_a()>{row.a}</td>
                        <td data-testid=format!("compare-b-{i}") data-label=tx.compare_b()>{row.b}</td>
                    </tr>
                }
            })
            .collect_view();
        let [quantity, head_a, head_b] = header;
        let series = |r: &Report, width: u32| {
            let to = |cum: &[Decimal], color| monthly_series(cum, color, width);
            let mut v = vec![to(&r.own.costs.cumulative, 0)];
            for (i, x) in r.rent.iter().enumerate() {
                v.push(to(&x.costs.cumulative, i + 1));
            }
            v
        };
        // Which colour is which option: B's names, and A's where it had another one there.
        let name = |r: &Report, i: usize| match i {
            0 => Some(r.own.costs.label.clone()),
            _ => r
                .rent
                .get(i - 1)
                .map(|x| format!("{i} · {}", x.costs.label)),
        };
        let legend = (0..=a.report.rent.len().max(b.report.rent.len()))
            .map(|i| {
                let text = match (name(&a.report, i), name(&b.report, i)) {
                    (Some(x), Some(y)) if x == y => y,
                    (Some(x), Some(y)) => format!("A: {x} · B: {y}"),
                    (Some(x), None) => format!("A: {x}"),
                    (None, Some(y)) => format!("B: {y}"),
                    (None, None) => String::new(),
                };
                view! { <li>{line_sample(i)}{text}</li> }
            })
            .collect_view();
        let mut lines = series(&a.report, 1);
        lines.extend(series(&b.report, 3));
        let frame = Frame::for_fit(fit);
        let months = f64::from(a.report.horizon_months.max(b.report.horizon_months));
        let money = |v: f64| fb.money_compact(v);
        let month = |v: f64| fb.int_f64(v);
        let svg = charts::svg(frame, |root| {
            charts::draw_cumulative(
                root,
                frame,
                months,
                &lines,
                &[],
                &Axes {
                    x_desc: t.axis_month(),
                    y_desc: t.axis_cumulative(),
                    x_fmt: &month,
                    y_fmt: &money,
                },
            )
        });
        Some(view! {
            <section class="panel compare-panel" aria-labelledby="h-compare" data-testid="compare">
                <h2 id="h-compare">{tx.compare_title()}</h2>
                // Focusable, so that a keyboard can scroll it when it is wider than its column.
                <div class="table-wrap" tabindex="0" role="region" aria-label=format!("{}: {}", tx.compare_title(), tx.table_word())>
                    <table class="compare ab">
                        <thead>
                            <tr>
                                <th scope="col">{quantity}</th>
                                <th scope="col">{head_a}</th>
                                <th scope="col">{head_b}</th>
                            </tr>
                        </thead>
                        <tbody>{table}</tbody>
                    </table>
                </div>
                <figure data-testid="compare-chart">
                    <div class="chart" role="img" aria-label=t.chart_cumulative() inner_html=svg></div>
                    <figcaption class="desc">{tx.compare_legend()}</figcaption>
                    <ul class="legend" data-testid="compare-legend">{legend}</ul>
                </figure>
            </section>
        })
    };
    view! { {body} }
}

/// Snapshots of the comparison's table (under `snapshots/` beside this file; how to review a
/// changed one: `first::chart_views::tests`).
#[cfg(test)]
mod tests {
    use gpu_tco_core::evaluate;

    use super::*;
    use crate::first::chart_views::tests::default_evaluated;

    /// The table as the page shows it, a row a line.
    fn rendered(table: &CompareTable) -> String {
        let mut out = table.header.join(" | ");
        for r in &table.rows {
            out.push_str(&format!("\n{} | {} | {}", r.name, r.a, r.b));
        }
        out
    }

    #[test]
    fn the_default_against_twenty_working_days() {
        let a = default_evaluated();
        let mut scenario = a.scenario.clone();
        scenario.calendar.working_days = Decimal::from(20);
        let b = evaluate(&scenario).expect("20 working days evaluate");
        for (lang, case) in [(Lang::En, "en"), (Lang::De, "de")] {
            let (fa, fb) = (fmt_for(lang, &a.report), fmt_for(lang, &b));
            let table = compare_table(lang, (&fa, &a.report), (&fb, &b));
            insta::assert_snapshot!(format!("default_against_20_days_{case}"), rendered(&table));
            let t = lang.t();
            assert_eq!(table.header, [Tx::of(lang).compare_quantity(), "A", "B"]);
            let names: Vec<_> = table.rows.iter().map(|r| r.name).collect();
            assert_eq!(names.len(), 10, "{case}");
            assert_eq!(
                names[..3],
                [t.productive_hours(), t.productive_share(), t.own_total()]
            );
            // The worked example's load (README): 336 productive hours, 46 %; 320 h at 20 days.
            assert_eq!(table.rows[0].a, format!("336 {}", t.unit_hours()));
            assert_eq!(table.rows[0].b, format!("320 {}", t.unit_hours()));
            let pct = if lang == Lang::En { "46%" } else { "46\u{a0}%" };
            assert_eq!(table.rows[1].a, pct);
            // Own's total and the cheapest option of each side, as the results table has them.
            assert_eq!(table.rows[2].a, fa.money(a.report.own.costs.total, 0));
            assert_eq!(table.rows[2].b, fb.money(b.own.costs.total, 0));
            // The worked example's own total (721,842.912 €, `core/tests/it/cashflow.rs`).
            let total = if lang == Lang::En {
                "€721,843"
            } else {
                "721.843\u{a0}€"
            };
            assert_eq!(table.rows[2].a, total);
            // The verdict's two answers, as the verdict gives them: holding capacity (its
            // total, what owning saves against it, when owning breaks even), then accepting
            // the capacity risk.
            let held = a
                .report
                .answers
                .holds_capacity
                .as_ref()
                .expect("a held answer");
            let risk = a
                .report
                .answers
                .accepts_risk
                .as_ref()
                .expect("a risk answer");
            assert_eq!(
                table.rows[3].a,
                format!("{}: {}", held.label, fa.money(held.total, 0))
            );
            assert_eq!(table.rows[4].a, fa.money(held.savings_with_own, 0));
            // Bare metal holding capacity, its price falling 12.5 % a year: renting is cheaper
            // by €39,136 (it was owning by €154,157 with today's price held).
            assert_eq!(held.savings_with_own.round(), Decimal::from(-39_136));
            assert_eq!(
                table.rows[5].a,
                payback_text(lang, held.break_even_month, held.break_even_by_sale)
            );
            assert_eq!(
                table.rows[6].a,
                format!("{}: {}", risk.label, fa.money(risk.total, 0))
            );
            assert_eq!(table.rows[7].a, fa.money(risk.savings_with_own, 0));
            assert!(
                risk.savings_with_own < Decimal::ZERO,
                "renting at risk is cheaper"
            );
            // Fewer working days, fewer productive hours: the same servers cost more per hour.
            assert_eq!(
                table.rows[8].a,
                payback_text(lang, risk.break_even_month, risk.break_even_by_sale)
            );
            assert_ne!(table.rows[9].a, table.rows[9].b);
        }
    }
}
