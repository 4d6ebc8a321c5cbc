//! Board geometry for any GameType: which squares are playable, how they are numbered or named,
//! and which square lies next to which in each direction.
//!
//! Coordinates are always given as White sees the board: `file` 0 is the left column (`a`),
//! `rank` 0 the bottom row. Playable squares get an internal index `0..len()`, which is the
//! square number minus one in numeric notations, and the order `a1, c1, …, b2, …` (bottom row
//! first) in algebraic ones; canonical FENs list squares in this order.

use std::fmt;

use crate::types::Color;

/// A playable square, by internal index (see the module documentation).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub u8);

impl Square {
    /// The internal index as `usize`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// How squares are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Numbers `1..=n` (`N` in the GameType tag).
    Numeric,
    /// Chess-like names `a1`, `c3` (`A` in the GameType tag).
    Algebraic,
}

/// Where square 1 (or a1) lies, seen from the side of the player who starts: the digit after the
/// notation letter in the GameType tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// `0`
    BottomLeft,
    /// `1`
    BottomRight,
    /// `2`
    TopLeft,
    /// `3`
    TopRight,
}

impl Corner {
    /// Reads the GameType digit.
    #[must_use]
    pub fn from_digit(d: u8) -> Option<Corner> {
        Some(match d {
            0 => Corner::BottomLeft,
            1 => Corner::BottomRight,
            2 => Corner::TopLeft,
            3 => Corner::TopRight,
            _ => return None,
        })
    }

    /// The GameType digit.
    #[must_use]
    pub const fn digit(self) -> u8 {
        match self {
            Corner::BottomLeft => 0,
            Corner::BottomRight => 1,
            Corner::TopLeft => 2,
            Corner::TopRight => 3,
        }
    }

    /// The same corner seen from the other side of the board.
    const fn rotated(self) -> Corner {
        match self {
            Corner::BottomLeft => Corner::TopRight,
            Corner::BottomRight => Corner::TopLeft,
            Corner::TopLeft => Corner::BottomRight,
            Corner::TopRight => Corner::BottomLeft,
        }
    }
}

/// The shape of a board as the GameType tag describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// Number of columns.
    pub width: u8,
    /// Number of rows.
    pub height: u8,
    /// Numbers or names.
    pub notation: Notation,
    /// Where the first square lies, seen from `first_player`'s side.
    pub corner: Corner,
    /// Who moves first (the side the corner is seen from).
    pub first_player: Color,
    /// `false`: the bottom-left square (a1) is playable; `true`: it is not.
    pub invert: bool,
    /// Every square is playable (Turkish draughts).
    pub all_squares: bool,
}

/// A direction of movement. The first four are diagonal, the last four orthogonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Up and to the right, as White sees the board.
    NorthEast = 0,
    /// Up and to the left.
    NorthWest = 1,
    /// Down and to the right.
    SouthEast = 2,
    /// Down and to the left.
    SouthWest = 3,
    /// Straight up.
    North = 4,
    /// Straight down.
    South = 5,
    /// Right.
    East = 6,
    /// Left.
    West = 7,
}

impl Direction {
    /// All eight directions, in the order of their numbers (the columns of the neighbour table).
    pub const ALL: [Direction; 8] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    /// The four diagonal directions.
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// The two diagonal directions that go forward for `color`.
    #[must_use]
    pub const fn forward_diagonals(color: Color) -> [Direction; 2] {
        match color {
            Color::White => [Direction::NorthEast, Direction::NorthWest],
            Color::Black => [Direction::SouthEast, Direction::SouthWest],
        }
    }

    const fn delta(self) -> (i32, i32) {
        match self {
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
        }
    }
}

const NONE: u8 = u8::MAX;

/// "No square" in [`Geometry::neighbour_table`].
pub const NO_SQUARE: u8 = NONE;

/// Coordinates and label of one playable square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareInfo {
    /// Column from the left, as White sees the board.
    pub file: u8,
    /// Row from the bottom, as White sees the board.
    pub rank: u8,
    /// The square's name in the game's notation (`"32"`, `"c3"`).
    pub label: String,
}

