//! The diagnostics a view lists: the budget ([`DIAGNOSTICS`], [`PER_CODE`]) and the list cut by
//! it ([`listed`]), with the summary of the rest. Public as [`crate::budget`]'s, with the other
//! budgets; a module of its own so that `view.rs`, which lists a game's diagnostics as it builds
//! the view, and `budget.rs`, which caps the built view's variations, do not use each other.

use std::collections::HashMap;

use serde::Serialize;

use pdn::diagnostic::{Code, Diagnostic, Severity};

/// Diagnostics listed per game (or outside any game); past that, at most [`PER_CODE`] of each
/// code, so one flood does not hide the others.
pub const DIAGNOSTICS: usize = 100;
/// See [`DIAGNOSTICS`].
pub const PER_CODE: usize = 20;

/// Diagnostics counted by severity.
#[derive(Serialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SeverityCounts"))]
pub struct SeverityCounts {
    /// Errors.
    pub error: usize,
    /// Warnings.
    pub warning: usize,
    /// Notes.
    pub note: usize,
}

/// Diagnostics of one code left out of a list.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "HiddenDiagnostics"))]
pub struct HiddenView {
    /// Their code.
    pub code: &'static str,
    /// `visitor` or `author` ([`pdn::Code::audience`]).
    #[cfg_attr(feature = "ts", ts(type = "Audience"))]
    pub audience: &'static str,
    /// The severity of the first one left out.
    #[cfg_attr(feature = "ts", ts(type = "Severity"))]
    pub severity: &'static str,
    /// How many.
    pub count: usize,
}

/// What a list of diagnostics leaves out: see [`listed`].
#[derive(Serialize, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DiagnosticsSummary"))]
pub struct DiagnosticsSummary {
    /// Every diagnostic counted by severity.
    pub counts: SeverityCounts,
    /// The ones left out, by code.
    pub hidden: Vec<HiddenView>,
    /// How many there are in all.
    pub total: usize,
}

/// The diagnostics to list, in their order: all when there are at most [`DIAGNOSTICS`]; else the
/// first ones, at most [`PER_CODE`] of each code and [`DIAGNOSTICS`] in all, with a summary
/// of the rest. Linear: a text of a million stray brackets costs no more than reading it.
///
/// ```
/// use pdn::{Code, Diagnostic, Span};
/// let many: Vec<Diagnostic> = (0..1000)
///     .map(|i| Diagnostic::warning(Code::UnknownText, Span::new(i, i + 1), "x"))
///     .collect();
/// let (shown, summary) = pdn_view::budget::listed(&many);
/// assert_eq!(shown.len(), 20);
/// let summary = summary.unwrap();
/// assert_eq!((summary.total, summary.counts.warning, summary.hidden[0].count), (1000, 1000, 980));
/// ```
#[must_use]
pub fn listed(all: &[Diagnostic]) -> (Vec<&Diagnostic>, Option<DiagnosticsSummary>) {
    if all.len() <= DIAGNOSTICS {
        return (all.iter().collect(), None);
    }
    let mut summary = DiagnosticsSummary {
        total: all.len(),
        ..DiagnosticsSummary::default()
    };
    let mut shown = Vec::with_capacity(DIAGNOSTICS);
    let mut per_code: HashMap<Code, usize> = HashMap::new();
    for d in all {
        match d.severity {
            Severity::Error => summary.counts.error += 1,
            Severity::Warning => summary.counts.warning += 1,
            Severity::Note => summary.counts.note += 1,
        }
        let n = per_code.entry(d.code).or_default();
        if *n < PER_CODE && shown.len() < DIAGNOSTICS {
            shown.push(d);
            *n += 1;
        } else if let Some(h) = summary
            .hidden
            .iter_mut()
            .find(|h| h.code == d.code.as_str())
        {
            h.count += 1;
        } else {
            summary.hidden.push(HiddenView {
                code: d.code.as_str(),
                audience: d.code.audience().as_str(),
                severity: d.severity.as_str(),
                count: 1,
            });
        }
    }
    (shown, Some(summary))
}
