//! Replaying a game: which variant and board, the start position, and the position after every
//! move of the mainline and of every variation, each line stopping with a plain-words error at
//! its first move that cannot be played; and whether the game is over where the mainline ends.

use crate::diagnostic::{Arg, Code, Diagnostic, Span};
use crate::fen::Setup;
use std::cell::RefCell;
use std::sync::Arc;

use crate::geometry::{Corner, Geometry, Notation, Square};
use crate::notation::PdnMove;
use crate::position::{Move, Position, Ruleset, start_position};
use crate::reader::{Game, Node};
use crate::types::Color;
use crate::variant::{GameType, Variant, non_draughts_name};

mod board;
mod guess;
mod lines;
mod result;
#[cfg(test)]
mod tests;

pub use board::fen_position;
use board::*;
pub(crate) use board::{renotated, shared_ruleset};
pub use guess::tag_variant;
use guess::*;
pub(crate) use guess::{Clue, guess};
pub(crate) use lines::written_numbering;
use lines::*;
use result::*;
pub use result::{ResultReading, file_result_reading, follow_file_reading};

/// One played move of the mainline.
#[derive(Clone, Debug)]
pub struct Ply {
    /// Index of the node in its line (`game.moves`, or the variation's `moves`).
    pub node: usize,
    /// Further nodes this ply took in: a capture written jump by jump (`11x18 18x25`, as PDN
    /// 1.0 allows) is one ply over `1 + joined` nodes.
    pub joined: usize,
    /// The legal move played.
    pub mv: Move,
    /// Who played it.
    pub side: Color,
    /// Move number: 1 for the first move of each side from the usual start; from a FEN, the
    /// number the text gives its first move (see [`Replay::leader`]).
    pub number: u32,
    /// The position after it.
    pub position: Position,
}

/// The first move that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based ply number of the move.
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// Why it could not be played.
    pub message: String,
    /// Where it is in the text.
    pub span: Span,
    /// The values in `message`, by name, as in [`Diagnostic::args`] of
    /// [`Code::IllegalMove`]: `reason` is `move` (then `move`, `why` and the legal moves, see
    /// [`crate::notation::MoveError::args`]), `bad-setup` (then the FEN's `why`),
    /// `not-recorded` or `variant-not-supported` (then `variant` and `gametype`).
    pub args: Vec<Arg>,
}

/// The result of replaying a game's mainline.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The GameType used: the tag's value, or the detected default.
    pub gametype: String,
    /// The variant, if the type is a known draughts variant.
    pub variant: Option<Variant>,
    /// Board and rules, when the variant can be replayed.
    pub ruleset: Option<Arc<Ruleset>>,
    /// A board to draw even when the rules are missing (known board, unknown rules).
    pub geometry: Option<Arc<Geometry>>,
    /// The position before the first move.
    pub start: Option<Position>,
    /// Every move played.
    pub plies: Vec<Ply>,
    /// Why the replay stopped early, if it did.
    pub error: Option<ReplayError>,
    /// Notes and warnings about the replay (guessed variant, ambiguous moves, …).
    pub diagnostics: Vec<Diagnostic>,
    /// One entry per `game.variations`, same order: each variation played from the position
    /// before the move it replaces. Empty lines for variations that could not be reached (they
    /// hang on a move after an error).
    pub variations: Vec<LineReplay>,
    /// The mainline ends in a position where the side to move has no move: who lost.
    pub end: Option<GameEnd>,
    /// The side whose move opens each move number (`12. white black`): the variant's first
    /// player; from a FEN, the side the text numbers first (a game from a FEN with White to
    /// move, written `1. 19-15 10x19`, is numbered with White first even in English draughts).
    pub leader: Color,
}

/// A variation, replayed.
#[derive(Clone, Debug, Default)]
pub struct LineReplay {
    /// The position before its first move; `None` when the variation was not reached.
    pub start: Option<Position>,
    /// Its moves played.
    pub plies: Vec<Ply>,
    /// Why it stopped early, if it did.
    pub error: Option<ReplayError>,
}

/// How a game ended on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The side to move, which has no piece or no legal move and so has lost.
    pub loser: Color,
    /// It has no pieces at all (otherwise its pieces are blocked).
    pub no_pieces: bool,
}

