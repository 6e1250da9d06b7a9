//! The three charts on the page: data from the last valid report, drawn by `crate::charts`.

use gpu_tco_core::{BreakEvenShare, CostKind};
use leptos::prelude::*;

use crate::first::field::Text;
use crate::first::tr;
use rust_decimal::Decimal;
use rust_decimal::prelude::{FromPrimitive, ToPrimitive};

use crate::charts::{self, Axes, Bar, Frame, Marker, Series};
use crate::first::results::fmt_for;
use crate::i18n::{Lang, cost_name};
use crate::state::{Ctx, Evaluated};

/// A figure of the report as a chart coordinate (0 if it has no `f64`).
pub fn coord(v: Decimal) -> f64 {
    v.to_f64().unwrap_or(0.0)
}

/// A line of one value per month, month 0 first (cumulative costs, a stop curve).
pub fn monthly_series(values: &[Decimal], color: usize, width: u32) -> Series {
    Series {
        points: values
            .iter()
            .enumerate()
            .map(|(m, v)| (m as f64, coord(*v)))
            .collect(),
        color,
        width,
    }
}

/// Colour group of a cost line in the breakdown chart (index into `charts::KIND_PALETTE`).
pub fn kind_group(k: CostKind) -> usize {
    use CostKind as K;
    match k {
        K::Compute | K::Hardware | K::LoanPayments => 0,
        K::Commitment | K::OnDemandOverflow | K::CapacityBlocks | K::Spot => 1,
        K::StartOverhead | K::Setup | K::SetupFee => 2,
        K::Storage | K::Colocation => 3,
        K::DataTransfer | K::Energy => 4,
        K::Support | K::HardwareSupport => 5,
        K::Staff | K::Other => 6,
        K::Licences => 7,
        K::Exit | K::MinimumTerm | K::RemainingCommitment | K::NotRenewed | K::LoanBalance => 8,
        K::Switching => 8,
        K::Residual | K::ValueAtHorizon => 9,
    }
}

/// The frame the page's charts draw in now: the printout's while the page is printed, else the
/// one that fits the charts' column otherwise ([`Fit`]).
fn chart_frame(ctx: Ctx) -> Frame {
    if ctx.printing.get() {
        Frame::for_print()
    } else {
        Frame::for_fit(ctx.fit.get())
    }
}

/// The cumulative cost chart's SVG: each option's cumulative cost by month from month 0, a dot
/// where owning breaks even against it, a chosen hybrid, and the P10–P90 bands of the ranges'
/// spread where it is known, on the axis `scale` frames ([`cumulative_scale`]; `None`: every
/// line's).
fn draw_cumulative(
    ev: &Evaluated,
    spread: Option<&gpu_tco_core::ranges::Spread>,
    scale: Option<&CumulativeScale>,
    lang: Lang,
    frame: Frame,
) -> String {
    let t = lang.t();
    let r = &ev.report;
    let fm = fmt_for(lang, r);
    // 1. Cumulative cost.
    let mut lines = vec![monthly_series(&r.own.costs.cumulative, 0, 3)];
    let mut markers = Vec::new();
    for (i, x) in r.rent.iter().enumerate() {
        lines.push(monthly_series(&x.costs.cumulative, i + 1, 3));
        if let Some((m, y)) = x
            .break_even_month
            .and_then(|m| r.own.costs.cumulative.get(m as usize).map(|y| (m, y)))
        {
            markers.push(Marker {
                x: f64::from(m),
                y: coord(*y),
                color: i + 1,
                label: m.to_string(),
            });
        }
    }
    if let Some(h) = &r.hybrid {
        lines.push(monthly_series(&h.cumulative, charts::HYBRID, 3));
    }
    let money_axis = |v: f64| fm.money_compact(v);
    let month_axis = |v: f64| fm.int_f64(v);
    // The P10–P90 band of each option once the spread over the ranges is there.
    let band = |b: &gpu_tco_core::ranges::Band, color: usize| charts::BandArea {
        low: monthly_series(&b.p10, color, 1).points,
        high: monthly_series(&b.p90, color, 1).points,
        color,
    };
    let bands: Vec<charts::BandArea> = spread
        .map(|s| {
            std::iter::once(band(&s.own.cumulative, 0))
                .chain(
                    s.rent
                        .iter()
                        .enumerate()
                        .map(|(i, x)| band(&x.costs.cumulative, i + 1)),
                )
                .collect()
        })
        .unwrap_or_default();
    let top = scale.map(|s| s.top);
    charts::svg(frame, |root| {
        charts::draw_cumulative_banded(
            root,
            frame,
            f64::from(r.horizon_months),
            &bands,
            &lines,
            &markers,
            &Axes {
                x_desc: t.axis_month(),
                y_desc: t.axis_cumulative(),
                x_fmt: &month_axis,
                y_fmt: &money_axis,
            },
            top,
        )
    })
}

/// The cumulative chart's scale when an option far dearer than those the answer is about
/// would squeeze them into the chart's bottom (the default's always-on on-demand instance,
/// €2.4 m against own's €0.7 m): the y axis then ends above the lines that decide, and the
/// dearer ones leave the chart at its top edge.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CumulativeScale {
    /// Where the y axis ends.
    pub(crate) top: f64,
    /// The rent options (index) whose line runs above it, with the first month it does.
    pub(crate) above: Vec<(usize, u32)>,
}

/// How far above the lines that decide (own, the cheapest rent option, both answers' options
/// and a chosen hybrid) another option's line may rise before the chart's scale stops
/// following it.
const SCALE_ROOM: f64 = 1.5;

/// The cumulative chart's scale, or `None` when every line fits within [`SCALE_ROOM`] of the
/// lines that decide (the axis then holds them all, as before).
pub(crate) fn cumulative_scale(
    r: &gpu_tco_core::Report,
    spread: Option<&gpu_tco_core::ranges::Spread>,
) -> Option<CumulativeScale> {
    // Compared as decimals, converted once: this runs on every step of a drag.
    let peak = |v: &[Decimal]| v.iter().max().map_or(0.0, |x| coord(*x).max(0.0));
    let band = |i: usize| {
        spread
            .and_then(|s| s.rent.get(i))
            .map_or(0.0, |x| peak(&x.costs.cumulative.p90))
    };
    let rent: Vec<f64> = r
        .rent
        .iter()
        .enumerate()
        .map(|(i, x)| peak(&x.costs.cumulative).max(band(i)))
        .collect();
    let own = peak(&r.own.costs.cumulative)
        .max(spread.map_or(0.0, |s| peak(&s.own.cumulative.p90)))
        .max(r.hybrid.as_ref().map_or(0.0, |h| peak(&h.cumulative)));
    let decide = [
        r.cheapest_rent().map(|(i, _)| i),
        r.answers.holds_capacity.as_ref().map(|a| a.rent_index),
        r.answers.accepts_risk.as_ref().map(|a| a.rent_index),
    ]
    .into_iter()
    .flatten()
    .filter_map(|i| rent.get(i).copied())
    .fold(own, f64::max);
    let room = decide * SCALE_ROOM;
    if decide <= 0.0 || rent.iter().all(|p| *p <= room) {
        return None;
    }
    let top = nice_ceil(
        rent.iter()
            .filter(|p| **p <= room)
            .fold(decide, |a, p| a.max(*p))
            * 1.02,
    );
    let above = r
        .rent
        .iter()
        .zip(&rent)
        .enumerate()
        .filter(|(_, (_, p))| **p > top)
        .filter_map(|(i, (x, _))| {
            let m = x.costs.cumulative.iter().position(|v| coord(*v) > top)?;
            Some((i, u32::try_from(m).unwrap_or(u32::MAX)))
        })
        .collect();
    Some(CumulativeScale { top, above })
}

