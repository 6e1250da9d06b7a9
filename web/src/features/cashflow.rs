//! The finance view: own's and each rent option's payments by year (as paid or discounted) and
//! what own costs if the servers are sold at month m. Computed only while the section is open.

use std::sync::Arc;

use gpu_tco_core::analysis::{
    CashFlow, OwnAmounts, ResalePoint, cash_flow_by_year, residual_curve, stop_curve,
};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::charts::{self, Axes, Fit, Frame, Marker, Series};
use crate::features::cashflow_texts::{Tx, txt};
use crate::first::chart_views::{coord, monthly_series};
use crate::first::results::fmt_for;
use crate::first::{follow_open, tr};
use crate::fmt::Fmt;
use crate::i18n::{Lang, Texts};
use crate::state::{Ctx, Evaluated};
use crate::texts::fill;

/// What the section shows, from the core.
#[derive(Debug, PartialEq)]
struct Data {
    ev: Arc<Evaluated>,
    flow: CashFlow,
    curve: Vec<ResalePoint>,
    /// Index of the rent option cheapest over the horizon, if there is one.
    cheapest: Option<usize>,
    /// That option's total if stopped at each month (terms still running owed whole).
    stop: Vec<Decimal>,
}

impl Data {
    fn at(&self, month: u32) -> Option<&ResalePoint> {
        self.curve.iter().find(|p| p.month == month)
    }
}

/// The cash-flow and sell-at section.
#[component]
pub fn CashFlowPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let open = RwSignal::new(false);
    let discounted = RwSignal::new(false);
    // The month chosen; `None` follows the horizon.
    let chosen = RwSignal::new(None::<u32>);
    let data = Memo::new(move |_| {
        if !open.get() {
            return None;
        }
        let ev = ctx.shown.get()?;
        let flow = cash_flow_by_year(&ev.scenario).ok()?;
        let curve = residual_curve(&ev.scenario).ok()?;
        let cheapest = ev.report.cheapest_rent().map(|(i, _)| i);
        let stop = cheapest
            .and_then(|i| stop_curve(&ev.scenario, i).ok())
            .unwrap_or_default();
        Some(Arc::new(Data {
            ev,
            flow,
            curve,
            cheapest,
            stop,
        }))
    });
    let horizon =
        Memo::new(move |_| data.with(|d| d.as_ref().map_or(0, |d| d.flow.horizon_months)));
    let month = Memo::new(move |_| {
        let h = horizon.get();
        chosen.get().unwrap_or(h).min(h)
    });
    let can_discount = Memo::new(move |_| {
        data.with(|d| {
            d.as_ref()
                .is_some_and(|d| d.flow.discount_rate_percent > Decimal::ZERO)
        })
    });
    let show_discounted = move || discounted.get() && can_discount.get();

    let table = move || {
        let d = data.get()?;
        let lang = ctx.lang.get();
        Some(cash_flow_view(cash_flow_table(
            lang,
            &fmt_for(lang, &d.ev.report),
            &d.ev,
            &d.flow,
            show_discounted(),
        )))
    };
    let chart = move || {
        let lang = ctx.lang.get();
        let fit = ctx.fit.get();
        let m = month.get();
        data.with(|d| {
            d.as_ref()
                .map(|d| sell_chart(lang.t(), &fmt_for(lang, &d.ev.report), d, m, fit))
        })
        .unwrap_or_default()
    };
    let sentence = move || {
        let lang = ctx.lang.get();
        let m = month.get();
        data.with(|d| {
            d.as_ref()
                .and_then(|d| sell_text(Tx::of(lang), &fmt_for(lang, &d.ev.report), d, m))
        })
    };
    let legend = move || {
        data.with(|d| {
            d.as_ref().map(|d| {
                let rent = d.cheapest.and_then(|i| {
                    let label = d.ev.report.rent.get(i)?.costs.label.clone();
                    Some(view! {
                        <li>
                            <span class=format!("swatch c{}", i + 1) aria-hidden="true"></span>
                            {format!("{} · {label}", i + 1)}
                        </li>
                    })
                });
                view! {
                    <li><span class="swatch c0" aria-hidden="true"></span>{txt(|x| x.sell_own())}</li>
                    {rent}
                }
            })
        })
    };
    let set_month = move |text: String| {
        if let Ok(m) = text.trim().parse::<u32>() {
            chosen.set(Some(m.min(horizon.get_untracked())));
        }
    };

    let body = move || {
        open.get().then(|| {
            view! {
                <fieldset class="cf-switch">
                    <legend>{txt(|x| x.cf_view())}</legend>
                    <span class="check">
                        <input
                            type="radio"
                            name="cf-view"
                            id="cf-paid"
                            prop:checked=move || !show_discounted()
                            on:change=move |_| discounted.set(false)
                        />
                        <label for="cf-paid">{txt(|x| x.cf_paid())}</label>
                    </span>
                    <span class="check">
                        <input
                            type="radio"
                            name="cf-view"
                            id="cf-discounted"
                            aria-describedby="cf-no-rate"
                            disabled=move || !can_discount.get()
                            prop:checked=show_discounted
                            on:change=move |_| discounted.set(true)
                        />
                        <label for="cf-discounted">{txt(|x| x.cf_discounted())}</label>
                    </span>
                    <p class="note" id="cf-no-rate" data-testid="cf-no-rate" hidden=move || can_discount.get()>
                        {txt(|x| x.cf_no_rate())}
                    </p>
                </fieldset>
                {table}
                <figure data-testid="chart-sell-at">
                    <figcaption>
                        <h3>{txt(|x| x.sell_title())}</h3>
                        <p class="desc">{txt(|x| x.sell_desc())}</p>
                    </figcaption>
                    <div class="field has-slider">
                        <label for="sell-month">{txt(|x| x.sell_month())}</label>
                        <div class="field-row">
                            <input
                                type="range"
                                id="sell-month-range"
                                min="0"
                                max=move || horizon.get()
                                step="1"
                                aria-label=txt(|x| x.sell_month())
                                prop:value=move || month.get().to_string()
                                on:input=move |ev| set_month(event_target_value(&ev))
                            />
                            <input
                                type="number"
                                id="sell-month"
                                class="num"
                                min="0"
                                max=move || horizon.get()
                                step="1"
                                prop:value=move || month.get().to_string()
                                on:input=move |ev| set_month(event_target_value(&ev))
                                on:change=move |ev| {
                                    // A month past the horizon was clamped: show the one used.
                                    let input: web_sys::HtmlInputElement = event_target(&ev);
                                    input.set_value(&month.get_untracked().to_string());
                                }
                            />
                        </div>
                    </div>
                    <div class="chart" role="img" aria-label=txt(|x| x.sell_desc()) inner_html=chart></div>
                    <ul class="legend">{legend}</ul>
                    <p data-testid="sell-text" aria-live="polite">{sentence}</p>
                </figure>
            }
        })
    };
    view! {
        <details
            class="panel cash-flow"
            data-testid="cash-flow"
            on:toggle=follow_open(open)
        >
            <summary><h2>{tr(|t| t.cf_title())}</h2></summary>
            {body}
        </details>
    }
}

