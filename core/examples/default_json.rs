//! Prints `Scenario::default()` as JSON: `cargo run -p gpu-tco-core --example default_json`.
//! Its output is `core/src/default.json`, which a test keeps in step with the code.

fn main() {
    println!("{}", gpu_tco_core::Scenario::default().to_json());
}
