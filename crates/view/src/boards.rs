//! The boards view (`view=boards`): one small board per game — its players, its result or its
//! clocks, and its last position with the last move — for following a round at a glance.

use std::rc::Rc;

use serde::Serialize;

use crate::view::{BoardView, ClockView, GameView, PlyView};

/// The last move of a card: enough for the page's board model to mark it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LastMove"))]
pub struct LastMove {
    /// As the game writes it.
    pub notation: String,
    /// The position after it (one character per square).
    pub cells: String,
    /// Its squares.
    pub from: String,
    /// Where it ended.
    pub to: String,
    /// The squares passed through.
    pub path: Vec<String>,
    /// The squares taken from.
    pub captured: Vec<String>,
}

/// One game's card.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BoardCard"))]
pub struct BoardCard {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The `White` tag.
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The `Round` tag.
    pub round: Option<String>,
    /// The result as written (`*` while the game runs).
    pub result: Option<String>,
    /// `white`, `black` or `draw` (the winner), `unfinished`, or null.
    #[cfg_attr(
        feature = "ts",
        ts(type = "'white' | 'black' | 'draw' | 'unfinished' | null")
    )]
    pub outcome: Option<&'static str>,
    /// The board (null when the game could not be set up).
    pub board: Option<Rc<BoardView>>,
    /// The position before the last move (the start when there is none).
    pub before: String,
    /// The last move played, if any.
    pub last: Option<LastMove>,
    /// Mainline moves played.
    pub plies: usize,
    /// `white` or `black`: the side to move in the last position.
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub to_move: &'static str,
    /// Each side's last clock reading (from `[%clock]`/`[%clk]`), or its time control's.
    pub clock: ClockView,
}

fn tag<'a>(view: &'a GameView, name: &str) -> Option<&'a str> {
    view.tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.trim().is_empty() && v.trim() != "?")
}

/// The starting time of a `TimeControl` tag (`40/7200:3600`, `5400+30`, `G/90`…) as `h:mm:ss`.
fn control_time(tc: &str) -> Option<String> {
    let first = tc.split(':').next()?.trim();
    let base = first.rsplit('/').next()?.split('+').next()?.trim();
    let secs: u64 = base.parse().ok().filter(|&s| s > 0)?;
    // `G/90` and `90+30` write minutes in some files; a value under 600 is read as minutes.
    let secs = if secs < 600 { secs * 60 } else { secs };
    Some(format!(
        "{}:{:02}:{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    ))
}

impl BoardCard {
    /// The card of a game's view.
    ///
    /// ```
    /// let lib = pdn_view::library::Library::new(
    ///     "[White \"A\"][Black \"B\"][TimeControl \"5400+30\"] 1. 32-28 {[%clk 1:29:50]} 19-23 *".into(),
    /// );
    /// let card = pdn_view::boards::BoardCard::of(&lib.view(0).unwrap());
    /// assert_eq!((card.game, card.plies, card.to_move), (1, 2, "white"));
    /// assert_eq!(card.last.as_ref().unwrap().to, "23");
    /// assert_eq!(card.clock.white.as_deref(), Some("1:29:50"));
    /// assert_eq!(card.clock.black.as_deref(), Some("1:30:00"));
    /// ```
    #[must_use]
    pub fn of(view: &GameView) -> BoardCard {
        let last: Option<&PlyView> = view.plies.last();
        let before = match view.plies.len() {
            0 | 1 => view
                .start
                .as_ref()
                .map(|s| s.cells.clone())
                .unwrap_or_default(),
            n => view.plies[n - 2].cells.clone(),
        };
        let mover = last.map_or(view.first_mover, |p| p.side);
        let to_move = if last.is_some() {
            if mover == "white" { "black" } else { "white" }
        } else {
            view.first_mover
        };
        let mut clock = ClockView::default();
        for p in view.plies.iter().rev() {
            if let Some(c) = &p.clock {
                if clock.white.is_none() {
                    clock.white.clone_from(&c.white);
                }
                if clock.black.is_none() {
                    clock.black.clone_from(&c.black);
                }
                if clock.running.is_none() {
                    clock.running = c.running;
                }
            }
        }
        if let Some(base) = tag(view, "TimeControl").and_then(control_time) {
            clock.white.get_or_insert_with(|| base.clone());
            clock.black.get_or_insert(base);
        }
        BoardCard {
            game: view.number,
            white: tag(view, "White").unwrap_or("").to_string(),
            black: tag(view, "Black").unwrap_or("").to_string(),
            round: tag(view, "Round").map(str::to_string),
            result: view.result.clone(),
            outcome: view.outcome,
            board: view.board.clone(),
            before,
            last: last.map(|p| LastMove {
                notation: p.notation.clone(),
                cells: p.cells.clone(),
                from: p.from.clone(),
                to: p.to.clone(),
                path: p.path.clone(),
                captured: p.captured.clone(),
            }),
            plies: view.plies.len(),
            to_move,
            clock,
        }
    }
}