/// The table of payments by year as plain data: what [`cash_flow_table`] builds and the
/// section's component only renders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashFlowTable {
    /// The name of the table's scrolling region (the section's heading).
    pub region: &'static str,
    /// The caption: what the amounts are, and whether as paid or discounted.
    pub caption: String,
    /// The first column's head.
    pub year_head: &'static str,
    /// The head over own's columns, with own's label.
    pub own_group: String,
    /// The head over the rent options' columns.
    pub rent_group: &'static str,
    /// Own's column heads: purchase, the loan (only when the servers are financed), running,
    /// resale, total.
    pub own_heads: Vec<&'static str>,
    /// The rent options' column heads (`1 · label`), option `i`'s swatch colour `i + 1`.
    pub rent_heads: Vec<String>,
    /// One row per year, year 0 (up front) first.
    pub rows: Vec<CashFlowRow>,
    /// The sums row.
    pub sum: CashFlowRow,
}

/// One row of the cash-flow table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashFlowRow {
    /// The row's test id (`cf-row-1`, `cf-row-sum`).
    pub id: String,
    /// What the row's head shows.
    pub head: RowHead,
    /// Own's amounts, in the order of [`CashFlowTable::own_heads`] (none where they cannot be
    /// discounted).
    pub own: Vec<Cell>,
    /// Each rent option's total.
    pub rent: Vec<Cell>,
}

/// The head of a row of the cash-flow table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowHead {
    /// Year 0, paid up front.
    UpFront(&'static str),
    /// A year, with the months it covers.
    Year {
        /// The year's number.
        year: String,
        /// `months 1–12`.
        months: String,
    },
    /// The sums row.
    Sum(&'static str),
}

/// An amount of the cash-flow table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// What the amount is, shown beside it where the rows are cards (`data-label`).
    pub label: String,
    /// Its test id (`cf-1-own-running`, `cf-sum-rent-0`).
    pub id: String,
    /// The amount (empty where there is none).
    pub text: String,
    /// Whether it is below zero (money back); marked for own's amounts.
    pub negative: bool,
}

