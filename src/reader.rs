//! Reading PDN text into games: a lenient scanner ([`Lexer`]) and a builder that splits the token
//! stream into [`Game`]s with tags, a move tree, comments and diagnostics.
//!
//! Reading never fails: whatever cannot be understood becomes a [`Diagnostic`] with a span, and
//! reading goes on with the next token, so one bad spot never hides the rest of a game or the
//! games after it. Games end at a result or `*`, or where tags follow moves (a missing result).

use crate::diagnostic::{Diagnostic, Span};
use crate::encoding::{Encoding, decode};
use crate::notation::PdnMove;

/// One token of PDN text, borrowing from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        /// The move itself.
        text: &'a str,
        /// Strength marks written after it (`!?`, `(?)`, `*`), if any.
        suffix: &'a str,
    },
    /// `- -` or `--`: a move that the source did not record.
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
}

/// A token with its span and any problem found while scanning it.
#[derive(Clone, Debug)]
pub struct Spanned<'a> {
    /// The token.
    pub token: Token<'a>,
    /// Where it is in the text.
    pub span: Span,
}

/// Splits PDN text into tokens.
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// Problems met while scanning (unterminated comments and the like).
    pub diagnostics: Vec<Diagnostic>,
}

const RESULTS: [&str; 12] = [
    "1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "1/2-1/2", "½-½", "0.5-0.5", "1/2", "2-2", "*",
];

fn is_word_end(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '"')
}

impl<'a> Lexer<'a> {
    /// A lexer over `text`.
    #[must_use]
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            diagnostics: Vec::new(),
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn at_line_start(&self, at: usize) -> bool {
        self.text[..at]
            .chars()
            .rev()
            .take_while(|&c| c != '\n' && c != '\r')
            .all(|c| c == ' ' || c == '\t')
    }

    fn to_line_end(&self, from: usize) -> usize {
        self.text[from..]
            .find(['\n', '\r'])
            .map_or(self.text.len(), |i| from + i)
    }

