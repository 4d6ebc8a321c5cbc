//! Replays every game of a PDN file and prints the canonical FEN of every position of its
//! mainline: the start, then each move as written followed by the FEN after it.
//!
//! `cargo run --example fens -- FILE`

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: fens FILE");
        std::process::exit(2);
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let file = pdn::read_bytes(&bytes);
    for (i, game) in file.games.iter().enumerate() {
        let replay = pdn::replay::replay(game);
        let variant = replay.variant.map_or("unknown variant", |v| v.name());
        println!(
            "game {} ({variant}, GameType {}): {} vs {}",
            i + 1,
            replay.gametype,
            game.tag("White").unwrap_or("?"),
            game.tag("Black").unwrap_or("?")
        );
        let Some(start) = replay.fen_at(0) else {
            println!("  no board for this game type");
            continue;
        };
        println!("  start  {start}");
        for (n, ply) in replay.plies.iter().enumerate() {
            let written = &game.moves[ply.node].text;
            let fen = replay.fen_at(n + 1).unwrap_or_default();
            println!("  {written:<6} {fen}");
        }
        if let Some(e) = &replay.error {
            println!("  stopped at ply {}: {}", e.ply, e.message);
        }
    }
}
