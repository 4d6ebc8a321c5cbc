//! The scanner: PDN text to [`Token`]s, byte by byte.
//!
//! Everything PDN gives meaning to is ASCII, so the scanner works on bytes and only decodes a
//! character where a non-ASCII byte could matter (Unicode spaces, curly quotes, `½`, `×`, `…`,
//! Unicode dashes). Tokens borrow from the text; scanning allocates nothing. Moves are told
//! apart from other words by a byte scan of their shape ([`move_shape`]); their squares are
//! read into a [`PdnMove`] only by a reader that builds moves ([`parse_compact_move`]).
//!
//! One table of byte classes drives the scanning loops; a word that starts with a digit (move
//! numbers and numeric moves, most of any movetext) is read from its first eight bytes at once
//! ([`Lexer::next_move`], which gives a move as its bounds for the splitter's runs of moves).

use crate::diagnostic::{Code, Span};
use crate::notation::{Label, PdnMove, Squares};

use super::problem::Problem;

#[cfg(test)]
mod tests;
mod words;

use words::*;
pub(crate) use words::{is_result, numbered_pair, parse_compact_move};
/// One token of PDN text, borrowing from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// `[Name "value"]`; the value still has its escapes.
    Tag {
        /// Tag name as written.
        name: &'a str,
        /// Raw value between the quotes.
        value: &'a str,
    },
    /// `12.` or `12...`: the number, and whether it had three dots (second player's move).
    MoveNumber(u32, bool),
    /// `...` standing for the first player's move.
    Ellipsis,
    /// A move with any strength marks attached (`32-28!?`, `27-20*`, `29-23(?)`).
    Move {
        /// The move itself; it may contain spaces when it was written with them (`1- 7`).
        text: &'a str,
        /// Strength marks written after it (`!?`, `(?)`, `*`), if any.
        suffix: &'a str,
    },
    /// `-` or `--`: a move that the source did not record.
    UnknownMove,
    /// `$n`.
    Nag(u16),
    /// `{…}`, `;…` or `%…` text (without its delimiters).
    Comment(&'a str),
    /// `/FEN "…"/` inside the movetext: the FEN text.
    Setup(&'a str),
    /// `(`
    OpenVariation,
    /// `)`
    CloseVariation,
    /// A game result or the `*` terminator.
    Result(&'a str),
    /// Text the reader does not understand.
    Unknown(&'a str),
    /// A forum's wrapper around a game: `[pdn]`, `[/pdn]`, `[pgn=…]`, `[code]` (BBCode, any
    /// case). It belongs to no game and ends the one before it.
    Wrapper,
}

/// What [`Lexer::next_move`] reads: a move number's token, or a move's bounds.
pub(crate) enum Fast<'a> {
    /// A move number.
    Token(Spanned<'a>),
    /// A move: its text is `start..end`, its marks `body_end..end`.
    Move {
        start: usize,
        body_end: usize,
        end: usize,
    },
}

/// A token with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spanned<'a> {
    /// The token.
    pub token: Token<'a>,
    /// Where it is in the text.
    pub span: Span,
}

/// Splits PDN text into tokens (see the unit test `tokens_of_a_game`).
pub struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// Problems met while scanning the last token (an unclosed comment, a spaced move).
    pub(crate) problems: Vec<Problem<'a>>,
    /// No `}` at or after this offset (found by an unclosed comment's search), so that many
    /// unclosed comments take linear time. A fact about the text, not a state of the scan.
    no_brace_from: usize,
    /// Tests turn the fast paths off, to check that they agree with the long way.
    #[cfg(test)]
    fast: bool,
}

const SPACE: u8 = 1;
const WORD_END: u8 = 2;
/// Ends a tag name: ASCII whitespace, `"`, `[`, `]`; and every non-ASCII byte (read the long way).
const NAME_END: u8 = 4;
/// Stops the scan of a quoted tag value: `"`, `\`, line ends, brackets.
const VALUE_STOP: u8 = 8;
/// Ends a run of ASCII whitespace into the long way: non-ASCII bytes (Unicode spaces) and `\`
/// (escaped line ends).
const WIDE: u8 = 16;

/// Byte classes, one table for every scanning loop: a loop runs while its class bits are clear.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ') {
            t[i] = SPACE | WORD_END | NAME_END;
        } else if matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'"') {
            t[i] = WORD_END;
        }
        if matches!(b, b'"' | b'[' | b']') || b >= 0x80 {
            t[i] |= NAME_END;
        }
        if matches!(b, b'"' | b'\\' | b'\n' | b'\r' | b'[' | b']') {
            t[i] |= VALUE_STOP;
        }
        if b >= 0x80 || b == b'\\' {
            t[i] |= WIDE;
        }
        i += 1;
    }
    t
};

