//! No request leaves the page's origin, and the Content-Security-Policy says so too.

use gpu_tco_e2e::{Harness, Result};

pub async fn run(h: &Harness) -> Result<()> {
    // Everything every page of this session loaded, after all the steps before this one.
    let urls = h.all_loaded_urls().await?;
    let origin = format!("{}/", h.server.origin);
    assert!(
        origin.starts_with("http://127.0.0.1:"),
        "served on loopback: {origin}"
    );
    let foreign: Vec<&String> = urls.iter().filter(|u| !u.starts_with(&origin)).collect();
    assert!(foreign.is_empty(), "requests outside {origin}: {foreign:?}");
    for ext in [".wasm", ".js", ".css"] {
        assert!(
            urls.iter().any(|u| u.ends_with(ext)),
            "no {ext} among the loaded resources: {urls:?}"
        );
    }

    // The policy in the served page.
    h.open("/?lang=en").await?;
    let csp = h
        .js(
            "const m = document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]'); \
             return m ? m.content : '';",
        )
        .await?;
    let csp = csp.as_str().unwrap_or_default();
    let directives: Vec<Vec<&str>> = csp
        .split(';')
        .map(|d| d.split_whitespace().collect())
        .filter(|d: &Vec<&str>| !d.is_empty())
        .collect();
    assert!(
        directives.contains(&vec!["default-src", "'self'"]),
        "default-src 'self' in {csp:?}"
    );
    let sources: Vec<&str> = directives.iter().flatten().copied().collect();
    assert!(
        !sources.contains(&"'unsafe-inline'"),
        "'unsafe-inline' in {csp:?}"
    );
    assert!(
        !sources.contains(&"'unsafe-eval'"),
        "'unsafe-eval' in {csp:?}"
    );
    assert!(!sources.contains(&"*"), "a wildcard source in {csp:?}");
    Ok(())
}
