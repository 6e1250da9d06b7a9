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
    /// A text is longer than allowed.
    #[error("{path}: text of {len} characters, at most {max} allowed")]
    TooLong {
        /// Dotted JSON path of the text field.
        path: String,
        /// Characters given.
        len: usize,
        /// Characters allowed.
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
    /// A computation left the representable range (only for absurd but valid inputs).
    #[error("{path}: the result is too large to compute exactly")]
    Overflow {
        /// The quantity being computed, as a dotted path.
        path: String,
    },
}

impl Error {
    /// The dotted JSON path of the field the error is about (`version` for a version mismatch).
    pub fn path(&self) -> &str {
        match self {
            Error::OutOfRange { path, .. }
            | Error::NotAllowedStep { path, .. }
            | Error::TooMany { path, .. }
            | Error::TooLong { path, .. }
            | Error::Malformed { path, .. }
            | Error::Overflow { path } => path,
            Error::UnsupportedVersion { .. } => "version",
        }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = core::result::Result<T, E>;
