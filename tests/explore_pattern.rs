//! The Explorer's pattern search walks each game again by its stored moves (no move
//! generation): its games and plies must be those a full replay of every game gives, for
//! patterns taken from the games themselves (men, kings, both sides, promotions and captures
//! on the way), on the repository's own files and on every file of the PDN_CORPORA folder.

mod common;

use pdn::explore::{Index, first_holding};
use pdn::reader::read_bytes;
use pdn::replay::{Replay, replay};
use pdn::{Color, Position, Setup};

/// A pattern of some pieces of `pos`: every `step`-th piece of its FEN, kings as kings.
fn pattern_of(pos: &Position, g: &pdn::Geometry, step: usize) -> Option<Position> {
    let mut setup = Setup::parse(&pos.to_fen(g)).ok()?;
    setup.pieces = setup.pieces.into_iter().step_by(step).collect();
    if setup.pieces.is_empty() {
        return None;
    }
    Position::from_setup(&setup, g, Color::White).ok()
}

/// Checks the patterns taken from a few positions of the file's games; returns how many
/// (pattern, game) pairs were compared.
fn check(text: &[u8], name: &str) -> usize {
    let file = read_bytes(text);
    let index = Index::build(&file.games);
    let replays: Vec<Replay> = file.games.iter().map(replay).collect();
    let mut compared = 0;
    // Positions late in games (kings, few pieces) and early ones, from a spread of games.
    let every = (replays.len() / 12).max(1);
    for (g, r) in replays.iter().enumerate().step_by(every) {
        let (Some(variant), Some(rs), Some(_)) = (r.variant, r.ruleset.as_ref(), r.start) else {
            continue;
        };
        for at in [r.plies.len() / 3, r.plies.len().saturating_sub(1)] {
            let Some(ply) = r.plies.get(at) else { continue };
            for step in [2, 5] {
                let Some(pattern) = pattern_of(&ply.position, &rs.geometry, step) else {
                    continue;
                };
                let want: Vec<(usize, usize)> = replays
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.variant == Some(variant))
                    .filter_map(|(i, r)| first_holding(r, &pattern).map(|p| (i, p)))
                    .collect();
                let got: Vec<(usize, usize)> = index
                    .find_pattern(variant, &pattern)
                    .iter()
                    .map(|h| (h.game, h.ply))
                    .collect();
                assert_eq!(got, want, "{name}: game {g} ply {at} step {step}");
                assert!(
                    got.iter().any(|&(i, _)| i == g),
                    "{name}: game {g} holds its own pattern"
                );
                compared += replays.len();
            }
        }
    }
    compared
}

#[test]
fn pattern_search_agrees_with_a_replay_of_every_game() {
    // A Russian man crowned in the middle of a capture, an English king's return, International
    // captures of kings.
    let own = "[GameType \"25\"] [FEN \"W:Wc3,e3:Bd4,f6,d8,b6\"] 1. c3:e5:g7:e5 *\n\
               [GameType \"21\"] [FEN \"B:WK30:BK1\"] 1. 1-5 30-26 2. 5-1 26-30 3. 1-6 *\n\
               [GameType \"20\"] 1. 32-28 19-23 2. 28x19 14x23 3. 33-29 *\n";
    assert!(check(own.as_bytes(), "own") > 0);
    let data = common::data();
    for f in common::files_below(&data) {
        if f.extension().is_some_and(|e| e == "pdn") {
            check(&std::fs::read(&f).unwrap(), &f.display().to_string());
        }
    }
    let Some(dir) = common::corpora("pattern_search_agrees_with_a_replay_of_every_game") else {
        return;
    };
    let mut compared = 0;
    for f in common::files_below(&dir) {
        if f.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdn")) {
            compared += check(&std::fs::read(&f).unwrap(), &f.display().to_string());
        }
    }
    assert!(compared > 10_000, "{compared}");
}
