//! Integration tests of gpu-tco-core, one binary (as jiff and ripgrep do).

mod billing_modes;
mod cashflow;
mod csv;
mod edges;
mod fair;
mod finance;
mod hybrid;
mod inputs;
mod json;
mod laws;
mod limits;
mod load_gpus;
mod metrics;
mod own;
mod presets;
mod ranges;
mod sensitivity;
mod share;
mod sizing;
mod sizing_plan;
mod surface;
mod util;
mod worked_example;
