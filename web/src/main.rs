//! The wasm entry point: mounts the calculator into `<body>`, and exports the JS API.

use wasm_bindgen::prelude::*;

fn main() {
    if !gpu_tco_web::api::api_only() {
        leptos::mount::mount_to_body(gpu_tco_web::app::App);
    }
}

/// `evaluate(scenario)`: a (possibly partial) scenario as a plain JS object in, `{report}` or
/// `{error: {kind, path, …}}` out (see the README's "JS API").
#[wasm_bindgen]
pub fn evaluate(scenario: JsValue) -> JsValue {
    gpu_tco_web::api::evaluate(scenario)
}

/// Test hook, `__gpu_tco_fault()`: overflows the module's stack, the failure of issue 18 (a
/// "trap" that leaves the instance unusable). The browser tests call it to check that the JS
/// API answers with `{error: {kind: "internal"}}` and loads a fresh instance, and that the page
/// reloads itself with its scenario. A page that calls it only breaks its own instance.
#[wasm_bindgen(js_name = "__gpu_tco_fault")]
pub fn fault() -> u32 {
    overflow(0)
}

/// Recurses until the stack runs out (the check on `depth` is never true, but the compiler
/// cannot know that, so it can neither drop the recursion nor warn of it).
fn overflow(depth: u32) -> u32 {
    let frame = std::hint::black_box([depth; 64]);
    if std::hint::black_box(depth) == u32::MAX {
        return 0;
    }
    overflow(depth + 1).wrapping_add(frame.iter().copied().fold(0, u32::wrapping_add))
}
