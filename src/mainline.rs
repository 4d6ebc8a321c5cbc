//! Mainlines replayed while the text is read: each game's mainline moves are played as the
//! reader hands them over, with no move tree, no routes and no diagnostics — for whole archives
//! (an index, statistics, a benchmark) where [`crate::replay::replay`] of every game would build
//! much that is not used. The design follows pgn-reader with shakmaty: a visitor that plays the
//! moves and skips the variations.
//!
//! The positions are those of [`crate::replay::replay`]'s mainline, always: a game is played
//! here only while everything in it is plain (a GameType tag naming a variant with its standard
//! board and notation, or none and the first guess, a start FEN that reads, moves that name one
//! legal move each). Anything else — an ambiguous capture, a move written jump by jump, a
//! setup in the middle, a move that cannot be played, a chess game — and that game is read
//! again into a tree and replayed by [`crate::replay::replay`], whose mainline is handed over
//! instead. `tests/mainline.rs` holds both to the same positions on every corpus file.

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::diagnostic::{Code, Span};
use crate::geometry::Geometry;
use crate::notation::PdnMove;
use crate::position::{CompactMove, Move, Position, Ruleset};
use crate::reader::Game;
use crate::reader::{Problem, Visitor, parse_compact_move, read_game_at, visit};
use crate::replay::{self, Clue, Replay, ReplayError};
use crate::variant::{GameType, Variant};

/// One game's mainline, as far as it could be played.
#[derive(Debug)]
pub struct Mainline<'m> {
    /// The game's place in the text: 0 for the first.
    pub index: usize,
    /// Where the game is in the text.
    pub span: Span,
    /// The GameType used ([`crate::replay::Replay::gametype`]): the tag's value, or the
    /// number guessed.
    pub gametype: &'m str,
    /// The variant's rules and board; `None` when the game cannot be replayed (not draughts,
    /// an unknown or unsupported variant).
    pub ruleset: Option<&'m Ruleset>,
    /// The board, also where the rules are missing (a known board, unknown rules).
    pub geometry: Option<&'m Geometry>,
    /// The position before the first move, when there is a board.
    pub start: Option<Position>,
    /// The moves played.
    pub moves: &'m [CompactMove],
    /// The position after each move.
    pub positions: &'m [Position],
    /// Why the mainline stops before its end, if it does ([`crate::replay::Replay::error`]).
    pub error: Option<&'m ReplayError>,
    /// When something in the game was not plain: its tree, read again, and its whole
    /// [`crate::replay::replay`], whose mainline the fields above give (with its
    /// diagnostics, variations and the rest).
    pub replay: Option<(&'m Game, &'m Replay)>,
}

/// Replays the mainline of every game of `text`, in order, and hands each to `each`; return
/// `ControlFlow::Break(())` from it to stop.
///
/// ```
/// use std::ops::ControlFlow;
/// let text = "[GameType \"21\"] 1. 11-15 23-19 2. 8-11 22-17 *\n1. 32-28 (33-29) 19-23 *";
/// let mut plies = Vec::new();
/// pdn::mainline::each(text, |m| {
///     plies.push((m.moves.len(), m.ruleset.unwrap().variant));
///     ControlFlow::Continue(())
/// });
/// assert_eq!(plies, [(4, pdn::Variant::English), (2, pdn::Variant::International)]);
/// ```
pub fn each(text: &str, each: impl FnMut(&Mainline<'_>) -> ControlFlow<()>) {
    let mut r = Player {
        text,
        each,
        index: 0,
        start: 0,
        depth: 0,
        gametype: None,
        variant: None,
        fen: None,
        setup: None,
        moves_written: Vec::with_capacity(256),
        spaced: String::new(),
        number: String::new(),
        odd: false,
        legal: Vec::with_capacity(32),
        routed: Vec::with_capacity(32),
        moves: Vec::with_capacity(256),
        positions: Vec::with_capacity(256),
    };
    visit(text, &mut r);
}

/// The visitor behind [`each`]: it keeps what the replay needs of a game (a few tags, the
/// mainline's moves) and plays them at the game's end.
struct Player<'a, F> {
    text: &'a str,
    each: F,
    index: usize,
    /// The game's first byte.
    start: usize,
    /// Variations open: moves at depth 0 are the mainline.
    depth: usize,
    gametype: Option<&'a str>,
    variant: Option<&'a str>,
    fen: Option<&'a str>,
    /// A `/FEN/` setup before the first move.
    setup: Option<&'a str>,
    moves_written: Vec<Written<'a>>,
    /// A move written with spaces, without them.
    spaced: String,
    /// The GameType used, as text ([`Mainline::gametype`]).
    number: String,
    /// Something that needs the whole replay ([`crate::replay::replay`]).
    odd: bool,
    legal: Vec<CompactMove>,
    routed: Vec<Move>,
    moves: Vec<CompactMove>,
    positions: Vec<Position>,
}

