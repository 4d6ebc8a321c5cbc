//! GameType tags and the variants they name: board shape, numbering, first mover and rules.
//!
//! The GameType tag is `Type[,Colour,Width,Height,Notation[,Invert]]` (PDN 3.0). For the known
//! draughts types the standard's own board description is used even when a file's attributes
//! disagree (PlayOK writes `20,W,10,10,N1,0` for ordinary international numbering); the
//! attributes only define the board of unknown type numbers.
//!
//! Everything about a variant (number, names, board, first mover, rules, start position, capture
//! separator) is one row of [`VARIANTS`]; the rest of the crate reads it through
//! [`Variant::info`]. How to add a variant: `docs/variants.md`.

use std::fmt;
use std::str::FromStr;

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

/// How the pieces stand at the start: each side fills `rows` ranks, beginning `gap` ranks away
/// from its own edge of the board. Counted in ranks, not square names, so the same set-up is
/// found on a board the moves number differently (a Russian game written with numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartRows {
    /// Empty ranks between a side's edge and its first rank of men (Turkish: 1).
    pub gap: u8,
    /// Ranks each side fills.
    pub rows: u8,
}

/// How a game is won: the goal of the game a file plays, which may differ from its variant's
/// (lidraughts' Antidraughts and Breakthrough move as International draughts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Goal {
    /// A side that cannot move (no piece, or every piece blocked) loses.
    #[default]
    Standard,
    /// Antidraughts (giveaway): a side that cannot move wins.
    Losing,
    /// Breakthrough: the first side to crown a king wins (and a side that cannot move loses).
    FirstKing,
}

/// The games whose goal is not the standard one, by the name lidraughts gives them (in a
/// `Variant` tag, or beside its private GameType numbers in [`VariantInfo::private_numbers`]).
const GOALS: &[(&str, Goal)] = &[
    ("Antidraughts", Goal::Losing),
    ("Breakthrough", Goal::FirstKing),
];

impl Goal {
    /// The goal of the game a `GameType` and a `Variant` tag name: a private GameType number's
    /// game, else the `Variant` tag's name (any case), else [`Goal::Standard`].
    ///
    /// ```
    /// use pdn::variant::Goal;
    /// assert_eq!(Goal::of_tags(Some("98"), None), Goal::Losing);
    /// assert_eq!(Goal::of_tags(Some("20"), Some("breakthrough")), Goal::FirstKing);
    /// assert_eq!(Goal::of_tags(Some("97"), None), Goal::Standard); // Frysk!
    /// assert_eq!(Goal::of_tags(None, None), Goal::Standard);
    /// ```
    #[must_use]
    pub fn of_tags(gametype: Option<&str>, variant: Option<&str>) -> Goal {
        let private = gametype
            .and_then(|g| GameType::parse(g).ok())
            .and_then(|g| Variant::from_private_gametype(g.number))
            .map(|(_, name)| name);
        let name = private.or(variant).map(str::trim).unwrap_or("");
        GOALS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map_or(Goal::Standard, |&(_, g)| g)
    }

    /// The goal's name as the page's data writes it: `standard`, `losing`, `first-king`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Goal::Standard => "standard",
            Goal::Losing => "losing",
            Goal::FirstKing => "first-king",
        }
    }

    /// The goal of a [`Goal::code`] (anything else: [`Goal::Standard`]).
    #[must_use]
    pub fn from_code(code: &str) -> Goal {
        [Goal::Losing, Goal::FirstKing]
            .into_iter()
            .find(|g| g.code() == code)
            .unwrap_or_default()
    }
}

