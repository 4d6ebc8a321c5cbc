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

/// Largest number of pieces one move can capture (and so of landing squares in a path).
pub const MAX_CAPTURES: usize = 40;

/// A legal move: where the piece starts, every square it lands on, and what it captures.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it ends on.
    pub to: Square,
    /// Set of captured squares (bit per internal index).
    pub captured: u128,
    /// The piece is crowned by this move.
    pub promotes: bool,
    /// Landing squares after each capture (just `to` for a quiet move).
    legs: [u8; MAX_CAPTURES],
    n_legs: u8,
    /// Captured squares in the order they were jumped.
    taken: [u8; MAX_CAPTURES],
    /// A non-capturing king move that counts towards [`Rules::max_king_moves`].
    counted_king_move: bool,
}

impl Move {
    /// `true` when the move captures.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Number of captured pieces.
    #[must_use]
    pub const fn capture_count(&self) -> usize {
        self.captured.count_ones() as usize
    }

    /// The squares the piece stands on: start, each landing square, end.
    #[must_use]
    pub fn path(&self) -> Vec<Square> {
        let mut p = Vec::with_capacity(self.n_legs as usize + 1);
        p.push(self.from);
        p.extend(self.legs[..self.n_legs as usize].iter().map(|&s| Square(s)));
        p
    }

    /// Captured squares, in the order they were jumped.
    #[must_use]
    pub fn captured_squares(&self) -> Vec<Square> {
        self.taken[..self.capture_count()]
            .iter()
            .map(|&s| Square(s))
            .collect()
    }

    /// Every square the piece passes over or lands on, in order, from `from` to `to`, except
    /// the captured squares. Written intermediate squares of a PDN move must appear here.
    #[must_use]
    pub fn trajectory(&self, g: &Geometry) -> Vec<Square> {
        let mut out = vec![self.from];
        let mut cur = self.from;
        for &leg in &self.legs[..self.n_legs as usize] {
            let target = Square(leg);
            if let Some(dir) = direction_between(g, cur, target) {
                let mut s = cur;
                while s != target {
                    let Some(next) = g.step(s, dir) else { break };
                    s = next;
                    if self.captured & bit(s) == 0 {
                        out.push(s);
                    }
                }
                if s != target {
                    out.push(target);
                }
            } else {
                out.push(target);
            }
            cur = target;
        }
        out
    }

    /// For each captured piece, the squares the piece could have landed on after taking it
    /// (the square just behind it up to the landing square, and on to the next captured piece
    /// when the capture goes on in the same direction). PDN 3.0 intermediate squares and the
    /// older "every landing square" form both name one square per zone, in order.
    #[must_use]
    pub fn landing_zones(&self, g: &Geometry) -> Vec<Vec<Square>> {
        let n = self.capture_count();
        let mut zones = Vec::with_capacity(n);
        let mut prev = self.from;
        for i in 0..n {
            let victim = Square(self.taken[i]);
            let land = Square(self.legs[i]);
            let mut zone = Vec::new();
            if let Some(dir) = direction_between(g, prev, victim) {
                let mut s = victim;
                while let Some(next) = g.step(s, dir) {
                    zone.push(next);
                    s = next;
                    if next == land {
                        break;
                    }
                }
                if i + 1 < n {
                    let next_victim = Square(self.taken[i + 1]);
                    if direction_between(g, land, next_victim) == Some(dir) {
                        while let Some(next) = g.step(s, dir) {
                            if next == next_victim {
                                break;
                            }
                            zone.push(next);
                            s = next;
                        }
                    }
                }
            } else {
                zone.push(land);
            }
            zones.push(zone);
            prev = land;
        }
        zones
    }

    /// Writes the move with its full path (`11x18x25`), in the board's notation.
    #[must_use]
    pub fn long_notation(&self, g: &Geometry) -> String {
        let sep = if self.is_capture() { "x" } else { "-" };
        self.path()
            .iter()
            .map(|&s| g.label(s))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// Writes the move as start and end square (`11x25`, `32-28`).
    #[must_use]
    pub fn short_notation(&self, g: &Geometry) -> String {
        let sep = if self.is_capture() { "x" } else { "-" };
        format!("{}{}{}", g.label(self.from), sep, g.label(self.to))
    }

    /// The squares PDN 3.0 (rule 9) writes for a capture in full: the start; then, for every
    /// captured piece but the last, the square where the route turns or, when it goes on
    /// straight, the square just behind that piece; then the end. A quiet move is its start and
    /// end.
    ///
    /// ```
    /// use pdn::{Position, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let g = &rs.geometry;
    /// let pos = Position::from_fen("W:WK47:B14,19,29,31,42", g, pdn::Color::White).unwrap();
    /// let mut written: Vec<String> = pos
    ///     .legal_moves(&rs)
    ///     .iter()
    ///     .map(|m| pdn::position::labels_joined(g, &m.pdn_squares(g), 'x'))
    ///     .collect();
    /// written.sort();
    /// assert_eq!(written, ["47x38x20x9x36", "47x38x24x13x36"]);
    /// ```
    #[must_use]
    pub fn pdn_squares(&self, g: &Geometry) -> Vec<Square> {
        let n = self.capture_count();
        let mut out = vec![self.from];
        let mut prev = self.from;
        for i in 0..n.saturating_sub(1) {
            let victim = Square(self.taken[i]);
            let land = Square(self.legs[i]);
            let dir = direction_between(g, prev, victim);
            let next_dir = direction_between(g, land, Square(self.taken[i + 1]));
            if dir.is_some() && dir == next_dir {
                out.push(dir.and_then(|d| g.step(victim, d)).unwrap_or(land));
            } else {
                out.push(land);
            }
            prev = land;
        }
        out.push(self.to);
        out
    }

    /// The shortest notation PDN 3.0 allows among the `legal` moves of the position: start and
    /// end (`28x19`) unless another legal capture with other pieces shares them, else the full
    /// form of [`Move::pdn_squares`]. `capture` separates the squares of a capture (`x`, or `:`
    /// where the GameType says so).
    #[must_use]
    pub fn shortest_notation(&self, g: &Geometry, legal: &[Move], capture: char) -> String {
        if !self.is_capture() {
            return labels_joined(g, &[self.from, self.to], '-');
        }
        let ambiguous = legal
            .iter()
            .any(|m| m.from == self.from && m.to == self.to && m.captured != self.captured);
        if ambiguous {
            labels_joined(g, &self.pdn_squares(g), capture)
        } else {
            labels_joined(g, &[self.from, self.to], capture)
        }
    }
}

/// Square labels joined by a separator (`47x38x24`).
#[must_use]
pub fn labels_joined(g: &Geometry, squares: &[Square], sep: char) -> String {
    let mut out = String::new();
    for (i, &s) in squares.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        out.push_str(g.label(s));
    }
    out
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({} -> {:?} x {:?})",
            self.from.0,
            &self.legs[..self.n_legs as usize],
            &self.taken[..self.capture_count()]
        )
    }
}

/// A move without its route: where the piece starts and ends, the pieces it takes (as a bit
/// set) and whether it is crowned; a few machine words, for search and perft, where a route is
/// never written. [`Position::route`] gives the routed [`Move`] back when it is to be shown.
///
/// ```
/// use pdn::{position::Duplicates, Ruleset, Variant};
/// let rs = Ruleset::of(Variant::International).unwrap();
/// let start = rs.start_position();
/// let mut moves = Vec::new();
/// start.generate_compact(&rs, Duplicates::Drop, &mut moves);
/// assert_eq!(moves.len(), 9);
/// let routed = start.route(&rs, &moves[0]).unwrap();
/// assert_eq!(start.play_compact(&moves[0]), start.play(&routed));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CompactMove {
    /// Set of captured squares (bit per internal index).
    pub captured: u128,
    /// The square the piece leaves.
    pub from: Square,
    /// The square it ends on.
    pub to: Square,
    /// The piece is crowned by this move.
    pub promotes: bool,
    /// A non-capturing king move that counts towards [`Rules::max_king_moves`].
    counted_king_move: bool,
    /// The order the pieces were taken in, packed (see [`order_key`]): Italian draughts tells
    /// captures of the same pieces in another order apart.
    order: u64,
}

impl CompactMove {
    /// `true` when the move captures.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Number of captured pieces.
    #[must_use]
    pub const fn capture_count(&self) -> usize {
        self.captured.count_ones() as usize
    }
}

impl From<&Move> for CompactMove {
    fn from(m: &Move) -> CompactMove {
        CompactMove {
            captured: m.captured,
            from: m.from,
            to: m.to,
            promotes: m.promotes,
            counted_king_move: m.counted_king_move,
            order: order_key(&m.taken[..m.capture_count()], layout(0).squares()),
        }
    }
}

/// The order of the taken squares (bits whose internal squares `squares` gives) as one word:
/// exact (the count, then five bits a square) for up to 11 squares below 32, so for every
/// Italian capture of up to 11 pieces (the board has 32 squares); a hash of the order otherwise
/// (a 64-bit collision would merge two orders).
fn order_key(taken: &[u8], squares: &[u8; 128]) -> u64 {
    let sq = |s: u8| squares[usize::from(s & 127)];
    // Most captures take one piece: the same word without the loops.
    if let [one] = taken {
        let s = sq(*one);
        if s < 32 {
            return 1 << 5 | u64::from(s);
        }
    }
    if taken.len() <= 11 && taken.iter().all(|&s| sq(s) < 32) {
        taken
            .iter()
            .fold(taken.len() as u64, |k, &s| k << 5 | u64::from(sq(s)))
    } else {
        taken.iter().fold(1 << 63, |k, &s| {
            (k ^ u64::from(sq(s))).wrapping_mul(0x0100_0000_01b3) | 1 << 63
        })
    }
}

/// What the generator builds: a routed [`Move`] or a [`CompactMove`], one search for both.
trait Generated: Copy {
    fn quiet(from: Square, to: Square, promotes: bool, counted: bool) -> Self;
    /// A capture; `legs` and `taken` are bits of a position's order, `squares` their internal
    /// squares.
    fn capture(
        from: Square,
        to: Square,
        captured: u128,
        promotes: bool,
        legs: &[u8],
        taken: &[u8],
        squares: &[u8; 128],
    ) -> Self;
    fn start(&self) -> Square;
    /// The same start, end and captured pieces (`ordered`: taken in the same order).
    fn same_capture(&self, other: &Self, ordered: bool) -> bool;
}

impl Generated for Move {
    #[inline]
    fn quiet(from: Square, to: Square, promotes: bool, counted: bool) -> Move {
        let mut legs = [0; MAX_CAPTURES];
        legs[0] = to.0;
        Move {
            from,
            to,
            captured: 0,
            promotes,
            legs,
            n_legs: 1,
            taken: [0; MAX_CAPTURES],
            counted_king_move: counted,
        }
    }

    #[inline]
    fn capture(
        from: Square,
        to: Square,
        captured: u128,
        promotes: bool,
        route_legs: &[u8],
        route_taken: &[u8],
        squares: &[u8; 128],
    ) -> Move {
        // Only the route's own entries: what deeper routes searched before left past them must
        // not make two equal moves compare unequal.
        let n = route_legs.len();
        let (mut legs, mut taken) = ([0; MAX_CAPTURES], [0; MAX_CAPTURES]);
        for (to, &from) in legs.iter_mut().zip(route_legs) {
            *to = squares[usize::from(from & 127)];
        }
        for (to, &from) in taken.iter_mut().zip(route_taken) {
            *to = squares[usize::from(from & 127)];
        }
        debug_assert!(n <= MAX_CAPTURES);
        Move {
            from,
            to,
            captured,
            promotes,
            legs,
            n_legs: n as u8,
            taken,
            counted_king_move: false,
        }
    }

