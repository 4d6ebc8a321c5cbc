//! Vocabulary shared by every other module: colours, piece roles and pieces.

use std::fmt;

/// A side. White is at the bottom of the board as White sees it, in every GameType.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The light pieces.
    White,
    /// The dark pieces.
    Black,
}

impl Color {
    /// The other side.
    ///
    /// ```
    /// use pdn::Color;
    /// assert_eq!(Color::White.opposite(), Color::Black);
    /// ```
    #[must_use]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `W` or `B`, as in FEN strings and the GameType tag.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// Reads `W`/`w` or `B`/`b`.
    #[must_use]
    pub fn from_char(c: char) -> Option<Color> {
        match c {
            'W' | 'w' => Some(Color::White),
            'B' | 'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// Index 0 for White, 1 for Black (for arrays indexed by colour).
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// `"white"` or `"black"`, for messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Man or king.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// An ordinary piece.
    Man,
    /// A promoted piece.
    King,
}

/// A coloured piece.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// The one-letter cell code used across the wasm boundary: `w`, `W`, `b`, `B`
    /// (lower case for men, upper case for kings).
    ///
    /// ```
    /// use pdn::{Color, Piece, Role};
    /// assert_eq!(Piece { color: Color::Black, role: Role::King }.cell_char(), 'B');
    /// ```
    #[must_use]
    pub const fn cell_char(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::Man) => 'w',
            (Color::White, Role::King) => 'W',
            (Color::Black, Role::Man) => 'b',
            (Color::Black, Role::King) => 'B',
        }
    }

    /// The board contract's `data-piece` code: `wm`, `wk`, `bm` or `bk`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match (self.color, self.role) {
            (Color::White, Role::Man) => "wm",
            (Color::White, Role::King) => "wk",
            (Color::Black, Role::Man) => "bm",
            (Color::Black, Role::King) => "bk",
        }
    }
}
