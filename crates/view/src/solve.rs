//! Solve mode's call ([`pdn::solve`]): the text's answer to a move the reader played, or the
//! text's move shown on request, as a value the page draws ([`SolveView`]); and where a
//! solution stands at a place ([`SolveState`]). The page only shows the places these name.

use serde::Serialize;

use crate::analysis::PlaceView;
use crate::library::Library;
use pdn::Color;
use pdn::edit::{self, Place};
use pdn::solve::{self, Verdict};

/// The text's answer to a move.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SolveView"))]
pub struct SolveView {
    /// `right` (the text's move), `accepted` (a variation marked good), `wrong`, or `shown`.
    #[cfg_attr(feature = "ts", ts(type = "'right' | 'accepted' | 'wrong' | 'shown'"))]
    pub verdict: &'static str,
    /// Where the move is shown; `null` when it was wrong.
    pub moved: Option<PlaceView>,
    /// The text's reply (for a wrong try that is a variation: its refutation), as a place.
    pub reply: Option<PlaceView>,
    /// The reply as the text writes it.
    pub reply_notation: Option<String>,
    /// Nothing is left to solve after the reply.
    pub solved: bool,
    /// The side the reader plays next: `white` or `black`.
    #[cfg_attr(feature = "ts", ts(type = "Side | null"))]
    pub to_move: Option<&'static str>,
    /// The text gives the move (its line's, or a variation's first move); false for a move it
    /// does not give at all, which solve mode may ask the engine about.
    pub in_text: bool,
}

/// Where a solution stands at a place.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SolveState"))]
pub struct SolveState {
    /// The side to move there: `white` or `black`.
    #[cfg_attr(feature = "ts", ts(type = "Side | null"))]
    pub to_move: Option<&'static str>,
    /// The line has no next move there: nothing to solve.
    pub finished: bool,
    /// The hint: the start and end squares of the text's next move there (the move "Show the
    /// move" would play), or `None` when there is none.
    pub hint: Option<HintView>,
}

/// Solve mode's hint: where the text's next move starts and ends (square labels).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Hint"))]
pub struct HintView {
    /// The square of the piece to move.
    pub from: String,
    /// The square it goes to.
    pub to: String,
}

const fn side(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

const fn verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Right => "right",
        Verdict::Accepted => "accepted",
        Verdict::Wrong => "wrong",
        Verdict::Shown => "shown",
    }
}

impl Library {
    /// The text's answer at `place` of game `index` to legal move `choice` (an index of
    /// [`Library::legal_moves`] there), or with `None` the text's own move shown. `None` when
    /// there is no such position or move (or, to show, no next move).
    #[must_use]
    pub fn solve(&self, index: usize, place: Place, choice: Option<usize>) -> Option<SolveView> {
        let game = self.game(index)?;
        let r = pdn::replay::replay(&game);
        let a = match choice {
            Some(c) => {
                let (_, moves) = edit::legal_moves(&r, place)?;
                solve::answer(&game, &r, place, moves.get(c)?)?
            }
            None => solve::show(&r, place)?,
        };
        let reply_notation = a.reply.and_then(|p| {
            let line = match p.line {
                None => (&r.plies, &game.moves),
                Some(v) => (&r.variations.get(v)?.plies, &game.variations.get(v)?.moves),
            };
            let ply = line.0.get(p.ply.checked_sub(1)?)?;
            line.1.get(ply.node).map(|n| n.text.to_string())
        });
        let next = a.reply.or(a.moved).unwrap_or(place);
        let next = if a.verdict == Verdict::Wrong {
            place
        } else {
            next
        };
        Some(SolveView {
            verdict: verdict(a.verdict),
            moved: a.moved.map(PlaceView::from),
            reply: a.reply.map(PlaceView::from),
            reply_notation,
            solved: a.solved,
            to_move: solve::to_move(&r, next).map(side),
            in_text: a.in_text,
        })
    }

    /// The legal moves after `choices` played from `place` of game `index` (each an index of
    /// the legal moves at that point, as [`Library::legal_moves`] lists them): solve mode's
    /// positions past the text, where the engine answers. `None` when there is no such position
    /// or a choice is not a legal move's index.
    #[must_use]
    pub fn moves_after(
        &self,
        index: usize,
        place: Place,
        choices: &[usize],
    ) -> Option<Vec<crate::analysis::MoveView>> {
        let game = self.game(index)?;
        let r = pdn::replay::replay(&game);
        let rs = r.ruleset.as_ref()?;
        let (mut pos, mut moves) = edit::legal_moves(&r, place)?;
        for &c in choices {
            pos = pos.play(moves.get(c)?);
            moves = pos.legal_moves(rs);
        }
        Some(crate::analysis::move_views(rs, &pos, &moves))
    }

