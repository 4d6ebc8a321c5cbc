//! The static evaluation: a score in hundredths of a man from the side to move's view, a
//! weighted sum ([`crate::weights`]) of terms strong players name: material with the variant's
//! king value, advancement, the centre, the back rank kept while the other side has no king,
//! runaway men, kings on the long diagonals, the tempo, men held from behind and outposts, the
//! balance over the wings, edge men and blocked men, and material ahead weighted by how empty
//! the board is. The terms are counted as differences
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
    /// The pieces at the start (both sides).
    start_pieces: f32,
    /// Per direction (north-east, north-west, south-east, south-west): how far in bits the next
    /// square that way is, where that is the same for every square and a step off the board
    /// never lands on one (the padded orders): then a whole set looks one step by one shift.
    steps: Option<[i32; 4]>,
    /// How many of `rank_bits` are used (bits of the highest rank).
    rank_levels: usize,
    /// Every square's bit is below 64: the sets are read as one machine word.
    narrow: bool,
    /// The processor counts bits in one instruction (x86-64's `popcnt`, looked for at run time).
    #[cfg(target_arch = "x86_64")]
    popcnt: bool,
}

/// `x.round() as i32` (halves away from zero) without the library call: in `f64` the sum
/// `|x| + 0.5` is exact for every `f32`, so its whole part is the rounded value.
#[allow(clippy::cast_possible_truncation)]
fn round(x: f32) -> i32 {
    let r = (f64::from(x.abs()) + 0.5) as i32;
    if x < 0.0 { -r } else { r }
}

