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

/// What the table below says of one code: everything but its Rust name.
struct Row {
    /// The kebab-case text ([`Code::as_str`]).
    name: &'static str,
    severity: Severity,
    audience: Audience,
    /// [`Code::arg_names`].
    args: &'static [&'static str],
    /// [`Code::text`].
    text: &'static str,
}

/// Makes [`Code`] and everything known of each code from one row per code:
/// `Variant = "kebab-name", Severity, Audience, &[argument names], "English text";`, with the
/// row's doc comment saying what the code means. Nothing about a code is written elsewhere.
macro_rules! codes {
    ($(
        $(#[doc = $doc:literal])+
        $variant:ident = $name:literal, $severity:ident, $audience:ident, $args:expr, $text:literal;
    )+) => {
        /// The stable identifier of a [`Diagnostic`]: what kind of problem or remark it is.
        ///
        /// Its text form ([`Code::as_str`], `Display`, `FromStr`) is the kebab-case code the page
        /// translates (`code.<code>` in its catalogues) and `pdn check` prints in brackets. Every
        /// code's name, severity, audience, arguments and English text come from one table
        /// (the `codes!` invocation in `src/diagnostic.rs`).
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
            $(
                #[doc = concat!("`", $name, "`:")]
                $(#[doc = $doc])+
                #[doc = concat!(
                    "\n\n", stringify!($severity), ", for the ", stringify!($audience),
                    "; English text: `", $text, "`."
                )]
                $variant,
            )+
        }

        /// The table, in declaration order: `ROWS[code as usize]` is `code`'s row.
        const ROWS: &[Row] = &[$(
            Row {
                name: $name,
                severity: Severity::$severity,
                audience: Audience::$audience,
                args: $args,
                text: $text,
            },
        )+];

        impl Code {
            /// Every code, in declaration order.
            pub const ALL: [Code; ROWS.len()] = [$(Code::$variant,)+];
        }
    };
}

