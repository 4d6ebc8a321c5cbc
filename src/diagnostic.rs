//! Diagnostics: what went wrong (or was guessed) while reading or replaying, and where.
//!
//! Spans are byte offsets into the decoded text. [`LineIndex`] turns them into 1-based line and
//! column numbers; columns count UTF-16 code units, as JavaScript strings do, so the page can
//! select the exact spot (for ASCII text they equal character counts).

use std::fmt;

/// How serious a diagnostic is.
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

/// One problem or remark, with a stable code the page can translate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// A short stable identifier, e.g. `illegal-move`.
    pub code: &'static str,
    /// Plain-words explanation.
    pub message: String,
    /// Where in the text.
    pub span: Span,
}

impl Diagnostic {
    /// An error.
    #[must_use]
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span,
        }
    }

    /// A warning.
    #[must_use]
    pub fn warning(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            code,
            message: message.into(),
            span,
        }
    }

    /// A note.
    #[must_use]
    pub fn note(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
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
