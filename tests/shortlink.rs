//! Short links (`src/shortlink.rs`) over every game of the PDN_CORPORA folder: each game the
//! form carries decodes to the same mainline moves, the same kept tags and the same comment
//! before its moves.

mod common;

use pdn::edit::same_move;
use pdn::reader::read_bytes;
use pdn::replay::replay;
use pdn::shortlink::{TAGS, decode_game, encode};

#[test]
fn every_corpus_game_goes_round() {
    let Some(dir) = common::corpora("every_corpus_game_goes_round") else {
        return;
    };
    let (mut games, mut short) = (0usize, 0usize);
    for path in common::files_below(&dir) {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let file = read_bytes(&bytes);
        for (k, game) in file.games.iter().enumerate() {
            games += 1;
            let Some(payload) = encode(game) else {
                continue;
            };
            short += 1;
            let at = format!("{} game {}", path.display(), k + 1);
            let back = decode_game(&payload).unwrap_or_else(|e| panic!("{at}: {e}"));
            for name in TAGS {
                if name == "GameType" && game.tag(name).is_none() {
                    continue; // named when the reader guessed the variant from the moves
                }
                if name == "Result" && game.tag(name).is_none() {
                    continue; // the game's end marker stands for it
                }
                assert_eq!(back.tag(name), game.tag(name), "{at}: {name}");
            }
            // Its comment before the moves, if it has one, comes back (trimmed, as the reader keeps it).
            let trimmed: Vec<&str> = game.intro.iter().map(|c| c.trim()).collect();
            assert_eq!(back.intro, trimmed, "{at}: the comment before the moves");
            // The text a page opens (`decode`: this game, written) reads back as the same moves.
            let text = pdn::writer::write_game(&back, &Default::default());
            let reread = pdn::read_file(&text).games.remove(0);
            assert_eq!(
                reread.intro, back.intro,
                "{at}: the comment, written and read"
            );
            let (a, b) = (replay(game), replay(&reread));
            assert!(b.error.is_none(), "{at}: {:?}\n{text}", b.error);
            assert_eq!(a.variant, b.variant, "{at}");
            assert_eq!(a.plies.len(), b.plies.len(), "{at}");
            for (p, q) in a.plies.iter().zip(&b.plies) {
                assert!(same_move(&p.mv, &q.mv), "{at}: ply {}", p.number);
            }
        }
    }
    eprintln!("short links: {short} of {games} games");
    assert!(short * 2 > games, "{short} of {games}");
}