    #[inline]
    fn start(&self) -> Square {
        self.from
    }

    #[inline]
    fn same_capture(&self, other: &Move, ordered: bool) -> bool {
        let n = self.capture_count();
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && (!ordered || self.taken[..n] == other.taken[..n])
    }
}

impl Generated for CompactMove {
    #[inline]
    fn quiet(from: Square, to: Square, promotes: bool, counted: bool) -> CompactMove {
        CompactMove {
            captured: 0,
            from,
            to,
            promotes,
            counted_king_move: counted,
            order: 0,
        }
    }

    #[inline]
    fn capture(
        from: Square,
        to: Square,
        captured: u128,
        promotes: bool,
        _legs: &[u8],
        taken: &[u8],
        squares: &[u8; 128],
    ) -> CompactMove {
        CompactMove {
            captured,
            from,
            to,
            promotes,
            counted_king_move: false,
            order: order_key(taken, squares),
        }
    }

    #[inline]
    fn start(&self) -> Square {
        self.from
    }

    #[inline]
    fn same_capture(&self, other: &CompactMove, ordered: bool) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && (!ordered || self.order == other.order)
    }
}

fn direction_between(g: &Geometry, a: Square, b: Square) -> Option<Direction> {
    let (ia, ib) = (g.info(a), g.info(b));
    let df = i32::from(ib.file) - i32::from(ia.file);
    let dr = i32::from(ib.rank) - i32::from(ia.rank);
    Some(match (df.signum(), dr.signum()) {
        (1, 1) if df == dr => Direction::NorthEast,
        (-1, 1) if -df == dr => Direction::NorthWest,
        (1, -1) if df == -dr => Direction::SouthEast,
        (-1, -1) if df == dr => Direction::SouthWest,
        (0, 1) => Direction::North,
        (0, -1) => Direction::South,
        (1, 0) => Direction::East,
        (-1, 0) => Direction::West,
        _ => return None,
    })
}

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

    /// The canonical FEN: side to move, then `:W` and `:B` with squares in ascending order and
    /// `K` before kings, no ranges (`W:W31,32,K45:B1,2,3`).
    #[must_use]
    pub fn to_fen(&self, g: &Geometry) -> String {
        let mut s = String::with_capacity(160);
        self.write_fen(g, &mut s);
        s
    }

    /// [`Position::to_fen`] appended to `s`, for writing many FENs without an allocation each.
    ///
    /// ```
    /// use pdn::{Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::English).unwrap();
    /// let mut s = String::from("fen: ");
    /// rs.start_position().write_fen(&rs.geometry, &mut s);
    /// assert_eq!(s, format!("fen: {}", rs.start_position().to_fen(&rs.geometry)));
    /// ```
    pub fn write_fen(&self, g: &Geometry, s: &mut String) {
        self.with_fen(g, |fen| {
            // Whole labels and ASCII letters only: always valid UTF-8.
            s.push_str(std::str::from_utf8(fen).unwrap_or_default());
        });
    }

    /// [`Position::write_fen`] as bytes, for writers that need no `String`: the FEN is ASCII
    /// letters, digits, `:` and `,`, so it needs no escaping in JSON or PDN.
    ///
    /// ```
    /// use pdn::{Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let mut out = b"fen: ".to_vec();
    /// rs.start_position().write_fen_bytes(&rs.geometry, &mut out);
    /// let fen = rs.start_position().to_fen(&rs.geometry);
    /// assert_eq!(out, format!("fen: {fen}").into_bytes());
    /// assert!(fen.starts_with("W:W31,32,"));
    /// ```
    pub fn write_fen_bytes(&self, g: &Geometry, out: &mut Vec<u8>) {
        self.with_fen(g, |fen| out.extend_from_slice(fen));
    }

    /// The FEN's bytes to `f`, built in a buffer on the stack: a small one for up to 40 pieces
    /// (zeroing the longest FEN's 776 bytes for every position was a tenth of `pdn fens`).
    #[inline]
    fn with_fen(&self, g: &Geometry, f: impl FnOnce(&[u8])) {
        if (self.white | self.black).count_ones() <= 40 {
            let mut buf = [0u8; fen_room(40)];
            let n = self.fen_into(g, &mut buf);
            f(&buf[..n]);
        } else {
            let mut buf = [0u8; fen_room(128)];
            let n = self.fen_into(g, &mut buf);
            f(&buf[..n]);
        }
    }

    /// Writes the FEN into `buf` (room for its pieces: [`fen_room`]) and gives its length.
    /// Built as bytes and added in one copy: a push per character, with its UTF-8 encoding and
    /// capacity check, cost more than the rest of a replay step. Each square is a fixed
    /// four-byte copy (its label, padded), then the length is kept. The sets are read in the
    /// position's own bit order, each bit's square looked up (that order keeps the squares').
    fn fen_into<const N: usize>(&self, g: &Geometry, buf: &mut [u8; N]) -> usize {
        let squares = self.order().squares();
        let mut n = 0;
        buf[0] = self.turn.fen_char() as u8;
        n += 1;
        for color in [Color::White, Color::Black] {
            buf[n] = b':';
            buf[n + 1] = color.fen_char() as u8;
            n += 2;
            let set = self.side(color);
            // In two 64-bit halves: bit tricks on a 128-bit word cost twice as much.
            for (half, base) in [(set as u64, 0u8), ((set >> 64) as u64, 64)] {
                let kings = (self.kings >> base) as u64;
                let mut bits = half;
                while bits != 0 {
                    let k = bits.trailing_zeros();
                    bits &= bits - 1;
                    if (kings >> k) & 1 != 0 {
                        buf[n] = b'K';
                        n += 1;
                    }
                    // Labels have at most three bytes (three digits, or a letter and two digits).
                    let label = g.short_label(Square(squares[usize::from(base) + k as usize]));
                    buf[n..n + 4].copy_from_slice(&label);
                    n += usize::from(label[3]);
                    buf[n] = b',';
                    n += 1;
                }
            }
            if buf[n - 1] == b',' {
                n -= 1;
            }
        }
        n
    }

    /// One character per playable square, in internal order: `.` empty, `w`/`W` white man/king,
    /// `b`/`B` black man/king. The page draws the board from this.
    #[must_use]
    pub fn cells(&self, g: &Geometry) -> String {
        let mut s = String::with_capacity(g.len());
        self.write_cells(g, &mut s);
        s
    }

    /// [`Position::cells`] added to `s`, for writers that put many positions in one string.
    ///
    /// ```
    /// use pdn::{Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::English).unwrap();
    /// let mut s = String::from("cells: ");
    /// rs.start_position().write_cells(&rs.geometry, &mut s);
    /// assert_eq!(s, format!("cells: {}", rs.start_position().cells(&rs.geometry)));
    /// ```
    pub fn write_cells(&self, g: &Geometry, s: &mut String) {
        s.extend(
            (0..g.len() as u8).map(|i| self.piece_at(Square(i)).map_or('.', Piece::cell_char)),
        );
    }

    /// The position after `m` (which must be legal here).
    #[must_use]
    pub fn play(&self, m: &Move) -> Position {
        self.apply(m.from, m.to, m.captured, m.promotes, m.counted_king_move)
    }

    /// The position after the compact move `m` (which must be legal here): the same as
    /// [`Position::play`] on its route.
    #[must_use]
    #[inline]
    pub fn play_compact(&self, m: &CompactMove) -> Position {
        self.apply(m.from, m.to, m.captured, m.promotes, m.counted_king_move)
    }

    /// The Zobrist key of the position after the compact move `m` (legal here), without
    /// building that position: `self.play_compact(m).zobrist()`, for a search that fetches
    /// its children's table entries before it visits them.
    ///
    /// ```
    /// use pdn::{position::Duplicates, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let start = rs.start_position();
    /// let mut moves = Vec::new();
    /// start.generate_compact(&rs, Duplicates::Drop, &mut moves);
    /// for m in &moves {
    ///     assert_eq!(start.zobrist_after(m), start.play_compact(m).zobrist());
    /// }
    /// ```
    #[must_use]
    pub fn zobrist_after(&self, m: &CompactMove) -> u64 {
        // Frisian's counts of quiet king moves change the key too: there, the whole move.
        if m.counted_king_move || self.king_run_len != [0, 0] {
            return self.play_compact(m).zobrist;
        }
        let side = self.turn as usize;
        let other = 1 - side;
        let is_king = |sq: u8| usize::from(self.kings & self.bit(Square(sq)) != 0);
        let was_king = is_king(m.from.0);
        let crowned = was_king | usize::from(m.promotes);
        let mut key = self.zobrist
            ^ BLACK_TO_MOVE
            ^ piece_key(side * 2 + was_king, m.from.0)
            ^ piece_key(side * 2 + crowned, m.to.0);
        let mut left = m.captured;
        while left != 0 {
            let sq = left.trailing_zeros() as u8;
            left &= left - 1;
            key ^= piece_key(other * 2 + is_king(sq), sq);
        }
        key
    }

    /// The position after a move known only by its squares, its captures and whether it
    /// crowns (the Explorer's stored moves: legal when stored). The king-move counts are not
    /// kept.
    #[must_use]
    pub(crate) fn apply_stored(
        &self,
        from: Square,
        to: Square,
        captured: u128,
        promotes: bool,
    ) -> Position {
        self.apply(from, to, captured, promotes, false)
    }

    #[inline(always)]
    fn apply(
        &self,
        from_sq: Square,
        to_sq: Square,
        captured: u128,
        promotes: bool,
        counted_king_move: bool,
    ) -> Position {
        // Boards of up to 64 squares (all but the 12×12 ones) have every piece in the low
        // word: there the sets change in one machine word (and in wasm, without 128-bit
        // arithmetic made of 64-bit halves).
        let order = self.order();
        let (from, to) = (order.bit_of(from_sq.0), order.bit_of(to_sq.0));
        if (self.white | self.black) >> 64 == 0 && (from | to) < 64 {
            let taken = if self.layout == 0 || captured == 0 {
                captured as u64
            } else {
                order.spread(captured as u64)
            };
            self.apply_in::<u64>(
                from_sq,
                to_sq,
                (from, to, taken),
                captured,
                promotes,
                counted_king_move,
            )
        } else {
            self.apply_wide(from_sq, to_sq, captured, promotes, counted_king_move)
        }
    }

    /// [`Position::apply`] in a 128-bit word: only the 12×12 boards have squares past 64 (out
    /// of line, so that the others' code stays small).
    #[inline(never)]
    fn apply_wide(
        &self,
        from_sq: Square,
        to_sq: Square,
        captured: u128,
        promotes: bool,
        counted_king_move: bool,
    ) -> Position {
        let order = self.order();
        let (from, to) = (order.bit_of(from_sq.0), order.bit_of(to_sq.0));
        let taken = if self.layout == 0 || captured == 0 {
            captured
        } else {
            order.spread(captured)
        };
        self.apply_in::<u128>(
            from_sq,
            to_sq,
            (from, to, taken),
            captured,
            promotes,
            counted_king_move,
        )
    }

    /// [`Position::apply`] with the mover's bits and the taken set in the position's order
    /// (`bits`) as well as by square.
    #[inline(always)]
    fn apply_in<B: SquareSet>(
        &self,
        from_sq: Square,
        to_sq: Square,
        bits: (u8, u8, B),
        captured: u128,
        promotes: bool,
        counted_king_move: bool,
    ) -> Position {
        let mut p = *self;
        let from = B::at(bits.0);
        let to = B::at(bits.1);
        let taken = bits.2;
        let (mut white, mut black, mut kings) = (
            B::from_wide(p.white),
            B::from_wide(p.black),
            B::from_wide(p.kings),
        );
        let was_king = kings & from != B::EMPTY;
        // Captured pieces leave first, so a king returning to its own start square stays put.
        white &= !taken;
        black &= !taken;
        kings &= !taken;
        let (side, other) = match self.turn {
            Color::White => {
                white = (white & !from) | to;
                (0, 1)
            }
            Color::Black => {
                black = (black & !from) | to;
                (1, 0)
            }
        };
        kings &= !from;
        let crowned = was_king || promotes;
        if crowned {
            kings |= to;
        }
        (p.white, p.black, p.kings) = (white.wide(), black.wide(), kings.wide());
        // The key follows the change: the mover off and on, each taken piece off, the turn,
        // and the king-move counts (off here, back on below).
        let mut key = self.zobrist ^ BLACK_TO_MOVE;
        key ^= piece_key(side * 2 + usize::from(was_king), from_sq.0)
            ^ piece_key(side * 2 + usize::from(crowned), to_sq.0);
        let old_kings = B::from_wide(self.kings);
        let squares = self.order().squares();
        let mut left = taken;
        while left != B::EMPTY {
            let (s, rest) = left.pop();
            left = rest;
            key ^= piece_key(
                other * 2 + usize::from(old_kings.has(s)),
                squares[usize::from(s)],
            );
        }
        // Frisian's counts of quiet king moves: nothing to do while none is kept (a count of 0
        // always has square 0) and this move starts none, as in every other variant.
        if counted_king_move || p.king_run_len != [0, 0] {
            key ^= run_key(0, p.king_run_square[0], p.king_run_len[0])
                ^ run_key(1, p.king_run_square[1], p.king_run_len[1]);
            if counted_king_move {
                let same = p.king_run_len[side] > 0 && p.king_run_square[side] == from_sq.0;
                p.king_run_len[side] = if same {
                    p.king_run_len[side].saturating_add(1)
                } else {
                    1
                };
                p.king_run_square[side] = to_sq.0;
            } else {
                p.king_run_len[side] = 0;
                p.king_run_square[side] = 0;
            }
            // The opponent's counted king is gone once taken.
            if p.king_run_len[other] > 0 && captured & (1 << p.king_run_square[other]) != 0 {
                p.king_run_len[other] = 0;
                p.king_run_square[other] = 0;
            }
            key ^= run_key(0, p.king_run_square[0], p.king_run_len[0])
                ^ run_key(1, p.king_run_square[1], p.king_run_len[1]);
        }
        p.zobrist = key;
        p.turn = self.turn.opposite();
        p
    }

    /// The king whose non-capturing moves in a row `color` is counting, and how many it has
    /// made (Frisian; see [`Rules::max_king_moves`]). `None` when the count is 0.
    #[must_use]
    pub fn king_run(&self, color: Color) -> Option<(Square, u8)> {
        let i = color as usize;
        (self.king_run_len[i] > 0).then(|| (Square(self.king_run_square[i]), self.king_run_len[i]))
    }

    /// The same position with `color`'s count of non-capturing moves in a row by the king on
    /// `sq` set to `len` (for set-ups that know the game's history).
    #[must_use]
    pub fn with_king_run(mut self, color: Color, sq: Square, len: u8) -> Position {
        let i = color as usize;
        self.zobrist ^= run_key(i, self.king_run_square[i], self.king_run_len[i]);
        self.king_run_square[i] = if len == 0 { 0 } else { sq.0 };
        self.king_run_len[i] = len;
        self.zobrist ^= run_key(i, self.king_run_square[i], self.king_run_len[i]);
        self
    }

    /// Every legal move, with captures that have the same start, end and captured pieces
    /// counted once, since they give the same position ([`Duplicates::Drop`]; in Italian the
    /// order of the captured pieces must match too).
    ///
    /// ```
    /// use pdn::{Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// assert_eq!(rs.start_position().legal_moves(&rs).len(), 9);
    /// ```
    #[must_use]
    pub fn legal_moves(&self, rs: &Ruleset) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        self.generate(rs, Duplicates::Drop, &mut out);
        out
    }

    /// Every legal move, each capture route on its own ([`Duplicates::Keep`]): a king that can
    /// take the same pieces clockwise or anticlockwise gives two moves.
    ///
    /// ```
    /// use pdn::{Color, Position, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::Russian).unwrap();
    /// // The king on d2 can take the four men round d4 both ways and come back to d2.
    /// let p = Position::from_fen("W:WKd2:Bc5,e5,c3,e3", &rs.geometry, Color::White).unwrap();
    /// assert_eq!(p.legal_moves(&rs).len() + 1, p.legal_routes(&rs).len());
    /// ```
    #[must_use]
    pub fn legal_routes(&self, rs: &Ruleset) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        self.generate(rs, Duplicates::Keep, &mut out);
        out
    }

    /// Writes the legal moves into `out` (cleared first), merging or keeping duplicate capture
    /// routes as `duplicates` says. Reusing one buffer avoids an allocation per call.
    pub fn generate(&self, rs: &Ruleset, duplicates: Duplicates, out: &mut Vec<Move>) {
        self.generate_any(rs, duplicates, out);
    }

    /// [`Position::generate`] without the routes: the moves as [`CompactMove`]s, for search
    /// and perft.
    pub fn generate_compact(
        &self,
        rs: &Ruleset,
        duplicates: Duplicates,
        out: &mut Vec<CompactMove>,
    ) {
        self.generate_any(rs, duplicates, out);
    }

    /// The captures alone: what [`Position::generate_compact`] gives when some piece can
    /// capture, else nothing (the legal moves are then the quiet ones). For a search's
    /// horizon, where a position without a capture is scored as it stands: one look for the
    /// pieces that can capture, where [`Position::must_capture`] and then the generation
    /// would look twice.
    ///
    /// ```
    /// use pdn::{position::Duplicates, Color, Position, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let (mut captures, mut all) = (Vec::new(), Vec::new());
    /// rs.start_position().generate_compact_captures(&rs, Duplicates::Drop, &mut captures);
    /// assert!(captures.is_empty());
    /// let p = Position::from_fen("W:W28,K46:B23,19,41", &rs.geometry, Color::White).unwrap();
    /// p.generate_compact_captures(&rs, Duplicates::Drop, &mut captures);
    /// p.generate_compact(&rs, Duplicates::Drop, &mut all);
    /// assert!(!captures.is_empty());
    /// assert_eq!(captures, all);
    /// ```
    pub fn generate_compact_captures(
        &self,
        rs: &Ruleset,
        duplicates: Duplicates,
        out: &mut Vec<CompactMove>,
    ) {
        let id = rs.geometry.layout_id();
        if self.layout != id {
            return self
                .in_layout(id)
                .generate_compact_captures(rs, duplicates, out);
        }
        out.clear();
        self.generate_captures(rs, duplicates, out);
    }

    /// The routed move a [`CompactMove`] of this position stands for: the first legal route
    /// with its start, end and captured pieces (and, in Italian, their order). `None` when `m`
    /// is not a legal move here.
    #[must_use]
    pub fn route(&self, rs: &Ruleset, m: &CompactMove) -> Option<Move> {
        let mut routes = Vec::new();
        self.generate_from(rs, Duplicates::Keep, m.from, &mut routes);
        let ordered = rs.rules.priority == CapturePriority::Italian;
        routes
            .into_iter()
            .find(|r| CompactMove::from(r).same_capture(m, ordered) && r.promotes == m.promotes)
    }

    fn generate_any<M: Generated>(&self, rs: &Ruleset, duplicates: Duplicates, out: &mut Vec<M>) {
        let id = rs.geometry.layout_id();
        if self.layout != id {
            return self.in_layout(id).generate_any(rs, duplicates, out);
        }
        out.clear();
        self.generate_captures(rs, duplicates, out);
        if out.is_empty() {
            self.generate_quiet(rs, !0, out);
        }
    }

    /// The legal moves that start on `from`, for finding the move a notation names: the legal
    /// captures from `from` when any piece can capture (where the variant ranks captures, every
    /// capture is searched first, since whether one from `from` is allowed depends on the
    /// others; where any capture may be chosen, only the piece on `from` is searched), else the
    /// quiet moves of the piece on `from`.
    pub fn generate_from(
        &self,
        rs: &Ruleset,
        duplicates: Duplicates,
        from: Square,
        out: &mut Vec<Move>,
    ) {
        self.generate_from_any(rs, duplicates, from, out);
    }

    /// The legal move from `from` to `to` when there is exactly one (several differ in the
    /// pieces they take); `legal` is a buffer.
    ///
    /// ```
    /// use pdn::{Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let g = &rs.geometry;
    /// let (a, b) = (g.parse_square("32").unwrap(), g.parse_square("28").unwrap());
    /// assert!(rs.start_position().only_move(&rs, a, b, &mut Vec::new()).is_some());
    /// assert!(rs.start_position().only_move(&rs, b, a, &mut Vec::new()).is_none());
    /// ```
    pub fn only_move(
        &self,
        rs: &Ruleset,
        from: Square,
        to: Square,
        legal: &mut Vec<CompactMove>,
    ) -> Option<CompactMove> {
        self.generate_from_any(rs, Duplicates::Drop, from, legal);
        let mut fits = legal.iter().filter(|m| m.to == to && m.from == from);
        match (fits.next(), fits.next()) {
            (Some(m), None) => Some(*m),
            _ => None,
        }
    }

    fn generate_from_any<M: Generated>(
        &self,
        rs: &Ruleset,
        duplicates: Duplicates,
        from: Square,
        out: &mut Vec<M>,
    ) {
        let id = rs.geometry.layout_id();
        if self.layout != id {
            return self
                .in_layout(id)
                .generate_from_any(rs, duplicates, from, out);
        }
        out.clear();
        if rs.rules.priority == CapturePriority::Free {
            // Any capture may be chosen: when some piece can capture, the legal moves from
            // `from` are that piece's own captures, searched from it alone.
            let capturers = self.capturers_bits(rs);
            if capturers == 0 {
                self.generate_quiet(rs, self.bit(from), out);
            } else {
                self.generate_captures_of(rs, duplicates, capturers & self.bit(from), out);
            }
            return;
        }
        self.generate_captures(rs, duplicates, out);
        if out.is_empty() {
            self.generate_quiet(rs, self.bit(from), out);
        } else {
            out.retain(|m| m.start() == from);
        }
    }

    /// Frisian: the king that may not make another quiet move (as a bit), and whether quiet
    /// king moves are counted at all.
    fn king_limit(&self, rules: &Rules) -> (u128, bool) {
        let mine = self.side(self.turn);
        let counted = rules.max_king_moves > 0 && mine & !self.kings != 0;
        let side = self.turn as usize;
        let blocked = if counted && self.king_run_len[side] >= rules.max_king_moves {
            self.bit(Square(self.king_run_square[side]))
        } else {
            0
        };
        (blocked, counted)
    }

    /// Quiet moves of the pieces in `only` (bits in the position's order).
    fn generate_quiet<M: Generated>(&self, rs: &Ruleset, only: u128, out: &mut Vec<M>) {
        let g = &rs.geometry;
        let space = Space::of(g);
        // In the padded layout where the board has one; else in one machine word where the
        // board fits (all but the 12×12 ones).
        if let Some(p) = g.padded() {
            return if p.narrow() {
                self.quiet_in::<M, u64>(rs, only, out, |x, d| p.shift(x, d), space)
            } else {
                self.quiet_in::<M, u128>(rs, only, out, |x, d| p.shift(x, d), space)
            };
        }
        match g.shifts64() {
            Some(s) if g.len() <= 64 => {
                self.quiet_in::<M, u64>(rs, only, out, |x, d| shift64(s, x, d), space);
            }
            _ => self.quiet_in::<M, u128>(rs, only, out, |x, d| g.shift(x, d), space),
        }
    }

    #[inline(always)]
    fn quiet_in<M: Generated, B: SquareSet>(
        &self,
        rs: &Ruleset,
        only: u128,
        out: &mut Vec<M>,
        shift: impl Fn(B, Direction) -> B,
        space: Space<'_>,
    ) {
        let g = &rs.geometry;
        let rules = &rs.rules;
        let (nb, squares) = (space.nb, space.squares);
        let kings = B::from_wide(self.kings);
        let occ = B::from_wide(self.white | self.black);
        let empty = !occ;
        let mine = B::from_wide(self.side(self.turn));
        let men = mine & !kings;
        // Frisian: while the side has men, its king that has made `max_king_moves` quiet moves
        // in a row may not make another.
        let (blocked, counted) = self.king_limit(rules);
        let blocked = B::from_wide(blocked);
        let only = B::from_wide(only);
        let man_dirs = man_move_dirs(rules.moves, self.turn);
        let king_dirs = king_dirs(rules.moves);
        // The squares where a man is crowned (the position is in the board's order).
        let promotion = B::from_wide(g.promotion_bits(self.turn));
        let mut movers = if only.count() == 1 {
            // One piece (a written move's start square): looked at directly.
            mine & only & !(kings & blocked)
        } else {
            // Men with somewhere to go, found for all men at once.
            let mut movers = mine & kings & !blocked;
            for &dir in man_dirs {
                movers |= men & shift(empty, opposite(dir));
            }
            movers & only
        };
        while movers != B::EMPTY {
            let (i, rest) = movers.pop();
            movers = rest;
            let from = Square(squares[usize::from(i)]);
            if kings.has(i) {
                for &dir in king_dirs {
                    let mut cur = i;
                    loop {
                        let next = nb[cur as usize][dir as usize];
                        if next == NO_SQUARE || occ.has(next) {
                            break;
                        }
                        out.push(M::quiet(
                            from,
                            Square(squares[usize::from(next)]),
                            false,
                            counted,
                        ));
                        if !rules.flying_kings {
                            break;
                        }
                        cur = next;
                    }
                }
            } else {
                for &dir in man_dirs {
                    let to = nb[usize::from(i)][dir as usize];
                    if to != NO_SQUARE && !occ.has(to) {
                        let promotes = promotion.has(to);
                        let to = Square(squares[usize::from(to)]);
                        out.push(M::quiet(from, to, promotes, false));
                    }
                }
            }
        }
    }

    /// The number of non-capturing moves, without building them (perft's last ply).
    fn count_quiet(&self, rs: &Ruleset) -> u64 {
        let g = &rs.geometry;
        let rules = &rs.rules;
        let nb = Space::of(g).nb;
        let occ = self.white | self.black;
        let mine = self.side(self.turn);
        let men = mine & !self.kings;
        let mut n = 0u64;
        if let Some(p) = g.padded().filter(|p| p.narrow()) {
            let (men, free) = (men as u64, !occ as u64);
            for &dir in man_move_dirs(rules.moves, self.turn) {
                n += u64::from((p.shift(men, dir) & free).count_ones());
            }
        } else if let Some(p) = g.padded() {
            for &dir in man_move_dirs(rules.moves, self.turn) {
                n += u64::from((p.shift(men, dir) & !occ).count_ones());
            }
        } else if let Some(s) = g.shifts64() {
            let (men, free) = (men as u64, !occ as u64);
            for &dir in man_move_dirs(rules.moves, self.turn) {
                n += u64::from((shift64(s, men, dir) & free).count_ones());
            }
        } else {
            for &dir in man_move_dirs(rules.moves, self.turn) {
                n += u64::from((g.shift(men, dir) & !occ).count_ones());
            }
        }
        let (blocked, _) = self.king_limit(rules);
        let mut kings = mine & self.kings & !blocked;
        while kings != 0 {
            let from = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            for &dir in king_dirs(rules.moves) {
                let mut cur = from;
                loop {
                    let next = nb[cur][dir as usize];
                    if next == NO_SQUARE || occ & bit_at(next) != 0 {
                        break;
                    }
                    n += 1;
                    if !rules.flying_kings {
                        break;
                    }
                    cur = next as usize;
                }
            }
        }
        n
    }

    /// The pieces of the side to move that can make a first capture (found for all men at
    /// once; flying kings one by one), a bit per internal square index. Captures are
    /// compulsory, so `0` says the legal moves are quiet without generating them (an engine
    /// scores such a position at its horizon).
    ///
    /// ```
    /// use pdn::{Color, Position, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// assert_eq!(rs.start_position().capturers(&rs), 0);
    /// let p = Position::from_fen("W:W28:B23", &rs.geometry, Color::White).unwrap();
    /// assert_eq!(p.capturers(&rs).count_ones(), 1);
    /// ```
    #[must_use]
    pub fn capturers(&self, rs: &Ruleset) -> u128 {
        let id = rs.geometry.layout_id();
        if self.layout != id {
            return self.in_layout(id).capturers(rs);
        }
        let found = self.capturers_bits(rs);
        if found == 0 { 0 } else { self.by_square(found) }
    }

    /// Whether some piece of the side to move can capture (so it must): `capturers(rs) != 0`
    /// without the translation of the set to internal squares, for a search's every node.
    ///
    /// ```
    /// use pdn::{Color, Position, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// assert!(!rs.start_position().must_capture(&rs));
    /// let p = Position::from_fen("W:W28:B23", &rs.geometry, Color::White).unwrap();
    /// assert!(p.must_capture(&rs));
    /// ```
    #[must_use]
    pub fn must_capture(&self, rs: &Ruleset) -> bool {
        let id = rs.geometry.layout_id();
        if self.layout != id {
            return self.in_layout(id).must_capture(rs);
        }
        self.capturers_bits(rs) != 0
    }

    /// [`Position::capturers`] in the position's bit order (which must be the board's).
    #[inline]
    fn capturers_bits(&self, rs: &Ruleset) -> u128 {
        // The usual case of a search's node, in line: a board in one word of the padded
        // order, men taking along the four diagonals, and no king of the side to move (the
        // same sets as `capturers_in`, with its work for kings left out).
        let rules = &rs.rules;
        if let Some(p) = rs.geometry.padded() {
            let mine = self.side(self.turn);
            if p.narrow()
                && rules.captures == Lines::Diagonal
                && rules.men_capture_backwards
                && mine & self.kings == 0
            {
                let w = |x: u128| x as u64;
                let opponents = w(self.side(self.turn.opposite()));
                let victims = if rules.men_capture_kings {
                    opponents
                } else {
                    opponents & !w(self.kings)
                };
                let empty = !w(self.white | self.black);
                let men = w(mine);
                let take = |dir: Direction| {
                    let back = opposite(dir);
                    men & p.shift(victims & p.shift(empty, back), back)
                };
                let found = take(NorthEast) | take(NorthWest) | take(SouthEast) | take(SouthWest);
                return u128::from(found);
            }
        }
        self.capturers_any(rs)
    }

    /// [`Position::capturers_bits`] in every case.
    #[inline(never)]
    fn capturers_any(&self, rs: &Ruleset) -> u128 {
        let g = &rs.geometry;
        // In the padded layout where the board has one: each direction one shift. Else in one
        // machine word where the board fits (all but the 12×12 ones): this runs at every node
        // of a search.
        if let Some(p) = g.padded() {
            return if p.narrow() {
                self.capturers_in::<u64>(rs, |x, d| p.shift(x, d)).wide()
            } else {
                self.capturers_wide(rs)
            };
        }
        match g.shifts64() {
            Some(s) if g.len() <= 64 => {
                self.capturers_in::<u64>(rs, |x, d| shift64(s, x, d)).wide()
            }
            _ => self.capturers_in::<u128>(rs, |x, d| g.shift(x, d)),
        }
    }

    /// [`Position::capturers_bits`] on a board whose bits do not fit in 64 (out of line, so
    /// that the others' code stays small).
    #[inline(never)]
    fn capturers_wide(&self, rs: &Ruleset) -> u128 {
        let Some(p) = rs.geometry.padded() else {
            return self.capturers_in::<u128>(rs, |x, d| rs.geometry.shift(x, d));
        };
        self.capturers_in::<u128>(rs, |x, d| p.shift(x, d))
    }

    /// [`Position::capturers_bits`] with `shift` the board's shift of sets in the position's
    /// order: men (and short kings) for all at once, each flying king walking each line by
    /// shifts until something stops it.
    #[inline(always)]
    fn capturers_in<B: SquareSet>(&self, rs: &Ruleset, shift: impl Fn(B, Direction) -> B) -> B {
        let rules = &rs.rules;
        let man_dirs = man_capture_dirs(rules, self.turn);
        let king_dirs = king_dirs(rules.captures);
        let all = B::from_wide(self.white | self.black);
        let empty = !all;
        let pieces = B::from_wide(self.kings);
        let mine = B::from_wide(self.side(self.turn));
        let opponents = B::from_wide(self.side(self.turn.opposite()));
        let men = mine & !pieces;
        let kings = mine & pieces;
        let man_victims = if rules.men_capture_kings {
            opponents
        } else {
            opponents & !pieces
        };
        let mut found = B::EMPTY;
        let men_take = |dir: Direction| {
            let back = opposite(dir);
            men & shift(man_victims & shift(empty, back), back)
        };
        // Men that take along the four diagonals (International, Russian, Brazilian, ...): the
        // directions as constants, so each shift's mask and rotation are known where they are
        // read (this runs at every node of a search).
        if man_dirs == DIAGONALS {
            found = men_take(NorthEast) | men_take(NorthWest) | men_take(SouthEast);
            found |= men_take(SouthWest);
        } else {
            for &dir in man_dirs {
                found |= men_take(dir);
            }
        }
        if kings != B::EMPTY {
            if rules.flying_kings {
                let mut bits = kings;
                let takes_along = |king: B, dir: Direction| {
                    let mut ray = shift(king, dir);
                    while ray & empty != B::EMPTY {
                        ray = shift(ray, dir);
                    }
                    ray & opponents != B::EMPTY && shift(ray, dir) & empty != B::EMPTY
                };
                while bits != B::EMPTY {
                    let (i, rest) = bits.pop();
                    bits = rest;
                    let king = B::at(i);
                    let takes = if king_dirs == DIAGONALS {
                        takes_along(king, NorthEast)
                            || takes_along(king, NorthWest)
                            || takes_along(king, SouthEast)
                            || takes_along(king, SouthWest)
                    } else {
                        king_dirs.iter().any(|&dir| takes_along(king, dir))
                    };
                    if takes {
                        found |= king;
                    }
                }
            } else {
                for &dir in king_dirs {
                    let back = opposite(dir);
                    found |= kings & shift(opponents & shift(empty, back), back);
                }
            }
        }
        found
    }

    fn generate_captures<M: Generated>(
        &self,
        rs: &Ruleset,
        duplicates: Duplicates,
        out: &mut Vec<M>,
    ) {
        // Most positions have no capture: find the pieces that can start one first (and skip
        // the call when there is none).
        let capturers = self.capturers_bits(rs);
        if capturers != 0 {
            self.generate_captures_of(rs, duplicates, capturers, out);
        }
    }

    /// The captures of the pieces in `capturers` (pieces that can start one), under the
    /// variant's priority among them.
    fn generate_captures_of<M: Generated>(
        &self,
        rs: &Ruleset,
        duplicates: Duplicates,
        capturers: u128,
        out: &mut Vec<M>,
    ) {
        if capturers == 0 {
            return;
        }
        // In the board's padded order, in one machine word where it fits (every board but the
        // 12×12 ones): every set operation of the search costs half as much.
        let g = &rs.geometry;
        match g.padded() {
            Some(p) if p.narrow() => {
                self.search_captures::<M, u64, _>(rs, duplicates, capturers, out, |x, d| {
                    p.shift(x, d)
                });
            }
            Some(p) => {
                self.search_captures::<M, u128, _>(rs, duplicates, capturers, out, |x, d| {
                    p.shift(x, d)
                });
            }
            None => {
                self.search_captures::<M, u128, _>(rs, duplicates, capturers, out, |x, d| {
                    g.shift(x, d)
                });
            }
        }
        // Czech draughts: when a king can capture, a king must capture.
        if rs.rules.priority == CapturePriority::KingFirst
            && out.iter().any(|m| self.kings & self.bit(m.start()) != 0)
        {
            out.retain(|m| self.kings & self.bit(m.start()) != 0);
        }
    }

    /// The capture search of [`Position::generate_captures_of`], its sets of type `B` in the
    /// position's order, `shift` the board's shift of such sets. Whether kings fly is chosen
    /// here, once: the search is compiled once for each.
    fn search_captures<M: Generated, B: SquareSet, S: Fn(B, Direction) -> B>(
        &self,
        rs: &Ruleset,
        duplicates: Duplicates,
        mut capturers: u128,
        out: &mut Vec<M>,
        shift: S,
    ) {
        let g = &rs.geometry;
        let rules = &rs.rules;
        let opponents = B::from_wide(self.side(self.turn.opposite()));
        let opponent_kings = opponents & B::from_wide(self.kings);
        let space = Space::of(g);
        // The squares where the mover's men are crowned (the position is in the board's order).
        let promotion = B::from_wide(g.promotion_bits(self.turn));
        let man_victims = if rules.men_capture_kings {
            opponents
        } else {
            opponents & !opponent_kings
        };
        let man_dirs = man_capture_dirs(rules, self.turn);
        let king_dirs = king_dirs(rules.captures);
        // Where a man could jump from in each direction: as `capturers_in` finds the men that
        // can capture, the capturers' squares empty. Known only with delayed removal (else
        // every square); kings pass (tried and dropped: the same for kings that do not fly,
        // English +1.9% on `perft 21 9`).
        let (mut jumps, mut jumps_any) = ([!B::EMPTY; 8], [!B::EMPTY; 2]);
        if !rules.immediate_removal {
            let empty = !B::from_wide(self.white | self.black) | B::from_wide(capturers);
            jumps_any[0] = B::EMPTY;
            for &dir in man_dirs {
                let back = opposite(dir);
                let from = shift(man_victims & shift(empty, back), back);
                jumps[dir as usize] = from;
                jumps_any[0] |= from;
            }
        }
        let mut search = CaptureSearch {
            rs,
            shift,
            squares: space.squares,
            padded: space.order.is_some(),
            man_dirs,
            king_dirs,
            opponents,
            opponent_kings,
            man_victims,
            jumps,
            jumps_any,
            // Russian draughts: a man capturing is crowned there and goes on as a king.
            crown: if rules.crown_mid_capture {
                promotion
            } else {
                B::EMPTY
            },
            promotion,
            removal: if rules.immediate_removal {
                !B::EMPTY
            } else {
                B::EMPTY
            },
            no_reverse: rules.immediate_removal && !rules.may_reverse,
            lands_behind: rules.king_lands_behind,
            from: 0,
            started_king: false,
            legs: [0; MAX_CAPTURES],
            taken: [0; MAX_CAPTURES],
            best: 0,
            keep: duplicates != Duplicates::Drop,
            every_landing: duplicates == Duplicates::EveryLanding,
            piece_start: 0,
            out,
        };
        let kings = B::from_wide(self.kings);
        let all = B::from_wide(self.white | self.black);
        while capturers != 0 {
            let from = capturers.trailing_zeros() as u8;
            capturers &= capturers - 1;
            let at = B::at(from);
            let king = kings & at != B::EMPTY;
            search.from = from;
            search.started_king = king;
            search.piece_start = search.out.len();
            // The moving piece's own square is free to pass over or land on.
            let occupied = all & !at;
            if rules.flying_kings {
                search.extend::<true>(at, 0, king, B::EMPTY, occupied, 0);
            } else {
                search.extend::<false>(at, 0, king, B::EMPTY, occupied, 0);
            }
        }
    }
}

