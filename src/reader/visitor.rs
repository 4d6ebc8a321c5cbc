//! What a reader of PDN text receives: the [`Visitor`] trait, which the splitter
//! ([`visit`](super::visit)) calls game by game and the chess screen (`chess.rs`) passes on. Its
//! own module, below both, so that neither has to use the other for it.

use std::ops::ControlFlow;

use crate::diagnostic::Span;

use super::problem::Problem;

/// Receives a PDN text game by game, as the reader walks it.
///
/// Every method has an empty default, so a visitor implements only what it needs: a game list
/// takes [`tag`](Visitor::tag) and [`end_game`](Visitor::end_game) and pays nothing for move
/// trees. Events come in text order. Between [`begin_game`](Visitor::begin_game) and
/// [`end_game`](Visitor::end_game) everything belongs to that game; [`problem`](Visitor::problem)
/// may also come outside any game, for text that belongs to none.
///
/// Variations arrive as [`begin_variation`](Visitor::begin_variation) /
/// [`end_variation`](Visitor::end_variation) pairs, properly nested (the reader closes any
/// variation left open at the end of its game); a variation replaces the last move before it on
/// the enclosing line.
///
/// ```
/// use std::ops::ControlFlow;
/// use pdn::Span;
/// use pdn::reader::{visit, Visitor};
///
/// /// Counts mainline moves per game, and stops after two games.
/// #[derive(Default)]
/// struct Plies { depth: usize, current: usize, games: Vec<usize> }
///
/// impl<'a> Visitor<'a> for Plies {
///     fn begin_game(&mut self, _start: usize) { self.current = 0; }
///     fn game_move(&mut self, _text: &'a str, _strength: &'a str, _span: Span) {
///         if self.depth == 0 { self.current += 1; }
///     }
///     fn begin_variation(&mut self, _span: Span) { self.depth += 1; }
///     fn end_variation(&mut self, _span: Span) { self.depth -= 1; }
///     fn end_game(&mut self, _span: Span) -> ControlFlow<()> {
///         self.games.push(self.current);
///         if self.games.len() == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
///     }
/// }
///
/// let mut v = Plies::default();
/// visit("1. 32-28 (33-29) 19-23 * 1. 31-27 * 1. 34-30 *", &mut v);
/// assert_eq!(v.games, [2, 1]);
/// ```
#[allow(unused_variables)]
pub trait Visitor<'a> {
    /// A game begins at byte `start` (its first token: a tag, or comments before it).
    fn begin_game(&mut self, start: usize) {}
    /// A tag pair; `value` is raw, with its escapes (see [`unescape`](super::unescape)).
    fn tag(&mut self, name: &'a str, value: &'a str, span: Span) {}
    /// A move number (`12.`, `12...`).
    fn move_number(&mut self, number: u32, span: Span) {}
    /// A move as written (it may contain spaces, as in `1- 7`), and its strength marks
    /// (`!?`, `(?)`; a `*` for a PDN 2.0 star move). Read its squares with
    /// [`PdnMove::parse`](crate::PdnMove::parse) once its spaces are taken out.
    fn game_move(&mut self, text: &'a str, strength: &'a str, span: Span) {}
    /// A move the source did not record (`-`).
    fn unknown_move(&mut self, span: Span) {}
    /// A NAG (`$7`) after a move.
    fn nag(&mut self, nag: u16, span: Span) {}
    /// A comment (`{…}`, `;…`, `%…`), without its delimiters.
    fn comment(&mut self, text: &'a str, span: Span) {}
    /// A `/FEN "…"/` setup: the text between `FEN` and the closing `/`.
    fn setup(&mut self, fen: &'a str, span: Span) {}
    /// `(`: a variation of the last move begins.
    fn begin_variation(&mut self, span: Span) {}
    /// The variation begun last ends; `span` runs from its `(` to its `)`.
    fn end_variation(&mut self, span: Span) {}
    /// The result or `*` that ends the game.
    fn result(&mut self, result: &'a str, span: Span) {}
    /// A problem in the game being read, or in text outside any game, in the order found. The
    /// problems of a game before its first move are held back until that move (or the game's
    /// end), so that a chess game gets one `not-draughts` problem instead of one per move.
    fn problem(&mut self, problem: &Problem<'a>) {}
    /// The game ends; `span` covers all of its text. Return `ControlFlow::Break(())` to stop
    /// reading.
    fn end_game(&mut self, span: Span) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// Whether the visitor wants the moves and move numbers of the game being read. Asked as the
    /// game is read (more than once a game, so the answer should not change within one); with
    /// `false`, the reader skips them: [`game_move`](Visitor::game_move) and
    /// [`move_number`](Visitor::move_number) are not called, and the common ones (`12.`,
    /// `32-28`, `c3xe5!`) are read as bounds only, with no token made of them. Everything else
    /// comes as usual: the same games with the same spans, tags, comments, variations, NAGs,
    /// unrecorded moves (`-`), results, and every problem of [`read_file`](super::read_file)
    /// (the splitter still counts the moves that the game's end and its problems depend on).
    /// Following pgn-reader's `Skip` (MIT/Apache-2.0) in spirit.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use pdn::Span;
    /// use pdn::reader::{visit, Visitor};
    ///
    /// /// Game spans and results, moves skipped.
    /// #[derive(Default)]
    /// struct Results(Vec<(Span, Option<String>)>, Option<String>);
    ///
    /// impl<'a> Visitor<'a> for Results {
    ///     fn wants_movetext(&self) -> bool { false }
    ///     fn game_move(&mut self, _text: &'a str, _strength: &'a str, _span: Span) {
    ///         unreachable!("skipped");
    ///     }
    ///     fn result(&mut self, result: &'a str, _span: Span) { self.1 = Some(result.into()); }
    ///     fn end_game(&mut self, span: Span) -> ControlFlow<()> {
    ///         self.0.push((span, self.1.take()));
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// let mut v = Results::default();
    /// visit("1. 32-28 (33-29 1-0) 19-23 2-0 1. 31-27 *", &mut v);
    /// assert_eq!(v.0, [(Span::new(0, 30), Some("2-0".into())), (Span::new(31, 41), Some("*".into()))]);
    /// ```
    fn wants_movetext(&self) -> bool {
        true
    }
}
