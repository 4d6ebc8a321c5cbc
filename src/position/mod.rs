//! Legal positions and legal moves: the rules engine.
//!
//! A [`Position`] is three bit sets over the internal square indices of a
//! [`Geometry`] plus the side to move; it does not own its board, so
//! every operation takes the [`Ruleset`] (board and rules) it is played under.

use std::fmt;

use crate::fen::{ParseFenError, Setup};
use crate::geometry::{
    BoardSpec, Direction, Geometry, Layout, NO_SQUARE, Square, SquareSet, layout, shift64,
};
use crate::types::{Color, Piece, Role};
use crate::variant::{CapturePriority, Lines, Rules, Variant};

/// A board together with the rules played on it.
#[derive(Clone, Debug)]
pub struct Ruleset {
    /// The variant, when the rules are a known variant's.
    pub variant: Variant,
    /// Squares, names and neighbours.
    pub geometry: Geometry,
    /// The move-generation switches.
    pub rules: Rules,
}

impl Ruleset {
    /// The ruleset of a variant, or `None` while its rules are not implemented.
    ///
    /// ```
    /// use pdn::{Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// assert_eq!(rs.geometry.len(), 50);
    /// ```
    #[must_use]
    pub fn of(variant: Variant) -> Option<Ruleset> {
        let rules = variant.rules()?;
        let geometry = Geometry::new(variant.board()).ok()?;
        Some(Ruleset {
            variant,
            geometry,
            rules,
        })
    }

    /// The ruleset of the game a GameType tag value names (lidraughts' private numbers too: see
    /// [`crate::GameType::variant_played`]), or why there is none.
    ///
    /// ```
    /// use pdn::{Ruleset, Variant};
    /// assert_eq!(Ruleset::of_gametype("25").unwrap().variant, Variant::Russian);
    /// assert_eq!(Ruleset::of_gametype("98").unwrap().variant, Variant::International);
    /// assert_eq!(
    ///     Ruleset::of_gametype("1").unwrap_err().to_string(),
    ///     "\"1\" is not a draughts GameType"
    /// );
    /// ```
    ///
    /// # Errors
    /// The text names no draughts variant, or one whose rules are not implemented.
    pub fn of_gametype(text: &str) -> Result<Ruleset, RulesetError> {
        let variant = crate::GameType::parse(text)
            .ok()
            .and_then(|g| g.variant_played())
            .ok_or_else(|| RulesetError::NotDraughts(text.to_string()))?;
        Ruleset::of(variant).ok_or(RulesetError::NotImplemented(variant))
    }

    /// The variant's starting position.
    #[must_use]
    pub fn start_position(&self) -> Position {
        start_position(self.variant, &self.geometry)
    }
}

