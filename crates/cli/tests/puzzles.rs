//! `pdn puzzles`: the shots of a file's games as a problem file (PDN) on standard output or to
//! `-o`, the same on every run; its options and errors (docs/cli.md).
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::{run, temp_file};

/// Two games: the first reaches Black's two-for-one (22-28! 32x23 18x20) and plays it; the
/// second is a quiet opening.
const GAMES: &str = "[Event \"Club cup\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[GameType \"20\"]\n\
    [FEN \"W:W24,32,37,38,42,43:B8,12,13,18,22\"]\n1. 43-39 22-28 2. 32x23 18x20 3. 39-33 *\n\n\
    [Event \"Club cup\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";

#[test]
fn puzzles_writes_each_shot_as_a_problem_that_reads_back() {
    let file = temp_file("puzzles.pdn", GAMES);
    let p = file.to_str().unwrap();
    let (out, err, code) = run(&["puzzles", p, "--nodes", "20000"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.ends_with("1 puzzle\n"), "{err}");
    let read = pdn::read_file(&out);
    assert!(read.diagnostics.is_empty(), "{out}");
    assert_eq!(read.games.len(), 1, "{out}");
    let g = &read.games[0];
    assert_eq!(g.tag("Event"), Some("Club cup, move 1"));
    assert_eq!(g.tag("FEN"), Some("B:W24,32,37,38,39,42:B8,12,13,18,22"));
    assert_eq!(g.tag("GameType"), Some("20"));
    assert!(out.contains("1... 22-28 2. 32x23 18x20 *"), "{out}");
    assert_eq!(pdn::replay::replay(g).plies.len(), 3);
    // The same again, and to a file with -o; only game 2: none.
    let to = std::env::temp_dir().join(format!("pdn-puzzles-out-{}.pdn", std::process::id()));
    let t = to.to_str().unwrap();
    let (none, _, code) = run(&["puzzles", p, "--nodes", "20000", "-o", t]);
    assert_eq!((none.as_str(), code), ("", 0));
    assert_eq!(std::fs::read_to_string(&to).unwrap(), out);
    let _ = std::fs::remove_file(&to);
    let (second, _, code) = run(&["puzzles", p, "--game", "2"]);
    assert_eq!((second.as_str(), code), ("", 0));
    // A stricter gain than the shot's: none.
    let (strict, _, code) = run(&["puzzles", p, "--game", "1", "--min-gain", "2"]);
    assert_eq!((strict.as_str(), code), ("", 0));
}

#[test]
fn puzzles_errors_are_plain_words() {
    let file = temp_file("puzzles-errors.pdn", GAMES);
    let p = file.to_str().unwrap();
    let (_, err, code) = run(&["puzzles", p, "--game", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("has 2 games, not 3"), "{err}");
    let (_, err, code) = run(&["puzzles", p, "--min-gain", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--min-gain 0"), "{err}");
    let (_, err, code) = run(&["puzzles", p, "--nodes", "ten"]);
    assert_eq!(code, 2);
    assert!(err.contains("--nodes"), "{err}");
    let (_, err, code) = run(&["puzzles"]);
    assert_eq!(code, 2);
    assert!(err.contains("give a FILE"), "{err}");
    let (out, _, code) = run(&["puzzles", "--help"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("usage: pdn puzzles FILE"), "{out}");
}
