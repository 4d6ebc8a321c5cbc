//! Export loses nothing: for every corpus file, reading the written text gives the same games
//! ([`pdn::writer::difference`]), and writing those gives the same text byte for byte.

mod common;

use pdn::reader::{read_bytes, read_file};
use pdn::writer::{WriteOptions, round_trip_failure, write_games};

#[test]
fn every_corpus_file_round_trips() {
    let started = std::time::Instant::now();
    let Some(corpora) = common::corpora("the corpus round-trip test") else {
        return;
    };
    let files = common::files_below(&corpora);
    assert!(files.len() > 2000, "expected the whole corpus");
    let opts = WriteOptions::default();
    let (mut games, mut failures) = (0, Vec::new());
    for path in &files {
        let file = read_bytes(&std::fs::read(path).unwrap());
        games += file.games.len();
        if let Some(why) = round_trip_failure(&file.games, &opts) {
            failures.push(format!("{}: {why}", path.display()));
        }
    }
    eprintln!(
        "round trip: {} files, {games} games, {:.1} s",
        files.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} files fail:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(games > 10_000, "{games} games read");
}

fn round_trip_text(text: &str) -> String {
    let file = read_file(text);
    if let Some(why) = round_trip_failure(&file.games, &WriteOptions::default()) {
        panic!("{why}\n--- input:\n{text}");
    }
    write_games(&file.games, &WriteOptions::default())
}

#[test]
fn two_setups_before_the_first_move_are_both_kept() {
    // The PDN 3.0 example of an illegal double move: the first setup is the start, the second is
    // set up before the first move.
    let text = "/FEN \"W:W31-50:B1-20\"/\n/FEN \"B:W28,31-36,38-50:B1-20\"/\n01... 20-25 *";
    let g = &read_file(text).games[0];
    assert_eq!(g.setup.as_deref(), Some("\"W:W31-50:B1-20\""));
    assert_eq!(
        g.moves[0].setup.as_deref(),
        Some("\"B:W28,31-36,38-50:B1-20\"")
    );
    assert_eq!(
        round_trip_text(text),
        "/FEN \"W:W31-50:B1-20\"/ /FEN \"B:W28,31-36,38-50:B1-20\"/ 1... 20-25 *\n"
    );
}

#[test]
fn a_setup_that_no_move_follows_is_reported_not_moved() {
    let g = &read_file("1. 32-28 /FEN \"B:W28:B19\"/ *").games[0];
    assert_eq!(g.setup, None, "a trailing setup is not the start position");
    assert!(g.diagnostics.iter().any(|d| d.code == "setup-without-move"));
    let g = &read_file("1. 32-28 (31-27 /FEN \"B:W27:B19\"/) 19-23 *").games[0];
    assert_eq!(
        g.moves[1].setup, None,
        "it does not leak out of its variation"
    );
    assert!(g.diagnostics.iter().any(|d| d.code == "setup-without-move"));
    let g = &read_file("1. 32-28 /FEN \"B:W28:B19\"/ /FEN \"B:W28:B18\"/ 19-23 *").games[0];
    assert_eq!(g.moves[1].setup.as_deref(), Some("\"B:W28:B18\""));
    assert!(g.diagnostics.iter().any(|d| d.code == "setup-replaced"));
}

#[test]
fn move_numbers_follow_the_side_to_move() {
    // English from a FEN with White to move: numbered as the text numbers it, White first
    // when the text pairs White's move with Black's reply (`1. 27-23 20x27`) ...
    let out = round_trip_text(
        "[GameType \"21\"][FEN \"W:W32,27:B20,15\"] 1. 27-23 20x27 2. 32x23 15-19 *",
    );
    assert!(
        out.ends_with("\n\n1. 27-23 20x27 2. 32x23 15-19 *\n"),
        "{out}"
    );
    // ... and Black first when it numbers White's move alone (`1... 27-23 2. 20x27`).
    let out = round_trip_text(
        "[GameType \"21\"][FEN \"W:W32,27:B20,15\"] 1... 27-23 2. 20x27 32x23 3. 15-19 *",
    );
    assert!(
        out.ends_with("\n\n1... 27-23 2. 20x27 32x23 3. 15-19 *\n"),
        "{out}"
    );
    // International with Black to move, starting at a written move number.
    let out = round_trip_text("[FEN \"B:W28,45:B19,23\"] 23... 19-24 24. 28-22 {x} 24-29 *");
    assert!(
        out.ends_with("23... 19-24 24. 28-22 {x} 24... 24-29 *\n"),
        "{out}"
    );
    // A setup in the middle says who moves next.
    let out = round_trip_text("1. 32-28 19-23 2. 28x19 /FEN \"W:W19:B14\"/ 14x23 *");
    assert_eq!(
        out,
        "1. 32-28 19-23 2. 28x19 /FEN \"W:W19:B14\"/ 2. 14x23 *\n"
    );
}

