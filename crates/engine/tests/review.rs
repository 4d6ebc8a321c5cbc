//! The game review's verdicts (issue 38): the same on every run under a node budget, nothing
//! marked for a move that keeps the outcome (within a tenth of a man of the best, or any
//! winning move in a won ending), and a thrown-away outcome said as such. (The page's stepping
//! and `pdn review` giving the same marks: crates/engine-wasm's tests, crates/cli/tests/engine.rs
//! and tests/e2e/review.mjs on the same fixture and budget.)

use pdn::{Color, Position, Ruleset, Variant};
use pdn_engine::review::{Outcome, Review, Reviewer, judge, review};
use pdn_engine::{Engine, Limits, Score};

/// A game the engine played against itself with a worse line now and then (the page's test
/// reviews it too: tests/e2e/fixtures/review-game.pdn).
const GAME: &str = include_str!("../../../tests/e2e/fixtures/review-game.pdn");

/// The budget the page's test uses for it (tests/e2e/review.mjs): the panel's "Quick".
const NODES: u64 = 30_000;

fn reviewed(text: &str, limits: &Limits) -> Review {
    let game = pdn::read_file(text).games.remove(0);
    let r = pdn::replay::replay(&game);
    let rs = (*r.ruleset.clone().unwrap()).clone();
    let mut e = Engine::new(rs, pdn_engine::review::REVIEW_ENTRIES);
    review(&mut e, &r, limits, |_, _| {})
}

/// The fixture's review at [`NODES`], once for the tests that read it (a debug build's review
/// takes a while).
fn quick() -> &'static Review {
    static QUICK: std::sync::OnceLock<Review> = std::sync::OnceLock::new();
    QUICK.get_or_init(|| reviewed(GAME, &Limits::nodes(NODES)))
}

fn marks(r: &Review) -> Vec<String> {
    r.plies
        .iter()
        .filter(|p| !p.mark.is_empty())
        .map(|p| format!("{}{}", p.ply, p.mark))
        .collect()
}

#[test]
fn a_node_budget_gives_the_same_verdicts_every_run() {
    let (a, b) = (quick(), &reviewed(GAME, &Limits::nodes(NODES)));
    assert_eq!(marks(a), marks(b));
    assert_eq!(a.evals, b.evals);
    let losses = |r: &Review| r.plies.iter().map(|p| p.loss).collect::<Vec<_>>();
    assert_eq!(losses(a), losses(b));
    // The marks the page's test expects too (tests/e2e/review.mjs REVIEW_GAME_MARKS).
    assert_eq!(
        marks(a).join(" "),
        "15?! 21?! 22?! 25?! 26?! 31? 32? 33?! 64?!"
    );
}

#[test]
fn no_mark_within_a_tenth_of_a_man_of_the_best() {
    for p in &quick().plies {
        if !p.mark.is_empty() {
            assert!(
                p.loss >= 30,
                "ply {}: {} for a loss of {}",
                p.ply,
                p.mark,
                p.loss
            );
            // The loss is the one search's: the best's score less the move's, where it was played.
            assert_eq!(p.loss, p.best.0 - p.played.0, "ply {}", p.ply);
        }
    }
    assert_eq!(judge(Score(50), Score(42)).1, "");
    assert_eq!(judge(Score(50), Score(41)).1, "");
}

#[test]
fn a_winning_move_in_a_won_ending_is_not_marked() {
    // Forced win against a big margin, a longer win, a smaller margin still won.
    let win_in = |n: i32| Score(pdn_engine::search::WIN - n);
    assert_eq!(
        judge(win_in(9), Score(520)),
        (judge(win_in(9), Score(520)).0, "", None)
    );
    assert_eq!(judge(win_in(9), win_in(41)).1, "");
    assert_eq!(judge(Score(800), Score(320)).1, "");
    // And in a real ending: White, four men against one, promotes or not; every move that
    // keeps the win is unmarked.
    let rs = Ruleset::of(Variant::International).unwrap();
    let start = Position::from_fen("W:W7,31,32,33:B20", &rs.geometry, Color::White).unwrap();
    let mut checked = 0;
    for m in start.legal_moves(&rs) {
        let positions = vec![start, start.play(&m)];
        let mut e = Engine::new(rs.clone(), 1 << 16);
        let mut run = Reviewer::new(positions);
        let limits = Limits::nodes(NODES);
        while run.step(&mut e, &limits).is_some() {}
        let p = run.ply(1).unwrap();
        if Outcome::of(p.played) == Outcome::Win {
            assert_eq!(p.mark, "", "{m:?}: {p:?}");
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} winning moves");
}

#[test]
fn a_thrown_away_outcome_is_a_mistake_and_said() {
    let win_in = |n: i32| Score(pdn_engine::search::WIN - n);
    let (_, mark, change) = judge(win_in(11), Score(20));
    assert_eq!((mark, change), ("??", Some((Outcome::Win, Outcome::Draw))));
    let (_, mark, change) = judge(Score(340), Score(220));
    assert_eq!((mark, change), ("?", Some((Outcome::Win, Outcome::Draw))));
    // Across the line by a little: no change, no mark.
    assert_eq!(judge(Score(305), Score(295)).1, "");
    assert_eq!(judge(Score(305), Score(295)).2, None);
    let (_, mark, change) = judge(Score(10), Score(-350));
    assert_eq!((mark, change), ("??", Some((Outcome::Draw, Outcome::Loss))));
    let (_, mark, change) = judge(Score(400), Score(-400));
    assert_eq!((mark, change), ("??", Some((Outcome::Win, Outcome::Loss))));
    // Within the drawn range a loss is said in men.
    let (loss, mark, change) = judge(Score(20), Score(-70));
    assert_eq!((loss, mark, change), (90, "?", None));
}
