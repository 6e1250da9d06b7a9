//! Hybrid (own the base, rent the peaks), sensitivity (tornado) and the heat map of which side
//! is cheaper. Computed only while the section is open, so the sweeps never slow down typing.

use std::sync::Arc;

use gpu_tco_core::analysis::{
    Cheaper, HeatMap, HybridSweep, SensitivityInput, TornadoBar, heat_map_grid,
};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::charts::{self, Axes, Cell, Fit, Frame, Marker, Series, Swing};
use crate::features::whatif_texts::Tx;
use crate::first::chart_views::{coord, svg_chart};
use crate::first::panels::array_len;
use crate::first::results::{fmt_for, month_text, quoted};
use crate::first::{REST, focus_later, follow_open, tr};
use crate::fmt::Fmt;
use crate::lang::Lang;
use crate::state::{Ctx, Evaluated};
use crate::texts::fill;

fn input_name(tx: &Tx, input: SensitivityInput) -> &'static str {
    match input {
        SensitivityInput::RentTariff => tx.in_tariff(),
        SensitivityInput::ServerPrice => tx.in_server_price(),
        SensitivityInput::PowerPrice => tx.in_power_price(),
        SensitivityInput::ProductiveHours => tx.in_productive_hours(),
        SensitivityInput::ServiceLife => tx.in_service_life(),
        SensitivityInput::ResidualValue => tx.in_residual(),
        SensitivityInput::DiscountRate => tx.in_discount(),
        SensitivityInput::CloudPriceChange => tx.in_price_change(),
        SensitivityInput::StaffHours => tx.in_staff(),
    }
}

/// A tornado input's value as the table under the chart writes it, in its unit: the rent option's
/// tariff in its currency and price unit, own's prices in own's currency, hours, years and
/// percentages (rent option `index` of `ev`).
fn input_value(
    lang: Lang,
    ev: &Evaluated,
    index: usize,
    input: SensitivityInput,
    v: Decimal,
) -> String {
    let t = lang.t();
    let tx = Tx::of(lang);
    let plain = Fmt::plain(lang);
    let own = &ev.scenario.own;
    let in_currency = |c: gpu_tco_core::Currency| Fmt {
        lang,
        currency: c.code(),
    };
    // A percentage given in percent (12.5 for 12.5 %), written as the page writes shares.
    let percent = || {
        let n = plain.number(v, 2);
        match lang {
            Lang::En => format!("{n}%"),
            Lang::De => format!("{n}\u{a0}%"),
        }
    };
    match input {
        SensitivityInput::RentTariff => ev.scenario.rent.get(index).map_or_else(
            || plain.number(v, 2),
            |o| {
                format!(
                    "{} / {}",
                    in_currency(o.currency).money(v, 2),
                    crate::i18n::price_unit_text(t, o.price_unit)
                )
            },
        ),
        SensitivityInput::ServerPrice => in_currency(own.currency).money(v, 0),
        SensitivityInput::PowerPrice => format!("{} / kWh", in_currency(own.currency).money(v, 3)),
        SensitivityInput::ProductiveHours | SensitivityInput::StaffHours => {
            format!("{} {}", plain.number(v, 1), t.unit_hours())
        }
        SensitivityInput::ServiceLife if v == Decimal::ONE => tx.table_one_year().to_owned(),
        SensitivityInput::ServiceLife => fill(tx.table_years(), &[("n", &plain.number(v, 0))]),
        SensitivityInput::ResidualValue
        | SensitivityInput::DiscountRate
        | SensitivityInput::CloudPriceChange => percent(),
    }
}

/// A figure of a chart's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCell {
    /// The figure as the page writes it (empty where its row has none).
    pub text: String,
    /// Its column's name, shown beside it where a phone lays the rows out as cards
    /// (`data-label`).
    pub label: String,
    /// An amount below zero, renting cheaper: in the page's colour for it (its sign says it).
    pub negative: bool,
    /// Words that may wrap (a break-even month).
    pub wrap: bool,
    /// The scenario as it is, which `text` says in words too.
    pub marked: bool,
}

impl TableCell {
    fn new(text: String, label: String) -> TableCell {
        TableCell {
            text,
            label,
            negative: false,
            wrap: false,
            marked: false,
        }
    }
}

