//! The static evaluation: a score in hundredths of a man from the side to move's view, made of
//! the terms strong players name (material with the variant's king value, advancement,
//! the centre, the back rank, runaway men, kings on the long diagonals, the tempo), weighted by
//! [`crate::weights`]. Square facts (how far a square is from each side's back rank, whether
//! it is central) are worked out once per board, so a call is one pass over the pieces.

use pdn::geometry::Direction;
use pdn::{Color, Position, Role, Ruleset, Square};

use crate::rules::Goal;
use crate::weights::{self, Weights};

/// What the evaluation knows of one square.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    /// Ranks from each side's own back rank (White, Black).
    advance: [i32; 2],
    /// Inside the middle half of the board both ways.
    centre: bool,
    /// On one of the two long diagonals.
    long_diagonal: bool,
    /// The squares diagonally ahead of a man of each side (up to two), or 255.
    ahead: [[u8; 2]; 2],
}

/// The evaluation of one board and rule set.
#[derive(Clone, Debug)]
pub struct Evaluator {
    w: Weights,
    goal: Goal,
    height: i32,
    cells: Vec<Cell>,
}

impl Evaluator {
    /// The evaluation for `rs`'s board and rules, playing for `goal`.
    #[must_use]
    pub fn new(rs: &Ruleset, goal: Goal) -> Evaluator {
        let g = &rs.geometry;
        let spec = g.spec();
        let (width, height) = (i32::from(spec.width), i32::from(spec.height));
        let cells = (0..g.len())
            .map(|i| {
                let sq = Square(i as u8);
                let info = g.info(sq);
                let (file, rank) = (i32::from(info.file), i32::from(info.rank));
                let step = |d| g.step(sq, d).map_or(u8::MAX, |s: Square| s.0);
                Cell {
                    advance: [rank, height - 1 - rank],
                    centre: (width / 4..width - width / 4).contains(&file)
                        && (height / 4..height - height / 4).contains(&rank),
                    long_diagonal: file == rank || file + rank == width - 1,
                    ahead: [
                        [step(Direction::NorthEast), step(Direction::NorthWest)],
                        [step(Direction::SouthEast), step(Direction::SouthWest)],
                    ],
                }
            })
            .collect();
        Evaluator {
            w: weights::for_rules(&rs.rules),
            goal,
            height,
            cells,
        }
    }

    /// The score of `pos` for the side to move, in hundredths of a man.
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let w = &self.w;
        let mut score = [0i32; 2];
        let mut kings = [0i32; 2];
        let mut pieces = [0i32; 2];
        let mut on_back = [0i32; 2];
        let occupied = |s: u8| s != u8::MAX && pos.piece_at(Square(s)).is_some();
        for (i, cell) in self.cells.iter().enumerate() {
            let Some(p) = pos.piece_at(Square(i as u8)) else {
                continue;
            };
            let c = usize::from(p.color == Color::Black);
            pieces[c] += 1;
            match p.role {
                Role::King => {
                    kings[c] += 1;
                    score[c] += w.king
                        + if cell.long_diagonal {
                            w.king_diagonal
                        } else {
                            0
                        };
                }
                Role::Man => {
                    let adv = cell.advance[c];
                    score[c] += w.man + w.advance * adv;
                    if cell.centre {
                        score[c] += w.centre;
                    }
                    if adv == 0 {
                        on_back[c] += 1;
                    }
                    // Near promotion with nothing in the way: a runaway, worth more the closer.
                    let to_go = self.height - 1 - adv;
                    if to_go <= 2 && cell.ahead[c].iter().any(|&s| s != u8::MAX && !occupied(s)) {
                        score[c] += w.runaway * (3 - to_go) / 2;
                    }
                }
            }
        }
        for c in 0..2 {
            if kings[1 - c] == 0 {
                score[c] += w.back_rank * on_back[c].min(4);
            }
        }
        let me = usize::from(pos.turn() == Color::Black);
        let diff = score[me] - score[1 - me] + w.tempo;
        match self.goal {
            // Giving pieces away is the aim: fewer is better; position terms barely matter.
            Goal::Losing => (pieces[1 - me] - pieces[me]) * w.man,
            Goal::Standard | Goal::FirstKing => diff,
        }
    }
}
