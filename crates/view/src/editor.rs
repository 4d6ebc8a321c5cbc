//! The board editor's side of the core: a position set up by hand, as the page draws it (the
//! variant's board, one character per playable square), with its canonical FEN, what is wrong
//! with it ([`pdn::setup_check`]) and, when nothing is, a PDN game starting there. Each editing
//! step (a piece placed, the side to move, clear, the start position, another variant) takes the
//! FEN the page holds and gives the next view, so the page keeps no draughts rules.

use std::collections::BTreeMap;

use serde::Serialize;

use pdn::fen::Setup;
use pdn::geometry::Geometry;
use pdn::setup_check::check_setup;
use pdn::types::{Color, Piece, Role};
use pdn::variant::Variant;
use pdn::writer::{WriteOptions, write_game};

use crate::view::BoardView;

/// A variant the editor offers.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "VariantChoice"))]
pub struct VariantChoice {
    /// GameType number.
    pub gametype: u32,
    /// English name (the page words it from its catalogue, `variant.<gametype>`).
    pub name: &'static str,
}

/// One thing wrong with the position: a stable code (`setup-…`, or `setup-fen` when the FEN
/// could not be read), its values by name, and the core's English words.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "EditorProblem"))]
pub struct ProblemView {
    /// The code, e.g. `setup-man-crowning-row`.
    pub code: &'static str,
    /// Its values: `square`, `side` (`white`/`black`), `count`, `max`; for `setup-fen`, `why`
    /// (a `why.fen-…` key) and `value`.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub args: BTreeMap<&'static str, String>,
    /// Plain English.
    pub message: String,
}

/// What the editor shows.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "EditorView"))]
pub struct EditorView {
    /// GameType number of the variant.
    pub gametype: u32,
    /// Every variant the editor offers (the page's variant menu).
    pub variants: Vec<VariantChoice>,
    /// The board to draw.
    pub board: BoardView,
    /// One character per square of `board.squares`: `.`, `w`, `W`, `b`, `B`.
    pub cells: String,
    /// The side to move: `white` or `black`.
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub turn: &'static str,
    /// The canonical FEN of what is set up (also when it is not a valid position).
    pub fen: String,
    /// `false` when the FEN given could not be read; then only `problems` means anything.
    pub readable: bool,
    /// What is wrong, at most [`LISTED`] of it; empty when the position is a position of the
    /// variant.
    pub problems: Vec<ProblemView>,
    /// How many more problems there are than `problems` lists.
    pub more: usize,
    /// A PDN game starting there (`GameType`, `SetUp`, `FEN` tags, written by the core's writer),
    /// when the position is valid.
    pub pdn: Option<String>,
}

/// Most problems a view lists (a FEN typed in may hold thousands of pieces).
pub const LISTED: usize = 20;

/// The variants, in GameType order.
#[must_use]
pub fn variants() -> Vec<VariantChoice> {
    Variant::ALL
        .iter()
        .map(|v| VariantChoice {
            gametype: v.gametype(),
            name: v.name(),
        })
        .collect()
}

fn variant_of(gametype: u32) -> Option<(Variant, Geometry)> {
    let v = Variant::from_gametype(gametype)?;
    Some((v, Geometry::new(v.board()).ok()?))
}

/// The view of `fen` on the board of GameType `gametype` (`?` to move: the first mover), or
/// `None` for a GameType that is not a draughts variant.
#[must_use]
pub fn edit(gametype: u32, fen: &str) -> Option<EditorView> {
    let (v, g) = variant_of(gametype)?;
    Some(match Setup::parse(fen) {
        Ok(setup) => view_of(v, &g, setup),
        Err(e) => {
            let mut view = view_of(v, &g, Setup::default());
            view.readable = false;
            view.more = 0;
            view.problems = vec![ProblemView {
                code: "setup-fen",
                args: e.args().into_iter().collect(),
                message: e.to_string(),
            }];
            view
        }
    })
}

/// The variant's starting position.
#[must_use]
pub fn start(gametype: u32) -> Option<EditorView> {
    let v = Variant::from_gametype(gametype)?;
    edit(gametype, v.info().start_fen)
}

