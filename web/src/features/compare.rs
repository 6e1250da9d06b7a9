//! A/B comparison: the pinned scenario A against the current one B.

use gpu_tco_core::Report;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::charts::{self, Axes, Frame};
use crate::features::compare_texts::Tx;
use crate::first::chart_views::monthly_series;
use crate::first::results::{fmt_for, month_text};
use crate::fmt::Fmt;
use crate::i18n::Lang;
use crate::state::Ctx;

fn rows(lang: Lang, f: &Fmt, r: &Report) -> [String; 7] {
    let c = r.cheapest_rent().map(|(_, c)| c);
    [
        format!(
            "{} {}",
            f.number(r.load.productive_hours, 1),
            lang.t().unit_hours
        ),
        f.percent(r.load.productive_share, 1),
        f.money(r.own.costs.total, 0),
        c.map(|c| format!("{}: {}", c.costs.label, f.money(c.costs.total, 0)))
            .unwrap_or_default(),
        c.map(|c| f.money(c.savings_with_own, 0))
            .unwrap_or_default(),
        c.map(|c| month_text(lang, c.break_even_month))
            .unwrap_or_default(),
        f.money_opt(r.own.costs.cost_per_productive_gpu_hour, 2),
    ]
}

/// The comparison panel (shown while A is pinned).
#[component]
pub fn ComparePanel() -> impl IntoView {
    let ctx = Ctx::get();
    let body = move || {
        let lang = ctx.lang.get();
        let t = lang.t();
        let tx = Tx::of(lang);
        let narrow = ctx.narrow.get();
        let a = ctx.pinned.get()?;
        let b = ctx.shown.get()?;
        let fa = fmt_for(lang, &a.report);
        let fb = fmt_for(lang, &b.report);
        let ra = rows(lang, &fa, &a.report);
        let rb = rows(lang, &fb, &b.report);
        let names = [
            t.productive_hours,
            t.productive_share,
            t.own_total,
            tx.cheapest_rent_total,
            t.col_savings,
            t.col_break_even,
            t.own_cost_per_hour,
        ];
        let table = names
            .iter()
            .zip(ra.into_iter().zip(rb))
            .enumerate()
            .map(|(i, (name, (va, vb)))| {
                view! {
                    <tr>
                        <th scope="row">{*name}</th>
                        <td data-testid=format!("compare-a-{i}")>{va}</td>
                        <td data-testid=format!("compare-b-{i}")>{vb}</td>
                    </tr>
                }
            })
            .collect_view();
        let series = |r: &Report, width: u32| {
            let to = |cum: &[Decimal], color| monthly_series(cum, color, width);
            let mut v = vec![to(&r.own.costs.cumulative, 0)];
            for (i, x) in r.rent.iter().enumerate() {
                v.push(to(&x.costs.cumulative, i + 1));
            }
            v
        };
        let mut lines = series(&a.report, 1);
        lines.extend(series(&b.report, 3));
        let frame = Frame::for_viewport(narrow);
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
                    x_desc: t.axis_month,
                    y_desc: t.axis_cumulative,
                    x_fmt: &month,
                    y_fmt: &money,
                },
            )
        });
        Some(view! {
            <section class="panel compare-panel" aria-labelledby="h-compare" data-testid="compare">
                <h2 id="h-compare">{tx.compare_title}</h2>
                // Focusable, so that a keyboard can scroll it when it is wider than its column.
                <div class="table-wrap" tabindex="0" role="region" aria-label=format!("{}: {}", tx.compare_title, tx.table_word)>
                    <table class="compare ab">
                        <thead>
                            <tr>
                                <th scope="col">{tx.compare_quantity}</th>
                                <th scope="col">"A"</th>
                                <th scope="col">"B"</th>
                            </tr>
                        </thead>
                        <tbody>{table}</tbody>
                    </table>
                </div>
                <figure data-testid="compare-chart">
                    <div class="chart" role="img" aria-label=t.chart_cumulative inner_html=svg></div>
                    <figcaption class="desc">{tx.compare_legend}</figcaption>
                </figure>
            </section>
        })
    };
    view! { {body} }
}