    fn skip_space(&mut self) {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
            self.pos += rest.len() - trimmed.len();
            // Escaped line ends from PDN that went through JSON (`...]\n[Site ...`): spacing.
            if trimmed.starts_with("\\n")
                || trimmed.starts_with("\\r")
                || trimmed.starts_with("\\t")
            {
                self.pos += 2;
            } else {
                break;
            }
        }
    }

    fn tag(&mut self, start: usize) -> Spanned<'a> {
        // [Name "value"] with any spaces; names end at a space or a quote.
        let text = self.text;
        let mut i = start + 1;
        let skip_ws = |mut i: usize| {
            while let Some(c) = text[i..].chars().next() {
                if c == ' ' || c == '\t' {
                    i += 1;
                } else {
                    break;
                }
            }
            i
        };
        i = skip_ws(i);
        let name_start = i;
        while let Some(c) = text[i..].chars().next() {
            if c.is_whitespace() || matches!(c, '"' | ']' | '[' | '“' | '«' | '”') {
                break;
            }
            i += c.len_utf8();
        }
        let name = &text[name_start..i];
        i = skip_ws(i);
        let open = text[i..].chars().next();
        let (value, after) = match open {
            Some(q @ ('"' | '“' | '«' | '„' | '”')) => {
                let close: &[char] = match q {
                    '"' => &['"'],
                    '«' => &['»'],
                    _ => &['”', '“', '"'],
                };
                let vstart = i + q.len_utf8();
                let mut j = vstart;
                let mut end = None;
                while let Some(c) = text[j..].chars().next() {
                    if c == '\\' && q == '"' {
                        j += 1;
                        if let Some(n) = text[j..].chars().next() {
                            j += n.len_utf8();
                        }
                        continue;
                    }
                    if close.contains(&c) {
                        end = Some(j);
                        break;
                    }
                    if c == '\n' || c == '\r' {
                        break;
                    }
                    j += c.len_utf8();
                }
                match end {
                    Some(e) => (
                        &text[vstart..e],
                        e + text[e..].chars().next().map_or(0, char::len_utf8),
                    ),
                    None => {
                        self.diagnostics.push(Diagnostic::warning(
                            "unclosed-tag-value",
                            Span::new(i, j),
                            format!("the value of tag {name} has no closing quote"),
                        ));
                        let e = text[vstart..j].rfind(']').map_or(j, |k| vstart + k);
                        (&text[vstart..e], e)
                    }
                }
            }
            _ => {
                // No quotes: the value runs to the closing bracket on this line.
                let line_end = self.to_line_end(i);
                let e = text[i..line_end].find(']').map_or(line_end, |k| i + k);
                if !name.is_empty() {
                    self.diagnostics.push(Diagnostic::warning(
                        "unquoted-tag-value",
                        Span::new(start, e),
                        format!("the value of tag {name} is not in double quotes"),
                    ));
                }
                (text[i..e].trim(), e)
            }
        };
        let mut end = skip_ws(after);
        if text[end..].starts_with(']') {
            end += 1;
        } else {
            self.diagnostics.push(Diagnostic::warning(
                "unclosed-tag",
                Span::new(start, end),
                format!("tag {name} is not closed with ]"),
            ));
        }
        self.pos = end;
        if name.is_empty() {
            return Spanned {
                token: Token::Unknown(&text[start..end]),
                span: Span::new(start, end),
            };
        }
        Spanned {
            token: Token::Tag { name, value },
            span: Span::new(start, end),
        }
    }

    fn word(&mut self, start: usize) -> Spanned<'a> {
        let text = self.text;
        let mut end = start;
        while let Some(c) = text[end..].chars().next() {
            if is_word_end(c) {
                break;
            }
            end += c.len_utf8();
        }
        let word = &text[start..end];
        // A move number glued to what follows (`12.32-28`, `3...20-25`).
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits > 0 && dots > 0 && !word[digits..].starts_with(".5-") {
            let n = word[..digits].parse().unwrap_or(u32::MAX);
            self.pos = start + digits + dots;
            return Spanned {
                token: Token::MoveNumber(n, dots >= 3),
                span: Span::new(start, self.pos),
            };
        }
        // `1.` then `...` (or the Unicode ellipsis).
        if word.bytes().all(|b| b == b'.') || word == "…" {
            self.pos = end;
            return Spanned {
                token: Token::Ellipsis,
                span: Span::new(start, end),
            };
        }
        // A bare number followed by lone dots on the same line: `25 .` or `25 ...`.
        if digits == word.len() && digits <= 4 {
            let after = skip_blanks(text, end);
            let dots = text[after..].bytes().take_while(|&b| b == b'.').count();
            if dots > 0 && text[after + dots..].starts_with(char::is_whitespace) {
                self.pos = after + dots;
                return Spanned {
                    token: Token::MoveNumber(word.parse().unwrap_or(u32::MAX), dots >= 3),
                    span: Span::new(start, self.pos),
                };
            }
        }
        // `21,44-39`: a comma typed for the move number's dot.
        if digits > 0 && word[digits..].starts_with(',') && classify(&word[digits + 1..]).is_move()
        {
            self.pos = start + digits + 1;
            return Spanned {
                token: Token::MoveNumber(word[..digits].parse().unwrap_or(u32::MAX), false),
                span: Span::new(start, self.pos),
            };
        }
        // Spaces inside a move (`21 -27`, `1- 7`, `5 x 14`): join the pieces when they make one.
        if let Some(joined_end) = spaced_move_end(text, start, end) {
            self.pos = joined_end;
            let raw = &text[start..joined_end];
            self.diagnostics.push(Diagnostic::warning(
                "spaces-in-move",
                Span::new(start, joined_end),
                format!("the move \"{raw}\" has spaces inside it; it is read as one move"),
            ));
            let body = raw.trim_end_matches(['!', '?', '*']);
            return Spanned {
                token: Token::Move {
                    text: body,
                    suffix: &raw[body.len()..],
                },
                span: Span::new(start, joined_end),
            };
        }
        self.pos = end;
        let span = Span::new(start, end);
        let token = classify(word);
        if let Token::Move { .. } = token {
            // A parenthesised strength right after the move: `29-23(?)`.
            if let Some(rest) = text[end..].strip_prefix('(') {
                let marks = rest
                    .bytes()
                    .take_while(|b| matches!(b, b'!' | b'?'))
                    .count();
                if marks > 0 && rest[marks..].starts_with(')') {
                    self.pos = end + marks + 2;
                    let Token::Move { text: mv, .. } = token else {
                        unreachable!()
                    };
                    let suffix_start = start + mv.len();
                    return Spanned {
                        token: Token::Move {
                            text: mv,
                            suffix: &text[suffix_start..self.pos],
                        },
                        span: Span::new(start, self.pos),
                    };
                }
            }
        }
        Spanned { token, span }
    }
}

