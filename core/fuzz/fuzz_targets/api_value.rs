//! Arbitrary JSON values into the JS API's way in: `Scenario::from_partial_value`, and whatever
//! loads into `evaluate`. The bytes are a value twice over: as JSON text when they are JSON (the
//! seeds are partial scenarios), else as a little program that builds a value of any shape,
//! nested deeper than any JSON text reader goes, from the scenario's field names, numbers and
//! strings. None of it may panic or overflow the stack (either kills the page's WebAssembly),
//! and nothing over the input limits may be read.
#![no_main]

use gpu_tco_core::{Scenario, check_input, evaluate};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};

/// Names the program picks keys and strings from: the scenario's fields and choices, and a few
/// a hostile caller tries.
const WORDS: &[&str] = &[
    "version", "calendar", "working_days", "service", "batch", "peaks", "measured", "days",
    "start_hour", "end_hour", "gpus", "days_of_month", "months", "rent", "label", "currency",
    "gpus_per_instance", "price", "price_unit", "billing", "mode", "always_on", "reserved",
    "start_stop", "savings_plan", "reserved_savings_plan", "spot_batch", "capacity_block",
    "monthly", "start_overhead_hours", "term_years", "price_ratio", "commitment_instances",
    "spot_price", "block_days", "extras", "egress_tiers", "up_to_gb", "price_per_gb", "own",
    "energy", "pue", "price_per_kwh", "financing", "cash", "loan", "term_months", "finance",
    "horizon_months", "discount_rate_percent", "display_currency", "hybrid", "own_gpus", "EUR",
    "USD", "working_days", "all_days", "21", "0.43", "-1", "1e9", "", "__proto__", "load_gpus",
    "per",
];

/// Deepest nesting the program builds: well past the limit (32), and shallow enough that
/// dropping the value (which recurses in serde_json) is safe here.
const MAX_BUILD_DEPTH: usize = 200;

fn word(b: u8) -> &'static str {
    WORDS.get(usize::from(b) % WORDS.len()).copied().unwrap_or("")
}

/// Puts `v` into the innermost open container, or makes it the root.
fn put(stack: &mut Vec<(Value, String)>, root: &mut Option<Value>, v: Value) {
    match stack.last_mut() {
        Some((Value::Object(m), key)) => {
            m.insert(key.clone(), v);
        }
        Some((Value::Array(a), _)) => a.push(v),
        Some(_) => {}
        None => *root = Some(v),
    }
}

/// Builds a value from the bytes, two at a time: an operation and its argument.
fn build(data: &[u8]) -> Value {
    let mut stack: Vec<(Value, String)> = Vec::new();
    let mut root = None;
    for op in data.chunks(2) {
        let (code, arg) = (op.first().copied().unwrap_or(0), op.get(1).copied().unwrap_or(0));
        match code % 9 {
            0 if stack.len() < MAX_BUILD_DEPTH => {
                stack.push((Value::Object(Map::new()), word(arg).to_owned()))
            }
            1 if stack.len() < MAX_BUILD_DEPTH => {
                stack.push((Value::Array(Vec::new()), word(arg).to_owned()))
            }
            2 => {
                if let Some((v, _)) = stack.pop() {
                    put(&mut stack, &mut root, v);
                }
            }
            3 => put(&mut stack, &mut root, Value::from(i64::from(arg as i8) * 7)),
            4 => put(
                &mut stack,
                &mut root,
                serde_json::Number::from_f64(f64::from(arg) / 8.0 - 4.0).map_or(Value::Null, Value::Number),
            ),
            5 => put(&mut stack, &mut root, Value::from(word(arg))),
            6 => put(&mut stack, &mut root, Value::Bool(arg % 2 == 0)),
            7 => put(&mut stack, &mut root, Value::Null),
            // The key of the next entry of the innermost object.
            _ => {
                if let Some((_, key)) = stack.last_mut() {
                    *key = word(arg).to_owned();
                }
            }
        }
    }
    while let Some((v, _)) = stack.pop() {
        put(&mut stack, &mut root, v);
    }
    root.unwrap_or(Value::Null)
}

fuzz_target!(|data: &[u8]| {
    let value = match serde_json::from_slice::<Value>(data) {
        Ok(v) => v,
        Err(_) => build(data),
    };
    let within_limits = check_input(&value).is_ok();
    if let Ok(scenario) = Scenario::from_partial_value(value) {
        assert!(within_limits, "a value over the input limits was read");
        assert!(scenario.validate().is_ok(), "a scenario read is invalid");
        let _ = evaluate(&scenario);
    }
});
