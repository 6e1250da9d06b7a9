//! Floor 0: the cost model on a scenario built in Rust (no JSON reader, no view). One export
//! sets the working days, evaluates and returns two headline figures.
use wasm_bindgen::prelude::*;

/// Evaluates the default scenario with `days` working days: "productive hours;own total".
#[wasm_bindgen]
pub fn evaluate_days(days: u32) -> String {
    let mut s = gpu_tco_core::Scenario::default();
    s.calendar.working_days = days.into();
    match gpu_tco_core::evaluate(&s) {
        Ok(r) => format!("{};{}", r.load.productive_hours, r.own.costs.total),
        Err(e) => e.to_string(),
    }
}

fn main() {}
