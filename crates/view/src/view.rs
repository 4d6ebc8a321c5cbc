//! What the page shows, computed once in Rust: game summaries for the list and, per game, the
//! board, the position after every ply and the diagnostics with line:column. These plain,
//! serialisable values cross the wasm boundary unchanged, so the page holds no draughts rules.

use std::cell::RefCell;
use std::rc::Rc;

use serde::Serialize;

use pdn::comment;
use pdn::diagnostic::{Code, Diagnostic, LineIndex, Severity, Span};

use crate::listing::{DiagnosticsSummary, HiddenView, SeverityCounts, listed};
use pdn::geometry::{BoardSpec, Geometry};
use pdn::reader::{Game, GameHeader, Node, PdnFile};
use pdn::replay::{Ply, Replay, ReplayError, labels, replay, tag_variant};
use pdn::types::Color;
use pdn::variant::{CapturePriority, Lines, Rules};

/// One row of the game list.
///
/// A row made from the tags alone ([`GameSummary::from_header`]) has `checked: false`: its
/// variant is what the tags say (empty when they say nothing) and its counts are the reading's.
/// A checked row ([`FileView::summary`]) comes from a replay: the variant used and the replay's
/// problems are included.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameRow"))]
pub struct GameSummary {
    /// 1-based game number.
    pub number: usize,
    /// `White` tag.
    pub white: String,
    /// `Black` tag.
    pub black: String,
    /// `Event` tag.
    pub event: String,
    /// `Site` tag.
    pub site: String,
    /// `Date` tag.
    pub date: String,
    /// `Round` tag.
    pub round: String,
    /// The result: the `Result` tag, else the terminator.
    pub result: String,
    /// GameType used (or, unchecked, the tag as written).
    pub gametype: String,
    /// Variant name, or empty when not known yet.
    pub variant: String,
    /// GameType number of the variant, when known.
    pub variant_number: Option<u32>,
    /// The opening's name: the `Opening` tag, and once checked, else the name the core's
    /// table gives the moves ([`pdn::openings`]); empty when none.
    pub opening: String,
    /// Mainline moves: written (unchecked) or replayed (checked).
    pub plies: usize,
    /// Number of errors (reading, and replay when checked).
    pub errors: usize,
    /// Number of warnings.
    pub warnings: usize,
    /// Whether the moves were replayed for this row.
    pub checked: bool,
}

impl GameSummary {
    /// The list row of a game from its tags alone (game `number`, 1-based).
    ///
    /// ```
    /// let list = pdn::reader::read_headers("[White \"A\"][GameType \"21\"] 1. 11-15 *");
    /// let row = pdn_view::view::GameSummary::from_header(1, &list[0]);
    /// assert_eq!((row.white.as_str(), row.variant.as_str(), row.checked), ("A", "English", false));
    /// ```
    #[must_use]
    pub fn from_header(number: usize, h: &GameHeader) -> GameSummary {
        SummaryRef::from_header(number, h).to_owned()
    }
}

/// A [`GameSummary`] borrowing its texts from the tags: what crosses the wasm boundary for the
/// list (the same JSON, field for field), without copying each row's nine strings first.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SummaryRef<'t> {
    // Each field is the one of the same name in `GameSummary`.
    pub number: usize,
    pub white: &'t str,
    pub black: &'t str,
    pub event: &'t str,
    pub site: &'t str,
    pub date: &'t str,
    pub round: &'t str,
    pub result: &'t str,
    pub gametype: &'t str,
    pub variant: &'t str,
    pub variant_number: Option<u32>,
    pub opening: &'t str,
    pub plies: usize,
    pub errors: usize,
    pub warnings: usize,
    pub checked: bool,
}

impl<'t> SummaryRef<'t> {
    /// The list row of a game from its tags alone: see [`GameSummary::from_header`].
    #[must_use]
    pub fn from_header(number: usize, h: &'t GameHeader) -> SummaryRef<'t> {
        SummaryRef {
            plies: h.plies,
            errors: h.errors,
            warnings: h.warnings,
            ..SummaryRef::from_tags(number, |n| h.tag(n), h.result.as_deref())
        }
    }

    /// The fields the tags give (the variant as they name it), the counts left at zero.
    fn from_tags(
        number: usize,
        tag: impl Fn(&str) -> Option<&'t str>,
        terminator: Option<&'t str>,
    ) -> SummaryRef<'t> {
        let text = |n: &str| tag(n).unwrap_or("");
        let gametype = tag("GameType");
        let variant = tag_variant(gametype, tag("Variant"));
        SummaryRef {
            number,
            white: text("White"),
            black: text("Black"),
            event: text("Event"),
            site: text("Site"),
            date: text("Date"),
            round: text("Round"),
            result: tag("Result").or(terminator).unwrap_or(""),
            gametype: gametype.unwrap_or(""),
            variant: variant.map_or("", |v| v.name()),
            variant_number: variant.map(|v| v.gametype()),
            opening: pdn::openings::written(tag("Opening")).unwrap_or(""),
            plies: 0,
            errors: 0,
            warnings: 0,
            checked: false,
        }
    }

    /// The row with its own strings.
    #[must_use]
    pub fn to_owned(&self) -> GameSummary {
        GameSummary {
            number: self.number,
            white: self.white.to_string(),
            black: self.black.to_string(),
            event: self.event.to_string(),
            site: self.site.to_string(),
            date: self.date.to_string(),
            round: self.round.to_string(),
            result: self.result.to_string(),
            gametype: self.gametype.to_string(),
            variant: self.variant.to_string(),
            variant_number: self.variant_number,
            opening: self.opening.to_string(),
            plies: self.plies,
            errors: self.errors,
            warnings: self.warnings,
            checked: self.checked,
        }
    }
}

/// Clock readings from the `[%clock]`/`[%clk]` commands of a move's comments.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ClockView"))]
pub struct ClockView {
    /// White's time left (`h:mm:ss` or `m:ss`).
    pub white: Option<String>,
    /// Black's time left.
    pub black: Option<String>,
    /// `white` or `black` when a clock is marked running.
    #[cfg_attr(feature = "ts", ts(type = "Side | null"))]
    pub running: Option<&'static str>,
}

/// Where a game's text is, for selecting it in the page's text box.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SourceView"))]
pub struct SourceView {
    /// UTF-16 offset of the game's first character in the whole text.
    pub start: usize,
    /// UTF-16 offset one past its last character.
    pub end: usize,
    /// 1-based line of its first character.
    pub line: usize,
}

/// A playable square for drawing: its name and White-view coordinates.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SquareView"))]
pub struct SquareView {
    /// Name in the game's notation.
    pub label: String,
    /// Column from the left.
    pub file: u8,
    /// Row from the bottom.
    pub rank: u8,
}

/// The board: size and playable squares in internal order (the order of `cells`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BoardView"))]
pub struct BoardView {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Playable squares.
    pub squares: Vec<SquareView>,
}

