# The project's commands. `make serve` and `make test` are the two README commands; both install
# what is missing first (scripts/setup.sh) and are safe to run again.
SHELL := bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
PORT ?= 8000
WASM := target/wasm32-unknown-unknown/wasm/pdn.wasm

.PHONY: setup build serve test test-native test-wasm test-e2e test-js lint bench clean

setup:
	@bash scripts/setup.sh

# Everything the page needs: pkg/pdn.js and pkg/pdn_bg.wasm. wasm-opt -Oz takes a fifth off the
# module (the page's size budget is 150 KB gzipped, wasm included).
build: setup
	cargo build --lib --profile wasm --target wasm32-unknown-unknown
	wasm-bindgen --target web --no-typescript --out-dir pkg $(WASM)
	tools/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
	  --enable-sign-ext --enable-mutable-globals pkg/pdn_bg.wasm -o pkg/pdn_bg.wasm

serve: build
	@echo "Serving http://127.0.0.1:$(PORT)/"
	python3 -m http.server $(PORT) --bind 127.0.0.1

test: build lint test-native test-wasm test-js test-e2e

test-native:
	cargo test

test-wasm:
	cargo test --target wasm32-unknown-unknown --test wasm_node --test wasm_browser

test-js:
	node --test tests/js/

test-e2e:
	node tests/e2e/run.mjs
	node tests/e2e/embed.mjs

lint:
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings

bench:
	cargo run --release --bin pdn -- bench ../shared/corpora/international/*.pdn
	cargo run --release --bin pdn -- bench --all-corpora

clean:
	rm -rf target pkg
