//! Legal positions and legal moves: the rules engine.
//!
//! A [`Position`] is three bit sets over the internal square indices of a
//! [`Geometry`](crate::geometry::Geometry) plus the side to move; it does not own its board, so
//! every operation takes the [`Ruleset`] (board and rules) it is played under.

use std::fmt;

use crate::fen::{ParseFenError, Setup};
use crate::geometry::{Direction, Geometry, Square};
use crate::types::{Color, Piece, Role};
use crate::variant::{CapturePriority, Rules, Variant};

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

    /// The variant's starting position.
    #[must_use]
    pub fn start_position(&self) -> Position {
        start_position(self.variant, &self.geometry)
    }
}

/// The usual starting position of `variant` on its board `g` (also for variants whose rules are
/// not implemented, so their board can still be shown).
///
/// ```
/// use pdn::{geometry::Geometry, position::start_position, Variant};
/// let g = Geometry::new(Variant::Frisian.board()).unwrap();
/// assert_eq!(start_position(Variant::Frisian, &g).count(pdn::Color::Black), 20);
/// ```
#[must_use]
pub fn start_position(variant: Variant, g: &Geometry) -> Position {
    let height = g.spec().height;
    // Ranks (from White's side) that each side fills.
    let (white_ranks, black_ranks) = match variant {
        Variant::Turkish => (1..=2, height - 3..=height - 2),
        Variant::Thai => (0..=1, height - 2..=height - 1),
        _ => {
            let rows = (height - 2) / 2;
            (0..=rows - 1, height - rows..=height - 1)
        }
    };
    let mut pos = Position::empty(g.spec().first_player);
    for (i, info) in g.squares().iter().enumerate() {
        if white_ranks.contains(&info.rank) {
            pos.white |= 1 << i;
        } else if black_ranks.contains(&info.rank) {
            pos.black |= 1 << i;
        }
    }
    pos
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

#[inline]
const fn bit(s: Square) -> u128 {
    1u128 << s.0
}

/// A position: where the pieces are and who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    white: u128,
    black: u128,
    kings: u128,
    turn: Color,
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

impl std::error::Error for PositionError {}

impl Position {
    /// An empty board with `turn` to move.
    #[must_use]
    pub const fn empty(turn: Color) -> Position {
        Position {
            white: 0,
            black: 0,
            kings: 0,
            turn,
        }
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
        for (color, role, label) in &setup.pieces {
            let sq = g
                .parse_square(label)
                .ok_or_else(|| PositionError::BadSquare(label.clone()))?;
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
        let b = bit(sq);
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
        let b = bit(sq);
        match piece.color {
            Color::White => self.white |= b,
            Color::Black => self.black |= b,
        }
        if piece.role == Role::King {
            self.kings |= b;
        }
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

    /// The canonical FEN: side to move, then `:W` and `:B` with squares in ascending order and
    /// `K` before kings, no ranges (`W:W31,32,K45:B1,2,3`).
    #[must_use]
    pub fn to_fen(&self, g: &Geometry) -> String {
        let mut s = String::with_capacity(160);
        s.push(self.turn.fen_char());
        for color in [Color::White, Color::Black] {
            s.push(':');
            s.push(color.fen_char());
            let mut first = true;
            let mut bits = self.side(color);
            while bits != 0 {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                if !first {
                    s.push(',');
                }
                first = false;
                if self.kings & (1 << i) != 0 {
                    s.push('K');
                }
                s.push_str(g.label(Square(i)));
            }
        }
        s
    }

    /// One character per playable square, in internal order: `.` empty, `w`/`W` white man/king,
    /// `b`/`B` black man/king. The page draws the board from this.
    #[must_use]
    pub fn cells(&self, g: &Geometry) -> String {
        (0..g.len() as u8)
            .map(|i| self.piece_at(Square(i)).map_or('.', Piece::cell_char))
            .collect()
    }

    /// The position after `m` (which must be legal here).
    #[must_use]
    pub fn play(&self, m: &Move) -> Position {
        let mut p = *self;
        let from = bit(m.from);
        let to = bit(m.to);
        let was_king = p.kings & from != 0;
        // Captured pieces leave first, so a king returning to its own start square stays put.
        p.white &= !m.captured;
        p.black &= !m.captured;
        p.kings &= !m.captured;
        match self.turn {
            Color::White => p.white = (p.white & !from) | to,
            Color::Black => p.black = (p.black & !from) | to,
        }
        p.kings &= !from;
        if was_king || m.promotes {
            p.kings |= to;
        }
        p.turn = self.turn.opposite();
        p
    }

    /// Every legal move, with captures that reach the same square by the same pieces counted
    /// once (they give the same position).
    ///
    /// ```
    /// use pdn::{Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// assert_eq!(rs.start_position().legal_moves(&rs).len(), 9);
    /// ```
    #[must_use]
    pub fn legal_moves(&self, rs: &Ruleset) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        self.generate_captures(rs, &mut out);
        if out.is_empty() {
            self.generate_quiet(rs, &mut out);
        }
        out
    }

    fn generate_quiet(&self, rs: &Ruleset, out: &mut Vec<Move>) {
        let g = &rs.geometry;
        let occ = self.white | self.black;
        let mut mine = self.side(self.turn);
        while mine != 0 {
            let from = Square(mine.trailing_zeros() as u8);
            mine &= mine - 1;
            let king = self.kings & bit(from) != 0;
            if king {
                for dir in Direction::DIAGONAL {
                    let mut cur = from;
                    while let Some(next) = g.step(cur, dir) {
                        if occ & bit(next) != 0 {
                            break;
                        }
                        out.push(quiet(from, next, false));
                        if !rs.rules.flying_kings {
                            break;
                        }
                        cur = next;
                    }
                }
            } else {
                for dir in Direction::forward_diagonals(self.turn) {
                    if let Some(to) = g.step(from, dir) {
                        if occ & bit(to) == 0 {
                            out.push(quiet(from, to, g.is_promotion_row(to, self.turn)));
                        }
                    }
                }
            }
        }
    }

    fn generate_captures(&self, rs: &Ruleset, out: &mut Vec<Move>) {
        let mut mine = self.side(self.turn);
        let mut search = CaptureSearch {
            rs,
            color: self.turn,
            opponents: self.side(self.turn.opposite()),
            opponent_kings: self.side(self.turn.opposite()) & self.kings,
            occupied: 0,
            from: Square(0),
            king: false,
            started_king: false,
            legs: [0; MAX_CAPTURES],
            taken: [0; MAX_CAPTURES],
            captured: 0,
            depth: 0,
            best: (0, 0),
            out,
        };
        while mine != 0 {
            let from = Square(mine.trailing_zeros() as u8);
            mine &= mine - 1;
            search.from = from;
            search.king = self.kings & bit(from) != 0;
            search.started_king = search.king;
            // The moving piece's own square is free to pass over or land on.
            search.occupied = (self.white | self.black) & !bit(from);
            search.extend(from);
        }
        // Czech draughts: when a king can capture, a king must capture.
        if rs.rules.priority == CapturePriority::KingFirst
            && out.iter().any(|m| self.kings & bit(m.from) != 0)
        {
            out.retain(|m| self.kings & bit(m.from) != 0);
        }
    }
}

fn quiet(from: Square, to: Square, promotes: bool) -> Move {
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
    }
}

/// Depth-first search over capture sequences of one piece. Captured pieces stay on the board
/// until the move ends (they block, and cannot be jumped twice).
struct CaptureSearch<'a> {
    rs: &'a Ruleset,
    color: Color,
    opponents: u128,
    opponent_kings: u128,
    occupied: u128,
    from: Square,
    /// The piece captures as a king now (from the start, or crowned on the way in Russian).
    king: bool,
    started_king: bool,
    legs: [u8; MAX_CAPTURES],
    taken: [u8; MAX_CAPTURES],
    captured: u128,
    depth: usize,
    /// Best (pieces, kings) taken so far, for the priority rules that compare captures.
    best: (u32, u32),
    out: &'a mut Vec<Move>,
}

