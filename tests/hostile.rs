//! Hostile and huge inputs: a megabyte-long line of one character takes time in proportion to
//! its length through the whole pipeline (decoding, reading, replay, every diagnostic's
//! line:column, export), not in proportion to its square.
//!
//! The check is a ratio of times (a line four times as long may take at most six times as long),
//! so it holds on slow or busy machines; each size is timed best of three to damp noise. Being
//! timed, it runs in `make bench`, not in `make test` (which asserts no time).

use std::time::{Duration, Instant};

use pdn::diagnostic::LineIndex;
use pdn::encoding::Encoding;
use pdn::writer::{WriteOptions, write_game_into};

/// Everything `pdn check` and `pdn export` do with a file; returns a count so nothing is
/// optimised away.
fn pipeline(bytes: &[u8]) -> usize {
    let file = pdn::read_bytes(bytes);
    let lines = LineIndex::new(&file.text);
    let mut sum = 0;
    for d in &file.diagnostics {
        sum += lines.location(&file.text, d.span.start).1;
    }
    let mut text = String::new();
    for game in &file.games {
        let r = pdn::replay::replay(game);
        for d in game.diagnostics.iter().chain(&r.diagnostics) {
            let (line, column) = lines.location(&file.text, d.span.start);
            sum += line + column + lines.utf16_at(&file.text, d.span.end);
        }
        write_game_into(&mut text, game, &WriteOptions::default(), false);
    }
    sum + text.len()
}

fn best_time(bytes: &[u8], runs: usize) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(pipeline(std::hint::black_box(bytes)));
            t.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn line_of(prefix: &str, c: char, len: usize) -> Vec<u8> {
    let mut s = String::with_capacity(prefix.len() + len);
    s.push_str(prefix);
    let n = len / c.len_utf8();
    s.extend(std::iter::repeat_n(c, n));
    s.into_bytes()
}

const GAME: &str = "[Event \"x\"]\n1. 32-28 ";

/// One test, so that the cases are timed one after the other and not against each other.
/// Timed, so not in `make test` (issue 38: a loaded machine would decide it); `make bench` runs
/// it in the test build it was calibrated in (`cargo test --test hostile -- --ignored`).
#[test]
#[ignore = "timed: run by make bench"]
fn long_lines_take_linear_time() {
    const SMALL: usize = 256 * 1024;
    const LARGE: usize = 1024 * 1024;
    let cases = [
        (GAME, '('),
        ("", '('),
        (GAME, ')'),
        (GAME, '['),
        ("", '['),
        (GAME, '/'),
        ("", '/'),
        (GAME, '{'),
        ("", '{'),
        // Columns are counted in UTF-16 units: `ж` is two bytes and one unit, `😀` four and two.
        (GAME, 'ж'),
        ("", '😀'),
    ];
    let mut slow = Vec::new();
    for (prefix, c) in cases {
        let (small_text, large_text) = (line_of(prefix, c, SMALL), line_of(prefix, c, LARGE));
        // Four times the text may take six times as long (below a few milliseconds the ratio
        // is noise); a quadratic step takes sixteen. A busy machine only ever slows a run down,
        // so a case passes when one of five attempts is in proportion.
        let mut attempts = Vec::new();
        let linear = (0..5).any(|_| {
            let small = best_time(&small_text, 2);
            let large = best_time(&large_text, 1);
            eprintln!("{prefix:?} then {c:?}: {small:?} for 256 KB, {large:?} for 1 MB");
            attempts.push((small, large));
            large <= small.max(Duration::from_millis(5)) * 6
        });
        if !linear {
            slow.push(format!("{prefix:?} then {c:?}: {attempts:?}"));
        }
    }
    assert!(slow.is_empty(), "more than linear: {slow:#?}");
}

const GAMES: &str = "[Event \"Кубок\"]\n[White \"Жук\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 {😀 ok} *\n\n\
                     [Event \"b\"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n";

#[test]
fn utf16_files_read_as_their_utf8_text() {
    let utf8 = pdn::read_bytes(GAMES.as_bytes());
    let le: Vec<u8> = GAMES.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = GAMES.encode_utf16().flat_map(u16::to_be_bytes).collect();
    for (bytes, encoding) in [
        ([&[0xFF, 0xFE][..], &le].concat(), Encoding::Utf16Le),
        ([&[0xFE, 0xFF][..], &be].concat(), Encoding::Utf16Be),
        (le.clone(), Encoding::Utf16Le),
        (be.clone(), Encoding::Utf16Be),
    ] {
        let f = pdn::read_bytes(&bytes);
        assert_eq!(f.encoding, encoding);
        assert_eq!(f.text, GAMES);
        assert_eq!(f.games, utf8.games);
        assert_eq!(f.diagnostics, utf8.diagnostics);
    }
}

#[test]
fn binary_files_are_reported_not_read() {
    let mut blob: Vec<u8> = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    let mut x: u32 = 1;
    blob.extend((0..100_000).map(|_| {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (x >> 16) as u8
    }));
    let f = pdn::read_bytes(&blob);
    assert_eq!(f.encoding, Encoding::Binary);
    assert!(f.games.is_empty());
    assert_eq!(f.diagnostics.len(), 1);
    assert_eq!(f.diagnostics[0].code, "binary-file");
    assert_eq!(f.diagnostics[0].severity, pdn::Severity::Error);
}

#[test]
fn an_overflowing_move_number_is_a_warning_and_stays_readable() {
    let digits = "9".repeat(10_000);
    let text = format!("[GameType \"20\"]\n{digits}. 32-28 19-23 *");
    let f = pdn::read_file(&text);
    let g = &f.games[0];
    assert_eq!(g.moves.len(), 2);
    let d = g
        .diagnostics
        .iter()
        .find(|d| d.code == "move-number-overflow")
        .expect("a warning");
    assert_eq!(d.severity, pdn::Severity::Warning);
    assert_eq!(
        d.span,
        pdn::Span::new(text.find('9').unwrap(), text.find('.').unwrap() + 1)
    );
    assert!(d.message.len() < 200, "{}", d.message);
    assert!(d.message.contains("(10000 digits)"), "{}", d.message);
    assert!(pdn::replay::replay(g).error.is_none());
    // The largest number kept, written as such, is no problem.
    let f = pdn::read_file("[GameType \"20\"]\n4294967295. 32-28 *");
    assert!(f.games[0].diagnostics.is_empty());
}

#[test]
fn a_board_size_that_is_not_the_variants_is_said_to_be_ignored() {
    for gametype in ["20,W,8,8,N2,0", "20,W,26,26,N2,0"] {
        let f = pdn::read_file(&format!("[GameType \"{gametype}\"]\n1. 32-28 19-23 *"));
        let r = pdn::replay::replay(&f.games[0]);
        assert!(r.error.is_none());
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code == "board-size-ignored")
            .expect("a warning");
        assert_eq!(d.severity, pdn::Severity::Warning);
        assert!(
            d.message.contains("the board size is ignored"),
            "{}",
            d.message
        );
    }
    let f = pdn::read_file("[GameType \"20,W,10,10,N2,0\"]\n1. 32-28 *");
    let r = pdn::replay::replay(&f.games[0]);
    assert!(r.diagnostics.iter().all(|d| d.code != "board-size-ignored"));
}
