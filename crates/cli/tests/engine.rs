//! `pdn analyse` and `pdn review`: their output is a contract (docs/engine.md), as `pdn fens`'.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::{run, temp_file};

#[test]
fn analyse_prints_a_json_line_per_depth_then_the_best_move() {
    let fen = "W:W27,28,32,33,37,38,42,43:B8,9,12,13,17,18,19,23";
    let (out, err, code) = run(&[
        "analyse",
        "--fen",
        fen,
        "--gametype",
        "20",
        "--depth",
        "5",
        "--multipv",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5 * 2 + 1, "{out}");
    // Fields in this order: depth, multipv, score, win, nodes, nps, pv.
    let keys = [
        "\"depth\":",
        "\"multipv\":",
        "\"score\":",
        "\"win\":",
        "\"nodes\":",
        "\"nps\":",
        "\"pv\":[",
    ];
    for (i, l) in lines[..10].iter().enumerate() {
        let mut at = 0;
        for k in keys {
            let found = l[at..]
                .find(k)
                .unwrap_or_else(|| panic!("{k} in order in {l}"));
            at += found + k.len();
        }
        assert!(
            l.starts_with(&format!(
                "{{\"depth\":{},\"multipv\":{}",
                i / 2 + 1,
                i % 2 + 1
            )),
            "{l}"
        );
    }
    // The shot 33-29 (a man given to take two back) is the best move at depth 5.
    assert!(lines[8].contains("\"pv\":[\"33-29\""), "{}", lines[8]);
    assert_eq!(lines[10], "{\"bestmove\":\"33-29\"}");
}

#[test]
fn analyse_reads_a_game_at_a_ply_and_is_the_same_under_a_node_limit() {
    let path = temp_file(
        "analyse.pdn",
        "[GameType \"21\"]\n1. 11-15 23-18 2. 8-11 27-24 *\n",
    );
    let p = path.to_str().unwrap();
    let args = ["analyse", p, "--ply", "2", "--nodes", "5000"];
    let (a, _, code) = run(&args);
    assert_eq!(code, 0);
    let (b, _, _) = run(&args);
    let strip = |s: &str| {
        s.lines()
            .map(|l| {
                l.split(",\"nps\"").next().unwrap().to_string()
                    + l.split("\"pv\"").nth(1).unwrap_or("")
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&a), strip(&b), "the same lines each run");
    // English: White (second to move) replies after 1. 11-15 23-18: its moves start with 8-, 9-, 10-, 12- …
    assert!(
        a.lines().last().unwrap().starts_with("{\"bestmove\":\""),
        "{a}"
    );
}

#[test]
fn analyse_says_what_is_wrong_in_plain_words() {
    let (_, err, code) = run(&["analyse", "--fen", "W:W99:B1", "--gametype", "20"]);
    assert_eq!(code, 2);
    assert!(err.contains("99"), "{err}");
    let (_, err, code) = run(&["analyse", "--fen", "W:W1:B5", "--gametype", "7"]);
    assert_eq!(code, 2);
    assert!(err.contains("GameType"), "{err}");
}

#[test]
fn review_writes_evals_and_marks_into_the_game() {
    // 28-22?? gives men away where 33-29 wins them (see the analyse test).
    let path = temp_file(
        "review.pdn",
        "[GameType \"20\"]\n[FEN \"W:W27,28,32,33,37,38,42,43:B8,9,12,13,17,18,19,23\"]\n1. 28-22 {my words} *\n",
    );
    let (out, err, code) = run(&["review", path.to_str().unwrap(), "--depth", "4"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("28-22??"), "{out}");
    assert!(out.contains("[%eval "), "{out}");
    assert!(
        out.contains("my words"),
        "the author's comment stays: {out}"
    );
    assert!(out.contains("Better: 33-29 (win → loss)."), "{out}");
    assert!(err.contains("1 blunders"), "{err}");
}

/// The last depth line's score and win.
fn last_score(out: &str) -> (f64, Option<i64>) {
    let line = out.lines().rev().nth(1).unwrap();
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    (v["score"].as_f64().unwrap(), v["win"].as_i64())
}

#[test]
fn analyse_plays_for_the_goal_of_lidraughts_antidraughts_and_breakthrough() {
    // Black's man on 45 crowns next move: in Breakthrough (96) that is Black's win, in
    // International draughts nothing much.
    let (out, err, code) = run(&[
        "analyse",
        "--fen",
        "W:W15:B45",
        "--gametype",
        "96",
        "--depth",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(last_score(&out), (-1000.0, Some(-2)), "{out}");
    let (out, _, _) = run(&[
        "analyse",
        "--fen",
        "W:W15:B45",
        "--gametype",
        "20",
        "--depth",
        "4",
    ]);
    assert_eq!(last_score(&out).1, None, "{out}");
    // Antidraughts (98): White gives its last man away and then has no move, which wins.
    let (out, err, code) = run(&[
        "analyse",
        "--fen",
        "W:W28:B19,5",
        "--gametype",
        "98",
        "--depth",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(last_score(&out), (1000.0, Some(2)), "{out}");
    assert!(out.ends_with("{\"bestmove\":\"28-23\"}\n"), "{out}");
    // A game whose Variant tag names it, from a file.
    let file = temp_file(
        "anti.pdn",
        "[Variant \"Antidraughts\"] [FEN \"W:W28:B19,5\"] *\n",
    );
    let (out, err, code) = run(&["analyse", file.to_str().unwrap(), "--depth", "4"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(last_score(&out), (1000.0, Some(2)), "{out}");
}

#[test]
fn analyse_answers_an_english_ending_from_the_endgame_database() {
    // "First position without" (Black to move wins; B:W22,K5:BK15,K6, Dr. Call's Midget
    // problems): at depth 1 the database gives the win in 39 plies and its whole line, which
    // begins 15-10 as the published solutions do.
    let (out, err, code) = run(&[
        "analyse",
        "--fen",
        "B:W22,K5:BK15,K6",
        "--gametype",
        "21",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].contains("\"score\":1000.0,\"win\":39,"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("\"pv\":[\"15-10\","), "{}", lines[0]);
    assert_eq!(
        lines[0].matches(',').count(),
        6 + 38,
        "39 moves: {}",
        lines[0]
    );
    assert_eq!(lines[1], "{\"bestmove\":\"15-10\"}");
}

#[test]
fn egdb_writes_a_database_that_pdn_egdb_env_reads() {
    // Three pieces (quick): written, then read through PDN_EGDB. Two kings against one
    // (B:WK1,K9:BK6 is lost for Black in 12 plies by the tables) is answered from the file
    // with no four-piece build: the line is the table's, 12 moves at depth 1.
    let path = temp_file("three.egdb", "");
    let p = path.to_str().unwrap();
    let (_, err, code) = run(&["egdb", p, "--pieces", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("3 pieces, 16 signatures"), "{err}");
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), 8 + 4 + 1 + 202_280);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pdn"))
        .args([
            "analyse",
            "--fen",
            "B:WK1,K9:BK6",
            "--gametype",
            "21",
            "--depth",
            "1",
        ])
        .env("PDN_EGDB", &path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\"win\":-12,"), "{text}");
    // A board of more than 50 squares (Canadian, 12x12): said, exit 2.
    let (_, err, code) = run(&["egdb", p, "--gametype", "27"]);
    assert_eq!(code, 2);
    assert!(err.contains("at most 50 squares"), "{err}");
}

#[test]
fn review_with_a_node_budget_gives_the_same_marks_as_the_page_every_run() {
    // The page's test reviews the same game at Quick, 30,000 nodes a position, and expects these
    // marks (tests/e2e/review.mjs REVIEW_GAME_MARKS).
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/e2e/fixtures/review-game.pdn"
    );
    let args = ["review", path, "--nodes", "30000"];
    let (out, err, code) = run(&args);
    assert_eq!(code, 0, "{err}");
    let (again, _, _) = run(&args);
    assert_eq!(out, again, "two runs differ");
    // Each marked ply, counted through the mainline's moves (comments taken out).
    let mut body = out.split("\n\n").nth(1).unwrap().to_string();
    while let (Some(a), Some(b)) = (body.find('{'), body.find('}')) {
        body.replace_range(a..=b, "");
    }
    let marks: Vec<String> = body
        .split_whitespace()
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty() && *t != "2-0")
        .enumerate()
        .filter_map(|(i, t)| {
            let mark: String = t.chars().filter(|c| *c == '?' || *c == '!').collect();
            (!mark.is_empty()).then(|| format!("{}{mark}", i + 1))
        })
        .collect();
    assert_eq!(
        marks.join(" "),
        "15?! 21?! 22?! 25?! 26?! 31? 32? 33?! 64?!",
        "{out}"
    );
    // What each mark lost, in men or as the outcome thrown away.
    assert!(out.contains("Better: 31-26 (-0.43)."), "{out}");
}

#[test]
fn analyse_writes_the_lines_as_the_game_writes_its_moves() {
    // A Russian game in short notation (issue 38: the lines came in long notation, e3-f4).
    let path = temp_file(
        "short.pdn",
        "[GameType \"25\"]\n1. cd4 fe5 2. df6 ge5 3. gh4 hg7 *\n",
    );
    let (out, err, code) = run(&[
        "analyse",
        path.to_str().unwrap(),
        "--depth",
        "6",
        "--multipv",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let last: Vec<serde_json::Value> = out
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .filter(|v: &serde_json::Value| v["depth"] == 6)
        .collect();
    assert_eq!(last.len(), 2, "{out}");
    for v in &last {
        let pv = v["pv"].as_array().unwrap();
        assert!(pv.len() >= 4, "{out}");
        assert!(
            pv.iter()
                .all(|m| !m.as_str().unwrap().contains(['-', ':', 'x'])),
            "{out}"
        );
    }
}

/// `pdn analyse`'s line, pinned byte for byte (all but `nps`, the machine's speed): the fields,
/// their order, the numbers' form and the tree under a node budget. The page's analysis at the
/// same budget gives the same (tests/js/engine.test.mjs).
#[test]
fn analyse_prints_this_line_byte_for_byte() {
    let (out, err, code) = run(&[
        "analyse",
        "--fen",
        "W:W27,28,32,33,37,38,42,43:B8,9,12,13,17,18,19,23",
        "--nodes",
        "20000",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let last = lines[lines.len() - 2];
    let (head, tail) = last.split_once("\"nps\":").unwrap();
    let tail = &tail[tail.find(',').unwrap()..];
    assert_eq!(
        format!("{head}\"nps\":0{tail}"),
        "{\"depth\":12,\"multipv\":1,\"score\":1.95,\"win\":null,\"nodes\":17367,\"nps\":0,\"pv\":[\"33-29\",\"23x34\",\"28-22\",\"17x28\",\"32x3\",\"34-40\",\"27-21\",\"18-22\",\"3-14\",\"40-45\",\"14-23\",\"45-50\",\"23x7\"]}"
    );
    assert_eq!(lines[lines.len() - 1], "{\"bestmove\":\"33-29\"}");
}
