//! Checks of the board editor's wasm functions shared by the Node and browser tests: they call
//! the exported functions and read the returned JavaScript objects the way www/view/editor.js does.
#![allow(dead_code)]

/// Declares the shared checks as `#[wasm_bindgen_test]`s in the including test binary.
#[macro_export]
macro_rules! editor_tests {
    () => {
        #[wasm_bindgen_test::wasm_bindgen_test]
        fn refuses_a_man_on_its_crowning_row_then_accepts_a_king() {
            editor_common::refuses_then_accepts();
        }

        #[wasm_bindgen_test::wasm_bindgen_test]
        fn variants_fens_and_errors() {
            editor_common::variants_fens_and_errors();
        }
    };
}

use js_sys::{Array, Reflect};
use pdn_wasm::editor_step;
use wasm_bindgen::{JsError, JsValue};

fn editor_start(gametype: u32) -> Result<JsValue, JsError> {
    editor_step("start", gametype, "", "", "")
}
fn editor_view(gametype: u32, fen: &str) -> Result<JsValue, JsError> {
    editor_step("view", gametype, fen, "", "")
}
fn editor_clear(gametype: u32, fen: &str) -> Result<JsValue, JsError> {
    editor_step("clear", gametype, fen, "", "")
}
fn editor_switch(gametype: u32, fen: &str) -> Result<JsValue, JsError> {
    editor_step("switch", gametype, fen, "", "")
}
fn editor_place(gametype: u32, fen: &str, square: &str, piece: &str) -> Result<JsValue, JsError> {
    editor_step("place", gametype, fen, square, piece)
}
fn editor_turn(gametype: u32, fen: &str, turn: &str) -> Result<JsValue, JsError> {
    editor_step("turn", gametype, fen, "", turn)
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn string(v: &JsValue, key: &str) -> String {
    get(v, key)
        .as_string()
        .unwrap_or_else(|| panic!("{key} is not a string"))
}

fn problems(v: &JsValue) -> Vec<(String, JsValue)> {
    Array::from(&get(v, "problems"))
        .iter()
        .map(|p| (string(&p, "code"), get(&p, "args")))
        .collect()
}

pub fn refuses_then_accepts() {
    let start = editor_start(20).unwrap();
    assert_eq!(
        string(&start, "cells"),
        "b".repeat(20) + &".".repeat(10) + &"w".repeat(20)
    );
    assert_eq!(string(&start, "turn"), "white");
    assert!(problems(&start).is_empty());
    let board = get(&start, "board");
    assert_eq!(get(&board, "width").as_f64(), Some(10.0));
    assert_eq!(Array::from(&get(&board, "squares")).length(), 50);

    let empty = editor_clear(20, &string(&start, "fen")).unwrap();
    assert_eq!(string(&empty, "fen"), "W:W:B");
    assert_eq!(problems(&empty).len(), 2);
    let v = editor_place(20, "W:W:B", "28", "bm").unwrap();
    let v = editor_place(20, &string(&v, "fen"), "3", "wm").unwrap();
    assert_eq!(string(&v, "fen"), "W:W3:B28");
    let found = problems(&v);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "setup-man-crowning-row");
    assert_eq!(string(&found[0].1, "side"), "white");
    assert_eq!(string(&found[0].1, "square"), "3");
    assert!(
        get(&v, "pdn").is_null(),
        "no game from an impossible position"
    );
    assert_eq!(get(&v, "readable").as_bool(), Some(true));

    let v = editor_place(20, "W:W3:B28", "3", "wk").unwrap();
    assert!(problems(&v).is_empty());
    let v = editor_turn(20, &string(&v, "fen"), "black").unwrap();
    assert_eq!(string(&v, "fen"), "B:WK3:B28");
    let pdn = string(&v, "pdn");
    assert!(pdn.contains("[SetUp \"1\"]") && pdn.contains("[FEN \"B:WK3:B28\"]"));
    // Opened as a game, it starts there.
    let file = pdn_wasm::Library::from_text(pdn);
    let view = file.game(0).unwrap();
    assert_eq!(string(&get(&view, "start"), "fen"), "B:WK3:B28");
}

pub fn variants_fens_and_errors() {
    let variants = Array::from(&get(&editor_start(21).unwrap(), "variants"));
    assert_eq!(variants.length(), 14);
    assert_eq!(get(&variants.get(0), "gametype").as_f64(), Some(20.0));
    let bad = editor_view(20, "X:W1").unwrap();
    assert_eq!(get(&bad, "readable").as_bool(), Some(false));
    assert_eq!(problems(&bad)[0].0, "setup-fen");
    assert_eq!(string(&problems(&bad)[0].1, "why"), "fen-bad-turn");
    let russian = editor_switch(25, "W:W31:B1").unwrap();
    assert_eq!(string(&russian, "turn"), "white");
    assert!(string(&russian, "fen").starts_with("W:Wa1,c1,"));
    let err: JsValue = editor_view(1, "W:W:B").unwrap_err().into();
    assert!(err.is_object(), "an exception for chess");
    assert!(
        editor_step("castle", 20, "", "", "").is_err(),
        "an unknown step"
    );
}
