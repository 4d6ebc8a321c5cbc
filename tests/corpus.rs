//! Real files from the PDN_CORPORA folder: everything reads and replays without a panic, and the
//! international tournament archives replay completely.

mod common;

use pdn::reader::read_bytes;
use pdn::replay::replay;

/// Games that stop before their end, checked by hand: (path below corpora, games, why). Every
/// other game of a known variant in the PDN_CORPORA folder replays to its last move.
const REALLY_ILLEGAL: &[(&str, usize, &str)] = &[
    (
        "russian/portnov-hcheckers__initial_positions_russian_pdn/",
        392,
        "hcheckers' opening ballots: their 'moves' are no moves from the starting position \
         (D2-H4 is not on a diagonal, A1-A5 is straight up, A3-C5 jumps an empty square)",
    ),
    (
        "messy/lynx-r-shashkispark__test_pdn/",
        27,
        "an app's test fixtures: Russian 8x8 moves (g3-h4) under [GameType \"20\"], and undo \
         and fork tests whose moves do not follow each other (b2-c3 onto an occupied c3)",
    ),
    (
        "international/rhalbersma-horizon/",
        23,
        "engine logs: captures in the engine's own order of squares (24x15x29x47 for 47x15, \
         35x8x42x19x24x26), a perft listing, FENs with the wrong side to move (1.22-28 after \
         W:...), fragments without their start position, 03-08 where 36x27x18 is compulsory, \
         01-06 onto an occupied square",
    ),
    (
        "english/eygilbert-CheckerBoard__tinsley.pdn",
        1,
        "Petal 1981 game 18, 62. 32-28: Black's king went 32-28 at move 60 and is on 28; the \
         record repeats the move (a transcription slip)",
    ),
    (
        "frisian/NoamFav-frisian-draught__20241114_144300_16d0522.pdn",
        1,
        "7... 11x22 takes one piece where 7x27x38 (men capture straight down in Frisian) takes \
         two: the program that wrote the game missed the majority rule",
    ),
    (
        "messy/bas080-dammen__invalid.pdn",
        1,
        "a file made invalid on purpose: 32. 12-18 is a black move where White is to move",
    ),
    (
        "problems/wiegerw-pdn__fail__Cat.C1.pdn",
        1,
        "the standard's fail file: 36x27 stands alone after the last game, with no position",
    ),
    (
        "russian/mig0-Games-Checkers__russian_abatsiev.pdn",
        2,
        "the moves were not recorded (1. - - 2. - - ...)",
    ),
    (
        "russian/wiegerw-pdn__fail__abatsiev.pdn",
        1,
        "the moves were not recorded (1. - - 2. - - ...)",
    ),
];

#[test]
fn every_game_replays_to_its_end_or_stops_at_a_move_checked_by_hand() {
    // Also: every corpus file reads and replays without a panic.
    let Some(corpora) = common::corpora("the whole-corpus replay test") else {
        return;
    };
    let files = common::files_below(&corpora);
    assert!(files.len() > 1000, "expected the whole corpus");
    let mut games = 0;
    let mut found = vec![0usize; REALLY_ILLEGAL.len()];
    let mut unexplained = Vec::new();
    let mut rates: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let file = read_bytes(&bytes);
        let rel = path
            .strip_prefix(&corpora)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        // The tables and notes beside the games (MANIFEST.tsv, perft tables) are not PDN.
        let ext = path.extension().map(|e| e.to_ascii_lowercase());
        if matches!(
            ext.as_ref().and_then(|e| e.to_str()),
            Some("tsv" | "json" | "md")
        ) {
            continue;
        }
        for (i, g) in file.games.iter().enumerate() {
            let r = replay(g);
            if g.moves.is_empty() || r.ruleset.is_none() {
                continue;
            }
            let name = r.variant.map_or("?", pdn::Variant::name).to_string();
            let rate = rates.entry(name).or_default();
            rate.0 += 1;
            let Some(e) = &r.error else {
                rate.1 += 1;
                continue;
            };
            match REALLY_ILLEGAL
                .iter()
                .position(|(p, _, _)| rel.starts_with(p))
            {
                Some(k) => found[k] += 1,
                None => unexplained.push(format!(
                    "{rel} game {}: ply {}: {}",
                    i + 1,
                    e.ply,
                    e.message
                )),
            }
        }
        games += file.games.len();
    }
    assert!(games > 10_000, "{games} games read");
    eprintln!("replayed to the end, per variant: {rates:?}");
    assert!(
        unexplained.is_empty(),
        "games that stop unexpectedly:\n{}",
        unexplained.join("\n")
    );
    for ((path, count, why), n) in REALLY_ILLEGAL.iter().zip(&found) {
        assert_eq!(n, count, "{path} ({why})");
    }
}

#[test]
fn wk2003_archive_replays_completely() {
    let Some(corpora) = common::corpora("the wk2003 archive test") else {
        return;
    };
    let path = corpora.join("international/mig0-Games-Checkers__wk2003.pdn");
    let file = read_bytes(&std::fs::read(path).unwrap());
    // 190 games: counted as `[Event` lines in the file.
    assert_eq!(file.games.len(), 190);
    let mut plies = 0;
    for (i, g) in file.games.iter().enumerate() {
        let r = replay(g);
        assert!(r.error.is_none(), "game {}: {:?}", i + 1, r.error);
        assert_eq!(r.gametype, "20");
        plies += r.plies.len();
    }
    assert!(plies > 15_000, "{plies} plies");
}

#[test]
fn tournament_archives_replay_completely() {
    // Every game of the international files at the top of corpora/international (tournaments,
    // PlayOK, the PDN standard's own test files) and of corpora/brazilian replays to its end;
    // two games of schildpad.pdn need the backtracking over ambiguous captures to do so.
    let Some(corpora) = common::corpora("the tournament archives test") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(corpora.join("international"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.extend(common::files_below(&corpora.join("brazilian")));
    let (mut games, mut plies) = (0, 0);
    for path in &files {
        let file = read_bytes(&std::fs::read(path).unwrap());
        for (i, g) in file.games.iter().enumerate() {
            let r = replay(g);
            assert!(
                r.error.is_none(),
                "{} game {}: {:?}",
                path.display(),
                i + 1,
                r.error
            );
            plies += r.plies.len();
        }
        games += file.games.len();
    }
    // Counted by hand: `[Event` lines per file; `[White` lines in candidate95 and prof2 (no Event
    // tags); py-draughts' standard_random_pdns.pdn has 13 games with moves and 17 tag blocks
    // without moves whose line ends are written as `\n`.
    assert_eq!(games, 795);
    assert!(plies > 70_000, "{plies}");
}
