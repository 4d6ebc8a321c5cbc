//! Replay rates per variant over a set of PDN files: how many games replay to their last move,
//! and (with `--failures`) where and why the others stop. Used for the figures in docs/design.md ("Rules", real games).
//!
//! `cargo run --release --example replay_rates -- [--failures] FILE...`

use std::collections::BTreeMap;

#[derive(Default)]
struct Tally {
    games: usize,
    full: usize,
    stopped: usize,
    no_moves: usize,
    no_rules: usize,
}

fn main() {
    let mut failures = false;
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        if a == "--failures" {
            failures = true;
        } else {
            files.push(a);
        }
    }
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else {
            eprintln!("{path}: cannot read");
            continue;
        };
        let file = pdn::reader::read_bytes(&bytes);
        let lines = pdn::diagnostic::LineIndex::new(&file.text);
        for game in &file.games {
            let r = pdn::replay::replay(game);
            let name = r.variant.map_or_else(
                || format!("GameType {}", r.gametype),
                |v| v.name().to_string(),
            );
            let t = tallies.entry(name.clone()).or_default();
            t.games += 1;
            if game.moves.is_empty() {
                t.no_moves += 1;
            } else if r.ruleset.is_none() {
                t.no_rules += 1;
            } else if let Some(e) = &r.error {
                t.stopped += 1;
                if failures {
                    let (line, col) = lines.location(&file.text, e.span.start);
                    println!("{path}:{line}:{col}: [{name}] ply {}: {}", e.ply, e.message);
                }
            } else {
                t.full += 1;
            }
        }
    }
    println!("variant\tgames\twith moves\tno rules\treplayed fully\tstopped\trate");
    for (name, t) in &tallies {
        let with_moves = t.games - t.no_moves;
        let playable = with_moves - t.no_rules;
        let rate = if playable == 0 {
            "-".to_string()
        } else {
            format!("{:.1}%", 100.0 * t.full as f64 / playable as f64)
        };
        println!(
            "{name}\t{}\t{with_moves}\t{}\t{}\t{}\t{rate}",
            t.games, t.no_rules, t.full, t.stopped
        );
    }
}