/// The playable squares of a board, their names, and their neighbours.
#[derive(Clone, Debug)]
pub struct Geometry {
    spec: BoardSpec,
    squares: Vec<SquareInfo>,
    /// `file + rank * width` → internal index, or `NONE`.
    by_coord: Vec<u8>,
    /// Per square, per [`Direction`], the next playable square or `NONE`.
    neighbours: Vec<[u8; 8]>,
    /// Per square, its label in three bytes and its length in the fourth: FENs are written
    /// with fixed-size copies.
    short_labels: Vec<[u8; 4]>,
    /// Per [`Direction`]: the neighbour of every square in `mask` is the square `offset` indices
    /// away; at most [`MAX_SHIFTS`] such groups (see [`Geometry::shift`]).
    shifts: [[(i32, u128); MAX_SHIFTS]; 8],
    /// Per [`Direction`], how many entries of `shifts` are used.
    n_shifts: [u8; 8],
    /// The same groups as rotations of one 64-bit word, when the board has at most 64 squares
    /// and no direction needs more than two groups (every board but 12×12): an unused group
    /// has an empty mask.
    shifts64: Option<Shifts64>,
    /// How the board moves in its padded layout, when it has one (see [`Layout`]).
    padded: Option<Box<Padded>>,
    /// Per [`Color`], the squares of its promotion row, as bits of the board's order
    /// ([`Geometry::bit_of`]).
    promotion: [u128; 2],
}

/// A bit order for a position's sets: internal square index → bit. Layout 0 is the internal
/// order itself; the others are *padded* orders of at most 128 bits for checkered boards whose
/// rows all have `k` squares (4 to 13): two rows a group, then one unused ("ghost") bit, so that
/// on the board the neighbour in each direction is always the same number of bits away (10×10:
/// 5 squares a row, 11 bits per two rows, the diagonals 5 and 6 bits apart; 12×12: 77 bits).
/// Which one a board uses is decided from its neighbours ([`Geometry::layout_id`]); a
/// [`crate::Position`] keeps the number of its own, so that it can answer by internal square
/// without the board at hand.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Per internal index, the bit (`NONE` past 128 bits).
    to_pad: [u8; 128],
    /// Per bit, the internal index (`NONE` for ghosts).
    from_pad: [u8; 128],
    /// `spread` in stages, the largest shift first: the bits in the mask move left by the
    /// amount. A bit's shift grows with its index and is at most 31, so five stages do it and
    /// no two bits ever meet; a bit that ends below 64 moves at most 7, in the last three.
    stages: [(u128, u32); STAGES],
}

/// The stages of [`Layout::spread`]: shifts of 16, 8, 4, 2 and 1.
const STAGES: usize = 5;

/// Room for the identity and the padded orders for rows of 4 to 13 squares in both phases (the
/// ghost bit after rows 2, 4, … of the internal order, phase 0, or after rows 1, 3, …, phase
/// `k`): 21, rounded up to a power of two so that a number is looked up with a mask.
const LAYOUT_COUNT: usize = 32;

/// The layout number of rows of `k` squares, ghost phase `phase` (0 or `k`).
const fn layout_number(k: usize, phase: usize) -> usize {
    1 + (k - 4) * 2 + if phase == 0 { 0 } else { 1 }
}

const fn build_layout(k: usize, phase: usize) -> Layout {
    let mut to_pad = [NONE; 128];
    let mut from_pad = [NONE; 128];
    let mut shift = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let p = if k == 0 { i } else { i + (i + phase) / (2 * k) };
        if p < 128 {
            to_pad[i] = p as u8;
            from_pad[p] = i as u8;
            shift[i] = (p - i) as u8;
        }
        i += 1;
    }
    let mut stages = [(0u128, 0u32); STAGES];
    let mut at = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        at[i] = i as u8;
        i += 1;
    }
    let mut s = 0;
    while s < STAGES {
        let amount = 16u8 >> s;
        let mut mask = 0u128;
        let mut i = 0;
        while i < 128 {
            if k != 0 && to_pad[i] != NONE && shift[i] & amount != 0 {
                mask |= 1 << at[i];
                at[i] += amount;
            }
            i += 1;
        }
        stages[s] = (mask, amount as u32);
        s += 1;
    }
    Layout {
        to_pad,
        from_pad,
        stages,
    }
}

