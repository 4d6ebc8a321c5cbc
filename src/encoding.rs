//! Turning file bytes into text: UTF-8 (with or without BOM), UTF-16 (little or big endian,
//! with or without BOM), else CP1251 or Latin-1; and telling bytes that are not text at all.
//!
//! UTF-16 without a BOM is recognised by its NUL bytes: PDN is mostly ASCII, whose characters
//! have a NUL high byte, so about every other byte is NUL, at odd offsets in little-endian and
//! at even offsets in big-endian text. Other bytes with many NULs or control characters (an
//! image, an archive, a program) are [`Encoding::Binary`]: not PDN text, and not read.
//!
//! Old Russian archives are CP1251, old Dutch and French ones Latin-1 (or CP1252). When the bytes
//! are not valid UTF-8, the choice is made from the bytes: Cyrillic words are runs of high bytes
//! in 0xC0–0xFF, while Latin-1 text has single accented letters between ASCII ones.

use crate::diagnostic::{Code, Diagnostic, Span};

/// The encoding a text was decoded from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (a BOM, if any, removed).
    Utf8,
    /// Windows-1251 (Cyrillic).
    Cp1251,
    /// ISO 8859-1, read as Windows-1252 for 0x80–0x9F.
    Latin1,
    /// UTF-16, little-endian (a BOM, if any, removed).
    Utf16Le,
    /// UTF-16, big-endian (a BOM, if any, removed).
    Utf16Be,
    /// Not text: NULs or control characters where text has none. The decoded text is the bytes
    /// read as Latin-1 (nothing lost); readers report the file and read no games from it.
    Binary,
}

impl Encoding {
    /// A name for messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Cp1251 => "Windows-1251 (Cyrillic)",
            Encoding::Latin1 => "Latin-1",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Binary => "binary (not text)",
        }
    }

    /// Whether the bytes were text: `false` only for [`Encoding::Binary`].
    #[must_use]
    pub const fn is_text(self) -> bool {
        !matches!(self, Encoding::Binary)
    }
}

/// The file-level diagnostic of bytes that are not text ([`Encoding::Binary`]): an error at the
/// start of the file, code `binary-file`.
///
/// ```
/// let d = pdn::encoding::binary_diagnostic();
/// assert_eq!(d.code, pdn::Code::BinaryFile);
/// assert_eq!(d.message, "this file is binary, not PDN text; it is not read");
/// ```
#[must_use]
pub fn binary_diagnostic() -> Diagnostic {
    Diagnostic::new(Code::BinaryFile, Span::new(0, 0), Code::BinaryFile.text())
}

/// Decodes file bytes, choosing the encoding.
///
/// ```
/// use pdn::encoding::{decode, Encoding};
/// assert_eq!(decode(b"\xEF\xBB\xBFok"), ("ok".to_string(), Encoding::Utf8));
/// // "Белый" in CP1251
/// assert_eq!(decode(b"\xc1\xe5\xeb\xfb\xe9").0, "Белый");
/// assert_eq!(decode(b"Caf\xe9 de la Paix").0, "Café de la Paix");
/// assert_eq!(decode(b"\xFF\xFE1\0.\0").0, "1.");
/// assert_eq!(decode(b"\x001\0.\0 \x003").1, Encoding::Utf16Be);
/// assert_eq!(decode(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0").1, Encoding::Binary);
/// ```
#[must_use]
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return (utf16(rest, u16::from_le_bytes), Encoding::Utf16Le);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return (utf16(rest, u16::from_be_bytes), Encoding::Utf16Be);
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match utf16_without_bom(bytes) {
        Some(Encoding::Utf16Le) => return (utf16(bytes, u16::from_le_bytes), Encoding::Utf16Le),
        Some(_) => return (utf16(bytes, u16::from_be_bytes), Encoding::Utf16Be),
        None => {}
    }
    if looks_binary(bytes) {
        return (
            bytes.iter().map(|&b| char::from(b)).collect(),
            Encoding::Binary,
        );
    }
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

/// [`decode`] taking the bytes by value: UTF-8 (with or without a byte order mark) becomes the
/// text in place, without a copy, which halves the memory a large file needs while it is read.
/// Same text and encoding as [`decode`] for every input.
///
/// ```
/// use pdn::encoding::{decode, decode_vec};
/// for bytes in [&b"\xEF\xBB\xBFok"[..], b"Caf\xe9", b"\xFF\xFE1\0", b"1. 32-28 *"] {
///     assert_eq!(decode_vec(bytes.to_vec()), decode(bytes));
/// }
/// ```
#[must_use]
pub fn decode_vec(mut bytes: Vec<u8>) -> (String, Encoding) {
    let bom = usize::from(bytes.starts_with(b"\xEF\xBB\xBF")) * 3;
    let body = &bytes[bom..];
    if body.starts_with(b"\xFF\xFE") || body.starts_with(b"\xFE\xFF") {
        return decode(&bytes);
    }
    if utf16_without_bom(body).is_some() || looks_binary(body) || std::str::from_utf8(body).is_err()
    {
        return decode(&bytes);
    }
    bytes.drain(..bom);
    match String::from_utf8(bytes) {
        Ok(text) => (text, Encoding::Utf8),
        Err(e) => decode(e.as_bytes()), // not reached: checked above
    }
}