thread_local! {
    /// The board views made so far, one per board shape (a handful at most).
    static BOARDS: RefCell<Vec<(BoardSpec, Rc<BoardView>)>> = const { RefCell::new(Vec::new()) };
}

impl BoardView {
    /// The board of `geometry`, made once per board shape and shared: each game view used to
    /// copy its 32 to 144 square names, a tenth of the time of a view in wasm.
    #[must_use]
    pub fn shared(geometry: &Geometry) -> Rc<BoardView> {
        let spec = *geometry.spec();
        BOARDS.with(|boards| {
            if let Some((_, b)) = boards.borrow().iter().find(|(s, _)| *s == spec) {
                return Rc::clone(b);
            }
            let board = Rc::new(BoardView::of(geometry));
            boards.borrow_mut().push((spec, Rc::clone(&board)));
            board
        })
    }

    /// The board of `geometry`: its size and its playable squares, in internal order.
    #[must_use]
    pub fn of(geometry: &Geometry) -> Self {
        BoardView {
            width: geometry.spec().width,
            height: geometry.spec().height,
            squares: geometry
                .squares()
                .iter()
                .map(|s| SquareView {
                    label: s.label.clone(),
                    file: s.file,
                    rank: s.rank,
                })
                .collect(),
        }
    }
}

/// A position for drawing.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PositionView"))]
pub struct PositionView {
    /// Canonical FEN.
    pub fen: String,
    /// One character per square of `board.squares`: `.`, `w`, `W`, `b`, `B`.
    pub cells: String,
}

/// One played move.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PlyView"))]
pub struct PlyView {
    /// 1-based ply.
    pub ply: usize,
    /// Move number.
    pub move_number: u32,
    /// `white` or `black`.
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub side: &'static str,
    /// The move as written, with its strength marks.
    pub notation: String,
    /// Position after the move.
    pub fen: String,
    /// Cells after the move.
    pub cells: String,
    /// Start square.
    pub from: String,
    /// End square.
    pub to: String,
    /// Start, landing squares, end.
    pub path: Vec<String>,
    /// Squares of the pieces taken, in order.
    pub captured: Vec<String>,
    /// Comments after the move, without their `[%…]` commands (empty ones left out).
    pub comments: Vec<String>,
    /// NAGs after the move.
    pub nags: Vec<u16>,
    /// Variations replacing this move: indexes into [`GameView::variations`].
    pub variations: Vec<usize>,
    /// Clocks after the move, from `[%clock]` or `[%clk]`.
    pub clock: Option<ClockView>,
    /// Engine evaluation from `[%eval]`: `+0.35`, `-1.20`, `#3`, `#-2`.
    pub eval: Option<String>,
    /// Time spent on the move, from `[%emt]`.
    pub spent: Option<String>,
    /// Squares and arrows to draw on the position after it, from `[%csl]`/`[%cal]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub marks: Option<crate::analysis::MarksView>,
    /// Its comment asks for a diagram of the position after it ([`crate::print::diagram_asked`]);
    /// written only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub diagram: bool,
}

/// A variation as played: it replaces move `replaces` of its parent line.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "VariationView"))]
pub struct VariationView {
    /// Index in [`GameView::variations`].
    pub id: usize,
    /// The line it belongs to: `None` for the mainline, else a variation's id.
    pub parent: Option<usize>,
    /// 1-based index, in the parent line, of the move it replaces.
    pub replaces: usize,
    /// Nesting depth (1 for a variation of the mainline).
    pub depth: usize,
    /// The position before its first move (the position before the move it replaces).
    pub start: Option<PositionView>,
    /// Comments before its first move.
    pub comments: Vec<String>,
    /// Its moves played; `ply` counts from 1 within the variation.
    pub plies: Vec<PlyView>,
    /// Written moves after the one that failed (or all of them, when it was not reached).
    pub unplayed: Vec<UnplayedView>,
    /// The move that stopped it.
    pub error: Option<ErrorView>,
}

/// The move that stopped the replay.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ErrorView"))]
pub struct ErrorView {
    /// 1-based ply.
    pub ply: usize,
    /// The move as written.
    #[serde(rename = "move")]
    pub text: String,
    /// Why.
    pub message: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (UTF-16).
    pub column: usize,
    /// `illegal-move`: the code whose catalogue texts word it (`detail.illegal-move`).
    pub code: &'static str,
    /// The values in `message`, by name (see `pdn::replay::ReplayError::args`).
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub args: Args,
}

/// A diagnostic's values by name, as a JS object.
pub type Args = std::collections::BTreeMap<&'static str, String>;

/// A diagnostic with its place in the text.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Diagnostic"))]
pub struct DiagnosticView {
    /// `error`, `warning` or `note`.
    #[cfg_attr(feature = "ts", ts(type = "Severity"))]
    pub severity: &'static str,
    /// Stable code for translations.
    pub code: &'static str,
    /// `visitor` or `author`: who needs it ([`pdn::Code::audience`]); a viewer on a club page
    /// lists only the visitor ones.
    #[cfg_attr(feature = "ts", ts(type = "Audience"))]
    pub audience: &'static str,
    /// Plain words.
    pub message: String,
    /// The values in `message`, by name (`pdn::Diagnostic::args`), for wording it in the
    /// page's language.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub args: Args,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (UTF-16 code units).
    pub column: usize,
    /// UTF-16 offset of the start.
    pub start: usize,
    /// UTF-16 offset of the end.
    pub end: usize,
}

/// A move that was written but not played (after an error), for greyed display.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "UnplayedView"))]
pub struct UnplayedView {
    /// The move as written.
    pub notation: String,
    /// Comments after it.
    pub comments: Vec<String>,
}

