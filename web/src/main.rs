//! The wasm entry point: mounts the calculator into `<body>`, and exports the JS API.

use wasm_bindgen::prelude::*;

fn main() {
    if !gpu_tco_web::api::api_only() {
        leptos::mount::mount_to_body(gpu_tco_web::components::app::App);
    }
}

/// `evaluate(scenario)`: a (possibly partial) scenario as a plain JS object in, `{report}` or
/// `{error: {kind, path, …}}` out (see the README's "JS API").
#[wasm_bindgen]
pub fn evaluate(scenario: JsValue) -> JsValue {
    gpu_tco_web::api::evaluate(scenario)
}
