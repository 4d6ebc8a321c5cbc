//! The static evaluation: a score in hundredths of a man from the side to move's view, a
//! weighted sum ([`crate::weights`]) of terms strong players name: material with the variant's
//! king value, advancement, the centre, the back rank kept while the other side has no king,
//! runaway men, kings on the long diagonals, the tempo. The terms are counted as differences
//! (the side to move's less the other's), so that the weights can be fitted by a linear model
//! (`examples/fit.rs`). Square facts (how far a square is from each side's back rank, whether
//! it is central) are worked out once per board, so a call is one pass over the squares.

use pdn::geometry::{Direction, Geometry};
use pdn::{Color, Position, Ruleset, Square};

use crate::rules::Goal;
use crate::weights::{self, TERMS, Weights};

/// The terms of a position, the side to move's count less the other side's, in the order of
/// [`weights::NAMES`].
pub type Terms = [f32; TERMS];

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
    /// The squares diagonally behind (for kings, with `ahead`), or 255.
    behind: [[u8; 2]; 2],
}

/// The evaluation of one board and rule set.
#[derive(Clone, Debug)]
pub struct Evaluator {
    w: Weights,
    /// Men step diagonally forward and kings diagonally (every variant but Turkish).
    diagonal: bool,
    goal: Goal,
    height: i32,
    /// The board: its bit order is the one of every set here ([`Position::sets_in`]).
    board: Geometry,
    /// Per bit of the board's order, its square's facts (squares as bits too).
    cells: Vec<Cell>,
    /// Per side: its back rank's squares (bit sets, so that most terms are counts of bits).
    back: [u128; 2],
    /// Per side, per bit k of the rank (counted from its own back rank): the squares whose rank
    /// has bit k set, so that the ranks of the men add up as Σ 2^k × (men on those squares).
    rank_bits: [[u128; 5]; 2],
    /// The central squares.
    centre: u128,
    /// The squares of the two long diagonals.
    long_diagonals: u128,
    /// Per side: the squares two ranks or less from crowning (where a man may be a runaway).
    near: [u128; 2],
    /// The files of the left half, and the two edge files.
    left: u128,
    right: u128,
    edges: u128,
    /// Per side: the squares in the other side's half (an outpost stands there).
    forward: [u128; 2],
    /// The board's squares as bits.
    on_board: u128,
    /// Per direction (north-east, north-west, south-east, south-west): how far in bits the next
    /// square that way is, where that is the same for every square and a step off the board
    /// never lands on one (the padded orders): then a whole set looks one step by one shift.
    steps: Option<[i32; 4]>,
}

/// The bits `i` where bit `i + step` of `set` is 1, bits past either end counting as 1 (off the
/// board).
fn seen(set: u128, step: i32) -> u128 {
    if step >= 0 {
        set >> step | !(u128::MAX >> step)
    } else {
        set << -step | ((1u128 << -step) - 1)
    }
}

impl Evaluator {
    /// The evaluation for `rs`'s board and rules, playing for `goal`, with the family's weights.
    #[must_use]
    pub fn new(rs: &Ruleset, goal: Goal) -> Evaluator {
        Evaluator::with_weights(rs, goal, weights::for_rules(&rs.rules))
    }