/// `fen` with `piece` (`wm`, `wk`, `bm`, `bk`; anything else removes) on `square`. Placing the
/// piece that is already there removes it (a second tap takes it away).
#[must_use]
pub fn place(gametype: u32, fen: &str, square: &str, piece: &str) -> Option<EditorView> {
    let (v, g) = variant_of(gametype)?;
    let Ok(mut setup) = Setup::parse(fen) else {
        return edit(gametype, fen);
    };
    let target = g.parse_square(square).ok();
    let same = |label: &str| match target {
        Some(sq) => g.parse_square(label).ok() == Some(sq),
        None => label == square,
    };
    let new = piece_of(piece);
    let before = setup.pieces.iter().find(|p| same(&p.2)).map(|p| (p.0, p.1));
    setup.pieces.retain(|p| !same(&p.2));
    if let Some(p) = new
        && before != Some((p.color, p.role))
    {
        let label = target.map_or(square, |sq| g.label(sq)).to_string();
        setup.pieces.push((p.color, p.role, label));
    }
    Some(view_of(v, &g, setup))
}

/// `fen` with `turn` (`white` or `black`) to move.
#[must_use]
pub fn set_turn(gametype: u32, fen: &str, turn: &str) -> Option<EditorView> {
    let (v, g) = variant_of(gametype)?;
    let Ok(mut setup) = Setup::parse(fen) else {
        return edit(gametype, fen);
    };
    setup.turn = Some(if turn == "black" {
        Color::Black
    } else {
        Color::White
    });
    Some(view_of(v, &g, setup))
}

/// An empty board, the same side to move.
#[must_use]
pub fn clear(gametype: u32, fen: &str) -> Option<EditorView> {
    let (v, g) = variant_of(gametype)?;
    let turn = Setup::parse(fen).ok().and_then(|s| s.turn);
    Some(view_of(
        v,
        &g,
        Setup {
            turn,
            pieces: Vec::new(),
        },
    ))
}

/// The position of `fen` on another variant's board when every square of it is there (an empty
/// board stays empty), else that variant's starting position.
#[must_use]
pub fn switch(gametype: u32, fen: &str) -> Option<EditorView> {
    let view = edit(gametype, fen)?;
    let fits = view.readable && !view.problems.iter().any(|p| p.code == "setup-not-playable");
    if fits { Some(view) } else { start(gametype) }
}

fn piece_of(code: &str) -> Option<Piece> {
    let (color, role) = match code {
        "wm" => (Color::White, Role::Man),
        "wk" => (Color::White, Role::King),
        "bm" => (Color::Black, Role::Man),
        "bk" => (Color::Black, Role::King),
        _ => return None,
    };
    Some(Piece { color, role })
}

fn view_of(v: Variant, g: &Geometry, mut setup: Setup) -> EditorView {
    setup.turn = Some(setup.turn.unwrap_or(g.spec().first_player));
    let turn = setup.turn.unwrap_or(Color::White);
    let mut cells = vec!['.'; g.len()];
    for (color, role, label) in &setup.pieces {
        if let Ok(sq) = g.parse_square(label)
            && cells[sq.index()] == '.'
        {
            cells[sq.index()] = Piece {
                color: *color,
                role: *role,
            }
            .cell_char();
        }
    }
    let board = BoardView::of(g);
    let (fen, mut problems, pdn) = match check_setup(&setup, v) {
        Ok(pos) => {
            let fen = pos.to_fen(g);
            let pdn = game_text(v, &fen);
            (fen, Vec::new(), pdn)
        }
        Err(problems) => (
            setup.to_string(),
            problems
                .iter()
                .map(|p| ProblemView {
                    code: p.code(),
                    args: p.args().into_iter().collect(),
                    message: p.to_string(),
                })
                .collect(),
            None,
        ),
    };
    let more = problems.len().saturating_sub(LISTED);
    problems.truncate(LISTED);
    EditorView {
        gametype: v.gametype(),
        variants: variants(),
        more,
        board,
        cells: cells.into_iter().collect(),
        turn: turn.name(),
        fen,
        readable: true,
        problems,
        pdn,
    }
}

/// A game with no moves yet that starts at `fen`, as the core writes PDN.
fn game_text(v: Variant, fen: &str) -> Option<String> {
    let text = format!(
        "[GameType \"{}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"*\"]\n*\n",
        v.gametype()
    );
    let file = pdn::read_file(&text);
    let game = file.games.first()?;
    Some(write_game(game, &WriteOptions::default()))
}

