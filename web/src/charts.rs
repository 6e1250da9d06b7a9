//! The three charts, drawn with plotters into SVG strings.
//!
//! Each chart has one drawing function, generic over the plotters backend, that takes plain
//! `f64` data prepared by the page (no domain arithmetic here) and formatters for the axes.
//! No user text is drawn into the SVG: option names live in the HTML legend beside it.

use plotters::coord::Shift;
use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::lang::Lang;

pub use backend::Svg;

/// Line colours: own first, then the rent options (at most 8), then a chosen hybrid
/// ([`HYBRID`]). The CSS classes `c0`… use the same.
pub const PALETTE: [RGBColor; 10] = [
    RGBColor(0x1b, 0x78, 0x37),
    RGBColor(0x21, 0x66, 0xac),
    RGBColor(0xc2, 0x41, 0x0c),
    RGBColor(0x76, 0x2a, 0x83),
    RGBColor(0x8c, 0x51, 0x0a),
    // Olive, dark enough for its 11 px labels (4.7:1 on white; #808000 was 4.2:1).
    RGBColor(0x78, 0x78, 0x00),
    RGBColor(0xc5, 0x1b, 0x7d),
    RGBColor(0x4d, 0x4d, 0x4d),
    RGBColor(0x35, 0x97, 0x8f),
    RGBColor(0x11, 0x11, 0x11),
];

/// The palette index of a chosen hybrid (own the base, rent the overflow): near black, and
/// drawn dashed in the cumulative chart, so it stands apart from the options it mixes.
pub const HYBRID: usize = 9;

/// Dash patterns (SVG `stroke-dasharray`) of the even rent options, so a line that coincides
/// with another (two savings plans of the same cost, say) still shows both colours: the odd
/// options and own are solid and drawn first, the dashed ones on top of them. Each pattern is
/// carried through plotters by a marker opacity (plotters' styles have no dash) and turned
/// into the attribute by the charts' backend ([`Svg`]).
const DASHES: [(usize, f64, &str); 4] = [
    (2, 0.991, "10 6"),
    (4, 0.992, "4 4"),
    (6, 0.993, "12 4 2 4"),
    (8, 0.994, "2 4"),
];

/// The dash pattern of a palette index in the line charts (`None`: solid).
pub fn dash(color: usize) -> Option<&'static str> {
    DASHES.iter().find(|d| d.0 == color).map(|d| d.2)
}

/// The stroke of a series in the line charts: its colour and width, dashed by [`dash`].
fn line_style(s: &Series) -> ShapeStyle {
    let color = PALETTE[s.color % PALETTE.len()];
    match DASHES.iter().find(|d| d.0 == s.color) {
        Some(d) => color.mix(d.1).stroke_width(s.width),
        None => color.stroke_width(s.width),
    }
}

/// Drawing order of the line charts: solid lines, then dashed ones, then a hybrid.
fn layer(s: &Series) -> u8 {
    if s.color == HYBRID {
        2
    } else if dash(s.color).is_some() {
        1
    } else {
        0
    }
}

/// Text of the net marker in the legend of the breakdown chart.
pub fn net_legend(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "Netto je Monat (nach Gutschriften)",
        Lang::En => "Net per month (after credits)",
    }
}

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
/// The share chart's shares out of the load's reach.
const SHADE: RGBColor = RGBColor(0xee, 0xee, 0xee);

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
    /// For the printout, where the charts stand side by side in columns of about 270 CSS px
    /// of an A4 page: the desktop's type would print at about 3 pt and the phone's frame, taller,
    /// would push the report onto a third page; this one prints its labels at about 6 pt.
    pub fn for_print() -> Frame {
        Frame {
            width: 420,
            height: 250,
            font: 15,
        }
    }

    /// For a chart column of the width `fit` stands for.
    pub fn for_fit(fit: Fit) -> Frame {
        match fit {
            Fit::Narrow => Frame {
                width: 360,
                height: 320,
                font: 16,
            },
            Fit::Middle => Frame {
                width: 600,
                height: 380,
                font: 15,
            },
            Fit::Wide => Frame {
                width: 760,
                height: 380,
                font: 14,
            },
        }
    }
}

/// Which frame a chart column gets: a chart is drawn in its frame's units and shown at the
/// width its box leaves inside the column (some 30 to 40 px less), so its type shows at the
/// frame's size (about 0.8 × `font` px for a tick's digits) times that width over the frame's.
/// The three frames keep a tick's digits at about 10 to 14 px in every column wider than a
/// phone's; the desktop frame alone set them at 7.7 px in a 560 px column (an article's, a
/// 1024 px window's) and its bars' labels at 6.7.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Fit {
    /// A phone's column, below 540 px: the 360-unit frame.
    Narrow,
    /// 540 to 740 px (an article's column, a laptop's window beside the inputs): the 600-unit
    /// frame with 15-unit type.
    Middle,
    /// 740 px and more: the 760-unit frame.
    #[default]
    Wide,
}

impl Fit {
    /// The frame for a chart column `width` CSS pixels wide. `scripts/embed_loader.template.js`
    /// (`fit`) repeats these bounds for the answer drawn at build time: change both together.
    pub fn of_column(width: f64) -> Fit {
        if width < 540.0 {
            Fit::Narrow
        } else if width < 740.0 {
            Fit::Middle
        } else {
            Fit::Wide
        }
    }

    /// Every fit, for tests.
    pub const ALL: [Fit; 3] = [Fit::Narrow, Fit::Middle, Fit::Wide];
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

/// What changed between two SVG strings of [`svg`] for the same chart: the index, old and new
/// text of each element of the `<svg>` that differs, when both have the same opening tag and
/// the same number of elements (one per line, as plotters writes them); `None` when the chart
/// must be set whole. A slider step usually moves a few lines and labels of a chart, not its
/// axes, frame and grid: setting only those keeps the browser from parsing and laying out the
/// rest again.
///
/// ```
/// use gpu_tco_web::charts::svg_changes;
///
/// let old = "<svg a>\n<rect/>\n<text>1</text>\n</svg>\n";
/// let new = "<svg a>\n<rect/>\n<text>2</text>\n</svg>\n";
/// assert_eq!(svg_changes(old, new), Some(vec![(1, "<text>1</text>", "<text>2</text>")]));
/// assert_eq!(svg_changes(old, "<svg b>\n<rect/>\n<text>2</text>\n</svg>\n"), None);
/// ```
pub fn svg_changes<'a, 'b>(old: &'b str, new: &'a str) -> Option<Vec<(usize, &'b str, &'a str)>> {
    let mut a = old.lines();
    let mut b = new.lines();
    if a.next()? != b.next()? {
        return None;
    }
    let a: Vec<&'b str> = a.collect();
    let b: Vec<&'a str> = b.collect();
    // Both end with `</svg>`, and every element between is a whole one on its line.
    let (Some(&"</svg>"), Some(&"</svg>")) = (a.last(), b.last()) else {
        return None;
    };
    let (a, b) = (&a[..a.len() - 1], &b[..b.len() - 1]);
    let whole = |l: &&str| l.starts_with('<') && l.ends_with('>') && !l.starts_with("</");
    if a.len() != b.len() || !b.iter().all(whole) {
        return None;
    }
    Some(
        a.iter()
            .zip(b)
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, (x, y))| (i, *x, *y))
            .collect(),
    )
}

/// How to turn one element of a chart's SVG into another of the same kind in place: the
/// attributes to set (name, value as the DOM takes it, unescaped) and to remove, and the new
/// text, if it changed. Setting these on the element shown is what the chart's box does with a
/// changed element ([`svg_changes`]) instead of parsing its markup again: an attribute change
/// keeps the element, its style and most of its layout; a new element has none of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElementPatch<'a> {
    /// Attributes whose value is new or changed.
    pub set: Vec<(&'a str, String)>,
    /// Attributes the new element does not have.
    pub remove: Vec<&'a str>,
    /// The element's new text (a `<text>`'s label), where it changed.
    pub text: Option<String>,
}

/// The [`ElementPatch`] from one element line of [`svg`] to another, or `None` where they are of
/// different kinds or either is not a single element as plotters writes it (`<tag a="…"/>` or
/// `<tag a="…">text</tag>`): the element is then replaced whole.
///
/// ```
/// use gpu_tco_web::charts::element_patch;
///
/// let p = element_patch(
///     r#"<text x="1" y="2" fill="red">1 &amp; 2</text>"#,
///     r#"<text x="1" y="3">1 &lt; 2</text>"#,
/// )
/// .unwrap();
/// assert_eq!(p.set, vec![("y", "3".to_owned())]);
/// assert_eq!(p.remove, vec!["fill"]);
/// assert_eq!(p.text.as_deref(), Some("1 < 2"));
/// assert_eq!(element_patch("<line x=\"1\"/>", "<rect x=\"1\"/>"), None);
/// ```
pub fn element_patch<'a>(old: &'a str, new: &'a str) -> Option<ElementPatch<'a>> {
    let (old, new) = (svg_element(old)?, svg_element(new)?);
    if old.tag != new.tag {
        return None;
    }
    let set = new
        .attrs
        .iter()
        .filter(|(k, v)| !old.attrs.contains(&(k, v)))
        .map(|(k, v)| (*k, unescape(v)))
        .collect();
    let remove = old
        .attrs
        .iter()
        .filter(|(k, _)| !new.attrs.iter().any(|(n, _)| n == k))
        .map(|(k, _)| *k)
        .collect();
    let text = (old.text != new.text).then(|| unescape(new.text.unwrap_or("")));
    Some(ElementPatch { set, remove, text })
}

/// One element line of plotters' SVG: its tag, its attributes (values as written, escaped) and
/// its text (`None` for an empty element `<tag …/>`).
#[derive(Debug)]
struct SvgElement<'a> {
    tag: &'a str,
    attrs: Vec<(&'a str, &'a str)>,
    text: Option<&'a str>,
}

