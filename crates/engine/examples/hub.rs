//! Our engine beside an outside International engine that speaks the Hub protocol (Scan 2.0,
//! built locally: docs/engine.md, "Strength, measured"). The outside engine is never part of the
//! repository: its command is an argument, run by `sh -c` (so it may start with `cd DIR &&`).
//!
//!   hub moves < FENS              each FEN's legal moves as one JSON line: our notation, the
//!                                 Hub form, the Hub position after it (for scripts/accuracy.py)
//!   hub heldout                   (PDN_CORPORA) the International games examples/fit.rs held out
//!                                 of its fit, one JSON line each: file, game, every FEN
//!   hub match "CMD" FEN_FILE NODES DEPTH [FROM] [COUNT] [--pdn OUT]
//!                                 our engine (NODES a move, or to depth N written `dN`)
//!                                 against CMD (`depth DEPTH`, `analyse`: no book) from the
//!                                 openings FROM.. of FEN_FILE, both colours each; one line a
//!                                 game, then W/D/L and Elo; `--pdn OUT` writes the games to OUT
//!                                 (the ballot's FEN, the result, `[%eval]` after our moves:
//!                                 our search's score, from White's view, in men)
//!
//! Our core keeps the board: the outside engine's move is matched to one of our legal moves (a
//! move it gives that is not legal loses it the game, and is said). A game ends when the side to
//! move has none (it lost), by a position seen the third time or the International draw rules
//! the engine knows (src/rules.rs), or is adjudicated a draw after 200 plies.

use pdn::{Color, Move, Position, Role, Ruleset, Variant};
use pdn_engine::rules::{Counters, DrawRules, Material};
use pdn_engine::{Engine, Limits};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

/// The position as Hub writes it: the side to move, then squares 1..50.
fn hub_position(rs: &Ruleset, pos: &Position) -> String {
    let g = &rs.geometry;
    let mut s = String::from(if pos.turn() == Color::White { "w" } else { "b" });
    for n in 1..=50 {
        let c = match g
            .parse_square(&n.to_string())
            .ok()
            .and_then(|sq| pos.piece_at(sq))
        {
            None => 'e',
            Some(p) => match (p.color, p.role) {
                (Color::White, Role::Man) => 'w',
                (Color::White, Role::King) => 'W',
                (Color::Black, Role::Man) => 'b',
                (Color::Black, Role::King) => 'B',
            },
        };
        s.push(c);
    }
    s
}

/// A move as Hub writes it: from, to, then every captured square (`32x23x28`).
fn hub_move(rs: &Ruleset, m: &Move) -> String {
    let g = &rs.geometry;
    let sep = if m.is_capture() { "x" } else { "-" };
    let mut s = format!("{}{sep}{}", g.label(m.from), g.label(m.to));
    let mut caps: Vec<u32> = m
        .captured_squares()
        .iter()
        .filter_map(|&sq| g.label(sq).parse().ok())
        .collect();
    caps.sort_unstable();
    for c in caps {
        s.push_str(&format!("x{c}"));
    }
    s
}

/// The legal move a Hub move names (from, to and the captured set), if any.
fn from_hub(rs: &Ruleset, legal: &[Move], text: &str) -> Option<Move> {
    let mut parts: Vec<u32> = text
        .split(['-', 'x'])
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    if parts.len() < 2 {
        return None;
    }
    let rest = parts.split_off(2);
    let mut caps = rest;
    caps.sort_unstable();
    legal.iter().copied().find(|m| {
        let mut ours: Vec<u32> = m
            .captured_squares()
            .iter()
            .filter_map(|&sq| rs.geometry.label(sq).parse().ok())
            .collect();
        ours.sort_unstable();
        rs.geometry.label(m.from).parse() == Ok(parts[0])
            && rs.geometry.label(m.to).parse() == Ok(parts[1])
            && ours == caps
    })
}

fn moves(rs: &Ruleset) {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let Ok(pos) = Position::from_fen(fen, &rs.geometry, Color::White) else {
            println!("{{\"fen\":\"{fen}\",\"error\":\"not a FEN of the International board\"}}");
            continue;
        };
        let legal = pos.legal_moves(rs);
        let items: Vec<String> = legal
            .iter()
            .map(|m| {
                let after = pos.play(m);
                format!(
                    "{{\"move\":\"{}\",\"hub\":\"{}\",\"after\":\"{}\",\"replies\":{}}}",
                    m.shortest_notation(&rs.geometry, &legal, 'x'),
                    hub_move(rs, m),
                    hub_position(rs, &after),
                    after.legal_moves(rs).len()
                )
            })
            .collect();
        println!(
            "{{\"fen\":\"{fen}\",\"hub\":\"{}\",\"moves\":[{}]}}",
            hub_position(rs, &pos),
            items.join(",")
        );
    }
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

