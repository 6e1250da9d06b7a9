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
        /// The rule the value breaks (serialized as its English words, for example `1-14 days,
        /// or 7-182 days in 7-day steps`).
        #[serde(serialize_with = "as_text")]
        rule: StepRule,
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
    /// The input is not a well-formed scenario (unknown field, wrong type, a reference to
    /// nothing); the problem is typed so that a page words it in its own language.
    #[error("{path}: {problem}")]
    Malformed {
        /// Dotted path where the problem was found, or empty for the whole input.
        path: String,
        /// What is wrong (serialized as `message`, its English words).
        #[serde(rename = "message", serialize_with = "as_text")]
        problem: ReadProblem,
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

fn as_text<T: core::fmt::Display, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> core::result::Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

fn column_prefix(column: Option<u64>) -> String {
    column.map(|c| format!("column {c}: ")).unwrap_or_default()
}

/// The rule of steps a value breaks (inside [`Error::NotAllowedStep`]); the `Display` is the
/// rule in English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StepRule {
    /// A capacity block's length: 1–14 days, or 7–182 days in 7-day steps.
    #[error("1-14 days, or 7-182 days in 7-day steps")]
    BlockDays,
    /// A reservation's or savings plan's term: 1 or 3 years.
    #[error("1 or 3 years")]
    TermYears,
    /// A whole number of years (a service life's range).
    #[error("whole years")]
    WholeYears,
}

/// Why the reader refuses an input (inside [`Error::Malformed`]): a scenario file, a share
/// link, the JS API's object. The `Display` is developer English; a page words each variant in
/// its own language from the variant alone, and shows the `Display` only as a detail for the
/// problems it has no words of its own for.
///
/// The first five variants are the JSON reader's (serde's) complaints, sorted by kind when the
/// error is made; they keep the reader's own words for the `Display`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadProblem {
    /// A value of another type than the field's, or outside the type's range (a negative
    /// count).
    #[error("{detail}")]
    WrongType {
        /// What the field takes.
        expected: Kind,
        /// The reader's words, for example `invalid type: string "eight", expected u32`.
        detail: String,
    },
    /// A field the object does not have.
    #[error("{detail}")]
    UnknownField {
        /// The field's name.
        field: String,
        /// The reader's words (they list the fields there are).
        detail: String,
    },
    /// A tag that names no variant (`"mode": "weekly"`).
    #[error("{detail}")]
    UnknownVariant {
        /// The name given.
        variant: String,
        /// The reader's words (they list the names there are).
        detail: String,
    },
    /// A required field left out.
    #[error("missing field `{field}`")]
    Missing {
        /// The field's name.
        field: String,
    },
    /// Any other complaint of the reader (a list's length, a duplicate field, a type's own
    /// check), in its words.
    #[error("{detail}")]
    Invalid {
        /// The reader's words.
        detail: String,
    },
    /// A text that is not a whole number (a link's value, the scenario's `version`).
    #[error("expected a whole number{}", null_text(*or_null))]
    NotWhole {
        /// `null` is allowed too.
        or_null: bool,
    },
    /// A link's value that is not a decimal number.
    #[error("expected a decimal number{}", null_text(*or_null))]
    NotDecimal {
        /// `null` is allowed too.
        or_null: bool,
    },
    /// A link's value that is neither `true` nor `false`.
    #[error("expected true or false")]
    NotBool,
    /// A link's range that is not `low~high`.
    #[error("expected low~high, two decimal numbers")]
    NotRange,
    /// A link's tie that is not input names joined by `~`.
    #[error("expected input names joined by `~`")]
    NotTie,
    /// A link's `sizing` value that is not JSON.
    #[error("expected the sizing's inputs as JSON")]
    NotSizing,
    /// A date that is not `YYYY-MM-DD` between 2000 and 2100.
    #[error("expected a date as YYYY-MM-DD, 2000-01-01 to 2100-12-31")]
    NotDate,
    /// A link's word without `=`.
    #[error("missing `=`")]
    NoEquals,
    /// A link's pair with an empty key.
    #[error("empty key")]
    EmptyKey,
    /// A link's key given twice.
    #[error("duplicate key")]
    DuplicateKey,
    /// A link's key that names no field.
    #[error("unknown key")]
    UnknownKey,
    /// A link's `version` key (a link's version is `v`).
    #[error("unknown key (the link's version is `v`)")]
    VersionKey,
    /// A link without `v`.
    #[error("missing `v` (the link's version)")]
    NoVersion,
    /// A `%` not followed by two hex digits.
    #[error("invalid percent-escape (expected % and two hex digits)")]
    BadEscape,
    /// Percent-escapes that decode to bytes that are not UTF-8 text.
    #[error("not UTF-8 text after percent-decoding")]
    NotUtf8,
    /// A link's list entry past the end of a default list that is empty.
    #[error("the default list is empty, nothing to copy")]
    EmptyDefaultList,
    /// The built-in default scenario does not parse (a build error; the tests rule it out).
    #[error("the default scenario does not parse")]
    DefaultUnreadable,
    /// A preset names a field the option does not have (the data tests rule it out).
    #[error("the preset names a field the option does not have")]
    PresetField,
    /// An index past the list of rent options.
    #[error("no such rent option")]
    NoSuchRentOption,
    /// The load runs on a rent option today, and there is none.
    #[error("no rent option the load could run on")]
    NoRentToSwitchFrom,
    /// The hybrid rents its overflow, and there is no rent option.
    #[error("no rent option to take the overflow")]
    NoRentForOverflow,
    /// A rent plan with its term and no rate, or its rate and no term.
    #[error("a plan needs its term and its rate, or neither")]
    PlanHalfGiven,
    /// A tie names an input without a range.
    #[error("the tied input has no range")]
    TiedWithoutRange,
    /// An input in two ties.
    #[error("the input is tied twice")]
    TiedTwice,
    /// A range on the productive hours of a scenario without load.
    #[error("the scenario has no load to scale")]
    NoLoadToScale,
    /// A model id not in the sizing catalogue.
    #[error("no model \"{id}\" in the catalogue")]
    NoSuchModel {
        /// The id given (at most 40 characters).
        id: String,
    },
    /// A GPU id not in the sizing catalogue.
    #[error("no GPU \"{id}\" in the catalogue")]
    NoSuchGpu {
        /// The id given (at most 40 characters).
        id: String,
    },
    /// A JS value that is no JSON value (a function, a symbol or the like).
    #[error("not a JSON value (a function, a symbol or the like)")]
    NotJsonValue,
    /// A JS number that is NaN or infinite.
    #[error("not a finite number (NaN or Infinity)")]
    NotFinite,
    /// A JS BigInt outside the 64-bit range.
    #[error("a BigInt out of the 64-bit range")]
    BigIntOutOfRange,
    /// A part of a JS value whose reading threw (a getter or a Proxy).
    #[error("{0} could not be read")]
    Unreadable(JsPart),
}

