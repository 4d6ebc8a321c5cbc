//! The streaming readers agree with the full reader: on every corpus file, the header list has
//! the same games (spans, tags, results, move and problem counts), and reading one game from
//! its span start gives exactly the game the full reading gave.

mod common;

use std::ops::ControlFlow;

use pdn::Span;
use pdn::reader::{
    Visitor, read_bytes, read_each_game, read_file, read_game_at, read_headers, visit,
};
use pdn::{Game, Severity};

fn count(g: &Game, severity: Severity) -> usize {
    g.diagnostics
        .iter()
        .filter(|d| d.severity == severity)
        .count()
}

fn check_agreement(name: &str, text: &str, games: &[Game]) {
    let mut each = Vec::new();
    let outside = read_each_game(text, |g| each.push(g));
    assert_eq!(each, games, "{name}: read_each_game");
    assert_eq!(
        outside,
        read_file(text).diagnostics,
        "{name}: outside diagnostics"
    );
    let headers = read_headers(text);
    assert_eq!(headers.len(), games.len(), "{name}: game count");
    let mut end = 0;
    for (i, (h, g)) in headers.iter().zip(games).enumerate() {
        assert_eq!(h.span, g.span, "{name} game {i}: span");
        assert!(g.span.start >= end, "{name} game {i}: spans overlap");
        end = g.span.end;
        assert_eq!(h.tags, g.tags, "{name} game {i}: tags");
        assert_eq!(h.result, g.result, "{name} game {i}: result");
        assert_eq!(h.plies, g.moves.len(), "{name} game {i}: plies");
        assert_eq!(
            h.errors,
            count(g, Severity::Error),
            "{name} game {i}: errors"
        );
        assert_eq!(
            h.warnings,
            count(g, Severity::Warning),
            "{name} game {i}: warnings"
        );
        let alone = read_game_at(text, g.span.start);
        assert_eq!(
            alone.as_ref(),
            Some(g),
            "{name} game {i}: read from its span"
        );
    }
}

#[test]
fn headers_and_single_games_agree_with_the_full_reader_on_every_corpus_file() {
    let Some(corpora) = common::corpora("the streaming agreement test") else {
        return;
    };
    let files = common::files_below(&corpora);
    let mut games = 0;
    for path in &files {
        let f = read_bytes(&std::fs::read(path).unwrap());
        check_agreement(&path.display().to_string(), &f.text, &f.games);
        games += f.games.len();
    }
    assert!(games > 15_000, "{games} games");
}

#[test]
fn agreement_on_hand_written_oddities() {
    for text in [
        "",
        "{only a comment}",
        "1-0",
        "{intro} [Event \"a\"] 1. 32-28 1-0 {outro} foo 1-0 {more} [Event \"b\"] *",
        "1. 32-28 * 2. 19-23 ( 3. 28x19 ) * bar",
        "[Event \"a\"] ( 32-28 [Event \"b\"] 1. 31-26 (",
        "1-0 ( 32-28 ) [Event \"c\"] 1. 33-28 *",
        "[Event \"a\"][Event \"b\"][Site \"x\"] one two three [Event \"c\"]",
        "1. 32-28 1-0 1. 31-27 0-1 {x} 1. 33-28 1-101.34-29 *",
        "[Result \"4-6\"] 1. 32-28 4-6 {c} [Result \"2-0\"] 1. 32-28 19-23 1-0",
    ] {
        let f = read_file(text);
        check_agreement(text, text, &f.games);
    }
}

#[test]
fn a_visitor_sees_events_in_order_and_can_stop() {
    #[derive(Default)]
    struct Log(Vec<String>);
    impl<'a> Visitor<'a> for Log {
        fn begin_game(&mut self, start: usize) {
            self.0.push(format!("begin {start}"));
        }
        fn tag(&mut self, name: &'a str, value: &'a str, _: Span) {
            self.0.push(format!("tag {name}={value}"));
        }
        fn move_number(&mut self, number: u32, _: Span) {
            self.0.push(format!("number {number}"));
        }
        fn game_move(&mut self, text: &'a str, strength: &'a str, _: Span) {
            self.0.push(format!("move {text}{strength}"));
        }
        fn nag(&mut self, nag: u16, _: Span) {
            self.0.push(format!("nag {nag}"));
        }
        fn comment(&mut self, text: &'a str, _: Span) {
            self.0.push(format!("comment {text}"));
        }
        fn begin_variation(&mut self, _: Span) {
            self.0.push("(".into());
        }
        fn end_variation(&mut self, _: Span) {
            self.0.push(")".into());
        }
        fn result(&mut self, result: &'a str, _: Span) {
            self.0.push(format!("result {result}"));
        }
        fn problem(&mut self, p: &pdn::reader::Problem<'a>) {
            self.0.push(format!("problem {}", p.code()));
        }
        fn end_game(&mut self, span: Span) -> ControlFlow<()> {
            self.0.push(format!("end {}..{}", span.start, span.end));
            ControlFlow::Break(())
        }
    }
    let mut log = Log::default();
    visit(
        "[Event \"x\"] 1. 32-28! $1 {c} (31-27) 19-23 ( 1... 18-23 2. 38-32 * [Event \"y\"] *",
        &mut log,
    );
    assert_eq!(
        log.0,
        [
            "begin 0",
            "tag Event=x",
            "number 1",
            "move 32-28!",
            "nag 1",
            "comment c",
            "(",
            "move 31-27",
            ")",
            "move 19-23",
            "(",
            "number 1",
            "move 18-23",
            "number 2",
            "move 38-32",
            // The `*` is inside the variation, which never closes: the next tags end the game.
            "problem unclosed-variation",
            ")",
            "problem missing-result",
            "end 0..66",
        ]
    );
}