/// The next round figure at or above `x` (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten,
/// each of which the axis divides into four to six labelled ticks), so that the axis keeps its
/// ticks while a slider moves the lines a little.
fn nice_ceil(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return 1.0;
    }
    let mut power = 1.0_f64;
    while power * 10.0 <= x {
        power *= 10.0;
    }
    while power > x {
        power /= 10.0;
    }
    [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0]
        .into_iter()
        .map(|k| k * power)
        .find(|v| *v >= x)
        .unwrap_or(10.0 * power)
}

/// What the chart leaves out above its top: each such option's number and name, the month its
/// line leaves the chart and its total (in the table below the chart too).
fn above_note(ev: &Evaluated, scale: &CumulativeScale, lang: Lang) -> Option<String> {
    let r = &ev.report;
    let t = lang.t();
    let f = fmt_for(lang, r);
    let items: Vec<String> = scale
        .above
        .iter()
        .filter_map(|&(i, m)| {
            let x = r.rent.get(i)?;
            Some(
                t.chart_above_item()
                    .replace("{n}", &(i + 1).to_string())
                    .replace(
                        "{option}",
                        &crate::first::results::quoted(lang, &x.costs.label),
                    )
                    .replace("{m}", &m.to_string())
                    .replace("{x}", &f.money(x.costs.total, 0))
                    .replace("{h}", &r.horizon_months.to_string()),
            )
        })
        .collect();
    (!items.is_empty()).then(|| t.chart_above().replace("{list}", &items.join("; ")))
}

/// Why own's line falls at the chart's right edge: what its servers are credited in the
/// horizon month (their resale, or their value then), where anything is.
fn resale_note(ev: &Evaluated, lang: Lang) -> Option<String> {
    let r = &ev.report;
    let credit = r.own.horizon_credit;
    (credit > rust_decimal::Decimal::ZERO).then(|| {
        lang.t()
            .chart_resale()
            .replace(
                "{own}",
                &crate::first::results::quoted(lang, &r.own.costs.label),
            )
            .replace("{h}", &r.horizon_months.to_string())
            .replace("{x}", &fmt_for(lang, r).money(credit, 0))
    })
}

/// Rent options whose lines coincide month by month (the default's 3-year Savings Plan and
/// its reservation, each committing its one instance): one line runs on the other, so the
/// legend names two lines where the chart shows one (dashed over solid, in both colours).
/// Lines count as one when they never lie further apart than [`SAME_LINE`] of the axis (about
/// a pixel of the chart's plot), as the eye sees them.
fn same_note(ev: &Evaluated, scale: Option<&CumulativeScale>, lang: Lang) -> Option<String> {
    let r = &ev.report;
    let t = lang.t();
    // Converted once: this runs on every step of a drag.
    let lines: Vec<Vec<f64>> = r
        .rent
        .iter()
        .map(|x| x.costs.cumulative.iter().map(|v| coord(*v)).collect())
        .collect();
    let top = scale.map_or_else(
        || {
            lines
                .iter()
                .flatten()
                .copied()
                .chain(r.own.costs.cumulative.iter().map(|v| coord(*v)))
                .fold(0.0, f64::max)
        },
        |s| s.top,
    );
    let near = |a: usize, b: usize| {
        lines[a].len() == lines[b].len()
            && lines[a]
                .iter()
                .zip(&lines[b])
                .all(|(x, y)| (x - y).abs() <= top * SAME_LINE)
    };
    // Each group with whether its lines are equal, not only close.
    let mut groups: Vec<(Vec<usize>, bool)> = Vec::new();
    for (i, x) in r.rent.iter().enumerate() {
        let line = &x.costs.cumulative;
        match groups.iter_mut().find(|(g, _)| near(g[0], i)) {
            Some((g, equal)) => {
                *equal &= r.rent[g[0]].costs.cumulative == *line;
                g.push(i);
            }
            None => groups.push((vec![i], true)),
        }
    }
    let name = |i: usize| {
        format!(
            "{} · {}",
            i + 1,
            crate::first::results::quoted(lang, &r.rent[i].costs.label)
        )
    };
    let items: Vec<String> = groups
        .iter()
        .filter(|(g, _)| g.len() > 1)
        .map(|(g, equal)| {
            let (last, rest) = g.split_last().unwrap_or((&0, &[]));
            let rest: Vec<String> = rest.iter().map(|&i| name(i)).collect();
            let pair = t
                .chart_same_item()
                .replace("{list}", &rest.join(", "))
                .replace("{last}", &name(*last));
            if *equal {
                t.chart_same_equal().replace("{pair}", &pair)
            } else {
                t.chart_same_close().replace("{pair}", &pair)
            }
        })
        .collect();
    (!items.is_empty()).then(|| t.chart_same().replace("{list}", &items.join("; ")))
}

/// How close two lines of the cumulative chart lie, as a share of its axis, to count as one:
/// a 400th, about a pixel of its plot.
const SAME_LINE: f64 = 1.0 / 400.0;

/// The cost per productive GPU-hour by productive share: own's line and each rent option's,
/// today's share, and a dot where owning and an option cost the same per productive GPU-hour.
fn draw_share(ev: &Evaluated, lang: Lang, frame: Frame) -> String {
    let t = lang.t();
    let r = &ev.report;
    let fm = fmt_for(lang, r);
    let share_lines = share_series(ev.curve(), r.rent.len(), |p| (p.share, p.own, &p.rent));
    // A break-even share is where own's curve crosses the option's: the marker sits on own's
    // line at that share (a share outside the curve's points has no crossing to show).
    let share_markers: Vec<Marker> = r
        .rent
        .iter()
        .enumerate()
        .filter_map(|(i, x)| match &x.break_even_share {
            Some(BreakEvenShare::At { share }) => {
                let at = coord(*share);
                charts::y_on(&share_lines[0].points, at).map(|y| Marker {
                    x: at,
                    y,
                    color: i + 1,
                    label: fm.percent(*share, 0),
                })
            }
            _ => None,
        })
        .collect();
    let pct_axis = |v: f64| fm.percent_f64(v);
    let hour_axis = |v: f64| fm.money_f64(v);
    charts::svg(frame, |root| {
        charts::draw_share(
            root,
            frame,
            &share_lines,
            coord(r.load.productive_share),
            &format!(
                "{} {}",
                t.today_share(),
                fm.percent(r.load.productive_share, 1)
            ),
            &share_markers,
            &Axes {
                x_desc: t.axis_share(),
                y_desc: t.axis_per_hour(),
                x_fmt: &pct_axis,
                y_fmt: &hour_axis,
            },
            None,
            Some((coord(r.load.max_productive_share), t.chart_share_reach())),
        )
    })
}

/// The breakdown chart and what its legend names.
#[derive(Debug, Clone, PartialEq)]
struct Breakdown {
    /// The chart's SVG.
    svg: String,
    /// The cost-line groups the bars use: colour group and the names of its lines.
    kinds: Vec<(usize, String)>,
    /// Whether a bar has a credit (drawn left of zero, with a net tick).
    credits: bool,
}

