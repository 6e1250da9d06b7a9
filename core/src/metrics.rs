//! Measured load: a month of serving metrics turned into busy hours and a [`LoadProfile`](crate::LoadProfile).
//!
//! The seed's measurement method: export a month of vLLM's `vllm:num_requests_running` (and,
//! if available, `vllm:num_requests_waiting` and DCGM's `DCGM_FI_PROF_SM_ACTIVE` per GPU), then
//! count per model server the hours with at least one running request. Two export formats are
//! read:
//!
//! - the JSON body of Prometheus' `/api/v1/query_range` ([`parse_prometheus`], [`PromImporter`]);
//! - the CSV a Grafana panel exports: a time column and one column per series
//!   ([`parse_grafana_csv`], [`CsvImporter`]).
//!
//! Both are single-pass scanners that keep only quarter-hour aggregates per series (count,
//! maximum, sum), so a 50 MB export needs a few MB of memory, and both read text in chunks
//! ([`MetricsImporter::feed`]) so a page can report progress. [`analyse`] turns the import into
//! [`Measured`] figures; [`Measured::load_profile`] into a profile that
//! [`crate::evaluate_profile`] prices like the calendar's.
//!
//! ```
//! use gpu_tco_core::metrics::{AnalyseOptions, ImportOptions, Metric, analyse, parse_grafana_csv};
//!
//! // Two days at 5-minute steps: busy 09:00–10:00 (one request) on the first day only.
//! let mut csv = String::from("Time,vllm:num_requests_running{instance=\"gpu1:8000\"}\n");
//! for i in 0..576 {
//!     let t = 1_780_272_000 + i * 300; // 2026-06-01T00:00:00Z, a Monday
//!     let busy = (108..120).contains(&i);
//!     csv.push_str(&format!("{t},{}\n", u8::from(busy)));
//! }
//! let import = parse_grafana_csv(&csv, &ImportOptions::default()).unwrap();
//! let options = AnalyseOptions { gpus_per_server: Some(8), ..AnalyseOptions::default() };
//! let measured = analyse(&import, &options).unwrap();
//! assert_eq!(measured.total.busy_hours, 1);
//! assert_eq!(measured.total.busy_gpu_hours, 8.into());
//! assert_eq!(measured.period.hours, 48);
//! assert!(measured.load_profile().validate().is_ok());
//! ```

mod analyse;
mod grafana;
mod labels;
mod prom;
mod series;
mod time;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{Error, MetricsProblem, Result};

pub use self::analyse::{
    AnalyseOptions, BusyFigures, GpuCountSource, Measured, MeasuredGpu, MeasuredPeriod,
    MeasuredServer, MetricsNote, MonthRule, MonthScaling, ServerGpus, WeekHour, analyse,
};
pub use self::grafana::CsvImporter;
pub use self::prom::PromImporter;
pub use self::series::MetricSeries;

/// Largest export read, in bytes (64 MiB); a larger one is refused with [`Error::TooLong`].
pub const MAX_METRICS_BYTES: usize = 64 * 1024 * 1024;
/// Most series (columns, result entries) one import may hold.
pub const MAX_METRIC_SERIES: usize = 4096;
/// Most quarter-hour aggregates one import may hold (all series together): about 700
/// series-months. Guards memory against adversarial files; real exports stay far below.
pub const MAX_METRIC_BUCKETS: usize = 2_000_000;
/// Longest period analysed, in days.
pub const MAX_METRICS_DAYS: u32 = 400;
/// Shortest period analysed, in hours (one day).
pub const MIN_METRICS_HOURS: u32 = 24;

/// A metric the import reads. Series of any other metric are skipped and listed in
/// [`MetricsImport::ignored`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// `vllm:num_requests_running`: requests running on a model server (required).
    Running,
    /// `vllm:num_requests_waiting`: requests queued on a model server (optional).
    Waiting,
    /// `DCGM_FI_PROF_SM_ACTIVE`: share of time a GPU's multiprocessors had a warp active, 0–1
    /// (optional).
    SmActive,
}