/// Reads one element line as [`svg`] writes it; `None` for anything else (nested elements, a
/// comment, single quotes), which the caller then replaces whole.
fn svg_element(line: &str) -> Option<SvgElement<'_>> {
    let rest = line.strip_prefix('<')?;
    let name_end = rest.find([' ', '/', '>'])?;
    let (tag, mut rest) = rest.split_at(name_end);
    if tag.is_empty() || !tag.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let mut attrs = Vec::new();
    loop {
        if let Some(after) = rest.strip_prefix(' ') {
            let eq = after.find("=\"")?;
            let (name, value) = (&after[..eq], &after[eq + 2..]);
            if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
                return None;
            }
            let close = value.find('"')?;
            attrs.push((name, &value[..close]));
            rest = &value[close + 1..];
        } else if rest == "/>" {
            return Some(SvgElement {
                tag,
                attrs,
                text: None,
            });
        } else {
            let text = rest.strip_prefix('>')?.strip_suffix('>')?;
            let text = text.strip_suffix(tag)?.strip_suffix("</")?;
            if text.contains('<') {
                return None;
            }
            return Some(SvgElement {
                tag,
                attrs,
                text: Some(text),
            });
        }
    }
}

/// Undoes plotters' escaping of an attribute value or text (`&lt;`, `&gt;`, `&amp;`, `&quot;`,
/// `&apos;`).
fn unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_owned();
    }
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Renders a drawing function into an SVG string.
pub fn svg<F>(frame: Frame, draw: F) -> String
where
    F: FnOnce(DrawingArea<Svg<'_>, Shift>) -> Result<(), String>,
{
    let mut out = String::new();
    {
        let root = Svg::new(&mut out, (frame.width, frame.height)).into_drawing_area();
        if draw(root).is_err() {
            return String::new();
        }
    }
    out
}

/// The charts' SVG backend: plotters' SVG output, one element per line, written here.
///
/// What it does differently from plotters' own `SVGBackend`:
/// - Text sizes are estimated from the character count. In the browser plotters measures every
///   label by adding a `<span>` to the page and reading its size, a forced layout per label
///   (dozens per chart, on every input change), and the span's inline style is refused by the
///   page's Content-Security-Policy anyway. The SVG text itself is laid out by the browser with
///   `text-anchor`, so an estimate is all plotters needs to place labels.
/// - A text's content is written without the line breaks around it: Firefox lays out the one at
///   the end as a trailing space, so its boxes grow by a space and right-aligned and centred
///   texts (the y ticks, the x ticks) move left by a space or half of one.
/// - A line whose opacity marks one of [`DASHES`] is written opaque with its dash pattern.
/// - Opacities and font sizes are written with at most three and two decimals by integer
///   arithmetic, so no `f64` formatting (about 10 KB of WebAssembly with its tables) is linked.
/// - Drawing errors carry no detail worth the code that formats it: an empty chart says enough.
mod backend {
    use std::fmt::Write as _;

    use plotters::prelude::DrawingBackend;
    use plotters::style::text_anchor::{HPos, VPos};
    use plotters_backend::{
        BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontStyle,
        FontTransform,
    };

    use super::DASHES;

    /// The SVG backend writing into a string (see the module).
    pub struct Svg<'a> {
        out: &'a mut String,
        size: (u32, u32),
        closed: bool,
    }

    impl std::fmt::Debug for Svg<'_> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Svg")
        }
    }

    type Fail = DrawingErrorKind<std::fmt::Error>;

    /// A fraction in `[0, 1]` (or any non-negative `f64`) with at most `places` decimals, trailing
    /// zeros dropped, as `f64`'s `Display` writes such values: `1`, `0.16`, `0.991`.
    pub(super) fn decimal(out: &mut String, value: f64, places: u32) {
        let scale = 10u64.pow(places);
        let scaled = (value.max(0.0) * scale as f64).round() as u64;
        let _ = write!(out, "{}", scaled / scale);
        let mut frac = scaled % scale;
        if frac != 0 {
            let mut width = places as usize;
            while frac.is_multiple_of(10) {
                frac /= 10;
                width -= 1;
            }
            let _ = write!(out, ".{frac:0width$}");
        }
    }

    impl<'a> Svg<'a> {
        /// A backend writing an SVG of `size` into `out`.
        pub fn new(out: &'a mut String, size: (u32, u32)) -> Self {
            let _ = writeln!(
                out,
                "<svg width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" xmlns=\"http://www.w3.org/2000/svg\">",
                size.0, size.1
            );
            Svg {
                out,
                size,
                closed: false,
            }
        }

        fn escaped(&mut self, text: &str) {
            for c in text.chars() {
                match c {
                    '<' => self.out.push_str("&lt;"),
                    '>' => self.out.push_str("&gt;"),
                    '&' => self.out.push_str("&amp;"),
                    '"' => self.out.push_str("&quot;"),
                    '\'' => self.out.push_str("&apos;"),
                    other => self.out.push(other),
                }
            }
        }

        fn color(&mut self, name: &str, color: BackendColor) {
            let (r, g, b) = color.rgb;
            let _ = write!(self.out, " {name}=\"#{r:02X}{g:02X}{b:02X}\"");
        }

        fn opacity(&mut self, color: BackendColor) {
            self.out.push_str(" opacity=\"");
            decimal(self.out, color.alpha, 3);
            self.out.push('"');
        }

        /// A filled shape's `fill` in `c` and no stroke, or an outline's stroke in `c` and no fill.
        fn fill_or_stroke(&mut self, fill: bool, c: BackendColor) {
            if fill {
                self.color("fill", c);
                self.out.push_str(" stroke=\"none\"");
            } else {
                self.out.push_str(" fill=\"none\"");
                self.color("stroke", c);
            }
        }

        fn points(&mut self, path: impl IntoIterator<Item = BackendCoord>) {
            self.out.push_str(" points=\"");
            for (x, y) in path {
                let _ = write!(self.out, "{x},{y} ");
            }
            self.out.push('"');
        }
    }

    impl DrawingBackend for Svg<'_> {
        type ErrorType = std::fmt::Error;

        fn get_size(&self) -> (u32, u32) {
            self.size
        }
        fn ensure_prepared(&mut self) -> Result<(), Fail> {
            Ok(())
        }
        fn present(&mut self) -> Result<(), Fail> {
            if !self.closed {
                self.out.push_str("</svg>\n");
                self.closed = true;
            }
            Ok(())
        }
        fn draw_pixel(&mut self, p: BackendCoord, c: BackendColor) -> Result<(), Fail> {
            if c.alpha == 0.0 {
                return Ok(());
            }
            let _ = write!(
                self.out,
                "<rect x=\"{}\" y=\"{}\" width=\"1\" height=\"1\" stroke=\"none\"",
                p.0, p.1
            );
            self.opacity(c);
            self.color("fill", c);
            self.out.push_str("/>\n");
            Ok(())
        }
        fn draw_line<S: BackendStyle>(
            &mut self,
            from: BackendCoord,
            to: BackendCoord,
            style: &S,
        ) -> Result<(), Fail> {
            let c = style.color();
            if c.alpha == 0.0 {
                return Ok(());
            }
            self.out.push_str("<line");
            self.opacity(c);
            self.color("stroke", c);
            let _ = writeln!(
                self.out,
                " stroke-width=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                style.stroke_width(),
                from.0,
                from.1,
                to.0,
                to.1
            );
            Ok(())
        }
        fn draw_rect<S: BackendStyle>(
            &mut self,
            a: BackendCoord,
            b: BackendCoord,
            style: &S,
            fill: bool,
        ) -> Result<(), Fail> {
            let c = style.color();
            if c.alpha == 0.0 {
                return Ok(());
            }
            let _ = write!(
                self.out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                a.0,
                a.1,
                b.0 - a.0,
                b.1 - a.1
            );
            self.opacity(c);
            self.fill_or_stroke(fill, c);
            self.out.push_str("/>\n");
            Ok(())
        }
        fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
            &mut self,
            path: I,
            style: &S,
        ) -> Result<(), Fail> {
            let c = style.color();
            if c.alpha == 0.0 {
                return Ok(());
            }
            self.out.push_str("<polyline fill=\"none\"");
            match DASHES.iter().find(|d| d.1 == c.alpha) {
                Some(d) => {
                    let _ = write!(self.out, " opacity=\"1\" stroke-dasharray=\"{}\"", d.2);
                }
                None => self.opacity(c),
            }
            self.color("stroke", c);
            let _ = write!(self.out, " stroke-width=\"{}\"", style.stroke_width());
            self.points(path);
            self.out.push_str("/>\n");
            Ok(())
        }
        fn draw_circle<S: BackendStyle>(
            &mut self,
            center: BackendCoord,
            r: u32,
            style: &S,
            fill: bool,
        ) -> Result<(), Fail> {
            let c = style.color();
            if c.alpha == 0.0 {
                return Ok(());
            }
            let _ = write!(
                self.out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\"",
                center.0, center.1
            );
            self.opacity(c);
            self.fill_or_stroke(fill, c);
            let _ = writeln!(self.out, " stroke-width=\"{}\"/>", style.stroke_width());
            Ok(())
        }
        fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
            &mut self,
            vert: I,
            style: &S,
        ) -> Result<(), Fail> {
            let c = style.color();
            if c.alpha == 0.0 {
                return Ok(());
            }
            self.out.push_str("<polygon");
            self.opacity(c);
            self.color("fill", c);
            self.points(vert);
            self.out.push_str("/>\n");
            Ok(())
        }
        fn draw_text<T: BackendTextStyle>(
            &mut self,
            text: &str,
            style: &T,
            (x, y): BackendCoord,
        ) -> Result<(), Fail> {
            let c = style.color();
            if c.alpha == 0.0 {
                return Ok(());
            }
            let anchor = match style.anchor().h_pos {
                HPos::Left => "start",
                HPos::Right => "end",
                HPos::Center => "middle",
            };
            let dy = match style.anchor().v_pos {
                VPos::Top => "0.76em",
                VPos::Center => "0.5ex",
                VPos::Bottom => "-0.5ex",
            };
            let _ = write!(
                self.out,
                "<text x=\"{x}\" y=\"{y}\" dy=\"{dy}\" text-anchor=\"{anchor}\" font-family=\"{}\" font-size=\"",
                style.family().as_str()
            );
            decimal(self.out, style.size() / 1.24, 2);
            self.out.push('"');
            self.opacity(c);
            self.color("fill", c);
            match style.style() {
                FontStyle::Normal => {}
                FontStyle::Bold => self.out.push_str(" font-weight=\"bold\""),
                other => {
                    let _ = write!(self.out, " font-style=\"{}\"", other.as_str());
                }
            }
            let turn = match style.transform() {
                FontTransform::Rotate90 => 90,
                FontTransform::Rotate180 => 180,
                FontTransform::Rotate270 => 270,
                FontTransform::None => 0,
            };
            if turn != 0 {
                let _ = write!(self.out, " transform=\"rotate({turn}, {x}, {y})\"");
            }
            self.out.push('>');
            self.escaped(text);
            self.out.push_str("</text>\n");
            Ok(())
        }
        fn estimate_text_size<T: BackendTextStyle>(
            &self,
            text: &str,
            style: &T,
        ) -> Result<(u32, u32), Fail> {
            // The same estimate as the charts' own placement (`text_width`).
            let size = style.size();
            let font = size.ceil() as u32;
            Ok((
                u32::try_from(super::text_width(text, font)).unwrap_or(0),
                font,
            ))
        }
    }

    impl Drop for Svg<'_> {
        fn drop(&mut self) {
            let _ = self.present();
        }
    }
}