fn skip_blanks(text: &str, mut i: usize) -> usize {
    while text[i..].starts_with([' ', '\t']) {
        i += 1;
    }
    i
}

fn is_separator(c: char) -> bool {
    matches!(c, '-' | 'x' | 'X' | ':' | '×' | '\u{2013}')
}

/// End of a move written with spaces around its separators, starting with the word
/// `text[start..end]`, if joining the following words on the same line makes a valid move.
fn spaced_move_end(text: &str, start: usize, end: usize) -> Option<usize> {
    let word = &text[start..end];
    let ends_with_sep = word.ends_with(is_separator);
    let is_square = |w: &str| {
        !w.is_empty()
            && w.len() <= 3
            && w.chars().all(|c| c.is_ascii_alphanumeric())
            && w.ends_with(|c: char| c.is_ascii_digit())
    };
    if !(ends_with_sep || is_square(word)) || classify(word).is_move() {
        return None;
    }
    let mut cur = end;
    let mut expect_square = ends_with_sep;
    let mut best = None;
    loop {
        let next = skip_blanks(text, cur);
        if next == cur && !expect_square {
            break;
        }
        let mut j = next;
        while let Some(c) = text[j..].chars().next() {
            if is_word_end(c) {
                break;
            }
            j += c.len_utf8();
        }
        if j == next {
            break;
        }
        let piece = &text[next..j];
        if expect_square {
            // A square, possibly followed by more separators and squares (`-27`, `27x18`).
            if !piece.starts_with(|c: char| c.is_ascii_alphanumeric()) {
                break;
            }
        } else if !piece.starts_with(is_separator) {
            break;
        }
        cur = j;
        expect_square = piece.ends_with(is_separator);
        let joined: String = text[start..cur]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        if !expect_square && classify(&joined).is_move() {
            best = Some(cur);
        }
    }
    best
}

/// Classifies a whole word of movetext.
fn classify(word: &str) -> Token<'_> {
    if RESULTS.contains(&word) {
        return Token::Result(word);
    }
    if let Some(n) = word.strip_prefix('$') {
        if let Ok(n) = n.parse() {
            return Token::Nag(n);
        }
    }
    if word.chars().all(|c| c == '-' || c == '\u{2013}') {
        return Token::UnknownMove;
    }
    // Strength marks and a star after the move.
    let body = word.trim_end_matches(['!', '?', '*']);
    if !body.is_empty() && PdnMove::parse(body).is_some() {
        return Token::Move {
            text: body,
            suffix: &word[body.len()..],
        };
    }
    Token::Unknown(word)
}

