//! The PDN 3.0 standard's own reading tests (wiegerw/pdn `games/succeed` and `games/fail`, in
//! the PDN_CORPORA folder as `wiegerw-pdn__succeed__*` and `wiegerw-pdn__fail__*`): succeed files
//! read without an error; each fail file is flagged at the line of its fault, found by hand,
//! and everything readable in it is still read.

mod common;

use std::path::PathBuf;

use pdn::diagnostic::LineIndex;
use pdn::reader::{PdnFile, read_bytes};
use pdn::{Diagnostic, Severity};

/// The standard's `kind` files in the corpus folder, or `None` (skipped) without one.
fn standard_files(kind: &str) -> Option<Vec<PathBuf>> {
    let prefix = format!("wiegerw-pdn__{kind}__");
    let corpora = common::corpora(&format!("the PDN standard's {kind} files test"))?;
    let files = common::files_below(&corpora)
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&prefix))
        })
        .collect();
    Some(files)
}

fn all_diagnostics(f: &PdnFile) -> Vec<&Diagnostic> {
    f.diagnostics
        .iter()
        .chain(f.games.iter().flat_map(|g| &g.diagnostics))
        .collect()
}

#[test]
fn succeed_files_read_without_errors() {
    let Some(files) = standard_files("succeed") else {
        return;
    };
    assert_eq!(files.len(), 39);
    for path in &files {
        let f = read_bytes(&std::fs::read(path).unwrap());
        assert!(!f.games.is_empty(), "{}", path.display());
        let idx = LineIndex::new(&f.text);
        for d in all_diagnostics(&f) {
            assert_ne!(
                d.severity,
                Severity::Error,
                "{}:{}: {} {}",
                path.display(),
                idx.location(&f.text, d.span.start).0,
                d.code,
                d.message
            );
        }
    }
}

/// The warnings the succeed files really deserve, checked by hand: (file, code, count). Every
/// other warning, and any error, would be the reader's or the replay's mistake.
const SUCCEED_WARNINGS: &[(&str, &str, usize)] = &[
    // Captures that end on one square by routes taking different pieces (`3x26`, `10x26`, …).
    ("Campionato_Assoluto_2005.pdn", "ambiguous-move", 1),
    ("Tricks_traps_and_shots.pdn", "ambiguous-move", 2),
    ("schildpad.pdn", "ambiguous-move", 2),
    // `30-39` takes 34; `38x33` takes nothing; move 28 written after move 29.
    ("PROF2.pdn", "capture-separator", 2),
    ("PROF2.pdn", "move-number-order", 1),
    // The game ends 1/2-1/2 under [Result "0-1"].
    ("candidate95.pdn", "result-mismatch", 1),
    // Column-aligned moves: `1- 6`, `12x 3`.
    ("candidate95.pdn", "spaces-in-move", 47),
    ("schildpad.pdn", "spaces-in-move", 162),
    ("DUTCH96H.pdn", "spaces-in-move", 75),
];

#[test]
fn succeed_files_replay_without_errors_or_spurious_warnings() {
    let Some(files) = standard_files("succeed") else {
        return;
    };
    assert_eq!(files.len(), 39);
    let mut found: std::collections::BTreeMap<(String, &str), usize> = Default::default();
    for path in &files {
        let f = read_bytes(&std::fs::read(path).unwrap());
        let name = path.file_name().unwrap().to_string_lossy();
        let name = name
            .trim_start_matches("wiegerw-pdn__succeed__")
            .to_string();
        let idx = LineIndex::new(&f.text);
        let mut replays = Vec::new();
        for (i, g) in f.games.iter().enumerate() {
            let r = pdn::replay::replay(g);
            assert!(r.error.is_none(), "{name} game {}: {:?}", i + 1, r.error);
            replays.push(r);
        }
        let replayed = replays.iter().flat_map(|r| &r.diagnostics);
        for d in all_diagnostics(&f).into_iter().chain(replayed) {
            let line = idx.location(&f.text, d.span.start).0;
            assert_ne!(
                d.severity,
                Severity::Error,
                "{name}:{line}: {} {}",
                d.code,
                d.message
            );
            if d.severity == Severity::Warning {
                *found.entry((name.clone(), d.code.as_str())).or_default() += 1;
            }
        }
    }
    let expected: std::collections::BTreeMap<(String, &str), usize> = SUCCEED_WARNINGS
        .iter()
        .map(|&(f, c, n)| ((f.to_string(), c), n))
        .collect();
    assert_eq!(found, expected);
}

