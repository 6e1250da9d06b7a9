//! A streaming reader of the CSV a Grafana panel exports.

use std::borrow::Cow;

use super::labels::parse_selector;
use super::prom::parse_value;
use super::time;
use super::{
    Collector, ImportOptions, MAX_METRICS_BYTES, Metric, MetricLabel, MetricsClock, MetricsImport,
    problem, problem_at, too_long,
};
use crate::error::{MetricsProblem, Result};

/// Longest line read (a header naming many series), in bytes.
const MAX_LINE: usize = 4 << 20;

/// Reads the CSV of a Grafana panel ("Inspect → Data → Download CSV", series joined by time)
/// in chunks.
///
/// - The first line is the header: the time column first (any title), then one column per
///   series, titled with the series name (`vllm:num_requests_running{instance="gpu1:8000"}`,
///   `{__name__="…",…}`, a bare metric name) or with a legend text. A legend column carries
///   [`ImportOptions::unnamed`] (an error if that is `None`) and a `series` label holding the
///   text. Columns of other metrics are skipped.
/// - Fields are separated by `,`, `;` or a tab (whichever the header uses most outside quotes
///   and braces; a first line `sep=;` as Excel writes it is honoured) and may be quoted (`""`
///   inside quotes is a quote). With `;` a decimal comma is accepted.
/// - Times: unix seconds or milliseconds (from 10^11 on), or ISO 8601 with `Z` or an offset
///   (instants), or without a zone (wall-clock times: [`MetricsClock::Local`]). One file uses one kind.
/// - Values: numbers, `NaN`, `+Inf`, `-Inf`; an empty cell, `null` or `undefined` is no
///   sample.
/// - A UTF-8 byte-order mark, `\r\n` line ends and blank lines are fine.
#[derive(Debug)]
pub struct CsvImporter {
    options: ImportOptions,
    collector: Collector,
    /// The unfinished last line of the previous chunk.
    pending: String,
    /// Lines read so far.
    line: u64,
    header: Option<Header>,
    /// Delimiter named by a `sep=` line.
    sep: Option<u8>,
    clock: Option<MetricsClock>,
    bytes: u64,
}

#[derive(Debug)]
struct Header {
    delimiter: u8,
    decimal_comma: bool,
    /// The slot of each value column (`None`: skipped).
    columns: Vec<Option<usize>>,
}

impl CsvImporter {
    /// A new importer.
    pub fn new(options: ImportOptions) -> CsvImporter {
        CsvImporter {
            options,
            collector: Collector::new(),
            pending: String::new(),
            line: 0,
            header: None,
            sep: None,
            clock: None,
            bytes: 0,
        }
    }

    /// Reads the next piece of text.
    ///
    /// # Errors
    /// [`crate::Error::TooLong`] once more than [`MAX_METRICS_BYTES`] have been fed;
    /// [`crate::Error::Metrics`] for a line that cannot be read, with the path
    /// `metrics.line.{n}` and the column in the message; [`crate::Error::TooMany`] beyond the
    /// series or aggregate limits.
    pub fn feed(&mut self, chunk: &str) -> Result<()> {
        self.bytes = self.bytes.saturating_add(chunk.len() as u64);
        if self.bytes > MAX_METRICS_BYTES as u64 {
            return Err(too_long(self.bytes));
        }
        let mut rest = chunk;
        if !self.pending.is_empty() {
            let Some(k) = rest.find('\n') else {
                self.pending.push_str(rest);
                return self.check_pending();
            };
            let (head, tail) = rest.split_at_checked(k + 1).unwrap_or((rest, ""));
            self.pending
                .push_str(head.strip_suffix('\n').unwrap_or(head));
            let line = std::mem::take(&mut self.pending);
            self.line(&line)?;
            rest = tail;
        }
        match rest.rfind('\n') {
            Some(k) => {
                let (full, tail) = rest.split_at_checked(k).unwrap_or((rest, ""));
                for line in full.split('\n') {
                    self.line(line)?;
                }
                self.pending.push_str(tail.get(1..).unwrap_or_default());
            }
            None => self.pending.push_str(rest),
        }
        self.check_pending()
    }

    fn check_pending(&self) -> Result<()> {
        if self.pending.len() > MAX_LINE {
            return Err(problem(
                format!("metrics.line.{}", self.line + 1),
                MetricsProblem::LineTooLong,
            ));
        }
        Ok(())
    }