/// The usual starting position of `variant` ([`VariantInfo::start`](crate::variant::VariantInfo::start))
/// on its board `g`, which may number the squares otherwise (also for variants whose rules are not
/// implemented, so their board can still be shown).
///
/// ```
/// use pdn::{geometry::Geometry, position::start_position, Variant};
/// let g = Geometry::new(Variant::Frisian.board()).unwrap();
/// assert_eq!(start_position(Variant::Frisian, &g).count(pdn::Color::Black), 20);
/// ```
#[must_use]
pub fn start_position(variant: Variant, g: &Geometry) -> Position {
    // Set up once per variant and board (a board is its spec): every replay and every mainline
    // read starts here, and setting up costs about a thousand instructions.
    thread_local! {
        static SET_UP: std::cell::RefCell<Vec<(Variant, BoardSpec, Position)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    let spec = *g.spec();
    SET_UP.with(|cache| {
        if let Some(&(_, _, p)) = cache
            .borrow()
            .iter()
            .find(|(v, s, _)| *v == variant && *s == spec)
        {
            return p;
        }
        let p = set_up(variant, g);
        cache.borrow_mut().push((variant, spec, p));
        p
    })
}

/// [`start_position`] worked out.
fn set_up(variant: Variant, g: &Geometry) -> Position {
    let height = g.spec().height;
    // Ranks (from White's side) that each side fills.
    let start = variant.info().start;
    let (first, last) = (start.gap, start.gap + start.rows - 1);
    let (white_ranks, black_ranks) = (first..=last, height - 1 - last..=height - 1 - first);
    let mut pos = Position::empty(g.spec().first_player);
    for (i, info) in g.squares().iter().enumerate() {
        if white_ranks.contains(&info.rank) {
            pos.white |= 1 << i;
        } else if black_ranks.contains(&info.rank) {
            pos.black |= 1 << i;
        }
    }
    pos.zobrist = pos.zobrist_from_scratch();
    pos.in_layout(g.layout_id())
}

mod fen;
mod generate;
mod moves;
mod perft;
mod play;
#[cfg(test)]
mod tests;
mod written;

pub use generate::Duplicates;
use moves::Generated;
pub use moves::{CompactMove, MAX_CAPTURES, Move, labels_joined};
pub use perft::{perft, perft_with};

/// Room for a FEN of up to `pieces` pieces: the side and two colour marks, then per piece a
/// `K`, a label of at most three bytes (copied as four) and a comma.
const fn fen_room(pieces: usize) -> usize {
    8 + pieces * 6
}

/// One bit per square index (none past 127): a table load costs less than a 128-bit shift by
/// a variable amount, which move generation does at every step.
static BITS: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

#[inline]
fn bit(s: Square) -> u128 {
    bit_at(s.0)
}

#[inline]
fn bit_at(i: u8) -> u128 {
    BITS[usize::from(i)]
}

/// A position: where the pieces are, who is to move, and (Frisian only) how many
/// non-capturing moves in a row each side has made with the same king.
///
/// The king-move counts are part of the position because the Frisian limit
/// ([`Rules::max_king_moves`]) depends on them. A FEN does not carry them, so a position read
/// from a FEN starts with none; in every other variant they stay 0.
///
/// Inside, the three sets are kept in the board's bit order (a padded layout of at most 64 bits
/// where the board has one, see `geometry::Layout`), which the position remembers; everything
/// it shows or takes is by internal square index.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    white: u128,
    black: u128,
    kings: u128,
    turn: Color,
    /// The number of the bit order of the three sets (`geometry::layout`).
    layout: u8,
    /// Per side (white, black): the square of the king that made the last quiet moves.
    king_run_square: [u8; 2],
    /// Per side: how many quiet moves in a row that king has made (0 = none).
    king_run_len: [u8; 2],
    /// The Zobrist key of all the above, kept up to date by every change (see
    /// [`Position::zobrist`]).
    zobrist: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let same = |a: &Position, b: &Position| {
            (
                a.white,
                a.black,
                a.kings,
                a.turn,
                a.king_run_square,
                a.king_run_len,
                a.zobrist,
            ) == (
                b.white,
                b.black,
                b.kings,
                b.turn,
                b.king_run_square,
                b.king_run_len,
                b.zobrist,
            )
        };
        if self.layout == other.layout {
            same(self, other)
        } else {
            same(&self.in_layout(0), &other.in_layout(0))
        }
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Equal positions have equal keys, whatever their bit order.
        self.zobrist.hash(state);
    }
}

/// Zobrist keys: per piece kind (white man, white king, black man, black king), per square.
/// Fixed numbers (splitmix64 from a constant seed), so keys are the same in every build and
/// run: an opening book or an archive index may store them.
static PIECE_KEYS: [[u64; 128]; 4] = {
    let mut t = [[0u64; 128]; 4];
    let mut state = 0x5044_4e5a_6f62_7269u64; // "PDNZobri"
    let mut k = 0;
    while k < 4 {
        let mut i = 0;
        while i < 128 {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            t[k][i] = splitmix(state);
            i += 1;
        }
        k += 1;
    }
    t
};

/// The key added when Black is to move.
const BLACK_TO_MOVE: u64 = splitmix(0x426c_6163_6b21);

