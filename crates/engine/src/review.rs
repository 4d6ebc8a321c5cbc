//! Game review: the engine run through a game's mainline, each move scored against the best
//! one, and the mistakes marked as a player would (`?!` an inaccuracy, `?` a mistake, `??` a
//! blunder) with the better move and each position's evaluation written as `[%eval]`.
//!
//! One search per position, under a node budget (the same verdicts on every run and machine:
//! the page's worker and `pdn review` step the same [`Reviewer`]). The move played, when it is
//! not the engine's, is scored in the position it was played from, to the depth the best move
//! was, so that the two are weighed on one scale (the next position's own search may see
//! further or less far). A move is marked by what it lost: in men, or by the change of the
//! outcome (a won position thrown to a draw, a drawn one to a loss); a move that keeps a won
//! position won, or loses less than [`THRESHOLDS`]' least, is not marked.

use pdn::edit::{self, Place};
use pdn::replay::Replay;
use pdn::{Color, Game, Move, Position};

use crate::search::{Engine, Limits, Score, key};

/// A move's loss, in hundredths of a man, from which it is marked (inaccuracy, mistake,
/// blunder). Wins and losses in a number of plies count as a very large score, so that
/// missing a forced win or walking into a forced loss is a blunder.
pub const THRESHOLDS: [(i32, &str); 3] = [(200, "??"), (80, "?"), (30, "?!")];

/// A score from which a position counts as won (or, turned round, lost), in hundredths of a
/// man: three men up, or a forced win found.
pub const DECIDED: i32 = 300;

/// The nodes a review gives each position by default (`pdn review` without a limit, the page's
/// "Normal"): a node budget, not a time, so that every run and machine gives the same marks.
pub const REVIEW_NODES: u64 = 100_000;

/// The transposition table of a review's engine, in entries: the same for `pdn review` and the
/// page's worker, since the table's size changes which lines a node budget reaches.
pub const REVIEW_ENTRIES: usize = 1 << 18;

/// What a position is worth to the side to move, roughly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Lost: a forced loss found, or [`DECIDED`] down.
    Loss,
    /// Neither won nor lost.
    Draw,
    /// Won: a forced win found, or [`DECIDED`] up.
    Win,
}

impl Outcome {
    /// The outcome a score stands for.
    #[must_use]
    pub fn of(s: Score) -> Outcome {
        match s.win_in() {
            Some(n) if n > 0 => Outcome::Win,
            Some(_) => Outcome::Loss,
            None if s.0 >= DECIDED => Outcome::Win,
            None if s.0 <= -DECIDED => Outcome::Loss,
            None => Outcome::Draw,
        }
    }

    /// Its name in `pdn review`'s words and the page's JSON: `win`, `draw`, `loss`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }
}

/// What the review found of one ply.
#[derive(Clone, Debug)]
pub struct PlyReview {
    /// The ply's number (1 for the first move).
    pub ply: usize,
    /// Who played it.
    pub side: Color,
    /// The best score before the move, from the mover's view.
    pub best: Score,
    /// The engine's move there.
    pub best_move: Option<Move>,
    /// The score of the move played, from the mover's view.
    pub played: Score,
    /// `best - played`, in hundredths of a man (0 when the move played was the best).
    pub loss: i32,
    /// `?!`, `?`, `??` or empty.
    pub mark: &'static str,
    /// The outcome thrown away, when the move changed it: (before, after) from the mover's
    /// view, such as (win, draw).
    pub change: Option<(Outcome, Outcome)>,
}

impl PlyReview {
    /// What the move lost, in words for `pdn review`'s comment: `win → draw` when it changed
    /// the outcome, else `-1.20` (men).
    #[must_use]
    pub fn lost_text(&self) -> String {
        match self.change {
            Some((a, b)) => format!("{} → {}", a.name(), b.name()),
            None => format!("-{:.2}", f64::from(capped(self.loss)) / 100.0),
        }
    }
}

