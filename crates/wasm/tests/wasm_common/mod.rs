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

        #[wasm_bindgen_test::wasm_bindgen_test]
        fn analysis_moves_and_edits() {
            wasm_common::analysis_moves_and_edits();
        }

        #[wasm_bindgen_test::wasm_bindgen_test]
        fn solve_answers() {
            wasm_common::solve_answers();
        }

        #[wasm_bindgen_test::wasm_bindgen_test]
        fn packed_views_unpack_to_the_full_ones() {
            wasm_common::packed_views_unpack_to_the_full_ones();
        }
    };
}

use js_sys::{Array, JSON, Reflect};
use pdn_wasm::Library;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

// The page's own unpacker, as the page imports it (not a copy).
#[wasm_bindgen(module = "/../../www/reader/viewdata.js")]
extern "C" {
    #[wasm_bindgen(js_name = unpackView)]
    fn unpack_view(view: JsValue) -> JsValue;
}

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
    let file = Library::from_text(TWO_GAMES.to_string());
    assert_eq!(file.count(), 2);
    // Rows from the tags alone: the second game names no variant and is not replayed yet.
    let rows = Array::from(&file.rows(0, 2).unwrap());
    assert_eq!(rows.length(), 2);
    let first = rows.get(0);
    assert_eq!(number(&first, "number"), 1.0);
    assert_eq!(string(&first, "black"), "Bērziņš");
    assert_eq!(string(&first, "variant"), "International");
    assert_eq!(number(&first, "variantNumber"), 20.0);
    assert_eq!(string(&rows.get(1), "variant"), "");
    assert_eq!(get(&rows.get(1), "checked").as_bool(), Some(false));
    // Checked rows: the replay found the variant and the illegal move.
    let checked = Array::from(&file.check(0, 10).unwrap());
    assert_eq!(checked.length(), 2);
    assert_eq!(string(&checked.get(1), "variant"), "International");
    assert_eq!(number(&checked.get(1), "errors"), 1.0);
    assert!(file.game_text(1).unwrap().starts_with("[Event \"Two\"]"));
    assert!(file.export_game(0).unwrap().contains("{a comment}"));
    assert!(file.export_all().contains("[Event \"Two\"]"));

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
    let rules = Array::from(&get(&view, "rules"));
    assert_eq!(rules.get(0).as_string().unwrap(), "flying-kings");
    assert_eq!(number(&get(&view, "source"), "line"), 1.0);
}

pub fn errors_cross_as_values_and_exceptions() {
    let file = Library::from_text(TWO_GAMES.to_string());
    let view = file.game(1).unwrap();
    let error = get(&view, "error");
    assert_eq!(number(&error, "ply"), 3.0);
    assert_eq!(string(&error, "move"), "28-23");
    assert_eq!(number(&error, "line"), 8.0);
    let diagnostics = Array::from(&get(&view, "diagnostics"));
    let codes: Vec<String> = diagnostics.iter().map(|d| string(&d, "code")).collect();
    assert!(codes.contains(&"illegal-move".to_string()), "{codes:?}");
    assert!(codes.contains(&"guessed-variant".to_string()), "{codes:?}");
    // Who each is for crosses too (pdn::Code::audience): a club page lists the visitor ones.
    for d in diagnostics.iter() {
        let want = if string(&d, "code") == "illegal-move" {
            "visitor"
        } else {
            "author"
        };
        assert_eq!(string(&d, "audience"), want, "{}", string(&d, "code"));
    }
    // Out of range: a JS exception, not a panic.
    assert!(file.game(5).is_err());
    assert!(file.export_game(5).is_err());
    assert!(file.game_text(5).is_none());
    // Garbage never throws; with no game, the problems outside games say why.
    // Short links (pdn::shortlink): none for a game with a comment or an illegal move; a game
    // that fits goes there and back; a damaged payload is an exception in plain words.
    assert!(file.short_link(0).is_none() && file.short_link(1).is_none());
    let plain = Library::from_text("[White \"Ozols\"] 1. 32-28 19-23 *".to_string());
    let text = pdn_wasm::short_link_text(&plain.short_link(0).unwrap()).unwrap();
    assert!(
        text.contains("[White \"Ozols\"]") && text.contains("1. 32-28 19-23 *"),
        "{text}"
    );
    assert!(pdn_wasm::short_link_text("1_____").is_err());
    let junk = Library::from_text("}{][)(\u{0}%;$".to_string());
    assert!(junk.rows(0, 100).is_ok());
    let outside = Array::from(&junk.outside_diagnostics().unwrap());
    if junk.count() == 0 {
        assert!(outside.length() > 0);
    }
}

