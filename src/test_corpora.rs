//! The crate's unit tests over the real files of the PDN_CORPORA folder (the integration tests
//! have their own helper, `tests/common`): one walk, one skip message.

use std::io::Write;
use std::path::PathBuf;

/// Every file below the PDN_CORPORA folder with its decoded text, sorted by path; empty (and
/// `test` named on stderr as skipped) when the variable is unset.
pub(crate) fn texts(test: &str) -> Vec<(PathBuf, String)> {
    let Some(dir) = std::env::var_os("PDN_CORPORA").filter(|d| !d.is_empty()) else {
        // Straight to the stderr handle: libtest captures `eprintln!`, not this.
        let _ = writeln!(
            std::io::stderr(),
            "skipped {test}: set PDN_CORPORA to a folder of real PDN files to run it"
        );
        return Vec::new();
    };
    let mut files = Vec::new();
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = crate::encoding::decode(&std::fs::read(&path).unwrap()).0;
            (path, text)
        })
        .collect()
}