/// A chart axis over `f64`: plotters' own, with no label formatting of its own. Every chart
/// gives its axes their formatters (money, months, shares as the page writes them); plotters'
/// default for an `f64` axis (`{}` of the shortest representation) would link `f64` formatting,
/// about 10 KB of WebAssembly with its tables, for labels that are never drawn.
#[derive(Clone)]
pub struct Axis(RangedCoordf64);

impl std::fmt::Debug for Axis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Axis")
    }
}

impl From<std::ops::Range<f64>> for Axis {
    fn from(range: std::ops::Range<f64>) -> Self {
        Axis(range.into())
    }
}

impl Ranged for Axis {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.0.map(value, limit)
    }
    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        self.0.key_points(hint)
    }
    fn range(&self) -> std::ops::Range<f64> {
        self.0.range()
    }
}

impl ValueFormatter<f64> for Axis {
    fn format(_: &f64) -> String {
        String::new()
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

/// The charts' font: the generic sans-serif family at `size` pixels. Named by its variant:
/// `("sans-serif", size).into_font()` finds the family by lowercasing the name, which links
/// Unicode's whole case-mapping table (about 13 KB of data) into every module that draws.
fn sans<'a>(size: impl Into<f64>) -> FontDesc<'a> {
    FontDesc::new(FontFamily::SansSerif, size.into(), FontStyle::Normal)
}

/// Estimated width in SVG units of a text at a plotters font size (the SVG draws it at
/// `font / 1.24`), from [`glyph_em`]: an upper bound for the sans-serif font each engine picks
/// (Chromium's is narrower, Liberation Sans; Firefox and WebKit draw DejaVu Sans, about 13 %
/// wider), so that what is placed clear of a text by this width stays clear on every engine.
fn text_width(text: &str, font: u32) -> i32 {
    let em: f64 = text.chars().map(glyph_em).sum();
    (em * f64::from(font) / 1.24).ceil() as i32 + 1
}

/// Advance width of a character in em, rounded up from DejaVu Sans (the widest of the fonts
/// above): the narrowest punctuation and letters, narrow ones, wide letters and `%`, capitals,
/// digits and other lower-case letters (and currency signs), anything else.
fn glyph_em(c: char) -> f64 {
    match c {
        // The word joiner after a minus sign before a currency symbol ([`crate::fmt`]).
        '\u{2060}' => 0.0,
        ' ' | '\u{a0}' | '\u{202f}' | '.' | ',' | ':' | ';' | '\'' | '|' | 'i' | 'j' | 'l'
        | 'I' => 0.34,
        '!' | '(' | ')' | '[' | ']' | 'f' | 'r' | 't' => 0.42,
        'm' | 'w' | 'M' | 'W' | '%' | '@' => 1.0,
        'A'..='Z' => 0.8,
        '0'..='9' | 'a'..='z' | 'ä' | 'ö' | 'ü' | 'ß' | '€' | '$' | '£' => 0.66,
        _ => 0.85,
    }
}

/// The distance of tick labels from their axis: plotters puts them twice its tick mark
/// (5 units) away.
const LABEL_DIST: i32 = 10;

/// Width of the y label area of a chart whose y axis runs from 0 to `top`: the widest tick
/// label (the ticks plotters draws for [`mesh`]'s six labels), their distance from the axis,
/// and at the area's left edge the rotated axis title with a gap. The title is drawn with its
/// top at that edge and its baseline 0.76 em in; its box, descenders included, ends about
/// 1.05 em (0.85 of the plotters size) in. At least the five letters' width the charts always
/// had.
fn y_label_area(frame: Frame, top: f64, y_fmt: &dyn Fn(f64) -> String) -> u32 {
    use plotters::coord::ranged1d::Ranged;
    let widest = RangedCoordf64::from(0f64..top)
        .key_points(6usize)
        .into_iter()
        .map(|v| text_width(&y_fmt(v), frame.font))
        .max()
        .unwrap_or(0);
    let font = i32::try_from(frame.font).unwrap_or(14);
    let title = font * 85 / 100 + 4;
    u32::try_from(LABEL_DIST + widest + title)
        .unwrap_or(0)
        .max(frame.font * 5)
}

/// Right margin that keeps the last x tick label (centred on the plot's right edge) inside.
fn right_margin(frame: Frame, last_tick: &str) -> u32 {
    let half = text_width(last_tick, frame.font) / 2 + 4;
    u32::try_from(half).unwrap_or(0).max(12)
}

/// The y of a drawn line at `x` (linear between its points, as the polyline is drawn); `None`
/// outside the line's x range.
pub fn y_on(points: &[(f64, f64)], x: f64) -> Option<f64> {
    points.windows(2).find_map(|w| {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if x < x0.min(x1) || x > x0.max(x1) {
            None
        } else if (x1 - x0).abs() < f64::EPSILON {
            Some(y0)
        } else {
            Some(y0 + (y1 - y0) * (x - x0) / (x1 - x0))
        }
    })
}

/// The P10–P90 band around an option's cumulative curve.
#[derive(Debug, Clone, PartialEq)]
pub struct BandArea {
    /// The P10, month by month.
    pub low: Vec<(f64, f64)>,
    /// The P90, month by month.
    pub high: Vec<(f64, f64)>,
    /// Index into [`PALETTE`] (the option's colour).
    pub color: usize,
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
    draw_cumulative_banded(root, frame, months, &[], lines, markers, axes, None)
}

/// Chart 1 with a P10–P90 band (a translucent area in the option's colour) under each curve
/// that has one. With a `top`, the y axis ends there and what lies above it (a line, a band)
/// is cut at the chart's top edge; without one, the axis holds every line and band.
#[allow(clippy::too_many_arguments)]
pub fn draw_cumulative_banded<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    months: f64,
    bands: &[BandArea],
    lines: &[Series],
    markers: &[Marker],
    axes: &Axes<'_>,
    top: Option<f64>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let band_top = bands
        .iter()
        .flat_map(|b| b.high.iter().map(|p| p.1))
        .fold(0.0_f64, f64::max);
    let top = top
        .filter(|t| t.is_finite() && *t > 0.0)
        .unwrap_or_else(|| y_top(lines, band_top));
    let right = months.max(1.0);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .margin_right(right_margin(frame, &(axes.x_fmt)(right)))
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(y_label_area(frame, top, axes.y_fmt))
        .build_cartesian_2d(Axis::from(0f64..right), Axis::from(0f64..top))
        .map_err(err)?;
    mesh(&mut chart, frame, axes)?;
    for b in bands {
        let outline = clip_polygon_below(
            b.low.iter().copied().chain(b.high.iter().rev().copied()),
            top,
        );
        let fill = PALETTE[b.color % PALETTE.len()].mix(0.16).filled();
        chart
            .draw_series(std::iter::once(Polygon::new(outline, fill)))
            .map_err(err)?;
    }
    let mut ordered: Vec<&Series> = lines.iter().collect();
    gpu_tco_core::order::sort_by_key(&mut ordered, |s| layer(s));
    for s in ordered {
        for run in clip_line_below(&s.points, top) {
            if s.color == HYBRID {
                let style = PALETTE[HYBRID].stroke_width(s.width);
                chart
                    .draw_series(DashedLineSeries::new(run, 9, 5, style))
                    .map_err(err)?;
            } else {
                chart
                    .draw_series(LineSeries::new(run, line_style(s)))
                    .map_err(err)?;
            }
        }
    }
    let shown: Vec<Marker> = markers.iter().filter(|m| m.y <= top).cloned().collect();
    draw_markers(&mut chart, frame, &shown)?;
    root.present().map_err(err)
}

/// The parts of a line at or below `top`, each a run of points: a line that crosses `top`
/// ends (or starts again) where it crosses, so it leaves the chart at its top edge.
pub fn clip_line_below(points: &[(f64, f64)], top: f64) -> Vec<Vec<(f64, f64)>> {
    let mut runs: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut run: Vec<(f64, f64)> = Vec::new();
    let mut last: Option<(f64, f64)> = None;
    for &p in points {
        if let Some(q) = last
            && (q.1 > top) != (p.1 > top)
        {
            // A point exactly at the top is its own crossing: not twice.
            let c = crossing(q, p, top);
            if c != p && run.last() != Some(&c) {
                run.push(c);
            }
            if p.1 > top {
                runs.push(std::mem::take(&mut run));
            }
        }
        if p.1 <= top {
            run.push(p);
        }
        last = Some(p);
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// A closed outline cut at `top` (Sutherland–Hodgman against one edge): the part of the
/// area at or below it.
pub fn clip_polygon_below(points: impl Iterator<Item = (f64, f64)>, top: f64) -> Vec<(f64, f64)> {
    let points: Vec<(f64, f64)> = points.collect();
    let mut out = Vec::with_capacity(points.len());
    for (i, &p) in points.iter().enumerate() {
        let q = points[(i + points.len() - 1) % points.len()];
        if (q.1 > top) != (p.1 > top) {
            out.push(crossing(q, p, top));
        }
        if p.1 <= top {
            out.push(p);
        }
    }
    out
}

/// Where the segment from `a` to `b` crosses the height `y` (which lies between theirs).
fn crossing(a: (f64, f64), b: (f64, f64), y: f64) -> (f64, f64) {
    let t = (y - a.1) / (b.1 - a.1);
    (a.0 + t * (b.0 - a.0), y)
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
    let right = months.max(1.0);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .margin_right(right_margin(frame, &(axes.x_fmt)(right)))
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(y_label_area(frame, top, axes.y_fmt))
        .build_cartesian_2d(Axis::from(0f64..right), Axis::from(0f64..top))
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
    // Both lines rise to their points (cumulative costs): each label above and left of its
    // point, where its line is not (below it, the line ran through the lower one's label); two
    // values close together move the second label to the next free place.
    let paths: Vec<&[(f64, f64)]> = lines.iter().map(|s| s.points.as_slice()).collect();
    draw_markers_with(&mut chart, frame, markers, |_| AboveLeft, &paths)?;
    root.present().map_err(err)
}

/// Chart 2: cost per productive GPU-hour against productive share, today's share marked, its
/// y axis up to `top`, or (`None`) up to three times today's dearest value: costs per hour
/// explode at tiny shares, and the region that matters stays readable. (A chart that frames
/// something else, as the cost per 1M tokens around a model API's price, passes its own top;
/// the dearer lines are cut there.)
///
/// A marker above the chart's top is left out rather than drawn at a false height.
#[allow(clippy::too_many_arguments)]
pub fn draw_share<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    lines: &[Series],
    today: f64,
    today_label: &str,
    markers: &[Marker],
    axes: &Axes<'_>,
    top: Option<f64>,
    reach: Option<(f64, &str)>,
) -> Result<(), String> {
    let top = top.unwrap_or_else(|| {
        let at_today = lines
            .iter()
            .filter_map(|s| {
                s.points
                    .iter()
                    .min_by(|a, b| (a.0 - today).abs().total_cmp(&(b.0 - today).abs()))
                    .map(|p| p.1)
            })
            .fold(0.0, f64::max);
        if at_today > 0.0 {
            at_today * 3.0
        } else {
            y_top(lines, 0.0)
        }
    });
    root.fill(&WHITE).map_err(err)?;
    let top = if top.is_finite() && top > 0.0 {
        top
    } else {
        1.0
    };
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .margin_right(right_margin(frame, &(axes.x_fmt)(1.0)))
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(y_label_area(frame, top, axes.y_fmt))
        .build_cartesian_2d(Axis::from(0f64..1f64), Axis::from(0f64..top))
        .map_err(err)?;
    // Under the grid: the shares the load's pattern cannot reach (more busy days than the
    // month has), shaded, with where they begin: a break-even share there is out of reach.
    let reach = reach.filter(|r| r.0 > 0.0 && r.0 < 1.0);
    if let Some((reach, _)) = reach {
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(reach, 0.0), (1.0, top)],
                SHADE.filled(),
            )))
            .map_err(err)?;
    }
    mesh(&mut chart, frame, axes)?;
    // Its label over the grid, on the white halo the stylesheet gives the line charts' labels
    // anchored at their start, so no grid line runs through it.
    if let Some((reach, label)) = reach {
        let side = if reach > 0.8 { HPos::Right } else { HPos::Left };
        let x = if reach > 0.8 {
            reach - 0.01
        } else {
            reach + 0.01
        };
        chart
            .draw_series(std::iter::once(Text::new(
                label.to_owned(),
                (x, top * 0.86),
                sans(frame.font).color(&INK).pos(Pos::new(side, VPos::Top)),
            )))
            .map_err(err)?;
    }
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(today, 0.0), (today, top)],
            INK.stroke_width(1),
        )))
        .map_err(err)?;
    // The label sits right of the line, or left of it near the right edge (never clipped).
    let side = if today > 0.8 { HPos::Right } else { HPos::Left };
    chart
        .draw_series(std::iter::once(Text::new(
            today_label.to_owned(),
            (today, top * 0.97),
            sans(frame.font).color(&INK).pos(Pos::new(side, VPos::Top)),
        )))
        .map_err(err)?;
    let mut ordered: Vec<&Series> = lines.iter().collect();
    gpu_tco_core::order::sort_by_key(&mut ordered, |s| layer(s));
    for s in ordered {
        // Cut where it crosses the top (a line above it at a low share enters at the edge):
        // leaving its points out would start it mid-chart, or join two points across a peak.
        for run in clip_line_below(&s.points, top) {
            chart
                .draw_series(LineSeries::new(run, line_style(s)))
                .map_err(err)?;
        }
    }
    let shown: Vec<Marker> = markers
        .iter()
        .filter(|m| (0.0..=top).contains(&m.y) && (0.0..=1.0).contains(&m.x))
        .cloned()
        .collect();
    draw_markers(&mut chart, frame, &shown)?;
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
///
/// Costs stack right of zero, credits (a negative line, such as the resale value) left of it;
/// a bar with a credit gets a black tick at its net value, labelled with it by `axes.y_fmt`
/// (the chart has no y ticks), so the chart agrees with the net monthly figure.
pub fn draw_breakdown<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    bars: &[Bar],
    axes: &Axes<'_>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let sum = |b: &Bar, positive: bool| -> f64 {
        b.segments
            .iter()
            .map(|s| s.1)
            .filter(|v| (*v > 0.0) == positive && *v != 0.0)
            .sum()
    };
    let max = bars.iter().map(|b| sum(b, true)).fold(0.0, f64::max);
    let min = bars.iter().map(|b| sum(b, false)).fold(0.0, f64::min);
    let x_hi = if max > 0.0 { max * 1.05 } else { 1.0 };
    let x_lo = if min < 0.0 { min * 1.05 } else { 0.0 };
    let n = bars.len().max(1) as f64;
    // The bars' labels follow their ends: room on the right for the widest of those that end
    // near the right edge.
    let approx_w = f64::from(frame.width) - 24.0 - f64::from(frame.font * 2);
    let overhang = bars
        .iter()
        .map(|b| {
            let free = (x_hi - sum(b, true)) / (x_hi - x_lo) * approx_w;
            f64::from(text_width(&b.label, frame.font) + 4) - free
        })
        .fold(0.0, f64::max);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .margin_right(right_margin(frame, &(axes.x_fmt)(x_hi)).max(12 + overhang.ceil() as u32))
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(frame.font * 2)
        .build_cartesian_2d(Axis::from(x_lo..x_hi), Axis::from(0f64..n))
        .map_err(err)?;
    bar_mesh(&mut chart, frame, axes, (x_lo, x_hi))?;
    let (plot_w, plot_h) = chart.plotting_area().dim_in_pixel();
    let row_px = f64::from(plot_h) / n;
    let px = |p: f64| p / row_px.max(1.0);
    // A bar's label starts this far right of its end (the 4 px the overhang above allows).
    let gap = 4.0 * (x_hi - x_lo) / f64::from(plot_w.max(1));
    for (i, bar) in bars.iter().enumerate() {
        let y1 = n - i as f64 - 0.15;
        let y0 = n - i as f64 - 0.85;
        let (mut x, mut credit) = (0.0, 0.0);
        for (kind, amount) in &bar.segments {
            let color = KIND_PALETTE[kind % KIND_PALETTE.len()];
            let (from, to) = if *amount > 0.0 {
                x += amount;
                (x - amount, x)
            } else if *amount < 0.0 {
                credit += amount;
                (credit, credit - amount)
            } else {
                continue;
            };
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(from, y0), (to, y1)],
                    color.filled(),
                )))
                .map_err(err)?;
        }
        if credit < 0.0 {
            let net = x + credit;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(net, y0 - px(4.0)), (net, y1 + px(4.0))],
                    INK.stroke_width(2),
                )))
                .map_err(err)?;
            chart
                .draw_series(std::iter::once(Text::new(
                    (axes.y_fmt)(net),
                    (net, y1 + px(5.0)),
                    sans(frame.font * 7 / 8)
                        .color(&INK)
                        .pos(Pos::new(HPos::Center, VPos::Bottom)),
                )))
                .map_err(err)?;
        }
        chart
            .draw_series(std::iter::once(Text::new(
                bar.label.clone(),
                (x + gap, y1),
                sans(frame.font).color(&PALETTE[bar.color % PALETTE.len()]),
            )))
            .map_err(err)?;
    }
    if x_lo < 0.0 {
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.0, 0.0), (0.0, n)],
                INK.stroke_width(1),
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