/// Everything the crate knows about one variant: one row of [`VARIANTS`].
///
/// Adding a variant means adding a [`Variant`] and a row here (plus its names in the page's
/// catalogues); `docs/variants.md` walks through it.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// The variant this row describes (rows are in [`Variant::ALL`] order).
    pub variant: Variant,
    /// The GameType number (PDN 3.0 §1.10).
    pub gametype: u32,
    /// English name, as the views show it and [`Variant`]'s `Display` writes it.
    pub name: &'static str,
    /// Other names sites write in a `Variant` tag (lidraughts, PlayStrategy, pydraughts), in
    /// lower case and without a trailing " draughts" or " checkers"; the name itself is always
    /// understood. Read by [`Variant`]'s `FromStr`.
    pub aliases: &'static [&'static str],
    /// GameType numbers of other games that move like this variant (lidraughts' private
    /// numbers), with the game's name; a replay plays them as this variant with a note.
    pub private_numbers: &'static [(u32, &'static str)],
    /// The board the standard prescribes (`20,W,10,10,N2,0` and so on), first mover included.
    pub board: BoardSpec,
    /// The rules the move generator follows, `None` for a variant whose rules are not written
    /// yet (its board and starting position can still be shown).
    pub rules: Option<Rules>,
    /// The starting position, in ranks.
    pub start: StartRows,
    /// The starting position as the standard writes it in a FEN (the turn is the first mover).
    /// The unit tests check it against `start` and `board`.
    pub start_fen: &'static str,
    /// Men per side at the start.
    pub men: u8,
    /// The capture separator the PDN 3.0 GameType table gives the variant: `:` for Russian and
    /// Spantsiretti, `x` for the others. (The table's cell for Thai reads `-`, which would make
    /// captures look like quiet moves; `x` is written instead.)
    pub capture_separator: char,
}

/// A board as the standard's GameType table writes it: `(width, height, first player,
/// notation, corner, invert)`.
const fn board(
    width: u8,
    height: u8,
    first_player: Color,
    notation: Notation,
    corner: Corner,
    invert: bool,
) -> BoardSpec {
    BoardSpec {
        width,
        height,
        notation,
        corner,
        first_player,
        invert,
        all_squares: false,
    }
}

/// The usual set-up: each side fills its own half but the two middle ranks.
const fn halves(height: u8) -> StartRows {
    StartRows {
        gap: 0,
        rows: (height - 2) / 2,
    }
}