codes! {
    // Every message is its code's text filled with its arguments (`Code::english`); a keyed
    // argument (`KEYED_ARGS`) goes in as its English words, as the page puts in its catalogue's.
    // Reading (see `pdn::reader`).
    /// a tag value has no closing quote on its line.
    UnclosedTagValue = "unclosed-tag-value", Error, Author, &["tag"],
        "the value of tag {tag} has no closing quote; it is read to the line's end";
    /// a tag value is not in quotes.
    UnquotedTagValue = "unquoted-tag-value", Warning, Author, &["tag"],
        "the value of tag {tag} is not in double quotes";
    /// a tag is not closed with `]`.
    UnclosedTag = "unclosed-tag", Warning, Author, &["tag"], "tag {tag} is not closed with ]";
    /// a `{` comment is never closed.
    UnclosedComment = "unclosed-comment", Error, Author, &[],
        "this comment is never closed with }; it is read up to the next tag line";
    /// a `{` inside a comment (comments do not nest).
    NestedComment = "nested-comment", Warning, Author, &[],
        "a { inside a comment: comments do not nest, so the first } ends this one";
    /// a `}` that closes no comment.
    UnmatchedBrace = "unmatched-brace", Warning, Author, &[],
        "this } closes no comment; it is ignored";
    /// words in parentheses, read as a comment.
    ProseInParentheses = "prose-in-parentheses", Warning, Author, &[],
        "words in parentheses: read as a comment, since a variation holds moves";
    /// a move with spaces inside it (`1- 7`).
    SpacesInMove = "spaces-in-move", Warning, Author, &["move"],
        "the move \"{move}\" has spaces inside it; it is read as one move";
    /// a result glued to the next game's move number (`1-101.32-28`).
    GluedResult = "glued-result", Warning, Author, &["result"],
        "the result {result} is glued to the move number after it; they are read apart";
    /// text that is not PDN.
    UnknownText = "unknown-text", Warning, Author, &["text"],
        "\"{text}\" is not a move, move number, result or comment; it is skipped";
    /// a move written as `-` or `--`, not recorded.
    UnknownMove = "unknown-move", Warning, Author, &[],
        "a move is not recorded here (written as -)";
    /// a NAG before any move of its line.
    NagWithoutMove = "nag-without-move", Warning, Author, &["nag"],
        "{nag} stands before any move; it is ignored";
    /// a move number with no move after it.
    NumberWithoutMove = "number-without-move", Warning, Author, &["number"],
        "move number {number} has no move after it";
    /// a move number lower than the one before it.
    MoveNumberOrder = "move-number-order", Warning, Author, &["number", "previous"],
        "move number {number} comes after move number {previous}; the numbers go backwards";
    /// a `)` that closes no variation.
    UnmatchedParen = "unmatched-paren", Warning, Author, &[],
        "this ) closes no variation; it is ignored";
    /// a variation never closed with `)`.
    UnclosedVariation = "unclosed-variation", Warning, Author, &[],
        "this variation is never closed with ); it ends with the game";
    /// a variation before any move it could replace.
    VariationWithoutMove = "variation-without-move", Warning, Author, &[],
        "this variation comes before any move it could replace; it is kept as a comment";
    /// a `/FEN/` setup that no move of its line follows.
    SetupWithoutMove = "setup-without-move", Warning, Author, &[],
        "no move follows this setup in its line; it is ignored";
    /// a `/FEN/` setup followed by another before any move.
    SetupReplaced = "setup-replaced", Warning, Author, &[],
        "another setup follows this one before any move; it is ignored";
    /// a second result after a game's result.
    StrayResult = "stray-result", Warning, Author, &["result"],
        "result {result} stands after the game's own result; it is ignored";
    /// a game followed by the next one without a result or `*`.
    MissingResult = "missing-result", Warning, Author, &[],
        "the game ends here without a result or *: the next game begins";
    /// the movetext's result disagrees with the `Result` tag.
    ResultMismatch = "result-mismatch", Warning, Author, &["result", "tag_result"],
        "the game ends with {result}, but its Result tag says {tag_result}";
    /// a score that is not a PDN result, read as the result.
    NonstandardResult = "nonstandard-result", Warning, Author, &["result"],
        "{result} is not a PDN result (1-0, 0-1, 1/2-1/2, 2-0, 1-1, 0-2, 0-0 or *); it is read \
         as the result because the Result tag says {result}";
    /// movetext after a game's result that starts no new game.
    AfterResult = "after-result", Warning, Author, &["text"],
        "\"{text}\" comes after the game's result and starts no game; it is ignored";
    /// text outside any game.
    OutsideGame = "outside-game", Warning, Author, &["text"],
        "\"{text}\" stands outside any game; it is ignored";
    /// words of prose outside any game (a forum post's chatter around its games), counted in
    /// one note at the first of them rather than a warning a word.
    OutsideProse = "outside-prose", Note, Author, &["count"],
        "{count} words of text outside the games were skipped";
    /// a move number too large to keep; it is read as the largest one.
    MoveNumberOverflow = "move-number-overflow", Warning, Author, &["number", "max"],
        "move number {number} is too large; it is read as {max}, the largest kept";
    // Replaying (see `pdn::replay`).
    /// no GameType tag; the variant was guessed.
    GuessedVariant = "guessed-variant", Note, Author,
        &["reason", "clue", "variant", "gametype", "first", "value", "max", "square"],
        "no GameType tag: {reason}";
    /// the GameType tag cannot be read. An error when nothing of it can be used; a warning
    /// when the standard board of its type number is used instead.
    BadGametype = "bad-gametype", Error, Author, &["reason", "why", "value", "gametype"],
        "{reason}";
    /// a lidraughts variant number, replayed as its standard variant.
    LidraughtsVariant = "lidraughts-variant", Note, Author, &["gametype", "name", "variant"],
        "GameType {gametype} is lidraughts' {name}; its moves are replayed as {variant} draughts";
    /// the moves name squares as another board does.
    BoardNotation = "board-notation", Note, Author, &["written", "variant", "usual"],
        "the moves name squares {written} although {variant} draughts numbers them {usual}; \
         the squares are read that way, counted from the first player's side";
    /// a draughts variant whose rules are not known.
    VariantNotSupported = "variant-not-supported", Error, Visitor, &["variant", "gametype"],
        "{variant} draughts (GameType {gametype}) cannot be replayed yet; the starting position \
         is shown and the moves are listed";
    /// the GameType is another game than draughts (or the reader saw chess moves).
    NotDraughts = "not-draughts", Error, Visitor, &["reason", "gametype", "game", "evidence"],
        "{reason}; the game's text is shown without a board";
    /// the starting FEN cannot be used.
    BadFen = "bad-fen", Error, Visitor, &["why", "value", "square"],
        "the FEN cannot be used ({why}); the replay starts from the usual position";
    /// the result does not fit the final position.
    ResultContradictsBoard = "result-contradicts-board", Warning, Author,
        &["reason", "result", "loser", "winner"],
        "the result {result} does not fit the final position: {reason}, so {winner} has won";
    /// the result fits the final position only read with White's score first
    /// (pdn-standard.md §1.11), and is read that way.
    ResultConvention = "result-convention", Note, Author, &["reason", "result", "loser", "winner"],
        "the result {result} is read with White's score first, as some files write it: \
         {reason}, so {winner} has won";
    /// a capture written with `-` (or a move with `x`).
    CaptureSeparator = "capture-separator", Warning, Author,
        &["reason", "move", "captured", "read"],
        "{reason}";
    /// a move that fits several routes taking different pieces.
    AmbiguousMove = "ambiguous-move", Warning, Author,
        &["reason", "move", "routes", "chosen", "count"],
        "{move} fits several routes that take different pieces ({routes}); {reason}";
    /// a move in short notation (`ed4`) that fits more than one move.
    AmbiguousShortMove = "ambiguous-short-move", Note, Author,
        &["reason", "move", "routes", "chosen", "count"],
        "{move} fits more than one move ({routes}); {reason}";
    /// the move that stopped the replay of the mainline.
    IllegalMove = "illegal-move", Error, Visitor, MOVE_ARGS, "{reason}";
    /// the move that stopped the replay of a variation.
    IllegalMoveInVariation = "illegal-move-in-variation", Warning, Visitor, MOVE_ARGS,
        "in a variation: {reason}";
    /// the GameType gives another board size than its variant's.
    BoardSizeIgnored = "board-size-ignored", Warning, Author,
        &["gametype", "width", "height", "variant", "usual_width", "usual_height"],
        "GameType {gametype} gives a {width}×{height} board, but {variant} draughts is played \
         on {usual_width}×{usual_height}; the board size is ignored";
    // Files.
    /// a file without any game.
    NoGames = "no-games", Warning, Visitor, &[], "no game found in this file";
    /// the bytes are not text (not PDN); nothing is read.
    BinaryFile = "binary-file", Error, Visitor, &[],
        "this file is binary, not PDN text; it is not read";
}