    /// The same with other weights (fitting, matches between versions).
    #[must_use]
    pub fn with_weights(rs: &Ruleset, goal: Goal, w: Weights) -> Evaluator {
        let g = &rs.geometry;
        let spec = g.spec();
        let (width, height) = (i32::from(spec.width), i32::from(spec.height));
        // By square, every square and the sets in the board's bit order (`Position::sets_in`):
        // the position's sets are read as they are.
        let squares = (0..g.len())
            .map(|i| {
                let sq = Square(i as u8);
                let info = g.info(sq);
                let (file, rank) = (i32::from(info.file), i32::from(info.rank));
                let step = |d| g.step(sq, d).map_or(u8::MAX, |s: Square| g.bit_of(s));
                Cell {
                    advance: [rank, height - 1 - rank],
                    centre: (width / 4..width - width / 4).contains(&file)
                        && (height / 4..height - height / 4).contains(&rank),
                    long_diagonal: file == rank || file + rank == width - 1,
                    ahead: [
                        [step(Direction::NorthEast), step(Direction::NorthWest)],
                        [step(Direction::SouthEast), step(Direction::SouthWest)],
                    ],
                    behind: [
                        [step(Direction::SouthEast), step(Direction::SouthWest)],
                        [step(Direction::NorthEast), step(Direction::NorthWest)],
                    ],
                }
            })
            .collect::<Vec<Cell>>();
        let bits: Vec<u8> = (0..g.len()).map(|i| g.bit_of(Square(i as u8))).collect();
        let mut cells = vec![Cell::default(); 128];
        for (cell, &b) in squares.iter().zip(&bits) {
            cells[usize::from(b)] = *cell;
        }
        let set = |f: &dyn Fn(&Cell) -> bool| {
            squares
                .iter()
                .zip(&bits)
                .filter(|(c, _)| f(c))
                .fold(0u128, |set, (_, &b)| set | 1 << b)
        };
        // Up to 32 ranks (5 bits): more than any board has.
        let back = [0, 1].map(|c| set(&|cell: &Cell| cell.advance[c] == 0));
        let rank_bits = [0, 1]
            .map(|c| [0, 1, 2, 3, 4].map(|k| set(&|cell: &Cell| cell.advance[c] >> k & 1 == 1)));
        let near = [0, 1].map(|c| set(&|cell: &Cell| height - 1 - cell.advance[c] <= 2));
        let file_of = |i: usize| i32::from(g.info(Square(i as u8)).file);
        let files = |f: &dyn Fn(i32) -> bool| {
            bits.iter()
                .enumerate()
                .filter(|&(i, _)| f(file_of(i)))
                .fold(0u128, |set, (_, &b)| set | 1 << b)
        };
        let forward = [0, 1].map(|c| set(&|cell: &Cell| cell.advance[c] >= height / 2));
        let on_board = bits.iter().fold(0u128, |set, &b| set | 1 << b);
        let dirs = [
            Direction::NorthEast,
            Direction::NorthWest,
            Direction::SouthEast,
            Direction::SouthWest,
        ];
        let steps = dirs.map(|d| {
            let step = (0..g.len()).find_map(|i| {
                let sq = Square(i as u8);
                g.step(sq, d)
                    .map(|s| i32::from(g.bit_of(s)) - i32::from(g.bit_of(sq)))
            })?;
            (0..g.len())
                .all(|i| {
                    let sq = Square(i as u8);
                    let to = i32::from(g.bit_of(sq)) + step;
                    match g.step(sq, d) {
                        Some(s) => i32::from(g.bit_of(s)) == to,
                        None => !(0..128).contains(&to) || on_board >> to & 1 == 0,
                    }
                })
                .then_some(step)
        });
        let steps = steps
            .iter()
            .all(Option::is_some)
            .then(|| steps.map(|s| s.unwrap_or(0)));
        Evaluator {
            w,
            diagonal: rs.rules.moves == pdn::variant::Lines::Diagonal,
            goal,
            height,
            board: g.clone(),
            centre: set(&|c| c.centre),
            long_diagonals: set(&|c| c.long_diagonal),
            back,
            rank_bits,
            near,
            left: files(&|f| f < width / 2),
            right: files(&|f| f >= width - width / 2),
            edges: files(&|f| f == 0 || f == width - 1),
            forward,
            on_board,
            steps,
            cells,
        }
    }