/// One row per variant, in [`Variant::ALL`] order: everything about a variant lives here, and
/// the rest of the crate (board, rules, start position, names, export) reads it through
/// [`Variant::info`]. How to add a variant: `docs/variants.md`.
///
/// Where the sources disagree about a rule (`pdn-standard.md` §2), the reading chosen is written
/// next to the row; each is one field of [`Rules`], so it is easy to change.
pub static VARIANTS: [VariantInfo; 14] = {
    use Color::{Black as B, White as W};
    use Corner::{BottomLeft as C0, BottomRight as C1, TopLeft as C2};
    use Notation::{Algebraic as A, Numeric as N};
    const RUSSIAN_START: &str =
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
    [
        VariantInfo {
            variant: Variant::International,
            gametype: 20,
            name: "International",
            // lidraughts writes "Standard" and "From Position"; its Antidraughts and
            // Breakthrough move as International draughts.
            aliases: &["standard", "from position", "antidraughts", "breakthrough"],
            private_numbers: &[(96, "Breakthrough"), (98, "Antidraughts")],
            board: board(10, 10, W, N, C2, false),
            rules: Some(Rules::INTERNATIONAL),
            start: halves(10),
            start_fen: "W:W31-50:B1-20",
            men: 20,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::English,
            gametype: 21,
            name: "English",
            aliases: &[
                "american",
                "american/english",
                "english/american",
                "checkers",
            ],
            private_numbers: &[],
            board: board(8, 8, B, N, C1, false),
            rules: Some(Rules {
                men_capture_backwards: false,
                flying_kings: false,
                priority: CapturePriority::Free,
                ..Rules::INTERNATIONAL
            }),
            start: halves(8),
            start_fen: "B:W21-32:B1-12",
            men: 12,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Italian,
            gametype: 22,
            name: "Italian",
            aliases: &[],
            private_numbers: &[],
            board: board(8, 8, W, N, C2, true),
            // FID rules: men do not capture backwards and may not capture kings; short kings;
            // most pieces, then with a king, then most kings, then the earliest king.
            rules: Some(Rules {
                men_capture_backwards: false,
                flying_kings: false,
                priority: CapturePriority::Italian,
                men_capture_kings: false,
                ..Rules::INTERNATIONAL
            }),
            start: halves(8),
            start_fen: "W:W21-32:B1-12",
            men: 12,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::AmericanPool,
            gametype: 23,
            name: "American pool",
            aliases: &["pool"],
            private_numbers: &[],
            board: board(8, 8, B, N, C1, false),
            // Pool: free choice; a man passing the last row mid-capture goes on as a man.
            rules: Some(Rules {
                priority: CapturePriority::Free,
                ..Rules::INTERNATIONAL
            }),
            start: halves(8),
            start_fen: "B:W21-32:B1-12",
            men: 12,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Spanish,
            gametype: 24,
            name: "Spanish",
            aliases: &[],
            private_numbers: &[],
            board: board(8, 8, W, N, C1, true),
            rules: Some(Rules {
                men_capture_backwards: false,
                priority: CapturePriority::MostPiecesThenKings,
                ..Rules::INTERNATIONAL
            }),
            start: halves(8),
            start_fen: "W:W1-12:B21-32",
            men: 12,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Russian,
            gametype: 25,
            name: "Russian",
            aliases: &[],
            private_numbers: &[],
            board: board(8, 8, W, A, C0, false),
            rules: Some(Rules {
                priority: CapturePriority::Free,
                crown_mid_capture: true,
                ..Rules::INTERNATIONAL
            }),
            start: halves(8),
            start_fen: RUSSIAN_START,
            men: 12,
            capture_separator: ':',
        },
        VariantInfo {
            variant: Variant::Brazilian,
            gametype: 26,
            name: "Brazilian",
            aliases: &[],
            private_numbers: &[],
            board: board(8, 8, W, A, C0, false),
            // Brazilian, Canadian and Spantsiretti play by the international rules on other
            // boards (pdn-standard.md §2).
            rules: Some(Rules::INTERNATIONAL),
            start: halves(8),
            start_fen: RUSSIAN_START,
            men: 12,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Canadian,
            gametype: 27,
            name: "Canadian",
            aliases: &[],
            private_numbers: &[],
            board: board(12, 12, W, N, C2, false),
            rules: Some(Rules::INTERNATIONAL),
            start: halves(12),
            start_fen: "W:W43-72:B1-30",
            men: 30,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Portuguese,
            gametype: 28,
            name: "Portuguese",
            aliases: &[],
            private_numbers: &[],
            board: board(8, 8, W, N, C1, true),
            rules: Some(Rules {
                men_capture_backwards: false,
                priority: CapturePriority::MostPiecesThenKings,
                ..Rules::INTERNATIONAL
            }),
            start: halves(8),
            start_fen: "W:W1-12:B21-32",
            men: 12,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Czech,
            gametype: 29,
            name: "Czech",
            aliases: &[],
            private_numbers: &[],
            board: board(8, 8, W, A, C0, false),
            rules: Some(Rules {
                men_capture_backwards: false,
                priority: CapturePriority::KingFirst,
                ..Rules::INTERNATIONAL
            }),
            start: halves(8),
            start_fen: RUSSIAN_START,
            men: 12,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Turkish,
            gametype: 30,
            name: "Turkish",
            aliases: &[],
            private_numbers: &[],
            // Every square is played on.
            board: BoardSpec {
                all_squares: true,
                ..board(8, 8, W, A, C0, false)
            },
            // Turkish: orthogonal men (forward and sideways) and flying kings, the most pieces,
            // captured pieces removed at once, no 180° turn. Disputed: a man reaching the last
            // row mid-capture goes on as a man and is crowned at the end of the move (Wikipedia,
            // kish, whose perft numbers this reproduces); set `crown_mid_capture` for the
            // "continues as a king" reading.
            rules: Some(Rules {
                men_capture_backwards: false,
                moves: Lines::Orthogonal,
                captures: Lines::Orthogonal,
                immediate_removal: true,
                may_reverse: false,
                ..Rules::INTERNATIONAL
            }),
            // The back rank stays empty.
            start: StartRows { gap: 1, rows: 2 },
            start_fen: "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3\
                        :Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
            men: 16,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Thai,
            gametype: 31,
            name: "Thai",
            aliases: &[],
            private_numbers: &[],
            // Disputed: Black moves first, as the PDN 3.0 table says (mindsports: White begins;
            // other sources: no fixed rule). Change `first_player` and `start_fen` for White.
            board: board(8, 8, B, N, C2, false),
            // Thai: men forward only, flying kings that land right behind the piece they take,
            // immediate removal (180° turns allowed), free choice (DCTL `thai.hpp`, mindsports).
            rules: Some(Rules {
                men_capture_backwards: false,
                priority: CapturePriority::Free,
                immediate_removal: true,
                king_lands_behind: true,
                ..Rules::INTERNATIONAL
            }),
            // Two ranks each.
            start: StartRows { gap: 0, rows: 2 },
            start_fen: "B:W1-8:B25-32",
            men: 8,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Frisian,
            gametype: 40,
            name: "Frisian",
            aliases: &["frysk!", "frysk"],
            private_numbers: &[(97, "Frysk!")],
            board: board(10, 10, W, N, C2, false),
            // Frisian: captures in eight directions, the highest value with a king worth just
            // under two men (DCTL, lidraughts: 100 and 199; disputed: Wikipedia says 1.5), a king
            // capturing first at equal value; quiet king moves are diagonal (official rules art.
            // 9; disputed: mindsports allows straight moves); at most 3 quiet moves in a row with
            // the same king while its side also has men.
            rules: Some(Rules {
                priority: CapturePriority::MostValue {
                    man: 100,
                    king: 199,
                },
                captures: Lines::Both,
                max_king_moves: 3,
                ..Rules::INTERNATIONAL
            }),
            start: halves(10),
            start_fen: "W:W31-50:B1-20",
            men: 20,
            capture_separator: 'x',
        },
        VariantInfo {
            variant: Variant::Spantsiretti,
            gametype: 41,
            name: "Spantsiretti",
            aliases: &[],
            private_numbers: &[],
            board: board(10, 8, W, A, C0, false),
            rules: Some(Rules::INTERNATIONAL),
            start: halves(8),
            start_fen: "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3\
                        :Bb6,d6,f6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8",
            men: 15,
            capture_separator: ':',
        },
    ]
};

