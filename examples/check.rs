//! Checks PDN files: every reading and replay diagnostic, one per line, as
//! `FILE:LINE:COLUMN: severity: message [code]`, then a count. Exits with 1 when there is an
//! error.
//!
//! `cargo run --example check -- FILE...`

use std::process::ExitCode;

use pdn::diagnostic::LineIndex;
use pdn::{Code, Diagnostic, Severity};

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: check FILE...");
        return ExitCode::from(2);
    }
    let mut errors = 0;
    for path in &paths {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(2);
            }
        };
        // Decodes UTF-8, Windows-1251 or Latin-1, then reads every game.
        let file = pdn::read_bytes(&bytes);
        let mut all: Vec<Diagnostic> = file.diagnostics.clone();
        for game in &file.games {
            all.extend(game.diagnostics.iter().cloned());
            let replay = pdn::replay::replay(game);
            all.extend(replay.diagnostics);
            if let Some(e) = replay.error {
                all.push(Diagnostic::error(Code::IllegalMove, e.span, e.message));
            }
        }
        all.sort_by_key(|d| (d.span.start, d.severity));
        let lines = LineIndex::new(&file.text);
        for d in &all {
            let (line, column) = lines.location(&file.text, d.span.start);
            println!(
                "{path}:{line}:{column}: {}: {} [{}]",
                d.severity, d.message, d.code
            );
        }
        errors += all.iter().filter(|d| d.severity == Severity::Error).count();
        println!(
            "{path}: {} games, {} diagnostics",
            file.games.len(),
            all.len()
        );
    }
    if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