impl Token<'_> {
    fn is_move(&self) -> bool {
        matches!(self, Token::Move { .. })
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Spanned<'a>;

    fn next(&mut self) -> Option<Spanned<'a>> {
        self.skip_space();
        let start = self.pos;
        let c = self.rest().chars().next()?;
        let text = self.text;
        let single = |tok: Token<'a>, this: &mut Lexer<'a>| {
            this.pos = start + c.len_utf8();
            Some(Spanned {
                token: tok,
                span: Span::new(start, this.pos),
            })
        };
        match c {
            '[' => Some(self.tag(start)),
            '{' => {
                let body_start = start + 1;
                match text[body_start..].find('}') {
                    Some(i) => {
                        self.pos = body_start + i + 1;
                        Some(Spanned {
                            token: Token::Comment(&text[body_start..body_start + i]),
                            span: Span::new(start, self.pos),
                        })
                    }
                    None => {
                        // Unclosed: end the comment at the next tag line, so later games survive.
                        let end = find_tag_line(text, body_start).unwrap_or(text.len());
                        self.diagnostics.push(Diagnostic::error(
                            "unclosed-comment",
                            Span::new(start, start + 1),
                            "this comment is never closed with }",
                        ));
                        self.pos = end;
                        Some(Spanned {
                            token: Token::Comment(&text[body_start..end]),
                            span: Span::new(start, end),
                        })
                    }
                }
            }
            ';' => {
                let end = self.to_line_end(start);
                self.pos = end;
                Some(Spanned {
                    token: Token::Comment(&text[start + 1..end]),
                    span: Span::new(start, end),
                })
            }
            '%' if self.at_line_start(start) => {
                let end = self.to_line_end(start);
                self.pos = end;
                Some(Spanned {
                    token: Token::Comment(&text[start + 1..end]),
                    span: Span::new(start, end),
                })
            }
            '/' => {
                let body_start = start + 1;
                let line_end = self.to_line_end(body_start);
                match text[body_start..line_end].find('/') {
                    Some(i) => {
                        self.pos = body_start + i + 1;
                        let inner = text[body_start..body_start + i].trim();
                        let fen = inner
                            .strip_prefix("FEN")
                            .or_else(|| inner.strip_prefix("fen"))
                            .unwrap_or(inner)
                            .trim();
                        Some(Spanned {
                            token: Token::Setup(fen),
                            span: Span::new(start, self.pos),
                        })
                    }
                    None => Some(self.word(start)),
                }
            }
            '(' => single(Token::OpenVariation, self),
            ')' => single(Token::CloseVariation, self),
            ']' | '}' | '"' => single(Token::Unknown(&text[start..start + 1]), self),
            _ => Some(self.word(start)),
        }
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

/// A tag pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Name as written.
    pub name: String,
    /// Value with escapes resolved.
    pub value: String,
    /// Where it is.
    pub span: Span,
}

/// One move in the move tree, with what is attached to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move as written, without strength marks (`32-28`), or `-` for an unrecorded move.
    pub text: String,
    /// The parsed notation; `None` for an unrecorded move.
    pub notation: Option<PdnMove>,
    /// Strength marks as written after the move (`!?`, `(?)`); a star (`*`) becomes NAG 7.
    pub strength: String,
    /// Where the move is.
    pub span: Span,
    /// The move number written before it, if any.
    pub number: Option<u32>,
    /// NAGs after it.
    pub nags: Vec<u16>,
    /// Comments after it.
    pub comments: Vec<String>,
    /// A `/FEN "…"/` setup written just before it: the position is set up anew.
    pub setup: Option<String>,
    /// Alternatives to this move: indexes into [`Game::variations`], in file order.
    pub variations: Vec<usize>,
}

/// A variation: a line of moves replacing one move, with the comments written before its first
/// move. Its moves' own variations are further indexes into [`Game::variations`], so the tree is
/// flat in memory and any nesting depth is kept without recursion (no stack risk in walks, drops
/// or comparisons).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// Comments between `(` and the first move.
    pub comments: Vec<String>,
    /// The moves; the first replaces the move the variation hangs on.
    pub moves: Vec<Node>,
    /// From `(` to `)`.
    pub span: Span,
}

/// One game: tags, the mainline with its variations, the result and the problems found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Tags in file order.
    pub tags: Vec<Tag>,
    /// Comments before the first move.
    pub intro: Vec<String>,
    /// A `/FEN/` setup before the first move.
    pub setup: Option<String>,
    /// The mainline.
    pub moves: Vec<Node>,
    /// Every variation of the game, at any depth; [`Node::variations`] index into it. A
    /// variation is stored when it closes, so after the variations it contains.
    pub variations: Vec<Variation>,
    /// Comments after the result.
    pub outro: Vec<String>,
    /// The result or `*` that ended the game, as written.
    pub result: Option<String>,
    /// From the first token to the last.
    pub span: Span,
    /// Reading problems inside this game.
    pub diagnostics: Vec<Diagnostic>,
}

