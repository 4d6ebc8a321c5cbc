//! How far a quick review's marks agree with a deeper one's (issue 25: "a review flags ≥ 80% of
//! the referee's blunders with ≤ 20% false alarms"; the issue's referee is not on our machines,
//! so a review with many more nodes a position stands in for it):
//!
//!   cargo run --release -p pdn-engine --example review_agree -- FILE GAMES QUICK DEEP
//!
//! The first GAMES games of FILE that replay are reviewed twice, QUICK and DEEP nodes a
//! position (a node limit: the same marks on every machine). Prints, for blunders (`??`) and
//! for mistakes or worse (`?` or `??`), how many the deep review found, how many of those the
//! quick one flagged too, and how many of the quick one's flags the deep one does not share;
//! how many of the quick one's mistakes or worse the deep one finds to lose under 0.3 men (a
//! false alarm in the strict sense: the move keeps the outcome); and whether the quick review,
//! run twice, gave the same marks (it must: a node budget). The quick review's table is the
//! page's and `pdn review`'s (`REVIEW_ENTRIES`).

use pdn::replay::replay;
use pdn_engine::review::{Review, review};
use pdn_engine::{Engine, Limits};

fn marks(r: &Review, worst_only: bool) -> Vec<usize> {
    r.plies
        .iter()
        .filter(|p| {
            if worst_only {
                p.mark == "??"
            } else {
                p.mark == "??" || p.mark == "?"
            }
        })
        .map(|p| p.ply)
        .collect()
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let [file, games, quick, deep] = &a[..] else {
        eprintln!("usage: review_agree FILE GAMES QUICK_NODES DEEP_NODES");
        std::process::exit(2);
    };
    let games: usize = games.parse().expect("GAMES: a number");
    let (quick, deep): (u64, u64) = (
        quick.parse().expect("QUICK: nodes"),
        deep.parse().expect("DEEP: nodes"),
    );
    let bytes = std::fs::read(file).expect("FILE: readable");
    let (text, _) = pdn::encoding::decode_vec(bytes);
    // [found by deep, of them by quick too, flagged by quick, of them not by deep] for ?? and ?+.
    let mut tally = [[0usize; 4]; 2];
    let mut done = 0;
    // The quick one's ? and ?? flags the deep one scores under 0.3 men lost; runs that differed.
    let (mut kept, mut differed) = (0usize, 0usize);
    pdn::reader::read_each_game(&text, |game| {
        if done >= games {
            return;
        }
        let r = replay(&game);
        let Some(rs) = r.ruleset.as_deref() else {
            return;
        };
        if r.error.is_some() || r.plies.len() < 20 {
            return;
        }
        done += 1;
        let run = |nodes: u64, entries: usize| {
            let mut e = Engine::new(rs.clone(), entries);
            review(&mut e, &r, &Limits::nodes(nodes), |_, _| {})
        };
        let q = run(quick, pdn_engine::review::REVIEW_ENTRIES);
        let again = run(quick, pdn_engine::review::REVIEW_ENTRIES);
        let d = run(deep, 1 << 20);
        let all = |r: &Review| r.plies.iter().map(|p| (p.mark, p.loss)).collect::<Vec<_>>();
        differed += usize::from(all(&q) != all(&again));
        kept += marks(&q, false)
            .iter()
            .filter(|&&ply| d.plies.get(ply - 1).is_some_and(|p| p.loss < 30))
            .count();
        for (k, worst) in [(0, true), (1, false)] {
            let (mq, md) = (marks(&q, worst), marks(&d, worst));
            tally[k][0] += md.len();
            tally[k][1] += md.iter().filter(|p| mq.contains(p)).count();
            tally[k][2] += mq.len();
            tally[k][3] += mq.iter().filter(|p| !md.contains(p)).count();
        }
        eprintln!(
            "game {done}: {} plies; deep ?? {:?}, quick ?? {:?}",
            r.plies.len(),
            marks(&d, true),
            marks(&q, true)
        );
    });
    for (k, name) in [(0, "blunders (??)"), (1, "mistakes or worse (? ??)")] {
        let [found, shared, flagged, extra] = tally[k];
        println!(
            "{name}: the deep review {found}, the quick one flagged {shared} of them ({:.0}%); \
             the quick one's {flagged} flags, {extra} not the deep one's ({:.0}% false alarms)",
            100.0 * shared as f64 / found.max(1) as f64,
            100.0 * extra as f64 / flagged.max(1) as f64
        );
    }
    println!(
        "the quick one's mistakes or worse the deep one scores under 0.3 men lost: {kept} of {}",
        tally[1][2]
    );
    println!("quick review run twice: {differed} of {done} games differed");
    println!("{done} games, {quick} against {deep} nodes a position");
}
