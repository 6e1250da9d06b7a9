//! Floor 3a: floor 3 without the JSON reader (so without files, links or the JS API): Leptos,
//! the model on its defaults, one slider, two results and one plotters SVG chart.
#[path = "../calculator.rs"]
mod calculator;

fn main() {
    calculator::mount(gpu_tco_core::Scenario::default());
}
