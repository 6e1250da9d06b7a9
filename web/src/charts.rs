//! The three charts, drawn with plotters into SVG strings.
//!
//! Each chart has one drawing function, generic over the plotters backend, that takes plain
//! `f64` data prepared by the page (no domain arithmetic here) and formatters for the axes.
//! No user text is drawn into the SVG: option names live in the HTML legend beside it.

use plotters::coord::Shift;
use plotters::prelude::*;

pub use backend::Svg;

/// Line colours: own first, then the rent options (at most 8), then a chosen hybrid
/// ([`HYBRID`]). The CSS classes `c0`… use the same.
pub const PALETTE: [RGBColor; 10] = [
    RGBColor(0x1b, 0x78, 0x37),
    RGBColor(0x21, 0x66, 0xac),
    RGBColor(0xc2, 0x41, 0x0c),
    RGBColor(0x76, 0x2a, 0x83),
    RGBColor(0x8c, 0x51, 0x0a),
    RGBColor(0x01, 0x66, 0x5e),
    RGBColor(0xc5, 0x1b, 0x7d),
    RGBColor(0x4d, 0x4d, 0x4d),
    RGBColor(0x35, 0x97, 0x8f),
    RGBColor(0x11, 0x11, 0x11),
];

/// The palette index of a chosen hybrid (own the base, rent the overflow): near black, and
/// drawn dashed in the cumulative chart, so it stands apart from the options it mixes.
pub const HYBRID: usize = 9;

/// Colours of the cost lines in the breakdown chart. The CSS classes `k0`… use the same.
pub const KIND_PALETTE: [RGBColor; 10] = [
    RGBColor(0x1f, 0x4e, 0x79),
    RGBColor(0x2e, 0x86, 0xc1),
    RGBColor(0x85, 0xc1, 0xe9),
    RGBColor(0xe6, 0x7e, 0x22),
    RGBColor(0xf5, 0xb0, 0x41),
    RGBColor(0x27, 0xae, 0x60),
    RGBColor(0x8e, 0x44, 0xad),
    RGBColor(0xc0, 0x39, 0x2b),
    RGBColor(0x7f, 0x8c, 0x8d),
    RGBColor(0x16, 0xa0, 0x85),
];

const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
const GRID: RGBColor = RGBColor(0xdd, 0xdd, 0xdd);

/// Size and type size of a chart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Width in SVG units.
    pub width: u32,
    /// Height in SVG units.
    pub height: u32,
    /// Font size of tick labels.
    pub font: u32,
}

impl Frame {
    /// For a viewport of a phone or of a desktop.
    pub fn for_viewport(narrow: bool) -> Frame {
        if narrow {
            Frame {
                width: 360,
                height: 320,
                font: 16,
            }
        } else {
            Frame {
                width: 760,
                height: 380,
                font: 14,
            }
        }
    }
}

/// One line of a chart: points and the palette index.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// (x, y) points.
    pub points: Vec<(f64, f64)>,
    /// Index into [`PALETTE`].
    pub color: usize,
    /// Stroke width (3 for the current scenario; 1 for a pinned one in a comparison).
    pub width: u32,
}

/// A labelled point on a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    /// x.
    pub x: f64,
    /// y.
    pub y: f64,
    /// Index into [`PALETTE`].
    pub color: usize,
    /// Short label drawn beside it (a number, never user text).
    pub label: String,
}

/// Texts and formatters of a chart's axes.
#[allow(missing_debug_implementations)]
pub struct Axes<'a> {
    /// Caption of the x axis.
    pub x_desc: &'a str,
    /// Caption of the y axis.
    pub y_desc: &'a str,
    /// Tick labels of the x axis.
    pub x_fmt: &'a dyn Fn(f64) -> String,
    /// Tick labels of the y axis.
    pub y_fmt: &'a dyn Fn(f64) -> String,
}