/// Everything the page needs to show one game.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameView"))]
pub struct GameView {
    /// 1-based game number.
    pub number: usize,
    /// Tags as `[name, value]` pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// GameType used.
    pub gametype: String,
    /// Variant name, or a description of the type.
    pub variant: String,
    /// GameType number of the variant played, when it is a known variant.
    pub variant_number: Option<u32>,
    /// How the game is won ([`pdn::variant::Goal::code`]: `standard`, `losing` for
    /// Antidraughts, `first-king` for Breakthrough), for the engine.
    #[cfg_attr(feature = "ts", ts(type = "'standard' | 'losing' | 'first-king'"))]
    pub goal: &'static str,
    /// The opening's name ([`pdn::openings::opening`]: the `Opening` tag, else the core's
    /// table's name for the moves), when there is one.
    pub opening: Option<String>,
    /// Short codes of the rules played by (`flying-kings`, `capture-most-pieces`, …), most
    /// telling first; see [`rule_codes`].
    pub rules: Vec<&'static str>,
    /// Where the game's text is.
    pub source: SourceView,
    /// The moves could be replayed on a board.
    pub supported: bool,
    /// The board, when the type has one (shared by the views of one board: see
    /// [`BoardView::shared`]).
    pub board: Option<Rc<BoardView>>,
    /// The position before the first move.
    pub start: Option<PositionView>,
    /// `white` or `black`: the side whose move opens each move number, so rows and labels
    /// follow the text (`1. 19-15 10x19` from a FEN with White to move, even in English).
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub first_mover: &'static str,
    /// The moves played.
    pub plies: Vec<PlyView>,
    /// Written moves after the one that failed.
    pub unplayed: Vec<UnplayedView>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// Marks on the start position, from the first comments' `[%csl]`/`[%cal]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub marks: Option<crate::analysis::MarksView>,
    /// The result, if any.
    pub result: Option<String>,
    /// When the mainline ends with the side to move unable to move: who lost and why, in words.
    pub end: Option<String>,
    /// The same end as values, for wording it in the page's language.
    pub ending: Option<EndingView>,
    /// What the result (the `Result` tag, else the movetext's) says, read by the variant's
    /// first mover (and White first where the file writes results that way): `white` or
    /// `black` (the winner), `draw`, `unfinished` (`*`); `None` when it names no winner or
    /// there is none.
    #[cfg_attr(
        feature = "ts",
        ts(type = "'white' | 'black' | 'draw' | 'unfinished' | null")
    )]
    pub outcome: Option<&'static str>,
    /// Every variation, at any depth; [`PlyView::variations`] index into it. In a view within
    /// the budgets ([`crate::budget::cap_variations`]) those the page does not show at first are
    /// written as `null`.
    #[cfg_attr(feature = "ts", ts(as = "Vec<VariationView>"))]
    pub variations: Variations,
    /// In a view whose variations were capped: the moves in each variation and everything
    /// nested in it, by id (for the page's "N more moves").
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub variation_moves: Option<Vec<u32>>,
    /// The move that stopped the replay.
    pub error: Option<ErrorView>,
    /// The game's diagnostics in text order: all of them, or, past [`crate::budget::DIAGNOSTICS`],
    /// the ones [`listed`] keeps (the page lists no more; the rest are counted below).
    pub diagnostics: Vec<DiagnosticView>,
    /// Diagnostics left out of `diagnostics`, by code (only when some are).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub diagnostics_hidden: Option<Vec<HiddenView>>,
    /// Every diagnostic counted by severity (only when some are left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub diagnostic_counts: Option<SeverityCounts>,
    /// How many diagnostics there are in all (only when some are left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub diagnostics_total: Option<usize>,
    /// The packed form of the mainline's moves and the board ([`FileView::packed_view_of`]):
    /// then `plies` is empty and `board` `None`, and this holds them; `None` (and left out of
    /// the JSON) in a full view.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub packed: Option<PackedView>,
}

/// A game's variations, by id: all of them, and which ones the view sends (`None`: all; the
/// others are written as `null`, see [`crate::budget::cap_variations`]). Reads as the slice
/// of all of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variations {
    all: Vec<VariationView>,
    pub(crate) shown: Option<Vec<bool>>,
}

impl From<Vec<VariationView>> for Variations {
    fn from(all: Vec<VariationView>) -> Variations {
        Variations { all, shown: None }
    }
}

impl std::ops::Deref for Variations {
    type Target = [VariationView];
    fn deref(&self) -> &[VariationView] {
        &self.all
    }
}

impl<'a> IntoIterator for &'a Variations {
    type Item = &'a VariationView;
    type IntoIter = std::slice::Iter<'a, VariationView>;
    fn into_iter(self) -> Self::IntoIter {
        self.all.iter()
    }
}

impl Serialize for Variations {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.all.len()))?;
        for (id, v) in self.all.iter().enumerate() {
            match &self.shown {
                Some(shown) if !shown[id] => seq.serialize_element(&None::<&VariationView>)?,
                _ => seq.serialize_element(v)?,
            }
        }
        seq.end()
    }
}

/// A line's moves packed for the trip to JavaScript: a few long strings and arrays of numbers
/// instead of one object of a dozen fields per move (about 340 bytes of JSON each, whose parsing
/// cost the page more than the core's whole work). `www/reader/viewdata.js` turns ply `i` back into
/// exactly the [`PlyView`] the full view has, when the page first asks for it.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PackedPlies"))]
pub struct PackedView {
    /// The board ([`GameView::board`], then `None`): the same for every game of a file, and
    /// a fifth of a full view's text.
    pub board: Option<PackedBoard>,
    /// Number of moves.
    pub count: usize,
    /// Each move's [`PlyView::notation`] followed by a line break (a move never holds one).
    #[serde(skip_serializing_if = "crate::json::lean")]
    pub notations: String,
    /// Each move's [`PlyView::move_number`].
    #[serde(skip_serializing_if = "crate::json::lean")]
    pub move_numbers: Vec<u32>,
    /// Each move's side: `w` or `b`.
    #[serde(skip_serializing_if = "crate::json::lean")]
    pub sides: String,
    /// Each move's [`PlyView::fen`] followed by a space (a FEN never holds one; a line break
    /// would make the JSON writer escape every one).
    #[serde(skip_serializing_if = "crate::json::lean")]
    pub fens: String,
    /// Each move's [`PlyView::cells`], one after the other (each as long as the board's squares).
    #[serde(skip_serializing_if = "crate::json::lean")]
    pub cells: String,
    /// Every move's [`PlyView::path`] as indexes into the board's squares, one after the other;
    /// `from` is its first square and `to` its last.
    #[serde(skip_serializing_if = "crate::json::lean")]
    pub paths: Vec<u8>,
    /// Where each move's path ends in `paths`.
    #[serde(skip_serializing_if = "crate::json::lean")]
    pub path_ends: Vec<u32>,
    /// Every move's [`PlyView::captured`] as indexes into the board's squares.
    #[serde(skip_serializing_if = "crate::json::lean")]
    pub captured: Vec<u8>,
    /// Where each move's captures end in `captured`.
    #[serde(skip_serializing_if = "crate::json::lean")]
    pub captured_ends: Vec<u32>,
    /// The moves with comments, NAGs, variations or commands, as `[index, notes]` (0-based);
    /// the others have none.
    pub notes: Vec<(usize, PlyNotes)>,
}

/// A [`BoardView`] packed: its squares' fields as three strings.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PackedBoard"))]
pub struct PackedBoard {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// The squares' labels, separated by spaces.
    pub labels: String,
    /// The squares' files, one character each: `a` for 0, `b` for 1, …
    pub files: String,
    /// The squares' ranks, the same way.
    pub ranks: String,
}

impl PackedBoard {
    fn of(board: &BoardView) -> PackedBoard {
        let digit = |n: u8| char::from(b'a'.saturating_add(n));
        let mut labels = String::with_capacity(board.squares.len() * 3);
        for (i, s) in board.squares.iter().enumerate() {
            if i > 0 {
                labels.push(' ');
            }
            labels.push_str(&s.label);
        }
        PackedBoard {
            width: board.width,
            height: board.height,
            labels,
            files: board.squares.iter().map(|s| digit(s.file)).collect(),
            ranks: board.squares.iter().map(|s| digit(s.rank)).collect(),
        }
    }
}

