//! The scanner's tests: fast paths against the long way, tags, results and tokens of games.

use super::*;

#[test]
fn move_shapes_agree_with_pdn_move_parse() {
    // Every string of up to five characters over an alphabet of the interesting bytes,
    // plus longer samples: the byte scan accepts exactly what PdnMove::parse accepts, and
    // parse_compact_move gives the same squares.
    let alphabet = [
        "1", "2", "0", "c", "H", "x", "X", "-", ":", "×", "–", "‑", "!", ".",
    ];
    let mut words: Vec<String> = vec![String::new()];
    let mut all = Vec::new();
    for _ in 0..5 {
        let mut next = Vec::new();
        for w in &words {
            for a in alphabet {
                next.push(format!("{w}{a}"));
            }
        }
        all.extend(next.iter().cloned());
        words = next;
    }
    all.extend(
        [
            "32-28", "28x17", "11x18x25", "05-10", "c3-d4", "c3:e5", "c3xe5xg3", "c3d4", "1118",
            "3228", "12345", "a3b4c5", "100-101", "1000-1", "aa-bb", "a10-b11", "a100-b1", "3c4",
            "32-", "-32", "32--28", "C3-D4", "ed4", "dc5", "ak10", "ab13", "ax1", "em4", "Ed4",
            "ed0", "ed", "bxd4",
        ]
        .map(String::from),
    );
    for w in &all {
        let expected = PdnMove::parse(w);
        assert_eq!(
            move_shape(w.as_bytes()).is_some(),
            expected.is_some(),
            "{w:?}"
        );
        assert_eq!(parse_compact_move(w), expected, "{w:?}");
        if let Some(e) = expected {
            let shape = move_shape(w.as_bytes()).unwrap();
            assert_eq!(shape.squares, e.squares.len(), "{w:?}");
            assert_eq!(shape.capture, e.capture, "{w:?}");
        }
    }
}

/// The next token the splitter's way through movetext: `next_move` first, `next` when it
/// gives up.
fn splitters_way<'t>(moves: &mut Lexer<'t>) -> Option<Spanned<'t>> {
    match moves.next_move() {
        Some(Fast::Token(t)) => Some(t),
        Some(Fast::Move {
            start,
            body_end,
            end,
        }) => Some(moves.move_token(start, body_end, end)),
        None => moves.next(),
    }
}

#[test]
fn fast_paths_agree_with_the_long_way_on_every_corpus_file() {
    // The real files live outside the repository; CI names them with PDN_CORPORA.
    let Some(dir) = crate::test_common::corpora("the lexer's fast-path corpus test") else {
        return;
    };
    let files = crate::test_common::files_below(&dir);
    for path in &files {
        let text = crate::encoding::decode(&std::fs::read(path).unwrap()).0;
        let mut fast = Lexer::new(&text);
        let mut slow = Lexer::new(&text);
        slow.fast = false;
        // The splitter's way through movetext: next_move first, next when it gives up.
        let mut moves = Lexer::new(&text);
        loop {
            let (a, b) = (fast.next(), slow.next());
            assert_eq!(a, b, "{}", path.display());
            assert_eq!(fast.problems, slow.problems, "{}", path.display());
            let c = splitters_way(&mut moves);
            assert_eq!(c, b, "{}", path.display());
            assert_eq!(moves.problems, slow.problems, "{}", path.display());
            fast.problems.clear();
            slow.problems.clear();
            moves.problems.clear();
            if a.is_none() {
                break;
            }
        }
    }
    assert!(files.len() > 2000);
}

#[test]
fn eight_bytes_at_once_agree_with_the_long_way() {
    // Words around the eight-byte reads of `digit_word`, at every offset from the end.
    let words = [
        "1.",
        "12.",
        "12...",
        "1234567.",
        "12345678.",
        "32-28",
        "32-28!?",
        "32-28(?)",
        "11x18x25",
        "11x18x25x32",
        "1-0",
        "0-2*",
        "2-0",
        "4-6",
        "0.5-0.5",
        "0-0(?)",
        "123-45",
        "1234-5",
        "12-3456",
        "1-c3",
        "12-3c",
        "12-",
        "12--3",
        "1:2",
        "12X34",
        "1-101.32-28",
        "12.32-28",
        "9999999999.",
        "21,44-39",
        "25 .",
        "1- 7",
        "12-34\u{e9}",
        "12-34{c}",
        "12-34)",
        "12-34(",
        "12x34x",
        "123x456x789",
        "1x2x3x4x5x6",
    ];
    for w in words {
        for pad in 0..10 {
            let text = format!("{w}{}", " ".repeat(pad));
            for text in [text.clone(), format!("{text} 1. 32-28"), format!("{text}x")] {
                let mut slow = Lexer::new(&text);
                slow.fast = false;
                let mut moves = Lexer::new(&text);
                loop {
                    let b = slow.next();
                    let c = splitters_way(&mut moves);
                    assert_eq!(c, b, "{text:?}");
                    assert_eq!(moves.problems, slow.problems, "{text:?}");
                    if b.is_none() {
                        break;
                    }
                }
            }
        }
    }
}

#[test]
fn glued_results_and_dots() {
    let toks: Vec<Token> = Lexer::new("1-101.32-28 . .. ... … 0-0 $7 $99999")
        .map(|t| t.token)
        .collect();
    assert_eq!(
        toks,
        [
            Token::Result("1-1"),
            Token::MoveNumber(1, false),
            Token::Move {
                text: "32-28",
                suffix: ""
            },
            Token::Unknown("."),
            Token::Unknown(".."),
            Token::Ellipsis,
            Token::Ellipsis,
            Token::Result("0-0"),
            Token::Nag(7),
            Token::Unknown("$99999"),
        ]
    );
}

#[test]
fn tag_values_over_two_lines() {
    let text = "[FEN \"W:W1,2:\r\nB3,4\"]\n1. 1-6";
    let t = Lexer::new(text).next().unwrap();
    assert_eq!(
        t.token,
        Token::Tag {
            name: "FEN",
            value: "W:W1,2:\r\nB3,4"
        }
    );
    // Not closed before the next tag: read to the line's end, with a problem.
    let mut l = Lexer::new("[Event \"a\n[Site \"b\"]");
    assert_eq!(
        l.next().unwrap().token,
        Token::Tag {
            name: "Event",
            value: "a"
        }
    );
    assert_eq!(l.problems()[0].kind, Code::UnclosedTagValue);
}

#[test]
fn tokens_of_a_game() {
    let tokens: Vec<Token> = Lexer::new("[Event \"x\"] 1. 32-28! {good} *")
        .map(|t| t.token)
        .collect();
    assert_eq!(
        tokens,
        [
            Token::Tag {
                name: "Event",
                value: "x"
            },
            Token::MoveNumber(1, false),
            Token::Move {
                text: "32-28",
                suffix: "!"
            },
            Token::Comment("good"),
            Token::Result("*"),
        ]
    );
}