/// What a result string says, read with the left number as the score of the side that moves
/// first in the variant (pdn-standard.md §1.11: English `1-0` is a Black win, International
/// `1-0` a White win). `None` for `*`, `0-0` and scores that name no winner.
///
/// ```
/// use pdn::Color;
/// use pdn::replay::{Outcome, outcome};
/// assert_eq!(outcome("2-0", Color::White), Some(Outcome::Win(Color::White)));
/// assert_eq!(outcome("1-0", Color::Black), Some(Outcome::Win(Color::Black)));
/// assert_eq!(outcome("1/2-1/2", Color::White), Some(Outcome::Draw));
/// assert_eq!(outcome("*", Color::White), None);
/// ```
#[must_use]
pub fn outcome(result: &str, first: Color) -> Option<Outcome> {
    match result.trim() {
        "1-0" | "2-0" | "1:0" => Some(Outcome::Win(first)),
        "0-1" | "0-2" | "0:1" => Some(Outcome::Win(first.opposite())),
        "1/2-1/2" | "1-1" | "½-½" | "0.5-0.5" | "1/2" | "1/2:1/2" => Some(Outcome::Draw),
        _ => None,
    }
}

/// A game's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// A draw.
    Draw,
}

impl Replay {
    /// The canonical FEN after `ply` plies (0 = start).
    #[must_use]
    pub fn fen_at(&self, ply: usize) -> Option<String> {
        let g = self.geometry.as_ref()?;
        let pos = if ply == 0 {
            self.start?
        } else {
            self.plies.get(ply - 1)?.position
        };
        Some(pos.to_fen(g))
    }
}

/// Replays the mainline of `game`, and its variations.
///
/// ```
/// let f = pdn::read_file("1. 32-28 19-23 2. 28x19 14x23 3. 33-28 *");
/// let r = pdn::replay::replay(&f.games[0]);
/// assert_eq!(r.gametype, "20"); // detected from the squares
/// assert_eq!(r.fen_at(5).unwrap().len() > 0, true);
/// assert!(r.error.is_none());
/// ```
#[must_use]
pub fn replay(game: &Game) -> Replay {
    if game.diagnostics.iter().any(|d| d.code == Code::NotDraughts) {
        // A chess game: the reader has said so, once; there is nothing to replay.
        return Replay::nothing(game, "0".to_string(), Vec::new());
    }
    let mut diagnostics = Vec::new();
    let Some(value) = game.tag("GameType") else {
        // No tag: try the likely types in turn and keep the one that plays furthest.
        let (candidates, why, clue_args) = candidate_gametypes(game);
        let mut best: Option<Replay> = None;
        for &n in &candidates {
            let r = replay_as(
                game,
                n.to_string(),
                Some(GameType {
                    number: n,
                    board: None,
                }),
                Vec::new(),
            );
            let better = match &best {
                None => true,
                Some(b) => {
                    // Only a replay that gets further wins; one that plays the whole game
                    // also beats a variant whose rules are not known.
                    b.error.is_some()
                        && r.ruleset.is_some()
                        && (r.error.is_none()
                            || (b.ruleset.is_some() && r.plies.len() > b.plies.len()))
                }
            };
            if better {
                best = Some(r);
            }
            if best
                .as_ref()
                .is_some_and(|b| b.error.is_none() && b.ruleset.is_some())
            {
                break;
            }
        }
        let mut r = best.expect("at least one candidate");
        let n: u32 = r.gametype.parse().unwrap_or(20);
        let v = Variant::from_gametype(n).map_or("?", Variant::name);
        let mut args = clue_args;
        args.extend([("variant", n.to_string()), ("gametype", n.to_string())]);
        let reason = if n == candidates[0] {
            args.push(("reason", "guess-first".to_string()));
            format!("{why} point to {v} draughts (GameType {n})")
        } else {
            let first = Variant::from_gametype(candidates[0]).map_or("?", Variant::name);
            args.push(("reason", "guess-other".to_string()));
            args.push(("first", candidates[0].to_string()));
            format!(
                "{why} point to {first} draughts, but the moves are only legal as {v} draughts (GameType {n}), which is used"
            )
        };
        let message = Code::GuessedVariant.english(&[("reason", reason)]);
        r.diagnostics.insert(
            0,
            Diagnostic::new(Code::GuessedVariant, game.span_start(), message).with_args(args),
        );
        return r;
    };
    let number = match GameType::parse(value) {
        Ok(gt) => {
            // A known type plays on its standard board; a different size in the tag is not used.
            if let (Some(v), Some(b)) = (gt.variant(), gt.board) {
                let usual = v.board();
                if (b.width, b.height) != (usual.width, usual.height) {
                    let args = [
                        ("gametype", gt.number.to_string()),
                        ("width", b.width.to_string()),
                        ("height", b.height.to_string()),
                        ("variant", v.gametype().to_string()),
                        ("usual_width", usual.width.to_string()),
                        ("usual_height", usual.height.to_string()),
                    ];
                    // The message names the variant, the argument gives its number (a key).
                    let mut words = args.clone();
                    words[3].1 = v.name().to_string();
                    let message = Code::BoardSizeIgnored.english(&words);
                    diagnostics.push(
                        Diagnostic::new(Code::BoardSizeIgnored, game.tag_span("GameType"), message)
                            .with_args(args),
                    );
                }
            }
            Some(gt)
        }
        Err(e) => {
            // `20,W,0,0,N,0`: a known type number with broken attributes still names the variant.
            let leading = value
                .split(',')
                .next()
                .and_then(|n| n.trim().parse::<u32>().ok());
            match leading.filter(|&n| Variant::from_gametype(n).is_some()) {
                Some(n) => {
                    // Less than the table's error: the type number still names the board.
                    diagnostics.push(
                        Diagnostic::warning(
                            Code::BadGametype,
                            game.tag_span("GameType"),
                            format!("{e}; the standard board of type {n} is used"),
                        )
                        .with_args(e.args())
                        .with_args([
                            ("reason", "gametype-standard-board".to_string()),
                            ("gametype", n.to_string()),
                        ]),
                    );
                    Some(GameType {
                        number: n,
                        board: None,
                    })
                }
                None => {
                    diagnostics.push(
                        Diagnostic::new(
                            Code::BadGametype,
                            game.tag_span("GameType"),
                            e.to_string(),
                        )
                        .with_args(e.args())
                        .with_args([("reason", "gametype-unread".to_string())]),
                    );
                    None
                }
            }
        }
    };
    let number = number.map(|gt| match Variant::from_private_gametype(gt.number) {
        Some((standard, name)) => {
            diagnostics.push(
                Diagnostic::new(
                    Code::LidraughtsVariant,
                    game.tag_span("GameType"),
                    Code::LidraughtsVariant.english(&[
                        ("gametype", gt.number.to_string()),
                        ("name", name.to_string()),
                        ("variant", standard.name().to_string()),
                    ]),
                )
                .with_args([
                    ("gametype", gt.number.to_string()),
                    ("name", name.to_string()),
                    ("variant", standard.gametype().to_string()),
                ]),
            );
            GameType {
                number: standard.gametype(),
                board: None,
            }
        }
        None => gt,
    });
    replay_as(game, value.trim().to_string(), number, diagnostics)
}