/// A whole game's review.
#[derive(Clone, Debug, Default)]
pub struct Review {
    /// Each ply of the mainline that could be replayed.
    pub plies: Vec<PlyReview>,
    /// The evaluation of each position from ply 0 on, from White's view (for `[%eval]` and the
    /// graph).
    pub evals: Vec<Score>,
}

impl Review {
    /// Per side (White, Black): inaccuracies, mistakes, blunders, and the mean loss in men.
    #[must_use]
    pub fn summary(&self) -> [(usize, usize, usize, f64); 2] {
        let mut out = [(0, 0, 0, 0.0); 2];
        let mut n = [0usize; 2];
        for p in &self.plies {
            let c = usize::from(p.side == Color::Black);
            match p.mark {
                "?!" => out[c].0 += 1,
                "?" => out[c].1 += 1,
                "??" => out[c].2 += 1,
                _ => {}
            }
            out[c].3 += f64::from(capped(p.loss)) / 100.0;
            n[c] += 1;
        }
        for c in 0..2 {
            if n[c] > 0 {
                out[c].3 /= n[c] as f64;
            }
        }
        out
    }
}

/// Losses past ten men (a forced result) count as ten in the mean.
fn capped(loss: i32) -> i32 {
    loss.min(1000)
}

/// The mark for a loss in hundredths of a man.
#[must_use]
pub fn mark_of(loss: i32) -> &'static str {
    THRESHOLDS
        .iter()
        .find(|(t, _)| loss >= *t)
        .map_or("", |(_, m)| m)
}

/// The judgement of a move scored `played` where the best scored `best` (both from the mover's
/// view, one search's scale): its loss in hundredths of a man (a forced result counting as a
/// hundred men less its plies), its mark, and the outcome it threw away. A move that keeps a
/// won position won (whatever it gives up of the margin or the plies to the win), or keeps a
/// lost one lost when the loss is forced, is not marked; a won position thrown to a draw or a
/// drawn one to a loss (with a mistake's loss at least) is said as such, a won one to a loss
/// is a blunder.
#[must_use]
pub fn judge(best: Score, played: Score) -> (i32, &'static str, Option<(Outcome, Outcome)>) {
    let loss = (loss_of(best) - loss_of(played)).max(0);
    let (a, b) = (Outcome::of(best), Outcome::of(played));
    // Across the line between won and drawn by a little (3.05 to 2.95 men) is no change: the
    // outcome counts as thrown away only with a mistake's loss.
    if b >= a || loss < THRESHOLDS[1].0 {
        let kept = a == Outcome::Win || (a == Outcome::Loss && best.win_in().is_some());
        return (loss, if kept { "" } else { mark_of(loss) }, None);
    }
    let at_least = if a == Outcome::Win && b == Outcome::Loss {
        "??"
    } else {
        "?"
    };
    let by_men = mark_of(loss);
    let mark = if by_men == "??" { "??" } else { at_least };
    (loss, mark, Some((a, b)))
}

/// A review run one position at a time (the browser's worker steps it between messages; the
/// CLI's [`review`] runs it through): the mainline's positions, each searched with the game's
/// earlier positions known to the draw rules, and each ply judged as soon as the positions
/// before and after it are searched.
#[derive(Clone, Debug)]
pub struct Reviewer {
    positions: Vec<Position>,
    bests: Vec<(Score, Option<Move>)>,
    /// Per position searched, the score there of the move the game played from it when it is
    /// not the engine's (`None`: the engine's, or no move followed).
    played: Vec<Option<Score>>,
}

impl Reviewer {
    /// The review of the mainline whose positions are `positions` (the start first, then the
    /// position after each ply).
    #[must_use]
    pub fn new(positions: Vec<Position>) -> Reviewer {
        Reviewer {
            bests: Vec::with_capacity(positions.len()),
            played: Vec::with_capacity(positions.len()),
            positions,
        }
    }