/// The table of payments by year of `ev`'s cash flow `flow`, as paid or `discounted`, with a
/// sums row, in `lang` with amounts formatted by `fm`: a pure function of its inputs, tested
/// natively below.
pub fn cash_flow_table(
    lang: Lang,
    fm: &Fmt,
    ev: &Evaluated,
    flow: &CashFlow,
    discounted: bool,
) -> CashFlowTable {
    let tx = Tx::of(lang);
    let money = |v: Decimal| fm.money(v, 0);
    let r = &ev.report;
    let rent_labels: Vec<String> = r
        .rent
        .iter()
        .enumerate()
        .map(|(i, x)| {
            fill(
                tx.cf_rent_total(),
                &[("n", &(i + 1).to_string()), ("label", &x.costs.label)],
            )
        })
        .collect();
    // Bought for cash, the loan column would be zeros only: it is left out (the table is wide).
    let loan = !matches!(ev.scenario.own.financing, gpu_tco_core::Financing::Cash);
    let own_cells = |a: &OwnAmounts, key: &str| {
        [
            (tx.cf_purchase(), "purchase", a.purchase),
            (tx.cf_loan(), "loan", a.loan),
            (tx.cf_running(), "running", a.running),
            (tx.cf_resale(), "resale", a.resale),
            (tx.cf_own_total(), "total", a.total),
        ]
        .into_iter()
        .filter(|(_, name, _)| loan || *name != "loan")
        .map(|(label, name, v)| Cell {
            label: label.to_owned(),
            id: format!("cf-{key}-own-{name}"),
            text: money(v),
            negative: v < Decimal::ZERO,
        })
        .collect::<Vec<_>>()
    };
    let rent_cell = |i: usize, key: &str, v: Option<Decimal>| Cell {
        label: rent_labels.get(i).cloned().unwrap_or_default(),
        id: format!("cf-{key}-rent-{i}"),
        text: v.map(money).unwrap_or_default(),
        negative: false,
    };
    let rows = flow
        .own
        .years
        .iter()
        .map(|y| {
            let year = y.year;
            let key = year.to_string();
            let amounts = if discounted {
                y.discounted.as_ref()
            } else {
                Some(&y.amounts)
            };
            let rent = flow
                .rent
                .iter()
                .enumerate()
                .map(|(i, x)| {
                    let v = x.years.iter().find(|ry| ry.year == year).and_then(|ry| {
                        if discounted {
                            ry.discounted.as_ref().map(|a| a.total)
                        } else {
                            Some(ry.amounts.total)
                        }
                    });
                    rent_cell(i, &key, v)
                })
                .collect();
            let head = if year == 0 {
                RowHead::UpFront(tx.cf_year_0())
            } else {
                RowHead::Year {
                    year: key.clone(),
                    months: fill(
                        tx.cf_months(),
                        &[
                            ("a", &y.first_month.to_string()),
                            ("b", &y.last_month.to_string()),
                        ],
                    ),
                }
            };
            CashFlowRow {
                id: format!("cf-row-{year}"),
                head,
                own: amounts.map(|a| own_cells(a, &key)).unwrap_or_default(),
                rent,
            }
        })
        .collect();
    let own_sum = flow.own.sum(discounted).ok().flatten();
    let sum = CashFlowRow {
        id: "cf-row-sum".to_owned(),
        head: RowHead::Sum(tx.cf_sum()),
        own: own_sum
            .as_ref()
            .map(|a| own_cells(a, "sum"))
            .unwrap_or_default(),
        rent: flow
            .rent
            .iter()
            .enumerate()
            .map(|(i, x)| {
                let v = x.sum(discounted).ok().flatten().map(|a| a.total);
                rent_cell(i, "sum", v)
            })
            .collect(),
    };
    let own_heads = [
        Some(tx.cf_col_purchase()),
        loan.then_some(tx.cf_col_loan()),
        Some(tx.cf_col_running()),
        Some(tx.cf_col_resale()),
        Some(tx.cf_col_total()),
    ]
    .into_iter()
    .flatten()
    .collect();
    CashFlowTable {
        region: lang.t().cf_title(),
        caption: format!(
            "{} ({})",
            tx.cf_caption(),
            if discounted {
                tx.cf_discounted()
            } else {
                tx.cf_paid()
            }
        ),
        year_head: tx.cf_year(),
        own_group: fill(tx.cf_own_group(), &[("label", &r.own.costs.label)]),
        rent_group: tx.cf_rent_group(),
        own_heads,
        rent_heads: r
            .rent
            .iter()
            .enumerate()
            .map(|(i, x)| format!("{} · {}", i + 1, x.costs.label))
            .collect(),
        rows,
        sum,
    }
}

