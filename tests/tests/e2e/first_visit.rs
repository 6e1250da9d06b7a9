//! A first visit downloads each file once (issue 15): the page loads its files, the service
//! worker then installs the whole build for offline use, taking the content-hashed files the
//! page has just loaded (the wasm, its glue, the stylesheet) from the browser's HTTP cache and
//! revalidating the others. Runs first, while this browser has never seen the origin.

use std::collections::BTreeMap;

use gpu_tco_e2e::{Error, Harness, Result};

pub async fn run(h: &Harness) -> Result<()> {
    let before = h.server.requests().len();
    h.open("/?lang=en&first-visit=1").await?;
    h.wait_for_text("result-productive-hours", "336 h").await?;
    served_precompressed(h).await?;
    // The worker installed: its cache holds the build.
    let cached = h
        .js_async(
            "const done = arguments[arguments.length - 1];
             navigator.serviceWorker.ready
               .then(() => caches.keys())
               .then((keys) => Promise.all(keys.map((k) => caches.open(k).then((c) => c.keys()))))
               .then((lists) => done(lists.reduce((n, l) => n + l.length, 0)))
               .catch((e) => done(String(e)));",
            vec![],
        )
        .await?;
    let cached = cached
        .as_u64()
        .ok_or_else(|| Error(format!("the worker's cache: {cached}")))?;
    let files = gpu_tco_e2e::dist_files()?.len() as u64;
    // Every file of the build but sw.js itself.
    assert_eq!(cached, files - 1, "files in the worker's cache");

    let mut downloads: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for (path, status) in &h.server.requests()[before..] {
        let entry = downloads.entry(path.clone()).or_default();
        if *status == 200 {
            entry.0 += 1;
        } else {
            entry.1 += 1;
        }
    }
    eprintln!("  first visit, path: (downloads, other answers): {downloads:?}");
    let wasm = gpu_tco_e2e::dist_names("wasm")?;
    for name in &wasm {
        let path = format!("/{name}");
        assert_eq!(
            downloads.get(&path).map(|d| d.0),
            Some(1),
            "{path} downloaded once on a first visit: {downloads:?}"
        );
    }
    // No file twice. (The page's address "/" and the worker's "index.html" are the same file
    // under two names; the browser cannot know, so each is fetched once.)
    let twice: Vec<_> = downloads.iter().filter(|(_, d)| d.0 > 1).collect();
    assert!(twice.is_empty(), "downloaded more than once: {twice:?}");
    Ok(())
}

/// The page's module came over the wire as the build's gzip or brotli copy (the loopback
/// server sends them as a server configured for them does): its encoded size is that copy's,
/// its decoded size the file's. Checked on the first visit, before the service worker serves
/// anything from its cache (whose entries report the unpacked size).
async fn served_precompressed(h: &Harness) -> Result<()> {
    let wasm = gpu_tco_e2e::page_assets()?
        .into_iter()
        .find(|a| a.ends_with(".wasm"))
        .ok_or_else(|| Error("index.html loads no .wasm".into()))?;
    let encoded = h
        .js_with(
            "const e = performance.getEntriesByName(arguments[0])[0];
             return e ? [e.encodedBodySize, e.decodedBodySize] : null;",
            vec![format!("{}/{wasm}", h.server.origin).into()],
        )
        .await?;
    let sizes: Vec<u64> = encoded
        .as_array()
        .map(|a| a.iter().filter_map(serde_json::Value::as_u64).collect())
        .unwrap_or_default();
    let copies = [".gz", ".br"].map(|ext| {
        std::fs::metadata(gpu_tco_e2e::dist_dir().join(format!("{wasm}{ext}")))
            .map(|m| m.len())
            .unwrap_or_default()
    });
    let file_len = shipped_len(&wasm)?;
    match sizes[..] {
        [enc, dec] => {
            assert_eq!(dec, file_len, "the decoded module is the file");
            assert!(
                copies.contains(&enc),
                "the module came as {enc} bytes, not as the build's .gz or .br ({copies:?})"
            );
        }
        _ => return Err(Error(format!("no resource entry for {wasm}: {encoded}"))),
    }
    Ok(())
}

/// The size of `dist/{name}`.
fn shipped_len(name: &str) -> Result<u64> {
    std::fs::metadata(gpu_tco_e2e::dist_dir().join(name))
        .map(|m| m.len())
        .map_err(|e| Error(format!("dist/{name}: {e}")))
}
