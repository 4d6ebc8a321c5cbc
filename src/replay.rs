//! Replaying a game's mainline: which variant and board, the start position, and the position
//! after every move, stopping with a plain-words error at the first move that cannot be played.

use crate::diagnostic::{Diagnostic, Span};
use crate::fen::Setup;
use crate::geometry::{Geometry, Square};
use crate::position::{Move, Position, Ruleset, start_position};
use crate::reader::Game;
use crate::types::Color;
use crate::variant::{GameType, Variant, non_draughts_name};

/// One played move of the mainline.
#[derive(Clone, Debug)]
pub struct Ply {
    /// Index of the node in `game.moves`.
    pub node: usize,
    /// The legal move played.
    pub mv: Move,
    /// Who played it.
    pub side: Color,
    /// Move number (1 for the first move of each side).
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
}

/// The result of replaying a game's mainline.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The GameType used: the tag's value, or the detected default.
    pub gametype: String,
    /// The variant, if the type is a known draughts variant.
    pub variant: Option<Variant>,
    /// Board and rules, when the variant can be replayed.
    pub ruleset: Option<Ruleset>,
    /// A board to draw even when the rules are missing (known board, unknown rules).
    pub geometry: Option<Geometry>,
    /// The position before the first move.
    pub start: Option<Position>,
    /// Every move played.
    pub plies: Vec<Ply>,
    /// Why the replay stopped early, if it did.
    pub error: Option<ReplayError>,
    /// Notes and warnings about the replay (guessed variant, ambiguous moves, …).
    pub diagnostics: Vec<Diagnostic>,
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

/// Guesses the GameType of a game without the tag, from its FEN and first moves.
fn detect_gametype(game: &Game) -> (u32, String) {
    let mut max_number = 0u32;
    let mut algebraic = false;
    let mut seen = |label: &str| {
        if label.starts_with(|c: char| c.is_ascii_alphabetic()) {
            algebraic = true;
        } else if let Ok(n) = label.parse::<u32>() {
            max_number = max_number.max(n);
        }
    };
    let fen = game.tag("FEN").or(game.setup.as_deref());
    if let Some(setup) = fen.and_then(|f| Setup::parse(f).ok()) {
        for (_, _, label) in &setup.pieces {
            seen(label);
        }
    }
    for node in game.moves.iter().take(40) {
        if let Some(n) = &node.notation {
            for s in &n.squares {
                seen(s);
            }
        }
    }
    if algebraic {
        return (25, "algebraic squares".to_string());
    }
    // A first move from 31-35 is White's opening move on a 10×10 board (on 8×8 boards those
    // squares are the back row or off the board); pydraughts guesses the same way.
    let first_from = game
        .moves
        .first()
        .and_then(|n| n.notation.as_ref())
        .and_then(|m| m.squares[0].parse::<u32>().ok());
    match (max_number, first_from) {
        (51..=72, _) => (27, format!("squares up to {max_number}")),
        (33..=50, _) => (20, format!("squares up to {max_number}")),
        (_, Some(from @ 31..=35)) => (20, format!("a first move from square {from}")),
        (1..=32, _) => (21, format!("squares up to {max_number}")),
        _ => (20, "no moves to judge from".to_string()),
    }
}