impl Variant {
    /// Every variant, in GameType order (the order of [`VARIANTS`]).
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

    /// The variant's row of [`VARIANTS`].
    ///
    /// ```
    /// use pdn::Variant;
    /// let info = Variant::Russian.info();
    /// assert_eq!((info.gametype, info.name, info.capture_separator), (25, "Russian", ':'));
    /// ```
    #[must_use]
    pub const fn info(self) -> &'static VariantInfo {
        &VARIANTS[self as usize]
    }

    /// The GameType number.
    #[must_use]
    pub const fn gametype(self) -> u32 {
        self.info().gametype
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
        VARIANTS
            .iter()
            .find(|i| i.gametype == number)
            .map(|i| i.variant)
    }

    /// The variant whose moves another game's private GameType number uses (lidraughts'
    /// Breakthrough 96 and Antidraughts 98 move as International draughts, Frysk! 97 as
    /// Frisian; only their goals differ, which a replay does not need), with that game's name.
    ///
    /// ```
    /// use pdn::Variant;
    /// assert_eq!(Variant::from_private_gametype(97), Some((Variant::Frisian, "Frysk!")));
    /// assert_eq!(Variant::from_private_gametype(20), None);
    /// ```
    #[must_use]
    pub fn from_private_gametype(number: u32) -> Option<(Variant, &'static str)> {
        VARIANTS.iter().find_map(|i| {
            i.private_numbers
                .iter()
                .find(|&&(n, _)| n == number)
                .map(|&(_, name)| (i.variant, name))
        })
    }

    /// The capture separator the PDN 3.0 GameType table gives the variant (see
    /// [`VariantInfo::capture_separator`]).
    ///
    /// ```
    /// use pdn::Variant;
    /// assert_eq!(Variant::Russian.capture_separator(), ':');
    /// assert_eq!(Variant::International.capture_separator(), 'x');
    /// ```
    #[must_use]
    pub const fn capture_separator(self) -> char {
        self.info().capture_separator
    }

    /// English name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The board the standard prescribes (`20,W,10,10,N2,0` and so on).
    #[must_use]
    pub const fn board(self) -> BoardSpec {
        self.info().board
    }

    /// The rules the move generator follows. Every variant has them now; the `Option` stays so
    /// that a variant added later can be shown before its rules exist.
    ///
    /// ```
    /// use pdn::variant::{CapturePriority, Variant};
    /// let italian = Variant::Italian.rules().unwrap();
    /// assert!(!italian.men_capture_kings);
    /// assert_eq!(italian.priority, CapturePriority::Italian);
    /// ```
    #[must_use]
    pub const fn rules(self) -> Option<Rules> {
        self.info().rules
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text does not name a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseVariantError {
    /// The text is empty (or only spaces).
    Empty,
    /// No variant has this name or alias.
    Unknown(String),
}

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseVariantError::Empty => f.write_str("no variant name"),
            ParseVariantError::Unknown(name) => write!(f, "\"{name}\" is not a known variant"),
        }
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Reads a variant name as [`Display`](fmt::Display) writes it or as sites write it in a
    /// `Variant` tag ([`VariantInfo::aliases`]): any letter case, spaces around, an optional
    /// " draughts" or " checkers" after it.
    ///
    /// ```
    /// use pdn::Variant;
    /// assert_eq!("American pool".parse(), Ok(Variant::AmericanPool));
    /// assert_eq!("russian draughts".parse(), Ok(Variant::Russian));
    /// assert_eq!("Frysk!".parse(), Ok(Variant::Frisian));
    /// assert!("chess".parse::<Variant>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Variant, ParseVariantError> {
        let lower = text.trim().to_ascii_lowercase();
        let n = lower
            .trim_end_matches(" draughts")
            .trim_end_matches(" checkers");
        if lower.is_empty() {
            return Err(ParseVariantError::Empty);
        }
        VARIANTS
            .iter()
            .find(|i| i.name.eq_ignore_ascii_case(n) || i.aliases.contains(&n))
            .map(|i| i.variant)
            .ok_or_else(|| ParseVariantError::Unknown(text.trim().to_string()))
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
pub enum ParseGameTypeError {
    /// The tag does not start with a type number (the tag's text, trimmed).
    NoNumber(String),
    /// The number is followed by attributes that do not read
    /// `Type,Colour,Width,Height,Notation[,Invert]` (the tag's text, trimmed).
    BadAttributes(String),
}