/// Colours of the tornado's bars: the input 20 % lower, 20 % higher.
const TORNADO_LOW: RGBColor = KIND_PALETTE[3];
const TORNADO_HIGH: RGBColor = KIND_PALETTE[1];

/// Tornado chart: one horizontal bar per input from its low to its high result, around today's.
///
/// Each row has its input's name on a line of its own above the bar (in a smaller type when
/// the longest name would not fit the width), on a white ground so today's line does not cross
/// it; a key above the chart names the colours of the lower and the higher value (`key`).
pub fn draw_tornado<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    frame: Frame,
    bars: &[Swing],
    base: f64,
    axes: &Axes<'_>,
    key: (&str, &str),
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let lo = bars.iter().map(|b| b.low.min(b.high)).fold(base, f64::min);
    let hi = bars.iter().map(|b| b.low.max(b.high)).fold(base, f64::max);
    let pad = ((hi - lo) * 0.08).max(1.0);
    let n = bars.len().max(1) as f64;
    let key_h = frame.font + 10;
    // The first and the last tick label are centred on the axis's ends: room for half of
    // each (a German "400.000 €" was cut at the left edge on a phone).
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .margin_top(12 + key_h)
        .margin_left(right_margin(frame, &(axes.x_fmt)(lo - pad)))
        .margin_right(right_margin(frame, &(axes.x_fmt)(hi + pad)))
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(4)
        .build_cartesian_2d(Axis::from((lo - pad)..(hi + pad)), Axis::from(0f64..n))
        .map_err(err)?;
    bar_mesh(&mut chart, frame, axes, (lo - pad, hi + pad))?;
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let plot_w = xs.end - xs.start;
    let row_px = (f64::from(ys.end - ys.start) / n).max(1.0);
    let longest = bars
        .iter()
        .map(|b| b.name.chars().count())
        .max()
        .unwrap_or(0);
    // (A name's glyphs average well under half the type size: 0.42 leaves some spare.)
    let fits = (f64::from(plot_w - 4) / (longest.max(1) as f64 * 0.42)).floor() as u32;
    let label_font = frame.font.min(fits).max(9);
    // A row from its top: the name's line (the SVG draws its text at `label_font / 1.24`), the
    // bar right under it, then a gap to the next row's name, wider than the one between a name
    // and its bar, so that each name reads with its own bar and not with the one above it.
    let name_h = f64::from(label_font) / 1.24 + 2.0;
    let gap = 10.0;
    for (i, b) in bars.iter().enumerate() {
        let row_top = n - i as f64;
        let y1 = row_top - (name_h + 1.0) / row_px;
        let y0 = (row_top - 1.0 + gap / row_px).min(y1 - 4.0 / row_px);
        for (value, color) in [(b.low, TORNADO_LOW), (b.high, TORNADO_HIGH)] {
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(base.min(value), y0), (base.max(value), y1)],
                    color.filled(),
                )))
                .map_err(err)?;
        }
    }
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(base, 0.0), (base, n)],
            INK.stroke_width(2),
        )))
        .map_err(err)?;
    for (i, b) in bars.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(lo - pad, n - i as f64));
        let (x, y) = (x + 2, y + 1);
        let w = text_width(&b.name, label_font).min(plot_w - 2);
        root.draw(&Rectangle::new(
            [(x - 1, y), (x + w + 2, y + name_h as i32)],
            WHITE.filled(),
        ))
        .map_err(err)?;
        root.draw(&Text::new(
            b.name.clone(),
            (x, y),
            sans(label_font).color(&INK),
        ))
        .map_err(err)?;
    }
    // The key: a swatch and "lower", a swatch and "higher" (−20 % and +20 %, or an input's
    // own range, which its name says).
    let size = i32::try_from(frame.font).unwrap_or(14);
    let mut x = xs.start + 2;
    let y = 8;
    for (text, color) in [(key.0, TORNADO_LOW), (key.1, TORNADO_HIGH)] {
        root.draw(&Rectangle::new(
            [(x, y + 2), (x + size * 3 / 4, y + 2 + size * 3 / 4)],
            color.filled(),
        ))
        .map_err(err)?;
        root.draw(&Text::new(
            text,
            (x + size, y),
            sans(frame.font).color(&INK),
        ))
        .map_err(err)?;
        x += size + text_width(text, frame.font) + size;
    }
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
    faded: &[bool],
    axes: &Axes<'_>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let (nx, ny) = (columns.len().max(1), rows.len().max(1));
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(frame.font * 3)
        .y_label_area_size(frame.font * 5)
        .build_cartesian_2d(
            Axis::from(-0.5..nx as f64 - 0.5),
            Axis::from(-0.5..ny as f64 - 0.5),
        )
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
        .label_style(sans(frame.font).color(&INK))
        .axis_desc_style(sans(frame.font).color(&INK))
        .draw()
        .map_err(err)?;
    // The deepest colours stand for the largest differences within reach (the key names them);
    // a faded cell beyond them takes its side's full colour, faded.
    let is_faded = |c: &Cell| faded.get(c.y).copied().unwrap_or(false);
    let reachable: Vec<Cell> = cells.iter().filter(|c| !is_faded(c)).copied().collect();
    let scale = heat_scale(&reachable);
    for c in cells {
        // A row `faded` (a share the load's pattern cannot reach) at a third of its colour.
        let alpha = if is_faded(c) { FADED } else { 1.0 };
        let colour = heat_colour(c.savings, scale).mix(alpha);
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

/// The opacity of a heat map's cells at a share the load's pattern cannot reach.
pub const FADED: f64 = 0.35;

/// The largest differences on a heat map, each at least 1: where renting is cheaper and where
/// owning is, each side's deepest colour (the map's colour key names them).
pub fn heat_scale(cells: &[Cell]) -> (f64, f64) {
    cells.iter().fold((1.0, 1.0), |(rent, own), c| {
        (rent.max(-c.savings), own.max(c.savings))
    })
}

/// A heat-map cell's colour: green where owning saves, orange where renting does, from a light
/// tint (a fifth of the colour) at no difference to the full colour at its side's largest
/// difference (`scale`, as [`heat_scale`]). Linear in each channel, so the key's CSS gradient
/// (`.heat-key-bar` in style.css) from the two tints out to the two colours is the same scale.
pub fn heat_colour(savings: f64, scale: (f64, f64)) -> RGBColor {
    let (side, (r, g, b)) = if savings >= 0.0 {
        (scale.1, (0x1b, 0x78, 0x37))
    } else {
        (scale.0, (0xc2, 0x41, 0x0c))
    };
    let depth = (savings.abs() / side).clamp(0.0, 1.0);
    let mix = |channel: u8| (255.0 - (255.0 - f64::from(channel)) * (0.2 + 0.8 * depth)) as u8;
    RGBColor(mix(r), mix(g), mix(b))
}

/// The mesh of the horizontal-bar charts (breakdown, tornado): an x axis only, with as many
/// tick labels as fit side by side (`range`: the x axis's range).
fn bar_mesh<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<Axis, Axis>>,
    frame: Frame,
    axes: &Axes<'_>,
    range: (f64, f64),
) -> Result<(), String> {
    let widest = [range.0, range.1, (range.0 + range.1) / 2.0]
        .iter()
        .map(|v| text_width(&(axes.x_fmt)(*v), frame.font))
        .max()
        .unwrap_or(0);
    let plot_w = chart.plotting_area().dim_in_pixel().0;
    // A label's width and a gap of about two letters between neighbours.
    let fit = plot_w
        / u32::try_from(widest)
            .unwrap_or(0)
            .saturating_add(frame.font)
            .max(1);
    chart
        .configure_mesh()
        .disable_y_mesh()
        .disable_y_axis()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .x_labels(fit.clamp(2, 5) as usize)
        .x_label_formatter(&|v| (axes.x_fmt)(*v))
        .x_desc(axes.x_desc)
        .label_style(sans(frame.font).color(&INK))
        .axis_desc_style(sans(frame.font).color(&INK))
        .draw()
        .map_err(err)
}

