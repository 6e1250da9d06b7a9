//! The JavaScript API: `evaluate(scenario)` for host pages that quote live figures.
//!
//! Plain JS objects in and out, with the scenario's documented JSON names. Errors come back as
//! `{error: {kind, path, …}}`, never as an exception.

use gpu_tco_core::{Error, Report, Scenario};
use serde::Serialize;
use wasm_bindgen::JsValue;

#[derive(Serialize)]
struct Answer<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    report: Option<&'a Report>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a Error>,
}

/// Evaluates a (possibly partial) scenario given as a JS object: `{report}` or `{error}`.
pub fn evaluate(scenario: JsValue) -> JsValue {
    let result = serde_wasm_bindgen::from_value::<serde_json::Value>(scenario)
        .map_err(|e| Error::Malformed {
            path: String::new(),
            message: e.to_string(),
        })
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

/// Whether the host page loaded the module only for the API (`__GPU_TCO_API_ONLY = true`).
pub fn api_only() -> bool {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("__GPU_TCO_API_ONLY"))
        .map(|v| v.as_bool() == Some(true))
        .unwrap_or(false)
}
