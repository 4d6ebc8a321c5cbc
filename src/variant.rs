//! GameType tags and the variants they name: board shape, numbering, first mover and rules.
//!
//! The GameType tag is `Type[,Colour,Width,Height,Notation[,Invert]]` (PDN 3.0). For the known
//! draughts types the standard's own board description is used even when a file's attributes
//! disagree (PlayOK writes `20,W,10,10,N1,0` for ordinary international numbering); the
//! attributes only define the board of unknown type numbers.

use std::fmt;

use crate::geometry::{BoardSpec, Corner, Geometry, GeometryError, Notation};
use crate::types::Color;

/// A draughts variant, named after the PDN GameType numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// 20: 10×10 International draughts.
    International,
    /// 21: English draughts / American checkers.
    English,
    /// 22: Italian draughts.
    Italian,
    /// 23: American pool checkers.
    AmericanPool,
    /// 24: Spanish draughts.
    Spanish,
    /// 25: Russian draughts.
    Russian,
    /// 26: Brazilian draughts.
    Brazilian,
    /// 27: Canadian draughts (12×12).
    Canadian,
    /// 28: Portuguese draughts.
    Portuguese,
    /// 29: Czech draughts.
    Czech,
    /// 30: Turkish draughts.
    Turkish,
    /// 31: Thai draughts.
    Thai,
    /// 40: Frisian draughts.
    Frisian,
    /// 41: Spantsiretti (10×8).
    Spantsiretti,
}

impl Variant {
    /// Every variant, in GameType order.
    pub const ALL: [Variant; 14] = [
        Variant::International,
        Variant::English,
        Variant::Italian,
        Variant::AmericanPool,
        Variant::Spanish,
        Variant::Russian,
        Variant::Brazilian,
        Variant::Canadian,
        Variant::Portuguese,
        Variant::Czech,
        Variant::Turkish,
        Variant::Thai,
        Variant::Frisian,
        Variant::Spantsiretti,
    ];

    /// The GameType number.
    #[must_use]
    pub const fn gametype(self) -> u32 {
        match self {
            Variant::International => 20,
            Variant::English => 21,
            Variant::Italian => 22,
            Variant::AmericanPool => 23,
            Variant::Spanish => 24,
            Variant::Russian => 25,
            Variant::Brazilian => 26,
            Variant::Canadian => 27,
            Variant::Portuguese => 28,
            Variant::Czech => 29,
            Variant::Turkish => 30,
            Variant::Thai => 31,
            Variant::Frisian => 40,
            Variant::Spantsiretti => 41,
        }
    }