/// The cash-flow table's markup: renders `table` only.
fn cash_flow_view(table: CashFlowTable) -> AnyView {
    let CashFlowTable {
        region,
        caption,
        year_head,
        own_group,
        rent_group,
        own_heads,
        rent_heads,
        rows,
        sum,
    } = table;
    let own_cells = |cells: Vec<Cell>| {
        cells
            .into_iter()
            .map(|c| {
                view! {
                    <td data-label=c.label data-testid=c.id class:neg=c.negative>
                        {c.text}
                    </td>
                }
            })
            .collect_view()
    };
    let rent_cells = |cells: Vec<Cell>| {
        cells
            .into_iter()
            .map(|c| view! { <td data-label=c.label data-testid=c.id>{c.text}</td> })
            .collect_view()
    };
    let own_span = own_heads.len().to_string();
    let rent_span = rent_heads.len().to_string();
    let own_heads = own_heads
        .into_iter()
        .map(|h| view! { <th scope="col">{h}</th> })
        .collect_view();
    let rent_heads = rent_heads
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            view! {
                <th scope="col">
                    <span class=format!("swatch c{}", i + 1) aria-hidden="true"></span>
                    {h}
                </th>
            }
        })
        .collect_view();
    let rows = rows
        .into_iter()
        .map(|row| {
            let head = match row.head {
                RowHead::UpFront(text) | RowHead::Sum(text) => {
                    view! { <span>{text}</span> }.into_any()
                }
                RowHead::Year { year, months } => view! {
                    <span>{year}</span>
                    <span class="months">{months}</span>
                }
                .into_any(),
            };
            view! {
                <tr data-testid=row.id>
                    <th scope="row">{head}</th>
                    {own_cells(row.own)}
                    {rent_cells(row.rent)}
                </tr>
            }
        })
        .collect_view();
    let sum_head = match sum.head {
        RowHead::Sum(text) | RowHead::UpFront(text) => text.to_owned(),
        RowHead::Year { year, .. } => year,
    };
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label=region>
            <table class="compare cash-flow-table" data-testid="cf-table">
                <caption>{caption}</caption>
                <thead>
                    <tr>
                        <th scope="col" rowspan="2">{year_head}</th>
                        <th scope="colgroup" colspan=own_span class="group">
                            <span class="swatch c0" aria-hidden="true"></span>
                            {own_group}
                        </th>
                        <th scope="colgroup" colspan=rent_span class="group">{rent_group}</th>
                    </tr>
                    <tr>
                        {own_heads}
                        {rent_heads}
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
                <tfoot>
                    <tr data-testid=sum.id class="sum">
                        <th scope="row">{sum_head}</th>
                        {own_cells(sum.own)}
                        {rent_cells(sum.rent)}
                    </tr>
                </tfoot>
            </table>
        </div>
    }
    .into_any()
}

/// The sell-at chart: own sold at each month against the cheapest rent option, month `m` marked.
fn sell_chart(t: &'static Texts, fm: &Fmt, d: &Data, m: u32, fit: Fit) -> String {
    let frame = Frame::for_fit(fit);
    let mut lines = vec![Series {
        points: d
            .curve
            .iter()
            .map(|p| (f64::from(p.month), coord(p.own_total)))
            .collect(),
        color: 0,
        width: 3,
    }];
    let mut markers = Vec::new();
    if let Some(p) = d.at(m) {
        markers.push(Marker {
            x: f64::from(m),
            y: coord(p.own_total),
            color: 0,
            label: fm.money_compact(coord(p.own_total)),
        });
    }
    if let Some(i) = d.cheapest {
        lines.push(monthly_series(&d.stop, i + 1, 3));
        if let Some(v) = d.stop.get(m as usize) {
            markers.push(Marker {
                x: f64::from(m),
                y: coord(*v),
                color: i + 1,
                label: fm.money_compact(coord(*v)),
            });
        }
    }
    let money_axis = |v: f64| fm.money_compact(v);
    let month_axis = |v: f64| fm.int_f64(v);
    charts::svg(frame, |root| {
        charts::draw_sell_at(
            root,
            frame,
            f64::from(d.flow.horizon_months),
            &lines,
            f64::from(m),
            &markers,
            &Axes {
                x_desc: t.axis_month(),
                y_desc: t.axis_cumulative(),
                x_fmt: &month_axis,
                y_fmt: &money_axis,
            },
        )
    })
}