impl Game {
    /// The value of a tag, matching the name without regard to case.
    ///
    /// ```
    /// let f = pdn::read_file("[SetUp \"1\"][white \"A\"] *");
    /// assert_eq!(f.games[0].tag("Setup"), Some("1"));
    /// assert_eq!(f.games[0].tag("White"), Some("A"));
    /// ```
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map(|t| t.value.as_str())
    }

    /// The FEN the game starts from: the `FEN` tag, else a `/FEN/` setup before the first move.
    #[must_use]
    pub fn start_fen(&self) -> Option<&str> {
        self.tag("FEN").or(self.setup.as_deref())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.setup.is_none()
    }
}

/// A whole file: its decoded text and its games.
#[derive(Clone, Debug)]
pub struct PdnFile {
    /// The text as decoded.
    pub text: String,
    /// The encoding it was decoded from.
    pub encoding: Encoding,
    /// Every game, in file order.
    pub games: Vec<Game>,
}

/// Reads PDN text.
///
/// ```
/// let f = pdn::read_file("[Event \"a\"] 1. 32-28 19-23 [Event \"b\"] 1. 31-26 *");
/// assert_eq!(f.games.len(), 2); // the first game has no result: the next tags end it
/// assert_eq!(f.games[1].moves[0].text, "31-26");
/// ```
#[must_use]
pub fn read_file(text: &str) -> PdnFile {
    let games = read_games(text);
    PdnFile {
        text: text.to_string(),
        encoding: Encoding::Utf8,
        games,
    }
}

/// Reads file bytes, choosing the encoding (see [`decode`]).
#[must_use]
pub fn read_bytes(bytes: &[u8]) -> PdnFile {
    let (text, encoding) = decode(bytes);
    let games = read_games(&text);
    PdnFile {
        text,
        encoding,
        games,
    }
}

fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('"' | '\\')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Builds games from the token stream.
struct Builder {
    games: Vec<Game>,
    game: Game,
    /// Open variations, innermost last; the mainline is `game.moves`.
    lines: Vec<Variation>,
    pending_number: Option<u32>,
    /// A `/FEN/` read but not yet attached to a move, with where it is.
    pending_setup: Option<(String, Span)>,
    /// Comments seen after a result, before anything of the next game.
    loose_comments: Vec<String>,
    started: bool,
    /// A result was read; only comments may still follow before the game is closed.
    finish_after_result: bool,
    /// Words not understood since the last tag: prose between two tag blocks separates games.
    unknown_since_tag: usize,
}

impl Builder {
    fn current_line(&mut self) -> &mut Vec<Node> {
        match self.lines.last_mut() {
            Some(v) => &mut v.moves,
            None => &mut self.game.moves,
        }
    }

    fn touch(&mut self, span: Span) {
        if !self.started {
            self.started = true;
            self.game.span.start = span.start;
        }
        self.game.span.end = span.end;
    }

    fn has_movetext(&self) -> bool {
        !self.game.moves.is_empty() || !self.lines.is_empty() || self.game.setup.is_some()
    }

    fn finish(&mut self) {
        while let Some(v) = self.lines.pop() {
            self.game.diagnostics.push(Diagnostic::warning(
                "unclosed-variation",
                Span::new(v.span.start, v.span.start + 1),
                "this variation is never closed with )",
            ));
            self.attach_variation(v);
        }

        self.drop_pending_setup();
        let game = std::mem::take(&mut self.game);
        self.pending_number = None;
        self.finish_after_result = false;
        self.unknown_since_tag = 0;
        self.started = false;
        if game.is_empty() {
            // Only comments, a result or stray text: not a game of its own.
            if let Some(prev) = self.games.last_mut() {
                prev.outro.extend(game.intro);
                prev.outro.extend(game.outro);
                prev.diagnostics.extend(game.diagnostics);
                if let Some(r) = game.result {
                    prev.diagnostics.push(Diagnostic::warning(
                        "stray-result",
                        game.span,
                        format!("result {r} stands after the game's own result; it is ignored"),
                    ));
                }
            } else if !game.intro.is_empty() || !game.diagnostics.is_empty() {
                self.loose_comments.extend(game.intro);
                self.loose_comments.extend(game.outro);
                self.game.diagnostics.extend(game.diagnostics);
            }
            return;
        }
        self.games.push(game);
    }