/// Whether capture routes with the same start, end and captured pieces are one move or several.
///
/// They always lead to the same position; the choice only changes how many moves are counted
/// (perft, `perft.md` §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplicates {
    /// Count such routes once (DCTL's default; the commonly published perft numbers). In Italian
    /// the captured pieces must also have been taken in the same order.
    Drop,
    /// Count every route (DCTL's "keep" numbers). A king that may stop on several squares
    /// behind a piece and then goes on straight ahead to the next piece makes one route, not
    /// one per square: it moves along one line either way.
    Keep,
    /// Count every route, and count the squares a king may stop on before going on straight
    /// ahead as different routes too (pydraughts; the kish crate's Turkish numbers).
    EveryLanding,
}

use Direction::{East, North, NorthEast, NorthWest, South, SouthEast, SouthWest, West};

const DIAGONALS: [Direction; 4] = Direction::DIAGONAL;
const ORTHOGONALS: [Direction; 4] = [North, South, East, West];
const ALL_LINES: [Direction; 8] = Direction::ALL;
// Forward lines for White, then for Black: diagonals, then orthogonal forward and sideways.
const WHITE_FORWARD: [Direction; 5] = [NorthEast, NorthWest, North, East, West];
const BLACK_FORWARD: [Direction; 5] = [SouthEast, SouthWest, South, East, West];

