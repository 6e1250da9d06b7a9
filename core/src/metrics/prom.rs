//! A streaming reader of Prometheus `query_range` JSON: one pass, resumable at any byte.
//!
//! The reader is a small JSON state machine that knows the shape of the response
//! (`{"status":…,"data":{"resultType":"matrix","result":[{"metric":{…},"values":[[t,"v"],…]}]}}`)
//! and skips everything else. It keeps no tree: samples go straight into quarter-hour
//! aggregates. Keys may come in any order (a reformatted file may put `values` before `metric`).

use std::borrow::Cow;

use super::series::{MAX_MS, MIN_MS, MetricSeries};
use super::time::seconds_to_ms;
use super::{
    Collector, ImportOptions, MAX_METRICS_BYTES, Metric, MetricLabel, MetricsClock, MetricsImport,
    problem, problem_at, too_long,
};
use crate::error::{JsonProblem, MetricsProblem, Result};
use crate::limits::MAX_DEPTH;

/// Longest single token (a string or a number) read, in bytes.
const MAX_TOKEN: usize = 1 << 20;

/// Reads the JSON body of a Prometheus `/api/v1/query_range` response in chunks.
///
/// Feed the text in pieces of any size (chunk borders may fall inside a token), then call
/// [`PromImporter::finish`]. Only the tail of an unfinished token is carried from one chunk
/// to the next. [`crate::metrics::parse_prometheus`] does the same for a whole text without copying it.
#[derive(Debug)]
pub struct PromImporter {
    scan: Scanner,
    /// The unread tail of the previous chunk (at most one unfinished token).
    buf: String,
    /// Bytes fed so far.
    bytes: u64,
}

impl PromImporter {
    /// A new importer.
    pub fn new(options: ImportOptions) -> PromImporter {
        PromImporter {
            scan: Scanner::new(options),
            buf: String::new(),
            bytes: 0,
        }
    }

    /// Reads the next piece of text.
    ///
    /// # Errors
    /// [`crate::Error::TooLong`] once more than [`MAX_METRICS_BYTES`] have been fed;
    /// [`crate::Error::Metrics`] at the first byte that does not fit a `query_range`
    /// response (path `metrics.line.{n}`, the column in the message); [`crate::Error::TooMany`]
    /// beyond the series or aggregate limits.
    pub fn feed(&mut self, chunk: &str) -> Result<()> {
        self.count(chunk)?;
        if self.buf.is_empty() {
            let used = self.scan.scan(chunk, false)?;
            self.buf.push_str(chunk.get(used..).unwrap_or_default());
        } else {
            self.buf.push_str(chunk);
            let used = self.scan.scan(&self.buf, false)?;
            self.consume(used)?;
        }
        Ok(())
    }

    /// Reads the last piece of text (the whole text, for [`crate::metrics::parse_prometheus`]).
    pub(crate) fn feed_last(&mut self, text: &str) -> Result<()> {
        self.count(text)?;
        if self.buf.is_empty() {
            self.scan.scan(text, true)?;
        } else {
            self.buf.push_str(text);
            let used = self.scan.scan(&self.buf, true)?;
            self.consume(used)?;
        }
        Ok(())
    }

    fn count(&mut self, chunk: &str) -> Result<()> {
        self.bytes = self.bytes.saturating_add(chunk.len() as u64);
        if self.bytes > MAX_METRICS_BYTES as u64 {
            return Err(too_long(self.bytes));
        }
        Ok(())
    }

    fn consume(&mut self, used: usize) -> Result<()> {
        // `used` ends after an ASCII byte, so it is a character boundary; checked all the same.
        if !self.buf.is_char_boundary(used) {
            return Err(problem(
                "metrics",
                MetricsProblem::NotText {
                    offset: self.scan.base.saturating_add(used as u64),
                },
            ));
        }
        self.buf.drain(..used);
        Ok(())
    }

    /// Bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// Ends the input.
    ///
    /// # Errors
    /// [`crate::Error::Metrics`] if the document is incomplete, if Prometheus reported an error
    /// (`"status":"error"`, its message quoted), or if there is no `data.result`.
    pub fn finish(mut self) -> Result<MetricsImport> {
        let tail = std::mem::take(&mut self.buf);
        self.scan.scan(&tail, true)?;
        let mut import = self.scan.finish()?;
        import.bytes = self.bytes;
        Ok(import)
    }
}

