#!/usr/bin/env bash
# Installs what the build needs on a fresh Debian 12 machine (run as root, from the repository
# root); with --test, also what only the tests need (a browser and its driver, the end-to-end
# suites' npm packages), so that `make serve` installs no browser. Idempotent: each step is
# skipped when its result is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
tests=false
[ "${1:-}" = --test ] && tests=true

# The wasm target for the Rust toolchain.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen CLI at exactly the version Cargo.toml pins (a mismatch makes wasm-bindgen refuse
# the module). Its shipped lockfile sometimes names crates the registry lacks, hence the fallback.
WB_VER=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' crates/wasm/Cargo.toml)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WB_VER" ] \
   || ! command -v wasm-bindgen-test-runner >/dev/null; then
  cargo install wasm-bindgen-cli --version "$WB_VER" --locked \
    || cargo install wasm-bindgen-cli --version "$WB_VER"
fi

# binaryen's wasm-opt (the npm build, pinned by tools/package-lock.json) for `make build`, and
# esbuild, which minifies each file of the copy for a web server (`make site`).
if [ ! -x tools/node_modules/.bin/wasm-opt ] || [ ! -x tools/node_modules/.bin/esbuild ] \
   || [ tools/package-lock.json -nt tools/node_modules/.package-lock.json ]; then
  (cd tools && npm ci --no-audit --no-fund)
fi

if $tests; then
  # Debian's Chromium and its driver: the browser for wasm-bindgen-test and Playwright.
  # (Not Debian's binaryen: its wasm-opt 108 corrupts wasm-bindgen output.)
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver
  fi

  # zbarimg (Debian's zbar-tools): a program of its own that tests/e2e/print.mjs runs to decode the
  # printed sheet's QR code; nothing of it is in the project.
  if ! command -v zbarimg >/dev/null; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q zbar-tools
  fi

  # Node packages for the end-to-end tests, pinned by tests/e2e/package-lock.json.
  if [ ! -d tests/e2e/node_modules/playwright-core ] \
     || [ tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]; then
    (cd tests/e2e && npm ci --no-audit --no-fund)
  fi
fi
