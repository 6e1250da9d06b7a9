//! CSV export of a report: the monthly curves and the cost lines.
//!
//! A small RFC 4180 writer: records end in CRLF; a field is quoted when it holds the separator,
//! a quote, CR or LF, and quotes inside are doubled. [`CsvStyle::ExcelDe`] writes what a German
//! Excel opens with a double click: `;` between fields, a decimal comma and a UTF-8 byte order
//! mark first (so umlauts survive). Numbers are written plainly, rounded to at most four decimals,
//! without grouping. A text cell (a label) that starts with `=`, `+`, `-`, `@`, a tab or CR gets
//! a leading `'`, so a spreadsheet shows it as text instead of running it as a formula.
//!
//! ```
//! use gpu_tco_core::{CsvStyle, Scenario, evaluate, monthly_csv};
//!
//! let report = evaluate(&Scenario::default()).unwrap();
//! let csv = monthly_csv(&report, CsvStyle::Rfc4180);
//! // The default own label holds a comma, so its headers are quoted.
//! assert!(csv.starts_with("month,\"8× H200 server, own monthly (EUR)\","));
//! assert_eq!(csv.lines().count(), 62); // header + months 0..=60
//! ```

use rust_decimal::Decimal;

use crate::money::round;
use crate::ranges::{Band, Spread};
use crate::report::{Costs, Report};
use crate::series::CostKind;

/// How the CSV is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CsvStyle {
    /// RFC 4180: `,` between fields, `.` as decimal point, CRLF line ends, English headers.
    #[default]
    Rfc4180,
    /// For Excel with German settings: `;` between fields, decimal comma, CRLF line ends, a UTF-8
    /// byte order mark first, German headers.
    ExcelDe,
}

impl CsvStyle {
    fn separator(self) -> char {
        match self {
            CsvStyle::Rfc4180 => ',',
            CsvStyle::ExcelDe => ';',
        }
    }

    fn german(self) -> bool {
        self == CsvStyle::ExcelDe
    }
}

/// The cost of every month of the horizon: `month` (`Monat`), then for own and each rent option
/// `<label> monthly (CUR)` and `<label> cumulative (CUR)` (`monatlich`, `kumuliert`); one row
/// per month `0..=horizon`. A month's cost is the difference of the cumulative costs (month 0
/// holds what is paid up front). A chosen hybrid comes last, labelled `hybrid: own N GPUs +
/// <rent label>` (`Hybrid: N eigene GPUs + <rent label>`).
///
/// A month missing from an option's curve (a hand-built report) is written as empty cells.
pub fn monthly_csv(report: &Report, style: CsvStyle) -> String {
    let cur = report.currency.code();
    let german = style.german();
    let (month, monthly, cumulative) = if german {
        ("Monat", "monatlich", "kumuliert")
    } else {
        ("month", "monthly", "cumulative")
    };
    let mut curves: Vec<(String, &[Decimal])> = options(report)
        .map(|c| (c.label.clone(), c.cumulative.as_slice()))
        .collect();
    if let Some(h) = &report.hybrid {
        let label = if german {
            format!("Hybrid: {} eigene GPUs + {}", h.own_gpus, h.rent_label)
        } else {
            format!("hybrid: own {} GPUs + {}", h.own_gpus, h.rent_label)
        };
        curves.push((label, h.cumulative.as_slice()));
    }
    let mut w = Writer::new(style);
    w.text(month);
    for (label, _) in &curves {
        w.text(&format!("{label} {monthly} ({cur})"));
        w.text(&format!("{label} {cumulative} ({cur})"));
    }
    w.end_row();
    for m in 0..=report.horizon_months as usize {
        w.whole(m);
        for (_, c) in &curves {
            let now = c.get(m).copied();
            let before = match m.checked_sub(1) {
                Some(prev) => c.get(prev).copied(),
                None => Some(Decimal::ZERO),
            };
            w.number(now.zip(before).and_then(|(a, b)| a.checked_sub(b)));
            w.number(now);
        }
        w.end_row();
    }
    w.finish()
}

