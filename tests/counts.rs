//! Game counts of real files, counted by hand (grep and eyes, not by this reader), against what
//! the reader finds. Each row says how the count was made.

mod common;

use pdn::reader::{read_bytes, read_headers};

/// (file below the PDN_CORPORA folder, games, how they were counted)
const HAND_COUNTS: &[(&str, usize, &str)] = &[
    (
        "english/eygilbert-CheckerBoard__tinsley.pdn",
        724,
        "724 [Event lines, 724 tag blocks, 724 results",
    ),
    (
        "italian/mig0-Games-Checkers__40champ-1996.pdn",
        302,
        "Latin-1; 302 [Event lines and 302 results",
    ),
    (
        "messy/derived_encodings/DERIVED_cp1251__wiegerw-pdn__ussr1947.pdn",
        153,
        "Windows-1251; 153 [Event lines and 153 results",
    ),
    (
        "problems/wiegerw-pdn__succeed__gem.pdn",
        162,
        "162 tag blocks; some games are only a result (1-0)",
    ),
    (
        "czech/mig0-Games-Checkers__MR_Ceska_Dama_Druzstev_2008.pdn",
        40,
        "40 [Event lines and 40 results",
    ),
    (
        "brazilian/miskibin-py-draughts__brazilian_random_pdns.pdn",
        25,
        "25 [Event lines and 25 results",
    ),
    (
        "english/mig0-Games-Checkers__British_Computer_Championship_2002.pdn",
        16,
        "16 tag blocks; most games have no result before the next tags, and results \
         inside prose in parentheses end nothing",
    ),
    (
        "english/wiegerw-pdn__succeed__Tricks_traps_and_shots.pdn",
        91,
        "91 [Event lines; one game's tags are glued to the result before them (0-1[Event)",
    ),
    (
        "international/rhalbersma-horizon/Horizon/pdn-files/test-files/2010-02-18.pdn",
        5,
        "5 games of a FEN tag and one move, glued by `*[FEN`, several on a line",
    ),
    (
        "international/rhalbersma-horizon/BoomstraDam/pdn_files/oud-2/0913.pdn",
        26,
        "no tags; 25 results glued to the next game's first move number (0-001.32-28) and \
         a last 0-0",
    ),
    (
        "international/rhalbersma-horizon/BoomstraDam/pdn_files/oud-2/truus20090319-2.pdn",
        2,
        "one tag block, a game, then 0-201.33-29 starts a second game",
    ),
    (
        "international/wiegerw-pdn__fail__40Camp.DamaInternazionaleAssoluto.pdn",
        45,
        "45 [Event lines; one game (line 226) has no result before the next tags",
    ),
    (
        "messy/bas080-dammen__invalid.pdn",
        1,
        "one tag block, one result",
    ),
    (
        "russian/wiegerw-pdn__fail__abatsiev.pdn",
        56,
        "56 [Event lines and 56 results on lines of their own",
    ),
];

#[test]
fn the_reader_finds_the_hand_counted_games() {
    let Some(dir) = common::corpora("the hand-counted games test") else {
        return;
    };
    let mut wrong = Vec::new();
    for &(file, expected, how) in HAND_COUNTS {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let read = read_bytes(&bytes);
        let listed = read_headers(&read.text).len();
        if read.games.len() != expected || listed != expected {
            wrong.push(format!(
                "{file}: {} games read, {listed} listed, {expected} counted by hand ({how})",
                read.games.len()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
