//! Who each diagnostic is for (`Code::audience`): the one table that decides what a visitor of
//! a club page sees (`messages="errors"` in `<pdn-viewer>` and `embed.html`).

use pdn::diagnostic::{Audience, Code};

/// The codes a visitor is shown: the game, a variation or the whole text cannot be shown.
const VISITOR: [Code; 7] = [
    Code::IllegalMove,
    Code::IllegalMoveInVariation,
    Code::NotDraughts,
    Code::VariantNotSupported,
    Code::BadFen,
    Code::NoGames,
    Code::BinaryFile,
];

#[test]
fn visitors_see_only_what_stops_a_game() {
    for code in Code::ALL {
        let want = if VISITOR.contains(&code) {
            Audience::Visitor
        } else {
            Audience::Author
        };
        assert_eq!(code.audience(), want, "{code}");
    }
    assert_eq!(Audience::Visitor.as_str(), "visitor");
    assert_eq!(Audience::Author.to_string(), "author");
}

#[test]
fn notes_on_writing_are_for_authors() {
    // No GameType (guessed variant) and a capture written with '-': the game plays to its end,
    // so nothing in it is for a visitor.
    let file = pdn::read_file("[White \"A\"]\n1. 32-28 19-23 2. 28-19 14x23 *");
    let game = &file.games[0];
    let replay = pdn::replay::replay(game);
    let all = replay.all_diagnostics(game);
    let codes: Vec<Code> = all.iter().map(|d| d.code).collect();
    assert!(codes.contains(&Code::GuessedVariant), "{codes:?}");
    assert!(codes.contains(&Code::CaptureSeparator), "{codes:?}");
    assert!(all.iter().all(|d| d.code.audience() == Audience::Author));
}

#[test]
fn an_illegal_move_is_for_visitors() {
    let file = pdn::read_file("[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *");
    let game = &file.games[0];
    let replay = pdn::replay::replay(game);
    let all = replay.all_diagnostics(game);
    let stop = all
        .iter()
        .find(|d| d.code == Code::IllegalMove)
        .expect("illegal move");
    assert_eq!(stop.code.audience(), Audience::Visitor);
}
