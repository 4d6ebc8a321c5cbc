//! Short links from strangers (`src/shortlink.rs`): any payload, any bytes behind the version
//! character, and a real link with one byte changed are read without a panic, each either as a
//! game whose text reads back as one game or as an error in plain words. A link is typed, cut,
//! or made up by anyone who opens the page.

use pdn::shortlink::{decode, decode_base64url, encode, encode_base64url};
use proptest::prelude::*;

/// A real game's payload, to damage.
fn real_payload() -> String {
    let text = "[Event \"Club\"][Date \"2026.12.07\"][White \"Ann\"][Black \"Bob\"][Result \"*\"]\n\
        [GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 41-37 5-10 *";
    encode(&pdn::read_file(text).games[0]).expect("a plain game has a short link")
}

/// The decoded text, if any, is one game the reader reads; an error says something.
fn holds(payload: &str) -> Result<(), TestCaseError> {
    match decode(payload) {
        Ok(text) => {
            let file = pdn::read_file(&text);
            prop_assert_eq!(file.games.len(), 1, "{}", text);
        }
        Err(e) => prop_assert!(!e.0.trim().is_empty(), "an empty error for {payload:?}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_text_is_read_or_refused(payload in ".{0,120}") {
        holds(&payload)?;
    }

    #[test]
    fn any_bytes_behind_the_version_are_read_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..160)) {
        holds(&format!("1{}", encode_base64url(&bytes)))?;
    }

    #[test]
    fn a_real_link_with_one_byte_changed_is_read_or_refused(at in any::<prop::sample::Index>(), to in any::<u8>()) {
        let payload = real_payload();
        let mut bytes = decode_base64url(&payload[1..]).expect("the link's own bytes");
        let i = at.index(bytes.len());
        bytes[i] = to;
        holds(&format!("1{}", encode_base64url(&bytes)))?;
    }

    #[test]
    fn a_real_link_cut_anywhere_is_read_or_refused(at in any::<prop::sample::Index>()) {
        let payload = real_payload();
        holds(&payload[..at.index(payload.len() + 1)])?;
    }
}
