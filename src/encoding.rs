//! Turning file bytes into text: UTF-8 (with or without BOM), else CP1251 or Latin-1.
//!
//! Old Russian archives are CP1251, old Dutch and French ones Latin-1 (or CP1252). When the bytes
//! are not valid UTF-8, the choice is made from the bytes: Cyrillic words are runs of high bytes
//! in 0xC0–0xFF, while Latin-1 text has single accented letters between ASCII ones.

/// The encoding a text was decoded from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (a BOM, if any, removed).
    Utf8,
    /// Windows-1251 (Cyrillic).
    Cp1251,
    /// ISO 8859-1, read as Windows-1252 for 0x80–0x9F.
    Latin1,
}

impl Encoding {
    /// A name for messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Cp1251 => "Windows-1251 (Cyrillic)",
            Encoding::Latin1 => "Latin-1",
        }
    }
}

/// Decodes file bytes, choosing the encoding.
///
/// ```
/// use pdn::encoding::{decode, Encoding};
/// assert_eq!(decode(b"\xEF\xBB\xBFok"), ("ok".to_string(), Encoding::Utf8));
/// // "Белый" in CP1251
/// assert_eq!(decode(b"\xc1\xe5\xeb\xfb\xe9").0, "Белый");
/// assert_eq!(decode(b"Caf\xe9 de la Paix").0, "Café de la Paix");
/// ```
#[must_use]
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (s.to_string(), Encoding::Utf8);
    }
    if looks_cyrillic(bytes) {
        (
            bytes.iter().map(|&b| cp1251_char(b)).collect(),
            Encoding::Cp1251,
        )
    } else {
        (
            bytes.iter().map(|&b| cp1252_char(b)).collect(),
            Encoding::Latin1,
        )
    }
}

/// High bytes that stand next to other high bytes (inside words) point to a Cyrillic text.
fn looks_cyrillic(bytes: &[u8]) -> bool {
    let mut high = 0usize;
    let mut paired = 0usize;
    for (i, &b) in bytes.iter().enumerate() {
        if b >= 0xC0 {
            high += 1;
            let prev = i > 0 && bytes[i - 1] >= 0xC0;
            let next = bytes.get(i + 1).is_some_and(|&n| n >= 0xC0);
            if prev || next {
                paired += 1;
            }
        }
    }
    high > 0 && paired * 2 > high
}

const CP1251_HIGH: [char; 64] = [
    'Ђ', 'Ѓ', '‚', 'ѓ', '„', '…', '†', '‡', '€', '‰', 'Љ', '‹', 'Њ', 'Ќ', 'Ћ', 'Џ', 'ђ', '‘', '’',
    '“', '”', '•', '–', '—', '\u{98}', '™', 'љ', '›', 'њ', 'ќ', 'ћ', 'џ', '\u{a0}', 'Ў', 'ў', 'Ј',
    '¤', 'Ґ', '¦', '§', 'Ё', '©', 'Є', '«', '¬', '\u{ad}', '®', 'Ї', '°', '±', 'І', 'і', 'ґ', 'µ',
    '¶', '·', 'ё', '№', 'є', '»', 'ј', 'Ѕ', 'ѕ', 'ї',
];

fn cp1251_char(b: u8) -> char {
    match b {
        0..=0x7F => b as char,
        0x80..=0xBF => CP1251_HIGH[(b - 0x80) as usize],
        // А..я are contiguous from U+0410.
        _ => char::from_u32(0x410 + u32::from(b - 0xC0)).unwrap_or('\u{fffd}'),
    }
}

const CP1252_80: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

fn cp1252_char(b: u8) -> char {
    match b {
        0x80..=0x9F => CP1252_80[(b - 0x80) as usize],
        _ => b as char,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cp1251_alphabet() {
        let (s, e) = decode(b"[White \"\xcf\xe5\xf2\xf0\xee\xe2, \xa8\xec\xe5\xeb\xff\xed\"]");
        assert_eq!(e, Encoding::Cp1251);
        assert_eq!(s, "[White \"Петров, Ёмелян\"]");
    }

    #[test]
    fn latin1_names() {
        let (s, e) = decode(b"[Site \"Br\xfcssel\"] [Black \"Gon\xe7alves\"]");
        assert_eq!(e, Encoding::Latin1);
        assert_eq!(s, "[Site \"Brüssel\"] [Black \"Gonçalves\"]");
    }
}
