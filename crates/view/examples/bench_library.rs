//! The page's reading work done natively, to compare with the same work in wasm
//! (`tests/e2e/bench-wasm.mjs`, run by `make bench-page`): open a file as the worker does
//! (decode and list), build every list row from the tags, the check pass (every game replayed for
//! its list row), and every game's view: packed, as the page takes it (`views`), and full
//! (`viewsFull`, `Library.game`'s). Each step also written as the JSON text the wasm
//! boundary hands to JavaScript (`rowsJson`, …: the same work as the wasm calls but for
//! `JSON.parse`), and the page's view as the binary buffer the page now takes (`viewsBuffer`,
//! `Library::page_buffer`, `pdn_view::wire`). Best of `--runs=N` (default 5) per step, printed as one JSON object.
//!
//! ```sh
//! cargo run --release -p pdn-view --example bench_library -- FILE [--runs=N]
//! ```

use std::hint::black_box;
use std::time::Instant;

use pdn_view::json::to_string;
use pdn_view::library::Library;

/// This thread's CPU time in ms, if the system says.
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

fn best(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            let cpu = cpu_ms();
            f();
            match (cpu, cpu_ms()) {
                (Some(a), Some(b)) => b - a,
                _ => t.elapsed().as_secs_f64() * 1000.0,
            }
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut file = None;
    let mut runs = 5;
    for arg in std::env::args().skip(1) {
        match arg.strip_prefix("--runs=") {
            Some(n) => runs = n.parse().expect("--runs=N"),
            None => file = Some(arg),
        }
    }
    let Some(file) = file else {
        eprintln!("usage: bench_library FILE [--runs=N]");
        std::process::exit(2);
    };
    let bytes = std::fs::read(&file).expect("readable file");
    let open = best(runs, || {
        black_box(Library::from_bytes(black_box(&bytes)));
    });
    let lib = Library::from_bytes(&bytes);
    let n = lib.len();
    let rows = best(runs, || {
        for i in 0..n {
            black_box(lib.row(i));
        }
    });
    let check = best(runs, || {
        for i in 0..n {
            black_box(lib.check(i));
        }
    });
    let views = best(runs, || {
        for i in 0..n {
            black_box(lib.view(i));
        }
    });
    // As bench-wasm.mjs calls them: every row in one array, checks in the worker's chunks of 250.
    let chunks = || (0..n).step_by(250).map(|from| from..(from + 250).min(n));
    let rows_json = best(runs, || {
        let rows: Vec<_> = (0..n).filter_map(|i| lib.row(i)).collect();
        black_box(to_string(&rows));
    });
    let check_json = best(runs, || {
        for c in chunks() {
            let rows: Vec<_> = c.filter_map(|i| lib.check(i)).collect();
            black_box(to_string(&rows));
        }
    });
    let views_json = best(runs, || {
        for i in 0..n {
            black_box(to_string(&lib.view(i)));
        }
    });
    // What the page takes over now: the view with its moves packed.
    let packed = best(runs, || {
        for i in 0..n {
            black_box(lib.packed_view(i));
        }
    });
    let packed_json = best(runs, || {
        for i in 0..n {
            black_box(to_string(&lib.packed_view(i)));
        }
    });
    // As the page takes it now: the page's view (the packed one within the budgets) as one
    // binary buffer (pdn_view::wire), Library.pageBuffer's work.
    let packed_buffer = best(runs, || {
        for i in 0..n {
            black_box(lib.page_buffer(i));
        }
    });
    // Move generation alone: perft from the International start, depth 8 (as bench-wasm.mjs
    // asks the engine's wasm).
    let rs = pdn::Ruleset::of(pdn::Variant::International).expect("International rules");
    let mut leaves = 0;
    let perft = best(runs, || {
        leaves = black_box(pdn::position::perft(&rs, &rs.start_position(), 8));
    });
    println!(
        "{{\"perft\":{perft:.2},\"perftLeaves\":{leaves},\"games\":{n},\"bytes\":{},\"open\":{open:.2},\"rows\":{rows:.2},\"check\":{check:.2},\"views\":{packed:.2},\
         \"viewsFull\":{views:.2},\"rowsJson\":{rows_json:.2},\"checkJson\":{check_json:.2},\"viewsJson\":{packed_json:.2},\"viewsBuffer\":{packed_buffer:.2},\
         \"viewsFullJson\":{views_json:.2}}}",
        bytes.len()
    );
}
