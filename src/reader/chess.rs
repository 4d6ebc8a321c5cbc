//! Chess text, recognised per game: a PGN game pasted into a draughts reader would otherwise
//! give a warning per SAN move (`Nf3`, `O-O`, `Qxd5+`) and a FEN error for `rnbqkbnr/…`.
//!
//! [`Screen`] sits between the game splitter and a [`Visitor`]: it forwards every event, and
//! holds back the problems of the open game until its first draughts move (then they are passed
//! on and the game is read as usual) or, in a game that shows itself to be chess (a chess FEN or
//! variant, or chess moves before any draughts move), until its end, where they are all
//! replaced by one `not-draughts` problem that says what gave the game away.

use std::ops::ControlFlow;

use crate::diagnostic::{Code, Span};

use super::problem::Problem;
use super::visitor::Visitor;

/// Chess variants as PGN's `Variant` tag names them (lower case). lidraughts' `Standard` is not
/// among them: it is International draughts.
const CHESS_VARIANTS: &[&str] = &[
    "chess",
    "chess960",
    "fischerandom",
    "fischer random",
    "crazyhouse",
    "king of the hill",
    "kingofthehill",
    "three-check",
    "threecheck",
    "3check",
    "atomic",
    "horde",
    "racing kings",
    "racingkings",
    "antichess",
    "suicide",
];

/// A chess move in SAN or long algebraic notation with a piece letter, a pawn capture (`exf4`),
/// a promotion (`e8=Q`) or castling (`O-O`); plain pawn moves (`e4`) are left out, since a
/// single square says nothing.
#[must_use]
pub(crate) fn is_chess_move(word: &str) -> bool {
    let w = word.trim_end_matches(['+', '#', '!', '?']);
    if matches!(w, "O-O" | "O-O-O") {
        return true;
    }
    let b = w.as_bytes();
    let file = |c: u8| (b'a'..=b'h').contains(&c);
    let rank = |c: u8| (b'1'..=b'8').contains(&c);
    let piece = |c: u8| matches!(c, b'K' | b'Q' | b'R' | b'B' | b'N');
    // `=Q` promotion at the end.
    let (b, promoted) = match b {
        [rest @ .., b'=', p] if piece(*p) && *p != b'K' => (rest, true),
        _ => (b, false),
    };
    match b {
        // Piece: `Nf3`, `Nbd2`, `R1e2`, `Bxb5`, `Nbxd2`, `Ng1-f3`, `Qd1xd5`.
        [p, rest @ ..] if piece(*p) && !promoted => {
            let Some((&r, rest)) = rest.split_last() else {
                return false;
            };
            let Some((&f, rest)) = rest.split_last() else {
                return false;
            };
            if !(file(f) && rank(r)) {
                return false;
            }
            let rest = match rest {
                [rest @ .., b'x' | b'-' | b':'] => rest,
                _ => rest,
            };
            match rest {
                [] => true,
                [c] => file(*c) || rank(*c),
                [c, d] => file(*c) && rank(*d),
                _ => false,
            }
        }
        // Pawn: `exf4`, `e8=Q`.
        [f, b'x', t, r] => file(*f) && file(*t) && rank(*r),
        [f, r] => promoted && file(*f) && matches!(r, b'1' | b'8'),
        _ => false,
    }
}

/// A chess FEN (`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`): eight ranks of
/// piece letters and digits between slashes.
#[must_use]
pub(crate) fn is_chess_fen(value: &str) -> bool {
    let board = value.split_whitespace().next().unwrap_or("");
    board.matches('/').count() == 7 && board.bytes().all(|c| b"pnbrqkPNBRQK12345678/".contains(&c))
}

/// What shows a game is chess: the text that shows it, what it is, and where.
type Evidence<'a> = (&'a str, &'static str, Span);

/// The filter described in the module documentation.
pub(crate) struct Screen<'v, 'a, V> {
    inner: &'v mut V,
    in_game: bool,
    /// Problems are held back: no draughts move yet, or the game is chess.
    screening: bool,
    held: Vec<Problem<'a>>,
    /// Decisive evidence (a chess FEN or variant), once found.
    decisive: Option<Evidence<'a>>,
    /// Chess moves met as unknown words, and the first of them.
    moves: usize,
    first_move: Option<Evidence<'a>>,
    /// A chess ECO code (`C33`; draughts files write numbers there).
    eco: bool,
}