fn king_dirs(lines: Lines) -> &'static [Direction] {
    match lines {
        Lines::Diagonal => &DIAGONALS,
        Lines::Orthogonal => &ORTHOGONALS,
        Lines::Both => &ALL_LINES,
    }
}

/// Men move forward along the move lines (orthogonally also sideways).
fn man_move_dirs(lines: Lines, color: Color) -> &'static [Direction] {
    let forward: &'static [Direction; 5] = match color {
        Color::White => &WHITE_FORWARD,
        Color::Black => &BLACK_FORWARD,
    };
    match lines {
        Lines::Diagonal => &forward[..2],
        Lines::Orthogonal => &forward[2..],
        Lines::Both => forward,
    }
}

fn man_capture_dirs(rules: &Rules, color: Color) -> &'static [Direction] {
    if rules.men_capture_backwards {
        king_dirs(rules.captures)
    } else {
        man_move_dirs(rules.captures, color)
    }
}

#[inline]
const fn opposite(d: Direction) -> Direction {
    const BACK: [Direction; 8] = [
        SouthWest, SouthEast, NorthWest, NorthEast, South, North, West, East,
    ];
    BACK[d as usize]
}

/// Where move generation works: the neighbour table by bit of the position's order, and the
/// internal square of each bit. The board's padded layout where it has one, else the internal
/// order itself.
#[derive(Clone, Copy)]
struct Space<'a> {
    nb: &'a [[u8; 8]],
    squares: &'a [u8; 128],
    /// The padded order, unless it is the internal one.
    order: Option<&'static Layout>,
}