/// What a field takes, in a [`ReadProblem::WrongType`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A whole number (a count, an hour, an index) within its type's range.
    Whole,
    /// A decimal number, given as text.
    Decimal,
    /// A text.
    Text,
    /// `true` or `false`.
    Bool,
    /// A list.
    List,
    /// An object (or a name of a variant).
    Object,
}

/// The part of a JS value that could not be read, in a [`ReadProblem::Unreadable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum JsPart {
    /// A property's value.
    #[error("this property")]
    Property,
    /// Whether the value is an array.
    #[error("this value")]
    Value,
    /// An array's length.
    #[error("this array's length")]
    ArrayLength,
    /// An object's keys.
    #[error("this object's keys")]
    ObjectKeys,
}

impl ReadProblem {
    /// The problem the JSON reader (serde) describes in `message`, sorted by kind; its words
    /// stay the `Display`. serde's own errors have a fixed form (`invalid type: …, expected …`,
    /// `unknown field `…``, `missing field `…``); anything else is [`ReadProblem::Invalid`].
    pub(crate) fn from_reader(message: String) -> ReadProblem {
        if let Some(field) = quoted_after(&message, "missing field `")
            && message.len() == "missing field ``".len() + field.len()
        {
            return ReadProblem::Missing {
                field: field.to_owned(),
            };
        }
        if let Some(field) = quoted_after(&message, "unknown field `") {
            return ReadProblem::UnknownField {
                field: field.to_owned(),
                detail: message,
            };
        }
        if let Some(variant) = quoted_after(&message, "unknown variant `") {
            return ReadProblem::UnknownVariant {
                variant: variant.to_owned(),
                detail: message,
            };
        }
        let expected = (message.starts_with("invalid type: ")
            || message.starts_with("invalid value: "))
        .then(|| message.rsplit_once(", expected "))
        .flatten()
        .and_then(|(_, e)| kind_of(e));
        match expected {
            Some(expected) => ReadProblem::WrongType {
                expected,
                detail: message,
            },
            None => ReadProblem::Invalid { detail: message },
        }
    }
}

