#!/usr/bin/env bash
# Fuzzes the core for "never panics": arbitrary bytes (UTF-8, lossy) into a reader, and whatever
# it reads into the model; a panic is a failure.
#
#   scripts/fuzz.sh                    # scenario_json, 60 seconds
#   scripts/fuzz.sh 600                # scenario_json, 10 minutes
#   scripts/fuzz.sh metrics            # metrics, 60 seconds
#   scripts/fuzz.sh metrics 600        # metrics, 10 minutes
#   scripts/fuzz.sh api_value          # api_value, 60 seconds
#
# Targets (core/fuzz/fuzz_targets/):
#   scenario_json  `Scenario::from_json`, then `evaluate`
#   api_value      the JS API's way in: JSON values of any shape and depth (JSON text, or bytes
#                  read as a program that builds one) into `Scenario::from_partial_value`, then
#                  `evaluate`; nothing over the input limits (`check_input`) may be read
#   metrics        `parse_prometheus`, `parse_grafana_csv`, `MetricsImporter` in pieces (must read
#                  what the whole text reads), then `analyse`, both load profiles, `evaluate_profile`
#
# cargo-fuzz needs nightly compiler flags (-Zsanitizer=address, sancov); RUSTC_BOOTSTRAP=1 lets
# the stable toolchain accept them. The targets live in core/fuzz, its own workspace, so no
# default build or test command compiles them. Crashes land in core/fuzz/artifacts/<target>/.
set -euo pipefail

CARGO_FUZZ_VERSION="0.13.2"
target="scenario_json"
if [[ $# -gt 0 && ! "$1" =~ ^[0-9]+$ ]]; then
  target="$1"
  shift
fi
seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [[ ! -f "$root/core/fuzz/fuzz_targets/$target.rs" ]]; then
  echo "fuzz: no target '$target' (have: $(cd "$root/core/fuzz/fuzz_targets" && ls *.rs | sed 's/\.rs$//' | tr '\n' ' '))" >&2
  exit 2
fi

if ! command -v cargo-fuzz >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz $CARGO_FUZZ_VERSION" >&2
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION"
fi

cd "$root/core/fuzz"
# Start from valid inputs (the seeds); new inputs go to the ignored corpus/.
mkdir -p "corpus/$target"
cp -n "seeds/$target"/* "corpus/$target/"

RUSTC_BOOTSTRAP=1 cargo fuzz run "$target" -- -max_total_time="$seconds"