pub fn decodes_cp1251_bytes() {
    let file = Library::from_bytes(b"[White \"\xcf\xe5\xf2\xf0\xee\xe2\"] 1. c3-d4 *");
    assert_eq!(file.text(), "[White \"Петров\"] 1. c3-d4 *");
    assert_eq!(file.encoding(), "Windows-1251 (Cyrillic)");
    assert_eq!(
        string(&Array::from(&file.rows(0, 1).unwrap()).get(0), "white"),
        "Петров"
    );
}

/// The analysis calls as the page makes them: legal moves with routes and the position after,
/// a move played into a new variation, its comment and marks, promotion, and errors as
/// exceptions.
pub fn analysis_moves_and_edits() {
    let mut lib = Library::from_text(TWO_GAMES.to_string());
    let moves = Array::from(&lib.legal_moves(0, None, 1).unwrap());
    let pick = |moves: &Array, notation: &str| -> (usize, JsValue) {
        let m = moves
            .iter()
            .find(|m| string(m, "notation") == notation)
            .unwrap_or_else(|| panic!("{notation} is not legal"));
        (number(&m, "index") as usize, m)
    };
    let (i, m) = pick(&moves, "17-22");
    assert_eq!(Array::from(&get(&m, "path")).length(), 2);
    assert_eq!(string(&m, "from"), "17");
    assert!(string(&m, "cells").len() == 50);
    let at = lib.play(0, None, 1, i).unwrap();
    assert!(get(&at, "line").as_f64() == Some(0.0));
    assert_eq!(number(&at, "ply"), 1.0);
    let moves = Array::from(&lib.legal_moves(0, Some(0), 1).unwrap());
    let (i, m) = pick(&moves, "28x17");
    assert_eq!(
        Array::from(&get(&m, "captured"))
            .get(0)
            .as_string()
            .unwrap(),
        "22"
    );
    lib.play(0, Some(0), 1, i).unwrap();
    lib.set_comment(0, Some(0), 2, "forced").unwrap();
    lib.set_marks(0, Some(0), 2, "R17", "G28-17").unwrap();
    assert!(lib.is_edited(0));
    let view = lib.game(0).unwrap();
    let variation = Array::from(&get(&view, "variations")).get(0);
    let ply = Array::from(&get(&variation, "plies")).get(1);
    let marks = get(&ply, "marks");
    let square = Array::from(&get(&marks, "squares")).get(0);
    assert_eq!(string(&square, "color"), "red");
    let text = lib.export_game(0).unwrap();
    assert!(
        text.contains("(1... 17-22 2. 28x17 {[%csl R17] [%cal G28-17] forced})"),
        "{text}"
    );
    let shown = lib.promote_variation(0, 0).unwrap();
    assert!(get(&shown, "line").is_null());
    assert!(
        lib.export_game(0)
            .unwrap()
            .contains("1. 32-28 17-22 (1... 19-23")
    );
    // A move that is not there, a place that is not there: exceptions.
    assert!(lib.play(0, None, 0, 99).is_err());
    assert!(lib.legal_moves(0, None, 99).unwrap().is_null());
    assert!(lib.delete_variation(0, 7).is_err());
    lib.revert(0);
    assert!(!lib.is_edited(0));
}