impl Code {
    /// Its row of the table.
    const fn row(self) -> &'static Row {
        &ROWS[self as usize]
    }

    /// The stable kebab-case text, e.g. `illegal-move`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        self.row().name
    }

    /// The severity a diagnostic of this code has. One exception: a [`Code::BadGametype`]
    /// whose type number still names a variant is a [`Severity::Warning`].
    ///
    /// ```
    /// use pdn::diagnostic::{Code, Severity};
    /// assert_eq!(Code::UnclosedComment.severity(), Severity::Error);
    /// assert_eq!(Code::GuessedVariant.severity(), Severity::Note);
    /// ```
    #[must_use]
    pub const fn severity(self) -> Severity {
        self.row().severity
    }

    /// Who needs to read a diagnostic of this code. The one place that decides it: a viewer
    /// on a club page (`messages="errors"`) lists only the [`Audience::Visitor`] ones, which say
    /// why a visitor does not see the whole game (it stops at an illegal move, a variation
    /// stops, the variant or setup cannot be played, there is no game); everything about how
    /// the text is written (a guessed variant, `-` for a capture, stray text, a missing result)
    /// is for [`Audience::Author`]s, shown on the main page and with `messages="all"`.
    ///
    /// ```
    /// use pdn::diagnostic::{Audience, Code};
    /// assert_eq!(Code::IllegalMove.audience(), Audience::Visitor);
    /// assert_eq!(Code::GuessedVariant.audience(), Audience::Author);
    /// assert_eq!(Code::CaptureSeparator.audience(), Audience::Author);
    /// ```
    #[must_use]
    pub const fn audience(self) -> Audience {
        self.row().audience
    }

    /// The names of the arguments a diagnostic of this code may carry ([`Diagnostic::args`]):
    /// every value its message can hold, in any of its forms.
    ///
    /// ```
    /// use pdn::diagnostic::Code;
    /// assert_eq!(Code::MoveNumberOrder.arg_names(), ["number", "previous"]);
    /// assert!(Code::IllegalMove.arg_names().contains(&"legal"));
    /// ```
    #[must_use]
    pub const fn arg_names(self) -> &'static [&'static str] {
        self.row().args
    }

    /// The English text of its message, with a `{name}` for each argument it shows: the
    /// message is this text with each filled in (a keyed argument, see [`KEYED_ARGS`], by its
    /// words). The English catalogue's `detail.<code>` is the same text.
    ///
    /// ```
    /// use pdn::diagnostic::Code;
    /// assert_eq!(Code::UnclosedTag.text(), "tag {tag} is not closed with ]");
    /// ```
    #[must_use]
    pub const fn text(self) -> &'static str {
        self.row().text
    }

    /// Its message in English: [`Code::text`] with every `{name}` of `args` replaced by its
    /// value (a keyed argument must already be in words). Other braces are kept as written.
    pub(crate) fn english(self, args: &[Arg]) -> String {
        let text = self.text();
        let mut out = String::with_capacity(text.len() + 16);
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let name = &after[..close];
                let (_, value) = args.iter().find(|(n, _)| *n == name)?;
                Some((value, close))
            });
            match value {
                Some((value, close)) => {
                    out.push_str(value);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// Who a diagnostic is for: see [`Code::audience`].
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Audience {
    /// Anyone looking at the game: the game (or a variation) cannot be shown whole, or at all.
    Visitor,
    /// The file's author or editor: how the text is written (guessed variant, notation,
    /// punctuation, stray text); the game is shown all the same.
    Author,
}

impl Audience {
    /// `visitor` or `author`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Audience::Visitor => "visitor",
            Audience::Author => "author",
        }
    }
}

