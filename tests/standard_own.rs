//! What the PDN standard's own `succeed` and `fail` files test (see tests/standard.rs), on
//! small files written for this repository (tests/data/standard): every form the standard
//! allows reads without an error and replays; each kind of fault is found at its line and
//! column, with what stands before and after it still read.

mod common;

use pdn::diagnostic::LineIndex;
use pdn::reader::{Game, PdnFile, read_bytes};
use pdn::replay::replay;
use pdn::{Diagnostic, Severity};

fn read(name: &str) -> PdnFile {
    let path = common::data().join("standard").join(name);
    read_bytes(&std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

fn all_diagnostics(f: &PdnFile) -> Vec<&Diagnostic> {
    f.diagnostics
        .iter()
        .chain(f.games.iter().flat_map(|g| &g.diagnostics))
        .collect()
}

/// Every reading diagnostic of the file as (line, column, code, severity).
fn found(f: &PdnFile) -> Vec<(usize, usize, &'static str, Severity)> {
    let idx = LineIndex::new(&f.text);
    all_diagnostics(f)
        .iter()
        .map(|d| {
            let (line, column) = idx.location(&f.text, d.span.start);
            (line, column, d.code.as_str(), d.severity)
        })
        .collect()
}

fn moves(g: &Game) -> Vec<&str> {
    g.moves.iter().map(|n| n.text.as_str()).collect()
}

fn at(f: &PdnFile, offset: usize) -> (usize, usize) {
    LineIndex::new(&f.text).location(&f.text, offset)
}

/// A succeed file: no reading errors, and every game with moves replays to its end, its
/// variations too.
fn assert_succeeds(name: &str, games: usize) -> PdnFile {
    let f = read(name);
    assert_eq!(f.games.len(), games, "{name}: games");
    for (line, column, code, severity) in found(&f) {
        assert_ne!(severity, Severity::Error, "{name}:{line}:{column}: {code}");
    }
    for (i, g) in f.games.iter().enumerate() {
        let r = replay(g);
        assert!(r.error.is_none(), "{name}: game {i}: {:?}", r.error);
        assert_eq!(r.plies.len(), g.moves.len(), "{name}: game {i}: plies");
        for (v, line) in r.variations.iter().enumerate() {
            assert!(
                line.error.is_none(),
                "{name}: game {i} variation {v}: {:?}",
                line.error
            );
        }
        for d in &r.diagnostics {
            assert_ne!(d.severity, Severity::Error, "{name}: game {i}: {d:?}");
        }
    }
    f
}

/// A fail file's faults, each found exactly as (line, column, code, severity).
fn assert_faults(f: &PdnFile, name: &str, faults: &[(usize, usize, &str, Severity)]) {
    let found = found(f);
    for &fault in faults {
        assert!(
            found.contains(&fault),
            "{name}: expected {fault:?}; found {found:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Forms the standard allows

#[test]
fn tag_forms() {
    let f = assert_succeeds("succeed_tags.pdn", 3);
    assert!(found(&f).is_empty(), "{:?}", found(&f));
    let g = &f.games[0];
    assert_eq!(g.tags.len(), 14);
    assert_eq!(g.tag("Date"), Some("2021.10.??"));
    assert_eq!(g.tag("Round"), Some("-"));
    assert_eq!(g.tag("BlackElo"), Some(""));
    assert_eq!(g.tag("Event2"), Some("?"));
    assert_eq!(g.tag("GameType"), Some("20,W,10,10,N2,0"));
    assert_eq!(moves(g).len(), 16);
    assert_eq!(g.moves[6].text, "28x17x26");

    // Padded tags, several tags on one line, escapes, a move right after a tag.
    let g = &f.games[1];
    assert_eq!(g.tag("Event"), Some("Spring rapid"));
    assert_eq!(g.tag("Date"), Some("3 march 2022"));
    assert_eq!(g.tag("White"), Some("Ilse \"Quick\" Tamm"));
    assert_eq!(g.tag("Black"), Some("Jonas Back\\Slash"));
    assert_eq!(g.tag("Annotator"), Some("said: \"watch 23\""));
    assert_eq!(moves(g), ["31-26", "18-23", "35-30", "23-29"]);

    // Tag names in another language are kept as written.
    let g = &f.games[2];
    assert_eq!(g.tags[0].name, "Torneo");
    assert_eq!(g.tag("Bianco"), Some("Rossi Anna"));
    assert_eq!(g.tag("Risultato"), Some("*"));
    assert_eq!(moves(g).len(), 8);
}

#[test]
fn unicode_and_other_encodings() {
    let f = assert_succeeds("succeed_unicode.pdn", 1);
    let g = &f.games[0];
    assert_eq!(g.tag("Event"), Some("Кубок Приволжья"));
    assert_eq!(g.tag("White"), Some("Ольга Веснина"));
    assert_eq!(g.tag("Black"), Some("李小梅"));
    assert_eq!(g.tag("Annotator"), Some("Zoë Müller-Håkansson"));
    assert_eq!(g.tag("Site"), Some("Ñuñoa · 12° sala"));
    assert_eq!(g.moves[3].comments, ["Чёрные берут две шашки."]);
    assert_eq!(g.moves[3].text, "23x32x21");

    let f = assert_succeeds("succeed_utf8_bom.pdn", 1);
    assert_eq!(f.games[0].tags[0].name, "Event");
    assert_eq!(f.games[0].tag("White"), Some("Ольга"));
    assert_eq!(f.encoding, pdn::encoding::Encoding::Utf8);

    let f = assert_succeeds("succeed_cp1251.pdn", 1);
    assert_eq!(f.encoding, pdn::encoding::Encoding::Cp1251);
    assert_eq!(f.games[0].tag("Event"), Some("Кубок"));
    assert_eq!(f.games[0].tag("White"), Some("Иванова"));
    assert_eq!(moves(&f.games[0]), ["c3-d4", "f6-g5"]);
}

#[test]
fn comments_of_both_kinds_and_escape_lines() {
    let f = assert_succeeds("succeed_comments.pdn", 2);
    assert!(found(&f).is_empty(), "{:?}", found(&f));
    let g = &f.games[0];
    assert_eq!(g.tag("Event"), Some("Comments of both kinds"));
    // An escape line is kept as a comment, of the game it stands before.
    assert_eq!(
        g.intro,
        [
            "Written by hand for the reader's tests; an escape line, not a comment",
            "A comment before the first move,\n  over two lines."
        ]
    );
    assert_eq!(
        moves(g),
        [
            "34-29", "17-22", "32-27", "18-23", "27x18", "13x22", "29x18x27", "9-13", "27-22",
            "11-17"
        ]
    );
    // Braces, brackets, results, stars and strengths inside a comment are prose.
    assert_eq!(
        g.moves[2].comments,
        [
            "a brace comment with\n a semicolon; parentheses (as in 18-23); \"quotes\", [brackets], 1-0, a star * and !?"
        ]
    );
    assert!(g.moves[2].nags.is_empty());
    // A `;` comment runs to the end of its line, braces and all.
    assert_eq!(
        g.moves[4].comments,
        ["the rest of this line is a comment: { 1-0 ( }"]
    );
    assert_eq!(g.moves[6].comments, ["[%eval 0.42][%clock 0:12:30]"]);
    assert_eq!(g.moves[7].comments, ["[%drgnode 7 8]"]);
    assert_eq!(g.moves[9].comments, ["and one before the result"]);
    assert_eq!(g.result.as_deref(), Some("*"));
    // Comments after the result, the escape line among them, stay with the game.
    assert_eq!(
        g.outro,
        ["one after the result", "another escape line between games"]
    );
    // The escape lines are neither tags, moves nor comments of a move.
    assert!(f.text.starts_with("% Written by hand"));
    assert!(g.tags.iter().all(|t| !t.value.contains("escape")));

    let g = &f.games[1];
    assert_eq!(g.tag("Event"), Some("Comment without moves"));
    assert!(g.moves.is_empty());
    assert_eq!(g.intro, ["Only prose here; no move."]);
    assert_eq!(g.result.as_deref(), Some("*"));
}

#[test]
fn variations_and_nags() {
    let f = assert_succeeds("succeed_variations.pdn", 2);
    assert!(found(&f).is_empty(), "{:?}", found(&f));

    let g = &f.games[0];
    assert_eq!(g.intro, ["A game with notes in several lines of play."]);
    assert_eq!(g.moves.len(), 14);
    assert_eq!(g.variations.len(), 5);
    // A variation that starts with a comment, on 3... 18-22.
    let v = &g.variations[g.moves[5].variations[0]];
    assert_eq!(v.comments, ["The quieter"]);
    assert_eq!(v.moves[0].text, "17-21");
    assert_eq!(v.moves[0].number, Some(3));
    assert_eq!(v.moves[1].nags, [2]);
    assert_eq!(v.moves[1].comments, ["gives up less."]);
    // Two variations on one move, one of them with a variation inside.
    assert_eq!(g.moves[7].nags, [1]);
    assert_eq!(g.moves[7].variations.len(), 2);
    let second = &g.variations[g.moves[7].variations[1]];
    assert_eq!(second.moves.len(), 3);
    assert_eq!(second.moves[0].nags, [6]);
    let inner = &g.variations[second.moves[1].variations[0]];
    assert_eq!(inner.moves[0].text, "33-28");
    assert_eq!(g.moves[8].text, "16x27x18x29");
    assert_eq!(g.moves[8].nags, [902]);
    assert_eq!(g.moves[10].nags, [3]);
    // `6...` after a variation goes on with black's move.
    assert_eq!(
        (g.moves[11].number, g.moves[11].text.as_str()),
        (Some(6), "14-19")
    );

    // Bare moves without numbers, tags or result, with nested variations and strengths.
    let g = &f.games[1];
    assert!(g.tags.is_empty());
    assert_eq!(moves(g), ["33-28", "18-22", "38-33", "12-18"]);
    let v = &g.variations[g.moves[1].variations[0]];
    assert_eq!(v.moves.len(), 3);
    assert_eq!(v.moves[1].strength, "?");
    let inner = &g.variations[v.moves[1].variations[0]];
    assert_eq!(inner.moves[0].strength, "!");
    assert_eq!(inner.moves[1].comments, ["Black is fine"]);
    assert_eq!(g.result, None);
}

#[test]
fn move_strengths() {
    let f = assert_succeeds("succeed_strengths.pdn", 1);
    assert!(found(&f).is_empty(), "{:?}", found(&f));
    let g = &f.games[0];
    let strengths: Vec<&str> = g.moves.iter().map(|n| n.strength.as_str()).collect();
    assert_eq!(
        strengths,
        [
            "!", "?", "!!", "??", "!?", "?!", "(!)", "(?)", "(!?!!!)", "", "", ""
        ]
    );
    // A star after a move is NAG 7; the last star ends the game.
    assert_eq!(g.moves[9].nags, [7]);
    assert_eq!(g.moves[9].text, "11-17");
    assert_eq!(g.result.as_deref(), Some("*"));
}

#[test]
fn result_forms_and_game_terminators() {
    let f = assert_succeeds("succeed_results.pdn", 9);
    assert!(found(&f).is_empty(), "{:?}", found(&f));
    let results: Vec<Option<&str>> = f.games.iter().map(|g| g.result.as_deref()).collect();
    assert_eq!(
        results,
        [
            Some("1-0"),
            Some("0-1"),
            Some("1/2-1/2"),
            Some("2-0"),
            Some("0-2"),
            Some("1-1"),
            Some("1/2-1/2"),
            Some("1-0"),
            Some("*"),
        ]
    );
    for g in &f.games {
        if let Some(tag) = g.tag("Result") {
            assert_eq!(g.result.as_deref(), Some(tag));
        }
    }
    assert_eq!(
        f.games[3].moves[3].comments,
        ["a win on the two-point scale"]
    );
    assert_eq!(f.games[5].tag("Round"), Some("6"));
    // A game with neither tags nor move numbers' spaces: `1.32-28 1/2-1/2`.
    assert!(f.games[6].tags.is_empty());
    assert_eq!(moves(&f.games[6]), ["32-28"]);
    // A game that is only tags and a result.
    assert!(f.games[7].moves.is_empty());
    assert_eq!(moves(&f.games[8]), ["31-26"]);
}

#[test]
fn movetext_layouts() {
    let f = assert_succeeds("succeed_movetext.pdn", 4);
    // Padded and aligned numbers.
    let g = &f.games[0];
    assert_eq!(g.moves.len(), 32);
    assert_eq!(g.moves[15].text, "9x20");
    assert_eq!(g.moves[30].text, "38-33");
    assert_eq!(g.moves[31].text, "28x39x30");
    // `1.33-28` and a number at the end of a line, its move on the next.
    let g = &f.games[1];
    assert_eq!(g.moves.len(), 14);
    assert_eq!(
        (g.moves[8].number, g.moves[8].text.as_str()),
        (Some(5), "23x12x21")
    );
    assert_eq!(
        (g.moves[12].number, g.moves[12].text.as_str()),
        (Some(7), "39-33")
    );
    // `1- 7`-style moves are read as one move, with a warning each.
    let g = &f.games[2];
    assert_eq!(moves(g)[4..6], ["32x23", "20-25"]);
    let faults: Vec<_> = found(&f)
        .into_iter()
        .filter(|&(_, _, _, s)| s != Severity::Note)
        .collect();
    assert_eq!(
        faults,
        [
            (18, 34, "spaces-in-move", Severity::Warning),
            (18, 41, "spaces-in-move", Severity::Warning)
        ]
    );
    // `1. ...`: black moves first; a last `4. ...` with no move is no fault.
    let g = &f.games[3];
    assert_eq!(moves(g), ["22x31", "39-34", "8-12", "34-30", "13-18"]);
    assert_eq!(g.moves[0].number, Some(1));
    assert_eq!(g.result.as_deref(), Some("*"));
}

#[test]
fn setups_and_fen_forms() {
    let f = assert_succeeds("succeed_setups.pdn", 6);
    assert!(found(&f).is_empty(), "{:?}", found(&f));
    let g = &f.games[0];
    assert_eq!(g.tag("SetUp"), Some("1"));
    assert_eq!(g.start_fen(), Some("W:W28,32,33,38,K47:B12,19,24,K3."));
    assert_eq!(
        moves(g),
        ["28-22", "3-25", "32-27", "19-23", "22-18", "23-29"]
    );
    // `Setup` spelled with a small u; a problem that is only a position and a result.
    let g = &f.games[1];
    assert_eq!(g.tag("Setup"), Some("1"));
    assert!(g.moves.is_empty());
    assert_eq!(g.result.as_deref(), Some("1-0"));
    let r = replay(g);
    assert_eq!(r.start.unwrap().turn(), pdn::Color::Black);
    // A FEN with ranges of squares, the only tag of its game.
    let g = &f.games[2];
    assert_eq!(g.tags.len(), 1);
    let r = replay(g);
    assert_eq!(r.start.unwrap().count(pdn::Color::White), 20);
    assert_eq!(r.plies.len(), 4);
    // A FEN whose side to move is unknown (`?`).
    assert_eq!(f.games[3].start_fen(), Some("?:W30,33,44:B12,18,19,31"));
    assert!(f.games[3].moves.is_empty());
    // English endings with kings, with and without a GameType.
    let r = replay(&f.games[4]);
    assert_eq!(r.variant, Some(pdn::Variant::English));
    assert_eq!(r.plies.len(), 4);
    let r = replay(&f.games[5]);
    assert_eq!(r.variant, Some(pdn::Variant::English));
    assert!(r.diagnostics.iter().all(|d| d.severity != Severity::Error));
}

#[test]
fn eight_by_eight_boards_and_alphanumeric_moves() {
    let f = assert_succeeds("succeed_eight_by_eight.pdn", 8);
    assert!(found(&f).is_empty(), "{:?}", found(&f));
    let variants: Vec<Option<pdn::Variant>> = f.games.iter().map(|g| replay(g).variant).collect();
    use pdn::Variant::{Czech, English, Italian, Russian};
    assert_eq!(
        variants,
        [
            Some(Russian),
            Some(Russian),
            Some(Russian),
            Some(Czech),
            Some(English),
            Some(English),
            Some(Italian),
            Some(Russian)
        ]
    );
    // Russian captures with `:`, one of three pieces.
    let g = &f.games[0];
    assert_eq!(g.moves.len(), 24);
    assert_eq!(g.moves[16].text, "h4:f6:d4:b6");
    // A Russian position in the board's own square names.
    assert_eq!(f.games[1].start_fen(), Some("W:Wc3,e3,Kh2:Bb6,f6,Kd8"));
    assert_eq!(f.games[3].moves[19].text, "e1xc3xe5");
    assert_eq!(f.games[4].moves[27].text, "3x12x19");
    assert_eq!(f.games[4].tag("Date"), Some("1899.??.??"));
    // Italian tag names, a comment in Italian.
    let g = &f.games[6];
    assert_eq!(g.tag("Risultato"), Some("*"));
    assert_eq!(g.moves[9].text, "12x19x26");
    assert_eq!(g.moves[11].comments, ["Il nero sviluppa."]);
    // Moves with no separator at all (`1.c3b4`), no tags, no result: the end of the text.
    let g = &f.games[7];
    assert!(g.tags.is_empty());
    assert_eq!(moves(g), ["c3b4", "h6g5", "b4c5", "d6xb4"]);
    assert_eq!(g.result, None);
}

#[test]
fn line_ends_crlf_and_mixed() {
    let f = assert_succeeds("succeed_line_ends.pdn", 2);
    assert!(found(&f).is_empty(), "{:?}", found(&f));
    assert!(f.text.contains("\r\n") && f.text.contains("]\n["));
    let g = &f.games[0];
    assert_eq!(g.tag("Black"), Some("Line F."));
    assert_eq!(g.moves.len(), 8);
    assert_eq!(
        g.moves[5].comments,
        ["a comment that\r\ngoes over a line end"]
    );
    let g = &f.games[1];
    assert_eq!(moves(g), ["32-28", "18-23", "31-27", "23x32x21"]);
    // Line numbers count `\r\n` as one line end.
    assert_eq!(at(&f, g.moves[2].span.start), (13, 4));
}

// ---------------------------------------------------------------------------------------------
// Faults

const W: Severity = Severity::Warning;
const E: Severity = Severity::Error;

#[test]
fn nested_comment() {
    // `{ a { b } }`: the first `}` ends the comment, the second closes nothing.
    let f = read("fail_nested_comment.pdn");
    assert_faults(
        &f,
        "fail_nested_comment.pdn",
        &[(3, 34, "nested-comment", W), (3, 57, "unmatched-brace", W)],
    );
    assert_eq!(f.games.len(), 1);
    let g = &f.games[0];
    assert_eq!(
        moves(g),
        ["34-29", "17-22", "32-27", "18-23", "27x18", "13x22"]
    );
    assert_eq!(g.moves[2].comments, ["a note { with a note inside"]);
    assert_eq!(g.result.as_deref(), Some("*"));
}

#[test]
fn scores_that_are_no_pdn_result() {
    // Delfts scores (`7-3`, `2-8`), the same as the Result tag: read as the result, flagged.
    let f = read("fail_delfts_scores.pdn");
    assert_faults(
        &f,
        "fail_delfts_scores.pdn",
        &[
            (7, 77, "nonstandard-result", W),
            (16, 1, "nonstandard-result", W),
        ],
    );
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.games[0].moves.len(), 20);
    assert_eq!(f.games[0].moves[19].text, "29x40");
    assert_eq!(f.games[0].result.as_deref(), Some("7-3"));
    assert_eq!(f.games[1].moves.len(), 16);
    assert_eq!(f.games[1].result.as_deref(), Some("2-8"));
    for g in &f.games {
        assert!(replay(g).error.is_none());
    }
}

#[test]
fn a_lone_full_stop_and_a_result_against_its_tag() {
    let f = read("fail_stray_dot.pdn");
    assert_faults(
        &f,
        "fail_stray_dot.pdn",
        &[(11, 30, "unknown-text", W), (11, 32, "result-mismatch", W)],
    );
    assert_eq!(f.games.len(), 3);
    assert_eq!(found(&f).iter().filter(|d| d.0 != 11).count(), 0);
    let g = &f.games[1];
    assert_eq!(moves(g), ["28-22", "3-25", "32-27", "19-23"]);
    assert_eq!(g.result.as_deref(), Some("1-0"));
    assert_eq!(g.tag("Result"), Some("*"));
    assert_eq!(f.games[0].moves.len(), 4);
    assert_eq!(f.games[2].moves.len(), 6);
    assert_eq!(f.games[2].tag("Event"), Some("Study C"));
}

#[test]
fn a_move_number_without_its_move_and_no_result() {
    let f = read("fail_number_without_move.pdn");
    assert_faults(
        &f,
        "fail_number_without_move.pdn",
        &[
            (11, 28, "number-without-move", W),
            (11, 30, "missing-result", W),
        ],
    );
    // Three tag blocks, and a stray `44x22 1-0` at the end: a game of its own.
    assert_eq!(f.games.len(), 4);
    let g = &f.games[1];
    assert_eq!(g.tag("Event"), Some("Study B"));
    assert_eq!(moves(g), ["22x31", "39-34", "8-12"]);
    assert_eq!(g.result, None);
    assert!(replay(g).error.is_none());
    let g = &f.games[2];
    assert_eq!(g.tag("Event"), Some("Study C"));
    assert_eq!(moves(g), ["22x31", "39-34"]);
    let g = &f.games[3];
    assert!(g.tags.is_empty());
    assert_eq!(moves(g), ["44x22"]);
    assert_eq!(g.result.as_deref(), Some("1-0"));
    // It is no move from the usual position.
    let e = replay(g).error.unwrap();
    assert_eq!((e.ply, at(&f, e.span.start)), (1, (21, 1)));
}

#[test]
fn moves_not_recorded() {
    let f = read("fail_unrecorded_moves.pdn");
    assert_faults(
        &f,
        "fail_unrecorded_moves.pdn",
        &[(13, 4, "unknown-move", W), (14, 6, "unknown-move", W)],
    );
    assert_eq!(f.games.len(), 3);
    let g = &f.games[1];
    assert_eq!(g.moves.len(), 10);
    assert!(
        g.moves
            .iter()
            .all(|n| n.text == "-" && n.notation.is_none())
    );
    assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(g.tag("White"), Some("Zaitsev V."));
    let e = replay(g).error.unwrap();
    assert_eq!((e.ply, at(&f, e.span.start)), (1, (13, 4)));
    for g in [&f.games[0], &f.games[2]] {
        assert_eq!(g.moves.len(), 4);
        assert!(g.diagnostics.is_empty());
        assert!(replay(g).error.is_none());
    }
    assert_eq!(f.games[2].result.as_deref(), Some("0-1"));
}

#[test]
fn result_against_its_tag_and_a_game_without_result() {
    let f = read("fail_result_mismatch.pdn");
    assert_faults(
        &f,
        "fail_result_mismatch.pdn",
        &[(6, 47, "result-mismatch", W), (11, 15, "missing-result", W)],
    );
    assert_eq!(f.games.len(), 3);
    assert_eq!(f.games[0].moves.len(), 16);
    assert_eq!(f.games[0].result.as_deref(), Some("1-0"));
    assert_eq!(f.games[0].tag("Result"), Some("0-1"));
    assert_eq!(moves(&f.games[1]), ["32-28", "18-23"]);
    assert_eq!(f.games[1].result, None);
    assert_eq!(f.games[2].tag("Board"), Some("3"));
    assert_eq!(f.games[2].moves.len(), 4);
    assert_eq!(f.games[2].result.as_deref(), Some("1-0"));
}

#[test]
fn a_move_number_and_a_result_with_no_move() {
    // `1. 2-0`: a game decided without play, written as a move number and the result.
    let f = read("fail_number_then_result.pdn");
    assert_faults(
        &f,
        "fail_number_then_result.pdn",
        &[
            (7, 1, "number-without-move", W),
            (23, 1, "number-without-move", W),
        ],
    );
    assert_eq!(f.games.len(), 3);
    let results: Vec<Option<&str>> = f.games.iter().map(|g| g.result.as_deref()).collect();
    assert_eq!(results, [Some("2-0"), Some("1-1"), Some("0-2")]);
    assert!(f.games[0].moves.is_empty() && f.games[2].moves.is_empty());
    assert_eq!(f.games[1].moves.len(), 4);
    assert!(f.games[1].diagnostics.is_empty());
}

#[test]
fn unclosed_tags_comments_and_variations() {
    let f = read("fail_unclosed.pdn");
    assert_faults(
        &f,
        "fail_unclosed.pdn",
        &[
            (1, 8, "unclosed-tag-value", E),
            (6, 1, "unclosed-tag", W),
            (12, 25, "unclosed-variation", W),
            (16, 16, "unmatched-paren", W),
            (20, 16, "unclosed-comment", E),
        ],
    );
    assert_eq!(f.games.len(), 6);
    // The tag value runs to its line's end; the next tag is read.
    let g = &f.games[0];
    assert_eq!(g.tag("Event"), Some("Tag value without its closing quote"));
    assert_eq!(g.tag("White"), Some("Lind, E."));
    assert_eq!(g.moves.len(), 4);
    let g = &f.games[1];
    assert_eq!(g.tag("Event"), Some("Tag without its bracket"));
    assert_eq!(g.moves.len(), 4);
    // The unclosed variation ends with its game, its moves kept.
    let g = &f.games[2];
    assert_eq!(moves(g), ["31-26", "19-23", "32-27"]);
    let v = &g.variations[g.moves[2].variations[0]];
    assert_eq!(v.moves.len(), 3);
    assert!(replay(g).variations[0].error.is_none());
    assert_eq!(f.games[3].moves.len(), 4);
    // An unclosed comment swallows the text up to the next tag line, and no further.
    let g = &f.games[4];
    assert_eq!(moves(g), ["34-29", "17-22"]);
    assert_eq!(g.moves[1].comments, ["this note runs on\n2. 32-27 18-23"]);
    let g = &f.games[5];
    assert_eq!(g.tag("Event"), Some("After the comment"));
    assert_eq!(moves(g), ["35-30", "20-24"]);
    assert_eq!(g.result.as_deref(), Some("*"));
}

#[test]
fn illegal_moves_and_a_bad_fen_are_found_by_the_replay() {
    let f = read("fail_replay.pdn");
    assert!(found(&f).is_empty(), "{:?}", found(&f));
    assert_eq!(f.games.len(), 3);
    // A quiet move where a capture is compulsory.
    let r = replay(&f.games[0]);
    let e = r.error.unwrap();
    assert_eq!((e.ply, e.text.as_str()), (11, "22-18"));
    assert_eq!(at(&f, e.span.start), (5, 19));
    assert_eq!(r.plies.len(), 10);
    // A FEN naming a square the board does not have.
    let r = replay(&f.games[1]);
    let d = r.diagnostics.iter().find(|d| d.code == "bad-fen").unwrap();
    assert_eq!(d.severity, E);
    assert_eq!(at(&f, d.span.start), (10, 1));
    // A move of the wrong side: in English draughts black moves first.
    let r = replay(&f.games[2]);
    let e = r.error.unwrap();
    assert_eq!((e.ply, e.text.as_str()), (1, "32-28"));
    assert_eq!(at(&f, e.span.start), (17, 4));
}