impl Metric {
    /// Every metric read, in the order above.
    pub const ALL: [Metric; 3] = [Metric::Running, Metric::Waiting, Metric::SmActive];

    /// The Prometheus metric name.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Running => "vllm:num_requests_running",
            Metric::Waiting => "vllm:num_requests_waiting",
            Metric::SmActive => "DCGM_FI_PROF_SM_ACTIVE",
        }
    }

    /// The metric of a Prometheus metric name, if it is one the import reads.
    pub fn from_name(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// One label of a series (`instance="gpu1:8000"`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MetricLabel {
    /// Label name.
    pub name: String,
    /// Label value.
    pub value: String,
}

/// How the timestamps of an import are to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MetricsClock {
    /// Instants (unix time, or ISO 8601 with a zone): the analysis shifts them by its UTC offset.
    #[default]
    Utc,
    /// Wall-clock times without a zone (a Grafana CSV with formatted local times): read as they
    /// are, no offset applied.
    Local,
}

/// What the caller knows about an export that the file does not say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ImportOptions {
    /// The metric of series that carry no metric name: Prometheus series without `__name__`
    /// (a file holding the result of one query such as `sum by (instance) (…)`), and Grafana
    /// columns headed by a legend text. `None` makes such series an error.
    pub unnamed: Option<Metric>,
}

/// A metric found in an export but not read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IgnoredMetric {
    /// Its name.
    pub name: String,
    /// How many series of it were skipped.
    pub series: u64,
}

/// What an export holds, reduced to quarter-hour aggregates per series.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MetricsImport {
    /// The series read, in the order first seen.
    pub series: Vec<MetricSeries>,
    /// Metrics skipped.
    pub ignored: Vec<IgnoredMetric>,
    /// How the timestamps are to be read.
    pub clock: MetricsClock,
    /// Bytes of text read.
    pub bytes: u64,
}

impl MetricsImport {
    /// Adds the series of another file (for example one metric per file) to this import. Series
    /// with the same metric and labels are combined.
    ///
    /// # Errors
    /// [`Error::Metrics`] when one file has zoned times and the other local ones;
    /// [`Error::TooMany`] beyond [`MAX_METRIC_SERIES`] series or [`MAX_METRIC_BUCKETS`] aggregates.
    pub fn merge(&mut self, other: MetricsImport) -> Result<()> {
        let any = |i: &MetricsImport| i.series.iter().any(|s| s.samples > 0);
        if any(self) && any(&other) && self.clock != other.clock {
            return Err(Error::Metrics {
                path: "metrics".into(),
                column: None,
                problem: MetricsProblem::MixedClocks,
            });
        }
        if !any(self) {
            self.clock = other.clock;
        }
        let mut collector = Collector::from_import(std::mem::replace(
            self,
            MetricsImport {
                series: Vec::new(),
                ignored: Vec::new(),
                clock: MetricsClock::Utc,
                bytes: 0,
            },
        ));
        let clock = collector.clock;
        for series in other.series {
            collector.absorb(series)?;
        }
        for ignored in other.ignored {
            *collector.ignored.entry(ignored.name).or_insert(0) += ignored.series;
        }
        collector.bytes = collector.bytes.saturating_add(other.bytes);
        *self = collector.finish(clock);
        Ok(())
    }
}

/// Reads an export of either format, telling them apart by the first character that is not
/// white space (`{` for Prometheus JSON, anything else for CSV).
///
/// # Errors
/// As [`parse_prometheus`] or [`parse_grafana_csv`].
pub fn parse_metrics(text: &str, options: &ImportOptions) -> Result<MetricsImport> {
    let mut importer = MetricsImporter::new(*options);
    importer.feed(text)?;
    importer.finish()
}

/// Reads the JSON body of a Prometheus `/api/v1/query_range` response (`resultType` `matrix`).
///
/// # Errors
/// [`Error::TooLong`] beyond [`MAX_METRICS_BYTES`]; [`Error::Metrics`] with the path
/// `metrics.line.{n}` (and the column in the message) for text that is not such a response, or
/// `metrics.series.{i}` for a series without a metric name when [`ImportOptions::unnamed`] is
/// `None`; [`Error::TooMany`] beyond [`MAX_METRIC_SERIES`] series or [`MAX_METRIC_BUCKETS`] aggregates.
pub fn parse_prometheus(text: &str, options: &ImportOptions) -> Result<MetricsImport> {
    let mut importer = PromImporter::new(*options);
    importer.feed_last(text)?;
    importer.finish()
}

