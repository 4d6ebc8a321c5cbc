//! Helpers shared by the integration tests: where ../shared is, and reading its files.

#![allow(dead_code)]

use std::path::PathBuf;

/// The workplace's shared folder (seeds, corpora, perft tables), beside the repository.
pub fn shared() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    assert!(
        dir.join("corpora").is_dir(),
        "these tests read ../shared (seeds, corpora, perft); it is missing at {}",
        dir.display()
    );
    dir
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
