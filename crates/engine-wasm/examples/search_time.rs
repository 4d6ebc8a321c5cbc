//! The search's own time natively, through the same `Analyser` calls the wasm module makes, for
//! `scripts/wasm-speed.mjs` (which runs them in wasm under Node and Chromium beside this):
//!
//! ```text
//! cargo run --release -p pdn-engine-wasm --example search_time -- [--entries=N] DEPTH [FEN ...]
//! ```
//!
//! Each FEN (International draughts, GameType 20; none: the start) gets a new `Analyser` with a
//! table of 2^20 entries (the CLI's) and one search to DEPTH; only the search is timed. Prints
//! one line a position, `{"nodes":N,"ms":T,"cpu":C}` (`cpu`: the thread's CPU time, Linux;
//! elsewhere `null`).
use pdn::variant::Goal;
use pdn_engine_wasm::Analyser;

/// The International start (GameType 20).
const START: &str = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut entries = 1 << 20;
    if let Some(e) = args.first().and_then(|a| a.strip_prefix("--entries=")) {
        entries = e.parse().unwrap_or(entries);
        args.remove(0);
    }
    let Some(depth) = args.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("usage: search_time [--entries=N] DEPTH [FEN ...]");
        std::process::exit(2);
    };
    let fens: Vec<&str> = if args.len() > 1 {
        args[1..].iter().map(String::as_str).collect()
    } else {
        vec![START]
    };
    for fen in fens {
        let mut a = match Analyser::create("20", fen, &[], entries, Goal::Standard) {
            Ok(a) => a,
            Err(e) => {
                eprintln!("{fen}: {e}");
                std::process::exit(2);
            }
        };
        let (t, c) = (std::time::Instant::now(), thread_cpu_ms());
        // Stepped to the end, a depth a step, as the page's worker steps it.
        a.set_budget(1, depth, 0, 0.0, None);
        let mut nodes = 0;
        while let Some(s) = a.step_with(0.0) {
            nodes = s.nodes;
        }
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let cpu = match (c, thread_cpu_ms()) {
            (Some(a), Some(b)) => format!("{:.3}", b - a),
            _ => "null".to_string(),
        };
        println!("{{\"nodes\":{nodes},\"ms\":{ms:.3},\"cpu\":{cpu}}}");
    }
}

/// This thread's CPU time in milliseconds (Linux), so that other work on the machine counts less.
fn thread_cpu_ms() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}
