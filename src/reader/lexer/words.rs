//! Words of movetext told apart by their bytes: a move's shape, its squares read into a
//! [`PdnMove`], move numbers, results glued to moves, and the class of any other word.

use super::*;

pub(super) fn parse_number(digits: &[u8]) -> u32 {
    let mut n: u32 = 0;
    for &d in digits {
        n = match n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u32::from(d - b'0')))
        {
            Some(n) => n,
            None => return u32::MAX,
        };
    }
    n
}

/// Length of a separator at the start of `w`: `-`, `x`, `X`, `:`, `×`, `‑` or `–`.
#[inline]
pub(super) fn separator_len(w: &[u8]) -> usize {
    match w {
        [b'-' | b'x' | b'X' | b':', ..] => 1,
        [0xC3, 0x97, ..] => 2,              // ×
        [0xE2, 0x80, 0x91 | 0x93, ..] => 3, // ‑ –
        _ => 0,
    }
}

pub(super) fn starts_with_separator(w: &[u8]) -> bool {
    separator_len(w) > 0
}

pub(super) fn ends_with_separator(w: &[u8]) -> bool {
    matches!(
        w,
        [.., b'-' | b'x' | b'X' | b':'] | [.., 0xC3, 0x97] | [.., 0xE2, 0x80, 0x91 | 0x93]
    )
}

/// The shape of a move: how many squares it names and whether it was written as a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveShape {
    pub squares: usize,
    pub capture: bool,
}

/// Reads the shape of a move written without strength marks, by the rules of
/// [`PdnMove::parse`]: squares (numbers of up to three digits, or a letter and one or two
/// digits) joined by separators, or two squares without one (`3228`, `c3d4`), or Russian short
/// notation (`ed4`).
pub(crate) fn move_shape(w: &[u8]) -> Option<MoveShape> {
    if crate::notation::is_short_move(w) {
        return Some(MoveShape {
            squares: 2,
            capture: false,
        });
    }
    let mut squares = 0;
    let mut separators = 0;
    let mut capture = false;
    // The square being read: its length and whether it starts with a letter.
    let mut cur = 0usize;
    let mut alpha = false;
    let well_formed = |len: usize, alpha: bool| {
        if alpha {
            (2..=3).contains(&len)
        } else {
            len <= 3
        }
    };
    let mut i = 0;
    while i < w.len() {
        let c = w[i];
        match c {
            b'0'..=b'9' => {
                cur += 1;
                i += 1;
            }
            b'a'..=b'z' | b'A'..=b'Z' if c != b'x' && c != b'X' => {
                if cur > 0 {
                    if !well_formed(cur, alpha) {
                        return None;
                    }
                    squares += 1;
                }
                cur = 1;
                alpha = true;
                i += 1;
            }
            _ => {
                let n = separator_len(&w[i..]);
                if n == 0 || cur == 0 {
                    return None;
                }
                if !well_formed(cur, alpha) {
                    return None;
                }
                squares += 1;
                separators += 1;
                // `-` and the Unicode hyphen and dash are plain moves; `x`, `:` and `×` capture.
                capture |= !(c == b'-' || n == 3);
                cur = 0;
                alpha = false;
                i += n;
            }
        }
    }
    if cur == 0 {
        return None;
    }
    if separators == 0 && squares == 0 {
        // `3228`: two two-digit squares without a separator.
        return (!alpha && cur == 4).then_some(MoveShape {
            squares: 2,
            capture: false,
        });
    }
    if !well_formed(cur, alpha) {
        return None;
    }
    squares += 1;
    (squares >= 2).then_some(MoveShape { squares, capture })
}

/// Reads a move written without spaces or strength marks into a [`PdnMove`]: the same result
/// as [`PdnMove::parse`], without allocating for up to three squares. (The reader takes a
/// move's spaces out first: `1- 7` is read as `1-7`.)
#[must_use]
#[inline(always)]
pub(crate) fn parse_compact_move(text: &str) -> Option<PdnMove> {
    match numbered_pair(text) {
        Some(m) => Some(m),
        None => parse_other_move(text),
    }
}

