//! The sections opened on demand: the metrics import, the comparison of two scenarios, how sure
//! the answer is, the what-if analysis (hybrid, sensitivity, heat map), the cash flow, the
//! explanation, the sources and the printed summary, all in the module loaded on demand
//! (`crate::split`, mounted by `guest`). Each builds on the first screen
//! (`crate::first`, the state, texts and charts); the first screen never names one of them.

pub mod cashflow;
pub mod cashflow_texts;
pub mod compare;
pub mod compare_texts;
pub mod explain;
pub mod explain_texts;
pub mod guest;
pub mod import;
pub mod import_texts;
pub mod print;
pub mod print_texts;
pub mod ranges;
pub mod ranges_texts;
pub mod sizing;
pub mod sizing_texts;
pub mod sources;
pub mod sources_texts;
pub mod whatif;
pub mod whatif_texts;
