//! Nodes per second of the search on a few positions: `cargo run --release -p pdn-engine --example speed`.
//!
//! With arguments, the search alone on positions of a file (one FEN a line), each from a new
//! engine with the CLI's table (2^20 entries), the search's CPU time without the engine's set-up
//! (on Linux; elsewhere the time on the clock):
//!
//!   cargo run --release -p pdn-engine --example speed -- GAMETYPE DEPTH FEN_FILE
//!
//! prints each position's nodes, then the sums and the nodes per second over all.
use pdn::{Color, Position, Ruleset, Variant};
use pdn_engine::{Engine, Limits};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [gametype, depth, file] = &args[..] {
        return from_file(gametype, depth, file);
    }
    let cases = [
        (Variant::International, None),
        (
            Variant::International,
            Some(
                "W:W27,28,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,48,49:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,23",
            ),
        ),
        (Variant::English, None),
        (Variant::Russian, None),
    ];
    for (v, fen) in cases {
        let rs = Ruleset::of(v).unwrap();
        let pos = fen.map_or_else(
            || rs.start_position(),
            |f| Position::from_fen(f, &rs.geometry, Color::White).unwrap(),
        );
        let mut e = Engine::new(rs.clone(), 1 << 20);
        let t = std::time::Instant::now();
        let lines = e.analyse(
            &pos,
            &[],
            &Limits::movetime(std::time::Duration::from_secs(2)),
            1,
            |i| {
                eprintln!(
                    "  {v:?} depth {} score {} nodes {}",
                    i.depth, i.lines[0].score.0, i.nodes
                );
            },
        );
        let _ = lines;
        eprintln!("{v:?}: {:.2?}", t.elapsed());
    }
}

/// The search alone on every FEN of `file` to `depth`.
fn from_file(gametype: &str, depth: &str, file: &str) {
    let rs = Ruleset::of_gametype(gametype).expect("a GameType");
    let depth: u32 = depth.parse().expect("a depth");
    let text = std::fs::read_to_string(file).expect("a file of FENs");
    let (mut nodes, mut time) = (0u64, std::time::Duration::ZERO);
    for fen in text.lines().filter(|l| !l.trim().is_empty()) {
        let pos = Position::from_fen(fen.trim(), &rs.geometry, Color::White).expect("a FEN");
        let mut e = Engine::new(rs.clone(), 1 << 20);
        let t = cpu_time();
        let mut n = 0;
        e.analyse(&pos, &[], &Limits::depth(depth), 1, |i| n = i.nodes);
        time += cpu_time() - t;
        nodes += n;
        println!("{n}");
    }
    println!(
        "nodes {nodes} time {:.3} s nps {:.0}",
        time.as_secs_f64(),
        nodes as f64 / time.as_secs_f64()
    );
}

/// The thread's CPU time (Linux), so that other work on the machine does not count.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn cpu_time() -> std::time::Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The time on the clock since the first call (elsewhere).
#[cfg(not(target_os = "linux"))]
fn cpu_time() -> std::time::Duration {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}