/// Each option's cost per month by cost line, one bar each (own, then the rent options by
/// number), with a credit such as the resale value left of zero.
fn draw_breakdown(ev: &Evaluated, lang: Lang, frame: Frame) -> Breakdown {
    let t = lang.t();
    let r = &ev.report;
    let fm = fmt_for(lang, r);
    let money_axis = |v: f64| fm.money_compact(v);
    let mut kinds: Vec<(usize, String)> = Vec::new();
    let mut bar = |label: String, color: usize, lines: &[gpu_tco_core::CostLine]| Bar {
        color,
        label,
        // Credits (the resale value) too: the chart draws them left of zero.
        segments: lines
            .iter()
            .filter(|l| l.monthly != Decimal::ZERO)
            .map(|l| {
                let g = kind_group(l.kind);
                let name = cost_name(lang, l.kind).to_owned();
                match kinds.iter_mut().find(|(k, _)| *k == g) {
                    Some((_, names)) if !names.split(" / ").any(|n| n == name) => {
                        names.push_str(" / ");
                        names.push_str(&name);
                    }
                    Some(_) => {}
                    None => kinds.push((g, name)),
                }
                (g, coord(l.monthly))
            })
            .collect(),
    };
    let mut bars = vec![bar(t.own_row().to_owned(), 0, &r.own.costs.lines)];
    for (i, x) in r.rent.iter().enumerate() {
        bars.push(bar((i + 1).to_string(), i + 1, &x.costs.lines));
    }
    gpu_tco_core::order::sort_by_key(&mut kinds, |k| k.0);
    // The net tick's value, in whole units (the axis ticks are compact).
    let net_value = |v: f64| Decimal::from_f64(v).map_or_else(String::new, |d| fm.money(d, 0));
    let svg = charts::svg(frame, |root| {
        charts::draw_breakdown(
            root,
            frame,
            &bars,
            &Axes {
                x_desc: t.axis_monthly(),
                y_desc: "",
                x_fmt: &money_axis,
                y_fmt: &net_value,
            },
        )
    });
    let credits = bars.iter().any(|b| b.segments.iter().any(|s| s.1 < 0.0));
    Breakdown {
        svg,
        kinds,
        credits,
    }
}

/// The lines of a chart by productive share: own (colour 0), then each of `rent` options (its
/// colour), from points that give (share, own's value, the rent options' values).
pub fn share_series<P>(
    points: &[P],
    rent: usize,
    at: impl Fn(&P) -> (Decimal, Decimal, &[Decimal]),
) -> Vec<Series> {
    let mut lines = vec![Series {
        points: points
            .iter()
            .map(|p| {
                let (share, own, _) = at(p);
                (coord(share), coord(own))
            })
            .collect(),
        color: 0,
        width: 3,
    }];
    for i in 0..rent {
        lines.push(Series {
            points: points
                .iter()
                .filter_map(|p| {
                    let (share, _, values) = at(p);
                    values.get(i).map(|v| (coord(share), coord(*v)))
                })
                .collect(),
            color: i + 1,
            width: 3,
        });
    }
    lines
}

/// A legend's sample of a line chart's stroke: the option's colour, dashed as its line is.
pub fn line_sample(color: usize) -> impl IntoView {
    let c = charts::PALETTE[color % charts::PALETTE.len()];
    let (r, g, b) = (c.0, c.1, c.2);
    let stroke = format!("#{r:02X}{g:02X}{b:02X}");
    let dash = charts::dash(color).unwrap_or("none");
    view! {
        <svg class="line-sample" width="30" height="10" viewBox="0 0 30 10" aria-hidden="true">
            <line x1="0" y1="5" x2="24" y2="5" stroke=stroke stroke-width="3" stroke-dasharray=dash />
        </svg>
    }
}

/// A chart's box: its SVG set into the page by changing only the elements that differ from the
/// SVG shown ([`charts::svg_changes`]), or whole when its frame or number of elements changed.
/// `data-drawn` counts the drawings (what the latency benchmark waits for).
#[component]
pub fn SvgChart(
    /// The chart's SVG.
    svg: Memo<String>,
    /// What the chart shows, for a screen reader.
    label: Text,
) -> impl IntoView {
    let label = tr(label);
    svg_chart(svg, move || label().to_owned())
}

/// [`SvgChart`] with its label from anywhere (a section's own strings, naming what it shows).
pub fn svg_chart(
    svg: Memo<String>,
    label: impl Fn() -> String + Send + Sync + 'static,
) -> impl IntoView {
    let host = NodeRef::<leptos::html::Div>::new();
    let count = StoredValue::new(0u32);
    Effect::new(move |shown: Option<String>| {
        let Some(el) = host.get() else {
            return String::new();
        };
        svg.with(|new| {
            let patched = shown
                .as_deref()
                .and_then(|old| charts::svg_changes(old, new))
                .is_some_and(|changes| set_changed(&el, &changes, new.lines().count() - 2));
            if !patched {
                el.set_inner_html(new);
            }
            count.update_value(|n| *n += 1);
            let _ = el.set_attribute("data-drawn", &count.get_value().to_string());
            new.clone()
        })
    });
    view! { <div class="chart" role="img" aria-label=label node_ref=host></div> }
}

/// Changes the `<svg>` children of `host` named in `changes` in place, their attributes and
/// text ([`charts::element_patch`]), or replaces an element whose kind changed (false, nothing
/// changed, when the page's SVG does not have the `count` elements the diff counted on: the
/// chart is then set whole).
fn set_changed(host: &web_sys::Element, changes: &[(usize, &str, &str)], count: usize) -> bool {
    let Some(svg) = host.first_element_child() else {
        return false;
    };
    if changes.is_empty() {
        return true;
    }
    let mut children = Vec::with_capacity(svg.child_element_count() as usize);
    let mut next = svg.first_element_child();
    while let Some(el) = next {
        next = el.next_element_sibling();
        children.push(el);
    }
    if children.len() != count {
        return false;
    }
    for (i, old, new) in changes {
        let el = &children[*i];
        match charts::element_patch(old, new) {
            Some(patch) => {
                for name in &patch.remove {
                    let _ = el.remove_attribute(name);
                }
                for (name, value) in &patch.set {
                    let _ = el.set_attribute(name, value);
                }
                if let Some(text) = &patch.text {
                    el.set_text_content(Some(text));
                }
            }
            None => el.set_outer_html(new),
        }
    }
    true
}

/// What the legends name, by colour, for the last valid report ([`legend_names`]): one memo
/// the charts' legends share, so an input step that changes no option's name rebuilds none of
/// their items (nor, where views are type-erased, sets their attributes again).
fn legend_memo(ctx: Ctx, source: Shown) -> Memo<Option<Vec<(usize, String)>>> {
    Memo::new(move |_| {
        let lang = ctx.lang.get();
        source.with(|s| s.as_ref().map(|ev| legend_names(&ev.report, lang)))
    })
}

/// The results a chart draws.
type Shown = Signal<Option<std::sync::Arc<Evaluated>>>;

/// The results the charts in `panel` draw: every step's while the panel is in or near the
/// window, and while it is out of it only the step the inputs rest at ([`super::settled`]; a
/// single change at once). A phone's sliders are some 14,000 px above its charts: a drag then
/// spends nothing on drawing charts no one sees, and they are drawn as the slider rests, or as
/// soon as they come within a quarter of the window's height. Also whether a step is held back
/// (the panel is then `aria-busy`).
fn follow_in_view(ctx: Ctx, panel: NodeRef<leptos::html::Section>) -> (Shown, Signal<bool>) {
    // Followed at every step until the browser has said where the panel is.
    let in_view = RwSignal::new(true);
    let super::AtRest {
        shown: rested,
        busy: held,
    } = super::AtRest::get();
    panel.on_load(move |el| {
        crate::io::watch_in_view(&el, "25% 0px", move |seen| {
            if in_view.get_untracked() != seen {
                in_view.set(seen);
            }
        });
    });
    let source = Signal::derive(move || {
        if in_view.get() {
            ctx.shown.get()
        } else {
            rested.get()
        }
    });
    (source, Signal::derive(move || !in_view.get() && held.get()))
}

