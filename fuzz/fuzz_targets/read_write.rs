//! The reader never panics on any bytes, and export is stable: reading the written text gives
//! the same games, and writing those gives the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdn::reader::read_bytes;
use pdn::writer::{WriteOptions, round_trip_failure};

fuzz_target!(|data: &[u8]| {
    let first = read_bytes(data);
    if let Some(why) = round_trip_failure(&first.games, &WriteOptions::default()) {
        panic!("{why}");
    }
});
