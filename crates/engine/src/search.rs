//! The search: iterative deepening over a principal-variation alpha-beta search (negamax), with
//! a transposition table keyed by the position, moves ordered by the hash move, two killer
//! moves a ply and a history table, capture sequences followed to a quiet position at the
//! horizon (captures are compulsory, so a position with a capture to make is never scored
//! statically), several best lines (multi-PV), and a stop at a depth, a node count (the same
//! lines every run), a time or a flag set from elsewhere.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pdn::position::{CompactMove, Duplicates};
use pdn::{Color, Move, Position, Role, Ruleset, Square};

use crate::egdb::{self, Egdb, Value};
use crate::eval::Evaluator;
use crate::rules::{Counters, DrawRules, Goal, Material};
use crate::tt::{Bound, Table};

/// Above any evaluation: a won position scores `WIN - plies to the win`.
pub const WIN: i32 = 1_000_000;
const INF: i32 = WIN + 1;
/// Scores beyond this are wins or losses in a number of plies.
const WIN_BOUND: i32 = WIN - 10_000;
/// The deepest line the search follows (the iterative deepening stops well before).
pub const MAX_PLY: usize = 160;

/// What stops a search. With none set it goes on to [`MAX_PLY`]; with several, the first that
/// is reached. A node limit alone gives the same lines on every run and machine.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The last depth to complete.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this long.
    pub movetime: Option<Duration>,
    /// Stop when this becomes `true` (set by another thread).
    pub stop: Option<Arc<AtomicBool>>,
    /// The clock, in milliseconds from any fixed point. `None`: the system's (natively); the
    /// wasm build has none of its own, so its caller hands one in (`Date.now`) for `movetime`.
    pub clock: Option<fn() -> f64>,
}

/// Milliseconds on the system's monotonic clock (natively; 0 in wasm, which has no clock here).
pub(crate) fn system_ms() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
            * 1000.0
    }
    #[cfg(target_arch = "wasm32")]
    {
        0.0
    }
}

impl Limits {
    /// Search to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search about `nodes` nodes.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for `time`.
    #[must_use]
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
}

/// A score from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Score(pub i32);

impl Score {
    /// In men (a man is 1.0), for scores that are not a forced win or loss.
    #[must_use]
    pub fn men(self) -> f64 {
        f64::from(self.0) / 100.0
    }

    /// This score, from the view of `turn` (the side to move), from White's view: the one
    /// place the side turns (the review's evaluations, `[%eval]`, the page's graph).
    #[must_use]
    pub fn for_white(self, turn: Color) -> Score {
        if turn == Color::White {
            self
        } else {
            Score(-self.0)
        }
    }

    /// A forced win (positive) or loss (negative) in this many plies, if it is one.
    #[must_use]
    pub fn win_in(self) -> Option<i32> {
        if self.0 > WIN_BOUND {
            Some(WIN - self.0)
        } else if self.0 < -WIN_BOUND {
            Some(-(WIN + self.0))
        } else {
            None
        }
    }
}

/// One best line.
#[derive(Clone, Debug)]
pub struct Line {
    /// Its score for the side to move at the root.
    pub score: Score,
    /// The moves, the root's first.
    pub pv: Vec<Move>,
}

/// What one completed depth found.
#[derive(Clone, Debug)]
pub struct Info {
    /// The depth completed.
    pub depth: u32,
    /// The best lines, best first.
    pub lines: Vec<Line>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// An iterative deepening under way ([`Engine::begin`], [`Engine::deepen`]): the root, the
/// depth to search next and the best lines so far.
#[derive(Clone, Debug)]
pub struct Deepening {
    pos: Position,
    history: Vec<Position>,
    counters: Counters,
    multipv: usize,
    max_depth: u32,
    depth: u32,
    best: Vec<Line>,
    root_known: bool,
    /// When it began and when its time is up, on the limits' clock (milliseconds).
    start: f64,
    deadline: Option<f64>,
    finished: bool,
}

impl Deepening {
    /// The lines of the last depth that counted, best first (none before the first).
    #[must_use]
    pub fn best(&self) -> &[Line] {
        &self.best
    }

