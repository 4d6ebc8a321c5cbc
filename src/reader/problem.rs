//! Reading problems as they are found: a kind, a span and the words of the text they are about.
//!
//! A [`Problem`] borrows from the text and costs nothing to make; its message is written only
//! when it becomes a [`Diagnostic`]. So a reader that only counts problems (a game list) does
//! not pay for the messages.

use crate::diagnostic::{Code, Diagnostic, Severity, Span};

/// What kind of problem the reader met. Each has a stable code and a fixed severity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ProblemKind {
    /// A tag value has no closing quote on its line.
    UnclosedTagValue,
    /// A tag value is not in quotes.
    UnquotedTagValue,
    /// A tag is not closed with `]`.
    UnclosedTag,
    /// A `{` comment is never closed.
    UnclosedComment,
    /// A `{` inside a comment: comments do not nest.
    NestedComment,
    /// A `}` that closes no comment.
    UnmatchedBrace,
    /// Words in parentheses, read as a comment rather than a variation.
    ProseInParentheses,
    /// A move with spaces inside it (`1- 7`).
    SpacesInMove,
    /// A result glued to the next game's move number (`1-101.32-28`).
    GluedResult,
    /// Text that is not PDN.
    UnknownText,
    /// A move written as `-` or `--`: not recorded.
    UnknownMove,
    /// A NAG before any move of its line.
    NagWithoutMove,
    /// A move number with no move after it.
    NumberWithoutMove,
    /// A move number lower than the one before it on the same line.
    NumberOrder,
    /// A `)` that closes no variation.
    UnmatchedParen,
    /// A variation never closed with `)`.
    UnclosedVariation,
    /// A variation before any move it could replace.
    VariationWithoutMove,
    /// A `/FEN/` setup that no move of its line follows.
    SetupWithoutMove,
    /// A `/FEN/` setup followed by another before any move.
    SetupReplaced,
    /// A second result after a game's result.
    StrayResult,
    /// A game followed by the next one without a result or `*` between them.
    MissingResult,
    /// The result at the end of the movetext disagrees with the `Result` tag.
    ResultMismatch,
    /// A score that is not a PDN result (`4-6`), read as the result because the `Result` tag
    /// says so.
    NonstandardResult,
    /// Movetext after a game's result that starts no new game.
    AfterResult,
    /// Text outside any game.
    OutsideGame,
    /// A move number too large to keep (more than 4294967295).
    NumberOverflow,
    /// A chess game (SAN moves, a chess FEN or variant): its other problems are left out.
    NotDraughts,
}

impl ProblemKind {
    /// Its diagnostic code.
    #[must_use]
    pub(crate) const fn code(self) -> Code {
        match self {
            ProblemKind::UnclosedTagValue => Code::UnclosedTagValue,
            ProblemKind::UnquotedTagValue => Code::UnquotedTagValue,
            ProblemKind::UnclosedTag => Code::UnclosedTag,
            ProblemKind::UnclosedComment => Code::UnclosedComment,
            ProblemKind::NestedComment => Code::NestedComment,
            ProblemKind::UnmatchedBrace => Code::UnmatchedBrace,
            ProblemKind::ProseInParentheses => Code::ProseInParentheses,
            ProblemKind::SpacesInMove => Code::SpacesInMove,
            ProblemKind::GluedResult => Code::GluedResult,
            ProblemKind::UnknownText => Code::UnknownText,
            ProblemKind::UnknownMove => Code::UnknownMove,
            ProblemKind::NagWithoutMove => Code::NagWithoutMove,
            ProblemKind::NumberWithoutMove => Code::NumberWithoutMove,
            ProblemKind::NumberOrder => Code::MoveNumberOrder,
            ProblemKind::UnmatchedParen => Code::UnmatchedParen,
            ProblemKind::UnclosedVariation => Code::UnclosedVariation,
            ProblemKind::VariationWithoutMove => Code::VariationWithoutMove,
            ProblemKind::SetupWithoutMove => Code::SetupWithoutMove,
            ProblemKind::SetupReplaced => Code::SetupReplaced,
            ProblemKind::StrayResult => Code::StrayResult,
            ProblemKind::MissingResult => Code::MissingResult,
            ProblemKind::ResultMismatch => Code::ResultMismatch,
            ProblemKind::NonstandardResult => Code::NonstandardResult,
            ProblemKind::AfterResult => Code::AfterResult,
            ProblemKind::OutsideGame => Code::OutsideGame,
            ProblemKind::NumberOverflow => Code::MoveNumberOverflow,
            ProblemKind::NotDraughts => Code::NotDraughts,
        }
    }

    /// Errors lose text (an unclosed comment or tag value swallows what follows); everything
    /// else is read, with a choice made by the reader.
    #[must_use]
    pub(crate) const fn severity(self) -> Severity {
        match self {
            ProblemKind::UnclosedComment
            | ProblemKind::UnclosedTagValue
            | ProblemKind::NotDraughts => Severity::Error,
            _ => Severity::Warning,
        }
    }
}

/// One problem found while reading, borrowing the words it is about from the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem<'a> {
    /// What it is.
    pub(crate) kind: ProblemKind,
    /// Where it is.
    pub span: Span,
    /// The text it is about (a word, a tag name, a result), for the message.
    pub detail: &'a str,
    /// A second piece of text for the message (the `Result` tag's value, the previous move
    /// number), or empty.
    pub other: &'a str,
}