/// Renders a drawing function into an SVG string.
pub fn svg<F>(frame: Frame, draw: F) -> String
where
    F: FnOnce(DrawingArea<Svg<'_>, Shift>) -> Result<(), String>,
{
    let mut out = String::new();
    {
        let root = Svg(SVGBackend::with_string(
            &mut out,
            (frame.width, frame.height),
        ))
        .into_drawing_area();
        if draw(root).is_err() {
            return String::new();
        }
    }
    out
}

/// Drawing errors carry no detail worth the code that formats it: an empty chart says enough.
mod backend {
    use plotters::prelude::{DrawingBackend, SVGBackend};
    use plotters_backend::{
        BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
    };

    /// The SVG backend, with text sizes estimated from the character count.
    ///
    /// In the browser plotters measures every label by adding a `<span>` to the page and reading
    /// its size, a forced layout per label (dozens per chart, on every input change), and the span's
    /// inline style is refused by the page's Content-Security-Policy anyway. The SVG text itself is
    /// laid out by the browser with `text-anchor`, so an estimate is all plotters needs to place
    /// labels.
    pub struct Svg<'a>(pub(super) SVGBackend<'a>);

    impl std::fmt::Debug for Svg<'_> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Svg")
        }
    }

    type Fail<'a> = DrawingErrorKind<<SVGBackend<'a> as DrawingBackend>::ErrorType>;

    impl<'a> DrawingBackend for Svg<'a> {
        type ErrorType = <SVGBackend<'a> as DrawingBackend>::ErrorType;

        fn get_size(&self) -> (u32, u32) {
            self.0.get_size()
        }
        fn ensure_prepared(&mut self) -> Result<(), Fail<'a>> {
            self.0.ensure_prepared()
        }
        fn present(&mut self) -> Result<(), Fail<'a>> {
            self.0.present()
        }
        fn draw_pixel(&mut self, p: BackendCoord, c: BackendColor) -> Result<(), Fail<'a>> {
            self.0.draw_pixel(p, c)
        }
        fn draw_line<S: BackendStyle>(
            &mut self,
            from: BackendCoord,
            to: BackendCoord,
            style: &S,
        ) -> Result<(), Fail<'a>> {
            self.0.draw_line(from, to, style)
        }
        fn draw_rect<S: BackendStyle>(
            &mut self,
            a: BackendCoord,
            b: BackendCoord,
            style: &S,
            fill: bool,
        ) -> Result<(), Fail<'a>> {
            self.0.draw_rect(a, b, style, fill)
        }
        fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
            &mut self,
            path: I,
            style: &S,
        ) -> Result<(), Fail<'a>> {
            self.0.draw_path(path, style)
        }
        fn draw_circle<S: BackendStyle>(
            &mut self,
            c: BackendCoord,
            r: u32,
            style: &S,
            fill: bool,
        ) -> Result<(), Fail<'a>> {
            self.0.draw_circle(c, r, style, fill)
        }
        fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
            &mut self,
            vert: I,
            style: &S,
        ) -> Result<(), Fail<'a>> {
            self.0.fill_polygon(vert, style)
        }
        fn draw_text<T: BackendTextStyle>(
            &mut self,
            text: &str,
            style: &T,
            pos: BackendCoord,
        ) -> Result<(), Fail<'a>> {
            self.0.draw_text(text, style, pos)
        }
        fn estimate_text_size<T: BackendTextStyle>(
            &self,
            text: &str,
            style: &T,
        ) -> Result<(u32, u32), Fail<'a>> {
            // An average sans-serif glyph is a little over half the font size wide.
            let size = style.size();
            let width = text.chars().count() as f64 * size * 0.56;
            Ok((width.ceil() as u32, size.ceil() as u32))
        }
    }
}

fn err<E>(_: E) -> String {
    String::new()
}

fn y_top(series: &[Series], extra: f64) -> f64 {
    let max = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(extra, f64::max);
    if max > 0.0 { max * 1.08 } else { 1.0 }
}

