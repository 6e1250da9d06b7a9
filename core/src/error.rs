//! The one error type of the crate.

use rust_decimal::Decimal;
use serde::Serialize;

/// Everything that can go wrong when a scenario is read, validated or evaluated.
///
/// Every variant that concerns an input names its field by the dotted JSON path (for example
/// `calendar.service.end_hour` or `rent.1.price`), so a page can show the message next to the
/// field, in its own language, from the data alone.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Error {
    /// A number lies outside its allowed range (both ends inclusive).
    #[error("{path}: {value} is outside {min}..={max}")]
    OutOfRange {
        /// Dotted JSON path of the field.
        path: String,
        /// The value given.
        value: Decimal,
        /// Smallest allowed value.
        min: Decimal,
        /// Largest allowed value.
        max: Decimal,
    },
    /// A value that must be one of a fixed set of steps is not one of them.
    #[error("{path}: {value} is not an allowed step ({rule})")]
    NotAllowedStep {
        /// Dotted JSON path of the field.
        path: String,
        /// The value given.
        value: Decimal,
        /// The rule in words, for example `1-14 days, or 7-182 days in 7-day steps`.
        rule: String,
    },
    /// A list holds more entries than allowed.
    #[error("{path}: {count} entries, at most {max} allowed")]
    TooMany {
        /// Dotted JSON path of the list.
        path: String,
        /// Entries given.
        count: usize,
        /// Entries allowed.
        max: usize,
    },
    /// A text is longer than allowed; at the empty path, the whole input is larger than
    /// allowed (then `len` and `max` count bytes).
    #[error("{path}: text of {len} characters, at most {max} allowed")]
    TooLong {
        /// Dotted JSON path of the text field (empty: the whole input).
        path: String,
        /// Characters given (bytes for the whole input: as far as they were counted).
        len: usize,
        /// Characters allowed (bytes for the whole input).
        max: usize,
    },
    /// Arrays and objects nested deeper than an input may be ([`crate::MAX_DEPTH`]), checked
    /// before the input is read.
    #[error("{path}: nested more than {max} levels deep")]
    TooDeep {
        /// Dotted path of the first array or object one level too deep; empty when the JSON
        /// text was refused before it could be read that far.
        path: String,
        /// Levels allowed.
        max: usize,
    },
    /// The scenario has a version this build does not read.
    #[error("version: {found} is not supported (this build reads version {supported})")]
    UnsupportedVersion {
        /// Version found in the input.
        found: u64,
        /// The version this build reads.
        supported: u64,
    },
    /// The input is not a well-formed scenario (syntax, unknown field, wrong type).
    #[error("{path}: {message}")]
    Malformed {
        /// Dotted path where the problem was found, or empty for the whole input.
        path: String,
        /// The parser's description.
        message: String,
    },
    /// The text is not JSON at all, or is cut off (a scenario file): where the reader stopped.
    #[error("{}", syntax_text(*line, *column, *ends_early))]
    Syntax {
        /// 1-based line where the reader stopped.
        line: usize,
        /// 1-based column there.
        column: usize,
        /// The text ends before the JSON does (a truncated file).
        ends_early: bool,
    },
    /// A computation left the representable range (only for absurd but valid inputs).
    #[error("{path}: the result is too large to compute exactly")]
    Overflow {
        /// The quantity being computed, as a dotted path.
        path: String,
    },
    /// A serving-metrics export cannot be read or analysed; the problem is typed so that a page
    /// words it in its own language.
    #[error("{path}: {}{problem}", column_prefix(*column))]
    Metrics {
        /// `metrics`, `metrics.line.{n}` (1-based), `metrics.series.{i}` or an option's path.
        path: String,
        /// The 1-based column on that line, where the problem is at one place in it.
        #[serde(skip_serializing_if = "Option::is_none")]
        column: Option<u64>,
        /// What is wrong.
        problem: MetricsProblem,
    },
}

fn syntax_text(line: usize, column: usize, ends_early: bool) -> String {
    if ends_early {
        format!("the JSON ends early, at line {line}, column {column} (a cut-off file?)")
    } else {
        format!("not valid JSON at line {line}, column {column}")
    }
}

fn column_prefix(column: Option<u64>) -> String {
    column.map(|c| format!("column {c}: ")).unwrap_or_default()
}