    /// Positions in all.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there is no position to review.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Positions searched so far.
    #[must_use]
    pub fn done(&self) -> usize {
        self.bests.len()
    }

    /// Searches the next position within `limits` (and, when the game's move from it is not
    /// the engine's, that move to the same depth); returns its index (0 for the start), or
    /// `None` when every position is searched.
    pub fn step(&mut self, engine: &mut Engine, limits: &Limits) -> Option<usize> {
        let i = self.bests.len();
        let pos = self.positions.get(i)?;
        if i == 0 {
            // The endgame database the mainline's end wants is taken from the start (as the
            // page's worker installs it before the review), so that every position is searched
            // with it or every one without.
            if let Some(last) = self.positions.last() {
                engine.take_egdb_for(last);
            }
        }
        let mut depth = 0;
        let lines = engine.analyse(pos, &self.positions[..i], limits, 1, |info| {
            depth = info.depth;
        });
        let best = match lines.first() {
            Some(l) => (l.score, l.pv.first().copied()),
            // No move: the side to move has lost (or won, in the losing game).
            None => (Score(-crate::search::WIN), None),
        };
        let next = self.positions.get(i + 1);
        let same = |m: &Move| next.is_some_and(|n| key(&pos.play(m)) == key(n));
        let played = match (next, best.1) {
            (Some(n), Some(m)) if !same(&m) && depth > 1 => {
                // The move played, to the depth the best one was searched to (its own budget:
                // a few times the position's, so that it ends within the limit's order).
                let child = Limits {
                    depth: Some(depth - 1),
                    nodes: limits.nodes.map(|k| k.saturating_mul(4)),
                    ..limits.clone()
                };
                let history = &self.positions[..=i];
                let reply = engine.analyse(n, history, &child, 1, |_| {});
                Some(
                    reply
                        .first()
                        .map_or_else(|| Score(crate::search::WIN - 1), |l| Score(-l.score.0)),
                )
            }
            _ => None,
        };
        self.bests.push(best);
        self.played.push(played);
        Some(i)
    }

    /// The evaluation of searched position `i`, from White's view.
    #[must_use]
    pub fn eval(&self, i: usize) -> Option<Score> {
        let (s, _) = self.bests.get(i)?;
        Some(s.for_white(self.positions[i].turn()))
    }

    /// What the review found of ply `ply` (1 for the first move), once the positions before
    /// and after it are searched. The move played counts as the best when it leads to the
    /// position the engine's move leads to; otherwise it is weighed by its own score in the
    /// position before it (see [`Reviewer::step`]), and no better than the best.
    #[must_use]
    pub fn ply(&self, ply: usize) -> Option<PlyReview> {
        let i = ply.checked_sub(1)?;
        let (best, best_move) = *self.bests.get(i)?;
        let (after, _) = *self.bests.get(ply)?;
        let before = &self.positions[i];
        let same = best_move.is_some_and(|m| key(&before.play(&m)) == key(&self.positions[ply]));
        // The move's own score where it was played; the next position's search when it had
        // none (a depth-1 search, or no move of the engine's).
        let played = if same {
            best
        } else {
            self.played
                .get(i)
                .copied()
                .flatten()
                .unwrap_or(Score(-after.0))
                .min(best)
        };
        let (loss, mark, change) = if same {
            (0, "", None)
        } else {
            judge(best, played)
        };
        Some(PlyReview {
            ply,
            side: before.turn(),
            best,
            best_move,
            played,
            loss,
            mark,
            change,
        })
    }

    /// Position `i` of the mainline (0: the start).
    #[must_use]
    pub fn position(&self, i: usize) -> Option<&Position> {
        self.positions.get(i)
    }