    /// Where a solution of game `index` stands at `place`.
    #[must_use]
    pub fn solve_state(&self, index: usize, place: Place) -> Option<SolveState> {
        let game = self.game(index)?;
        let r = pdn::replay::replay(&game);
        let hint = r.geometry.as_ref().and_then(|g| {
            let m = solve::next_move(&r, place)?;
            Some(HintView {
                from: g.label(m.from).to_string(),
                to: g.label(m.to).to_string(),
            })
        });
        Some(SolveState {
            to_move: solve::to_move(&r, place).map(side),
            finished: solve::finished(&r, place),
            hint,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROBLEM: &str = "[GameType \"20\"] 1. 32-28 (1. 33-28! 18-22) (1. 31-27 19-23) 1... 19-23 \
                           2. 28x19 14x23 *";

    fn index_of(lib: &Library, place: Place, notation: &str) -> usize {
        let moves = lib.legal_moves(0, place).unwrap();
        moves.iter().find(|m| m.notation == notation).unwrap().index
    }

    #[test]
    fn right_accepted_wrong_and_shown() {
        let lib = Library::new(PROBLEM.into());
        let start = Place::main(0);
        let right = lib
            .solve(0, start, Some(index_of(&lib, start, "32-28")))
            .unwrap();
        assert_eq!(right.verdict, "right");
        assert_eq!(right.reply, Some(PlaceView { line: None, ply: 2 }));
        assert_eq!(right.reply_notation.as_deref(), Some("19-23"));
        assert_eq!(right.to_move, Some("white"));
        assert!(!right.solved);
        let accepted = lib
            .solve(0, start, Some(index_of(&lib, start, "33-28")))
            .unwrap();
        assert_eq!(accepted.verdict, "accepted");
        assert!(accepted.solved);
        let wrong = lib
            .solve(0, start, Some(index_of(&lib, start, "31-27")))
            .unwrap();
        assert_eq!(wrong.verdict, "wrong");
        assert_eq!(wrong.moved, None);
        assert_eq!(wrong.reply_notation.as_deref(), Some("19-23"));
        assert!(wrong.in_text && right.in_text);
        let unknown = lib
            .solve(0, start, Some(index_of(&lib, start, "34-29")))
            .unwrap();
        assert_eq!((unknown.verdict, unknown.in_text), ("wrong", false));
        let shown = lib.solve(0, Place::main(2), None).unwrap();
        assert_eq!(shown.verdict, "shown");
        assert!(shown.solved);
        assert_eq!(lib.solve(0, Place::main(4), None), None);
        let state = lib.solve_state(0, Place::main(1)).unwrap();
        assert_eq!(state.to_move, Some("black"));
        assert!(!state.finished);
        // The hint is the text's next move: 19-23 after 32-28.
        assert_eq!(
            state.hint,
            Some(HintView {
                from: "19".into(),
                to: "23".into()
            })
        );
        let first = lib.solve_state(0, start).unwrap().hint.unwrap();
        assert_eq!((first.from.as_str(), first.to.as_str()), ("32", "28"));
        // In a variation: its own next move (after 33-28!, 18-22).
        let var = lib
            .solve_state(
                0,
                Place {
                    line: Some(0),
                    ply: 1,
                },
            )
            .unwrap();
        assert_eq!(var.hint.map(|h| h.from), Some("18".into()));
        let end = lib.solve_state(0, Place::main(4)).unwrap();
        assert!(end.finished);
        assert_eq!(end.hint, None);
    }

    #[test]
    fn moves_after_choices_played_past_the_text() {
        let lib = Library::new(PROBLEM.into());
        let start = Place::main(0);
        let a = index_of(&lib, start, "34-29");
        let black = lib.moves_after(0, start, &[a]).unwrap();
        assert!(black.iter().any(|m| m.notation == "19-23"));
        let b = black.iter().find(|m| m.notation == "19-23").unwrap().index;
        let white = lib.moves_after(0, start, &[a, b]).unwrap();
        // The same moves as the game that plays them in its text.
        let played = Library::new("[GameType \"20\"] 1. 34-29 19-23 *".into());
        assert_eq!(Some(white), played.legal_moves(0, Place::main(2)));
        assert_eq!(lib.moves_after(0, start, &[]).unwrap().len(), 9);
        assert_eq!(lib.moves_after(0, start, &[99]), None);
    }
}
