//! The one stepwise search every caller goes through: an [`Analyser`] holds a position (and the
//! game's positions before it, for the draw rules), its budget and its deepening, and each
//! [`Analyser::step`] searches one more depth and gives the lines found so far. `pdn analyse`
//! steps it to the end in one go; the browser's engine worker steps it a call at a time, so that
//! it hears a stop between calls. The rules of the deepening live here, not in the callers: the
//! multi-line search, a depth that overran the step's share of time searched again with twice
//! the share, the end (the budget spent, a forced result found within the depth searched, a
//! root the endgame database answers). Solve mode's verdict on a move ([`judge`]) reads the
//! deepest lines.

use std::time::Duration;

use pdn::variant::Goal;
use pdn::{Color, Move, Position, Role, Ruleset};

use crate::search::{Deepened, Deepening, Info, system_ms};
use crate::{Engine, Limits, Line};

/// One position under analysis, searched a depth a [`Analyser::step`].
pub struct Analyser {
    engine: Engine,
    pos: Position,
    history: Vec<Position>,
    limits: Limits,
    multipv: usize,
    run: Option<Deepening>,
    /// The last depth that counted.
    last: Option<Info>,
    /// Steps in a row whose share of time ran out before the depth gave a line.
    retries: u32,
}

/// What one [`Analyser::step`] did.
#[derive(Clone, Debug)]
pub enum Step {
    /// A new depth counted: its lines (best first), nodes and time since the start.
    Depth(Info),
    /// The step's share of time ran out in the middle of a depth: the next step searches it
    /// again with twice the share.
    Working,
    /// Nothing more to search (the lines are [`Analyser::lines`]).
    Done,
}

impl Analyser {
    /// `pos` reached through `history` (oldest first), searched by `engine` for `multipv` lines
    /// within `limits` (for the whole analysis: a depth, nodes counted from the first step, a
    /// time from the first step, a stop flag, the clock).
    #[must_use]
    pub fn new(
        engine: Engine,
        pos: Position,
        history: Vec<Position>,
        limits: Limits,
        multipv: usize,
    ) -> Analyser {
        Analyser {
            engine,
            pos,
            history,
            limits,
            multipv: multipv.max(1),
            run: None,
            last: None,
            retries: 0,
        }
    }

    /// Sets the budget (`limits`, for the whole analysis) and the lines wanted, and starts
    /// again from the first depth (the engine's table keeps what it found).
    pub fn set_limits(&mut self, limits: Limits, multipv: usize) {
        self.limits = limits;
        self.multipv = multipv.max(1);
        self.run = None;
        self.last = None;
        self.retries = 0;
    }

    /// Searches the next depth. `share` is the most time this step may take (doubled for each
    /// step in a row it ran out before the depth gave a line), so that a caller that must hear
    /// a stop gets its turn; `None`, as long as the budget allows. Under a node budget the share
    /// is not used: a step is a whole depth (the budget bounds it), so the lines are the same on
    /// every run and machine, and the same as a caller's that gave no share (`pdn analyse
    /// --nodes N` and the page's analysis at N nodes).
    pub fn step(&mut self, share: Option<Duration>) -> Step {
        let run = match &mut self.run {
            Some(r) => r,
            None => {
                let r = self
                    .engine
                    .begin(&self.pos, &self.history, &self.limits, self.multipv);
                self.run.insert(r)
            }
        };
        if run.finished() {
            return Step::Done;
        }
        let clock = self.limits.clock.unwrap_or(system_ms);
        let until = share
            .filter(|_| self.limits.nodes.is_none())
            .map(|s| clock() + s.as_secs_f64() * 1000.0 * f64::from(1u32 << self.retries.min(16)));
        match self.engine.deepen(run, until) {
            Deepened::Depth(info) => {
                self.retries = 0;
                self.last = Some(info.clone());
                Step::Depth(info)
            }
            Deepened::CutShort if run.finished() => Step::Done,
            Deepened::CutShort => {
                self.retries += 1;
                Step::Working
            }
        }
    }

    /// Steps to the end with no share of time (the budget alone stops it), `report` called
    /// with each depth that counts; the lines found.
    pub fn run(&mut self, mut report: impl FnMut(&Info)) -> Vec<Line> {
        loop {
            match self.step(None) {
                Step::Depth(info) => report(&info),
                Step::Working => {}
                Step::Done => return self.lines().to_vec(),
            }
        }
    }

    /// The lines of the deepest search so far, best first (none before the first depth, or
    /// when the side to move has no move).
    #[must_use]
    pub fn lines(&self) -> &[Line] {
        self.last.as_ref().map_or(&[], |i| &i.lines)
    }

    /// The last depth that counted, with its nodes and time (none yet: `None`).
    #[must_use]
    pub fn last(&self) -> Option<&Info> {
        self.last.as_ref()
    }

    /// The position searched.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The engine searching (its rules, its endgame database).
    #[must_use]
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Solve mode's verdict on this position (reached by the solver's move: the defender to
    /// move), played for `goal`, from the deepest search so far.
    #[must_use]
    pub fn judgement(&self, goal: Goal) -> Judgement {
        judge(self.engine.ruleset(), goal, &self.pos, self.lines())
    }
}

/// Solve mode's verdict on a move the text does not give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The engine proves the win for the side that played the move (the solver).
    Won,
    /// The engine proves the move loses: the defender wins.
    Lost,
    /// No forced result found: the engine cannot confirm the win.
    Unproven,
}

