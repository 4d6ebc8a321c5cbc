//! `pdn puzzles FILE`: the shots found in a file's games (`pdn_engine::puzzles`), written as a
//! problem file (PDN, one game a shot: `[FEN]`, the solution as the mainline) on standard output
//! or to `-o OUT`; per game, the count on standard error. Node budgets only: the same file
//! gives the same problems on every run and machine, and the page's "Find the shots in this
//! file" the same text (both step `pdn_engine::puzzles::FileRun`).

use std::io::{self, Write};
use std::process::ExitCode;

use pdn_engine::puzzles::{FileRun, Options, Step};

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
    let mut run = FileRun::new(&text, only, opts);
    if let Some(n) = only.filter(|_| run.games() == 0) {
        let all = FileRun::new(&text, None, opts).games();
        return fail(format!("{path} has {all} games, not {n}"));
    }
    for rs in run.rulesets() {
        crate::analyse::load_egdb(&rs);
    }
    while let Some(step) = run.step() {
        match step {
            Step::Position { game, done, of } => eprint!("\rgame {game}: {done}/{of} positions"),
            Step::Game { game, found } => eprintln!("\rgame {game}: {}", count(found)),
            Step::Skipped { game, rules: true } => {
                eprintln!("game {game}: its variant's rules are missing; passed over");
            }
            Step::Skipped { game, rules: false } => {
                eprintln!("game {game}: not played for the usual goal; passed over");
            }
        }
    }
    eprintln!("{}", count(run.found()));
    let written = match &o.output {
        Some(file) => {
            std::fs::write(file, run.text().as_bytes()).map_err(|e| format!("{file}: {e}"))
        }
        None => io::stdout()
            .lock()
            .write_all(run.text().as_bytes())
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
