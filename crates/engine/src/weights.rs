//! The evaluation's weights, as data: one row per variant family, in hundredths of a man per
//! unit of each term of [`crate::eval::Terms`].
//!
//! `FLYING` and `SHORT` were fitted by `cargo run --release -p pdn-engine --example fit` (a
//! logistic fit of game results on the terms, over quiet positions of the corpora's games; the
//! method and the figures are in docs/engine.md). `HAND` is the starting point the fit began
//! from, kept for matches between the two.

/// How many terms the evaluation has.
pub const TERMS: usize = 14;

/// The terms' names, in the order of [`Weights::w`] and [`crate::eval::Terms`].
pub const NAMES: [&str; TERMS] = [
    "man",
    "king",
    "advance",
    "centre",
    "back_rank",
    "runaway",
    "king_diagonal",
    "tempo",
    "support",
    "outpost",
    "balance",
    "edge",
    "blocked",
    "trade",
];

/// A weight per term.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// The weights, in the order of [`NAMES`].
    pub w: [f32; TERMS],
}

/// The hand-set start: a man 100, a king 300 where kings fly (150 where they step), small
/// positional terms.
pub const HAND_FLYING: Weights = Weights {
    w: [
        100.0, 300.0, 3.0, 6.0, 8.0, 60.0, 15.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    ],
};

/// The hand-set start for short kings.
pub const HAND_SHORT: Weights = Weights {
    w: [
        100.0, 150.0, 3.0, 8.0, 10.0, 40.0, 6.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    ],
};

/// Boards whose kings fly (International, Brazilian, Russian, Frisian, Canadian, Pool, …).
/// Fitted on 4,579 International, Russian and Brazilian games (290,176 quiet positions, 29,075
/// of them held out): held-out log loss 0.66687 with `HAND_FLYING`, 0.66258 with these
/// (0.66466 with the first eight terms alone, [`EIGHT_FLYING`]).
pub const FLYING: Weights = Weights {
    w: [
        100.0, 319.9, 0.7, 1.8, 36.8, 126.9, 3.3, 3.7, -6.1, -3.9, 7.1, -10.0, 12.6, 2.1,
    ],
};

/// Boards whose kings step one square (English, Italian). Fitted on 1,505 English and Italian
/// games (45,315 quiet positions, 4,520 held out): held-out log loss 0.68041 with `HAND_SHORT`,
/// 0.66473 with these (0.66614 with the first eight terms alone, [`EIGHT_SHORT`]).
pub const SHORT: Weights = Weights {
    w: [
        100.0, 50.6, -1.4, -10.5, 15.8, 44.5, -6.7, -1.0, 12.0, -28.4, 3.6, -19.8, 1.5, 111.7,
    ],
};

/// The fit of the first eight terms alone (before support, outposts, balance, edge and
/// blocked men came in), kept for matches between the two.
pub const EIGHT_FLYING: Weights = Weights {
    w: [
        100.0, 324.5, -0.9, 6.4, 26.3, 133.3, 4.9, 3.2, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    ],
};

/// The same for short kings.
pub const EIGHT_SHORT: Weights = Weights {
    w: [
        100.0, 193.9, -3.4, 1.0, 20.8, 62.2, -3.3, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    ],
};

/// The weights for a variant's rules.
#[must_use]
pub fn for_rules(rules: &pdn::variant::Rules) -> Weights {
    if rules.flying_kings { FLYING } else { SHORT }
}
