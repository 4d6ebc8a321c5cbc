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

/// The GameTypes a game without the tag may be, most likely first, with why: from the `Variant`
/// tag some sites write, else from the board size the FEN and the squares point to, then the
/// first moves. The replay tries the others when the first cannot play the game.
fn candidate_gametypes(game: &Game) -> (Vec<u32>, String, Vec<Arg>) {
    let (candidates, clue) = guess(
        game.tag("Variant"),
        game.start_fen(),
        game.moves.iter().map(|n| {
            n.notation
                .as_ref()
                .map(|m| m.squares.iter().map(|l| l.as_str()))
        }),
    );
    let (why, args) = match clue {
        Clue::VariantTag(n) => {
            let name = game.tag("Variant").unwrap_or_default().trim();
            return (
                vec![n],
                format!("the Variant tag \"{name}\""),
                self::clue("variant-tag", Some(("value", name.to_string()))),
            );
        }
        Clue::Algebraic => (
            "algebraic squares".to_string(),
            self::clue("algebraic", None),
        ),
        Clue::SquaresUpTo(max) => (
            format!("squares up to {max}"),
            self::clue("squares-up-to", Some(("max", max.to_string()))),
        ),
        Clue::FirstMove(from) => (
            format!("a first move from square {from}"),
            self::clue("first-move", Some(("square", from.to_string()))),
        ),
        Clue::FirstMoveWhite(from) => (
            format!("a first move by White from square {from}"),
            self::clue("first-move-white", Some(("square", from.to_string()))),
        ),
        Clue::NoMoves => (
            "no moves to judge from".to_string(),
            self::clue("no-moves", None),
        ),
    };
    (candidates.to_vec(), why, args)
}

/// What a game without a `GameType` tag shows of its variant ([`guess`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clue {
    /// A `Variant` tag naming a known variant: its GameType.
    VariantTag(u32),
    /// Squares named by letter and digit.
    Algebraic,
    /// The highest square number written.
    SquaresUpTo(u32),
    /// The first move's start square, on a 10×10 board.
    FirstMove(u32),
    /// The first move's start square, White's on an 8×8 board.
    FirstMoveWhite(u32),
    /// Nothing to go by.
    NoMoves,
}

/// The GameTypes to try, most likely first, for a game without a `GameType` tag, from its
/// `Variant` tag, its start FEN and its mainline's moves (each the labels of its squares, as
/// written; `None`: a move that could not be read): the one guess of [`replay`] and of
/// [`crate::mainline`].
pub(crate) fn guess<'m, M: Iterator<Item = &'m str>>(
    variant: Option<&str>,
    fen: Option<&str>,
    moves: impl Iterator<Item = Option<M>> + Clone,
) -> (&'static [u32], Clue) {
    if let Some(n) = variant.and_then(gametype_of_variant_name) {
        return (&[], Clue::VariantTag(n));
    }
    let mut max_number = 0u32;
    let mut algebraic = false;
    let mut seen = |label: &str| {
        if label.starts_with(|c: char| c.is_ascii_alphabetic()) {
            algebraic = true;
        } else if let Ok(n) = label.parse::<u32>() {
            max_number = max_number.max(n);
        }
    };
    if let Some(setup) = fen.and_then(|f| Setup::parse(f).ok()) {
        for (_, _, label) in &setup.pieces {
            seen(label);
        }
    }
    for squares in moves.clone().take(40).flatten() {
        for s in squares {
            seen(s);
        }
    }
    if algebraic {
        return (&[25, 29, 26], Clue::Algebraic);
    }
    // A first move from 31-35 is White's opening move on a 10×10 board (on 8×8 boards those
    // squares are the back row or off the board); pydraughts guesses the same way.
    let first_from = moves
        .clone()
        .next()
        .flatten()
        .and_then(|mut squares| squares.next()?.parse::<u32>().ok());
    // With a FEN the first move says nothing about the board: pieces can stand anywhere.
    let opening = first_from.filter(|_| fen.is_none());
    match (max_number, opening) {
        (51..=72, _) => (&[27], Clue::SquaresUpTo(max_number)),
        (33..=50, _) => (&[20, 40], Clue::SquaresUpTo(max_number)),
        (_, Some(from @ 31..=35)) => (&[20, 40, 21, 23, 22], Clue::FirstMove(from)),
        // A first move from 21-24 is White's, and of the 8×8 numeric games only Italian has
        // White on 21-32 moving first.
        (1..=32, Some(from @ 21..=24)) => (&[22, 21, 23], Clue::FirstMoveWhite(from)),
        (1..=32, _) => (&[21, 23, 22, 20, 40], Clue::SquaresUpTo(max_number)),
        _ => (&[20], Clue::NoMoves),
    }
}

/// The arguments of a guess's reason: `clue` (a key) and its value, if any.
fn clue(key: &str, value: Option<Arg>) -> Vec<Arg> {
    let mut args = vec![("clue", key.to_string())];
    args.extend(value);
    args
}

/// The variant the tags name, without looking at the moves: the `GameType` tag (lidraughts'
/// private numbers included), else a `Variant` tag. `None` when the tags say nothing usable.
///
/// ```
/// use pdn::{replay::tag_variant, variant::Variant};
/// assert_eq!(tag_variant(Some("25"), None), Some(Variant::Russian));
/// assert_eq!(tag_variant(None, Some("Frisian")), Some(Variant::Frisian));
/// assert_eq!(tag_variant(Some("97"), None), Some(Variant::Frisian));
/// assert_eq!(tag_variant(None, None), None);
/// ```
#[must_use]
pub fn tag_variant(gametype: Option<&str>, variant: Option<&str>) -> Option<Variant> {
    if let Some(g) = gametype.and_then(|g| GameType::parse(g).ok()) {
        return g.variant_played();
    }
    variant
        .and_then(gametype_of_variant_name)
        .and_then(Variant::from_gametype)
}

