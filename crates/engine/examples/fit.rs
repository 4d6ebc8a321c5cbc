//! Fits the evaluation's weights to game results (docs/engine.md, "Weights"):
//!
//!   PDN_CORPORA=…/corpora cargo run --release -p pdn-engine --example fit -- FAMILY
//!
//! FAMILY is `flying` (the international, russian and brazilian folders) or `short` (english,
//! italian). From every game with a result, the quiet positions (no capture to make) after the
//! tenth ply are taken with the result from the side to move's view (1, ½, 0). Every tenth game
//! is held out. The model: P(win) = 1 / (1 + e^(-k·score/100)), score = Σ weight·term; first k
//! is fitted with the starting weights, then every weight but the man's (the unit) by gradient
//! descent on the log loss. It prints the log loss of the start and of the fit on the held-out
//! games, and the fitted row to paste into src/weights.rs.

use pdn::replay::Outcome;
use pdn::{Color, Ruleset};
use pdn_engine::eval::{Evaluator, Terms};
use pdn_engine::rules::Goal;
use pdn_engine::weights::{self, NAMES, TERMS, Weights};

struct Sample {
    terms: Terms,
    result: f32,
}

fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pdn")) {
            out.push(p);
        }
    }
}

fn log_loss(samples: &[&Sample], w: &[f32; TERMS], k: f32) -> f64 {
    let mut sum = 0f64;
    for s in samples {
        let score: f32 = s.terms.iter().zip(w).map(|(a, b)| a * b).sum();
        let p = (1.0 / (1.0 + (-k * score / 100.0).exp())).clamp(1e-6, 1.0 - 1e-6);
        sum -= f64::from(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln());
    }
    sum / samples.len().max(1) as f64
}

fn main() {
    let family = std::env::args().nth(1).unwrap_or_else(|| "flying".into());
    let (folders, start): (&[&str], Weights) = match family.as_str() {
        "flying" => (
            &["international", "russian", "brazilian"],
            weights::HAND_FLYING,
        ),
        "short" => (&["english", "italian"], weights::HAND_SHORT),
        _ => panic!("FAMILY is flying or short"),
    };
    let root = std::env::var("PDN_CORPORA").expect("PDN_CORPORA: the corpora folder");
    let mut paths = Vec::new();
    for f in folders {
        files(&std::path::Path::new(&root).join(f), &mut paths);
    }
    paths.sort();
    let mut train = Vec::new();
    let mut test = Vec::new();
    let mut games = 0usize;
    let mut evaluators: Vec<(pdn::Variant, Evaluator)> = Vec::new();
    for path in &paths {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let (text, _) = pdn::encoding::decode_vec(bytes);
        pdn::reader::read_each_game(&text, |game| {
            let r = pdn::replay::replay(&game);
            let (Some(rs), Some(start_pos)) = (r.ruleset.as_ref(), r.start) else {
                return;
            };
            if r.error.is_some() || r.plies.len() < 20 {
                return;
            }
            let Some(written) = game.tag("Result").or(game.result.as_deref()) else {
                return;
            };
            let first = match r.result_reading(&game) {
                Some(pdn::replay::ResultReading::WhiteFirst) => Color::White,
                _ => rs.geometry.spec().first_player,
            };
            let Some(outcome) = pdn::replay::outcome(written, first) else {
                return;
            };
            let ev = match evaluators.iter().find(|(v, _)| *v == rs.variant) {
                Some((_, e)) => e.clone(),
                None => {
                    let e = Evaluator::new(rs, Goal::Standard);
                    evaluators.push((rs.variant, e.clone()));
                    e
                }
            };
            games += 1;
            let held_out = games % 10 == 0;
            let positions = std::iter::once(start_pos).chain(r.plies.iter().map(|p| p.position));
            for (i, pos) in positions.enumerate().skip(10) {
                if pos
                    .legal_moves(rs)
                    .first()
                    .is_none_or(pdn::Move::is_capture)
                {
                    continue;
                }
                let result = match outcome {
                    Outcome::Draw => 0.5,
                    Outcome::Win(c) if c == pos.turn() => 1.0,
                    Outcome::Win(_) => 0.0,
                };
                let s = Sample {
                    terms: ev.terms(&pos),
                    result,
                };
                let _ = i;
                if held_out {
                    test.push(s)
                } else {
                    train.push(s)
                }
            }
        });
    }
    let _: Option<&Ruleset> = None;
    eprintln!(
        "{family}: {games} games, {} training positions, {} held out",
        train.len(),
        test.len()
    );
    let train_refs: Vec<&Sample> = train.iter().collect();
    let test_refs: Vec<&Sample> = test.iter().collect();
    // k for the starting weights: a scan, then refined.
    let mut k = 1.0f32;
    let mut best = f64::INFINITY;
    for i in 1..=60 {
        let kk = i as f32 * 0.05;
        let l = log_loss(&train_refs, &start.w, kk);
        if l < best {
            best = l;
            k = kk;
        }
    }
    let start_test = log_loss(&test_refs, &start.w, k);
    eprintln!("k = {k:.2}; start: train {best:.5}, held out {start_test:.5}");
    // Gradient descent (Adam) on every weight but the man's.
    let mut w = start.w;
    let (mut m, mut v) = ([0f64; TERMS], [0f64; TERMS]);
    let (b1, b2, lr) = (0.9f64, 0.999f64, 1.0f64);
    for step in 1..=400 {
        let mut grad = [0f64; TERMS];
        for s in &train {
            let score: f32 = s.terms.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-k * score / 100.0).exp());
            let e = f64::from(p - s.result) * f64::from(k) / 100.0;
            for (g, x) in grad.iter_mut().zip(&s.terms) {
                *g += e * f64::from(*x);
            }
        }
        for t in 1..TERMS {
            let g = grad[t] / train.len() as f64;
            m[t] = b1 * m[t] + (1.0 - b1) * g;
            v[t] = b2 * v[t] + (1.0 - b2) * g * g;
            let mh = m[t] / (1.0 - b1.powi(step));
            let vh = v[t] / (1.0 - b2.powi(step));
            w[t] -= (lr * mh / (vh.sqrt() + 1e-9)) as f32;
        }
        if step % 100 == 0 {
            eprintln!(
                "step {step}: train {:.5}, held out {:.5}",
                log_loss(&train_refs, &w, k),
                log_loss(&test_refs, &w, k)
            );
        }
    }
    let fit_test = log_loss(&test_refs, &w, k);
    println!(
        "// {family}: {games} games, {} positions ({} held out); k {k:.2}; held-out log loss {start_test:.5} -> {fit_test:.5}",
        train.len() + test.len(),
        test.len()
    );
    println!(
        "w: [{}],",
        w.iter()
            .map(|x| format!("{x:.1}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (n, x) in NAMES.iter().zip(&w) {
        eprintln!("  {n:>14} {x:8.1}");
    }
}
