//! The board editor's wasm functions in headless Chromium (same checks as under Node).
#![cfg(target_arch = "wasm32")]

mod editor_common;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

editor_tests!();