    /// The depth the next [`Engine::deepen`] searches.
    #[must_use]
    pub fn next_depth(&self) -> u32 {
        self.depth
    }

    /// Nothing more to search (see [`Engine::deepen`]).
    #[must_use]
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// The root searched.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

/// What one [`Engine::deepen`] did.
#[derive(Clone, Debug)]
pub enum Deepened {
    /// A depth that counts: its lines, nodes and time.
    Depth(Info),
    /// No line at this depth: cut short by the step's share of time (searched again next
    /// call), or the deepening is finished.
    CutShort,
}

/// A position's key for the transposition table and repetitions: the core's Zobrist key, kept
/// up to date by every move played.
#[must_use]
pub fn key(pos: &Position) -> u64 {
    pos.zobrist()
}

/// A move's identity for killers: where from, where to, what it takes.
type MoveId = (u8, u8, u128);

fn id(m: &CompactMove) -> MoveId {
    (m.from.0, m.to.0, m.captured)
}

/// The engine for one board and rule set. It keeps its transposition table between searches.
pub struct Engine {
    rs: Ruleset,
    eval: Evaluator,
    draws: DrawRules,
    goal: Goal,
    tt: Table,
    killers: Vec<[Option<MoveId>; 2]>,
    history: Vec<i32>,
    squares: usize,
    buffers: Vec<Vec<CompactMove>>,
    /// Per ply, the move order being tried (reused: no allocation a node).
    orders: Vec<Vec<(i32, u8)>>,
    pv: Vec<Vec<CompactMove>>,
    /// Keys of the positions before the one being searched: the game's, then the line's.
    path: Vec<u64>,
    nodes: u64,
    stopped: bool,
    /// When to stop, on `clock`, in milliseconds.
    deadline: Option<f64>,
    clock: fn() -> f64,
    node_limit: Option<u64>,
    stop_flag: Option<Arc<AtomicBool>>,
    excluded: Vec<MoveId>,
    /// The last completed depth's best move: searched first at the root, so that a depth cut
    /// short has scored it before any other.
    root_first: Option<MoveId>,
    /// Late move reductions on (the default); off, the search scores exactly as minimax.
    reductions: bool,
    /// A depth cut short by the limits gives its best line when that line was searched to the
    /// end (the default); off, only completed depths count.
    partial: bool,
    /// The endgame database probed (`crate::egdb`), and the most pieces it is built for on
    /// first need (0: none).
    egdb: Option<Arc<Egdb>>,
    egdb_pieces: usize,
}

impl Engine {
    /// An engine for `rs` playing the usual goal, with a transposition table of about
    /// `tt_entries` entries (16 bytes each).
    #[must_use]
    pub fn new(rs: Ruleset, tt_entries: usize) -> Engine {
        Engine::with_goal(rs, Goal::Standard, tt_entries)
    }

    /// An engine playing for `goal` (the losing game, breakthrough).
    #[must_use]
    pub fn with_goal(rs: Ruleset, goal: Goal, tt_entries: usize) -> Engine {
        let eval = Evaluator::new(&rs, goal);
        Engine::with_evaluator(rs, goal, eval, tt_entries)
    }

    /// An engine with an evaluation of its own (other weights: fitting, matches between
    /// versions).
    #[must_use]
    pub fn with_evaluator(rs: Ruleset, goal: Goal, eval: Evaluator, tt_entries: usize) -> Engine {
        let squares = rs.geometry.len();
        Engine {
            eval,
            draws: DrawRules::of(rs.variant),
            goal,
            tt: Table::new(tt_entries),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; squares * squares],
            squares,
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            orders: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            pv: vec![Vec::new(); MAX_PLY + 1],
            path: Vec::new(),
            nodes: 0,
            stopped: false,
            deadline: None,
            clock: system_ms,
            node_limit: None,
            stop_flag: None,
            excluded: Vec::new(),
            root_first: None,
            reductions: true,
            partial: true,
            egdb: None,
            egdb_pieces: egdb::default_pieces(rs.variant),
            rs,
        }
    }

