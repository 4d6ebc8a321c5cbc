//! Inputs the fuzzer (`fuzz/`, target `read_write`) found, minimised: reading never panics, the
//! written games read back the same, and writing them again gives the same text.

use pdn::reader::read_bytes;
use pdn::writer::{WriteOptions, round_trip_failure};

fn check(input: &[u8]) {
    let first = read_bytes(input);
    if let Some(why) = round_trip_failure(&first.games, &WriteOptions::default()) {
        panic!("input {input:?}: {why}");
    }
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