/// UTF-16 code units to text; unpaired surrogates become U+FFFD, and so does an odd last byte.
fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = bytes.chunks_exact(2).map(|p| unit([p[0], p[1]]));
    let mut s: String = char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    if bytes.len() % 2 == 1 {
        s.push(char::REPLACEMENT_CHARACTER);
    }
    s
}

/// Bytes looked at to recognise UTF-16 without a BOM, or binary data.
const SAMPLE: usize = 4096;

/// UTF-16 without a BOM, by the NULs of ASCII characters: at least a quarter of the first code
/// units have a NUL byte on one side, and almost none on the other.
fn utf16_without_bom(bytes: &[u8]) -> Option<Encoding> {
    let sample = &bytes[..bytes.len().min(SAMPLE) & !1];
    let units = sample.len() / 2;
    if units < 2 {
        return None;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for p in sample.chunks_exact(2) {
        even += usize::from(p[0] == 0);
        odd += usize::from(p[1] == 0);
    }
    if odd * 4 >= units && even * 20 <= odd {
        Some(Encoding::Utf16Le)
    } else if even * 4 >= units && odd * 20 <= even {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// Binary data: among the first bytes (trailing NUL or Ctrl-Z padding aside), more than one in
/// twenty is a NUL or a control character that text does not use (tab, line ends, form feed,
/// Ctrl-Z and escape are text); or the bytes are NULs only.
fn looks_binary(bytes: &[u8]) -> bool {
    let end = bytes
        .iter()
        .rposition(|&b| b != 0 && b != 0x1A)
        .map_or(0, |i| i + 1);
    if end == 0 {
        // Nothing but NULs (or Ctrl-Z): no text at all.
        return bytes.contains(&0);
    }
    let sample = &bytes[..end.min(SAMPLE)];
    let control = sample
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1A | 0x1B))
        .count();
    control * 20 > sample.len()
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

    fn utf16le(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    fn utf16be(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(u16::to_be_bytes).collect()
    }

    #[test]
    fn utf16_with_and_without_bom() {
        let text = "[White \"Петров\"]\n1. 32-28 {😀} *";
        let le = utf16le(text);
        let be = utf16be(text);
        let with_bom = |bom: &[u8], b: &[u8]| [bom, b].concat();
        assert_eq!(
            decode(&with_bom(b"\xFF\xFE", &le)),
            (text.into(), Encoding::Utf16Le)
        );
        assert_eq!(
            decode(&with_bom(b"\xFE\xFF", &be)),
            (text.into(), Encoding::Utf16Be)
        );
        assert_eq!(decode(&le), (text.into(), Encoding::Utf16Le));
        assert_eq!(decode(&be), (text.into(), Encoding::Utf16Be));
        // A text of Cyrillic words only still has the NULs of its spaces and digits.
        let russian = "1. c3-d4 {Белые начинают и выигрывают} 2. b2-c3";
        assert_eq!(decode(&utf16le(russian)).0, russian);
        // An odd last byte is a replacement character, not a panic.
        let mut odd = with_bom(b"\xFF\xFE", &le);
        odd.push(b'x');
        assert_eq!(decode(&odd).0, format!("{text}\u{fffd}"));
    }

    #[test]
    fn binary_is_not_text() {
        let mut blob: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        blob.splice(0..0, *b"PK\x03\x04");
        let (s, e) = decode(&blob);
        assert_eq!(e, Encoding::Binary);
        assert!(!e.is_text());
        assert_eq!(s.chars().count(), blob.len());
        // NULs at every position: neither UTF-16 pattern.
        assert_eq!(decode(&[0u8; 64]).1, Encoding::Binary);
        // Text padded with NULs or Ctrl-Z at its end, and text with one stray control
        // character, are still text.
        let mut padded = b"[Event \"a\"] 1. 32-28 *".to_vec();
        padded.extend([0u8; 1000]);
        assert_eq!(decode(&padded).1, Encoding::Utf8);
        assert_eq!(decode(b"[Event \"a\"]\x001. 32-28 *\x1a").1, Encoding::Utf8);
        assert_eq!(decode(b"").1, Encoding::Utf8);
    }

    #[test]
    fn latin1_names() {
        let (s, e) = decode(b"[Site \"Br\xfcssel\"] [Black \"Gon\xe7alves\"]");
        assert_eq!(e, Encoding::Latin1);
        assert_eq!(s, "[Site \"Brüssel\"] [Black \"Gonçalves\"]");
    }
}