/// The band of every option's cumulative cost over the scenario's ranges
/// ([`crate::ranges::spread`]): `month` (`Monat`), then for own and each rent option
/// `<label> cumulative P10 (CUR)`, `… P50 (CUR)` and `… P90 (CUR)` (`kumuliert`); one row per
/// month `0..=horizon`. A month missing from a band (a hand-built spread) is written as empty
/// cells.
///
/// ```
/// use gpu_tco_core::{CsvStyle, Scenario};
/// use gpu_tco_core::ranges::{Sampling, band_csv, spread};
///
/// let s = spread(&Scenario::default(), Sampling::default()).unwrap();
/// let csv = band_csv(&s, CsvStyle::ExcelDe);
/// assert!(csv.starts_with("\u{feff}Monat;8× H200 server, own kumuliert P10 (EUR);"));
/// assert_eq!(csv.lines().count(), 62);
/// ```
pub fn band_csv(spread: &Spread, style: CsvStyle) -> String {
    let cur = spread.currency.code();
    let (month, cumulative) = if style.german() {
        ("Monat", "kumuliert")
    } else {
        ("month", "cumulative")
    };
    let bands: Vec<(&str, &Band)> = std::iter::once(&spread.own)
        .chain(spread.rent.iter().map(|r| &r.costs))
        .map(|o| (o.label.as_str(), &o.cumulative))
        .collect();
    let mut w = Writer::new(style);
    w.text(month);
    for (label, _) in &bands {
        for p in ["P10", "P50", "P90"] {
            w.text(&format!("{label} {cumulative} {p} ({cur})"));
        }
    }
    w.end_row();
    for m in 0..=spread.horizon_months as usize {
        w.whole(m);
        for (_, b) in &bands {
            for curve in [&b.p10, &b.p50, &b.p90] {
                w.number(curve.get(m).copied());
            }
        }
        w.end_row();
    }
    w.finish()
}

/// What makes up each option's cost: `option, cost line, one-time, total, average per month
/// (CUR)` (`Option;Kostenposten;einmalig;Summe;Durchschnitt pro Monat (CUR)`), one row per cost
/// line, own first. The cost line is its snake_case kind (`hardware`, `energy`, …), one-time is
/// `yes`/`no` (`ja`/`nein`). After each option's lines come the figure for stopping at the
/// horizon: a row `stop_at_horizon.<kind>` for each amount stopping adds (months still owed,
/// moving the data out), then `stop_at_horizon` with the figure's total (own's equals its total:
/// the sale and the loan are in it already).
pub fn cost_lines_csv(report: &Report, style: CsvStyle) -> String {
    cost_lines_csv_named(report, style, None)
}