/// Replays the mainline of `game`.
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
    let mut diagnostics = Vec::new();
    let tag_span = |name: &str| {
        game.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map_or(game.span, |t| t.span)
    };
    let (gametype_text, number) = match game.tag("GameType") {
        Some(value) => match GameType::parse(value) {
            Ok(gt) => (value.trim().to_string(), Some(gt)),
            Err(e) => {
                diagnostics.push(Diagnostic::error(
                    "bad-gametype",
                    tag_span("GameType"),
                    e.to_string(),
                ));
                (value.trim().to_string(), None)
            }
        },
        None => {
            let (n, why) = detect_gametype(game);
            let v = Variant::from_gametype(n).map_or("?", Variant::name);
            diagnostics.push(Diagnostic::note(
                "guessed-variant",
                game.span_start(),
                format!("no GameType tag: {why} point to {v} draughts (GameType {n})"),
            ));
            (
                n.to_string(),
                Some(GameType {
                    number: n,
                    board: None,
                }),
            )
        }
    };
    let mut out = Replay {
        gametype: gametype_text,
        variant: None,
        ruleset: None,
        geometry: None,
        start: None,
        plies: Vec::new(),
        error: None,
        diagnostics,
    };
    let Some(gt) = number else {
        return out;
    };
    out.variant = gt.variant();
    out.geometry = gt.geometry().ok();
    let ruleset = match out.variant {
        Some(v) => match Ruleset::of(v) {
            Some(rs) => rs,
            None => {
                // Show the board and the starting position; the moves cannot be played.
                let message = format!(
                    "{} draughts (GameType {}) cannot be replayed yet; the starting position is shown and the moves are listed",
                    v.name(),
                    gt.number
                );
                if let Some(g) = &out.geometry {
                    let usual = start_position(v, g);
                    out.start = Some(
                        game.tag("FEN")
                            .or(game.setup.as_deref())
                            .and_then(|f| Setup::parse(f).ok())
                            .and_then(|s| Position::from_setup(&s, g, usual.turn()).ok())
                            .unwrap_or(usual),
                    );
                }
                match game.moves.first() {
                    Some(first) => {
                        out.error = Some(ReplayError {
                            ply: 1,
                            text: first.text.clone(),
                            message,
                            span: first.span,
                        });
                    }
                    None => out.diagnostics.push(Diagnostic::error(
                        "variant-not-supported",
                        tag_span("GameType"),
                        message,
                    )),
                }
                return out;
            }
        },
        None => {
            let what = non_draughts_name(gt.number).map_or_else(
                || {
                    format!(
                        "GameType {} is not a draughts variant this viewer knows",
                        gt.number
                    )
                },
                |name| format!("GameType {} is {name}, not draughts", gt.number),
            );
            out.diagnostics.push(Diagnostic::error(
                "not-draughts",
                tag_span("GameType"),
                format!("{what}; the game's text is shown without a board"),
            ));
            return out;
        }
    };
    let g = &ruleset.geometry;
    let first = g.spec().first_player;
    let mut pos = ruleset.start_position();
    if let Some(fen) = game.tag("FEN").or(game.setup.as_deref()) {
        let span = if game.tag("FEN").is_some() {
            tag_span("FEN")
        } else {
            game.span_start()
        };
        match Setup::parse(fen)
            .map_err(|e| e.to_string())
            .and_then(|s| Position::from_setup(&s, g, first).map_err(|e| e.to_string()))
        {
            Ok(p) => pos = p,
            Err(e) => {
                out.diagnostics.push(Diagnostic::error(
                    "bad-fen",
                    span,
                    format!(
                        "the FEN cannot be used ({e}); the replay starts from the usual position"
                    ),
                ));
            }
        }
    }
    out.start = Some(pos);
    let mut number = 1u32;
    for (i, node) in game.moves.iter().enumerate() {
        if let Some(fen) = &node.setup {
            match Setup::parse(fen)
                .map_err(|e| e.to_string())
                .and_then(|s| Position::from_setup(&s, g, pos.turn()).map_err(|e| e.to_string()))
            {
                Ok(p) => pos = p,
                Err(e) => {
                    out.error = Some(ReplayError {
                        ply: out.plies.len() + 1,
                        text: node.text.clone(),
                        message: format!("the setup before this move cannot be used: {e}"),
                        span: node.span,
                    });
                    break;
                }
            }
        }
        let side = pos.turn();
        let Some(notation) = &node.notation else {
            out.error = Some(ReplayError {
                ply: out.plies.len() + 1,
                text: node.text.clone(),
                message: "the move is not recorded, so the game cannot be followed further"
                    .to_string(),
                span: node.span,
            });
            break;
        };
        match notation.to_move(&pos, &ruleset) {
            Ok(resolved) => {
                if !resolved.alternatives.is_empty() {
                    let mut routes = vec![resolved.mv.long_notation(g)];
                    routes.extend(resolved.alternatives.iter().map(|m| m.long_notation(g)));
                    out.diagnostics.push(Diagnostic::warning(
                        "ambiguous-move",
                        node.span,
                        format!(
                            "{} can be played along several routes that take different pieces ({}); the first is shown",
                            node.text,
                            routes.join(", ")
                        ),
                    ));
                }
                pos = pos.play(&resolved.mv);
                out.plies.push(Ply {
                    node: i,
                    mv: resolved.mv,
                    side,
                    number,
                    position: pos,
                });
                if side != first {
                    number += 1;
                }
            }
            Err(e) => {
                out.error = Some(ReplayError {
                    ply: out.plies.len() + 1,
                    text: node.text.clone(),
                    message: format!("{}: {e}", node.text),
                    span: node.span,
                });
                break;
            }
        }
    }
    out.ruleset = Some(ruleset);
    out
}

impl Game {
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
        let f = read_file("[GameType \"21\"] 1. 11-15 23-19 *");
        let r = replay(&f.games[0]);
        let e = r.error.clone().unwrap();
        assert_eq!((e.ply, e.text.as_str()), (1, "11-15"));
        assert!(
            e.message.contains("cannot be replayed yet"),
            "{}",
            e.message
        );
        assert_eq!(
            r.fen_at(0).unwrap(),
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
    }
}
