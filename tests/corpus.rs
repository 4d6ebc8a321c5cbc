//! Real files from ../shared/corpora: everything reads and replays without a panic, and the
//! international tournament archives replay completely.

mod common;

use pdn::reader::read_bytes;
use pdn::replay::replay;

#[test]
fn every_corpus_file_reads_and_replays_without_panic() {
    let files = common::files_below(&common::shared().join("corpora"));
    assert!(files.len() > 1000, "expected the whole corpus");
    let mut games = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let file = read_bytes(&bytes);
        for g in &file.games {
            let _ = replay(g);
        }
        games += file.games.len();
    }
    assert!(games > 10_000, "{games} games read");
}

#[test]
fn wk2003_archive_replays_completely() {
    let path = common::shared().join("corpora/international/mig0-Games-Checkers__wk2003.pdn");
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
    let shared = common::shared();
    let mut files: Vec<_> = std::fs::read_dir(shared.join("corpora/international"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.extend(common::files_below(&shared.join("corpora/brazilian")));
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
