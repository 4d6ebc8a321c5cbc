//! Endgame problems with a known result, each searched for a fixed time:
//!
//!   cargo run --release -p pdn-engine --example problems -- MS [--only LOG] FILE...
//!
//! With `PDN_EGDB=FILE` the English endgame database is read from FILE (`pdn egdb`) instead of
//! built (four pieces) on first need.
//!
//! With `--only LOG` (an earlier run's output) only the problems that run did not solve are
//! searched: a longer time for the hard ones. With `--strict` (first) a win counts as solved
//! only when proved, a draw only when held.
//!
//! A problem is a game with a set-up position (`FEN`) and a decided or drawn `Result`, read as
//! the file writes results (the Explorer's reading: [`pdn::explore::Index::result`]). For a win
//! the search must prove it (a forced win for the side that the result names, found within the
//! time); short of that it is counted when it scores that side a man or more ahead ("ahead a
//! man") or a quarter of a man ("favoured", which is what "not solved" means); when the file gives the
//! solution, its first move is compared with the engine's. For a draw the score must stay within
//! half a man. Prints one line per problem not solved and the totals per file.

use std::time::Duration;

use pdn::explore::Index;
use pdn::replay::{Outcome, replay};
use pdn::variant::Goal;
use pdn_engine::{Engine, Limits};

#[derive(Default)]
struct Tally {
    wins: usize,
    proved: usize,
    favoured: usize,
    ahead: usize,
    draws: usize,
    held: usize,
    with_solution: usize,
    same_first: usize,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ms: u64 = args
        .first()
        .and_then(|a| a.parse().ok())
        .expect("MS FILE...");
    let mut files = &args[1..];
    let strict = files.first().is_some_and(|a| a == "--strict");
    if strict {
        files = &files[1..];
    }
    // (file name, game number) of the problems an earlier run did not solve.
    let mut only: Option<Vec<(String, usize)>> = None;
    if files.first().is_some_and(|a| a == "--only") {
        let log = std::fs::read_to_string(&files[1]).expect("a log");
        only = Some(
            log.lines()
                .filter_map(|l| {
                    let rest = l.trim().strip_prefix("not solved: ")?;
                    let (name, rest) = rest.split_once(" game ")?;
                    let n = rest.split_whitespace().next()?.parse().ok()?;
                    Some((name.to_string(), n))
                })
                .collect(),
        );
        files = &files[2..];
    }
    // With PDN_EGDB naming a file `pdn egdb` wrote (English), the engines use it.
    if let Some(path) = std::env::var_os("PDN_EGDB") {
        let bytes = std::fs::read(path).expect("PDN_EGDB: a file");
        let rs = pdn::Ruleset::of(pdn::Variant::English).expect("English");
        let db = pdn_engine::egdb::Egdb::from_bytes(&rs, &bytes).expect("an English database");
        pdn_engine::egdb::install(db);
    }
    let mut total = Tally::default();
    for path in files {
        let name = path.rsplit('/').next().unwrap_or(path);
        let bytes = std::fs::read(path).expect("a file");
        let file = pdn::read_bytes(&bytes);
        let index = Index::build(&file.games);
        let mut t = Tally::default();
        for (i, game) in file.games.iter().enumerate() {
            if game.tag("FEN").is_none()
                || only
                    .as_ref()
                    .is_some_and(|o| !o.iter().any(|(f, n)| f == name && *n == i + 1))
            {
                continue;
            }
            let Some(expected) = index.result(i) else {
                continue;
            };
            let r = replay(game);
            let (Some(rs), Some(start)) = (r.ruleset.clone(), r.start) else {
                continue;
            };
            let goal = Goal::of_tags(game.tag("GameType"), game.tag("Variant"));
            let mut engine = Engine::with_goal((*rs).clone(), goal, 1 << 20);
            let limits = Limits {
                movetime: Some(Duration::from_millis(ms)),
                ..Limits::default()
            };
            let lines = engine.analyse(&start, &[], &limits, 1, |_| {});
            let Some(best) = lines.first() else { continue };
            let turn = start.turn();
            let label = |m: &pdn::Move| {
                format!("{}-{}", rs.geometry.label(m.from), rs.geometry.label(m.to))
            };
            let ok = match expected {
                Outcome::Win(winner) => {
                    t.wins += 1;
                    let sign = if winner == turn { 1 } else { -1 };
                    let proved = best.score.win_in().is_some_and(|n| n * sign > 0);
                    let ahead = proved || best.score.men() * f64::from(sign) >= 1.0;
                    let favoured = proved || best.score.men() * f64::from(sign) >= 0.25;
                    t.proved += usize::from(proved);
                    t.favoured += usize::from(favoured);
                    t.ahead += usize::from(ahead);
                    if let (Some(first), Some(mine)) = (r.plies.first(), best.pv.first()) {
                        if winner == turn {
                            t.with_solution += 1;
                            let same = first.mv.from == mine.from
                                && first.mv.to == mine.to
                                && first.mv.captured == mine.captured;
                            t.same_first += usize::from(same);
                        }
                    }
                    if strict { proved } else { favoured }
                }
                Outcome::Draw => {
                    t.draws += 1;
                    let held = best.score.win_in().is_none() && best.score.men().abs() < 0.5;
                    t.held += usize::from(held);
                    held
                }
            };
            if !ok {
                println!(
                    "  not solved: {} game {} ({}) {:?}: score {:.2} win {:?} pv {}",
                    name,
                    i + 1,
                    game.tag("Event").unwrap_or(""),
                    expected,
                    best.score.men(),
                    best.score.win_in(),
                    best.pv.iter().map(label).collect::<Vec<_>>().join(" ")
                );
            }
        }
        println!(
            "{}: wins {} (proved {}, ahead a man {}, favoured {}), first move as the solution {}/{}; draws {} (held {})",
            name,
            t.wins,
            t.proved,
            t.ahead,
            t.favoured,
            t.same_first,
            t.with_solution,
            t.draws,
            t.held
        );
        total.wins += t.wins;
        total.proved += t.proved;
        total.ahead += t.ahead;
        total.favoured += t.favoured;
        total.draws += t.draws;
        total.held += t.held;
        total.with_solution += t.with_solution;
        total.same_first += t.same_first;
    }
    println!(
        "total at {ms} ms: wins {} (proved {}, ahead a man {}, favoured {}), first move as the solution {}/{}; draws {} (held {})",
        total.wins,
        total.proved,
        total.ahead,
        total.favoured,
        total.same_first,
        total.with_solution,
        total.draws,
        total.held
    );
}