/// A row of a chart's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    /// Its head (the row's `<th>`).
    pub head: String,
    /// Its figures, a cell per column after the first.
    pub cells: Vec<TableCell>,
    /// The row the chart marks (the cheapest, the scenario as it is), which `head` says in words
    /// too.
    pub marked: bool,
}

/// A chart as a table, folded under it: the figures it draws, for a screen reader and for
/// reading exact amounts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartTable {
    /// What it holds and in which units (its `<caption>`).
    pub caption: String,
    /// Heads over groups of the columns after the first, with the number of columns each spans
    /// (none: one row of heads).
    pub groups: Vec<(String, usize)>,
    /// The column heads, the row heads' column first.
    pub heads: Vec<String>,
    /// The rows, as the chart orders them.
    pub rows: Vec<TableRow>,
    /// A row under them: the heat map's scenario as it is, when its share falls between rows.
    pub foot: Option<TableRow>,
}

/// The hybrid sweep `s` as a table: the total for each number of own GPUs, the cheapest said in
/// words (against `option`, quoted).
fn hybrid_table(tx: &Tx, fm: &Fmt, s: &HybridSweep, option: &str) -> ChartTable {
    let rows = s
        .points
        .iter()
        .map(|p| {
            let marked = p.own_gpus == s.cheapest;
            let n = p.own_gpus.to_string();
            TableRow {
                head: if marked {
                    fill(tx.table_cheapest(), &[("n", &n)])
                } else {
                    n
                },
                cells: vec![TableCell::new(
                    fm.money(p.total, 0),
                    tx.axis_total().to_owned(),
                )],
                marked,
            }
        })
        .collect();
    ChartTable {
        caption: fill(
            tx.table_hybrid_caption(),
            &[
                ("months", &s.horizon_months.to_string()),
                ("option", option),
            ],
        ),
        groups: Vec::new(),
        heads: vec![tx.axis_own_gpus().to_owned(), tx.axis_total().to_owned()],
        rows,
        foot: None,
    }
}

/// The tornado's `bars` as a table, in their order (largest swing first): each input's value,
/// the savings and the break-even month at its lower and its higher end, `value` writing the
/// inputs' values. None without bars.
fn tornado_table(
    lang: Lang,
    fm: &Fmt,
    bars: &[TornadoBar],
    value: impl Fn(SensitivityInput, Decimal) -> String,
) -> Option<ChartTable> {
    let t = lang.t();
    let tx = Tx::of(lang);
    let base = bars.first()?.base.savings;
    let columns = [tx.table_value(), t.col_savings(), t.col_break_even()];
    let rows = bars
        .iter()
        .map(|b| {
            let side = |s: &gpu_tco_core::analysis::TornadoSide, which: &str| {
                let label = |col: &str| format!("{col} ({which})");
                vec![
                    TableCell::new(value(b.input, s.value), label(columns[0])),
                    TableCell {
                        negative: s.savings < Decimal::ZERO,
                        ..TableCell::new(fm.money(s.savings, 0), label(columns[1]))
                    },
                    TableCell {
                        wrap: true,
                        ..TableCell::new(month_text(lang, s.break_even_month), label(columns[2]))
                    },
                ]
            };
            let mut cells = side(&b.low, tx.tornado_lower());
            cells.extend(side(&b.high, tx.tornado_higher()));
            TableRow {
                head: input_name(tx, b.input).to_owned(),
                cells,
                marked: false,
            }
        })
        .collect();
    let mut heads = vec![tx.table_input().to_owned()];
    for _ in 0..2 {
        heads.extend(columns.iter().map(|c| (*c).to_owned()));
    }
    Some(ChartTable {
        caption: fill(
            tx.table_tornado_caption(),
            &[(
                "today",
                &if base < Decimal::ZERO {
                    fill(tx.table_today_rent(), &[("x", &fm.money(-base, 0))])
                } else {
                    fill(tx.table_today_own(), &[("x", &fm.money(base, 0))])
                },
            )],
        ),
        groups: vec![
            (tx.table_lower().to_owned(), columns.len()),
            (tx.table_higher().to_owned(), columns.len()),
        ],
        heads,
        rows,
        foot: None,
    })
}

