//! What an analysis board needs from the core, as serialisable values: the legal moves of a
//! position with their routes, the pieces they take and the position they lead to
//! ([`MoveView`]), where an edit leaves the board ([`PlaceView`]), and the marks of a position
//! ([`MarksView`], from `[%csl]`/`[%cal]`). The rules and the edits are `pdn::edit`'s; the page
//! only draws these and sends back the index of the move chosen.

use serde::Serialize;

use pdn::Position;
use pdn::edit::{Marks, Place};
use pdn::position::Ruleset;
use pdn::replay::labels;

/// One legal move of a position.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MoveView"))]
pub struct MoveView {
    /// Its index in the list, to play it.
    pub index: usize,
    /// The shortest notation the standard allows here (`32-28`, `28x17`, `47x38x24x13x36`
    /// when another capture has the same start and end).
    pub notation: String,
    /// Start square.
    pub from: String,
    /// End square.
    pub to: String,
    /// Start, every landing square, end: the route.
    pub path: Vec<String>,
    /// The squares of the pieces taken, in the order they are taken.
    pub captured: Vec<String>,
    /// The piece is crowned.
    pub promotes: bool,
    /// The position after it (canonical FEN).
    pub fen: String,
    /// Cells after it, as [`crate::view::PositionView::cells`].
    pub cells: String,
}

/// The legal moves of `pos`, in the order `pdn::edit::legal_moves` gives them.
#[must_use]
pub fn move_views(rs: &Ruleset, pos: &Position, moves: &[pdn::Move]) -> Vec<MoveView> {
    let g = &rs.geometry;
    let sep = rs.variant.capture_separator();
    moves
        .iter()
        .enumerate()
        .map(|(index, m)| {
            let after = pos.play(m);
            MoveView {
                index,
                notation: m.shortest_notation(g, moves, sep),
                from: g.label(m.from).to_string(),
                to: g.label(m.to).to_string(),
                path: labels(g, &m.path()),
                captured: labels(g, &m.captured_squares()),
                promotes: m.promotes,
                fen: after.to_fen(g),
                cells: after.cells(g),
            }
        })
        .collect()
}

/// Why a move typed in the move box is not played: the core's reason
/// ([`pdn::notation::MoveErrorKind`]), and when a capture is due instead, the captures.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Refusal"))]
pub struct RefusalView {
    /// The reason's key (`capture-compulsory`, `no-piece`, …), as the diagnostics' `why`.
    pub why: &'static str,
    /// Its values by name (squares, sides, counts), for its words (`why.<key>`).
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub args: std::collections::BTreeMap<&'static str, String>,
    /// When the reason is a capture due (compulsory, or more pieces, or another first): the
    /// legal captures in the game's notation (`27x18`); else empty.
    pub captures: Vec<String>,
    /// The squares of the pieces that can make them.
    pub capturers: Vec<String>,
}

/// Why `text` (a move as typed) is not a legal move of `pos`: `None` when it is one, or when it
/// does not read as a move at all (the page says so in its own words).
///
/// ```
/// use pdn::{Color, Position, Variant};
/// use pdn::position::Ruleset;
/// let rs = Ruleset::of(Variant::International).unwrap();
/// let pos = Position::from_fen("W:W32,45:B27", &rs.geometry, Color::White).unwrap();
/// let moves = pos.legal_moves(&rs);
/// let r = pdn_view::analysis::refusal(&rs, &pos, &moves, "45-40").unwrap();
/// assert_eq!((r.why, r.captures.as_slice(), r.capturers.as_slice()), ("capture-compulsory", &["32x21".to_string()][..], &["32".to_string()][..]));
/// assert!(pdn_view::analysis::refusal(&rs, &pos, &moves, "32x21").is_none());
/// assert!(pdn_view::analysis::refusal(&rs, &pos, &moves, "hello").is_none());
/// ```
#[must_use]
pub fn refusal(
    rs: &Ruleset,
    pos: &Position,
    moves: &[pdn::Move],
    text: &str,
) -> Option<RefusalView> {
    let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let clean = clean.trim_end_matches(['!', '?']);
    let err = pdn::PdnMove::parse(clean)?.to_move(pos, rs).err()?;
    let mut why = err.reason.key();
    let mut args: std::collections::BTreeMap<&'static str, String> = err
        .reason
        .args()
        .into_iter()
        .filter(|(k, _)| *k != "why")
        .collect();
    // Short notation (`ab4`) names no capture when only captures are legal: the capture due is
    // the reason, not the file.
    if why == "no-short-move" && moves.iter().any(pdn::Move::is_capture) {
        why = "capture-compulsory";
        args.clear();
    }
    let capture_due = matches!(
        why,
        "capture-compulsory" | "too-few-captured" | "other-capture-first"
    );
    let mut captures = Vec::new();
    let mut capturers = Vec::new();
    if capture_due {
        for v in move_views(rs, pos, moves) {
            if v.captured.is_empty() {
                continue;
            }
            if !capturers.contains(&v.from) {
                capturers.push(v.from.clone());
            }
            captures.push(v.notation);
        }
    }
    Some(RefusalView {
        why,
        args,
        captures,
        capturers,
    })
}