impl CaptureSearch<'_> {
    fn extend(&mut self, cur: Square) {
        let g = &self.rs.geometry;
        let mut extended = false;
        if self.depth < MAX_CAPTURES {
            for dir in Direction::DIAGONAL {
                let Some(victim) = self.victim(cur, dir, self.king, self.captured) else {
                    continue;
                };
                let vb = bit(victim);
                // The squares behind the victim where the piece may land.
                let flying = self.king && self.rs.rules.flying_kings;
                let mut landings = [0u8; 16];
                let mut n = 0;
                let mut landing = g.step(victim, dir);
                while let Some(land) = landing {
                    if self.occupied & bit(land) != 0 || n == landings.len() {
                        break;
                    }
                    landings[n] = land.0;
                    n += 1;
                    if !flying {
                        break;
                    }
                    landing = g.step(land, dir);
                }
                // A capture must go on while it can: when some landing square allows a further
                // capture, only those squares may be chosen.
                let must_go_on = n > 1
                    && landings[..n]
                        .iter()
                        .any(|&l| self.can_go_on(Square(l), self.captured | vb));
                for &land in &landings[..n] {
                    let land = Square(land);
                    if must_go_on && !self.can_go_on(land, self.captured | vb) {
                        continue;
                    }
                    extended = true;
                    self.legs[self.depth] = land.0;
                    self.taken[self.depth] = victim.0;
                    self.depth += 1;
                    self.captured |= vb;
                    // Russian draughts: a man touching the last row mid-capture goes on as a king.
                    let was_king = self.king;
                    if self.rs.rules.crown_mid_capture && g.is_promotion_row(land, self.color) {
                        self.king = true;
                    }
                    self.extend(land);
                    self.king = was_king;
                    self.captured &= !vb;
                    self.depth -= 1;
                }
            }
        }
        if !extended && self.depth > 0 {
            self.record(cur);
        }
    }

    /// Whether the piece, having landed on `at` with `captured` taken, can capture again.
    fn can_go_on(&self, at: Square, captured: u128) -> bool {
        let g = &self.rs.geometry;
        let king =
            self.king || (self.rs.rules.crown_mid_capture && g.is_promotion_row(at, self.color));
        Direction::DIAGONAL.into_iter().any(|dir| {
            self.victim(at, dir, king, captured)
                .and_then(|v| g.step(v, dir))
                .is_some_and(|l| self.occupied & bit(l) == 0)
        })
    }

    /// The opponent piece that a piece on `at` could jump in direction `dir`: the next piece
    /// along the line (only the adjacent square for men and short kings), if it is the
    /// opponent's and not taken yet. Men capture backwards only where the rules allow it.
    fn victim(&self, at: Square, dir: Direction, king: bool, captured: u128) -> Option<Square> {
        let g = &self.rs.geometry;
        if !king
            && !self.rs.rules.men_capture_backwards
            && !Direction::forward_diagonals(self.color).contains(&dir)
        {
            return None;
        }
        let mut victim = g.step(at, dir)?;
        if king && self.rs.rules.flying_kings {
            while self.occupied & bit(victim) == 0 {
                victim = g.step(victim, dir)?;
            }
        }
        let vb = bit(victim);
        (self.opponents & vb != 0 && captured & vb == 0).then_some(victim)
    }

    fn record(&mut self, to: Square) {
        let pieces = self.depth as u32;
        let key = match self.rs.rules.priority {
            CapturePriority::Free | CapturePriority::KingFirst => None,
            CapturePriority::MostPieces => Some((pieces, 0)),
            CapturePriority::MostPiecesThenKings => {
                Some((pieces, (self.captured & self.opponent_kings).count_ones()))
            }
        };
        if let Some(key) = key {
            if key < self.best {
                return;
            }
            if key > self.best {
                self.out.clear();
                self.best = key;
            }
        }
        let duplicate = self
            .out
            .iter()
            .any(|m| m.from == self.from && m.to == to && m.captured == self.captured);
        if duplicate {
            return;
        }
        let promotes =
            !self.started_king && (self.king || self.rs.geometry.is_promotion_row(to, self.color));
        self.out.push(Move {
            from: self.from,
            to,
            captured: self.captured,
            promotes,
            legs: self.legs,
            n_legs: self.depth as u8,
            taken: self.taken,
        });
    }
}

