//! The wasm boundary in headless Chromium (same checks as under Node).
#![cfg(target_arch = "wasm32")]

mod wasm_common;

use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn games_and_game_views() {
    wasm_common::games_and_game_views();
}

#[wasm_bindgen_test]
fn errors_cross_as_values_and_exceptions() {
    wasm_common::errors_cross_as_values_and_exceptions();
}

#[wasm_bindgen_test]
fn decodes_cp1251_bytes() {
    wasm_common::decodes_cp1251_bytes();
}