impl Space<'_> {
    #[inline]
    fn of(g: &Geometry) -> Space<'_> {
        match g.padded() {
            Some(p) => Space {
                nb: p.neighbour_table(),
                squares: p.order().squares(),
                order: (g.layout_id() != 0).then(|| p.order()),
            },
            None => Space {
                nb: g.neighbour_table(),
                squares: layout(0).squares(),
                order: None,
            },
        }
    }
}

/// Depth-first search over the capture sequences of one piece. A piece is never jumped twice:
/// with delayed removal a captured piece stays on the board until the move ends (it blocks);
/// with immediate removal its square is emptied at once and may be crossed again.
///
/// Squares and sets are bits of the position's order ([`Space`]), each direction one `shift`
/// of a set: a man's next jump is `shift(shift(at, d) & victims, d) & empty`, a flying king's
/// walk shifts until something stops it. The route's state (where the piece is, what it took,
/// what blocks, whether it is a king, how deep) travels in the arguments; the struct holds what
/// stays the same for the whole search and the route's squares, translated to internal squares
/// only when a move is recorded. The rules are read before the search: whether kings fly as a
/// constant of the code (`FLY`), immediate removal as a mask, the rest as flags set once.
struct CaptureSearch<'a, M, B, S> {
    rs: &'a Ruleset,
    /// The board's shift of a set in the position's order.
    shift: S,
    /// Per bit, the internal square.
    squares: &'a [u8; 128],
    /// The position's order is a padded one (not the internal order).
    padded: bool,
    man_dirs: &'static [Direction],
    king_dirs: &'static [Direction],
    opponents: B,
    opponent_kings: B,
    /// What a man may jump (Italian: no king).
    man_victims: B,
    /// Where a capturing man is crowned and goes on as a king (Russian), else empty.
    crown: B,
    /// Where a man is crowned if its capture ends there.
    promotion: B,
    /// Per [`Direction`], the squares from which a man could jump that way at the start of
    /// the search, were every piece that can capture away (a superset of where a route's man
    /// can jump from: with delayed removal, nothing a route does makes a jump possible from
    /// elsewhere). Every square where that is not known (immediate removal).
    jumps: [B; 8],
    /// For a man (the union of `jumps`), then a king (every square: not kept).
    jumps_any: [B; 2],
    /// Every bit with immediate removal (a jumped piece stops blocking at once), else none.
    removal: B,
    /// A capture may not turn 180° (Turkish; only matters with immediate removal).
    no_reverse: bool,
    /// A capturing flying king lands right behind the piece it takes (Thai).
    lands_behind: bool,
    /// The bit the piece starts from.
    from: u8,
    started_king: bool,
    legs: [u8; MAX_CAPTURES],
    taken: [u8; MAX_CAPTURES],
    /// Best priority key recorded so far (see [`CaptureSearch::key`]).
    best: u64,
    keep: bool,
    every_landing: bool,
    /// Where the moves of the piece being searched start in `out` (0 once a better capture
    /// cleared it).
    piece_start: usize,
    out: &'a mut Vec<M>,
}

