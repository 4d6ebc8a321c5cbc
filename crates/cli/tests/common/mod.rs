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

/// The folder of real PDN files named by the `PDN_CORPORA` environment variable; unset or
/// empty: `None`, and the calling test says on one line that it was skipped. A name that is not
/// a folder panics, so a misconfigured run fails instead of skipping.
#[allow(dead_code)] // not every test file runs the corpora
pub fn corpora(test: &str) -> Option<std::path::PathBuf> {
    use std::io::Write as _;
    match std::env::var_os("PDN_CORPORA") {
        Some(dir) if !dir.is_empty() => {
            let dir = std::path::PathBuf::from(dir);
            assert!(
                dir.is_dir(),
                "PDN_CORPORA names {}, which is not a folder",
                dir.display()
            );
            Some(dir)
        }
        _ => {
            let _ = writeln!(
                std::io::stderr(),
                "skipped {test}: set PDN_CORPORA to a folder of real PDN files to run it"
            );
            None
        }
    }
}
