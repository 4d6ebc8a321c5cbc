//! The engine's answers as data, written once: the structs that `pdn analyse` prints as JSON
//! lines and the browser's engine module (`crates/engine-wasm`) posts to the page, each a
//! `#[derive(Serialize)]` (the callers write the JSON: serde_json), and the one place for the
//! score convention (men, a man = 1.0 = 100 of [`Score`]; a forced result ±1000 with `win` its
//! plies; the side to move's view or White's, said at each use) and the default GameType.
//! No I/O here.

use pdn::{Color, Move, Position, Ruleset};
use serde::Serialize;

use crate::analyser::Judgement;
use crate::review::PlyReview;
use crate::{Info, Line, Score};

/// The GameType taken when a request names none (International draughts), as
/// `www/view/score.js` `DEFAULT_GAMETYPE` is for the page.
pub const DEFAULT_GAMETYPE: &str = "20";

/// A score as the wire writes it: `score` in men (two decimals), or ±1000 for a forced result
/// with `win` its plies (positive: a win for the side whose view it is), else `win` null.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Eval {
    /// Men (1.0 a man), or ±1000 for a forced result.
    pub score: f64,
    /// Plies to a forced result (positive: won), or none.
    pub win: Option<i32>,
}

impl Eval {
    /// `s` from the view it is in (the side to move's, for a search's lines).
    #[must_use]
    pub fn of(s: Score) -> Eval {
        match s.win_in() {
            Some(n) => Eval {
                score: 1000f64.copysign(f64::from(n)),
                win: Some(n),
            },
            None => Eval {
                score: (s.men() * 100.0).round() / 100.0,
                win: None,
            },
        }
    }

    /// `s`, from the view of `turn` (the side to move), turned to White's view.
    #[must_use]
    pub fn white(s: Score, turn: Color) -> Eval {
        Eval::of(s.for_white(turn))
    }
}

/// How moves are written: in the game's notation, each the shortest form that names it among
/// the legal moves, or Russian short notation (`cd4`) in a game written so.
#[derive(Clone, Copy, Debug)]
pub struct Notation<'a> {
    /// The rules (the board's numbering, the capture separator).
    pub rs: &'a Ruleset,
    /// Russian short notation.
    pub short: bool,
}

impl Notation<'_> {
    /// The move `m` in `pos`.
    #[must_use]
    pub fn text(&self, pos: &Position, m: &Move) -> String {
        pdn::edit::move_text(
            &self.rs.geometry,
            &pos.legal_moves(self.rs),
            m,
            self.rs.variant.capture_separator(),
            self.short,
        )
    }

    /// The moves of a line from `pos`, each in its own position.
    #[must_use]
    pub fn line(&self, pos: &Position, pv: &[Move]) -> Vec<String> {
        let mut p = *pos;
        pv.iter()
            .map(|m| {
                let t = self.text(&p, m);
                p = p.play(m);
                t
            })
            .collect()
    }

    /// A square's label.
    fn label(&self, s: pdn::Square) -> String {
        self.rs.geometry.label(s).to_string()
    }
}

/// One line of `pdn analyse` (a public contract: these fields in this order,
/// `{"depth":D,"multipv":K,"score":S,"win":W,"nodes":N,"nps":R,"pv":[…]}`; docs/cli.md).
#[derive(Clone, Debug, Serialize)]
pub struct CliLine {
    /// The depth completed.
    pub depth: u32,
    /// Which line, from 1.
    pub multipv: usize,
    /// Side to move's view.
    pub score: f64,
    /// Plies to a forced result, or null.
    pub win: Option<i32>,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// The moves.
    pub pv: Vec<String>,
}

impl CliLine {
    /// Each line of `info` (a depth of the search of `pos`), as `pdn analyse` prints them.
    #[must_use]
    pub fn all(info: &Info, pos: &Position, n: Notation) -> Vec<CliLine> {
        let secs = info.elapsed.as_secs_f64().max(1e-6);
        info.lines
            .iter()
            .enumerate()
            .map(|(k, l)| {
                let e = Eval::of(l.score);
                CliLine {
                    depth: info.depth,
                    multipv: k + 1,
                    score: e.score,
                    win: e.win,
                    nodes: info.nodes,
                    nps: (info.nodes as f64 / secs) as u64,
                    pv: n.line(pos, &l.pv),
                }
            })
            .collect()
    }
}