/// Every [`Layout`], by number.
static LAYOUTS: [Layout; LAYOUT_COUNT] = {
    // Numbers no board uses are the identity.
    let mut t = [const { build_layout(0, 0) }; LAYOUT_COUNT];
    let mut k = 4;
    while k <= 13 {
        t[layout_number(k, 0)] = build_layout(k, 0);
        t[layout_number(k, k)] = build_layout(k, k);
        k += 1;
    }
    t
};

/// The layout numbered `id` ([`Geometry::layout_id`]).
#[inline]
pub(crate) fn layout(id: u8) -> &'static Layout {
    &LAYOUTS[usize::from(id) & (LAYOUT_COUNT - 1)]
}

impl Layout {
    /// A set of internal indices in this order. As a `u64`, only for a set whose squares'
    /// bits are all below 64 (the last three stages).
    #[inline]
    pub(crate) fn spread<B: SquareSet>(&self, mut x: B) -> B {
        for &(mask, amount) in &self.stages[B::FIRST_STAGE..] {
            let mask = B::from_wide(mask);
            x = (x & !mask) | (x & mask).shl(amount);
        }
        x
    }

    /// A set in this order back in internal order.
    #[inline]
    pub(crate) fn unspread<B: SquareSet>(&self, mut x: B) -> B {
        for &(mask, amount) in self.stages[B::FIRST_STAGE..].iter().rev() {
            let moved = B::from_wide(mask << amount);
            x = (x & !moved) | (x & moved).shr(amount);
        }
        x
    }

    /// The bit of internal square `sq`.
    #[inline]
    pub(crate) fn bit_of(&self, sq: u8) -> u8 {
        self.to_pad[usize::from(sq & 127)]
    }

    /// Per bit, the internal square (for the board's bits).
    #[inline]
    pub(crate) fn squares(&self) -> &[u8; 128] {
        &self.from_pad
    }
}

/// A set of squares, a bit each: `u64` on boards whose bits fit in one word, `u128` on the
/// others (12×12). Move generation is written once for both.
pub(crate) trait SquareSet:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAndAssign
{
    const EMPTY: Self;
    /// 0 for `u64`, 1 for `u128`: which of a [`Padded`] direction's rotations applies.
    const WIDE: usize;
    /// The first of [`Layout::spread`]'s stages that can move a bit which ends in the set.
    const FIRST_STAGE: usize;
    /// The set of one square.
    fn at(i: u8) -> Self;
    /// `self` holds square `i`.
    #[inline]
    fn has(self, i: u8) -> bool {
        self & Self::at(i) != Self::EMPTY
    }
    /// The low bits of a 128-bit set (all of it on a board that fits).
    fn from_wide(x: u128) -> Self;
    /// As a 128-bit set.
    fn wide(self) -> u128;
    /// The number of squares.
    fn count(self) -> u32;
    /// The lowest square of a non-empty set, and the set without it.
    fn pop(self) -> (u8, Self);
    /// Shifted left by `n` bits.
    fn shl(self, n: u32) -> Self;
    /// Shifted right by `n` bits.
    fn shr(self, n: u32) -> Self;
    /// Rotated left by `n` bits.
    fn rotl(self, n: u32) -> Self;
}

