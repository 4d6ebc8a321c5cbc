//! Short links (issue 41): a game's mainline written as the index of each move among the legal
//! moves of its position, packed into one mixed-radix number, with a short header for the tags
//! that matter; the text after `#g=` in a link. A game the form cannot carry (comments,
//! variations, strength marks, a move that cannot be played) has none: its link stays `#pdn=`.
//!
//! # The format, version `1`
//!
//! A payload is the version character `1` and then base64url (no padding) of these bytes:
//!
//! * a byte of flags, which tags follow: bit 0 `Event`, 1 `Date`, 2 `White`, 3 `Black`,
//!   4 `Result`, 5 `GameType`, 6 `FEN`; bit 7: the game's one comment before its moves follows
//!   the tags (a text, at most [`MAX_COMMENT`] bytes: a problem's "White to play wins a man");
//! * each tag present, in that order: a text is a LEB128 length and its UTF-8 bytes; `Date` is
//!   a LEB128 number, 0 then a text, else `1 + (year * 13 + month) * 32 + day` (`??` is 0);
//!   `Result` is a byte, 0 then a text, else 1 `2-0`, 2 `0-2`, 3 `1-1`, 4 `1-0`, 5 `0-1`,
//!   6 `1/2-1/2`, 7 `*`, 8 `0-0`;
//! * the comment, if bit 7 says so (a text);
//! * the number of plies (LEB128);
//! * the rest: the moves as one number, little-endian bytes, `i1 + n1 * (i2 + n2 * (i3 + …))`
//!   where `ik` is the index of the k-th move among the `nk` legal moves of its position
//!   ([`Position::legal_moves`]: its order is part of this format, and a test pins it). A
//!   position with one legal move costs nothing.
//!
//! The start is the `FEN` tag's position, else the variant's; the variant is the `GameType`
//! tag's, else the reader's default. A game without the tag whose moves make the reader guess
//! another variant is given the tag. Other tags are not carried, nor any other comment.

use crate::edit::{move_text, same_move};
use crate::position::{Move, Position, Ruleset};
use crate::reader::{Game, Node, Tag};
use crate::replay::replay;
use crate::writer::{WriteOptions, write_game};
use std::fmt;
use std::sync::Arc;

/// The version character that starts every payload this module writes.
pub const VERSION: char = '1';

/// The tags a short link carries, in the order of their flag bits.
pub const TAGS: [&str; 7] = [
    "Event", "Date", "White", "Black", "Result", "GameType", "FEN",
];

/// The longest game a short link carries, in plies (and the most a payload may claim: a hostile
/// link cannot make the decoder play millions of forced moves).
pub const MAX_PLIES: usize = 2000;

/// The longest payload read, in characters.
pub const MAX_PAYLOAD: usize = 8192;

/// The longest comment before the moves a short link carries, in bytes of UTF-8 (a longer one
/// is an annotated game's, which keeps its `#pdn=` link).
pub const MAX_COMMENT: usize = 300;

/// The flag bit that says the game's comment before its moves follows the tags.
const COMMENT: u8 = 0x80;

/// Where each tag is, for the errors ("cut short (in its White tag)").
const WHERE: [&str; 7] = [
    "its Event tag",
    "its date",
    "its White tag",
    "its Black tag",
    "its result",
    "its GameType tag",
    "its FEN tag",
];

/// The indexes in [`TAGS`] of `Date` and `Result`, which are packed.
const DATE: usize = 1;
const RESULT: usize = 4;
/// The index in [`TAGS`] of `GameType`, given when the reader would guess another variant.
const GAMETYPE: usize = 5;

