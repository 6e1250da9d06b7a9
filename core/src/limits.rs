//! Bounds on the shape of every input, checked before the input is read as a scenario.
//!
//! A scenario comes in as JSON text (a file), as a share link, or as a JS object (the JS API).
//! Before any of it reaches `serde` (whose readers recurse once per level of nesting, so a deep
//! enough input overflows the WebAssembly stack and kills the module), it is walked once,
//! without recursion, against these limits:
//!
//! | what | limit | error |
//! |---|---|---|
//! | arrays and objects nested in one another | [`MAX_DEPTH`] | [`Error::TooDeep`] |
//! | keys of one object | [`MAX_KEYS`] | [`Error::TooMany`] |
//! | items of one array | [`MAX_ITEMS`] | [`Error::TooMany`] |
//! | characters of one string or key | [`MAX_TEXT`] | [`Error::TooLong`] |
//! | the whole input as compact JSON (strings counted without escapes) | [`MAX_INPUT_BYTES`] | [`Error::TooLong`] at the empty path |
//!
//! The scenario itself nests 6 deep (`calendar.measured.days.N.service`), has fewer than 25
//! keys in an object, 400 items in a list (measured kinds of day) and 300 characters in a text, so
//! the limits leave room for every valid scenario and none for a hostile one.
//!
//! ```
//! use gpu_tco_core::{Error, MAX_DEPTH, check_input};
//!
//! let mut deep = serde_json::json!(1);
//! for _ in 0..MAX_DEPTH {
//!     deep = serde_json::json!([deep]);
//! }
//! assert!(check_input(&deep).is_ok());
//! let deeper = serde_json::json!({ "calendar": deep });
//! assert!(matches!(check_input(&deeper), Err(Error::TooDeep { .. })));
//! ```

use core::fmt::Write as _;

use serde_json::Value;

use crate::error::{Error, Result};
use crate::scenario::MAX_INPUT_BYTES;

/// Deepest nesting of arrays and objects in an input (the outermost one is level 1).
pub const MAX_DEPTH: usize = 32;
/// Most keys in one object of an input.
pub const MAX_KEYS: usize = 64;
/// Most items in one array of an input.
pub const MAX_ITEMS: usize = 1_000;
/// Most characters (Unicode scalar values) in one string or object key of an input.
pub const MAX_TEXT: usize = 1_000;

/// What a reader has counted of one input so far, against the limits of this module.
///
/// A reader calls one method per value it meets, before it reads the value, and stops at the
/// first error. Paths are built only when a check fails. [`check_input`] walks a JSON value this
/// way; the page's JS API walks a JS object the same way before it builds the value.
#[derive(Debug, Default)]
pub struct InputLimits {
    /// Bytes of compact JSON counted so far.
    bytes: usize,
}

impl InputLimits {
    /// Nothing counted yet.
    pub fn new() -> InputLimits {
        InputLimits::default()
    }

    /// An object (`object`) or array of `entries` entries at nesting level `depth` (1 for the
    /// outermost), at the dotted path `path()`.
    ///
    /// # Errors
    /// [`Error::TooDeep`] beyond [`MAX_DEPTH`], [`Error::TooMany`] beyond [`MAX_KEYS`] or
    /// [`MAX_ITEMS`], [`Error::TooLong`] (empty path) once the input passes [`MAX_INPUT_BYTES`].
    pub fn container(
        &mut self,
        depth: usize,
        entries: usize,
        object: bool,
        path: &dyn Fn() -> String,
    ) -> Result<()> {
        if depth > MAX_DEPTH {
            return Err(Error::TooDeep {
                path: path(),
                max: MAX_DEPTH,
            });
        }
        let max = if object { MAX_KEYS } else { MAX_ITEMS };
        if entries > max {
            return Err(Error::TooMany {
                path: path(),
                count: entries,
                max,
            });
        }
        // Brackets, the commas between entries, and a colon per key.
        let colons = if object { entries } else { 0 };
        self.add(2 + entries.saturating_sub(1) + colons)
    }

    /// A string value or an object key of `chars` characters and `bytes` bytes (UTF-8), at
    /// the dotted path `path()` (for a key, the path of its object).
    ///
    /// # Errors
    /// [`Error::TooLong`] at the path beyond [`MAX_TEXT`] characters, or at the empty path once
    /// the input passes [`MAX_INPUT_BYTES`].
    pub fn text(&mut self, chars: usize, bytes: usize, path: &dyn Fn() -> String) -> Result<()> {
        if chars > MAX_TEXT {
            return Err(Error::TooLong {
                path: path(),
                len: chars,
                max: MAX_TEXT,
            });
        }
        self.add(bytes.saturating_add(2))
    }

    /// A number, `true`, `false` or `null` of `json_len` bytes as JSON text.
    ///
    /// # Errors
    /// [`Error::TooLong`] (empty path) once the input passes [`MAX_INPUT_BYTES`].
    pub fn scalar(&mut self, json_len: usize) -> Result<()> {
        self.add(json_len)
    }

    fn add(&mut self, bytes: usize) -> Result<()> {
        self.bytes = self.bytes.saturating_add(bytes);
        if self.bytes > MAX_INPUT_BYTES {
            return Err(Error::TooLong {
                path: String::new(),
                len: self.bytes,
                max: MAX_INPUT_BYTES,
            });
        }
        Ok(())
    }
}

/// The length of a JSON number's text (`63.296` is 6).
pub fn number_len(n: &serde_json::Number) -> usize {
    struct Count(usize);
    impl core::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            self.0 = self.0.saturating_add(s.len());
            Ok(())
        }
    }
    let mut count = Count(0);
    let _ = write!(count, "{n}");
    count.0
}

