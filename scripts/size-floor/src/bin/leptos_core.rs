//! Floor 3: the smallest calculator: Leptos, the model with its JSON reader (files, links and
//! the JS API need it), one slider (working days), two results and one plotters SVG chart.
#[path = "../calculator.rs"]
mod calculator;

fn main() {
    let hash = leptos::prelude::window().location().hash().unwrap_or_default();
    let start = gpu_tco_core::Scenario::from_json(hash.trim_start_matches('#')).unwrap_or_default();
    calculator::mount(start);
}
