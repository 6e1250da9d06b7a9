//! The core's public surface (issue 20): the model's types and `evaluate` at the root, each
//! feature in its namespace (`metrics`, `presets`, `share`, `analysis`, `ranges`, `inputs`,
//! `schema`, `sizing`). A tidy check on `lib.rs`, as the page's layering test is: a root
//! re-export from a feature's module fails here.

use std::path::Path;

/// The names `lib.rs` re-exports at the root, with the module each comes from.
fn root_exports() -> Vec<(String, String)> {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("core/src/lib.rs");
    // Only the crate root's own `pub use` items: the namespace modules' bodies are indented.
    let mut out = Vec::new();
    let mut item = String::new();
    for line in lib.lines() {
        if line.starts_with("pub use crate::") || !item.is_empty() {
            item.push_str(line.trim());
            item.push(' ');
            if line.trim_end().ends_with(';') {
                let path = item
                    .trim_start_matches("pub use crate::")
                    .trim()
                    .trim_end_matches(';');
                let (module, names) = path.split_once("::").unwrap_or((path, ""));
                let names = names.trim().trim_start_matches('{').trim_end_matches('}');
                for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                    out.push((module.to_owned(), name.to_owned()));
                }
                item.clear();
            }
        }
    }
    out
}

#[test]
fn features_live_in_their_namespaces() {
    let root = root_exports();
    assert!(
        root.len() > 40,
        "the root's re-exports were not found: {root:?}"
    );
    let misplaced: Vec<&(String, String)> = root
        .iter()
        .filter(|(module, name)| {
            ["metrics", "presets", "share", "cashflow", "sensitivity"].contains(&module.as_str())
                || (module == "hybrid" && name != "Hybrid")
        })
        .collect();
    assert!(
        misplaced.is_empty(),
        "feature names re-exported at the root (use their namespace): {misplaced:?}"
    );
}

#[test]
fn the_models_types_are_at_the_root() {
    // An option's GPUs for the load sits with the load profile it scales, beside the options
    // that carry it (issue 16).
    let root = root_exports();
    for (module, name) in [
        ("rent", "RentOption"),
        ("own", "OwnOption"),
        ("load", "LoadProfile"),
        ("load", "LoadGpus"),
    ] {
        assert!(
            root.contains(&(module.to_owned(), name.to_owned())),
            "{module}::{name} is not re-exported at the root: {root:?}"
        );
    }
    let mut option = gpu_tco_core::Scenario::default().rent.swap_remove(0);
    option.load_gpus = Some(gpu_tco_core::LoadGpus { gpus: 16, per: 8 });
    assert!(option.validate("rent.0").is_ok());
}

#[test]
fn the_namespaces_answer() {
    // One name from each namespace, through its path.
    let scenario = gpu_tco_core::Scenario::default();
    assert!(gpu_tco_core::presets::preset(gpu_tco_core::presets::DEFAULT_OWN).is_some());
    let fragment = gpu_tco_core::share::to_fragment(&scenario);
    assert_eq!(fragment, "v=2");
    let sweep = gpu_tco_core::analysis::hybrid_sweep(&scenario, 0).expect("the default's sweep");
    assert!(!sweep.points.is_empty());
    assert_eq!(gpu_tco_core::metrics::MAX_METRICS_BYTES, 64 * 1024 * 1024);
}
