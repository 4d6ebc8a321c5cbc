//! Diagnostics: what went wrong (or was guessed) while reading or replaying, and where.
//!
//! Spans are byte offsets into the decoded text. [`LineIndex`] turns them into 1-based line and
//! column numbers; columns count UTF-16 code units, as JavaScript strings do, so the page can
//! select the exact spot (for ASCII text they equal character counts).

use std::fmt;
use std::str::FromStr;

/// How serious a diagnostic is.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Something could not be read or played; text or moves were skipped.
    Error,
    /// Read, but not as the standard says; the reader made a choice.
    Warning,
    /// Information, such as a guessed variant.
    Note,
}

impl Severity {
    /// `error`, `warning` or `note`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A byte range in the decoded text.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    #[must_use]
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// The stable identifier of a [`Diagnostic`]: what kind of problem or remark it is.
///
/// Its text form ([`Code::as_str`], `Display`, `FromStr`) is the kebab-case code the page
/// translates (`code.<code>` in its catalogues) and `pdn check` prints in brackets.
///
/// ```
/// use pdn::diagnostic::Code;
/// let f = pdn::read_file("[Event \"a\"] 1. 32-28 [Event \"b\"] *");
/// let d = &f.games[0].diagnostics[0];
/// assert_eq!(d.code, Code::MissingResult);
/// assert_eq!(d.code.as_str(), "missing-result");
/// assert_eq!("missing-result".parse::<Code>(), Ok(Code::MissingResult));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Code {
    // Reading (see `pdn::reader`).
    /// `unclosed-tag-value`: a tag value has no closing quote on its line.
    UnclosedTagValue,
    /// `unquoted-tag-value`: a tag value is not in quotes.
    UnquotedTagValue,
    /// `unclosed-tag`: a tag is not closed with `]`.
    UnclosedTag,
    /// `unclosed-comment`: a `{` comment is never closed.
    UnclosedComment,
    /// `nested-comment`: a `{` inside a comment (comments do not nest).
    NestedComment,
    /// `unmatched-brace`: a `}` that closes no comment.
    UnmatchedBrace,
    /// `prose-in-parentheses`: words in parentheses, read as a comment.
    ProseInParentheses,
    /// `spaces-in-move`: a move with spaces inside it (`1- 7`).
    SpacesInMove,
    /// `glued-result`: a result glued to the next game's move number (`1-101.32-28`).
    GluedResult,
    /// `unknown-text`: text that is not PDN.
    UnknownText,
    /// `unknown-move`: a move written as `-` or `--`, not recorded.
    UnknownMove,
    /// `nag-without-move`: a NAG before any move of its line.
    NagWithoutMove,
    /// `number-without-move`: a move number with no move after it.
    NumberWithoutMove,
    /// `move-number-order`: a move number lower than the one before it.
    MoveNumberOrder,
    /// `unmatched-paren`: a `)` that closes no variation.
    UnmatchedParen,
    /// `unclosed-variation`: a variation never closed with `)`.
    UnclosedVariation,
    /// `variation-without-move`: a variation before any move it could replace.
    VariationWithoutMove,
    /// `setup-without-move`: a `/FEN/` setup that no move of its line follows.
    SetupWithoutMove,
    /// `setup-replaced`: a `/FEN/` setup followed by another before any move.
    SetupReplaced,
    /// `stray-result`: a second result after a game's result.
    StrayResult,
    /// `missing-result`: a game followed by the next one without a result or `*`.
    MissingResult,
    /// `result-mismatch`: the movetext's result disagrees with the `Result` tag.
    ResultMismatch,
    /// `nonstandard-result`: a score that is not a PDN result, read as the result.
    NonstandardResult,
    /// `after-result`: movetext after a game's result that starts no new game.
    AfterResult,
    /// `outside-game`: text outside any game.
    OutsideGame,
    // Replaying (see `pdn::replay`).
    /// `guessed-variant`: no GameType tag; the variant was guessed.
    GuessedVariant,
    /// `bad-gametype`: the GameType tag cannot be read.
    BadGametype,
    /// `lidraughts-variant`: a lidraughts variant number, replayed as its standard variant.
    LidraughtsVariant,
    /// `board-notation`: the moves name squares as another board does.
    BoardNotation,
    /// `variant-not-supported`: a draughts variant whose rules are not known.
    VariantNotSupported,
    /// `not-draughts`: the GameType is another game than draughts.
    NotDraughts,
    /// `bad-fen`: the starting FEN cannot be used.
    BadFen,
    /// `result-contradicts-board`: the result does not fit the final position.
    ResultContradictsBoard,
    /// `result-convention`: the result fits the final position only read with White's score
    /// first (pdn-standard.md §1.11), and is read that way.
    ResultConvention,
    /// `capture-separator`: a capture written with `-` (or a move with `x`).
    CaptureSeparator,
    /// `ambiguous-move`: a move that fits several routes taking different pieces.
    AmbiguousMove,
    /// `illegal-move`: the move that stopped the replay of the mainline.
    IllegalMove,
    /// `illegal-move-in-variation`: the move that stopped the replay of a variation.
    IllegalMoveInVariation,
    // Files.
    /// `no-games`: a file without any game.
    NoGames,
}

