//! The JS API's module (`gpu-tco-api`, loaded by `api.js`): `evaluate` alone, the cost model and
//! its readers without the page (no view, no charts), so that a host page quoting figures in its
//! text loads only this.

use wasm_bindgen::prelude::*;

fn main() {}

/// `evaluate(scenario)`: a (possibly partial) scenario as a plain JS object in, `{report}` or
/// `{error: {kind, path, …}}` out (see the README's "JS API").
#[wasm_bindgen]
pub fn evaluate(scenario: JsValue) -> JsValue {
    gpu_tco_web::api::evaluate(scenario)
}

/// Test hook, `__gpu_tco_fault()`: overflows the module's stack, the failure of issue 18 (a
/// "trap" that leaves the instance unusable). The browser tests call it to check that `api.js`
/// answers with `{error: {kind: "internal"}}` and loads a fresh instance. A page that calls it
/// only breaks its own instance.
#[wasm_bindgen(js_name = "__gpu_tco_fault")]
pub fn fault() -> u32 {
    gpu_tco_web::api::overflow(0)
}
