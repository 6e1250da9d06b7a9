//! The on-demand module (`gpu-tco-features`): the sections the first screen loads when one is
//! first opened (see `gpu_tco_web::split`). It exports `mount` and `update`, and `spread`,
//! which computes how sure the answer is for the first screen; it mounts nothing by itself.

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

/// How sure the answer is for `scenario` (JSON) over its ranges, as JSON (the spread, or
/// `{"error": …}` in `lang`, `de` or `en`): the first screen's bands and range verdict.
#[wasm_bindgen]
pub fn spread(scenario: &str, lang: &str) -> String {
    gpu_tco_web::first::spread::spread_json(scenario, gpu_tco_web::i18n::Lang::from_tag(lang))
}
