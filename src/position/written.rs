//! The one legal move a written pair of squares names (`32-28`, `22x15`), for
//! [`Position::only_move`]: where no piece can capture, the quiet move is looked for along the
//! lines from its start square instead of generating the piece's moves into a buffer and
//! filtering them. The mainlines read with the text ([`crate::mainline`]) find nearly every
//! move of an archive this way.

use super::generate::{king_dirs, man_move_dirs};
use super::*;
use crate::geometry::Padded;

impl Position {
    /// [`Position::only_move`] on a position in its board's bit order.
    pub(super) fn only_move_here(
        &self,
        rs: &Ruleset,
        from: Square,
        to: Square,
        legal: &mut Vec<CompactMove>,
    ) -> Option<CompactMove> {
        let capturers = self.capturers_bits(rs);
        legal.clear();
        if capturers == 0 {
            if let Some(p) = rs.geometry.padded().filter(|p| p.narrow()) {
                return self.quiet_to(rs, p, from, to);
            }
            self.generate_quiet(rs, self.bit(from), legal);
        } else if rs.rules.priority == CapturePriority::Free {
            // Any capture may be chosen: the piece's own captures, searched from it alone.
            self.generate_captures_of(rs, Duplicates::Drop, capturers & self.bit(from), legal);
        } else {
            self.generate_captures_of(rs, Duplicates::Drop, capturers, legal);
            if legal.is_empty() {
                self.generate_quiet(rs, self.bit(from), legal);
            } else {
                legal.retain(|m| m.from == from);
            }
        }
        let mut fits = legal.iter().filter(|m| m.to == to && m.from == from);
        match (fits.next(), fits.next()) {
            (Some(m), None) => Some(*m),
            _ => None,
        }
    }

    /// The quiet move from `from` to `to` when it is legal (no piece can capture): what the
    /// piece's quiet moves ([`Position::generate_quiet`]) hold with that end, on a board of one
    /// word in the padded order `p`.
    fn quiet_to(&self, rs: &Ruleset, p: &Padded, from: Square, to: Square) -> Option<CompactMove> {
        let rules = &rs.rules;
        let (f, t) = (self.bit(from) as u64, self.bit(to) as u64);
        let occupied = (self.white | self.black) as u64;
        if f & self.side(self.turn) as u64 == 0 || t & occupied != 0 {
            return None;
        }
        if f & self.kings as u64 == 0 {
            let promotes = t & rs.geometry.promotion_bits(self.turn) as u64 != 0;
            return man_move_dirs(rules.moves, self.turn)
                .iter()
                .any(|&dir| p.shift(f, dir) == t)
                .then(|| CompactMove::quiet(from, to, promotes, false));
        }
        // Frisian: the king that made its quiet moves in a row may not make another.
        let (blocked, counted) = self.king_limit(rules);
        if blocked as u64 & f != 0 {
            return None;
        }
        for &dir in king_dirs(rules.moves) {
            let mut at = p.shift(f, dir);
            while at != 0 && at & occupied == 0 {
                if at == t {
                    return Some(CompactMove::quiet(from, to, false, counted));
                }
                if !rules.flying_kings {
                    break;
                }
                at = p.shift(at, dir);
            }
        }
        None
    }
}
