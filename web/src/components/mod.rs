//! The page's components: the app shell, input panels, results, charts and the explanation.

pub mod actions;
pub mod analysis;
pub mod app;
pub mod chart_views;
pub mod compare;
pub mod explain;
pub mod field;
pub mod finance;
pub mod import;
pub mod import_texts;
pub mod panels;
pub mod peaks;
pub mod results;
pub mod sources;
pub mod summary;

use leptos::prelude::*;

use crate::components::field::Text;
use crate::state::Ctx;

/// A translated string that follows the language: one closure type for every string on the
/// page, so the reactive text renderer is compiled once rather than once per string.
pub fn tr(text: Text) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = Ctx::get().lang;
    move || text(lang.get().t())
}