/// The results written as one byte (code = index + 1).
const RESULTS: [&str; 8] = ["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "*", "0-0"];

/// Why a payload could not be read: plain words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortLinkError(pub String);

impl fmt::Display for ShortLinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShortLinkError {}

fn err<T>(s: impl Into<String>) -> Result<T, ShortLinkError> {
    Err(ShortLinkError(s.into()))
}

/// The short-link payload of `game` (without `#g=`), or `None` when the form cannot carry it:
/// comments (but one before the moves, up to [`MAX_COMMENT`] bytes), variations, NAGs or
/// strength marks, a setup inside the moves, a move that cannot be played, an unknown variant,
/// more than [`MAX_PLIES`] plies.
///
/// ```
/// let game = &pdn::read_file("[White \"A\"][Result \"*\"] 1. 32-28 19-23 *").games[0];
/// let payload = pdn::shortlink::encode(game).unwrap();
/// let text = pdn::shortlink::decode(&payload).unwrap();
/// assert!(text.contains("[White \"A\"]") && text.contains("1. 32-28 19-23 *"), "{text}");
/// ```
#[must_use]
pub fn encode(game: &Game) -> Option<String> {
    let comment = match game.intro.as_slice() {
        [] => None,
        [one] if one.trim().len() <= MAX_COMMENT && !one.trim().is_empty() => Some(one.trim()),
        _ => return None,
    };
    if !game.variations.is_empty() || !game.outro.is_empty() || game.setup.is_some() {
        return None;
    }
    if game.moves.iter().any(|n| {
        !n.comments.is_empty()
            || !n.nags.is_empty()
            || !n.strength.is_empty()
            || n.setup.is_some()
            || n.notation.is_none()
    }) {
        return None;
    }
    let r = replay(game);
    if r.error.is_some() || r.plies.len() > MAX_PLIES {
        return None;
    }
    let played: usize = r.plies.iter().map(|p| 1 + p.joined).sum();
    if played != game.moves.len() {
        return None;
    }
    let mut values: Vec<Option<String>> = TAGS
        .iter()
        .map(|name| game.tag(name).map(str::to_string))
        .collect();
    if values[RESULT].is_none() {
        values[RESULT].clone_from(&game.result);
    }
    // The decoder's start must be the game's: else name the variant the reader guessed.
    let start_of = |values: &[Option<String>]| {
        let (rs, pos) = start(values).ok()?;
        Some((rs.variant, pos.to_fen(&rs.geometry)))
    };
    let want = (
        r.ruleset.as_ref()?.variant,
        r.start?.to_fen(&r.ruleset.as_ref()?.geometry),
    );
    if start_of(&values).as_ref() != Some(&want) {
        if values[GAMETYPE].is_some() {
            return None;
        }
        values[GAMETYPE] = Some(r.gametype.clone());
        if start_of(&values).as_ref() != Some(&want) {
            return None;
        }
    }
    let rs = r.ruleset.as_ref()?;
    let mut bytes = header(&values);
    if let Some(text) = comment {
        bytes[0] |= COMMENT;
        write_text(&mut bytes, text);
    }
    write_varint(&mut bytes, r.plies.len() as u64);
    // The moves' digits, first move first; the number is built from the last.
    let mut digits = Vec::with_capacity(r.plies.len());
    let mut pos = r.start?;
    for p in &r.plies {
        let legal = pos.legal_moves(rs);
        let i = legal.iter().position(|m| same_move(m, &p.mv))?;
        digits.push((i as u32, legal.len() as u32));
        pos = p.position;
    }
    let mut number: Vec<u32> = Vec::new();
    for &(i, n) in digits.iter().rev() {
        mul_add(&mut number, n, i);
    }
    let mut moves: Vec<u8> = number.iter().flat_map(|l| l.to_le_bytes()).collect();
    while moves.last() == Some(&0) {
        // The number's high zero bytes are not written (its length is the payload's).
        moves.pop();
    }
    bytes.extend_from_slice(&moves);
    let mut out = String::with_capacity(1 + bytes.len() * 4 / 3 + 2);
    out.push(VERSION);
    out.push_str(&encode_base64url(&bytes));
    Some(out)
}

/// The game a payload holds, as the reader builds it (its tags and mainline).
///
/// # Errors
///
/// A [`ShortLinkError`] in plain words for anything that is not a whole payload of a known
/// version: never a panic, whatever the input.
pub fn decode_game(payload: &str) -> Result<Game, ShortLinkError> {
    let payload = payload.trim();
    if payload.len() > MAX_PAYLOAD {
        return err(format!(
            "the short link is too long (over {MAX_PAYLOAD} characters)"
        ));
    }
    let mut chars = payload.chars();
    match chars.next() {
        None => return err("the short link is empty"),
        Some(VERSION) => {}
        Some(c) => {
            return err(format!(
                "the short link is of an unknown version (“{c}”): this viewer reads version {VERSION}"
            ));
        }
    }
    let bytes = decode_base64url(chars.as_str())?;
    let mut input = Input {
        bytes: &bytes,
        at: 0,
    };
    let flags = input.byte("its tags")?;
    let mut values: Vec<Option<String>> = vec![None; TAGS.len()];
    for (k, value) in values.iter_mut().enumerate() {
        if flags & (1 << k) == 0 {
            continue;
        }
        *value = Some(match k {
            DATE => match input.varint(WHERE[k])? {
                0 => input.text(WHERE[k])?,
                v => {
                    let v = v - 1;
                    let (day, month, year) = (v % 32, (v / 32) % 13, v / 32 / 13);
                    if year > 9999 {
                        return err("the short link is damaged: its date is not a date");
                    }
                    let part = |n: u64| {
                        if n == 0 {
                            "??".to_string()
                        } else {
                            format!("{n:02}")
                        }
                    };
                    format!("{year:04}.{}.{}", part(month), part(day))
                }
            },
            RESULT => match input.byte(WHERE[k])? {
                0 => input.text(WHERE[k])?,
                c => match RESULTS.get(usize::from(c) - 1) {
                    Some(s) => (*s).to_string(),
                    None => return err("the short link is damaged: its result is not known"),
                },
            },
            _ => input.text(WHERE[k])?,
        });
    }
    let comment = if flags & COMMENT != 0 {
        let text = input.text("its comment")?;
        if text.len() > MAX_COMMENT {
            return err("the short link is damaged: its comment is too long");
        }
        Some(text)
    } else {
        None
    };
    let plies = input.varint("its number of moves")?;
    if plies > MAX_PLIES as u64 {
        return err(format!(
            "the short link is damaged: it claims {plies} moves (at most {MAX_PLIES})"
        ));
    }
    let rest = &bytes[input.at..];
    let mut number: Vec<u32> = rest
        .chunks(4)
        .map(|c| {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(b)
        })
        .collect();
    let (rs, mut pos) = start(&values)?;
    let mut game = tags_game(&values);
    game.intro.extend(comment);
    let capture = rs.variant.capture_separator();
    for k in 0..plies {
        let legal = pos.legal_moves(&rs);
        if legal.is_empty() {
            return err(format!(
                "the short link is damaged: move {} has no legal move to be",
                k + 1
            ));
        }
        let i = div_rem(&mut number, legal.len() as u32) as usize;
        let mv: &Move = &legal[i];
        let text = move_text(&rs.geometry, &legal, mv, capture, false);
        game.moves.push(node(&text));
        pos = pos.play(mv);
    }
    if number.iter().any(|&l| l != 0) {
        return err("the short link is damaged: it holds more than its moves");
    }
    game.result = Some(values[RESULT].clone().unwrap_or_else(|| "*".to_string()));
    Ok(game)
}

/// The PDN text of a payload: what a page opens like any other text.
///
/// # Errors
///
/// As [`decode_game`].
pub fn decode(payload: &str) -> Result<String, ShortLinkError> {
    Ok(write_game(&decode_game(payload)?, &WriteOptions::default()))
}

/// A game with `values`' tags (in [`TAGS`] order) and no moves.
fn tags_game(values: &[Option<String>]) -> Game {
    let mut game = Game::default();
    for (name, value) in TAGS.iter().zip(values) {
        if let Some(v) = value {
            game.tags.push(Tag {
                name: (*name).to_string(),
                value: v.clone(),
                span: Default::default(),
            });
        }
    }
    game
}

/// The rules and start position a game with these tags has.
fn start(values: &[Option<String>]) -> Result<(Arc<Ruleset>, Position), ShortLinkError> {
    let r = replay(&tags_game(values));
    match (r.ruleset, r.start) {
        (Some(rs), Some(pos)) => Ok((rs, pos)),
        _ => err(match &r.error {
            Some(e) => format!("the short link's game cannot be set up: {}", e.message),
            None => "the short link's game cannot be set up".to_string(),
        }),
    }
}

fn node(text: &str) -> Node {
    Node {
        notation: crate::notation::PdnMove::parse(text),
        text: text.into(),
        strength: String::new(),
        span: Default::default(),
        number: None,
        nags: Vec::new(),
        comments: Vec::new(),
        setup: None,
        variations: Vec::new(),
    }
}

/// The header's bytes: flags, then each tag present.
fn header(values: &[Option<String>]) -> Vec<u8> {
    let mut out = vec![0u8];
    for (k, value) in values.iter().enumerate() {
        let Some(v) = value else { continue };
        out[0] |= 1 << k;
        match k {
            DATE => match packed_date(v) {
                Some(n) => write_varint(&mut out, n + 1),
                None => {
                    out.push(0);
                    write_text(&mut out, v);
                }
            },
            RESULT => match RESULTS.iter().position(|r| r == v) {
                Some(i) => out.push(i as u8 + 1),
                None => {
                    out.push(0);
                    write_text(&mut out, v);
                }
            },
            _ => write_text(&mut out, v),
        }
    }
    out
}

/// `YYYY.MM.DD` (month and day may be `??`) as `(year * 13 + month) * 32 + day`, else `None`.
fn packed_date(s: &str) -> Option<u64> {
    let mut parts = s.split('.');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || y.len() != 4 || !y.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let part = |p: &str, max: u64| -> Option<u64> {
        if p == "??" {
            return Some(0);
        }
        let n: u64 =
            (p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit())).then(|| p.parse().ok())??;
        (1..=max).contains(&n).then_some(n)
    };
    Some((y.parse::<u64>().ok()? * 13 + part(m, 12)?) * 32 + part(d, 31)?)
}

