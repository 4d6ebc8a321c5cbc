//! The `pdn` command-line tool: check, replay and convert PDN archives.
//!
//! `pdn fens FILE` prints, per game, one JSON line with the FEN after every mainline move (the
//! contract is in the README).
//!
//! Native only: on wasm32 (built alongside the wasm tests) it compiles to an empty program.

#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod cli {

    use std::io::{self, Write};
    use std::process::ExitCode;

    use serde::Serialize;

    /// One line of `pdn fens` (field order is part of the contract).
    #[derive(Serialize)]
    struct FensLine<'a> {
        game: usize,
        gametype: &'a str,
        start: Option<String>,
        fens: Vec<String>,
        error: Option<FensError<'a>>,
    }

    #[derive(Serialize)]
    struct FensError<'a> {
        ply: usize,
        #[serde(rename = "move")]
        text: &'a str,
        message: String,
    }

    const USAGE: &str = "usage: pdn fens FILE...";

    pub fn main() -> ExitCode {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let Some((command, files)) = args.split_first() else {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        };
        match command.as_str() {
            "fens" if !files.is_empty() => fens(files),
            "-h" | "--help" | "help" => {
                println!("{USAGE}");
                ExitCode::SUCCESS
            }
            _ => {
                eprintln!("{USAGE}");
                ExitCode::from(2)
            }
        }
    }

    /// One JSON object per game per line: game number, GameType, start FEN, FENs, first error.
    fn fens(files: &[String]) -> ExitCode {
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let mut status = ExitCode::SUCCESS;
        for path in files {
            let bytes = match std::fs::read(path) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("pdn: {path}: {e}");
                    status = ExitCode::from(2);
                    continue;
                }
            };
            let file = pdn::reader::read_bytes(&bytes);
            for (i, game) in file.games.iter().enumerate() {
                let r = pdn::replay::replay(game);
                let fens: Vec<String> = (1..=r.plies.len()).filter_map(|p| r.fen_at(p)).collect();
                let error = match (&r.error, r.start) {
                    (Some(e), _) => Some(FensError {
                        ply: e.ply,
                        text: &e.text,
                        message: e.message.clone(),
                    }),
                    (None, None) => {
                        // No replay at all (unsupported or not draughts): say why at ply 1.
                        let message = r
                            .diagnostics
                            .iter()
                            .find(|d| d.severity == pdn::Severity::Error)
                            .map_or_else(String::new, |d| d.message.clone());
                        let first = game.moves.first().map_or("", |n| n.text.as_str());
                        Some(FensError {
                            ply: 1,
                            text: first,
                            message,
                        })
                    }
                    (None, Some(_)) => None,
                };
                let line = FensLine {
                    game: i + 1,
                    gametype: &r.gametype,
                    start: r.fen_at(0),
                    fens,
                    error,
                };
                let Ok(json) = serde_json::to_string(&line) else {
                    return ExitCode::from(2);
                };
                if writeln!(out, "{json}").is_err() {
                    return ExitCode::from(2);
                }
            }
        }
        let _ = out.flush();
        status
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}