/// The games examples/fit.rs held out for the flying family (its filter and count, line for
/// line: every tenth game that replays, has 20 plies and a result), the International ones, with
/// `seen`: the plies whose position some game of the fit did reach (the corpora hold some
/// tournaments twice, so a held-out game may have been fitted on under another file's name).
fn heldout() {
    use std::hash::{Hash, Hasher};
    let key = |fen: &str| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        fen.hash(&mut h);
        h.finish()
    };
    let mut fitted: std::collections::HashSet<u64> = std::collections::HashSet::new();
    let mut held: Vec<(String, usize, Vec<String>)> = Vec::new();
    let root = std::env::var("PDN_CORPORA").expect("PDN_CORPORA: the corpora folder");
    let mut paths = Vec::new();
    for f in ["international", "russian", "brazilian"] {
        files(&std::path::Path::new(&root).join(f), &mut paths);
    }
    paths.sort();
    let mut games = 0usize;
    for path in &paths {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let (text, _) = pdn::encoding::decode_vec(bytes);
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let mut index = 0usize;
        pdn::reader::read_each_game(&text, |game| {
            index += 1;
            let r = pdn::replay::replay(&game);
            let (Some(rs), Some(start)) = (r.ruleset.as_ref(), r.start) else {
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
            if pdn::replay::outcome(written, first).is_none() {
                return;
            }
            games += 1;
            let fens: Vec<String> = std::iter::once(start)
                .chain(r.plies.iter().map(|p| p.position))
                .map(|p| p.to_fen(&rs.geometry))
                .collect();
            if games % 10 != 0 {
                fitted.extend(fens.iter().map(|f| key(f)));
            } else if rs.variant == Variant::International {
                held.push((name.clone(), index, fens));
            }
        });
    }
    for (name, index, fens) in held {
        let seen: Vec<String> = (0..fens.len())
            .filter(|&i| fitted.contains(&key(&fens[i])))
            .map(|i| i.to_string())
            .collect();
        let fens: Vec<String> = fens.iter().map(|f| format!("\"{f}\"")).collect();
        println!(
            "{{\"file\":\"{name}\",\"game\":{index},\"seen\":[{}],\"fens\":[{}]}}",
            seen.join(","),
            fens.join(",")
        );
    }
}

/// The outside engine, started once, spoken to a line at a time.
struct Hub {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Hub {
    fn start(cmd: &str) -> Hub {
        let mut child = Command::new("sh")
            .args(["-c", cmd])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the referee command could not be started");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut hub = Hub {
            child,
            input,
            output,
        };
        hub.send("hub");
        hub.until("wait");
        hub.send("init");
        hub.until("ready");
        hub
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the referee stopped");
        self.input.flush().expect("the referee stopped");
    }

    /// Reads up to the line starting with `word`; returns that line.
    fn until(&mut self, word: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).unwrap_or(0) == 0 {
                panic!("the referee ended before saying {word}");
            }
            if line.starts_with(word) {
                return line.trim().to_string();
            }
        }
    }

    /// Its move in `hub_pos` at `depth` (the search stops when asked nothing else meanwhile).
    fn best(&mut self, hub_pos: &str, depth: u32) -> String {
        self.send(&format!("pos {hub_pos}"));
        self.send(&format!("depth {depth}"));
        self.send("analyse");
        let line = self.until("move");
        line.split_whitespace().nth(1).unwrap_or("").to_string()
    }
}

