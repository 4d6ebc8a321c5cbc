//! One reading job over one file, for counting instructions (docs/core-speed.md, "Reading"):
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/reading JOB FILE`.
//!
//! JOB is `load` (decoding the file only: the baseline to subtract), `scan` (tokens),
//! `split` (games, with a do-nothing visitor), `skip` (games, a visitor that skips movetext),
//! `headers` (`read_headers`), `trees` (every game's borrowed move tree, `for_each_tree`: one
//! arena reused), `owned` (`read_file`: owned games, kept, then freed), `mainline` (every
//! mainline played while reading, `pdn::mainline::each`) or `replay` (trees, then `replay` of
//! each game).
//!
//! `cargo run --release --example reading -- JOB FILE`

use std::ops::ControlFlow;

use pdn::reader::Visitor;

struct Nothing;
impl Visitor<'_> for Nothing {}

/// Counts games and skips their movetext.
struct Skipper(usize);
impl Visitor<'_> for Skipper {
    fn wants_movetext(&self) -> bool {
        false
    }
    fn end_game(&mut self, _span: pdn::Span) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [job, path] = &args[..] else {
        eprintln!("usage: reading load|scan|split|skip|headers|trees|owned|mainline|replay FILE");
        std::process::exit(2);
    };
    let bytes = std::fs::read(path).expect("readable file");
    let (text, _) = pdn::encoding::decode_vec(bytes);
    match job.as_str() {
        "load" => println!("{} bytes", text.len()),
        "scan" => println!("{} tokens", pdn::reader::scan(&text)),
        "split" => pdn::reader::visit(&text, &mut Nothing),
        "skip" => {
            let mut s = Skipper(0);
            pdn::reader::visit(&text, &mut s);
            println!("{} games", s.0);
        }
        "headers" => println!("{} games", pdn::reader::read_headers(&text).len()),
        "trees" => {
            let (mut games, mut plies) = (0, 0);
            pdn::reader::for_each_tree(&text, |tree| {
                games += 1;
                plies += tree.mainline().len();
                ControlFlow::Continue(())
            });
            println!("{games} games, {plies} plies");
        }
        "owned" => println!("{} games", pdn::read_file(&text).games.len()),
        "mainline" => {
            let mut plies = 0;
            pdn::mainline::each(&text, |m| {
                plies += m.moves.len();
                ControlFlow::Continue(())
            });
            println!("{plies} plies");
        }
        "replay" => {
            let mut plies = 0;
            pdn::reader::read_each_game(&text, |g| plies += pdn::replay::replay(&g).plies.len());
            println!("{plies} plies");
        }
        _ => {
            eprintln!("unknown job {job}");
            std::process::exit(2);
        }
    }
}
