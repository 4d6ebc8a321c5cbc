//! The arena tree builder against the straightforward one it replaced (6126a30's, a `Vec` per
//! move for its NAGs, comments and variations, kept here as the reference): the same games on
//! every corpus file, on the test data, and on random texts of tokens that nest variations and
//! interleave comments, NAGs, setups and results (where the arena's runs are copied to the end
//! of their vectors).

mod common;

use std::ops::ControlFlow;

use pdn::diagnostic::Diagnostic;
use pdn::notation::{MoveText, PdnMove};
use pdn::reader::{Node, Problem, Tag, Variation, Visitor, read_bytes, read_file, unescape, visit};
use pdn::{Game, Span};
use proptest::prelude::*;

/// 6126a30's tree builder, unchanged but for `PdnMove::parse` (what `parse_compact_move` gives).
#[derive(Default)]
struct Reference {
    games: Vec<Game>,
    diagnostics: Vec<Diagnostic>,
    game: Game,
    in_game: bool,
    mainline: Vec<Node>,
    lines: Vec<Variation>,
    pending_number: Option<u32>,
    pending_setup: Vec<(String, usize)>,
}

impl Reference {
    fn current_line(&mut self) -> &mut Vec<Node> {
        match self.lines.last_mut() {
            Some(v) => &mut v.moves,
            None => &mut self.mainline,
        }
    }

    fn attach_variation(&mut self, v: Variation) {
        if v.moves.is_empty() {
            let comments = v.comments;
            match self.current_line().last_mut() {
                Some(last) => last.comments.extend(comments),
                None => self.game.intro.extend(comments),
            }
            return;
        }
        if self.current_line().last().is_none() {
            let text: Vec<&str> = v.moves.iter().map(|n| n.text.as_str()).collect();
            self.game.intro.push(format!("({})", text.join(" ")));
            return;
        }
        let id = self.game.variations.len();
        self.game.variations.push(v);
        if let Some(last) = self.current_line().last_mut() {
            last.variations.push(id);
        }
    }

    fn push_node(&mut self, text: MoveText, notation: Option<PdnMove>, suffix: &str, span: Span) {
        let number = self.pending_number.take();
        let depth = self.lines.len();
        let setup = match self.pending_setup.last() {
            Some((_, d)) if *d == depth => self.pending_setup.pop().map(|(fen, _)| fen),
            _ => None,
        };
        let star = suffix.contains('*');
        let strength = if star {
            suffix.replace('*', "")
        } else {
            suffix.to_string()
        };
        self.current_line().push(Node {
            text,
            notation,
            strength,
            span,
            number,
            nags: if star { vec![7] } else { Vec::new() },
            comments: Vec::new(),
            setup,
            variations: Vec::new(),
        });
    }
}

impl<'a> Visitor<'a> for Reference {
    fn begin_game(&mut self, start: usize) {
        self.game = Game {
            span: Span::new(start, start),
            ..Game::default()
        };
        self.in_game = true;
        self.lines.clear();
        self.pending_number = None;
        self.pending_setup.clear();
    }

    fn tag(&mut self, name: &'a str, value: &'a str, span: Span) {
        self.game.tags.push(Tag {
            name: name.to_string(),
            value: unescape(value).into_owned(),
            span,
        });
    }

    fn move_number(&mut self, number: u32, _span: Span) {
        self.pending_number = Some(number);
    }

    fn game_move(&mut self, text: &'a str, strength: &'a str, span: Span) {
        let compact: String = text.split_ascii_whitespace().collect();
        let notation = PdnMove::parse(&compact);
        self.push_node(compact.as_str().into(), notation, strength, span);
    }

    fn unknown_move(&mut self, span: Span) {
        self.push_node("-".into(), None, "", span);
    }