impl<'v, 'a, V: Visitor<'a>> Screen<'v, 'a, V> {
    pub(crate) fn new(inner: &'v mut V) -> Screen<'v, 'a, V> {
        Screen {
            inner,
            in_game: false,
            screening: false,
            held: Vec::new(),
            decisive: None,
            moves: 0,
            first_move: None,
            eco: false,
        }
    }

    /// The visitor wants the movetext of the open game ([`Visitor::wants_movetext`]).
    #[inline(always)]
    pub(crate) fn wants_movetext(&self) -> bool {
        self.inner.wants_movetext()
    }

    /// A draughts move is read (given to the visitor or skipped): the game is not chess unless
    /// it showed itself to be before, and what was held back goes on, the rest as it comes.
    #[inline(always)]
    pub(crate) fn draughts_move(&mut self) {
        if self.screening && self.verdict().is_none() {
            self.screening = false;
            for p in &self.held {
                self.inner.problem(p);
            }
            self.held.clear();
        }
    }

    /// The open game is chess: what shows it.
    fn verdict(&self) -> Option<Evidence<'a>> {
        self.decisive.or(self
            .first_move
            .filter(|_| self.moves >= 2 || (self.moves == 1 && self.eco)))
    }
}

impl<'a, V: Visitor<'a>> Visitor<'a> for Screen<'_, 'a, V> {
    fn begin_game(&mut self, start: usize) {
        self.in_game = true;
        self.screening = true;
        self.held.clear();
        self.decisive = None;
        self.moves = 0;
        self.first_move = None;
        self.eco = false;
        self.inner.begin_game(start);
    }
    fn tag(&mut self, name: &'a str, value: &'a str, span: Span) {
        // The names looked at are three and seven letters long: other tags cost one compare.
        if !matches!(name.len(), 3 | 7) {
            self.inner.tag(name, value, span);
            return;
        }
        if self.decisive.is_none() {
            if name.eq_ignore_ascii_case("FEN") && is_chess_fen(value.trim()) {
                self.decisive = Some((value.trim(), "the FEN", span));
            } else if name.eq_ignore_ascii_case("Variant")
                && CHESS_VARIANTS.contains(&value.trim().to_ascii_lowercase().as_str())
            {
                self.decisive = Some((value.trim(), "the Variant tag", span));
            }
        }
        if name.eq_ignore_ascii_case("ECO") {
            let b = value.trim().as_bytes();
            self.eco |= b.len() == 3
                && (b'A'..=b'E').contains(&b[0])
                && b[1..].iter().all(u8::is_ascii_digit);
        }
        self.inner.tag(name, value, span);
    }
    // A visitor that skips the movetext gets none of it, whichever way the splitter read it.
    fn move_number(&mut self, number: u32, span: Span) {
        if self.inner.wants_movetext() {
            self.inner.move_number(number, span);
        }
    }
    fn game_move(&mut self, text: &'a str, strength: &'a str, span: Span) {
        self.draughts_move();
        if self.inner.wants_movetext() {
            self.inner.game_move(text, strength, span);
        }
    }
    fn unknown_move(&mut self, span: Span) {
        self.inner.unknown_move(span);
    }
    fn nag(&mut self, nag: u16, span: Span) {
        self.inner.nag(nag, span);
    }
    fn comment(&mut self, text: &'a str, span: Span) {
        self.inner.comment(text, span);
    }
    fn setup(&mut self, fen: &'a str, span: Span) {
        self.inner.setup(fen, span);
    }
    fn begin_variation(&mut self, span: Span) {
        self.inner.begin_variation(span);
    }
    fn end_variation(&mut self, span: Span) {
        self.inner.end_variation(span);
    }
    fn result(&mut self, result: &'a str, span: Span) {
        self.inner.result(result, span);
    }
    fn problem(&mut self, problem: &Problem<'a>) {
        if !self.in_game || !self.screening {
            self.inner.problem(problem);
            return;
        }
        if problem.kind == Code::UnknownText && is_chess_move(problem.detail) {
            self.moves += 1;
            self.first_move
                .get_or_insert((problem.detail, "chess moves such as", problem.span));
        }
        self.held.push(*problem);
    }
    fn end_game(&mut self, span: Span) -> ControlFlow<()> {
        self.in_game = false;
        self.screening = false;
        match self.verdict() {
            Some((text, what, at)) => {
                self.inner.problem(&Problem {
                    kind: Code::NotDraughts,
                    span: at,
                    detail: text,
                    other: what,
                    count: 0,
                });
            }
            None => {
                for p in &self.held {
                    self.inner.problem(p);
                }
            }
        }
        self.held.clear();
        self.inner.end_game(span)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_moves_and_fens() {
        for m in [
            "Nf3", "Qxd5+", "O-O", "O-O-O", "exf4", "e8=Q", "Nbd2", "R1e2", "Ng1-f3", "Be7#",
        ] {
            assert!(is_chess_move(m), "{m}");
        }
        for m in [
            "e4", "c3-d4", "32-28", "0-0", "Kb", "hello", "ed4", "K32", "Bxy",
        ] {
            assert!(!is_chess_move(m), "{m}");
        }
        assert!(is_chess_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ));
        assert!(!is_chess_fen("W:W31-50:B1-20"));
    }
}
