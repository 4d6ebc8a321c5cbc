//! The engine in the browser: a thin wasm-bindgen layer over `pdn-engine` for the engine worker
//! (`www/engine/worker.js`), a module of its own so that the page loads it only when a reader
//! turns the engine on. An [`Analyser`] is `pdn_engine::Analyser` (the one stepwise search,
//! which `pdn analyse` runs too): each [`Analyser::step_with`] searches one depth, so the worker
//! hears a stop between calls. A [`Reviewer`] runs the game review through a mainline, one
//! position per call (`pdn_engine::review::Reviewer`, as `pdn review`). Solve mode asks an
//! Analyser whether a move the text does not give keeps the win ([`Analyser::judged`]).
//!
//! The answers are `pdn_engine::wire`'s structs (the CLI writes the same structs as JSON), handed
//! to JavaScript as plain objects by serde-wasm-bindgen (JSON-compatible: `null` for none).
//! Measured against serde_json (a JSON text, parsed by the worker), 2026-12-07: the module is
//! 520,107 B (206,964 B gzipped) with serde-wasm-bindgen, 542,462 B (221,059 B) with
//! serde_json — its number formatting and writer are code this module does not otherwise
//! need — and 530,490 B (206,122 B) with the JSON written by hand before; the time of an
//! answer (tens of microseconds, a few answers a second beside searches of 250 ms) was the same
//! within the loaded machine's noise either way. So: serde-wasm-bindgen, the smaller.

use pdn::variant::Goal;
use pdn::{Position, Ruleset};
pub use pdn_engine::analyser::{Judgement, Verdict, judge};
use pdn_engine::review::Reviewer as Run;
use pdn_engine::wire::{self, DEFAULT_GAMETYPE, Notation};
use pdn_engine::{Engine, Limits, Step};

/// The most depths an analysis searches (the page's `MAX_DEPTH` before: a reader's analysis
/// runs until stopped, long before).
pub const MAX_DEPTH: u32 = 60;

/// The most transposition-table entries (16 bytes each, 32 MB): with the rest, the worker stays under
/// 64 MB.
pub const MAX_ENTRIES: u32 = 1 << 21;

/// One position under analysis: `pdn_engine::Analyser` and how its moves are written.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
pub struct Analyser {
    run: pdn_engine::Analyser,
    rs: Ruleset,
    goal: Goal,
    /// Moves written in Russian short notation (`cd4`), as the game writes its own.
    short: bool,
}

impl Analyser {
    /// The position `fen` of GameType `gametype` (empty: the default, International), reached
    /// through `history` (FENs, oldest first), played for `goal` (Antidraughts and Breakthrough
    /// move as International draughts); until [`Analyser::set_budget`], searched one line
    /// to depth [`MAX_DEPTH`]. Errors are plain words.
    ///
    /// # Errors
    /// An unknown GameType, rules not implemented, or a FEN that is not a position.
    pub fn create(
        gametype: &str,
        fen: &str,
        history: &[String],
        entries: u32,
        goal: Goal,
    ) -> Result<Analyser, String> {
        let (rs, mut positions) = read_positions(gametype, &[fen.to_string()])?;
        let pos = positions.remove(0);
        let (_, history) = read_positions(gametype, history)?;
        let engine = Engine::with_goal(rs.clone(), goal, entries.clamp(1024, MAX_ENTRIES) as usize);
        Ok(Analyser {
            run: pdn_engine::Analyser::new(engine, pos, history, Limits::depth(MAX_DEPTH), 1),
            rs,
            goal,
            short: false,
        })
    }

    /// Writes the moves as the game whose moves are `texts` writes them: Russian short notation
    /// (`cd4`) when most of them are so (`pdn::edit::texts_are_short`), else the shortest the
    /// standard allows.
    pub fn write_like(&mut self, texts: &[String]) {
        self.short = pdn::edit::texts_are_short(texts.iter().map(String::as_str));
    }

    /// The GameType number of the endgame database a search of this position would use and
    /// has not got (English checkers, Russian or International draughts near the end:
    /// `pkg/egdb-21.bin.gz`, `pkg/egdb-25.bin.gz`, `pkg/egdb-20.bin.gz`, which the worker
    /// fetches and [`install_egdb`]s before it searches), else 0.
    #[must_use]
    pub fn egdb_wanted(&self) -> u32 {
        wanted(self.run.engine(), &self.rs, Some(self.run.position()))
    }

