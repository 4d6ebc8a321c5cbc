# The project's commands. `make serve` and `make test` are the two README commands; both install
# what is missing first (scripts/setup.sh; `make test` also what only the tests need) and are
# safe to run again.
SHELL := bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
PORT ?= 8000
WASM := $(or $(CARGO_TARGET_DIR),target)/wasm32-unknown-unknown/wasm/pdn_wasm.wasm
ENGINE_WASM := $(or $(CARGO_TARGET_DIR),target)/wasm32-unknown-unknown/wasm/pdn_engine_wasm.wasm
PRINT_WASM := $(or $(CARGO_TARGET_DIR),target)/wasm32-unknown-unknown/wasm/pdn_print_wasm.wasm
GIF_WASM := $(or $(CARGO_TARGET_DIR),target)/wasm32-unknown-unknown/wasm/pdn_gif_wasm.wasm
WASM_OPT_FEATURES := --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals
WASM_OPT := tools/node_modules/.bin/wasm-opt -O2 $(WASM_OPT_FEATURES)
# The engine's module at -O3: 1.4% fewer instructions in its search and 5 KB smaller
# (docs/engine.md, "The wasm module against native").
ENGINE_WASM_OPT := tools/node_modules/.bin/wasm-opt -O3 $(WASM_OPT_FEATURES)

.PHONY: setup setup-test build serve site package types test test-native test-wasm test-e2e test-site test-js test-no-corpora lint doc-check publish-check bench bench-page clean

setup:
	@bash scripts/setup.sh

# What only the tests need besides: Debian's Chromium and its driver, the e2e suites' packages.
setup-test:
	@bash scripts/setup.sh --test

# Everything the page needs: pkg/pdn.js, pkg/pdn_bg.wasm and pkg/sample.json (the sample game's
# view, so that the first screen is drawn without the wasm; tools/sample-view.mjs). wasm-opt -O2
# matches the profile's opt-level 2, chosen by measurement for speed (docs/benchmarks.md, "The wasm profile").
# Then pkg/pdn-viewer-standalone.js: the element, its styles, words and wasm in one classic script
# that works from any server, CORS or not (tools/standalone.mjs; docs/embedding.md).
# Beside it, the engine's own module (pkg/engine.js, pkg/engine_bg.wasm), which the page loads
# only when a reader turns the engine on (www/engine/worker.js; docs/engine.md), and the GIF's
# (pkg/gif.js, pkg/gif_bg.wasm), loaded only when a reader asks for a GIF (www/share/gif.js).
build: setup
	cargo build -p pdn-wasm -p pdn-engine-wasm -p pdn-print-wasm -p pdn-gif-wasm --lib --profile wasm --target wasm32-unknown-unknown
	wasm-bindgen --target web --out-name pdn --out-dir pkg $(WASM)
	$(WASM_OPT) pkg/pdn_bg.wasm -o pkg/pdn_bg.wasm
	wasm-bindgen --target web --out-name engine --out-dir pkg $(ENGINE_WASM)
	$(ENGINE_WASM_OPT) pkg/engine_bg.wasm -o pkg/engine_bg.wasm
	# The printed sheet's QR code (pkg/print.js), loaded only by the print view (print=game).
	wasm-bindgen --target web --out-name print --out-dir pkg $(PRINT_WASM)
	$(WASM_OPT) pkg/print_bg.wasm -o pkg/print_bg.wasm
	wasm-bindgen --target web --out-name gif --out-dir pkg $(GIF_WASM)
	$(WASM_OPT) pkg/gif_bg.wasm -o pkg/gif_bg.wasm
	$(MAKE) --no-print-directory pkg/egdb-21.bin.gz
	$(MAKE) --no-print-directory pkg/egdb-25.bin.gz
	$(MAKE) --no-print-directory pkg/egdb-20.bin.gz
	node tools/sample-view.mjs
	node tools/standalone.mjs

