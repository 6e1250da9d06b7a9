//! Hybrid (own the base, rent the peaks), sensitivity (tornado) and the heat map of which side
//! is cheaper. Computed only while the section is open, so the sweeps never slow down typing.

use std::sync::Arc;

use gpu_tco_core::analysis::{
    Cheaper, SensitivityInput, heat_map, heat_map_grid, hybrid_sweep, tornado,
};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::charts::{self, Axes, Cell, Frame, Marker, Series, Swing};
use crate::features::whatif_texts::Tx;
use crate::first::chart_views::{coord, svg_chart};
use crate::first::panels::array_len;
use crate::first::results::{fmt_for, month_text, quoted};
use crate::first::{REST, focus_later, follow_open, tr};
use crate::lang::Lang;
use crate::state::{Ctx, Evaluated};
use crate::texts::fill;

fn input_name(tx: &Tx, input: SensitivityInput) -> &'static str {
    match input {
        SensitivityInput::RentTariff => tx.in_tariff,
        SensitivityInput::ServerPrice => tx.in_server_price,
        SensitivityInput::PowerPrice => tx.in_power_price,
        SensitivityInput::ProductiveHours => tx.in_productive_hours,
        SensitivityInput::ServiceLife => tx.in_service_life,
        SensitivityInput::ResidualValue => tx.in_residual,
        SensitivityInput::DiscountRate => tx.in_discount,
        SensitivityInput::CloudPriceChange => tx.in_price_change,
        SensitivityInput::StaffHours => tx.in_staff,
    }
}

/// What the analysis shows for the rent option `index` of `ev`, in `lang`, charts in the phone
/// frame when `narrow`: a pure function of its inputs (the component only binds it), tested
/// natively with snapshots of its charts.
#[derive(Debug, Clone, PartialEq)]
pub struct WhatIf {
    /// The hybrid sweep's chart (none when the sweep cannot be made).
    pub hybrid_svg: Option<String>,
    /// The hybrid sweep's sentence.
    pub hybrid_text: Option<String>,
    /// Why the curve has steps (whole servers, whole instances).
    pub lumps: Option<String>,
    /// The cheapest mix (own GPUs, rent option), when it is one.
    pub mix: Option<(u32, usize)>,
    /// Whether that mix is the scenario's already.
    pub in_use: bool,
    /// The button's text for it.
    pub use_text: Option<String>,
    /// The tornado chart.
    pub tornado_svg: String,
    /// The break-even month said once under the tornado when it is the same at both ends of
    /// every input (the bars' names then leave it out).
    pub tornado_months: Option<String>,
    /// The heat map (none when it cannot be made).
    pub heat_svg: Option<String>,
    /// The heat map's colour key: what its deepest orange and deepest green stand for (the
    /// largest difference either way over the horizon, or that there is none that way).
    pub heat_key: Option<(String, String)>,
}