impl fmt::Display for ParseGameTypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseGameTypeError::NoNumber(text) => {
                write!(f, "GameType \"{text}\" does not start with a type number")
            }
            ParseGameTypeError::BadAttributes(text) => write!(
                f,
                "GameType \"{text}\" should read Type,Colour,Width,Height,Notation[,Invert]"
            ),
        }
    }
}

impl std::error::Error for ParseGameTypeError {}

impl ParseGameTypeError {
    /// Its values by name, for [`crate::diagnostic::Diagnostic::args`]: `why` (a key:
    /// `gametype-no-number` or `gametype-bad-attributes`) and the tag's `value`.
    #[must_use]
    pub fn args(&self) -> Vec<crate::diagnostic::Arg> {
        let (why, text) = match self {
            ParseGameTypeError::NoNumber(t) => ("gametype-no-number", t),
            ParseGameTypeError::BadAttributes(t) => ("gametype-bad-attributes", t),
        };
        vec![("why", why.to_string()), ("value", text.clone())]
    }
}

impl fmt::Display for GameType {
    /// The tag's text: the number alone, or with all the board attributes
    /// (`20,W,10,10,N2,0`).
    ///
    /// ```
    /// use pdn::GameType;
    /// assert_eq!(GameType::parse(" 25 ").unwrap().to_string(), "25");
    /// assert_eq!(GameType::parse("21,b,8,8,n1").unwrap().to_string(), "21,B,8,8,N1,0");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number)?;
        if let Some(b) = &self.board {
            let notation = match b.notation {
                Notation::Numeric => 'N',
                Notation::Algebraic => 'A',
            };
            write!(
                f,
                ",{},{},{},{notation}{},{}",
                b.first_player.fen_char(),
                b.width,
                b.height,
                b.corner.digit(),
                u8::from(b.invert)
            )?;
        }
        Ok(())
    }
}

impl FromStr for GameType {
    type Err = ParseGameTypeError;