/// The GameType of a variant name as sites write it in a `Variant` tag (lidraughts,
/// PlayStrategy, pydraughts), if known: [`Variant`]'s `FromStr`.
fn gametype_of_variant_name(name: &str) -> Option<u32> {
    name.parse::<Variant>().ok().map(Variant::gametype)
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

/// A variant's rules and board, shared by every replay of that variant.
pub(crate) type Shared = (Arc<Ruleset>, Arc<Geometry>);

/// The ruleset and board of a variant, built once per thread: a board has a label per square,
/// and building it for every game of a large file would cost more than replaying the game.
pub(crate) fn shared_ruleset(v: Variant) -> Option<Shared> {
    thread_local! {
        static CACHE: RefCell<Vec<(Variant, Option<Shared>)>> = const { RefCell::new(Vec::new()) };
    }
    CACHE.with(|cache| {
        if let Some((_, hit)) = cache.borrow().iter().find(|(k, _)| *k == v) {
            return hit.clone();
        }
        let built = Ruleset::of(v).map(|rs| {
            let g = Arc::new(rs.geometry.clone());
            (Arc::new(rs), g)
        });
        cache.borrow_mut().push((v, built.clone()));
        built
    })
}

/// The variant's rules on its board labelled the other way, when the game's moves use algebraic
/// names on a numbered board or numbers on an algebraic one (PlayStrategy writes English games as
/// `c3-d4`), from the first move that could be read; `None` when the moves fit the standard
/// board.
pub(crate) fn renotated(rs: &Ruleset, first: Option<&PdnMove>) -> Option<Ruleset> {
    let first = first?;
    let algebraic = first.squares[0].starts_with(|c: char| c.is_ascii_alphabetic());
    let mut spec = *rs.geometry.spec();
    let wanted = if algebraic {
        Notation::Algebraic
    } else {
        Notation::Numeric
    };
    if spec.notation == wanted {
        return None;
    }
    spec.notation = wanted;
    spec.corner = Corner::from_digit(if algebraic { 0 } else { 2 })?;
    let geometry = Geometry::new(spec).ok()?;
    Some(Ruleset {
        variant: rs.variant,
        geometry,
        rules: rs.rules,
    })
}

/// The key of [`notation_words`] in a diagnostic's arguments.
fn notation_key(n: Notation) -> &'static str {
    match n {
        Notation::Numeric => "numeric",
        Notation::Algebraic => "algebraic",
    }
}

fn other_notation(n: Notation) -> Notation {
    match n {
        Notation::Numeric => Notation::Algebraic,
        Notation::Algebraic => Notation::Numeric,
    }
}

/// The board `g` labelled the other way (numbers ↔ letter and digit), numbered as
/// [`renotated`] numbers it.
fn relabelled_board(g: &Geometry) -> Option<Geometry> {
    let mut spec = *g.spec();
    spec.notation = other_notation(spec.notation);
    spec.corner = Corner::from_digit(match spec.notation {
        Notation::Algebraic => 0,
        Notation::Numeric => 2,
    })?;
    Geometry::new(spec).ok()
}

/// Reads a FEN on board `g`. When its squares do not fit `g` but fit the same board labelled the
/// other way (a FEN in numbers over moves in letters and digits, as old Russian files write the
/// start position), it is read that way; the flag says so.
///
/// ```
/// use pdn::{Color, Ruleset, Variant};
/// let rs = Ruleset::of(Variant::Russian).unwrap();
/// let (pos, relabelled) =
///     pdn::replay::fen_position("W:W21-32:B1-12", &rs.geometry, Color::White).unwrap();
/// assert!(relabelled);
/// assert_eq!(pos, rs.start_position());
/// ```
///
/// # Errors
/// When the FEN fits neither labelling: the error of the reading on `g`.
pub fn fen_position(
    fen: &str,
    g: &Geometry,
    default_turn: Color,
) -> Result<(Position, bool), crate::position::PositionError> {
    let setup = Setup::parse(fen).map_err(crate::position::PositionError::Fen)?;
    let error = match Position::from_setup(&setup, g, default_turn) {
        Ok(p) => return Ok((p, false)),
        Err(e) => e,
    };
    let other_kind = |label: &str| match g.spec().notation {
        Notation::Algebraic => label.bytes().all(|b| b.is_ascii_digit()),
        Notation::Numeric => label.starts_with(|c: char| c.is_ascii_alphabetic()),
    };
    if setup.pieces.is_empty() || !setup.pieces.iter().all(|(_, _, l)| other_kind(l)) {
        return Err(error);
    }
    let Some(other) = relabelled_board(g) else {
        return Err(error);
    };
    let mut moved = setup.clone();
    for (_, _, label) in &mut moved.pieces {
        let Some(sq) = other.parse_square(label).ok().and_then(|sq| {
            let info = other.info(sq);
            g.at(info.file, info.rank)
        }) else {
            return Err(error);
        };
        *label = g.label(sq).to_string();
    }
    Position::from_setup(&moved, g, default_turn)
        .map(|p| (p, true))
        .map_err(|_| error)
}

fn notation_words(n: Notation) -> &'static str {
    match n {
        Notation::Numeric => "with numbers",
        Notation::Algebraic => "by letter and digit (a1-h8)",
    }
}