/// Reads the CSV of a Grafana panel: a header row, then rows of a time and one value per
/// series. See [`CsvImporter`] for the accepted shapes.
///
/// # Errors
/// [`Error::TooLong`] beyond [`MAX_METRICS_BYTES`]; [`Error::Metrics`] with the path
/// `metrics.line.{n}` for a row that cannot be read (the column is in the message);
/// [`Error::TooMany`] beyond [`MAX_METRIC_SERIES`] series or [`MAX_METRIC_BUCKETS`] aggregates.
pub fn parse_grafana_csv(text: &str, options: &ImportOptions) -> Result<MetricsImport> {
    let mut importer = CsvImporter::new(*options);
    importer.feed(text)?;
    importer.finish()
}

/// Reads an export of either format in chunks: the format is told from the first character
/// that is not white space. Feed the text in pieces of any size (for example 1 MB) and report
/// [`MetricsImporter::bytes_read`] as progress; chunk borders may fall anywhere.
///
/// ```
/// use gpu_tco_core::metrics::{ImportOptions, MetricsImporter};
///
/// let text = "Time,vllm:num_requests_running\n1780272000000,1\n1780272015000,0\n";
/// let mut importer = MetricsImporter::new(ImportOptions::default());
/// for piece in [&text[..20], &text[20..33], &text[33..]] {
///     importer.feed(piece).unwrap();
/// }
/// assert_eq!(importer.bytes_read(), text.len() as u64);
/// let import = importer.finish().unwrap();
/// assert_eq!(import.series[0].samples, 2);
/// ```
#[derive(Debug)]
pub struct MetricsImporter {
    state: ImporterState,
    /// The bytes of a UTF-8 character cut by a chunk border ([`MetricsImporter::feed_bytes`]).
    carry: Vec<u8>,
    /// Bytes given to [`MetricsImporter::feed_bytes`] so far.
    raw: u64,
}

#[derive(Debug)]
enum ImporterState {
    /// Nothing but white space so far (kept, so that line numbers stay right).
    Sniffing {
        options: ImportOptions,
        pending: String,
    },
    Prom(Box<PromImporter>),
    Csv(CsvImporter),
}

impl MetricsImporter {
    /// A new importer.
    pub fn new(options: ImportOptions) -> MetricsImporter {
        MetricsImporter {
            state: ImporterState::Sniffing {
                options,
                pending: String::new(),
            },
            carry: Vec::new(),
            raw: 0,
        }
    }

    /// Reads the next piece of a file as bytes (as a page reads a file in slices): a UTF-8
    /// character cut by the border is kept until the next piece completes it.
    ///
    /// # Errors
    /// [`Error::Metrics`] at `metrics` for bytes that are not UTF-8 text (naming the byte's
    /// offset), otherwise as [`MetricsImporter::feed`].
    pub fn feed_bytes(&mut self, chunk: &[u8]) -> Result<()> {
        let start = self.raw.saturating_sub(self.carry.len() as u64);
        self.raw = self.raw.saturating_add(chunk.len() as u64);
        let joined;
        let bytes: &[u8] = if self.carry.is_empty() {
            chunk
        } else {
            let mut b = std::mem::take(&mut self.carry);
            b.extend_from_slice(chunk);
            joined = b;
            &joined
        };
        let (text, rest) = match std::str::from_utf8(bytes) {
            Ok(t) => (t, &[][..]),
            Err(e) if e.error_len().is_none() => {
                let (head, tail) = bytes.split_at(e.valid_up_to());
                // The head is valid UTF-8 up to `valid_up_to`.
                (std::str::from_utf8(head).unwrap_or_default(), tail)
            }
            Err(e) => return Err(not_text(start.saturating_add(e.valid_up_to() as u64))),
        };
        self.feed(text)?;
        self.carry = rest.to_vec();
        Ok(())
    }

