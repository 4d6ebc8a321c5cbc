//! Puzzles from a club's own games: the engine walks each game's mainline and keeps the
//! positions where one move wins material or the game and no other move does (a "shot"), each
//! written as a problem (`[FEN]`, the winning line as the mainline) that solve mode opens.
//!
//! Every position is searched for its two best lines under a node budget; a position is a
//! candidate when the best line wins at least `min_gain` of material (or a forced win) and the
//! best move's score is at least `min_gain` above the second's. A candidate is kept only when a
//! deeper search ([`CONFIRM`] times the budget) says the same with the same move. Node budgets,
//! never time: the same file gives the same puzzles on every run and machine (the CLI's
//! `pdn puzzles` and the page's worker step the same [`Finder`], an engine of [`PUZZLE_ENTRIES`]
//! a game).
//!
//! Left out on purpose: positions with a capture to make (the shot is then the forced capture,
//! or the game is in the middle of an exchange, whose material would count as won), positions
//! with one legal move, the goals other than the usual one (losing game, breakthrough), a shot
//! the game missed and that is still there a move later (the same first move: kept once), and
//! the positions inside a shot the game played (its solution covers them).

use pdn::{Color, Game, Move, Position, Ruleset};

use crate::review::Outcome;
use crate::search::{Engine, Limits, Score, key};

/// The first look at each position, in nodes (`pdn puzzles` without `--nodes`).
pub const PUZZLE_NODES: u64 = 20_000;

/// The confirming search's budget, in times the first look's.
pub const CONFIRM: u64 = 10;

/// The least material a shot must win, in hundredths of a man (`--min-gain`): one man.
pub const MIN_GAIN: i32 = 100;

/// The transposition table of each game's engine, in entries: the same for `pdn puzzles` and
/// the page's worker, since the table's size changes which lines a node budget reaches.
pub const PUZZLE_ENTRIES: usize = 1 << 18;

/// How hard to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Nodes of the first look at each position (the confirming search gets [`CONFIRM`] times
    /// as many).
    pub nodes: u64,
    /// The least material won by the shot, and the least margin over the second-best move, in
    /// hundredths of a man.
    pub min_gain: i32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            nodes: PUZZLE_NODES,
            min_gain: MIN_GAIN,
        }
    }
}

/// One shot found.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Plies of the mainline played before the position (0: the game's start).
    pub index: usize,
    /// The position, the side to move to find the shot.
    pub position: Position,
    /// The winning line, until the material is won (or the whole forced win).
    pub solution: Vec<Move>,
    /// The best move's score (confirmed), from the side to move's view.
    pub best: Score,
    /// The second-best move's score in the same search.
    pub second: Score,
    /// Material won by the solution, in hundredths of a man (pieces: see [`balance`]).
    pub gain: i32,
    /// Whether the game's own move was the shot (`None`: the game ends at the position).
    pub played: Option<bool>,
}

impl Puzzle {
    /// Whether the best line is a forced win.
    #[must_use]
    pub fn wins_game(&self) -> bool {
        self.best.win_in().is_some_and(|n| n > 0)
    }
}

/// `side`'s pieces less the other side's, in hundredths of a man: the material a shot wins
/// is counted in pieces taken, a king as one (a man crowned wins no material here; a
/// breakthrough to a king counts when it wins the game).
#[must_use]
pub fn balance(pos: &Position, side: Color) -> i32 {
    (pos.count(side) as i32 - pos.count(side.opposite()) as i32) * 100
}

/// A score on one scale: forced wins and losses as ±100 men less the plies.
fn linear(s: Score) -> i32 {
    match s.win_in() {
        Some(n) if n > 0 => 10_000 - n,
        Some(n) => -10_000 - n,
        None => s.0,
    }
}

/// The shot in `pos` (reached through `history`, the game's earlier positions), if it has one:
/// see the module's rules. `index` is stored in the puzzle; `played` is left `None`.
pub fn shot(
    engine: &mut Engine,
    pos: &Position,
    history: &[Position],
    index: usize,
    opts: &Options,
) -> Option<Puzzle> {
    let rs = engine.ruleset().clone();
    if pos.must_capture(&rs) || pos.legal_moves(&rs).len() < 2 {
        return None;
    }
    let first = candidate(engine, &rs, pos, history, opts.nodes, opts)?;
    let deeper = opts.nodes.saturating_mul(CONFIRM);
    let confirmed = candidate(engine, &rs, pos, history, deeper, opts)?;
    if first.solution.first() != confirmed.solution.first() {
        return None;
    }
    Some(Puzzle { index, ..confirmed })
}