#[inline]
fn is_space(b: u8) -> bool {
    CLASS[b as usize] & SPACE != 0
}

fn is_wide_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// Length of the UTF-8 sequence starting with `b`.
#[inline]
fn utf8_len(b: u8) -> usize {
    match b {
        0..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

impl<'a> Lexer<'a> {
    /// A lexer over `text`.
    #[must_use]
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer::at(text, 0)
    }

    /// A lexer over `text` starting at byte `start` (a token's first byte, such as a game's
    /// span start). Spans stay offsets into the whole `text`.
    #[must_use]
    pub fn at(text: &'a str, start: usize) -> Lexer<'a> {
        let mut start = start.min(text.len());
        while !text.is_char_boundary(start) {
            start += 1;
        }
        Lexer {
            text,
            bytes: text.as_bytes(),
            pos: start,
            problems: Vec::new(),
            no_brace_from: usize::MAX,
            #[cfg(test)]
            fast: true,
        }
    }

    /// The problems met while scanning the token returned last.
    #[cfg(test)]
    #[must_use]
    pub fn problems(&self) -> &[Problem<'a>] {
        &self.problems
    }

    fn char_at(&self, i: usize) -> char {
        self.text[i..].chars().next().unwrap_or('\u{fffd}')
    }

    fn at_line_start(&self, at: usize) -> bool {
        let mut i = at;
        while i > 0 {
            match self.bytes[i - 1] {
                b' ' | b'\t' => i -= 1,
                b'\n' | b'\r' => return true,
                _ => return false,
            }
        }
        true
    }

    fn to_line_end(&self, from: usize) -> usize {
        self.bytes[from..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(self.bytes.len(), |i| from + i)
    }

    fn skip_blanks(&self, mut i: usize) -> usize {
        while i < self.bytes.len() && matches!(self.bytes[i], b' ' | b'\t') {
            i += 1;
        }
        i
    }

    #[inline(always)]
    fn skip_space(&mut self) {
        let b = self.bytes;
        let mut i = self.pos;
        while i < b.len() && is_space(b[i]) {
            i += 1;
        }
        // Unicode spaces and escaped line ends are rare: the long way, out of line.
        if i < b.len() && CLASS[b[i] as usize] & WIDE != 0 {
            i = self.skip_wide_space(i);
        }
        self.pos = i;
    }

    #[cold]
    #[inline(never)]
    fn skip_wide_space(&self, mut i: usize) -> usize {
        let b = self.bytes;
        loop {
            while i < b.len() && is_space(b[i]) {
                i += 1;
            }
            if i >= b.len() {
                break;
            }
            if b[i] >= 0x80 {
                let c = self.char_at(i);
                if is_wide_space(c) {
                    i += c.len_utf8();
                    continue;
                }
                break;
            }
            // Escaped line ends from PDN that went through JSON (`...]\n[Site ...`): spacing.
            if b[i] == b'\\' && matches!(b.get(i + 1), Some(b'n' | b'r' | b't')) {
                i += 2;
                continue;
            }
            break;
        }
        i
    }

    /// End of the word starting at `start`: the first space or delimiter.
    fn word_end(&self, start: usize) -> usize {
        let b = self.bytes;
        let mut i = start;
        while i < b.len() {
            let c = b[i];
            if c < 0x80 {
                if CLASS[c as usize] & WORD_END != 0 {
                    break;
                }
                i += 1;
            } else {
                let ch = self.char_at(i);
                if is_wide_space(ch) {
                    break;
                }
                i += ch.len_utf8();
            }
        }
        i
    }

    fn problem(&mut self, kind: Code, span: Span, detail: &'a str) {
        self.problems.push(Problem::new(kind, span, detail));
    }

    fn tag(&mut self, start: usize) -> Spanned<'a> {
        // [Name "value"] with any spaces; names end at a space or a quote.
        let text = self.text;
        let b = self.bytes;
        let mut i = self.skip_blanks(start + 1);
        let name_start = i;
        while i < b.len() {
            let c = b[i];
            if CLASS[c as usize] & NAME_END == 0 {
                i += 1;
            } else if c < 0x80 {
                break;
            } else {
                let ch = self.char_at(i);
                if is_wide_space(ch) || matches!(ch, '“' | '«' | '”' | '„') {
                    break;
                }
                i += ch.len_utf8();
            }
        }
        let name = &text[name_start..i];
        i = self.skip_blanks(i);
        if is_wrapper(name, b.get(i).copied()) {
            // `[pdn]`, `[/pdn]`, `[pdn=…]`, `[code="…"]`: up to the `]` on this line.
            let end = b[i..]
                .iter()
                .position(|&c| matches!(c, b']' | b'[' | b'\n' | b'\r'))
                .map_or(b.len(), |k| i + k);
            let end = if b.get(end) == Some(&b']') {
                end + 1
            } else {
                end
            };
            self.pos = end;
            return Spanned {
                token: Token::Wrapper,
                span: Span::new(start, end),
            };
        }
        let open = match b.get(i) {
            Some(b'"') => Some('"'),
            Some(&c) if c >= 0x80 => Some(self.char_at(i)),
            _ => None,
        };
        let (value, after) = match open {
            Some(q @ ('"' | '“' | '«' | '„' | '”')) => {
                let vstart = i + q.len_utf8();
                let found = if q == '"' {
                    self.close_plain_quote(vstart)
                } else {
                    self.close_curly_quote(vstart, q)
                };
                match found {
                    Ok(e) => (&text[vstart..e], e + utf8_len(b[e])),
                    Err(line_end) => {
                        self.problem(Code::UnclosedTagValue, Span::new(i, line_end), name);
                        let e = text[vstart..line_end]
                            .rfind(']')
                            .map_or(line_end, |k| vstart + k);
                        (&text[vstart..e], e)
                    }
                }
            }
            _ => {
                // No quotes: the value runs to the closing bracket on this line (and stops at
                // an opening one, so that a line of brackets is read in linear time).
                let e = b[i..]
                    .iter()
                    .position(|&c| matches!(c, b']' | b'[' | b'\n' | b'\r'))
                    .map_or(b.len(), |k| i + k);
                if !name.is_empty() {
                    self.problem(Code::UnquotedTagValue, Span::new(start, e), name);
                }
                (text[i..e].trim(), e)
            }
        };
        let mut end = self.skip_blanks(after);
        if b.get(end) == Some(&b']') {
            end += 1;
        } else if !name.is_empty() {
            self.problem(Code::UnclosedTag, Span::new(start, end), name);
        }
        self.pos = end;
        let span = Span::new(start, end);
        if name.is_empty() {
            return Spanned {
                token: Token::Unknown(&text[start..end]),
                span,
            };
        }
        Spanned {
            token: Token::Tag { name, value },
            span,
        }
    }

    /// The closing `"` of a value starting at `from`: `Ok(offset)`, or `Err(line end)` when the
    /// value is not closed. `\` escapes the next character. A value may go on over line ends
    /// when its closing quote and `]` come before any other bracket or a blank line (FENs
    /// broken over two lines).
    fn close_plain_quote(&self, from: usize) -> Result<usize, usize> {
        let b = self.bytes;
        let mut j = from;
        let mut first_line_end = None;
        let mut last_break = None;
        while j < b.len() {
            if CLASS[b[j] as usize] & VALUE_STOP == 0 {
                j += 1;
                continue;
            }
            match b[j] {
                b'\\' => {
                    j += 1;
                    if j < b.len() {
                        j += utf8_len(b[j]);
                    }
                    continue;
                }
                b'"' => {
                    if first_line_end.is_none() {
                        return Ok(j);
                    }
                    let k = self.skip_blanks(j + 1);
                    return match b.get(k) {
                        Some(b']') => Ok(j),
                        _ => Err(first_line_end.unwrap_or(j)),
                    };
                }
                b'\n' | b'\r' => {
                    first_line_end.get_or_insert(j);
                    // A blank line (only spaces since the last line break) ends the search.
                    if let Some(prev) = last_break {
                        if b[prev..j].iter().all(|&c| c == b' ' || c == b'\t') {
                            return Err(first_line_end.unwrap_or(j));
                        }
                    }
                    if b[j] == b'\r' && b.get(j + 1) == Some(&b'\n') {
                        j += 1;
                    }
                    last_break = Some(j + 1);
                }
                b'[' | b']' if first_line_end.is_some() => {
                    return Err(first_line_end.unwrap_or(j));
                }
                _ => {}
            }
            j += 1;
        }
        Err(first_line_end.unwrap_or(b.len()))
    }

    /// The closing quote of a value opened with a typographic quote, on the same line and
    /// before the next tag.
    fn close_curly_quote(&self, from: usize, open: char) -> Result<usize, usize> {
        let close: &[char] = match open {
            '«' => &['»'],
            _ => &['”', '“', '"'],
        };
        let mut j = from;
        for c in self.text[from..].chars() {
            if close.contains(&c) {
                return Ok(j);
            }
            if matches!(c, '\n' | '\r' | '[') {
                return Err(j);
            }
            j += c.len_utf8();
        }
        Err(j)
    }

    fn comment(&mut self, start: usize) -> Spanned<'a> {
        let text = self.text;
        let body_start = start + 1;
        let close = if body_start >= self.no_brace_from {
            None
        } else {
            text[body_start..].find('}')
        };
        if close.is_none() {
            // No `}` from here to the end: later unclosed comments need not look again.
            self.no_brace_from = self.no_brace_from.min(body_start);
        }
        match close {
            Some(i) => {
                let close = body_start + i;
                if let Some(k) = text[body_start..close].find('{') {
                    let at = body_start + k;
                    self.problem(Code::NestedComment, Span::new(at, at + 1), "{");
                }
                self.pos = close + 1;
                Spanned {
                    token: Token::Comment(&text[body_start..close]),
                    span: Span::new(start, self.pos),
                }
            }
            None => {
                // Unclosed: end the comment at the next tag line, so later games survive.
                let end = find_tag_line(text, body_start).unwrap_or(text.len());
                self.problem(Code::UnclosedComment, Span::new(start, start + 1), "{");
                self.pos = end;
                Spanned {
                    token: Token::Comment(&text[body_start..end]),
                    span: Span::new(start, end),
                }
            }
        }
    }

    fn line_comment(&mut self, start: usize) -> Spanned<'a> {
        let end = self.to_line_end(start);
        self.pos = end;
        Spanned {
            token: Token::Comment(&self.text[start + 1..end]),
            span: Span::new(start, end),
        }
    }

    /// Prose in parentheses, as some programs write their comments (`(Wyllie falters here.
    /// 8-11 is required to draw.)`): the offset of the closing `)` when the parentheses (which
    /// may nest a little) hold no other bracket and at least two words of letters without
    /// digits (no move or square has those), or only such words.
    fn prose_in_parentheses(&self, open: usize) -> Option<usize> {
        // Bounds, so that text full of parentheses is read in linear time.
        const LONGEST: usize = 2000;
        const DEEPEST: usize = 4;
        let b = self.bytes;
        let limit = b.len().min(open + LONGEST);
        let mut i = open + 1;
        let (mut prose, mut other, mut depth) = (0, 0, 0);
        while i < limit {
            match b[i] {
                b')' if depth == 0 => {
                    return (prose >= 2 || (prose == 1 && other == 0)).then_some(i);
                }
                b')' => {
                    depth -= 1;
                    i += 1;
                }
                b'(' if depth < DEEPEST => {
                    depth += 1;
                    i += 1;
                }
                b'(' | b'{' | b'}' | b'[' | b']' | b';' => return None,
                // A `/FEN "…"/` setup is PDN, whatever its letters look like.
                b'/' if b[i + 1..]
                    .get(..3)
                    .is_some_and(|w| w.eq_ignore_ascii_case(b"FEN")) =>
                {
                    return None;
                }
                c if is_space(c) => i += 1,
                b'/' => {
                    // Other text between slashes (a setup written without `FEN`) is no prose.
                    other += 1;
                    i += 1;
                    while i < limit && !matches!(b[i], b'/' | b'\n' | b'\r') {
                        i += 1;
                    }
                    i += 1;
                }
                c => {
                    let end = self.word_end(i);
                    if end == i {
                        // A delimiter or a Unicode space.
                        i += utf8_len(c);
                        continue;
                    }
                    // Prose: a word of letters (and punctuation), without digits.
                    let word = &b[i..end];
                    if c.is_ascii_alphabetic()
                        && word.len() >= 2
                        && !word.iter().any(u8::is_ascii_digit)
                    {
                        prose += 1;
                    } else {
                        other += 1;
                    }
                    i = end;
                }
            }
        }
        None
    }

    fn single(&mut self, start: usize, token: Token<'a>) -> Spanned<'a> {
        self.pos = start + 1;
        Spanned {
            token,
            span: Span::new(start, start + 1),
        }
    }

    /// The next token when it is a move number or a move that the fast paths read (the common
    /// words of movetext: `12.`, `32-28`, `c3xe5!`), else `None`, with the position left at
    /// the next token. The token and its problems are exactly those [`Lexer::next`] gives; a
    /// move comes as its bounds only ([`Fast::Move`]; [`Lexer::move_token`] makes its token).
    #[inline(always)]
    pub(crate) fn next_move(&mut self) -> Option<Fast<'a>> {
        self.skip_space();
        let start = self.pos;
        let &c = self.bytes.get(start)?;
        #[cfg(test)]
        if !self.fast {
            return None;
        }
        let first = if c.is_ascii_digit() {
            if let Some(decided) = self.digit_word(start) {
                return decided;
            }
            match self.digits_or_number(start) {
                Ok(number) => return Some(Fast::Token(number)),
                Err(i) if i - start <= 3 => i,
                Err(_) => return None,
            }
        } else if c.is_ascii_alphabetic() {
            square_end(self.bytes, start)?
        } else {
            return None;
        };
        let (body_end, end) = self.fast_move_bounds(start, first)?;
        self.pos = end;
        Some(Fast::Move {
            start,
            body_end,
            end,
        })
    }

    /// A word starting with a digit, in one pass when it is a move number (`12.`, `12...`,
    /// also glued to its move: `12.32-28`) or a move.
    #[inline(always)]
    fn fast_digits(&mut self, start: usize) -> Option<Spanned<'a>> {
        match self.digits_or_number(start) {
            Ok(number) => Some(number),
            Err(i) if i - start <= 3 => self.fast_move_from(start, i),
            Err(_) => None,
        }
    }

    /// [`Lexer::next_move`] for a word starting with a digit, read from the eight bytes at
    /// `start` at once (SWAR: which of them are digits, in one word), for the common shapes
    /// (`12.`, `32-28`, `11x18x25`): `Some` with the outcome, or `None` to go the byte-by-byte
    /// way (near the end of the text, longer words, letter squares), which gives the same.
    #[inline(always)]
    fn digit_word(&mut self, start: usize) -> Option<Option<Fast<'a>>> {
        let b = self.bytes;
        let chunk: [u8; 8] = b.get(start..start + 8)?.try_into().ok()?;
        let x = u64::from_le_bytes(chunk) ^ 0x3030_3030_3030_3030;
        // A byte's high bit is set unless it was a digit (now 0..=9): adding 0x76 to its low
        // seven bits reaches 0x80 from 10 on, with no carry into the next byte.
        let other =
            (((x & 0x7F7F_7F7F_7F7F_7F7F) + 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080;
        // The digits from byte `p` (< 8) on; 8 - p when they run to the end of the chunk.
        let run = |p: usize| ((other >> (8 * p)).trailing_zeros() / 8) as usize;
        let digits = run(0);
        if digits >= 8 {
            return None;
        }
        let i = start + digits;
        if chunk[digits] == b'.' {
            if b[i..].starts_with(b".5-") {
                return None;
            }
            let mut j = i + 1;
            while j < b.len() && b[j] == b'.' {
                j += 1;
            }
            // At most seven digits: no overflow, the value read from the chunk.
            let digit = |k: usize| u32::from(chunk[k] - b'0');
            let n = match digits {
                1 => digit(0),
                2 => digit(0) * 10 + digit(1),
                _ => chunk[..digits]
                    .iter()
                    .fold(0, |n, &d| n * 10 + u32::from(d - b'0')),
            };
            self.pos = j;
            return Some(Some(Fast::Token(Spanned {
                token: Token::MoveNumber(n, j - i >= 3),
                span: Span::new(start, j),
            })));
        }
        if digits > 3 || !matches!(chunk[digits], b'-' | b'x' | b'X' | b':') {
            return None;
        }
        let mut p = digits + 1;
        let body_end = loop {
            if p >= 8 {
                return None;
            }
            let square = run(p);
            if square == 0 || square > 3 || p + square >= 8 {
                return None;
            }
            p += square;
            if !matches!(chunk[p], b'-' | b'x' | b'X' | b':') {
                break start + p;
            }
            p += 1;
        };
        Some(self.move_end(start, body_end).map(|(body_end, end)| {
            self.pos = end;
            Fast::Move {
                start,
                body_end,
                end,
            }
        }))
    }

    /// The move number starting at `start` (digits and dots), or where its digits end.
    #[inline(always)]
    fn digits_or_number(&mut self, start: usize) -> Result<Spanned<'a>, usize> {
        let b = self.bytes;
        let mut i = start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i < b.len() && b[i] == b'.' && !b[i..].starts_with(b".5-") {
            let mut j = i;
            while j < b.len() && b[j] == b'.' {
                j += 1;
            }
            return Ok(self.number(start, i - start, j, j - i >= 3));
        }
        Err(i)
    }

    /// A move of squares and ASCII separators (`32-28`, `c3xe5`), with its marks, standing as
    /// a whole word. The common words take these two fast paths; anything else is read the long
    /// way by [`Lexer::word`], with the same outcome for these words.
    #[inline(always)]
    fn fast_move(&mut self, start: usize) -> Option<Spanned<'a>> {
        let first = square_end(self.bytes, start)?;
        self.fast_move_from(start, first)
    }

    /// [`Lexer::fast_move`] once its first square, `start..first`, is read.
    #[inline(always)]
    fn fast_move_from(&mut self, start: usize, first: usize) -> Option<Spanned<'a>> {
        let (body_end, end) = self.fast_move_bounds(start, first)?;
        self.pos = end;
        Some(self.move_token(start, body_end, end))
    }

    /// The bounds of the move of [`Lexer::fast_move_from`]: where its squares end, and where
    /// its marks do.
    #[inline(always)]
    fn fast_move_bounds(&self, start: usize, first: usize) -> Option<(usize, usize)> {
        let b = self.bytes;
        let mut j = first;
        if j >= b.len() || !matches!(b[j], b'-' | b'x' | b'X' | b':') {
            return None;
        }
        loop {
            j = square_end(b, j + 1)?;
            if j >= b.len() || !matches!(b[j], b'-' | b'x' | b'X' | b':') {
                break;
            }
        }
        self.move_end(start, j)
    }

    /// The bounds of a move whose squares are `start..body_end`: where its squares end, and
    /// where its marks do (`None` when it does not stand as a whole word, or is a score).
    #[inline(always)]
    fn move_end(&self, start: usize, body_end: usize) -> Option<(usize, usize)> {
        let b = self.bytes;
        let mut j = body_end;
        while j < b.len() && matches!(b[j], b'!' | b'?' | b'*') {
            j += 1;
        }
        if j < b.len() && (b[j] >= 0x80 || CLASS[b[j] as usize] & WORD_END == 0) {
            return None;
        }
        // `1-0`, and `0-2*` (a result, then `*`): the long way. Of the results, only the
        // three-byte scores (`1-0`, `2:0`) are made of squares and these separators.
        if body_end - start == 3 && is_result(&b[start..body_end]) {
            return None;
        }
        Some((body_end, self.paren_strength_end(j)))
    }

    /// Where a move whose marks end at `end` ends: after a parenthesised strength right after
    /// it (`29-23(?)`), if there is one.
    #[inline(always)]
    fn paren_strength_end(&self, end: usize) -> usize {
        let rest = &self.bytes[end..];
        if rest.first() == Some(&b'(') {
            let marks = rest[1..]
                .iter()
                .take_while(|c| matches!(c, b'!' | b'?'))
                .count();
            if marks > 0 && rest.get(1 + marks) == Some(&b')') {
                return end + marks + 2;
            }
        }
        end
    }

    /// The move `start..body_end` with its marks up to `end`, and a parenthesised strength
    /// right after it (`29-23(?)`).
    #[inline(always)]
    fn with_paren_strength(&mut self, start: usize, body_end: usize, end: usize) -> Spanned<'a> {
        self.pos = self.paren_strength_end(end);
        self.move_token(start, body_end, self.pos)
    }

    /// The move token of `start..end` whose squares end at `body_end` (its marks follow).
    #[inline(always)]
    pub(crate) fn move_token(&self, start: usize, body_end: usize, end: usize) -> Spanned<'a> {
        // ASCII bounds: never off a character boundary (one checked slice, one checked split).
        let (mv, suffix) = self
            .text
            .get(start..end)
            .and_then(|w| w.split_at_checked(body_end - start))
            .unwrap_or_default();
        Spanned {
            token: Token::Move { text: mv, suffix },
            span: Span::new(start, end),
        }
    }

    fn word(&mut self, start: usize) -> Spanned<'a> {
        let text = self.text;
        let b = self.bytes;
        let mut end = self.word_end(start);
        if end == start {
            // Cannot happen after skip_space, but never loop on a character.
            end += utf8_len(b[start]);
        }
        let word = &text[start..end];
        let w = word.as_bytes();
        let digits = w.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits > 0 {
            // A move number, also glued to what follows (`12.32-28`, `3...20-25`).
            let dots = w[digits..].iter().take_while(|&&c| c == b'.').count();
            if dots > 0 && !w[digits..].starts_with(b".5-") {
                return self.number(start, digits, start + digits + dots, dots >= 3);
            }
            // A bare number followed by lone dots on the same line: `25 .` or `25 ...`.
            if digits == w.len() && digits <= 4 {
                let after = self.skip_blanks(end);
                let dots = b[after..].iter().take_while(|&&c| c == b'.').count();
                if dots > 0 && b.get(after + dots).is_some_and(|&c| is_space(c)) {
                    return self.number(start, digits, after + dots, dots >= 3);
                }
            }
            // `21,44-39`: a comma typed for the move number's dot.
            if w.get(digits) == Some(&b',') && is_move_word(&w[digits + 1..]) {
                return self.number(start, digits, start + digits + 1, false);
            }
        }
        // Spaces inside a move (`21 -27`, `1- 7`, `5 x 14`): join the pieces when they make one.
        if let Some(joined_end) = self.spaced_move_end(start, end) {
            self.pos = joined_end;
            let raw = &text[start..joined_end];
            let span = Span::new(start, joined_end);
            self.problem(Code::SpacesInMove, span, raw);
            let body = raw.trim_end_matches(['!', '?', '*']);
            return Spanned {
                token: Token::Move {
                    text: body,
                    suffix: &raw[body.len()..],
                },
                span,
            };
        }
        self.pos = end;
        // `0-2*`: a result and then `*`, not a star move from square 0.
        let body = word.trim_end_matches('*');
        if body.len() < word.len() && is_result(body.as_bytes()) {
            self.pos = start + body.len();
            return Spanned {
                token: Token::Result(body),
                span: Span::new(start, self.pos),
            };
        }
        let token = classify(word);
        match token {
            // `41. - - 33-28`: two dashes before a move are one move not recorded (`--`).
            Token::UnknownMove if word == "-" => {
                let second = self.skip_blanks(end);
                let after = second + 1;
                if b.get(second) == Some(&b'-') && b.get(after).is_some_and(|&c| is_space(c)) {
                    let next = self.skip_blanks(after);
                    let next_end = self.word_end(next);
                    if next_end > next && is_move_word(&b[next..next_end]) {
                        self.pos = after;
                        return Spanned {
                            token: Token::UnknownMove,
                            span: Span::new(start, after),
                        };
                    }
                }
            }
            // `0-0(?) 2-0`: a score with a strength mark, and then the result: the marked
            // score is no result (it is skipped as text).
            Token::Result(_) => {
                let rest = &b[end..];
                let marks = rest
                    .iter()
                    .skip(1)
                    .take_while(|c| matches!(c, b'!' | b'?'))
                    .count();
                if rest.first() == Some(&b'(') && marks > 0 && rest.get(1 + marks) == Some(&b')') {
                    let marked_end = end + marks + 2;
                    let mut next = marked_end;
                    while next < b.len() && is_space(b[next]) {
                        next += 1;
                    }
                    let next_end = self.word_end(next);
                    let next_word = &b[next..next_end];
                    if next_end > next
                        && is_result(next_word.strip_suffix(b"*").unwrap_or(next_word))
                    {
                        self.pos = marked_end;
                        return Spanned {
                            token: Token::Unknown(&text[start..marked_end]),
                            span: Span::new(start, marked_end),
                        };
                    }
                }
            }
            Token::Move { text: mv, .. } => {
                return self.with_paren_strength(start, start + mv.len(), end);
            }
            Token::Unknown(_) => {
                if let Some(r) = glued_result(w) {
                    // `1-101.32-28`: a result, then the next game's first move number.
                    self.pos = start + r;
                    let span = Span::new(start, self.pos);
                    let result = &text[start..self.pos];
                    self.problem(Code::GluedResult, span, result);
                    return Spanned {
                        token: Token::Result(result),
                        span,
                    };
                }
            }
            _ => {}
        }
        Spanned {
            token,
            span: Span::new(start, end),
        }
    }

    #[inline(always)]
    fn number(&mut self, start: usize, digits: usize, end: usize, three_dots: bool) -> Spanned<'a> {
        self.pos = end;
        let span = Span::new(start, end);
        let n = parse_number(&self.bytes[start..start + digits]);
        if n == u32::MAX {
            let written = &self.text[start..start + digits];
            if written.trim_start_matches('0') != "4294967295" {
                // Larger than a u32: said, not silently changed.
                self.problem(Code::MoveNumberOverflow, span, written);
            }
        }
        Spanned {
            token: Token::MoveNumber(n, three_dots),
            span,
        }
    }

    /// End of a move written with spaces around its separators, starting with the word
    /// `start..end`, if joining the following words on the same line makes a valid move.
    fn spaced_move_end(&self, start: usize, end: usize) -> Option<usize> {
        let b = self.bytes;
        let word = &b[start..end];
        let ends_with_sep = ends_with_separator(word);
        let is_square = !word.is_empty()
            && word.len() <= 3
            && word.iter().all(u8::is_ascii_alphanumeric)
            && word[word.len() - 1].is_ascii_digit();
        if !(ends_with_sep || is_square) || is_move_word(word) {
            return None;
        }
        let mut joined = [0u8; 48];
        let mut len = word.len().min(joined.len());
        joined[..len].copy_from_slice(&word[..len]);
        let mut cur = end;
        let mut expect_square = ends_with_sep;
        let mut best = None;
        loop {
            let next = self.skip_blanks(cur);
            if next == cur && !expect_square {
                break;
            }
            let j = self.word_end(next);
            if j == next {
                break;
            }
            let piece = &b[next..j];
            if expect_square {
                // A square, possibly followed by more separators and squares (`-27`, `27x18`).
                if !piece[0].is_ascii_alphanumeric() {
                    break;
                }
            } else if !starts_with_separator(piece) {
                break;
            }
            if len + piece.len() > joined.len() {
                break;
            }
            joined[len..len + piece.len()].copy_from_slice(piece);
            len += piece.len();
            cur = j;
            expect_square = ends_with_separator(piece);
            if !expect_square && is_move_word(&joined[..len]) {
                best = Some(cur);
            }
        }
        best
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Spanned<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Spanned<'a>> {
        self.skip_space();
        let start = self.pos;
        let &c = self.bytes.get(start)?;
        #[cfg(test)]
        if !self.fast && c.is_ascii_alphanumeric() {
            return Some(self.word(start));
        }
        if c.is_ascii_digit() {
            if let Some(t) = self.fast_digits(start) {
                return Some(t);
            }
        }
        Some(match c {
            b'[' => self.tag(start),
            b'{' => self.comment(start),
            b';' => self.line_comment(start),
            b'%' if self.at_line_start(start) => self.line_comment(start),
            b'/' => {
                let body_start = start + 1;
                let slash = self.bytes[body_start..]
                    .iter()
                    .position(|&c| matches!(c, b'/' | b'\n' | b'\r'))
                    .filter(|&i| self.bytes[body_start + i] == b'/');
                match slash {
                    Some(i) => {
                        self.pos = body_start + i + 1;
                        let inner = self.text[body_start..body_start + i].trim();
                        let fen = inner
                            .strip_prefix("FEN")
                            .or_else(|| inner.strip_prefix("fen"))
                            .unwrap_or(inner)
                            .trim();
                        Spanned {
                            token: Token::Setup(fen),
                            span: Span::new(start, self.pos),
                        }
                    }
                    None => self.word(start),
                }
            }
            b'a'..=b'z' | b'A'..=b'Z' => match self.fast_move(start) {
                Some(t) => t,
                None => self.word(start),
            },
            b'(' => match self.prose_in_parentheses(start) {
                Some(close) => {
                    self.pos = close + 1;
                    let span = Span::new(start, self.pos);
                    self.problem(Code::ProseInParentheses, span, "(");
                    Spanned {
                        token: Token::Comment(&self.text[start + 1..close]),
                        span,
                    }
                }
                None => self.single(start, Token::OpenVariation),
            },
            b')' => self.single(start, Token::CloseVariation),
            b'}' => {
                let t = self.single(start, Token::Unknown("}"));
                self.problem(Code::UnmatchedBrace, t.span, "}");
                t
            }
            b']' | b'"' => self.single(start, Token::Unknown(&self.text[start..start + 1])),
            _ => self.word(start),
        })
    }
}

/// Start of the next line (after `from`) that begins with `[Name "`, if any.
fn find_tag_line(text: &str, from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(nl) = text[i..].find('\n') {
        let line = i + nl + 1;
        let rest = text[line..].trim_start_matches([' ', '\t']);
        if rest.starts_with('[') && rest[1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            return Some(text.len() - rest.len());
        }
        i = line;
    }
    None
}

/// A forum's BBCode wrapper around a game, read from a tag's `name` and the byte after it
/// (`next`): `pdn`, `pgn` or `code` in any case, closing (`/pdn`) or with an attribute
/// (`pdn=…`), standing alone before `]`. A tag with a quoted value (`[Code "A"]`) is a tag.
fn is_wrapper(name: &str, next: Option<u8>) -> bool {
    // Most names start with none of the letters of the wrappers.
    if !matches!(
        name.as_bytes().first(),
        Some(b'/' | b'p' | b'P' | b'c' | b'C')
    ) {
        return false;
    }
    let closing = name.starts_with('/');
    let bare = name.trim_start_matches('/');
    let (word, attribute) = match bare.split_once('=') {
        Some((w, _)) => (w, true),
        None => (bare, false),
    };
    ["pdn", "pgn", "code"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
        && (closing || attribute || next == Some(b']'))
}
