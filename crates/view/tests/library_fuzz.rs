//! A bounded fuzz run over the page's `Library` API, natively: whatever bytes or text come in,
//! listing, checking, viewing and exporting every game never panics, and the export reads back
//! with the same number of games. (`PROPTEST_CASES` raises the count; `make test` runs the
//! default.) The wasm boundary itself is a thin translation of these calls.
#![cfg(not(target_arch = "wasm32"))]

use pdn::edit::Place;
use pdn_view::library::Library;
use proptest::prelude::*;

/// Pieces that real and broken PDN is made of, hostile ones included.
const PIECES: &[&str] = &[
    "[Event \"e\"]",
    "[GameType \"20\"]",
    "[GameType \"25\"]",
    "[GameType \"21\"]",
    "[GameType \"40\"]",
    "[GameType \"20,W,8,8,N2,0\"]",
    "[FEN \"W:W31-50:B1-20\"]",
    "[FEN \"W:W29,30,31,32:B1,2,3,4\"]",
    "[FEN \"B:WK3:B1\"]",
    "[Result \"1-0\"]",
    "1.",
    "12...",
    "99999999999999999999.",
    "32-28",
    "19-23",
    "28x19",
    "14x23",
    "c3-d4",
    "ed4",
    "cd4",
    "11x18x25",
    "--",
    "- -",
    "(",
    ")",
    "{",
    "}",
    "{a comment [%clock w0:01:00]}",
    ";",
    "\n",
    "\r\n",
    "\r",
    " ",
    "*",
    "1-0",
    "0:1",
    "2-0",
    "1/2-1/2",
    "$7",
    "!?",
    "/W:W1:B2/",
    "<!--<script>",
    "\u{1b}[31m",
    "жё",
    "😀",
    "\u{0}",
    "e4 Nf3 O-O",
];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..80).prop_map(|p| p.join(" "))
}

fn exercise(lib: &Library) {
    let n = lib.len();
    for i in 0..n.min(20) {
        let _ = lib.row(i);
        let _ = lib.check(i);
        let _ = lib.view(i);
        let _ = lib.game_text(i);
        let _ = lib.export_game(i);
    }
    assert!(lib.row(n).is_none() && lib.view(n).is_none() && lib.export_game(n).is_none());
    let _ = lib.outside_diagnostics();
    let all = lib.export_all();
    let again = Library::new(all.clone());
    assert_eq!(
        again.len(),
        n,
        "export reads back with the same games:\n{all}"
    );
}

/// A move played at the end of each game's mainline and a comment, each game written back into
/// the text: the exports are the same before and after, the text read again has the same games
/// (and the same exports, when every game could be written), and the old text put back gives
/// the text as it was.
fn write_back(text: String) {
    let mut lib = Library::new(text);
    let n = lib.len();
    for i in 0..n.min(4) {
        let plies = lib.view(i).map_or(0, |v| v.plies.len());
        let end = Place {
            line: None,
            ply: plies,
        };
        if lib.legal_moves(i, end).is_some_and(|m| !m.is_empty()) {
            let _ = lib.play(i, end, 0);
        }
        let _ = lib.set_comment(i, Place { line: None, ply: 0 }, "c");
        let text_before = lib.text().to_string();
        let exported = lib.export_all();
        let splice = lib.write_back(i);
        assert_eq!(lib.export_all(), exported, "written back, game {i}");
        let again = Library::new(lib.text().to_string());
        assert_eq!(again.len(), n, "read again:\n{}", lib.text());
        // A game whose text would not read back the same is kept as edited, not written.
        if !(0..n).any(|j| lib.is_edited(j)) {
            assert_eq!(again.export_all(), exported, "read again:\n{}", lib.text());
        }
        if let Some(s) = splice {
            lib.replace_game_text(i, &s.old, Some(&s.text));
            assert_eq!(lib.text(), text_before, "the old text back");
            lib.replace_game_text(i, &s.text, Some(&s.old));
            assert_eq!(lib.text(), again.text(), "and the new one again");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256),
        ..ProptestConfig::default()
    })]

    #[test]
    fn any_text(t in text()) {
        exercise(&Library::new(t));
    }

    #[test]
    fn edits_written_back(t in text()) {
        write_back(t);
    }

    #[test]
    fn any_bytes(b in prop::collection::vec(any::<u8>(), 0..400)) {
        exercise(&Library::from_bytes(&b));
    }

    #[test]
    fn any_text_as_utf16(t in text()) {
        let mut b = vec![0xFF, 0xFE];
        b.extend(t.encode_utf16().flat_map(u16::to_le_bytes));
        exercise(&Library::from_bytes(&b));
    }
}
