//! Nodes per second of the search on a few positions: `cargo run --release -p pdn-engine --example speed`.
use pdn::{Color, Position, Ruleset, Variant};
use pdn_engine::{Engine, Limits};

fn main() {
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