/// [`cost_lines_csv`] with a last column `name` (`Bezeichnung`) giving each line as people read
/// it: `names.0(kind)` for a cost line, `"<names.1>: <line>"` for what stopping adds and
/// `names.1` (e.g. "Stop at month 60") for the figure for stopping. The page passes its own
/// words, in the language of the CSV; the keys in the second column stay for programs.
pub fn cost_lines_csv_named(
    report: &Report,
    style: CsvStyle,
    names: Option<(&dyn Fn(CostKind) -> &'static str, &str)>,
) -> String {
    let cur = report.currency.code();
    let german = style.german();
    let header: [&str; 4] = if german {
        ["Option", "Kostenposten", "einmalig", "Summe"]
    } else {
        ["option", "cost line", "one-time", "total"]
    };
    let mut w = Writer::new(style);
    for h in header {
        w.text(h);
    }
    if german {
        w.text(&format!("Durchschnitt pro Monat ({cur})"));
    } else {
        w.text(&format!("average per month ({cur})"));
    }
    if names.is_some() {
        w.text(if german { "Bezeichnung" } else { "name" });
    }
    w.end_row();
    for c in options(report) {
        for line in &c.lines {
            w.text(&c.label);
            w.text(kind_name(line.kind));
            w.text(match (line.one_time, german) {
                (true, false) => "yes",
                (false, false) => "no",
                (true, true) => "ja",
                (false, true) => "nein",
            });
            w.number(Some(line.total));
            w.number(Some(line.monthly));
            if let Some((name, _)) = names {
                w.text(name(line.kind));
            }
            w.end_row();
        }
        // The figure for stopping at the horizon: what it adds, then its total.
        for line in &c.stop.lines {
            w.text(&c.label);
            w.text(&format!("stop_at_horizon.{}", kind_name(line.kind)));
            w.text(if german { "ja" } else { "yes" });
            w.number(Some(line.total));
            w.number(Some(line.monthly));
            if let Some((name, stop)) = names {
                w.text(&format!("{stop}: {}", name(line.kind)));
            }
            w.end_row();
        }
        w.text(&c.label);
        w.text("stop_at_horizon");
        w.text("");
        w.number(Some(c.stop.total));
        w.number(None);
        if let Some((_, stop)) = names {
            w.text(stop);
        }
        w.end_row();
    }
    w.finish()
}

/// Own first, then the rent options in scenario order.
fn options(report: &Report) -> impl Iterator<Item = &Costs> {
    std::iter::once(&report.own.costs).chain(report.rent.iter().map(|r| &r.costs))
}

/// The snake_case name of a cost line, as in the report JSON (a match rather than the
/// serializer, which the page does not carry).
fn kind_name(kind: CostKind) -> &'static str {
    match kind {
        CostKind::Compute => "compute",
        CostKind::StartOverhead => "start_overhead",
        CostKind::Commitment => "commitment",
        CostKind::OnDemandOverflow => "on_demand_overflow",
        CostKind::Spot => "spot",
        CostKind::CapacityBlocks => "capacity_blocks",
        CostKind::SetupFee => "setup_fee",
        CostKind::MinimumTerm => "minimum_term",
        CostKind::RemainingCommitment => "remaining_commitment",
        CostKind::NotRenewed => "not_renewed",
        CostKind::Storage => "storage",
        CostKind::DataTransfer => "data_transfer",
        CostKind::Support => "support",
        CostKind::Other => "other",
        CostKind::Exit => "exit",
        CostKind::Hardware => "hardware",
        CostKind::Setup => "setup",
        CostKind::LoanPayments => "loan_payments",
        CostKind::LoanBalance => "loan_balance",
        CostKind::Licences => "licences",
        CostKind::Energy => "energy",
        CostKind::Colocation => "colocation",
        CostKind::HardwareSupport => "hardware_support",
        CostKind::Staff => "staff",
        CostKind::Residual => "residual",
        CostKind::ValueAtHorizon => "value_at_horizon",
        CostKind::Switching => "switching",
    }
}

/// Writes records field by field.
struct Writer {
    out: String,
    style: CsvStyle,
    row_started: bool,
}

impl Writer {
    fn new(style: CsvStyle) -> Writer {
        let mut out = String::new();
        if style.german() {
            out.push('\u{feff}');
        }
        Writer {
            out,
            style,
            row_started: false,
        }
    }

    fn next_field(&mut self) {
        if self.row_started {
            self.out.push(self.style.separator());
        }
        self.row_started = true;
    }

    /// A text cell: guarded against formulas, quoted when needed.
    fn text(&mut self, text: &str) {
        self.next_field();
        let guard = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
        let quote = text.contains([self.style.separator(), '"', '\r', '\n']);
        if quote {
            self.out.push('"');
        }
        if guard {
            self.out.push('\'');
        }
        self.out.push_str(&text.replace('"', "\"\""));
        if quote {
            self.out.push('"');
        }
    }

