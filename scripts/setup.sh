#!/usr/bin/env bash
# Installs, idempotently and with pinned versions, everything the build and the tests need on a
# fresh machine of this kind (Debian, rustup, Node.js/npm; registries only). See DESIGN.md §5.
set -euo pipefail

TRUNK_VERSION="0.21.14"
# Must equal the `wasm-bindgen = "=…"` pin in web/Cargo.toml.
WASM_BINDGEN_VERSION="0.2.130"
BINARYEN_VERSION="132.0.0"
# The other engines of the browser tests: Debian's packages by release series (a security
# update within the series is taken, a new series is a decision), geckodriver exactly.
FIREFOX_ESR_SERIES="153"
WEBKITGTK_SERIES="2.50"
GECKODRIVER_VERSION="0.37.1"
# The accessibility engine the browser tests run in the page (never shipped with it).
AXE_VERSION="4.14.1"
# Zopfli, for the release build's precompressed .gz copies.
ZOPFLI_VERSION="1.0.15"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools"
mkdir -p "$tools"

log() { printf 'setup: %s\n' "$*" >&2; }

have_version() { # command, expected version substring
  command -v "$1" >/dev/null 2>&1 && "$1" --version 2>/dev/null | grep -q -- "$2"
}

# 1. Rust target for the page.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# 2. Chromium and its driver from Debian (the end-to-end tests and the page benchmark).
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  log "installing chromium and chromium-driver (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# 3. Firefox ESR, WebKitGTK's WebDriver (with its MiniBrowser) and Xvfb from Debian, for the
#    browser tests on the engines of Firefox and Safari. MiniBrowser needs a display: the tests
#    start it under xvfb-run (which needs xauth). Recommended packages (codecs, portals, more
#    fonts) are left out: the page plays no media and uses the system fonts it finds.
if ! dpkg-query -W -f '${Version}\n' firefox-esr 2>/dev/null | grep -q "^$FIREFOX_ESR_SERIES\." \
  || ! dpkg-query -W -f '${Version}\n' webkit2gtk-driver 2>/dev/null | grep -q "^$WEBKITGTK_SERIES\." \
  || ! command -v xvfb-run >/dev/null 2>&1 || ! command -v xauth >/dev/null 2>&1; then
  log "installing firefox-esr $FIREFOX_ESR_SERIES, webkit2gtk-driver $WEBKITGTK_SERIES, xvfb (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "firefox-esr=$FIREFOX_ESR_SERIES.*" \
    "webkit2gtk-driver=$WEBKITGTK_SERIES.*" xvfb xauth >/dev/null
fi

# 4. geckodriver, Firefox's WebDriver server (from crates.io). Built without optimisation: it
#    only relays the tests' commands to Firefox, and so it builds in about 2.5 minutes instead
#    of 4.5 on two cores.
if ! have_version geckodriver "$GECKODRIVER_VERSION"; then
  log "installing geckodriver $GECKODRIVER_VERSION (about 2.5 minutes)"
  CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install geckodriver --version "$GECKODRIVER_VERSION" --locked
fi

# Build tools are built for build time, not for speed of their own: trunk's release profile asks
# for fat LTO and one codegen unit, which alone took about 10 of the set-up's minutes on two cores.
# Both tools only orchestrate (trunk runs cargo, wasm-bindgen and wasm-opt; wasm-bindgen rewrites
# one module in about a second), so a plain optimised build with parallel codegen serves as well.
quick_build() {
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 "$@"
}

# 5. trunk (0.22 needs a newer rustc than this machine has).
if ! have_version trunk "$TRUNK_VERSION"; then
  log "installing trunk $TRUNK_VERSION"
  quick_build cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# 6. wasm-bindgen-cli matching the crate ( --locked fails on this registry mirror).
if ! have_version wasm-bindgen "$WASM_BINDGEN_VERSION"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  quick_build cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# 7. wasm-opt from npm's binaryen (Debian's wasm-opt 108 corrupts the output).
if [ ! -x "$tools/node_modules/.bin/wasm-opt" ] \
  || ! "$tools/node_modules/.bin/wasm-opt" --version 2>/dev/null | grep -q "version ${BINARYEN_VERSION%%.*}"; then
  log "installing binaryen $BINARYEN_VERSION (npm)"
  (cd "$tools" && { [ -f package.json ] || echo '{"private":true}' > package.json; } \
    && npm install --no-audit --no-fund --silent "binaryen@$BINARYEN_VERSION")
fi

# 8. axe-core from npm, for the browser tests' accessibility check (tests/tests/e2e/a11y.rs).
axe_installed() {
  [ -f "$tools/node_modules/axe-core/axe.min.js" ] \
    && grep -q "\"version\": \"$AXE_VERSION\"" "$tools/node_modules/axe-core/package.json"
}
if ! axe_installed; then
  log "installing axe-core $AXE_VERSION (npm)"
  (cd "$tools" && { [ -f package.json ] || echo '{"private":true}' > package.json; } \
    && npm install --no-audit --no-fund --silent "axe-core@$AXE_VERSION")
fi

# 9. Zopfli from npm (WebAssembly, run by Node.js), for the release build's precompressed `.gz`
#    copies (scripts/post_build.py): gzip streams about 4.5 % smaller than gzip -9.
zopfli_installed() {
  [ -f "$tools/node_modules/@gfx/zopfli/package.json" ] \
    && grep -q "\"version\": \"$ZOPFLI_VERSION\"" "$tools/node_modules/@gfx/zopfli/package.json"
}
if ! zopfli_installed; then
  log "installing @gfx/zopfli $ZOPFLI_VERSION (npm)"
  (cd "$tools" && { [ -f package.json ] || echo '{"private":true}' > package.json; } \
    && npm install --no-audit --no-fund --silent "@gfx/zopfli@$ZOPFLI_VERSION")
fi

log "ready"
