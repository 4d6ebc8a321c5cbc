//! `pdn puzzles FILE`: the shots found in a file's games (`pdn_engine::puzzles`), written as a
//! problem file (PDN, one game a shot: `[FEN]`, the solution as the mainline) on standard output
//! or to `-o OUT`; per game, the count on standard error. Node budgets only: the same file
//! gives the same problems on every run and machine.

use std::io::{self, Write};
use std::process::ExitCode;

use pdn::variant::Goal;
use pdn_engine::Engine;
use pdn_engine::puzzles::{self, Options, PUZZLE_ENTRIES};

use crate::args::PUZZLES_USAGE;

/// Runs `pdn puzzles` with the arguments after the subcommand.
pub fn run(args: &[String]) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("pdn puzzles: {msg}\nusage: {PUZZLES_USAGE}");
        ExitCode::from(2)
    };
    let o = match crate::args::parse::<crate::args::Puzzles>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let Some(path) = o.file else {
        return fail("give a FILE".to_string());
    };
    if !(o.min_gain.is_finite() && (0.01..=100.0).contains(&o.min_gain)) {
        return fail(format!(
            "--min-gain {} is not a number of men from 0.01 to 100",
            o.min_gain
        ));
    }
    let opts = Options {
        nodes: o.nodes,
        min_gain: (o.min_gain * 100.0).round() as i32,
    };
    let only = o.game.map(|n| n.max(1) as usize);
    let text = match crate::files::read_text(&path) {
        Ok(text) => text,
        Err(why) => return fail(why),
    };
    let mut games = Vec::new();
    let mut i = 0;
    pdn::reader::read_each_game(&text, |g| {
        i += 1;
        if only.is_none_or(|n| n == i) {
            games.push((i, g));
        }
    });
    if let Some(n) = only.filter(|_| games.is_empty()) {
        return fail(format!("{path} has {i} games, not {n}"));
    }
    let mut out = String::new();
    let mut total = 0;
    for (number, game) in games {
        let r = pdn::replay::replay(&game);
        let goal = Goal::of_tags(game.tag("GameType"), game.tag("Variant"));
        let (Some(rs), Some(start)) = (r.ruleset.clone(), r.start) else {
            eprintln!("game {number}: its variant's rules are missing; passed over");
            continue;
        };
        if goal != Goal::Standard {
            eprintln!("game {number}: not played for the usual goal; passed over");
            continue;
        }
        crate::analyse::load_egdb(&rs);
        // The page's worker's table size: the same budget reaches the same lines.
        let mut engine = Engine::new((*rs).clone(), PUZZLE_ENTRIES);
        let found = puzzles::find(&mut engine, &r, &opts, |done, all| {
            eprint!("\rgame {number}: {done}/{all} positions");
        });
        eprintln!("\rgame {number}: {}", count(found.len()));
        let short = pdn::edit::writes_short(&game);
        for p in &found {
            puzzles::write_problem(&mut out, &game, &rs, start.turn(), p, short);
        }
        total += found.len();
    }
    eprintln!("{}", count(total));
    let written = match &o.output {
        Some(file) => std::fs::write(file, out.as_bytes()).map_err(|e| format!("{file}: {e}")),
        None => io::stdout()
            .lock()
            .write_all(out.as_bytes())
            .map_err(|e| e.to_string()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// "1 puzzle", "2 puzzles".
fn count(n: usize) -> String {
    format!("{n} puzzle{}", if n == 1 { "" } else { "s" })
}