fn mesh<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<Axis, Axis>>,
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
        .label_style(sans(frame.font).color(&INK))
        .axis_desc_style(sans(frame.font).color(&INK))
        .draw()
        .map_err(err)
}

/// Where a marker's label would rather sit: above its point, right of it first (then below);
/// or, on a line that rises to its point (a cumulative cost), above and left of it, where that
/// line is not, then below and right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Above,
    AboveLeft,
}
use Side::{Above, AboveLeft};

/// A box in pixels: left, top, right, bottom.
type PixelBox = (i32, i32, i32, i32);

/// Whether a polyline in pixels passes through the box `b` (each segment sampled every 2 px).
fn crosses(lines: &[Vec<(i32, i32)>], b: PixelBox) -> bool {
    lines.iter().any(|l| {
        l.windows(2).any(|s| {
            let ((x0, y0), (x1, y1)) = (s[0], s[1]);
            let steps = ((x1 - x0).abs().max((y1 - y0).abs()) / 2).max(1);
            (0..=steps).any(|k| {
                let x = x0 + (x1 - x0) * k / steps;
                let y = y0 + (y1 - y0) * k / steps;
                x >= b.0 && x <= b.2 && y >= b.1 && y <= b.3
            })
        })
    })
}

fn overlaps(a: PixelBox, b: PixelBox) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

fn draw_markers<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<Axis, Axis>>,
    frame: Frame,
    markers: &[Marker],
) -> Result<(), String> {
    draw_markers_with(chart, frame, markers, |_| Above, &[])
}