    /// The terms of `pos` (side to move's less the other's): counts of bits in the position's
    /// bit sets, and a look at the squares ahead of the men near crowning.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn terms(&self, pos: &Position) -> Terms {
        let mut t = [[0f32; TERMS]; 2];
        let mut kings = [0; 2];
        let mut on_back = [0f32; 2];
        let sets = pos.sets_in(&self.board);
        let occupied = sets[0] | sets[1];
        let free = |s: u8| s != u8::MAX && occupied >> s & 1 == 0;
        let king_set = sets[2];
        let count = |b: u128| b.count_ones() as f32;
        for (c, &pieces) in sets[..2].iter().enumerate() {
            let (men, own_kings) = (pieces & !king_set, pieces & king_set);
            kings[c] = own_kings.count_ones();
            t[c][0] = count(men);
            t[c][1] = count(own_kings);
            t[c][6] = count(own_kings & self.long_diagonals);
            t[c][3] = count(men & self.centre);
            on_back[c] = count(men & self.back[c]);
            t[c][2] = self.rank_bits[c]
                .iter()
                .enumerate()
                .map(|(k, &b)| (men & b).count_ones() << k)
                .sum::<u32>() as f32;
            // Men held from behind (each square behind an own piece or off the board), those of
            // them in the other half (outposts), and men with no free square ahead.
            if let Some(st) = self.steps {
                let (ahead, behind) = if c == 0 {
                    ([0, 1], [2, 3])
                } else {
                    ([2, 3], [0, 1])
                };
                let held = pieces | !self.on_board;
                let taken = occupied | !self.on_board;
                let supported = men & seen(held, st[behind[0]]) & seen(held, st[behind[1]]);
                t[c][8] = count(supported);
                t[c][9] = count(supported & self.forward[c]);
                t[c][12] = count(men & seen(taken, st[ahead[0]]) & seen(taken, st[ahead[1]]));
            } else {
                let own = |s: u8| s == u8::MAX || pieces >> s & 1 == 1;
                let mut bits = men;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let cell = &self.cells[i];
                    if own(cell.behind[c][0]) && own(cell.behind[c][1]) {
                        t[c][8] += 1.0;
                        if self.forward[c] >> i & 1 == 1 {
                            t[c][9] += 1.0;
                        }
                    }
                    if !free(cell.ahead[c][0]) && !free(cell.ahead[c][1]) {
                        t[c][12] += 1.0;
                    }
                }
            }
            // Men spread unevenly over the wings.
            t[c][10] = -(count(men & self.left) - count(men & self.right)).abs();
            t[c][11] = count(men & self.edges);
            // Near promotion with a free square ahead: a runaway, worth more the closer.
            let mut bits = men & self.near[c];
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let cell = &self.cells[i];
                let to_go = self.height - 1 - cell.advance[c];
                if cell.ahead[c].iter().any(|&s| free(s)) {
                    t[c][5] += (3 - to_go) as f32 / 2.0;
                }
            }
        }
        for c in 0..2 {
            if kings[1 - c] == 0 {
                t[c][4] = on_back[c].min(4.0);
            }
        }
        let me = usize::from(pos.turn() == Color::Black);
        let mut d = [0f32; TERMS];
        for (k, x) in d.iter_mut().enumerate() {
            *x = t[me][k] - t[1 - me][k];
        }
        d[7] = 1.0; // the tempo: the side to move has it
        d
    }

    /// `true` when the side to move surely has a non-capturing move: a man with a free square
    /// diagonally ahead, or a king with a free square beside it. `false` says only that this
    /// quick look found none (the move generator decides).
    #[must_use]
    pub fn surely_has_quiet_move(&self, pos: &Position) -> bool {
        if !self.diagonal {
            return false;
        }
        let [white, black, kings] = pos.sets_in(&self.board);
        let occupied = white | black;
        let free = |s: u8| s != u8::MAX && occupied >> s & 1 == 0;
        let c = usize::from(pos.turn() == Color::Black);
        let mut bits = if c == 0 { white } else { black };
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let cell = &self.cells[i];
            if cell.ahead[c].iter().any(|&s| free(s))
                || (kings >> i & 1 == 1 && cell.behind[c].iter().any(|&s| free(s)))
            {
                return true;
            }
        }
        false
    }

    /// The score of `pos` for the side to move, in hundredths of a man.
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let t = self.terms(pos);
        match self.goal {
            // Giving pieces away is the aim: fewer is better; position terms barely matter.
            Goal::Losing => -((t[0] + t[1]) * 100.0) as i32,
            Goal::Standard | Goal::FirstKing => {
                let s: f32 = t.iter().zip(self.w.w.iter()).map(|(a, b)| a * b).sum();
                s.round() as i32
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdn::position::Duplicates;
    use pdn::{Ruleset, Variant};

    /// The terms counted by shifts (padded boards) are the ones counted square by square.
    #[test]
    fn terms_by_shifts_are_the_terms_square_by_square() {
        let mut shifted = 0;
        for v in Variant::ALL {
            let Some(rs) = Ruleset::of(v) else { continue };
            let fast = Evaluator::new(&rs, Goal::Standard);
            let mut slow = fast.clone();
            slow.steps = None;
            if fast.steps.is_some() {
                shifted += 1;
            }
            // A game of pseudo-random moves (a fixed sequence), its every position compared.
            let mut pos = rs.start_position();
            let mut moves = Vec::new();
            for ply in 0..200u32 {
                assert_eq!(fast.terms(&pos), slow.terms(&pos), "{v:?} ply {ply}");
                moves.clear();
                pos.generate(&rs, Duplicates::Drop, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = &moves[(ply as usize * 7 + 3) % moves.len()];
                pos = pos.play(m);
            }
        }
        assert!(
            shifted >= 3,
            "the padded boards count by shifts ({shifted})"
        );
    }
}
