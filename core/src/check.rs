//! Range checks shared by every input type.

use rust_decimal::Decimal;

use crate::error::{Error, Result};

/// A field path, rendered only when a check fails (validation runs on every input change).
pub(crate) trait FieldPath {
    fn render(&self) -> String;
}

impl FieldPath for &str {
    fn render(&self) -> String {
        (*self).to_owned()
    }
}

/// A path built by a closure, for paths with indexes.
pub(crate) struct Lazy<F>(pub F);

impl<F: Fn() -> String> FieldPath for Lazy<F> {
    fn render(&self) -> String {
        (self.0)()
    }
}

impl FieldPath for (&str, &str) {
    fn render(&self) -> String {
        format!("{}.{}", self.0, self.1)
    }
}

/// `value` must lie in `min..=max`.
pub(crate) fn range(
    path: impl FieldPath,
    value: Decimal,
    min: Decimal,
    max: Decimal,
) -> Result<()> {
    if value < min || value > max {
        return Err(Error::OutOfRange {
            path: path.render(),
            value,
            min,
            max,
        });
    }
    Ok(())
}

/// A whole number must lie in `min..=max`.
pub(crate) fn range_u32(path: impl FieldPath, value: u32, min: u32, max: u32) -> Result<()> {
    range(path, value.into(), min.into(), max.into())
}

/// A list must hold at most `max` entries.
pub(crate) fn count(path: impl FieldPath, count: usize, max: usize) -> Result<()> {
    if count > max {
        return Err(Error::TooMany {
            path: path.render(),
            count,
            max,
        });
    }
    Ok(())
}

/// A text must hold at most `max` characters.
pub(crate) fn text(path: impl FieldPath, value: &str, max: usize) -> Result<()> {
    let len = value.chars().count();
    if len > max {
        return Err(Error::TooLong {
            path: path.render(),
            len,
            max,
        });
    }
    Ok(())
}