/// The markers' dots, then their labels (by marker index, above or below the point).
///
/// Each label takes the first place, beside its dot, that stays inside the chart and clear of
/// the labels already placed and of the other dots: right of the dot on the side asked for,
/// left of it, the other side, then a line further out. A label with no such place is left
/// out (its dot stays).
fn draw_markers_with<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<Axis, Axis>>,
    frame: Frame,
    markers: &[Marker],
    side: impl Fn(usize) -> Side,
    lines: &[&[(f64, f64)]],
) -> Result<(), String> {
    let at: Vec<(i32, i32)> = markers
        .iter()
        .map(|m| chart.backend_coord(&(m.x, m.y)))
        .collect();
    for (i, m) in markers.iter().enumerate() {
        let color = PALETTE[m.color % PALETTE.len()];
        // Two options that break even at the same point: the later dot is drawn smaller, inside
        // the earlier one, whose colour then shows as a ring around it (else one dot hid the
        // other option's answer).
        let covers = at[..i]
            .iter()
            .any(|d| (d.0 - at[i].0).abs() <= 3 && (d.1 - at[i].1).abs() <= 3);
        chart
            .draw_series(std::iter::once(Circle::new(
                (m.x, m.y),
                if covers { 3 } else { 6 },
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
    }
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let bounds: PixelBox = (
        xs.start + 2,
        ys.start - 10,
        i32::try_from(frame.width).unwrap_or(i32::MAX) - 2,
        ys.end - 2,
    );
    let dots: Vec<(i32, i32)> = markers
        .iter()
        .map(|m| chart.backend_coord(&(m.x, m.y)))
        .collect();
    let h = i32::try_from(frame.font).unwrap_or(14);
    let pixels: Vec<Vec<(i32, i32)>> = lines
        .iter()
        .map(|l| l.iter().map(|p| chart.backend_coord(p)).collect())
        .collect();
    let mut placed: Vec<PixelBox> = Vec::new();
    for (i, m) in markers.iter().enumerate() {
        let (px, py) = dots[i];
        // Two options whose lines coincide have their dots on one spot: one label says it for
        // both, the later one's, whose dot is drawn on top.
        if markers.iter().zip(&dots).skip(i + 1).any(|(later, d)| {
            later.label == m.label && (d.0 - px).abs() <= 3 && (d.1 - py).abs() <= 3
        }) {
            continue;
        }
        let w = text_width(&m.label, frame.font);
        let above = |k: i32| py - 18 - k * (h + 2);
        let below = |k: i32| py + 6 + k * (h + 2);
        let tops = [above(0), below(0), above(1), below(1), above(2), below(2)];
        // Right of the point first, or for a rising line left of it above and right below.
        let dxs = |top: i32| match side(i) {
            AboveLeft if top < py => [-8, 8],
            _ => [8, -8],
        };
        let places: Vec<(i32, i32, PixelBox)> = tops
            .iter()
            .flat_map(|top| dxs(*top).map(|dx| (dx, *top)))
            .map(|(dx, top)| {
                let left = if dx > 0 { px + dx } else { px + dx - w };
                // A text drawn with its top at `top` has a box from a fifth of the size
                // above that to the size below it (the line box of its font).
                (dx, top, (left, top - h / 5, left + w, top + h))
            })
            .collect();
        let free = |b: &PixelBox| {
            b.0 >= bounds.0
                && b.1 >= bounds.1
                && b.2 <= bounds.2
                && b.3 <= bounds.3
                && !placed.iter().any(|p| overlaps(*p, *b))
                && !dots
                    .iter()
                    .enumerate()
                    .any(|(j, d)| j != i && overlaps((d.0 - 7, d.1 - 7, d.0 + 7, d.1 + 7), *b))
        };
        // Clear of the chart's lines too where such a place exists (`lines`: the sell-at chart's
        // two, which a label beside a point of the other can cross), else clear of the rest.
        let spot = places
            .iter()
            .find(|(_, _, b)| free(b) && !crosses(&pixels, *b))
            .or_else(|| places.iter().find(|(_, _, b)| free(b)))
            .copied();
        let Some((dx, top, b)) = spot else {
            continue;
        };
        placed.push(b);
        let anchor = if dx > 0 { HPos::Left } else { HPos::Right };
        let color = PALETTE[m.color % PALETTE.len()];
        chart
            .draw_series(std::iter::once(
                EmptyElement::at((m.x, m.y))
                    + Text::new(
                        m.label.clone(),
                        (dx, top - py),
                        sans(frame.font)
                            .color(&color)
                            .pos(Pos::new(anchor, VPos::Top)),
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

    /// The backend writes opacities and font sizes as `f64`'s `Display` wrote the values the
    /// charts use, rounded to three and two decimals.
    #[test]
    fn backend_decimals() {
        let text = |v: f64, places: u32| {
            let mut s = String::new();
            backend::decimal(&mut s, v, places);
            s
        };
        for v in [1.0, 0.16, 0.991, 0.992, 0.993, 0.994, 0.5, 0.0] {
            assert_eq!(text(v, 3), format!("{v}"));
        }
        assert_eq!(text(14.0 / 1.24, 2), "11.29");
        assert_eq!(text(16.0 / 1.24, 2), "12.9");
        assert_eq!(text(12.0 / 1.24, 2), "9.68");
        assert_eq!(text(20.0, 2), "20");
        assert_eq!(text(-1.0, 2), "0");
    }

    /// The swatches in style.css (`.c0` … `.c9`) are the charts' colours of the same options.
    #[test]
    fn the_swatches_have_the_charts_colours() {
        let css = include_str!("../../public/style.css");
        for (i, c) in PALETTE.iter().enumerate() {
            let rule = format!(
                ".c{i} {{ background: #{:02x}{:02x}{:02x}; }}",
                c.0, c.1, c.2
            );
            assert!(css.contains(&rule), "{rule}");
        }
    }

    /// The heat map's key in style.css runs from the colours `heat_colour` gives a cell: full
    /// orange, the orange and green tints at no difference, full green.
    #[test]
    fn the_heat_maps_key_has_the_cells_colours() {
        let css = include_str!("../../public/style.css");
        let rule = css
            .lines()
            .find(|l| l.contains("linear-gradient") && l.contains("rgb(194"))
            .expect("the key's gradient");
        let stop = |c: RGBColor| format!("rgb({}, {}, {})", c.0, c.1, c.2);
        let stops = [
            stop(heat_colour(-5.0, (5.0, 2.0))),
            stop(heat_colour(-1e-9, (5.0, 2.0))),
            stop(heat_colour(0.0, (5.0, 2.0))),
            stop(heat_colour(2.0, (5.0, 2.0))),
        ];
        assert_eq!(stops[0], "rgb(194, 65, 12)");
        assert_eq!(stops[3], "rgb(27, 120, 55)");
        let mut at = 0;
        for s in &stops {
            let found = rule[at..]
                .find(s.as_str())
                .unwrap_or_else(|| panic!("{s} in {rule}"));
            at += found + s.len();
        }
        // Halfway to its side's largest difference, a cell's colour is halfway.
        assert_eq!(stop(heat_colour(1.0, (5.0, 2.0))), "rgb(118, 174, 135)");
        assert_eq!(
            stop(heat_colour(-2.5, (5.0, 2.0))),
            stop(heat_colour(-1.0, (2.0, 9.0)))
        );
    }

    /// A small cumulative chart, whole: the snapshot (`snapshots/` beside this file) shows the
    /// two curves, the mesh and the marker; see `first::chart_views::tests` for how to
    /// review a changed snapshot.
    #[test]
    fn cumulative_draws_each_option_and_the_marker() {
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
        let frame = Frame::for_fit(Fit::Wide);
        let s = svg(frame, |root| {
            draw_cumulative(root, frame, 10.0, &lines, &markers, &ax)
        });
        insta::assert_snapshot!(s);
        // The marker's label is drawn in its option's colour, right of its dot.
        assert!(s.contains("fill=\"#2166AC\">5</text>"), "{s}");
        let (x, _, anchor) = text_at(&s, "5").expect("the marker's label");
        assert_eq!(anchor, "start", "{s}");
        let dot = s
            .split("<circle")
            .nth(1)
            .and_then(|c| c.split(" cx=\"").nth(1))
            .and_then(|r| r.split('"').next())
            .and_then(|v| v.parse::<f64>().ok())
            .expect("the marker's dot");
        assert!(x > dot, "{s}");
    }

    /// A line above the top is cut where it crosses it, and starts again where it comes back;
    /// a band's outline is cut along the top edge.
    #[test]
    fn lines_and_bands_are_cut_at_the_top() {
        let line = [
            (0.0, 0.0),
            (1.0, 10.0),
            (2.0, 30.0),
            (3.0, 10.0),
            (4.0, 5.0),
        ];
        assert_eq!(
            clip_line_below(&line, 20.0),
            vec![
                vec![(0.0, 0.0), (1.0, 10.0), (1.5, 20.0)],
                vec![(2.5, 20.0), (3.0, 10.0), (4.0, 5.0)],
            ]
        );
        assert_eq!(clip_line_below(&line, 40.0), vec![line.to_vec()]);
        assert!(clip_line_below(&[(0.0, 50.0), (1.0, 60.0)], 40.0).is_empty());
        // A line coming down from above through a point exactly at the top (the share chart's
        // at a low share) enters there, once; one going up through it leaves there, once.
        assert_eq!(
            clip_line_below(&[(0.0, 50.0), (1.0, 20.0), (2.0, 10.0)], 20.0),
            vec![vec![(1.0, 20.0), (2.0, 10.0)]]
        );
        assert_eq!(
            clip_line_below(&[(0.0, 10.0), (1.0, 20.0), (2.0, 50.0)], 20.0),
            vec![vec![(0.0, 10.0), (1.0, 20.0)]]
        );
        // A band from 0 to 30 between x 0 and 2, cut at 20.
        let band = [(0.0, 0.0), (2.0, 0.0), (2.0, 30.0), (0.0, 30.0)];
        assert_eq!(
            clip_polygon_below(band.into_iter(), 20.0),
            vec![(0.0, 20.0), (0.0, 0.0), (2.0, 0.0), (2.0, 20.0)]
        );
    }

    /// Two options with the same line break even on one spot: one label, in the colour of the
    /// dot drawn on top (the later option's); a third elsewhere keeps its own.
    #[test]
    fn coinciding_markers_share_one_label() {
        let (xf, yf) = axes();
        let ax = plain_axes(&xf, &yf);
        let line = |color| Series {
            points: vec![(0.0, 0.0), (10.0, 300.0)],
            color,
            width: 3,
        };
        let lines = vec![line(3), line(4), line(5)];
        let marker = |x: f64, color, label: &str| Marker {
            x,
            y: 30.0 * x,
            color,
            label: label.into(),
        };
        let markers = vec![
            marker(5.0, 3, "5"),
            marker(5.0, 4, "5"),
            marker(8.0, 5, "8"),
        ];
        let frame = Frame::for_fit(Fit::Wide);
        let s = svg(frame, |root| {
            draw_cumulative(root, frame, 10.0, &lines, &markers, &ax)
        });
        let labels_5 = s.matches(">5</text>").count();
        assert_eq!(labels_5, 1, "{s}");
        let hex = |c: RGBColor| format!("fill=\"#{:02X}{:02X}{:02X}\"", c.0, c.1, c.2);
        let fill = format!("{}>5</text>", hex(PALETTE[4]));
        assert!(s.contains(&fill), "{fill} in {s}");
        assert!(!s.contains(&format!("{}>5</text>", hex(PALETTE[3]))), "{s}");
        assert_eq!(
            s.matches(&format!("{}>8</text>", hex(PALETTE[5]))).count(),
            1,
            "{s}"
        );
        // Both options' dots show: the later one inside the earlier one, whose colour rings it.
        let dot = |c: RGBColor| {
            s.split("<circle")
                .skip(1)
                .filter_map(|d| d.split("/>").next())
                .filter(|d| d.contains(&hex(c)))
                .filter_map(|d| d.split(" r=\"").nth(1)?.split('"').next())
                .collect::<Vec<_>>()
        };
        assert_eq!(dot(PALETTE[3]), vec!["6"], "{s}");
        assert_eq!(dot(PALETTE[4]), vec!["3"], "{s}");
        assert_eq!(dot(PALETTE[5]), vec!["6"], "{s}");
    }

    #[test]
    fn texts_end_without_a_line_break() {
        let (xf, yf) = axes();
        let ax = plain_axes(&xf, &yf);
        let lines = vec![Series {
            points: vec![(0.0, 100.0), (10.0, 150.0)],
            color: 0,
            width: 3,
        }];
        let frame = Frame::for_fit(Fit::Wide);
        let s = svg(frame, |root| {
            draw_cumulative(root, frame, 10.0, &lines, &[], &ax)
        });
        assert!(s.contains("</text>"), "{s}");
        for text in s.split("</text>").filter(|t| t.contains("<text ")) {
            let content = text.rsplit('>').next().unwrap_or_default();
            assert_eq!(content, content.trim(), "{s}");
        }
    }

    /// Widths (SVG units) of texts at the charts' desktop size (plotters size 14, drawn at
    /// 11.29), as Firefox and WebKit lay them out in DejaVu Sans here, the widest of the
    /// engines' fonts (Chromium's Liberation Sans is narrower).
    const DEJAVU_AT_14: [(&str, f64); 12] = [
        ("24", 14.37),
        ("100", 21.55),
        ("€1.5m", 36.12),
        ("€500K", 36.0),
        ("1,5\u{a0}Mio.\u{a0}€", 55.81),
        ("2.500.000\u{a0}€", 68.22),
        ("Kumulierte Kosten", 103.0),
        ("Cumulative cost", 91.37),
        ("heute 46\u{a0}%", 64.83),
        ("MMMM", 38.93),
        ("iiii", 12.53),
        ("eigen", 31.32),
    ];

    #[test]
    fn text_widths_are_estimated_on_the_safe_side() {
        for (text, measured) in DEJAVU_AT_14 {
            let estimate = f64::from(text_width(text, 14));
            assert!(estimate >= measured, "{text:?}: {estimate} < {measured}");
            // Not so generous that the charts lose their room to the estimate.
            assert!(
                estimate <= measured * 1.35 + 2.0,
                "{text:?}: {estimate} ≫ {measured}"
            );
        }
    }

    #[test]
    fn the_y_area_holds_the_widest_tick_and_the_title() {
        // German compact money: the tick labels of 0 … 2.5 million.
        let de: Fmt = Box::new(|v| {
            if v >= 1e6 {
                format!(
                    "{}\u{a0}Mio.\u{a0}€",
                    format!("{:.1}", v / 1e6).replace('.', ",")
                )
            } else {
                format!("{v:.0}\u{a0}€")
            }
        });
        let frame = Frame::for_fit(Fit::Wide);
        let area = i32::try_from(y_label_area(frame, 2.6e6, &*de)).unwrap_or(0);
        let widest = text_width("2,5\u{a0}Mio.\u{a0}€", frame.font);
        // Ticks end LABEL_DIST from the axis; the rotated title's box ends 0.85 × the size in.
        assert!(area - LABEL_DIST - widest >= 14 * 85 / 100, "{area}");
        // Short labels keep the chart's old width.
        let en: Fmt = Box::new(|v| format!("€{:.0}k", v / 1e3));
        assert_eq!(y_label_area(frame, 9e5, &*en), frame.font * 5);
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
        let frame = Frame::for_fit(Fit::Wide);
        let label = |today: f64| {
            let s = svg(frame, |root| {
                draw_share(root, frame, &lines, today, "today", &[], &ax, None, None)
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
        let frame = Frame::for_fit(Fit::Wide);
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
        let frame = Frame::for_fit(Fit::Wide);
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
        let label_y = |label: &str| -> f64 {
            let at = s.find(&format!(">{label}</text>")).unwrap_or(0);
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
        // Circles: marker 0 (180) dot and ring, then marker 1 (230). Both lines rise to their
        // dots: the higher one's label sits above its dot and ends left of it, where its line
        // is not; the lower one's goes where neither line runs (here below and right of its
        // dot: above and left, the higher line runs through).
        assert!(label_y("230") < circle_y(3), "{s}");
        assert!(label_y("180") > circle_y(1), "{s}");
        let anchor = |label: &str| {
            let at = s.find(&format!(">{label}</text>")).unwrap_or(0);
            let open = s[..at].rfind("<text").unwrap_or(0);
            s[open..at].contains("text-anchor=\"end\"")
        };
        assert!(anchor("230") && !anchor("180"), "{s}");
    }

    /// A label's box is crossed by a line through it, not by one beside it.
    #[test]
    fn a_line_through_a_box_crosses_it() {
        let b = (10, 10, 30, 20);
        assert!(crosses(&[vec![(0, 0), (40, 30)]], b));
        assert!(crosses(&[vec![(20, 0), (20, 40)]], b));
        assert!(!crosses(&[vec![(0, 25), (40, 25)]], b));
        assert!(!crosses(&[vec![(0, 0), (40, 5)]], b));
        assert!(!crosses(&[], b));
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
        let frame = Frame::for_fit(Fit::Narrow);
        let s = svg(frame, |root| draw_breakdown(root, frame, &bars, &ax));
        insta::assert_snapshot!(s);
        // The second segment starts where the first ends, and is half as long.
        let rect = |fill: &str| -> Option<(f64, f64)> {
            let tag = s
                .split("<rect")
                .find(|r| r.contains(&format!("fill=\"{fill}\"")))?;
            let attr = |name: &str| -> Option<f64> {
                tag.split(&format!(" {name}=\""))
                    .nth(1)?
                    .split('"')
                    .next()?
                    .parse()
                    .ok()
            };
            Some((attr("x")?, attr("width")?))
        };
        let (x0, w0) = rect("#1F4E79").expect("the first segment");
        let (x1, w1) = rect("#2E86C1").expect("the second segment");
        assert!((x0 + w0 - x1).abs() <= 1.0, "{s}");
        assert!((w0 - 2.0 * w1).abs() <= 2.0, "{s}");
    }

    /// (x, y, text-anchor) of the `<text>` holding exactly `label`.
    fn text_at(s: &str, label: &str) -> Option<(f64, f64, String)> {
        let at = s.find(&format!(">{label}</text>"))?;
        let tag = &s[s[..at].rfind("<text")?..at];
        let attr = |name: &str| {
            tag.split(&format!(" {name}=\""))
                .nth(1)
                .and_then(|r| r.split('"').next())
                .map(str::to_owned)
        };
        Some((
            attr("x")?.parse().ok()?,
            attr("y")?.parse().ok()?,
            attr("text-anchor")?,
        ))
    }

    fn plain_axes<'a>(xf: &'a Fmt, yf: &'a Fmt) -> Axes<'a> {
        Axes {
            x_desc: "X",
            y_desc: "Y",
            x_fmt: &**xf,
            y_fmt: &**yf,
        }
    }

    #[test]
    fn coinciding_options_are_told_apart_by_dashes() {
        let (xf, yf) = axes();
        let ax = plain_axes(&xf, &yf);
        let same = vec![(0.0, 0.0), (10.0, 300.0)];
        let lines: Vec<Series> = (0..5)
            .map(|c| Series {
                points: same.clone(),
                color: c,
                width: 3,
            })
            .collect();
        let frame = Frame::for_fit(Fit::Wide);
        let s = svg(frame, |root| {
            draw_cumulative(root, frame, 10.0, &lines, &[], &ax)
        });
        let curves: Vec<&str> = s
            .split("<polyline")
            .skip(1)
            .filter_map(|p| p.split('>').next())
            .filter(|tag| tag.contains("stroke-width=\"3\""))
            .collect();
        // One polyline per option, fully opaque; options 2 and 4 dashed (in different
        // patterns) and drawn after the solid ones, so both colours show where lines coincide.
        assert_eq!(curves.len(), 5, "{s}");
        assert!(curves.iter().all(|c| c.contains("opacity=\"1\"")), "{s}");
        let dashed: Vec<&&str> = curves.iter().filter(|c| c.contains("dasharray")).collect();
        assert_eq!(dashed.len(), 2, "{s}");
        assert!(dashed[0].contains("#C2410C") && dashed[0].contains("\"10 6\""));
        assert!(dashed[1].contains("#8C510A") && dashed[1].contains("\"4 4\""));
        assert!(
            curves[2].contains("#762A83"),
            "option 3 under the dashed ones: {s}"
        );
        assert_eq!(dash(3), None);
        assert_eq!(dash(4), Some("4 4"));
    }

    #[test]
    fn labels_at_the_right_edge_turn_inwards_and_close_ones_do_not_overlap() {
        let (xf, yf) = axes();
        let ax = plain_axes(&xf, &yf);
        let lines = vec![Series {
            points: vec![(0.0, 0.0), (60.0, 600.0)],
            color: 0,
            width: 3,
        }];
        let marker = |x: f64, color: usize, label: &str| Marker {
            x,
            y: x * 10.0,
            color,
            label: label.into(),
        };
        for fit in Fit::ALL {
            let frame = Frame::for_fit(fit);
            let markers = vec![
                marker(24.0, 2, "24"),
                marker(25.0, 3, "25"),
                marker(60.0, 4, "€1,143k"),
            ];
            let s = svg(frame, |root| {
                draw_cumulative(root, frame, 60.0, &lines, &markers, &ax)
            });
            // The end value ends left of its dot, inside the chart.
            let (x, _, anchor) = text_at(&s, "€1,143k").expect("end label");
            assert_eq!(anchor, "end", "{s}");
            assert!(x < f64::from(frame.width) - 12.0, "{s}");
            // Two labels a month apart do not share a place.
            let a = text_at(&s, "24").expect("24");
            let b = text_at(&s, "25").expect("25");
            let w = f64::from(text_width("24", frame.font));
            let left = |t: &(f64, f64, String)| if t.2 == "end" { t.0 - w } else { t.0 };
            let apart =
                (left(&a) - left(&b)).abs() >= w || (a.1 - b.1).abs() >= f64::from(frame.font);
            assert!(apart, "{a:?} {b:?}");
        }
    }

    /// The share chart of one line through `points` (shares in percent), today at `today`,
    /// on a phone's frame.
    fn share_svg(points: Vec<(f64, f64)>, today: f64, reach: Option<(f64, &str)>) -> String {
        let xf: Fmt = Box::new(|v| format!("{:.0}\u{a0}%", v * 100.0));
        let yf: Fmt = Box::new(|v| format!("{v:.0}"));
        let ax = plain_axes(&xf, &yf);
        let lines = vec![Series {
            points,
            color: 0,
            width: 3,
        }];
        let frame = Frame::for_fit(Fit::Narrow);
        svg(frame, |root| {
            draw_share(root, frame, &lines, today, "today", &[], &ax, None, reach)
        })
    }

    #[test]
    fn the_last_share_tick_fits() {
        let frame = Frame::for_fit(Fit::Narrow);
        let s = share_svg(vec![(0.5, 8.0), (1.0, 4.0)], 0.46, None);
        let (x, _, anchor) = text_at(&s, "100\u{a0}%").expect("tick at 100 %");
        assert_eq!(anchor, "middle");
        let half = f64::from(text_width("100\u{a0}%", frame.font)) / 2.0;
        assert!(x + half <= f64::from(frame.width), "{s}");
    }

    #[test]
    fn the_shares_out_of_reach_are_shaded_to_the_right_edge() {
        let draw = |reach| share_svg(vec![(0.1, 8.0), (1.0, 4.0)], 0.4, reach);
        let s = draw(Some((2.0 / 3.0, "out of reach")));
        let tag = s
            .split("<rect")
            .find(|r| r.contains("fill=\"#EEEEEE\""))
            .expect("a shaded part");
        let attr = |name: &str| -> f64 {
            tag.split(&format!(" {name}=\""))
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::NAN)
        };
        // From two thirds of the share axis (its ticks at 0 % and 100 %) to its end.
        let (zero, full) = (
            text_at(&s, "0\u{a0}%").expect("tick at 0 %").0,
            text_at(&s, "100\u{a0}%").expect("tick at 100 %").0,
        );
        let at = zero + (full - zero) * 2.0 / 3.0;
        assert!(
            (attr("x") - at).abs() <= 1.5,
            "{} against {at}: {s}",
            attr("x")
        );
        assert!((attr("x") + attr("width") - full).abs() <= 1.5, "{s}");
        let (x, _, anchor) = text_at(&s, "out of reach").expect("its label");
        assert!(x > attr("x") && anchor == "start", "{s}");
        // A pattern that reaches every share: nothing shaded, no label.
        for reach in [None, Some((1.0, "out of reach"))] {
            let s = draw(reach);
            assert!(!s.contains("#EEEEEE") && !s.contains("out of reach"), "{s}");
        }
    }

    #[test]
    fn a_share_marker_sits_on_own_line_or_not_at_all() {
        let points = vec![(0.25, 40.0), (0.5, 20.0), (1.0, 10.0)];
        assert_eq!(y_on(&points, 0.75), Some(15.0));
        assert_eq!(y_on(&points, 0.5), Some(20.0));
        assert_eq!(y_on(&points, 0.2), None);
        let (xf, yf) = axes();
        let ax = plain_axes(&xf, &yf);
        let lines = vec![Series {
            points,
            color: 0,
            width: 3,
        }];
        let frame = Frame::for_fit(Fit::Wide);
        // Today's value is 10, so the chart shows up to 30: a marker at 40 is left out.
        let markers = vec![
            Marker {
                x: 0.75,
                y: 15.0,
                color: 2,
                label: "75%".into(),
            },
            Marker {
                x: 0.25,
                y: 40.0,
                color: 3,
                label: "25%".into(),
            },
        ];
        let s = svg(frame, |root| {
            draw_share(root, frame, &lines, 1.0, "today", &markers, &ax, None, None)
        });
        assert!(text_at(&s, "75%").is_some(), "{s}");
        assert!(text_at(&s, "25%").is_none(), "{s}");
        assert_eq!(s.matches("<circle").count(), 2, "{s}");
    }

    #[test]
    fn a_credit_goes_left_of_zero_with_the_net_marked() {
        let xf: Fmt = Box::new(|v| format!("{v:.0}"));
        let yf: Fmt = Box::new(|v| format!("net {v:.0}"));
        let ax = plain_axes(&xf, &yf);
        let bars = vec![Bar {
            color: 0,
            label: "own".into(),
            segments: vec![(0, 100.0), (9, -20.0), (1, 50.0)],
        }];
        let frame = Frame::for_fit(Fit::Narrow);
        let s = svg(frame, |root| draw_breakdown(root, frame, &bars, &ax));
        // Background, two costs and the credit.
        assert_eq!(s.matches("<rect").count(), 4, "{s}");
        assert!(s.contains("fill=\"#16A085\""), "{s}");
        assert!(text_at(&s, "net 130").is_some(), "{s}");
    }

    #[test]
    fn the_tornados_tick_labels_stay_inside_a_phone_chart() {
        let xf: Fmt = Box::new(|v| {
            let n = format!("{:.0}", v.abs());
            let mut grouped = String::new();
            for (i, c) in n.chars().enumerate() {
                if i > 0 && (n.len() - i) % 3 == 0 {
                    grouped.push('.');
                }
                grouped.push(c);
            }
            format!("{}{grouped}\u{a0}€", if v < 0.0 { "−" } else { "" })
        });
        let ax = plain_axes(&xf, &xf);
        // The axis starts 8 % of the span below the lowest bar: here at 400,000 exactly, so
        // that a tick label is centred on the axis's left end.
        let lowest = (400_000.0 + 0.08 * 900_000.0) / 1.08;
        let bars: Vec<Swing> = (0..5)
            .map(|i| Swing {
                name: format!("Eingabe {i}"),
                low: lowest + 10_000.0 * f64::from(i),
                high: 900_000.0,
            })
            .collect();
        let frame = Frame::for_fit(Fit::Narrow);
        let s = svg(frame, |root| {
            draw_tornado(root, frame, &bars, 650_000.0, &ax, ("niedriger", "höher"))
        });
        let mut ticks = 0;
        for t in s.split("<text").skip(1) {
            if !t.contains("text-anchor=\"middle\"") {
                continue;
            }
            let attr = |name: &str| -> f64 {
                t.split(&format!(" {name}=\""))
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(f64::NAN)
            };
            let label = t
                .split('>')
                .nth(1)
                .and_then(|r| r.split('<').next())
                .unwrap_or("");
            if !label.contains('€') {
                continue;
            }
            ticks += 1;
            let half = f64::from(text_width(label, attr("font-size") as u32)) / 2.0;
            let x = attr("x");
            assert!(
                x - half >= 0.0,
                "{label:?} starts left of the chart at {}",
                x - half
            );
            assert!(
                x + half <= f64::from(frame.width),
                "{label:?} ends right of the chart at {}",
                x + half
            );
        }
        assert!(ticks >= 2, "{s}");
    }

    #[test]
    fn the_tornado_has_a_key_and_names_clear_of_bars() {
        let xf: Fmt = Box::new(|v| format!("{v:.0}"));
        let ax = plain_axes(&xf, &xf);
        let bars: Vec<Swing> = (0..7)
            .map(|i| Swing {
                name: format!("Produktive Stunden (ab Monat 34 / ab Monat {i})"),
                low: 300_000.0,
                high: 760_000.0,
            })
            .collect();
        let frame = Frame::for_fit(Fit::Narrow);
        let s = svg(frame, |root| {
            draw_tornado(root, frame, &bars, 530_000.0, &ax, ("niedriger", "höher"))
        });
        assert!(text_at(&s, "niedriger").is_some(), "{s}");
        assert!(text_at(&s, "höher").is_some(), "{s}");
        // Each name ends inside the chart and sits above its row's bars (the key's swatch
        // sits above the chart).
        let rect_tops: Vec<f64> = s
            .split("<rect")
            .skip(1)
            .filter(|r| r.contains("#E67E22"))
            .filter_map(|r| r.split(" y=\"").nth(1)?.split('"').next()?.parse().ok())
            .filter(|y| *y > 30.0)
            .collect();
        assert_eq!(rect_tops.len(), 7, "{s}");
        let rect_bottoms: Vec<f64> = s
            .split("<rect")
            .skip(1)
            .filter(|r| r.contains("#E67E22"))
            .filter_map(|r| {
                let attr = |name: &str| -> Option<f64> {
                    r.split(&format!(" {name}=\""))
                        .nth(1)?
                        .split('"')
                        .next()?
                        .parse()
                        .ok()
                };
                Some(attr("y")? + attr("height")?)
            })
            .filter(|b| *b > 30.0)
            .collect();
        assert_eq!(rect_bottoms.len(), 7, "{s}");
        for (i, top) in rect_tops.iter().enumerate() {
            let name = format!("Produktive Stunden (ab Monat 34 / ab Monat {i})");
            let (x, y, _) = text_at(&s, &name).expect("name");
            let size: f64 = s[s.find(&name).unwrap_or(0).saturating_sub(200)..]
                .split("font-size=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::NAN);
            assert!(
                y + size <= *top,
                "name {i} at {y} (size {size}) runs into its bar at {top}"
            );
            // Each name reads with its own bar: it is nearer to the bar below it than to the
            // bar above it (the previous row's).
            if i > 0 {
                let above = rect_bottoms[i - 1];
                assert!(
                    y - above > *top - (y + size),
                    "name {i} at {y}..{} is nearer the bar above (ends {above}) than its own (starts {top})",
                    y + size
                );
            }
            let width = name.chars().count() as f64 * size * 0.56;
            assert!(x + width <= f64::from(frame.width), "{s}");
        }
    }
}
