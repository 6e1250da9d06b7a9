//! The embed's module (`gpu-tco-embed`, loaded by `embed.html`): the compact view alone, for
//! article pages. It carries the first screen's code that the view shows and nothing of the
//! full page's panels, analyses or imports.

fn main() {
    leptos::mount::mount_to_body(gpu_tco_web::app::EmbedApp);
}