/// Chart 1: cumulative cost by month, one line per option, break-even points marked.
pub fn draw_cumulative<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    months: f64,
    lines: &[Series],
    markers: &[Marker],
    axes: &Axes<'_>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let top = y_top(lines, 0.0);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(frame.font * 5)
        .build_cartesian_2d(0f64..months.max(1.0), 0f64..top)
        .map_err(err)?;
    mesh(&mut chart, frame, axes)?;
    for s in lines {
        let color = PALETTE[s.color % PALETTE.len()];
        let style = color.stroke_width(s.width);
        let points = s.points.iter().copied();
        if s.color == HYBRID {
            chart
                .draw_series(DashedLineSeries::new(points, 9, 5, style))
                .map_err(err)?;
        } else {
            chart
                .draw_series(LineSeries::new(points, style))
                .map_err(err)?;
        }
    }
    draw_markers(&mut chart, frame, markers)?;
    root.present().map_err(err)
}

/// Selling own early: own's total if sold at each month against a rent option's cumulative
/// cost, a vertical rule at the month chosen and its values marked there.
pub fn draw_sell_at<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    months: f64,
    lines: &[Series],
    at: f64,
    markers: &[Marker],
    axes: &Axes<'_>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let top = y_top(lines, 0.0);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(frame.font * 5)
        .build_cartesian_2d(0f64..months.max(1.0), 0f64..top)
        .map_err(err)?;
    mesh(&mut chart, frame, axes)?;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(at, 0.0), (at, top)],
            INK.stroke_width(1),
        )))
        .map_err(err)?;
    for s in lines {
        let color = PALETTE[s.color % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(
                s.points.iter().copied(),
                color.stroke_width(s.width),
            ))
            .map_err(err)?;
    }
    // Two values at the same month: the higher one's label above its point, the lower one's
    // below, so they do not overlap when the values are close.
    let lowest = markers
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.y.total_cmp(&b.1.y))
        .map(|(i, _)| i);
    draw_markers_with(&mut chart, frame, markers, |i| {
        if markers.len() > 1 && Some(i) == lowest {
            (8, 6)
        } else {
            (8, -18)
        }
    })?;
    root.present().map_err(err)
}

/// Chart 2: cost per productive GPU-hour against productive share, today's share marked.
pub fn draw_share<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    lines: &[Series],
    today: f64,
    today_label: &str,
    markers: &[Marker],
    axes: &Axes<'_>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    // Costs per hour explode at tiny shares; show up to three times the dearest value at
    // today's share so the region that matters stays readable.
    let at_today = lines
        .iter()
        .filter_map(|s| {
            s.points
                .iter()
                .min_by(|a, b| (a.0 - today).abs().total_cmp(&(b.0 - today).abs()))
                .map(|p| p.1)
        })
        .fold(0.0, f64::max);
    let top = if at_today > 0.0 {
        at_today * 3.0
    } else {
        y_top(lines, 0.0)
    };
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(frame.font * 5)
        .build_cartesian_2d(0f64..1f64, 0f64..top)
        .map_err(err)?;
    mesh(&mut chart, frame, axes)?;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(today, 0.0), (today, top)],
            INK.stroke_width(1),
        )))
        .map_err(err)?;
    // The label sits right of the line, or left of it near the right edge (never clipped).
    let side = if today > 0.8 {
        plotters::style::text_anchor::HPos::Right
    } else {
        plotters::style::text_anchor::HPos::Left
    };
    chart
        .draw_series(std::iter::once(Text::new(
            today_label.to_owned(),
            (today, top * 0.97),
            ("sans-serif", frame.font).into_font().color(&INK).pos(
                plotters::style::text_anchor::Pos::new(
                    side,
                    plotters::style::text_anchor::VPos::Top,
                ),
            ),
        )))
        .map_err(err)?;
    for s in lines {
        let color = PALETTE[s.color % PALETTE.len()];
        let visible: Vec<(f64, f64)> = s.points.iter().copied().filter(|p| p.1 <= top).collect();
        chart
            .draw_series(LineSeries::new(visible, color.stroke_width(s.width)))
            .map_err(err)?;
    }
    draw_markers(&mut chart, frame, markers)?;
    root.present().map_err(err)
}

