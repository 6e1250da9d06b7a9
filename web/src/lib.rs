//! The calculator page: a Leptos single-page app over [`gpu_tco_core`].
//!
//! The page binds inputs to a draft scenario (JSON, addressed by the documented field paths),
//! lets the core validate and evaluate it, formats the report in German or English as the
//! browser's `Intl` would (`fmt`, in Rust), and draws three charts with plotters. It holds no
//! domain arithmetic.
//!
//! ```no_run
//! // In the browser, the binary mounts the app into <body>; natively the crate offers its
//! // pure parts (charts, number parsing, texts) for tests.
//! let frame = gpu_tco_web::charts::Frame::for_fit(gpu_tco_web::charts::Fit::Narrow);
//! assert_eq!(frame.width, 360);
//! ```

/// Every module's heap (the page's, the on-demand sections', the embed's and the JS API's):
/// Talc instead of the standard library's dlmalloc, a smaller allocator that is faster on the
/// many small allocations of an input step. It grows the module's memory as dlmalloc does.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub mod api;
pub mod app;
pub mod charts;
pub mod features;
pub mod first;
pub mod fmt;
pub mod i18n;
pub mod io;
pub mod lang;
pub mod split;
pub mod state;
pub mod texts;