impl<'a, F: FnMut(&Mainline<'_>) -> ControlFlow<()>> Visitor<'a> for Player<'a, F> {
    fn begin_game(&mut self, start: usize) {
        self.start = start;
        self.depth = 0;
        (self.gametype, self.variant, self.fen, self.setup) = (None, None, None, None);
        self.moves_written.clear();
        self.odd = false;
    }

    fn tag(&mut self, name: &'a str, value: &'a str, _span: Span) {
        // The first tag of a name counts ([`crate::Game::tag`]); an escape needs unescaping.
        let slot = if name.eq_ignore_ascii_case("GameType") {
            &mut self.gametype
        } else if name.eq_ignore_ascii_case("FEN") {
            &mut self.fen
        } else if name.eq_ignore_ascii_case("Variant") {
            &mut self.variant
        } else {
            return;
        };
        if slot.is_none() {
            *slot = Some(value);
            self.odd |= value.contains('\\');
        }
    }

    fn game_move(&mut self, text: &'a str, _strength: &'a str, _span: Span) {
        if self.depth > 0 || self.odd {
            return;
        }
        if let Some((at, from, to)) = pair(text) {
            self.moves_written
                .push(Written::Pair { text, at, from, to });
            return;
        }
        let read = if text.bytes().any(|b| b.is_ascii_whitespace()) {
            // A move written with spaces (`1- 7`) is read without them, as the tree does.
            self.spaced.clear();
            self.spaced.extend(text.split_ascii_whitespace());
            parse_compact_move(&self.spaced)
        } else {
            parse_compact_move(text)
        };
        match read {
            Some(m) => self.moves_written.push(Written::Other(m)),
            None => self.odd = true,
        }
    }

    fn unknown_move(&mut self, _span: Span) {
        self.odd |= self.depth == 0;
    }

    fn setup(&mut self, fen: &'a str, _span: Span) {
        if self.depth == 0 {
            if self.moves_written.is_empty() && self.setup.is_none() {
                self.setup = Some(fen);
            } else {
                // It sets up the next move of the mainline.
                self.odd = true;
            }
        }
    }

    fn begin_variation(&mut self, _span: Span) {
        self.depth += 1;
    }

    fn end_variation(&mut self, _span: Span) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn problem(&mut self, problem: &Problem<'a>) {
        // A chess game: the replay says so.
        self.odd |= problem.kind == Code::NotDraughts;
    }

    fn end_game(&mut self, span: Span) -> ControlFlow<()> {
        let played = if self.odd { None } else { self.play() };
        let flow = match played {
            Some((ruleset, start)) => (self.each)(&Mainline {
                index: self.index,
                span,
                gametype: &self.number,
                ruleset: Some(&ruleset),
                geometry: Some(&ruleset.geometry),
                start: Some(start),
                moves: &self.moves,
                positions: &self.positions,
                error: None,
                replay: None,
            }),
            None => {
                self.moves.clear();
                self.positions.clear();
                let game = read_game_at(self.text, self.start);
                let r = game.as_ref().map(replay::replay);
                if let Some(r) = &r {
                    for p in &r.plies {
                        self.moves.push(CompactMove::from(&p.mv));
                        self.positions.push(p.position);
                    }
                }
                let both = game.as_ref().zip(r.as_ref());
                let r = r.as_ref();
                (self.each)(&Mainline {
                    index: self.index,
                    span,
                    gametype: r.map_or("", |r| r.gametype.as_str()),
                    ruleset: r.and_then(|r| r.ruleset.as_deref()),
                    geometry: r.and_then(|r| r.geometry.as_deref()),
                    start: r.and_then(|r| r.geometry.as_ref().and(r.start)),
                    moves: &self.moves,
                    positions: &self.positions,
                    error: r.and_then(|r| r.error.as_ref()),
                    replay: both,
                })
            }
        };
        self.index += 1;
        flow
    }
}