/// Why a serving-metrics export cannot be used (inside [`Error::Metrics`]). The English wording
/// is the `Display`; every variant carries what another language needs to say the same.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MetricsProblem {
    /// The file holds nothing.
    #[error("the file is empty")]
    Empty,
    /// A byte that is not UTF-8 text, at this offset from the file's start.
    #[error(
        "byte {offset} is not UTF-8 text: export the metrics as Prometheus JSON or Grafana CSV"
    )]
    NotText {
        /// 0-based byte offset.
        offset: u64,
    },
    /// Two files of one measurement, one with zoned times and the other with wall-clock times.
    #[error(
        "one file has times with a zone (or unix times), the other wall-clock times without \
         one; export both the same way"
    )]
    MixedClocks,
    /// The export spans too few hours.
    #[error("the export covers {hours} hours; at least {min} are needed (export a month)")]
    TooShort {
        /// Hours covered.
        hours: i64,
        /// Hours needed.
        min: u32,
    },
    /// The export spans too many days.
    #[error("the export covers {days} days; at most {max} are read (export a month)")]
    TooLongPeriod {
        /// Days covered.
        days: i64,
        /// Days read at most.
        max: u32,
    },
    /// A series' samples lie more than an hour apart.
    #[error(
        "a step of {seconds} s: hours cannot be counted from samples more than an hour apart \
         (export with a step of 15 s to 5 min)"
    )]
    StepTooLong {
        /// The series' step.
        seconds: u32,
    },
    /// The running-request series exist but hold no usable sample.
    #[error("the vllm:num_requests_running series hold no usable sample (all empty, NaN or Inf)")]
    NoUsableSample,
    /// No running-request series; `found` names the metrics the file does hold (sorted).
    #[error(
        "no vllm:num_requests_running series ({}); it is required: export it, or say that \
         series without a name are it",
        found_text(found)
    )]
    NoRunningSeries {
        /// The metric names found instead (empty: none at all).
        found: Vec<String>,
    },
    /// An option names a server the export does not have.
    #[error("no server {server} in the export")]
    NoSuchServer {
        /// The server named.
        server: String,
    },
    /// A CSV line over 4 MiB.
    #[error("a line longer than 4 MiB")]
    LineTooLong,
    /// A CSV file with its header and no rows.
    #[error("the file has a header but no rows")]
    NoRows,
    /// A JSON document given as CSV.
    #[error("this is JSON, not CSV: read it as a Prometheus query_range response")]
    JsonNotCsv,
    /// A CSV header with fewer than two columns.
    #[error(
        "the header needs a time column and at least one series column (separated by ',', ';' \
         or a tab)"
    )]
    HeaderTooNarrow,
    /// A CSV column whose title names no metric, with no metric chosen for unnamed series.
    #[error("column {column} (\"{title}\") names no metric: say which metric the file holds")]
    ColumnNamesNoMetric {
        /// 1-based column.
        column: usize,
        /// Its title (at most 80 characters).
        title: String,
    },
    /// A quoted CSV field without its closing quote.
    #[error("an unclosed quote")]
    UnclosedQuote,
    /// A time that cannot be read.
    #[error("\"{text}\" is not a time (ISO 8601, unix seconds or milliseconds, 1970–2199)")]
    NotATime {
        /// The text (at most 40 characters).
        text: String,
    },
    /// Times with and without a zone in one file.
    #[error("times with and without a zone in one file")]
    MixedZones,
    /// A CSV row longer than its header.
    #[error("more fields than the header's {columns} columns")]
    TooManyFields {
        /// Columns of the header.
        columns: usize,
    },
    /// A CSV row shorter than its header.
    #[error("{fields} fields, the header has {columns} columns")]
    TooFewFields {
        /// Fields in the row.
        fields: usize,
        /// Columns of the header.
        columns: usize,
    },
    /// A sample value that is not a number.
    #[error("\"{text}\" is not a number")]
    NotANumber {
        /// The text (at most 40 characters).
        text: String,
    },
    /// A Prometheus series without its `__name__` label, with no metric chosen for unnamed series.
    #[error("this series has no __name__ label: say which metric the file holds")]
    SeriesNamesNoMetric,
    /// Prometheus' own error response.
    #[error(
        "Prometheus answered status \"{status}\": {}: {}",
        error_type.as_deref().unwrap_or("no error type"),
        error.as_deref().unwrap_or("no message")
    )]
    PrometheusError {
        /// `status` (not `success`).
        status: String,
        /// `errorType`, if given.
        error_type: Option<String>,
        /// `error`, if given.
        error: Option<String>,
    },
    /// The JSON document is cut off.
    #[error("the file ends before the JSON document does (a cut-off export?)")]
    CutOff,
    /// A JSON document without `data.result`.
    #[error("no data.result: not the body of a Prometheus query_range response")]
    NoResult,
    /// The JSON does not have the shape of a `query_range` response at this place.
    #[error("{0}")]
    Json(JsonProblem),
}