#[test]
fn awkward_constructs_survive() {
    for text in [
        // A Delfts score ends the game; a move that looks the same stays a move.
        "[Result \"4-6\"] 1. 4-6* 6-4 4-6",
        "[Result \"4-6\"] 1. 4 -6 6-4 4-6",
        // Unrecorded moves, strengths, NAGs, a variation before anything else.
        "1. 32-28 - - 2. -- 19-23(?) $3 $14 ( 18-23!? ) *",
        "( 18-23 ) 1. 32-28 *",
        // Comments with a brace, line comments, % lines, [%commands].
        "1. 32-28 ; see } here\n% escaped\n19-23 {[%clk 0:01:02] [%eval 0.3]} *",
        // Unclosed comments, unclosed variations, tags without quotes.
        "[Event x] 1. 32-28 (19-23 (18-23 *",
        "[Event \"a\\\\b\\\"c\"] 1. 32-28 {never closed",
        // Tagless games after a result, with and without comments before their moves.
        "1. 32-28 2-0 {end} (18-23) 1. 33-29 *  ( 17-22 ) /FEN \"W:W1:B2\"/ 1. 34-30 *",
    ] {
        round_trip_text(text);
    }
}

#[test]
fn ten_thousand_nested_variations_on_a_small_stack() {
    // Writing, reading and comparing are iterative: run them on a 256 KiB stack.
    let mut text = String::from("1. 32-28 19-23 ");
    for _ in 0..10_000 {
        text.push_str("( 18-23 33-29 ");
    }
    text.push_str(&")".repeat(10_000));
    text.push_str(" *");
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let file = read_file(&text);
            assert_eq!(file.games[0].variations.len(), 10_000);
            assert_eq!(
                round_trip_failure(&file.games, &WriteOptions::default()),
                None
            );
            let out = write_games(&file.games, &WriteOptions::default());
            let long = out.lines().find(|l| l.chars().count() > 80);
            assert_eq!(long, None);
            drop(file);
        })
        .unwrap();
    handle.join().unwrap();
}

/// Random games built as values (not text): tags with quotes, backslashes and braces, numeric
/// and algebraic moves, comments with `}`, line breaks and commands, NAGs, nested variations,
/// setups and results. Writing then reading must give the same games, and writing again the
/// same text.
#[cfg(not(target_arch = "wasm32"))]
mod random_games {
    use pdn::PdnMove;
    use pdn::reader::{Game, Node, Tag, Variation};
    use pdn::writer::WriteOptions;
    use pdn::writer::round_trip_failure;
    use proptest::collection::vec;
    use proptest::prelude::*;

