//! Checking a position set up by hand (a board editor, a FEN typed in) against a variant: every
//! reason it cannot be a position of that game, each a typed [`SetupProblem`] with a stable code,
//! its values by name and plain words.
//!
//! ```
//! use pdn::setup_check::{check_setup, SetupProblem};
//! use pdn::{Color, Setup, Variant};
//! // A white man on 3, White's crowning row in International draughts.
//! let setup: Setup = "W:W3,31:B19".parse().unwrap();
//! let problems = check_setup(&setup, Variant::International).unwrap_err();
//! assert_eq!(
//!     problems,
//!     [SetupProblem::ManOnCrowningRow { color: Color::White, square: "3".into() }]
//! );
//! assert_eq!(problems[0].to_string(), "a white man stands on square 3, its crowning row");
//! let fixed: Setup = "W:WK3,31:B19".parse().unwrap();
//! let pos = check_setup(&fixed, Variant::International).unwrap();
//! assert_eq!(pos.to_fen(&pdn::Ruleset::of(Variant::International).unwrap().geometry), "W:WK3,31:B19");
//! ```

use std::fmt;

use crate::diagnostic::Arg;
use crate::fen::Setup;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::{Color, Piece};
use crate::variant::Variant;

/// One reason a [`Setup`] is not a position of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupProblem {
    /// The variant's board cannot be built (an unusual board description).
    NoBoard,
    /// A square name that is not a playable square of the variant's board.
    NotPlayable {
        /// The square as written.
        square: String,
    },
    /// Two pieces on one square (the later ones are left out).
    TwoPieces {
        /// The square, in the board's notation.
        square: String,
    },
    /// A man on the row where it would have been crowned: it cannot stand there uncrowned.
    ManOnCrowningRow {
        /// Its colour.
        color: Color,
        /// The square, in the board's notation.
        square: String,
    },
    /// More pieces of one colour than the variant starts with.
    TooManyPieces {
        /// The colour.
        color: Color,
        /// How many there are.
        count: usize,
        /// How many the variant starts with.
        max: usize,
    },
    /// One side has no piece: the game is already over.
    NoPieces {
        /// The colour without pieces.
        color: Color,
    },
}

impl SetupProblem {
    /// Its stable code, for a translation catalogue: `setup-no-board`, `setup-not-playable`,
    /// `setup-two-pieces`, `setup-man-crowning-row`, `setup-too-many`, `setup-no-pieces`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            SetupProblem::NoBoard => "setup-no-board",
            SetupProblem::NotPlayable { .. } => "setup-not-playable",
            SetupProblem::TwoPieces { .. } => "setup-two-pieces",
            SetupProblem::ManOnCrowningRow { .. } => "setup-man-crowning-row",
            SetupProblem::TooManyPieces { .. } => "setup-too-many",
            SetupProblem::NoPieces { .. } => "setup-no-pieces",
        }
    }

    /// Its values by name: `square`, `side` (`white` or `black`), `count`, `max`.
    #[must_use]
    pub fn args(&self) -> Vec<Arg> {
        let side = |c: &Color| ("side", c.name().to_string());
        match self {
            SetupProblem::NoBoard => Vec::new(),
            SetupProblem::NotPlayable { square } | SetupProblem::TwoPieces { square } => {
                vec![("square", square.clone())]
            }
            SetupProblem::ManOnCrowningRow { color, square } => {
                vec![side(color), ("square", square.clone())]
            }
            SetupProblem::TooManyPieces { color, count, max } => vec![
                side(color),
                ("count", count.to_string()),
                ("max", max.to_string()),
            ],
            SetupProblem::NoPieces { color } => vec![side(color)],
        }
    }
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::NoBoard => f.write_str("this variant's board cannot be drawn"),
            SetupProblem::NotPlayable { square } => {
                write!(f, "\"{square}\" is not a playable square on this board")
            }
            SetupProblem::TwoPieces { square } => write!(f, "square {square} holds two pieces"),
            SetupProblem::ManOnCrowningRow { color, square } => write!(
                f,
                "a {} man stands on square {square}, its crowning row",
                color.name()
            ),
            SetupProblem::TooManyPieces { color, count, max } => write!(
                f,
                "{} has {count} pieces; this variant starts with {max}",
                capitalised(color.name())
            ),
            SetupProblem::NoPieces { color } => {
                write!(f, "{} has no pieces", capitalised(color.name()))
            }
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|first| first.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The position `setup` describes on `variant`'s board, or every reason it cannot be one: a
/// square off the board or given twice, a man on its crowning row, more pieces of a colour than
/// the variant starts with, a side without pieces. `?` as the side to move is the variant's
/// first mover. The rules need not be implemented: only the board and the start are read.
///
/// # Errors
/// The problems found, in this order: squares (in the setup's order), then counts per colour.
pub fn check_setup(setup: &Setup, variant: Variant) -> Result<Position, Vec<SetupProblem>> {
    let Ok(g) = Geometry::new(variant.board()) else {
        return Err(vec![SetupProblem::NoBoard]);
    };
    check_on(setup, variant, &g)
}