/// What is said about a move: the fields of [`PlyView`] of the same names.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PlyNotes"))]
pub struct PlyNotes {
    pub comments: Vec<String>,
    pub nags: Vec<u16>,
    pub variations: Vec<usize>,
    pub clock: Option<ClockView>,
    pub eval: Option<String>,
    pub spent: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub marks: Option<crate::analysis::MarksView>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub diagram: bool,
}

/// How the mainline ends on the board (see [`GameView::ending`]).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Ending"))]
pub struct EndingView {
    /// `white` or `black`: the side to move, which has lost.
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub loser: &'static str,
    /// `white` or `black`.
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub winner: &'static str,
    /// `no-pieces` or `no-moves` (its pieces are blocked).
    #[cfg_attr(feature = "ts", ts(type = "'no-pieces' | 'no-moves'"))]
    pub reason: &'static str,
}

/// What a written result says: see [`GameView::outcome`].
fn outcome_words(game: &Game, r: &Replay) -> Option<&'static str> {
    let written = game.tag("Result").or(game.result.as_deref())?.trim();
    if written == "*" {
        return Some("unfinished");
    }
    let first = match (r.ruleset.as_ref(), r.result_reading(game)) {
        (_, Some(pdn::replay::ResultReading::WhiteFirst)) | (None, _) => Color::White,
        (Some(rs), _) => rs.geometry.spec().first_player,
    };
    match pdn::replay::outcome(written, first)? {
        pdn::replay::Outcome::Win(side) => Some(side.name()),
        pdn::replay::Outcome::Draw => Some("draw"),
    }
}

/// Views over a read file, with the line index of its text for line:column.
pub struct FileView<'a> {
    text: &'a str,
    games: &'a [Game],
    lines: &'a LineIndex,
}

impl<'a> FileView<'a> {
    /// Views over `file`; `lines` must index `file.text` (build it once per file with
    /// `LineIndex::new(&file.text)` and keep it, as indexing a large file takes a while).
    #[must_use]
    pub fn new(file: &'a PdnFile, lines: &'a LineIndex) -> FileView<'a> {
        FileView {
            text: &file.text,
            games: &file.games,
            lines,
        }
    }

    /// Views over games read one at a time from `text` (see [`pdn::reader::read_game_at`]);
    /// `lines` must index `text`. Use [`FileView::view_of`] and [`FileView::summary_of`].
    #[must_use]
    pub fn of_text(text: &'a str, lines: &'a LineIndex) -> FileView<'a> {
        FileView {
            text,
            games: &[],
            lines,
        }
    }

    /// A diagnostic with its line, column and UTF-16 range.
    #[must_use]
    pub fn diagnostic(&self, d: &Diagnostic) -> DiagnosticView {
        let text = self.text;
        let (line, column) = self.lines.location(text, d.span.start);
        DiagnosticView {
            severity: d.severity.as_str(),
            code: d.code.as_str(),
            audience: d.code.audience().as_str(),
            message: d.message.clone(),
            args: d.args.iter().cloned().collect(),
            line,
            column,
            start: self.lines.utf16_at(text, d.span.start),
            end: self.lines.utf16_at(text, d.span.end),
        }
    }

    fn source(&self, span: Span) -> SourceView {
        SourceView {
            start: self.lines.utf16_at(self.text, span.start),
            end: self.lines.utf16_at(self.text, span.end),
            line: self.lines.location(self.text, span.start).0,
        }
    }

    /// The game's diagnostics as the page lists them ([`listed`]), in text order.
    fn listed_diagnostics(
        &self,
        game: &Game,
        r: &Replay,
    ) -> (Vec<DiagnosticView>, Option<DiagnosticsSummary>) {
        let all = r.all_diagnostics(game);
        let (shown, summary) = listed(&all);
        (
            shown.into_iter().map(|d| self.diagnostic(d)).collect(),
            summary,
        )
    }

    /// The list row of game `index` (0-based).
    #[must_use]
    pub fn summary(&self, index: usize) -> Option<GameSummary> {
        Some(self.summary_of(self.games.get(index)?, index + 1))
    }

    /// The checked list row of `game`, numbered `number` (1-based).
    #[must_use]
    pub fn summary_of(&self, game: &Game, number: usize) -> GameSummary {
        let r = replay(game);
        let diags = r.all_diagnostics(game);
        let variant = variant_name(&r);
        SummaryRef {
            gametype: &r.gametype,
            variant: &variant,
            variant_number: r.variant.map(|v| v.gametype()),
            opening: pdn::openings::written(game.tag("Opening"))
                .or_else(|| pdn::openings::name(&r))
                .unwrap_or(""),
            plies: r.plies.len(),
            errors: diags
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count(),
            warnings: diags
                .iter()
                .filter(|d| d.severity == Severity::Warning)
                .count(),
            checked: true,
            ..SummaryRef::from_tags(number, |n| game.tag(n), game.result.as_deref())
        }
        .to_owned()
    }

    /// The full view of game `index` (0-based).
    #[must_use]
    pub fn game(&self, index: usize) -> Option<GameView> {
        Some(self.view_of(self.games.get(index)?, index + 1))
    }

    /// The full view of `game`, numbered `number` (1-based).
    #[must_use]
    pub fn view_of(&self, game: &Game, number: usize) -> GameView {
        self.view_with(game, number, false)
    }

    /// The view of `game` with its mainline's moves packed ([`GameView::packed`]): the same
    /// view in a form that costs the page far less to take over.
    #[must_use]
    pub fn packed_view_of(&self, game: &Game, number: usize) -> GameView {
        self.view_with(game, number, true)
    }

    fn view_with(&self, game: &Game, number: usize, pack: bool) -> GameView {
        let r = replay(game);
        let board = r.geometry.as_deref().map(BoardView::shared);
        let start = match (&r.geometry, r.start) {
            (Some(g), Some(p)) => Some(PositionView {
                fen: p.to_fen(g),
                cells: p.cells(g),
            }),
            _ => None,
        };
        let (plies, packed) = match &r.geometry {
            Some(g) if pack => (Vec::new(), Some(pack_plies(g, &game.moves, &r.plies))),
            Some(g) => (self.plies(g, &game.moves, &r.plies), None),
            None => (Vec::new(), pack.then(PackedView::default)),
        };
        let (board, packed) = match (board, packed) {
            (Some(b), Some(p)) => (
                None,
                Some(PackedView {
                    board: Some(PackedBoard::of(&b)),
                    ..p
                }),
            ),
            other => other,
        };
        let unplayed = unplayed(&game.moves, &r.plies);
        let error = r.error.as_ref().map(|e| self.error(e));
        let variations = self.variations(game, &r);
        let end = r.end.map(|e| {
            let how = if e.no_pieces {
                "has no pieces left"
            } else {
                "has no legal move"
            };
            format!(
                "Game over: {} {how}; {} wins.",
                capitalised(e.loser.name()),
                capitalised(e.loser.opposite().name())
            )
        });
        let ending = r.end.map(|e| EndingView {
            loser: e.loser.name(),
            winner: e.loser.opposite().name(),
            reason: if e.no_pieces { "no-pieces" } else { "no-moves" },
        });
        let outcome = outcome_words(game, &r);
        let (diagnostics, summary) = self.listed_diagnostics(game, &r);
        GameView {
            number,
            tags: game
                .tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect(),
            gametype: r.gametype.clone(),
            variant: variant_name(&r),
            variant_number: r.variant.map(|v| v.gametype()),
            goal: pdn::variant::Goal::of_tags(game.tag("GameType"), game.tag("Variant")).code(),
            opening: pdn::openings::opening(game, &r),
            rules: r
                .ruleset
                .as_ref()
                .map(|rs| rule_codes(&rs.rules))
                .unwrap_or_default(),
            source: self.source(game.span),
            supported: r.ruleset.is_some(),
            board,
            start,
            first_mover: r.leader.name(),
            plies,
            unplayed,
            comments: prose(&game.intro),
            marks: crate::analysis::MarksView::of(&game.intro),
            result: game.result.clone(),
            end,
            ending,
            outcome,
            variations: variations.into(),
            variation_moves: None,
            error,
            diagnostics,
            diagnostics_hidden: summary.as_ref().map(|s| s.hidden.clone()),
            diagnostic_counts: summary.as_ref().map(|s| s.counts),
            diagnostics_total: summary.map(|s| s.total),
            packed,
        }
    }
}