impl SquareSet for u64 {
    const EMPTY: u64 = 0;
    const WIDE: usize = 0;
    const FIRST_STAGE: usize = 2;
    #[inline]
    fn at(i: u8) -> u64 {
        1 << (i & 63)
    }
    #[inline]
    fn from_wide(x: u128) -> u64 {
        x as u64
    }
    #[inline]
    fn wide(self) -> u128 {
        u128::from(self)
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn pop(self) -> (u8, u64) {
        (self.trailing_zeros() as u8, self & (self - 1))
    }
    #[inline]
    fn shl(self, n: u32) -> u64 {
        self << n
    }
    #[inline]
    fn shr(self, n: u32) -> u64 {
        self >> n
    }
    #[inline]
    fn rotl(self, n: u32) -> u64 {
        self.rotate_left(n)
    }
}

impl SquareSet for u128 {
    const EMPTY: u128 = 0;
    const WIDE: usize = 1;
    const FIRST_STAGE: usize = 0;
    #[inline]
    fn at(i: u8) -> u128 {
        1 << (i & 127)
    }
    #[inline]
    fn from_wide(x: u128) -> u128 {
        x
    }
    #[inline]
    fn wide(self) -> u128 {
        self
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn pop(self) -> (u8, u128) {
        (self.trailing_zeros() as u8, self & (self - 1))
    }
    #[inline]
    fn shl(self, n: u32) -> u128 {
        self << n
    }
    #[inline]
    fn shr(self, n: u32) -> u128 {
        self >> n
    }
    #[inline]
    fn rotl(self, n: u32) -> u128 {
        self.rotate_left(n)
    }
}

/// How a board with a padded [`Layout`] moves: each direction one mask and one rotation (of a
/// 64-bit word when the board's bits fit in one, else of a 128-bit one), and the neighbour
/// table by bit.
#[derive(Clone, Debug)]
pub(crate) struct Padded {
    /// Its [`Layout`]'s number.
    id: u8,
    /// Its [`Layout`].
    order: &'static Layout,
    /// Per [`Direction`]: the squares that have a neighbour that way (bits).
    masks: [u128; 8],
    /// In a 64-bit word, then in a 128-bit one: per [`Direction`], the left rotation that
    /// moves each square of its mask onto its neighbour.
    rotations: [[u32; 8]; 2],
    /// One more than the highest bit a square has.
    bits: u32,
    /// Per bit, per [`Direction`], the neighbour's bit or `NONE` (as
    /// [`Geometry::neighbour_table`]).
    neighbours: Vec<[u8; 8]>,
}

impl Padded {
    /// The first of the board's candidate layouts (the internal order, then for rows of `k`
    /// squares the two padded ones) that fits in 128 bits and gives each direction one offset.
    fn of(nb: &[[u8; 8]], row_len: Option<usize>) -> Option<Padded> {
        let mut ids = vec![0];
        if let Some(k) = row_len.filter(|k| (4..=13).contains(k)) {
            ids.extend([layout_number(k, 0), layout_number(k, k)]);
        }
        // One that fits in a 64-bit word first.
        let fits = ids
            .iter()
            .find_map(|&id| Padded::with(nb, id as u8).filter(Padded::narrow));
        fits.or_else(|| ids.into_iter().find_map(|id| Padded::with(nb, id as u8)))
    }

    fn with(nb: &[[u8; 8]], id: u8) -> Option<Padded> {
        let to_pad = &layout(id).to_pad;
        if nb.len() > 128 || to_pad[..nb.len()].contains(&NONE) {
            return None;
        }
        let bits = to_pad[..nb.len()]
            .iter()
            .map(|&p| u32::from(p) + 1)
            .max()
            .unwrap_or(0);
        let mut masks = [0u128; 8];
        let mut rotations = [[0u32; 8]; 2];
        let mut neighbours = vec![[NONE; 8]; 128];
        for d in 0..8 {
            let mut offset = None;
            for (i, row) in nb.iter().enumerate() {
                if row[d] == NONE {
                    continue;
                }
                let (from, to) = (to_pad[i], to_pad[usize::from(row[d])]);
                let o = i32::from(to) - i32::from(from);
                if *offset.get_or_insert(o) != o {
                    return None;
                }
                masks[d] |= 1 << from;
                neighbours[usize::from(from)][d] = to;
            }
            let o = offset.unwrap_or(0);
            rotations[0][d] = o.rem_euclid(64) as u32;
            rotations[1][d] = o.rem_euclid(128) as u32;
        }
        Some(Padded {
            id,
            order: layout(id),
            masks,
            rotations,
            bits,
            neighbours,
        })
    }

    /// The `dir` neighbours of the squares in `set`: one mask and one rotation.
    #[inline]
    pub(crate) fn shift<B: SquareSet>(&self, set: B, dir: Direction) -> B {
        let d = dir as usize;
        (set & B::from_wide(self.masks[d])).rotl(self.rotations[B::WIDE][d])
    }

    /// The board's bits fit in one 64-bit word.
    #[inline]
    pub(crate) fn narrow(&self) -> bool {
        self.bits <= 64
    }