/// The last line of `pdn analyse`: `{"bestmove":"32-28"}` (null when there is no move).
#[derive(Clone, Debug, Serialize)]
pub struct BestMove {
    /// The best line's first move.
    pub bestmove: Option<String>,
}

/// One of the page's lines: `{"score":S,"win":W,"pv":[…],"ends":[["32","28"],…],"from":"32","to":"28"}`
/// (the side to move's view; `ends` each move's start and end squares, `from`/`to` the first
/// move's, for the arrow).
#[derive(Clone, Debug, Serialize)]
pub struct PageLine {
    /// Side to move's view.
    pub score: f64,
    /// Plies to a forced result, or null.
    pub win: Option<i32>,
    /// The moves.
    pub pv: Vec<String>,
    /// Each move's start and end squares.
    pub ends: Vec<[String; 2]>,
    /// The first move's start ("" with no move).
    pub from: String,
    /// The first move's end.
    pub to: String,
}

impl PageLine {
    /// `l`, a line from `pos`.
    #[must_use]
    pub fn of(l: &Line, pos: &Position, n: Notation) -> PageLine {
        let e = Eval::of(l.score);
        let (from, to) = l.pv.first().map_or((String::new(), String::new()), |m| {
            (n.label(m.from), n.label(m.to))
        });
        PageLine {
            score: e.score,
            win: e.win,
            pv: n.line(pos, &l.pv),
            ends: l
                .pv
                .iter()
                .map(|m| [n.label(m.from), n.label(m.to)])
                .collect(),
            from,
            to,
        }
    }
}

/// One step of the page's analysis: `{"depth":D,"nodes":N,"ms":T,"lines":[…]}`, the worker's
/// `info` (no lines: the step found no new depth).
#[derive(Clone, Debug, Serialize)]
pub struct Progress {
    /// The depth.
    pub depth: u32,
    /// Nodes since the analysis began.
    pub nodes: u64,
    /// Milliseconds since it began.
    pub ms: u64,
    /// The lines, best first.
    pub lines: Vec<PageLine>,
}

impl Progress {
    /// `info`, a depth of the search of `pos`.
    #[must_use]
    pub fn of(info: &Info, pos: &Position, n: Notation) -> Progress {
        Progress {
            depth: info.depth,
            nodes: info.nodes,
            ms: info.elapsed.as_millis() as u64,
            lines: info.lines.iter().map(|l| PageLine::of(l, pos, n)).collect(),
        }
    }
}

/// A reviewed position: `{"index":I,"of":N,"score":S,"win":W,"ply":P}` (White's view; `ply` the
/// ply that led there, judged, or null for the start).
#[derive(Clone, Debug, Serialize)]
pub struct Reviewing {
    /// The position's index (0: the start).
    pub index: usize,
    /// Positions in all.
    pub of: usize,
    /// White's view.
    pub score: f64,
    /// Plies to a forced result from White's view, or null.
    pub win: Option<i32>,
    /// The ply that led there.
    pub ply: Option<PlyWire>,
}

/// A judged ply:
/// `{"ply":K,"side":"white","mark":"??","loss":L,"change":C,"best":"27-22","from":"27","to":"22"}`.
#[derive(Clone, Debug, Serialize)]
pub struct PlyWire {
    /// The ply, from 1.
    pub ply: usize,
    /// `white` or `black`.
    pub side: &'static str,
    /// `?!`, `?`, `??` or empty.
    pub mark: &'static str,
    /// Men lost (at most 10).
    pub loss: f64,
    /// The outcome thrown away, `win-draw`, `draw-loss`, `win-loss`, or null.
    pub change: Option<String>,
    /// The engine's move there, or null.
    pub best: Option<String>,
    /// Its start square.
    pub from: Option<String>,
    /// Its end square.
    pub to: Option<String>,
}