/// One stacked bar of the breakdown chart: segments of (kind palette index, amount).
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// Palette index of the option ([`PALETTE`]), for the bar's number.
    pub color: usize,
    /// Number shown at the start of the bar (the option's row in the legend).
    pub label: String,
    /// (index into [`KIND_PALETTE`], amount) in drawing order.
    pub segments: Vec<(usize, f64)>,
}

/// Chart 3: average monthly cost of each option as a horizontal bar stacked by cost line.
pub fn draw_breakdown<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    bars: &[Bar],
    axes: &Axes<'_>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let max = bars
        .iter()
        .map(|b| b.segments.iter().map(|s| s.1.max(0.0)).sum::<f64>())
        .fold(0.0, f64::max);
    let n = bars.len().max(1) as f64;
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(frame.font * 2)
        .build_cartesian_2d(0f64..(if max > 0.0 { max * 1.05 } else { 1.0 }), 0f64..n)
        .map_err(err)?;
    bar_mesh(&mut chart, frame, axes)?;
    for (i, bar) in bars.iter().enumerate() {
        let y1 = n - i as f64 - 0.15;
        let y0 = n - i as f64 - 0.85;
        let mut x = 0.0;
        for (kind, amount) in &bar.segments {
            if *amount <= 0.0 {
                continue;
            }
            let color = KIND_PALETTE[kind % KIND_PALETTE.len()];
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(x, y0), (x + amount, y1)],
                    color.filled(),
                )))
                .map_err(err)?;
            x += amount;
        }
        chart
            .draw_series(std::iter::once(Text::new(
                bar.label.clone(),
                (x, y1),
                ("sans-serif", frame.font)
                    .into_font()
                    .color(&PALETTE[bar.color % PALETTE.len()]),
            )))
            .map_err(err)?;
    }
    root.present().map_err(err)
}

/// One bar of the tornado chart: the input's name and the result at −20 % and +20 %.
#[derive(Debug, Clone, PartialEq)]
pub struct Swing {
    /// The input's name (page text, never user text).
    pub name: String,
    /// Result with the input 20 % lower.
    pub low: f64,
    /// Result with the input 20 % higher.
    pub high: f64,
}

/// Tornado chart: one horizontal bar per input from its low to its high result, around today's.
pub fn draw_tornado<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    bars: &[Swing],
    base: f64,
    axes: &Axes<'_>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let lo = bars.iter().map(|b| b.low.min(b.high)).fold(base, f64::min);
    let hi = bars.iter().map(|b| b.low.max(b.high)).fold(base, f64::max);
    let pad = ((hi - lo) * 0.08).max(1.0);
    let n = bars.len().max(1) as f64;
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(frame.font)
        .build_cartesian_2d((lo - pad)..(hi + pad), 0f64..n)
        .map_err(err)?;
    bar_mesh(&mut chart, frame, axes)?;
    for (i, b) in bars.iter().enumerate() {
        let y1 = n - i as f64 - 0.2;
        let y0 = n - i as f64 - 0.62;
        for (value, color) in [(b.low, KIND_PALETTE[3]), (b.high, KIND_PALETTE[1])] {
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(base.min(value), y0), (base.max(value), y1)],
                    color.filled(),
                )))
                .map_err(err)?;
        }
        chart
            .draw_series(std::iter::once(Text::new(
                b.name.clone(),
                (lo - pad * 0.9, n - i as f64 - 0.08),
                ("sans-serif", frame.font).into_font().color(&INK),
            )))
            .map_err(err)?;
    }
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(base, 0.0), (base, n)],
            INK.stroke_width(2),
        )))
        .map_err(err)?;
    root.present().map_err(err)
}