impl FileView<'_> {
    fn plies(&self, g: &Geometry, nodes: &[Node], plies: &[Ply]) -> Vec<PlyView> {
        plies
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let written = written_moves(nodes, p);
                let mut notation = String::new();
                write_notation(written, &mut notation);
                let notes = ply_notes(written, p.side);
                PlyView {
                    ply: i + 1,
                    move_number: p.number,
                    side: p.side.name(),
                    notation,
                    fen: p.position.to_fen(g),
                    cells: p.position.cells(g),
                    from: g.label(p.mv.from).to_string(),
                    to: g.label(p.mv.to).to_string(),
                    path: labels(g, &p.mv.path()),
                    captured: labels(g, &p.mv.captured_squares()),
                    comments: notes.comments,
                    nags: notes.nags,
                    variations: notes.variations,
                    clock: notes.clock,
                    eval: notes.eval,
                    spent: notes.spent,
                    marks: notes.marks,
                    diagram: notes.diagram,
                }
            })
            .collect()
    }

    fn error(&self, e: &ReplayError) -> ErrorView {
        let (line, column) = self.lines.location(self.text, e.span.start);
        ErrorView {
            ply: e.ply,
            text: e.text.clone(),
            message: e.message.clone(),
            line,
            column,
            code: Code::IllegalMove.as_str(),
            args: e.args.iter().cloned().collect(),
        }
    }

    /// Every variation with its parent, depth and positions; parents are found with one pass
    /// over all lines (no recursion).
    fn variations(&self, game: &Game, r: &Replay) -> Vec<VariationView> {
        let n = game.variations.len();
        let mut parent: Vec<(Option<usize>, usize)> = vec![(None, 0); n];
        for (i, node) in game.moves.iter().enumerate() {
            for &v in &node.variations {
                parent[v] = (None, i + 1);
            }
        }
        for (id, var) in game.variations.iter().enumerate() {
            for (i, node) in var.moves.iter().enumerate() {
                for &v in &node.variations {
                    parent[v] = (Some(id), i + 1);
                }
            }
        }
        // Variations are stored inner first, so walk from the end for parents' depths.
        let mut depth = vec![1usize; n];
        for id in (0..n).rev() {
            if let (Some(p), _) = parent[id] {
                depth[id] = depth[p] + 1;
            }
        }
        game.variations
            .iter()
            .enumerate()
            .map(|(id, var)| {
                let line = r.variations.get(id);
                let played = line.map_or(&[][..], |l| l.plies.as_slice());
                VariationView {
                    id,
                    parent: parent[id].0,
                    replaces: parent[id].1,
                    depth: depth[id],
                    start: match (&r.geometry, line.and_then(|l| l.start)) {
                        (Some(g), Some(p)) => Some(PositionView {
                            fen: p.to_fen(g),
                            cells: p.cells(g),
                        }),
                        _ => None,
                    },
                    comments: prose(&var.comments),
                    plies: r
                        .geometry
                        .as_ref()
                        .map_or_else(Vec::new, |g| self.plies(g, &var.moves, played)),
                    unplayed: unplayed(&var.moves, played),
                    error: line.and_then(|l| l.error.as_ref()).map(|e| self.error(e)),
                }
            })
            .collect()
    }
}

/// The moves of a line packed: see [`PackedView`]. Each string grows in place, so a game's
/// moves cost a handful of allocations instead of a dozen each.
fn pack_plies(g: &Geometry, nodes: &[Node], plies: &[Ply]) -> PackedView {
    let n = plies.len();
    let mut out = PackedView {
        board: None,
        count: n,
        notations: String::with_capacity(n * 8),
        move_numbers: Vec::with_capacity(n),
        sides: String::with_capacity(n),
        fens: String::with_capacity(n * 64),
        cells: String::with_capacity(n * g.len()),
        paths: Vec::with_capacity(n * 2),
        path_ends: Vec::with_capacity(n),
        captured: Vec::new(),
        captured_ends: Vec::with_capacity(n),
        notes: Vec::new(),
    };
    for (i, p) in plies.iter().enumerate() {
        let written = written_moves(nodes, p);
        write_notation(written, &mut out.notations);
        out.notations.push('\n');
        out.move_numbers.push(p.number);
        out.sides.push(match p.side {
            Color::White => 'w',
            Color::Black => 'b',
        });
        p.position.write_fen(g, &mut out.fens);
        out.fens.push(' ');
        p.position.write_cells(g, &mut out.cells);
        out.paths.extend(p.mv.path().iter().map(|s| s.0));
        out.path_ends.push(out.paths.len() as u32);
        out.captured
            .extend(p.mv.captured_squares().iter().map(|s| s.0));
        out.captured_ends.push(out.captured.len() as u32);
        let said =
            |n: &Node| !n.comments.is_empty() || !n.nags.is_empty() || !n.variations.is_empty();
        if written.iter().any(said) {
            out.notes.push((i, ply_notes(written, p.side)));
        }
    }
    out
}

/// The written moves of ply `p`: a capture written jump by jump is one ply over several.
fn written_moves<'n>(nodes: &'n [Node], p: &Ply) -> &'n [Node] {
    &nodes[p.node..=p.node + p.joined]
}

/// A ply's notation as the move list shows it, added to `out`: each written move with its
/// strength marks, separated by spaces. Written straight into one string: a game view is
/// mostly its plies, and allocations cost more in wasm than natively.
fn write_notation(written: &[Node], out: &mut String) {
    for (k, n) in written.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(&n.text);
        out.push_str(&n.strength);
    }
}