impl<M: Generated, B: SquareSet, S: Fn(B, Direction) -> B> CaptureSearch<'_, M, B, S> {
    #[inline(always)]
    fn step(&self, set: B, dir: Direction) -> B {
        (self.shift)(set, dir)
    }

    /// Extends the capture of the piece on `at` (one bit), and records it when it cannot go
    /// on. `banned`: the directions it may not take next (a bit per [`Direction`]: back where
    /// it came from in Turkish, straight on for a flying king's later landing squares);
    /// `king`: it captures as a king; `captured`: what it took; `occupied`: what blocks;
    /// `depth`: how many it took. `FLY`: kings fly.
    #[allow(clippy::too_many_arguments)]
    fn extend<const FLY: bool>(
        &mut self,
        at: B,
        banned: u8,
        king: bool,
        captured: B,
        occupied: B,
        depth: usize,
    ) {
        // A flying king and the rest apart: no test of which one inside the loop.
        if FLY && king {
            self.extend_as::<FLY, true>(at, banned, king, captured, occupied, depth);
        } else {
            self.extend_as::<FLY, false>(at, banned, king, captured, occupied, depth);
        }
    }

    /// [`CaptureSearch::extend`], `AFAR`: the piece is a flying king.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn extend_as<const FLY: bool, const AFAR: bool>(
        &mut self,
        at: B,
        banned: u8,
        king: bool,
        captured: B,
        occupied: B,
        depth: usize,
    ) {
        let mut extended = false;
        // A piece on none of the squares from which it could jump at the start, whatever it
        // took since, can take no more: most routes end so, without a look at each direction;
        // and a direction it could not jump along at the start is passed over at once.
        let kind = usize::from(king);
        if depth < MAX_CAPTURES && at & self.jumps_any[kind] != B::EMPTY {
            let (dirs, victims) = if king {
                (self.king_dirs, self.opponents)
            } else {
                (self.man_dirs, self.man_victims)
            };
            let jumpable = victims & !captured;
            let empty = !occupied;
            let from_afar = AFAR;
            // Kings are not looked at per direction.
            let pass = if AFAR || king { !B::EMPTY } else { B::EMPTY };
            for &dir in dirs {
                if banned >> (dir as u8) & 1 != 0
                    || at & (self.jumps[dir as usize] | pass) == B::EMPTY
                {
                    continue;
                }
                let mut ray = self.step(at, dir);
                if from_afar {
                    while ray & empty != B::EMPTY {
                        ray = self.step(ray, dir);
                    }
                }
                let victim = ray & jumpable;
                if victim == B::EMPTY {
                    continue;
                }
                let occupied = occupied & !(victim & self.removal);
                let empty = !occupied;
                let mut land = self.step(victim, dir) & empty;
                if land == B::EMPTY {
                    continue;
                }
                let captured = captured | victim;
                let v = victim.pop().0;
                // The squares behind the victim where the piece may land: one, unless a
                // flying king may stop anywhere behind it.
                if !from_afar || self.lands_behind {
                    extended = true;
                    self.jump::<FLY>(v, land, dir, true, king, captured, occupied, depth);
                    continue;
                }
                let mut landings = [B::EMPTY; 16];
                let mut n = 0;
                while land != B::EMPTY && n < landings.len() {
                    landings[n] = land;
                    n += 1;
                    land = self.step(land, dir) & empty;
                }
                // A capture must go on while it can: when some landing square allows a further
                // capture, only those squares may be chosen.
                // Going on straight ahead is one route whichever square behind the victim the
                // king "lands" on, so only the first square goes on straight (unless every
                // landing square is to count as a route of its own).
                let every_landing = self.every_landing;
                let straight = |i: usize| i == 0 || every_landing;
                let must_go_on = n > 1
                    && landings[..n].iter().enumerate().any(|(i, &l)| {
                        self.can_go_on::<FLY>(l, dir, straight(i), king, captured, occupied)
                    });
                for (i, &land) in landings[..n].iter().enumerate() {
                    let straight = straight(i);
                    if must_go_on
                        && !self.can_go_on::<FLY>(land, dir, straight, king, captured, occupied)
                    {
                        continue;
                    }
                    extended = true;
                    self.jump::<FLY>(v, land, dir, straight, king, captured, occupied, depth);
                }
            }
        }
        if !extended && depth > 0 {
            self.record(at, king, captured, depth);
        }
    }

    /// Having taken `victim` (a bit), lands on `land` (one bit) along `dir` and goes on from
    /// there.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn jump<const FLY: bool>(
        &mut self,
        victim: u8,
        land: B,
        dir: Direction,
        straight: bool,
        king: bool,
        captured: B,
        occupied: B,
        depth: usize,
    ) {
        self.legs[depth] = land.pop().0;
        self.taken[depth] = victim;
        // Russian draughts: a man touching the last row mid-capture goes on as a king.
        let king = king || land & self.crown != B::EMPTY;
        let banned = self.banned(dir, straight);
        self.extend::<FLY>(land, banned, king, captured, occupied, depth + 1);
    }

    /// The directions a piece that arrived along `dir` may not take next (see
    /// [`CaptureSearch::extend`]).
    #[inline(always)]
    fn banned(&self, dir: Direction, straight: bool) -> u8 {
        u8::from(self.no_reverse) << (opposite(dir) as u8) | u8::from(!straight) << (dir as u8)
    }

    /// Whether the piece, having landed on `at` along `arrived` with `captured` taken and
    /// `occupied` blocking, can capture again (`straight`: also straight ahead).
    fn can_go_on<const FLY: bool>(
        &self,
        at: B,
        arrived: Direction,
        straight: bool,
        king: bool,
        captured: B,
        occupied: B,
    ) -> bool {
        let king = king || at & self.crown != B::EMPTY;
        let (dirs, victims) = if king {
            (self.king_dirs, self.opponents)
        } else {
            (self.man_dirs, self.man_victims)
        };
        let jumpable = victims & !captured;
        let empty = !occupied;
        let from_afar = FLY && king;
        let banned = self.banned(arrived, straight);
        dirs.iter().any(|&dir| {
            if banned >> (dir as u8) & 1 != 0 {
                return false;
            }
            let mut ray = self.step(at, dir);
            if from_afar {
                while ray & empty != B::EMPTY {
                    ray = self.step(ray, dir);
                }
            }
            let victim = ray & jumpable;
            victim != B::EMPTY && self.step(victim, dir) & empty != B::EMPTY
        })
    }

    /// The capture's rank under the variant's priority rule (higher must be preferred), or
    /// `None` when every capture is allowed.
    fn key(&self, captured: B, depth: usize) -> Option<u64> {
        let pieces = depth as u64;
        // Counted only where the rule needs it: a count of bits is a dozen instructions
        // without the processor's own.
        let kings = || u64::from((captured & self.opponent_kings).count());
        let with_king = u64::from(self.started_king);
        match self.rs.rules.priority {
            CapturePriority::Free | CapturePriority::KingFirst => None,
            CapturePriority::MostPieces => Some(pieces),
            CapturePriority::MostPiecesThenKings => Some(pieces << 8 | kings()),
            CapturePriority::Italian => {
                let kings = kings();
                // One bit per captured piece, the first piece highest: kings met earlier win.
                let mut order = 0u64;
                for (i, &s) in self.taken[..depth].iter().enumerate() {
                    if self.opponent_kings.has(s) {
                        order |= 1 << (MAX_CAPTURES - 1 - i);
                    }
                }
                Some(pieces << 56 | with_king << 55 | kings << 48 | order)
            }
            CapturePriority::MostValue { man, king } => {
                let kings = kings();
                let value = (pieces - kings) * u64::from(man) + kings * u64::from(king);
                Some(value << 1 | with_king)
            }
        }
    }

    /// Records the capture ending on `at` (one bit), the piece a king now if `king`.
    fn record(&mut self, at: B, king: bool, captured: B, depth: usize) {
        if let Some(key) = self.key(captured, depth) {
            if key < self.best {
                return;
            }
            if key > self.best {
                self.out.clear();
                self.piece_start = 0;
                self.best = key;
            }
        }
        let to = Square(self.squares[usize::from(at.pop().0)]);
        let promotes = !self.started_king && (king || at & self.promotion != B::EMPTY);
        let n = depth;
        // By internal square: from the taken bits, one lookup each (most captures take one or
        // two pieces), in a padded order.
        let captured = if self.padded {
            self.taken[..n]
                .iter()
                .fold(B::EMPTY, |c, &t| c | B::at(self.squares[usize::from(t)]))
                .wide()
        } else {
            captured.wide()
        };
        let m = M::capture(
            Square(self.squares[usize::from(self.from)]),
            to,
            captured,
            promotes,
            &self.legs[..n],
            &self.taken[..n],
            self.squares,
        );
        // A route that takes one piece is the only one from its square to its end over that
        // piece; only a longer one can repeat a route of the same piece recorded before.
        if !self.keep && n > 1 {
            let ordered = self.rs.rules.priority == CapturePriority::Italian;
            if self.out[self.piece_start..]
                .iter()
                .any(|o| o.same_capture(&m, ordered))
            {
                return;
            }
        }
        self.out.push(m);
    }
}

/// Counts the leaf nodes of the move tree to `depth` plies, captures with the same start, end
/// and captured pieces counted once ([`Duplicates::Drop`]).
///
/// ```
/// use pdn::{position::perft, Ruleset, Variant};
/// let rs = Ruleset::of(Variant::International).unwrap();
/// assert_eq!(perft(&rs, &rs.start_position(), 2), 81);
/// ```
#[must_use]
pub fn perft(rs: &Ruleset, pos: &Position, depth: u32) -> u64 {
    perft_with(rs, pos, depth, Duplicates::Drop)
}

/// Counts the leaf nodes of the move tree to `depth` plies, merging or keeping duplicate
/// capture routes as `duplicates` says.
///
/// ```
/// use pdn::{position::{perft_with, Duplicates}, Ruleset, Variant};
/// let rs = Ruleset::of(Variant::Frisian).unwrap();
/// let start = rs.start_position();
/// // perft.md §3.3: Frisian men capture orthogonally too, so routes differ from depth 4.
/// assert_eq!(perft_with(&rs, &start, 4, Duplicates::Drop), 3874);
/// assert_eq!(perft_with(&rs, &start, 4, Duplicates::Keep), 3880);
/// ```
#[must_use]
pub fn perft_with(rs: &Ruleset, pos: &Position, depth: u32, duplicates: Duplicates) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<Vec<CompactMove>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    // In the board's bit order, which every move keeps.
    let pos = pos.in_layout(rs.geometry.layout_id());
    perft_rec(rs, &pos, duplicates, &mut buffers)
}