/// One heat-map cell: x, y (chart units) and the difference (positive: owning is cheaper).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cell {
    /// Column index.
    pub x: usize,
    /// Row index.
    pub y: usize,
    /// Savings of owning (rent − own); its sign picks the colour, its size the depth.
    pub savings: f64,
}

/// Heat map over a grid of `columns` × `rows` cells, with the current point ringed.
#[allow(clippy::too_many_arguments)]
pub fn draw_heat_map<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    columns: &[f64],
    rows: &[f64],
    cells: &[Cell],
    current: (f64, f64),
    axes: &Axes<'_>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let (nx, ny) = (columns.len().max(1), rows.len().max(1));
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(frame.font * 5)
        .build_cartesian_2d(-0.5..nx as f64 - 0.5, -0.5..ny as f64 - 0.5)
        .map_err(err)?;
    // Cells are centred on whole coordinates, so a tick's label is its cell's value.
    let col = |v: f64| {
        columns
            .get(v.round().max(0.0) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let row = |v: f64| {
        rows.get(v.round().max(0.0) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(nx.min(6))
        .y_labels(ny.min(6))
        .x_label_formatter(&|v| (axes.x_fmt)(col(*v)))
        .y_label_formatter(&|v| (axes.y_fmt)(row(*v)))
        .x_desc(axes.x_desc)
        .y_desc(axes.y_desc)
        .label_style(("sans-serif", frame.font).into_font().color(&INK))
        .axis_desc_style(("sans-serif", frame.font).into_font().color(&INK))
        .draw()
        .map_err(err)?;
    let scale = cells.iter().map(|c| c.savings.abs()).fold(1.0, f64::max);
    for c in cells {
        let depth = (c.savings.abs() / scale).clamp(0.0, 1.0);
        let (r, g, b) = if c.savings >= 0.0 {
            (0x1b, 0x78, 0x37)
        } else {
            (0xc2, 0x41, 0x0c)
        };
        let mix = |channel: u8| (255.0 - (255.0 - f64::from(channel)) * (0.2 + 0.8 * depth)) as u8;
        let colour = RGBColor(mix(r), mix(g), mix(b));
        let (x, y) = (c.x as f64, c.y as f64);
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
                colour.filled(),
            )))
            .map_err(err)?;
    }
    chart
        .draw_series(std::iter::once(Circle::new(
            current,
            9,
            INK.stroke_width(3),
        )))
        .map_err(err)?;
    root.present().map_err(err)
}

/// The mesh of the horizontal-bar charts (breakdown, tornado): an x axis only.
fn bar_mesh<DB: DrawingBackend>(
    chart: &mut ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    frame: Frame,
    axes: &Axes<'_>,
) -> Result<(), String> {
    chart
        .configure_mesh()
        .disable_y_mesh()
        .disable_y_axis()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .x_labels(5)
        .x_label_formatter(&|v| (axes.x_fmt)(*v))
        .x_desc(axes.x_desc)
        .label_style(("sans-serif", frame.font).into_font().color(&INK))
        .axis_desc_style(("sans-serif", frame.font).into_font().color(&INK))
        .draw()
        .map_err(err)
}

fn mesh<DB: DrawingBackend>(
    chart: &mut ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    frame: Frame,
    axes: &Axes<'_>,
) -> Result<(), String> {
    chart
        .configure_mesh()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .x_labels(7)
        .y_labels(6)
        .x_label_formatter(&|v| (axes.x_fmt)(*v))
        .y_label_formatter(&|v| (axes.y_fmt)(*v))
        .x_desc(axes.x_desc)
        .y_desc(axes.y_desc)
        .label_style(("sans-serif", frame.font).into_font().color(&INK))
        .axis_desc_style(("sans-serif", frame.font).into_font().color(&INK))
        .draw()
        .map_err(err)
}

fn draw_markers<DB: DrawingBackend>(
    chart: &mut ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    frame: Frame,
    markers: &[Marker],
) -> Result<(), String> {
    draw_markers_with(chart, frame, markers, |_| (8, -18))
}