    /// The budget of the whole analysis, and the lines wanted: to `depth` (0: [`MAX_DEPTH`]),
    /// within `nodes` (0: no limit; a node budget gives the same lines on every run and machine,
    /// and `pdn analyse --nodes N`'s), within `ms` milliseconds on `clock` (0: no limit). Starts
    /// again from the first depth.
    pub fn set_budget(
        &mut self,
        multipv: u32,
        depth: u32,
        nodes: u64,
        ms: f64,
        clock: Option<fn() -> f64>,
    ) {
        let limits = Limits {
            depth: Some(if depth == 0 {
                MAX_DEPTH
            } else {
                depth.min(MAX_DEPTH)
            }),
            nodes: (nodes > 0).then_some(nodes),
            movetime: (ms > 0.0).then(|| std::time::Duration::from_secs_f64(ms / 1000.0)),
            clock,
            ..Limits::default()
        };
        self.run.set_limits(limits, multipv.max(1) as usize);
    }

    /// One step of the analysis (`pdn_engine::Analyser::step`: a depth, within `share_ms`
    /// milliseconds on the budget's clock unless the budget is in nodes; 0: no share): `None`
    /// when the analysis is over, else `{"depth":D,"nodes":N,"ms":T,"lines":[…]}`
    /// (`pdn_engine::wire::Progress`: each line `{"score":S,"win":W,"pv":[…],"ends":[["32","28"],…],"from":"32","to":"28"}`,
    /// `score` in men from the side to move's view) — with no lines when the step's share ran
    /// out in the middle of a depth (the next step searches it again, with twice the share).
    pub fn step_with(&mut self, share_ms: f64) -> Option<wire::Progress> {
        let share = (share_ms > 0.0).then(|| std::time::Duration::from_secs_f64(share_ms / 1000.0));
        let n = Notation {
            rs: &self.rs,
            short: self.short,
        };
        let pos = *self.run.position();
        match self.run.step(share) {
            Step::Done => None,
            Step::Depth(info) => Some(wire::Progress::of(&info, &pos, n)),
            Step::Working => {
                let last = self.run.last();
                Some(wire::Progress {
                    depth: last.map_or(0, |i| i.depth),
                    nodes: last.map_or(0, |i| i.nodes),
                    ms: last.map_or(0, |i| i.elapsed.as_millis() as u64),
                    lines: Vec::new(),
                })
            }
        }
    }

    /// Solve mode's verdict on this position, reached by the reader's move (the defender to
    /// move), from the deepest search so far (`pdn_engine::analyser::judge`):
    /// `{"verdict":"won"|"lost"|"unproven","solved":B,"reply":R,"win":W,"score":S,"depth":D}`
    /// (`pdn_engine::wire::Judged`); `reply` the defender's best move (won: the engine plays it;
    /// lost: the refutation) as `{"notation":"23-18","from":"23","to":"18","fen":"W:…"}` (`fen`
    /// the position after it) or `null`; `win` and `score` the best line's, from the defender's
    /// side.
    #[must_use]
    pub fn judged(&self) -> wire::Judged {
        let j = self.run.judgement(self.goal);
        let n = Notation {
            rs: &self.rs,
            short: self.short,
        };
        let depth = self.run.last().map_or(0, |i| i.depth);
        wire::Judged::of(&j, self.run.position(), self.run.lines(), depth, n)
    }
}