/// A legend's items: each option's line sample and name (with test ids `legend-{colour}` where
/// `testids`: on one legend of the page only).
fn line_legend(
    names: Memo<Option<Vec<(usize, String)>>>,
    testids: bool,
) -> impl Fn() -> Option<AnyView> + Copy {
    move || {
        names.get().map(|items| {
            items
                .into_iter()
                .map(|(c, label)| {
                    view! {
                        <li data-testid=testids.then(|| format!("legend-{c}"))>{line_sample(c)}{label}</li>
                    }
                })
                .collect_view()
                .into_any()
        })
    }
}

/// The cumulative cost chart with its legend (a chosen hybrid and the ranges' bands too) and
/// the chart as a table: the one chart of the page that the embed shows as well.
#[component]
fn CumulativeFigure(
    /// What the legend names ([`legend_memo`]).
    names: Memo<Option<Vec<(usize, String)>>>,
    /// The results drawn ([`follow_in_view`]).
    source: Shown,
    /// In the embed, which has no section of the ranges for the bands' legend to point to.
    embed: bool,
) -> impl IntoView {
    let ctx = Ctx::get();
    // The axis' frame, once per step for the chart and the note under it.
    let scale = Memo::new(move |_| {
        let spread = crate::first::spread::current(ctx);
        source.with(|s| {
            s.as_ref()
                .and_then(|ev| cumulative_scale(&ev.report, spread.as_deref()))
        })
    });
    let svg = Memo::new(move |_| {
        let lang = ctx.lang.get();
        let frame = chart_frame(ctx);
        let spread = crate::first::spread::current(ctx);
        scale.with(|scale| {
            source.with(|s| {
                s.as_ref()
                    .map(|ev| draw_cumulative(ev, spread.as_deref(), scale.as_ref(), lang, frame))
                    .unwrap_or_default()
            })
        })
    });
    // The options whose lines run above the chart's top, by name, month and total.
    let above = Memo::new(move |_| {
        let lang = ctx.lang.get();
        scale.with(|scale| {
            let scale = scale.as_ref()?;
            source.with(|s| s.as_ref().and_then(|ev| above_note(ev, scale, lang)))
        })
    });
    let above_view = move || {
        above
            .get()
            .map(|text| view! { <p class="note" data-testid="chart-above">{text}</p> })
    };
    // Own's line falling at the horizon, by the credit for its servers.
    let resale = Memo::new(move |_| {
        let lang = ctx.lang.get();
        source.with(|s| s.as_ref().and_then(|ev| resale_note(ev, lang)))
    });
    let resale_view = move || {
        resale
            .get()
            .map(|text| view! { <p class="note" data-testid="chart-resale">{text}</p> })
    };
    // Lines that coincide month by month, by name.
    let same = Memo::new(move |_| {
        let lang = ctx.lang.get();
        scale.with(|scale| {
            source.with(|s| {
                s.as_ref()
                    .and_then(|ev| same_note(ev, scale.as_ref(), lang))
            })
        })
    });
    let same_view = move || {
        same.get()
            .map(|text| view! { <p class="note" data-testid="chart-same">{text}</p> })
    };
    // What the shaded bands are, while they are drawn.
    let band_legend = move || {
        crate::first::spread::current(ctx).map(|_| {
            view! {
                <li data-testid="legend-band">
                    <span class="swatch band" aria-hidden="true"></span>
                    {tr(if embed { |t| t.band_legend_embed() } else { |t| t.band_legend() })}
                </li>
            }
        })
    };
    // The cumulative chart alone draws a chosen hybrid.
    let hybrid_name = Memo::new(move |_| {
        let t = ctx.lang.get().t();
        source.with(|s| {
            s.as_ref()
                .and_then(|ev| ev.report.hybrid.as_ref())
                .map(|h| {
                    t.hybrid_legend()
                        .replace("{n}", &h.own_gpus.to_string())
                        .replace("{option}", &h.rent_label)
                })
        })
    });
    let hybrid_legend = move || {
        hybrid_name.get().map(|label| {
            view! {
                <li data-testid="legend-hybrid"><span class="swatch c9 dashed" aria-hidden="true"></span>{label}</li>
            }
        })
    };
    // The chart as a table (every 12 months and the last), for screen readers and for reading
    // exact figures.
    let table = ChartTable {
        toggle: "cum-table-toggle",
        label: |t| t.chart_as_table(),
        name: "cum",
        columns: |ev, lang| {
            let r = &ev.report;
            let f = fmt_for(lang, r);
            let horizon = r.horizon_months as usize;
            let mut months: Vec<usize> = (0..=horizon).step_by(12).collect();
            if months.last() != Some(&horizon) {
                months.push(horizon);
            }
            let at = |cumulative: &[Decimal]| -> Vec<String> {
                months
                    .iter()
                    .map(|m| {
                        cumulative
                            .get(*m)
                            .map(|v| f.money(*v, 0))
                            .unwrap_or_default()
                    })
                    .collect()
            };
            let cells = std::iter::once(at(&r.own.costs.cumulative))
                .chain(r.rent.iter().map(|x| at(&x.costs.cumulative)))
                .collect();
            let t = lang.t();
            Columns {
                keys: months.iter().map(ToString::to_string).collect(),
                heads: months
                    .iter()
                    .map(|m| t.month_col().replace("{n}", &m.to_string()))
                    .collect(),
                cells,
            }
        },
    }
    .view(ctx);
    view! {
        <figure data-testid="chart-cumulative">
            <figcaption>
                <h3>{tr(|t| t.chart_cumulative())}</h3>
                <p class="desc">{tr(|t| t.chart_cumulative_desc())}</p>
            </figcaption>
            <SvgChart svg=svg label=|t| t.chart_cumulative_desc() />
            <ul class="legend">{line_legend(names, true)}{hybrid_legend}{band_legend}</ul>
            {above_view}
            {same_view}
            {resale_view}
            {table}
        </figure>
    }
}

/// A chart's figures as a table under it (or the embed's costs, `results::cost_columns`): a
/// `<details>` (`toggle`) whose table is built from the results shown only while it is open, a
/// row per option ([`option_labels`]) and the columns `columns` gives.
pub(crate) struct ChartTable {
    pub(crate) toggle: &'static str,
    pub(crate) label: Text,
    pub(crate) name: &'static str,
    pub(crate) columns: fn(&Evaluated, Lang) -> Columns,
}

/// A chart table's columns: each one's key (in the cells' test ids), head and, per option, cell.
pub(crate) struct Columns {
    pub(crate) keys: Vec<String>,
    pub(crate) heads: Vec<String>,
    pub(crate) cells: Vec<Vec<String>>,
}

impl ChartTable {
    pub(crate) fn view(self, ctx: Ctx) -> impl IntoView {
        self.view_with(ctx, |_| ())
    }

    /// The same with `after(open)` under the table, inside the `<details>` (a note on its
    /// figures, which can follow `open` to be built only while the table is).
    pub(crate) fn view_with<V: IntoView + 'static>(
        self,
        ctx: Ctx,
        after: impl FnOnce(RwSignal<bool>) -> V,
    ) -> impl IntoView {
        let ChartTable {
            toggle,
            label,
            name,
            columns,
        } = self;
        let open = RwSignal::new(false);
        let after = after(open);
        let table = move || {
            if !open.get() {
                return None;
            }
            let lang = ctx.lang.get();
            let t = lang.t();
            ctx.shown.with(|s| {
                let ev = s.as_ref()?;
                let Columns { keys, heads, cells } = columns(ev, lang);
                Some(chart_table(
                    label(t),
                    t.col_option(),
                    name,
                    keys,
                    heads,
                    option_labels(&ev.report),
                    cells,
                ))
            })
        };
        view! {
            <details class="chart-table" data-testid=toggle
                on:toggle=crate::first::follow_open(open)>
                <summary>{tr(label)}</summary>
                {table}
                {after}
            </details>
        }
    }
}