/// The heat map `map` over `shares` × `tariffs` as a table: a row per share, a column per
/// tariff (`tariff_labels`, as the chart's axis writes them, under `tariff_desc`, in `unit`),
/// the savings in each cell; the scenario as it is marked "today" (its tariff is a column; its
/// share a row, or the row under the others when it falls between two). `option`: the rent
/// option, quoted.
fn heat_table(
    lang: Lang,
    fm: &Fmt,
    (shares, tariffs, map): (&[Decimal], &[Decimal], &HeatMap),
    tariff_labels: &[String],
    (tariff_desc, unit): (&str, &str),
    option: &str,
) -> ChartTable {
    let t = lang.t();
    let tx = Tx::of(lang);
    let today = |x: &str| fill(tx.table_today(), &[("x", x)]);
    let today_col = tariffs.iter().position(|d| *d == map.current.tariff);
    let today_row = shares.iter().position(|d| *d == map.current.share);
    let columns: Vec<String> = tariff_labels
        .iter()
        .enumerate()
        .map(|(j, l)| {
            if Some(j) == today_col {
                today(l)
            } else {
                l.clone()
            }
        })
        .collect();
    let cell_label = |j: usize| format!("{} {}", tx.axis_tariff(), columns[j]);
    let rows = map
        .cells
        .iter()
        .zip(shares)
        .enumerate()
        .map(|(i, (row, share))| {
            let marked = Some(i) == today_row;
            let share = fm.percent(*share, 0);
            TableRow {
                head: if marked { today(&share) } else { share },
                cells: row
                    .iter()
                    .enumerate()
                    .map(|(j, c)| {
                        let here = marked && Some(j) == today_col;
                        let amount = fm.money(c.savings, 0);
                        TableCell {
                            negative: matches!(c.cheaper, Cheaper::Rent),
                            marked: here,
                            ..TableCell::new(
                                if here { today(&amount) } else { amount },
                                cell_label(j),
                            )
                        }
                    })
                    .collect(),
                marked,
            }
        })
        .collect();
    // Today's share between two rows: its own row, with today's tariff's cell alone.
    let foot = today_col
        .filter(|_| today_row.is_none())
        .map(|col| TableRow {
            head: today(&fm.percent(map.current.share, 1)),
            cells: (0..columns.len())
                .map(|j| {
                    if j == col {
                        TableCell {
                            negative: matches!(map.current.cheaper, Cheaper::Rent),
                            marked: true,
                            ..TableCell::new(fm.money(map.current.savings, 0), cell_label(j))
                        }
                    } else {
                        TableCell::new(String::new(), cell_label(j))
                    }
                })
                .collect(),
            marked: true,
        });
    let mut heads = vec![t.axis_share().to_owned()];
    heads.extend(columns.iter().cloned());
    ChartTable {
        caption: fill(
            tx.table_heat_caption(),
            &[("option", option), ("unit", unit)],
        ),
        groups: vec![(tariff_desc.to_owned(), columns.len())],
        heads,
        rows,
        foot,
    }
}

/// What the analysis shows for the rent option `index` of `ev`, in `lang`, charts in the phone
/// frame `fit` gives: a pure function of its inputs (the component only binds it), tested
/// natively with snapshots of its charts.
#[derive(Debug, Clone, PartialEq)]
pub struct WhatIf {
    /// The hybrid sweep's chart (none when the sweep cannot be made).
    pub hybrid_svg: Option<String>,
    /// The hybrid sweep's sentence.
    pub hybrid_text: Option<String>,
    /// The hybrid sweep as a table.
    pub hybrid_table: Option<ChartTable>,
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
    /// The tornado as a table (none without bars).
    pub tornado_table: Option<ChartTable>,
    /// The heat map (none when it cannot be made).
    pub heat_svg: Option<String>,
    /// The heat map's colour key: what its deepest orange and deepest green stand for (the
    /// largest difference either way over the horizon, or that there is none that way).
    pub heat_key: Option<(String, String)>,
    /// The heat map as a table.
    pub heat_table: Option<ChartTable>,
    /// What the heat map's faded rows are (none when the load reaches every share on it).
    pub heat_reach: Option<String>,
}

