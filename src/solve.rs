//! Solve mode: a game read as a problem. From a chosen position the reader plays the side to
//! move; the text answers.
//!
//! * The line's own next move is right: the text's reply (the line's next move after it) is
//!   played.
//! * The first move of a variation that branches off there is an **accepted alternative** when
//!   the author marked it good: a strength mark `!` or `!!`, or NAG `$1` (good) or `$3` (very
//!   good). The solution then goes on in that variation, with its reply.
//! * Any other variation's first move is a known **wrong try**: the text's refutation is the
//!   variation's next move. A move the text does not give at all is wrong too, without one
//!   ([`Answer::in_text`] false: the page may ask the engine whether it keeps the win, see
//!   `docs/engine.md`, "Solve mode").
//!
//! The solution is **solved** when the line has no move left for the reader after the reply.
//! Positions are [`Place`]s, as in [`crate::edit`].
//!
//! ```
//! use pdn::edit::{self, Place};
//! use pdn::solve::{self, Verdict};
//! let game = pdn::read_file("[GameType \"20\"] 1. 32-28 19-23 2. 28x19 14x23 *").games.remove(0);
//! let r = pdn::replay::replay(&game);
//! let (_, moves) = edit::legal_moves(&r, Place::main(0)).unwrap();
//! let g = &r.ruleset.as_ref().unwrap().geometry;
//! let mv = moves.iter().find(|m| m.short_notation(g) == "32-28").unwrap();
//! let a = solve::answer(&game, &r, Place::main(0), mv).unwrap();
//! assert_eq!(a.verdict, Verdict::Right);
//! assert_eq!(a.reply, Some(Place::main(2)));
//! assert!(!a.solved);
//! ```

use crate::Color;
use crate::edit::{Place, legal_moves, position_at, same_move};
use crate::position::Move;
use crate::reader::{Game, Node};
use crate::replay::{Ply, Replay};

/// How the text answers a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The line's own next move.
    Right,
    /// The first move of a variation the author marked good.
    Accepted,
    /// A variation not marked good, or a move the text does not give.
    Wrong,
    /// The line's next move, shown on request ([`show`]).
    Shown,
}

/// The text's answer to a move played at a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Right, accepted, wrong or shown.
    pub verdict: Verdict,
    /// Where the move is shown (after it); `None` when it was wrong.
    pub moved: Option<Place>,
    /// The text's reply, played after the move: the place after it (the next move of the same
    /// line). For a wrong try that is a variation, its refutation.
    pub reply: Option<Place>,
    /// Nothing is left to solve after the reply.
    pub solved: bool,
    /// The text gives the move: the line's own, or a variation's first move. False for a move
    /// the text does not give at all (and where the text says nothing more).
    pub in_text: bool,
}

/// Whether a move node carries a good mark: `!`, `!!`, `$1` or `$3`.
#[must_use]
pub fn is_good(node: &Node) -> bool {
    matches!(node.strength.as_str(), "!" | "!!") || node.nags.iter().any(|&n| n == 1 || n == 3)
}

fn plies_of(r: &Replay, line: Option<usize>) -> Option<&[Ply]> {
    match line {
        None => Some(&r.plies),
        Some(v) => r.variations.get(v).map(|l| l.plies.as_slice()),
    }
}

fn nodes_of(game: &Game, line: Option<usize>) -> Option<&[Node]> {
    match line {
        None => Some(&game.moves),
        Some(v) => game.variations.get(v).map(|var| var.moves.as_slice()),
    }
}

/// The answer for the move to `moved` (a place after a move of the reader): the reply and
/// whether the line ends there.
fn after(r: &Replay, verdict: Verdict, moved: Place) -> Option<Answer> {
    let len = plies_of(r, moved.line)?.len();
    let reply = (len > moved.ply).then_some(Place {
        line: moved.line,
        ply: moved.ply + 1,
    });
    Some(Answer {
        verdict,
        moved: Some(moved),
        reply,
        solved: len <= moved.ply + 1,
        in_text: true,
    })
}

/// The text's answer to `mv` played at `place` of `game` (whose replay is `r`). `None` when
/// the place is not replayed or `mv` is not legal there.
#[must_use]
pub fn answer(game: &Game, r: &Replay, place: Place, mv: &Move) -> Option<Answer> {
    let (_, legal) = legal_moves(r, place)?;
    if !legal.iter().any(|m| same_move(m, mv)) {
        return None;
    }
    let plies = plies_of(r, place.line)?;
    let wrong = Answer {
        verdict: Verdict::Wrong,
        moved: None,
        reply: None,
        solved: false,
        in_text: false,
    };
    let Some(next) = plies.get(place.ply) else {
        // The text says nothing more here: no move is the text's.
        return Some(wrong);
    };
    let next_place = Place {
        line: place.line,
        ply: place.ply + 1,
    };
    if same_move(&next.mv, mv) {
        return after(r, Verdict::Right, next_place);
    }
    let line = nodes_of(game, place.line)?;
    let hung = line
        .get(next.node..=next.node + next.joined)
        .unwrap_or_default();
    for &v in hung.iter().flat_map(|n| &n.variations) {
        let Some(first) = r.variations.get(v).and_then(|l| l.plies.first()) else {
            continue;
        };
        if !same_move(&first.mv, mv) {
            continue;
        }
        let good = nodes_of(game, Some(v))
            .and_then(|n| n.get(first.node))
            .is_some_and(is_good);
        let moved = Place {
            line: Some(v),
            ply: 1,
        };
        if good {
            return after(r, Verdict::Accepted, moved);
        }
        let refuted = r.variations[v].plies.len() >= 2;
        return Some(Answer {
            reply: refuted.then_some(Place {
                line: Some(v),
                ply: 2,
            }),
            in_text: true,
            ..wrong
        });
    }
    Some(wrong)
}

