//! The core's hot paths as plain WebAssembly exports, for `run.mjs` (Node.js) to time: each
//! runs its computation `n` times on the default scenario (the worked example with the page's
//! default options) and returns how many succeeded, so that nothing is optimised away and a
//! failure shows (the runner checks the count). No imports, no JavaScript glue.

use core::hint::black_box;

/// The page's allocator (web/src/lib.rs), not the standard library's.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use gpu_tco_core::analysis::{heat_map, heat_map_grid, hybrid_sweep, tornado};
use gpu_tco_core::{Scenario, evaluate, share_curve};

/// `f` run `n` times; how many returned `Ok`.
fn times<T, E>(n: u32, f: impl Fn(&Scenario) -> Result<T, E>) -> u32 {
    let scenario = Scenario::default();
    let mut ok = 0;
    for _ in 0..n {
        if black_box(f(black_box(&scenario))).is_ok() {
            ok += 1;
        }
    }
    ok
}

/// `evaluate(default)`: the page's work on every input step.
#[unsafe(no_mangle)]
pub extern "C" fn bench_evaluate(n: u32) -> u32 {
    times(n, evaluate)
}

/// `share_curve(default, 20 points)`: the cost-per-GPU-hour chart.
#[unsafe(no_mangle)]
pub extern "C" fn bench_share_curve(n: u32) -> u32 {
    times(n, |s| share_curve(s, 20))
}

/// The analysis section's three computations on the start/stop option (issue 7's switch).
#[unsafe(no_mangle)]
pub extern "C" fn bench_tornado(n: u32) -> u32 {
    times(n, |s| tornado(s, 1))
}

/// The heat map on its 10 × 8 grid.
#[unsafe(no_mangle)]
pub extern "C" fn bench_heat_map(n: u32) -> u32 {
    times(n, |s| {
        heat_map_grid(s, 1).and_then(|(shares, tariffs)| heat_map(s, 1, &shares, &tariffs))
    })
}

/// The hybrid sweep.
#[unsafe(no_mangle)]
pub extern "C" fn bench_hybrid_sweep(n: u32) -> u32 {
    times(n, |s| hybrid_sweep(s, 1))
}