/// "Sold at month m the servers bring X (Y % of the price); own has then cost Z …".
fn sell_text(tx: &'static Tx, fm: &Fmt, d: &Data, m: u32) -> Option<String> {
    let p = d.at(m)?;
    let rent = d.ev.report.rent.get(d.cheapest?)?;
    let rent_cost = d.stop.get(m as usize)?;
    let text = match p.cost_per_productive_gpu_hour {
        Some(per_hour) => fill(tx.sell_text(), &[("per_hour", &fm.money(per_hour, 2))]),
        None => tx.sell_text_no_hours().to_owned(),
    };
    Some(fill(
        &text,
        &[
            ("m", &m.to_string()),
            ("resale", &fm.money(p.resale, 0)),
            ("percent", &fm.percent_value(p.value_percent, 1)),
            ("total", &fm.money(p.own_total, 0)),
            ("rent", &fm.money(*rent_cost, 0)),
            ("option", &rent.costs.label),
        ],
    ))
}

/// A snapshot of the sell-at chart for the default scenario, under `snapshots/` beside this
/// file; how to review a changed one: `first::chart_views::tests`.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::first::chart_views::tests::{default_evaluated, hex};
    use crate::i18n::Lang;

    /// The section's data, as its memo computes it.
    fn data() -> Data {
        let ev = Arc::new(default_evaluated());
        let flow = cash_flow_by_year(&ev.scenario).expect("a cash flow");
        let curve = residual_curve(&ev.scenario).expect("a resale curve");
        let cheapest = ev.report.cheapest_rent().map(|(i, _)| i);
        let stop = cheapest
            .and_then(|i| stop_curve(&ev.scenario, i).ok())
            .unwrap_or_default();
        Data {
            ev,
            flow,
            curve,
            cheapest,
            stop,
        }
    }

    /// The table as text: a line per head and per cell, with the cell's test id and its name
    /// on a phone (what the browser tests and a phone's reader rely on), `.neg` after the id
    /// of an amount the page marks as money back.
    fn rendered(t: &CashFlowTable) -> String {
        let mut out = vec![
            format!("region: {}", t.region),
            format!("caption: {}", t.caption),
            format!(
                "heads: {} | {} ({}) | {} ({})",
                t.year_head,
                t.own_group,
                t.own_heads.len(),
                t.rent_group,
                t.rent_heads.len()
            ),
            format!("own: {}", t.own_heads.join(" | ")),
            format!("rent: {}", t.rent_heads.join(" | ")),
        ];
        for row in t.rows.iter().chain([&t.sum]) {
            let head = match &row.head {
                RowHead::UpFront(text) | RowHead::Sum(text) => (*text).to_owned(),
                RowHead::Year { year, months } => format!("{year} / {months}"),
            };
            out.push(format!("{}: {head}", row.id));
            for c in row.own.iter().chain(&row.rent) {
                let neg = if c.negative { ".neg" } else { "" };
                out.push(format!("  {}{neg} [{}] {}", c.id, c.label, c.text));
            }
        }
        out.join("\n")
    }

    #[test]
    fn the_cash_flow_table_as_paid() {
        let d = data();
        let r = &d.ev.report;
        for (lang, case) in [(Lang::En, "en"), (Lang::De, "de")] {
            let fm = fmt_for(lang, r);
            let t = cash_flow_table(lang, &fm, &d.ev, &d.flow, false);
            insta::assert_snapshot!(format!("table_as_paid_{case}"), rendered(&t));
            let tx = Tx::of(lang);
            assert_eq!(t.caption, format!("{} ({})", tx.cf_caption(), tx.cf_paid()));
            // Bought for cash: no loan column.
            assert_eq!(
                t.own_heads,
                [
                    tx.cf_col_purchase(),
                    tx.cf_col_running(),
                    tx.cf_col_resale(),
                    tx.cf_col_total()
                ]
            );
            assert_eq!(t.rent_heads.len(), r.rent.len());
            assert_eq!(t.rent_heads[0], format!("1 · {}", r.rent[0].costs.label));
            // Year 0 and a row per year of the 60 months.
            assert_eq!(t.rows.len(), 6, "{case}");
            assert_eq!(t.rows[0].head, RowHead::UpFront(tx.cf_year_0()));
            assert_eq!(t.rows[0].id, "cf-row-0");
            assert_eq!(t.rows[1].own[1].id, "cf-1-own-running");
            // The sums are the report's totals: own's, and each option's.
            assert_eq!(t.sum.id, "cf-row-sum");
            let own_total = t.sum.own.last().expect("own's total");
            assert_eq!(own_total.id, "cf-sum-own-total");
            assert_eq!(own_total.text, fm.money(r.own.costs.total, 0));
            // The worked example's own total (721,842.912 €, `core/tests/it/cashflow.rs`).
            let expected = if lang == Lang::En {
                "€721,843"
            } else {
                "721.843\u{a0}€"
            };
            assert_eq!(own_total.text, expected);
            for (i, (cell, x)) in t.sum.rent.iter().zip(&r.rent).enumerate() {
                assert_eq!(cell.id, format!("cf-sum-rent-{i}"));
                assert_eq!(cell.text, fm.money(x.costs.total, 0), "{}", x.costs.label);
            }
            // Own's purchase is paid up front, the servers' resale comes back at the end.
            assert!(!t.rows[0].own[0].text.is_empty() && !t.rows[0].own[0].negative);
            assert!(t.rows[5].own[2].negative, "{:?}", t.rows[5].own[2]);
        }
    }

    #[test]
    fn the_cash_flow_table_financed_and_discounted() {
        let mut ev = default_evaluated();
        ev.scenario.own.financing = gpu_tco_core::Financing::Loan {
            annual_interest_percent: Decimal::from(6),
            term_months: 36,
        };
        ev.scenario.finance.discount_rate_percent = Decimal::from(5);
        ev.report = gpu_tco_core::evaluate(&ev.scenario).expect("the financed scenario");
        let flow = cash_flow_by_year(&ev.scenario).expect("a cash flow");
        for (lang, case) in [(Lang::En, "en"), (Lang::De, "de")] {
            let fm = fmt_for(lang, &ev.report);
            let t = cash_flow_table(lang, &fm, &ev, &flow, true);
            insta::assert_snapshot!(format!("table_financed_discounted_{case}"), rendered(&t));
            let tx = Tx::of(lang);
            assert!(t.caption.ends_with(&format!("({})", tx.cf_discounted())));
            // Financed: the loan column, after the purchase.
            assert_eq!(t.own_heads.len(), 5);
            assert_eq!(t.own_heads[1], tx.cf_col_loan());
            assert_eq!(t.rows[1].own[1].id, "cf-1-own-loan");
            assert_eq!(t.rows[1].own[1].label, tx.cf_loan());
            // Discounted, the sums are the present values.
            let npv = ev.report.own.costs.npv.expect("a present value");
            let own_total = t.sum.own.last().expect("own's total");
            assert_eq!(own_total.text, fm.money(npv, 0));
            assert_ne!(own_total.text, fm.money(ev.report.own.costs.total, 0));
        }
    }

    #[test]
    fn the_sell_at_chart() {
        let d = data();
        let cheapest = d.cheapest.expect("the default has a cheapest rent option");
        // The page's month: the horizon, unless one is chosen; and one halfway.
        let horizon = d.flow.horizon_months;
        for (lang, fit, m, case) in [
            (Lang::En, Fit::Wide, horizon, "en_desktop_horizon"),
            (Lang::De, Fit::Narrow, horizon / 2, "de_phone_halfway"),
        ] {
            let fm = fmt_for(lang, &d.ev.report);
            let s = sell_chart(lang.t(), &fm, &d, m, fit);
            insta::assert_snapshot!(format!("sell_at_{case}"), s);
            // Both values at the month are labelled: own's total if sold then, and the
            // cheapest option's cost if stopped then.
            let own = d.at(m).map(|p| fm.money_compact(coord(p.own_total)));
            let rent = d.stop.get(m as usize).map(|v| fm.money_compact(coord(*v)));
            for label in [own, rent] {
                let label = label.expect("a value at the month");
                assert!(s.contains(&format!(">{label}</text>")), "{case}: {label}");
            }
            assert!(
                s.contains(&format!("fill=\"{}\"", hex(cheapest + 1))),
                "{case}"
            );
        }
    }
}