    /// A number cell: at most four decimals, no grouping, the style's decimal mark; empty when
    /// there is no number.
    fn number(&mut self, value: Option<Decimal>) {
        self.next_field();
        let Some(value) = value else {
            return;
        };
        let value = round(value);
        if value.is_zero() {
            // No `-0`.
            self.out.push('0');
            return;
        }
        let text = value.to_string();
        if self.style.german() {
            self.out.push_str(&text.replace('.', ","));
        } else {
            self.out.push_str(&text);
        }
    }

    fn whole(&mut self, n: usize) {
        self.next_field();
        self.out.push_str(&n.to_string());
    }

    fn end_row(&mut self) {
        self.out.push_str("\r\n");
        self.row_started = false;
    }

    fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    fn one_text(style: CsvStyle, text: &str) -> String {
        let mut w = Writer::new(style);
        w.text(text);
        w.finish().trim_start_matches('\u{feff}').to_owned()
    }

    fn one_number(style: CsvStyle, value: Decimal) -> String {
        let mut w = Writer::new(style);
        w.number(Some(value));
        w.finish().trim_start_matches('\u{feff}').to_owned()
    }

    #[test]
    fn fields_are_quoted_only_when_needed() {
        let r = CsvStyle::Rfc4180;
        assert_eq!(one_text(r, "plain text"), "plain text");
        assert_eq!(one_text(r, "a,b"), "\"a,b\"");
        assert_eq!(one_text(r, "say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(one_text(r, "two\nlines"), "\"two\nlines\"");
        assert_eq!(one_text(r, "cr\rhere"), "\"cr\rhere\"");
        assert_eq!(one_text(r, "a;b"), "a;b");
        let de = CsvStyle::ExcelDe;
        assert_eq!(one_text(de, "a;b"), "\"a;b\"");
        assert_eq!(one_text(de, "a,b"), "a,b");
    }

    #[test]
    fn formula_starts_are_guarded() {
        let r = CsvStyle::Rfc4180;
        for (given, written) in [
            ("=1+1", "'=1+1"),
            ("+49 30", "'+49 30"),
            ("-2", "'-2"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("a=1", "a=1"),
            ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""),
            ("\rx", "\"'\rx\""),
        ] {
            assert_eq!(one_text(r, given), written, "{given:?}");
        }
    }

    #[test]
    fn numbers_are_plain_and_rounded() {
        let r = CsvStyle::Rfc4180;
        let de = CsvStyle::ExcelDe;
        assert_eq!(one_number(r, dec!(1234567.891)), "1234567.891");
        assert_eq!(one_number(de, dec!(1234567.891)), "1234567,891");
        assert_eq!(one_number(r, dec!(0.123456)), "0.1235");
        assert_eq!(one_number(r, dec!(-5.5)), "-5.5");
        assert_eq!(one_number(r, dec!(-0.00001)), "0");
        assert_eq!(one_number(r, dec!(12.5000)), "12.5");
        assert_eq!(one_number(r, dec!(300)), "300");
    }

    #[test]
    fn kind_names_match_the_report_json() {
        let all = [
            CostKind::Compute,
            CostKind::StartOverhead,
            CostKind::Commitment,
            CostKind::OnDemandOverflow,
            CostKind::Spot,
            CostKind::CapacityBlocks,
            CostKind::SetupFee,
            CostKind::MinimumTerm,
            CostKind::RemainingCommitment,
            CostKind::NotRenewed,
            CostKind::Storage,
            CostKind::DataTransfer,
            CostKind::Support,
            CostKind::Other,
            CostKind::Exit,
            CostKind::Hardware,
            CostKind::Setup,
            CostKind::LoanPayments,
            CostKind::LoanBalance,
            CostKind::Licences,
            CostKind::Energy,
            CostKind::Colocation,
            CostKind::HardwareSupport,
            CostKind::Staff,
            CostKind::Residual,
            CostKind::ValueAtHorizon,
            CostKind::Switching,
        ];
        for kind in all {
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::json!(kind_name(kind))
            );
        }
    }
}
