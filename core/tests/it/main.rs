//! Integration tests of gpu-tco-core, one binary (as jiff and ripgrep do).

mod billing_modes;
mod finance;
mod json;
mod laws;
mod own;
mod presets;
mod util;
mod worked_example;
