//! A match between two engine set-ups from opening positions, each played with both colours:
//!
//!   cargo run --release -p pdn-engine --example match -- GAMETYPE FEN_FILE NODES A B [GAMES]
//!
//! FEN_FILE may be `random:N` (N openings of four random plies), or several files joined by
//! commas (their openings in turn). A and B are `fitted` (the weights in src/weights.rs), `plain` (the same without late move reductions), `whole` (only completed depths: a depth the node
//! limit cuts short gives nothing), `eight` (the weights fitted on the first eight terms alone), `hand` (the hand-set start) or
//! `depthN` (fitted weights, a fixed depth instead of NODES), `egdbN` (fitted weights, the
//! endgame database of N pieces: `egdb0` none; the others have the variant's default), or `no:TERM` (the fitted weights with
//! that term's weight 0, a name of `weights::NAMES`). A game ends when a side cannot
//! move or by the variant's draw rules (the engine's own, see src/rules.rs), or is adjudicated
//! a draw after 300 plies. Prints W/D/L from A's view, the Elo difference it implies and its 95%
//! error margin (from the games' own spread of scores, 1.96 standard errors of the mean).

use pdn::{Color, Position, Ruleset, Variant};
use pdn_engine::eval::Evaluator;
use pdn_engine::rules::{Counters, DrawRules, Goal, Material};
use pdn_engine::weights;
use pdn_engine::{Engine, Limits};

fn engine(rs: &Ruleset, who: &str) -> (Engine, Option<u32>) {
    // The family's row of a pair (kings that fly, kings that step).
    let row = |flying, short| if rs.rules.flying_kings { flying } else { short };
    let (w, depth) = match who {
        "hand" => (row(weights::HAND_FLYING, weights::HAND_SHORT), None),
        "eight" => (row(weights::EIGHT_FLYING, weights::EIGHT_SHORT), None),
        "fitted" | "plain" | "whole" => (weights::for_rules(&rs.rules), None),
        e if e.starts_with("egdb") => (weights::for_rules(&rs.rules), None),
        d if d.starts_with("depth") => (weights::for_rules(&rs.rules), d[5..].parse().ok()),
        t if t.starts_with("no:") => {
            let k = weights::NAMES
                .iter()
                .position(|n| *n == &t[3..])
                .expect("no:TERM names a term of weights::NAMES");
            let mut w = weights::for_rules(&rs.rules);
            w.w[k] = 0.0;
            (w, None)
        }
        _ => panic!("A and B are fitted, plain, whole, eight, hand, depthN, egdbN or no:TERM"),
    };
    let eval = Evaluator::with_weights(rs, Goal::Standard, w);
    let mut engine = Engine::with_evaluator(rs.clone(), Goal::Standard, eval, 1 << 18);
    if let Some(n) = who.strip_prefix("egdb") {
        engine = engine.with_egdb(n.parse().expect("egdbN: a number of pieces"));
    }
    // `plain`: the fitted weights without late move reductions.
    (
        engine
            .with_reductions(who != "plain")
            .with_partial_depths(who != "whole"),
        depth,
    )
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let variant = Variant::from_gametype(a[0].parse().unwrap()).unwrap();
    let rs = Ruleset::of(variant).unwrap();
    // `random:N`: N openings of four random plies from the start (a fixed seed), for variants
    // with no ballot file.
    let fens: Vec<String> = if let Some(n) = a[1].strip_prefix("random:") {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut out = Vec::new();
        while out.len() < n.parse::<usize>().unwrap() {
            let mut p = rs.start_position();
            for _ in 0..4 {
                let moves = p.legal_moves(&rs);
                if moves.is_empty() {
                    break;
                }
                p = p.play(&moves[(next() % moves.len() as u64) as usize]);
            }
            let fen = p.to_fen(&rs.geometry);
            if !out.contains(&fen) {
                out.push(fen);
            }
        }
        out
    } else {
        a[1].split(',')
            .flat_map(|file| {
                std::fs::read_to_string(file)
                    .unwrap()
                    .lines()
                    .map(|l| l.split('\t').next_back().unwrap_or("").trim().to_string())
                    .filter(|l| l.contains(':'))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let nodes: u64 = a[2].parse().unwrap();
    let games: usize = a.get(5).and_then(|g| g.parse().ok()).unwrap_or(fens.len());
    let draws = DrawRules::of(variant);
    let (mut w, mut d, mut l) = (0, 0, 0);
    for fen in fens.iter().take(games) {
        let start = Position::from_fen(fen, &rs.geometry, Color::White).unwrap();
        for a_is_first in [true, false] {
            let mut players = [engine(&rs, &a[3]), engine(&rs, &a[4])];
            if !a_is_first {
                players.swap(0, 1);
            }
            let first_turn = start.turn();
            let mut pos = start;
            let mut history: Vec<Position> = Vec::new();
            let mut counters = Counters::default();
            let mut winner: Option<Color> = None;
            for _ in 0..300 {
                let who = usize::from(pos.turn() != first_turn);
                let (e, depth) = &mut players[who];
                let limits = depth.map_or(Limits::nodes(nodes), Limits::depth);
                let lines = e.analyse(&pos, &history, &limits, 1, |_| {});
                let Some(line) = lines.first() else {
                    winner = Some(pos.turn().opposite());
                    break;
                };
                let m = line.pv[0];
                counters = counters.after(&pos, &pdn::position::CompactMove::from(&m));
                history.push(pos);
                pos = pos.play(&m);
                let repeated = history
                    .iter()
                    .rev()
                    .skip(1)
                    .step_by(2)
                    .filter(|p| **p == pos)
                    .count()
                    >= 2;
                if repeated || counters.drawn(&draws, &Material::of(&pos)) {
                    break;
                }
            }
            // Who is A: the first mover when a_is_first.
            let a_colour = if a_is_first {
                first_turn
            } else {
                first_turn.opposite()
            };
            match winner {
                Some(c) if c == a_colour => w += 1,
                Some(_) => l += 1,
                None => d += 1,
            }
        }
        eprint!("\r{} {}: +{w} ={d} -{l}", a[3], a[4]);
    }
    let n = f64::from(w + d + l);
    let score = (f64::from(w) + 0.5 * f64::from(d)) / n;
    let elo_of = |s: f64| -400.0 * (1.0 / s.clamp(0.001, 0.999) - 1.0).log10();
    let elo = elo_of(score);
    // The 95% margin: the games' scores (1, ½, 0) spread about their mean, 1.96 standard
    // errors of it, turned into Elo at either end (the curve is not straight: the larger side).
    let var = (f64::from(w) * (1.0 - score).powi(2)
        + f64::from(d) * (0.5 - score).powi(2)
        + f64::from(l) * score.powi(2))
        / n;
    let margin = 1.96 * (var / n).sqrt();
    let plus_minus = (elo_of(score + margin) - elo).max(elo - elo_of(score - margin));
    println!(
        "\n{:?} {} vs {} at {nodes} nodes a move: +{w} ={d} -{l} ({:.1}% ± {:.1}), Elo {elo:+.0} ± {plus_minus:.0}",
        variant,
        a[3],
        a[4],
        score * 100.0,
        margin * 100.0
    );
}