    /// Bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// Ends the input.
    ///
    /// # Errors
    /// [`crate::Error::Metrics`] for an empty file, a file with a header but no rows, or an
    /// unreadable last line.
    pub fn finish(mut self) -> Result<MetricsImport> {
        if !self.pending.is_empty() {
            let line = std::mem::take(&mut self.pending);
            self.line(&line)?;
        }
        if self.header.is_none() {
            return Err(problem("metrics", MetricsProblem::Empty));
        }
        if self.clock.is_none() {
            return Err(problem("metrics", MetricsProblem::NoRows));
        }
        self.collector.set_bytes(self.bytes);
        Ok(self.collector.finish(self.clock.unwrap_or_default()))
    }

    /// The current line cannot be read.
    fn err(&self, what: MetricsProblem) -> crate::Error {
        problem(format!("metrics.line.{}", self.line), what)
    }

    /// A field of the current line (1-based column) cannot be read.
    fn err_at(&self, column: usize, what: MetricsProblem) -> crate::Error {
        problem_at(self.line, column as u64, what)
    }

    fn line(&mut self, text: &str) -> Result<()> {
        self.line += 1;
        let text = text.strip_suffix('\r').unwrap_or(text);
        if text.trim().is_empty() {
            return Ok(());
        }
        if self.header.is_some() {
            return self.row(text);
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if let Some(sep) = text.strip_prefix("sep=") {
            self.sep = sep.bytes().next();
            return Ok(());
        }
        self.header(text)
    }

    fn header(&mut self, text: &str) -> Result<()> {
        if matches!(text.trim_start().bytes().next(), Some(b'{' | b'[')) {
            return Err(self.err(MetricsProblem::JsonNotCsv));
        }
        let delimiter = self.sep.unwrap_or_else(|| detect_delimiter(text));
        let titles = split_header(text, delimiter);
        if titles.len() < 2 {
            return Err(self.err(MetricsProblem::HeaderTooNarrow));
        }
        let mut columns = Vec::with_capacity(titles.len() - 1);
        for (k, title) in titles.iter().enumerate().skip(1) {
            columns.push(self.column(k + 1, title)?);
        }
        self.header = Some(Header {
            delimiter,
            decimal_comma: delimiter == b';',
            columns,
        });
        Ok(())
    }

    /// The slot for the series a column title names.
    fn column(&mut self, k: usize, title: &str) -> Result<Option<usize>> {
        let (metric, labels) = match parse_selector(title) {
            Some(sel) => match sel.name {
                Some(name) => match Metric::from_name(&name) {
                    Some(m) => (m, sel.labels),
                    None => {
                        self.collector.ignore(&name, None);
                        return Ok(None);
                    }
                },
                None => (self.unnamed(k, title)?, sel.labels),
            },
            None => {
                let legend = title.trim();
                let metric = self.unnamed(k, legend)?;
                let labels = vec![MetricLabel {
                    name: "series".into(),
                    value: legend.to_owned(),
                }];
                (metric, labels)
            }
        };
        self.collector.slot(metric, labels).map(Some)
    }

    fn unnamed(&self, k: usize, title: &str) -> Result<Metric> {
        self.options.unnamed.ok_or_else(|| {
            self.err(MetricsProblem::ColumnNamesNoMetric {
                column: k,
                title: title.chars().take(80).collect(),
            })
        })
    }

    fn row(&mut self, text: &str) -> Result<()> {
        let Some(header) = &self.header else {
            return Ok(());
        };
        let (delimiter, decimal_comma) = (header.delimiter, header.decimal_comma);
        let width = header.columns.len() + 1;
        let mut at = Some(0);
        let mut k = 0;
        let mut ms = 0;
        while let Some(pos) = at {
            let (field, next) = next_field(text, pos, delimiter)
                .ok_or_else(|| self.err_at(k + 1, MetricsProblem::UnclosedQuote))?;
            at = next;
            if k == 0 {
                let Some(stamp) = time::parse(&field) else {
                    return Err(self.err_at(
                        1,
                        MetricsProblem::NotATime {
                            text: field.chars().take(40).collect(),
                        },
                    ));
                };
                let clock = if stamp.zoned {
                    MetricsClock::Utc
                } else {
                    MetricsClock::Local
                };
                match self.clock {
                    None => self.clock = Some(clock),
                    Some(c) if c != clock => {
                        return Err(self.err_at(1, MetricsProblem::MixedZones));
                    }
                    Some(_) => {}
                }
                ms = stamp.ms;
            } else {
                let slot = match self.header.as_ref().and_then(|h| h.columns.get(k - 1)) {
                    Some(slot) => *slot,
                    None => {
                        return Err(self.err(MetricsProblem::TooManyFields { columns: width }));
                    }
                };
                if let Some(slot) = slot {
                    match cell_value(&field, decimal_comma) {
                        Ok(Some(v)) => self.collector.push(slot, ms, v)?,
                        Ok(None) => {}
                        Err(()) => {
                            return Err(self.err_at(
                                k + 1,
                                MetricsProblem::NotANumber {
                                    text: field.chars().take(40).collect(),
                                },
                            ));
                        }
                    }
                }
            }
            k += 1;
        }
        if k != width {
            return Err(self.err(MetricsProblem::TooFewFields {
                fields: k,
                columns: width,
            }));
        }
        Ok(())
    }

    /// Lines read so far.
    #[cfg(test)]
    fn lines_read(&self) -> u64 {
        self.line
    }
}

/// The value of a cell: `Ok(None)` for no sample, `Err` for text that is no number.
fn cell_value(field: &str, decimal_comma: bool) -> Result<Option<f64>, ()> {
    let t = field.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("null") || t == "undefined" {
        return Ok(None);
    }
    let v = if decimal_comma && t.contains(',') {
        parse_value(t.replace(',', ".").as_bytes())
    } else {
        parse_value(t.as_bytes())
    };
    v.map(Some).ok_or(())
}

/// The field starting at byte `pos` and where the next one starts (`None` at the line's end);
/// `None` for an unclosed quote.
fn next_field(text: &str, pos: usize, delimiter: u8) -> Option<(Cow<'_, str>, Option<usize>)> {
    let b = text.as_bytes();
    let mut i = pos;
    while b.get(i) == Some(&b' ') {
        i += 1;
    }
    if b.get(i) == Some(&b'"') {
        let start = i + 1;
        let mut j = start;
        let mut doubled = false;
        loop {
            match b.get(j)? {
                b'"' if b.get(j + 1) == Some(&b'"') => {
                    doubled = true;
                    j += 2;
                }
                b'"' => break,
                _ => j += 1,
            }
        }
        let inner = text.get(start..j)?;
        let field = if doubled {
            Cow::Owned(inner.replace("\"\"", "\""))
        } else {
            Cow::Borrowed(inner)
        };
        // Skip to the delimiter after the closing quote.
        let mut k = j + 1;
        while let Some(&c) = b.get(k) {
            if c == delimiter {
                return Some((field, Some(k + 1)));
            }
            k += 1;
        }
        return Some((field, None));
    }
    match b.get(pos..)?.iter().position(|&c| c == delimiter) {
        Some(d) => Some((Cow::Borrowed(text.get(pos..pos + d)?), Some(pos + d + 1))),
        None => Some((Cow::Borrowed(text.get(pos..)?), None)),
    }
}

/// The delimiter a header uses most outside quotes and braces (`,` on a tie or none).
fn detect_delimiter(text: &str) -> u8 {
    let mut counts = [0usize; 3];
    let (mut quoted, mut depth) = (false, 0i32);
    for c in text.bytes() {
        match c {
            b'"' => quoted = !quoted,
            b'{' if !quoted => depth += 1,
            b'}' if !quoted => depth -= 1,
            b',' if !quoted && depth <= 0 => counts[0] += 1,
            b';' if !quoted && depth <= 0 => counts[1] += 1,
            b'\t' if !quoted && depth <= 0 => counts[2] += 1,
            _ => {}
        }
    }
    let [comma, semicolon, tab] = counts;
    if tab > comma && tab >= semicolon {
        b'\t'
    } else if semicolon > comma {
        b';'
    } else {
        b','
    }
}

/// Header titles: split at the delimiter outside quotes and, for unquoted titles, outside
/// braces (`name{a="x",b="y"}` written without quoting stays one title).
fn split_header(text: &str, delimiter: u8) -> Vec<String> {
    let mut titles = Vec::new();
    let mut current = String::new();
    let (mut quoted, mut depth) = (false, 0i32);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                current.push('"');
                chars.next();
            }
            '"' if quoted => quoted = false,
            '"' if current.trim().is_empty() && depth == 0 => {
                current.clear();
                quoted = true;
            }
            '{' if !quoted => {
                depth += 1;
                current.push(c);
            }
            '}' if !quoted => {
                depth -= 1;
                current.push(c);
            }
            c if !quoted && depth <= 0 && c.is_ascii() && c as u8 == delimiter => {
                titles.push(std::mem::take(&mut current));
                depth = 0;
            }
            c => current.push(c),
        }
    }
    titles.push(current);
    titles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<MetricsImport> {
        super::super::parse_grafana_csv(text, &ImportOptions::default())
    }

    const CSV: &str = "\u{feff}\"Time\",\"vllm:num_requests_running{instance=\"\"gpu1:8000\"\"}\",\"DCGM_FI_PROF_SM_ACTIVE{gpu=\"\"0\"\",Hostname=\"\"gpu1\"\"}\",\"up{job=\"\"x\"\"}\"\r\n\
        2026-06-01 00:00:00,1,0.5,1\r\n\
        2026-06-01 00:00:15,,0.25,1\r\n\
        \r\n\
        2026-06-01 00:00:30,NaN,null,1\r\n";

    #[test]
    fn reads_a_panel_export_in_any_pieces() {
        let whole = read(CSV).unwrap();
        assert_eq!(whole.clock, MetricsClock::Local);
        assert_eq!(whole.series.len(), 2);
        assert_eq!(whole.series[0].metric, Metric::Running);
        assert_eq!(whole.series[0].labels[0].value, "gpu1:8000");
        assert_eq!(
            (whole.series[0].samples, whole.series[0].non_finite),
            (1, 1)
        );
        assert_eq!(whole.series[1].samples, 2);
        assert_eq!(whole.ignored[0].name, "up");
        for size in [1, 2, 3, 7, 50] {
            let mut c = CsvImporter::new(ImportOptions::default());
            let bytes: Vec<char> = CSV.chars().collect();
            for piece in bytes.chunks(size) {
                c.feed(&piece.iter().collect::<String>()).unwrap();
            }
            assert_eq!(c.lines_read(), 5);
            assert_eq!(c.finish().unwrap(), whole, "pieces of {size}");
        }
    }

    #[test]
    fn semicolons_decimal_commas_tabs_and_legends() {
        let text = "sep=;\nZeit;gpu1\n1780272000000;0,5\n1780272015000;1\n";
        assert!(read(text).is_err());
        let o = ImportOptions {
            unnamed: Some(Metric::Running),
        };
        let i = super::super::parse_grafana_csv(text, &o).unwrap();
        assert_eq!(i.clock, MetricsClock::Utc);
        assert_eq!(i.series[0].labels[0].value, "gpu1");
        assert_eq!(i.series[0].buckets[0].max, 1.0);
        let tabs = "time\tvllm:num_requests_running{a=\"1\",b=\"2\"}\n1780272000\t3\n";
        let i = read(tabs).unwrap();
        assert_eq!(i.series[0].labels.len(), 2);
        // An unquoted title with commas inside braces stays one column.
        let bare = "Time,vllm:num_requests_running{a=\"1\",b=\"2\"}\n2026-06-01T00:00:00Z,1\n";
        assert_eq!(read(bare).unwrap().series[0].labels.len(), 2);
    }

    #[test]
    fn says_which_line_and_why() {
        for (text, path, needle) in [
            ("", "metrics", "empty"),
            ("Time,vllm:num_requests_running\n", "metrics", "no rows"),
            ("{\"status\":\"success\"}", "metrics.line.1", "JSON"),
            ("Time\n1,2\n", "metrics.line.1", "time column"),
            (
                "Time,legend text\n1,2\n",
                "metrics.line.1",
                "names no metric",
            ),
            (
                "Time,vllm:num_requests_running\nx,1\n",
                "metrics.line.2",
                "not a time",
            ),
            (
                "Time,vllm:num_requests_running\n1780272000,abc\n",
                "metrics.line.2",
                "not a number",
            ),
            (
                "Time,vllm:num_requests_running\n1780272000,1,2\n",
                "metrics.line.2",
                "more fields",
            ),
            (
                "T,vllm:num_requests_running,vllm:num_requests_waiting\n\n1780272000,1\n",
                "metrics.line.3",
                "2 fields",
            ),
            (
                "Time,vllm:num_requests_running\n1780272000,\"1\n",
                "metrics.line.2",
                "quote",
            ),
            (
                "Time,vllm:num_requests_running\n2026-06-01T00:00:00Z,1\n2026-06-01 00:00:15,1\n",
                "metrics.line.3",
                "zone",
            ),
        ] {
            let e = read(text).unwrap_err();
            assert_eq!(e.path(), path, "{text}: {e}");
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn fields_and_delimiters() {
        assert_eq!(detect_delimiter("a;b;c,d"), b';');
        assert_eq!(detect_delimiter("a\tb"), b'\t');
        assert_eq!(detect_delimiter("a,\"b;c;d\""), b',');
        assert_eq!(
            split_header("\"a\"\"b\",c{x=\"1\",y=\"2\"}, d", b','),
            vec!["a\"b", "c{x=\"1\",y=\"2\"}", " d"]
        );
        let (f, next) = next_field("\"1,5\";2", 0, b';').unwrap();
        assert_eq!((f.as_ref(), next), ("1,5", Some(6)));
        assert_eq!(cell_value("1,5", true), Ok(Some(1.5)));
        assert_eq!(cell_value(" ", false), Ok(None));
        assert_eq!(cell_value("x", false), Err(()));
    }
}
