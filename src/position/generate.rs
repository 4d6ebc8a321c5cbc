//! The rules: the legal moves of a position, for every variant family (men and kings,
//! short and flying, diagonal and orthogonal lines), quiet moves and the capture search.

use super::*;

impl Position {
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

    pub(super) fn generate_any<M: Generated>(
        &self,
        rs: &Ruleset,
        duplicates: Duplicates,
        out: &mut Vec<M>,
    ) {
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
        let id = rs.geometry.layout_id();
        if self.layout != id {
            return self.in_layout(id).only_move(rs, from, to, legal);
        }
        self.only_move_here(rs, from, to, legal)
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
    pub(super) fn king_limit(&self, rules: &Rules) -> (u128, bool) {
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
    pub(super) fn generate_quiet<M: Generated>(&self, rs: &Ruleset, only: u128, out: &mut Vec<M>) {
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
    pub(super) fn count_quiet(&self, rs: &Ruleset) -> u64 {
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
    pub(super) fn capturers_bits(&self, rs: &Ruleset) -> u128 {
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
    pub(super) fn capturers_any(&self, rs: &Ruleset) -> u128 {
        let g = &rs.geometry;
        let rules = &rs.rules;
        // Men that take forward only and kings that do not fly (English, Italian), on a board
        // of one padded word: the sets of `capturers_in`, each direction a constant.
        if let Some(p) = g.padded().filter(|p| p.narrow()).filter(|_| {
            rules.captures == Lines::Diagonal && !rules.men_capture_backwards && !rules.flying_kings
        }) {
            let w = |x: u128| x as u64;
            let opponents = w(self.side(self.turn.opposite()));
            let (kings, empty) = (w(self.kings), !w(self.white | self.black));
            let victims = if rules.men_capture_kings {
                opponents
            } else {
                opponents & !kings
            };
            let mine = w(self.side(self.turn));
            let take = |set: u64, victims: u64, dir: Direction| {
                let back = opposite(dir);
                set & p.shift(victims & p.shift(empty, back), back)
            };
            let (men, kings) = (mine & !kings, mine & kings);
            let mut found = match self.turn {
                Color::White => take(men, victims, NorthEast) | take(men, victims, NorthWest),
                Color::Black => take(men, victims, SouthEast) | take(men, victims, SouthWest),
            };
            if kings != 0 {
                found |= take(kings, opponents, NorthEast) | take(kings, opponents, NorthWest);
                found |= take(kings, opponents, SouthEast) | take(kings, opponents, SouthWest);
            }
            return u128::from(found);
        }
        self.capturers_general(rs)
    }

    /// [`Position::capturers_any`] by the general code, every board and rule.
    #[inline(always)]
    pub(super) fn capturers_general(&self, rs: &Ruleset) -> u128 {
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

    pub(super) fn generate_captures<M: Generated>(
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
    pub(super) fn generate_captures_of<M: Generated>(
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

pub(super) fn king_dirs(lines: Lines) -> &'static [Direction] {
    match lines {
        Lines::Diagonal => &DIAGONALS,
        Lines::Orthogonal => &ORTHOGONALS,
        Lines::Both => &ALL_LINES,
    }
}

/// Men move forward along the move lines (orthogonally also sideways).
pub(super) fn man_move_dirs(lines: Lines, color: Color) -> &'static [Direction] {
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