    fn nag(&mut self, nag: u16, _span: Span) {
        if let Some(last) = self.current_line().last_mut() {
            last.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &'a str, _span: Span) {
        let text = text.trim().to_string();
        if self.game.result.is_some() {
            self.game.outro.push(text);
        } else if let Some(last) = self.current_line().last_mut() {
            last.comments.push(text);
        } else if let Some(v) = self.lines.last_mut() {
            v.comments.push(text);
        } else {
            self.game.intro.push(text);
        }
    }

    fn setup(&mut self, fen: &'a str, _span: Span) {
        if self.lines.is_empty() && self.mainline.is_empty() && self.game.setup.is_none() {
            self.game.setup = Some(fen.to_string());
        } else {
            let depth = self.lines.len();
            if self.pending_setup.last().is_some_and(|(_, d)| *d == depth) {
                self.pending_setup.pop();
            }
            self.pending_setup.push((fen.to_string(), depth));
        }
    }

    fn begin_variation(&mut self, span: Span) {
        self.lines.push(Variation {
            span,
            ..Variation::default()
        });
    }

    fn end_variation(&mut self, span: Span) {
        let depth = self.lines.len();
        if self.pending_setup.last().is_some_and(|(_, d)| *d == depth) {
            self.pending_setup.pop();
        }
        if let Some(mut v) = self.lines.pop() {
            v.span = span;
            self.attach_variation(v);
        }
    }

    fn result(&mut self, result: &'a str, _span: Span) {
        self.game.result = Some(result.to_string());
    }

    fn problem(&mut self, problem: &Problem<'a>) {
        let d = problem.to_diagnostic();
        if self.in_game {
            self.game.diagnostics.push(d);
        } else {
            self.diagnostics.push(d);
        }
    }

    fn end_game(&mut self, span: Span) -> ControlFlow<()> {
        while let Some(v) = self.lines.pop() {
            self.attach_variation(v);
        }
        self.pending_setup.clear();
        let mut game = std::mem::take(&mut self.game);
        game.span = span;
        game.moves = std::mem::take(&mut self.mainline);
        self.games.push(game);
        self.in_game = false;
        ControlFlow::Continue(())
    }
}

/// `read_file` and the reference agree on `text`: games and problems outside them.
fn agree(name: &str, text: &str) -> usize {
    let mut r = Reference::default();
    visit(text, &mut r);
    let f = read_file(text);
    assert_eq!(f.games.len(), r.games.len(), "{name}: games");
    for (i, (a, b)) in f.games.iter().zip(&r.games).enumerate() {
        assert_eq!(a, b, "{name}: game {i}");
    }
    assert_eq!(f.diagnostics, r.diagnostics, "{name}: outside diagnostics");
    f.games.len()
}

#[test]
fn the_arena_builder_agrees_with_the_reference_on_every_corpus_file() {
    let Some(corpora) = common::corpora("the tree builder's reference test") else {
        return;
    };
    let mut games = 0;
    for path in common::files_below(&corpora) {
        let f = read_bytes(&std::fs::read(&path).unwrap());
        if f.encoding.is_text() {
            games += agree(&path.display().to_string(), &f.text);
        }
    }
    assert!(games > 15_000, "{games} games");
}

#[test]
fn the_arena_builder_agrees_with_the_reference_on_the_test_data() {
    for path in common::files_below(&common::data()) {
        if path.extension().is_some_and(|e| e == "pdn") {
            let f = read_bytes(&std::fs::read(&path).unwrap());
            agree(&path.display().to_string(), &f.text);
        }
    }
}

/// Tokens that nest variations and interleave comments, NAGs, setups, numbers and results.
const TOKENS: [&str; 22] = [
    "(",
    "(",
    ")",
    ")",
    "{c}",
    "{ d }",
    "$1",
    "$14",
    "32-28",
    "19-23!",
    "28x19*",
    "1- 7",
    "c3-d4",
    "1.",
    "2...",
    "/FEN \"W:W31:B1\"/",
    "-",
    "*",
    "1-0",
    "[Event \"x\"]",
    "[White \"a\\\"b\"]",
    "foo",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn the_arena_builder_agrees_with_the_reference_on_random_texts(
        picks in prop::collection::vec(0..TOKENS.len(), 0..80),
    ) {
        let text = picks.iter().map(|&i| TOKENS[i]).collect::<Vec<_>>().join(" ");
        agree(&text, &text);
    }
}
