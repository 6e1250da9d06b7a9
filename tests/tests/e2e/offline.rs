//! The installed page works offline (DESIGN.md §1): the service worker `sw.js` precaches the
//! whole build, and the calculator, its embed view and the demo page keep working with the
//! server gone; a new build replaces the cache cleanly.

use std::path::Path;

use gpu_tco_e2e::{Error, Harness, Result, dist_dir, dist_files};
use serde_json::{Value, json};

use crate::embed;

/// Every cache of the origin with the URLs it holds: `{name: [url, …]}`.
const CACHES: &str = "
    const done = arguments[arguments.length - 1];
    caches.keys().then(async (keys) => {
      const out = {};
      for (const k of keys) out[k] = (await (await caches.open(k)).keys()).map((r) => r.url);
      done(out);
    }, (e) => done(String(e)));";

async fn caches(h: &Harness) -> Result<serde_json::Map<String, Value>> {
    match h.js_async(CACHES, vec![]).await? {
        Value::Object(map) => Ok(map),
        other => Err(Error(format!("caches: {other}"))),
    }
}

/// The cache name written into a build's `sw.js`.
fn cache_name(sw: &str) -> Result<String> {
    sw.lines()
        .find_map(|l| l.strip_prefix("const CACHE = \""))
        .and_then(|rest| rest.split('"').next())
        .map(str::to_owned)
        .ok_or_else(|| Error("no `const CACHE = \"…\"` in sw.js".to_owned()))
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| Error(format!("{}: {e}", path.display())))
}