/// Builds [`WhatIf`].
pub fn build(ev: &Evaluated, index: usize, lang: Lang, fit: Fit) -> WhatIf {
    let t = lang.t();
    let tx = Tx::of(lang);
    let r = &ev.report;
    let fm = fmt_for(lang, r);
    let frame = Frame::for_fit(fit);
    let money = |v: f64| fm.money_compact(v);
    let int = |v: f64| fm.int_f64(v);
    let pct = |v: f64| fm.percent_f64(v);

    // The three analyses on the scenario checked once (each would check it again).
    let checked = ev.scenario.check().ok();
    // Hybrid sweep.
    let sweep = checked.as_ref().and_then(|c| c.hybrid_sweep(index).ok());
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
                    x_desc: tx.axis_own_gpus(),
                    y_desc: tx.axis_total(),
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
            tx.hybrid_best()
        } else if s.cheapest == 0 {
            tx.hybrid_all_rent()
        } else {
            tx.hybrid_all_own()
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

    let hybrid_table = sweep
        .as_ref()
        .map(|s| hybrid_table(tx, &fm, s, &quoted(lang, &option_label)));

    // Why the curve has steps: both sides come in whole servers and whole instances.
    let lumps = {
        let per_server = ev.scenario.own.gpus_per_server;
        let per_instance = r.rent.get(index).map_or(1, |x| x.gpus_per_instance);
        (per_server > 1 || per_instance > 1).then(|| {
            fill(
                tx.hybrid_lumps(),
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
            tx.hybrid_in_use()
        } else {
            tx.hybrid_use()
        };
        fill(text, &[("n", &n.to_string()), ("option", &option_label)])
    });

    // Tornado.
    let bars = checked
        .as_ref()
        .and_then(|c| c.tornado(index).ok())
        .unwrap_or_default();
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
    let tornado_months = all_same.then(|| fill(tx.tornado_months_all(), &[("months", &months[0])]));
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
    let tornado_table = tornado_table(lang, &fm, &bars, |input, v| {
        input_value(lang, ev, index, input, v)
    });
    let tornado_svg = charts::svg(frame, |root| {
        charts::draw_tornado(
            root,
            frame,
            &swings,
            base,
            &Axes {
                x_desc: t.col_savings(),
                y_desc: "",
                x_fmt: &money,
                y_fmt: &money,
            },
            (tx.tornado_lower(), tx.tornado_higher()),
        )
    });

    // Heat map.
    let heat = checked.as_ref().and_then(|c| {
        let (shares, tariffs) = heat_map_grid(&ev.scenario, index).ok()?;
        let map = c.heat_map(index, &shares, &tariffs).ok()?;
        Some((shares, tariffs, map))
    });
    // The map's rows (shares) this load's pattern cannot reach (more busy days than the month
    // has): faded on the map, said under its title, left out of its key.
    let faded: Vec<bool> = heat.as_ref().map_or_else(Vec::new, |(shares, ..)| {
        shares.iter().map(|s| r.load.beyond_reach(*s)).collect()
    });
    // The key names each side's largest difference within the load's reach, which its deepest
    // colour stands for (a lead at a share the pattern cannot reach is no lead to name).
    let heat_key = heat.as_ref().map(|(_, _, map)| {
        let cells = || {
            map.cells
                .iter()
                .zip(&faded)
                .filter(|(_, faded)| !**faded)
                .flat_map(|(row, _)| row)
        };
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
            side(rent, tx.heat_key_rent(), tx.heat_key_rent_none()),
            side(own, tx.heat_key_own(), tx.heat_key_own_none()),
        )
    });
    // A column's tariff with the fraction digits it has (up to two): the columns step by
    // fractions of a unit, and whole numbers made them read 1, 3, 4, 6.
    let tariff_labels = |tariffs: &[Decimal]| -> Vec<String> {
        tariffs
            .iter()
            .map(|d| fm.number(d.round_dp(2), 2))
            .collect()
    };
    let tariff_unit = ev
        .scenario
        .rent
        .get(index)
        .map(|o| {
            format!(
                "{} / {}",
                o.currency.code(),
                crate::i18n::price_unit_text(t, o.price_unit)
            )
        })
        .unwrap_or_default();
    let tariff_desc = if tariff_unit.is_empty() {
        String::new()
    } else {
        format!("{} ({tariff_unit})", tx.axis_tariff())
    };
    let heat_table = heat.as_ref().map(|(shares, tariffs, map)| {
        heat_table(
            lang,
            &fm,
            (shares, tariffs, map),
            &tariff_labels(tariffs),
            (&tariff_desc, &tariff_unit),
            &quoted(lang, &option_label),
        )
    });
    let heat_reach = faded.contains(&true).then(|| {
        tx.heat_reach()
            .replace("{max}", &fm.percent(r.load.max_productive_share, 1))
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
        let tariff_labels = tariff_labels(&tariffs);
        let tariff_axis = |v: f64| {
            columns
                .iter()
                .zip(&tariff_labels)
                .min_by(|a, b| (a.0 - v).abs().total_cmp(&(b.0 - v).abs()))
                .map(|(_, label)| label.clone())
                .unwrap_or_default()
        };
        charts::svg(frame, |root| {
            charts::draw_heat_map(
                root,
                frame,
                &columns,
                &rows,
                &cells,
                current,
                &faded,
                &Axes {
                    x_desc: &tariff_desc,
                    y_desc: t.axis_share(),
                    x_fmt: &tariff_axis,
                    y_fmt: &pct,
                },
            )
        })
    });

    WhatIf {
        hybrid_svg,
        hybrid_text,
        hybrid_table,
        lumps,
        mix,
        in_use,
        use_text,
        tornado_svg,
        tornado_months,
        tornado_table,
        heat_svg,
        heat_key,
        heat_table,
        heat_reach,
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

/// A row of a chart's table (`<tfoot>`'s too).
fn row_view(row: TableRow) -> impl IntoView {
    let cells = row
        .cells
        .into_iter()
        .map(|c| {
            let empty = c.text.is_empty();
            view! {
                <td
                    data-label=c.label
                    class:neg=c.negative
                    class:wrap=c.wrap
                    class:marked=c.marked
                    class:na=empty
                >
                    {c.text}
                </td>
            }
        })
        .collect_view();
    view! {
        <tr class:marked=row.marked>
            <th scope="row">{row.head}</th>
            {cells}
        </tr>
    }
}

/// A chart's table, folded under it as the first screen's cumulative chart's is (`<details>`
/// with test id `{id}-toggle`, its summary `{id}-summary`, the table `id`): built while open,
/// in the page's scrollable box named as the summary is. The box and the table stay while
/// `table` changes (another option, another scenario, the language); its caption, heads and
/// rows follow it.
fn folded_table(
    id: &'static str,
    summary: impl Fn() -> &'static str + Copy + Send + Sync + 'static,
    table: Memo<Option<ChartTable>>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let caption = Memo::new(move |_| table.with(|t| t.as_ref().map(|t| t.caption.clone())));
    let heads = Memo::new(move |_| {
        table.with(|t| {
            t.as_ref()
                .map(|t| (t.groups.clone(), t.heads.clone()))
                .unwrap_or_default()
        })
    });
    let rows =
        Memo::new(move |_| table.with(|t| t.as_ref().map(|t| t.rows.clone()).unwrap_or_default()));
    let foot = Memo::new(move |_| table.with(|t| t.as_ref().and_then(|t| t.foot.clone())));
    let thead = move || {
        let (groups, heads) = heads.get();
        let mut heads = heads.into_iter();
        let first = heads.next().unwrap_or_default();
        let rest = heads
            .map(|h| view! { <th scope="col">{h}</th> })
            .collect_view();
        if groups.is_empty() {
            view! { <tr><th scope="col">{first}</th>{rest}</tr> }.into_any()
        } else {
            let groups = groups
                .into_iter()
                .map(|(g, span)| {
                    view! { <th scope="colgroup" colspan=span.to_string() class="group">{g}</th> }
                })
                .collect_view();
            view! {
                <tr><th scope="col" rowspan="2">{first}</th>{groups}</tr>
                <tr>{rest}</tr>
            }
            .into_any()
        }
    };
    let body = move || {
        open.get().then(|| {
            view! {
                <div class="table-wrap" tabindex="0" role="region" aria-label=summary>
                    <table class="compare chart-data" data-testid=id>
                        <caption><span>{caption}</span></caption>
                        <thead>{thead}</thead>
                        <tbody>{move || rows.get().into_iter().map(row_view).collect_view()}</tbody>
                        {move || foot.get().map(|row| view! { <tfoot>{row_view(row)}</tfoot> })}
                    </table>
                </div>
            }
        })
    };
    view! {
        <details
            class="chart-table"
            data-testid=format!("{id}-toggle")
            hidden=move || table.with(Option::is_none)
            on:toggle=follow_open(open)
        >
            <summary data-testid=format!("{id}-summary")>{summary}</summary>
            {body}
        </details>
    }
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
        let fit = ctx.fit.get();
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
            what: build(&ev, index, lang, fit),
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
    let heat_reach = part(|w| w.heat_reach.clone());
    let hybrid_text = part(|w| w.hybrid_text.clone());
    let lumps = part(|w| w.lumps.clone());
    let use_text = part(|w| w.use_text.clone());
    let tornado_months = part(|w| w.tornado_months.clone());
    let heat_key =
        Memo::new(move |_| what.with(|x| x.as_ref().and_then(|x| x.what.heat_key.clone())));
    let table = move |f: fn(&WhatIf) -> Option<ChartTable>| {
        Memo::new(move |_| what.with(|x| x.as_ref().and_then(|x| f(&x.what))))
    };
    let hybrid_table = table(|w| w.hybrid_table.clone());
    let tornado_table = table(|w| w.tornado_table.clone());
    let heat_table = table(|w| w.heat_table.clone());
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
                Some(o) => fill(t.chart_of_option(), &[("desc", desc(t)), ("option", &o)]),
                None => desc(t).to_owned(),
            }
        }
    };
    let body = move || {
        shown.get().then(|| {
            view! {
                <div class="field">
                    <label for="analysis-option">{move || tx().analysis_option()}</label>
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
                        <h3>{move || tx().hybrid_title()}</h3>
                        <p class="desc">{move || tx().hybrid_desc()}</p>
                    </figcaption>
                    {svg_chart(hybrid_svg, named(|t| t.hybrid_desc()))}
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
                    {folded_table("table-hybrid", move || tx().table_hybrid(), hybrid_table)}
                </figure>
                <figure data-testid="chart-tornado">
                    <figcaption>
                        <h3>{move || tx().tornado_title()}</h3>
                        <p class="desc">{move || tx().tornado_desc()}</p>
                    </figcaption>
                    {svg_chart(tornado_svg, named(|t| t.tornado_desc()))}
                    {move || {
                        tornado_months
                            .get()
                            .map(|m| view! { <p class="note" data-testid="tornado-months">{m}</p> })
                    }}
                    {folded_table("table-tornado", move || tx().table_tornado(), tornado_table)}
                </figure>
                <figure data-testid="chart-heat-map">
                    <figcaption>
                        <h3>{move || tx().heat_title()}</h3>
                        <p class="desc">{move || tx().heat_desc()}</p>
                        {move || heat_reach.get().map(|t| view! {
                            <p class="desc" data-testid="heat-reach">{t}</p>
                        })}
                    </figcaption>
                    {svg_chart(heat_svg, named(|t| t.heat_desc()))}
                    {move || {
                        heat_key.get().map(|(rent, own)| view! {
                            <p class="heat-key" data-testid="heat-key">
                                <span data-testid="heat-key-rent">{rent}</span>
                                <span class="heat-key-bar" aria-hidden="true"></span>
                                <span data-testid="heat-key-own">{own}</span>
                            </p>
                        })
                    }}
                    {folded_table("table-heat-map", move || tx().table_heat(), heat_table)}
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
            <summary><h2>{tr(|t| t.analysis_title())}</h2></summary>
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
    use gpu_tco_core::analysis::heat_map;

    #[test]
    fn the_default_analysis() {
        let ev = default_evaluated();
        let index = ev.report.cheapest_rent().map_or(0, |(i, _)| i);
        for (lang, fit, name) in [
            (Lang::En, Fit::Wide, "en_desktop"),
            (Lang::De, Fit::Narrow, "de_phone"),
        ] {
            let w = build(&ev, index, lang, fit);
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
            // The heat map's rows of 70 % to 100 % are beyond the default's 66.7 %: faded (4 rows
            // of 8 cells), and said.
            let reach = w.heat_reach.clone().unwrap_or_default();
            let expected = if lang == Lang::En {
                "Faded rows: shares above 66.7%, which this load's pattern cannot reach (it would \
                 need more busy days than the month has); the key leaves them out."
            } else {
                "Blasse Zeilen: Anteile über 66,7\u{a0}%, die das Muster dieser Last nicht erreicht \
                 (sie müsste dafür an mehr Tagen laufen, als der Monat hat); die Legende lässt sie aus."
            };
            assert_eq!(reach, expected, "{name}");
            let heat = w.heat_svg.clone().unwrap_or_default();
            assert_eq!(heat.matches("opacity=\"0.35\"").count(), 32, "{name}");
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
            assert_eq!(corner(0, 0), "-687914", "{name}: renting's largest lead");
            assert_eq!(
                corner(last_y, last_x),
                "923177",
                "{name}: owning's largest lead"
            );
            let (rent_key, own_key) = if lang == Lang::En {
                (
                    "Renting up to €687,914 cheaper",
                    // At 60 %, the highest share within the pattern's 66.7 % (€923,177 at 100 %,
                    // which it cannot reach, before the key left such rows out).
                    "Owning up to €301,834 cheaper",
                )
            } else {
                (
                    "Miete bis zu 687.914\u{a0}€ günstiger",
                    "Kauf bis zu 301.834\u{a0}€ günstiger",
                )
            };
            assert_eq!((rent.as_str(), own.as_str()), (rent_key, own_key), "{name}");
            let heat = w.heat_svg.clone().expect("the heat map");
            insta::assert_snapshot!(format!("heat_{name}"), heat);
        }
    }

    /// The three charts as tables on the worked example with today's cloud prices held,
    /// against the cheapest option: the figures the charts draw and the sentences say, as the
    /// page writes them.
    #[test]
    fn the_default_analysis_as_tables() {
        let ev = crate::first::chart_views::tests::evaluated(
            crate::first::chart_views::tests::prices_held(),
        );
        let index = ev.report.cheapest_rent().map_or(0, |(i, _)| i);
        for (lang, fit) in [(Lang::En, Fit::Wide), (Lang::De, Fit::Narrow)] {
            let w = build(&ev, index, lang, fit);
            let en = lang == Lang::En;
            let eur = |en_text: &str, de_text: &str| if en { en_text } else { de_text }.to_owned();
            // The hybrid sweep: a row for 0 to 8 own GPUs; renting all (0) is cheapest, said in
            // words, its total and owning all's the sentence's.
            let hybrid = w.hybrid_table.clone().expect("the hybrid table");
            assert_eq!(hybrid.rows.len(), 9, "{lang:?}");
            assert!(hybrid.rows.iter().all(|r| r.cells.len() == 1));
            let marked: Vec<&TableRow> = hybrid.rows.iter().filter(|r| r.marked).collect();
            assert_eq!(marked.len(), 1, "{lang:?}: one cheapest row");
            assert_eq!(
                marked[0].head,
                eur("0 (cheapest)", "0 (am günstigsten)"),
                "{lang:?}"
            );
            let cheapest = eur("€510,103", "510.103\u{a0}€");
            let all_own = eur("€721,843", "721.843\u{a0}€");
            assert_eq!(marked[0].cells[0].text, cheapest, "{lang:?}");
            assert_eq!(hybrid.rows[8].head, "8", "{lang:?}");
            assert_eq!(hybrid.rows[8].cells[0].text, all_own, "{lang:?}");
            let sentence = w.hybrid_text.clone().unwrap_or_default();
            assert!(
                sentence.contains(&cheapest) && sentence.contains(&all_own),
                "{sentence}"
            );
            // The tornado: a row per bar in the chart's order, the cloud tariff's the largest
            // swing; owning never pays off (as the note under the chart says once).
            let tornado = w.tornado_table.clone().expect("the tornado table");
            assert_eq!(tornado.rows.len(), 9, "{lang:?}");
            assert!(tornado.rows.iter().all(|r| r.cells.len() == 6));
            assert_eq!(tornado.heads.len(), 7);
            let mut at = 0;
            for row in &tornado.rows {
                let found = w.tornado_svg[at..].find(&format!(">{}<", row.head));
                at +=
                    found.unwrap_or_else(|| panic!("{lang:?}: {} in the chart's order", row.head));
            }
            let first: Vec<&str> = tornado.rows[0]
                .cells
                .iter()
                .map(|c| c.text.as_str())
                .collect();
            let never = lang.t().never();
            let expected = if en {
                [
                    "US$2.80 / GPU-hour",
                    "−\u{2060}€312,105",
                    never,
                    "US$4.20 / GPU-hour",
                    "−\u{2060}€111,374",
                    never,
                ]
            } else {
                [
                    "2,80\u{a0}$ / GPU-Stunde",
                    "−312.105\u{a0}€",
                    never,
                    "4,20\u{a0}$ / GPU-Stunde",
                    "−111.374\u{a0}€",
                    never,
                ]
            };
            assert_eq!(tornado.rows[0].head, eur("Cloud tariff", "Cloud-Tarif"));
            assert_eq!(first, expected, "{lang:?}");
            assert!(tornado.rows[0].cells[1].negative && tornado.rows[0].cells[4].negative);
            assert!(
                w.tornado_months.clone().unwrap_or_default().contains(never),
                "{lang:?}"
            );
            // Today's savings are below zero: said as renting's lead, not a negative saving.
            let base = eur(
                "At today's values renting is cheaper by €211,739 (the chart's line).",
                "Mit den heutigen Werten ist die Miete 211.739\u{a0}€ günstiger (die Linie im Diagramm).",
            );
            assert!(tornado.caption.ends_with(&base), "{}", tornado.caption);
            // The heat map: 10 shares × 8 tariffs, the corners the key's largest leads, today's
            // tariff a column and today's share (46 %) a row of its own under the others, its
            // savings the results table's for the option.
            let heat = w.heat_table.clone().expect("the heat map's table");
            assert_eq!(heat.rows.len(), 10, "{lang:?}");
            assert!(heat.rows.iter().all(|r| r.cells.len() == 8));
            assert_eq!(heat.heads.len(), 9);
            assert_eq!(heat.rows[0].head, eur("10%", "10\u{a0}%"));
            assert_eq!(
                heat.rows[0].cells[0].text,
                eur("−\u{2060}€680,074", "−680.074\u{a0}€")
            );
            assert_eq!(
                heat.rows[9].cells[7].text,
                eur("€1,391,573", "1.391.573\u{a0}€")
            );
            let (rent_key, own_key) = w.heat_key.clone().expect("the key");
            let rent_lead = heat.rows[0].cells[0]
                .text
                .trim_start_matches(['\u{2212}', '\u{2060}']);
            assert!(rent_key.contains(rent_lead), "{rent_key}");
            // The largest lead of owning within reach: 60 %, the highest share below the
            // pattern's 66.7 %, at twice today's tariff (the table still lists every share).
            assert!(own_key.contains(&heat.rows[5].cells[7].text), "{own_key}");
            assert_eq!(heat.heads[4], eur("3.5 (today)", "3,5 (heute)"));
            let tariff = eur(
                "Cloud tariff (USD / GPU-hour)",
                "Cloud-Tarif (USD / GPU-Stunde)",
            );
            assert_eq!(heat.groups, vec![(tariff, 8)]);
            let unit = eur(
                "in USD / GPU-hour (columns)",
                "in USD / GPU-Stunde (Spalten)",
            );
            assert!(heat.caption.contains(&unit), "{}", heat.caption);
            assert!(heat.rows.iter().all(|r| !r.marked));
            let today = heat.foot.clone().expect("today's share between rows");
            assert_eq!(today.head, eur("46% (today)", "46\u{a0}% (heute)"));
            let filled: Vec<usize> = (0..8)
                .filter(|j| !today.cells[*j].text.is_empty())
                .collect();
            assert_eq!(filled, vec![3], "{lang:?}");
            let fm = fmt_for(lang, &ev.report);
            let savings = fm.money(ev.report.rent[index].savings_with_own, 0);
            assert_eq!(today.cells[3].text, savings);
            assert_eq!(savings, eur("−\u{2060}€211,739", "−211.739\u{a0}€"));
        }
    }
}
