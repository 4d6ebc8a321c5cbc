//! Puzzles from games (issue 41): on composed positions whose shot is known, the shot is found
//! with its line, a quiet position gives none, a position where two moves win is not kept; the
//! problem file written reads back with the core, each solution's first move legal and right in
//! solve mode; the same games give the same puzzles on every run (node budgets only).

use pdn::edit::{Place, legal_moves};
use pdn::solve::{Verdict, answer};
use pdn::{Color, Position, Ruleset, Variant};
use pdn_engine::puzzles::{self, Options, PUZZLE_ENTRIES, Puzzle, balance, shot};
use pdn_engine::{Engine, Limits};

/// Black gives a man on 28 and takes two back (18x29x20): the classic two-for-one.
const SHOT: &str = "B:W24,32,37,38,42:B8,12,13,18,22";

/// White crowns by giving a man either way, 7-1 or 7-2 (16x7, then the king takes back more):
/// two moves win a man.
const TWO_WAYS: &str = "W:W7,11,28,36,38,41:B15,16,19,26,29,45";

fn international() -> Ruleset {
    Ruleset::of(Variant::International).unwrap()
}

fn position(fen: &str) -> Position {
    let rs = international();
    Position::from_fen(fen, &rs.geometry, Color::White).unwrap()
}

fn engine() -> Engine {
    Engine::new(international(), PUZZLE_ENTRIES)
}

fn written(rs: &Ruleset, p: &Puzzle) -> Vec<String> {
    p.solution
        .iter()
        .map(|m| m.short_notation(&rs.geometry))
        .collect()
}

#[test]
fn the_known_shot_is_found_with_its_line_until_the_material_is_won() {
    let rs = international();
    let pos = position(SHOT);
    let p = shot(&mut engine(), &pos, &[], 0, &Options::default()).expect("the shot");
    assert_eq!(written(&rs, &p), ["22-28", "32x23", "18x20"]);
    assert_eq!(p.gain, 100);
    assert!(!p.wins_game());
    // The best move's margin over the second is at least a man.
    assert!(p.best.0 - p.second.0 >= 100, "{:?} {:?}", p.best, p.second);
}

#[test]
fn a_quiet_position_gives_no_puzzle() {
    let rs = international();
    let start = rs.start_position();
    assert!(shot(&mut engine(), &start, &[], 0, &Options::default()).is_none());
    // Nor a quiet opening: the first moves of a game.
    let game = pdn::read_file("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33-28 *\n")
        .games
        .remove(0);
    let r = pdn::replay::replay(&game);
    assert!(puzzles::find(&mut engine(), &r, &Options::default(), |_, _| {}).is_empty());
}

#[test]
fn a_position_where_two_moves_win_is_not_kept() {
    let pos = position(TWO_WAYS);
    assert!(shot(&mut engine(), &pos, &[], 0, &Options::default()).is_none());
    // A deeper search says why: its two best moves each win a man.
    let rs = international();
    let lines = engine().analyse(&pos, &[], &Limits::nodes(400_000), 2, |_| {});
    assert_eq!(lines.len(), 2);
    for l in &lines {
        let mut p = pos;
        let mut won = i32::MIN;
        for m in &l.pv {
            p = p.play(m);
            if !p.must_capture(&rs) {
                won = won.max(balance(&p, Color::White) - balance(&pos, Color::White));
            }
        }
        assert!(won >= 100, "{:?}", l.pv);
    }
}

#[test]
fn a_position_with_a_capture_to_make_is_no_puzzle() {
    // Black must take 28 (22x33 or 23x32): the move is forced, whatever it wins.
    let pos = position("B:W28,37,38,42:B8,12,22,23");
    assert!(pos.must_capture(&international()));
    assert!(shot(&mut engine(), &pos, &[], 0, &Options::default()).is_none());
}

/// A game that reaches the shot and plays it.
const GAME: &str = "[Event \"Club \\\"Spring\\\" cup\"]\n[Round \"3\"]\n[White \"Ann\"]\n\
    [Black \"Bob\"]\n[GameType \"20\"]\n[FEN \"W:W24,32,37,38,42,43:B8,12,13,18,22\"]\n\
    1. 43-39 22-28 2. 32x23 18x20 3. 39-33 *\n";

#[test]
fn the_problem_file_reads_back_and_opens_in_solve_mode() {
    let game = pdn::read_file(GAME).games.remove(0);
    let r = pdn::replay::replay(&game);
    let rs = (*r.ruleset.clone().unwrap()).clone();
    let found = puzzles::find(&mut engine(), &r, &Options::default(), |_, _| {});
    assert_eq!(found.len(), 1, "{found:?}");
    let p = &found[0];
    assert_eq!(p.index, 1, "after White's first move");
    assert_eq!(p.played, Some(true));
    let mut text = String::new();
    puzzles::write_problem(&mut text, &game, &rs, r.start.unwrap().turn(), p, false);
    let file = pdn::read_file(&text);
    assert!(
        file.diagnostics.is_empty(),
        "{text}\n{:?}",
        file.diagnostics
    );
    assert_eq!(file.games.len(), 1);
    let problem = &file.games[0];
    assert_eq!(problem.tag("Event"), Some("Club \"Spring\" cup, move 1"));
    assert_eq!(problem.tag("White"), Some("Ann"));
    assert_eq!(problem.tag("Black"), Some("Bob"));
    assert_eq!(problem.tag("Round"), Some("3"));
    assert_eq!(problem.tag("GameType"), Some("20"));
    assert_eq!(
        problem.tag("FEN"),
        Some("B:W24,32,37,38,39,42:B8,12,13,18,22")
    );
    assert!(text.contains("{Black to play wins 1 man. From Ann – Bob, Club \"Spring\" cup, move 1 (played in the game).}"), "{text}");
    assert!(text.contains("1... 22-28 2. 32x23 18x20 *"), "{text}");
    // The whole solution replays, and its first move is right in solve mode.
    let pr = pdn::replay::replay(problem);
    assert_eq!(pr.plies.len(), 3, "{text}");
    let (_, moves) = legal_moves(&pr, Place::main(0)).unwrap();
    let first = moves
        .iter()
        .find(|m| m.short_notation(&rs.geometry) == "22-28")
        .expect("legal");
    let a = answer(problem, &pr, Place::main(0), first).unwrap();
    assert_eq!(a.verdict, Verdict::Right);
    assert!(!a.solved, "the reader's 18x20 is still to play");
}

#[test]
fn the_same_games_give_the_same_puzzles() {
    let game = pdn::read_file(GAME).games.remove(0);
    let r = pdn::replay::replay(&game);
    let rs = (*r.ruleset.clone().unwrap()).clone();
    let text = || {
        let mut out = String::new();
        for p in puzzles::find(&mut engine(), &r, &Options::default(), |_, _| {}) {
            puzzles::write_problem(&mut out, &game, &rs, Color::White, &p, false);
        }
        out
    };
    assert_eq!(text(), text());
}
