//! The page's layering, as the README's "Architecture invariants" state it: the first screen
//! (`web/src/first/`) and the modules every part shares (`state`, `lang`, `i18n`, `fmt`,
//! `io`, `charts`, `api`) never name a feature (`web/src/features/`). Only the shell (`app.rs`)
//! puts the two together, which is where the sections opened on demand are loaded. A test rather
//! than a convention, as rust-analyzer's `tidy` does it: a change that makes the first screen
//! depend on a feature fails here, with the file and line.

use std::fs;
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The `.rs` files directly in `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    files
}

/// The lines of `file` that name the features module (in code, a path or a doc link alike).
fn naming_features(file: &Path) -> Vec<String> {
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            line.contains("features::")
                || line.contains("mod features")
                || line.contains("super::super::features")
        })
        .map(|(n, line)| format!("{}:{}: {}", file.display(), n + 1, line.trim()))
        .collect()
}

/// The files that may not name a feature: the first screen's and the shared modules.
fn first_screen_files() -> Vec<PathBuf> {
    let mut files = rust_files(&src().join("first"));
    files.extend(rust_files(&src()).into_iter().filter(|p| {
        // The shell, the crate root and the two modules' entry points.
        !["app.rs", "lib.rs", "main.rs", "features_main.rs"]
            .iter()
            .any(|n| p.ends_with(n))
    }));
    files
}

#[test]
fn the_first_screen_names_no_feature() {
    let files = first_screen_files();
    // The folders are where the README says: a move that empties them would pass vacuously.
    assert!(
        files.len() >= 15,
        "first screen and shared modules: {files:?}"
    );
    let found: Vec<String> = files.iter().flat_map(|f| naming_features(f)).collect();
    assert!(
        found.is_empty(),
        "the first screen must not depend on a feature (README, architecture invariants):\n{}",
        found.join("\n")
    );
}

/// The sections the page loads on demand, in their own module (`web/src/split.rs`).
const ON_DEMAND: [&str; 5] = ["import", "ranges", "whatif", "cashflow", "guest"];

#[test]
fn the_page_module_links_no_section_loaded_on_demand() {
    // The page's module is what `main.rs` mounts: the shell and what it names. Naming a section
    // that loads on demand would link it into the first load (and in twice).
    for file in ["main.rs", "app.rs"] {
        let text = fs::read_to_string(src().join(file)).expect("the shell");
        for part in ON_DEMAND {
            let named = format!("features::{part}");
            assert!(
                !text.contains(&named),
                "{file} names {named}: it would load with the first screen"
            );
        }
    }
    // And the on-demand module's entry point names each of them.
    let guest = fs::read_to_string(src().join("features/guest.rs")).expect("the guest");
    for part in &ON_DEMAND[..4] {
        assert!(
            guest.contains(&format!("features::{part}::")),
            "guest.rs mounts {part}"
        );
    }
}

#[test]
fn the_check_finds_a_feature_named() {
    // The check itself can fail: a file that names a feature is found, with its line.
    let dir = std::env::temp_dir().join(format!("gpu-tco-layering-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("probe.rs");
    fs::write(
        &file,
        "use crate::state::Ctx;\nuse crate::features::import::ImportPanel;\n",
    )
    .expect("the probe file");
    let found = naming_features(&file);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].ends_with(":2: use crate::features::import::ImportPanel;"),
        "{found:?}"
    );
}

#[test]
fn the_readme_folder_map_names_every_file() {
    // The README's folder map lists each file of the first screen and of the features, so
    // that the tree and its description cannot drift apart.
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
        .expect("README.md");
    let map: String = readme
        .lines()
        .filter(|l| l.starts_with("| `web/"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut missing = Vec::new();
    for dir in ["first", "features"] {
        for file in rust_files(&src().join(dir)) {
            let stem = file
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("a file name")
                .to_owned();
            if stem != "mod" && !map.contains(&format!("`{stem}`")) {
                missing.push(format!("{dir}/{stem}.rs"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the README's folder map (rows starting with `web/`) does not name: {missing:?}"
    );
}