/// [`parse_compact_move`] past its commonest moves.
#[inline(never)]
pub(super) fn parse_other_move(text: &str) -> Option<PdnMove> {
    let w = text.as_bytes();
    if let Some(m) = simple_move(text) {
        return Some(m);
    }
    let shape = move_shape(w)?;
    if crate::notation::is_short_move(w) {
        // Russian short notation (`ed4`): the file letter, then the end square.
        return Some(PdnMove {
            squares: [Label::new(&text[..1])?, Label::new(&text[1..])?]
                .into_iter()
                .collect(),
            capture: false,
        });
    }
    let mut squares = Squares::new();
    if shape.squares == 2 && w.len() == 4 && w.iter().all(u8::is_ascii_digit) {
        squares.push(Label::new(&text[..2])?);
        squares.push(Label::new(&text[2..])?);
        return Some(PdnMove {
            squares,
            capture: false,
        });
    }
    let mut i = 0;
    let mut start = 0;
    // Squares are at most three bytes once the shape is known to be well formed.
    let push = |squares: &mut Squares, s: &str| {
        squares.push(Label::new(s).unwrap_or_default().to_ascii_lowercase());
    };
    while i < w.len() {
        let c = w[i];
        if c.is_ascii_digit() {
            i += 1;
        } else if c.is_ascii_alphabetic() && c != b'x' && c != b'X' {
            if i > start {
                push(&mut squares, &text[start..i]);
            }
            start = i;
            i += 1;
        } else {
            let n = separator_len(&w[i..]);
            push(&mut squares, &text[start..i]);
            i += n.max(1);
            start = i;
        }
    }
    push(&mut squares, &text[start..]);
    Some(PdnMove {
        squares,
        capture: shape.capture,
    })
}

/// The commonest moves (`32-28`, `9x18`, `05:14`): two numbers of one or two digits joined by
/// `-`, `x`, `X` or `:`, each square copied at its constant length; `None` leaves any other
/// move to [`simple_move`] (which gives the same for these).
#[inline(always)]
pub(crate) fn numbered_pair(text: &str) -> Option<PdnMove> {
    let w = text.as_bytes();
    if !(3..=5).contains(&w.len()) || !w[0].is_ascii_digit() {
        return None;
    }
    let first = if w[1].is_ascii_digit() { 2 } else { 1 };
    let capture = match w.get(first)? {
        b'-' => false,
        b'x' | b'X' | b':' => true,
        _ => return None,
    };
    let second = &w[first + 1..];
    if !(1..=2).contains(&second.len()) || !second.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // Every byte is ASCII: the splits are on character boundaries.
    let (a, rest) = text.split_at(first);
    let b = &rest[1..];
    let mut squares = Squares::new();
    squares.push(match a.len() {
        1 => Label::new(&a[..1])?,
        _ => Label::new(&a[..2])?,
    });
    squares.push(match b.len() {
        1 => Label::new(&b[..1])?,
        _ => Label::new(&b[..2])?,
    });
    Some(PdnMove { squares, capture })
}

/// Most moves in one pass: lower-case or numeric squares joined by ASCII separators, read
/// into a [`PdnMove`] as they come; `None` leaves the move to the general reading (which gives
/// the same for these).
#[inline(always)]
pub(super) fn simple_move(text: &str) -> Option<PdnMove> {
    let w = text.as_bytes();
    let mut squares = Squares::new();
    let mut capture = false;
    let mut i = 0;
    loop {
        let s = i;
        let j = square_end(w, i)?;
        if w[s].is_ascii_uppercase() {
            return None;
        }
        // A square is one to three ASCII bytes: each length copied as a constant.
        let label = match j - s {
            1 => Label::new(text.get(s..s + 1)?),
            2 => Label::new(text.get(s..s + 2)?),
            _ => Label::new(text.get(s..s + 3)?),
        };
        squares.push(label?);
        i = j;
        if i == w.len() {
            break;
        }
        match w[i] {
            b'-' => {}
            b'x' | b'X' | b':' => capture = true,
            _ => return None,
        }
        i += 1;
    }
    (squares.len() >= 2).then_some(PdnMove { squares, capture })
}

