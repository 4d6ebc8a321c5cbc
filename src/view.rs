//! What the page shows, computed once in Rust: game summaries for the list and, per game, the
//! board, the position after every ply and the diagnostics with line:column. These plain,
//! serialisable values cross the wasm boundary unchanged, so the page holds no draughts rules.

use serde::Serialize;

use crate::diagnostic::{Diagnostic, LineIndex};
use crate::reader::{Game, PdnFile};
use crate::replay::{Replay, labels, replay};
use crate::types::Color;

/// One row of the game list.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct GameSummary {
    /// 1-based game number.
    pub number: usize,
    /// `White` tag.
    pub white: String,
    /// `Black` tag.
    pub black: String,
    /// `Event` tag.
    pub event: String,
    /// `Date` tag.
    pub date: String,
    /// The result: the `Result` tag, else the terminator.
    pub result: String,
    /// GameType used.
    pub gametype: String,
    /// Variant name.
    pub variant: String,
    /// Number of errors (reading and replay).
    pub errors: usize,
    /// Number of warnings.
    pub warnings: usize,
}

/// A playable square for drawing: its name and White-view coordinates.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
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
pub struct BoardView {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Playable squares.
    pub squares: Vec<SquareView>,
}

/// A position for drawing.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PositionView {
    /// Canonical FEN.
    pub fen: String,
    /// One character per square of `board.squares`: `.`, `w`, `W`, `b`, `B`.
    pub cells: String,
}

/// One played move.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PlyView {
    /// 1-based ply.
    pub ply: usize,
    /// Move number.
    pub move_number: u32,
    /// `white` or `black`.
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
    /// Comments after the move.
    pub comments: Vec<String>,
    /// NAGs after the move.
    pub nags: Vec<u16>,
}

/// The move that stopped the replay.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
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
}

/// A diagnostic with its place in the text.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DiagnosticView {
    /// `error`, `warning` or `note`.
    pub severity: &'static str,
    /// Stable code for translations.
    pub code: &'static str,
    /// Plain words.
    pub message: String,
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
pub struct UnplayedView {
    /// The move as written.
    pub notation: String,
    /// Comments after it.
    pub comments: Vec<String>,
}

/// Everything the page needs to show one game.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GameView {
    /// 1-based game number.
    pub number: usize,
    /// Tags as `[name, value]` pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// GameType used.
    pub gametype: String,
    /// Variant name, or a description of the type.
    pub variant: String,
    /// The moves could be replayed on a board.
    pub supported: bool,
    /// The board, when the type has one.
    pub board: Option<BoardView>,
    /// The position before the first move.
    pub start: Option<PositionView>,
    /// The moves played.
    pub plies: Vec<PlyView>,
    /// Written moves after the one that failed.
    pub unplayed: Vec<UnplayedView>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The result, if any.
    pub result: Option<String>,
    /// The move that stopped the replay.
    pub error: Option<ErrorView>,
    /// All diagnostics of the game, in text order.
    pub diagnostics: Vec<DiagnosticView>,
}

/// Views over a read file, with the line index of its text for line:column.
pub struct FileView<'a> {
    file: &'a PdnFile,
    lines: &'a LineIndex,
}

