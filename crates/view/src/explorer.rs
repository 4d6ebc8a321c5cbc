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
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ExplorerProgress"))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ExplorerMove"))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ExplorerView"))]
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
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub turn: &'static str,
    /// The moves, the most played first.
    pub moves: Vec<ExplorerMove>,
}

/// A game that reaches a position: its number (from 1) and the first ply there.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "FoundGame"))]
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
    let rs = Ruleset::of_gametype(g).map_err(|e| e.to_string())?;
    let first = rs.geometry.spec().first_player;
    let pos = Position::from_fen(fen, &rs.geometry, first).map_err(|e| e.to_string())?;
    Ok((rs.variant, pos))
}

/// One game of a player's (see [`PlayerView`]).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PlayerGame"))]
pub struct PlayerGame {
    /// The game's number, from 1.
    pub game: usize,
    /// `white` or `black`: the side the player had.
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub color: &'static str,
    /// `win`, `draw` or `loss` for the player; `None` when the result says none (`*`, unknown).
    #[cfg_attr(feature = "ts", ts(type = "'win' | 'draw' | 'loss' | null"))]
    pub outcome: Option<&'static str>,
}

/// A player's games and score, with the results read as the file writes them.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PlayerView"))]
pub struct PlayerView {
    /// The name asked about.
    pub name: String,
    /// The games the player has (`White` or `Black` tag equal to the name, case and spaces
    /// around it aside).
    pub games: usize,
    /// Won.
    pub wins: usize,
    /// Drawn.
    pub draws: usize,
    /// Lost.
    pub losses: usize,
    /// The games, in file order.
    pub list: Vec<PlayerGame>,
}

/// The games of player `name` among `players` (each game's number from 0 and its White and
/// Black tags), scored with the results of `index`.
///
/// ```
/// use pdn_view::explorer::player;
/// let file = pdn::read_file("[White \"Ann\"] [Black \"Bob\"] [Result \"2-0\"] 1. 32-28 2-0\n\
///                            [White \"bob\"] [Black \"Ann\"] [Result \"1-1\"] 1. 32-28 1-1");
/// let index = pdn::explore::Index::build(&file.games);
/// let names = [(0, "Ann", "Bob"), (1, "bob", "Ann")];
/// let p = player(&index, " Bob ", names.into_iter());
/// assert_eq!((p.games, p.wins, p.draws, p.losses), (2, 0, 1, 1));
/// assert_eq!(p.list[1].color, "white");
/// ```
#[must_use]
pub fn player<'a>(
    index: &Index,
    name: &str,
    players: impl Iterator<Item = (usize, &'a str, &'a str)>,
) -> PlayerView {
    let wanted = name.trim().to_lowercase();
    let mut view = PlayerView {
        name: name.trim().to_string(),
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        list: Vec::new(),
    };
    if wanted.is_empty() {
        return view;
    }
    for (i, white, black) in players {
        let color = if white.trim().to_lowercase() == wanted {
            pdn::Color::White
        } else if black.trim().to_lowercase() == wanted {
            pdn::Color::Black
        } else {
            continue;
        };
        let outcome = match index.result(i) {
            Some(pdn::replay::Outcome::Win(c)) if c == color => Some("win"),
            Some(pdn::replay::Outcome::Win(_)) => Some("loss"),
            Some(pdn::replay::Outcome::Draw) => Some("draw"),
            None => None,
        };
        match outcome {
            Some("win") => view.wins += 1,
            Some("draw") => view.draws += 1,
            Some(_) => view.losses += 1,
            None => {}
        }
        view.games += 1;
        view.list.push(PlayerGame {
            game: i + 1,
            color: match color {
                pdn::Color::White => "white",
                pdn::Color::Black => "black",
            },
            outcome,
        });
    }
    view
}