/// One search of `pos` for two lines within `nodes`, judged by the module's rules.
fn candidate(
    engine: &mut Engine,
    rs: &Ruleset,
    pos: &Position,
    history: &[Position],
    nodes: u64,
    opts: &Options,
) -> Option<Puzzle> {
    let lines = engine.analyse(pos, history, &Limits::nodes(nodes), 2, |_| {});
    let [best, second, ..] = lines.as_slice() else {
        return None;
    };
    // Not a shot: another move is about as good, or wins anyway (the position is won
    // without it: technique, not a puzzle).
    if linear(best.score) - linear(second.score) < opts.min_gain
        || Outcome::of(second.score) == Outcome::Win
    {
        return None;
    }
    let me = pos.turn();
    let start = balance(pos, me);
    let forced = best.score.win_in().is_some_and(|n| n > 0);
    // The line up to the first quiet position where the material is won.
    let mut p = *pos;
    let mut end = None;
    for (k, m) in best.pv.iter().enumerate() {
        p = p.play(m);
        let gain = balance(&p, me) - start;
        if gain >= opts.min_gain && !p.must_capture(rs) {
            end = Some((k + 1, gain));
            break;
        }
    }
    let (len, gain) = match end {
        Some(e) => e,
        None if forced => (best.pv.len(), balance(&p, me) - start),
        None => return None,
    };
    Some(Puzzle {
        index: 0,
        position: *pos,
        solution: best.pv[..len].to_vec(),
        best: best.score,
        second: second.score,
        gain,
        played: None,
    })
}

/// The shots of one mainline, found a position at a time (the page's worker steps it between
/// messages; the CLI's [`find`] runs it through).
#[derive(Clone, Debug)]
pub struct Finder {
    positions: Vec<Position>,
    opts: Options,
    next: usize,
    found: Vec<Puzzle>,
    /// Positions before this index are inside a shot the game played.
    covered: usize,
}

impl Finder {
    /// The search of the mainline whose positions are `positions` (the start first, then the
    /// position after each ply).
    #[must_use]
    pub fn new(positions: Vec<Position>, opts: Options) -> Finder {
        Finder {
            positions,
            opts,
            next: 0,
            found: Vec::new(),
            covered: 0,
        }
    }

    /// Positions in all.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there is no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Positions looked at so far.
    #[must_use]
    pub fn done(&self) -> usize {
        self.next
    }

    /// Looks at the next position; returns its index, or `None` when all are done.
    pub fn step(&mut self, engine: &mut Engine) -> Option<usize> {
        let i = self.next;
        let pos = *self.positions.get(i)?;
        self.next += 1;
        if i == 0 {
            // As a review does: the endgame database the game's end wants, from the start.
            if let Some(last) = self.positions.last() {
                engine.take_egdb_for(last);
            }
        }
        // The last position has no move of the game's after it: a shot there is still one.
        if i < self.covered {
            return Some(i);
        }
        let Some(mut p) = shot(engine, &pos, &self.positions[..i], i, &self.opts) else {
            return Some(i);
        };
        // A shot missed two plies ago and still there with the same move: kept once.
        let same_as_before = self.found.last().is_some_and(|q| {
            q.index + 2 == i
                && q.solution.first().map(Move::path) == p.solution.first().map(Move::path)
        });
        if same_as_before {
            return Some(i);
        }
        // How far the game followed the solution.
        let mut followed = 0;
        let mut at = pos;
        for m in &p.solution {
            at = at.play(m);
            match self.positions.get(i + followed + 1) {
                Some(n) if key(n) == key(&at) => followed += 1,
                _ => break,
            }
        }
        p.played = (i + 1 < self.positions.len()).then_some(followed > 0);
        self.covered = i + followed + 1;
        self.found.push(p);
        Some(i)
    }

    /// The shots found so far, in the game's order.
    #[must_use]
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.found
    }

    /// The shots found, taken.
    #[must_use]
    pub fn into_puzzles(self) -> Vec<Puzzle> {
        self.found
    }
}

