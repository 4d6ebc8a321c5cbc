//! What the CLI's test files share: running the built `pdn`.

use std::process::Command;

/// Runs `pdn` with `args`: (standard output, standard error, exit status).
pub fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_pdn"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Writes `content` to a file `name` in this test run's folder under the system's temp folder.
pub fn temp_file(name: &str, content: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pdn-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

// The corpora and the walk below a folder are the core's test helpers (tests/common), one
// copy for both crates' tests.
// (Its own `allow(dead_code)` covers `data()`, the core's folder, unused here.)
#[path = "../../../../tests/common/mod.rs"]
mod core_common;
#[allow(unused_imports)]
pub use core_common::{corpora, files_below};
