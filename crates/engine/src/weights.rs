//! The evaluation's weights, as data: one row per variant family, in hundredths of a man.
//!
//! These are set by hand from the usual values players give (a king worth about three men
//! where kings fly, one and a half where they step) and checked by self-play; they have not
//! been fitted to game results yet (docs/engine.md says how they are to be fitted: logistic
//! regression of results on the terms, over positions from the corpora's games).

/// The terms of [`crate::eval`] and their weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// Per rank a man has advanced, times that rank's weight (ranks near promotion count more).
    pub advance: i32,
    /// A man on one of the central squares.
    pub centre: i32,
    /// A man still on its own back rank while the other side has no king (it guards promotion).
    pub back_rank: i32,
    /// A man with no enemy piece ahead of it on its way to promotion (a runaway).
    pub runaway: i32,
    /// A king on one of the board's long diagonals (the main road and the double corner).
    pub king_diagonal: i32,
    /// The side to move (a small tempo bonus).
    pub tempo: i32,
}

/// Boards whose kings fly (International, Brazilian, Russian, Frisian, Canadian, Pool, …).
pub const FLYING: Weights = Weights {
    man: 100,
    king: 300,
    advance: 3,
    centre: 6,
    back_rank: 8,
    runaway: 60,
    king_diagonal: 15,
    tempo: 4,
};

/// Boards whose kings step one square (English, Italian).
pub const SHORT: Weights = Weights {
    man: 100,
    king: 150,
    advance: 3,
    centre: 8,
    back_rank: 10,
    runaway: 40,
    king_diagonal: 6,
    tempo: 4,
};

/// The weights for a variant's rules.
#[must_use]
pub fn for_rules(rules: &pdn::variant::Rules) -> Weights {
    if rules.flying_kings { FLYING } else { SHORT }
}