    /// Reads the next piece of text.
    ///
    /// # Errors
    /// As [`PromImporter::feed`] or [`CsvImporter::feed`]; after an error the importer is of no
    /// further use.
    pub fn feed(&mut self, chunk: &str) -> Result<()> {
        if let ImporterState::Sniffing { options, pending } = &mut self.state {
            let first = chunk
                .bytes()
                .find(|b| !b.is_ascii_whitespace() && !matches!(b, 0xEF | 0xBB | 0xBF));
            let Some(first) = first else {
                let len = pending.len().saturating_add(chunk.len());
                if len > MAX_METRICS_BYTES {
                    return Err(too_long(len as u64));
                }
                pending.push_str(chunk);
                return Ok(());
            };
            let (options, pending) = (*options, std::mem::take(pending));
            if first == b'{' {
                let mut p = PromImporter::new(options);
                p.feed(&pending)?;
                self.state = ImporterState::Prom(Box::new(p));
            } else {
                let mut c = CsvImporter::new(options);
                c.feed(&pending)?;
                self.state = ImporterState::Csv(c);
            }
        }
        match &mut self.state {
            ImporterState::Prom(p) => p.feed(chunk),
            ImporterState::Csv(c) => c.feed(chunk),
            ImporterState::Sniffing { .. } => Ok(()),
        }
    }

    /// Bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        match &self.state {
            ImporterState::Sniffing { pending, .. } => pending.len() as u64,
            ImporterState::Prom(p) => p.bytes_read(),
            ImporterState::Csv(c) => c.bytes_read(),
        }
    }

    /// Ends the input.
    ///
    /// # Errors
    /// As [`PromImporter::finish`] or [`CsvImporter::finish`]; an empty input is
    /// [`Error::Metrics`].
    pub fn finish(self) -> Result<MetricsImport> {
        if !self.carry.is_empty() {
            return Err(not_text(self.raw.saturating_sub(self.carry.len() as u64)));
        }
        match self.state {
            ImporterState::Sniffing { .. } => Err(problem("metrics", MetricsProblem::Empty)),
            ImporterState::Prom(p) => p.finish(),
            ImporterState::Csv(c) => c.finish(),
        }
    }
}

fn not_text(offset: u64) -> Error {
    problem("metrics", MetricsProblem::NotText { offset })
}

pub(crate) fn too_long(bytes: u64) -> Error {
    Error::TooLong {
        path: "metrics".into(),
        len: usize::try_from(bytes).unwrap_or(usize::MAX),
        max: MAX_METRICS_BYTES,
    }
}

/// [`Error::Metrics`] about the whole of `path`.
pub(crate) fn problem(path: impl Into<String>, problem: MetricsProblem) -> Error {
    Error::Metrics {
        path: path.into(),
        column: None,
        problem,
    }
}

/// [`Error::Metrics`] at one column of a line.
pub(crate) fn problem_at(line: u64, column: u64, problem: MetricsProblem) -> Error {
    Error::Metrics {
        path: format!("metrics.line.{line}"),
        column: Some(column),
        problem,
    }
}

/// Gathers series while a file is read: one slot per metric and label set.
#[derive(Debug)]
pub(crate) struct Collector {
    series: Vec<MetricSeries>,
    index: BTreeMap<(Metric, Vec<MetricLabel>), usize>,
    ignored: BTreeMap<String, u64>,
    buckets: usize,
    bytes: u64,
    clock: MetricsClock,
}

impl Collector {
    pub(crate) fn new() -> Collector {
        Collector {
            series: Vec::new(),
            index: BTreeMap::new(),
            ignored: BTreeMap::new(),
            buckets: 0,
            bytes: 0,
            clock: MetricsClock::Utc,
        }
    }

    fn from_import(import: MetricsImport) -> Collector {
        let mut c = Collector::new();
        c.clock = import.clock;
        c.bytes = import.bytes;
        for (i, s) in import.series.into_iter().enumerate() {
            c.buckets = c.buckets.saturating_add(s.buckets.len());
            c.index.insert((s.metric, s.labels.clone()), i);
            c.series.push(s);
        }
        for ig in import.ignored {
            c.ignored.insert(ig.name, ig.series);
        }
        c
    }

