//! The search's signature (as chess engines keep a "bench" number): the nodes a fixed set of
//! depth-limited searches visits, summed. Any change to the search, the ordering, the pruning or
//! the evaluation changes the tree, so it changes this number: a change that means to keep the
//! tree (a speed-up) must keep it, and one that means to change it updates it here, on purpose,
//! in the same commit. Depth-limited searches with a fixed table size depend on nothing but the
//! code: not the machine, its load or the clock.

use pdn::{Color, Position, Ruleset, Variant};
use pdn_engine::{Engine, Limits};

/// (variant, FEN or the start, depth): the starts of three families and two middlegames.
const SEARCHES: &[(Variant, Option<&str>, u32)] = &[
    (Variant::International, None, 11),
    (Variant::English, None, 11),
    (Variant::Russian, None, 11),
    (
        Variant::International,
        Some(
            "W:W27,28,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,23",
        ),
        10,
    ),
    (
        Variant::International,
        Some(
            "B:W24,27,29,32,33,34,36,37,38,39,40,42,43,45,47:B3,7,8,9,11,12,13,14,16,17,18,19,20,22,26",
        ),
        10,
    ),
];

/// The nodes of each search, in `SEARCHES`' order.
fn nodes() -> Vec<u64> {
    SEARCHES
        .iter()
        .map(|&(variant, fen, depth)| {
            let rs = Ruleset::of(variant).unwrap();
            let pos = match fen {
                Some(f) => Position::from_fen(f, &rs.geometry, Color::White).unwrap(),
                None => rs.start_position(),
            };
            let mut e = Engine::new(rs, 1 << 16);
            let mut last = 0;
            let lines = e.analyse(&pos, &[], &Limits::depth(depth), 2, |info| {
                last = info.nodes
            });
            assert!(!lines.is_empty(), "{variant:?}: no line");
            last
        })
        .collect()
}

#[test]
fn the_search_signature_is_unchanged() {
    let each = nodes();
    let total: u64 = each.iter().sum();
    // Update on purpose when the search is meant to change (and say so in the commit).
    const SIGNATURE: u64 = 332_054;
    assert_eq!(
        total, SIGNATURE,
        "the search's tree changed: {each:?} nodes, {total} in all (the signature is {SIGNATURE})"
    );
}

#[test]
fn the_signature_is_the_same_twice() {
    // The same searches in one process give the same tree: nothing carried from one search to
    // the next changes it (each engine is new), nor the clock.
    assert_eq!(nodes(), nodes());
}
