//! Every budget of what the page is handed, in one place: a hostile text ("1. 32-28" and
//! 300,000 "(") gives a view with hundreds of thousands of variations or diagnostics, and
//! copying that to the page and drawing it would hold the page for seconds. The page gets a
//! view within these budgets ([`cap_variations`], [`listed`]) with counts of the rest, and asks
//! for more variations when the reader opens them ([`pick_variations`]). Nothing is dropped from
//! the data: the core still has every diagnostic (`pdn check` prints all).
//!
//! The page draws by the same numbers: `www/reader/viewcap.js` `LIMITS` holds them for the
//! JavaScript, and `tests/budgets.rs` fails when the two differ.

// The diagnostics' budget and the list cut by it are in `listing.rs`, below `view.rs` (which
// lists a game's diagnostics as it builds the view); they are this module's by their names here.
pub use crate::listing::{
    DIAGNOSTICS, DiagnosticsSummary, HiddenView, PER_CODE, SeverityCounts, listed,
};
use crate::view::{GameView, VariationView};

/// Variation nesting sent (and shown) before "▸ more".
pub const DEPTH: usize = 8;
/// Variations sent (and shown) of one list of alternatives before "▸ more".
pub const PER_LEVEL: usize = 200;
/// Variation moves sent at a time, about.
pub const PLIES: usize = 20_000;

/// The budgets by the names `www/reader/viewcap.js` `LIMITS` gives them.
pub const LIMITS: [(&str, usize); 5] = [
    ("diagnostics", DIAGNOSTICS),
    ("perCode", PER_CODE),
    ("depth", DEPTH),
    ("perLevel", PER_LEVEL),
    ("plies", PLIES),
];

/// Whether the view's variations are more than the page takes at once.
fn oversized(vars: &[VariationView]) -> bool {
    vars.len() > PER_LEVEL
        || vars.iter().any(|v| v.depth > DEPTH)
        || vars.iter().map(|v| v.plies.len()).sum::<usize>() > PLIES
}

/// Keeps in `view` only the variations the page shows at first (the others are sent as `null`,
/// ids unchanged), with [`GameView::variation_moves`]; a view within the budgets is left as
/// it is. The whole tree stays in the value, for [`pick_variations`].
pub fn cap_variations(view: &mut GameView) {
    let vars = &view.variations;
    if !oversized(vars) {
        return;
    }
    let roots: Vec<&[usize]> = match &view.packed {
        Some(p) => p
            .notes
            .iter()
            .map(|(_, n)| n.variations.as_slice())
            .collect(),
        None => view.plies.iter().map(|p| p.variations.as_slice()).collect(),
    };
    let mut shown = vec![false; vars.len()];
    for id in select(vars, &roots, DEPTH) {
        shown[id] = true;
    }
    view.variation_moves = Some(subtree_moves(vars));
    view.variations.shown = Some(shown);
}

/// More variations for the page: those of `ids` (one list of alternatives) and what is nested
/// in them, [`DEPTH`] levels deep, within the budget, as `(id, variation)`.
#[must_use]
pub fn pick_variations<'v>(view: &'v GameView, ids: &[usize]) -> Vec<(usize, &'v VariationView)> {
    let vars = &view.variations;
    let Some(first) = ids.first().and_then(|&id| vars.get(id)) else {
        return Vec::new();
    };
    let max_depth = first.depth + DEPTH - 1;
    select(vars, &[ids], max_depth)
        .into_iter()
        .map(|id| (id, &vars[id]))
        .collect()
}

/// The variations to send for the lists of alternatives `roots`: breadth first, at most
/// [`PER_LEVEL`] of each list, nested no deeper than `max_depth`, about [`PLIES`] moves in all
/// (at least the first list's first variation). Ids in the order taken.
fn select(vars: &[VariationView], roots: &[&[usize]], max_depth: usize) -> Vec<usize> {
    let mut taken = vec![false; vars.len()];
    let mut keep = Vec::new();
    let mut budget = PLIES;
    let mut queue: Vec<&[usize]> = roots.iter().copied().filter(|r| !r.is_empty()).collect();
    while !queue.is_empty() && budget > 0 {
        let mut next = Vec::new();
        for ids in queue {
            for &id in ids.iter().take(PER_LEVEL) {
                let Some(v) = vars.get(id).filter(|v| !taken[id] && v.depth <= max_depth) else {
                    break;
                };
                let n = v.plies.len();
                if n > budget && !keep.is_empty() {
                    budget = 0;
                    break;
                }
                taken[id] = true;
                keep.push(id);
                budget = budget.saturating_sub(n);
                next.extend(
                    v.plies
                        .iter()
                        .map(|p| p.variations.as_slice())
                        .filter(|r| !r.is_empty()),
                );
            }
            if budget == 0 {
                break;
            }
        }
        queue = next;
    }
    keep
}