    /// Its bit order.
    #[inline]
    pub(crate) fn order(&self) -> &'static Layout {
        self.order
    }

    /// Per bit, per direction, the neighbour's bit or [`NO_SQUARE`].
    #[inline]
    pub(crate) fn neighbour_table(&self) -> &[[u8; 8]] {
        &self.neighbours
    }
}

/// Per [`Direction`], two groups (mask, left rotation) of [`Geometry::shifts64`].
pub(crate) type Shifts64 = [[(u64, u32); 2]; 8];

/// [`Geometry::shift`] on a board whose groups are `s` ([`Geometry::shifts64`]): two masked
/// rotations, no branch.
#[inline]
pub(crate) fn shift64(s: &Shifts64, set: u64, dir: Direction) -> u64 {
    let [(m0, r0), (m1, r1)] = s[dir as usize];
    (set & m0).rotate_left(r0) | (set & m1).rotate_left(r1)
}

/// Most groups of squares with one index offset to their neighbour, per direction. Checkered
/// boards need 2 (rows alternate), full boards 1.
const MAX_SHIFTS: usize = 4;

/// Largest number of playable squares supported (12×12 boards have 72; full 8×8 boards 64).
pub const MAX_SQUARES: usize = 128;

/// Why a [`BoardSpec`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeometryError(pub String);

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GeometryError {}

/// A text that names no playable square of a board (see [`Geometry::parse_square`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    text: String,
}

