//! The reader on hand-written inputs: what real files do, and what must never be lost.

use pdn::reader::{read_bytes, read_file};
use pdn::replay::replay;

fn moves(g: &pdn::Game) -> Vec<&str> {
    g.moves.iter().map(|n| n.text.as_str()).collect()
}

#[test]
fn several_games_on_one_line_and_a_missing_result() {
    let f = read_file(
        "[Event \"a\"] 1. 32-28 19-23 [Event \"b\"] 1. 31-26 1-1 [Event \"c\"]1.33-29 2-0 1.34-30 *",
    );
    assert_eq!(f.games.len(), 4);
    assert_eq!(moves(&f.games[0]), ["32-28", "19-23"]);
    assert_eq!(f.games[0].result, None);
    assert_eq!(f.games[1].result.as_deref(), Some("1-1"));
    assert_eq!(f.games[2].result.as_deref(), Some("2-0"));
    // After a result, moves without tags start a game of their own.
    assert_eq!(moves(&f.games[3]), ["34-30"]);
}

#[test]
fn comments_variations_nags_and_strengths_are_kept() {
    let text = "[GameType \"20\"]\n{intro} 1. 32-28! {good} $1 19-23 (18-23 (17-22?) 38-32) \
                2. 28x19(?) 14x23 ; to the end\n% escape line\n3. 33-28* *";
    let f = read_file(text);
    let g = &f.games[0];
    assert_eq!(g.intro, ["intro"]);
    assert_eq!(g.moves[0].strength, "!");
    assert_eq!(g.moves[0].comments, ["good"]);
    assert_eq!(g.moves[0].nags, [1]);
    assert_eq!(g.moves[1].variations.len(), 1);
    let var = &g.variations[g.moves[1].variations[0]].moves;
    assert_eq!(var.len(), 2);
    assert_eq!(var[0].text, "18-23");
    let inner = &g.variations[var[0].variations[0]];
    assert_eq!(inner.moves[0].text, "17-22");
    assert_eq!(inner.moves[0].strength, "?");
    assert_eq!(g.moves[2].strength, "(?)");
    assert_eq!(g.moves[3].comments, ["to the end", "escape line"]);
    assert_eq!(
        (g.moves[4].strength.as_str(), g.moves[4].nags.as_slice()),
        ("", &[7][..]),
        "a star move is NAG 7, not the terminator"
    );
    assert_eq!(g.result.as_deref(), Some("*"));
    assert!(g.diagnostics.is_empty(), "{:?}", g.diagnostics);
    assert!(replay(g).error.is_none());
}

#[test]
fn move_number_forms() {
    let f = read_file("1.32-28 17-22 2...28x17 3. ... 11x22 12... 5- 10 *");
    assert_eq!(
        moves(&f.games[0]),
        ["32-28", "17-22", "28x17", "11x22", "5-10"]
    );
    assert_eq!(f.games[0].moves[2].number, Some(2));
}

#[test]
fn tags_escapes_case_and_curly_quotes() {
    let f = read_file(
        "[event \"Say \\\"hi\\\" \\\\ there\"]\n[Site    \"Riga\"]\n[White “Kalniņš”]\n[Black \"\"] *",
    );
    let g = &f.games[0];
    assert_eq!(g.tag("Event"), Some("Say \"hi\" \\ there"));
    assert_eq!(g.tag("site"), Some("Riga"));
    assert_eq!(g.tag("White"), Some("Kalniņš"));
    assert_eq!(g.tag("Black"), Some(""));
}

#[test]
fn line_ends_bom_and_encodings() {
    let f = read_bytes(b"\xEF\xBB\xBF[Event \"x\"]\r\n1. 32-28\r19-23\n2. 28x19 14x23 *");
    assert_eq!(moves(&f.games[0]).len(), 4);
    let cp1251 = read_bytes(b"[White \"\xc8\xe2\xe0\xed\xee\xe2\"] 1. 32-28 *");
    assert_eq!(cp1251.games[0].tag("White"), Some("Иванов"));
}

