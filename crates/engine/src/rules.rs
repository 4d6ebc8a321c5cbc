//! What each variant counts as the end of a game: who wins when a side cannot move (or, in
//! the losing and breakthrough games, otherwise), and the draw rules a search must apply so
//! that its scores and lines never show a continuation the rules forbid.
//!
//! One row per variant ([`DrawRules::of`]); the figures are the federations' (FMJD for
//! International and Brazilian, the 40-move rule of the English/American federations, the
//! Russian federation's 15-move rule), counted in plies (moves of one side).

use pdn::{Color, Position, Role, Variant};

/// How a game is won: the core's (a file's tags name it, [`Goal::of_tags`]).
pub use pdn::variant::Goal;

/// The draw rules of a variant, in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// Plies in a row with only kings moving and nothing taken that draw the game.
    pub kings_only: u16,
    /// With three pieces, at least one a king, against a lone king: plies without a capture or
    /// a crowning that draw (International: 16 moves each).
    pub three_against_king: u16,
    /// With at most two pieces, at least one a king, against a lone king (International: 5
    /// moves each).
    pub two_against_king: u16,
    /// A position repeated this many times is a draw (the search scores the first repetition
    /// inside its own line as a draw, as the rule would be claimed then).
    pub repetitions: u8,
}

impl DrawRules {
    /// The variant's draw rules.
    #[must_use]
    pub fn of(variant: Variant) -> DrawRules {
        const NONE: u16 = u16::MAX;
        let (kings_only, three, two) = match variant {
            Variant::International | Variant::Brazilian | Variant::Canadian => (50, 32, 10),
            Variant::Frisian => (50, 14, 14),
            Variant::Russian => (30, 30, 30),
            Variant::English | Variant::Italian | Variant::Spanish | Variant::Portuguese => {
                (80, NONE, NONE)
            }
            _ => (60, NONE, NONE),
        };
        DrawRules {
            kings_only,
            three_against_king: three,
            two_against_king: two,
            repetitions: 3,
        }
    }
}

/// The counters the draw rules need beside the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Plies since a man moved or a piece was taken.
    pub kings_only: u16,
    /// Plies since a piece was taken or crowned.
    pub since_material: u16,
}

impl Counters {
    /// The counters after `mv` is played from `pos`.
    #[must_use]
    pub fn after(self, pos: &Position, mv: &pdn::position::CompactMove) -> Counters {
        let capture = mv.is_capture();
        // (A capture resets the count whatever moved: the piece is looked at only otherwise.)
        let man = || pos.piece_at(mv.from).is_some_and(|p| p.role == Role::Man);
        Counters {
            kings_only: if capture || man() {
                0
            } else {
                self.kings_only.saturating_add(1)
            },
            since_material: if capture || mv.promotes {
                0
            } else {
                self.since_material.saturating_add(1)
            },
        }
    }

    /// `true` when the counters alone make `pos` a draw under `rules`.
    #[must_use]
    pub fn drawn(self, rules: &DrawRules, material: &Material) -> bool {
        if self.kings_only >= rules.kings_only {
            return true;
        }
        let lone_king = |c: usize| material.kings[c] == 1 && material.men[c] == 0;
        for side in 0..2 {
            let other = 1 - side;
            if lone_king(other) && material.kings[side] >= 1 {
                let n = material.kings[side] + material.men[side];
                if n == 3 && self.since_material >= rules.three_against_king {
                    return true;
                }
                if n <= 2 && self.since_material >= rules.two_against_king {
                    return true;
                }
            }
        }
        false
    }
}

/// Pieces per side (index 0 White, 1 Black).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// Men.
    pub men: [u16; 2],
    /// Kings.
    pub kings: [u16; 2],
}

impl Material {
    /// Counts the pieces of `pos`.
    #[must_use]
    pub fn of(pos: &Position) -> Material {
        let count = |c: Color| {
            let kings = pos.count_kings(c);
            ((pos.count(c) - kings) as u16, kings as u16)
        };
        let (wm, wk) = count(Color::White);
        let (bm, bk) = count(Color::Black);
        Material {
            men: [wm, bm],
            kings: [wk, bk],
        }
    }
}
