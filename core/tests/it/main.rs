//! Integration tests of gpu-tco-core, one binary (as jiff and ripgrep do).

mod billing_modes;
mod csv;
mod finance;
mod json;
mod laws;
mod own;
mod presets;
mod share;
mod util;
mod worked_example;