impl ParseSquareError {
    /// The text as given.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a playable square on this board",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl Geometry {
    /// Builds the geometry of a board.
    ///
    /// ```
    /// use pdn::geometry::{BoardSpec, Corner, Geometry, Notation};
    /// use pdn::Color;
    /// let g = Geometry::new(BoardSpec {
    ///     width: 10, height: 10, notation: Notation::Numeric, corner: Corner::TopLeft,
    ///     first_player: Color::White, invert: false, all_squares: false,
    /// }).unwrap();
    /// assert_eq!(g.len(), 50);
    /// let s1 = g.parse_square("1").unwrap();
    /// assert_eq!((g.info(s1).file, g.info(s1).rank), (1, 9)); // b10
    /// ```
    ///
    /// # Errors
    /// When the board is empty, too large, or has more playable squares than [`MAX_SQUARES`].
    pub fn new(spec: BoardSpec) -> Result<Geometry, GeometryError> {
        let (w, h) = (spec.width as usize, spec.height as usize);
        if w == 0 || h == 0 || w > 26 || h > 26 {
            return Err(GeometryError(format!(
                "a {w}×{h} board is not supported (1 to 26 columns and rows)"
            )));
        }
        let playable =
            |file: usize, rank: usize| spec.all_squares || ((file + rank) % 2 == 0) != spec.invert;
        let count = (0..w * h).filter(|&i| playable(i % w, i / w)).count();
        if count > MAX_SQUARES {
            return Err(GeometryError(format!(
                "a {w}×{h} board has {count} playable squares; at most {MAX_SQUARES} are supported"
            )));
        }
        // Numbering starts in the corner as White sees it.
        let corner = match spec.first_player {
            Color::White => spec.corner,
            Color::Black => spec.corner.rotated(),
        };
        let (from_top, from_right) = match corner {
            Corner::BottomLeft => (false, false),
            Corner::BottomRight => (false, true),
            Corner::TopLeft => (true, false),
            Corner::TopRight => (true, true),
        };
        // Algebraic names always follow their own corner; the internal order for algebraic boards
        // is bottom row first, left to right, whatever the corner.
        let (order_top, order_right) = match spec.notation {
            Notation::Numeric => (from_top, from_right),
            Notation::Algebraic => (false, false),
        };
        let mut squares = Vec::with_capacity(count);
        let mut by_coord = vec![NONE; w * h];
        for r in 0..h {
            let rank = if order_top { h - 1 - r } else { r };
            for c in 0..w {
                let file = if order_right { w - 1 - c } else { c };
                if !playable(file, rank) {
                    continue;
                }
                let index = squares.len();
                let label = match spec.notation {
                    Notation::Numeric => (index + 1).to_string(),
                    Notation::Algebraic => {
                        let col = if from_right { w - 1 - file } else { file };
                        let row = if from_top { h - 1 - rank } else { rank };
                        format!("{}{}", (b'a' + col as u8) as char, row + 1)
                    }
                };
                by_coord[file + rank * w] = index as u8;
                squares.push(SquareInfo {
                    file: file as u8,
                    rank: rank as u8,
                    label,
                });
            }
        }
        let mut neighbours = vec![[NONE; 8]; squares.len()];
        for (i, info) in squares.iter().enumerate() {
            for (d, dir) in Direction::ALL.into_iter().enumerate() {
                let (dx, dy) = dir.delta();
                // Orthogonal neighbours on a checkered board are two columns or rows away.
                let step = if d >= 4 && !spec.all_squares { 2 } else { 1 };
                let f = i32::from(info.file) + dx * step;
                let r = i32::from(info.rank) + dy * step;
                if f >= 0 && r >= 0 && (f as usize) < w && (r as usize) < h {
                    neighbours[i][d] = by_coord[f as usize + r as usize * w];
                }
            }
        }
        let mut shifts = [[(0i32, 0u128); MAX_SHIFTS]; 8];
        let mut n_shifts = [0u8; 8];
        for (i, nb) in neighbours.iter().enumerate() {
            for d in 0..8 {
                if nb[d] == NONE {
                    continue;
                }
                let offset = i32::from(nb[d]) - i as i32;
                let used = &mut shifts[d][..n_shifts[d] as usize];
                if let Some(group) = used.iter_mut().find(|g| g.0 == offset) {
                    group.1 |= 1 << i;
                } else if (n_shifts[d] as usize) < MAX_SHIFTS {
                    shifts[d][n_shifts[d] as usize] = (offset, 1 << i);
                    n_shifts[d] += 1;
                } else {
                    return Err(GeometryError(format!(
                        "a {w}×{h} board's neighbours do not follow a regular pattern"
                    )));
                }
            }
        }
        let short_labels = squares
            .iter()
            .map(|info| {
                // At most 26 files and rows, and 128 squares: three bytes at most.
                let b = info.label.as_bytes();
                let k = b.len().min(3);
                let mut l = [0u8; 4];
                l[..k].copy_from_slice(&b[..k]);
                l[3] = k as u8;
                l
            })
            .collect();
        // A masked square's neighbour lies inside the word, so rotating by the offset (mod 64)
        // moves it exactly where a shift would, whichever way the offset points.
        let shifts64 = (squares.len() <= 64 && n_shifts.iter().all(|&n| n <= 2)).then(|| {
            let mut out = [[(0u64, 0u32); 2]; 8];
            for d in 0..8 {
                for (k, &(offset, mask)) in shifts[d][..n_shifts[d] as usize].iter().enumerate() {
                    out[d][k] = (mask as u64, offset.rem_euclid(64) as u32);
                }
            }
            out
        });
        let row_len = (!spec.all_squares && w % 2 == 0).then_some(w / 2);
        let padded = Padded::of(&neighbours, row_len).map(Box::new);
        let order = layout(padded.as_ref().map_or(0, |p| p.id));
        let promotion = [h - 1, 0].map(|last| {
            squares
                .iter()
                .enumerate()
                .filter(|(_, info)| usize::from(info.rank) == last)
                .fold(0u128, |set, (i, _)| set | 1 << order.bit_of(i as u8))
        });
        Ok(Geometry {
            spec,
            squares,
            by_coord,
            neighbours,
            short_labels,
            shifts,
            n_shifts,
            shifts64,
            padded,
            promotion,
        })
    }

    /// The board description this geometry was built from.
    #[must_use]
    pub const fn spec(&self) -> &BoardSpec {
        &self.spec
    }

    /// Number of playable squares.
    #[must_use]
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// `true` when the board has no playable square (never, for a built geometry).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// Every playable square with its coordinates and label, in internal order.
    #[must_use]
    pub fn squares(&self) -> &[SquareInfo] {
        &self.squares
    }

    /// Coordinates and label of `sq`.
    #[must_use]
    pub fn info(&self, sq: Square) -> &SquareInfo {
        &self.squares[sq.index()]
    }