/// What is said about a ply's written moves: their comments (as prose, and the commands in
/// them), NAGs and variations.
fn ply_notes(written: &[Node], side: Color) -> PlyNotes {
    let comments: Vec<String> = written.iter().flat_map(|n| n.comments.clone()).collect();
    let notes = Notes::of(&comments, side);
    PlyNotes {
        comments: prose(&comments),
        nags: written.iter().flat_map(|n| n.nags.clone()).collect(),
        variations: written.iter().flat_map(|n| n.variations.clone()).collect(),
        clock: notes.clock,
        eval: notes.eval,
        spent: notes.spent,
        marks: crate::analysis::MarksView::of(&comments),
        diagram: written
            .iter()
            .any(|n| crate::print::diagram_asked(&n.comments, &n.nags)),
    }
}

/// The written moves of a line after the last one played.
fn unplayed(nodes: &[Node], played: &[Ply]) -> Vec<UnplayedView> {
    let from = played.last().map_or(0, |p| p.node + p.joined + 1);
    nodes[from.min(nodes.len())..]
        .iter()
        .map(|n| UnplayedView {
            notation: format!("{}{}", n.text, n.strength),
            comments: n.comments.clone(),
        })
        .collect()
}

/// Comments as shown: their `[%…]` commands taken out, empty ones left out.
fn prose(comments: &[String]) -> Vec<String> {
    comments
        .iter()
        .filter_map(|c| {
            if !c.contains("[%") {
                return Some(c.trim().to_string()).filter(|t| !t.is_empty());
            }
            let text = comment::parse(c).text;
            (!text.is_empty()).then_some(text)
        })
        .collect()
}

/// The clock, evaluation and move time a move's comments carry.
#[derive(Default)]
struct Notes {
    clock: Option<ClockView>,
    eval: Option<String>,
    spent: Option<String>,
}

impl Notes {
    fn of(comments: &[String], mover: Color) -> Notes {
        let mut notes = Notes::default();
        for c in comments.iter().filter(|c| c.contains("[%")) {
            for cmd in comment::parse(c).commands {
                if let Some(clock) = cmd.clock() {
                    let view = notes.clock.get_or_insert_with(ClockView::default);
                    if let Some(w) = clock.white {
                        view.white = Some(clock_text(w.seconds));
                        if w.running {
                            view.running = Some("white");
                        }
                    }
                    if let Some(b) = clock.black {
                        view.black = Some(clock_text(b.seconds));
                        if b.running {
                            view.running = Some("black");
                        }
                    }
                } else if cmd.name == "eval" {
                    notes.eval = eval_text(&cmd.args).or(notes.eval);
                } else if let Some(t) = cmd.time() {
                    let secs = u32::try_from(t.as_secs()).unwrap_or(u32::MAX);
                    if cmd.name == "clk" {
                        // Chess style: the time left of the player who just moved.
                        let view = notes.clock.get_or_insert_with(ClockView::default);
                        match mover {
                            Color::White => view.white = Some(clock_text(secs)),
                            Color::Black => view.black = Some(clock_text(secs)),
                        }
                    } else if cmd.name == "emt" {
                        notes.spent = Some(clock_text(secs));
                    }
                }
            }
        }
        notes
    }
}

/// An `[%eval]` value as shown: `+0.35`, `-1.2`, `#3`, `#-2`; `None` when it is not a number.
/// Read as text, not as a float: formatting floats would add tens of kilobytes to the wasm.
fn eval_text(args: &str) -> Option<String> {
    let value = args.split([' ', ',']).next()?;
    let (mate, number) = match value.strip_prefix('#') {
        Some(rest) => (true, rest),
        None => (false, value),
    };
    let digits = number.trim_start_matches(['+', '-']);
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let well_formed = !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
        && number.len() - digits.len() <= 1
        && !(mate && digits.contains('.'));
    if !well_formed {
        return None;
    }
    Some(if mate || number.starts_with(['+', '-']) {
        value.to_string()
    } else {
        format!("+{value}")
    })
}

