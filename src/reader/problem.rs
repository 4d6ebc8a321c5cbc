//! Reading problems as they are found: a code, a span and the words of the text they are about.
//!
//! A [`Problem`] borrows from the text and costs nothing to make; its message is written only
//! when it becomes a [`Diagnostic`]. So a reader that only counts problems (a game list) does
//! not pay for the messages. Its code's severity, arguments and English text come from the
//! one table of codes (`crate::diagnostic`).

use crate::diagnostic::{Code, Diagnostic, Severity, Span};

/// One problem found while reading, borrowing the words it is about from the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem<'a> {
    /// What it is: one of the reading codes.
    pub(crate) kind: Code,
    /// Where it is.
    pub span: Span,
    /// The text it is about (a word, a tag name, a result), for the message.
    pub detail: &'a str,
    /// A second piece of text for the message (the `Result` tag's value, the previous move
    /// number), or empty.
    pub other: &'a str,
    /// A count for the message ([`Code::OutsideProse`]: the words skipped), or 0.
    pub(crate) count: usize,
}

impl<'a> Problem<'a> {
    /// A problem about `detail`.
    #[must_use]
    pub(crate) const fn new(kind: Code, span: Span, detail: &'a str) -> Problem<'a> {
        Problem {
            kind,
            span,
            detail,
            other: "",
            count: 0,
        }
    }

    /// Its diagnostic code, e.g. [`Code::UnknownText`].
    #[must_use]
    pub const fn code(&self) -> Code {
        self.kind
    }

    /// Its severity: its code's ([`Code::severity`]).
    #[must_use]
    pub const fn severity(&self) -> Severity {
        self.kind.severity()
    }

    /// The explanation in plain words, e.g. `"hello" is not a move, move number, result or
    /// comment; it is skipped`: its code's [`Code::text`] filled with [`Problem::args`].
    #[must_use]
    pub fn message(&self) -> String {
        let mut args = self.args();
        if self.kind == Code::NotDraughts {
            // The one keyed argument the reader gives: `reason.chess-text` in words.
            args[0].1 = format!("this is a chess game, not draughts ({})", args[1].1);
        }
        if self.kind == Code::OutsideProse && self.count == 1 {
            // The table's text is the plural; English has one other form.
            return "1 word of text outside the games was skipped".to_string();
        }
        self.kind.english(&args)
    }

    /// The values in the message by name ([`Diagnostic::args`]): the code's
    /// [`Code::arg_names`], filled from `detail` and then `other`.
    #[must_use]
    pub fn args(&self) -> Vec<crate::diagnostic::Arg> {
        if self.kind == Code::NotDraughts {
            return vec![
                ("reason", "chess-text".to_string()),
                ("evidence", format!("{} {}", self.other, self.detail)),
            ];
        }
        if self.kind == Code::OutsideProse {
            return vec![("count", self.count.to_string())];
        }
        if self.kind == Code::MoveNumberOverflow {
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
            code: self.kind,
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
        let p = Problem::new(Code::UnknownText, Span::new(0, 5), "hello");
        assert_eq!(
            p.message(),
            "\"hello\" is not a move, move number, result or comment; it is skipped"
        );
        assert_eq!(p.code(), Code::UnknownText);
        assert_eq!(p.to_diagnostic().code.as_str(), "unknown-text");
        assert_eq!(p.to_diagnostic().args, [("text", "hello".to_string())]);
        let mut p = Problem::new(Code::MoveNumberOrder, Span::new(0, 2), "3");
        p.other = "7";
        assert_eq!(
            p.args(),
            [("number", "3".to_string()), ("previous", "7".to_string())]
        );
    }
}
