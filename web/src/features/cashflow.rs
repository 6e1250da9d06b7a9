//! The finance view: own's and each rent option's payments by year (as paid or discounted) and
//! what own costs if the servers are sold at month m. Computed only while the section is open.

use std::sync::Arc;

use gpu_tco_core::analysis::{
    CashFlow, OwnAmounts, ResalePoint, cash_flow_by_year, residual_curve, stop_curve,
};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::charts::{self, Axes, Frame, Marker, Series};
use crate::features::cashflow_texts::{Tx, txt};
use crate::first::chart_views::{coord, monthly_series};
use crate::first::results::fmt_for;
use crate::first::{follow_open, tr};
use crate::fmt::Fmt;
use crate::i18n::Texts;
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
        Some(cash_flow_table(
            lang.t(),
            Tx::of(lang),
            &fmt_for(lang, &d.ev.report),
            &d,
            show_discounted(),
        ))
    };
    let chart = move || {
        let lang = ctx.lang.get();
        let narrow = ctx.narrow.get();
        let m = month.get();
        data.with(|d| {
            d.as_ref()
                .map(|d| sell_chart(lang.t(), &fmt_for(lang, &d.ev.report), d, m, narrow))
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
                    <li><span class="swatch c0" aria-hidden="true"></span>{txt(|x| x.sell_own)}</li>
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
                    <legend>{txt(|x| x.cf_view)}</legend>
                    <span class="check">
                        <input
                            type="radio"
                            name="cf-view"
                            id="cf-paid"
                            prop:checked=move || !show_discounted()
                            on:change=move |_| discounted.set(false)
                        />
                        <label for="cf-paid">{txt(|x| x.cf_paid)}</label>
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
                        <label for="cf-discounted">{txt(|x| x.cf_discounted)}</label>
                    </span>
                    <p class="note" id="cf-no-rate" data-testid="cf-no-rate" hidden=move || can_discount.get()>
                        {txt(|x| x.cf_no_rate)}
                    </p>
                </fieldset>
                {table}
                <figure data-testid="chart-sell-at">
                    <figcaption>
                        <h3>{txt(|x| x.sell_title)}</h3>
                        <p class="desc">{txt(|x| x.sell_desc)}</p>
                    </figcaption>
                    <div class="field has-slider">
                        <label for="sell-month">{txt(|x| x.sell_month)}</label>
                        <div class="field-row">
                            <input
                                type="range"
                                id="sell-month-range"
                                min="0"
                                max=move || horizon.get()
                                step="1"
                                aria-label=txt(|x| x.sell_month)
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
                    <div class="chart" role="img" aria-label=txt(|x| x.sell_desc) inner_html=chart></div>
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
            <summary><h2>{tr(|t| t.cf_title)}</h2></summary>
            {body}
        </details>
    }
}

/// The table of payments by year, with a sums row.
fn cash_flow_table(
    t: &'static Texts,
    tx: &'static Tx,
    fm: &Fmt,
    d: &Data,
    discounted: bool,
) -> AnyView {
    let money = |v: Decimal| fm.money(v, 0);
    let r = &d.ev.report;
    let rent_heads: Vec<String> = r
        .rent
        .iter()
        .enumerate()
        .map(|(i, x)| {
            fill(
                tx.cf_rent_total,
                &[("n", &(i + 1).to_string()), ("label", &x.costs.label)],
            )
        })
        .collect();
    // Bought for cash, the loan column would be zeros only: it is left out (the table is wide).
    let loan = !matches!(d.ev.scenario.own.financing, gpu_tco_core::Financing::Cash);
    let own_cells = move |a: &OwnAmounts, key: String| {
        let cells = [
            (tx.cf_purchase, "purchase", a.purchase),
            (tx.cf_loan, "loan", a.loan),
            (tx.cf_running, "running", a.running),
            (tx.cf_resale, "resale", a.resale),
            (tx.cf_own_total, "total", a.total),
        ];
        cells
            .into_iter()
            .filter(|(_, name, _)| loan || *name != "loan")
            .map(|(label, name, v)| {
                view! {
                    <td data-label=label data-testid=format!("cf-{key}-own-{name}") class:neg=v < Decimal::ZERO>
                        {money(v)}
                    </td>
                }
            })
            .collect_view()
    };
    let rows = d
        .flow
        .own
        .years
        .iter()
        .map(|y| {
            let year = y.year;
            let amounts = if discounted {
                y.discounted.as_ref()
            } else {
                Some(&y.amounts)
            };
            let rent = d
                .flow
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
                    view! {
                        <td data-label=rent_heads.get(i).cloned().unwrap_or_default() data-testid=format!("cf-{year}-rent-{i}")>
                            {v.map(money).unwrap_or_default()}
                        </td>
                    }
                })
                .collect_view();
            let head = if year == 0 {
                view! { <span>{tx.cf_year_0}</span> }.into_any()
            } else {
                view! {
                    <span>{year.to_string()}</span>
                    <span class="months">
                        {fill(
                            tx.cf_months,
                            &[("a", &y.first_month.to_string()), ("b", &y.last_month.to_string())],
                        )}
                    </span>
                }
                .into_any()
            };
            view! {
                <tr data-testid=format!("cf-row-{year}")>
                    <th scope="row">{head}</th>
                    {amounts.map(|a| own_cells(a, year.to_string()))}
                    {rent}
                </tr>
            }
        })
        .collect_view();
    let own_sum = d.flow.own.sum(discounted).ok().flatten();
    let rent_sums = d
        .flow
        .rent
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let v = x.sum(discounted).ok().flatten().map(|a| a.total);
            view! {
                <td data-label=rent_heads.get(i).cloned().unwrap_or_default() data-testid=format!("cf-sum-rent-{i}")>
                    {v.map(money).unwrap_or_default()}
                </td>
            }
        })
        .collect_view();
    let heads = r
        .rent
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let h = format!("{} · {}", i + 1, x.costs.label);
            view! {
                <th scope="col">
                    <span class=format!("swatch c{}", i + 1) aria-hidden="true"></span>
                    {h}
                </th>
            }
        })
        .collect_view();
    let caption = format!(
        "{} ({})",
        tx.cf_caption,
        if discounted {
            tx.cf_discounted
        } else {
            tx.cf_paid
        }
    );
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label=t.cf_title>
            <table class="compare cash-flow-table" data-testid="cf-table">
                <caption>{caption}</caption>
                <thead>
                    <tr>
                        <th scope="col" rowspan="2">{tx.cf_year}</th>
                        <th scope="colgroup" colspan=if loan { "5" } else { "4" } class="group">
                            <span class="swatch c0" aria-hidden="true"></span>
                            {fill(tx.cf_own_group, &[("label", &r.own.costs.label)])}
                        </th>
                        <th scope="colgroup" colspan=r.rent.len().to_string() class="group">{tx.cf_rent_group}</th>
                    </tr>
                    <tr>
                        <th scope="col">{tx.cf_col_purchase}</th>
                        {loan.then(|| view! { <th scope="col">{tx.cf_col_loan}</th> })}
                        <th scope="col">{tx.cf_col_running}</th>
                        <th scope="col">{tx.cf_col_resale}</th>
                        <th scope="col">{tx.cf_col_total}</th>
                        {heads}
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
                <tfoot>
                    <tr data-testid="cf-row-sum" class="sum">
                        <th scope="row">{tx.cf_sum}</th>
                        {own_sum.as_ref().map(|a| own_cells(a, "sum".to_owned()))}
                        {rent_sums}
                    </tr>
                </tfoot>
            </table>
        </div>
    }
    .into_any()
}

