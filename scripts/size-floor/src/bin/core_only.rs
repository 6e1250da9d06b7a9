//! Floor 1: the cost model and its JSON reader, nothing else. One export reads a scenario (as a
//! file or link would bring it), evaluates it and returns two headline figures.
use wasm_bindgen::prelude::*;

/// Reads, evaluates and answers with "productive hours;own total" or the error's text.
#[wasm_bindgen]
pub fn evaluate_json(text: &str) -> String {
    match gpu_tco_core::Scenario::from_json(text).and_then(|s| gpu_tco_core::evaluate(&s)) {
        Ok(r) => format!("{};{}", r.load.productive_hours, r.own.costs.total),
        Err(e) => e.to_string(),
    }
}

fn main() {}