/// Solve mode's calls as the page makes them: the text's move, a marked alternative, a refuted
/// try with its refutation, the move shown, and the side to move.
pub fn solve_answers() {
    let lib = Library::from_text(
        "[GameType \"20\"] 1. 32-28 (1. 33-28! 18-22) (1. 31-27 19-23) 1... 19-23 2. 28x19 14x23 *"
            .to_string(),
    );
    let moves = Array::from(&lib.legal_moves(0, None, 0).unwrap());
    let choice = |notation: &str| -> Option<usize> {
        moves
            .iter()
            .find(|m| string(m, "notation") == notation)
            .map(|m| number(&m, "index") as usize)
    };
    let right = lib.solve(0, None, 0, choice("32-28")).unwrap();
    assert_eq!(string(&right, "verdict"), "right");
    assert_eq!(number(&get(&right, "reply"), "ply"), 2.0);
    assert_eq!(string(&right, "replyNotation"), "19-23");
    assert_eq!(string(&right, "toMove"), "white");
    assert_eq!(get(&right, "solved").as_bool(), Some(false));
    let accepted = lib.solve(0, None, 0, choice("33-28")).unwrap();
    assert_eq!(string(&accepted, "verdict"), "accepted");
    assert_eq!(get(&accepted, "solved").as_bool(), Some(true));
    let wrong = lib.solve(0, None, 0, choice("31-27")).unwrap();
    assert_eq!(string(&wrong, "verdict"), "wrong");
    assert!(get(&wrong, "moved").is_null());
    assert_eq!(string(&wrong, "replyNotation"), "19-23");
    let shown = lib.solve(0, None, 2, None).unwrap();
    assert_eq!(string(&shown, "verdict"), "shown");
    assert!(lib.solve(0, None, 4, None).unwrap().is_null());
    let state = lib.solve_state(0, None, 1).unwrap();
    assert_eq!(string(&state, "toMove"), "black");
}

/// Games of every kind a view has: captures, comments and commands, NAGs, nested variations
/// (and one that fails), a setup, an unsupported GameType, an illegal move, moves joined jump by
/// jump, no move at all.
const KINDS: &str = "[White \"A\"][GameType \"20\"]\n1. 32-28 {good [%clock w0:09:55 B1:10:00] \
[%eval 0.35] [%csl G28]} 19-23! $1 ({try} 17-22 2. 28x17 11x22 (12x21)) 2. 28x19 (28x17) 14x23 \
{[%clk 0:08:01][%emt 0:00:12][%cal R23-28]} 3. 37-32 *\n\n\
[GameType \"21\"][Setup \"1\"][FEN \"W:W27,19,18,11,7,6,5:B28,26,25,20,17,10,9,4,3,2.\"]\n\
1. 19-15 10x19 2. 5-1 3x10 3. 11-8 4x11 4. 27-24 20x27 5. 18-14 9x18 6. 1-5 2x9 7. 5x32 1-0\n\n\
[GameType \"99\"] 1. 32-28 19-23 *\n\n\
[GameType \"20\"] 1. 32-28 19-23 2. 99-1 3. 33-28 {after} *\n\n\
[GameType \"25\"] 1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n\n\
[GameType \"20\"] {only a comment} *";

pub fn packed_views_unpack_to_the_full_ones() {
    let lib = Library::from_text(KINDS.to_string());
    assert_eq!(lib.count(), 6);
    for i in 0..lib.count() {
        let full = lib.game(i).unwrap();
        let packed = lib.game_packed(i).unwrap();
        assert!(
            !get(&packed, "packed").is_undefined(),
            "game {i} is not packed"
        );
        let unpacked = unpack_view(packed);
        let text = |v: &JsValue| JSON::stringify(v).unwrap().as_string().unwrap();
        // Same fields, values and order: the page reads them as it read the full view.
        assert_eq!(text(&unpacked), text(&full), "game {}", i + 1);
        // The one buffer the worker hands the page (pdn_view::wire) reads as the same view
        // (these games are within the page's budgets: the page's view is the whole one).
        let buffer = js_sys::Uint8Array::from(lib.page_buffer(i).unwrap().as_slice());
        assert_eq!(
            text(&unpack_view(buffer.into())),
            text(&full),
            "game {}'s buffer",
            i + 1
        );
    }
    // Read one move at a time, as the page does: the moves are made when asked for.
    let unpacked = unpack_view(lib.game_packed(0).unwrap());
    let plies = get(&unpacked, "plies");
    assert!(Array::is_array(&plies));
    let second = Reflect::get_u32(&plies, 1).unwrap();
    assert_eq!(string(&second, "notation"), "19-23!");
    assert_eq!(string(&Reflect::get_u32(&plies, 2).unwrap(), "to"), "19");
    assert!(Reflect::get_u32(&plies, 99).unwrap().is_undefined());
    // A full view passes through as it is.
    let full = lib.game(1).unwrap();
    assert!(unpack_view(full.clone()) == full);
}