/// A fail file: its name, the games in it (counted by hand) and its faults: (line, code).
type FailFile = (&'static str, usize, &'static [(usize, &'static str)]);

const FAIL_FILES: &[FailFile] = &[
    (
        // `{ nested { comment } }`: the first `}` ends the comment, the second closes nothing.
        "nested_comment.pdn",
        1,
        &[(1, "nested-comment"), (1, "unmatched-brace")],
    ),
    (
        // `64. 38-32 13-19 4-6` and `1-9`: scores that are no PDN result, as in the Result tag.
        "delfts.pdn",
        2,
        &[(26, "nonstandard-result"), (53, "nonstandard-result")],
    ),
    (
        // Line 405: `3. 8-3 . 1-0`, a lone full stop; and the game ends 1-0 under
        // [Result "*"] (line 401).
        "Cat.A1.pdn",
        35,
        &[(405, "unknown-text"), (405, "result-mismatch")],
    ),
    (
        // Line 579: `... 5. 41-37 48x31 6.`, a move number with no move, and no result before
        // the next game's tags (line 582). 45 tag blocks, and at the end (line 611) a stray
        // `36x27 1-0`, which the grammar reads as a game of its own.
        "Cat.C1.pdn",
        46,
        &[(579, "number-without-move"), (579, "missing-result")],
    ),
    (
        // Line 595: `1. - - 2. - - ...`, moves not recorded.
        "abatsiev.pdn",
        56,
        &[(595, "unknown-move")],
    ),
    (
        // Line 21: the game ends `58. 24x35 1-0` under [Result "0-1"] (line 8); line 226:
        // `1. 34-29 19-23` and then the next game's tags, without a result.
        "40Camp.DamaInternazionaleAssoluto.pdn",
        45,
        &[(21, "result-mismatch"), (226, "missing-result")],
    ),
    (
        // Lines 198, 326, 583: `1. 0-2` / `1. 2-0`, a game written as a move number and a
        // result, with no move.
        "mrdrcd07.pdn",
        72,
        &[
            (198, "number-without-move"),
            (326, "number-without-move"),
            (583, "number-without-move"),
        ],
    ),
];

#[test]
fn fail_files_are_flagged_at_the_faulty_line_and_still_read() {
    let Some(files) = standard_files("fail") else {
        return;
    };
    assert_eq!(files.len(), FAIL_FILES.len());
    for &(name, games, faults) in FAIL_FILES {
        let path = files
            .iter()
            .find(|p| p.to_string_lossy().ends_with(&format!("__fail__{name}")))
            .unwrap_or_else(|| panic!("{name} is missing"));
        let f = read_bytes(&std::fs::read(path).unwrap());
        assert_eq!(f.games.len(), games, "{name}: games");
        let idx = LineIndex::new(&f.text);
        let found: Vec<(usize, &str, Severity)> = all_diagnostics(&f)
            .iter()
            .map(|d| {
                (
                    idx.location(&f.text, d.span.start).0,
                    d.code.as_str(),
                    d.severity,
                )
            })
            .collect();
        for &(line, code) in faults {
            assert!(
                found.iter().any(|&(l, c, s)| l == line
                    && c == code
                    && matches!(s, Severity::Error | Severity::Warning)),
                "{name}: expected {code} at line {line}; found {found:?}"
            );
        }
    }
}

#[test]
fn fail_files_keep_their_moves() {
    // What comes before and after each fault is read: the games around it have all their moves.
    let Some(dir) = common::corpora("the PDN standard's fail files (text around faults) test")
    else {
        return;
    };
    let read = |p: &str| read_bytes(&std::fs::read(dir.join(p)).unwrap());

    let f = read("messy/wiegerw-pdn__fail__nested_comment.pdn");
    let moves: Vec<&str> = f.games[0].moves.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(moves, ["33-29", "19-23", "35-30"]);
    assert_eq!(f.games[0].moves[2].comments, ["nested { comment"]);

    let f = read("international/wiegerw-pdn__fail__delfts.pdn");
    assert_eq!(f.games[0].moves.len(), 128);
    assert_eq!(f.games[0].result.as_deref(), Some("4-6"));
    assert_eq!(f.games[1].moves.len(), 124);
    assert_eq!(f.games[1].result.as_deref(), Some("1-9"));

    let f = read("problems/wiegerw-pdn__fail__Cat.C1.pdn");
    let g = f
        .games
        .iter()
        .find(|g| g.tag("Round") == Some("C94"))
        .unwrap();
    assert_eq!(g.moves.len(), 10);
    assert_eq!(g.result, None);

    let f = read("russian/wiegerw-pdn__fail__abatsiev.pdn");
    let g = f
        .games
        .iter()
        .find(|g| g.moves.first().is_some_and(|n| n.text == "-"))
        .unwrap();
    assert_eq!(g.moves.len(), 50);
    assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(g.tag("Site"), Some("Ворошиловград"));
}
