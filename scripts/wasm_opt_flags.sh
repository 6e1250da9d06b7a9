#!/usr/bin/env bash
# Prints the page's wasm-opt flags, as index.html gives them to trunk (data-wasm-opt-params on
# each module's link), so that scripts building a module the way the page does (size_floor.sh,
# bench_wasm.sh) use the same ones. Fails if the modules' links give different flags.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mapfile -t flags < <(sed -n 's/.*data-wasm-opt-params="\([^"]*\)".*/\1/p' "$root/index.html" | sort -u)
if [ "${#flags[@]}" -ne 1 ]; then
  echo "wasm_opt_flags.sh: index.html's modules have ${#flags[@]} different data-wasm-opt-params (one expected)" >&2
  exit 1
fi
echo "${flags[0]}"