/// The shots of the replayed mainline `r`. `progress` is called with (positions done, in all).
pub fn find(
    engine: &mut Engine,
    r: &pdn::replay::Replay,
    opts: &Options,
    mut progress: impl FnMut(usize, usize),
) -> Vec<Puzzle> {
    let Some(start) = r.start else {
        return Vec::new();
    };
    let positions: Vec<Position> = std::iter::once(start)
        .chain(r.plies.iter().map(|p| p.position))
        .collect();
    let mut run = Finder::new(positions, *opts);
    while run.step(engine).is_some() {
        progress(run.done(), run.len());
    }
    run.into_puzzles()
}

/// A tag's value as PDN writes it: `\` and `"` escaped.
fn quoted(value: &str) -> String {
    let mut s = String::with_capacity(value.len() + 2);
    s.push('"');
    for c in value.chars() {
        if c == '"' || c == '\\' {
            s.push('\\');
        }
        if c != '\n' && c != '\r' {
            s.push(c);
        }
    }
    s.push('"');
    s
}

/// A comment's words as PDN writes them: no `}` inside.
fn comment_text(text: &str) -> String {
    text.replace('}', ")")
}

/// The move number (PDN's, the first player's move and the reply one number) of the position
/// after `index` plies from the game's start, when the game's first position had `first` to
/// move.
fn move_number(index: usize, start_turn: Color, first: Color) -> usize {
    let offset = usize::from(start_turn != first);
    (index + offset) / 2 + 1
}

/// Writes `puzzle`, found in `game` (its replay's ruleset `rs`, its first position's side to
/// move `start_turn`), as a problem game into `out`: the game's players, event, site, date and
/// round; `Event` with the move number added, so that each problem has its own title; its
/// GameType; the position as `[FEN]`; a comment saying what the shot wins and where it comes
/// from; the solution as the mainline, in the game's notation (`short`: Russian short
/// notation). `out` gets a blank line first when it is not empty.
pub fn write_problem(
    out: &mut String,
    game: &Game,
    rs: &Ruleset,
    start_turn: Color,
    puzzle: &Puzzle,
    short: bool,
) {
    let g = &rs.geometry;
    let first = g.spec().first_player;
    let number = move_number(puzzle.index, start_turn, first);
    let tag = |name: &str| {
        game.tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    let event = tag("Event");
    let (white, black) = (tag("White"), tag("Black"));
    let side = puzzle.position.turn();
    let title = format!("{}, move {number}", event.unwrap_or("Game"));
    if !out.is_empty() {
        out.push('\n');
    }
    let mut tags: Vec<(&str, String)> = vec![("Event", title)];
    for name in ["Site", "Date", "Round"] {
        if let Some(v) = tag(name) {
            tags.push((name, v.to_string()));
        }
    }
    tags.push(("White", white.unwrap_or("?").to_string()));
    tags.push(("Black", black.unwrap_or("?").to_string()));
    tags.push(("Result", "*".to_string()));
    let gametype = game
        .tag("GameType")
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map_or_else(|| rs.variant.gametype().to_string(), str::to_string);
    tags.push(("GameType", gametype));
    tags.push(("FEN", puzzle.position.to_fen(g)));
    for (name, value) in &tags {
        out.push('[');
        out.push_str(name);
        out.push(' ');
        out.push_str(&quoted(value));
        out.push_str("]\n");
    }
    let mover = if side == Color::White {
        "White"
    } else {
        "Black"
    };
    let wins = if puzzle.wins_game() {
        "wins the game".to_string()
    } else {
        let men = f64::from(puzzle.gain) / 100.0;
        format!(
            "wins {men} {}",
            if puzzle.gain == 100 { "man" } else { "men" }
        )
    };
    let players = match (white, black) {
        (Some(w), Some(b)) => format!("{w} – {b}"),
        _ => "the game".to_string(),
    };
    let from = match event {
        Some(e) => format!("{players}, {e}"),
        None => players,
    };
    let was = match puzzle.played {
        Some(true) => " (played in the game)",
        Some(false) => " (missed in the game)",
        None => " (the game's last position)",
    };
    out.push_str(&format!(
        "\n{{{}}}\n",
        comment_text(&format!(
            "{mover} to play {wins}. From {from}, move {number}{was}."
        ))
    ));
    let sep = rs.variant.capture_separator();
    let mut p = puzzle.position;
    let mut line = String::new();
    let mut n = 1;
    for (k, m) in puzzle.solution.iter().enumerate() {
        let legal = p.legal_moves(rs);
        let text = pdn::edit::move_text(g, &legal, m, sep, short);
        if p.turn() == first {
            line.push_str(&format!("{n}. "));
        } else if k == 0 {
            line.push_str(&format!("{n}... "));
        }
        line.push_str(&text);
        line.push(' ');
        if p.turn() != first {
            n += 1;
        }
        p = p.play(m);
    }
    line.push_str("*\n");
    out.push_str(&line);
}

/// What one [`FileRun::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Looked at position `done` of `of` of game `game` (numbered from 1 in the file).
    Position {
        /// The game's number in the file.
        game: usize,
        /// Positions of its mainline looked at so far.
        done: usize,
        /// Positions of its mainline.
        of: usize,
    },
    /// Game `game` is done: `found` shots, written into the problem file.
    Game {
        /// The game's number in the file.
        game: usize,
        /// Its shots.
        found: usize,
    },
    /// Game `game` was passed over: its variant's rules are missing (`rules`), or it is not
    /// played for the usual goal.
    Skipped {
        /// The game's number in the file.
        game: usize,
        /// `true`: no rules; `false`: another goal.
        rules: bool,
    },
}

