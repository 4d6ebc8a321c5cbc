//! `pdn standings FILE`: the tournament table of a file's games as CSV (the contract is in
//! docs/cli.md): points in the scoring the results are written in, games, wins, draws, losses,
//! Sonneborn-Berger and Buchholz, then the crosstable (a round robin) or round by round.

use std::io::{self, Write};
use std::process::ExitCode;

use pdn::standings::Standings;

pub const USAGE: &str = "pdn standings FILE   (the tournament table as CSV)";

/// Runs `pdn standings` with the arguments after the subcommand.
pub fn run(args: &[String]) -> ExitCode {
    if args.is_empty() {
        eprintln!("usage: {USAGE}");
        return ExitCode::from(2);
    }
    let path = match crate::args::parse::<crate::args::Standings>(args) {
        Ok(o) => o.file,
        Err(code) => return code,
    };
    let text = match crate::files::read_text(&path) {
        Ok(text) => text,
        Err(why) => {
            eprintln!("pdn standings: {why}");
            return ExitCode::from(2);
        }
    };
    let table = Standings::of_games(&pdn::read_file(&text).games);
    let mut out = io::stdout().lock();
    if out.write_all(table.to_csv().as_bytes()).is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