/// The rules of GameType `gametype` and the positions of `fens` in them. Errors are plain words.
fn read_positions(gametype: &str, fens: &[String]) -> Result<(Ruleset, Vec<Position>), String> {
    let gametype = if gametype.is_empty() {
        DEFAULT_GAMETYPE
    } else {
        gametype
    };
    let rs = Ruleset::of_gametype(gametype).map_err(|e| e.to_string())?;
    let first = rs.geometry.spec().first_player;
    let positions = fens
        .iter()
        .map(|f| Position::from_fen(f, &rs.geometry, first).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((rs, positions))
}

/// The GameType number of the database `engine` wants for a search from `pos`, or 0.
fn wanted(engine: &Engine, rs: &Ruleset, pos: Option<&Position>) -> u32 {
    match pos {
        Some(p) if engine.wants_egdb(p) => rs.variant.info().gametype,
        _ => 0,
    }
}

/// Makes the endgame database in `bytes` (a file `pdn egdb` wrote, for any variant that has
/// one) the one every search of its variant uses. False when the bytes are not such a file.
pub fn install_egdb(bytes: &[u8]) -> bool {
    let Some(rs) = pdn_engine::egdb::gametype_of(bytes)
        .and_then(pdn::Variant::from_gametype)
        .and_then(Ruleset::of)
    else {
        return false;
    };
    match pdn_engine::egdb::Egdb::from_bytes(&rs, bytes) {
        Some(db) => {
            pdn_engine::egdb::install(db);
            true
        }
        None => false,
    }
}

/// The game review of one mainline, run one position per call ([`Reviewer::step_with`]): each
/// position's evaluation and each ply's mark and better move as they come, and each side's
/// summary. The marks' thresholds and the summary are `pdn_engine::review`'s.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
pub struct Reviewer {
    engine: Engine,
    rs: Ruleset,
    run: Run,
    /// The mainline's last position (its fewest pieces: whether the database is wanted).
    last: Option<Position>,
    /// Better moves written in Russian short notation (see [`Analyser::write_like`]).
    short: bool,
}

impl Reviewer {
    /// The mainline of GameType `gametype` whose positions are `fens` (the start, then the
    /// position after each ply), played for `goal`. Errors are plain words.
    ///
    /// # Errors
    /// An unknown GameType, rules not implemented, or a FEN that is not a position.
    pub fn create(
        gametype: &str,
        fens: &[String],
        entries: u32,
        goal: Goal,
    ) -> Result<Reviewer, String> {
        let (rs, positions) = read_positions(gametype, fens)?;
        let engine = Engine::with_goal(rs.clone(), goal, entries.clamp(1024, MAX_ENTRIES) as usize);
        Ok(Reviewer {
            engine,
            rs,
            last: positions.last().cloned(),
            run: Run::new(positions),
            short: false,
        })
    }

    /// Writes the better moves as the game whose moves are `texts` writes them: see
    /// [`Analyser::write_like`].
    pub fn write_like(&mut self, texts: &[String]) {
        self.short = pdn::edit::texts_are_short(texts.iter().map(String::as_str));
    }

    /// The GameType number of the endgame database the review would use and has not got (the
    /// page's file for it is then fetched and [`install_egdb`]ed first), else 0: see
    /// [`Analyser::egdb_wanted`].
    #[must_use]
    pub fn egdb_wanted(&self) -> u32 {
        wanted(&self.engine, &self.rs, self.last.as_ref())
    }

    /// Positions in all.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.run.len()
    }

    /// Searches the next position (to `depth`, within `nodes` nodes when `nodes` > 0: a node
    /// budget, so that every run and machine gives the same verdicts, and `pdn review --nodes`
    /// the same as the page) and answers
    /// `{"index":I,"of":N,"score":S,"win":W,"ply":P}`: the position's index (0: the start) and
    /// evaluation from White's view (`pdn_engine::wire::Reviewing`),
    /// and `P` the ply that led there, judged —
    /// `{"ply":K,"side":"white","mark":"??","loss":L,"change":C,"best":"27-22","from":"27","to":"22"}`
    /// (`loss` in men; `change` the outcome the move threw away, `"win-draw"`, `"draw-loss"` or
    /// `"win-loss"`, or `null`; `best` the engine's move in the game's notation, `null` when
    /// none), or `null` for the start. `null` when every position is searched.
    pub fn step_with(&mut self, depth: u32, nodes: u64) -> Option<wire::Reviewing> {
        let limits = Limits {
            depth: Some(depth.max(1)),
            nodes: (nodes > 0).then_some(nodes),
            ..Limits::default()
        };
        let i = self.run.step(&mut self.engine, &limits)?;
        let n = Notation {
            rs: &self.rs,
            short: self.short,
        };
        // Evaluations from White's view (the review keeps them so: `Score::for_white`).
        let eval = self.run.eval(i).map(wire::Eval::of);
        Some(wire::Reviewing {
            index: i,
            of: self.run.len(),
            score: eval.map_or(0.0, |e| e.score),
            win: eval.and_then(|e| e.win),
            ply: self
                .run
                .ply(i)
                .map(|p| wire::PlyWire::of(&p, self.run.before(p.ply), n)),
        })
    }

    /// `text` (one game's PDN, the game reviewed) with the review written in, as `pdn review`
    /// writes it (`pdn_engine::review::annotate`: `[%eval]` after each move reviewed, the marks
    /// and `Better: <move>.`), or an error in words when the text's mainline is not the one
    /// reviewed.
    ///
    /// # Errors
    /// No game in `text`, or its mainline's positions differ from the reviewed ones.
    pub fn annotate_text(&self, text: &str) -> Result<String, String> {
        let mut game = pdn::read_file(text)
            .games
            .into_iter()
            .next()
            .ok_or("there is no game in the text")?;
        let r = pdn::replay::replay(&game);
        let review = self.run.review();
        let same = r.start.is_some_and(|s| {
            std::iter::once(s)
                .chain(r.plies.iter().map(|p| p.position))
                .zip(0..self.run.done())
                .all(|(p, i)| {
                    self.run
                        .position(i)
                        .is_some_and(|q| pdn_engine::search::key(q) == pdn_engine::search::key(&p))
                })
        }) && r.plies.len() + 1 >= self.run.done();
        if !same {
            return Err("the game's moves are not the ones reviewed".to_string());
        }
        pdn_engine::review::annotate(&mut game, &r, &review, &self.engine);
        // As the library's edits write a game: no line end after it (the text's own stays).
        Ok(
            pdn::writer::write_game(&game, &pdn::writer::WriteOptions::default())
                .trim_end()
                .to_string(),
        )
    }

    /// Each side's summary of the plies judged so far:
    /// `{"white":{"inaccuracies":I,"mistakes":M,"blunders":B,"loss":L},"black":{…}}` (`loss`
    /// the mean loss a move, in men).
    #[must_use]
    pub fn summary_wire(&self) -> wire::Summary {
        wire::Summary::of(self.run.review().summary())
    }
}