/// The entry of a container being visited, for the path of an error.
#[derive(Clone, Copy)]
enum Segment<'a> {
    /// Before the first entry.
    None,
    Key(&'a str),
    Index(usize),
}

/// The dotted path of the entries being visited (`rent.0.label`).
fn dotted(segments: &[Segment<'_>]) -> String {
    let mut out = String::new();
    for s in segments {
        if matches!(s, Segment::None) {
            continue;
        }
        if !out.is_empty() {
            out.push('.');
        }
        match s {
            Segment::None => {}
            Segment::Key(k) => out.push_str(k),
            Segment::Index(i) => {
                let _ = write!(out, "{i}");
            }
        }
    }
    out
}

/// A container being walked: its entries still to visit.
enum Entries<'a> {
    Object(serde_json::map::Iter<'a>),
    Array(core::iter::Enumerate<core::slice::Iter<'a, Value>>),
}

/// Checks a JSON value against the limits of this module, walking it without recursion.
///
/// Every way into a scenario does this before `serde` sees the value: [`crate::Scenario::from_json`],
/// [`crate::Scenario::from_value`], [`crate::Scenario::from_partial_value`] and the share link.
///
/// # Errors
/// The first limit passed, in document order: [`Error::TooDeep`], [`Error::TooMany`] or
/// [`Error::TooLong`], with the dotted path of the value (the empty path for the total size).
pub fn check_input(value: &Value) -> Result<()> {
    let mut limits = InputLimits::new();
    let mut frames: Vec<Entries<'_>> = Vec::new();
    // The entry each frame is visiting, parallel to `frames`.
    let mut segments: Vec<Segment<'_>> = Vec::new();
    let mut next = Some(value);
    loop {
        if let Some(v) = next.take() {
            let path = || dotted(&segments);
            match v {
                Value::Object(m) => {
                    limits.container(frames.len() + 1, m.len(), true, &path)?;
                    frames.push(Entries::Object(m.iter()));
                    segments.push(Segment::None);
                }
                Value::Array(a) => {
                    limits.container(frames.len() + 1, a.len(), false, &path)?;
                    frames.push(Entries::Array(a.iter().enumerate()));
                    segments.push(Segment::None);
                }
                Value::String(s) => limits.text(s.chars().count(), s.len(), &path)?,
                Value::Number(n) => limits.scalar(number_len(n))?,
                Value::Bool(true) | Value::Null => limits.scalar(4)?,
                Value::Bool(false) => limits.scalar(5)?,
            }
        }
        let Some(entries) = frames.last_mut() else {
            return Ok(());
        };
        let entry = match entries {
            Entries::Object(it) => it.next().map(|(k, v)| (Segment::Key(k), v)),
            Entries::Array(it) => it.next().map(|(i, v)| (Segment::Index(i), v)),
        };
        match entry {
            Some((segment, v)) => {
                if let Segment::Key(k) = segment {
                    let parent = segments.len().saturating_sub(1);
                    let path = || dotted(segments.get(..parent).unwrap_or_default());
                    limits.text(k.chars().count(), k.len(), &path)?;
                }
                if let Some(last) = segments.last_mut() {
                    *last = segment;
                }
                next = Some(v);
            }
            None => {
                frames.pop();
                segments.pop();
            }
        }
    }
}

/// Whether JSON text nests arrays and objects deeper than [`MAX_DEPTH`] (a scan of its bytes
/// that skips strings; for text `serde_json` refused, to say why).
pub(crate) fn text_too_deep(text: &str) -> bool {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for b in text.bytes() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_are_dotted_without_the_unvisited() {
        let segs = [
            Segment::Key("rent"),
            Segment::Index(2),
            Segment::Key("label"),
        ];
        assert_eq!(dotted(&segs), "rent.2.label");
        assert_eq!(dotted(&[Segment::None]), "");
        assert_eq!(dotted(&[Segment::Index(0), Segment::None]), "0");
    }

    #[test]
    fn number_text_lengths() {
        assert_eq!(number_len(&serde_json::Number::from(0)), 1);
        assert_eq!(number_len(&serde_json::Number::from(-1024)), 5);
        let f = serde_json::Number::from_f64(63.296).unwrap();
        assert_eq!(number_len(&f), 6);
    }

    #[test]
    fn compact_size_is_counted_close_to_the_text() {
        let v = json!({"a": [1, true, null, "xy"], "bc": {"d": false}});
        let mut limits = InputLimits::new();
        // Walk by hand what check_input counts: two objects, one array, keys and scalars.
        let none = || String::new();
        limits.container(1, 2, true, &none).unwrap();
        limits.text(1, 1, &none).unwrap();
        limits.container(2, 4, false, &none).unwrap();
        for len in [1, 4, 4] {
            limits.scalar(len).unwrap();
        }
        limits.text(2, 2, &none).unwrap();
        limits.text(2, 2, &none).unwrap();
        limits.container(2, 1, true, &none).unwrap();
        limits.text(1, 1, &none).unwrap();
        limits.scalar(5).unwrap();
        // Exactly the compact JSON text (no string here needs an escape).
        assert_eq!(limits.bytes, serde_json::to_string(&v).unwrap().len());
        assert!(check_input(&v).is_ok());
    }

    #[test]
    fn text_depth_scan_skips_strings() {
        let deep = "[".repeat(MAX_DEPTH);
        assert!(!text_too_deep(&deep));
        assert!(text_too_deep(&format!("[{deep}")));
        let quoted = format!("[\"{}\\\"{}\"]", "[".repeat(100), "{".repeat(100));
        assert!(!text_too_deep(&quoted));
        let closed = "[]".repeat(1000);
        assert!(!text_too_deep(&closed));
    }
}