/// Who has lost in `pos`, if the side to move has no piece or no legal move.
fn game_end(pos: &Position, rs: &Ruleset) -> Option<GameEnd> {
    let side = pos.turn();
    let no_pieces = pos.count(side) == 0;
    (no_pieces || pos.legal_moves(rs).is_empty()).then_some(GameEnd {
        loser: side,
        no_pieces,
    })
}

/// How a file writes its results where Black moves first (pdn-standard.md §1.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultReading {
    /// The left number is the first mover's score, as the standard says.
    FirstMoverFirst,
    /// The left number is White's score, as some programs write it.
    WhiteFirst,
}

/// Which readings of the written result fit a game that ended on the board:
/// `(the standard reading fits, the White-first reading fits)`. `None` when the board does not
/// decide the game or there is no readable result.
fn result_fits(game: &Game, first: Color, end: Option<GameEnd>) -> Option<(bool, bool)> {
    let end = end?;
    let written = game.tag("Result").or(game.result.as_deref())?;
    let winner = end.loser.opposite();
    let fits_first = outcome(written, first)? == Outcome::Win(winner);
    let fits_white =
        first != Color::White && outcome(written, Color::White) == Some(Outcome::Win(winner));
    Some((fits_first, fits_white))
}

/// The diagnostic of a result that does not fit the final position under the reading used.
fn result_diagnostic(game: &Game, end: GameEnd, span: Span, white_first: bool) -> Diagnostic {
    let written = game.tag("Result").or(game.result.as_deref()).unwrap_or("");
    let winner = end.loser.opposite();
    let (how, key) = if end.no_pieces {
        ("has no pieces left", "board-no-pieces")
    } else {
        ("cannot move", "board-blocked")
    };
    let args = [
        ("reason", key.to_string()),
        ("result", written.to_string()),
        ("loser", end.loser.name().to_string()),
        ("winner", winner.name().to_string()),
    ];
    let code = if white_first {
        Code::ResultConvention
    } else {
        Code::ResultContradictsBoard
    };
    let message = code.english(&[
        ("result", written.to_string()),
        ("reason", format!("{} {how}", end.loser.name())),
        ("winner", winner.name().to_string()),
    ]);
    Diagnostic::new(code, span, message).with_args(args)
}

/// A warning when the written result contradicts a finished game on the board; a note when it
/// fits only with White's score first (where Black moves first, some files still write White's
/// score first: the board decides which reading the game uses).
fn check_result(game: &Game, rs: &Ruleset, end: Option<GameEnd>, span: Span) -> Option<Diagnostic> {
    let first = rs.geometry.spec().first_player;
    match result_fits(game, first, end)? {
        (true, _) => None,
        (false, white_first) => Some(result_diagnostic(game, end?, span, white_first)),
    }
}

impl Replay {
    /// A replay of `game` as type `gametype` with nothing played yet: no board, no moves, an
    /// unreached line per variation.
    fn nothing(game: &Game, gametype: String, diagnostics: Vec<Diagnostic>) -> Replay {
        Replay {
            gametype,
            variant: None,
            ruleset: None,
            geometry: None,
            start: None,
            plies: Vec::new(),
            error: None,
            diagnostics,
            variations: vec![LineReplay::default(); game.variations.len()],
            end: None,
            leader: Color::White,
        }
    }

    /// Every diagnostic of `game` (the one this replays), as a viewer lists them: the reader's,
    /// the replay's, the move that stops the mainline (an error) and those that stop a
    /// variation (warnings), in text order.
    ///
    /// ```
    /// let file = pdn::read_file("[GameType \"20\"] 1. 32-28 (1. 99-1) 19-23 2. 28-22 *");
    /// let r = pdn::replay::replay(&file.games[0]);
    /// let codes: Vec<&str> = r.all_diagnostics(&file.games[0]).iter().map(|d| d.code.as_str()).collect();
    /// assert_eq!(codes, ["illegal-move-in-variation", "illegal-move"]);
    /// ```
    #[must_use]
    pub fn all_diagnostics(&self, game: &Game) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = game.diagnostics.clone();
        all.extend(self.diagnostics.iter().cloned());
        if let Some(e) = &self.error {
            all.push(
                Diagnostic::new(Code::IllegalMove, e.span, e.message.clone())
                    .with_args(e.args.clone()),
            );
        }
        for e in self.variations.iter().filter_map(|v| v.error.as_ref()) {
            all.push(
                Diagnostic::new(
                    Code::IllegalMoveInVariation,
                    e.span,
                    Code::IllegalMoveInVariation.english(&[("reason", e.message.clone())]),
                )
                .with_args(e.args.clone()),
            );
        }
        all.sort_by_key(|d| (d.span.start, d.severity));
        all
    }

    /// Which reading of its result this game's final position shows, when the board decides
    /// the game and exactly one reading fits (never where White moves first: both readings are
    /// the same there).
    ///
    /// ```
    /// use pdn::replay::{replay, ResultReading};
    /// let file = pdn::read_file("[GameType \"21\"] [FEN \"B:W18:B14\"] 1... 14x23 0-1");
    /// let r = replay(&file.games[0]);
    /// assert_eq!(r.result_reading(&file.games[0]), Some(ResultReading::WhiteFirst));
    /// ```
    #[must_use]
    pub fn result_reading(&self, game: &Game) -> Option<ResultReading> {
        let first = self.ruleset.as_ref()?.geometry.spec().first_player;
        match result_fits(game, first, self.end)? {
            (true, false) if first != Color::White => Some(ResultReading::FirstMoverFirst),
            (false, true) => Some(ResultReading::WhiteFirst),
            _ => None,
        }
    }
}