    /// The slot of a series, created on first use (labels sorted by name).
    pub(crate) fn slot(&mut self, metric: Metric, mut labels: Vec<MetricLabel>) -> Result<usize> {
        labels.sort();
        if let Some(&i) = self.index.get(&(metric, labels.clone())) {
            return Ok(i);
        }
        crate::check::count("metrics.series", self.series.len() + 1, MAX_METRIC_SERIES)?;
        let i = self.series.len();
        self.index.insert((metric, labels.clone()), i);
        self.series.push(MetricSeries::new(metric, labels));
        Ok(i)
    }

    /// Adds a sample to slot `i`.
    pub(crate) fn push(&mut self, i: usize, ms: i64, value: f64) -> Result<()> {
        let Some(series) = self.series.get_mut(i) else {
            return Ok(());
        };
        if series.push(ms, value) {
            self.count_bucket()?;
        }
        Ok(())
    }

    /// Counts an aggregate started in a series not yet filed (a Prometheus result whose labels
    /// may follow its samples).
    pub(crate) fn count_bucket(&mut self) -> Result<()> {
        self.buckets += 1;
        if self.buckets > MAX_METRIC_BUCKETS {
            return Err(Error::TooMany {
                path: "metrics.buckets".into(),
                count: self.buckets,
                max: MAX_METRIC_BUCKETS,
            });
        }
        Ok(())
    }

    /// Files a finished series, combining it with one of the same metric and labels.
    pub(crate) fn absorb(&mut self, mut series: MetricSeries) -> Result<()> {
        series.labels.sort();
        let key = (series.metric, series.labels.clone());
        match self.index.get(&key) {
            Some(&i) => {
                if let Some(existing) = self.series.get_mut(i) {
                    let before = existing.buckets.len() + series.buckets.len();
                    existing.merge(series);
                    // Merging can only combine aggregates; recount what remains.
                    self.buckets = self
                        .buckets
                        .saturating_sub(before)
                        .saturating_add(existing.buckets.len());
                }
            }
            None => {
                crate::check::count("metrics.series", self.series.len() + 1, MAX_METRIC_SERIES)?;
                self.index.insert(key, self.series.len());
                self.series.push(series);
            }
        }
        Ok(())
    }

    /// Notes a series of a metric not read; its aggregates no longer count.
    pub(crate) fn ignore(&mut self, name: &str, dropped: Option<&MetricSeries>) {
        *self.ignored.entry(name.to_owned()).or_insert(0) += 1;
        if let Some(s) = dropped {
            self.buckets = self.buckets.saturating_sub(s.buckets.len());
        }
    }

    pub(crate) fn finish(self, clock: MetricsClock) -> MetricsImport {
        let mut series = self.series;
        for s in &mut series {
            s.finish();
        }
        MetricsImport {
            series,
            ignored: self
                .ignored
                .into_iter()
                .map(|(name, series)| IgnoredMetric { name, series })
                .collect(),
            clock,
            bytes: self.bytes,
        }
    }

    pub(crate) fn set_bytes(&mut self, bytes: u64) {
        self.bytes = bytes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metric_names_round_trip() {
        for m in Metric::ALL {
            assert_eq!(Metric::from_name(m.name()), Some(m));
        }
        assert_eq!(Metric::from_name("up"), None);
    }

    #[test]
    fn importer_tells_the_formats_apart() {
        let json = r#"  {"status":"success","data":{"resultType":"matrix","result":[]}}"#;
        let mut i = MetricsImporter::new(ImportOptions::default());
        i.feed("  ").unwrap();
        i.feed(&json[2..]).unwrap();
        assert_eq!(i.bytes_read(), json.len() as u64);
        assert!(i.finish().unwrap().series.is_empty());
        assert!(
            MetricsImporter::new(ImportOptions::default())
                .finish()
                .is_err()
        );
    }
}
