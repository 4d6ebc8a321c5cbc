//! The `pdn` command line: its output is a contract that outside tools parse.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

fn run(args: &[&str]) -> (String, String, i32) {
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

fn temp_file(name: &str, content: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pdn-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

#[test]
fn fens_prints_one_json_object_per_game() {
    let path = temp_file(
        "two.pdn",
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n[Event \"no tag\"]\n1. 32-28 18-23 2. 28-23 *\n",
    );
    let (out, _, code) = run(&["fens", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    let start = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(first["game"], 1);
    assert_eq!(first["gametype"], "20");
    assert_eq!(first["start"], start);
    assert_eq!(first["fens"].as_array().unwrap().len(), 4);
    assert_eq!(
        first["fens"][0],
        "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
    );
    assert_eq!(first["error"], serde_json::Value::Null);
    // The key order is part of the contract: game, gametype, start, fens, error.
    let keys: Vec<usize> = [
        "\"game\"",
        "\"gametype\"",
        "\"start\"",
        "\"fens\"",
        "\"error\"",
    ]
    .iter()
    .map(|k| lines[0].find(k).unwrap())
    .collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "{}", lines[0]);
    let second: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(
        second["gametype"], "20",
        "detected default for a 10×10 game"
    );
    assert_eq!(second["fens"].as_array().unwrap().len(), 2);
    assert_eq!(second["error"]["ply"], 3);
    assert_eq!(second["error"]["move"], "28-23");
    assert!(
        second["error"]["message"]
            .as_str()
            .unwrap()
            .contains("the piece on 28 cannot move to 23; legal moves: ")
    );
}

#[test]
fn usage_errors() {
    let (_, err, code) = run(&[]);
    assert_eq!(code, 2);
    assert!(err.contains("usage"));
    let (_, err, code) = run(&["fens", "/nonexistent/file.pdn"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/file.pdn"));
}
