//! The search's signature, as chess engines keep a "bench" number: the nodes a fixed set of
//! depth-limited searches visits, summed. Any change to the search, its ordering, pruning or
//! evaluation changes the tree, so it changes the number; a depth-limited search with a fixed
//! table size depends on nothing but the code (not the machine, its load or the clock).
//! `tests/signature.rs` pins the number (so `make test` does) and `pdn bench-engine` prints it.

use pdn::{Color, Position, Ruleset, Variant};

use crate::{Analyser, Engine, Limits};

/// The signature today. A change meant to keep the tree (a speed-up) keeps it; one meant to
/// change it updates it here in the same commit, with the new count `pdn bench-engine` prints.
pub const SIGNATURE: u64 = 332_054;

/// (name, variant, FEN or the start, depth): the starts of three families and two
/// International middlegames, two lines each, a table of 2^16 entries.
pub const SEARCHES: &[(&str, Variant, Option<&str>, u32)] = &[
    ("international start", Variant::International, None, 11),
    ("english start", Variant::English, None, 11),
    ("russian start", Variant::Russian, None, 11),
    (
        "international middlegame 1",
        Variant::International,
        Some(
            "W:W27,28,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,23",
        ),
        10,
    ),
    (
        "international middlegame 2",
        Variant::International,
        Some(
            "B:W24,27,29,32,33,34,36,37,38,39,40,42,43,45,47:B3,7,8,9,11,12,13,14,16,17,18,19,20,22,26",
        ),
        10,
    ),
];

/// The nodes of each of [`SEARCHES`], in order, each searched by a new engine through the
/// [`Analyser`] (the one seam every caller goes through).
#[must_use]
pub fn signature() -> Vec<u64> {
    SEARCHES
        .iter()
        .map(|&(_, variant, fen, depth)| {
            let rs = Ruleset::of(variant).expect("the signature's variants have rules");
            let pos = match fen {
                Some(f) => Position::from_fen(f, &rs.geometry, Color::White)
                    .expect("the signature's FENs are positions"),
                None => rs.start_position(),
            };
            let engine = Engine::new(rs, 1 << 16);
            let mut a = Analyser::new(engine, pos, Vec::new(), Limits::depth(depth), 2);
            let mut last = 0;
            a.run(|info| last = info.nodes);
            last
        })
        .collect()
}
