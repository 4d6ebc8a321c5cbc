//! The reader never panics on any bytes, and export is stable: reading the written text gives
//! the same games, and writing those gives the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdn::reader::{read_bytes, read_file};
use pdn::writer::{WriteOptions, difference, write_games};

fuzz_target!(|data: &[u8]| {
    let opts = WriteOptions::default();
    let first = read_bytes(data);
    let written = write_games(&first.games, &opts);
    let again = read_file(&written);
    assert_eq!(
        first.games.len(),
        again.games.len(),
        "game count changed; written:\n{written}"
    );
    for (a, b) in first.games.iter().zip(&again.games) {
        if let Some(d) = difference(a, b) {
            panic!("{d}\nwritten:\n{written}");
        }
    }
    let rewritten = write_games(&again.games, &opts);
    assert_eq!(written, rewritten, "writing again changed the text");
});