/// The rows of a chart's table: own's name, then each rent option's number and name.
fn option_labels(r: &gpu_tco_core::Report) -> Vec<String> {
    std::iter::once(r.own.costs.label.clone())
        .chain(
            r.rent
                .iter()
                .enumerate()
                .map(|(i, x)| format!("{} · {}", i + 1, x.costs.label)),
        )
        .collect()
}

/// A chart's figures as a table (`{name}-table`): a row per option under `corner`, a column per
/// head, each cell `{name}-{row}-{key}` labelled with its column's head (a phone shows it beside
/// the figure), in a scrolling region named `label`.
fn chart_table(
    label: &'static str,
    corner: &'static str,
    name: &'static str,
    keys: Vec<String>,
    heads: Vec<String>,
    rows: Vec<String>,
    cells: Vec<Vec<String>>,
) -> impl IntoView {
    let head_cells = heads
        .iter()
        .map(|h| view! { <th scope="col">{h.clone()}</th> })
        .collect_view();
    let body = rows
        .into_iter()
        .zip(cells)
        .enumerate()
        .map(|(k, (row, values))| {
            let cells = values
                .into_iter()
                .zip(keys.iter().zip(&heads))
                .map(|(v, (key, head))| {
                    view! { <td data-testid=format!("{name}-{k}-{key}") data-label=head.clone()>{v}</td> }
                })
                .collect_view();
            view! { <tr><th scope="row">{row}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label=label>
            <table class="compare chart-data" data-testid=format!("{name}-table")>
                <thead><tr><th scope="col">{corner}</th>{head_cells}</tr></thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}

/// The cost per productive GPU-hour by share, with its legend.
#[component]
fn ShareFigure(
    /// What the legend names ([`legend_memo`]).
    names: Memo<Option<Vec<(usize, String)>>>,
    /// The results drawn ([`follow_in_view`]).
    source: Shown,
) -> impl IntoView {
    let ctx = Ctx::get();
    // A chart whose SVG came out the same is not set into the page again.
    let svg = Memo::new(move |_| {
        let lang = ctx.lang.get();
        let frame = chart_frame(ctx);
        source.with(|s| {
            s.as_ref()
                .map(|ev| draw_share(ev, lang, frame))
                .unwrap_or_default()
        })
    });
    // The chart as a table: each option's cost per productive GPU-hour today and at every
    // fourth share of the curve (20 %, 40 %, … 100 %), for screen readers and for figures above
    // the chart's top.
    let table = ChartTable {
        toggle: "share-table-toggle",
        label: |t| t.share_as_table(),
        name: "share",
        columns: |ev, lang| {
            let r = &ev.report;
            let f = fmt_for(lang, r);
            let t = lang.t();
            let points: Vec<&gpu_tco_core::SharePoint> =
                ev.curve().iter().skip(3).step_by(4).collect();
            let mut heads = vec![format!(
                "{} {}",
                t.today_share(),
                f.percent(r.load.productive_share, 1)
            )];
            heads.extend(points.iter().map(|p| f.percent(p.share, 0)));
            let row = |today: Option<Decimal>,
                       at: &dyn Fn(&gpu_tco_core::SharePoint) -> Option<Decimal>|
             -> Vec<String> {
                std::iter::once(today)
                    .chain(points.iter().map(|p| at(p)))
                    .map(|v| f.money_opt(v, 2))
                    .collect()
            };
            let cells = std::iter::once(row(r.own.costs.cost_per_productive_gpu_hour, &|p| {
                Some(p.own)
            }))
            .chain(r.rent.iter().enumerate().map(|(i, x)| {
                row(x.costs.cost_per_productive_gpu_hour, &|p| {
                    p.rent.get(i).copied()
                })
            }))
            .collect();
            Columns {
                keys: (0..heads.len()).map(|j| j.to_string()).collect(),
                heads,
                cells,
            }
        },
    }
    .view(ctx);
    // What the shaded part is, where the load's pattern cannot reach every share.
    let reach_desc = move || {
        let lang = ctx.lang.get();
        source.with(|s| {
            s.as_ref()
                .map(|ev| &ev.report)
                .filter(|r| r.load.max_productive_share < Decimal::ONE)
                .map(|r| {
                    // After the description's sentence, one space apart.
                    format!(
                        " {}",
                        lang.t().chart_share_reach_desc().replace(
                            "{max}",
                            &fmt_for(lang, r).percent(r.load.max_productive_share, 1),
                        )
                    )
                })
        })
    };
    view! {
        <figure data-testid="chart-share">
            <figcaption>
                <h3>{tr(|t| t.chart_share())}</h3>
                <p class="desc">{tr(|t| t.chart_share_desc())}{reach_desc}</p>
            </figcaption>
            <SvgChart svg=svg label=|t| t.chart_share_desc() />
            <ul class="legend">{line_legend(names, false)}</ul>
            {table}
        </figure>
    }
}

/// The monthly cost by cost line, with which option each numbered bar is and what its colours
/// are.
#[component]
fn BreakdownFigure(
    /// What the bars' names say ([`legend_memo`]).
    names: Memo<Option<Vec<(usize, String)>>>,
    /// The results drawn ([`follow_in_view`]).
    source: Shown,
) -> impl IntoView {
    let ctx = Ctx::get();
    let drawn = Memo::new(move |_| {
        let lang = ctx.lang.get();
        let frame = chart_frame(ctx);
        source.with(|s| s.as_ref().map(|ev| draw_breakdown(ev, lang, frame)))
    });
    let svg =
        Memo::new(move |_| drawn.with(|d| d.as_ref().map(|d| d.svg.clone()).unwrap_or_default()));
    // The breakdown's bars are labelled "own", 1, 2 ...: which option each is.
    let bar_names = move || {
        let own = ctx.lang.get().t().own_row();
        names.get().map(|items| {
            items
                .into_iter()
                .map(|(c, label)| {
                    let label = if c == 0 {
                        format!("{own}: {label}")
                    } else {
                        label
                    };
                    view! { <li>{label}</li> }
                })
                .collect_view()
        })
    };
    let kind_names = Memo::new(move |_| drawn.with(|d| d.as_ref().map(|d| d.kinds.clone())));
    let credits = Memo::new(move |_| drawn.with(|d| d.as_ref().is_some_and(|d| d.credits)));
    let kinds = move || {
        kind_names.get().map(|kinds| {
            kinds
                .into_iter()
                .map(|(g, names)| view! {
                    <li><span class=format!("swatch k{g}") aria-hidden="true"></span>{names}</li>
                })
                .collect_view()
        })
    };
    // The net tick of a bar with a credit.
    let net = move || {
        let lang = ctx.lang.get();
        credits.get().then(|| {
            view! {
                <li data-testid="legend-net">
                    <svg class="line-sample" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                        <line x1="5" y1="0" x2="5" y2="14" stroke="#222222" stroke-width="2" />
                    </svg>
                    {charts::net_legend(lang)}
                </li>
            }
        })
    };
    view! {
        <figure data-testid="chart-breakdown">
            <figcaption>
                <h3>{tr(|t| t.chart_breakdown())}</h3>
                <p class="desc">{tr(|t| t.chart_breakdown_desc())}</p>
            </figcaption>
            <SvgChart svg=svg label=|t| t.chart_breakdown_desc() />
            <ul class="legend bar-names" data-testid="breakdown-bars"
                aria-label=tr(|t| t.breakdown_bars())>{bar_names}</ul>
            <ul class="legend">{kinds}{net}</ul>
        </figure>
    }
}

/// The charts panel of the page: cumulative cost, cost per productive GPU-hour by share, and
/// the monthly cost by line.
#[component]
pub fn ChartsPanel() -> impl IntoView {
    let ctx = Ctx::get();
    let panel = NodeRef::new();
    let (source, busy) = follow_in_view(ctx, panel);
    let names = legend_memo(ctx, source);
    view! {
        <section class="panel charts" aria-labelledby="h-charts" node_ref=panel
            aria-busy=move || busy.get().then_some("true")>
            <h2 id="h-charts" class="visually-hidden">{tr(|t| t.charts_heading())}</h2>
            <CumulativeFigure names=names source=source embed=false />
            <ShareFigure names=names source=source />
            <BreakdownFigure names=names source=source />
        </section>
    }
}

/// The embed's chart: the cumulative cost alone (the embed draws, and carries the code of, no
/// other chart).
#[component]
pub fn CumulativePanel() -> impl IntoView {
    let ctx = Ctx::get();
    // Every step's results: the embed's chart is right under its few inputs, and waiting for it
    // to come into view cost its module 2.1 KB gzip.
    let source = ctx.shown.into();
    let names = legend_memo(ctx, source);
    view! {
        <section class="panel charts" aria-labelledby="h-charts">
            <h2 id="h-charts" class="visually-hidden">{tr(|t| t.charts_heading())}</h2>
            <CumulativeFigure names=names source=source embed=true />
        </section>
    }
}

/// Snapshots of the three charts for the default scenario: each SVG is compared with its
/// committed `.snap` file under `snapshots/` beside this file, and a difference fails the test
/// (as does a snapshot missing under `CI=true`). To accept a change on purpose, write the new
/// snapshots with `INSTA_UPDATE=always cargo test -p gpu-tco-web` and read `git diff` on the
/// `.snap` files before committing them (`cargo insta review` is not installed here).
///
/// The numbers are formatted by `crate::fmt` natively as in the browser (`€1m`, `1 Mio. €`), so
/// the snapshots hold the ticks and label areas the page draws.
/// What the legends name, by colour: own, then "1 · label" for each rent option. An option that
/// does not serve the whole load (capacity blocks that leave days out) says so: its line is the
/// cost of less than the load.
fn legend_names(r: &gpu_tco_core::Report, lang: Lang) -> Vec<(usize, String)> {
    let gap = lang.t().capacity_gap();
    let mut items = vec![(0usize, r.own.costs.label.clone())];
    for (i, x) in r.rent.iter().enumerate() {
        let name = if x.capacity == gpu_tco_core::Capacity::NotCovered {
            format!("{} · {} ({gap})", i + 1, x.costs.label)
        } else {
            format!("{} · {}", i + 1, x.costs.label)
        };
        items.push((i + 1, name));
    }
    items
}

#[cfg(test)]
pub(crate) mod tests {
    use gpu_tco_core::ranges::{
        Band, MonthQuantiles, OptionSpread, Quantiles, RentSpread, Spread, Verdict,
    };
    use gpu_tco_core::{Scenario, evaluate};

    use super::*;
    use crate::charts::Fit;
    use crate::state::starts_today;

    /// The three charts as SVG, and the breakdown's legend.
    #[derive(Debug, PartialEq)]
    pub(crate) struct Drawn {
        pub(crate) cumulative: String,
        pub(crate) share: String,
        pub(crate) breakdown: String,
        pub(crate) kinds: Vec<(usize, String)>,
        pub(crate) credits: bool,
    }

    /// The worked example's always-on on-demand instance (€2.4 m over 60 months, today's cloud
    /// prices held) no longer sets the cumulative chart's scale: the axis ends above the options
    /// that decide, that line leaves the chart at its top edge, and the note under the chart
    /// names it with its month and total.
    #[test]
    fn a_far_dearer_option_leaves_the_cumulative_chart_at_its_top() {
        let ev = evaluated(prices_held());
        let scale = cumulative_scale(&ev.report, None).expect("the default is framed");
        // The round figure above 1.02 × the dearest line within 1.5 × the deciding ones (own
        // €721,843, bare metal €876,000, Nebius €510,103): start/stop's €1,142,693.
        assert_eq!(scale.top, 1_500_000.0);
        assert_eq!(scale.above, vec![(0, 38)]);
        assert_eq!(nice_ceil(946_080.0), 1_000_000.0);
        assert_eq!(nice_ceil(1_250_001.0), 1_500_000.0);
        assert_eq!(nice_ceil(0.0), 1.0);
        assert_eq!(
            above_note(&ev, &scale, Lang::En).as_deref(),
            Some(
                "Above the chart's top: 1 · “AWS p5en on-demand, always on” from month 38 \
                 (€2,398,246 over 60 months). The chart as a table below lists the figures."
            )
        );
        assert_eq!(
            above_note(&ev, &scale, Lang::De).as_deref(),
            Some(
                "Oberhalb des Diagramms: 1 · „AWS p5en on-demand, always on“ ab Monat 38 \
                 (2.398.246\u{a0}€ über 60 Monate). Die Tabelle zum Diagramm darunter enthält die Werte."
            )
        );
        // The drawn axis ends below the always-on line's €2.4 m.
        let svg = draw(&ev, None, Lang::En, Fit::Wide).cumulative;
        assert!(svg.contains(">€1m<") && !svg.contains(">€2m<"), "{svg}");
        // Without the always-on instance every line fits: the axis holds them all.
        let mut scenario = Scenario::default();
        scenario.rent.remove(0);
        let ev = evaluated(scenario);
        assert_eq!(cumulative_scale(&ev.report, None), None);
        // And a frame with nothing above its top has no note.
        let nothing_above = CumulativeScale {
            top: 1.0e9,
            above: Vec::new(),
        };
        assert_eq!(above_note(&ev, &nothing_above, Lang::En), None);
    }

    /// Every chart of the page, as the page draws them.
    pub(crate) fn draw(ev: &Evaluated, spread: Option<&Spread>, lang: Lang, fit: Fit) -> Drawn {
        let frame = Frame::for_fit(fit);
        let b = draw_breakdown(ev, lang, frame);
        Drawn {
            cumulative: draw_cumulative(
                ev,
                spread,
                cumulative_scale(&ev.report, spread).as_ref(),
                lang,
                frame,
            ),
            share: draw_share(ev, lang, frame),
            breakdown: b.svg,
            kinds: b.kinds,
            credits: b.credits,
        }
    }

    /// The default scenario as the page evaluates it (natively "today" is a fixed date).
    pub(crate) fn default_evaluated() -> Evaluated {
        evaluated(Scenario::default())
    }

    /// Own's line falls in the default's month 60 by its servers' resale, 12.5 % of €319,000:
    /// said under the chart in both languages (with the option's name as the scenario has it:
    /// the page names a preset in its language); nothing where nothing is credited.
    #[test]
    fn own_falling_at_the_horizon_is_said_under_the_chart() {
        let ev = default_evaluated();
        assert_eq!(
            resale_note(&ev, Lang::En).as_deref(),
            Some(
                "The line of \u{201c}8× H200 server, own\u{201d} falls in month 60: what its \
                 servers are worth then, €39,875, is credited."
            )
        );
        assert_eq!(
            resale_note(&ev, Lang::De).as_deref(),
            Some(
                "Die Linie von \u{201e}8× H200 server, own\u{201c} fällt in Monat 60: Was die \
                 Server dann wert sind, 39.875\u{a0}€, wird gutgeschrieben."
            )
        );
        let mut s = Scenario::default();
        s.own.residual_percent = Decimal::ZERO;
        assert_eq!(resale_note(&evaluated(s), Lang::En), None);
    }

    /// The default's 3-year Savings Plan commits nothing (its fixed rate does not pay against
    /// on-demand prices falling 12.5 % a year) and costs what start/stop costs in every month:
    /// the note under the chart names both, in both languages; none where no lines coincide.
    /// With today's prices held, the plan and its reservation coincide instead.
    #[test]
    fn coinciding_lines_are_named_under_the_chart() {
        let ev = default_evaluated();
        assert_eq!(
            same_note(&ev, None, Lang::En).as_deref(),
            Some(
                "Lines on top of each other: 2 · \u{201c}AWS p5en on-demand, start/stop\u{201d} \
                 and 3 · \u{201c}AWS p5en 3-year Savings Plan\u{201d} cost the same in every \
                 month."
            )
        );
        assert_eq!(
            same_note(&ev, None, Lang::De).as_deref(),
            Some(
                "Linien übereinander: 2 · \u{201e}AWS p5en on-demand, start/stop\u{201c} und \
                 3 · \u{201e}AWS p5en 3-year Savings Plan\u{201c} kosten in jedem Monat \
                 dasselbe."
            )
        );
        let mut s = Scenario::default();
        for o in &mut s.rent {
            o.extras.yearly_price_change_percent = Decimal::ZERO;
        }
        assert_eq!(
            same_note(&evaluated(s.clone()), None, Lang::En).as_deref(),
            Some(
                "Lines on top of each other: 3 · \u{201c}AWS p5en 3-year Savings Plan\u{201d} and \
                 4 · \u{201c}AWS p5en reservation + 3-year Savings Plan\u{201d} cost the same in \
                 every month."
            )
        );
        s.rent.remove(3);
        assert_eq!(same_note(&evaluated(s), None, Lang::En), None);
        // A cent a month apart, they still look like one line: said as close, not equal.
        let held = || {
            let mut s = Scenario::default();
            for o in &mut s.rent {
                o.extras.yearly_price_change_percent = Decimal::ZERO;
            }
            s
        };
        let mut s = held();
        s.rent[3].extras.other_per_month = Decimal::new(1, 2);
        let ev = evaluated(s);
        let scale = cumulative_scale(&ev.report, None);
        assert_eq!(
            same_note(&ev, scale.as_ref(), Lang::En).as_deref(),
            Some(
                "Lines on top of each other: 3 · \u{201c}AWS p5en 3-year Savings Plan\u{201d} and \
                 4 · \u{201c}AWS p5en reservation + 3-year Savings Plan\u{201d} differ by less \
                 than the chart can show in any month."
            )
        );
        // €5,000 a month apart: two lines.
        let mut s = held();
        s.rent[3].extras.other_per_month = Decimal::from(5000);
        let ev = evaluated(s);
        let scale = cumulative_scale(&ev.report, None);
        assert_eq!(same_note(&ev, scale.as_ref(), Lang::En), None);
    }

    /// A scenario as the page evaluates it.
    pub(crate) fn evaluated(mut scenario: Scenario) -> Evaluated {
        starts_today(&mut scenario);
        let report = evaluate(&scenario).expect("the scenario evaluates");
        Evaluated::new(scenario, report)
    }

    /// The worked example with today's cloud prices held (every rent option's yearly price
    /// change 0 %, the default until it moved to the middle of its range, −12.5 %): for the
    /// tests of a text that this scenario's crossings show (a break-even month, a share within
    /// reach, a point at one end of its range).
    pub(crate) fn prices_held() -> Scenario {
        let mut s = Scenario::default();
        for o in &mut s.rent {
            o.extras.yearly_price_change_percent = Decimal::ZERO;
        }
        s
    }

    /// The worked example with its first rent option billed as capacity blocks: `days` long,
    /// `per_year` of them, each at `price`.
    pub(crate) fn with_blocks(days: u32, per_year: u32, price: Decimal) -> Scenario {
        let mut s = Scenario::default();
        s.rent[0].billing = gpu_tco_core::Billing::CapacityBlock {
            block_days: days,
            blocks_per_year: per_year,
            block_price: price,
        };
        s
    }

    #[test]
    fn an_option_that_leaves_days_out_says_so_in_the_legends() {
        // Two 7-day blocks a year: far from the 21 working days a month of the load.
        let ev = evaluated(with_blocks(7, 2, Decimal::from(40)));
        assert_eq!(
            ev.report.rent[0].capacity,
            gpu_tco_core::Capacity::NotCovered
        );
        for (lang, gap) in [
            (Lang::En, "does not cover the load"),
            (Lang::De, "deckt die Last nicht"),
        ] {
            let names = legend_names(&ev.report, lang);
            assert_eq!(
                names[1].1,
                format!("1 · {} ({gap})", ev.report.rent[0].costs.label)
            );
            assert_eq!(names[2].1, format!("2 · {}", ev.report.rent[1].costs.label));
            assert_eq!(names[0].1, ev.report.own.costs.label);
        }
    }

    /// Language, phone frame, and the snapshot's suffix.
    const CASES: [(Lang, Fit, &str); 5] = [
        (Lang::En, Fit::Wide, "en_desktop"),
        (Lang::En, Fit::Narrow, "en_phone"),
        (Lang::De, Fit::Wide, "de_desktop"),
        (Lang::De, Fit::Narrow, "de_phone"),
        (Lang::De, Fit::Middle, "de_middle"),
    ];

    /// The SVG colour of a palette index, as plotters writes it.
    pub(crate) fn hex(color: usize) -> String {
        let c = charts::PALETTE[color % charts::PALETTE.len()];
        format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
    }

    /// Whether the SVG has a `<text>` in `fill` whose content is exactly `label`.
    fn has_text(svg: &str, label: &str, fill: &str) -> bool {
        svg.split("</text>").any(|t| {
            t.rsplit_once('>').is_some_and(|(tag, content)| {
                content == label
                    && tag.contains("<text ")
                    && tag.contains(&format!("fill=\"{fill}\""))
            })
        })
    }

    /// Whether the SVG has a filled dot in `fill` (a marker's; its ring is white).
    fn has_dot(svg: &str, fill: &str) -> bool {
        svg.split("<circle")
            .skip(1)
            .any(|c| c.contains(&format!("fill=\"{fill}\"")))
    }

    /// An element line's attributes (unescaped) and text, as the DOM would hold them.
    fn attributes(line: &str) -> (Vec<(String, String)>, String) {
        let tag = &line[1..line.find([' ', '/', '>']).expect("a tag")];
        let empty = format!("<{tag}/>");
        let all = charts::element_patch(&empty, line).expect("an element plotters writes");
        let mut set: Vec<(String, String)> = all
            .set
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect();
        set.sort();
        (set, all.text.unwrap_or_default())
    }

    /// `was` with `patch` applied, as [`attributes`] reads an element.
    fn patched(was: &str, patch: &charts::ElementPatch<'_>) -> (Vec<(String, String)>, String) {
        let (mut attrs, mut text) = attributes(was);
        attrs.retain(|(k, _)| {
            !patch.remove.contains(&k.as_str()) && !patch.set.iter().any(|(n, _)| n == k)
        });
        attrs.extend(patch.set.iter().map(|(k, v)| ((*k).to_owned(), v.clone())));
        attrs.sort();
        if let Some(t) = &patch.text {
            text = t.clone();
        }
        (attrs, text)
    }

    /// A working-days step (the benchmark's 21 → 20) changes a few elements of each chart, not
    /// its frame: the page sets only those ([`SvgChart`]).
    #[test]
    fn a_working_days_step_patches_few_elements() {
        let before = default_evaluated();
        let mut scenario = before.scenario.clone();
        scenario.calendar.working_days = Decimal::from(20);
        let after = evaluated(scenario);
        let (a, b) = (
            draw(&before, None, Lang::En, Fit::Wide),
            draw(&after, None, Lang::En, Fit::Wide),
        );
        for (old, new) in [
            (&a.cumulative, &b.cumulative),
            (&a.share, &b.share),
            (&a.breakdown, &b.breakdown),
        ] {
            assert_ne!(old, new, "every chart moves with the working days");
            let changes = charts::svg_changes(old, new).expect("the same frame and elements");
            let elements = new.lines().count() - 2;
            assert!(
                !changes.is_empty() && changes.len() * 3 < elements,
                "{} of {elements} elements changed",
                changes.len()
            );
            // Each changed element is patched in place (no markup parsed again), and the patch
            // turns the old element into the new one.
            for (_, was, is) in changes {
                let patch = charts::element_patch(was, is)
                    .unwrap_or_else(|| panic!("no patch from {was} to {is}"));
                assert_eq!(patched(was, &patch), attributes(is), "{was} -> {is}");
            }
        }
        // A different frame (the phone's) is set whole.
        let phone = draw(&after, None, Lang::En, Fit::Narrow);
        assert_eq!(charts::svg_changes(&a.cumulative, &phone.cumulative), None);
    }

    #[test]
    fn the_default_scenarios_charts() {
        let ev = default_evaluated();
        for (lang, fit, case) in CASES {
            let d = draw(&ev, None, lang, fit);
            insta::assert_snapshot!(format!("cumulative_{case}"), d.cumulative);
            insta::assert_snapshot!(format!("share_{case}"), d.share);
            insta::assert_snapshot!(format!("breakdown_{case}"), d.breakdown);
        }
    }

    #[test]
    fn each_break_even_month_is_marked_and_labelled() {
        let ev = default_evaluated();
        let months: Vec<(usize, u32)> = ev
            .report
            .rent
            .iter()
            .enumerate()
            .filter_map(|(i, x)| x.break_even_month.map(|m| (i + 1, m)))
            .collect();
        // Several, or the check below checks little.
        assert!(months.len() >= 3, "{months:?}");
        for (lang, fit, case) in CASES {
            let s = draw(&ev, None, lang, fit).cumulative;
            for (color, month) in &months {
                let c = hex(*color);
                assert!(has_dot(&s, &c), "{case}: no dot for option {color}");
                // Options whose lines coincide (3 and 4 in the defaults) break even on one
                // spot, which one label marks: the later option's, whose dot is on top.
                let cumulative = |i: usize| &ev.report.rent[i - 1].costs.cumulative;
                let later = months.iter().find(|(c2, m2)| {
                    c2 > color && m2 == month && cumulative(*c2) == cumulative(*color)
                });
                let (labelled, shown) = match later {
                    Some((c2, _)) => (*c2, false),
                    None => (*color, true),
                };
                assert!(
                    has_text(&s, &month.to_string(), &hex(labelled)),
                    "{case}: option {color} breaks even at month {month}, unlabelled"
                );
                assert_eq!(
                    has_text(&s, &month.to_string(), &c),
                    shown,
                    "{case}: option {color}'s label at month {month}"
                );
            }
        }
    }

    #[test]
    fn the_share_chart_marks_today_and_each_break_even_share() {
        let ev = default_evaluated();
        let r = &ev.report;
        for (lang, fit, case) in CASES {
            let fm = fmt_for(lang, r);
            let s = draw(&ev, None, lang, fit).share;
            let today = format!(
                "{} {}",
                lang.t().today_share(),
                fm.percent(r.load.productive_share, 1)
            );
            assert!(has_text(&s, &today, "#222222"), "{case}: {today:?} missing");
            for (i, x) in r.rent.iter().enumerate() {
                if let Some(BreakEvenShare::At { share }) = &x.break_even_share {
                    let label = fm.percent(*share, 0);
                    assert!(
                        has_text(&s, &label, &hex(i + 1)),
                        "{case}: option {} breaks even at {label}, unlabelled",
                        i + 1
                    );
                }
            }
        }
    }

    #[test]
    fn every_option_has_a_bar_with_its_number() {
        let ev = default_evaluated();
        for (lang, fit, case) in CASES {
            let d = draw(&ev, None, lang, fit);
            assert!(
                has_text(&d.breakdown, lang.t().own_row(), &hex(0)),
                "{case}: own's bar unlabelled"
            );
            for i in 1..=ev.report.rent.len() {
                assert!(
                    has_text(&d.breakdown, &i.to_string(), &hex(i)),
                    "{case}: bar {i} unlabelled"
                );
            }
            // The default's own servers have a resale value: a credit, with the net marked.
            assert!(d.credits, "{case}");
            assert!(d.breakdown.contains("stroke-width=\"2\""), "{case}");
        }
    }

    /// A spread of ±10 % around each option's cumulative cost (the spread's other figures are
    /// not drawn).
    fn spread_of(ev: &Evaluated) -> Spread {
        let band = |cumulative: &[Decimal]| Band {
            p10: cumulative.iter().map(|v| v * Decimal::new(9, 1)).collect(),
            p50: cumulative.to_vec(),
            p90: cumulative.iter().map(|v| v * Decimal::new(11, 1)).collect(),
        };
        let flat = |v: Decimal| Quantiles {
            p10: v,
            p50: v,
            p90: v,
        };
        let option = |c: &gpu_tco_core::Costs| OptionSpread {
            label: c.label.clone(),
            total: flat(c.total),
            npv: None,
            cumulative: band(&c.cumulative),
        };
        let r = &ev.report;
        Spread {
            currency: r.currency,
            horizon_months: r.horizon_months,
            samples: 1,
            seed: 0,
            varied: Vec::new(),
            leaning: Vec::new(),
            own: option(&r.own.costs),
            rent: r
                .rent
                .iter()
                .map(|x| RentSpread {
                    costs: option(&x.costs),
                    savings_with_own: flat(Decimal::ZERO),
                    discounted_savings_with_own: None,
                    break_even_month: MonthQuantiles {
                        p10: x.break_even_month,
                        p50: x.break_even_month,
                        p90: x.break_even_month,
                    },
                    own_cheaper: Decimal::ONE,
                    verdict: Verdict::Clear {
                        own_cheaper_percent: 100,
                    },
                })
                .collect(),
        }
    }

    #[test]
    fn the_cumulative_chart_with_bands() {
        let ev = default_evaluated();
        let spread = spread_of(&ev);
        for (lang, fit, case) in [CASES[0], CASES[3]] {
            let d = draw(&ev, Some(&spread), lang, fit);
            insta::assert_snapshot!(format!("cumulative_banded_{case}"), d.cumulative);
            // One translucent area per option, under the curves; the other charts unchanged.
            let areas = d.cumulative.matches("<polygon").count();
            assert_eq!(areas, 1 + ev.report.rent.len(), "{case}");
            let first_curve = d.cumulative.find("stroke-width=\"3\"").unwrap_or(0);
            assert!(d.cumulative.rfind("<polygon").unwrap_or(usize::MAX) < first_curve);
            assert_eq!(d.share, draw(&ev, None, lang, fit).share, "{case}");
        }
    }
}