    /// Turns late move reductions off (or on): without them the search's scores are exactly
    /// minimax's with the same evaluation and horizon, at more nodes.
    #[must_use]
    pub fn with_reductions(mut self, on: bool) -> Engine {
        self.reductions = on;
        self
    }

    /// Whether a depth the limits cut short may still give the best line (on by default): when
    /// the last depth's best move and then a better one were searched to the end. Off, the lines
    /// are those of the last completed depth (matches between versions).
    #[must_use]
    pub fn with_partial_depths(mut self, on: bool) -> Engine {
        self.partial = on;
        self
    }

    /// Sets the endgame database's size: positions of at most `pieces` pieces are answered
    /// from it (0: no database). It is built in memory the first time a search starts from a
    /// position with at most `pieces` + 4 pieces ([`egdb::shared`], once per process; about
    /// 2.2 s of CPU for 4 English pieces natively), for the variants [`egdb::supports`]; one
    /// [`egdb::install`]ed (read from a file) is used for any root.
    /// The default is [`egdb::default_pieces`] (in wasm: the one installed, none built; the
    /// page's file brings it).
    #[must_use]
    pub fn with_egdb(mut self, pieces: usize) -> Engine {
        self.egdb_pieces = pieces.min(egdb::MAX_PIECES);
        if self
            .egdb
            .as_ref()
            .is_some_and(|db| db.pieces() != self.egdb_pieces)
        {
            self.egdb = None;
        }
        self
    }

    /// Whether a search from `pos` would want the endgame database and has none yet: a
    /// variant with one ([`egdb::supports`], pieces set), a root within 4 pieces of it. In
    /// wasm, where none is built, the worker then fetches the page's file and installs it
    /// ([`egdb::install`]) before it searches.
    #[must_use]
    pub fn wants_egdb(&self, pos: &Position) -> bool {
        self.egdb.is_none()
            && self.egdb_pieces > 0
            && egdb::supports(&self.rs, self.goal)
            && self.near_egdb(pos)
            && egdb::installed(&self.rs, self.goal).is_none()
    }

    /// Takes the endgame database for searches from `pos` on, if it has none yet: built when
    /// `pos` is near enough, else only one already there is taken. (Never built in wasm: the
    /// build would hold up the worker, and its code stays out; one installed from the page's
    /// file is taken.) Every search does this for its root; a review does it for the game's end
    /// first, so that all its positions are searched alike.
    pub fn take_egdb_for(&mut self, pos: &Position) {
        if self.egdb.is_none() && self.egdb_pieces > 0 {
            #[cfg(not(target_arch = "wasm32"))]
            let db = egdb::shared(&self.rs, self.goal, self.egdb_pieces, self.near_egdb(pos));
            #[cfg(target_arch = "wasm32")]
            let db = {
                let _ = pos;
                egdb::installed(&self.rs, self.goal)
            };
            self.egdb = db;
        }
    }

    /// Whether `pos` is within 4 pieces of the database's size (its positions come within a
    /// search's reach).
    fn near_egdb(&self, pos: &Position) -> bool {
        (pos.count(Color::White) + pos.count(Color::Black)) as usize <= self.egdb_pieces + 4
    }

    /// The rule set searched.
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        &self.rs
    }