/// Perft from a variant's start: the leaves of the move tree `depth` plies deep (captures with
/// the same start, end and pieces once), for comparing this build's move generation with the
/// native one (`make bench-page`; natively `pdn perft`).
///
/// ```
/// assert_eq!(pdn_engine_wasm::start_perft("20", 3), Ok(658));
/// assert!(pdn_engine_wasm::start_perft("0", 3).is_err());
/// ```
pub fn start_perft(gametype: &str, depth: u32) -> Result<u64, String> {
    let rs = pdn::Ruleset::of_gametype(gametype).map_err(|e| e.to_string())?;
    Ok(pdn::position::perft(&rs, &rs.start_position(), depth))
}

/// The page's "Find the shots in this file": [`pdn_engine::puzzles::FileRun`] stepped one
/// position per call, so that the worker hears a stop between calls and posts the progress; the
/// problem file is `pdn puzzles`' text for the same file and budget.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
pub struct PuzzleRun {
    run: pdn_engine::puzzles::FileRun,
}

impl PuzzleRun {
    /// The games of `text`, each position looked at with `nodes` nodes (0: the default,
    /// `pdn_engine::puzzles::PUZZLE_NODES`) and shots of at least `min_gain` hundredths of a
    /// man (0: the default, a man).
    #[must_use]
    pub fn create(text: &str, nodes: u64, min_gain: i32) -> PuzzleRun {
        let mut opts = pdn_engine::puzzles::Options::default();
        if nodes > 0 {
            opts.nodes = nodes.clamp(100, 1_000_000_000);
        }
        if min_gain > 0 {
            opts.min_gain = min_gain.min(10_000);
        }
        PuzzleRun {
            run: pdn_engine::puzzles::FileRun::new(text, None, opts),
        }
    }

    /// The next piece of work, as JSON: `{"game":G,"games":N,"done":D,"of":P,"found":F}` (game
    /// G of N, from 1; D of its P positions looked at; F shots found in the file so far), or
    /// `null` when every game is done.
    pub fn step_wire(&mut self) -> Option<wire::Puzzling> {
        use pdn_engine::puzzles::Step;
        let games = self.run.games();
        let (game, done, of) = match self.run.step() {
            None => return None,
            Some(Step::Position { game, done, of }) => (game, done, of),
            Some(Step::Game { game, .. } | Step::Skipped { game, .. }) => (game, 0, 0),
        };
        Some(wire::Puzzling {
            game,
            games,
            done,
            of,
            found: self.run.found(),
        })
    }

    /// The problem file so far (PDN).
    #[must_use]
    pub fn text(&self) -> String {
        self.run.text().to_string()
    }
}

#[cfg(target_arch = "wasm32")]
mod bindings {
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    /// `v` as a plain JavaScript object (`null` for none), as JSON would give it.
    fn js<T: Serialize>(v: &T) -> JsValue {
        v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .unwrap_or(JsValue::NULL)
    }

    use super::{Analyser, Goal, PuzzleRun, Reviewer};

    /// `perft(gametype, depth)`: see [`super::start_perft`] (a number: up to 2^53 exactly).
    #[wasm_bindgen]
    pub fn perft(gametype: &str, depth: u32) -> Result<f64, JsError> {
        super::start_perft(gametype, depth)
            .map(|n| n as f64)
            .map_err(|e| JsError::new(&e))
    }

    fn now() -> f64 {
        js_sys::Date::now()
    }

    /// `installEgdb(bytes)`: see [`super::install_egdb`].
    #[wasm_bindgen(js_name = installEgdb)]
    pub fn install_egdb(bytes: &[u8]) -> bool {
        super::install_egdb(bytes)
    }