impl Code {
    /// Every code, in declaration order.
    pub const ALL: [Code; 39] = [
        Code::UnclosedTagValue,
        Code::UnquotedTagValue,
        Code::UnclosedTag,
        Code::UnclosedComment,
        Code::NestedComment,
        Code::UnmatchedBrace,
        Code::ProseInParentheses,
        Code::SpacesInMove,
        Code::GluedResult,
        Code::UnknownText,
        Code::UnknownMove,
        Code::NagWithoutMove,
        Code::NumberWithoutMove,
        Code::MoveNumberOrder,
        Code::UnmatchedParen,
        Code::UnclosedVariation,
        Code::VariationWithoutMove,
        Code::SetupWithoutMove,
        Code::SetupReplaced,
        Code::StrayResult,
        Code::MissingResult,
        Code::ResultMismatch,
        Code::NonstandardResult,
        Code::AfterResult,
        Code::OutsideGame,
        Code::GuessedVariant,
        Code::BadGametype,
        Code::LidraughtsVariant,
        Code::BoardNotation,
        Code::VariantNotSupported,
        Code::NotDraughts,
        Code::BadFen,
        Code::ResultContradictsBoard,
        Code::ResultConvention,
        Code::CaptureSeparator,
        Code::AmbiguousMove,
        Code::IllegalMove,
        Code::IllegalMoveInVariation,
        Code::NoGames,
    ];

    /// The stable kebab-case text, e.g. `illegal-move`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Code::UnclosedTagValue => "unclosed-tag-value",
            Code::UnquotedTagValue => "unquoted-tag-value",
            Code::UnclosedTag => "unclosed-tag",
            Code::UnclosedComment => "unclosed-comment",
            Code::NestedComment => "nested-comment",
            Code::UnmatchedBrace => "unmatched-brace",
            Code::ProseInParentheses => "prose-in-parentheses",
            Code::SpacesInMove => "spaces-in-move",
            Code::GluedResult => "glued-result",
            Code::UnknownText => "unknown-text",
            Code::UnknownMove => "unknown-move",
            Code::NagWithoutMove => "nag-without-move",
            Code::NumberWithoutMove => "number-without-move",
            Code::MoveNumberOrder => "move-number-order",
            Code::UnmatchedParen => "unmatched-paren",
            Code::UnclosedVariation => "unclosed-variation",
            Code::VariationWithoutMove => "variation-without-move",
            Code::SetupWithoutMove => "setup-without-move",
            Code::SetupReplaced => "setup-replaced",
            Code::StrayResult => "stray-result",
            Code::MissingResult => "missing-result",
            Code::ResultMismatch => "result-mismatch",
            Code::NonstandardResult => "nonstandard-result",
            Code::AfterResult => "after-result",
            Code::OutsideGame => "outside-game",
            Code::GuessedVariant => "guessed-variant",
            Code::BadGametype => "bad-gametype",
            Code::LidraughtsVariant => "lidraughts-variant",
            Code::BoardNotation => "board-notation",
            Code::VariantNotSupported => "variant-not-supported",
            Code::NotDraughts => "not-draughts",
            Code::BadFen => "bad-fen",
            Code::ResultContradictsBoard => "result-contradicts-board",
            Code::ResultConvention => "result-convention",
            Code::CaptureSeparator => "capture-separator",
            Code::AmbiguousMove => "ambiguous-move",
            Code::IllegalMove => "illegal-move",
            Code::IllegalMoveInVariation => "illegal-move-in-variation",
            Code::NoGames => "no-games",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is not one of the [`Code`]s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCodeError(String);

impl fmt::Display for ParseCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a diagnostic code", self.0)
    }
}