    /// A setup that no move of its line follows sets nothing up: report it and let it go (it
    /// must not become the start of the game or of the enclosing line).
    fn drop_pending_setup(&mut self) {
        if let Some((_, span)) = self.pending_setup.take() {
            self.game.diagnostics.push(Diagnostic::warning(
                "setup-without-move",
                span,
                "no move follows this setup in its line; it is ignored",
            ));
        }
    }

    /// Hangs a closed variation on the last move of the line that encloses it.
    fn attach_variation(&mut self, v: Variation) {
        if v.moves.is_empty() {
            // `( )` or `( {text} )`: no move to replace; its comments go with the enclosing move.
            let comments = v.comments;
            match self.current_line().last_mut() {
                Some(last) => last.comments.extend(comments),
                None => self.game.intro.extend(comments),
            }
            return;
        }
        if self.current_line().last().is_none() {
            // A variation before any move it could replace: keep its text as a comment.
            let text: Vec<&str> = v.moves.iter().map(|n| n.text.as_str()).collect();
            let joined = format!("({})", text.join(" "));
            self.game.diagnostics.push(Diagnostic::warning(
                "variation-without-move",
                Span::new(v.span.start, v.span.start + 1),
                "this variation comes before any move it could replace; it is kept as a comment",
            ));
            self.game.intro.push(joined);
            return;
        }
        let id = self.game.variations.len();
        self.game.variations.push(v);
        if let Some(last) = self.current_line().last_mut() {
            last.variations.push(id);
        }
    }

    /// Takes one token; `found` are the scanner's diagnostics for it.
    fn token(&mut self, t: Spanned<'_>, found: Vec<Diagnostic>) {
        self.take(t);
        self.game.diagnostics.extend(found);
    }