/// End of a square starting at `i`: one to three digits, or a letter (not `x`) and one or two
/// digits.
#[inline(always)]
pub(super) fn square_end(w: &[u8], mut i: usize) -> Option<usize> {
    let (min, max) = match w.get(i) {
        Some(b'0'..=b'9') => (1, 3),
        Some(&c) if c.is_ascii_alphabetic() && c != b'x' && c != b'X' => {
            i += 1;
            (1, 2)
        }
        _ => return None,
    };
    let d = i;
    while i < w.len() && w[i].is_ascii_digit() {
        i += 1;
    }
    (min..=max).contains(&(i - d)).then_some(i)
}

/// A whole word reads as a move (possibly with strength marks and a star), as [`classify`]
/// reads it: a result such as `0-2` is not one.
pub(super) fn is_move_word(w: &[u8]) -> bool {
    !is_result(w) && has_move_shape(w)
}

/// A word has the shape of a move, possibly with strength marks and a star.
pub(super) fn has_move_shape(w: &[u8]) -> bool {
    let mut n = w.len();
    while n > 0 && matches!(w[n - 1], b'!' | b'?' | b'*') {
        n -= 1;
    }
    n > 0 && move_shape(&w[..n]).is_some()
}

/// The results and scores read as game terminators.
pub(crate) fn is_result(w: &[u8]) -> bool {
    matches!(
        w,
        b"1-0"
            | b"0-1"
            | b"2-0"
            | b"0-2"
            | b"1-1"
            | b"0-0"
            | b"1/2-1/2"
            | b"\xC2\xBD-\xC2\xBD"
            | b"0.5-0.5"
            | b"1/2"
            | b"2-2"
            | b"1:0"
            | b"0:1"
            | b"1/2:1/2"
            | b"*"
    )
}

/// `1-101.32-28`: the length of a result at the start of an unknown word, when what follows
/// it is a move number (digits and a dot).
pub(super) fn glued_result(w: &[u8]) -> Option<usize> {
    const GLUED: [&[u8]; 7] = [b"1/2-1/2", b"1-0", b"0-1", b"2-0", b"0-2", b"1-1", b"0-0"];
    let r = GLUED.iter().find(|r| w.starts_with(r))?.len();
    let rest = &w[r..];
    let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    (digits > 0 && rest.get(digits) == Some(&b'.')).then_some(r)
}

/// Classifies a whole word of movetext.
pub(super) fn classify(word: &str) -> Token<'_> {
    let w = word.as_bytes();
    if is_result(w) {
        return Token::Result(word);
    }
    match w.first() {
        Some(b'$') => {
            let digits = &w[1..];
            if !digits.is_empty() && digits.len() <= 5 && digits.iter().all(u8::is_ascii_digit) {
                if let Ok(n) = u16::try_from(parse_number(digits)) {
                    return Token::Nag(n);
                }
            }
            return Token::Unknown(word);
        }
        Some(b'.') if w.len() >= 3 && w.iter().all(|&c| c == b'.') => return Token::Ellipsis,
        _ => {}
    }
    if word == "…" {
        return Token::Ellipsis;
    }
    if word.chars().all(|c| c == '-' || c == '\u{2013}') {
        return Token::UnknownMove;
    }
    // Strength marks and a star after the move.
    let mut n = w.len();
    while n > 0 && matches!(w[n - 1], b'!' | b'?' | b'*') {
        n -= 1;
    }
    if n > 0 && move_shape(&w[..n]).is_some() {
        return Token::Move {
            text: &word[..n],
            suffix: &word[n..],
        };
    }
    Token::Unknown(word)
}