    /// The square's name in the game's notation (`"32"`, `"c3"`): the text form of a square,
    /// which [`Geometry::parse_square`] reads back.
    #[must_use]
    pub fn label(&self, sq: Square) -> &str {
        &self.squares[sq.index()].label
    }

    /// The label of `sq` in three bytes (padded with zeros) and its length in the fourth (every
    /// label has at most three bytes: boards have at most 26 files and rows, and 128 squares).
    pub(crate) fn short_label(&self, sq: Square) -> [u8; 4] {
        self.short_labels[sq.index()]
    }

    /// The playable square at `file`, `rank` (White's view), if any.
    #[must_use]
    pub fn at(&self, file: u8, rank: u8) -> Option<Square> {
        let (w, h) = (self.spec.width, self.spec.height);
        if file >= w || rank >= h {
            return None;
        }
        let i = self.by_coord[file as usize + rank as usize * w as usize];
        (i != NONE).then_some(Square(i))
    }

    /// The next playable square from `sq` in direction `dir`.
    #[inline]
    #[must_use]
    pub fn step(&self, sq: Square, dir: Direction) -> Option<Square> {
        let n = self.neighbours[sq.index()][dir as usize];
        (n != NONE).then_some(Square(n))
    }

    /// The neighbour table: per square (internal index), per [`Direction`] (as `usize`), the
    /// index of the next playable square, or [`NO_SQUARE`]. For move generators' inner loops.
    #[inline]
    #[must_use]
    pub fn neighbour_table(&self) -> &[[u8; 8]] {
        &self.neighbours
    }

    /// The squares that are the `dir` neighbours of the squares in `set` (bit per internal
    /// index): all of them at once, for move generation.
    ///
    /// ```
    /// # use pdn::{Variant, geometry::{Direction, Geometry}};
    /// let g = Geometry::new(Variant::International.board()).unwrap();
    /// let sq = |n: &str| 1u128 << g.parse_square(n).unwrap().0;
    /// assert_eq!(g.shift(sq("32") | sq("46"), Direction::NorthWest), sq("27"));
    /// ```
    #[inline]
    #[must_use]
    pub fn shift(&self, set: u128, dir: Direction) -> u128 {
        let d = dir as usize;
        // Boards of up to 64 squares (all but 12×12) shift in one machine word, with two
        // rotations and no branch: a 128-bit shift by a variable amount costs several
        // instructions.
        if let Some(s) = &self.shifts64 {
            return u128::from(shift64(s, set as u64, dir));
        }
        let parts = &self.shifts[d][..self.n_shifts[d] as usize];
        let mut out = 0;
        for &(offset, mask) in parts {
            let part = set & mask;
            out |= if offset >= 0 {
                part << offset
            } else {
                part >> -offset
            };
        }
        out
    }

    /// The groups of [`Geometry::shift`] as masked rotations of one 64-bit word, when the board
    /// has them (every board of up to 64 squares but 12×12 ones): for move generation's set
    /// operations, with [`shift64`].
    #[inline]
    pub(crate) fn shifts64(&self) -> Option<&Shifts64> {
        self.shifts64.as_ref()
    }

    /// The board in its padded layout (at most 128 bits, each direction one shift), when it has
    /// one: every board of the variant table.
    #[inline]
    pub(crate) fn padded(&self) -> Option<&Padded> {
        self.padded.as_deref()
    }

    /// The bit of `sq` in the board's own bit order: the order in which a
    /// [`crate::Position`] on this board keeps its sets ([`crate::Position::sets_in`]). A padded
    /// order where the board has one (every checkered board of the variant table: rows of
    /// squares with a ghost bit after every two, so that each direction is one shift; Turkish
    /// keeps its internal order, which already has one offset a direction), else the internal
    /// index itself. For an engine's evaluation, whose masks built in this order
    /// read the position's sets as they are.
    ///
    /// ```
    /// # use pdn::{Variant, geometry::Geometry};
    /// let g = Geometry::new(Variant::International.board()).unwrap();
    /// let bit = |n: &str| g.bit_of(g.parse_square(n).unwrap());
    /// assert_eq!((bit("1"), bit("10"), bit("11"), bit("50")), (0, 9, 11, 53));
    /// ```
    #[must_use]
    pub fn bit_of(&self, sq: Square) -> u8 {
        layout(self.layout_id()).bit_of(sq.0)
    }