    fn take(&mut self, t: Spanned<'_>) {
        let span = t.span;
        match t.token {
            Token::Tag { name, value } => {
                // A game never has the same tag twice: a repeated name starts the next game
                // (tag blocks of games without moves follow each other directly).
                let repeated = self.game.tag(name).is_some();
                if self.has_movetext()
                    || self.game.result.is_some()
                    || self.unknown_since_tag >= 3
                    || repeated
                {
                    self.finish();
                }
                self.unknown_since_tag = 0;
                if !self.started && !self.loose_comments.is_empty() {
                    self.game.intro.append(&mut self.loose_comments);
                }
                self.touch(span);
                self.game.tags.push(Tag {
                    name: name.to_string(),
                    value: unescape(value),
                    span,
                });
            }
            Token::MoveNumber(n, _) => {
                self.touch(span);
                self.pending_number = Some(n);
            }
            Token::Ellipsis => self.touch(span),
            // A score such as `4-6` or `1-9` (the Delfts result format) reads like a move; when
            // it repeats the Result tag, it is the result.
            Token::Move { text, suffix }
                if suffix.is_empty()
                    && self.lines.is_empty()
                    && self.game.tag("Result") == Some(text)
                    && text.contains('-') =>
            {
                self.take(Spanned {
                    token: Token::Result(text),
                    span,
                });
            }
            Token::Move { text, suffix } => {
                self.touch(span);
                let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
                let notation = PdnMove::parse(&compact);
                self.push_node(&compact, notation, suffix, span);
            }
            Token::UnknownMove => {
                self.touch(span);
                self.game.diagnostics.push(Diagnostic::warning(
                    "unknown-move",
                    span,
                    "a move is not recorded here (written as -)",
                ));
                self.push_node("-", None, "", span);
            }
            Token::Nag(n) => {
                self.touch(span);
                if let Some(last) = self.current_line().last_mut() {
                    last.nags.push(n);
                } else {
                    self.game.diagnostics.push(Diagnostic::warning(
                        "nag-without-move",
                        span,
                        format!("${n} stands before any move; it is ignored"),
                    ));
                }
            }
            Token::Comment(text) => {
                let text = text.trim().to_string();
                if self.game.result.is_some() {
                    self.game.outro.push(text);
                } else if let Some(last) = self.current_line().last_mut() {
                    last.comments.push(text);
                } else if let Some(v) = self.lines.last_mut() {
                    // Before the variation's first move.
                    v.comments.push(text);
                } else {
                    self.game.intro.push(text);
                }
            }
            Token::Setup(fen) => {
                self.touch(span);
                if self.lines.is_empty() && self.game.moves.is_empty() && self.game.setup.is_none()
                {
                    self.game.setup = Some(fen.to_string());
                } else if let Some((_, old)) = self.pending_setup.replace((fen.to_string(), span)) {
                    self.game.diagnostics.push(Diagnostic::warning(
                        "setup-replaced",
                        old,
                        "another setup follows this one before any move; it is ignored",
                    ));
                }
            }
            Token::OpenVariation => {
                self.touch(span);
                self.lines.push(Variation {
                    span,
                    ..Variation::default()
                });
            }
            Token::CloseVariation => {
                self.touch(span);
                if !self.lines.is_empty() {
                    self.drop_pending_setup();
                }
                match self.lines.pop() {
                    Some(mut v) => {
                        v.span.end = span.end;
                        self.attach_variation(v);
                    }
                    None => self.game.diagnostics.push(Diagnostic::warning(
                        "unmatched-paren",
                        span,
                        "this ) closes no variation; it is ignored",
                    )),
                }
            }
            Token::Result(r) => {
                if !self.lines.is_empty() {
                    // Inside a variation a result only ends that line of play.
                    return;
                }
                if self.game.result.is_some() {
                    self.finish();
                }
                self.touch(span);
                self.game.result = Some(r.to_string());
                self.finish_after_result = true;
            }
            Token::Unknown(word) => {
                self.touch(span);
                if !self.game.tags.is_empty() {
                    self.unknown_since_tag += 1;
                }
                self.game.diagnostics.push(Diagnostic::warning(
                    "unknown-text",
                    span,
                    format!(
                        "\"{word}\" is not a move, move number, result or comment; it is skipped"
                    ),
                ));
            }
        }
    }

    fn push_node(&mut self, text: &str, notation: Option<PdnMove>, suffix: &str, span: Span) {
        let number = self.pending_number.take();
        let setup = self.pending_setup.take().map(|(fen, _)| fen);
        // The PDN 2.0 "star move" (`27-20*`) is NAG 7 (only move), which is how it is written.
        let star = suffix.contains('*');
        self.current_line().push(Node {
            text: text.to_string(),
            notation,
            strength: suffix.replace('*', ""),
            span,
            number,
            nags: if star { vec![7] } else { Vec::new() },
            comments: Vec::new(),
            setup,
            variations: Vec::new(),
        });
    }
}

fn read_games(text: &str) -> Vec<Game> {
    let mut lexer = Lexer::new(text);
    let mut b = Builder {
        games: Vec::new(),
        game: Game::default(),
        lines: Vec::new(),
        pending_number: None,
        pending_setup: None,
        loose_comments: Vec::new(),
        started: false,
        finish_after_result: false,
        unknown_since_tag: 0,
    };
    while let Some(tok) = lexer.next() {
        let found = std::mem::take(&mut lexer.diagnostics);
        if b.finish_after_result {
            // After a result, only comments still belong to the game that ended.
            if !matches!(tok.token, Token::Comment(_)) {
                b.finish_after_result = false;
                if !matches!(tok.token, Token::Result(_)) {
                    b.finish();
                }
            }
        }
        b.token(tok, found);
    }
    b.game.diagnostics.append(&mut lexer.diagnostics);
    b.finish();
    b.games
}