    /// The same as [`GameType::parse`].
    fn from_str(text: &str) -> Result<GameType, ParseGameTypeError> {
        GameType::parse(text)
    }
}

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
        let number: u32 = parts[0]
            .parse()
            .map_err(|_| ParseGameTypeError::NoNumber(text.trim().to_string()))?;
        if parts.len() == 1 {
            return Ok(GameType {
                number,
                board: None,
            });
        }
        let bad = || ParseGameTypeError::BadAttributes(text.trim().to_string());
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
                all_squares: Variant::from_gametype(number).is_some_and(|v| v.board().all_squares),
            }),
        })
    }

    /// The variant of this type number, if it is a known draughts variant.
    #[must_use]
    pub fn variant(&self) -> Option<Variant> {
        Variant::from_gametype(self.number)
    }

    /// The variant whose moves a game of this type plays: [`GameType::variant`], or for
    /// lidraughts' private numbers the variant they move as ([`Variant::from_private_gametype`]).
    ///
    /// ```
    /// use pdn::{GameType, Variant};
    /// assert_eq!(GameType::parse("98").unwrap().variant_played(), Some(Variant::International));
    /// assert_eq!(GameType::parse("98").unwrap().variant(), None);
    /// ```
    #[must_use]
    pub fn variant_played(&self) -> Option<Variant> {
        Variant::from_private_gametype(self.number)
            .map(|(v, _)| v)
            .or_else(|| self.variant())
    }

    /// Who moves first: the standard's for known variants, else the tag's attributes; `None`
    /// when the type is unknown and the tag gives no board.
    ///
    /// ```
    /// use pdn::{Color, GameType};
    /// assert_eq!(GameType::parse("21").unwrap().first_player(), Some(Color::Black));
    /// assert_eq!(GameType::parse("99").unwrap().first_player(), None);
    /// ```
    #[must_use]
    pub fn first_player(&self) -> Option<Color> {
        match (self.variant(), self.board) {
            (Some(v), _) => Some(v.board().first_player),
            (None, Some(spec)) => Some(spec.first_player),
            (None, None) => None,
        }
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

    /// The table agrees with itself: rows in `Variant::ALL` order, numbers and names unique,
    /// every start position fits its board with the stated men and the first mover of its FEN.
    #[test]
    fn the_table_is_consistent() {
        use crate::fen::Setup;
        use crate::position::{Position, start_position};
        use std::collections::HashSet;

        let mut numbers = HashSet::new();
        let mut names = HashSet::new();
        for (i, info) in VARIANTS.iter().enumerate() {
            let v = info.variant;
            assert_eq!(v, Variant::ALL[i], "row {i} is out of order");
            assert_eq!(v as usize, i, "{v}");
            assert!(std::ptr::eq(v.info(), info), "{v}");

            // Numbers: unique, draughts numbers (20-49), private numbers elsewhere.
            assert!((20..50).contains(&info.gametype), "{v}: {}", info.gametype);
            assert!(non_draughts_name(info.gametype).is_none(), "{v}");
            assert!(numbers.insert(info.gametype), "{v}: number twice");
            for &(n, name) in info.private_numbers {
                assert!(
                    !(20..50).contains(&n) && numbers.insert(n),
                    "{v}: {n} twice"
                );
                assert_eq!(Variant::from_private_gametype(n), Some((v, name)));
                assert_eq!(Variant::from_gametype(n), None);
            }
            assert_eq!(Variant::from_gametype(info.gametype), Some(v));

            // Names: unique across names and aliases, read back by `FromStr`.
            assert!(!info.name.is_empty());
            assert!(
                names.insert(info.name.to_ascii_lowercase()),
                "{v}: name twice"
            );
            assert_eq!(info.name.parse(), Ok(v));
            assert_eq!(v.to_string().parse(), Ok(v));
            assert_eq!(format!("{} draughts", info.name).parse(), Ok(v));
            for &alias in info.aliases {
                assert_eq!(alias, alias.trim().to_ascii_lowercase(), "{v}: {alias}");
                assert!(names.insert(alias.to_string()), "{v}: {alias} twice");
                assert_eq!(alias.parse(), Ok(v), "{alias}");
            }

            // The capture separator is one the reader takes for a capture.
            assert!(matches!(info.capture_separator, 'x' | ':'), "{v}");

            // The board, and the GameType tag that writes it, read back.
            let g = Geometry::new(info.board).unwrap_or_else(|e| panic!("{v}: {e}"));
            let b = info.board;
            let squares = usize::from(b.width) * usize::from(b.height);
            let playable = if b.all_squares { squares } else { squares / 2 };
            assert_eq!(g.len(), playable, "{v}");
            let tag = GameType {
                number: info.gametype,
                board: Some(b),
            };
            assert_eq!(tag.to_string().parse(), Ok(tag.clone()), "{v}");
            assert_eq!(tag.geometry().unwrap().spec(), &b, "{v}");

            // The start position: inside the board, the sides apart, as many men as stated,
            // the same as the FEN, whose turn is the first mover.
            let s = info.start;
            assert!(s.rows > 0 && 2 * (s.gap + s.rows) <= b.height, "{v}: {s:?}");
            let start = start_position(v, &g);
            assert_eq!(start.count(Color::White), u32::from(info.men), "{v}");
            assert_eq!(start.count(Color::Black), u32::from(info.men), "{v}");
            assert_eq!(start.turn(), b.first_player, "{v}");
            let setup = Setup::parse(info.start_fen).unwrap();
            assert_eq!(setup.turn, Some(b.first_player), "{v}: {}", info.start_fen);
            let from_fen = Position::from_setup(&setup, &g, Color::White).unwrap();
            assert_eq!(start, from_fen, "{v}: {}", info.start_fen);
            assert_eq!(setup.pieces.len(), 2 * usize::from(info.men), "{v}");

            // A variant with rules can be played from its start.
            if let Some(rs) = crate::Ruleset::of(v) {
                assert!(!rs.start_position().legal_moves(&rs).is_empty(), "{v}");
            }
        }
    }

    /// The boards are the PDN 3.0 GameType table's "full details" (pdn-standard.md §1.10).
    #[test]
    fn boards_as_the_standard_writes_them() {
        let expected = [
            "20,W,10,10,N2,0",
            "21,B,8,8,N1,0",
            "22,W,8,8,N2,1",
            "23,B,8,8,N1,0",
            "24,W,8,8,N1,1",
            "25,W,8,8,A0,0",
            "26,W,8,8,A0,0",
            "27,W,12,12,N2,0",
            "28,W,8,8,N1,1",
            "29,W,8,8,A0,0",
            "30,W,8,8,A0,0",
            "31,B,8,8,N2,0",
            "40,W,10,10,N2,0",
            "41,W,10,8,A0,0",
        ];
        for (v, text) in Variant::ALL.into_iter().zip(expected) {
            let tag = GameType {
                number: v.gametype(),
                board: Some(v.board()),
            };
            assert_eq!(tag.to_string(), text);
            assert_eq!(text.parse::<GameType>().unwrap().board, Some(v.board()));
        }
    }

    #[test]
    fn variant_names_and_errors() {
        assert_eq!(" CHECKERS ".parse(), Ok(Variant::English));
        assert_eq!("American checkers".parse(), Ok(Variant::English));
        assert_eq!("pool checkers".parse(), Ok(Variant::AmericanPool));
        assert_eq!("From Position".parse(), Ok(Variant::International));
        assert_eq!("  ".parse::<Variant>(), Err(ParseVariantError::Empty));
        let e = " Chess ".parse::<Variant>().unwrap_err();
        assert_eq!(e, ParseVariantError::Unknown("Chess".to_string()));
        assert_eq!(e.to_string(), "\"Chess\" is not a known variant");
    }

    #[test]
    fn gametype_errors() {
        let e = GameType::parse(" draughts ").unwrap_err();
        assert_eq!(e, ParseGameTypeError::NoNumber("draughts".to_string()));
        assert_eq!(
            e.to_string(),
            "GameType \"draughts\" does not start with a type number"
        );
        let e = "20,W,10".parse::<GameType>().unwrap_err();
        assert_eq!(e, ParseGameTypeError::BadAttributes("20,W,10".to_string()));
        assert_eq!(
            e.to_string(),
            "GameType \"20,W,10\" should read Type,Colour,Width,Height,Notation[,Invert]"
        );
        // Lenient reading, canonical writing.
        let gt: GameType = " 20 , w , 10 , 10 , n2 ".parse().unwrap();
        assert_eq!(gt.to_string(), "20,W,10,10,N2,0");
        assert_eq!("99".parse::<GameType>().unwrap().to_string(), "99");
        assert_eq!(
            "0,W,8,8,S0".parse::<GameType>().unwrap().to_string(),
            "0,W,8,8,A0,0"
        );
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
