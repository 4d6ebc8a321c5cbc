//! Export loses nothing: for every corpus file, reading the written text gives the same games
//! ([`pdn::writer::difference`]), and writing those gives the same text byte for byte.

mod common;

use pdn::reader::{read_bytes, read_file};
use pdn::writer::{WriteOptions, difference, write_games};

/// The first way `text` fails the round trip, if any.
fn round_trip_failure(games: &[pdn::Game], opts: &WriteOptions) -> Option<String> {
    let written = write_games(games, opts);
    let again = read_file(&written);
    if again.games.len() != games.len() {
        return Some(format!(
            "{} games became {}\n--- written:\n{written}",
            games.len(),
            again.games.len()
        ));
    }
    for (i, (a, b)) in games.iter().zip(&again.games).enumerate() {
        if let Some(d) = difference(a, b) {
            return Some(format!("game {}: {d}", i + 1));
        }
    }
    let rewritten = write_games(&again.games, opts);
    if rewritten != written {
        let line = written
            .lines()
            .zip(rewritten.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        return Some(format!(
            "writing again changes line {}:\n{:?}\nvs\n{:?}",
            line + 1,
            written.lines().nth(line),
            rewritten.lines().nth(line)
        ));
    }
    None
}

#[test]
fn every_corpus_file_round_trips() {
    let started = std::time::Instant::now();
    let files = common::files_below(&common::shared().join("corpora"));
    assert!(files.len() > 2000, "expected the whole corpus");
    let opts = WriteOptions::default();
    let (mut games, mut failures) = (0, Vec::new());
    for path in &files {
        let file = read_bytes(&std::fs::read(path).unwrap());
        games += file.games.len();
        if let Some(why) = round_trip_failure(&file.games, &opts) {
            failures.push(format!("{}: {why}", path.display()));
        }
    }
    eprintln!(
        "round trip: {} files, {games} games, {:.1} s",
        files.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} files fail:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(games > 10_000, "{games} games read");
}