impl<F> Player<'_, F> {
    /// Plays the game's mainline when everything in it is plain, as [`crate::replay::replay`]
    /// would; `None` when not (what was played is then dropped).
    fn play(&mut self) -> Option<(Arc<Ruleset>, Position)> {
        self.moves.clear();
        self.positions.clear();
        self.number.clear();
        let variant = match self.gametype {
            Some(value) => {
                self.number.push_str(value.trim());
                let gt = GameType::parse(value).ok()?;
                // lidraughts' private numbers (Frysk!'s start among them) are the replay's to
                // tell.
                if Variant::from_private_gametype(gt.number).is_some() {
                    return None;
                }
                gt.variant()?
            }
            None => {
                let fen = self.fen.or(self.setup);
                let (candidates, clue) = replay::guess(
                    self.variant,
                    fen,
                    self.moves_written.iter().map(|w| Some(w.labels())),
                );
                let number = match clue {
                    Clue::VariantTag(n) => n,
                    _ => candidates[0],
                };
                write!(self.number, "{number}").ok()?;
                Variant::from_gametype(number)?
            }
        };
        let (ruleset, _) = replay::shared_ruleset(variant)?;
        let first = match self.moves_written.first() {
            Some(Written::Pair { text, .. }) => parse_compact_move(text),
            Some(Written::Other(m)) => Some(m.clone()),
            None => None,
        };
        if replay::renotated(&ruleset, first.as_ref()).is_some() {
            return None;
        }
        let g = &ruleset.geometry;
        let start = match self.fen.or(self.setup) {
            Some(fen) => replay::fen_position(fen, g, g.spec().first_player).ok()?.0,
            None => ruleset.start_position(),
        };
        let mut pos = start;
        let square = |n: u16| g.numbered(usize::from(n));
        for w in &self.moves_written {
            let quick = match *w {
                Written::Pair { from, to, .. } => square(from)
                    .zip(square(to))
                    .and_then(|(from, to)| pos.only_move(&ruleset, from, to, &mut self.legal)),
                Written::Other(ref n) => n.plain_move(&pos, &ruleset, &mut self.legal),
            };
            let mv = match quick {
                Some(mv) => mv,
                None => {
                    let read;
                    let n = match w {
                        Written::Pair { text, .. } => {
                            read = parse_compact_move(text)?;
                            &read
                        }
                        Written::Other(n) => n,
                    };
                    let r = n.to_move_in(&pos, &ruleset, &mut self.routed).ok()?;
                    if !r.alternatives.is_empty() {
                        return None;
                    }
                    CompactMove::from(&r.mv)
                }
            };
            pos = pos.play_compact(&mv);
            self.moves.push(mv);
            self.positions.push(pos);
        }
        Some((ruleset, start))
    }
}

/// A mainline move as written.
enum Written<'a> {
    /// Two numbered squares and a separator (`11-15`, `22x15`, `05:14`), most moves of most
    /// files: read here in one pass. `at` is the separator's byte, `from` and `to` the numbers.
    Pair {
        text: &'a str,
        at: u8,
        from: u16,
        to: u16,
    },
    /// Any other, as the tree reads it.
    Other(PdnMove),
}

impl Written<'_> {
    /// The labels of its squares, as written.
    fn labels(&self) -> impl Iterator<Item = &str> {
        let n = match self {
            Written::Pair { .. } => 2,
            Written::Other(m) => m.squares.len(),
        };
        (0..n).map(move |i| match self {
            Written::Pair { text, at, .. } if i == 0 => &text[..usize::from(*at)],
            Written::Pair { text, at, .. } => &text[usize::from(*at) + 1..],
            Written::Other(m) => m.squares[i].as_str(),
        })
    }
}

/// A move of one to three digits, `-`, `x`, `X` or `:`, and one to three digits, which
/// [`parse_compact_move`] reads as these two squares: the separator's byte and the two numbers.
fn pair(text: &str) -> Option<(u8, u16, u16)> {
    let w = text.as_bytes();
    if !(3..=7).contains(&w.len()) {
        return None;
    }
    // The digits at the start (four at most: more are refused anyway) and their value, in
    // one loop: this runs for nearly every move of an archive.
    let number = |w: &[u8]| {
        let mut value = 0u16;
        for (i, &b) in w.iter().take(4).enumerate() {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return (i, value);
            }
            value = value * 10 + u16::from(d);
        }
        (w.len().min(4), value)
    };
    let (a, from) = number(w);
    if !(1..=3).contains(&a) || !matches!(w.get(a), Some(b'-' | b'x' | b'X' | b':')) {
        return None;
    }
    let (b, to) = number(&w[a + 1..]);
    ((1..=3).contains(&b) && a + 1 + b == w.len()).then_some((a as u8, from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_read_as_the_tree_reads_it() {
        let mut texts: Vec<String> = [
            "11-15", "22x15", "05:14", "1-6", "100-91", "32X28", "1-", "-1", "1--2", "1x2x3",
            "1234-5", "1-2345", "a1-b2", "11-15!", "11 -15", "", "x", "3228", "1-0",
        ]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
        for a in ["0", "7", "07", "12", "123", "1234"] {
            for sep in ["-", "x", "X", ":", "×", "–", "+"] {
                for b in ["1", "09", "50", "999", "1000", "b"] {
                    texts.push(format!("{a}{sep}{b}"));
                }
            }
        }
        for t in &texts {
            if let Some((at, from, to)) = pair(t) {
                let m = parse_compact_move(t).unwrap_or_else(|| panic!("{t:?}"));
                let w = Written::Pair {
                    text: t,
                    at,
                    from,
                    to,
                };
                let numbers: Vec<u16> = m
                    .squares
                    .iter()
                    .map(|l| l.as_str().parse().unwrap())
                    .collect();
                assert_eq!(numbers, [from, to], "{t:?}");
                let labels: Vec<&str> = w.labels().collect();
                let squares: Vec<&str> = m.squares.iter().map(|l| l.as_str()).collect();
                assert_eq!(labels, squares, "{t:?}");
            }
        }
        assert_eq!(pair("11-15"), Some((2, 11, 15)));
        assert_eq!(pair("100x91"), Some((3, 100, 91)));
        assert_eq!(pair("05:14"), Some((2, 5, 14)));
        assert_eq!(pair("1234-5"), None);
        assert_eq!(pair("11x15x19"), None);
    }
}
