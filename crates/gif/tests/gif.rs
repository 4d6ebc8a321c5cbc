//! The GIF of a game: its frames (one a position), their size and delays, the end's pause, the
//! size of a 100-ply game's file at 400 px, names in three scripts, and plain errors; each file
//! decoded again with the `gif` crate.

use pdn_gif::{Animation, DELAY_END, DELAY_MOVE, DELAY_START, GifError, encode};

/// A 100-ply international game of legal moves, chosen by a fixed pseudo-random sequence (no game
/// of the repository's own is that long), as PDN text.
fn long_game(plies: usize) -> String {
    let variant = pdn::Variant::from_gametype(20).unwrap();
    let rs = pdn::Ruleset::of(variant).unwrap();
    for seed in 1u64.. {
        let mut state = seed;
        let mut pos = rs.start_position();
        let mut moves = Vec::new();
        while moves.len() < plies {
            let legal = pos.legal_moves(&rs);
            if legal.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = &legal[(state >> 33) as usize % legal.len()];
            let sep = if m.captured != 0 { "x" } else { "-" };
            let path: Vec<&str> = if m.captured != 0 {
                m.path().iter().map(|&s| rs.geometry.label(s)).collect()
            } else {
                vec![rs.geometry.label(m.from), rs.geometry.label(m.to)]
            };
            moves.push(path.join(sep));
            pos = pos.play(m);
        }
        if moves.len() == plies {
            let mut text = String::from(
                "[White \"Žanis Bērziņš\"]\n[Black \"Александр Шварцман\"]\n[GameType \"20\"]\n[Result \"1-1\"]\n",
            );
            for (i, m) in moves.iter().enumerate() {
                if i % 2 == 0 {
                    text.push_str(&format!("{}. ", i / 2 + 1));
                }
                text.push_str(m);
                text.push(' ');
            }
            text.push_str("1-1\n");
            return text;
        }
    }
    unreachable!()
}

fn animation(text: &str) -> Animation {
    let lines = pdn::diagnostic::LineIndex::new(text);
    let mut game = None;
    pdn::reader::read_each_game(text, |g| {
        game.get_or_insert(g);
    });
    let view = pdn_view::view::FileView::of_text(text, &lines).view_of(&game.unwrap(), 1);
    Animation::from_view(&view).unwrap()
}

/// A decoded frame: left, top, width, height, delay.
type Frame = (u16, u16, u16, u16, u16);

/// Each frame's (left, top, width, height, delay), decoded by the `gif` crate.
fn frames(bytes: &[u8]) -> (u16, u16, Vec<Frame>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).unwrap();
    let (w, h) = (decoder.width(), decoder.height());
    let mut out = Vec::new();
    while let Some(f) = decoder.read_next_frame().unwrap() {
        out.push((f.left, f.top, f.width, f.height, f.delay));
    }
    (w, h, out)
}

#[test]
fn a_100_ply_game_at_400_px_has_a_frame_a_position_and_stays_under_400_kb() {
    let text = long_game(100);
    let a = animation(&text);
    assert_eq!(a.positions.len(), 101, "{text}");
    let bytes = encode(&a, 400).unwrap();
    assert!(bytes.len() <= 400 * 1024, "{} bytes", bytes.len());
    eprintln!("100 plies at 400 px: {} bytes", bytes.len());
    let (w, h, frames) = frames(&bytes);
    assert_eq!(frames.len(), 101, "plies + 1");
    // 10×10 squares of 40 px, the two bands with their lines above and below.
    assert_eq!(w, 400);
    assert!(h > 400 && h < 480, "height {h}");
    assert_eq!(
        (frames[0].0, frames[0].1, frames[0].2, frames[0].3),
        (0, 0, w, h)
    );
    assert_eq!(frames[0].4, DELAY_START);
    assert!(frames[1..100].iter().all(|f| f.4 == DELAY_MOVE));
    assert_eq!(frames[100].4, DELAY_END, "the pause at the end");
    const { assert!(DELAY_END > DELAY_MOVE) };
    // Each later frame is the rectangle that changed: within the board, smaller than the whole.
    for f in &frames[1..] {
        assert!(u32::from(f.2) * u32::from(f.3) < u32::from(w) * u32::from(h));
        assert!(f.1 + f.3 <= h && f.0 + f.2 <= w);
    }
}