/// The splitmix64 finaliser: a fixed, well-mixed 64-bit number from each input.
const fn splitmix(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of a piece (`kind`: 0 white man, 1 white king, 2 black man, 3 black king) on `sq`.
#[inline]
fn piece_key(kind: usize, sq: u8) -> u64 {
    PIECE_KEYS[kind][usize::from(sq & 127)]
}

/// The key of one side's count of quiet king moves (Frisian): 0 when there is none.
#[inline]
const fn run_key(side: usize, square: u8, len: u8) -> u64 {
    if len == 0 {
        0
    } else {
        splitmix((side as u64) << 16 | (square as u64) << 8 | len as u64)
    }
}

/// Why a [`Setup`] is not a usable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square name that is not a playable square of this board.
    BadSquare(String),
    /// Two pieces on one square.
    Occupied(String),
    /// The FEN text itself could not be read.
    Fen(ParseFenError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::BadSquare(s) => {
                write!(f, "\"{s}\" is not a playable square on this board")
            }
            PositionError::Occupied(s) => write!(f, "square {s} holds two pieces"),
            PositionError::Fen(e) => e.fmt(f),
        }
    }
}

impl PositionError {
    /// Its values by name, for [`crate::diagnostic::Diagnostic::args`]: `why` (a key:
    /// `position-bad-square`, `position-occupied`, or the FEN's, see [`ParseFenError::args`])
    /// and the `square` or `value`.
    #[must_use]
    pub fn args(&self) -> Vec<crate::diagnostic::Arg> {
        match self {
            PositionError::BadSquare(s) => vec![
                ("why", "position-bad-square".to_string()),
                ("square", s.clone()),
            ],
            PositionError::Occupied(s) => vec![
                ("why", "position-occupied".to_string()),
                ("square", s.clone()),
            ],
            PositionError::Fen(e) => e.args(),
        }
    }
}

/// Why a GameType names no rules to play by ([`Ruleset::of_gametype`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesetError {
    /// Not a draughts GameType (the text as given).
    NotDraughts(String),
    /// A draughts variant whose rules are not written yet.
    NotImplemented(Variant),
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetError::NotDraughts(g) => write!(f, "\"{g}\" is not a draughts GameType"),
            RulesetError::NotImplemented(v) => {
                write!(f, "the rules of {v} draughts are not implemented yet")
            }
        }
    }
}

impl std::error::Error for RulesetError {}

impl std::error::Error for PositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PositionError::Fen(e) => Some(e),
            _ => None,
        }
    }
}

impl Position {
    /// An empty board with `turn` to move.
    #[must_use]
    pub const fn empty(turn: Color) -> Position {
        Position {
            white: 0,
            black: 0,
            kings: 0,
            turn,
            layout: 0,
            king_run_square: [0; 2],
            king_run_len: [0; 2],
            zobrist: match turn {
                Color::White => 0,
                Color::Black => BLACK_TO_MOVE,
            },
        }
    }

