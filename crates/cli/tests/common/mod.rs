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
