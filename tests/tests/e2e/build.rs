//! The page under test is the optimised build, and it runs without console errors.

use std::path::PathBuf;

use gpu_tco_e2e::{
    Error, Harness, LogEntry, Result, dist_dir, dist_names, page_assets, strings, workspace_root,
};

/// Where trunk leaves wasm-bindgen's output and wasm-opt's output of a release build of `bin`.
fn trunk_stage(tool: &str, bin: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"));
    target
        .join(tool)
        .join("release")
        .join(format!("{bin}_bg.wasm"))
}

fn read(path: &std::path::Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| {
        Error(format!(
            "{}: {e} (run make dist first: it builds with trunk --release)",
            path.display()
        ))
    })
}

pub async fn run(h: &Harness) -> Result<()> {
    // Four modules in dist/: the page's, the sections' opened on demand (web/src/split.rs),
    // the embed's (embed.html) and the JS API's (api.js), each wasm-opt's output, not
    // wasm-bindgen's.
    let modules = dist_names("wasm")?;
    assert_eq!(modules.len(), 4, "four .wasm in dist/: {modules:?}");
    let mut page = None;
    for bin in [
        "gpu-tco-web",
        "gpu-tco-features",
        "gpu-tco-embed",
        "gpu-tco-api",
    ] {
        let named: Vec<&String> = modules
            .iter()
            .filter(|m| m.starts_with(&format!("{bin}-")))
            .collect();
        assert_eq!(named.len(), 1, "one {bin} module in dist/: {modules:?}");
        let wasm = named[0];
        let shipped = read(&dist_dir().join(wasm))?;
        let optimised = read(&trunk_stage("wasm-opt", bin))?;
        let unoptimised = read(&trunk_stage("wasm-bindgen", bin))?;
        assert!(
            shipped == optimised,
            "dist/{wasm} ({} bytes) is not wasm-opt's output ({} bytes)",
            shipped.len(),
            optimised.len()
        );
        assert!(
            shipped.len() < unoptimised.len(),
            "wasm-opt did not shrink {bin}: {} ≥ {} bytes",
            shipped.len(),
            unoptimised.len()
        );
        if bin == "gpu-tco-web" {
            page = Some(wasm.clone());
        }
    }
    let wasm = &page.unwrap_or_default();

    // The browser fetched that very file (and the glue and style sheet), all with status 200.
    h.open("/?lang=en").await?;
    let origin = &h.server.origin;
    let loaded = h
        .js("return performance.getEntriesByType('resource').map(e => [e.name, String(e.responseStatus)]);")
        .await?;
    let loaded: Vec<(String, String)> = loaded
        .as_array()
        .map(|a| {
            a.iter()
                .map(|p| {
                    let p = strings(p);
                    (
                        p.first().cloned().unwrap_or_default(),
                        p.get(1).cloned().unwrap_or_default(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let assets = page_assets()?;
    for ext in [".wasm", ".js", ".css"] {
        assert!(
            assets.iter().any(|a| a.ends_with(ext)),
            "index.html loads no {ext}: {assets:?}"
        );
    }
    assert!(assets.contains(wasm), "index.html loads {wasm}: {assets:?}");
    for name in assets {
        let url = format!("{origin}/{name}");
        let status = loaded.iter().find(|(u, _)| *u == url).map(|(_, s)| s);
        assert_eq!(
            status.map(String::as_str),
            Some("200"),
            "{url} among the loaded resources: {loaded:?}"
        );
    }
    // The module really runs: the page rendered the model's results.
    assert_eq!(h.text("result-productive-hours").await?, "336 h");

    // The precompressed copies: each `.gz` unpacks to its file, byte for byte (the release
    // build writes them with Zopfli); step 33 checks that a browser is sent them.
    for name in compressible_files()? {
        let file = read(&dist_dir().join(&name))?;
        let gz = read(&dist_dir().join(format!("{name}.gz")))?;
        let mut unpacked = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut unpacked)
            .map_err(|e| Error(format!("{name}.gz: {e}")))?;
        assert!(unpacked == file, "{name}.gz does not unpack to {name}");
        assert!(
            gz.len() < file.len() || file.len() < 1000,
            "{name}.gz ({} bytes) is no smaller than {name} ({} bytes)",
            gz.len(),
            file.len()
        );
    }

    no_errors_since_last_check(h).await
}

/// No `SEVERE` browser console entry since the last look at the log.
pub async fn no_errors_since_last_check(h: &Harness) -> Result<()> {
    let log = h.browser_log().await?;
    let severe: Vec<&LogEntry> = log.iter().filter(|e| e.level == "SEVERE").collect();
    assert!(severe.is_empty(), "console errors: {severe:#?}");
    Ok(())
}

/// The files of `dist/` the build writes precompressed copies of (text and wasm).
fn compressible_files() -> Result<Vec<String>> {
    const COMPRESSED: [&str; 9] = [
        ".html",
        ".js",
        ".mjs",
        ".wasm",
        ".css",
        ".svg",
        ".webmanifest",
        ".json",
        ".txt",
    ];
    Ok(gpu_tco_e2e::dist_files()?
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .filter(|n| COMPRESSED.iter().any(|ext| n.ends_with(ext)))
        .collect())
}