# English checkers' endgame database (four pieces: 6.6 MB, 1.6 MB gzipped), which the engine's
# worker fetches the first time an English position near the end is analysed (docs/engine.md,
# "Endgame database"). Written by the native CLI, not by the wasm: its dev build (the engine is
# optimised in it, Cargo.toml) writes the same bytes in 7-34 s instead of 2, and a release build of
# the CLI, which nothing else in make test needs, took 128 s on the loaded 2-core machine.
pkg/egdb-21.bin.gz: crates/engine/src/egdb.rs
	mkdir -p pkg
	cargo run -q -p pdn-cli -- egdb pkg/egdb-21.bin --pieces 4 --gametype 21
	gzip -9 -f pkg/egdb-21.bin

# Russian draughts' (four pieces), fetched likewise for a Russian ending.
pkg/egdb-25.bin.gz: crates/engine/src/egdb.rs
	mkdir -p pkg
	cargo run -q -p pdn-cli -- egdb pkg/egdb-25.bin --pieces 4 --gametype 25
	gzip -9 -f pkg/egdb-25.bin

# International draughts' (three pieces: four would be 43 MB, over the worker's memory beside its
# table; docs/engine.md, "Endgame database").
pkg/egdb-20.bin.gz: crates/engine/src/egdb.rs
	mkdir -p pkg
	cargo run -q -p pdn-cli -- egdb pkg/egdb-20.bin --pieces 3 --gametype 20
	gzip -9 -f pkg/egdb-20.bin

# The npm package pdn-viewer (package.json: the element, the wasm Library API, the type
# declarations) as target/pdn-viewer-<version>.tgz. Publishing is `npm publish` by hand.
package: build
	mkdir -p target
	npm pack --pack-destination target/

serve: build
	@echo "Serving http://127.0.0.1:$(PORT)/"
	python3 -m http.server $(PORT) --bind 127.0.0.1

# The copy to put on a web server: target/site/, the pages, www/ and pkg/ with each script and
# stylesheet minified on its own (tools/site.mjs; no bundling). The first screen from it is under
# 60 KB gzipped, against 98 KB from the sources with their comments (docs/benchmarks.md).
site: build
	node tools/site.mjs

test: setup-test build lint test-native test-wasm test-js test-e2e test-site publish-check

test-native:
	cargo test --workspace
	# types/generated/ is what the structs of crates/view give (else: `make types`, and commit it).
	cargo test -p pdn-view --features ts --test types

# The TypeScript declarations of the wire form, types/generated/view.d.ts, written again from the
# structs of crates/view (ts-rs, pdn-view's `ts` feature; crates/view/tests/types.rs). Checked in:
# run it after changing a struct the page gets, and commit the file.
types:
	PDN_WRITE_TYPES=1 cargo test -p pdn-view --features ts --test types

test-wasm: setup-test
	cargo test -p pdn-wasm --target wasm32-unknown-unknown --test wasm_node --test wasm_browser \
	  --test editor_node --test editor_browser

test-js:
	node --test tests/js/

test-e2e: setup-test
	node tests/e2e/run.mjs
	node tests/e2e/paint.mjs
	node tests/e2e/embed.mjs
	node tests/e2e/layout.mjs
	node tests/e2e/layout-hosts.mjs
	node tests/e2e/hostile.mjs
	node tests/e2e/package.mjs
	node tests/e2e/standalone.mjs
	node tests/e2e/recover.mjs
	node tests/e2e/visitors.mjs
	node tests/e2e/editor.mjs
	node tests/e2e/analysis.mjs
	node tests/e2e/solve.mjs
	node tests/e2e/hosts.mjs
	node tests/e2e/share.mjs
	node tests/e2e/input.mjs
	node tests/e2e/engine.mjs
	node tests/e2e/review.mjs
	node tests/e2e/shots.mjs
	node tests/e2e/explorer.mjs
	node tests/e2e/names.mjs
	node tests/e2e/live.mjs
	node tests/e2e/edits.mjs
	node tests/e2e/print.mjs
	node tests/e2e/gif.mjs

