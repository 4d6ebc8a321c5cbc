//! Checks an endgame database file (`pdn egdb`) on random positions: each one's value must be
//! the one its moves give from the values one move on (the quickest win, else a draw, else the
//! longest loss).
//!
//!   cargo run --release -p pdn-engine --example egdb_check -- FILE [SAMPLES] [GAMETYPE]

use pdn::position::Duplicates;
use pdn::{Color, Piece, Position, Role, Ruleset, Square};
use pdn_engine::egdb::{Egdb, Value};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bytes = std::fs::read(&args[0]).expect("a file");
    let samples: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let rs = Ruleset::of_gametype(args.get(2).map_or("21", String::as_str)).expect("GameType");
    let db = Egdb::from_bytes(&rs, &bytes).expect("a database of this GameType");
    let g = &rs.geometry;
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let (mut checked, mut wrong) = (0u64, 0u64);
    let mut counts = [0u64; 3];
    let mut moves = Vec::new();
    while checked < samples {
        let n = 2 + next(db.pieces() as u64 - 1) as usize;
        let mut pieces = Vec::new();
        for k in 0..n {
            let color = if k == 0 || (k > 1 && next(2) == 0) {
                Color::White
            } else {
                Color::Black
            };
            let role = if next(2) == 0 { Role::Man } else { Role::King };
            let sq = Square(next(32) as u8);
            if role == Role::Man && g.is_promotion_row(sq, color) {
                continue;
            }
            pieces.push((sq, Piece { color, role }));
        }
        let turn = if next(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Some(pos) = Position::from_pieces(g, turn, &pieces) else {
            continue;
        };
        if pos.count(Color::White) == 0 || pos.count(Color::Black) == 0 {
            continue;
        }
        let Some(value) = db.probe(&pos) else {
            continue;
        };
        pos.generate_compact(&rs, Duplicates::Drop, &mut moves);
        let (mut win, mut loss, mut draw) = (None::<u32>, 0, false);
        for m in &moves {
            match db
                .probe(&pos.play_compact(m))
                .expect("a child in the tables")
            {
                Value::Loss(k) => win = Some(win.map_or(k + 1, |w| w.min(k + 1))),
                Value::Win(k) => loss = loss.max(k + 1),
                Value::Draw => draw = true,
            }
        }
        let backed = match win {
            Some(w) => Value::Win(w),
            None if draw => Value::Draw,
            None => Value::Loss(loss),
        };
        counts[match value {
            Value::Win(_) => 0,
            Value::Loss(_) => 1,
            Value::Draw => 2,
        }] += 1;
        if backed != value {
            wrong += 1;
            if wrong <= 10 {
                println!("{}: {value:?}, its moves give {backed:?}", pos.to_fen(g));
            }
        }
        checked += 1;
    }
    println!(
        "{checked} positions of up to {} pieces: {wrong} wrong; wins {}, losses {}, draws {}",
        db.pieces(),
        counts[0],
        counts[1],
        counts[2]
    );
}