    /// The static evaluation of `pos` for the side to move, in hundredths of a man.
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.eval.evaluate(pos)
    }

    /// Searches `pos`, reached through `history` (the game's earlier positions, oldest first,
    /// for repetitions and the draw counters), for its `multipv` best lines. `report` is called
    /// after each completed depth. Returns the lines of the last completed depth (of depth 1 at
    /// least, unless the position has no legal move: then none). The same as
    /// [`Engine::begin`], then [`Engine::deepen`] until it is finished (the stepwise
    /// [`crate::Analyser`] runs the same loop a depth a call).
    pub fn analyse(
        &mut self,
        pos: &Position,
        history: &[Position],
        limits: &Limits,
        multipv: usize,
        mut report: impl FnMut(&Info),
    ) -> Vec<Line> {
        let mut d = self.begin(pos, history, limits, multipv);
        while !d.finished {
            match self.deepen(&mut d, None) {
                Deepened::Depth(info) => report(&info),
                Deepened::CutShort => break,
            }
        }
        d.best
    }

    /// Starts an iterative deepening of `pos` (reached through `history`) for `multipv` lines
    /// within `limits` (all of them for the whole deepening: the nodes are counted from here,
    /// the time from now): the table's generation, the killers and the history's decay, the
    /// game's positions for the draw rules. Nothing is searched yet: each [`Engine::deepen`]
    /// searches one depth.
    pub fn begin(
        &mut self,
        pos: &Position,
        history: &[Position],
        limits: &Limits,
        multipv: usize,
    ) -> Deepening {
        self.take_egdb_for(pos);
        // A root the database answers is searched exactly at depth 1 (every move's position
        // is answered), unless the draw rules cut a line short.
        let root_known = self.egdb.as_ref().is_some_and(|db| {
            let counters = counters_of(history, pos, &self.rs);
            self.probe_egdb(db, pos, counters, 0).is_some()
        });
        self.clock = limits.clock.unwrap_or(system_ms);
        let start = (self.clock)();
        self.tt.next_generation();
        self.nodes = 0;
        self.stopped = false;
        let deadline = limits.movetime.map(|t| start + t.as_secs_f64() * 1000.0);
        self.deadline = deadline;
        self.node_limit = limits.nodes;
        self.stop_flag = limits.stop.clone();
        for k in &mut self.killers {
            *k = [None; 2];
        }
        for h in &mut self.history {
            *h /= 8;
        }
        self.path = history.iter().map(key).collect();
        let counters = counters_of(history, pos, &self.rs);
        let mut root_moves = Vec::new();
        pos.generate(&self.rs, Duplicates::Drop, &mut root_moves);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        self.root_first = None;
        Deepening {
            pos: *pos,
            history: history.to_vec(),
            counters,
            multipv: multipv.clamp(1, root_moves.len().max(1)),
            max_depth,
            depth: 1,
            best: Vec::new(),
            root_known,
            start,
            deadline,
            finished: root_moves.is_empty(),
        }
    }

    /// Searches the next depth of `d` (begun by [`Engine::begin`]), stopping at `d`'s limits
    /// or at `until` (milliseconds on the limits' clock: one step's share of the time, so that
    /// the caller hears a stop between steps). A depth that counts (completed, or cut short
    /// with its best line searched to the end) is kept in `d` and returned, and the next call
    /// searches one deeper; one that `until` cut short before it gave a line is
    /// [`Deepened::CutShort`] and the next call searches it again (the table keeps what it
    /// found). `d.finished` says when there is nothing more to search: the limits reached, a
    /// forced result found within the depth searched, a root the endgame database answers, no
    /// legal move.
    pub fn deepen(&mut self, d: &mut Deepening, until: Option<f64>) -> Deepened {
        if d.finished {
            return Deepened::CutShort;
        }
        let depth = d.depth;
        let (pos, multipv) = (d.pos, d.multipv);
        self.deadline = match (d.deadline, until) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.stopped = false;
        self.path.truncate(d.history.len());
        let mut lines: Vec<Line> = Vec::with_capacity(multipv);
        let mut firsts: Vec<(i32, MoveId)> = Vec::with_capacity(multipv);
        self.excluded.clear();
        // A depth cut short still gives its best line if that line was searched to the end:
        // the last depth's best move goes first, so a line found is at least as good as it
        // at this depth (one line only: the others' lines would be of the depth before). Not
        // a loss: that the moves searched lose says nothing of the others.
        let partial_ok = depth == 1 || (self.partial && multipv == 1);
        for _ in 0..multipv {
            let score = self.search(&pos, d.counters, depth as i32, -INF, INF, 0);
            let whole_line = !self.pv[0].is_empty() && (depth == 1 || score > -WIN_BOUND);
            if self.stopped && !(partial_ok && lines.is_empty() && whole_line) {
                break;
            }
            let Some(first) = self.pv[0].first() else {
                break;
            };
            self.excluded.push(id(first));
            firsts.push((score, id(first)));
            // A line cut short by the table's answer goes on by its best moves.
            self.extend_pv(&pos, &d.history, depth as usize);
            lines.push(Line {
                score: Score(score),
                pv: self.routed(&pos, 0, Score(score).win_in().is_some()),
            });
            if self.stopped {
                break;
            }
        }
        self.excluded.clear();
        // Whether the stop was the deepening's own (its limits), not the step's share of time.
        let own_stop = self.stopped
            && (until.is_none()
                || self.node_limit.is_some_and(|n| self.nodes >= n)
                || d.deadline.is_some_and(|t| (self.clock)() >= t)
                || self
                    .stop_flag
                    .as_ref()
                    .is_some_and(|f| f.load(Ordering::Relaxed)));
        // A depth cut short before all its lines were found keeps the last whole depth's
        // (the reader asked for that many lines; one of a deeper depth is not worth them).
        let wanted = multipv.min(d.best.len().max(1));
        if lines.is_empty() || (self.stopped && depth > 1 && lines.len() < wanted) {
            // Nothing at this depth: the deepening ends when its own limits stopped it, or
            // when the first depth has no line at all; else the step's share ran out.
            if own_stop || (lines.is_empty() && !self.stopped) {
                d.finished = true;
            }
            return Deepened::CutShort;
        }
        // Both sorted the same way (stable): the first of each is the best line's.
        lines.sort_by_key(|l| std::cmp::Reverse(l.score));
        firsts.sort_by_key(|f| std::cmp::Reverse(f.0));
        d.best = lines;
        self.root_first = firsts.first().map(|f| f.1);
        d.depth = depth + 1;
        // A forced result found within the depth searched will not change.
        let forced = d.best[0]
            .score
            .win_in()
            .is_some_and(|n| n.unsigned_abs() <= depth)
            && multipv == 1;
        d.finished = own_stop || d.root_known || forced || depth >= d.max_depth;
        Deepened::Depth(Info {
            depth,
            lines: d.best.clone(),
            nodes: self.nodes,
            elapsed: Duration::from_secs_f64(((self.clock)() - d.start).max(0.0) / 1000.0),
        })
    }

    /// Lengthens the root's principal variation (`self.pv[0]`) to `plies` moves by the table's
    /// best moves: a search answered from the table at an exact score (a transposition, or the
    /// line searched for an earlier best line) leaves the line at the move that led there. It
    /// stops at a position the table has no move for, or one already on the game or the line
    /// (a repetition would go round).
    fn extend_pv(&mut self, pos: &Position, history: &[Position], plies: usize) {
        if self.pv[0].is_empty() || self.pv[0].len() >= plies {
            return;
        }
        let mut p = *pos;
        let mut seen: Vec<u64> = history.iter().map(key).collect();
        seen.push(key(&p));
        for m in &self.pv[0] {
            p = p.play_compact(m);
            seen.push(key(&p));
        }
        let mut moves = Vec::new();
        while self.pv[0].len() < plies {
            let Some(e) = self.tt.probe(key(&p)) else {
                break;
            };
            moves.clear();
            p.generate_compact(&self.rs, Duplicates::Drop, &mut moves);
            let Some(m) = moves.get(usize::from(e.best)).copied() else {
                break;
            };
            p = p.play_compact(&m);
            if seen.contains(&key(&p)) {
                break;
            }
            seen.push(key(&p));
            self.pv[0].push(m);
        }
    }

    /// The principal variation found at `ply`, each move with its route (for notation); a
    /// forced result (`decided`) that ends in the endgame database goes on by its line.
    fn routed(&self, pos: &Position, ply: usize, decided: bool) -> Vec<Move> {
        let mut p = *pos;
        let mut out = Vec::with_capacity(self.pv[ply].len());
        let more = match &self.egdb {
            Some(db) if decided => {
                let mut end = *pos;
                for m in &self.pv[ply] {
                    end = end.play_compact(m);
                }
                db.line(&end)
            }
            _ => Vec::new(),
        };
        for m in self.pv[ply].iter().chain(&more) {
            let Some(r) = p.route(&self.rs, m) else { break };
            p = p.play_compact(m);
            out.push(r);
        }
        out
    }

    /// The endgame database's score of `pos` at `ply`, if it has one (out of line: most
    /// searches have no database, and the search's own code stays as it was).
    #[inline(never)]
    fn egdb_score(&self, pos: &Position, counters: Counters, ply: usize) -> Option<i32> {
        let db = self.egdb.as_ref()?;
        if (pos.count(Color::White) + pos.count(Color::Black)) as usize > db.pieces() {
            return None;
        }
        self.probe_egdb(db, pos, counters, ply)
    }

    /// The endgame database's score of `pos` at `ply`, when it holds the position and the
    /// draw rules cannot end the game before its result (a draw always stands: the rules only
    /// add draws).
    fn probe_egdb(&self, db: &Egdb, pos: &Position, counters: Counters, ply: usize) -> Option<i32> {
        let value = db.probe(pos)?;
        let plies = match value {
            Value::Draw => return Some(0),
            Value::Win(n) | Value::Loss(n) => n,
        };
        let mut room = u32::from(self.draws.kings_only.saturating_sub(counters.kings_only));
        let few = self
            .draws
            .three_against_king
            .min(self.draws.two_against_king);
        if few != u16::MAX {
            room = room.min(u32::from(few.saturating_sub(counters.since_material)));
        }
        if plies >= room {
            return None;
        }
        let at = ply as i32 + plies as i32;
        Some(if matches!(value, Value::Win(_)) {
            WIN - at
        } else {
            -(WIN - at)
        })
    }

    /// Whether to stop: the node limit is looked at every node, the clock and the flag every
    /// 2,048 nodes (reading the clock costs more than a node).
    fn out_of_time(&mut self) -> bool {
        if !self.stopped {
            let checked = self.nodes % 2048 == 0;
            self.stopped = self.node_limit.is_some_and(|n| self.nodes >= n)
                || (checked && self.deadline.is_some_and(|d| (self.clock)() >= d))
                || (checked
                    && self
                        .stop_flag
                        .as_ref()
                        .is_some_and(|f| f.load(Ordering::Relaxed)));
        }
        self.stopped
    }

    /// A draw by repetition: the position stood before since the last irreversible move.
    fn repeated(&self, key: u64, reversible: u16) -> bool {
        let n = self.path.len();
        let back = usize::from(reversible).min(n);
        // Same side to move: every second position back.
        (2..=back).step_by(2).any(|k| self.path[n - k] == key)
    }

    fn drawn(&self, pos: &Position, counters: Counters) -> bool {
        if counters.kings_only >= self.draws.kings_only {
            return true;
        }
        let few = self
            .draws
            .three_against_king
            .min(self.draws.two_against_king);
        if counters.since_material < few {
            return false;
        }
        // The few-pieces rules need a lone king on one side: most positions are ruled out by
        // two tests of bits, without counting the pieces.
        let [white, black, kings] = pos.sets_in(&self.rs.geometry);
        let lone_king = |side: u128| side & side.wrapping_sub(1) == 0 && side & kings != 0;
        (lone_king(white) || lone_king(black)) && counters.drawn(&self.draws, &Material::of(pos))
    }

    fn search(
        &mut self,
        pos: &Position,
        counters: Counters,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let key = key(pos);
        if ply > 0 && (self.repeated(key, counters.kings_only) || self.drawn(pos, counters)) {
            return 0;
        }
        if self.egdb.is_some() && ply > 0 {
            if let Some(s) = self.egdb_score(pos, counters, ply) {
                return s;
            }
        }
        // At the horizon a quiet position (no capture to make, and surely some move) is scored
        // without generating its moves. There the captures are generated first: they are the
        // moves when there is one.
        // (At the horizon only a capture is searched on, so only then may the table answer.)
        let takes = depth > 0 || {
            let moves = &mut self.buffers[ply];
            pos.generate_compact_captures(&self.rs, Duplicates::Drop, moves);
            !moves.is_empty()
        };
        if depth <= 0 && ply < MAX_PLY - 1 && !takes && self.eval.surely_has_quiet_move(pos) {
            return self.eval.evaluate(pos);
        }
        // The table first: a cut here costs no move generation (only positions with moves are
        // stored, so the answer is the one the moves would give).
        let probed = if depth > 0 { self.tt.probe(key) } else { None };
        if let Some(e) = probed {
            if ply > 0 && i32::from(e.depth) >= depth && takes {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        if depth > 0 || !takes {
            pos.generate_compact(&self.rs, Duplicates::Drop, &mut moves);
        }
        if ply == 0 && !self.excluded.is_empty() {
            moves.retain(|m| !self.excluded.contains(&id(m)));
        }
        if moves.is_empty() {
            self.buffers[ply] = moves;
            let lost = -(WIN - ply as i32);
            return if self.goal == Goal::Losing {
                -lost
            } else {
                lost
            };
        }
        let capture = moves[0].is_capture();
        if (depth <= 0 && !capture) || ply >= MAX_PLY - 1 {
            self.buffers[ply] = moves;
            return self.eval.evaluate(pos);
        }
        // The children probe the table too (depth 1 and more): their entries are asked for
        // all at once here (before the moves are ordered), so that their cache misses overlap instead of coming one by one.
        if depth >= 2 && Table::PREFETCHES {
            for m in moves.iter() {
                self.tt.prefetch(pos.zobrist_after(m));
            }
        }
        // At the root the last depth's best move stands for the hash move (the table's entry
        // for the root may have been replaced), so that it is searched first.
        let root_first = (ply == 0)
            .then_some(self.root_first)
            .flatten()
            .and_then(|f| moves.iter().position(|m| id(m) == f));
        let tt_best = root_first.map_or_else(|| probed.map_or(u8::MAX, |e| e.best), |i| i as u8);
        // Order: the hash move, captures of more pieces, killers, then by history.
        let mut order = std::mem::take(&mut self.orders[ply]);
        order.clear();
        order.extend(moves.iter().enumerate().map(|(i, m)| {
            let s = if i as u8 == tt_best {
                1 << 30
            } else if m.is_capture() {
                (1 << 20) + m.capture_count() as i32
            } else if self.killers[ply][0] == Some(id(m)) {
                1 << 19
            } else if self.killers[ply][1] == Some(id(m)) {
                (1 << 19) - 1
            } else {
                self.history[usize::from(m.from.0) * self.squares + usize::from(m.to.0)]
            };
            (s, i as u8)
        }));
        // The hash move first; the others are sorted only if it does not cut (a stable sort,
        // so equals stay in the order generated).
        let hash_first = usize::from(tt_best) < order.len();
        if hash_first {
            order[..=usize::from(tt_best)].rotate_right(1);
        } else {
            order.sort_by_key(|o| std::cmp::Reverse(o.0));
        }
        let alpha0 = alpha;
        let pv_node = beta - alpha > 1;
        let mut best = -INF;
        let mut best_i = u8::MAX;
        for n in 0..order.len() {
            if n == 1 && hash_first {
                order[1..].sort_by_key(|o| std::cmp::Reverse(o.0));
            }
            let i = order[n].1;
            let m = moves[usize::from(i)];
            let child = pos.play_compact(&m);
            let child_counters = counters.after(pos, &m);
            self.path.push(key);
            let score = if self.goal == Goal::FirstKing && m.promotes {
                WIN - ply as i32 - 1
            } else if n == 0 {
                -self.search(&child, child_counters, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves (after the hash move, captures and killers have been tried)
                // are searched a ply shallower first; one that beats alpha is searched again at
                // full depth.
                let late = self.reductions && depth >= 3 && n >= 3 && !capture && !m.is_capture();
                let mut s = -alpha;
                if late {
                    s = -self.search(
                        &child,
                        child_counters,
                        depth - 2,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                    );
                }
                if !late || (s > alpha && !self.stopped) {
                    s = -self.search(
                        &child,
                        child_counters,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                    );
                }
                if s > alpha && s < beta && !self.stopped {
                    -self.search(&child, child_counters, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            self.path.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_i = i;
                if score > alpha {
                    alpha = score;
                    // Only a node searched with an open window gives its line: one searched
                    // with a null window is searched again with an open one before its line
                    // is taken (a fail high at an open node is not part of its parent's line).
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(m);
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    if alpha >= beta {
                        if !m.is_capture() {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(id(&m)) {
                                k[1] = k[0];
                                k[0] = Some(id(&m));
                            }
                            let h = &mut self.history
                                [usize::from(m.from.0) * self.squares + usize::from(m.to.0)];
                            *h = (*h + depth * depth).min(1 << 18);
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        self.orders[ply] = order;
        if self.stopped {
            return best.max(-INF + 1);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if depth > 0 && (ply > 0 || self.excluded.is_empty()) {
            self.tt.store(
                key,
                to_tt(best, ply),
                depth.clamp(0, i32::from(i16::MAX)) as i16,
                bound,
                best_i,
            );
        }
        best
    }
}

/// Win scores are stored relative to the position, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The draw counters at `pos`, read from the game's positions before it: plies since a man
/// moved or a piece was taken, and since a piece was taken or crowned.
fn counters_of(history: &[Position], pos: &Position, rs: &Ruleset) -> Counters {
    let n = rs.geometry.len();
    let mut c = Counters::default();
    let mut kings_only_done = false;
    let mut material_done = false;
    let mut after = pos;
    for before in history.iter().rev() {
        let mover: Color = before.turn();
        let mut taken = false;
        let mut man_moved = false;
        let mut crowned = false;
        for i in 0..n {
            let sq = Square(i as u8);
            let (a, b) = (before.piece_at(sq), after.piece_at(sq));
            if a.is_some_and(|p| p.color != mover) && b.is_none_or(|p| p.color == mover) {
                taken = true;
            }
            if a.is_some_and(|p| p.color == mover && p.role == Role::Man) && b != a {
                man_moved = true;
            }
            if b.is_some_and(|p| p.color == mover && p.role == Role::King)
                && a.is_none_or(|p| p.role == Role::Man)
            {
                crowned = crowned || a.is_some_and(|p| p.role == Role::Man) || man_moved;
            }
        }
        if !kings_only_done {
            if taken || man_moved {
                kings_only_done = true;
            } else {
                c.kings_only += 1;
            }
        }
        if !material_done {
            if taken || crowned {
                material_done = true;
            } else {
                c.since_material += 1;
            }
        }
        if kings_only_done && material_done {
            break;
        }
        after = before;
    }
    c
}