    /// The number of the [`Layout`] a position on this board keeps its sets in: the padded
    /// one, or 0 (internal order).
    #[inline]
    pub(crate) fn layout_id(&self) -> u8 {
        self.padded.as_ref().map_or(0, |p| p.id)
    }

    /// The squares where `color`'s men are crowned, as bits of the board's order
    /// ([`Geometry::bit_of`]).
    #[inline]
    pub(crate) fn promotion_bits(&self, color: Color) -> u128 {
        self.promotion[color as usize]
    }

    /// `true` when a man of `color` on `sq` stands on its promotion row.
    #[must_use]
    pub fn is_promotion_row(&self, sq: Square, color: Color) -> bool {
        let rank = self.squares[sq.index()].rank;
        match color {
            Color::White => rank + 1 == self.spec.height,
            Color::Black => rank == 0,
        }
    }

    /// Reads a square written in the game's notation. Numbers may have leading zeros (`05`);
    /// algebraic names are matched without regard to case.
    ///
    /// ```
    /// # use pdn::geometry::{BoardSpec, Corner, Geometry, Notation};
    /// # use pdn::Color;
    /// let g = Geometry::new(BoardSpec { width: 8, height: 8, notation: Notation::Algebraic,
    ///     corner: Corner::BottomLeft, first_player: Color::White, invert: false,
    ///     all_squares: false }).unwrap();
    /// let c3 = g.parse_square("c3").unwrap();
    /// assert_eq!(g.label(c3), "c3");
    /// assert!(g.parse_square("d3").is_err()); // a light square
    /// assert_eq!(
    ///     g.parse_square("i9").unwrap_err().to_string(),
    ///     "\"i9\" is not a playable square on this board"
    /// );
    /// ```
    ///
    /// # Errors
    /// When the text names no playable square of this board.
    pub fn parse_square(&self, text: &str) -> Result<Square, ParseSquareError> {
        self.square_of(text.as_bytes())
            .ok_or_else(|| ParseSquareError {
                text: text.to_string(),
            })
    }

    /// [`Geometry::parse_square`] on bytes, without an error value: for the replay's hot path.
    pub(crate) fn square_of(&self, bytes: &[u8]) -> Option<Square> {
        match self.spec.notation {
            Notation::Numeric => {
                if bytes.is_empty() || bytes.len() > 4 || !bytes.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                let n = bytes
                    .iter()
                    .fold(0usize, |n, &d| n * 10 + usize::from(d - b'0'));
                self.numbered(n)
            }
            Notation::Algebraic => {
                let (&letter, digits) = bytes.split_first()?;
                if !letter.is_ascii_alphabetic()
                    || digits.is_empty()
                    || digits.len() > 2
                    || !digits.iter().all(u8::is_ascii_digit)
                {
                    return None;
                }
                let col = letter.to_ascii_lowercase() - b'a';
                let row = digits.iter().fold(0u8, |n, &d| n * 10 + (d - b'0'));
                if row == 0 || col >= self.spec.width || row > self.spec.height {
                    return None;
                }
                let row = row - 1;
                let (from_top, from_right) = self.algebraic_origin();
                let file = if from_right {
                    self.spec.width - 1 - col
                } else {
                    col
                };
                let rank = if from_top {
                    self.spec.height - 1 - row
                } else {
                    row
                };
                self.at(file, rank)
            }
        }
    }

    /// The square numbered `n` on a board named by numbers (its index is the number less one);
    /// `None` off the board or on an algebraic board.
    pub(crate) fn numbered(&self, n: usize) -> Option<Square> {
        (self.spec.notation == Notation::Numeric && (1..=self.squares.len()).contains(&n))
            .then(|| Square((n - 1) as u8))
    }

    fn algebraic_origin(&self) -> (bool, bool) {
        let corner = match self.spec.first_player {
            Color::White => self.spec.corner,
            Color::Black => self.spec.corner.rotated(),
        };
        match corner {
            Corner::BottomLeft => (false, false),
            Corner::BottomRight => (false, true),
            Corner::TopLeft => (true, false),
            Corner::TopRight => (true, true),
        }
    }
}

#[cfg(test)]
mod tests;