/// Waits until the page is controlled by `/sw.js` and the origin has exactly the cache `name`.
async fn wait_for_cache(h: &Harness, name: &str) -> Result<()> {
    let sw = format!("{}/sw.js", h.server.origin);
    const CONTROLLED: &str =
        "const c = navigator.serviceWorker && navigator.serviceWorker.controller;
         return !!(c && c.scriptURL === arguments[0] && c.state === 'activated');";
    // A page loaded while the worker was still installing stays uncontrolled until it is loaded
    // again (WebKit, on a busy machine, now and then): after 15 s without control the test
    // reloads once, as a visitor would, and then waits the usual time.
    let soon = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while std::time::Instant::now() < soon {
        if h.js_with(CONTROLLED, vec![json!(sw)]).await? == json!(true) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    if h.js_with(CONTROLLED, vec![json!(sw)]).await? != json!(true) {
        eprintln!("  not controlled after 15 s: reloading once");
        h.reload("body").await?;
    }
    h.wait_for_js(
        CONTROLLED,
        vec![json!(sw)],
        "the service worker controls the page",
    )
    .await?;
    let deadline = std::time::Instant::now() + gpu_tco_e2e::WAIT;
    loop {
        // Only the names: opening a cache that is being deleted would create it again.
        let names = gpu_tco_e2e::strings(
            &h.js_async(
                "const done = arguments[arguments.length - 1];
                 caches.keys().then(done, (e) => done([String(e)]));",
                vec![],
            )
            .await?,
        );
        if names == [name] {
            return Ok(());
        }
        if std::time::Instant::now() > deadline {
            let workers = h
                .js_async(
                    "const done = arguments[arguments.length - 1];
                     navigator.serviceWorker.getRegistration().then((r) => done(r ? [r.installing, r.waiting, r.active]
                       .map((w) => w && [w.scriptURL, w.state]) : null), (e) => done(String(e)));",
                    vec![],
                )
                .await?;
            return Err(Error(format!(
                "expected only the cache {name}, found {names:?} (workers installing, waiting, active: {workers})"
            )));
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Waits until the service worker of the build in `dist/` controls the page and its cache is
/// the origin's only one: the page is installed.
pub async fn wait_for_installed(h: &Harness) -> Result<()> {
    let name = cache_name(&read(&dist_dir().join("sw.js"))?)?;
    wait_for_cache(h, &name).await
}

/// Step: once the service worker controls the page, the server can go away: the calculator
/// (with a query string and a fragment), the embed view and the demo page with its live quote
/// all load from the cache and compute. The server is started again at the end.
pub async fn run(h: &Harness) -> Result<()> {
    let origin = h.server.origin.clone();
    h.open("/?lang=en").await?;
    let name = cache_name(&read(&dist_dir().join("sw.js"))?)?;
    wait_for_cache(h, &name).await?;

    // The cache holds every file of the build (but sw.js itself), all from this origin.
    let all = caches(h).await?;
    let mut cached: Vec<String> = all.get(&name).map(gpu_tco_e2e::strings).unwrap_or_default();
    cached.sort();
    let mut expected: Vec<String> = dist_files()?
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .filter(|n| n != "sw.js")
        .map(|n| format!("{origin}/{n}"))
        .collect();
    expected.sort();
    assert_eq!(cached, expected, "the precached files");

    h.server.stop().await?;
    let offline = async {
        // The browser's reload button, then a slider move recomputes.
        h.reload("[data-testid=result-productive-hours]").await?;
        h.wait_for_text("result-productive-hours", "336 h").await?;
        h.move_slider("f-calendar-working_days-range", 20.0).await?;
        h.wait_for_text("result-productive-hours", "320 h").await?;
        // Another address of the same page, with a share link in the fragment.
        h.open("/index.html?lang=en#v=2&calendar.working_days=22")
            .await?;
        h.wait_for_text("result-productive-hours", "352 h").await?;

        // The embed view: same index.html, other query.
        h.open("/index.html?view=embed&lang=de&own=own-h200-nvl-8&rent=azure-nd-h200-on-demand")
            .await?;
        h.wait_for_text("result-productive-hours", "336 Std.").await?;
        let rent = h.text("legend-1").await?;
        assert!(rent.contains("Azure"), "offline embed rent option: {rent:?}");

        // The demo page: both embeds and the quote through api.js.
        h.open_page("/demo.html", embed::SCRIPTED).await?;
        embed::both_show_336(h).await?;
        // The snippet shows the default's answer drawn at build time; touched, it loads its
        // calculator from the cache and computes (a field's focus is a touch).
        embed::touch_snippet(h).await?;
        h.wait_until_css("#quote-hours", |t| t == "336", "\"336\"")
            .await?;
        h.wait_until_css("#quote-answer", |t| t == embed::QUOTE_ANSWER, embed::QUOTE_ANSWER)
            .await?;

        // A file that is not part of the build is not invented: offline, it fails.
        let missing = h
            .js_async(
                "const done = arguments[arguments.length - 1];
                 fetch('/not-in-the-build.txt').then((r) => done('status ' + r.status), () => done('failed'));",
                vec![],
            )
            .await?;
        assert_eq!(missing, json!("failed"), "an uncached file while offline");
        // That failure is the only console error (the last step checks the rest of the log).
        let log = h.browser_log().await?;
        let other: Vec<&gpu_tco_e2e::LogEntry> = log
            .iter()
            .filter(|e| e.level == "SEVERE" && !e.message.contains("/not-in-the-build.txt"))
            .collect();
        assert!(other.is_empty(), "console errors: {other:#?}");
        Ok::<(), Error>(())
    }
    .await;
    h.server.restart().await?;
    offline?;
    // Back online, the page is still the installed one.
    h.open("/?lang=en").await?;
    wait_for_cache(h, &name).await
}

/// Step: a new build has a new cache name; the browser installs it, the new worker takes over
/// and deletes the old cache, and pages come from the new build. Then the same back to the
/// real build, so later steps see it.
pub async fn update(h: &Harness) -> Result<()> {
    let dist = dist_dir();
    let old = cache_name(&read(&dist.join("sw.js"))?)?;
    let new = format!("{old}-next");
    // The "new build": a copy of dist/ with a changed demo page and the cache name that change
    // would give. Going back is a fresh copy of dist/ as it is: newer files than the ones the
    // browser saw last, as after a real deployment (dist/ itself is older, and the server
    // would answer the browser's If-Modified-Since with 304 Not Modified).
    let next = copy_build(Some(&new), 10)?;
    let back = copy_build(None, 20)?;

    h.open("/?lang=en").await?;
    wait_for_cache(h, &old).await?;
    let switched = async {
        h.server.serve_from(next.path()).await?;
        check_update(h, &new).await?;
        h.open_page("/demo.html", "#e2e-next-build").await?;
        h.server.serve_from(back.path()).await?;
        h.open("/?lang=en").await?;
        check_update(h, &old).await?;
        Ok::<(), Error>(())
    }
    .await;
    h.server.serve_from(&dist).await?;
    switched?;
    h.open_page("/demo.html", embed::SCRIPTED).await?;
    let marker = h
        .js("return document.getElementById('e2e-next-build') === null;")
        .await?;
    assert_eq!(marker, json!(true), "the old build's demo page is back");
    embed::both_show_336(h).await
}

/// A copy of `dist/` in a temporary folder; with `Some(cache)`, changed as a new build would
/// be: a line more on the demo page, and `cache` as the service worker's cache name. Its files
/// are dated `later` seconds from now (HTTP dates have whole seconds: two copies made within
/// one second would look unchanged to the browser's If-Modified-Since).
fn copy_build(cache: Option<&str>, later: u64) -> Result<tempfile::TempDir> {
    let dist = dist_dir();
    let dir = tempfile::Builder::new()
        .prefix("gpu-tco-build-")
        .tempdir()
        .map_err(|e| Error(format!("temporary folder: {e}")))?;
    for file in dist_files()? {
        if let Some(name) = file.file_name() {
            std::fs::copy(&file, dir.path().join(name))
                .map_err(|e| Error(format!("copy {}: {e}", file.display())))?;
        }
    }
    if let Some(new) = cache {
        let sw = read(&dist.join("sw.js"))?;
        let sw = sw.replace(&cache_name(&sw)?, new);
        let demo = read(&dist.join("demo.html"))?.replace(
            "<main class=\"article\">",
            "<main class=\"article\"><p id=\"e2e-next-build\">next build</p>",
        );
        for (name, text) in [("sw.js", sw), ("demo.html", demo)] {
            std::fs::write(dir.path().join(name), text)
                .map_err(|e| Error(format!("write {name}: {e}")))?;
        }
    }
    let date = std::time::SystemTime::now() + std::time::Duration::from_secs(later);
    for file in dist_files()? {
        if let Some(name) = file.file_name() {
            let path = dir.path().join(name);
            std::fs::File::options()
                .write(true)
                .open(&path)
                .and_then(|f| f.set_modified(date))
                .map_err(|e| Error(format!("date {}: {e}", path.display())))?;
        }
    }
    Ok(dir)
}

/// Asks the browser to check for an update (as it does on its own on a later visit) and waits
/// until the worker of the build with cache `name` controls the page and is the only cache.
async fn check_update(h: &Harness, name: &str) -> Result<()> {
    let asked = h
        .js_async(
            "const done = arguments[arguments.length - 1];
             navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => done('ok'), (e) => done(String(e)));",
            vec![],
        )
        .await?;
    assert_eq!(asked, json!("ok"), "registration.update()");
    wait_for_cache(h, name).await
}