    /// The position before ply `ply` (where its better move is played from).
    #[must_use]
    pub fn before(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply.checked_sub(1)?)
    }

    /// The review of the positions searched so far.
    #[must_use]
    pub fn review(&self) -> Review {
        Review {
            plies: (1..self.bests.len()).filter_map(|p| self.ply(p)).collect(),
            evals: (0..self.bests.len()).filter_map(|i| self.eval(i)).collect(),
        }
    }
}

/// Reviews the replayed mainline `r`, each position searched within `limits`. `progress` is
/// called with (positions done, positions in all).
pub fn review(
    engine: &mut Engine,
    r: &Replay,
    limits: &Limits,
    mut progress: impl FnMut(usize, usize),
) -> Review {
    let Some(start) = r.start else {
        return Review::default();
    };
    let positions: Vec<Position> = std::iter::once(start)
        .chain(r.plies.iter().map(|p| p.position))
        .collect();
    let mut run = Reviewer::new(positions);
    while run.step(engine, limits).is_some() {
        progress(run.done(), run.len());
    }
    run.review()
}

/// A score on one scale for losses: forced wins and losses as ±100 men less the plies.
fn loss_of(s: Score) -> i32 {
    match s.win_in() {
        Some(n) if n > 0 => 10_000 - n,
        Some(n) => -10_000 - n,
        None => s.0,
    }
}

/// Writes a review into `game`: each position's `[%eval]` (White's view, in men, or `#n` for
/// a forced win in n plies) in the comment of the move that led there (an `[%eval]` already
/// there is replaced; every other command and the author's words stay), the marks, and after a
/// marked move the better move in words.
pub fn annotate(game: &mut Game, r: &Replay, review: &Review, engine: &Engine) {
    let g = &engine.ruleset().geometry;
    let sep = engine.ruleset().variant.capture_separator();
    let Some(start) = r.start else { return };
    // The better moves as the game writes its own (Russian short notation in a game so written).
    let short = pdn::edit::writes_short(game);
    let mut before = start;
    for (i, p) in review.plies.iter().enumerate() {
        let eval = review.evals.get(i + 1).copied().unwrap_or(Score(0));
        let mut added = vec![format!("[%eval {}]", eval_text(eval))];
        if !p.mark.is_empty() {
            let _ = edit::set_strength(game, r, Place::main(p.ply), p.mark);
            if let Some(m) = p.best_move {
                let legal = before.legal_moves(engine.ruleset());
                added.push(format!(
                    "Better: {} ({}).",
                    pdn::edit::move_text(g, &legal, &m, sep, short),
                    p.lost_text()
                ));
            }
        }
        let ply = &r.plies[i];
        if let Some(node) = game.moves.get_mut(ply.node + ply.joined) {
            node.comments = with_review(&node.comments, &added);
        }
        before = ply.position;
    }
}

/// One comment: the old commands but `[%eval]`, the review's eval, the old words, the review's
/// words.
fn with_review(comments: &[String], added: &[String]) -> Vec<String> {
    let mut commands = Vec::new();
    let mut words = Vec::new();
    for c in comments {
        let parsed = pdn::comment::parse(c);
        for cmd in parsed
            .commands
            .iter()
            .filter(|c| !c.name.eq_ignore_ascii_case("eval"))
        {
            commands.push(cmd.to_string());
        }
        if !parsed.text.is_empty() {
            words.push(parsed.text);
        }
    }
    let (eval, rest) = added
        .split_first()
        .map_or((None, &[][..]), |(e, r)| (Some(e.clone()), r));
    let parts: Vec<String> = commands
        .into_iter()
        .chain(eval)
        .chain(words)
        .chain(rest.iter().cloned())
        .collect();
    vec![parts.join(" ")]
}

/// `[%eval]`'s value: men with two decimals, or `#n` / `#-n` for a forced result in n plies.
#[must_use]
pub fn eval_text(s: Score) -> String {
    match s.win_in() {
        Some(n) => format!("#{n}"),
        None => format!("{:.2}", s.men()),
    }
}