/// Builds [`WhatIf`].
pub fn build(ev: &Evaluated, index: usize, lang: Lang, narrow: bool) -> WhatIf {
    let t = lang.t();
    let tx = Tx::of(lang);
    let r = &ev.report;
    let fm = fmt_for(lang, r);
    let frame = Frame::for_viewport(narrow);
    let money = |v: f64| fm.money_compact(v);
    let int = |v: f64| fm.int_f64(v);
    let pct = |v: f64| fm.percent_f64(v);

    // Hybrid sweep.
    let sweep = hybrid_sweep(&ev.scenario, index).ok();
    let hybrid_svg = sweep.as_ref().map(|s| {
        let line = Series {
            points: s
                .points
                .iter()
                .map(|p| (f64::from(p.own_gpus), coord(p.total)))
                .collect(),
            color: 0,
            width: 3,
        };
        let best = s.points.iter().find(|p| p.own_gpus == s.cheapest);
        let markers: Vec<Marker> = best
            .map(|p| Marker {
                x: f64::from(p.own_gpus),
                y: coord(p.total),
                color: 0,
                label: p.own_gpus.to_string(),
            })
            .into_iter()
            .collect();
        charts::svg(frame, |root| {
            charts::draw_cumulative(
                root,
                frame,
                f64::from(s.peak_gpus.max(1)),
                &[line],
                &markers,
                &Axes {
                    x_desc: tx.axis_own_gpus,
                    y_desc: tx.axis_total,
                    x_fmt: &int,
                    y_fmt: &money,
                },
            )
        })
    });
    let option_label = r
        .rent
        .get(index)
        .map(|x| x.costs.label.clone())
        .unwrap_or_default();
    // A mix only when it is one: owning every GPU, or none, is not a mix to "use".
    let is_mix =
        |s: &gpu_tco_core::analysis::HybridSweep| s.cheapest > 0 && s.cheapest < s.peak_gpus;
    let hybrid_text = sweep.as_ref().and_then(|s| {
        let best = s.points.iter().find(|p| p.own_gpus == s.cheapest)?;
        let all_rent = s.points.first()?;
        let all_own = s.points.last()?;
        let text = if is_mix(s) {
            tx.hybrid_best
        } else if s.cheapest == 0 {
            tx.hybrid_all_rent
        } else {
            tx.hybrid_all_own
        };
        Some(fill(
            text,
            &[
                ("n", &best.own_gpus.to_string()),
                ("total", &fm.money(best.total, 0)),
                ("months", &s.horizon_months.to_string()),
                ("rent", &fm.money(all_rent.total, 0)),
                ("own", &fm.money(all_own.total, 0)),
                // Quoted as the verdict names options: "…, always on only adds cost" read as
                // part of the sentence.
                ("option", &quoted(lang, &option_label)),
            ],
        ))
    });

    // Why the curve has steps: both sides come in whole servers and whole instances.
    let lumps = {
        let per_server = ev.scenario.own.gpus_per_server;
        let per_instance = r.rent.get(index).map_or(1, |x| x.gpus_per_instance);
        (per_server > 1 || per_instance > 1).then(|| {
            fill(
                tx.hybrid_lumps,
                &[
                    ("s", &per_server.to_string()),
                    ("k", &per_instance.to_string()),
                ],
            )
        })
    };

    // "Use this mix": the cheapest N of the option analysed, kept in the scenario.
    let mix = sweep
        .as_ref()
        .filter(|s| is_mix(s))
        .map(|s| (s.cheapest, index));
    let in_use = mix.is_some_and(|(n, i)| {
        ev.scenario
            .hybrid
            .is_some_and(|h| h.own_gpus == n && h.rent == i)
    });
    let use_text = mix.map(|(n, _)| {
        let text = if in_use {
            tx.hybrid_in_use
        } else {
            tx.hybrid_use
        };
        fill(text, &[("n", &n.to_string()), ("option", &option_label)])
    });

    // Tornado.
    let bars = tornado(&ev.scenario, index).ok().unwrap_or_default();
    let base = bars.first().map_or(0.0, |b| coord(b.base.savings));
    // The same month at both ends is said once; the same for every input, once under the
    // chart ("not within the horizon" nine times over against an option owning never beats
    // said nothing, and made the names too long for a phone's width).
    let months: Vec<String> = bars
        .iter()
        .map(|b| {
            let (low, high) = (b.low.break_even_month, b.high.break_even_month);
            if low == high {
                month_text(lang, low)
            } else {
                format!("{} / {}", month_text(lang, low), month_text(lang, high))
            }
        })
        .collect();
    let all_same = months.len() > 1 && months.iter().all(|m| *m == months[0]);
    let tornado_months = all_same.then(|| fill(tx.tornado_months_all, &[("months", &months[0])]));
    let swings: Vec<Swing> = bars
        .iter()
        .zip(&months)
        .map(|(b, months)| Swing {
            name: if all_same {
                input_name(tx, b.input).to_owned()
            } else {
                format!("{} ({months})", input_name(tx, b.input))
            },
            low: coord(b.low.savings),
            high: coord(b.high.savings),
        })
        .collect();
    let tornado_svg = charts::svg(frame, |root| {
        charts::draw_tornado(
            root,
            frame,
            &swings,
            base,
            &Axes {
                x_desc: t.col_savings,
                y_desc: "",
                x_fmt: &money,
                y_fmt: &money,
            },
            (tx.tornado_lower, tx.tornado_higher),
        )
    });

    // Heat map.
    let heat = heat_map_grid(&ev.scenario, index)
        .and_then(|(shares, tariffs)| {
            let map = heat_map(&ev.scenario, index, &shares, &tariffs)?;
            Ok((shares, tariffs, map))
        })
        .ok();
    // The key names each side's largest difference, which its deepest colour stands for.
    let heat_key = heat.as_ref().map(|(_, _, map)| {
        let cells = || map.cells.iter().flatten();
        let rent = cells().map(|c| -c.savings).max().unwrap_or_default();
        let own = cells().map(|c| c.savings).max().unwrap_or_default();
        let side = |largest: Decimal, some: &str, none: &'static str| {
            if largest > Decimal::ZERO {
                some.replace("{x}", &fm.money(largest, 0))
            } else {
                none.to_owned()
            }
        };
        (
            side(rent, tx.heat_key_rent, tx.heat_key_rent_none),
            side(own, tx.heat_key_own, tx.heat_key_own_none),
        )
    });
    let heat_svg = heat.map(|(shares, tariffs, map)| {
        let cells: Vec<Cell> = map
            .cells
            .iter()
            .enumerate()
            .flat_map(|(y, row)| {
                row.iter().enumerate().map(move |(x, c)| Cell {
                    x,
                    y,
                    savings: match c.cheaper {
                        Cheaper::Same => 0.0,
                        _ => coord(c.savings),
                    },
                })
            })
            .collect();
        // The ring sits where today's tariff and share fall between the grid values.
        let position = |values: &[Decimal], v: Decimal| {
            let v = coord(v);
            let pts: Vec<f64> = values.iter().map(|d| coord(*d)).collect();
            let mut pos = 0.0;
            for (i, w) in pts.windows(2).enumerate() {
                if v >= w[0] && v <= w[1] && w[1] > w[0] {
                    pos = i as f64 + (v - w[0]) / (w[1] - w[0]);
                }
            }
            if pts.last().is_some_and(|l| v > *l) {
                pos = pts.len() as f64 - 1.0;
            }
            pos
        };
        let current = (
            position(&tariffs, map.current.tariff),
            position(&shares, map.current.share),
        );
        let columns: Vec<f64> = tariffs.iter().map(|d| coord(*d)).collect();
        let rows: Vec<f64> = shares.iter().map(|d| coord(*d)).collect();
        // A column's tariff with the fraction digits it has (up to two): the columns step
        // by fractions of a unit, and whole numbers made them read 1, 3, 4, 6.
        let tariff_labels: Vec<String> = tariffs
            .iter()
            .map(|d| fm.number(d.round_dp(2), 2))
            .collect();
        let tariff_axis = |v: f64| {
            columns
                .iter()
                .zip(&tariff_labels)
                .min_by(|a, b| (a.0 - v).abs().total_cmp(&(b.0 - v).abs()))
                .map(|(_, label)| label.clone())
                .unwrap_or_default()
        };
        let tariff_desc = ev
            .scenario
            .rent
            .get(index)
            .map(|o| {
                format!(
                    "{} ({} / {})",
                    tx.axis_tariff,
                    o.currency.code(),
                    crate::i18n::price_unit_text(t, o.price_unit)
                )
            })
            .unwrap_or_default();
        charts::svg(frame, |root| {
            charts::draw_heat_map(
                root,
                frame,
                &columns,
                &rows,
                &cells,
                current,
                &Axes {
                    x_desc: &tariff_desc,
                    y_desc: t.axis_share,
                    x_fmt: &tariff_axis,
                    y_fmt: &pct,
                },
            )
        })
    });

    WhatIf {
        hybrid_svg,
        hybrid_text,
        lumps,
        mix,
        in_use,
        use_text,
        tornado_svg,
        tornado_months,
        heat_svg,
        heat_key,
    }
}

