//! `pdn gif`: the file written (a GIF of plies + 1 frames, the same bytes as `pdn_gif::encode`
//! of the game's view), and plain errors for a game past the file's end, a game without a board,
//! a bad size and a missing output.

mod common;
use common::{run, temp_file};

const GAMES: &str = "[White \"Žanis Bērziņš\"]\n[Black \"Александр Шварцман\"]\n[GameType \"20\"]\n[Result \"2-0\"]\n\
    1. 32-28 19-23 2. 28x19 14x23 2-0\n\n\
    [White \"Ann\"]\n[Black \"Bob\"]\n[GameType \"21\"]\n[Result \"0-1\"]\n1. 11-15 23-19 2. 8-11 0-1\n\n\
    [GameType \"0\"]\n1. e4 e5 *\n";

/// The image descriptors of a GIF (0x2C after a block's end), counted by decoding its blocks.
fn frame_count(bytes: &[u8]) -> usize {
    let mut p = 13 + 3 * (2usize << (bytes[10] & 7));
    let mut frames = 0;
    while p < bytes.len() {
        match bytes[p] {
            0x21 => {
                p += 2;
                while bytes[p] != 0 {
                    p += 1 + bytes[p] as usize;
                }
                p += 1;
            }
            0x2C => {
                frames += 1;
                p += 10
                    + if bytes[p + 9] & 0x80 != 0 {
                        3 * (2usize << (bytes[p + 9] & 7))
                    } else {
                        0
                    };
                p += 1; // LZW minimum code size
                while bytes[p] != 0 {
                    p += 1 + bytes[p] as usize;
                }
                p += 1;
            }
            _ => break,
        }
    }
    frames
}

#[test]
fn gif_writes_a_frame_a_position() {
    let file = temp_file("gif.pdn", GAMES);
    let out = file.with_file_name("game-2.gif");
    let (stdout, err, code) = run(&[
        "gif",
        file.to_str().unwrap(),
        "--game",
        "2",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!((code, err.as_str(), stdout.as_str()), (0, "", ""));
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[..6], b"GIF89a");
    assert_eq!(
        u16::from_le_bytes([bytes[6], bytes[7]]),
        400,
        "8x8 at 400 px: 50 a square"
    );
    assert_eq!(frame_count(&bytes), 4, "3 plies + 1");
    // The default game is the first; --size changes the width.
    let small = file.with_file_name("game-1.gif");
    let (_, err, code) = run(&[
        "gif",
        file.to_str().unwrap(),
        "--size",
        "200",
        "-o",
        small.to_str().unwrap(),
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let bytes = std::fs::read(&small).unwrap();
    assert_eq!(u16::from_le_bytes([bytes[6], bytes[7]]), 200);
    assert_eq!(frame_count(&bytes), 5);
}

#[test]
fn gif_errors_are_plain_words() {
    let file = temp_file("gif-errors.pdn", GAMES);
    let f = file.to_str().unwrap();
    let out = file.with_file_name("never.gif");
    let o = out.to_str().unwrap();
    for (args, want) in [
        (
            vec!["gif", f, "--game", "9", "-o", o],
            "has no game 9: it has 3 games",
        ),
        (vec!["gif", f, "--game", "0", "-o", o], "has no game 0"),
        (vec!["gif", f, "--game", "3", "-o", o], "game 3 of"),
        (
            vec!["gif", f, "--size", "20", "-o", o],
            "size 20 is out of range",
        ),
        (vec!["gif", f], "give the file to write with -o OUT.gif"),
        (
            vec!["gif", "/nonexistent/file.pdn", "-o", o],
            "/nonexistent/file.pdn",
        ),
        (vec!["gif"], "give a FILE"),
    ] {
        let (_, err, code) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert!(!out.exists());
    let (_, err, code) = run(&["gif", f, "--game", "x", "-o", o]);
    assert_eq!(code, 2, "{err}");
    let (help, _, code) = run(&["gif", "--help"]);
    assert_eq!(code, 0);
    assert!(
        help.contains("pdn gif FILE [--game N] [--size PX] -o OUT.gif"),
        "{help}"
    );
}
