//! The Explorer's values: the open text's games indexed by position ([`pdn::explore`]), built a
//! few games at a time ([`Explorer::step`], so the worker can report progress), and what the
//! page shows of it: the moves played from the shown position with their games and scores
//! ([`ExplorerView`]) and the games that reach it ([`FoundGame`]).

use pdn::explore::{Index, IndexBuilder};
use pdn::{Position, Ruleset, Variant};
use serde::Serialize;

use crate::analysis::MoveView;

/// The index of the open text: not started, being built, or ready.
#[derive(Default)]
pub enum Explorer {
    /// Nothing asked yet.
    #[default]
    Idle,
    /// Built up to game `next` (0-based).
    Building {
        /// The games added so far.
        builder: IndexBuilder,
        /// The next game to add.
        next: usize,
    },
    /// Ready to answer.
    Ready(Index),
}

/// How far the index is: `{done, total, ready, positions, bytes}`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ExplorerProgress {
    /// Games indexed.
    pub done: usize,
    /// Games in the text.
    pub total: usize,
    /// The index answers.
    pub ready: bool,
    /// Positions indexed (when ready).
    pub positions: usize,
    /// Bytes the index holds (when ready).
    pub bytes: usize,
}

/// A move played from the shown position.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ExplorerMove {
    /// As the analysis board writes it (the shortest notation among the legal moves).
    pub notation: String,
    /// Its index among the position's legal moves (to play it).
    pub choice: usize,
    /// Start and end squares, for an arrow.
    pub from: String,
    /// End square.
    pub to: String,
    /// Games that played it here.
    pub games: usize,
    /// Won, drawn and lost by the side that plays it.
    pub wins: usize,
    /// Drawn.
    pub draws: usize,
    /// Lost.
    pub losses: usize,
}

/// The moves played from a position, with how they scored.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ExplorerView {
    /// Games that reach the position.
    pub games: usize,
    /// Of them, games that end there.
    pub ended: usize,
    /// Won, drawn and lost by the side to move, over all of them.
    pub wins: usize,
    /// Drawn.
    pub draws: usize,
    /// Lost.
    pub losses: usize,
    /// `white` or `black`: the side to move.
    pub turn: &'static str,
    /// The moves, the most played first.
    pub moves: Vec<ExplorerMove>,
}

/// A game that reaches a position: its number (from 1) and the first ply there.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct FoundGame {
    /// The game's number, from 1.
    pub game: usize,
    /// Plies played when it stands there first (0: its start).
    pub ply: usize,
}

impl Explorer {
    /// Adds up to `games` more games of the text (each read by `read(i)`) to the index, and
    /// finishes it after the last; `total` is the number of games.
    pub fn step(
        &mut self,
        games: usize,
        total: usize,
        mut read: impl FnMut(usize) -> Option<pdn::Game>,
    ) -> ExplorerProgress {
        if matches!(self, Explorer::Idle) {
            *self = Explorer::Building {
                builder: IndexBuilder::default(),
                next: 0,
            };
        }
        if let Explorer::Building { builder, next, .. } = self {
            let end = next.saturating_add(games.max(1)).min(total);
            while *next < end {
                match read(*next) {
                    Some(g) => builder.add(&g),
                    // A game that cannot be read keeps its number, with no position.
                    None => builder.add(&pdn::Game::default()),
                }
                *next += 1;
            }
            if *next >= total {
                let b = std::mem::take(builder);
                *self = Explorer::Ready(b.finish());
            }
        }
        self.progress(total)
    }

    /// How far it is.
    #[must_use]
    pub fn progress(&self, total: usize) -> ExplorerProgress {
        match self {
            Explorer::Idle => ExplorerProgress {
                done: 0,
                total,
                ready: false,
                positions: 0,
                bytes: 0,
            },
            Explorer::Building { next, .. } => ExplorerProgress {
                done: *next,
                total,
                ready: false,
                positions: 0,
                bytes: 0,
            },
            Explorer::Ready(index) => ExplorerProgress {
                done: total,
                total,
                ready: true,
                positions: index.positions(),
                bytes: index.memory(),
            },
        }
    }

    /// The index, when ready.
    #[must_use]
    pub fn index(&self) -> Option<&Index> {
        match self {
            Explorer::Ready(i) => Some(i),
            _ => None,
        }
    }
}

/// The tree at `pos` (variant `variant`, rules `rs`), each move matched to its legal move
/// `legal` (as [`crate::analysis::move_views`] lists them).
#[must_use]
pub fn tree_view(
    index: &Index,
    variant: Variant,
    pos: &Position,
    legal: &[MoveView],
    moves: &[pdn::Move],
) -> ExplorerView {
    let t = index.tree(variant, pos);
    let rows = t
        .moves
        .iter()
        .filter_map(|m| {
            let k = moves
                .iter()
                .position(|l| l.from == m.from && l.to == m.to && l.captured == m.captured)?;
            let v = legal.get(k)?;
            Some(ExplorerMove {
                notation: v.notation.clone(),
                choice: v.index,
                from: v.from.clone(),
                to: v.to.clone(),
                games: m.games,
                wins: m.wins,
                draws: m.draws,
                losses: m.losses,
            })
        })
        .collect();
    ExplorerView {
        games: t.games,
        ended: t.ended,
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
        turn: match pos.turn() {
            pdn::Color::White => "white",
            pdn::Color::Black => "black",
        },
        moves: rows,
    }
}

/// The games that reach `pos` in `variant`.
#[must_use]
pub fn found(index: &Index, variant: Variant, pos: &Position) -> Vec<FoundGame> {
    index
        .find(variant, pos)
        .into_iter()
        .map(|h| FoundGame {
            game: h.game + 1,
            ply: h.ply,
        })
        .collect()
}

/// The position a FEN describes in the variant of GameType `gametype` (a number, or empty for
/// International), or why not.
///
/// # Errors
///
/// An unknown GameType, rules not implemented, or a FEN that is no position of the board.
pub fn fen_position(fen: &str, gametype: &str) -> Result<(Variant, Position), String> {
    let g = if gametype.trim().is_empty() {
        "20"
    } else {
        gametype
    };
    let variant = pdn::GameType::parse(g)
        .ok()
        .and_then(|t| t.variant())
        .ok_or_else(|| format!("\"{g}\" is not a draughts GameType"))?;
    let rs = Ruleset::of(variant)
        .ok_or_else(|| format!("the rules of {variant} draughts are not implemented yet"))?;
    let first = rs.geometry.spec().first_player;
    let pos = Position::from_fen(fen, &rs.geometry, first).map_err(|e| e.to_string())?;
    Ok((variant, pos))
}