    /// The variant with this GameType number.
    ///
    /// ```
    /// use pdn::Variant;
    /// assert_eq!(Variant::from_gametype(20), Some(Variant::International));
    /// assert_eq!(Variant::from_gametype(0), None); // chess
    /// ```
    #[must_use]
    pub fn from_gametype(number: u32) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.gametype() == number)
    }

    /// The capture separator the PDN 3.0 GameType table gives the variant: `:` for Russian and
    /// Spantsiretti, `x` for the others. (The table's cell for Thai reads `-`, which would make
    /// captures look like quiet moves; `x` is written instead.)
    ///
    /// ```
    /// use pdn::Variant;
    /// assert_eq!(Variant::Russian.capture_separator(), ':');
    /// assert_eq!(Variant::International.capture_separator(), 'x');
    /// ```
    #[must_use]
    pub const fn capture_separator(self) -> char {
        match self {
            Variant::Russian | Variant::Spantsiretti => ':',
            _ => 'x',
        }
    }

    /// English name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::International => "International",
            Variant::English => "English",
            Variant::Italian => "Italian",
            Variant::AmericanPool => "American pool",
            Variant::Spanish => "Spanish",
            Variant::Russian => "Russian",
            Variant::Brazilian => "Brazilian",
            Variant::Canadian => "Canadian",
            Variant::Portuguese => "Portuguese",
            Variant::Czech => "Czech",
            Variant::Turkish => "Turkish",
            Variant::Thai => "Thai",
            Variant::Frisian => "Frisian",
            Variant::Spantsiretti => "Spantsiretti",
        }
    }

    /// The board the standard prescribes (`20,W,10,10,N2,0` and so on).
    #[must_use]
    pub const fn board(self) -> BoardSpec {
        use Color::{Black as B, White as W};
        use Corner::{BottomLeft as C0, BottomRight as C1, TopLeft as C2};
        use Notation::{Algebraic as A, Numeric as N};
        let (width, height, first_player, notation, corner, invert) = match self {
            Variant::International | Variant::Frisian => (10, 10, W, N, C2, false),
            Variant::English | Variant::AmericanPool => (8, 8, B, N, C1, false),
            Variant::Italian => (8, 8, W, N, C2, true),
            Variant::Spanish | Variant::Portuguese => (8, 8, W, N, C1, true),
            Variant::Russian | Variant::Brazilian | Variant::Czech | Variant::Turkish => {
                (8, 8, W, A, C0, false)
            }
            Variant::Canadian => (12, 12, W, N, C2, false),
            Variant::Thai => (8, 8, B, N, C2, false),
            Variant::Spantsiretti => (10, 8, W, A, C0, false),
        };
        BoardSpec {
            width,
            height,
            notation,
            corner,
            first_player,
            invert,
            all_squares: matches!(self, Variant::Turkish),
        }
    }

    /// The rules the move generator follows. Every variant has them now; the `Option` stays so
    /// that a variant added later can be shown before its rules exist.
    ///
    /// Where the sources disagree (`pdn-standard.md` §2), the reading chosen is written next to
    /// the variant below; each is one field of [`Rules`], so it is easy to change.
    ///
    /// ```
    /// use pdn::variant::{CapturePriority, Variant};
    /// let italian = Variant::Italian.rules().unwrap();
    /// assert!(!italian.men_capture_kings);
    /// assert_eq!(italian.priority, CapturePriority::Italian);
    /// ```
    #[must_use]
    pub const fn rules(self) -> Option<Rules> {
        Some(match self {
            // Brazilian, Canadian and Spantsiretti play by the international rules on other
            // boards (pdn-standard.md §2).
            Variant::International
            | Variant::Brazilian
            | Variant::Canadian
            | Variant::Spantsiretti => Rules::INTERNATIONAL,
            Variant::English => Rules {
                men_capture_backwards: false,
                flying_kings: false,
                priority: CapturePriority::Free,
                ..Rules::INTERNATIONAL
            },
            // FID rules: men do not capture backwards and may not capture kings; short kings;
            // most pieces, then with a king, then most kings, then the earliest king.
            Variant::Italian => Rules {
                men_capture_backwards: false,
                flying_kings: false,
                priority: CapturePriority::Italian,
                men_capture_kings: false,
                ..Rules::INTERNATIONAL
            },
            // Pool: free choice; a man passing the last row mid-capture goes on as a man.
            Variant::AmericanPool => Rules {
                priority: CapturePriority::Free,
                ..Rules::INTERNATIONAL
            },
            Variant::Russian => Rules {
                priority: CapturePriority::Free,
                crown_mid_capture: true,
                ..Rules::INTERNATIONAL
            },
            Variant::Czech => Rules {
                men_capture_backwards: false,
                priority: CapturePriority::KingFirst,
                ..Rules::INTERNATIONAL
            },
            Variant::Spanish | Variant::Portuguese => Rules {
                men_capture_backwards: false,
                priority: CapturePriority::MostPiecesThenKings,
                ..Rules::INTERNATIONAL
            },
            // Turkish: orthogonal men (forward and sideways) and flying kings, the most pieces,
            // captured pieces removed at once, no 180° turn. Disputed: a man reaching the last
            // row mid-capture goes on as a man and is crowned at the end of the move (Wikipedia,
            // kish, whose perft numbers this reproduces); set `crown_mid_capture` for the
            // "continues as a king" reading.
            Variant::Turkish => Rules {
                men_capture_backwards: false,
                moves: Lines::Orthogonal,
                captures: Lines::Orthogonal,
                immediate_removal: true,
                may_reverse: false,
                ..Rules::INTERNATIONAL
            },
            // Thai: men forward only, flying kings that land right behind the piece they take,
            // immediate removal (180° turns allowed), free choice (DCTL `thai.hpp`, mindsports).
            Variant::Thai => Rules {
                men_capture_backwards: false,
                priority: CapturePriority::Free,
                immediate_removal: true,
                king_lands_behind: true,
                ..Rules::INTERNATIONAL
            },
            // Frisian: captures in eight directions, the highest value with a king worth just
            // under two men (DCTL, lidraughts: 100 and 199; disputed: Wikipedia says 1.5), a king
            // capturing first at equal value; quiet king moves are diagonal (official rules art.
            // 9; disputed: mindsports allows straight moves); at most 3 quiet moves in a row with
            // the same king while its side also has men.
            Variant::Frisian => Rules {
                priority: CapturePriority::MostValue {
                    man: 100,
                    king: 199,
                },
                captures: Lines::Both,
                max_king_moves: 3,
                ..Rules::INTERNATIONAL
            },
        })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which capture a player must choose when several are possible. Captures are compulsory in
/// every variant, and a capture must go on while it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapturePriority {
    /// Any capture may be chosen (English, Pool, Russian, Thai).
    Free,
    /// A capture that takes the most pieces (kings count as men).
    MostPieces,
    /// The most pieces, then the most kings among them (Spanish, Portuguese).
    MostPiecesThenKings,
    /// Any capture, but a king must capture when one can (Czech).
    KingFirst,
    /// Italian precedence: the most pieces; then a capture by a king; then the most kings
    /// taken; then the capture that meets a king earliest (compared piece by piece).
    Italian,
    /// The highest value taken, men and kings weighted as given; at equal value a king must
    /// capture (Frisian).
    MostValue {
        /// Value of a captured man.
        man: u32,
        /// Value of a captured king.
        king: u32,
    },
}