#[test]
fn bad_spots_are_diagnosed_and_the_rest_is_read() {
    let text =
        "[Event \"one\"]\n1. 32-28 @@ 19-23 ) 2. 28x19 {never closed\n[Event \"two\"]\n1. 31-26 *";
    let f = read_file(text);
    assert_eq!(
        f.games.len(),
        2,
        "the unclosed comment stops at the next tag line"
    );
    let g = &f.games[0];
    assert_eq!(moves(g), ["32-28", "19-23", "28x19"]);
    let codes: Vec<&str> = g.diagnostics.iter().map(|d| d.code).collect();
    assert!(codes.contains(&"unknown-text"), "{codes:?}");
    assert!(codes.contains(&"unmatched-paren"), "{codes:?}");
    assert!(codes.contains(&"unclosed-comment"), "{codes:?}");
    assert_eq!(moves(&f.games[1]), ["31-26"]);
}

#[test]
fn trailing_comment_and_duplicate_result_stay_with_their_game() {
    let f =
        read_file("1. 32-28 19-23 1/2-1/2 {a popular position} 1/2-1/2 [Event \"b\"] 1. 31-26 *");
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.games[0].outro, ["a popular position"]);
    assert!(
        f.games[0]
            .diagnostics
            .iter()
            .any(|d| d.code == "stray-result")
    );
}

#[test]
fn setups_inside_movetext() {
    let f = read_file(
        "[GameType \"20\"] /FEN \"W:W31-50:B1-20\"/ 1. 32-28 /FEN \"B:W28,31-36,38-50:B1-20\"/ 1... 20-25 *",
    );
    let g = &f.games[0];
    assert_eq!(g.setup.as_deref(), Some("\"W:W31-50:B1-20\""));
    assert!(g.moves[1].setup.is_some());
    let r = replay(g);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.plies.len(), 2);
}

#[test]
fn nothing_panics_on_hostile_input() {
    for text in [
        "",
        "[",
        "]",
        "[\"",
        "{",
        "}",
        "(((((",
        ")))))",
        "/",
        "/FEN",
        "1.",
        "...",
        "$",
        "$99999999",
        "[FEN \"W:W99999-1\"] 1. 1-2",
        "[GameType \"20,W,200,200,N2,0\"] 1. 1-2",
        "[GameType \"99,W,26,26,A0,0\"] 1. a1-b2",
        "[FEN \"W:WK1-50:BK1\"] *",
        "1. 32-28x",
        "x",
        "1-",
        "- -",
        "½-½",
        "1.32--28",
        "1. 3228 1823 *",
        "[Event \"a\"]\u{0}1.32-28",
    ] {
        let f = read_file(text);
        for g in &f.games {
            let _ = replay(g);
        }
    }
    let deep = "(".repeat(10_000) + &")".repeat(10_000);
    let f = read_file(&format!("1. 32-28 {deep} *"));
    assert_eq!(f.games.len(), 1);
    // 10,000 nested variations with moves: every level kept, no overflow (the tree is flat).
    let nested = "(19-23 ".repeat(10_000) + &")".repeat(10_000);
    let f = read_file(&format!("1. 32-28 {nested} *"));
    let g = &f.games[0];
    let mut depth = 0;
    let mut line = &g.moves;
    while let Some(&v) = line.last().and_then(|n| n.variations.first()) {
        depth += 1;
        line = &g.variations[v].moves;
    }
    assert_eq!(depth, 10_000);
    assert_eq!(line.len(), 1);
    drop(f);
}

#[test]
fn a_score_repeating_the_result_tag_ends_the_game() {
    // delfts.pdn: `64. 38-32 13-19 4-6` with [Result "4-6"]: the last "move" is the score.
    let f = read_file("[Result \"4-6\"]\n1. 32-28 19-23 4-6\n[Result \"1-9\"] 1. 31-26 1-9");
    assert_eq!(f.games.len(), 2);
    assert_eq!(moves(&f.games[0]), ["32-28", "19-23"]);
    assert_eq!(f.games[0].result.as_deref(), Some("4-6"));
    assert_eq!(f.games[1].result.as_deref(), Some("1-9"));
}

#[test]
fn tag_blocks_without_moves_are_games_of_their_own() {
    // A repeated tag name starts the next game; `\n` written out (PDN that went through JSON)
    // is spacing.
    let f = read_file("[Event \"a\"]\\n[Site \"x\"]\n\n[Event \"b\"]\\n[Site \"y\"]\n1. 32-28 *");
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.games[0].tag("Site"), Some("x"));
    assert!(f.games[0].moves.is_empty());
    assert_eq!(f.games[1].tag("Event"), Some("b"));
    assert_eq!(moves(&f.games[1]), ["32-28"]);
    assert!(
        f.games[1].diagnostics.is_empty(),
        "{:?}",
        f.games[1].diagnostics
    );
}