/// Counts the leaf nodes of the move tree to `depth` plies (captures with the same start, end
/// and captured pieces counted once).
///
/// ```
/// use pdn::{position::perft, Ruleset, Variant};
/// let rs = Ruleset::of(Variant::International).unwrap();
/// assert_eq!(perft(&rs, &rs.start_position(), 2), 81);
/// ```
#[must_use]
pub fn perft(rs: &Ruleset, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves(rs);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(rs, &pos.play(m), depth - 1))
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

    #[test]
    fn every_variant_starts_as_the_standard_says() {
        // pdn-standard.md §1.10.1, "Initial positions as PDN FEN".
        let russian = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
        let turkish = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";
        let spantsiretti = "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3:Bb6,d6,f6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8";
        for (variant, fen) in [
            (Variant::International, "W:W31-50:B1-20"),
            (Variant::Frisian, "W:W31-50:B1-20"),
            (Variant::Canadian, "W:W43-72:B1-30"),
            (Variant::English, "B:W21-32:B1-12"),
            (Variant::AmericanPool, "B:W21-32:B1-12"),
            (Variant::Italian, "W:W21-32:B1-12"),
            (Variant::Spanish, "W:W1-12:B21-32"),
            (Variant::Portuguese, "W:W1-12:B21-32"),
            (Variant::Russian, russian),
            (Variant::Brazilian, russian),
            (Variant::Czech, russian),
            (Variant::Turkish, turkish),
            (Variant::Thai, "B:W1-8:B25-32"),
            (Variant::Spantsiretti, spantsiretti),
        ] {
            let g = Geometry::new(variant.board()).unwrap();
            let expected =
                Position::from_setup(&Setup::parse(fen).unwrap(), &g, Color::White).unwrap();
            assert_eq!(start_position(variant, &g), expected, "{variant}");
        }
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
        // ../shared/perft/perft.tsv, international, depths 1-5.
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
}
