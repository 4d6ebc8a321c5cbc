//! Perft alone, for counting the move generator's instructions without building the CLI
//! (docs/core-speed.md, "How to measure"):
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/perft GAMETYPE DEPTH`.
//!
//! `cargo run --release --example perft -- 20 7`

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [gametype, depth] = &args[..] else {
        eprintln!("usage: perft GAMETYPE DEPTH");
        std::process::exit(2);
    };
    let (Ok(rs), Ok(depth)) = (pdn::Ruleset::of_gametype(gametype), depth.parse()) else {
        eprintln!("perft: a known GameType and a depth, please");
        std::process::exit(2);
    };
    println!("{}", pdn::position::perft(&rs, &rs.start_position(), depth));
}