impl Drop for Hub {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

fn play_match(rs: &Ruleset, a: &[String]) {
    let (a, pdn_file) = match a.iter().position(|x| x == "--pdn") {
        Some(k) => {
            let mut rest = a.to_vec();
            let file = rest.drain(k..(k + 2).min(rest.len())).nth(1);
            (rest, file)
        }
        None => (a.to_vec(), None),
    };
    let cmd = &a[0];
    let fens: Vec<String> = std::fs::read_to_string(&a[1])
        .expect("FEN_FILE could not be read")
        .lines()
        .map(|l| l.split('\t').next_back().unwrap_or("").trim().to_string())
        .filter(|l| l.contains(':'))
        .collect();
    // `dN`: ours to a fixed depth (the same depth as the outside engine's, to compare the
    // evaluations), otherwise a node budget.
    let limits = match a[2].strip_prefix('d') {
        Some(d) => Limits::depth(d.parse().expect("dN: a depth")),
        None => Limits::nodes(a[2].parse().expect("NODES: a number")),
    };
    let nodes = &a[2];
    let depth: u32 = a[3].parse().expect("DEPTH: a number");
    let from: usize = a.get(4).and_then(|x| x.parse().ok()).unwrap_or(0);
    let count: usize = a.get(5).and_then(|x| x.parse().ok()).unwrap_or(fens.len());
    let draws = DrawRules::of(Variant::International);
    let mut hub = Hub::start(cmd);
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    let (mut our_ms, mut our_moves, mut hub_ms, mut hub_moves) = (0f64, 0u32, 0f64, 0u32);
    let mut scores: Vec<f64> = Vec::new();
    let mut pdn_out =
        pdn_file.map(|f| std::fs::File::create(f).expect("--pdn: OUT could not be written"));
    for (i, fen) in fens.iter().enumerate().skip(from).take(count) {
        let start = Position::from_fen(fen, &rs.geometry, Color::White).expect("a FEN");
        for ours_first in [true, false] {
            let first_turn = start.turn();
            let our_colour = if ours_first {
                first_turn
            } else {
                first_turn.opposite()
            };
            let mut engine = Engine::new(rs.clone(), 1 << 20);
            let mut pos = start;
            let mut history: Vec<Position> = Vec::new();
            let mut counters = Counters::default();
            let mut winner: Option<Color> = None;
            let mut note = "";
            let mut plies = 0;
            let mut movetext = String::new();
            while plies < 200 {
                let legal = pos.legal_moves(rs);
                if legal.is_empty() {
                    winner = Some(pos.turn().opposite());
                    note = "no move";
                    break;
                }
                let t = Instant::now();
                let mut eval = None;
                let m = if pos.turn() == our_colour {
                    let lines = engine.analyse(&pos, &history, &limits, 1, |_| {});
                    our_ms += t.elapsed().as_secs_f64() * 1000.0;
                    our_moves += 1;
                    let s = lines[0].score.for_white(pos.turn());
                    eval = Some(match s.win_in() {
                        Some(n) => format!("#{n}"),
                        None => format!("{:.2}", s.men()),
                    });
                    lines[0].pv[0]
                } else {
                    let text = hub.best(&hub_position(rs, &pos), depth);
                    hub_ms += t.elapsed().as_secs_f64() * 1000.0;
                    hub_moves += 1;
                    match from_hub(rs, &legal, &text) {
                        Some(m) => m,
                        None => {
                            eprintln!(
                                "ballot {}: the referee's move {text:?} is not legal in {}",
                                i + 1,
                                pos.to_fen(&rs.geometry)
                            );
                            winner = Some(our_colour);
                            note = "illegal move";
                            break;
                        }
                    }
                };
                if pos.turn() == Color::White {
                    movetext.push_str(&format!("{}. ", plies / 2 + 1));
                } else if plies == 0 {
                    movetext.push_str("1... ");
                }
                movetext.push_str(&m.shortest_notation(&rs.geometry, &legal, 'x'));
                if let Some(e) = eval {
                    movetext.push_str(&format!(" {{[%eval {e}]}}"));
                }
                movetext.push(' ');
                counters = counters.after(&pos, &pdn::position::CompactMove::from(&m));
                history.push(pos);
                pos = pos.play(&m);
                plies += 1;
                let repeated = history.iter().filter(|p| **p == pos).count() >= 2;
                if repeated {
                    note = "repetition";
                    break;
                }
                if counters.drawn(&draws, &Material::of(&pos)) {
                    note = "draw rule";
                    break;
                }
            }
            if plies >= 200 && winner.is_none() && note.is_empty() {
                note = "adjudicated";
            }
            let (result, s) = match winner {
                Some(c) if c == our_colour => {
                    w += 1;
                    ("win", 1.0)
                }
                Some(_) => {
                    l += 1;
                    ("loss", 0.0)
                }
                None => {
                    d += 1;
                    ("draw", 0.5)
                }
            };
            scores.push(s);
            if let Some(out) = pdn_out.as_mut() {
                let tag = match winner.map(|c| c == Color::White) {
                    Some(true) => "2-0",
                    Some(false) => "0-2",
                    None => "1-1",
                };
                let (wn, bn) = if our_colour == Color::White {
                    ("ours", "hub")
                } else {
                    ("hub", "ours")
                };
                writeln!(
                    out,
                    "[Event \"ballot {}\"]\n[White \"{wn}\"]\n[Black \"{bn}\"]\n[Result \"{tag}\"]\n[GameType \"20\"]\n[FEN \"{fen}\"]\n[Termination \"{note}\"]\n\n{movetext}{tag}\n",
                    i + 1
                )
                .expect("--pdn: OUT could not be written");
            }
            let colour = if our_colour == Color::White {
                "white"
            } else {
                "black"
            };
            println!(
                "ballot {} ours {colour}: {result} ({note}) in {plies} plies; +{w} ={d} -{l}",
                i + 1
            );
        }
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let margin = 1.96 * (var / n).sqrt();
    let elo = |s: f64| -400.0 * (1.0 / s.clamp(0.001, 0.999) - 1.0).log10();
    println!(
        "ours at {nodes} nodes a move (dN: depth N) vs the Hub engine at depth {depth}: +{w} ={d} -{l} ({:.1}%), Elo {:+.0} (95%: {:+.0} to {:+.0}); ms a move: ours {:.0}, theirs {:.0}",
        mean * 100.0,
        elo(mean),
        elo(mean - margin),
        elo(mean + margin),
        our_ms / f64::from(our_moves.max(1)),
        hub_ms / f64::from(hub_moves.max(1)),
    );
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let rs = Ruleset::of(Variant::International).expect("the International rules");
    match a.first().map(String::as_str) {
        Some("moves") => moves(&rs),
        Some("heldout") => heldout(),
        Some("match") if a.len() >= 5 => play_match(&rs, &a[1..]),
        _ => {
            eprintln!(
                "usage: hub moves | hub heldout | hub match CMD FEN_FILE NODES|dN DEPTH [FROM] [COUNT] [--pdn OUT]"
            );
            std::process::exit(2);
        }
    }
}
