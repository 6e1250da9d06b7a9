#!/usr/bin/env bash
# Prints the first-load transfer (gzip -9 of the wasm-bindgen JS + wasm after wasm-opt -Oz, the
# page's own settings) of the smallest programs any version of the page must contain:
#   model_only    the cost model on a scenario built in Rust, one export (no JSON reader, no page)
#   core_only     the cost model with its JSON reader, one export (no page at all)
#   leptos_empty  Leptos' CSR runtime, one slider and one text (no model)
#   leptos_model  Leptos + the model on its defaults + one slider, two results, one plotters chart
#   leptos_core   the same with the JSON reader that files, links and the JS API need
# and, for comparison, the page as built in dist/ (run `make dist` first).
# Usage: scripts/size_floor.sh   (needs scripts/setup.sh's tools; about 3 minutes)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$root/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
probe="$root/scripts/size-floor"
target="${CARGO_TARGET_DIR:-$root/target/size-floor}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# The same dependency versions as the page.
cp "$root/Cargo.lock" "$probe/Cargo.lock"
cargo build --quiet --release --target wasm32-unknown-unknown --locked \
  --manifest-path "$probe/Cargo.toml" --target-dir "$target" 2>/dev/null \
  || cargo build --quiet --release --target wasm32-unknown-unknown \
       --manifest-path "$probe/Cargo.toml" --target-dir "$target"
rm -f "$probe/Cargo.lock"
read -ra features < <("$root/scripts/wasm_opt_flags.sh")
gz() { gzip -9 -c "$1" | wc -c; }
kb() { awk -v b="$1" 'BEGIN { printf "%9.1fK", b / 1000 }'; }
printf '%-14s %10s %10s %10s\n' program 'wasm raw' 'wasm gz' 'wasm+JS gz'
for bin in model_only core_only leptos_empty leptos_model leptos_core; do
  wasm-bindgen --target web --no-typescript --out-dir "$out/$bin" \
    "$target/wasm32-unknown-unknown/release/$bin.wasm"
  wasm-opt -Oz "${features[@]}" -o "$out/$bin/opt.wasm" "$out/$bin/${bin}_bg.wasm"
  raw=$(wc -c <"$out/$bin/opt.wasm")
  w=$(gz "$out/$bin/opt.wasm")
  j=$(gz "$out/$bin/$bin.js")
  printf '%-14s %s %s %s\n' "$bin" "$(kb "$raw")" "$(kb "$w")" "$(kb $((w + j)))"
done
# The page's own module (dist/ also holds the embed's, the API's and the on-demand sections').
if compgen -G "$root/dist/gpu-tco-web-*_bg.wasm" >/dev/null; then
  wasm=$(ls "$root"/dist/gpu-tco-web-*_bg.wasm); js="${wasm%_bg.wasm}.js"
  w=$(gz "$wasm"); j=$(gz "$js")
  printf '%-14s %s %s %s\n' "page (dist)" "$(kb "$(wc -c <"$wasm")")" "$(kb "$w")" "$(kb $((w + j)))"
fi
