//! Property tests of the game-tree edits (`pdn::edit`): random moves played at random places
//! of random games of every variant, variations promoted, deleted and cut, comments, strengths
//! and marks set. After every edit the game replays with the move where `play` says it is, the
//! writer's output reads back as the same game, and writing that again gives the same text.

use pdn::edit::{self, Marks, Place};
use pdn::replay::replay;
use pdn::writer::{WriteOptions, round_trip_failure};
use pdn::{Game, Variant};
use proptest::prelude::*;

const TYPES: [u32; 14] = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 40, 41];

/// Every place of the replayed game.
fn places(game: &Game) -> Vec<Place> {
    let r = replay(game);
    let mut out: Vec<Place> = (0..=r.plies.len()).map(Place::main).collect();
    for (id, l) in r.variations.iter().enumerate() {
        if l.start.is_some() {
            out.extend((0..=l.plies.len()).map(|ply| Place {
                line: Some(id),
                ply,
            }));
        }
    }
    out
}

fn check(game: &Game) {
    let opts = WriteOptions::default();
    assert_eq!(round_trip_failure(std::slice::from_ref(game), &opts), None);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn edits_replay_and_read_back(
        ty in prop::sample::select(&TYPES[..]),
        steps in prop::collection::vec((0u8..8, any::<prop::sample::Index>(), any::<prop::sample::Index>()), 1..60),
    ) {
        let mut game = pdn::read_file(&format!("[GameType \"{ty}\"] *")).games.remove(0);
        prop_assume!(Variant::from_gametype(ty).is_some());
        for (kind, a, b) in steps {
            let r = replay(&game);
            let all = places(&game);
            let place = all[a.index(all.len())];
            match kind {
                // Mostly moves, so the tree grows.
                0..=4 => {
                    let Some((_, moves)) = edit::legal_moves(&r, place) else { continue };
                    if moves.is_empty() { continue; }
                    let mv = moves[b.index(moves.len())];
                    let Ok(shown) = edit::play(&mut game, &r, place, &mv) else { continue };
                    let again = replay(&game);
                    prop_assert!(again.error.is_none());
                    let line = match shown.line {
                        None => &again.plies,
                        Some(v) => &again.variations[v].plies,
                    };
                    let played = line[shown.ply - 1].mv;
                    prop_assert!(edit::same_move(&played, &mv));
                }
                5 => {
                    if game.variations.is_empty() { continue; }
                    let v = b.index(game.variations.len());
                    if a.index(2) == 0 {
                        edit::promote_variation(&mut game, v).unwrap();
                    } else {
                        edit::delete_variation(&mut game, v).unwrap();
                    }
                }
                6 => {
                    edit::set_comment(&mut game, &r, place, "a comment } with [%eval +1.0]").unwrap();
                    if place.ply > 0 {
                        edit::set_strength(&mut game, &r, place, edit::STRENGTHS[b.index(6)]).unwrap();
                    }
                    let marks = Marks { squares: vec![('R', "1".into())], arrows: vec![('B', "2".into(), "3".into())] };
                    edit::set_marks(&mut game, &r, place, &marks).unwrap();
                }
                _ => {
                    if b.index(4) == 0 {
                        edit::cut_line(&mut game, &r, place).unwrap();
                    }
                }
            }
            check(&game);
            let r = replay(&game);
            prop_assert!(r.error.is_none());
            prop_assert!(r.variations.iter().all(|l| l.error.is_none() && l.start.is_some()));
        }
    }
}