/// The text between `prefix` (which ends in a backtick) and the next backtick, if `message`
/// starts with `prefix`.
fn quoted_after<'a>(message: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = message.strip_prefix(prefix)?;
    rest.split_once('`').map(|(name, _)| name)
}

/// The kind a serde `expected …` names: the visitors' `expecting` texts of the types a
/// scenario holds.
fn kind_of(expected: &str) -> Option<Kind> {
    Some(match expected {
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64" | "i128"
        | "isize" => Kind::Whole,
        "a Decimal type representing a fixed-point number" => Kind::Decimal,
        "a string" | "a borrowed string" => Kind::Text,
        "a boolean" => Kind::Bool,
        "a sequence" => Kind::List,
        e if e.starts_with("struct ")
            || e.starts_with("enum ")
            || e.starts_with("internally tagged enum ")
            || e.starts_with("variant identifier")
            || e == "a map" =>
        {
            Kind::Object
        }
        _ => return None,
    })
}

fn null_text(or_null: bool) -> &'static str {
    if or_null { " or null" } else { "" }
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The problem serde reports for `value` read as a `T`.
    fn problem<T: serde::de::DeserializeOwned + core::fmt::Debug>(
        value: serde_json::Value,
    ) -> ReadProblem {
        let e = serde_json::from_value::<T>(value).unwrap_err();
        ReadProblem::from_reader(e.to_string())
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Two {
        a: u32,
        b: bool,
    }

    #[test]
    fn the_readers_complaints_are_sorted_by_kind_and_keep_its_words() {
        let cases = [
            (problem::<u32>(json!("eight")), Some(Kind::Whole)),
            (problem::<u32>(json!(-1)), Some(Kind::Whole)),
            (problem::<usize>(json!(1.5)), Some(Kind::Whole)),
            (problem::<Option<u32>>(json!("x")), Some(Kind::Whole)),
            (problem::<Decimal>(json!("abc")), Some(Kind::Decimal)),
            (problem::<Decimal>(json!(1)), Some(Kind::Decimal)),
            (problem::<String>(json!(1)), Some(Kind::Text)),
            (problem::<bool>(json!("yes")), Some(Kind::Bool)),
            (problem::<Vec<u32>>(json!(1)), Some(Kind::List)),
            (problem::<Two>(json!([])), None),
        ];
        for (p, kind) in cases {
            let expected = match &p {
                ReadProblem::WrongType { expected, .. } => Some(*expected),
                _ => None,
            };
            assert_eq!(expected, kind, "{p:?}");
        }
        assert_eq!(
            problem::<u32>(json!("eight")).to_string(),
            "invalid type: string \"eight\", expected u32"
        );
        assert!(matches!(
            problem::<Two>(json!([])),
            ReadProblem::Invalid { .. }
        ));
    }

    #[test]
    fn unknown_and_missing_fields_are_named() {
        let p = problem::<Two>(json!({"a": 1, "b": true, "colour": 1}));
        assert!(
            matches!(&p, ReadProblem::UnknownField { field, .. } if field == "colour"),
            "{p:?}"
        );
        assert!(
            p.to_string()
                .starts_with("unknown field `colour`, expected")
        );
        let p = problem::<Two>(json!({"a": 1}));
        assert_eq!(
            p,
            ReadProblem::Missing {
                field: "b".to_owned()
            }
        );
        assert_eq!(p.to_string(), "missing field `b`");
        // A type's own check that only starts like serde's words stays in its words.
        let p = ReadProblem::from_reader("missing field `x` for mode `y`".to_owned());
        assert!(matches!(p, ReadProblem::Invalid { .. }), "{p:?}");
    }

    #[test]
    fn typed_problems_serialize_as_their_words() {
        let e = Error::Malformed {
            path: "v".into(),
            problem: ReadProblem::NotWhole { or_null: true },
        };
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"kind": "malformed", "path": "v", "message": "expected a whole number or null"})
        );
        assert_eq!(e.to_string(), "v: expected a whole number or null");
        let e = Error::NotAllowedStep {
            path: "rent.0.billing.block_days".into(),
            value: Decimal::from(15),
            rule: StepRule::BlockDays,
        };
        assert_eq!(
            serde_json::to_value(&e).unwrap()["rule"],
            json!("1-14 days, or 7-182 days in 7-day steps")
        );
        assert_eq!(
            ReadProblem::Unreadable(JsPart::ArrayLength).to_string(),
            "this array's length could not be read"
        );
    }
}
