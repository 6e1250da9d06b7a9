#!/usr/bin/env bash
# Fuzzes the scenario reader and the model: arbitrary bytes (UTF-8, lossy) into
# `Scenario::from_json`, and whatever loads into `evaluate`; a panic is a failure.
#
#   scripts/fuzz.sh            # 60 seconds
#   scripts/fuzz.sh 600        # 10 minutes
#
# cargo-fuzz needs nightly compiler flags (-Zsanitizer=address, sancov); RUSTC_BOOTSTRAP=1 lets
# the stable toolchain accept them. The target lives in core/fuzz, its own workspace, so no
# default build or test command compiles it. Crashes land in core/fuzz/artifacts/scenario_json/.
set -euo pipefail

CARGO_FUZZ_VERSION="0.13.2"
seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if ! command -v cargo-fuzz >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz $CARGO_FUZZ_VERSION" >&2
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION"
fi

cd "$root/core/fuzz"
# Start from valid scenarios (one per billing mode); new inputs go to the ignored corpus/.
mkdir -p corpus/scenario_json
cp -n seeds/scenario_json/*.json corpus/scenario_json/

RUSTC_BOOTSTRAP=1 cargo fuzz run scenario_json -- -max_total_time="$seconds"