/// Lines along which pieces move or capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// The diagonals (most variants).
    Diagonal,
    /// Ranks and files (Turkish; on a checkered board the orthogonal neighbour is two squares
    /// away).
    Orthogonal,
    /// Both (Frisian captures).
    Both,
}

/// The rule switches of a variant, as the move generator uses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Men may capture backwards.
    pub men_capture_backwards: bool,
    /// Kings move and capture along whole lines.
    pub flying_kings: bool,
    /// How to choose between captures.
    pub priority: CapturePriority,
    /// A man reaching the last row during a capture is crowned and goes on capturing as a king
    /// (Russian); otherwise it goes on as a man and is crowned only if the move ends there.
    pub crown_mid_capture: bool,
    /// Lines of non-capturing moves. Men go forward along them (and, orthogonally, sideways).
    pub moves: Lines,
    /// Lines of captures. Men capture forward (orthogonally also sideways), and backwards when
    /// [`men_capture_backwards`](Rules::men_capture_backwards) is set.
    pub captures: Lines,
    /// Men may capture kings (not in Italian).
    pub men_capture_kings: bool,
    /// Captured pieces leave the board as they are jumped, so their squares can be crossed
    /// again (Turkish, Thai); otherwise they stay until the move ends and block.
    pub immediate_removal: bool,
    /// A capture may turn 180° (only matters with immediate removal; Turkish forbids it).
    pub may_reverse: bool,
    /// A capturing flying king lands on the square right behind the captured piece (Thai).
    pub king_lands_behind: bool,
    /// When not 0: while a side has men, the same king may make at most this many
    /// non-capturing moves in a row (Frisian: 3). [`Position`](crate::Position) keeps the count.
    pub max_king_moves: u8,
}

impl Rules {
    /// FMJD rules: men capture backwards, flying kings, the most pieces must be taken, pieces are
    /// removed after the capture, a man that passes the last row during a capture stays a man.
    pub const INTERNATIONAL: Rules = Rules {
        men_capture_backwards: true,
        flying_kings: true,
        priority: CapturePriority::MostPieces,
        crown_mid_capture: false,
        moves: Lines::Diagonal,
        captures: Lines::Diagonal,
        men_capture_kings: true,
        immediate_removal: false,
        may_reverse: true,
        king_lands_behind: false,
        max_king_moves: 0,
    };
}

/// A parsed GameType tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameType {
    /// The type number (20 = International, …).
    pub number: u32,
    /// The board attributes, when the tag had them.
    pub board: Option<BoardSpec>,
}

/// Why a GameType tag could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseGameTypeError(pub String);

impl fmt::Display for ParseGameTypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseGameTypeError {}