/// "Show the move": the line's next move at `place`, played for the reader, and its reply.
/// `None` when the line has no next move there.
#[must_use]
pub fn show(r: &Replay, place: Place) -> Option<Answer> {
    let plies = plies_of(r, place.line)?;
    if place.ply >= plies.len() {
        return None;
    }
    after(
        r,
        Verdict::Shown,
        Place {
            line: place.line,
            ply: place.ply + 1,
        },
    )
}

/// The move [`show`] would play at `place`: the text's next move there (solve mode's hint names
/// its squares). `None` when the line has no next move there.
#[must_use]
pub fn next_move(r: &Replay, place: Place) -> Option<&Move> {
    let moved = show(r, place)?.moved?;
    plies_of(r, moved.line)?
        .get(moved.ply.checked_sub(1)?)
        .map(|p| &p.mv)
}

/// The side to move at `place` (the side the reader plays), when it is replayed.
#[must_use]
pub fn to_move(r: &Replay, place: Place) -> Option<Color> {
    position_at(r, place).map(|p| p.turn())
}

/// Whether there is nothing to solve at `place`: the line has no next move.
#[must_use]
pub fn finished(r: &Replay, place: Place) -> bool {
    plies_of(r, place.line).is_none_or(|p| place.ply >= p.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White to play in a Russian (GameType 25) problem is too much setup for a unit test; an
    /// international game from the start position serves: 32-28 is the text's move, 33-28! an
    /// accepted alternative, 31-27 a refuted try (answered by 19-23), 34-30 unknown.
    const TEXT: &str = "[GameType \"20\"] 1. 32-28 (1. 33-28! 18-22 2. 38-33 *) (1. 31-27 19-23) \
                        (1. 34-29 $3 17-21) 1... 19-23 2. 28x19 14x23 *";

    fn setup() -> (Game, Replay) {
        let game = crate::read_file(TEXT).games.remove(0);
        let r = crate::replay::replay(&game);
        (game, r)
    }

    fn mv(r: &Replay, place: Place, text: &str) -> Move {
        let (_, moves) = legal_moves(r, place).unwrap();
        let g = &r.ruleset.as_ref().unwrap().geometry;
        *moves.iter().find(|m| m.short_notation(g) == text).unwrap()
    }

    #[test]
    fn the_texts_move_is_answered_by_its_reply_until_solved() {
        let (game, r) = setup();
        let a = answer(&game, &r, Place::main(0), &mv(&r, Place::main(0), "32-28")).unwrap();
        assert_eq!(a.verdict, Verdict::Right);
        assert_eq!(a.moved, Some(Place::main(1)));
        assert_eq!(a.reply, Some(Place::main(2)));
        assert!(!a.solved);
        let a = answer(&game, &r, Place::main(2), &mv(&r, Place::main(2), "28x19")).unwrap();
        assert_eq!(a.reply, Some(Place::main(4)));
        assert!(a.solved);
        assert!(finished(&r, Place::main(4)));
        assert_eq!(to_move(&r, Place::main(0)), Some(Color::White));
    }

    #[test]
    fn variations_marked_good_are_accepted_the_others_refuted() {
        let (game, r) = setup();
        let at = Place::main(0);
        let a = answer(&game, &r, at, &mv(&r, at, "33-28")).unwrap();
        assert_eq!(a.verdict, Verdict::Accepted);
        let v = a.moved.unwrap().line;
        assert!(v.is_some());
        assert_eq!(a.reply, Some(Place { line: v, ply: 2 }));
        assert!(!a.solved);
        // $3 counts as a good mark too; its line ends with the reply.
        let a = answer(&game, &r, at, &mv(&r, at, "34-29")).unwrap();
        assert_eq!(a.verdict, Verdict::Accepted);
        assert!(a.solved);
        let a = answer(&game, &r, at, &mv(&r, at, "31-27")).unwrap();
        assert_eq!(a.verdict, Verdict::Wrong);
        assert_eq!(a.moved, None);
        let refutation = a.reply.unwrap();
        let line = &r.variations[refutation.line.unwrap()];
        assert_eq!(refutation.ply, 2);
        assert_eq!(line.plies.len(), 2);
        assert!(a.in_text);
        let a = answer(&game, &r, at, &mv(&r, at, "31-26")).unwrap();
        assert_eq!((a.verdict, a.moved, a.reply), (Verdict::Wrong, None, None));
        // A move the text does not give: the engine may be asked about it.
        assert!(!a.in_text);
    }

    #[test]
    fn shown_moves_and_the_end_of_the_text() {
        let (game, r) = setup();
        let a = show(&r, Place::main(2)).unwrap();
        assert_eq!(a.verdict, Verdict::Shown);
        assert_eq!(a.moved, Some(Place::main(3)));
        assert!(a.solved);
        assert_eq!(show(&r, Place::main(4)), None);
        // Past the end any legal move is "not this one"; a move not legal there gets nothing.
        let end = Place::main(4);
        let any = mv(&r, end, "33-28");
        assert_eq!(
            answer(&game, &r, end, &any).unwrap().verdict,
            Verdict::Wrong
        );
        let illegal = mv(&r, Place::main(0), "32-28");
        assert_eq!(answer(&game, &r, end, &illegal), None);
    }
}
