//! The `pdn` command line: its output is a contract that outside tools parse.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::{run, temp_file};

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

#[test]
fn check_lists_diagnostics_with_line_and_column_then_a_summary() {
    let path = temp_file(
        "check.pdn",
        "[GameType \"20\"]\n1. 32-28 19-23\n2. 28-22 foo *\n",
    );
    let p = path.to_str().unwrap();
    let (out, _, code) = run(&["check", p]);
    assert_eq!(code, 1, "an illegal move is an error:\n{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with(&format!("{p}:3:4: error: 28-22: ")),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with("[illegal-move]"), "{}", lines[0]);
    assert!(
        lines[1].starts_with(&format!("{p}:3:10: warning: \"foo\" is not a move")),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "1 file, 1 game: 1 error, 1 warning, 0 notes");
}

#[test]
fn check_of_clean_files_exits_0_and_io_errors_exit_2() {
    let clean = temp_file("clean.pdn", "[GameType \"20\"]\n1. 32-28 19-23 *\n");
    let empty = temp_file("empty.pdn", "no games here\n");
    let (out, _, code) = run(&["check", clean.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "1 file, 1 game: 0 errors, 0 warnings, 0 notes\n");
    let (out, _, code) = run(&["check", empty.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(":1:1: warning: no game found in this file [no-games]"));
    let (out, err, code) = run(&["check", clean.to_str().unwrap(), "/nonexistent/x.pdn"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/x.pdn"), "{err}");
    assert!(out.ends_with("1 file, 1 game: 0 errors, 0 warnings, 0 notes\n"));
    let (_, err, code) = run(&["check"]);
    assert_eq!(code, 2);
    assert!(err.contains("usage"));
}

#[test]
fn check_escapes_control_characters_and_reads_utf16_and_binary_files() {
    // An escape sequence in the file is quoted escaped, never sent to the terminal.
    let hostile = temp_file(
        "escape.pdn",
        "[GameType \"20\"]\n1. 32-28 x\u{1b}c\u{7} \u{202e}abc *\n",
    );
    let (out, _, _) = run(&["check", hostile.to_str().unwrap()]);
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}') && !out.contains('\u{202e}'));
    assert!(out.contains(r#""x\u{1b}c\u{7}" is not a move"#), "{out}");
    assert!(out.contains(r#""\u{202e}abc""#), "{out}");
    // UTF-16 with a BOM reads as its UTF-8 text does.
    let text = "[GameType \"20\"]\n[White \"Жук\"]\n1. 32-28 foo *\n";
    let utf8 = temp_file("utf8.pdn", text);
    let utf16 = utf8.with_file_name("utf16.pdn");
    let bytes: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    std::fs::write(&utf16, bytes).unwrap();
    let (a, _, _) = run(&["check", utf8.to_str().unwrap()]);
    let (b, _, _) = run(&["check", utf16.to_str().unwrap()]);
    assert_eq!(a.replace("utf8.pdn", "utf16.pdn"), b);
    let (export, _, code) = run(&["export", utf16.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(export.contains("[White \"Жук\"]"), "{export}");
    // Bytes that are not text: one error, no games.
    let binary = utf8.with_file_name("binary.pdn");
    std::fs::write(&binary, b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0").unwrap();
    let (out, _, code) = run(&["check", binary.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            ":1:1: error: this file is binary, not PDN text; it is not read [binary-file]"
        ),
        "{out}"
    );
    assert!(
        out.ends_with("1 file, 0 games: 1 error, 1 warning, 0 notes\n"),
        "{out}"
    );
}

#[test]
fn export_prints_canonical_pdn_that_reads_back_the_same() {
    // Latin-1 bytes (é = 0xE9) come out as UTF-8; the roster is put first; a star move is $7.
    let dir = std::env::temp_dir().join(format!("pdn-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("latin1.pdn");
    std::fs::write(
        &path,
        b"[GameType \"20\"][White \"Ren\xe9\"][Event \"x\"]\n1.32-28 19-23* ; a } b\n2.28x19 14x23 1-1\n[Event \"y\"] 1. 31-26",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let (out, _, code) = run(&["export", p]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "[Event \"x\"]\n[White \"René\"]\n[GameType \"20\"]\n\n\
         1. 32-28 19-23 $7 ; a } b\n2. 28x19 14x23 1-1\n\n[Event \"y\"]\n\n1. 31-26 *\n"
    );
    let again = temp_file("again.pdn", &out);
    let (out2, _, _) = run(&["export", again.to_str().unwrap()]);
    assert_eq!(out2, out, "export is idempotent");
    let (filled, _, code) = run(&["export", "--fill-roster", p]);
    assert_eq!(code, 0);
    assert!(filled.starts_with(
        "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"René\"]\n\
         [Black \"?\"]\n[Result \"1-1\"]\n[GameType \"20\"]\n\n"
    ));
    let (_, err, code) = run(&["export", "--bogus", p]);
    assert_eq!(code, 2);
    assert!(err.contains("--bogus"));
}

#[test]
fn check_judges_results_as_the_file_writes_them() {
    // English, Black to move; Black's capture leaves White without pieces. Two games write that
    // as 0-1 (White's score first, as some programs do), the third as 1-0 (the standard's
    // first-mover-first reading). The file's habit is White first, so the third is the odd one.
    let game =
        |result: &str| format!("[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n1... 14x23 {result}\n\n");
    let path = temp_file(
        "conventions.pdn",
        &[game("0-1"), game("0-1"), game("1-0")].concat(),
    );
    let (out, _, code) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains(":1:1: note: the result 0-1 is read with White's score first"),
        "{out}"
    );
    assert!(lines[1].contains(":5:1: note:"), "{out}");
    assert!(
        lines[2].contains(":9:1: warning: the result 1-0 does not fit the final position")
            && lines[2].ends_with("(the other games of this file write White's score first) [result-contradicts-board]"),
        "{out}"
    );
    // Alone, the 1-0 game fits the standard reading: nothing to say.
    let alone = temp_file("alone.pdn", &game("1-0"));
    let (out, _, _) = run(&["check", alone.to_str().unwrap()]);
    assert!(
        out.starts_with("1 file, 1 game: 0 errors, 0 warnings, 0 notes"),
        "{out}"
    );
}

#[test]
fn check_prints_the_lines_of_a_file_with_many_games_in_order() {
    // Past a megabyte of lines, check prints games as it goes instead of holding them all.
    let games = 12_000;
    let path = temp_file("many.pdn", &"1. 32-28 *\n".repeat(games));
    let (out, _, code) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), games + 1);
    assert!(out.len() > 1 << 20, "{} bytes", out.len());
    for (i, line) in lines[..games].iter().enumerate() {
        let at = format!("many.pdn:{}:1: note: no GameType tag", i + 1);
        assert!(line.contains(&at), "line {i}: {line}");
    }
    assert_eq!(
        lines[games],
        format!("1 file, {games} games: 0 errors, 0 warnings, {games} notes")
    );
}

#[test]
fn a_command_with_help_prints_its_usage_and_succeeds() {
    let (out, err, code) = run(&["analyse", "--help"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("usage: pdn analyse (FILE"), "{out}");
    assert!(
        out.contains("{\"bestmove\""),
        "the line that continues it: {out}"
    );
    assert!(
        !out.contains("pdn review"),
        "only that command's lines: {out}"
    );
    let (out, _, code) = run(&["review", "-h"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("usage: pdn review FILE"), "{out}");
    assert!(!out.contains("pdn analyse"), "only that command's: {out}");
    // The spelling "analyze" has analyse's lines.
    assert!(
        run(&["analyze", "--help"])
            .0
            .starts_with("usage: pdn analyse")
    );
    // An unknown command stays an error.
    assert_eq!(run(&["nosuch", "--help"]).2, 2);
}

#[test]
fn each_command_s_help_lists_its_options_and_an_unknown_option_is_an_error_naming_it() {
    let commands: [(&str, &[&str]); 12] = [
        ("fens", &[]),
        ("check", &[]),
        ("export", &["--fill-roster", "--shortest"]),
        ("bench", &["--memory"]),
        ("perft", &["--fen", "--keep", "--every-landing"]),
        (
            "analyse",
            &[
                "--game",
                "--ply",
                "--fen",
                "--gametype",
                "--depth",
                "--movetime",
                "--nodes",
                "--multipv",
            ],
        ),
        ("review", &["--game", "--depth", "--movetime", "--nodes"]),
        ("egdb", &["--pieces", "--gametype"]),
        ("tree", &["--fen", "--gametype", "--depth"]),
        ("find", &["--fen", "--gametype"]),
        ("standings", &[]),
        ("puzzles", &["--game", "--nodes", "--min-gain", "--output"]),
    ];
    let file = temp_file("help.pdn", "[GameType \"20\"]\n1. 32-28 *\n");
    let p = file.to_str().unwrap();
    for (command, options) in commands {
        for help in ["--help", "-h"] {
            let (out, err, code) = run(&[command, help]);
            assert_eq!(code, 0, "pdn {command} {help}: {err}");
            assert!(
                out.starts_with(&format!("usage: pdn {command} ")),
                "pdn {command} {help}: {out}"
            );
            for option in options.iter().chain(&["--help"]) {
                assert!(
                    out.contains(option),
                    "pdn {command} {help} lacks {option}: {out}"
                );
            }
        }
        // With its operands in place, so that only the option is wrong.
        let args: &[&str] = match command {
            "perft" => &["20", "1"],
            _ => &[p],
        };
        let mut argv = vec![command];
        argv.extend(args);
        argv.push("--no-such-option");
        let (out, err, code) = run(&argv);
        assert_eq!(code, 2, "pdn {command} --no-such-option: {out}{err}");
        assert!(err.contains("--no-such-option"), "pdn {command}: {err}");
        assert!(err.contains(&format!("pdn {command} ")), "its usage: {err}");
        assert!(out.is_empty(), "pdn {command}: {out}");
    }
}
