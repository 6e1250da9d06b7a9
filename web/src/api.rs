//! The JavaScript API: `evaluate(scenario)` for host pages that quote live figures.
//!
//! Plain JS objects in and out, with the scenario's documented JSON names. Errors come back as
//! `{error: {kind, path, …}}`, never as an exception.
//!
//! The object is read here, without recursion and within the core's input limits
//! ([`gpu_tco_core::check_input`]: depth, keys, items, string lengths, total size), into a JSON
//! value; no general-purpose deserializer walks the caller's object. Each property is read
//! once, so a getter or a Proxy cannot show one shape to the check and another to the reader,
//! and whatever it throws is caught and answered as an error.

use gpu_tco_core::{Error, InputLimits, JsPart, ReadProblem, Report, Scenario, number_len};
use js_sys::{Array, JsString};
use serde::Serialize;
use serde_json::{Map, Number, Value};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

#[wasm_bindgen]
extern "C" {
    /// `Object.keys`, caught: a Proxy's `ownKeys` may throw.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(object: &JsValue) -> Result<Array, JsValue>;
    /// `Array.isArray`, caught: it throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

#[derive(Serialize)]
struct Answer<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    report: Option<&'a Report>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a Error>,
}

/// Evaluates a (possibly partial) scenario given as a JS object: `{report}` or `{error}`.
pub fn evaluate(scenario: JsValue) -> JsValue {
    let result = read(&scenario)
        .and_then(Scenario::from_partial_value)
        .and_then(|mut s| {
            // As on the page: without a start date the comparison starts today.
            crate::state::starts_today(&mut s);
            gpu_tco_core::evaluate(&s)
        });
    let answer = match &result {
        Ok(report) => Answer {
            report: Some(report),
            error: None,
        },
        Err(error) => Answer {
            report: None,
            error: Some(error),
        },
    };
    answer
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// Recurses until the stack runs out: the modules' test hook `__gpu_tco_fault` (the check on
/// `depth` is never true, but the compiler cannot know that, so it can neither drop the
/// recursion nor warn of it).
pub fn overflow(depth: u32) -> u32 {
    let frame = std::hint::black_box([depth; 64]);
    if std::hint::black_box(depth) == u32::MAX {
        return 0;
    }
    overflow(depth + 1).wrapping_add(frame.iter().copied().fold(0, u32::wrapping_add))
}

/// An array or object being read: its entries so far and where the reader is in it.
struct Frame {
    source: JsValue,
    /// An object's own enumerable keys (`None` for an array).
    keys: Option<Array>,
    len: u32,
    /// Entries read so far; the one being read is `next - 1`.
    next: u32,
    /// The key of the entry being read (objects).
    key: String,
    built: Built,
}

enum Built {
    Object(Map<String, Value>),
    Array(Vec<Value>),
}

impl Frame {
    fn put(&mut self, v: Value) {
        match &mut self.built {
            Built::Object(m) => {
                m.insert(std::mem::take(&mut self.key), v);
            }
            Built::Array(a) => a.push(v),
        }
    }

    fn finish(self) -> Value {
        match self.built {
            Built::Object(m) => Value::Object(m),
            Built::Array(a) => Value::Array(a),
        }
    }
}

/// The dotted path of the entries being read in `frames` (`rent.0.label`).
fn path(frames: &[Frame]) -> String {
    let mut out = String::new();
    for f in frames {
        if f.next == 0 {
            continue;
        }
        if !out.is_empty() {
            out.push('.');
        }
        if f.keys.is_some() {
            out.push_str(&f.key);
        } else {
            out.push_str(&(f.next - 1).to_string());
        }
    }
    out
}

fn unreadable(frames: &[Frame], problem: ReadProblem) -> Error {
    Error::Malformed {
        path: path(frames),
        problem,
    }
}

/// Reads a JS value as JSON within the input limits, without recursion.
///
/// # Errors
/// The limits of [`InputLimits`] ([`Error::TooDeep`], [`Error::TooMany`], [`Error::TooLong`]),
/// and [`Error::Malformed`] for what is no JSON value (a function, a symbol, NaN, a BigInt out
/// of range) or cannot be read (a getter or Proxy that throws).
pub fn read(value: &JsValue) -> Result<Value, Error> {
    let mut limits = InputLimits::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut next = value.clone();
    loop {
        let mut done = match open(next, &frames, &mut limits)? {
            Node::Leaf(v) => Some(v),
            Node::Frame(f) => {
                frames.push(f);
                None
            }
        };
        next = loop {
            let Some(top) = frames.last_mut() else {
                return Ok(done.unwrap_or(Value::Null));
            };
            if let Some(v) = done.take() {
                top.put(v);
            }
            if top.next >= top.len {
                done = frames.pop().map(Frame::finish);
                if frames.is_empty() {
                    return Ok(done.unwrap_or(Value::Null));
                }
                continue;
            }
            let i = top.next;
            top.next += 1;
            let key = top.keys.as_ref().map(|keys| keys.get(i).as_string());
            let source = top.source.clone();
            let child = match key {
                Some(key) => {
                    let key = key.unwrap_or_default();
                    let parent = frames.len() - 1;
                    limits.text(key.chars().count(), key.len(), &|| {
                        path(frames.get(..parent).unwrap_or_default())
                    })?;
                    let child = js_sys::Reflect::get(&source, &JsValue::from_str(&key));
                    if let Some(top) = frames.last_mut() {
                        top.key = key;
                    }
                    child
                }
                None => js_sys::Reflect::get_u32(&source, i),
            };
            match child {
                Ok(child) => break child,
                Err(_) => {
                    return Err(unreadable(
                        &frames,
                        ReadProblem::Unreadable(JsPart::Property),
                    ));
                }
            }
        };
    }
}

enum Node {
    Leaf(Value),
    Frame(Frame),
}

/// Largest integer a JS number holds exactly.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// One value at the path of `frames`: a leaf read, or an array or object to read.
fn open(v: JsValue, frames: &[Frame], limits: &mut InputLimits) -> Result<Node, Error> {
    let at = || path(frames);
    if v.is_null() || v.is_undefined() {
        limits.scalar(4)?;
        return Ok(Node::Leaf(Value::Null));
    }
    if let Some(b) = v.as_bool() {
        limits.scalar(if b { 4 } else { 5 })?;
        return Ok(Node::Leaf(Value::Bool(b)));
    }
    if let Some(f) = v.as_f64() {
        let n = if f.fract() == 0.0 && f.abs() <= MAX_SAFE_INTEGER {
            // Whole numbers stay whole (`8`, not `8.0`), as the scenario's integer fields need.
            Some(Number::from(f as i64))
        } else {
            Number::from_f64(f)
        };
        let Some(n) = n else {
            return Err(unreadable(frames, ReadProblem::NotFinite));
        };
        limits.scalar(number_len(&n))?;
        return Ok(Node::Leaf(Value::Number(n)));
    }
    if v.is_bigint() {
        let n = i64::try_from(v.clone())
            .map(Number::from)
            .or_else(|_| u64::try_from(v).map(Number::from));
        let Ok(n) = n else {
            return Err(unreadable(frames, ReadProblem::BigIntOutOfRange));
        };
        limits.scalar(number_len(&n))?;
        return Ok(Node::Leaf(Value::Number(n)));
    }
    if v.is_string() {
        // A JS string's length counts UTF-16 units, at most two per character: one too long
        // for the limit by that count is refused before it is copied into the module.
        let units = v.unchecked_ref::<JsString>().length() as usize;
        if units > 2 * gpu_tco_core::MAX_TEXT {
            return Err(Error::TooLong {
                path: at(),
                len: units,
                max: gpu_tco_core::MAX_TEXT,
            });
        }
        let s = v.as_string().unwrap_or_default();
        limits.text(s.chars().count(), s.len(), &at)?;
        return Ok(Node::Leaf(Value::String(s)));
    }
    let depth = frames.len() + 1;
    let array =
        is_array(&v).map_err(|_| unreadable(frames, ReadProblem::Unreadable(JsPart::Value)))?;
    if array {
        let len = js_sys::Reflect::get(&v, &JsValue::from_str("length"))
            .ok()
            .and_then(|l| l.as_f64())
            .filter(|l| l.fract() == 0.0 && *l >= 0.0)
            .ok_or_else(|| unreadable(frames, ReadProblem::Unreadable(JsPart::ArrayLength)))?;
        limits.container(depth, len.min(u32::MAX as f64) as usize, false, &at)?;
        return Ok(Node::Frame(Frame {
            source: v,
            keys: None,
            len: len as u32,
            next: 0,
            key: String::new(),
            built: Built::Array(Vec::new()),
        }));
    }
    if v.is_object() {
        let keys = object_keys(&v)
            .map_err(|_| unreadable(frames, ReadProblem::Unreadable(JsPart::ObjectKeys)))?;
        let len = keys.length();
        limits.container(depth, len as usize, true, &at)?;
        return Ok(Node::Frame(Frame {
            source: v,
            keys: Some(keys),
            len,
            next: 0,
            key: String::new(),
            built: Built::Object(Map::new()),
        }));
    }
    Err(unreadable(frames, ReadProblem::NotJsonValue))
}