impl<'a> FileView<'a> {
    /// Views over `file`; `lines` must index `file.text` (build it once per file with
    /// `LineIndex::new(&file.text)` and keep it, as indexing a large file takes a while).
    #[must_use]
    pub fn new(file: &'a PdnFile, lines: &'a LineIndex) -> FileView<'a> {
        FileView { file, lines }
    }

    fn diagnostic(&self, d: &Diagnostic) -> DiagnosticView {
        let text = &self.file.text;
        let (line, column) = self.lines.location(text, d.span.start);
        DiagnosticView {
            severity: d.severity.as_str(),
            code: d.code,
            message: d.message.clone(),
            line,
            column,
            start: LineIndex::utf16_offset(text, d.span.start),
            end: LineIndex::utf16_offset(text, d.span.end),
        }
    }

    fn all_diagnostics(&self, game: &Game, r: &Replay) -> Vec<DiagnosticView> {
        let mut all: Vec<Diagnostic> = game.diagnostics.clone();
        all.extend(r.diagnostics.iter().cloned());
        if let Some(e) = &r.error {
            all.push(Diagnostic::error("illegal-move", e.span, e.message.clone()));
        }
        all.sort_by_key(|d| (d.span.start, d.severity));
        all.iter().map(|d| self.diagnostic(d)).collect()
    }

    /// The list row of game `index` (0-based).
    #[must_use]
    pub fn summary(&self, index: usize) -> Option<GameSummary> {
        let game = self.file.games.get(index)?;
        let r = replay(game);
        let diags = self.all_diagnostics(game, &r);
        let tag = |n: &str| game.tag(n).unwrap_or("").to_string();
        Some(GameSummary {
            number: index + 1,
            white: tag("White"),
            black: tag("Black"),
            event: tag("Event"),
            date: tag("Date"),
            result: game
                .tag("Result")
                .map(str::to_string)
                .or_else(|| game.result.clone())
                .unwrap_or_default(),
            gametype: r.gametype.clone(),
            variant: variant_name(&r),
            errors: diags.iter().filter(|d| d.severity == "error").count(),
            warnings: diags.iter().filter(|d| d.severity == "warning").count(),
        })
    }

    /// The full view of game `index` (0-based).
    #[must_use]
    pub fn game(&self, index: usize) -> Option<GameView> {
        let game = self.file.games.get(index)?;
        let r = replay(game);
        let board = r.geometry.as_ref().map(|g| BoardView {
            width: g.spec().width,
            height: g.spec().height,
            squares: g
                .squares()
                .iter()
                .map(|s| SquareView {
                    label: s.label.clone(),
                    file: s.file,
                    rank: s.rank,
                })
                .collect(),
        });
        let start = match (&r.geometry, r.start) {
            (Some(g), Some(p)) => Some(PositionView {
                fen: p.to_fen(g),
                cells: p.cells(g),
            }),
            _ => None,
        };
        let plies = match &r.geometry {
            Some(g) => r
                .plies
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let node = &game.moves[p.node];
                    PlyView {
                        ply: i + 1,
                        move_number: p.number,
                        side: match p.side {
                            Color::White => "white",
                            Color::Black => "black",
                        },
                        notation: format!("{}{}", node.text, node.strength),
                        fen: p.position.to_fen(g),
                        cells: p.position.cells(g),
                        from: g.label(p.mv.from).to_string(),
                        to: g.label(p.mv.to).to_string(),
                        path: labels(g, &p.mv.path()),
                        captured: labels(g, &p.mv.captured_squares()),
                        comments: node.comments.clone(),
                        nags: node.nags.clone(),
                    }
                })
                .collect(),
            None => Vec::new(),
        };
        let played = r.plies.last().map_or(0, |p| p.node + 1);
        let unplayed = game.moves[played.min(game.moves.len())..]
            .iter()
            .map(|n| UnplayedView {
                notation: format!("{}{}", n.text, n.strength),
                comments: n.comments.clone(),
            })
            .collect();
        let error = r.error.as_ref().map(|e| {
            let (line, column) = self.lines.location(&self.file.text, e.span.start);
            ErrorView {
                ply: e.ply,
                text: e.text.clone(),
                message: e.message.clone(),
                line,
                column,
            }
        });
        Some(GameView {
            number: index + 1,
            tags: game
                .tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect(),
            gametype: r.gametype.clone(),
            variant: variant_name(&r),
            supported: r.ruleset.is_some(),
            board,
            start,
            plies,
            unplayed,
            comments: game.intro.clone(),
            result: game.result.clone(),
            error,
            diagnostics: self.all_diagnostics(game, &r),
        })
    }
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
    use crate::reader::read_file;

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
}
