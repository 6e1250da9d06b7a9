//! The wasm entry point: mounts the calculator into `<body>`.

fn main() {
    leptos::mount::mount_to_body(gpu_tco_web::components::app::App);
}
