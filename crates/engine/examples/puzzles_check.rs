//! A sample of `pdn puzzles`' problems checked by a deeper search of our own (issue 41: "check
//! a sample of them"):
//!
//!   cargo run --release -p pdn-engine --example puzzles_check -- FILE EVERY NODES
//!
//! FILE is a problem file `pdn puzzles` wrote; every EVERY-th problem (the 1st, the EVERY+1-th,
//! …) is searched for its two best lines at NODES nodes (a fresh engine each: no table carried
//! over). Per problem, one line: whether the deep search's best move is the solution's first,
//! whether its best line still wins a man (pieces, as `pdn puzzles` counts) or the game, and
//! whether the second move is still a man or more worse; then the totals.

use pdn::replay::replay;
use pdn_engine::puzzles::balance;
use pdn_engine::{Engine, Limits};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, every, nodes] = args.as_slice() else {
        eprintln!("usage: puzzles_check FILE EVERY NODES");
        std::process::exit(2);
    };
    let every: usize = every.parse().expect("EVERY");
    let nodes: u64 = nodes.parse().expect("NODES");
    let text = std::fs::read_to_string(file).expect("FILE");
    let games = pdn::read_file(&text).games;
    let (mut checked, mut same, mut wins, mut unique) = (0, 0, 0, 0);
    for (i, g) in games.iter().enumerate().step_by(every.max(1)) {
        let r = replay(g);
        let (Some(rs), Some(pos), Some(first)) = (r.ruleset.clone(), r.start, r.plies.first())
        else {
            continue;
        };
        let mut e = Engine::new((*rs).clone(), 1 << 20);
        let lines = e.analyse(&pos, &[], &Limits::nodes(nodes), 2, |_| {});
        let [best, second, ..] = lines.as_slice() else {
            continue;
        };
        checked += 1;
        let me = pos.turn();
        let is_same = pos.play(&best.pv[0]) == first.position;
        let mut p = pos;
        let mut won = i32::MIN;
        for m in &best.pv {
            p = p.play(m);
            if !p.must_capture(&rs) {
                won = won.max(balance(&p, me) - balance(&pos, me));
            }
        }
        let forced = best.score.win_in().is_some_and(|n| n > 0);
        let wins_now = forced || won >= 100;
        let gap = best.score.0.saturating_sub(second.score.0);
        let is_unique = (forced && second.score.win_in().is_none_or(|n| n < 0)) || gap >= 100;
        same += usize::from(is_same);
        wins += usize::from(wins_now);
        unique += usize::from(is_unique);
        println!(
            "problem {}: {} first move {}, wins {} ({:+.2} / {:+.2}), {}",
            i + 1,
            g.tag("Event").unwrap_or("?"),
            if is_same { "same" } else { "OTHER" },
            if wins_now { "yes" } else { "NO" },
            best.score.men(),
            second.score.men(),
            if is_unique { "unique" } else { "NOT UNIQUE" }
        );
    }
    println!(
        "{checked} checked at {nodes} nodes: same first move {same}, still wins {wins}, still unique {unique}"
    );
}
