//! Arbitrary bytes, read as UTF-8 (lossy), into `Scenario::from_json`; whatever loads is
//! evaluated. Neither may panic: a panic kills the WebAssembly instance of the page.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(scenario) = gpu_tco_core::Scenario::from_json(&text) {
        let _ = gpu_tco_core::evaluate(&scenario);
    }
});