/// Moves in each variation and everything nested in it, by id. Linear, without recursion.
#[must_use]
pub fn subtree_moves(vars: &[VariationView]) -> Vec<u32> {
    let mut out = vec![0u32; vars.len()];
    // Deepest first, so every child is complete before it is added to its parent (by depth
    // in buckets: a sort would cost the page's wasm kilobytes).
    let deepest = vars.iter().map(|v| v.depth).max().unwrap_or(0);
    let mut by_depth: Vec<Vec<usize>> = vec![Vec::new(); deepest + 1];
    for (id, v) in vars.iter().enumerate() {
        by_depth[v.depth].push(id);
    }
    for id in by_depth.into_iter().rev().flatten() {
        let v = &vars[id];
        out[id] = out[id].saturating_add(u32::try_from(v.plies.len()).unwrap_or(u32::MAX));
        if let Some(p) = v.parent.filter(|&p| p < out.len()) {
            out[p] = out[p].saturating_add(out[id]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library::Library;

    /// A game whose first move has `n` one-move variations: nested (each in the one before) or
    /// side by side.
    fn hostile(n: usize, nested: bool) -> Library {
        let moves = if nested {
            format!("{}{}", "(1. 33-28 ".repeat(n), ")".repeat(n))
        } else {
            "(1. 33-28) ".repeat(n)
        };
        Library::new(format!("[GameType \"20\"] 1. 32-28 {moves} *"))
    }

    fn sent(view: &GameView) -> Vec<usize> {
        let shown = view.variations.shown.as_ref();
        (0..view.variations.len())
            .filter(|&id| shown.is_none_or(|s| s[id]))
            .collect()
    }

    #[test]
    fn a_small_view_is_sent_whole() {
        let lib = hostile(3, true);
        let view = lib.page_view(0).unwrap();
        assert_eq!(sent(&view).len(), 3);
        assert!(view.variation_moves.is_none());
        assert!(!crate::json::to_string(&*view).contains("variationMoves"));
    }

    #[test]
    fn nested_variations_are_sent_eight_deep_with_the_moves_of_every_subtree() {
        let lib = hostile(20_000, true);
        let view = lib.page_view(0).unwrap();
        let ids = sent(&view);
        assert_eq!(ids.len(), DEPTH);
        assert!(ids.iter().all(|&id| view.variations[id].depth <= DEPTH));
        let moves = view.variation_moves.as_ref().unwrap();
        let outer = view.packed.as_ref().unwrap().notes[0].1.variations[0];
        assert_eq!(moves[outer], 20_000);
        // Left out: written as null, ids kept.
        let json = crate::json::to_string(&*view);
        assert!(json.matches("null,null").count() > 1000);
        // "Show" on the deepest one sent hands out the next eight levels.
        let deepest = ids
            .iter()
            .copied()
            .max_by_key(|&id| view.variations[id].depth)
            .unwrap();
        let inner = view.variations[deepest].plies[0].variations.clone();
        let next = lib.variations(0, &inner);
        assert_eq!(next.len(), DEPTH);
        assert_eq!(
            next.iter().map(|(_, v)| v.depth).max(),
            Some(2 * DEPTH),
            "{:?}",
            next.iter().map(|(id, _)| id).collect::<Vec<_>>()
        );
    }

    #[test]
    fn alternatives_are_sent_two_hundred_at_a_time_within_the_move_budget() {
        let lib = hostile(20_000, false);
        let view = lib.page_view(0).unwrap();
        assert_eq!(sent(&view).len(), PER_LEVEL);
        let all = &view.packed.as_ref().unwrap().notes[0].1.variations;
        let more = lib.variations(0, &all[PER_LEVEL..]);
        let ids: Vec<usize> = more.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, all[PER_LEVEL..2 * PER_LEVEL]);
        // Unknown ids give nothing; so does a game that is not there.
        assert!(lib.variations(0, &[99_999]).is_empty());
        assert!(lib.variations(5, &[0]).is_empty());
        // The budget of moves: long variations stop the list, at least one is sent.
        let shuffle = "37-46 6-1 46-37 1-6 ".repeat(PLIES / 8 + 1);
        let long = format!("(1. 46-37 1-6 {shuffle}) ").repeat(3);
        let lib = Library::new(format!(
            "[GameType \"20\"] [FEN \"W:WK46:BK1\"] 1. 46-41 {long} *"
        ));
        let view = lib.page_view(0).unwrap();
        assert!(view.variations.iter().all(|v| v.plies.len() > PLIES / 2));
        assert_eq!(sent(&view).len(), 1);
    }

    #[test]
    fn subtree_moves_add_up_nested_moves() {
        let lib = hostile(5, true);
        let view = lib.view(0).unwrap();
        let moves = subtree_moves(&view.variations);
        let mut by_depth: Vec<(usize, u32)> = view
            .variations
            .iter()
            .map(|v| (v.depth, moves[v.id]))
            .collect();
        by_depth.sort_unstable();
        assert_eq!(by_depth, [(1, 5), (2, 4), (3, 3), (4, 2), (5, 1)]);
    }

    #[test]
    fn an_edit_makes_the_kept_view_new() {
        let mut lib = hostile(300, false);
        let before = lib.page_view(0).unwrap();
        assert_eq!(sent(&before).len(), PER_LEVEL);
        lib.delete_variation(0, 0).unwrap();
        let after = lib.variations(0, &[0]);
        assert_eq!(
            after[0].1.plies[0].notation,
            before.variations[1].plies[0].notation
        );
        assert_eq!(lib.page_view(0).unwrap().variations.len(), 299);
    }
}