/// What the open section shows: the analysis of the option `index`, and every rent option's
/// name (the choice lists them numbered).
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    what: WhatIf,
    index: usize,
    labels: Vec<String>,
}

/// The analysis section.
#[component]
pub fn AnalysisPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let open = RwSignal::new(false);
    let chosen = RwSignal::new(None::<usize>);
    // A rent option added or removed renumbers the others: go back to the cheapest rather than
    // silently analyse another option under the same number.
    let rent_count = array_len(ctx, "rent");
    Effect::new(move |prev: Option<usize>| {
        let n = rent_count.get();
        if prev.is_some_and(|p| p != n) {
            chosen.set(None);
        }
        n
    });
    // The sweeps evaluate the scenario some two hundred times and redraw three charts, so they
    // wait until the inputs rest: while a slider is dragged the results update on every step
    // and the analysis once, `REST` after the last one (choosing another option here updates it
    // at once).
    let settled = RwSignal::new(None::<Arc<Evaluated>>);
    let timer = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        ctx.shown.track();
        if !open.get() {
            // Closed: forget, so that reopening computes at once rather than showing old sweeps.
            if let Some(t) = timer.get_value() {
                t.clear();
                timer.set_value(None);
            }
            if settled.with_untracked(Option::is_some) {
                settled.set(None);
            }
            return;
        }
        if let Some(t) = timer.get_value() {
            t.clear();
        }
        if settled.with_untracked(Option::is_none) {
            settled.set(ctx.shown.get_untracked());
            return;
        }
        let handle = set_timeout_with_handle(
            move || {
                timer.set_value(None);
                settled.set(ctx.shown.get_untracked());
            },
            REST,
        );
        timer.set_value(handle.ok());
    });
    // What the section shows: computed once per change of the settled scenario, the chosen
    // option, the language or the frame; the view below is built once while it is open and
    // follows it part by part (its charts patched in place, as the first screen's are).
    let what = Memo::new(move |_| {
        if !open.get() {
            return None;
        }
        let lang = ctx.lang.get();
        let narrow = ctx.narrow.get();
        let ev = settled.get()?;
        let r = &ev.report;
        // Default: the cheapest rent option.
        let cheapest = r.cheapest_rent().map_or(0, |(i, _)| i);
        let index = chosen
            .get()
            .filter(|i| *i < r.rent.len())
            .unwrap_or(cheapest);
        let labels: Vec<String> = r.rent.iter().map(|x| x.costs.label.clone()).collect();
        Some(Shown {
            what: build(&ev, index, lang, narrow),
            index,
            labels,
        })
    });
    let shown = Memo::new(move |_| what.with(Option::is_some));
    let part = move |f: fn(&WhatIf) -> Option<String>| {
        Memo::new(move |_| what.with(|x| x.as_ref().and_then(|x| f(&x.what))))
    };
    let svg = move |f: fn(&WhatIf) -> Option<String>| {
        Memo::new(move |_| {
            what.with(|x| x.as_ref().and_then(|x| f(&x.what)))
                .unwrap_or_default()
        })
    };
    let hybrid_svg = svg(|w| w.hybrid_svg.clone());
    let tornado_svg = svg(|w| Some(w.tornado_svg.clone()));
    let heat_svg = svg(|w| w.heat_svg.clone());
    let hybrid_text = part(|w| w.hybrid_text.clone());
    let lumps = part(|w| w.lumps.clone());
    let use_text = part(|w| w.use_text.clone());
    let tornado_months = part(|w| w.tornado_months.clone());
    let heat_key =
        Memo::new(move |_| what.with(|x| x.as_ref().and_then(|x| x.what.heat_key.clone())));
    let mix = Memo::new(move |_| what.with(|x| x.as_ref().and_then(|x| x.what.mix)));
    let in_use = Memo::new(move |_| what.with(|x| x.as_ref().is_some_and(|x| x.what.in_use)));
    let options = Memo::new(move |_| {
        what.with(|x| {
            x.as_ref()
                .map(|x| (x.index, x.labels.clone()))
                .unwrap_or_default()
        })
    });
    let tx = move || Tx::of(ctx.lang.get());
    // A chart's name for a screen reader: what it shows, and against which option.
    let named = move |desc: fn(&Tx) -> &'static str| {
        move || {
            let lang = ctx.lang.get();
            let t = Tx::of(lang);
            let option = what.with(|x| {
                x.as_ref()
                    .and_then(|x| x.labels.get(x.index))
                    .map(|l| quoted(lang, l))
            });
            match option {
                Some(o) => fill(t.chart_of_option, &[("desc", desc(t)), ("option", &o)]),
                None => desc(t).to_owned(),
            }
        }
    };
    let body = move || {
        shown.get().then(|| {
            view! {
                <div class="field">
                    <label for="analysis-option">{move || tx().analysis_option}</label>
                    <select
                        id="analysis-option"
                        on:change=move |e| chosen.set(event_target_value(&e).parse().ok())
                    >
                        {move || {
                            let (index, labels) = options.get();
                            labels
                                .into_iter()
                                .enumerate()
                                .map(|(i, label)| {
                                    view! {
                                        <option value=i.to_string() selected=i == index>
                                            {format!("{} · {label}", i + 1)}
                                        </option>
                                    }
                                })
                                .collect_view()
                        }}
                    </select>
                </div>
                <figure data-testid="chart-hybrid">
                    <figcaption>
                        <h3>{move || tx().hybrid_title}</h3>
                        <p class="desc">{move || tx().hybrid_desc}</p>
                    </figcaption>
                    {svg_chart(hybrid_svg, named(|t| t.hybrid_desc))}
                    <p data-testid="hybrid-best">{hybrid_text}</p>
                    <p class="note" data-testid="hybrid-lumps" hidden=move || lumps.with(Option::is_none)>
                        {lumps}
                    </p>
                    <p hidden=move || mix.with(Option::is_none)>
                        <button
                            type="button"
                            id="hybrid-use"
                            disabled=in_use
                            on:click=move |_| {
                                ctx.set_hybrid(mix.get_untracked());
                                // The keyboard follows to the mix's card in the results.
                                focus_later("h-hybrid".to_owned());
                            }
                        >
                            {use_text}
                        </button>
                    </p>
                </figure>
                <figure data-testid="chart-tornado">
                    <figcaption>
                        <h3>{move || tx().tornado_title}</h3>
                        <p class="desc">{move || tx().tornado_desc}</p>
                    </figcaption>
                    {svg_chart(tornado_svg, named(|t| t.tornado_desc))}
                    {move || {
                        tornado_months
                            .get()
                            .map(|m| view! { <p class="note" data-testid="tornado-months">{m}</p> })
                    }}
                </figure>
                <figure data-testid="chart-heat-map">
                    <figcaption>
                        <h3>{move || tx().heat_title}</h3>
                        <p class="desc">{move || tx().heat_desc}</p>
                    </figcaption>
                    {svg_chart(heat_svg, named(|t| t.heat_desc))}
                    {move || {
                        heat_key.get().map(|(rent, own)| view! {
                            <p class="heat-key" data-testid="heat-key">
                                <span data-testid="heat-key-rent">{rent}</span>
                                <span class="heat-key-bar" aria-hidden="true"></span>
                                <span data-testid="heat-key-own">{own}</span>
                            </p>
                        })
                    }}
                </figure>
            }
        })
    };
    view! {
        <details
            class="panel analysis"
            data-testid="analysis"
            on:toggle=follow_open(open)
        >
            <summary><h2>{tr(|t| t.analysis_title)}</h2></summary>
            {body}
        </details>
    }
}