impl Verdict {
    /// Its name on the wire: `won`, `lost`, `unproven`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Lost => "lost",
            Verdict::Unproven => "unproven",
        }
    }
}

/// What [`judge`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Won, lost or unproven for the solver.
    pub verdict: Verdict,
    /// The defender's best move (the engine's reply when won, the refutation when lost);
    /// `None` when the game is over.
    pub reply: Option<Move>,
    /// The game is won for the solver: at `pos` (the defender cannot move, or the solver
    /// crowned first in Breakthrough), or after the reply (Antidraughts: the solver has no move
    /// left).
    pub solved: bool,
}

/// Solve mode's verdict on `pos`, the position after the solver's move (the defender to move),
/// in the rules `rs` played for `goal`, from `lines`, the engine's best lines there (the
/// defender's view, best first). The game's end is the goal's: the side that cannot move loses
/// (wins, in Antidraughts), and in Breakthrough the first king wins. Otherwise a forced result
/// decides: the defender mated is a win for the solver, the defender mating a loss; no forced
/// result is unproven (the engine cannot confirm the move wins, whatever its score).
#[must_use]
pub fn judge(rs: &Ruleset, goal: Goal, pos: &Position, lines: &[Line]) -> Judgement {
    let solver = pos.turn().opposite();
    let over = |verdict| Judgement {
        verdict,
        reply: None,
        solved: verdict == Verdict::Won,
    };
    if goal == Goal::FirstKing {
        let king = |c: Color| {
            (0..rs.geometry.len()).any(|i| {
                pos.piece_at(pdn::geometry::Square(i as u8))
                    .is_some_and(|p| p.color == c && p.role == Role::King)
            })
        };
        if king(solver) {
            return over(Verdict::Won);
        }
    }
    if pos.legal_moves(rs).is_empty() {
        return over(if goal == Goal::Losing {
            Verdict::Lost
        } else {
            Verdict::Won
        });
    }
    let Some(best) = lines.first() else {
        return over(Verdict::Unproven);
    };
    let reply = best.pv.first().copied();
    let verdict = match best.score.win_in() {
        Some(n) if n < 0 => Verdict::Won,
        Some(_) => Verdict::Lost,
        None => Verdict::Unproven,
    };
    let solved = verdict == Verdict::Won
        && goal == Goal::Losing
        && reply.is_some_and(|m| pos.play(&m).legal_moves(rs).is_empty());
    Judgement {
        verdict,
        reply,
        solved,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdn::Variant;

    /// Stepped a depth a call, the analysis is the one-call search's: the same lines and nodes
    /// at every depth (the same tree).
    #[test]
    fn stepping_gives_the_one_call_search() {
        let rs = Ruleset::of(Variant::International).unwrap();
        let pos = rs.start_position();
        // A depth limit with no share of time; a node budget with one (not used under it).
        for (limits, share) in [
            (Limits::depth(7), None),
            (Limits::nodes(30_000), Some(Duration::from_millis(1))),
        ] {
            let mut whole = Vec::new();
            let lines = Engine::new(rs.clone(), 1 << 16).analyse(&pos, &[], &limits, 2, |i| {
                whole.push((i.depth, i.nodes, i.lines[0].pv.clone()));
            });
            let mut a = Analyser::new(Engine::new(rs.clone(), 1 << 16), pos, Vec::new(), limits, 2);
            let mut steps = Vec::new();
            loop {
                match a.step(share) {
                    Step::Depth(i) => steps.push((i.depth, i.nodes, i.lines[0].pv.clone())),
                    Step::Working => {}
                    Step::Done => break,
                }
            }
            assert_eq!(steps, whole);
            assert_eq!(a.lines()[0].pv, lines[0].pv);
        }
    }

    #[test]
    fn a_side_with_no_move_is_done_at_once() {
        let rs = Ruleset::of(Variant::International).unwrap();
        let pos = Position::from_fen("W:W:B5", &rs.geometry, Color::White).unwrap();
        let mut a = Analyser::new(Engine::new(rs, 1024), pos, Vec::new(), Limits::depth(4), 1);
        assert!(matches!(a.step(None), Step::Done));
        assert!(a.lines().is_empty());
    }

    /// A share of time too short for a depth: the step says so and the next tries again with
    /// twice the share, until the depth gives a line; the analysis goes on deeper after it.
    #[test]
    fn a_depth_that_overruns_its_share_is_searched_again() {
        use std::sync::atomic::{AtomicU64, Ordering};
        static TICKS: AtomicU64 = AtomicU64::new(0);
        // A clock that moves a millisecond each time it is read: a share of 1 ms runs out at
        // the first look (every 2,048 nodes), 2^k ms after k looks.
        fn clock() -> f64 {
            TICKS.fetch_add(1, Ordering::Relaxed) as f64
        }
        let rs = Ruleset::of(Variant::International).unwrap();
        let limits = Limits {
            depth: Some(9),
            clock: Some(clock),
            ..Limits::default()
        };
        let mut a = Analyser::new(
            Engine::new(rs.clone(), 1 << 16).with_partial_depths(false),
            rs.start_position(),
            Vec::new(),
            limits,
            1,
        );
        let (mut depths, mut again) = (Vec::new(), 0);
        loop {
            match a.step(Some(Duration::from_millis(1))) {
                Step::Depth(i) => depths.push(i.depth),
                Step::Working => again += 1,
                Step::Done => break,
            }
        }
        assert_eq!(depths, (1..=9).collect::<Vec<_>>());
        assert!(again > 0, "no depth overran its share");
    }
}
