//! Playing a move on a position: the pieces moved and taken, the keys kept up to date, and
//! Frisian's counts of quiet king moves.

use super::*;

impl Position {
    /// The position after `m` (which must be legal here).
    #[must_use]
    pub fn play(&self, m: &Move) -> Position {
        self.apply::<true>(m.from, m.to, m.captured, m.promotes, m.counted_king_move)
    }

    /// The position after the compact move `m` (which must be legal here): the same as
    /// [`Position::play`] on its route.
    #[must_use]
    #[inline]
    pub fn play_compact(&self, m: &CompactMove) -> Position {
        self.apply::<true>(m.from, m.to, m.captured, m.promotes, m.counted_king_move)
    }

    /// [`Position::play_compact`] without keeping the Zobrist key (left as it was): for perft,
    /// which never reads it. The key's table lookups were a tenth of playing a move.
    #[inline]
    pub(super) fn play_unkeyed(&self, m: &CompactMove) -> Position {
        self.apply::<false>(m.from, m.to, m.captured, m.promotes, m.counted_king_move)
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
        self.apply::<true>(from, to, captured, promotes, false)
    }

    /// `KEY`: the Zobrist key is kept up to date.
    #[inline(always)]
    fn apply<const KEY: bool>(
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
            self.apply_in::<u64, KEY>(
                from_sq,
                to_sq,
                (from, to, taken),
                captured,
                promotes,
                counted_king_move,
            )
        } else {
            self.apply_wide::<KEY>(from_sq, to_sq, captured, promotes, counted_king_move)
        }
    }

    /// [`Position::apply`] in a 128-bit word: only the 12×12 boards have squares past 64 (out
    /// of line, so that the others' code stays small).
    #[inline(never)]
    fn apply_wide<const KEY: bool>(
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
        self.apply_in::<u128, KEY>(
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
    fn apply_in<B: SquareSet, const KEY: bool>(
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
        let mut left = if KEY { taken } else { B::EMPTY };
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
        if KEY {
            p.zobrist = key;
        }
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
}