/// [`draw_markers`] with each label's offset from its point (pixels, by marker index).
fn draw_markers_with<DB: DrawingBackend>(
    chart: &mut ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    frame: Frame,
    markers: &[Marker],
    offset: impl Fn(usize) -> (i32, i32),
) -> Result<(), String> {
    for (i, m) in markers.iter().enumerate() {
        let color = PALETTE[m.color % PALETTE.len()];
        chart
            .draw_series(std::iter::once(Circle::new(
                (m.x, m.y),
                6,
                ShapeStyle::from(&color).filled(),
            )))
            .map_err(err)?;
        chart
            .draw_series(std::iter::once(Circle::new(
                (m.x, m.y),
                8,
                WHITE.stroke_width(2),
            )))
            .map_err(err)?;
        chart
            .draw_series(std::iter::once(
                EmptyElement::at((m.x, m.y))
                    + Text::new(
                        m.label.clone(),
                        offset(i),
                        ("sans-serif", frame.font).into_font().color(&color),
                    ),
            ))
            .map_err(err)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    type Fmt = Box<dyn Fn(f64) -> String>;

    fn axes() -> (Fmt, Fmt) {
        (
            Box::new(|v| format!("{v:.0}")),
            Box::new(|v| format!("{v:.0}")),
        )
    }

    #[test]
    fn cumulative_has_a_path_per_option_and_the_marker() {
        let (xf, yf) = axes();
        let ax = Axes {
            x_desc: "Month",
            y_desc: "EUR",
            x_fmt: &*xf,
            y_fmt: &*yf,
        };
        let lines = vec![
            Series {
                points: vec![(0.0, 100.0), (10.0, 150.0)],
                color: 0,
                width: 3,
            },
            Series {
                points: vec![(0.0, 0.0), (10.0, 300.0)],
                color: 1,
                width: 3,
            },
        ];
        let markers = vec![Marker {
            x: 5.0,
            y: 125.0,
            color: 1,
            label: "5".into(),
        }];
        let frame = Frame::for_viewport(false);
        let s = svg(frame, |root| {
            draw_cumulative(root, frame, 10.0, &lines, &markers, &ax)
        });
        assert!(s.starts_with("<svg"));
        // Option curves are the 3-unit-wide polylines (axes and ticks are thin ones).
        let curves = s
            .split("<polyline")
            .filter(|p| {
                p.split('>')
                    .next()
                    .is_some_and(|tag| tag.contains("stroke-width=\"3\""))
            })
            .count();
        assert_eq!(curves, 2, "{s}");
        assert_eq!(s.matches("<circle").count(), 2);
        assert!(s.contains("Month"), "{s}");
    }

    #[test]
    fn the_today_label_stays_inside_the_chart() {
        let (xf, yf) = axes();
        let ax = Axes {
            x_desc: "Share",
            y_desc: "EUR",
            x_fmt: &*xf,
            y_fmt: &*yf,
        };
        let lines = vec![Series {
            points: vec![(0.5, 8.0), (1.0, 4.0)],
            color: 0,
            width: 3,
        }];
        let frame = Frame::for_viewport(false);
        let label = |today: f64| {
            let s = svg(frame, |root| {
                draw_share(root, frame, &lines, today, "today", &[], &ax)
            });
            // The text element holding the label, up to its content.
            let at = s.find("today").unwrap_or(0);
            let start = s[..at].rfind("<text").unwrap_or(0);
            s[start..at].to_owned()
        };
        // At 100 % it is right-aligned to the line, so it ends there; at 46 % it starts there.
        assert!(label(1.0).contains("text-anchor=\"end\""), "{}", label(1.0));
        assert!(
            !label(0.46).contains("text-anchor=\"end\""),
            "{}",
            label(0.46)
        );
    }

    #[test]
    fn a_hybrid_line_is_dashed_in_its_own_colour() {
        let (xf, yf) = axes();
        let ax = Axes {
            x_desc: "Month",
            y_desc: "EUR",
            x_fmt: &*xf,
            y_fmt: &*yf,
        };
        let line = |color| Series {
            points: vec![(0.0, 100.0), (10.0, 150.0)],
            color,
            width: 3,
        };
        let frame = Frame::for_viewport(false);
        let draw = |lines: &[Series]| {
            svg(frame, |root| {
                draw_cumulative(root, frame, 10.0, lines, &[], &ax)
            })
        };
        let plain = draw(&[line(0)]);
        let with = draw(&[line(0), line(HYBRID)]);
        assert!(!plain.contains("#111111"), "{plain}");
        // Dashes: many short pieces in the hybrid's colour, where a plain line is one.
        let dashes = with.matches("stroke=\"#111111\"").count();
        assert!(dashes > 10, "{with}");
        assert_eq!(plain.matches("stroke=\"#1B7837\"").count(), 1, "{plain}");
    }

    #[test]
    fn sell_at_draws_both_lines_the_rule_and_two_markers() {
        let (xf, yf) = axes();
        let ax = Axes {
            x_desc: "Month",
            y_desc: "EUR",
            x_fmt: &*xf,
            y_fmt: &*yf,
        };
        let lines = vec![
            Series {
                points: vec![(0.0, 5.0), (12.0, 180.0), (24.0, 320.0)],
                color: 0,
                width: 3,
            },
            Series {
                points: vec![(0.0, 0.0), (12.0, 230.0), (24.0, 460.0)],
                color: 2,
                width: 3,
            },
        ];
        let markers = vec![
            Marker {
                x: 12.0,
                y: 180.0,
                color: 0,
                label: "180".into(),
            },
            Marker {
                x: 12.0,
                y: 230.0,
                color: 2,
                label: "230".into(),
            },
        ];
        let frame = Frame::for_viewport(false);
        let s = svg(frame, |root| {
            draw_sell_at(root, frame, 24.0, &lines, 12.0, &markers, &ax)
        });
        let wide = s
            .split("<polyline")
            .filter(|p| {
                p.split('>')
                    .next()
                    .is_some_and(|tag| tag.contains("stroke-width=\"3\""))
            })
            .count();
        assert_eq!(wide, 2, "{s}");
        // Each marker is a filled dot and a white ring.
        assert_eq!(s.matches("<circle").count(), 4, "{s}");
        let texts: Vec<&str> = s
            .split("</text>")
            .filter_map(|t| t.rsplit('>').next().map(str::trim))
            .collect();
        assert!(texts.contains(&"230") && texts.contains(&"180"), "{s}");
        // The lower value's label hangs below its dot, the higher one's sits above its own.
        let label_y = |label: &str| -> f64 {
            let at = s.find(&format!(">\n{label}\n</text>")).unwrap_or(0);
            let open = s[..at].rfind("<text").unwrap_or(0);
            s[open..at]
                .split(" y=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::NAN)
        };
        let circle_y = |cy_of: usize| -> f64 {
            s.split("<circle")
                .nth(cy_of)
                .and_then(|c| c.split(" cy=\"").nth(1))
                .and_then(|r| r.split('"').next())
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::NAN)
        };
        // Circles: marker 0 (180) dot and ring, then marker 1 (230).
        assert!(label_y("180") > circle_y(1), "{s}");
        assert!(label_y("230") < circle_y(3), "{s}");
    }

    #[test]
    fn breakdown_stacks_segments() {
        let (xf, yf) = axes();
        let ax = Axes {
            x_desc: "EUR",
            y_desc: "",
            x_fmt: &*xf,
            y_fmt: &*yf,
        };
        let bars = vec![Bar {
            color: 0,
            label: "1".into(),
            segments: vec![(0, 10.0), (1, 5.0)],
        }];
        let frame = Frame::for_viewport(true);
        let s = svg(frame, |root| draw_breakdown(root, frame, &bars, &ax));
        // The white background plus two segments.
        assert_eq!(s.matches("<rect").count(), 3, "{s}");
    }
}