impl fmt::Display for Audience {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
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
    /// The values in the message, by name (see [`Code::arg_names`]), so that it can be worded
    /// in another language: `("square", "51")`, `("legal", "32-28, 33-29")`. Some hold a key
    /// rather than words (see [`KEYED_ARGS`]). Serialized as an object of name → text.
    #[cfg_attr(feature = "serde", serde(default, with = "args_serde"))]
    pub args: Vec<Arg>,
}

/// A named value of a diagnostic's message: see [`Diagnostic::args`].
pub type Arg = (&'static str, String);

/// The arguments whose value is a key, not words: `(name, prefix)`. A page words such an
/// argument with the text of `<prefix>.<value>` in its catalogue, filled with the same
/// arguments; e.g. `("reason", "move")` is worded by `reason.move`, `("side", "white")` by
/// `color.white`, `("variant", "20")` (a GameType number) by `variant.20`.
pub const KEYED_ARGS: [(&str, &str); 13] = [
    ("reason", "reason"),
    ("why", "why"),
    ("legal_list", "legal"),
    ("clue", "clue"),
    ("written", "notation"),
    ("usual", "notation"),
    ("side", "color"),
    ("owner", "color"),
    ("loser", "color"),
    ("winner", "color"),
    ("variant", "variant"),
    ("first", "variant"),
    ("game", "game"),
];

/// The arguments of an illegal move, whatever its reason (see [`Code::arg_names`]).
const MOVE_ARGS: &[&str] = &[
    "reason",
    "move",
    "why",
    "legal_list",
    "legal",
    "more",
    "square",
    "side",
    "owner",
    "from",
    "to",
    "between",
    "file",
    "count",
    "most",
    "value",
    "variant",
    "gametype",
];

#[cfg(feature = "serde")]
mod args_serde {
    use super::{Arg, Code, KEYED_ARGS};
    use serde::de::Error;
    use serde::ser::SerializeMap;
    use std::collections::BTreeMap;

    pub(super) fn serialize<S: serde::Serializer>(args: &[Arg], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(args.len()))?;
        for (name, value) in args {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }

    pub(super) fn deserialize<'de, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<Arg>, D::Error> {
        let map = <BTreeMap<String, String> as serde::Deserialize>::deserialize(d)?;
        map.into_iter()
            .map(|(name, value)| {
                let known = Code::ALL
                    .iter()
                    .flat_map(|c| c.arg_names().iter())
                    .chain(KEYED_ARGS.iter().map(|(n, _)| n))
                    .find(|n| **n == name)
                    .ok_or_else(|| D::Error::custom(format!("unknown argument name {name}")))?;
                Ok((*known, value))
            })
            .collect()
    }
}

