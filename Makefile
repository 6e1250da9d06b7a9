# One entry point. `make run` serves the calculator; `make test` runs every check.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
# Tools installed by scripts/setup.sh: cargo-installed trunk and wasm-bindgen, npm's wasm-opt.
export PATH := $(CURDIR)/.tools/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

.PHONY: setup dist single run test lint test-native e2e bench bench-wasm bench-web size-floor

setup:
	bash scripts/setup.sh

# The size-optimised release build (wasm-opt -Oz) into dist/.
dist: setup
	trunk build --release

# The calculator as one HTML file that works opened from disk, offline (needs dist/).
single: dist
	python3 scripts/single_file.py dist dist-single/gpu-tco-calculator.html

# Builds and serves the calculator at http://127.0.0.1:8080
run: dist
	@echo "Serving the calculator at http://127.0.0.1:8080/"
	trunk serve --release --address 127.0.0.1 --port 8080

lint: setup
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings

test-native: setup
	cargo test -p gpu-tco-core
	cargo test -p gpu-tco-web
	cargo check -p gpu-tco-core --target wasm32-unknown-unknown

# End-to-end tests: the optimised build (served, installed offline, embedded) and the single
# file (from disk) in headless Chromium.
e2e: dist single
	cargo test -p gpu-tco-e2e

test: lint test-native e2e

# Core benchmark (budget: evaluate(default) <= 50 µs).
bench:
	cargo bench -p gpu-tco-core --bench evaluate

# The same computations in WebAssembly, as the page runs them (Node.js; scripts/bench_wasm.sh).
bench-wasm: setup
	bash scripts/bench_wasm.sh

# Page budgets: gzip first-load transfer and input-to-update latency in headless Chromium.
bench-web: dist
	cargo run -q --release -p gpu-tco-e2e --bin bench-web

# The transfer floor: the smallest programs any version of the page must contain, built as the
# page is, against the page in dist/ (see README, "Budgets").
size-floor: dist
	bash scripts/size_floor.sh
