#!/usr/bin/env bash
# The core's benchmarks in WebAssembly, as the page runs it: scripts/bench-wasm built with the
# page's release profile, wasm-opt -Oz with the page's flags, timed in Node.js (V8, the engine
# of Chromium). `make bench` times the same computations natively; the two differ where the
# WebAssembly has no instruction for what native code does in one (128-bit arithmetic).
# Usage: scripts/bench_wasm.sh [earlier.wasm]   (needs scripts/setup.sh's tools; about 2 minutes)
# With a module built before a change (target/bench-wasm/gpu_tco_bench_wasm-<commit>.opt.wasm of
# an earlier run, or of this script run in a worktree of the earlier commit after its own
# `make setup`), the two are timed in alternating rounds, the earlier one first.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$root/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
bench="$root/scripts/bench-wasm"
target="${CARGO_TARGET_DIR:-$root/target/bench-wasm}"
# The same dependency versions as the page: its lock copied in (cargo adds this package's own
# entry to the copy), taken out again however the build ends.
cp "$root/Cargo.lock" "$bench/Cargo.lock"
trap 'rm -f "$bench/Cargo.lock"' EXIT
cargo build --quiet --release --target wasm32-unknown-unknown \
  --manifest-path "$bench/Cargo.toml" --target-dir "$target"
# Named by its commit, so that a run in a worktree of an earlier commit with the same
# CARGO_TARGET_DIR keeps the other build's module.
wasm="$target/gpu_tco_bench_wasm-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo build).opt.wasm"
read -ra flags < <("$root/scripts/wasm_opt_flags.sh")
wasm-opt -Oz "${flags[@]}" -o "$wasm" "$target/wasm32-unknown-unknown/release/gpu_tco_bench_wasm.wasm"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) (1 min) at start; Node.js $(node --version)"
node "$bench/run.mjs" "$@" "$wasm"