# The copy for a web server (make site), checked as the sources are: its files and its first
# screen's bytes (site.mjs), then the suites of the page, the element and the iframe page, the
# engine and the first paint run again against it (PDN_E2E_SITE: tests/e2e/harness.mjs serves
# target/site/ in place of the repository's pages, www/ and pkg/).
test-site: setup-test build
	node tools/site.mjs
	node tests/e2e/site.mjs
	PDN_E2E_SITE=target/site node tests/e2e/run.mjs
	PDN_E2E_SITE=target/site node tests/e2e/paint.mjs
	PDN_E2E_SITE=target/site node tests/e2e/embed.mjs
	PDN_E2E_SITE=target/site node tests/e2e/hosts.mjs
	PDN_E2E_SITE=target/site node tests/e2e/engine.mjs

# What reads PDN_CORPORA when it is set, run with it unset: the corpus tests skip (each says so)
# and the e2e suites that would use real files use the repository's own. CI runs `make test`
# once, with the corpus, in a clean clone, then this in the same clone (scripts/standalone-test.sh):
# nothing else in `make test` depends on PDN_CORPORA, and running all of it twice took half of
# CI's time.
test-no-corpora: setup-test
	env -u PDN_CORPORA cargo test --workspace
	env -u PDN_CORPORA node tests/e2e/run.mjs
	env -u PDN_CORPORA node tests/e2e/hosts.mjs
	env -u PDN_CORPORA node tests/e2e/explorer.mjs
	env -u PDN_CORPORA node tests/e2e/names.mjs

lint: doc-check setup-test build
	# The page's modules, type-checked against types/ and pkg/*.d.ts (tsconfig.json: a field
	# renamed in Rust, once `make types` has run, fails here).
	tests/e2e/node_modules/.bin/tsc -p tsconfig.json
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	# The core stands on its own, without wasm-bindgen, for the browser's target too.
	cargo build -q -p pdn --target wasm32-unknown-unknown

# Every crate's documentation builds without a warning (broken or private links, missing docs).
doc-check:
	RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps

# What crates.io would get: the docs, then the package built on its own from its contents.
publish-check: doc-check
	cargo publish --dry-run -p pdn --allow-dirty

# Reading and replay speed, one table (pdn bench): per corpus folder, tokenising and splitting,
# full move trees (kept, and freed), read + replay, `pdn fens` end to end; then the peak memory of
# check/fens/export on a file of about 100 MB made by concatenating the international corpus
# into $(BIG) (outside the repository; made once). Real files come from PDN_CORPORA (CI:
# ../shared/corpora); without it, the repository's own test files are measured.
BIG ?= $(or $(TMPDIR),/tmp)/pdn-bench-100mb.pdn
bench:
	# The timed linearity check (tests/hostile.rs), kept out of make test: a ratio of times. In the
	# test build it was calibrated in: in release, ')' measured 6.1-7.5x for 4x the text (the
	# 1 MB line outgrows the cache), over its bound of 6.
	cargo test -q --test hostile -- --ignored
	@if [ -n "$(PDN_CORPORA)" ]; then \
	  if [ ! -s "$(BIG)" ]; then \
	    echo "making $(BIG) from $(PDN_CORPORA)/international"; \
	    while [ "$$(stat -c %s "$(BIG)" 2>/dev/null || echo 0)" -lt 100000000 ]; do \
	      find "$(PDN_CORPORA)/international" -type f -iname '*.pdn' -print0 | sort -z | xargs -0 cat >> "$(BIG)"; \
	    done; \
	  fi; \
	  cargo run -q --release -p pdn-cli -- bench --memory "$(BIG)" "$(PDN_CORPORA)/international" \
	    "$(PDN_CORPORA)/english" "$(PDN_CORPORA)"; \
	else \
	  echo "PDN_CORPORA is not set: measuring the repository's own test files only"; \
	  cargo run -q --release -p pdn-cli -- bench tests/data; \
	fi

# The page's size and speed (docs/benchmarks.md, "Page speed and size"): the wasm's reading work under Node
# next to the same work natively, then the page in headless Chromium (bytes loaded up front, the
# sample ready, the 20,000-game file listed). The big file is made from the repository's games.
bench-page: setup-test build
	env -u PDN_CORPORA node tests/e2e/bench-wasm.mjs
	env -u PDN_CORPORA node tests/e2e/bench.mjs

clean:
	rm -rf target pkg
