//! Writing a position: its FEN and its cells (one character a square).

use super::*;

impl Position {
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
}
