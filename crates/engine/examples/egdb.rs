//! Builds the endgame database of a variant of at most 50 squares (International: GameType
//! 20) in memory and says what it holds:
//!
//!   cargo run --release -p pdn-engine --example egdb -- [PIECES] [GAMETYPE]
//!
//! (default: 4 pieces, English checkers, GameType 21). Prints the time to build every table up
//! to PIECES, the bytes, the wins, losses and draws, and the longest win.

use std::time::Instant;

use pdn::Ruleset;
use pdn_engine::egdb::Egdb;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let pieces: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(4);
    let gametype = args.get(1).map_or("21", String::as_str);
    let rs = Ruleset::of_gametype(gametype).expect("a GameType");
    let start = Instant::now();
    let Some(db) = Egdb::build(&rs, pieces) else {
        eprintln!("no database for GameType {gametype}");
        return;
    };
    let s = db.stats();
    println!(
        "≤ {pieces} pieces: {:.2} s, {} signatures, {} bytes; wins {}, losses {}, draws {}, longest {} plies, overflow {}",
        start.elapsed().as_secs_f64(),
        s.signatures,
        s.entries,
        s.wins,
        s.losses,
        s.draws,
        s.longest,
        s.overflow
    );
}
