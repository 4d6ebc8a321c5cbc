//! The board editor's wasm functions under Node.js. (Browser twin: editor_browser.rs.)
#![cfg(target_arch = "wasm32")]

mod editor_common;

editor_tests!();