fn check_on(setup: &Setup, variant: Variant, g: &Geometry) -> Result<Position, Vec<SetupProblem>> {
    let mut problems = Vec::new();
    let mut pos = Position::empty(setup.turn.unwrap_or(g.spec().first_player));
    let mut pieces = Vec::new();
    // Squares taken so far, by index (a FEN may list any number of pieces: no quadratic search).
    let mut taken = vec![false; g.len()];
    for (color, role, label) in &setup.pieces {
        let Ok(sq) = g.parse_square(label) else {
            problems.push(SetupProblem::NotPlayable {
                square: label.clone(),
            });
            continue;
        };
        let square = g.label(sq).to_string();
        if std::mem::replace(&mut taken[sq.index()], true) {
            problems.push(SetupProblem::TwoPieces { square });
            continue;
        }
        let piece = Piece {
            color: *color,
            role: *role,
        };
        if piece.role == crate::types::Role::Man && g.is_promotion_row(sq, piece.color) {
            problems.push(SetupProblem::ManOnCrowningRow {
                color: piece.color,
                square,
            });
        }
        pieces.push((sq, piece));
    }
    let max = usize::from(variant.info().men);
    for color in [Color::White, Color::Black] {
        let count = pieces.iter().filter(|(_, p)| p.color == color).count();
        if count > max {
            problems.push(SetupProblem::TooManyPieces { color, count, max });
        } else if count == 0 {
            problems.push(SetupProblem::NoPieces { color });
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let placed = Setup {
        turn: Some(pos.turn()),
        pieces: pieces
            .iter()
            .map(|(sq, p)| (p.color, p.role, g.label(*sq).to_string()))
            .collect(),
    };
    // Every square was found above and given once, so this places them all.
    pos = Position::from_setup(&placed, g, pos.turn()).map_err(|_| vec![SetupProblem::NoBoard])?;
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    fn problems(fen: &str, v: Variant) -> Vec<SetupProblem> {
        check_setup(&fen.parse().unwrap(), v)
            .err()
            .unwrap_or_default()
    }

    #[test]
    fn every_start_position_is_accepted() {
        for v in Variant::ALL {
            let info = v.info();
            let setup: Setup = info.start_fen.parse().unwrap();
            let pos = check_setup(&setup, v).unwrap_or_else(|p| panic!("{v}: {p:?}"));
            if let Some(rs) = Ruleset::of(v) {
                assert_eq!(pos, rs.start_position(), "{v}");
            }
        }
    }

    #[test]
    fn men_on_their_crowning_row() {
        use Color::{Black, White};
        let man = |color, square: &str| SetupProblem::ManOnCrowningRow {
            color,
            square: square.into(),
        };
        // International: White crowns on 1-5, Black on 46-50.
        assert_eq!(
            problems("W:W3:B48", Variant::International),
            [man(White, "3"), man(Black, "48")]
        );
        // A man on its own back row is fine; kings anywhere are fine.
        assert!(problems("W:W48,K2:B3,K49", Variant::International).is_empty());
        assert_eq!(
            problems("W:W3:B30", Variant::International)[0].code(),
            "setup-man-crowning-row"
        );
        // Russian, algebraic: White crowns on the 8th rank.
        assert_eq!(
            problems("W:Wb8,c3:Bd6", Variant::Russian),
            [man(White, "b8")]
        );
        // English: Black moves first and crowns on 29-32; White on 1-4.
        assert_eq!(
            problems("B:W1:B30", Variant::English),
            [man(White, "1"), man(Black, "30")]
        );
    }

    #[test]
    fn squares_counts_and_empty_sides() {
        assert_eq!(
            problems("W:W51,28:B19", Variant::International),
            [SetupProblem::NotPlayable {
                square: "51".into()
            }]
        );
        assert_eq!(
            problems("W:W28,028:B19", Variant::International),
            [SetupProblem::TwoPieces {
                square: "28".into()
            }]
        );
        assert_eq!(
            problems("W:W28:B28", Variant::International)[0].code(),
            "setup-two-pieces"
        );
        assert_eq!(
            problems("W:W1-32:B40", Variant::English),
            [
                SetupProblem::ManOnCrowningRow {
                    color: Color::White,
                    square: "1".into()
                },
                SetupProblem::ManOnCrowningRow {
                    color: Color::White,
                    square: "2".into()
                },
                SetupProblem::ManOnCrowningRow {
                    color: Color::White,
                    square: "3".into()
                },
                SetupProblem::ManOnCrowningRow {
                    color: Color::White,
                    square: "4".into()
                },
                SetupProblem::NotPlayable {
                    square: "40".into()
                },
                SetupProblem::TooManyPieces {
                    color: Color::White,
                    count: 32,
                    max: 12
                },
                SetupProblem::NoPieces {
                    color: Color::Black
                },
            ]
        );
        let none = problems("B:W:B", Variant::International);
        assert_eq!(none.len(), 2);
        assert_eq!(none[1].to_string(), "Black has no pieces");
        let too_many = problems("W:W10-50:B1", Variant::International);
        assert_eq!(
            too_many.last().unwrap().to_string(),
            "White has 41 pieces; this variant starts with 20"
        );
        assert_eq!(
            too_many.last().unwrap().args()[1],
            ("count", "41".to_string())
        );
    }

    #[test]
    fn the_turn_defaults_to_the_first_mover() {
        let pos = check_setup(&"?:W9:B20".parse().unwrap(), Variant::English).unwrap();
        assert_eq!(pos.turn(), Color::Black);
        // Turkish: every square is playable; a8 is White's crowning row, h8 Black's own back row.
        assert!(check_setup(&"W:Wb2:Bh8".parse().unwrap(), Variant::Turkish).is_ok());
        assert_eq!(
            problems("W:Wa8:Bh8", Variant::Turkish)[0].code(),
            "setup-man-crowning-row"
        );
    }
}