    #[wasm_bindgen]
    impl Analyser {
        /// `new Analyser(gametype, fen, historyFens, entries, goal)`; `goal` as the game view
        /// writes it (`standard`, `losing`, `first-king`; left out: standard).
        #[wasm_bindgen(constructor)]
        pub fn new(
            gametype: &str,
            fen: &str,
            history: Vec<String>,
            entries: u32,
            goal: Option<String>,
        ) -> Result<Analyser, JsError> {
            let goal = Goal::from_code(goal.as_deref().unwrap_or(""));
            let mut a = Analyser::create(gametype, fen, &history, entries, goal)
                .map_err(|e| JsError::new(&e))?;
            a.set_budget(1, 0, 0, 0.0, Some(now));
            Ok(a)
        }

        /// `writeLike(moveTexts)`: see [`Analyser::write_like`].
        #[wasm_bindgen(js_name = writeLike)]
        pub fn write_like_js(&mut self, texts: Vec<String>) {
            self.write_like(&texts);
        }

        /// `budget(multipv, depth, nodes, ms)`: the whole analysis's budget (0: none), see
        /// [`Analyser::set_budget`]; the time on `Date.now`.
        pub fn budget(&mut self, multipv: u32, depth: u32, nodes: f64, ms: f64) {
            self.set_budget(multipv, depth, nodes.max(0.0) as u64, ms, Some(now));
        }

        /// `step(shareMs)`: one depth, an object or `null` when over: see [`Analyser::step_with`].
        pub fn step(&mut self, share_ms: f64) -> JsValue {
            js(&self.step_with(share_ms))
        }

        /// Solve mode's verdict on this position from the searches so far: JSON, see
        /// [`Analyser::judged`].
        pub fn judge(&self) -> JsValue {
            js(&self.judged())
        }

        /// `wantsEgdb()`: see [`Analyser::egdb_wanted`].
        #[wasm_bindgen(js_name = wantsEgdb)]
        pub fn wants_egdb(&self) -> u32 {
            self.egdb_wanted()
        }
    }

    #[wasm_bindgen]
    impl Reviewer {
        /// `new Reviewer(gametype, mainlineFens, entries, goal)`: the start's FEN, then each
        /// ply's; `goal` as for the Analyser.
        #[wasm_bindgen(constructor)]
        pub fn new(
            gametype: &str,
            fens: Vec<String>,
            entries: u32,
            goal: Option<String>,
        ) -> Result<Reviewer, JsError> {
            let goal = Goal::from_code(goal.as_deref().unwrap_or(""));
            Reviewer::create(gametype, &fens, entries, goal).map_err(|e| JsError::new(&e))
        }

        /// The next position searched to `depth` within `nodes` nodes (0: no limit): JSON,
        /// see [`Reviewer::step_with`].
        pub fn step(&mut self, depth: u32, nodes: f64) -> JsValue {
            js(&self.step_with(depth, nodes.max(0.0) as u64))
        }

        /// `writeLike(moveTexts)`: see [`Reviewer::write_like`].
        #[wasm_bindgen(js_name = writeLike)]
        pub fn write_like_js(&mut self, texts: Vec<String>) {
            self.write_like(&texts);
        }

        /// `text` with the review written in: see [`Reviewer::annotate_text`].
        pub fn annotate(&self, text: &str) -> Result<String, JsError> {
            self.annotate_text(text).map_err(|e| JsError::new(&e))
        }

        /// `wantsEgdb()`: see [`Reviewer::egdb_wanted`].
        #[wasm_bindgen(js_name = wantsEgdb)]
        pub fn wants_egdb(&self) -> u32 {
            self.egdb_wanted()
        }

        /// Each side's summary, see [`Reviewer::summary_wire`].
        pub fn summary(&self) -> JsValue {
            js(&self.summary_wire())
        }

        /// Positions in all.
        #[wasm_bindgen(getter)]
        pub fn length(&self) -> usize {
            self.positions()
        }
    }

    #[wasm_bindgen]
    impl PuzzleRun {
        /// `new PuzzleRun(text, nodes, minGain)`: see [`PuzzleRun::create`] (`minGain` in
        /// hundredths of a man; 0 for the defaults).
        #[wasm_bindgen(constructor)]
        pub fn new(text: &str, nodes: f64, min_gain: i32) -> PuzzleRun {
            PuzzleRun::create(text, nodes.max(0.0) as u64, min_gain)
        }

        /// One step, see [`PuzzleRun::step_wire`].
        pub fn step(&mut self) -> JsValue {
            js(&self.step_wire())
        }

