//! The wasm boundary under Node.js: the exported API returns plain JavaScript values of the
//! documented shape. (Browser twin: wasm_browser.rs.)
#![cfg(target_arch = "wasm32")]

mod wasm_common;

boundary_tests!();