/// `h:mm:ss`, or `m:ss` under an hour.
fn clock_text(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Short codes for the rules a variant plays by, most telling first: the kings, the capture
/// choice, then what sets the variant apart. The page turns them into words in its language.
///
/// ```
/// use pdn::variant::Variant;
/// let codes = pdn_view::view::rule_codes(&Variant::International.rules().unwrap());
/// assert_eq!(&codes[..3], ["flying-kings", "capture-most-pieces", "men-capture-backwards"]);
/// ```
#[must_use]
pub fn rule_codes(rules: &Rules) -> Vec<&'static str> {
    let mut codes = vec![if rules.flying_kings {
        "flying-kings"
    } else {
        "short-kings"
    }];
    codes.push(match rules.priority {
        CapturePriority::Free => "capture-free",
        CapturePriority::MostPieces => "capture-most-pieces",
        CapturePriority::MostPiecesThenKings => "capture-most-pieces-then-kings",
        CapturePriority::KingFirst => "capture-king-first",
        CapturePriority::Italian => "capture-italian",
        CapturePriority::MostValue { .. } => "capture-most-value",
    });
    codes.push(if rules.men_capture_backwards {
        "men-capture-backwards"
    } else {
        "men-capture-forwards"
    });
    if rules.crown_mid_capture {
        codes.push("crown-mid-capture");
    }
    if rules.moves == Lines::Orthogonal {
        codes.push("orthogonal");
    }
    if rules.captures == Lines::Both {
        codes.push("orthogonal-captures");
    }
    if !rules.men_capture_kings {
        codes.push("men-cannot-capture-kings");
    }
    if rules.immediate_removal {
        codes.push("immediate-removal");
    }
    if rules.king_lands_behind {
        codes.push("king-lands-behind");
    }
    if rules.max_king_moves > 0 {
        codes.push("king-move-limit");
    }
    codes
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn variant_name(r: &Replay) -> String {
    match r.variant {
        Some(v) => v.name().to_string(),
        None => format!("GameType {}", r.gametype),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdn::reader::read_file;

    #[test]
    fn a_game_view_has_every_position_and_the_error() {
        let f = read_file(
            "[White \"A\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 99-1 4. 33-28 *",
        );
        let lines = LineIndex::new(&f.text);
        let v = FileView::new(&f, &lines).game(0).unwrap();
        assert_eq!(v.board.as_ref().unwrap().squares.len(), 50);
        assert_eq!(v.plies.len(), 4);
        assert_eq!(v.plies[2].captured, vec!["23"]);
        assert_eq!(v.plies[2].path, vec!["28", "19"]);
        assert_eq!(v.plies[3].side, "black");
        assert_eq!(v.unplayed.len(), 2);
        let e = v.error.unwrap();
        assert_eq!((e.line, e.column, e.ply), (3, 34, 5));
        assert!(v.diagnostics.iter().any(|d| d.code == "illegal-move"));
        let s = FileView::new(&f, &lines).summary(0).unwrap();
        assert_eq!((s.white.as_str(), s.errors), ("A", 1));
    }

    #[test]
    fn views_of_one_board_share_it() {
        let f = read_file("1. 32-28 *\n\n1. 33-29 *\n\n[GameType \"21\"] 1. 11-15 *");
        let lines = LineIndex::new(&f.text);
        let views = FileView::new(&f, &lines);
        let board = |i| views.game(i).unwrap().board.unwrap();
        assert!(Rc::ptr_eq(&board(0), &board(1)));
        assert_eq!(board(2).squares.len(), 32);
        assert_eq!(board(0).squares[0].label, "1");
        assert!(!Rc::ptr_eq(&board(0), &board(2)));
    }

    #[test]
    fn results_and_audiences_come_as_values() {
        let f = read_file(
            "[GameType \"21\"][Result \"1-0\"]\n1. 11-15 *\n\n[GameType \"20\"]\n1. 32-28 2-0\n\n\
             [Result \"*\"]\n1. 32-28 *",
        );
        let lines = LineIndex::new(&f.text);
        let views = FileView::new(&f, &lines);
        // English: the left score is the first mover's, Black's.
        assert_eq!(views.game(0).unwrap().outcome, Some("black"));
        assert_eq!(views.game(1).unwrap().outcome, Some("white"));
        let third = views.game(2).unwrap();
        assert_eq!(third.outcome, Some("unfinished"));
        let guessed = third
            .diagnostics
            .iter()
            .find(|d| d.code == "guessed-variant");
        assert_eq!(guessed.unwrap().audience, "author");
        let f = read_file("[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *");
        let lines = LineIndex::new(&f.text);
        let v = FileView::new(&f, &lines).game(0).unwrap();
        let stop = v.diagnostics.iter().find(|d| d.code == "illegal-move");
        assert_eq!(stop.unwrap().audience, "visitor");
    }

    #[test]
    fn move_numbers_follow_the_text_of_a_game_from_a_fen() {
        // "The Royal Tour" (tests/data/seeds/english-examples.txt): English, White to move
        // from the FEN, and the text numbers White's move first: 1. 19-15 10x19 ... 7. 5x32.
        let f = read_file(
            "[Result \"1-0\"][Setup \"1\"][FEN \"W:W27,19,18,11,7,6,5:B28,26,25,20,17,10,9,4,3,2.\"] \
             1. 19-15 10x19 2. 5-1 3x10 3. 11-8 4x11 4. 27-24 20x27 5. 18-14 9x18 6. 1-5 2x9 \
             7. 5x32 1-0",
        );
        let lines = LineIndex::new(&f.text);
        let v = FileView::new(&f, &lines).game(0).unwrap();
        assert_eq!(v.variant_number, Some(21));
        assert_eq!(v.first_mover, "white");
        let numbers: Vec<(u32, &str)> = v.plies.iter().map(|p| (p.move_number, p.side)).collect();
        assert_eq!(numbers[..2], [(1, "white"), (1, "black")]);
        assert_eq!(numbers.last(), Some(&(7, "white")));
        assert_eq!(v.plies.last().unwrap().notation, "5x32");
        // The result fits the board read with White's score first: a note, no warning.
        let codes: Vec<(&str, &str)> = v.diagnostics.iter().map(|d| (d.severity, d.code)).collect();
        assert!(codes.contains(&("note", "result-convention")), "{codes:?}");
        assert!(
            !codes.iter().any(|c| c.1 == "result-contradicts-board"),
            "{codes:?}"
        );
        // `1... 19-15 2.`: the text numbers White's move as the reply of move 1, so Black opens
        // the numbers, as usual in English.
        let f = read_file("[FEN \"W:W27,19:B10,3.\"] 1... 19-15 2. 10-14 27-23 *");
        let lines = LineIndex::new(&f.text);
        let v = FileView::new(&f, &lines).game(0).unwrap();
        assert!(v.error.is_none(), "{:?}", v.error);
        assert_eq!(v.first_mover, "black");
        let numbers: Vec<u32> = v.plies.iter().map(|p| p.move_number).collect();
        assert_eq!(numbers, [1, 2, 2]);
        // Without a FEN, English numbers Black's move first.
        let f = read_file("1. 11-15 23-19 2. 8-11 *");
        let lines = LineIndex::new(&f.text);
        let v = FileView::new(&f, &lines).game(0).unwrap();
        assert_eq!(v.first_mover, "black");
        assert_eq!(v.plies[1].move_number, 1);
        assert_eq!(v.plies[2].move_number, 2);
    }

    #[test]
    fn variations_carry_their_parent_depth_and_positions() {
        let f = read_file(
            "[GameType \"20\"] 1. 32-28 19-23 ({try} 17-22 2. 28x17 11x22 (12x21)) 2. 28x19 \
             (28x17) 14x23 [Result \"2-0\"]",
        );
        let lines = LineIndex::new(&f.text);
        let v = FileView::new(&f, &lines).game(0).unwrap();
        assert_eq!(v.variations.len(), 3);
        let by_first = |m: &str| {
            v.variations
                .iter()
                .find(|x| {
                    x.plies.first().is_some_and(|p| p.notation == m)
                        || x.unplayed.first().is_some_and(|u| u.notation == m)
                })
                .unwrap()
        };
        let outer = by_first("17-22");
        assert_eq!((outer.parent, outer.replaces, outer.depth), (None, 2, 1));
        assert_eq!(outer.comments, ["try"]);
        assert_eq!(outer.start.as_ref().unwrap().fen, v.plies[0].fen);
        assert_eq!(v.plies[1].variations, [outer.id]);
        let inner = by_first("12x21");
        assert_eq!(
            (inner.parent, inner.replaces, inner.depth),
            (Some(outer.id), 3, 2)
        );
        assert_eq!(inner.start.as_ref().unwrap().fen, outer.plies[1].fen);
        let broken = by_first("28x17");
        assert!(broken.error.is_some() && broken.plies.is_empty());
        assert_eq!(broken.unplayed.len(), 1);
        assert!(
            v.diagnostics
                .iter()
                .any(|d| d.code == "illegal-move-in-variation")
        );
    }

    #[test]
    fn the_goal_comes_from_lidraughts_numbers_and_the_variant_tag() {
        let f = read_file(
            "[GameType \"98\"] 1. 32-28 *\n[Variant \"Breakthrough\"] 1. 32-28 *\n[GameType \"20\"] *",
        );
        let lines = LineIndex::new(&f.text);
        let goals: Vec<&str> = (0..3)
            .map(|i| FileView::new(&f, &lines).game(i).unwrap().goal)
            .collect();
        assert_eq!(goals, ["losing", "first-king", "standard"]);
    }

    #[test]
    fn a_diagram_asked_in_a_comment_or_by_a_nag_is_flagged_packed_or_not() {
        let f = read_file(
            "[GameType \"20\"] 1. 32-28 {a shot [%diag]} 19-23 2. 28x19 $220 14x23 {diagonal} *",
        );
        let lines = LineIndex::new(&f.text);
        let views = FileView::new(&f, &lines);
        let v = views.view_of(&f.games[0], 1);
        let flags: Vec<bool> = v.plies.iter().map(|p| p.diagram).collect();
        assert_eq!(flags, [true, false, true, false]);
        assert_eq!(v.plies[0].comments, ["a shot"]);
        let p = views.packed_view_of(&f.games[0], 1).packed.unwrap();
        let flagged: Vec<usize> = p
            .notes
            .iter()
            .filter(|n| n.1.diagram)
            .map(|n| n.0)
            .collect();
        assert_eq!(flagged, [0, 2]);
    }

    #[test]
    fn clocks_evaluations_and_rules_come_out_of_the_comments() {
        let f = read_file(
            "[GameType \"20\"] 1. 32-28 {good [%clock w0:09:55 B1:10:00] [%eval 0.35]} 19-23 \
             {[%clk 0:08:01][%emt 0:00:12]} 2. 28x19 {[%eval #-2]} *",
        );
        let lines = LineIndex::new(&f.text);
        let v = FileView::new(&f, &lines).game(0).unwrap();
        let first = &v.plies[0];
        assert_eq!(first.comments, ["good"]);
        let clock = first.clock.as_ref().unwrap();
        assert_eq!(clock.white.as_deref(), Some("9:55"));
        assert_eq!(clock.black.as_deref(), Some("1:10:00"));
        assert_eq!(clock.running, Some("black"));
        assert_eq!(first.eval.as_deref(), Some("+0.35"));
        // A comment that is only commands leaves no comment text.
        let second = &v.plies[1];
        assert!(second.comments.is_empty());
        let clock = second.clock.as_ref().unwrap();
        assert_eq!(
            (clock.white.as_deref(), clock.black.as_deref()),
            (None, Some("8:01"))
        );
        assert_eq!(second.spent.as_deref(), Some("0:12"));
        assert_eq!(v.plies[2].eval.as_deref(), Some("#-2"));
        assert_eq!(eval_text("-0.048, 12"), Some("-0.048".to_string()));
        assert_eq!(eval_text("+1"), Some("+1".to_string()));
        assert_eq!(
            (eval_text("x"), eval_text("--1"), eval_text("#1.5")),
            (None, None, None)
        );
        assert_eq!(v.variant_number, Some(20));
        assert_eq!(
            v.rules,
            [
                "flying-kings",
                "capture-most-pieces",
                "men-capture-backwards"
            ]
        );
        assert_eq!((v.source.start, v.source.line), (0, 1));
    }

    /// The full plies again from a packed line, as `www/reader/viewdata.js` makes them.
    #[cfg(not(target_arch = "wasm32"))]
    fn unpacked(p: &PackedView, board: &BoardView) -> Vec<PlyView> {
        let notations: Vec<&str> = p.notations.split('\n').collect();
        let fens: Vec<&str> = p.fens.split(' ').collect();
        let width = board.squares.len();
        let label = |i: &u8| board.squares[usize::from(*i)].label.clone();
        let mut ends = (0, 0);
        (0..p.count)
            .map(|i| {
                let path: Vec<String> = p.paths[ends.0..p.path_ends[i] as usize]
                    .iter()
                    .map(label)
                    .collect();
                let captured = p.captured[ends.1..p.captured_ends[i] as usize]
                    .iter()
                    .map(label)
                    .collect();
                ends = (p.path_ends[i] as usize, p.captured_ends[i] as usize);
                let notes = p.notes.iter().find(|n| n.0 == i).map(|n| n.1.clone());
                let notes = notes.unwrap_or_default();
                PlyView {
                    ply: i + 1,
                    move_number: p.move_numbers[i],
                    side: if &p.sides[i..=i] == "w" {
                        "white"
                    } else {
                        "black"
                    },
                    notation: notations[i].to_string(),
                    fen: fens[i].to_string(),
                    cells: p.cells[i * width..(i + 1) * width].to_string(),
                    from: path[0].clone(),
                    to: path.last().unwrap().clone(),
                    path,
                    captured,
                    comments: notes.comments,
                    nags: notes.nags,
                    variations: notes.variations,
                    clock: notes.clock,
                    eval: notes.eval,
                    spent: notes.spent,
                    marks: notes.marks,
                    diagram: notes.diagram,
                }
            })
            .collect()
    }

    /// Every game of the repository's data: the packed view holds exactly the full one.
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn packed_views_hold_the_full_ones() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
        let mut plies = 0;
        for dir in ["seeds", "standard"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let bytes = std::fs::read(entry.unwrap().path()).unwrap();
                let f = read_file(&pdn::encoding::decode(&bytes).0);
                let lines = LineIndex::new(&f.text);
                let views = FileView::new(&f, &lines);
                for game in &f.games {
                    let full = views.view_of(game, 1);
                    let mut packed = views.packed_view_of(game, 1);
                    let p = packed.packed.take().unwrap();
                    assert!(packed.plies.is_empty() && packed.board.is_none());
                    if let Some(board) = &full.board {
                        assert_eq!(p.board, Some(PackedBoard::of(board)));
                        packed.plies = unpacked(&p, board);
                        packed.board = full.board.clone();
                    } else {
                        assert_eq!(p, PackedView::default());
                    }
                    plies += full.plies.len();
                    assert_eq!(packed, full);
                }
            }
        }
        assert!(plies > 500, "{plies}");
    }

    /// Adding a variant means adding its name (`variant.NUMBER`) and the words of any new rule
    /// code (`rule.CODE`) to every catalogue of the page (docs/variants.md).
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn every_variant_and_rule_code_has_words_in_every_catalogue() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www/i18n");
        let mut catalogues = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            // The catalogues are named by language (`en.js`); i18n.js and words.js are code.
            let language = path.file_stem().is_some_and(|s| s.len() == 2);
            if path.extension().is_none_or(|e| e != "js") || !language {
                continue;
            }
            catalogues += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            for variant in pdn::variant::Variant::ALL {
                let key = format!("'variant.{}'", variant.gametype());
                assert!(text.contains(&key), "{}: no {key}", path.display());
                for code in variant.rules().map(|r| rule_codes(&r)).unwrap_or_default() {
                    let key = format!("'rule.{code}'");
                    assert!(text.contains(&key), "{}: no {key}", path.display());
                }
            }
        }
        assert!(catalogues >= 5, "{}", dir.display());
    }

    #[test]
    fn every_variant_has_a_kings_and_a_capture_rule() {
        for variant in pdn::variant::Variant::ALL {
            let codes = rule_codes(&variant.rules().unwrap());
            assert!(codes[0].ends_with("-kings"), "{variant}: {codes:?}");
            assert!(codes[1].starts_with("capture-"), "{variant}: {codes:?}");
        }
        let russian = rule_codes(&pdn::variant::Variant::Russian.rules().unwrap());
        assert!(russian.contains(&"crown-mid-capture"));
        let turkish = rule_codes(&pdn::variant::Variant::Turkish.rules().unwrap());
        assert!(turkish.contains(&"orthogonal") && !turkish.contains(&"short-kings"));
    }
}