/// Follows the way the rest of its file writes results (see [`file_result_reading`]): when a
/// game's own reading (`own`, from [`Replay::result_reading`]) is the other one, the note that
/// its result is read with White's score first, if any, gives way to the warning that the result
/// does not fit the final position `end`. Takes the game's diagnostics rather than its replay,
/// so a caller going through a large file keeps only those until the file's reading is known.
pub fn follow_file_reading(
    game: &Game,
    own: Option<ResultReading>,
    end: Option<GameEnd>,
    file: ResultReading,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let (Some(own), Some(end)) = (own, end) else {
        return;
    };
    if own == file {
        return;
    }
    let span = game.tag_span("Result");
    diagnostics.retain(|d| !(d.code == Code::ResultConvention && d.span == span));
    let mut warning = result_diagnostic(game, end, span, false);
    warning.message.push_str(match file {
        ResultReading::FirstMoverFirst => {
            " (the other games of this file write the first mover's score first)"
        }
        ResultReading::WhiteFirst => " (the other games of this file write White's score first)",
    });
    diagnostics.push(warning);
}

/// The way a file writes its results, from the games whose final position decides them: the
/// reading more of them show, when one does (see [`Replay::result_reading`]).
///
/// ```
/// use pdn::replay::{file_result_reading, ResultReading::*};
/// assert_eq!(file_result_reading([Some(WhiteFirst), None, Some(WhiteFirst), Some(FirstMoverFirst)]), Some(WhiteFirst));
/// assert_eq!(file_result_reading([Some(WhiteFirst), Some(FirstMoverFirst)]), None);
/// ```
#[must_use]
pub fn file_result_reading(
    readings: impl IntoIterator<Item = Option<ResultReading>>,
) -> Option<ResultReading> {
    let (mut standard, mut white) = (0usize, 0usize);
    for r in readings.into_iter().flatten() {
        match r {
            ResultReading::FirstMoverFirst => standard += 1,
            ResultReading::WhiteFirst => white += 1,
        }
    }
    match standard.cmp(&white) {
        std::cmp::Ordering::Greater => Some(ResultReading::FirstMoverFirst),
        std::cmp::Ordering::Less => Some(ResultReading::WhiteFirst),
        std::cmp::Ordering::Equal => None,
    }
}

