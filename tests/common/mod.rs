//! Helpers shared by the integration tests: the repository's own test data, the optional folder of
//! real PDN files, and reading files below a folder.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;

/// The repository's own test data (`tests/data`): fixtures written here and the perft table.
pub fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The folder of real PDN files named by the `PDN_CORPORA` environment variable (CI sets it).
///
/// Unset or empty: the calling test is skipped, and says so on one line that the test harness
/// does not capture. Set to a folder that does not exist: panics, so a misconfigured CI run fails
/// instead of skipping.
pub fn corpora(test: &str) -> Option<PathBuf> {
    match std::env::var_os("PDN_CORPORA") {
        Some(dir) if !dir.is_empty() => {
            let dir = PathBuf::from(dir);
            assert!(
                dir.is_dir(),
                "PDN_CORPORA names {}, which is not a folder",
                dir.display()
            );
            Some(dir)
        }
        _ => {
            // Straight to the stderr handle: libtest captures `eprintln!`, not this.
            let _ = writeln!(
                std::io::stderr(),
                "skipped {test}: set PDN_CORPORA to a folder of real PDN files to run it \
                 (CI runs them)"
            );
            None
        }
    }
}

/// Every file below `dir`, sorted.
pub fn files_below(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