/// The game being searched by a [`FileRun`].
struct Current {
    number: usize,
    engine: Engine,
    finder: Finder,
    start_turn: Color,
    short: bool,
}

/// The shots of a whole file, a position at a time, written as one problem file: what
/// `pdn puzzles FILE` prints and the page's "Find the shots in this file" offers are the same
/// text, since both step this (a fresh engine of [`PUZZLE_ENTRIES`] a game, node budgets).
pub struct FileRun {
    games: Vec<(usize, Game)>,
    opts: Options,
    next: usize,
    current: Option<Current>,
    out: String,
    found: usize,
}

impl FileRun {
    /// The games of `text` (only game `only`, from 1, when given), searched with `opts`.
    #[must_use]
    pub fn new(text: &str, only: Option<usize>, opts: Options) -> FileRun {
        let games = pdn::read_file(text)
            .games
            .into_iter()
            .enumerate()
            .map(|(i, g)| (i + 1, g))
            .filter(|(i, _)| only.is_none_or(|n| n == *i))
            .collect();
        FileRun {
            games,
            opts,
            next: 0,
            current: None,
            out: String::new(),
            found: 0,
        }
    }

    /// Games to search.
    #[must_use]
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// The games' rules, in order (the CLI installs an endgame database for them first).
    #[must_use]
    pub fn rulesets(&self) -> Vec<Ruleset> {
        self.games
            .iter()
            .filter_map(|(_, g)| pdn::replay::replay(g).ruleset.map(|rs| (*rs).clone()))
            .collect()
    }

    /// Does the next piece of work: one position, or a game's end or passing over; `None` when
    /// every game is done.
    pub fn step(&mut self) -> Option<Step> {
        if self.current.is_none() {
            let (number, game) = self.games.get(self.next)?;
            let number = *number;
            let r = pdn::replay::replay(game);
            let goal = pdn::variant::Goal::of_tags(game.tag("GameType"), game.tag("Variant"));
            let (Some(rs), Some(start)) = (r.ruleset.clone(), r.start) else {
                self.next += 1;
                return Some(Step::Skipped {
                    game: number,
                    rules: true,
                });
            };
            if goal != pdn::variant::Goal::Standard {
                self.next += 1;
                return Some(Step::Skipped {
                    game: number,
                    rules: false,
                });
            }
            let positions = std::iter::once(start)
                .chain(r.plies.iter().map(|p| p.position))
                .collect();
            self.current = Some(Current {
                number,
                engine: Engine::new((*rs).clone(), PUZZLE_ENTRIES),
                finder: Finder::new(positions, self.opts),
                start_turn: start.turn(),
                short: pdn::edit::writes_short(game),
            });
        }
        let c = self.current.as_mut()?;
        if c.finder.step(&mut c.engine).is_some() {
            return Some(Step::Position {
                game: c.number,
                done: c.finder.done(),
                of: c.finder.len(),
            });
        }
        let c = self.current.take()?;
        let game = &self.games[self.next].1;
        let rs = c.engine.ruleset();
        for p in c.finder.puzzles() {
            write_problem(&mut self.out, game, rs, c.start_turn, p, c.short);
        }
        let found = c.finder.puzzles().len();
        self.found += found;
        self.next += 1;
        Some(Step::Game {
            game: c.number,
            found,
        })
    }

    /// Shots found so far.
    #[must_use]
    pub fn found(&self) -> usize {
        self.found
    }

    /// The problem file so far (PDN: one game a shot).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.out
    }
}
