//! Checks shared by the Node and browser wasm tests: they call the exported API and read the
//! returned JavaScript objects the way the page does.
#![allow(dead_code)]

/// Declares the shared checks as `#[wasm_bindgen_test]`s in the including test binary.
#[macro_export]
macro_rules! boundary_tests {
    () => {
        #[wasm_bindgen_test::wasm_bindgen_test]
        fn games_and_game_views() {
            wasm_common::games_and_game_views();
        }

        #[wasm_bindgen_test::wasm_bindgen_test]
        fn errors_cross_as_values_and_exceptions() {
            wasm_common::errors_cross_as_values_and_exceptions();
        }

        #[wasm_bindgen_test::wasm_bindgen_test]
        fn decodes_cp1251_bytes() {
            wasm_common::decodes_cp1251_bytes();
        }
    };
}

use js_sys::{Array, Reflect};
use pdn::wasm::{PdnFile, decode_bytes};
use wasm_bindgen::JsValue;

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn string(v: &JsValue, key: &str) -> String {
    get(v, key)
        .as_string()
        .unwrap_or_else(|| panic!("{key} is not a string"))
}

fn number(v: &JsValue, key: &str) -> f64 {
    get(v, key)
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number"))
}

const TWO_GAMES: &str = "[Event \"Riga\"]\n[White \"Ozols\"]\n[Black \"Bērziņš\"]\n[GameType \"20\"]\n\
1. 32-28 19-23 2. 28x19 14x23 {a comment} 3. 33-28 *\n\n[Event \"Two\"]\n1. 32-28 17-22 2. 28-23 *";

pub fn games_and_game_views() {
    let file = PdnFile::parse(TWO_GAMES);
    assert_eq!(file.game_count(), 2);
    let games = Array::from(&file.games().unwrap());
    assert_eq!(games.length(), 2);
    let first = games.get(0);
    assert_eq!(number(&first, "number"), 1.0);
    assert_eq!(string(&first, "black"), "Bērziņš");
    assert_eq!(string(&first, "variant"), "International");
    assert_eq!(number(&games.get(1), "errors"), 1.0);

    let view = file.game(0).unwrap();
    let board = get(&view, "board");
    assert_eq!(number(&board, "width"), 10.0);
    let squares = Array::from(&get(&board, "squares"));
    assert_eq!(squares.length(), 50);
    assert_eq!(string(&squares.get(0), "label"), "1");
    let start = get(&view, "start");
    assert_eq!(
        string(&start, "cells"),
        "b".repeat(20) + &".".repeat(10) + &"w".repeat(20)
    );
    let plies = Array::from(&get(&view, "plies"));
    assert_eq!(plies.length(), 5);
    let capture = plies.get(2);
    assert_eq!(string(&capture, "notation"), "28x19");
    assert_eq!(
        Array::from(&get(&capture, "captured"))
            .get(0)
            .as_string()
            .unwrap(),
        "23"
    );
    assert_eq!(
        Array::from(&get(&plies.get(3), "comments"))
            .get(0)
            .as_string()
            .unwrap(),
        "a comment"
    );
    assert_eq!(string(&plies.get(4), "side"), "white");
    assert!(get(&view, "error").is_null());
    let tags = Array::from(&get(&view, "tags"));
    let pair = Array::from(&tags.get(0));
    assert_eq!(pair.get(0).as_string().unwrap(), "Event");
    assert_eq!(pair.get(1).as_string().unwrap(), "Riga");
}

pub fn errors_cross_as_values_and_exceptions() {
    let file = PdnFile::parse(TWO_GAMES);
    let view = file.game(1).unwrap();
    let error = get(&view, "error");
    assert_eq!(number(&error, "ply"), 3.0);
    assert_eq!(string(&error, "move"), "28-23");
    assert_eq!(number(&error, "line"), 8.0);
    let diagnostics = Array::from(&get(&view, "diagnostics"));
    let codes: Vec<String> = diagnostics.iter().map(|d| string(&d, "code")).collect();
    assert!(codes.contains(&"illegal-move".to_string()), "{codes:?}");
    assert!(codes.contains(&"guessed-variant".to_string()), "{codes:?}");
    // Out of range: a JS exception, not a panic.
    assert!(file.game(5).is_err());
    // Garbage never throws.
    let junk = PdnFile::parse("}{][)(\u{0}%;$");
    assert!(junk.games().is_ok());
}

pub fn decodes_cp1251_bytes() {
    assert_eq!(
        decode_bytes(b"[White \"\xcf\xe5\xf2\xf0\xee\xe2\"]"),
        "[White \"Петров\"]"
    );
}