/// What a value stands for, known from where it sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Root,
    Status,
    ErrorType,
    ErrorText,
    Data,
    ResultType,
    Result,
    Item,
    Metric,
    MetricLabel,
    Values,
    Instant,
    Sample,
    Time,
    Value,
    Skip,
}

/// An open object or array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Root,
    Data,
    Result,
    Item,
    Metric,
    Values,
    Sample,
    SkipObject,
    SkipArray,
}

impl Kind {
    fn is_object(self) -> bool {
        matches!(
            self,
            Kind::Root | Kind::Data | Kind::Item | Kind::Metric | Kind::SkipObject
        )
    }
}

/// Where the reader stands inside an open object or array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    /// Just after `{` or `[`.
    Open,
    /// After a comma in an object: a key comes next.
    Key,
    /// After a key: the colon comes next.
    Colon,
    /// After a colon, or after a comma in an array: a value comes next.
    Value,
    /// After a value: a comma or the closing bracket comes next.
    After,
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    kind: Kind,
    at: At,
    /// The role of the value after the current key.
    role: Role,
    /// Values seen in an array.
    n: u32,
}

/// A scalar token.
enum Scalar<'a> {
    Str(Cow<'a, str>),
    Num(&'a [u8]),
    Literal,
}

#[derive(Debug)]
struct Scanner {
    options: ImportOptions,
    collector: Collector,
    stack: Vec<Frame>,
    started: bool,
    done: bool,
    /// Line of the reader (1-based) and the absolute offset where it starts.
    line: u64,
    line_start: u64,
    /// Absolute offset of the first byte of the text being scanned.
    base: u64,
    status: Option<String>,
    error_type: Option<String>,
    error_text: Option<String>,
    saw_result: bool,
    /// Result entries opened.
    items: u64,
    name: Option<String>,
    labels: Vec<MetricLabel>,
    series: MetricSeries,
    key: String,
    time: Option<i64>,
    value: Option<f64>,
}

impl Scanner {
    fn new(options: ImportOptions) -> Scanner {
        Scanner {
            options,
            collector: Collector::new(),
            stack: Vec::new(),
            started: false,
            done: false,
            line: 1,
            line_start: 0,
            base: 0,
            status: None,
            error_type: None,
            error_text: None,
            saw_result: false,
            items: 0,
            name: None,
            labels: Vec::new(),
            series: MetricSeries::new(Metric::Running, Vec::new()),
            key: String::new(),
            time: None,
            value: None,
        }
    }

    fn err(&self, i: usize, what: impl Into<MetricsProblem>) -> crate::Error {
        let col = (self.base + i as u64).saturating_sub(self.line_start) + 1;
        problem_at(self.line, col, what.into())
    }

    /// Scans `text`; returns how many bytes were consumed. Unless `last`, an unfinished token
    /// at the end is left for the next call.
    fn scan(&mut self, text: &str, last: bool) -> Result<usize> {
        let b = text.as_bytes();
        let mut i = 0;
        if self.base == 0 && b.starts_with("\u{feff}".as_bytes()) {
            // A byte-order mark (an editor's): not part of the JSON.
            i = 3;
            self.line_start = 3;
        }
        loop {
            while let Some(&c) = b.get(i) {
                match c {
                    b' ' | b'\t' | b'\r' => i += 1,
                    b'\n' => {
                        i += 1;
                        self.line += 1;
                        self.line_start = self.base + i as u64;
                    }
                    _ => break,
                }
            }
            let Some(&c) = b.get(i) else {
                break;
            };
            if self.done {
                return Err(self.err(i, JsonProblem::TextAfterEnd));
            }
            let Some(top) = self.stack.last().copied() else {
                match self.value(Role::Root, text, i, last)? {
                    Some(end) => i = end,
                    None => break,
                }
                continue;
            };
            match top.at {
                At::Open | At::Key if top.kind.is_object() => {
                    if c == b'}' && top.at == At::Open {
                        self.close(i)?;
                        i += 1;
                        continue;
                    }
                    if c != b'"' {
                        return Err(self.err(i, JsonProblem::KeyNotQuoted));
                    }
                    let Some((key, end)) = self.string(text, i, last)? else {
                        break;
                    };
                    let role = key_role(top.kind, &key);
                    if top.kind == Kind::Metric {
                        self.key = key.into_owned();
                    }
                    if let Some(f) = self.stack.last_mut() {
                        f.at = At::Colon;
                        f.role = role;
                    }
                    i = end;
                }
                At::Colon => {
                    if c != b':' {
                        return Err(self.err(i, JsonProblem::ColonExpected));
                    }
                    if let Some(f) = self.stack.last_mut() {
                        f.at = At::Value;
                    }
                    i += 1;
                }
                At::Open if c == b']' => {
                    self.close(i)?;
                    i += 1;
                }
                At::Open | At::Value => {
                    let role = if top.kind.is_object() {
                        top.role
                    } else {
                        element_role(top.kind, top.n)
                    };
                    if top.kind == Kind::Sample && top.n >= 2 {
                        return Err(self.err(i, JsonProblem::SampleShape));
                    }
                    match self.value(role, text, i, last)? {
                        Some(end) => i = end,
                        None => break,
                    }
                }
                At::Key => return Err(self.err(i, JsonProblem::KeyExpected)),
                At::After => {
                    let closer = if top.kind.is_object() { b'}' } else { b']' };
                    if c == b',' {
                        if let Some(f) = self.stack.last_mut() {
                            f.at = if f.kind.is_object() {
                                At::Key
                            } else {
                                At::Value
                            };
                        }
                        i += 1;
                    } else if c == closer {
                        self.close(i)?;
                        i += 1;
                    } else {
                        return Err(self.err(
                            i,
                            JsonProblem::CommaOrClose {
                                closer: char::from(closer),
                            },
                        ));
                    }
                }
            }
        }
        if last {
            self.base += b.len() as u64;
            return Ok(b.len());
        }
        if b.len() - i > MAX_TOKEN {
            return Err(self.err(i, JsonProblem::ValueTooLong));
        }
        self.base += i as u64;
        Ok(i)
    }

    /// Reads the value at `i` in `role`; `None` if it is unfinished at the end of the text.
    fn value(&mut self, role: Role, text: &str, i: usize, last: bool) -> Result<Option<usize>> {
        let b = text.as_bytes();
        let Some(&c) = b.get(i) else {
            return Ok(None);
        };
        match c {
            b'{' | b'[' => {
                self.mark_after();
                self.open(role, c == b'{', i)?;
                Ok(Some(i + 1))
            }
            b'"' => {
                let Some((s, end)) = self.string(text, i, last)? else {
                    return Ok(None);
                };
                self.scalar(role, Scalar::Str(s), i)?;
                self.mark_after();
                Ok(Some(end))
            }
            b'-' | b'0'..=b'9' => {
                let mut j = i;
                while b
                    .get(j)
                    .is_some_and(|c| matches!(c, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
                {
                    j += 1;
                }
                if j == b.len() && !last {
                    return Ok(None);
                }
                self.scalar(role, Scalar::Num(b.get(i..j).unwrap_or_default()), i)?;
                self.mark_after();
                Ok(Some(j))
            }
            b't' | b'f' | b'n' => {
                let word: &[u8] = match c {
                    b't' => b"true",
                    b'f' => b"false",
                    _ => b"null",
                };
                let have = b.get(i..).unwrap_or_default();
                if have.len() < word.len() && !last && word.starts_with(have) {
                    return Ok(None);
                }
                if !have.starts_with(word) {
                    return Err(self.err(i, JsonProblem::UnexpectedCharacter));
                }
                self.scalar(role, Scalar::Literal, i)?;
                self.mark_after();
                Ok(Some(i + word.len()))
            }
            _ => Err(self.err(
                i,
                if self.started {
                    JsonProblem::UnexpectedCharacter
                } else {
                    JsonProblem::NotQueryRange
                },
            )),
        }
    }

    /// The enclosing container has its value (or the document its root).
    fn mark_after(&mut self) {
        self.started = true;
        if let Some(f) = self.stack.last_mut() {
            f.at = At::After;
            f.n = f.n.saturating_add(1);
        }
    }

    fn open(&mut self, role: Role, object: bool, i: usize) -> Result<()> {
        // The scanner keeps a frame per level; a file of nothing but `[` must not fill memory.
        if self.stack.len() >= MAX_DEPTH {
            return Err(self.err(i, JsonProblem::TooDeep { max: MAX_DEPTH }));
        }
        let kind = match (role, object) {
            (Role::Root, true) => Kind::Root,
            (Role::Data, true) => Kind::Data,
            (Role::Result, false) => {
                self.saw_result = true;
                Kind::Result
            }
            (Role::Item, true) => {
                self.items += 1;
                self.name = None;
                self.labels.clear();
                self.series = MetricSeries::new(Metric::Running, Vec::new());
                Kind::Item
            }
            (Role::Metric, true) => Kind::Metric,
            (Role::Values, false) => Kind::Values,
            (Role::Sample, false) => {
                self.time = None;
                self.value = None;
                Kind::Sample
            }
            (Role::Skip | Role::Status | Role::ErrorType | Role::ErrorText, true) => {
                Kind::SkipObject
            }
            (Role::Skip | Role::Status | Role::ErrorType | Role::ErrorText, false) => {
                Kind::SkipArray
            }
            (Role::Instant, _) => return Err(self.err(i, JsonProblem::InstantQuery)),
            (role, _) => return Err(self.err(i, expected(role))),
        };
        self.stack.push(Frame {
            kind,
            at: At::Open,
            role: Role::Skip,
            n: 0,
        });
        Ok(())
    }

    fn scalar(&mut self, role: Role, token: Scalar<'_>, i: usize) -> Result<()> {
        match (role, token) {
            (Role::Status, Scalar::Str(s)) => self.status = Some(s.into_owned()),
            (Role::ErrorType, Scalar::Str(s)) => self.error_type = Some(s.into_owned()),
            (Role::ErrorText, Scalar::Str(s)) => self.error_text = Some(s.into_owned()),
            (Role::ResultType, Scalar::Str(s)) => match &*s {
                "matrix" => {}
                "vector" => return Err(self.err(i, JsonProblem::InstantQuery)),
                other => {
                    return Err(self.err(
                        i,
                        JsonProblem::ResultType {
                            found: other.chars().take(40).collect(),
                        },
                    ));
                }
            },
            (Role::MetricLabel, Scalar::Str(s)) => {
                if self.key == "__name__" {
                    self.name = Some(s.into_owned());
                } else {
                    self.labels.push(MetricLabel {
                        name: std::mem::take(&mut self.key),
                        value: s.into_owned(),
                    });
                }
            }
            (Role::Time, Scalar::Str(s)) => self.time = Some(self.time_of(s.as_bytes(), i)?),
            (Role::Time, Scalar::Num(n)) => self.time = Some(self.time_of(n, i)?),
            (Role::Value, Scalar::Str(s)) => self.value = Some(self.value_of(s.as_bytes(), i)?),
            (Role::Value, Scalar::Num(n)) => self.value = Some(self.value_of(n, i)?),
            (Role::Status | Role::ErrorType | Role::ErrorText | Role::Skip, _) => {}
            (Role::MetricLabel, _) => return Err(self.err(i, JsonProblem::LabelNotString)),
            (Role::Instant, _) => return Err(self.err(i, JsonProblem::InstantQuery)),
            (role, _) => return Err(self.err(i, expected(role))),
        }
        Ok(())
    }

    fn time_of(&self, text: &[u8], i: usize) -> Result<i64> {
        match seconds_to_ms(text) {
            Some(ms) if (MIN_MS..=MAX_MS).contains(&ms) => Ok(ms),
            Some(_) => Err(self.err(i, JsonProblem::TimestampRange)),
            None => Err(self.err(i, JsonProblem::TimestampNotSeconds)),
        }
    }

    fn value_of(&self, text: &[u8], i: usize) -> Result<f64> {
        parse_value(text).ok_or_else(|| {
            self.err(
                i,
                MetricsProblem::NotANumber {
                    text: String::from_utf8_lossy(text.get(..40).unwrap_or(text)).into_owned(),
                },
            )
        })
    }

    fn close(&mut self, i: usize) -> Result<()> {
        let Some(frame) = self.stack.pop() else {
            return Ok(());
        };
        match frame.kind {
            Kind::Root => self.done = true,
            Kind::Sample => {
                let (Some(ms), Some(v), 2) = (self.time, self.value, frame.n) else {
                    return Err(self.err(i, JsonProblem::SampleShape));
                };
                if self.series.push(ms, v) {
                    self.collector.count_bucket()?;
                }
            }
            Kind::Item => self.file_item()?,
            _ => {}
        }
        Ok(())
    }

    /// A result entry is complete: file its series under its metric and labels.
    fn file_item(&mut self) -> Result<()> {
        let mut series = std::mem::replace(
            &mut self.series,
            MetricSeries::new(Metric::Running, Vec::new()),
        );
        let metric = match self.name.take() {
            Some(name) => match Metric::from_name(&name) {
                Some(m) => m,
                None => {
                    self.collector.ignore(&name, Some(&series));
                    return Ok(());
                }
            },
            None => match self.options.unnamed {
                Some(m) => m,
                None => {
                    return Err(problem(
                        format!("metrics.series.{}", self.items.saturating_sub(1)),
                        MetricsProblem::SeriesNamesNoMetric,
                    ));
                }
            },
        };
        series.metric = metric;
        series.labels = std::mem::take(&mut self.labels);
        self.collector.absorb(series)
    }

    /// Reads the string starting at the quote at `i`; `None` if unfinished.
    fn string<'a>(
        &self,
        text: &'a str,
        i: usize,
        last: bool,
    ) -> Result<Option<(Cow<'a, str>, usize)>> {
        let b = text.as_bytes();
        let mut j = i + 1;
        let mut escaped = false;
        loop {
            match b.get(j) {
                None if last => return Err(self.err(i, JsonProblem::EndsInString)),
                None => return Ok(None),
                Some(b'"') => break,
                Some(b'\\') => {
                    escaped = true;
                    j += 2;
                }
                Some(_) => j += 1,
            }
        }
        let raw = text.get(i + 1..j).unwrap_or_default();
        let s = if escaped {
            Cow::Owned(unescape(raw).ok_or_else(|| self.err(i, JsonProblem::BadEscape))?)
        } else {
            Cow::Borrowed(raw)
        };
        Ok(Some((s, j + 1)))
    }

    fn finish(self) -> Result<MetricsImport> {
        if !self.started {
            return Err(problem("metrics", MetricsProblem::Empty));
        }
        if let Some(status) = self.status.as_deref().filter(|s| *s != "success") {
            return Err(problem(
                "metrics",
                MetricsProblem::PrometheusError {
                    status: status.to_owned(),
                    error_type: self.error_type.clone(),
                    error: self.error_text.clone(),
                },
            ));
        }
        if !self.done {
            return Err(problem(
                format!("metrics.line.{}", self.line),
                MetricsProblem::CutOff,
            ));
        }
        if !self.saw_result {
            return Err(problem("metrics", MetricsProblem::NoResult));
        }
        Ok(self.collector.finish(MetricsClock::Utc))
    }
}

fn expected(role: Role) -> JsonProblem {
    match role {
        Role::Root => JsonProblem::NotQueryRange,
        Role::Data => JsonProblem::DataNotObject,
        Role::Result => JsonProblem::ResultNotArray,
        Role::Item => JsonProblem::ItemShape,
        Role::Metric => JsonProblem::MetricNotObject,
        Role::Values => JsonProblem::ValuesShape,
        Role::Sample => JsonProblem::SampleShape,
        Role::Time => JsonProblem::TimestampNotSeconds,
        Role::Value => JsonProblem::ValueShape,
        Role::ResultType => JsonProblem::ResultTypeNotString,
        _ => JsonProblem::UnexpectedValue,
    }
}

fn key_role(kind: Kind, key: &str) -> Role {
    match (kind, key) {
        (Kind::Root, "status") => Role::Status,
        (Kind::Root, "errorType") => Role::ErrorType,
        (Kind::Root, "error") => Role::ErrorText,
        (Kind::Root, "data") => Role::Data,
        (Kind::Data, "resultType") => Role::ResultType,
        (Kind::Data, "result") => Role::Result,
        (Kind::Item, "metric") => Role::Metric,
        (Kind::Item, "values") => Role::Values,
        (Kind::Item, "value") => Role::Instant,
        (Kind::Metric, _) => Role::MetricLabel,
        _ => Role::Skip,
    }
}

fn element_role(kind: Kind, n: u32) -> Role {
    match kind {
        Kind::Result => Role::Item,
        Kind::Values => Role::Sample,
        Kind::Sample if n == 0 => Role::Time,
        Kind::Sample => Role::Value,
        _ => Role::Skip,
    }
}

/// A sample value: a decimal number, `NaN`, `+Inf` or `-Inf` (as Prometheus writes them).
pub(crate) fn parse_value(text: &[u8]) -> Option<f64> {
    // Fast path: up to 15 digits with at most one point are exact as an integer over a power of
    // ten, and one division rounds correctly (Clinger), as `str::parse` would.
    if (1..=16).contains(&text.len()) {
        let (mut n, mut scale, mut point, mut digits) = (0u64, 0usize, false, 0);
        let mut simple = true;
        for &c in text {
            match c {
                b'0'..=b'9' => {
                    n = n * 10 + u64::from(c - b'0');
                    digits += 1;
                    scale += usize::from(point);
                }
                b'.' if !point => point = true,
                _ => {
                    simple = false;
                    break;
                }
            }
        }
        if simple && (1..=15).contains(&digits) {
            const POW10: [f64; 16] = [
                1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
                1e15,
            ];
            return POW10.get(scale).map(|p| n as f64 / p);
        }
    }
    let s = std::str::from_utf8(text).ok()?;
    // Rust reads `inf`, `+Inf`, `NaN` (case-insensitive) as Prometheus writes them.
    s.parse::<f64>().ok()
}

/// Resolves JSON escapes; `None` for a bad one.
fn unescape(raw: &str) -> Option<String> {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            '"' => out.push('"'),
            '\\' => out.push('\\'),
            '/' => out.push('/'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'u' => {
                let hex = |chars: &mut std::str::Chars<'_>| -> Option<u32> {
                    let h: String = chars.by_ref().take(4).collect();
                    if h.len() != 4 {
                        return None;
                    }
                    u32::from_str_radix(&h, 16).ok()
                };
                let hi = hex(&mut chars)?;
                let code = if (0xD800..0xDC00).contains(&hi) {
                    if chars.next()? != '\\' || chars.next()? != 'u' {
                        return None;
                    }
                    let lo = hex(&mut chars)?;
                    if !(0xDC00..0xE000).contains(&lo) {
                        return None;
                    }
                    0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                } else {
                    hi
                };
                out.push(char::from_u32(code)?);
            }
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = r#"{"status":"success","data":{"resultType":"matrix","result":[
        {"metric":{"__name__":"vllm:num_requests_running","instance":"gpu1:8000","model_name":"m\u00e9"},
         "values":[[1780272000,"0"],[1780272015.5,"2"],[1780272030,"NaN"]]},
        {"values":[[1780272000,"0.25"]],"metric":{"gpu":"0","__name__":"DCGM_FI_PROF_SM_ACTIVE"}},
        {"metric":{"__name__":"up"},"values":[[1780272000,"1"]]}
    ]},"warnings":["x"],"extra":{"a":[1,true,null]}}"#;

    fn options() -> ImportOptions {
        ImportOptions::default()
    }

    #[test]
    fn reads_a_response_whole_and_byte_by_byte() {
        let whole = super::super::parse_prometheus(BODY, &options()).unwrap();
        assert_eq!(whole.series.len(), 2);
        let running = &whole.series[0];
        assert_eq!(running.metric, Metric::Running);
        assert_eq!(running.labels[1].value, "mé");
        assert_eq!(running.samples, 2);
        assert_eq!(running.non_finite, 1);
        assert_eq!(running.last_ms, 1_780_272_015_500);
        assert_eq!(whole.series[1].metric, Metric::SmActive);
        assert_eq!(whole.ignored[0].name, "up");
        let mut p = PromImporter::new(options());
        let mut k = 0;
        while k < BODY.len() {
            let mut e = k + 1;
            while !BODY.is_char_boundary(e) {
                e += 1;
            }
            p.feed(&BODY[k..e]).unwrap();
            k = e;
        }
        let piecewise = p.finish().unwrap();
        assert_eq!(piecewise, whole);
    }

    #[test]
    fn says_where_and_why() {
        let e =
            super::super::parse_prometheus("{\"status\":\"success\",\n \"data\": [", &options())
                .unwrap_err();
        assert_eq!(e.path(), "metrics.line.2");
        assert!(e.to_string().contains("column 10"), "{e}");
        for (text, needle) in [
            ("", "empty"),
            ("Time,x\n", "JSON object expected"),
            ("[1,2]", "JSON object expected"),
            (
                r#"{"status":"error","errorType":"bad_data","error":"parse error"}"#,
                "parse error",
            ),
            (
                r#"{"status":"success","data":{"resultType":"vector","result":[]}}"#,
                "instant",
            ),
            (
                r#"{"status":"success","data":{"result":[{"metric":{},"value":[1,"1"]}]}}"#,
                "instant",
            ),
            (
                r#"{"status":"success","data":{"result":[{"metric":{},"values":[[1,"1"]]}]}}"#,
                "__name__",
            ),
            (r#"{"status":"success","data":{"result":[]}"#, "ends before"),
            (r#"{"status":"success","data":{}}"#, "no data.result"),
            (
                r#"{"status":"success","data":{"result":[]}} x"#,
                "after the end",
            ),
            (
                r#"{"data":{"result":[{"metric":{"__name__":"vllm:num_requests_running"},"values":[[1,"x"]]}]}}"#,
                "not a number",
            ),
            (
                r#"{"data":{"result":[{"metric":{"__name__":"vllm:num_requests_running"},"values":[[1,"1",2]]}]}}"#,
                "[time",
            ),
            (
                r#"{"data":{"result":[{"metric":{"__name__":"vllm:num_requests_running"},"values":[["x","1"]]}]}}"#,
                "unix seconds",
            ),
            (
                r#"{"data":{"result":[{"metric":{"__name__":"vllm:num_requests_running"},"values":[[-5,"1"]]}]}}"#,
                "1970",
            ),
            (r#"{"a":"\q"}"#, "escape"),
            (r#"{"a" 1}"#, "':'"),
            (r#"{"a":1 "b"}"#, "','"),
            (r#"{"a":tru}"#, "unexpected"),
        ] {
            let e = super::super::parse_prometheus(text, &options()).unwrap_err();
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn unnamed_series_take_the_callers_metric() {
        let text = r#"{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"instance":"a"},"values":[[1780272000,"1"]]}]}}"#;
        let o = ImportOptions {
            unnamed: Some(Metric::Running),
        };
        let i = super::super::parse_prometheus(text, &o).unwrap();
        assert_eq!(i.series[0].metric, Metric::Running);
        assert_eq!(i.series[0].labels[0].name, "instance");
    }

    #[test]
    fn values_and_escapes() {
        assert_eq!(parse_value(b"17"), Some(17.0));
        assert_eq!(parse_value(b"0.5"), Some(0.5));
        for text in [
            "0.4123",
            "123.456",
            "0.1",
            "7.",
            ".25",
            "999999999999999",
            "0.000000000000001",
        ] {
            assert_eq!(
                parse_value(text.as_bytes()),
                text.parse::<f64>().ok(),
                "{text}"
            );
        }
        assert_eq!(parse_value(b"."), None);
        assert_eq!(parse_value(b"1.2.3"), None);
        assert_eq!(parse_value(b"+Inf"), Some(f64::INFINITY));
        assert_eq!(parse_value(b"-Inf"), Some(f64::NEG_INFINITY));
        assert!(parse_value(b"NaN").unwrap().is_nan());
        assert_eq!(parse_value(b"1e3"), Some(1000.0));
        assert_eq!(parse_value(b""), None);
        assert_eq!(
            unescape(r#"a\"b\\\u00e9\ud83d\ude00"#).unwrap(),
            "a\"b\\é😀"
        );
        assert_eq!(unescape(r"\ud83d"), None);
    }
}
