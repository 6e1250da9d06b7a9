//! The page's wasm entry point: mounts the calculator into `<body>`. (The JS API is a module of
//! its own, `gpu-tco-api`, which `api.js` loads.)

use wasm_bindgen::prelude::*;

fn main() {
    leptos::mount::mount_to_body(gpu_tco_web::app::App);
}

/// Test hook, `__gpu_tco_fault()`: overflows the module's stack, the failure of issue 18 (a
/// "trap" that leaves the instance unusable). The browser tests call it to check that the page
/// reloads itself with its scenario. A page that calls it only breaks its own instance.
#[wasm_bindgen(js_name = "__gpu_tco_fault")]
pub fn fault() -> u32 {
    gpu_tco_web::api::overflow(0)
}