impl Diagnostic {
    /// The same diagnostic with these arguments added (see [`Diagnostic::args`]).
    #[must_use]
    pub fn with_args(mut self, args: impl IntoIterator<Item = Arg>) -> Diagnostic {
        self.args.extend(args);
        self
    }

    /// The value of argument `name`, if it has one.
    #[must_use]
    pub fn arg(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// A diagnostic of `code` with the severity the table gives it ([`Code::severity`]).
    ///
    /// ```
    /// use pdn::diagnostic::{Code, Diagnostic, Severity, Span};
    /// let d = Diagnostic::new(Code::GuessedVariant, Span::new(0, 0), "no GameType tag: …");
    /// assert_eq!(d.severity, Severity::Note);
    /// ```
    #[must_use]
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: code.severity(),
            code,
            message: message.into(),
            span,
            args: Vec::new(),
        }
    }

    /// An error.
    #[must_use]
    pub fn error(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span,
            args: Vec::new(),
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
            args: Vec::new(),
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
            args: Vec::new(),
        }
    }
}

/// Line starts of a text, for turning byte offsets into line:column.
///
/// Every lookup costs a binary search over the lines plus a count over at most
/// a fixed number of bytes, however long the line: columns in UTF-16 units come from
/// checkpoints of the UTF-16 offset every 64 bytes, not from a count from the line's start
/// (which made a megabyte-long line with many diagnostics quadratic).
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// UTF-16 units before byte `k * STEP`, for every `k`; empty when the text is ASCII
    /// (offsets and UTF-16 offsets are equal).
    checkpoints: Vec<usize>,
}

/// UTF-16 units a byte of UTF-8 accounts for: a character's units are counted at its first
/// byte (one, or two for a character outside the BMP), continuation bytes count none. Summed
/// over the bytes before a character boundary, this is the UTF-16 length of the text before it.
#[inline]
const fn utf16_weight(b: u8) -> usize {
    match b {
        0x80..=0xBF => 0,
        0xF0..=0xFF => 2,
        _ => 1,
    }
}