fn write_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn write_text(out: &mut Vec<u8>, s: &str) {
    write_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// The payload's bytes read in order, each shortfall a plain error.
struct Input<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Input<'_> {
    fn byte(&mut self, what: &str) -> Result<u8, ShortLinkError> {
        let b = *self
            .bytes
            .get(self.at)
            .ok_or_else(|| ShortLinkError(format!("the short link is cut short (in {what})")))?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self, what: &str) -> Result<u64, ShortLinkError> {
        let mut v = 0u64;
        for shift in (0..35).step_by(7) {
            let b = self.byte(what)?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        err(format!("the short link is damaged (in {what})"))
    }

    fn text(&mut self, what: &str) -> Result<String, ShortLinkError> {
        let len = self.varint(what)?;
        let end = usize::try_from(len)
            .ok()
            .and_then(|l| self.at.checked_add(l))
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| ShortLinkError(format!("the short link is cut short (in {what})")))?;
        let s = std::str::from_utf8(&self.bytes[self.at..end]).map_err(|_| {
            ShortLinkError(format!("the short link is damaged: {what} is not UTF-8"))
        })?;
        self.at = end;
        Ok(s.to_string())
    }
}

// The moves' number is a little big integer (u32 limbs, least significant first). Two
// operations are all it needs, so they are written here rather than taking a bignum crate
// (the core has no required dependency).