/// One editing step by name, as the page calls it: `view` (`fen` on GameType `gametype`),
/// `start`, `place` (`piece` on `square`), `turn` (`piece` is `white` or `black`), `clear`,
/// `switch` (to `gametype`). `None` for a GameType that is not a draughts variant or an unknown
/// step.
#[must_use]
pub fn step(name: &str, gametype: u32, fen: &str, square: &str, piece: &str) -> Option<EditorView> {
    match name {
        "view" => edit(gametype, fen),
        "start" => start(gametype),
        "place" => place(gametype, fen, square, piece),
        "turn" => set_turn(gametype, fen, piece),
        "clear" => clear(gametype, fen),
        "switch" => switch(gametype, fen),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_man_on_its_crowning_row_is_refused_then_crowned() {
        let v = start(20).unwrap();
        assert!(v.problems.is_empty());
        assert_eq!(v.cells, "b".repeat(20) + &".".repeat(10) + &"w".repeat(20));
        let v = clear(20, &v.fen).unwrap();
        assert_eq!(v.fen, "W:W:B");
        assert_eq!(v.problems.len(), 2, "no pieces on either side");
        let v = place(20, &v.fen, "28", "bm").unwrap();
        let v = place(20, &v.fen, "3", "wm").unwrap();
        assert_eq!(v.fen, "W:W3:B28");
        assert!(v.pdn.is_none());
        assert_eq!(v.problems.len(), 1);
        let p = &v.problems[0];
        assert_eq!(p.code, "setup-man-crowning-row");
        assert_eq!(p.args["side"], "white");
        assert_eq!(p.args["square"], "3");
        assert_eq!(
            p.message,
            "a white man stands on square 3, its crowning row"
        );
        // The same piece again takes it away; a king is fine there.
        let v = place(20, &v.fen, "3", "wm").unwrap();
        assert_eq!(v.fen, "W:W:B28");
        let v = place(20, &v.fen, "3", "wk").unwrap();
        assert!(v.problems.is_empty());
        assert_eq!(v.fen, "W:WK3:B28");
        assert_eq!(&v.cells[..3], "..W");
        let v = set_turn(20, &v.fen, "black").unwrap();
        assert_eq!(v.turn, "black");
        let pdn = v.pdn.unwrap();
        assert!(pdn.contains("[GameType \"20\"]"), "{pdn}");
        assert!(pdn.contains("[SetUp \"1\"]"), "{pdn}");
        assert!(pdn.contains("[FEN \"B:WK3:B28\"]"), "{pdn}");
        // It reads back as a game starting there.
        let file = pdn::read_file(&pdn);
        let r = pdn::replay::replay(&file.games[0]);
        assert_eq!(r.fen_at(0).as_deref(), Some("B:WK3:B28"));
    }

    #[test]
    fn fens_variants_and_squares() {
        let v = edit(20, "X:W1").unwrap();
        assert!(!v.readable);
        assert_eq!(v.problems[0].code, "setup-fen");
        assert_eq!(v.problems[0].args["why"], "fen-bad-turn");
        assert!(edit(1, "W:W:B").is_none(), "chess");
        // Russian names its squares; English starts with Black to move.
        let v = start(25).unwrap();
        assert_eq!(v.board.width, 8);
        assert_eq!(v.board.squares[0].label, "a1");
        assert_eq!(start(21).unwrap().turn, "black");
        // A position that does not fit another board gives that board's start.
        let v = switch(25, "W:W31,32:B1").unwrap();
        assert_eq!(v.fen, start(25).unwrap().fen);
        let v = switch(26, "W:W31,32:B1").unwrap();
        assert_eq!(v.fen, start(26).unwrap().fen);
        let v = switch(22, "B:W31,32:B1").unwrap();
        assert_eq!(v.fen, "B:W31,32:B1");
        assert_eq!(switch(25, "?:W:B").unwrap().fen, "W:W:B");
        // "?" to move is the first mover; leading zeros are read.
        assert_eq!(edit(21, "?:W25:B05").unwrap().fen, "B:W25:B5");
        assert_eq!(place(20, "W:W05:B40", "5", "").unwrap().fen, "W:W:B40");
        assert_eq!(variants().len(), 14);
        // A FEN with a thousand pieces: twenty problems listed, the rest counted, quickly.
        let many = format!("W:W{}:B1", ["28"; 1000].join(","));
        let v = edit(20, &many).unwrap();
        assert_eq!(
            (v.problems.len(), v.more),
            (LISTED, 999 - LISTED),
            "999 squares given twice"
        );
        // The page's one entry point.
        assert!(step("castle", 20, "", "", "").is_none());
        let v = step("turn", 20, "W:W31:B1", "", "black").unwrap();
        assert_eq!((v.fen.as_str(), v.variants.len()), ("B:W31:B1", 14));
        assert_eq!(step("place", 20, &v.fen, "31", "").unwrap().fen, "B:W:B1");
    }
}