/// The sell-at chart: own sold at each month against the cheapest rent option, month `m` marked.
fn sell_chart(t: &'static Texts, fm: &Fmt, d: &Data, m: u32, narrow: bool) -> String {
    let frame = Frame::for_viewport(narrow);
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
                x_desc: t.axis_month,
                y_desc: t.axis_cumulative,
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
        Some(per_hour) => fill(tx.sell_text, &[("per_hour", &fm.money(per_hour, 2))]),
        None => tx.sell_text_no_hours.to_owned(),
    };
    Some(fill(
        &text,
        &[
            ("m", &m.to_string()),
            ("resale", &fm.money(p.resale, 0)),
            (
                "percent",
                &fm.percent(p.value_percent / Decimal::ONE_HUNDRED, 1),
            ),
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

    #[test]
    fn the_sell_at_chart() {
        let d = data();
        let cheapest = d.cheapest.expect("the default has a cheapest rent option");
        // The page's month: the horizon, unless one is chosen; and one halfway.
        let horizon = d.flow.horizon_months;
        for (lang, narrow, m, case) in [
            (Lang::En, false, horizon, "en_desktop_horizon"),
            (Lang::De, true, horizon / 2, "de_phone_halfway"),
        ] {
            let fm = fmt_for(lang, &d.ev.report);
            let s = sell_chart(lang.t(), &fm, &d, m, narrow);
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