/// `number = number * m + a`.
fn mul_add(number: &mut Vec<u32>, m: u32, a: u32) {
    let mut carry = u64::from(a);
    for limb in number.iter_mut() {
        let v = u64::from(*limb) * u64::from(m) + carry;
        *limb = v as u32;
        carry = v >> 32;
    }
    if carry != 0 {
        number.push(carry as u32);
    }
}

/// `number /= d`, returning the remainder (`d` > 0).
fn div_rem(number: &mut Vec<u32>, d: u32) -> u32 {
    let mut rem = 0u64;
    for limb in number.iter_mut().rev() {
        let v = (rem << 32) | u64::from(*limb);
        *limb = (v / u64::from(d)) as u32;
        rem = v % u64::from(d);
    }
    while number.last() == Some(&0) {
        number.pop();
    }
    rem as u32
}

// base64url without padding (RFC 4648 §5), written here: a few lines, and the core takes no
// required dependency.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Bytes as base64url, no padding.
#[must_use]
pub fn encode_base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * k)) as usize & 63]));
        }
    }
    out
}

/// base64url (padding and `+`, `/` accepted too) as bytes.
///
/// # Errors
///
/// A plain-words error naming the first character that is not base64url.
pub fn decode_base64url(s: &str) -> Result<Vec<u8>, ShortLinkError> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for (at, c) in s.trim_end_matches('=').char_indices() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' | '+' => 62,
            '_' | '/' => 63,
            _ => {
                return err(format!(
                    "the short link is damaged: “{c}” at character {} is not base64url",
                    at + 2
                ));
            }
        };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn game(text: &str) -> Game {
        crate::read_file(text).games.remove(0)
    }

    /// The legal move order is part of the format: changing it breaks every short link.
    #[test]
    fn legal_move_order_is_pinned() {
        let order = |v: Variant| {
            let rs = Ruleset::of(v).unwrap();
            let pos = rs.start_position();
            let legal = pos.legal_moves(&rs);
            legal
                .iter()
                .map(|m| m.short_notation(&rs.geometry))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(order(Variant::International), PINNED_INTERNATIONAL);
        assert_eq!(order(Variant::Russian), PINNED_RUSSIAN);
        assert_eq!(order(Variant::English), PINNED_ENGLISH);
        // A capture position: the order of captures too.
        let rs = Ruleset::of(Variant::International).unwrap();
        let pos = Position::from_fen(
            "W:W32,33,38:B27,28,19,22,17",
            &rs.geometry,
            crate::Color::White,
        )
        .unwrap();
        let caps: Vec<String> = pos
            .legal_moves(&rs)
            .iter()
            .map(|m| m.long_notation(&rs.geometry))
            .collect();
        assert_eq!(caps.join(" "), PINNED_CAPTURES);
    }

    const PINNED_INTERNATIONAL: &str = "31-27 31-26 32-28 32-27 33-29 33-28 34-30 34-29 35-30";
    const PINNED_RUSSIAN: &str = "a3-b4 c3-d4 c3-b4 e3-f4 e3-d4 g3-h4 g3-f4";
    const PINNED_ENGLISH: &str = "9-14 9-13 10-15 10-14 11-16 11-15 12-16";
    const PINNED_CAPTURES: &str = "32x23x14 32x21x12";

    #[test]
    fn a_game_goes_round() {
        let text = "[Event \"NK 2019\"][Site \"Dronten\"][Date \"2019.04.??\"][White \"Roel Boomstra\"]\
            [Black \"Jan Groenendijk\"][Result \"2-0\"][GameType \"20\"]\n\
            1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 41-37 5-10 2-0";
        let g = game(text);
        let payload = encode(&g).unwrap();
        assert!(payload.starts_with('1'), "{payload}");
        let back = decode_game(&payload).unwrap();
        for name in TAGS {
            assert_eq!(back.tag(name), g.tag(name), "{name}");
        }
        assert_eq!(back.tag("Site"), None, "other tags are not carried");
        let moves = |g: &Game| {
            g.moves
                .iter()
                .map(|n| n.text.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(&back), moves(&g));
        assert_eq!(back.result.as_deref(), Some("2-0"));
        let text = decode(&payload).unwrap();
        assert!(text.contains("1. 32-28 19-23 2. 28x19 14x23"), "{text}");
    }

    /// Issue 41's target: a mainline-only game of 100 plies, with its players, event, date and
    /// result, in a link fragment under 150 characters.
    #[test]
    fn a_100_ply_game_is_under_150_characters() {
        let rs = Ruleset::of(Variant::International).unwrap();
        // A made-up game: the first choice of moves (by a fixed rule) that lasts 100 plies.
        let play = |seed: usize| {
            let mut pos = rs.start_position();
            let mut moves = String::new();
            for k in 0..100 {
                let legal = pos.legal_moves(&rs);
                let mv = legal.get((k * 7 + seed) % legal.len().max(1))?;
                if k % 2 == 0 {
                    moves.push_str(&format!("{}. ", k / 2 + 1));
                }
                moves.push_str(&mv.shortest_notation(&rs.geometry, &legal, 'x'));
                moves.push(' ');
                pos = pos.play(mv);
            }
            Some(moves)
        };
        let moves = (0..50).find_map(play).unwrap();
        let text = format!(
            "[Event \"Dutch championship 2019\"][Date \"2019.04.12\"][White \"Roel Boomstra\"]\
             [Black \"Alexander Schwarzman\"][Result \"1-1\"][GameType \"20\"]\n{moves}1-1"
        );
        let g = game(&text);
        assert_eq!(replay(&g).plies.len(), 100, "{text}");
        let fragment = format!("#g={}", encode(&g).unwrap());
        assert!(
            fragment.len() < 150,
            "{} characters: {fragment}",
            fragment.len()
        );
    }

    #[test]
    fn odd_tags_and_a_fen_go_round() {
        let text = "[White \"Игорь Михальченко\"][Date \"1997\"][Result \"1-0 (time)\"]\
            [GameType \"25\"][FEN \"W:Wc3,e3:Bd6,f6\"]\n1. c3-d4 d6-c5 2. d4xb6 *";
        let g = game(text);
        let back = decode_game(&encode(&g).unwrap()).unwrap();
        for name in TAGS {
            assert_eq!(back.tag(name), g.tag(name), "{name}");
        }
        assert_eq!(back.moves.len(), 3);
        // An empty game, and a game with no tags at all.
        for text in ["[Result \"*\"] *", "1. 32-28 *"] {
            let g = game(text);
            let back = decode_game(&encode(&g).unwrap()).unwrap();
            assert_eq!(back.moves.len(), g.moves.len(), "{text}");
        }
    }

    #[test]
    fn a_guessed_variant_is_named() {
        // No GameType: the reader guesses Russian from the squares; the link names it.
        let g = game("1. c3-d4 f6-g5 2. g3-f4 *");
        let back = decode_game(&encode(&g).unwrap()).unwrap();
        assert_eq!(replay(&back).variant, replay(&g).variant);
        assert_eq!(back.moves.len(), 3);
    }

    #[test]
    fn what_the_form_cannot_carry_has_no_short_link() {
        for text in [
            "1. 32-28 {good} 19-23 *",
            "1. 32-28 (1. 33-28) 19-23 *",
            "1. 32-28! 19-23 *",
            "{one} {two} 1. 32-28 *",
            "1. 32-28 19-23 2. 11-22 *",
        ] {
            assert_eq!(encode(&game(text)), None, "{text}");
        }
        let long = format!("{{{}}} 1. 32-28 *", "a".repeat(MAX_COMMENT + 1));
        assert_eq!(encode(&game(&long)), None, "a comment over MAX_COMMENT");
    }

    #[test]
    fn a_problem_goes_round_with_its_comment() {
        // What `pdn puzzles` writes: a FEN, the problem's sentence before the moves, the solution.
        let g = game(
            "[Event \"NK 2003, move 40\"][White \"Rob Clerc\"][Black \"Auke Scholma\"]\n\
             [Result \"*\"][GameType \"20\"][FEN \"W:W28,33,35,38,39,45,48:B7,8,9,13,19,24,25,27\"]\n\
             {White to play wins 1 man. From Rob Clerc – Auke Scholma (played in the game).}\n\
             1. 28-23 19x28 2. 33x31 *",
        );
        let payload = encode(&g).expect("a problem has a short link");
        let back = decode_game(&payload).unwrap();
        assert_eq!(
            back.intro,
            ["White to play wins 1 man. From Rob Clerc – Auke Scholma (played in the game)."]
        );
        assert_eq!(back.moves.len(), 3);
        assert!(payload.len() < 300, "{} characters", payload.len());
        // Without the comment bit, the same bytes hold no comment.
        let plain = encode(&game("1. 32-28 *")).unwrap();
        assert!(decode_game(&plain).unwrap().intro.is_empty());
    }

    #[test]
    fn garbage_is_a_plain_error() {
        let good = encode(&game(
            "[White \"A\"][Date \"2020.01.02\"] 1. 32-28 19-23 2. 28x19 *",
        ))
        .unwrap();
        let mut inputs: Vec<String> = vec![
            String::new(),
            "2AAAA".into(),
            "1".into(),
            "1!!".into(),
            "1_____________________".into(),
            "1/////".into(),
            "1gA".into(),
            format!("1{}", "A".repeat(MAX_PAYLOAD)),
            format!("{good}AAAA"),
            format!("{good}_w"),
        ];
        for cut in 1..good.len() {
            inputs.push(good[..cut].to_string());
        }
        // Every byte value in every place of a real payload.
        let bytes = decode_base64url(&good[1..]).unwrap();
        for at in 0..bytes.len() {
            for b in [0u8, 1, 0x7f, 0x80, 0xff] {
                let mut c = bytes.clone();
                c[at] = b;
                inputs.push(format!("1{}", encode_base64url(&c)));
            }
        }
        // A claim of many moves with nothing to choose among.
        inputs.push(format!("1{}", encode_base64url(&[0, 0xd0, 0x0f])));
        for s in &inputs {
            if let Err(e) = decode(s) {
                assert!(e.0.starts_with("the short link"), "{s}: {e}");
            }
        }
        assert!(decode("2AAAA").unwrap_err().0.contains("unknown version"));
        assert!(decode(&format!("{good}_w")).is_err());
    }

    #[test]
    fn base64url_goes_round() {
        for n in 0..20u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37).wrapping_add(n)).collect();
            assert_eq!(decode_base64url(&encode_base64url(&bytes)).unwrap(), bytes);
        }
        assert_eq!(encode_base64url(b"\xfb\xff"), "-_8");
    }

    #[test]
    fn the_number_goes_round() {
        let mut n = Vec::new();
        let digits: Vec<(u32, u32)> = (0..300).map(|i| (i % 7, 7 + i % 5)).collect();
        for &(i, m) in digits.iter().rev() {
            mul_add(&mut n, m, i);
        }
        for &(i, m) in &digits {
            assert_eq!(div_rem(&mut n, m), i);
        }
        assert!(n.is_empty());
    }
}