    /// Text with the characters that are hard to write: quotes, backslashes, braces, brackets,
    /// `;`, `%`, `/`, parentheses, line breaks, non-ASCII, and comment commands.
    fn odd_text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            "[a-zA-Z0-9 ]{1,6}",
            Just("\"".to_string()),
            Just("\\".to_string()),
            Just("}".to_string()),
            Just("{".to_string()),
            Just("[".to_string()),
            Just("]".to_string()),
            Just(";".to_string()),
            Just("%".to_string()),
            Just("/".to_string()),
            Just("(".to_string()),
            Just(")".to_string()),
            Just("\n".to_string()),
            Just("\r\n".to_string()),
            Just("é «»“”".to_string()),
            Just("\\n".to_string()),
            Just(" [%clk 0:01:02] ".to_string()),
            Just("[%eval -0.35]".to_string()),
            Just("[%cal R12-23]".to_string()),
            Just("1-0".to_string()),
            Just("*".to_string()),
        ];
        vec(piece, 0..6).prop_map(|p| p.concat())
    }

    fn square() -> impl Strategy<Value = String> {
        prop_oneof![
            (0u32..=2).prop_map(|n| n.to_string()),
            (1u32..=50).prop_map(|n| n.to_string()),
            (1u32..=9).prop_map(|n| format!("0{n}")),
            ("[a-h]", 1u32..=8).prop_map(|(f, r)| format!("{f}{r}")),
        ]
    }

    /// A move as the reader keeps it: compact text that reads as a move, not a result.
    fn move_text() -> impl Strategy<Value = String> {
        prop_oneof![
            8 => (square(), prop_oneof![Just("-"), Just("x"), Just(":")], vec(square(), 1..4))
                .prop_map(|(first, sep, rest)| {
                    let mut t = first;
                    for s in rest {
                        t.push_str(sep);
                        t.push_str(&s);
                    }
                    t
                })
                // `0-2` reads as a result, also as `0-2*` or `0-2(?) 2-0`.
                .prop_filter("a result", |t| {
                    !["1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "2-2", "1:0", "0:1"]
                        .contains(&t.as_str())
                }),
            1 => ("[a-h][1-8]", "[a-h][1-8]").prop_map(|(a, b)| format!("{a}{b}")),
            1 => Just("-".to_string()),
        ]
    }

    fn strength() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => Just(String::new()),
            1 => "[!?]{1,3}",
            1 => "\\([!?]{1,2}\\)",
        ]
    }

    fn setup() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("\"W:W31-50:B1-20\"".to_string()),
            Just("B:W18,K24:B12,K3".to_string()),
            Just("\"?:W:B\"".to_string()),
            Just(String::new()),
        ]
    }

    #[derive(Clone, Debug)]
    struct Line {
        comments: Vec<String>,
        moves: Vec<(Node, Vec<Line>)>,
    }

    fn node() -> impl Strategy<Value = Node> {
        (
            move_text(),
            strength(),
            vec(0u16..300, 0..3),
            vec(odd_text(), 0..2),
            proptest::option::weighted(0.1, setup()),
        )
            .prop_map(|(text, strength, nags, comments, setup)| {
                let unknown = text == "-";

                Node {
                    notation: PdnMove::parse(&text),
                    strength: if unknown { String::new() } else { strength },
                    text: text.into(),
                    span: pdn::Span::default(),
                    number: None,
                    nags,
                    comments,
                    setup,
                    variations: Vec::new(),
                }
            })
    }

    fn line() -> impl Strategy<Value = Line> {
        let leaf = (vec(odd_text(), 0..2), vec(node(), 1..4)).prop_map(|(comments, nodes)| Line {
            comments,
            moves: nodes.into_iter().map(|n| (n, Vec::new())).collect(),
        });
        leaf.prop_recursive(4, 40, 3, |inner| {
            (vec(odd_text(), 0..2), vec((node(), vec(inner, 0..3)), 1..5))
                .prop_map(|(comments, moves)| Line { comments, moves })
        })
    }

    /// Flattens a line into `game.variations`, returning its moves.
    fn flatten(line: Line, game: &mut Game) -> Vec<Node> {
        let mut out = Vec::new();
        for (mut node, vars) in line.moves {
            for v in vars {
                let comments = v.comments.clone();
                let moves = flatten(v, game);
                node.variations.push(game.variations.len());
                game.variations.push(Variation {
                    comments,
                    moves,
                    span: pdn::Span::default(),
                });
            }
            out.push(node);
        }
        out
    }

    fn tag_name() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("Event".to_string()),
            Just("white".to_string()),
            Just("Result".to_string()),
            Just("GameType".to_string()),
            Just("FEN".to_string()),
            "[A-Z][a-zA-Z0-9_]{0,8}",
            "[A-Z][a-z]{0,3}[{};%()/\\\\é]{1,2}",
        ]
    }

    fn tag_value() -> impl Strategy<Value = String> {
        prop_oneof![
            odd_text(),
            Just("20".to_string()),
            Just("21".to_string()),
            Just("W:W32,27:B20,15".to_string()),
            Just("12-16".to_string()),
            Just("2-0".to_string()),
        ]
    }

    fn game() -> impl Strategy<Value = Game> {
        (
            vec((tag_name(), tag_value()), 0..6),
            vec(odd_text(), 0..2),
            proptest::option::weighted(0.2, setup()),
            proptest::option::weighted(0.9, line()),
            vec(odd_text(), 0..2),
            proptest::option::of(prop_oneof![
                Just("*"),
                Just("2-0"),
                Just("1-1"),
                Just("0-1"),
                Just("1/2-1/2"),
                Just("0-0"),
            ]),
        )
            .prop_map(|(tags, intro, setup, line, outro, result)| {
                let mut game = Game::default();
                for (name, value) in tags {
                    // A game never has the same tag twice (the reader starts a new game).
                    if game.tag(&name).is_none() {
                        game.tags.push(Tag {
                            name,
                            value,
                            span: pdn::Span::default(),
                        });
                    }
                }
                game.intro = intro;
                game.setup = setup;
                if let Some(line) = line {
                    game.moves = flatten(line, &mut game);
                }
                // As read, a setup before the first move is the game's own.
                if game.setup.is_none() {
                    if let Some(first) = game.moves.first_mut() {
                        game.setup = first.setup.take();
                    }
                }
                game.outro = outro;
                game.result = result.map(str::to_string);
                game
            })
            // An empty game (no tags, moves or setup) is not a game to the reader.
            .prop_filter("not a game", |g| {
                !(g.tags.is_empty() && g.moves.is_empty() && g.setup.is_none())
            })
    }

    proptest! {
        // 256 cases each (PROPTEST_CASES changes that); a failure prints its shrunk input, so
        // nothing is written into the source tree.
        #![proptest_config(ProptestConfig {
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        #[test]
        fn written_games_read_back_the_same(games in vec(game(), 1..4)) {
            let failure = round_trip_failure(&games, &WriteOptions::default());
            prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
        }

        #[test]
        fn narrow_lines_change_nothing(games in vec(game(), 1..3), width in 1usize..30) {
            let opts = WriteOptions { width, ..WriteOptions::default() };
            let failure = round_trip_failure(&games, &opts);
            prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
        }
    }
}