/// Replays `game` as type `number` (`None`: the tag could not be read).
fn replay_as(
    game: &Game,
    gametype_text: String,
    number: Option<GameType>,
    diagnostics: Vec<Diagnostic>,
) -> Replay {
    let mut out = Replay::nothing(game, gametype_text, diagnostics);
    let Some(gt) = number else {
        return out;
    };
    out.variant = gt.variant();
    out.geometry = match out.variant {
        Some(v) => shared_ruleset(v).map(|(_, g)| g),
        None => gt.geometry().ok().map(Arc::new),
    };
    let ruleset = match out.variant {
        Some(v) => match shared_ruleset(v).map(|(rs, _)| rs) {
            Some(rs) => match renotated(&rs, game.moves.iter().find_map(|n| n.notation.as_ref())) {
                Some(other) => {
                    out.diagnostics.push(
                        Diagnostic::new(
                            Code::BoardNotation,
                            game.moves.first().map_or(game.span_start(), |n| n.span),
                            Code::BoardNotation.english(&[
                                (
                                    "written",
                                    notation_words(other.geometry.spec().notation).to_string(),
                                ),
                                ("variant", v.name().to_string()),
                                (
                                    "usual",
                                    notation_words(rs.geometry.spec().notation).to_string(),
                                ),
                            ]),
                        )
                        .with_args([
                            (
                                "written",
                                notation_key(other.geometry.spec().notation).to_string(),
                            ),
                            ("variant", v.gametype().to_string()),
                            (
                                "usual",
                                notation_key(rs.geometry.spec().notation).to_string(),
                            ),
                        ]),
                    );
                    let other = Arc::new(other);
                    out.geometry = Some(Arc::new(other.geometry.clone()));
                    other
                }
                None => rs,
            },
            None => {
                // Show the board and the starting position; the moves cannot be played.
                let message = Code::VariantNotSupported.english(&[
                    ("variant", v.name().to_string()),
                    ("gametype", gt.number.to_string()),
                ]);
                let args = vec![
                    ("variant", v.gametype().to_string()),
                    ("gametype", gt.number.to_string()),
                ];
                if let Some(g) = &out.geometry {
                    let usual = start_position(v, g);
                    out.start = Some(
                        game.start_fen()
                            .and_then(|f| fen_position(f, g, usual.turn()).ok())
                            .map(|(p, _)| p)
                            .unwrap_or(usual),
                    );
                }
                match game.moves.first() {
                    Some(first) => {
                        out.error = Some(ReplayError {
                            ply: 1,
                            text: first.text.to_string(),
                            message,
                            span: first.span,
                            args: [("reason", "variant-not-supported".to_string())]
                                .into_iter()
                                .chain(args)
                                .collect(),
                        });
                    }
                    None => out.diagnostics.push(
                        Diagnostic::new(
                            Code::VariantNotSupported,
                            game.tag_span("GameType"),
                            message,
                        )
                        .with_args(args),
                    ),
                }
                return out;
            }
        },
        None => {
            let mut args = vec![("gametype", gt.number.to_string())];
            args.push(match non_draughts_name(gt.number) {
                None => ("reason", "not-draughts-unknown".to_string()),
                Some(_) => ("reason", "not-draughts-named".to_string()),
            });
            if non_draughts_name(gt.number).is_some() {
                let key = match gt.number {
                    0 => "chess",
                    1 => "chinese-chess",
                    50 => "othello",
                    _ => "chess-variant",
                };
                args.push(("game", key.to_string()));
            }
            let what = non_draughts_name(gt.number).map_or_else(
                || {
                    format!(
                        "GameType {} is not a draughts variant this viewer knows",
                        gt.number
                    )
                },
                |name| format!("GameType {} is {name}, not draughts", gt.number),
            );
            out.diagnostics.push(
                Diagnostic::new(
                    Code::NotDraughts,
                    game.tag_span("GameType"),
                    Code::NotDraughts.english(&[("reason", what)]),
                )
                .with_args(args),
            );
            return out;
        }
    };
    let g = &ruleset.geometry;
    let first = g.spec().first_player;
    out.leader = first;
    let mut pos = ruleset.start_position();
    if out.gametype.trim() == "97" {
        // Frysk! starts with five men each on the back rows.
        if let Ok(p) = Position::from_fen("W:W46-50:B1-5", g, first) {
            pos = p;
        }
    }
    if let Some(fen) = game.start_fen() {
        let span = if game.tag("FEN").is_some() {
            game.tag_span("FEN")
        } else {
            game.span_start()
        };
        match fen_position(fen, g, first) {
            Ok((p, relabelled)) => {
                pos = p;
                if relabelled {
                    out.diagnostics.push(Diagnostic::new(
                        Code::BoardNotation,
                        span,
                        format!(
                            "the FEN names squares {} although this board names them {}; they are read as the same board labelled that way",
                            notation_words(other_notation(g.spec().notation)),
                            notation_words(g.spec().notation),
                        ),
                    ));
                }
            }
            Err(e) => {
                out.diagnostics.push(
                    Diagnostic::new(
                        Code::BadFen,
                        span,
                        Code::BadFen.english(&[("why", e.to_string())]),
                    )
                    .with_args(e.args()),
                );
            }
        }
    }
    out.start = Some(pos);
    let (number, leader) = if game.start_fen().is_some() {
        written_numbering(&game.moves, pos.turn())
    } else {
        (1, first)
    };
    out.leader = leader;
    let numbering = Numbering { number, leader };
    let mut line = play_line(&game.moves, &ruleset, pos, numbering, MAX_BACKTRACKS);
    if line.error.is_some() && line.backtracks > 0 {
        // No route made the game legal: show the first reading, where it first failed.
        line = play_line(&game.moves, &ruleset, pos, numbering, 0);
    }
    out.plies = line.plies;
    out.error = line.error;
    out.diagnostics.extend(line.ambiguities);
    out.variations = replay_variations(
        game,
        &ruleset,
        pos,
        &out.plies,
        leader,
        &mut out.diagnostics,
    );
    // An empty FEN (`W::`, a problem given without its position) has no final position to judge.
    let pieces = pos.count(Color::White) + pos.count(Color::Black);
    if out.error.is_none() && pieces > 0 {
        let last = out.plies.last().map_or(pos, |p| p.position);
        out.end = game_end(&last, &ruleset);
        if let Some(d) = check_result(game, &ruleset, out.end, game.tag_span("Result")) {
            out.diagnostics.push(d);
        }
    }
    out.ruleset = Some(ruleset);
    out
}

impl Game {
    /// Where tag `name` is (any case), else the whole game: for diagnostics about a tag.
    #[must_use]
    pub fn tag_span(&self, name: &str) -> Span {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map_or(self.span, |t| t.span)
    }

    /// An empty span at the start of the game, for diagnostics about the game as a whole.
    #[must_use]
    pub fn span_start(&self) -> Span {
        Span::new(self.span.start, self.span.start)
    }
}

/// Square labels of a list of squares.
#[must_use]
pub fn labels(g: &Geometry, squares: &[Square]) -> Vec<String> {
    squares.iter().map(|&s| g.label(s).to_string()).collect()
}
