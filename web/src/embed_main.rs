//! The embed's module (`gpu-tco-embed`, loaded by `embed.html`): the compact view alone, for
//! article pages. It carries the first screen's code that the view shows and nothing of the
//! full page's panels, analyses or imports.

fn main() {
    // embed.html shows the default's answer drawn at build time until the reader touches it
    // (scripts/prerender.py, embed_loader.template.js): the live view takes its place in this
    // same task, so no frame shows neither.
    if let Some(pre) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("main[data-prerendered]").ok().flatten())
    {
        pre.remove();
    }
    leptos::mount::mount_to_body(gpu_tco_web::app::EmbedApp);
}