/// A position of the game, as the page names it: `line` (`null` for the mainline, else a
/// variation id of [`crate::view::GameView::variations`]) and `ply` plies into it.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Place"))]
pub struct PlaceView {
    /// The line.
    pub line: Option<usize>,
    /// Plies played in it.
    pub ply: usize,
}

impl From<Place> for PlaceView {
    fn from(p: Place) -> PlaceView {
        PlaceView {
            line: p.line,
            ply: p.ply,
        }
    }
}

/// A coloured square.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SquareMark"))]
pub struct SquareMark {
    /// `green`, `red`, `yellow` or `blue`.
    #[cfg_attr(feature = "ts", ts(type = "MarkColor"))]
    pub color: &'static str,
    /// The square's name.
    pub square: String,
}

/// An arrow.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ArrowMark"))]
pub struct ArrowMark {
    /// `green`, `red`, `yellow` or `blue`.
    #[cfg_attr(feature = "ts", ts(type = "MarkColor"))]
    pub color: &'static str,
    /// Its tail.
    pub from: String,
    /// Its head.
    pub to: String,
}

/// The marks drawn on a position, from its comments' `[%csl]` and `[%cal]` commands.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MarksView"))]
pub struct MarksView {
    /// Coloured squares.
    pub squares: Vec<SquareMark>,
    /// Arrows.
    pub arrows: Vec<ArrowMark>,
}

fn colour_name(c: char) -> &'static str {
    match c {
        'R' => "red",
        'Y' => "yellow",
        'B' => "blue",
        _ => "green",
    }
}

/// The colour letter of a colour name (`green` when unknown).
#[must_use]
pub fn colour_letter(name: &str) -> char {
    match name {
        "red" | "R" => 'R',
        "yellow" | "Y" => 'Y',
        "blue" | "B" => 'B',
        _ => 'G',
    }
}

impl MarksView {
    /// The marks of a position's comments; `None` when there are none.
    #[must_use]
    pub fn of(comments: &[String]) -> Option<MarksView> {
        let marks = Marks::of(comments);
        (!marks.is_empty()).then(|| MarksView {
            squares: marks
                .squares
                .into_iter()
                .map(|(c, square)| SquareMark {
                    color: colour_name(c),
                    square,
                })
                .collect(),
            arrows: marks
                .arrows
                .into_iter()
                .map(|(c, from, to)| ArrowMark {
                    color: colour_name(c),
                    from,
                    to,
                })
                .collect(),
        })
    }
}

/// Marks written as the page sends them: `G28,R19` for squares and `Y28-19,Bc3e5` for arrows
/// (colour letters as in `[%csl]`/`[%cal]`).
#[must_use]
pub fn marks_from(squares: &str, arrows: &str) -> Marks {
    let parsed = pdn::comment::parse(&format!("[%csl {squares}] [%cal {arrows}]"));
    let letter = |c: char| colour_letter(&c.to_ascii_uppercase().to_string());
    let mut marks = Marks::default();
    for cmd in &parsed.commands {
        if let Some(sq) = cmd.squares() {
            marks.squares = sq.into_iter().map(|(c, s)| (letter(c), s)).collect();
        } else if let Some(ar) = cmd.arrows() {
            marks.arrows = ar.into_iter().map(|(c, f, t)| (letter(c), f, t)).collect();
        }
    }
    marks
}