impl LineIndex {
    /// Bytes between two UTF-16 checkpoints: the most any lookup counts.
    const STEP: usize = 64;

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
        let checkpoints = if text.is_ascii() {
            Vec::new()
        } else {
            let mut out = Vec::with_capacity(bytes.len() / Self::STEP + 1);
            let mut units = 0;
            for chunk in bytes.chunks(Self::STEP) {
                out.push(units);
                units += chunk.iter().map(|&b| utf16_weight(b)).sum::<usize>();
            }
            out.push(units);
            out
        };
        LineIndex {
            starts,
            checkpoints,
        }
    }

    /// UTF-16 units before byte `offset` (a character boundary) of a non-ASCII `text`.
    fn units_before(&self, text: &str, offset: usize) -> usize {
        let k = offset / Self::STEP;
        let from = k * Self::STEP;
        self.checkpoints[k]
            + text.as_bytes()[from..offset]
                .iter()
                .map(|&b| utf16_weight(b))
                .sum::<usize>()
    }

    /// `offset` clamped to `text` and moved back to a character boundary.
    fn boundary(text: &str, offset: usize) -> usize {
        let mut end = offset.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        end
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
        if self.checkpoints.is_empty() {
            return offset;
        }
        self.units_before(text, Self::boundary(text, offset))
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
        let column = if self.checkpoints.is_empty() {
            offset - start + 1
        } else {
            let end = Self::boundary(text, offset);
            self.units_before(text, end) - self.units_before(text, start) + 1
        };
        (line, column)
    }
}

#[cfg(test)]
mod tests {
    use super::LineIndex;

    /// Line and UTF-16 column of every byte offset of `text` (and one past its end), counted
    /// character by character; an offset inside a character is that character's position.
    fn every_location(text: &str) -> Vec<(usize, usize)> {
        let (mut line, mut column) = (1, 1);
        let mut out = Vec::with_capacity(text.len() + 1);
        for (i, c) in text.char_indices() {
            out.extend(std::iter::repeat_n((line, column), c.len_utf8()));
            if c == '\n' || (c == '\r' && text.as_bytes().get(i + 1) != Some(&b'\n')) {
                (line, column) = (line + 1, 1);
            } else {
                column += c.len_utf16();
            }
        }
        out.push((line, column));
        out
    }

    #[test]
    fn locations_are_exact_with_non_ascii_text() {
        // Cyrillic (2 bytes, 1 unit), CJK (3 bytes, 1 unit), emoji (4 bytes, 2 units), long
        // lines crossing many checkpoints, and every kind of line end.
        let mut text = String::new();
        for i in 0..40 {
            text.push_str(&"аб c 象 😀 ".repeat(i * 3));
            text.push_str(["\n", "\r\n", "\r", ""][i % 4]);
        }
        let idx = LineIndex::new(&text);
        let want = every_location(&text);
        let (mut units, mut last) = (0, 0);
        for offset in 0..=text.len() + 2 {
            let at = offset.min(text.len());
            assert_eq!(idx.location(&text, offset), want[at], "{offset}");
            if text.is_char_boundary(at) {
                units += text[last..at].encode_utf16().count();
                last = at;
            }
            assert_eq!(idx.utf16_at(&text, offset), units, "{offset}");
        }
        let text = "Ёж 😀x\nдa";
        let idx = LineIndex::new(text);
        assert_eq!(idx.location(text, text.find('x').unwrap()), (1, 6));
        assert_eq!(idx.location(text, text.find('a').unwrap()), (2, 2));
        assert_eq!(idx.utf16_at(text, text.len()), 9);
    }

    #[test]
    fn ascii_locations() {
        let text = "ab\r\ncd\re\nf";
        let idx = LineIndex::new(text);
        let got: Vec<_> = (0..=text.len()).map(|o| idx.location(text, o)).collect();
        assert_eq!(got, every_location(text));
        assert_eq!(idx.location(text, 100), (4, 2));
    }
}