/// A set of squares in one word or two (the evaluation's arithmetic on either).
trait Bits:
    Copy
    + PartialEq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
{
    const ZERO: Self;
    /// The set of a board whose bits fit this word.
    fn of(x: u128) -> Self;
    fn ones(self) -> u32;
    fn has(self, i: u8) -> bool;
    fn lowest(self) -> u8;
    fn without_lowest(self) -> Self;
    /// The bits `i` where bit `i + step` is set, bits past either end of the word counting as
    /// set (off the board).
    fn seen(self, step: i32) -> Self;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: $t = 0;
            #[inline(always)]
            #[allow(clippy::cast_possible_truncation)]
            fn of(x: u128) -> $t {
                x as $t
            }
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn has(self, i: u8) -> bool {
                self >> i & 1 == 1
            }
            #[inline(always)]
            #[allow(clippy::cast_possible_truncation)]
            fn lowest(self) -> u8 {
                self.trailing_zeros() as u8
            }
            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & (self - 1)
            }
            #[inline(always)]
            fn seen(self, step: i32) -> $t {
                if step >= 0 {
                    self >> step | !(<$t>::MAX >> step)
                } else {
                    self << -step | ((1 << -step) - 1)
                }
            }
        }
    };
}
bits!(u64);
bits!(u128);

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
        let rank_levels = (u32::BITS - (height - 1).max(0).leading_zeros()) as usize;
        let narrow = bits.iter().all(|&b| b < 64);
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
            start_pieces: {
                let start = rs.start_position();
                (start.count(Color::White) + start.count(Color::Black)) as f32
            },
            rank_levels: rank_levels.min(5),
            narrow,
            #[cfg(target_arch = "x86_64")]
            popcnt: std::arch::is_x86_feature_detected!("popcnt"),
            cells,
        }
    }

    /// The terms of `pos` (side to move's less the other's): counts of bits in the position's
    /// bit sets, and a look at the squares ahead of the men near crowning.
    #[must_use]
    pub fn terms(&self, pos: &Position) -> Terms {
        let [white, black, kings] = pos.sets_in(&self.board);
        let me = usize::from(pos.turn() == Color::Black);
        // In one machine word where the board's bit order fits (all but the 12×12 boards):
        // this runs at every leaf of a search.
        if self.narrow {
            let w = |x: u128| x as u64;
            let sets = [w(white), w(black), w(kings)];
            #[cfg(target_arch = "x86_64")]
            if self.popcnt {
                // SAFETY: the processor has the instruction (`popcnt` was asked of it).
                #[allow(unsafe_code)]
                return unsafe { self.terms_popcnt(sets, me) };
            }
            self.terms_in::<u64>(sets, me)
        } else {
            self.terms_in::<u128>([white, black, kings], me)
        }
    }

    /// [`Evaluator::terms_in`] in one word, compiled for processors with an instruction that
    /// counts bits (x86-64 has one only as an extension, which the default build may not
    /// assume; without it each count is a dozen instructions, and the terms are counts).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn terms_popcnt(&self, sets: [u64; 3], me: usize) -> Terms {
        self.terms_in::<u64>(sets, me)
    }

    /// [`Evaluator::terms`] on the sets as `B`, `me` the side to move (0 White, 1 Black). The
    /// counts are integers (the runaways in halves) until the difference is taken, so the
    /// terms are exact whatever the word.
    #[inline(always)]
    #[allow(clippy::cast_precision_loss)]
    fn terms_in<B: Bits>(&self, [white, black, king_set]: [B; 3], me: usize) -> Terms {
        // Per side: men, kings, advance, centre, back rank, runaway (halves), long diagonal.
        let mut t = [[0i32; TERMS]; 2];
        let mut on_back = [0i32; 2];
        let occupied = white | black;
        let free = |s: u8| s != u8::MAX && !occupied.has(s);
        let count = |b: B| b.ones() as i32;
        for (c, pieces) in [white, black].into_iter().enumerate() {
            let men = pieces & !king_set;
            let own_kings = pieces & king_set;
            if own_kings != B::ZERO {
                t[c][1] = count(own_kings);
                t[c][6] = count(own_kings & B::of(self.long_diagonals));
            }
            t[c][0] = count(men);
            t[c][3] = count(men & B::of(self.centre));
            on_back[c] = count(men & B::of(self.back[c]));
            let mut advance = 0;
            for (k, &b) in self.rank_bits[c][..self.rank_levels].iter().enumerate() {
                advance += count(men & B::of(b)) << k;
            }
            t[c][2] = advance;
            // Men held from behind (each square behind an own piece or off the board), those of
            // them in the other half (outposts), and men with no free square ahead.
            if let Some(st) = self.steps {
                let (ahead, behind) = if c == 0 {
                    ([0, 1], [2, 3])
                } else {
                    ([2, 3], [0, 1])
                };
                let off = !B::of(self.on_board);
                let held = pieces | off;
                let taken = occupied | off;
                let supported = men & held.seen(st[behind[0]]) & held.seen(st[behind[1]]);
                t[c][8] = count(supported);
                t[c][9] = count(supported & B::of(self.forward[c]));
                t[c][12] = count(men & taken.seen(st[ahead[0]]) & taken.seen(st[ahead[1]]));
            } else {
                let own = |s: u8| s == u8::MAX || pieces.has(s);
                let mut bits = men;
                while bits != B::ZERO {
                    let i = bits.lowest();
                    bits = bits.without_lowest();
                    let cell = &self.cells[usize::from(i)];
                    if own(cell.behind[c][0]) && own(cell.behind[c][1]) {
                        t[c][8] += 1;
                        t[c][9] += i32::from(B::of(self.forward[c]).has(i));
                    }
                    if !free(cell.ahead[c][0]) && !free(cell.ahead[c][1]) {
                        t[c][12] += 1;
                    }
                }
            }
            // Men spread unevenly over the wings; men on the edge files.
            t[c][10] = -(count(men & B::of(self.left)) - count(men & B::of(self.right))).abs();
            t[c][11] = count(men & B::of(self.edges));
            // Near promotion with a free square ahead: a runaway, worth more the closer.
            let mut bits = men & B::of(self.near[c]);
            while bits != B::ZERO {
                let i = bits.lowest();
                bits = bits.without_lowest();
                let cell = &self.cells[usize::from(i)];
                let to_go = self.height - 1 - cell.advance[c];
                if cell.ahead[c].iter().any(|&s| free(s)) {
                    t[c][5] += 3 - to_go;
                }
            }
        }
        for c in 0..2 {
            if t[1 - c][1] == 0 {
                t[c][4] = on_back[c].min(4);
            }
        }
        let mut d = [0f32; TERMS];
        for (k, x) in d.iter_mut().enumerate() {
            *x = (t[me][k] - t[1 - me][k]) as f32;
        }
        d[5] /= 2.0; // counted in halves
        d[7] = 1.0; // the tempo: the side to move has it
        // Material ahead counts for more as the board empties (trading down when ahead).
        let on = (white | black).ones() as f32;
        d[13] = (d[0] + 3.0 * d[1]) * (1.0 - on / self.start_pieces);
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
        let c = usize::from(pos.turn() == Color::Black);
        // In one word where the board fits (wasm has no 128-bit arithmetic of its own).
        if self.narrow {
            let w = |x: u128| x as u64;
            self.quiet_move_in::<u64>([w(white), w(black), w(kings)], c)
        } else {
            self.quiet_move_in::<u128>([white, black, kings], c)
        }
    }

    /// [`Evaluator::surely_has_quiet_move`] on the sets as `B`, `c` the side to move.
    #[inline(always)]
    fn quiet_move_in<B: Bits>(&self, [white, black, kings]: [B; 3], c: usize) -> bool {
        let occupied = white | black;
        let free = |s: u8| s != u8::MAX && !occupied.has(s);
        let mut bits = if c == 0 { white } else { black };
        while bits != B::ZERO {
            let i = bits.lowest();
            bits = bits.without_lowest();
            let cell = &self.cells[usize::from(i)];
            if cell.ahead[c].iter().any(|&s| free(s))
                || (kings.has(i) && cell.behind[c].iter().any(|&s| free(s)))
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
                round(s)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdn::Variant;

    /// The terms as first written (a 128-bit word, counts in `f32`), to check the fast path
    /// against.
    fn reference_terms(e: &Evaluator, pos: &Position) -> Terms {
        let mut t = [[0f32; TERMS]; 2];
        let mut kings = [0; 2];
        let mut on_back = [0f32; 2];
        let sets = pos.sets_in(&e.board);
        let occupied = sets[0] | sets[1];
        let free = |s: u8| s != u8::MAX && occupied >> s & 1 == 0;
        let count = |b: u128| b.count_ones() as f32;
        for (c, &pieces) in sets[..2].iter().enumerate() {
            let (men, own_kings) = (pieces & !sets[2], pieces & sets[2]);
            kings[c] = own_kings.count_ones();
            t[c][0] = count(men);
            t[c][1] = count(own_kings);
            t[c][6] = count(own_kings & e.long_diagonals);
            t[c][3] = count(men & e.centre);
            on_back[c] = count(men & e.back[c]);
            t[c][2] = e.rank_bits[c]
                .iter()
                .enumerate()
                .map(|(k, &b)| (men & b).count_ones() << k)
                .sum::<u32>() as f32;
            let mut bits = men & e.near[c];
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let cell = &e.cells[i];
                if cell.ahead[c].iter().any(|&s| free(s)) {
                    t[c][5] += (3 - (e.height - 1 - cell.advance[c])) as f32 / 2.0;
                }
            }
            // The five later terms, square by square.
            let own = |s: u8| s == u8::MAX || pieces >> s & 1 == 1;
            let mut bits = men;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let cell = &e.cells[i];
                if own(cell.behind[c][0]) && own(cell.behind[c][1]) {
                    t[c][8] += 1.0;
                    if e.forward[c] >> i & 1 == 1 {
                        t[c][9] += 1.0;
                    }
                }
                if !free(cell.ahead[c][0]) && !free(cell.ahead[c][1]) {
                    t[c][12] += 1.0;
                }
            }
            t[c][10] = -(count(men & e.left) - count(men & e.right)).abs();
            t[c][11] = count(men & e.edges);
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
        d[7] = 1.0;
        let on = (sets[0] | sets[1]).count_ones() as f32;
        d[13] = (d[0] + 3.0 * d[1]) * (1.0 - on / e.start_pieces);
        d
    }

    /// Random games in every variant (men, kings, runaways, on 8×8 to 12×12 boards): the
    /// terms counted as integers, in two words, in one, and with the processor's bit count,
    /// are the reference's, and the score is the reference's sum rounded by `f32::round`.
    #[test]
    fn the_fast_terms_and_score_are_the_reference_ones() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut checked = 0;
        for v in Variant::ALL {
            let Some(rs) = Ruleset::of(v) else { continue };
            let e = Evaluator::new(&rs, Goal::Standard);
            for _game in 0..10 {
                let mut p = rs.start_position();
                for _ply in 0..200 {
                    let t = reference_terms(&e, &p);
                    assert_eq!(e.terms(&p), t, "{v} {}", p.to_fen(&rs.geometry));
                    // Each way of counting, whichever `terms` chose here.
                    let me = usize::from(p.turn() == Color::Black);
                    let sets = p.sets_in(&e.board);
                    assert_eq!(e.terms_in::<u128>(sets, me), t, "{v}");
                    if e.narrow {
                        let narrow = sets.map(|x| x as u64);
                        assert_eq!(e.terms_in::<u64>(narrow, me), t, "{v}");
                        #[cfg(target_arch = "x86_64")]
                        if e.popcnt {
                            #[allow(unsafe_code)]
                            // SAFETY: the processor has the instruction.
                            let fast = unsafe { e.terms_popcnt(narrow, me) };
                            assert_eq!(fast, t, "{v}");
                        }
                    }
                    let s: f32 = t.iter().zip(e.w.w.iter()).map(|(a, b)| a * b).sum();
                    assert_eq!(e.evaluate(&p), s.round() as i32, "{v}");
                    checked += 1;
                    let moves = p.legal_moves(&rs);
                    if moves.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    p = p.play(&moves[(state % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    /// The boards with a padded order count the later terms by shifts (the reference above
    /// counts them square by square).
    #[test]
    fn padded_boards_count_by_shifts() {
        let shifted: Vec<Variant> = Variant::ALL
            .into_iter()
            .filter(|&v| {
                Ruleset::of(v).is_some_and(|rs| Evaluator::new(&rs, Goal::Standard).steps.is_some())
            })
            .collect();
        for v in [Variant::International, Variant::English, Variant::Russian] {
            assert!(shifted.contains(&v), "{v:?}: {shifted:?}");
        }
    }

    /// Rounding without the library call: halves away from zero, as `f32::round`, at the
    /// edges where adding 0.5 in `f32` would round up wrongly.
    #[test]
    fn round_is_f32_round() {
        for x in [
            0.0f32,
            -0.0,
            0.5,
            -0.5,
            1.5,
            -2.5,
            0.499_999_97,
            -0.499_999_97,
            123.456,
            -987.5,
            8_388_607.5,
            1e9,
            -1e9,
        ] {
            assert_eq!(round(x), x.round() as i32, "{x}");
        }
    }
}