impl std::error::Error for ParseCodeError {}

impl FromStr for Code {
    type Err = ParseCodeError;

    fn from_str(s: &str) -> Result<Code, ParseCodeError> {
        Code::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| ParseCodeError(s.to_string()))
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Serialized as its text ([`Code::as_str`]).
#[cfg(feature = "serde")]
impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Read from its text ([`Code::as_str`]).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Code, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// One problem or remark, with a stable code the page can translate.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// What kind of problem it is; [`Code::as_str`] gives its stable text, e.g. `illegal-move`.
    pub code: Code,
    /// Plain-words explanation.
    pub message: String,
    /// Where in the text.
    pub span: Span,
}

impl Diagnostic {
    /// An error.
    #[must_use]
    pub fn error(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span,
        }
    }

    /// A warning.
    #[must_use]
    pub fn warning(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            code,
            message: message.into(),
            span,
        }
    }

    /// A note.
    #[must_use]
    pub fn note(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Note,
            code,
            message: message.into(),
            span,
        }
    }
}

/// Line starts of a text, for turning byte offsets into line:column.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// UTF-16 offset of each line start; empty when the text is ASCII (offsets are equal).
    utf16_starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text`. `\n`, `\r\n` and a lone `\r` all end a line.
    #[must_use]
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => starts.push(i + 1),
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        // Per-line UTF-16 starts make every offset a lookup plus one short count, instead of a
        // count from the start of a text that may be megabytes long.
        let utf16_starts = if text.is_ascii() {
            Vec::new()
        } else {
            let mut out = Vec::with_capacity(starts.len());
            let mut units = 0;
            let mut prev = 0;
            for &s in &starts {
                units += text[prev..s].encode_utf16().count();
                out.push(units);
                prev = s;
            }
            out
        };
        LineIndex {
            starts,
            utf16_starts,
        }
    }

    /// UTF-16 offset of byte `offset` of `text` (the text this index was built from), for
    /// selecting text in the browser.
    ///
    /// ```
    /// use pdn::diagnostic::LineIndex;
    /// let text = "жж\nab";
    /// assert_eq!(LineIndex::new(text).utf16_at(text, text.len()), 5);
    /// ```
    #[must_use]
    pub fn utf16_at(&self, text: &str, offset: usize) -> usize {
        let offset = offset.min(text.len());
        if self.utf16_starts.is_empty() {
            return offset;
        }
        let (line, column) = self.location(text, offset);
        self.utf16_starts[line - 1] + column - 1
    }

    /// 1-based line and column (in UTF-16 code units) of byte `offset` in `text`.
    ///
    /// ```
    /// use pdn::diagnostic::LineIndex;
    /// let text = "ab\r\nжx";
    /// let idx = LineIndex::new(text);
    /// assert_eq!(idx.location(text, 0), (1, 1));
    /// assert_eq!(idx.location(text, text.find('x').unwrap()), (2, 2));
    /// ```
    #[must_use]
    pub fn location(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        let mut end = offset;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let column = text[start..end].encode_utf16().count() + 1;
        (line, column)
    }
}