impl From<JsonProblem> for MetricsProblem {
    fn from(p: JsonProblem) -> Self {
        MetricsProblem::Json(p)
    }
}

fn found_text(found: &[String]) -> String {
    if found.is_empty() {
        "no series at all".to_owned()
    } else {
        format!("only {}", found.join(", "))
    }
}

/// Where a Prometheus `query_range` body breaks its syntax or its shape (inside
/// [`MetricsProblem::Json`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "json", rename_all = "snake_case")]
pub enum JsonProblem {
    /// Not a JSON object at the start.
    #[error("not a Prometheus query_range response (JSON object expected)")]
    NotQueryRange,
    /// A character that does not fit here.
    #[error("unexpected character")]
    UnexpectedCharacter,
    /// Something after the document's end.
    #[error("text after the end of the JSON document")]
    TextAfterEnd,
    /// An object key without quotes.
    #[error("expected a key in double quotes")]
    KeyNotQuoted,
    /// No `:` after a key.
    #[error("expected ':' after the key")]
    ColonExpected,
    /// No key where one belongs.
    #[error("expected a key")]
    KeyExpected,
    /// Neither `,` nor the closing bracket.
    #[error("expected ',' or '{closer}'")]
    CommaOrClose {
        /// `]` or `}`.
        closer: char,
    },
    /// Arrays and objects nested deeper than [`crate::MAX_DEPTH`] (a `query_range` response
    /// nests 6 deep).
    #[error("arrays and objects nested more than {max} levels deep")]
    TooDeep {
        /// Levels allowed.
        max: usize,
    },
    /// One value over 1 MiB.
    #[error("a single value longer than 1 MiB")]
    ValueTooLong,
    /// The file ends inside a string.
    #[error("the file ends inside a string")]
    EndsInString,
    /// A bad escape sequence.
    #[error("a bad escape in a string")]
    BadEscape,
    /// An instant query's response.
    #[error(
        "an instant query (resultType \"vector\"): export a range query (/api/v1/query_range) \
         over the month"
    )]
    InstantQuery,
    /// Another `resultType`.
    #[error("resultType \"{found}\": a range query (\"matrix\") is needed")]
    ResultType {
        /// The type given.
        found: String,
    },
    /// `resultType` not a string.
    #[error("\"resultType\" must be a string")]
    ResultTypeNotString,
    /// `data` not an object.
    #[error("\"data\" must be an object")]
    DataNotObject,
    /// `result` not an array.
    #[error("\"result\" must be an array")]
    ResultNotArray,
    /// A result item not an object.
    #[error("each result must be an object with \"metric\" and \"values\"")]
    ItemShape,
    /// `metric` not an object.
    #[error("\"metric\" must be an object of labels")]
    MetricNotObject,
    /// A label value not a string.
    #[error("a label value must be a string")]
    LabelNotString,
    /// `values` not an array.
    #[error("\"values\" must be an array of [time, \"value\"]")]
    ValuesShape,
    /// A sample not `[time, "value"]`.
    #[error("a sample is [time, \"value\"]")]
    SampleShape,
    /// A timestamp that is not unix seconds.
    #[error("a timestamp must be unix seconds")]
    TimestampNotSeconds,
    /// A timestamp outside 1970–2199.
    #[error("a timestamp before 1970 or after 2199")]
    TimestampRange,
    /// A sample value not a number in a string.
    #[error("a sample value must be a number in a string")]
    ValueShape,
    /// Any other value out of place.
    #[error("unexpected value")]
    UnexpectedValue,
}

impl Error {
    /// The dotted JSON path of the field the error is about (`version` for a version mismatch).
    pub fn path(&self) -> &str {
        match self {
            Error::OutOfRange { path, .. }
            | Error::NotAllowedStep { path, .. }
            | Error::TooMany { path, .. }
            | Error::TooLong { path, .. }
            | Error::TooDeep { path, .. }
            | Error::Malformed { path, .. }
            | Error::Overflow { path }
            | Error::Metrics { path, .. } => path,
            Error::UnsupportedVersion { .. } => "version",
            Error::Syntax { .. } => "",
        }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = core::result::Result<T, E>;
