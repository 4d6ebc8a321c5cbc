//! `pdn link FILE [--game N] [--base URL]`: each game's link (the contract is in docs/cli.md):
//! the short form `#g=…` (the core's `pdn::shortlink`) when the game fits it, else the page's
//! `#pdn=…` form (the game's text as written, deflated, base64url), one line a game.

use std::io::{self, Write};
use std::process::ExitCode;

use pdn::shortlink::{encode, encode_base64url};

/// The usage line of `pdn link`.
pub const USAGE: &str = "pdn link FILE [--game N] [--base URL]   (each game's short link, or its #pdn= link: one line a game)";

/// The link fragment of `game` (whose text as written is `text`): `#g=…`, else `#pdn=…`.
pub fn fragment(game: &pdn::Game, text: &str) -> String {
    match encode(game) {
        Some(payload) => format!("#g={payload}"),
        // Level 6, as the page's CompressionStream('deflate-raw') packs it.
        None => format!(
            "#pdn={}",
            encode_base64url(&miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 6))
        ),
    }
}

/// Runs `pdn link` with the arguments after the subcommand.
pub fn run(args: &[String]) -> ExitCode {
    if args.is_empty() {
        eprintln!("usage: {USAGE}");
        return ExitCode::from(2);
    }
    let o = match crate::args::parse::<crate::args::Link>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let text = match crate::files::read_text(&o.file) {
        Ok(text) => text,
        Err(why) => {
            eprintln!("pdn link: {why}");
            return ExitCode::from(2);
        }
    };
    let file = pdn::read_file(&text);
    let chosen: Vec<usize> = match o.game {
        Some(n) if n == 0 || n as usize > file.games.len() => {
            eprintln!(
                "pdn link: {}: no game {n} (the file has {})",
                o.file,
                file.games.len()
            );
            return ExitCode::from(2);
        }
        Some(n) => vec![n as usize - 1],
        None => (0..file.games.len()).collect(),
    };
    let base = o
        .base
        .map(|b| b.split('#').next().unwrap_or_default().to_string());
    let mut out = io::stdout().lock();
    for k in chosen {
        let game = &file.games[k];
        let own = text.get(game.span.start..game.span.end).unwrap_or_default();
        let line = format!("{}{}\n", base.as_deref().unwrap_or(""), fragment(game, own));
        if out.write_all(line.as_bytes()).is_err() {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
