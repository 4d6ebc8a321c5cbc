//! The example games of the user's seed documents, typed in again with prose around them
//! (`tests/data/seeds`, see `tests/data/README.md`), read as whole documents.

mod common;

use pdn::reader::{Game, read_bytes};
use pdn::replay::replay;

fn seed(name: &str) -> pdn::PdnFile {
    read_bytes(&std::fs::read(common::data().join("seeds").join(name)).unwrap())
}

fn games_with<'a>(file: &'a pdn::PdnFile, value: &str) -> Vec<&'a Game> {
    file.games
        .iter()
        .filter(|g| g.tags.iter().any(|t| t.value == value))
        .collect()
}

fn fens(game: &Game) -> Vec<String> {
    let r = replay(game);
    (1..=r.plies.len()).map(|p| r.fen_at(p).unwrap()).collect()
}

#[test]
fn latvian_document_example_replays_in_both_layouts() {
    // 001: the same game, once with one tag per line and once all on one line.
    let file = seed("latvian-example.txt");
    let games = games_with(&file, "Mikhalchenko,I.");
    assert_eq!(games.len(), 2);
    for g in &games {
        let r = replay(g);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.gametype, "20");
        assert_eq!(r.plies.len(), 74, "37 moves each side");
        assert_eq!(g.tag("WhiteTime"), Some("1:36"));
    }
    assert_eq!(fens(games[0]), fens(games[1]));
}

#[test]
fn english_document_wk2003_game_replays() {
    let file = seed("english-examples.txt");
    let games = games_with(&file, "Ndjofang, J.M.");
    assert_eq!(games.len(), 1);
    let r = replay(games[0]);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.plies.len(), 80);
    assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
}

#[test]
fn russian_document_broken_copy_replays_up_to_its_glued_result() {
    // 000 is a machine translation: Russian tag names, `21 -27`, `21,44-39`, `25 . 29x18`, and
    // the last move glued to the result (`17x81 / 2-1 / 2`). Everything before that replays,
    // and equals the clean English copy.
    let russian = seed("russian-translation.txt");
    let games = games_with(&russian, "Zwartewaterland, Нидерланды");
    assert_eq!(games.len(), 1);
    let r = replay(games[0]);
    let err = r
        .error
        .as_ref()
        .expect("the glued last move cannot be played");
    assert_eq!(err.ply, 80);
    assert!(
        err.message.contains("square 81 does not exist"),
        "{}",
        err.message
    );
    let english = seed("english-examples.txt");
    let clean = fens(games_with(&english, "Ndjofang, J.M.")[0]);
    assert_eq!(fens(games[0]), clean[..79].to_vec());
}