/// The analysis' builder on the default scenario: snapshots of its three charts (review a
/// changed one as `first::chart_views::tests` says), and the figures the sentences carry.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::first::chart_views::tests::default_evaluated;

    #[test]
    fn the_default_analysis() {
        let ev = default_evaluated();
        let index = ev.report.cheapest_rent().map_or(0, |(i, _)| i);
        for (lang, narrow, name) in [
            (Lang::En, false, "en_desktop"),
            (Lang::De, true, "de_phone"),
        ] {
            let w = build(&ev, index, lang, narrow);
            // Against the cheapest option, renting all of the load is cheapest (as the browser
            // step 14 reads it, there with the browser's number format).
            let text = w.hybrid_text.clone().unwrap_or_default();
            let expected = if lang == Lang::En {
                "Renting all of the load on "
            } else {
                "Die ganze Last auf "
            };
            assert!(text.starts_with(expected), "{name}: {text}");
            assert!(text.contains(" 60 "), "{name}: over the 60 months: {text}");
            assert_eq!(w.mix, None, "{name}: not a mix");
            let hybrid = w.hybrid_svg.clone().expect("the hybrid chart");
            insta::assert_snapshot!(format!("hybrid_{name}"), hybrid);
            // Nine tornado bars, each with its input's name and break-even month: against the
            // cheapest option owning never pays off, at either end of any input, said once a bar.
            let never = if lang == Lang::En {
                "(not within the horizon)"
            } else {
                "(nicht im Zeitraum)"
            };
            // The same for all nine, so said once under the chart, not in each bar's name.
            assert_eq!(w.tornado_svg.matches(never).count(), 0, "{name}");
            assert!(!w.tornado_svg.contains(" / "), "{name}");
            let months = w.tornado_months.clone().expect("the months said once");
            assert!(
                months.ends_with(&format!("{}.", &never[1..never.len() - 1])),
                "{name}: {months}"
            );
            insta::assert_snapshot!(format!("tornado_{name}"), w.tornado_svg);
            // The key names each side's largest difference on the map: renting at the lowest
            // tariff and share, owning at the highest.
            let (rent, own) = w.heat_key.clone().expect("the heat map's key");
            let (shares, tariffs) = heat_map_grid(&ev.scenario, index).expect("a grid");
            let map = heat_map(&ev.scenario, index, &shares, &tariffs).expect("a map");
            let corner = |y: usize, x: usize| map.cells[y][x].savings.round().to_string();
            let (last_y, last_x) = (shares.len() - 1, tariffs.len() - 1);
            assert_eq!(corner(0, 0), "-654334", "{name}: renting's largest lead");
            assert_eq!(
                corner(last_y, last_x),
                "1417313",
                "{name}: owning's largest lead"
            );
            let (rent_key, own_key) = if lang == Lang::En {
                (
                    "Renting up to €654,334 cheaper",
                    "Owning up to €1,417,313 cheaper",
                )
            } else {
                (
                    "Miete bis zu 654.334\u{a0}€ günstiger",
                    "Kauf bis zu 1.417.313\u{a0}€ günstiger",
                )
            };
            assert_eq!((rent.as_str(), own.as_str()), (rent_key, own_key), "{name}");
            let heat = w.heat_svg.clone().expect("the heat map");
            insta::assert_snapshot!(format!("heat_{name}"), heat);
        }
    }
}
