//! Perft: the leaf nodes of the move tree to a depth, for testing move generation against
//! published counts.

use super::*;

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
        .map(|m| perft_rec(rs, &pos.play_unkeyed(m), duplicates, deeper))
        .sum()
}