fn perft_rec(
    rs: &Ruleset,
    pos: &Position,
    duplicates: Duplicates,
    buffers: &mut [Vec<CompactMove>],
) -> u64 {
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    if deeper.is_empty() {
        // Bulk counting: quiet moves are counted without being built.
        moves.clear();
        pos.generate_captures(rs, duplicates, moves);
        return if moves.is_empty() {
            pos.count_quiet(rs)
        } else {
            moves.len() as u64
        };
    }
    pos.generate_any(rs, duplicates, moves);
    moves
        .iter()
        .map(|m| perft_rec(rs, &pos.play_compact(m), duplicates, deeper))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn intl() -> Ruleset {
        Ruleset::of(Variant::International).unwrap()
    }

    fn pos(rs: &Ruleset, fen: &str) -> Position {
        Position::from_setup(&Setup::parse(fen).unwrap(), &rs.geometry, Color::White).unwrap()
    }

    fn notations(rs: &Ruleset, p: &Position) -> Vec<String> {
        let mut v: Vec<String> = p
            .legal_moves(rs)
            .iter()
            .map(|m| m.long_notation(&rs.geometry))
            .collect();
        v.sort();
        v
    }

    /// The FEN writer's fast path (stack buffer, four-byte label copies, 64-bit halves) against
    /// a plain one, on every variant's board, with men and kings on every square in turn: the
    /// squares past bit 64 of the 12×12 boards included.
    #[test]
    fn fast_fen_writer_agrees_with_a_plain_one() {
        fn plain(p: &Position, g: &Geometry) -> String {
            let side = |c: Color| {
                (0..g.len() as u8)
                    .map(Square)
                    .filter(|&s| p.side(c) & bit(s) != 0)
                    .map(|s| {
                        let k = if p.kings & bit(s) != 0 { "K" } else { "" };
                        format!("{k}{}", g.label(s))
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!(
                "{}:W{}:B{}",
                p.turn.fen_char(),
                side(Color::White),
                side(Color::Black)
            )
        }
        for v in crate::Variant::ALL {
            let Ok(g) = Geometry::new(v.board()) else {
                continue;
            };
            let n = g.len() as u8;
            let mut seen = 0;
            for i in 0..n {
                let mut p = Position::empty(if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                });
                // Every third square from i on: white men, black kings, white kings, in turn.
                for (k, s) in (i..n).step_by(3).enumerate() {
                    match k % 3 {
                        0 => p.white |= bit(Square(s)),
                        1 => {
                            p.black |= bit(Square(s));
                            p.kings |= bit(Square(s));
                        }
                        _ => {
                            p.white |= bit(Square(s));
                            p.kings |= bit(Square(s));
                        }
                    }
                }
                let fen = p.to_fen(&g);
                assert_eq!(fen, plain(&p, &g), "{v} from square {i}");
                let mut bytes = Vec::new();
                p.write_fen_bytes(&g, &mut bytes);
                assert_eq!(bytes, fen.as_bytes());
                seen += 1;
            }
            assert!(seen > 0);
        }
    }

    /// `generate_from` gives exactly the legal moves that start on the square, in every variant
    /// (its search from one square for free-choice captures included), over positions reached
    /// by random play.
    #[test]
    fn moves_from_one_square_are_the_legal_moves_from_it() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut all, mut from) = (Vec::new(), Vec::new());
        for v in crate::Variant::ALL {
            let Some(rs) = Ruleset::of(v) else { continue };
            for _ in 0..20 {
                let mut p = rs.start_position();
                for _ in 0..80 {
                    p.generate(&rs, Duplicates::Drop, &mut all);
                    if all.is_empty() {
                        break;
                    }
                    for sq in 0..rs.geometry.len() as u8 {
                        p.generate_from(&rs, Duplicates::Drop, Square(sq), &mut from);
                        let expected: Vec<Move> =
                            all.iter().filter(|m| m.from.0 == sq).copied().collect();
                        assert_eq!(from, expected, "{v} {} from {sq}", p.to_fen(&rs.geometry));
                    }
                    let pick = all[next() as usize % all.len()];
                    p = p.play(&pick);
                }
            }
        }
    }

    /// The capturers found in line for the usual node (`capturers_bits`' first branch) are
    /// those of the general code (`capturers_any`), in random games of every variant: the
    /// branch is taken (men only) and the others too (kings, other boards), with captures
    /// found in both.
    #[test]
    fn capturers_in_line_are_the_general_ones() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut moves = Vec::new();
        let (mut in_line, mut found) = (0, 0);
        for v in crate::Variant::ALL {
            let Some(rs) = Ruleset::of(v) else { continue };
            for _ in 0..20 {
                let mut p = rs.start_position();
                for _ in 0..150 {
                    let any = p.capturers_any(&rs);
                    assert_eq!(p.capturers_bits(&rs), any, "{v} {}", p.to_fen(&rs.geometry));
                    let fast = rs.geometry.padded().is_some_and(|g| g.narrow())
                        && rs.rules.captures == Lines::Diagonal
                        && rs.rules.men_capture_backwards
                        && p.side(p.turn) & p.kings == 0;
                    in_line += usize::from(fast);
                    found += usize::from(fast && any != 0);
                    p.generate_compact(&rs, Duplicates::Drop, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    p = p.play_compact(&moves[next() as usize % moves.len()]);
                }
            }
        }
        assert!(in_line > 5_000 && found > 500, "{in_line} {found}");
    }

    #[test]
    fn start_position_fen() {
        let rs = intl();
        let fen = rs.start_position().to_fen(&rs.geometry);
        let expected_white: Vec<String> = (31..=50).map(|n| n.to_string()).collect();
        let expected_black: Vec<String> = (1..=20).map(|n| n.to_string()).collect();
        assert_eq!(
            fen,
            format!(
                "W:W{}:B{}",
                expected_white.join(","),
                expected_black.join(",")
            )
        );
    }

    #[test]
    fn perft_from_the_start() {
        let rs = intl();
        let start = rs.start_position();
        // tests/data/perft.tsv, international, depths 1-5.
        for (depth, nodes) in [(1, 9), (2, 81), (3, 658), (4, 4265), (5, 27117)] {
            assert_eq!(perft(&rs, &start, depth), nodes, "depth {depth}");
        }
    }

    #[test]
    fn perft_with_flying_kings() {
        let rs = intl();
        let p = pos(
            &rs,
            "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
        );
        for (depth, nodes) in [(1, 14), (2, 55), (3, 1168), (4, 5432)] {
            assert_eq!(perft(&rs, &p, depth), nodes, "depth {depth}");
        }
        let kings = pos(
            &rs,
            "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
        );
        for (depth, nodes) in [(1, 17), (2, 79), (3, 352), (4, 1399)] {
            assert_eq!(perft(&rs, &kings, depth), nodes, "depth {depth}");
        }
    }

    #[test]
    fn capture_is_compulsory_and_maximal() {
        let rs = intl();
        // 32x21 and 33x22 take one piece; 32x23x14 and 33x22x31 take two and are legal.
        let p = pos(&rs, "W:W32,33:B27,28,19");
        assert_eq!(notations(&rs, &p), vec!["32x23x14", "33x22x31"]);
    }

    #[test]
    fn men_capture_backwards_and_do_not_promote_in_passing() {
        let rs = intl();
        // The man on 9 takes 13 backwards.
        let p = pos(&rs, "W:W9:B13");
        let moves = p.legal_moves(&rs);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].long_notation(&rs.geometry), "9x18");
        assert!(!moves[0].promotes);
        // A man reaching the last row by a capture that ends there is crowned.
        let p = pos(&rs, "W:W12:B7");
        let moves = p.legal_moves(&rs);
        assert_eq!(moves[0].long_notation(&rs.geometry), "12x1");
        assert!(moves[0].promotes);
        // Passing over the last row (2) mid-capture leaves it a man.
        let p = pos(&rs, "W:W13:B8,7");
        let moves = p.legal_moves(&rs);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].long_notation(&rs.geometry), "13x2x11");
        assert!(!moves[0].promotes);
        assert_eq!(
            p.play(&moves[0]).piece_at(Square(10)).unwrap().role,
            Role::Man
        );
    }

    #[test]
    fn flying_king_captures_from_afar_and_lands_anywhere_behind() {
        let rs = intl();
        let p = pos(&rs, "W:WK46:B23");
        assert_eq!(notations(&rs, &p), vec!["46x10", "46x14", "46x19", "46x5"]);
    }

    #[test]
    fn the_standard_ambiguity_example() {
        let rs = intl();
        let p = pos(&rs, "W:WK47:B14,19,29,31,42");
        let moves: Vec<Move> = p
            .legal_moves(&rs)
            .into_iter()
            .filter(|m| rs.geometry.label(m.to) == "36")
            .collect();
        // Two routes from 47 to 36 that capture different pieces.
        assert_eq!(moves.len(), 2);
        assert_ne!(moves[0].captured, moves[1].captured);
        for m in &moves {
            assert_eq!(m.capture_count(), 4);
        }
    }

    #[test]
    fn play_moves_pieces_and_removes_captures() {
        let rs = intl();
        let p = pos(&rs, "W:W33:B28,17");
        let m = p.legal_moves(&rs)[0];
        let after = p.play(&m);
        assert_eq!(after.to_fen(&rs.geometry), "B:W11:B");
        assert_eq!(m.captured_squares().len(), 2);
    }

    /// A position of `variant` written with White-view coordinates (`"W:Wc3,Kd4:Bf6"`), whatever
    /// the variant's own notation; moves come back in the same coordinates.
    fn coords(variant: Variant, fen: &str) -> (Ruleset, Position) {
        let rs = Ruleset::of(variant).unwrap();
        let g = &rs.geometry;
        let label = |c: &str| -> String {
            let (king, c) = c.strip_prefix('K').map_or(("", c), |c| ("K", c));
            let file = c.as_bytes()[0] - b'a';
            let rank: u8 = c[1..].parse::<u8>().unwrap() - 1;
            let sq = g
                .at(file, rank)
                .unwrap_or_else(|| panic!("{c} is not playable"));
            format!("{king}{}", g.label(sq))
        };
        let mut parts = fen.split(':');
        let mut text = parts.next().unwrap().to_string();
        for side in parts {
            let (colour, squares) = side.split_at(1);
            let squares: Vec<String> = squares
                .split(',')
                .filter(|s| !s.is_empty())
                .map(label)
                .collect();
            text.push_str(&format!(":{colour}{}", squares.join(",")));
        }
        let p = Position::from_fen(&text, g, Color::White).unwrap();
        (rs, p)
    }

    fn coord_moves(rs: &Ruleset, moves: &[Move]) -> Vec<String> {
        let g = &rs.geometry;
        let name = |s: Square| {
            let i = g.info(s);
            format!("{}{}", (b'a' + i.file) as char, i.rank + 1)
        };
        let mut v: Vec<String> = moves
            .iter()
            .map(|m| {
                let sep = if m.is_capture() { "x" } else { "-" };
                m.path().into_iter().map(name).collect::<Vec<_>>().join(sep)
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn italian_men_do_not_capture_kings() {
        let (rs, p) = coords(Variant::Italian, "W:Wc2:BKd3");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c2-b3"]);
        let (rs, p) = coords(Variant::Italian, "W:Wc2:Bd3");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c2xe4"]);
        // A king may.
        let (rs, p) = coords(Variant::Italian, "W:WKc2:BKd3");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c2xe4"]);
    }

    #[test]
    fn italian_precedence() {
        // With a king before with a man.
        let (rs, p) = coords(Variant::Italian, "W:Wc2,Ka4:Bd3,b5");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["a4xc6"]);
        // Then the most kings.
        let (rs, p) = coords(Variant::Italian, "W:WKa4,Kg2:Bb5,Kf3");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["g2xe4"]);
        // Then the king met earliest: king then man beats man then king.
        let (rs, p) = coords(Variant::Italian, "W:WKa2,Kh3:BKb3,b5,g4,Kg6");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["a2xc4xa6"]);
        // The most pieces comes first of all.
        let (rs, p) = coords(Variant::Italian, "W:WKh1,c2:BKg2,d3,f5");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c2xe4xg6"]);
    }

    #[test]
    fn frisian_captures_by_value() {
        // Two men (200) outweigh one king (199).
        let (rs, p) = coords(Variant::Frisian, "W:Wc3,b8:Bd4,f6,Kc9");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c3xe5xg7"]);
        // One king outweighs one man.
        let (rs, p) = coords(Variant::Frisian, "W:Wc3,b8:Bd4,Kc9");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["b8xd10"]);
        // At equal value a king must capture.
        let (rs, p) = coords(Variant::Frisian, "W:Wc3,Kj10:Bd4,h8");
        assert_eq!(
            coord_moves(&rs, &p.legal_moves(&rs)),
            ["j10xe5", "j10xf6", "j10xg7"]
        );
        // Men capture orthogonally, two squares along the rank or file.
        let (rs, p) = coords(Variant::Frisian, "W:Wc3:Be3");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c3xg3"]);
    }

    #[test]
    fn frisian_limits_quiet_moves_of_one_king() {
        let (rs, p) = coords(Variant::Frisian, "W:Wa1,Ke3:Bj10");
        // Three quiet moves in a row with the same king, kept on the lower ranks.
        let mut q = p;
        for _ in 0..3 {
            let m = *q
                .legal_moves(&rs)
                .iter()
                .find(|m| m.from != Square(45) && rs.geometry.info(m.to).rank < 4)
                .unwrap();
            q = q.play(&m);
            q = q.play(&q.legal_moves(&rs)[0]);
        }
        let (_, run) = q.king_run(Color::White).unwrap();
        assert_eq!(run, 3);
        // The fourth is not allowed: only the man on a1 may move.
        assert_eq!(coord_moves(&rs, &q.legal_moves(&rs)), ["a1-b2"]);
        // A man move resets the count.
        let after = q.play(&q.legal_moves(&rs)[0]);
        assert_eq!(after.king_run(Color::White), None);
        // Without men the limit does not apply.
        let (rs, p) = coords(Variant::Frisian, "W:WKe3:Bj10");
        let e3 = rs.geometry.at(4, 2).unwrap();
        assert!(
            !p.with_king_run(Color::White, e3, 3)
                .legal_moves(&rs)
                .is_empty()
        );
        // Another king may move.
        let (rs, p) = coords(Variant::Frisian, "W:Wa1,Ke3,Kh2:Bj10");
        let moves = p.with_king_run(Color::White, e3, 3).legal_moves(&rs);
        assert!(moves.iter().all(|m| m.from != e3));
        assert!(moves.iter().any(|m| rs.geometry.info(m.from).file == 7));
    }

    #[test]
    fn thai_kings_land_right_behind() {
        let (rs, p) = coords(Variant::Thai, "W:WKa1:Bd4");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["a1xe5"]);
        let (rs, p) = coords(Variant::International, "W:WKa1:Bd4");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)).len(), 6);
        let (rs, p) = coords(Variant::Thai, "W:WKa1:Bc3,b6");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["a1xd4xa7"]);
    }

    #[test]
    fn turkish_removal_opens_a_route() {
        // The king crosses c4, which it emptied, to take c3.
        let (rs, p) = coords(Variant::Turkish, "W:WKa4,f4:Bc4,e6,d7,c3");
        assert_eq!(
            coord_moves(&rs, &p.legal_moves(&rs)),
            ["a4xe4xe7xc7xc1", "a4xe4xe7xc7xc2"]
        );
        let mut delayed = rs.clone();
        delayed.rules.immediate_removal = false;
        assert!(
            p.legal_moves(&delayed)
                .iter()
                .all(|m| m.capture_count() == 3)
        );
    }

    #[test]
    fn turkish_captures_do_not_turn_back() {
        let (rs, p) = coords(Variant::Turkish, "W:WKc1:Be1,b1");
        assert_eq!(
            coord_moves(&rs, &p.legal_moves(&rs)),
            ["c1xa1", "c1xf1", "c1xg1", "c1xh1"]
        );
        let mut reversing = rs.clone();
        reversing.rules.may_reverse = true;
        assert!(
            p.legal_moves(&reversing)
                .iter()
                .all(|m| m.capture_count() == 2)
        );
    }

    #[test]
    fn turkish_men_move_forward_and_sideways() {
        let (rs, p) = coords(Variant::Turkish, "W:Wd4:Bh8");
        assert_eq!(
            coord_moves(&rs, &p.legal_moves(&rs)),
            ["d4-c4", "d4-d5", "d4-e4"]
        );
    }

    #[test]
    fn russian_man_crowned_mid_capture_goes_on_as_a_king() {
        let (rs, p) = coords(Variant::Russian, "W:Wb6:Bc7,f6");
        let moves = p.legal_moves(&rs);
        assert_eq!(coord_moves(&rs, &moves), ["b6xd8xg5", "b6xd8xh4"]);
        assert!(moves.iter().all(|m| m.promotes));
        // Brazilian (international rules): the man stops on the last row.
        let (rs, p) = coords(Variant::Brazilian, "W:Wb6:Bc7,f6");
        assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["b6xd8"]);
    }

    #[test]
    fn a_man_comes_back_to_its_own_square() {
        // 32 takes the four men round 22 either way and ends where it started: its own square
        // is free to land on (the capture search's squares a man could jump from count it).
        let rs = intl();
        let p = pos(&rs, "W:W32:B27,17,18,28");
        let g = &rs.geometry;
        let merged: Vec<String> = p
            .legal_moves(&rs)
            .iter()
            .map(|m| m.long_notation(g))
            .collect();
        assert_eq!(merged.len(), 1, "{merged:?}");
        assert_eq!(p.legal_moves(&rs)[0].capture_count(), 4);
        let mut routes: Vec<String> = p
            .legal_routes(&rs)
            .iter()
            .map(|m| m.long_notation(g))
            .collect();
        routes.sort();
        assert_eq!(routes, ["32x21x12x23x32", "32x23x12x21x32"]);
        // With one more man beyond, the route goes on from its own square.
        let p = pos(&rs, "W:W32:B27,17,18,28,37");
        let moves = p.legal_moves(&rs);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].capture_count(), 5, "{:?}", moves[0]);
        assert_eq!(moves[0].to, g.parse_square("41").unwrap());
    }

    #[test]
    fn duplicate_routes_are_merged_or_kept() {
        // pydraughts' example: the king on d2 takes the four men round d4 either way.
        let (rs, p) = coords(Variant::Russian, "W:WKd2:Bc5,e5,c3,e3");
        let merged = coord_moves(&rs, &p.legal_moves(&rs));
        let routes = coord_moves(&rs, &p.legal_routes(&rs));
        assert_eq!(merged.len() + 1, routes.len(), "{merged:?} {routes:?}");
        assert!(routes.contains(&"d2xb4xd6xf4xd2".to_string()), "{routes:?}");
        assert!(routes.contains(&"d2xf4xd6xb4xd2".to_string()), "{routes:?}");
    }

    /// A small xorshift generator: random games the same in every run.
    fn next_random(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Random games in every variant: the Zobrist key kept up to date by `play` and
    /// `play_compact` equals the key computed from scratch (and `zobrist_after`'s, without the
    /// position), and the compact generator gives
    /// the routed moves' start, end, captured pieces and resulting positions, in the same order.
    #[test]
    fn incremental_zobrist_and_compact_moves_agree_over_random_games() {
        let mut state = 0x2545_f491_4f6c_dd1d;
        let mut keys = std::collections::HashMap::new();
        for v in Variant::ALL {
            let Some(rs) = Ruleset::of(v) else { continue };
            for _game in 0..20 {
                let mut p = rs.start_position();
                assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "{v} start");
                for _ply in 0..150 {
                    for dup in [Duplicates::Drop, Duplicates::Keep] {
                        let mut routed = Vec::new();
                        let mut compact = Vec::new();
                        p.generate(&rs, dup, &mut routed);
                        p.generate_compact(&rs, dup, &mut compact);
                        assert_eq!(routed.len(), compact.len(), "{v} {dup:?}");
                        for (r, c) in routed.iter().zip(&compact) {
                            assert_eq!(CompactMove::from(r), *c, "{v}");
                            assert_eq!(p.play(r), p.play_compact(c), "{v}");
                            assert_eq!(p.zobrist_after(c), p.play_compact(c).zobrist(), "{v}");
                        }
                    }
                    let moves = p.legal_moves(&rs);
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[(next_random(&mut state) % moves.len() as u64) as usize];
                    let c = CompactMove::from(&m);
                    assert_eq!(p.route(&rs, &c).map(|r| CompactMove::from(&r)), Some(c));
                    p = p.play(&m);
                    assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "{v}");
                    // Positions read back from their FEN have the same key (no king counts).
                    if p.king_run(Color::White).is_none() && p.king_run(Color::Black).is_none() {
                        let fen = p.to_fen(&rs.geometry);
                        let read = Position::from_fen(&fen, &rs.geometry, Color::White).unwrap();
                        assert_eq!(read.zobrist(), p.zobrist(), "{v} {fen}");
                    }
                    // Different positions of a variant, different keys (no collision here).
                    let fen = format!("{v} {}", p.to_fen(&rs.geometry));
                    let earlier = keys.insert((v, p.zobrist()), fen.clone());
                    assert!(
                        earlier.as_ref().is_none_or(|e| *e == fen),
                        "{fen} and {earlier:?}"
                    );
                }
            }
        }
    }

    /// A position keeps its sets in its board's padded bit order (where the board has one), but
    /// answers by internal square, and one kept in the internal order (as `Position::empty`
    /// builds it) plays the same: the same moves in the same order, the same capturers,
    /// positions and keys.
    #[test]
    fn the_padded_order_stays_inside() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        let mut padded = 0;
        for v in Variant::ALL {
            let Some(rs) = Ruleset::of(v) else { continue };
            let g = &rs.geometry;
            padded += usize::from(rs.start_position().layout != 0);
            for _game in 0..10 {
                let mut p = rs.start_position();
                assert_eq!(p.layout, g.layout_id(), "{v}");
                for _ply in 0..120 {
                    let plain = p.in_layout(0);
                    assert_eq!(plain, p, "{v}");
                    assert_eq!(plain.in_layout(p.layout).white, p.white, "{v}");
                    for c in [Color::White, Color::Black] {
                        assert_eq!(plain.pieces(c), p.pieces(c), "{v}");
                        assert_eq!(
                            plain.white | plain.black,
                            p.pieces(Color::White) | p.pieces(Color::Black)
                        );
                        for i in 0..g.len() {
                            let on = p.pieces(c) >> i & 1 == 1;
                            let at = p.piece_at(Square(i as u8));
                            assert_eq!(on, at.is_some_and(|x| x.color == c), "{v} {i}");
                            let king = at.is_some_and(|x| x.role == Role::King);
                            assert_eq!(king, p.kings() >> i & 1 == 1, "{v} {i}");
                        }
                    }
                    assert_eq!(plain.to_fen(g), p.to_fen(g), "{v}");
                    assert_eq!(plain.cells(g), p.cells(g), "{v}");
                    assert_eq!(plain.capturers(&rs), p.capturers(&rs), "{v}");
                    let moves = p.legal_routes(&rs);
                    assert_eq!(plain.legal_routes(&rs), moves, "{v}");
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[(next_random(&mut state) % moves.len() as u64) as usize];
                    let mut one = Vec::new();
                    plain.generate_from(&rs, Duplicates::Keep, m.from, &mut one);
                    let mut other = Vec::new();
                    p.generate_from(&rs, Duplicates::Keep, m.from, &mut other);
                    assert_eq!(one, other, "{v}");
                    let next = p.play(&m);
                    assert_eq!(plain.play(&m), next, "{v}");
                    assert_eq!(plain.play(&m).zobrist(), next.zobrist(), "{v}");
                    p = next;
                }
            }
        }
        // Every variant but Turkish (whose internal order has one offset a direction), the
        // 12×12 ones in 128 bits.
        assert_eq!(
            padded,
            Variant::ALL.len() - 1,
            "{padded} variants in a padded order"
        );
    }

    #[test]
    fn compact_moves_are_small() {
        assert!(std::mem::size_of::<CompactMove>() <= 32);
    }
}
