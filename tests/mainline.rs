//! `pdn::mainline::each` plays mainlines while reading, with no trees and no routes: every
//! game must come out with exactly the variant, start, moves, positions and stop that
//! `pdn::replay::replay` gives its mainline — on the repository's own files, on made-up games
//! that take each way out to the full replay, and on every file of the PDN_CORPORA folder.

mod common;

use std::ops::ControlFlow;

use pdn::position::CompactMove;
use pdn::reader::read_bytes;
use pdn::replay::replay;

/// Compares the two on `text`; returns (games, plies, games played without a tree).
fn check(bytes: &[u8], name: &str) -> (usize, usize, usize) {
    let file = read_bytes(bytes);
    let mut seen = 0;
    let (mut plies, mut plain) = (0, 0);
    pdn::mainline::each(&file.text, |m| {
        let game = &file.games[m.index];
        let r = replay(game);
        let what = format!("{name}, game {} ({:?})", m.index + 1, game.tag("Event"));
        assert_eq!(m.span, game.span, "{what}: span");
        assert_eq!(
            m.ruleset.map(|rs| rs.variant),
            r.ruleset.as_ref().map(|rs| rs.variant),
            "{what}: variant"
        );
        assert_eq!(m.gametype, r.gametype, "{what}: gametype");
        assert_eq!(
            m.geometry.map(|g| g.spec()),
            r.geometry.as_ref().map(|g| g.spec()),
            "{what}: board"
        );
        assert_eq!(m.start, r.geometry.as_ref().and(r.start), "{what}: start");
        assert_eq!(m.moves.len(), r.plies.len(), "{what}: plies");
        for (i, (p, (mv, pos))) in r
            .plies
            .iter()
            .zip(m.moves.iter().zip(m.positions))
            .enumerate()
        {
            assert_eq!(*mv, CompactMove::from(&p.mv), "{what}: move {}", i + 1);
            assert_eq!(*pos, p.position, "{what}: position after move {}", i + 1);
        }
        assert_eq!(m.error, r.error.as_ref(), "{what}: error");
        seen += 1;
        plies += m.moves.len();
        plain += usize::from(m.replay.is_none());
        ControlFlow::Continue(())
    });
    assert_eq!(seen, file.games.len(), "{name}: games");
    (seen, plies, plain)
}

#[test]
fn plain_games_are_played_without_trees_and_the_rest_by_the_replay() {
    let text = concat!(
        // Plain: tagged, untagged (guessed), from a FEN, with variations and comments.
        "[GameType \"21\"] 1. 11-15 23-19 2. 8-11 22-17 (22-18 15x22) 3. 4-8 *\n",
        "1. 32-28 {good} 19-23 2. 28x19 14x23 *\n",
        "[GameType \"20\"] [FEN \"W:W28,33:B19,23\"] 1. 28x19 23x32? *\n",
        "[GameType \"25\"] 1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n",
        "[GameType \"20\"] 1. 32- 28 19-23 *\n", // a move with a space
        // Each of these takes the full replay.
        "[GameType \"20\"] 1. 32-28 19-23 2. 28-22 *\n", // illegal move
        "[GameType \"20\"] 1. 32-28 - 2. 33-29 *\n",     // move not recorded
        // An ambiguous capture (it takes 19 or 14): the next move tells which.
        "[FEN \"W:WK47:B14,19,29,31,42\"][GameType \"20\"] 1. 47x36 19-24 *\n",
        "[FEN \"W:WK47:B14,19,29,31,42\"][GameType \"20\"] 1. 47x36 14-20 *\n",
        "[GameType \"0\"] 1. e4 e5 2. Nf3 *\n", // chess
        "[GameType \"97\"] 1. 46-41 5-10 *\n",  // Frysk!
        "[GameType \"21\"] 1. c3-d4 f6-e5 *\n", // algebraic on a numbered board
        "[GameType \"20\"] 1. 32-28 /FEN \"W:W28:B23\"/ 2. 28x19 *\n", // setup mid-game
        "[GameType \"20\"] [FEN \"W:W28:B23,24\"] 1. 28x19x30 *\n", // route through squares
    );
    let (games, _, plain) = check(text.as_bytes(), "made-up");
    assert_eq!(games, 14);
    assert_eq!(plain, 5, "the first five games are plain");
}

#[test]
fn the_repositorys_files_agree() {
    for path in common::files_below(&common::data()) {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
        {
            check(&std::fs::read(&path).unwrap(), &path.display().to_string());
        }
    }
}

#[test]
fn every_corpus_file_agrees() {
    let Some(dir) = common::corpora("every_corpus_file_agrees") else {
        return;
    };
    let (mut games, mut plies, mut plain) = (0, 0, 0);
    for path in common::files_below(&dir) {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let (g, p, q) = check(&bytes, &path.display().to_string());
        (games, plies, plain) = (games + g, plies + p, plain + q);
    }
    println!("{plain} of {games} games plain, {plies} plies");
    // Most real games are plain: a change that sent them all to the full replay would still
    // agree, and would lose the point.
    assert!(
        games > 10_000 && plain * 10 > games * 8,
        "{plain} of {games} games plain ({plies} plies)"
    );
}
