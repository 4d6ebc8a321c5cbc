//! Moves: the routed [`Move`] (for writing and showing) and the [`CompactMove`] (for search
//! and perft), built by one capture search.

use super::*;

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
    pub(super) counted_king_move: bool,
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
    pub(super) counted_king_move: bool,
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
pub(super) trait Generated: Copy {
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
