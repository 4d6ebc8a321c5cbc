//! The search's signature (`pdn_engine::bench`, as chess engines keep a "bench" number): the
//! nodes a fixed set of depth-limited searches visits, summed. Any change to the search, the
//! ordering, the pruning or the evaluation changes the tree, so it changes this number: a change
//! that means to keep the tree (a speed-up) must keep it, and one that means to change it updates
//! `bench::SIGNATURE` on purpose, in the same commit, with the count `pdn bench-engine` prints.

use pdn_engine::bench::{SIGNATURE, signature};

#[test]
fn the_search_signature_is_unchanged() {
    let each = signature();
    let total: u64 = each.iter().sum();
    assert_eq!(
        total, SIGNATURE,
        "the search's tree changed: {each:?} nodes, {total} in all (the signature is {SIGNATURE}; \
         if the change is meant to alter the tree, set pdn_engine::bench::SIGNATURE to {total})"
    );
    // The number itself, written here too: a change of SIGNATURE shows in this file's diff.
    assert_eq!(SIGNATURE, 332_054);
}

#[test]
fn the_signature_is_the_same_twice() {
    // The same searches in one process give the same tree: nothing carried from one search to
    // the next changes it (each engine is new), nor the clock.
    assert_eq!(signature(), signature());
}