#[test]
fn the_same_game_gives_the_same_bytes() {
    let text = long_game(30);
    assert_eq!(
        encode(&animation(&text), 400).unwrap(),
        encode(&animation(&text), 400).unwrap()
    );
}

#[test]
fn frame_size_follows_the_board() {
    // English checkers, 8×8: 50 px squares at 400; 6×10 font under 300 px.
    let text = "[White \"Ann\"]\n[Black \"Bob\"]\n[GameType \"21\"]\n[Result \"0-1\"]\n1. 11-15 23-19 2. 8-11 22-17 0-1\n";
    let a = animation(text);
    assert_eq!(a.positions.len(), 5);
    let (w, _, f) = frames(&encode(&a, 400).unwrap());
    assert_eq!((w, f.len()), (400, 5));
    let (w, _, _) = frames(&encode(&a, 250).unwrap());
    assert_eq!(w, 248, "31 px a square");
    // The first move's squares are marked: 11 and 15.
    assert_eq!(a.moves[1], Some((10, 14)));
}

#[test]
fn a_game_without_moves_is_one_frame_with_the_end_pause() {
    let a = animation("[White \"A\"]\n[Black \"B\"]\n[GameType \"20\"]\n*\n");
    let (_, _, f) = frames(&encode(&a, 400).unwrap());
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].4, DELAY_END);
}

#[test]
fn bad_models_and_sizes_are_plain_errors() {
    let a = animation("[GameType \"20\"]\n1. 32-28 *\n");
    assert_eq!(encode(&a, 50), Err(GifError::Size(50)));
    assert!(GifError::Size(50).to_string().contains("120 to 1200"));
    let mut short = a.clone();
    short.positions[1].pop();
    assert!(matches!(encode(&short, 400), Err(GifError::Model(_))));
    let mut off = a.clone();
    off.moves[1] = Some((0, 500));
    assert!(matches!(encode(&off, 400), Err(GifError::Model(_))));
    let none = Animation {
        squares: vec![],
        ..a
    };
    assert_eq!(encode(&none, 400), Err(GifError::NoBoard));
}

#[test]
fn the_pages_flat_parts_make_the_same_animation_as_the_view() {
    // What www/share/gif.js sends: files, ranks, every position's cells, each frame's squares.
    let a = animation(&long_game(12));
    let files: Vec<u8> = a.squares.iter().map(|s| s.0).collect();
    let ranks: Vec<u8> = a.squares.iter().map(|s| s.1).collect();
    let cells: String = a.positions.concat();
    let square = |m: Option<(usize, usize)>, k: usize| {
        m.map_or(-1, |m| if k == 0 { m.0 } else { m.1 } as i32)
    };
    let from: Vec<i32> = a.moves.iter().map(|&m| square(m, 0)).collect();
    let to: Vec<i32> = a.moves.iter().map(|&m| square(m, 1)).collect();
    let b = Animation::from_parts(
        a.width,
        a.height,
        &files,
        &ranks,
        &cells,
        &from,
        &to,
        [&a.white, &a.black, &a.result],
    )
    .unwrap();
    assert_eq!(a, b);
    assert!(matches!(
        Animation::from_parts(
            10,
            10,
            &files,
            &ranks,
            &cells[1..],
            &from,
            &to,
            ["", "", ""]
        ),
        Err(GifError::Model(_))
    ));
    assert!(matches!(
        Animation::from_parts(
            10,
            10,
            &files,
            &ranks,
            &cells,
            &from[1..],
            &to,
            ["", "", ""]
        ),
        Err(GifError::Model(_))
    ));
    assert_eq!(
        Animation::from_parts(10, 10, &[], &[], "", &[], &[], ["", "", ""]),
        Err(GifError::NoBoard)
    );
}

#[test]
fn kings_and_a_position_from_fen() {
    let text = "[White \"A\"]\n[Black \"B\"]\n[GameType \"20\"]\n[FEN \"W:WK46,31:BK5,20\"]\n1. 31-26 5-10 *\n";
    let a = animation(text);
    assert_eq!(a.positions.len(), 3);
    assert!(a.positions[0].contains('W') && a.positions[0].contains('B'));
    let bytes = encode(&a, 400).unwrap();
    let (_, _, f) = frames(&bytes);
    assert_eq!(f.len(), 3);
}
