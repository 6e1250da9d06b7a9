//! The page's components: the app shell, input panels, results, charts and the explanation.

pub mod app;
pub mod chart_views;
pub mod explain;
pub mod field;
pub mod panels;
pub mod results;