    /// The position's Zobrist key: a 64-bit hash of the pieces, the side to move and (Frisian)
    /// the counts of quiet king moves, kept up to date move by move by [`Position::play`], for
    /// transposition tables and position indexes. Equal positions have equal keys; the keys
    /// are the same in every build.
    ///
    /// ```
    /// use pdn::{Color, Position, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let start = rs.start_position();
    /// let moves = start.legal_moves(&rs);
    /// let after = start.play(&moves[0]);
    /// let fen = after.to_fen(&rs.geometry);
    /// let read = Position::from_fen(&fen, &rs.geometry, Color::White).unwrap();
    /// assert_eq!(after.zobrist(), read.zobrist());
    /// assert_ne!(after.zobrist(), start.zobrist());
    /// ```
    #[must_use]
    pub const fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// The Zobrist key computed from the whole position, square by square (what
    /// [`Position::zobrist`] keeps up to date incrementally).
    #[must_use]
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut key = match self.turn {
            Color::White => 0,
            Color::Black => BLACK_TO_MOVE,
        };
        let p = self.in_layout(0);
        for (kind, set) in [
            p.white & !p.kings,
            p.white & p.kings,
            p.black & !p.kings,
            p.black & p.kings,
        ]
        .into_iter()
        .enumerate()
        {
            let mut bits = set;
            while bits != 0 {
                key ^= piece_key(kind, bits.trailing_zeros() as u8);
                bits &= bits - 1;
            }
        }
        for side in 0..2 {
            key ^= run_key(side, self.king_run_square[side], self.king_run_len[side]);
        }
        key
    }

    /// Places the pieces of a FEN setup on a board. `?` as the side to move becomes `default_turn`.
    ///
    /// ```
    /// use pdn::{Position, Ruleset, Setup, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let setup = Setup::parse("W:W31-50:B1-20").unwrap();
    /// let pos = Position::from_setup(&setup, &rs.geometry, pdn::Color::White).unwrap();
    /// assert_eq!(pos, rs.start_position());
    /// ```
    ///
    /// # Errors
    /// When a square is not on the board or is given twice.
    pub fn from_setup(
        setup: &Setup,
        g: &Geometry,
        default_turn: Color,
    ) -> Result<Position, PositionError> {
        let mut pos = Position::empty(setup.turn.unwrap_or(default_turn));
        pos.layout = g.layout_id();
        for (color, role, label) in &setup.pieces {
            let sq = g
                .parse_square(label)
                .map_err(|_| PositionError::BadSquare(label.clone()))?;
            if pos.piece_at(sq).is_some() {
                return Err(PositionError::Occupied(label.clone()));
            }
            pos.put(
                sq,
                Piece {
                    color: *color,
                    role: *role,
                },
            );
        }
        Ok(pos)
    }

    /// A position on the board `g` with `pieces` (by internal square index) and `turn` to move,
    /// without reading square names: for programs that enumerate positions (an endgame
    /// database). `None` when a square is not on the board or is given twice.
    ///
    /// ```
    /// use pdn::{Color, Piece, Position, Role, Ruleset, Square, Variant};
    /// let rs = Ruleset::of(Variant::English).unwrap();
    /// let g = &rs.geometry;
    /// let king = Piece { color: Color::White, role: Role::King };
    /// let pos = Position::from_pieces(g, Color::Black, &[(Square(0), king)]).unwrap();
    /// assert_eq!(pos, Position::from_fen("B:WK1", g, Color::White).unwrap());
    /// assert!(Position::from_pieces(g, Color::White, &[(Square(0), king), (Square(0), king)]).is_none());
    /// assert!(Position::from_pieces(g, Color::White, &[(Square(32), king)]).is_none());
    /// ```
    #[must_use]
    pub fn from_pieces(g: &Geometry, turn: Color, pieces: &[(Square, Piece)]) -> Option<Position> {
        let mut pos = Position::empty(turn);
        pos.layout = g.layout_id();
        for &(sq, piece) in pieces {
            if usize::from(sq.0) >= g.len() || pos.piece_at(sq).is_some() {
                return None;
            }
            pos.put(sq, piece);
        }
        Some(pos)
    }

    /// Reads a FEN and places its pieces: [`Setup::parse`] then [`Position::from_setup`].
    ///
    /// ```
    /// use pdn::{Color, Position, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let pos = Position::from_fen("B:W28:B19", &rs.geometry, Color::White).unwrap();
    /// assert_eq!(pos.turn(), Color::Black);
    /// assert!(Position::from_fen("W:W51", &rs.geometry, Color::White).is_err());
    /// ```
    ///
    /// # Errors
    /// When the FEN cannot be read, or names a square that is not on the board or twice.
    pub fn from_fen(
        fen: &str,
        g: &Geometry,
        default_turn: Color,
    ) -> Result<Position, PositionError> {
        let setup = Setup::parse(fen).map_err(PositionError::Fen)?;
        Position::from_setup(&setup, g, default_turn)
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = self.bit(sq);
        let color = if self.white & b != 0 {
            Color::White
        } else if self.black & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings & b != 0 {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    fn put(&mut self, sq: Square, piece: Piece) {
        let b = self.bit(sq);
        match piece.color {
            Color::White => self.white |= b,
            Color::Black => self.black |= b,
        }
        if piece.role == Role::King {
            self.kings |= b;
        }
        let kind = piece.color as usize * 2 + usize::from(piece.role == Role::King);
        self.zobrist ^= piece_key(kind, sq.0);
    }

    /// The layout the sets are kept in.
    #[inline]
    fn order(&self) -> &'static Layout {
        layout(self.layout)
    }

    /// The bit of internal square `sq` in this position's sets.
    #[inline]
    fn bit(&self, sq: Square) -> u128 {
        bit_at(self.order().bit_of(sq.0))
    }

    /// A set of this position's (in its bit order) by internal square index.
    #[inline]
    fn by_square(&self, set: u128) -> u128 {
        if self.layout == 0 {
            set
        } else {
            // In one machine word where the set fits (every board but the 12×12 ones).
            match u64::try_from(set) {
                Ok(narrow) => u128::from(self.order().unspread(narrow)),
                Err(_) => self.order().unspread(set),
            }
        }
    }

    /// The same position with its sets in layout `id`.
    #[must_use]
    pub(crate) fn in_layout(&self, id: u8) -> Position {
        if self.layout == id {
            return *self;
        }
        let mut p = *self;
        let to = layout(id);
        let move_set = |set: u128| {
            let set = self.by_square(set);
            if id == 0 { set } else { to.spread(set) }
        };
        (p.white, p.black, p.kings) = (
            move_set(self.white),
            move_set(self.black),
            move_set(self.kings),
        );
        p.layout = id;
        p
    }

    const fn side(&self, c: Color) -> u128 {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Number of pieces of `color`.
    #[must_use]
    pub const fn count(&self, color: Color) -> u32 {
        self.side(color).count_ones()
    }

    /// Number of kings of `color` (whatever the bit order: no translation).
    #[must_use]
    pub fn count_kings(&self, color: Color) -> u32 {
        (self.side(color) & self.kings).count_ones()
    }

    /// The squares of `color`'s pieces, a bit per internal square index (as [`Move::captured`]).
    /// For code that reads a whole board at once, as an engine's evaluation does.
    ///
    /// ```
    /// use pdn::{Color, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let start = rs.start_position();
    /// assert_eq!(start.pieces(Color::White).count_ones(), 20);
    /// assert_eq!(start.kings(), 0);
    /// ```
    #[must_use]
    pub fn pieces(&self, color: Color) -> u128 {
        self.by_square(self.side(color))
    }

    /// The squares of the kings of both sides, a bit per internal square index.
    #[must_use]
    pub fn kings(&self) -> u128 {
        self.by_square(self.kings)
    }

    /// White's pieces, Black's and the kings, a bit per square in the bit order of the board
    /// `g` ([`Geometry::bit_of`]), not by internal index: what the position keeps, as it is
    /// (a position built on `g`, or played from one, is in `g`'s order; any other is moved to
    /// it). For an engine's evaluation, whose masks are built once in that order; everything
    /// else reads [`Position::pieces`] and [`Position::kings`].
    ///
    /// ```
    /// use pdn::{Color, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let g = &rs.geometry;
    /// let [white, _, kings] = rs.start_position().sets_in(g);
    /// assert_eq!(white.count_ones(), 20);
    /// assert_eq!(white >> g.bit_of(g.parse_square("31").unwrap()) & 1, 1);
    /// assert_eq!(kings, 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn sets_in(&self, g: &Geometry) -> [u128; 3] {
        let id = g.layout_id();
        if self.layout == id {
            // The sets read as they are, not a copy of the whole position: a search reads
            // them just after the position was built, and a copy in wide pieces of what was
            // written in narrow ones waits for the writes to reach the cache.
            return [self.white, self.black, self.kings];
        }
        let p = self.in_layout(id);
        [p.white, p.black, p.kings]
    }
}