impl<'a> Problem<'a> {
    /// A problem about `detail`.
    #[must_use]
    pub(crate) const fn new(kind: ProblemKind, span: Span, detail: &'a str) -> Problem<'a> {
        Problem {
            kind,
            span,
            detail,
            other: "",
        }
    }

    /// Its diagnostic code, e.g. [`Code::UnknownText`].
    #[must_use]
    pub const fn code(&self) -> Code {
        self.kind.code()
    }

    /// Its severity.
    #[must_use]
    pub const fn severity(&self) -> Severity {
        self.kind.severity()
    }

    /// The explanation in plain words, e.g. `"hello" is not a move, move number, result or
    /// comment; it is skipped`.
    #[must_use]
    pub fn message(&self) -> String {
        let (d, o) = (self.detail, self.other);
        match self.kind {
            ProblemKind::UnclosedTagValue => {
                format!("the value of tag {d} has no closing quote; it is read to the line's end")
            }
            ProblemKind::UnquotedTagValue => {
                format!("the value of tag {d} is not in double quotes")
            }
            ProblemKind::UnclosedTag => format!("tag {d} is not closed with ]"),
            ProblemKind::UnclosedComment => {
                "this comment is never closed with }; it is read up to the next tag line"
                    .to_string()
            }
            ProblemKind::NestedComment => {
                "a { inside a comment: comments do not nest, so the first } ends this one"
                    .to_string()
            }
            ProblemKind::UnmatchedBrace => "this } closes no comment; it is ignored".to_string(),
            ProblemKind::ProseInParentheses => {
                "words in parentheses: read as a comment, since a variation holds moves".to_string()
            }
            ProblemKind::SpacesInMove => {
                format!("the move \"{d}\" has spaces inside it; it is read as one move")
            }
            ProblemKind::GluedResult => {
                format!("the result {d} is glued to the move number after it; they are read apart")
            }
            ProblemKind::UnknownText => {
                format!("\"{d}\" is not a move, move number, result or comment; it is skipped")
            }
            ProblemKind::UnknownMove => "a move is not recorded here (written as -)".to_string(),
            ProblemKind::NagWithoutMove => {
                format!("{d} stands before any move; it is ignored")
            }
            ProblemKind::NumberWithoutMove => {
                format!("move number {d} has no move after it")
            }
            ProblemKind::NumberOrder => {
                format!("move number {d} comes after move number {o}; the numbers go backwards")
            }
            ProblemKind::UnmatchedParen => "this ) closes no variation; it is ignored".to_string(),
            ProblemKind::UnclosedVariation => {
                "this variation is never closed with ); it ends with the game".to_string()
            }
            ProblemKind::VariationWithoutMove => {
                "this variation comes before any move it could replace; it is kept as a comment"
                    .to_string()
            }
            ProblemKind::SetupWithoutMove => {
                "no move follows this setup in its line; it is ignored".to_string()
            }
            ProblemKind::SetupReplaced => {
                "another setup follows this one before any move; it is ignored".to_string()
            }
            ProblemKind::StrayResult => {
                format!("result {d} stands after the game's own result; it is ignored")
            }
            ProblemKind::MissingResult => {
                "the game ends here without a result or *: the next game begins".to_string()
            }
            ProblemKind::ResultMismatch => {
                format!("the game ends with {d}, but its Result tag says {o}")
            }
            ProblemKind::NonstandardResult => format!(
                "{d} is not a PDN result (1-0, 0-1, 1/2-1/2, 2-0, 1-1, 0-2, 0-0 or *); it is read \
                 as the result because the Result tag says {d}"
            ),
            ProblemKind::AfterResult => {
                format!("\"{d}\" comes after the game's result and starts no game; it is ignored")
            }
            ProblemKind::OutsideGame => {
                format!("\"{d}\" stands outside any game; it is ignored")
            }
            ProblemKind::NumberOverflow => format!(
                "move number {} is too large; it is read as {}, the largest kept",
                overflow_shown(d),
                u32::MAX
            ),
            ProblemKind::NotDraughts => format!(
                "this is a chess game, not draughts ({o} {d}); the game's text is shown without \
                 a board"
            ),
        }
    }

    /// The values in the message by name ([`Diagnostic::args`]): the code's
    /// [`Code::arg_names`], filled from `detail` and then `other`.
    #[must_use]
    pub fn args(&self) -> Vec<crate::diagnostic::Arg> {
        if self.kind == ProblemKind::NotDraughts {
            return vec![
                ("reason", "chess-text".to_string()),
                ("evidence", format!("{} {}", self.other, self.detail)),
            ];
        }
        if self.kind == ProblemKind::NumberOverflow {
            return vec![
                ("number", overflow_shown(self.detail)),
                ("max", u32::MAX.to_string()),
            ];
        }
        self.code()
            .arg_names()
            .iter()
            .zip([self.detail, self.other])
            .map(|(name, value)| (*name, value.to_string()))
            .collect()
    }

    /// The owned [`Diagnostic`], with its message written out.
    #[must_use]
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic {
            severity: self.severity(),
            code: self.kind.code(),
            message: self.message(),
            span: self.span,
            args: self.args(),
        }
    }
}

/// An overflowing move number as messages show it: at most 20 digits, then the count.
fn overflow_shown(digits: &str) -> String {
    if digits.len() > 20 {
        format!("{}… ({} digits)", &digits[..20], digits.len())
    } else {
        digits.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_names_the_text() {
        let p = Problem::new(ProblemKind::UnknownText, Span::new(0, 5), "hello");
        assert_eq!(
            p.message(),
            "\"hello\" is not a move, move number, result or comment; it is skipped"
        );
        assert_eq!(p.code(), Code::UnknownText);
        assert_eq!(p.to_diagnostic().code.as_str(), "unknown-text");
        assert_eq!(p.to_diagnostic().args, [("text", "hello".to_string())]);
        let mut p = Problem::new(ProblemKind::NumberOrder, Span::new(0, 2), "3");
        p.other = "7";
        assert_eq!(
            p.args(),
            [("number", "3".to_string()), ("previous", "7".to_string())]
        );
    }
}