impl PlyWire {
    /// `p`, played from `before`.
    #[must_use]
    pub fn of(p: &PlyReview, before: Option<&Position>, n: Notation) -> PlyWire {
        let (best, from, to) = match (p.best_move, before) {
            (Some(m), Some(b)) => (
                Some(n.text(b, &m)),
                Some(n.label(m.from)),
                Some(n.label(m.to)),
            ),
            _ => (None, None, None),
        };
        PlyWire {
            ply: p.ply,
            side: if p.side == Color::White {
                "white"
            } else {
                "black"
            },
            mark: p.mark,
            loss: f64::from(p.loss.min(1000)) / 100.0,
            change: p.change.map(|(a, b)| format!("{}-{}", a.name(), b.name())),
            best,
            from,
            to,
        }
    }
}

/// One side's summary: `{"inaccuracies":I,"mistakes":M,"blunders":B,"loss":L}` (`loss` the
/// mean a move, in men).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SideSummary {
    /// `?!` marks.
    pub inaccuracies: usize,
    /// `?` marks.
    pub mistakes: usize,
    /// `??` marks.
    pub blunders: usize,
    /// Mean loss a move, in men (two decimals).
    pub loss: f64,
}

/// Each side's summary: `{"white":{…},"black":{…}}`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Summary {
    /// White's.
    pub white: SideSummary,
    /// Black's.
    pub black: SideSummary,
}

impl Summary {
    /// From [`crate::review::Review::summary`]'s pair.
    #[must_use]
    pub fn of(s: [(usize, usize, usize, f64); 2]) -> Summary {
        let side = |(i, m, b, l): (usize, usize, usize, f64)| SideSummary {
            inaccuracies: i,
            mistakes: m,
            blunders: b,
            loss: (l * 100.0).round() / 100.0,
        };
        Summary {
            white: side(s[0]),
            black: side(s[1]),
        }
    }
}

/// Solve mode's verdict:
/// `{"verdict":"won"|"lost"|"unproven","solved":B,"reply":R,"win":W,"score":S,"depth":D}`
/// (`win` and `score` the best line's, from the defender's side: the side to move's view).
#[derive(Clone, Debug, Serialize)]
pub struct Judged {
    /// `won`, `lost` or `unproven`.
    pub verdict: &'static str,
    /// The game is won for the solver.
    pub solved: bool,
    /// The defender's best move, or null.
    pub reply: Option<Reply>,
    /// The best line's plies to a forced result, or null.
    pub win: Option<i32>,
    /// The best line's score (0 with none).
    pub score: f64,
    /// The deepest depth searched.
    pub depth: u32,
}

/// The defender's move: `{"notation":"23-18","from":"23","to":"18","fen":"W:…"}` (`fen` the
/// position after it).
#[derive(Clone, Debug, Serialize)]
pub struct Reply {
    /// In the game's notation.
    pub notation: String,
    /// Start square.
    pub from: String,
    /// End square.
    pub to: String,
    /// The position after it.
    pub fen: String,
}

impl Judged {
    /// `j`, judged at `pos` from `lines` (the deepest search, of `depth`).
    #[must_use]
    pub fn of(j: &Judgement, pos: &Position, lines: &[Line], depth: u32, n: Notation) -> Judged {
        let e = lines.first().map_or(
            Eval {
                score: 0.0,
                win: None,
            },
            |l| Eval::of(l.score),
        );
        Judged {
            verdict: j.verdict.name(),
            solved: j.solved,
            reply: j.reply.map(|m| Reply {
                notation: n.text(pos, &m),
                from: n.label(m.from),
                to: n.label(m.to),
                fen: pos.play(&m).to_fen(&n.rs.geometry),
            }),
            win: e.win,
            score: e.score,
            depth,
        }
    }
}

/// The shots' search under way: `{"game":G,"games":N,"done":D,"of":P,"found":F}`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Puzzling {
    /// The game, from 1.
    pub game: usize,
    /// Games in all.
    pub games: usize,
    /// Its positions looked at.
    pub done: usize,
    /// Its positions.
    pub of: usize,
    /// Shots found so far in the file.
    pub found: usize,
}