impl GameType {
    /// Reads a GameType tag value, lenient about spaces and letter case.
    ///
    /// ```
    /// use pdn::GameType;
    /// let gt = GameType::parse("20,W,10,10,N2,0").unwrap();
    /// assert_eq!(gt.number, 20);
    /// assert_eq!(gt.board.unwrap().width, 10);
    /// assert_eq!(GameType::parse(" 25 ").unwrap().number, 25);
    /// assert!(GameType::parse("draughts").is_err());
    /// ```
    ///
    /// # Errors
    /// When the type number is missing or the attributes are malformed.
    pub fn parse(text: &str) -> Result<GameType, ParseGameTypeError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let number: u32 = parts[0].parse().map_err(|_| {
            ParseGameTypeError(format!(
                "GameType \"{}\" does not start with a type number",
                text.trim()
            ))
        })?;
        if parts.len() == 1 {
            return Ok(GameType {
                number,
                board: None,
            });
        }
        let bad = || {
            ParseGameTypeError(format!(
                "GameType \"{}\" should read Type,Colour,Width,Height,Notation[,Invert]",
                text.trim()
            ))
        };
        if parts.len() < 5 || parts.len() > 6 {
            return Err(bad());
        }
        let first_player = match parts[1] {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            _ => return Err(bad()),
        };
        let width: u8 = parts[2].parse().map_err(|_| bad())?;
        let height: u8 = parts[3].parse().map_err(|_| bad())?;
        let nb = parts[4].as_bytes();
        if nb.len() != 2 {
            return Err(bad());
        }
        let notation = match nb[0].to_ascii_uppercase() {
            b'N' => Notation::Numeric,
            // `S` (chess SAN) only occurs for chess; treat its squares as names.
            b'A' | b'S' => Notation::Algebraic,
            _ => return Err(bad()),
        };
        let corner = Corner::from_digit(nb[1].wrapping_sub(b'0')).ok_or_else(bad)?;
        let invert = match parts.get(5) {
            None | Some(&"0") => false,
            Some(&"1") => true,
            Some(_) => return Err(bad()),
        };
        Ok(GameType {
            number,
            board: Some(BoardSpec {
                width,
                height,
                notation,
                corner,
                first_player,
                invert,
                all_squares: number == 30,
            }),
        })
    }

    /// The variant of this type number, if it is a known draughts variant.
    #[must_use]
    pub fn variant(&self) -> Option<Variant> {
        Variant::from_gametype(self.number)
    }

    /// The board to play on: the standard's for known variants, else the tag's attributes.
    ///
    /// # Errors
    /// When the type is unknown and the tag gives no usable board.
    pub fn geometry(&self) -> Result<Geometry, GeometryError> {
        match (self.variant(), self.board) {
            (Some(v), _) => Geometry::new(v.board()),
            (None, Some(spec)) => Geometry::new(spec),
            (None, None) => Err(GeometryError(format!(
                "GameType {} is unknown and gives no board size",
                self.number
            ))),
        }
    }
}

/// What a GameType number means when it is not a draughts variant, for diagnostics.
#[must_use]
pub fn non_draughts_name(number: u32) -> Option<&'static str> {
    match number {
        0 => Some("chess"),
        1 => Some("Chinese chess"),
        2..=19 => Some("a chess variant"),
        50 => Some("Othello"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gametype_numbers_round_trip() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_gametype(v.gametype()), Some(v));
        }
    }

    #[test]
    fn full_gametype_tags() {
        let gt = GameType::parse("21,B,8,8,N1,0").unwrap();
        let b = gt.board.unwrap();
        assert_eq!(
            (
                b.width,
                b.height,
                b.first_player,
                b.notation,
                b.corner,
                b.invert
            ),
            (
                8,
                8,
                Color::Black,
                Notation::Numeric,
                Corner::BottomRight,
                false
            )
        );
        assert!(GameType::parse("20,W,10,10,X2,0").is_err());
        assert!(GameType::parse("20,W,10").is_err());
        assert!(GameType::parse("").is_err());
        // PlayOK's wrong corner does not change international numbering.
        let kurnik = GameType::parse("20,W,10,10,N1,0").unwrap();
        let g = kurnik.geometry().unwrap();
        assert_eq!(g.info(g.parse_square("1").unwrap()).file, 1);
    }

    #[test]
    fn every_variant_has_a_board() {
        for v in Variant::ALL {
            let g = Geometry::new(v.board()).unwrap();
            let expected = match v {
                Variant::International | Variant::Frisian => 50,
                Variant::Canadian => 72,
                Variant::Turkish => 64,
                Variant::Spantsiretti => 40,
                _ => 32,
            };
            assert_eq!(g.len(), expected, "{v}");
        }
    }
}