/// Plays every variation reachable from the played mainline, without recursion: a worklist of
/// variations with the position and move number before the move each replaces.
fn replay_variations(
    game: &Game,
    rs: &Ruleset,
    start: Position,
    main: &[Ply],
    leader: Color,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<LineReplay> {
    let mut lines = vec![LineReplay::default(); game.variations.len()];
    let mut work: Vec<(usize, Position, u32)> = Vec::new();
    let queue = |nodes: &[Node], plies: &[Ply], start: Position, work: &mut Vec<_>| {
        let mut before = start;
        for p in plies {
            for node in &nodes[p.node..=p.node + p.joined] {
                for &v in &node.variations {
                    work.push((v, before, p.number));
                }
            }
            before = p.position;
        }
    };
    queue(&game.moves, main, start, &mut work);
    while let Some((id, before, number)) = work.pop() {
        let Some(var) = game.variations.get(id) else {
            continue;
        };
        let line = play_line(
            &var.moves,
            rs,
            before,
            Numbering { number, leader },
            MAX_BACKTRACKS / 8,
        );
        queue(&var.moves, &line.plies, before, &mut work);
        diagnostics.extend(line.ambiguities);
        lines[id] = LineReplay {
            start: Some(before),
            plies: line.plies,
            error: line.error,
        };
    }
    lines
}

/// A point where a written capture fitted several routes with different captures.
struct Choice {
    node: usize,
    before: Position,
    number: u32,
    plies: usize,
    ambiguities: usize,
    routes: Vec<Move>,
    next: usize,
    /// Nodes after `node` that the written capture took in (jump by jump).
    joined: usize,
}

/// Most route changes tried per game before giving up (each retries the rest of the game).
const MAX_BACKTRACKS: usize = 64;

/// How a line's moves are numbered: the number of its first move, and the side whose move opens
/// each number.
#[derive(Clone, Copy)]
struct Numbering {
    number: u32,
    leader: Color,
}

/// The numbering a game from a FEN gives itself: its first written move number (1 when none),
/// and the side to move first in each number. `start_turn` moves first; it opens the numbers
/// unless the text numbers its move alone (`1... 10x19 2. 5-1`, the reply of move 1).
pub(crate) fn written_numbering(moves: &[Node], start_turn: Color) -> (u32, Color) {
    let number = moves
        .first()
        .and_then(|n| n.number)
        .filter(|&n| n > 0)
        .unwrap_or(1);
    let alone = moves
        .get(1)
        .and_then(|n| n.number)
        .is_some_and(|next| next > number);
    let leader = if alone {
        start_turn.opposite()
    } else {
        start_turn
    };
    (number, leader)
}

/// Plays a line of moves from `start`, numbered as `numbering` says. When a written capture fits
/// routes that take different pieces, the first is tried; if a later move then fails, the other
/// routes are tried in turn (backtracking), so the route under which the rest of the line is
/// legal is the one shown.
fn play_line(
    nodes: &[Node],
    rs: &Ruleset,
    start: Position,
    numbering: Numbering,
    max_backtracks: usize,
) -> Line {
    let mut out = Line {
        plies: Vec::with_capacity(nodes.len()),
        error: None,
        ambiguities: Vec::new(),
        backtracks: 0,
    };
    let g = &rs.geometry;
    let first = numbering.leader;
    let mut pos = start;
    let mut number = numbering.number;
    let mut choices: Vec<Choice> = Vec::new();
    let mut ambiguities: Vec<Diagnostic> = Vec::new();
    let mut first_error: Option<ReplayError> = None;
    let mut forced: Option<(Move, usize)> = None;
    let mut legal: Vec<Move> = Vec::with_capacity(32);
    let mut i = 0;
    while i < nodes.len() {
        let node = &nodes[i];
        let before = pos;
        let mut joined = 0;
        let failure = (|| {
            if let Some(fen) = &node.setup {
                pos = fen_position(fen, g, pos.turn())
                    .map(|(p, _)| p)
                    .map_err(|e| {
                        let args = [("reason", "bad-setup".to_string())];
                        let args = args.into_iter().chain(e.args()).collect();
                        (
                            format!("the setup before this move cannot be used: {e}"),
                            args,
                        )
                    })?;
            }
            let Some(notation) = &node.notation else {
                return Err((
                    "the move is not recorded, so the game cannot be followed further".to_string(),
                    vec![("reason", "not-recorded".to_string())],
                ));
            };
            let side = pos.turn();
            let mv = match forced.take() {
                Some((mv, more)) => {
                    joined = more;
                    mv
                }
                None => {
                    let resolved = match notation.to_move_in(&pos, rs, &mut legal) {
                        Ok(r) => r,
                        Err(e) => {
                            let Some((r, more)) = jump_by_jump(nodes, i, &pos, rs, &mut legal)
                            else {
                                let mut args = vec![
                                    ("reason", "move".to_string()),
                                    ("move", node.text.to_string()),
                                ];
                                args.extend(e.args());
                                return Err((format!("{}: {e}", node.text), args));
                            };
                            joined = more;
                            r
                        }
                    };
                    if !resolved.alternatives.is_empty() {
                        let mut routes = vec![resolved.mv];
                        routes.extend(resolved.alternatives.iter().copied());
                        choices.push(Choice {
                            node: i,
                            before,
                            number,
                            plies: out.plies.len(),
                            ambiguities: ambiguities.len(),
                            routes,
                            next: 1,
                            joined,
                        });
                        ambiguities.push(ambiguity(node, g, &choices[choices.len() - 1], 0));
                    }
                    resolved.mv
                }
            };
            // Short notation (`ed4`) does not say whether it captures.
            if notation.capture != mv.is_capture() && joined == 0 && !notation.is_short() {
                let g = &rs.geometry;
                let mut args = vec![
                    ("move", node.text.to_string()),
                    ("read", mv.short_notation(g)),
                ];
                if mv.is_capture() {
                    args.push(("reason", "dash-capture".to_string()));
                    args.push(("captured", labels(g, &mv.captured_squares()).join(", ")));
                } else {
                    args.push(("reason", "x-plain".to_string()));
                }
                ambiguities.push(
                    Diagnostic::new(
                        Code::CaptureSeparator,
                        node.span,
                        if mv.is_capture() {
                            format!(
                                "{} takes {} but is written with -; it is read as {}",
                                node.text,
                                labels(g, &mv.captured_squares()).join(", "),
                                mv.short_notation(g)
                            )
                        } else {
                            format!(
                                "{} is written as a capture but takes nothing; it is read as {}",
                                node.text,
                                mv.short_notation(g)
                            )
                        },
                    )
                    .with_args(args),
                );
            }
            pos = pos.play(&mv);
            out.plies.push(Ply {
                node: i,
                joined,
                mv,
                side,
                number,
                position: pos,
            });
            if side != first {
                number = number.saturating_add(1); // a move number of 20 digits must not overflow
            }
            Ok(())
        })();
        match failure {
            Ok(()) => i += 1 + joined,
            Err((message, args)) => {
                let error = ReplayError {
                    ply: out.plies.len() + 1,
                    text: node.text.to_string(),
                    message,
                    span: node.span,
                    args,
                };
                first_error.get_or_insert(error);
                // Try the next untried route of the latest ambiguous capture.
                while choices.last().is_some_and(|c| c.next >= c.routes.len()) {
                    choices.pop();
                }
                let Some(c) = choices
                    .last_mut()
                    .filter(|_| out.backtracks < max_backtracks)
                else {
                    break;
                };
                out.backtracks += 1;
                pos = c.before;
                number = c.number;
                out.plies.truncate(c.plies);
                ambiguities.truncate(c.ambiguities);
                forced = Some((c.routes[c.next], c.joined));
                ambiguities.push(ambiguity(&nodes[c.node], g, c, c.next));
                c.next += 1;
                i = c.node;
            }
        }
        if i == nodes.len() {
            first_error = None;
        }
    }
    out.error = first_error;
    out.ambiguities = ambiguities;
    out
}

/// A capture written one jump per move (`11x18 18x25`): joins the written jumps from node `i` on
/// while each starts where the last ended, until they make a legal capture. Returns it with the
/// number of nodes joined after the first.
fn jump_by_jump(
    nodes: &[Node],
    i: usize,
    pos: &Position,
    rs: &Ruleset,
    legal: &mut Vec<Move>,
) -> Option<(crate::notation::Resolved, usize)> {
    let mut squares = nodes[i].notation.as_ref()?.squares.clone();
    for (k, node) in nodes.iter().enumerate().skip(i + 1).take(MAX_JUMPS) {
        let next = node.notation.as_ref()?;
        if node.setup.is_some() || next.squares.first() != squares.last() {
            return None;
        }
        squares.extend(next.squares[1..].iter().cloned());
        let joined = crate::PdnMove {
            squares: squares.clone(),
            capture: true,
        };
        if let Ok(r) = joined.to_move_in(pos, rs, legal) {
            return Some((r, k - i));
        }
    }
    None
}

/// Most written jumps joined into one capture.
const MAX_JUMPS: usize = 24;

/// A played line.
struct Line {
    plies: Vec<Ply>,
    error: Option<ReplayError>,
    ambiguities: Vec<Diagnostic>,
    backtracks: usize,
}

fn ambiguity(node: &Node, g: &Geometry, c: &Choice, chosen: usize) -> Diagnostic {
    let routes: Vec<String> = c.routes.iter().map(|m| m.long_notation(g)).collect();
    let mut args = vec![
        ("move", node.text.to_string()),
        ("routes", routes.join(", ")),
        ("count", (routes.len() - 1).to_string()),
    ];
    if chosen == 0 {
        args.push(("reason", "ambiguous-first".to_string()));
    } else {
        args.push(("reason", "ambiguous-later".to_string()));
        args.push(("chosen", routes[chosen].clone()));
    }
    let why = if chosen == 0 {
        "the first is played".to_string()
    } else {
        format!(
            "{} is played, because with the other{} a later move is illegal",
            routes[chosen],
            if routes.len() > 2 { "s" } else { "" }
        )
    };
    // Short notation names only a file and the end square: a note, as the file allows it.
    let code = if node.notation.as_ref().is_some_and(crate::PdnMove::is_short) {
        Code::AmbiguousShortMove
    } else {
        Code::AmbiguousMove
    };
    let message = code.english(&[
        ("move", node.text.to_string()),
        ("routes", routes.join(", ")),
        ("reason", why),
    ]);
    Diagnostic::new(code, node.span, message).with_args(args)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Severity;
    use crate::reader::read_file;

    #[test]
    fn stops_at_an_illegal_move_and_keeps_what_came_before() {
        let f = read_file("[GameType \"20\"] 1. 32-28 19-23 2. 28-22 *");
        let r = replay(&f.games[0]);
        assert_eq!(r.plies.len(), 2);
        let e = r.error.unwrap();
        assert_eq!(e.ply, 3);
        assert_eq!(e.text, "28-22");
        assert!(
            e.message
                .starts_with("28-22: a capture is compulsory; legal moves: 28x19"),
            "{}",
            e.message
        );
    }

    #[test]
    fn an_ambiguous_capture_takes_the_route_that_keeps_the_game_legal() {
        // 47x36 takes 42, 29, 31 and either 19 or 14; the next move shows which piece is left.
        for (reply, taken) in [("14-20", "19"), ("19-24", "14")] {
            let f = read_file(&format!(
                "[FEN \"W:WK47:B14,19,29,31,42\"][GameType \"20\"] 1. 47x36 {reply} *"
            ));
            let r = replay(&f.games[0]);
            assert!(r.error.is_none(), "{reply}: {:?}", r.error);
            let g = r.geometry.as_ref().unwrap();
            let captured = labels(g, &r.plies[0].mv.captured_squares());
            assert!(
                captured.contains(&taken.to_string()),
                "{reply}: {captured:?}"
            );
            let warning = r
                .diagnostics
                .iter()
                .find(|d| d.code == "ambiguous-move")
                .unwrap();
            assert!(
                warning.message.contains("47x36 fits several routes"),
                "{}",
                warning.message
            );
        }
        // No route works: the first reading is shown, with its own error.
        let f = read_file("[FEN \"W:WK47:B14,19,29,31,42\"][GameType \"20\"] 1. 47x36 29-33 *");
        let r = replay(&f.games[0]);
        let e = r.error.unwrap();
        assert_eq!((e.ply, e.text.as_str()), (2, "29-33"));
        assert_eq!(r.plies.len(), 1);
    }

    #[test]
    fn the_variant_is_guessed_from_the_squares_and_the_first_move() {
        for (text, gametype) in [
            ("1. 32-28 19-23 *", "20"),
            ("1. 11-15 23-19 *", "21"),
            ("1. 22-18 11-15 *", "22"),
            ("1. c3-d4 f6-e5 *", "25"),
            ("1. 11-15 23-19 2. 47-42 *", "20"),
        ] {
            let r = replay(&read_file(text).games[0]);
            assert_eq!(r.gametype, gametype, "{text}");
            assert!(r.diagnostics.iter().any(|d| d.code == "guessed-variant"));
        }
    }

    #[test]
    fn variations_are_played_from_the_position_before_the_move_they_replace() {
        let f = read_file(
            "[GameType \"20\"] 1. 32-28 19-23 (17-22 2. 28x17 11x22 (12x21)) 2. 28x19 14x23 \
             (13x24) 3. 37-32 (33-29 (31-26)) *",
        );
        let g = &f.games[0];
        let r = replay(g);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.variations.len(), 5);
        let geometry = r.geometry.as_ref().unwrap();
        let numbers: Vec<(&str, u32)> = g
            .variations
            .iter()
            .zip(&r.variations)
            .map(|(v, line)| {
                assert_eq!(line.plies.len(), v.moves.len(), "{:?}", line.error);
                (v.moves[0].text.as_str(), line.plies[0].number)
            })
            .collect();
        assert_eq!(
            numbers,
            [
                ("12x21", 2),
                ("17-22", 1),
                ("13x24", 2),
                ("31-26", 3),
                ("33-29", 3)
            ]
        );
        // 17-22 replaces 19-23: it starts after 32-28, and 28x17 there takes 22.
        let v = &r.variations[1];
        assert_eq!(v.start, Some(r.plies[0].position));
        assert_eq!(labels(geometry, &v.plies[1].mv.captured_squares()), ["22"]);
        // 31-26 replaces 33-29 inside the variation that replaces 37-32.
        assert_eq!(r.variations[3].start, Some(r.plies[3].position));
        // A variation with an illegal move stops there, the mainline is untouched.
        let f = read_file("[GameType \"20\"] 1. 32-28 (32-29 19-23) 19-23 *");
        let r = replay(&f.games[0]);
        assert!(r.error.is_none());
        let e = r.variations[0].error.as_ref().unwrap();
        assert_eq!((e.ply, e.text.as_str()), (1, "32-29"));
    }

    #[test]
    fn a_fen_in_numbers_on_an_algebraic_board_is_read_with_numbers() {
        // As the standard's ussr1947.pdn writes it: the usual start in numbers, moves in letters.
        let f = read_file(
            "[FEN \"W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.\"]\n\
             1. c3-d4 f6-g5 2. b2-c3 g7-f6 *",
        );
        let r = replay(&f.games[0]);
        assert_eq!(r.gametype, "25");
        assert!(r.error.is_none(), "{:?}", r.error);
        let rs = r.ruleset.as_ref().unwrap();
        assert_eq!(r.start, Some(rs.start_position()));
        let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["guessed-variant", "board-notation"]);
        assert!(r.diagnostics.iter().all(|d| d.severity == Severity::Note));
        // Any position: 22 is c3 and 15 is e5 counted from Black's side, White to move.
        let f = read_file("[GameType \"25\"][FEN \"W:W22:B15\"] 1. c3-d4 e5:c3 0-1");
        let r = replay(&f.games[0]);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.plies.len(), 2);
        let severities: Vec<Severity> = r.diagnostics.iter().map(|d| d.severity).collect();
        assert_eq!(severities, [Severity::Note], "{:?}", r.diagnostics);
        // Numbers that fit neither board are still an error.
        let f = read_file("[GameType \"25\"][FEN \"W:W40:B15\"] 1. c3-d4 *");
        let r = replay(&f.games[0]);
        assert!(r.diagnostics.iter().any(|d| d.code == "bad-fen"));
    }

    #[test]
    fn an_english_result_with_white_first_is_read_that_way_when_the_board_says_so() {
        // White to move takes Black's last piece: 1-0 is a Black win as the standard reads
        // English results, but only White's win fits the board.
        let game = "[GameType \"21\"][FEN \"W:W18:B14\"] 1. 18x9";
        let r = replay(&read_file(&format!("{game} 1-0")).games[0]);
        let d: Vec<_> = r
            .diagnostics
            .iter()
            .map(|d| (d.severity, d.code.as_str()))
            .collect();
        assert_eq!(d, [(Severity::Note, "result-convention")]);
        // 0-1 is White's win read the standard way: nothing to say.
        let r = replay(&read_file(&format!("{game} 0-1")).games[0]);
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        // A draw fits no reading.
        let r = replay(&read_file(&format!("{game} 1/2-1/2")).games[0]);
        assert!(
            r.diagnostics
                .iter()
                .any(|d| d.code == "result-contradicts-board")
        );
        // An empty FEN (a problem given without its position) is no finished game.
        let r = replay(&read_file("[GameType \"21\"][FEN \"W::.\"] 1/2-1/2").games[0]);
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        assert_eq!(r.end, None);
    }

    #[test]
    fn a_finished_game_is_checked_against_its_result() {
        // White takes Black's last piece: Black has no pieces and has lost.
        let won = "[GameType \"20\"][FEN \"W:W28:B23\"] 1. 28x19";
        let r = replay(&read_file(&format!("{won} 2-0")).games[0]);
        assert_eq!(
            r.end,
            Some(GameEnd {
                loser: Color::Black,
                no_pieces: true
            })
        );
        assert!(
            !r.diagnostics
                .iter()
                .any(|d| d.code == "result-contradicts-board")
        );
        for wrong in ["0-2", "1-1"] {
            let r = replay(&read_file(&format!("{won} {wrong}")).games[0]);
            let d = r
                .diagnostics
                .iter()
                .find(|d| d.code == "result-contradicts-board")
                .expect(wrong);
            assert!(
                d.message.contains("black has no pieces left"),
                "{}",
                d.message
            );
        }
        // English: Black moves first, and `1-0` is Black's win. White's king is blocked.
        let r = replay(&read_file("[GameType \"21\"][FEN \"W:WK1:B5,6,10\"] 1-0").games[0]);
        assert_eq!(
            r.end,
            Some(GameEnd {
                loser: Color::White,
                no_pieces: false
            })
        );
        assert!(
            !r.diagnostics
                .iter()
                .any(|d| d.code == "result-contradicts-board")
        );
        // A game still going on: any result is fine (resignations, agreed draws).
        let r = replay(&read_file("[GameType \"20\"] 1. 32-28 1-1").games[0]);
        assert_eq!(r.end, None);
        assert!(
            !r.diagnostics
                .iter()
                .any(|d| d.code == "result-contradicts-board")
        );
    }

    #[test]
    fn without_a_gametype_the_variant_whose_rules_fit_the_moves_is_used() {
        // Krista-Bajusz, Praha 2007 (mrcd2007.pdn, no GameType): at 15... b8-c7 a Russian man
        // on f4 would have to capture backwards (f4xh6); Czech men capture forwards only.
        let czech = "1. c3-b4 b6-c5 2. b2-c3 f6-e5 3. e3-f4 g7-f6 4. a1-b2 h8-g7 5. b4-a5 c7-b6 \
            6. a5xc7 d8xb6 7. f2-e3 b6-a5 8. g3-h4 e5xg3 9. h2xf4 f6-e5 10. f4-g5 h6xf4 \
            11. e3xg5 g7-f6 12. d2-e3 c5-d4 13. e3xc5 d6xb4xd2 14. c1xe3 e5-f4 15. e1-d2 \
            b8-c7 16. g1-h2 c7-d6 17. b2-c3 f6-e5 1/2-1/2";
        let r = replay(&read_file(czech).games[0]);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.gametype, "29");
        let note = &r.diagnostics[0];
        assert!(
            note.message.contains("only legal as Czech draughts"),
            "{}",
            note.message
        );
        // Legal as Russian too: Russian, the first guess, is kept.
        let r = replay(&read_file("1. c3-d4 f6-e5 2. d4xf6 g7xe5 *").games[0]);
        assert_eq!(r.gametype, "25");
        // The Variant tag some sites write names the variant.
        let f = read_file("[Variant \"Russian\"] 1. c3-d4 *");
        let r = replay(&f.games[0]);
        assert_eq!(r.gametype, "25");
        assert!(
            r.diagnostics[0].message.contains("the Variant tag"),
            "{}",
            r.diagnostics[0].message
        );
    }

    #[test]
    fn broken_gametype_attributes_and_lidraughts_numbers_still_replay() {
        let f = read_file("[GameType \"20,W,0,0,N,0\"] 1. 32-28 19-23 *");
        let r = replay(&f.games[0]);
        assert_eq!((r.plies.len(), r.error.is_none()), (2, true));
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code == "bad-gametype")
            .unwrap();
        assert_eq!(d.severity, crate::Severity::Warning);
        let f = read_file("[GameType \"98\"] 1. 32-28 19-23 *");
        let r = replay(&f.games[0]);
        assert_eq!(
            (r.plies.len(), r.variant),
            (2, Some(Variant::International))
        );
        assert!(r.diagnostics.iter().any(|d| d.code == "lidraughts-variant"));
    }

    #[test]
    fn english_written_with_algebraic_squares_is_read_from_the_first_players_side() {
        // PlayStrategy's American/English games: the first player (Black) moves c3-d4.
        let f = read_file("[Variant \"American/English\"] 1. c3-d4 b6-c5 2. d4xb6 a7xc5 0-1");
        let r = replay(&f.games[0]);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.variant, Some(Variant::English));
        assert_eq!(r.plies[0].side, Color::Black);
        assert!(r.diagnostics.iter().any(|d| d.code == "board-notation"));
    }

    #[test]
    fn a_capture_written_jump_by_jump_is_one_move() {
        // PDN 1.0: "multijumps can either be specified move-by-move (11x18 18x25) or in 1 go".
        let f = read_file("[GameType \"20\"][FEN \"W:W37:B32,22\"] 1. 37x28 28x17 *");
        let r = replay(&f.games[0]);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.plies.len(), 1);
        assert_eq!((r.plies[0].node, r.plies[0].joined), (0, 1));
        assert_eq!(r.fen_at(1).unwrap(), "B:W17:B");
        // A written first jump that the next move does not continue stays an error.
        let f = read_file("[GameType \"20\"][FEN \"W:W37:B32,22\"] 1. 37x28 16-21 *");
        let e = replay(&f.games[0]).error.unwrap();
        assert_eq!((e.ply, e.text.as_str()), (1, "37x28"));
    }

    #[test]
    fn a_capture_written_with_a_dash_is_played_with_a_warning() {
        let f = read_file("[GameType \"20\"] 1. 32-28 19-23 2. 28-19 14x23 3. 33x29 *");
        let r = replay(&f.games[0]);
        assert!(r.error.is_none(), "{:?}", r.error);
        let warnings: Vec<&str> = r
            .diagnostics
            .iter()
            .filter(|d| d.code == "capture-separator")
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(
            warnings,
            [
                "28-19 takes 23 but is written with -; it is read as 28x19",
                "33x29 is written as a capture but takes nothing; it is read as 33-29"
            ]
        );
    }

    #[test]
    fn fen_tag_sets_the_start() {
        let f = read_file("[FEN \"B:W28:B19\"][GameType \"20\"] 1... 19-23 2. 28x19 *");
        let r = replay(&f.games[0]);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.fen_at(2).unwrap(), "B:W19:B");
        assert_eq!(r.plies[0].number, 1);
        assert_eq!(r.plies[1].number, 2);
    }

    #[test]
    fn unsupported_and_non_draughts_types_are_diagnosed() {
        let f = read_file("[GameType \"0\"] 1. e4 e5 *");
        let r = replay(&f.games[0]);
        assert!(r.plies.is_empty());
        assert!(r.diagnostics[0].message.contains("chess, not draughts"));
        // Italian: White on 21-32 moves first.
        let f = read_file("[GameType \"22\"] 1. 22-18 11-15 *");
        let r = replay(&f.games[0]);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(
            r.fen_at(0).unwrap(),
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
        let f = read_file("[GameType \"77\"] 1. 22-18 *");
        let r = replay(&f.games[0]);
        assert!(r.diagnostics[0].message.contains("not a draughts variant"));
    }
}