#[test]
fn shortest_notation_writes_start_and_end_unless_another_capture_shares_them() {
    use pdn::writer::CaptureNotation;
    let opts = WriteOptions {
        captures: CaptureNotation::Shortest,
        ..WriteOptions::default()
    };
    // The standard's rule 9 example: 47x36 is ambiguous (19 or 14 is taken); the reply shows
    // which, and the full route is written with the turn squares and the squares behind.
    let text = "[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x33x24x13x36 14-20 *";
    let out = pdn::writer::write_file(&pdn::read_file(text), &opts);
    assert!(out.contains("1. 47x38x24x13x36 14-20 *"), "{out}");
    // Unambiguous long captures become start x end; quiet moves keep their dash; Russian
    // captures take the GameType's ':' separator; variations are rewritten too.
    let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 (13x24 3. 34-30) *";
    let out = pdn::writer::write_file(&pdn::read_file(text), &opts);
    assert!(
        out.contains("2. 28x19 14x23 (2... 13x24 3. 34-30)"),
        "{out}"
    );
    let text = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *";
    let out = pdn::writer::write_file(&pdn::read_file(text), &opts);
    assert!(out.contains("2. d4:f6 g7:e5"), "{out}");
    // Written again, the shortest form is stable and reads back to the same positions.
    let again = pdn::writer::write_file(&pdn::read_file(&out), &opts);
    assert_eq!(again, out);
}

#[test]
fn shortest_notation_replays_to_the_same_positions_on_real_files() {
    // Every game of the international and Russian archives at the top of their folders: written
    // in the shortest notation, read back and replayed, every position is the same.
    use pdn::writer::CaptureNotation;
    let opts = WriteOptions {
        captures: CaptureNotation::Shortest,
        ..WriteOptions::default()
    };
    let Some(corpora) = common::corpora("the shortest-notation corpus test") else {
        return;
    };
    let mut games = 0;
    for dir in ["international", "russian", "english"] {
        let files: Vec<_> = std::fs::read_dir(corpora.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        for path in files {
            let file = read_bytes(&std::fs::read(&path).unwrap());
            let written = pdn::writer::write_file(&file, &opts);
            let again = pdn::read_file(&written);
            assert_eq!(again.games.len(), file.games.len(), "{}", path.display());
            for (i, (a, b)) in file.games.iter().zip(&again.games).enumerate() {
                let (ra, rb) = (pdn::replay::replay(a), pdn::replay::replay(b));
                let fens = |r: &pdn::replay::Replay| -> Vec<String> {
                    (0..=r.plies.len()).filter_map(|k| r.fen_at(k)).collect()
                };
                assert_eq!(fens(&ra), fens(&rb), "{} game {}", path.display(), i + 1);
                games += 1;
            }
        }
    }
    assert!(games > 1000, "{games}");
}
