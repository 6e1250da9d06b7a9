//! What Chromium showed, for Firefox and WebKit to show the same.
//!
//! Money figures and break-even months follow from the cost model, which changes; what must not
//! change from one engine to the next is that a visitor sees the same figures, in the same
//! words and number formats, for the same scenario. So the cross-engine steps read what the
//! page shows and check it here: Chromium's reading is kept, and every later reading of the same
//! thing (on another engine, or again on Chromium, e.g. from the single file) must equal it.

use std::collections::BTreeMap;
use std::sync::Mutex;

use gpu_tco_e2e::{Engine, Error, Harness, Result};
use serde_json::Value;

/// Readings by name ("results en", "chart-cumulative de 1280", …).
#[derive(Debug, Default)]
pub struct Reference {
    seen: Mutex<BTreeMap<String, Value>>,
}

impl Reference {
    /// Keeps `seen` as the reading `key` if Chromium is the first to read it, or compares it
    /// with the reading kept before.
    ///
    /// # Errors
    ///
    /// If `seen` differs from the kept reading (the message lists what differs), or if another
    /// engine reads what Chromium has not.
    pub fn check(&self, h: &Harness, key: &str, seen: Value) -> Result<()> {
        let mut kept = self
            .seen
            .lock()
            .map_err(|_| Error("the reference readings are poisoned".to_owned()))?;
        let engine = h.engine();
        match kept.get(key) {
            Some(before) if *before == seen => Ok(()),
            Some(before) => Err(Error(format!(
                "{key}: {engine} shows other figures than Chromium did:\n{}",
                differences(before, &seen, engine)
            ))),
            None if engine == Engine::Chromium => {
                kept.insert(key.to_owned(), seen);
                Ok(())
            }
            None => Err(Error(format!(
                "{key}: no Chromium reading to compare {engine} with (Chromium runs first; \
                 leave it in GPU_TCO_ENGINES and the step in GPU_TCO_STEPS)"
            ))),
        }
    }
}

/// The entries of two readings that differ, one a line: by key for objects, by index for lists.
fn differences(chromium: &Value, other: &Value, engine: Engine) -> String {
    let line = |at: &str, a: Option<&Value>, b: Option<&Value>| {
        let show = |v: Option<&Value>| v.map_or_else(|| "(missing)".to_owned(), Value::to_string);
        format!("  {at}: chromium {}, {engine} {}", show(a), show(b))
    };
    let lines: Vec<String> = match (chromium, other) {
        (Value::Object(a), Value::Object(b)) => a
            .keys()
            .chain(b.keys().filter(|k| !a.contains_key(*k)))
            .filter(|k| a.get(*k) != b.get(*k))
            .map(|k| line(k, a.get(k), b.get(k)))
            .collect(),
        (Value::Array(a), Value::Array(b)) => (0..a.len().max(b.len()))
            .filter(|&i| a.get(i) != b.get(i))
            .map(|i| line(&i.to_string(), a.get(i), b.get(i)))
            .collect(),
        _ => vec![line("value", Some(chromium), Some(other))],
    };
    lines.join("\n")
}
