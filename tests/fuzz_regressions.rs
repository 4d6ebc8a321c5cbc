//! Inputs the fuzzer (`fuzz/`, target `read_write`) found, minimised: reading never panics, the
//! written games read back the same, and writing them again gives the same text.

use pdn::reader::{read_bytes, read_file};
use pdn::writer::{WriteOptions, difference, write_games};

fn check(input: &[u8]) {
    let opts = WriteOptions::default();
    let first = read_bytes(input);
    let written = write_games(&first.games, &opts);
    let again = read_file(&written);
    assert_eq!(
        first.games.len(),
        again.games.len(),
        "input {input:?}, written:\n{written}"
    );
    for (a, b) in first.games.iter().zip(&again.games) {
        if let Some(d) = difference(a, b) {
            panic!("input {input:?}: {d}\nwritten:\n{written}");
        }
    }
    assert_eq!(write_games(&again.games, &opts), written, "input {input:?}");
}

#[test]
fn a_star_move_that_reads_like_a_result() {
    // `0-2*` is read as the move 0-2 with a star; `0-2 $7` would read as the result 0-2.
    check(b"0-2*");
    check(b"1. 32-28 1-1*! 1-0");
    check(b"1. 32-28 1-1*(?) (0-0*(!) 2-0*) 1-0");
}

#[test]
fn move_numbers_past_the_largest_the_reader_keeps() {
    // The number overflows u32 (read as u32::MAX); after the setup the written number must still
    // read back as itself.
    check(b"13333333333.3g3 3-4\n//8-4");
}

#[test]
fn prose_then_two_dashes() {
    // Prose followed by '- -' once made a game with nothing in it, written as '*' and read back
    // as no game; a lone dash after prose is now prose.
    check(b"\xed - -");
    check(b"abc - -");
    // The same with an empty `;` comment: written `{} *`, read back as no game.
    check(b"\x01 - -;");
}
