//! The on-demand module (`gpu-tco-features`): the sections the first screen loads when one is
//! first opened (see `gpu_tco_web::split`). It exports `mount` and `update`; it mounts nothing
//! by itself.

use wasm_bindgen::prelude::*;

fn main() {}

/// Mounts the section `part` (`import`, `ranges`, `whatif`, `cashflow`) into `host`, with the
/// first screen's state (`shared`, JSON) and the callback that takes the state back when a
/// section changes the scenario. `false` if it cannot.
#[wasm_bindgen]
pub fn mount(part: &str, host: web_sys::HtmlElement, shared: &str, send: js_sys::Function) -> bool {
    gpu_tco_web::features::guest::mount(part, host, shared, send)
}

/// The first screen's state changed (`shared`, JSON).
#[wasm_bindgen]
pub fn update(shared: &str) {
    gpu_tco_web::features::guest::update(shared);
}