        /// The problem file so far: see [`PuzzleRun::text`].
        #[wasm_bindgen(js_name = text)]
        pub fn text_js(&self) -> String {
            self.text()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdn::Color;

    /// `v` as JSON (what JavaScript gets, written as text).
    fn j<T: serde::Serialize>(v: &T) -> String {
        serde_json::to_string(v).unwrap()
    }

    /// Searches `a` to `depth` for `multipv` lines, step by step to the end: the last depth's
    /// answer as JSON.
    fn searched(a: &mut Analyser, depth: u32, multipv: u32) -> String {
        a.set_budget(multipv, depth, 0, 0.0, None);
        let mut last = String::new();
        while let Some(s) = a.step_with(0.0) {
            last = j(&s);
        }
        last
    }

    /// A composed position (White to play, a shot in hand) and the one-move games from it.
    const FEN: &str = "W:W27,28,32,33,37,38,42,43:B8,9,12,13,17,18,19,23";

    fn after(fen: &str, mv: &str) -> String {
        let (rs, p) = read_positions("20", &[fen.to_string()]).unwrap();
        let legal = p[0].legal_moves(&rs);
        let m = legal
            .iter()
            .find(|m| m.shortest_notation(&rs.geometry, &legal, 'x') == mv)
            .unwrap();
        p[0].play(m).to_fen(&rs.geometry)
    }

    /// The game the page's test reviews: 28-22?? gives men away (33-29 is the shot).
    const GAME: [&str; 6] = ["28-22", "17x48", "27-22", "18x27", "32x21", "9-14"];

    fn mainline() -> Vec<String> {
        let mut fens = vec![FEN.to_string()];
        for m in GAME {
            let next = after(fens.last().unwrap(), m);
            fens.push(next);
        }
        fens
    }

    #[test]
    fn a_review_steps_one_position_a_call_and_marks_the_blunder_with_the_better_move() {
        let fens = mainline();
        let mut r = Reviewer::create("20", &fens, 1 << 16, Goal::Standard).unwrap();
        assert_eq!(r.positions(), 7);
        let steps: Vec<String> = (0..7).map(|_| j(&r.step_with(4, 0))).collect();
        for (i, s) in steps.iter().enumerate() {
            assert!(s.starts_with(&format!("{{\"index\":{i},\"of\":7,")), "{s}");
        }
        assert!(steps[0].ends_with("\"ply\":null}"), "{}", steps[0]);
        assert!(
            steps[1].contains("\"ply\":{\"ply\":1,\"side\":\"white\",\"mark\":\"??\"")
                && steps[1].contains("\"best\":\"33-29\",\"from\":\"33\",\"to\":\"29\""),
            "{}",
            steps[1]
        );
        // Black's capture was forced: no mark.
        assert!(
            steps[2].contains("\"side\":\"black\",\"mark\":\"\""),
            "{}",
            steps[2]
        );
        // After the blunder White is lost: the evaluation from White's side is below -2 men.
        let score = |s: &str| -> f64 {
            s.split("\"score\":")
                .nth(1)
                .unwrap()
                .split(',')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        assert!(score(&steps[1]) < -2.0, "{}", steps[1]);
        assert_eq!(j(&r.step_with(4, 0)), "null");
        let summary = j(&r.summary_wire());
        assert!(
            summary.starts_with("{\"white\":{\"inaccuracies\":")
                && summary.contains("\"blunders\":1"),
            "{summary}"
        );
    }

    #[test]
    fn the_steps_judge_as_the_clis_review_does() {
        // The same mainline through `pdn_engine::review::review` (the CLI's), from the text.
        let text = format!(
            "[GameType \"20\"]\n[FEN \"{FEN}\"]\n1. 28-22 17x48 2. 27-22 18x27 3. 32x21 9-14 *"
        );
        let game = pdn::read_file(&text).games.remove(0);
        let replay = pdn::replay::replay(&game);
        let rs = Ruleset::of(pdn::Variant::International).unwrap();
        let mut e = Engine::new(rs, 1 << 16);
        let cli = pdn_engine::review::review(&mut e, &replay, &Limits::depth(4), |_, _| {});
        let mut r = Reviewer::create("20", &mainline(), 1 << 16, Goal::Standard).unwrap();
        while r.step_with(4, 0).is_some() {}
        let page = r.run.review();
        let marks = |rv: &pdn_engine::review::Review| {
            rv.plies
                .iter()
                .map(|p| (p.mark, p.loss))
                .collect::<Vec<_>>()
        };
        assert_eq!(marks(&page), marks(&cli));
        assert_eq!(page.evals, cli.evals);
    }

    #[test]
    fn a_review_is_written_into_the_games_text_only_when_it_is_the_game_reviewed() {
        let text = format!(
            "[GameType \"20\"]\n[FEN \"{FEN}\"]\n1. 28-22 {{my move}} 17x48 2. 27-22 18x27 3. 32x21 9-14 *"
        );
        let mut r = Reviewer::create("20", &mainline(), 1 << 16, Goal::Standard).unwrap();
        while r.step_with(4, 0).is_some() {}
        let out = r.annotate_text(&text).unwrap();
        assert!(out.contains("28-22??"), "{out}");
        assert!(out.contains("Better: 33-29 (win → loss)."), "{out}");
        assert!(out.contains("my move"), "the author's words stay: {out}");
        assert_eq!(out.matches("[%eval ").count(), 6, "{out}");
        assert!(out.starts_with("[GameType \"20\"]"), "{out}");
        // Another game: refused in words.
        let other = "[GameType \"20\"]\n1. 32-28 *";
        assert!(
            r.annotate_text(other)
                .unwrap_err()
                .contains("not the ones reviewed")
        );
        assert!(r.annotate_text("").is_err());
    }

    /// Solve mode's fixture (tests/e2e/fixtures/two-wins.pdn): 41-36 and 43-39 both win,
    /// 41-37 and 43-38 lose.
    const TWO_WINS: &str = "W:W41,43:B32";

    fn judged(fen: &str, goal: Goal) -> String {
        let mut a = Analyser::create("20", fen, &[], 1 << 16, goal).unwrap();
        searched(&mut a, 20, 1);
        j(&a.judged())
    }

    #[test]
    fn solve_mode_judges_a_move_by_the_engines_forced_result() {
        let won = judged(&after(TWO_WINS, "43-39"), Goal::Standard);
        assert!(
            won.starts_with("{\"verdict\":\"won\",\"solved\":false,\"reply\":{\"notation\":\"32-"),
            "{won}"
        );
        assert!(won.contains("\"win\":-"), "{won}");
        let lost = judged(&after(TWO_WINS, "41-37"), Goal::Standard);
        assert!(
            lost.starts_with(
                "{\"verdict\":\"lost\",\"solved\":false,\"reply\":{\"notation\":\"32x41\""
            ),
            "{lost}"
        );
        // The last capture takes Black's last man: nothing to reply, solved.
        let mut fen = after(TWO_WINS, "43-39");
        for m in ["32-38", "41-37", "38-43", "39x48"] {
            fen = after(&fen, m);
        }
        let done = judged(&fen, Goal::Standard);
        assert!(
            done.starts_with("{\"verdict\":\"won\",\"solved\":true,\"reply\":null"),
            "{done}"
        );
        // Antidraughts: the side that cannot move wins, so that is a loss for the solver.
        assert!(judged(&fen, Goal::Losing).starts_with("{\"verdict\":\"lost\""));
    }

    #[test]
    fn a_search_too_short_for_a_forced_result_is_unproven() {
        // The start position: nothing is forced at depth 2.
        let rs = Ruleset::of(pdn::Variant::International).unwrap();
        let start = rs.start_position().to_fen(&rs.geometry);
        let mut a = Analyser::create("20", &start, &[], 1 << 16, Goal::Standard).unwrap();
        assert!(j(&a.judged()).starts_with("{\"verdict\":\"unproven\""));
        searched(&mut a, 2, 1);
        let j = j(&a.judged());
        assert!(
            j.starts_with("{\"verdict\":\"unproven\",\"solved\":false,\"reply\":{"),
            "{j}"
        );
        assert!(j.ends_with("\"depth\":2}"), "{j}");
        // Breakthrough: the solver's king is the end.
        let crowned = judge(
            &rs,
            Goal::FirstKing,
            &Position::from_fen("B:WK3,30:B20,40", &rs.geometry, Color::White).unwrap(),
            &[],
        );
        assert_eq!(
            (crowned.verdict, crowned.solved, crowned.reply),
            (Verdict::Won, true, None)
        );
    }

    #[test]
    fn bad_input_is_said_in_words() {
        let e = |r: Result<Reviewer, String>| r.err().unwrap();
        assert!(
            e(Reviewer::create(
                "1",
                &[FEN.to_string()],
                1024,
                Goal::Standard
            ))
            .contains("not a draughts GameType")
        );
        assert!(
            !e(Reviewer::create(
                "20",
                &["W:W99".to_string()],
                1024,
                Goal::Standard
            ))
            .is_empty()
        );
        // No position: nothing to step.
        let mut r = Reviewer::create("20", &[], 1024, Goal::Standard).unwrap();
        assert!(r.step_with(2, 0).is_none());
    }

    /// The worker's database: wanted for an English position near the end (not for the
    /// start, not for International's middlegame), for a Russian or International one their
    /// own, installed from a file's bytes, then no longer wanted
    /// and answering the search: two kings against one, a win found at depth 1.
    #[test]
    fn an_english_ending_wants_the_database_and_uses_the_one_installed() {
        let ending = "W:WK14,K10:BK1";
        let a = Analyser::create("21", ending, &[], 1024, Goal::Standard).unwrap();
        let start = Analyser::create(
            "21",
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            &[],
            1024,
            Goal::Standard,
        )
        .unwrap();
        let intl = Analyser::create("20", FEN, &[], 1024, Goal::Standard).unwrap();
        assert_eq!(
            (a.egdb_wanted(), start.egdb_wanted(), intl.egdb_wanted()),
            (21, 0, 0)
        );
        let r = Reviewer::create("21", &[ending.to_string()], 1024, Goal::Standard).unwrap();
        assert_eq!(r.egdb_wanted(), 21);
        // A Russian ending wants Russian's file (pkg/egdb-25.bin.gz), its start none.
        let ru = Analyser::create("25", "W:WKa1,Kc1,Ke1:BKh2", &[], 1024, Goal::Standard).unwrap();
        let ru_start = Analyser::create(
            "25",
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
            &[],
            1024,
            Goal::Standard,
        )
        .unwrap();
        assert_eq!((ru.egdb_wanted(), ru_start.egdb_wanted()), (25, 0));
        // International (three pieces): an ending of seven wants its file, a middlegame none.
        let intl_ending =
            Analyser::create("20", "W:W31,32,K1,K2:B19,20,K45", &[], 1024, Goal::Standard).unwrap();
        assert_eq!(intl_ending.egdb_wanted(), 20);
        assert!(!install_egdb(b"PDN-EGDB"), "cut short");
        assert!(!install_egdb(b"not a database at all"));
        let rs = Ruleset::of(pdn::Variant::English).unwrap();
        let bytes = pdn_engine::egdb::Egdb::build(&rs, 3).unwrap().to_bytes();
        assert!(!install_egdb(&bytes[..bytes.len() - 1]), "a byte short");
        assert!(install_egdb(&bytes));
        let mut a = Analyser::create("21", ending, &[], 1024, Goal::Standard).unwrap();
        assert_eq!(a.egdb_wanted(), 0, "installed");
        let json = searched(&mut a, 1, 1);
        assert!(
            json.contains("\"win\":") && !json.contains("\"win\":null"),
            "{json}"
        );
    }

    #[test]
    fn lines_and_better_moves_are_written_as_the_game_writes_its_own() {
        // A Russian game written in short notation: the lines are too (issue 38); in another
        // game, the usual notation.
        let short: Vec<String> = ["cd4", "fe5", "df6", "ge5", "gh4", "hg7"]
            .map(String::from)
            .to_vec();
        let fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
        let mut a = Analyser::create("25", fen, &[], 1 << 12, Goal::Standard).unwrap();
        let long = searched(&mut a, 4, 2);
        assert!(long.contains("\"pv\":[\"") && long.contains('-'), "{long}");
        a.write_like(&short);
        let out = searched(&mut a, 4, 2);
        let pv = out
            .split("\"pv\":[")
            .nth(1)
            .unwrap()
            .split(']')
            .next()
            .unwrap();
        assert!(!pv.contains('-') && !pv.contains(':'), "{out}");
        assert!(out.split("\"pv\":[").count() == 3, "two lines: {out}");
    }

    #[test]
    fn a_puzzle_run_steps_each_position_and_gives_pdn_puzzles_text() {
        let text = "[Event \"Club\"]\n[GameType \"20\"]\n[FEN \"W:W24,32,37,38,42,43:B8,12,13,18,22\"]\n\
            1. 43-39 22-28 2. 32x23 18x20 3. 39-33 *\n\n[GameType \"20\"]\n1. 32-28 *\n";
        let mut run = PuzzleRun::create(text, 0, 0);
        let mut steps = Vec::new();
        while let Some(s) = run.step_wire() {
            steps.push(j(&s));
        }
        // Game 1: its 6 positions, then its end; game 2: 2 positions, then its end.
        assert_eq!(steps.len(), 6 + 1 + 2 + 1, "{steps:?}");
        assert_eq!(
            steps[0],
            "{\"game\":1,\"games\":2,\"done\":1,\"of\":6,\"found\":0}"
        );
        assert!(steps.last().unwrap().ends_with("\"found\":1}"), "{steps:?}");
        // The same text as `pdn puzzles` writes (the engine's FileRun, default options).
        let mut cli = pdn_engine::puzzles::FileRun::new(text, None, Default::default());
        while cli.step().is_some() {}
        assert_eq!(run.text(), cli.text());
        assert!(
            run.text()
                .contains("[FEN \"B:W24,32,37,38,39,42:B8,12,13,18,22\"]")
        );
    }
}
