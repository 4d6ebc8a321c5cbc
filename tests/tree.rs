//! Borrowed move trees (`pdn::reader::tree`): on every corpus file each tree resolves, field by
//! field, to the owned game `read_file` gives, its text borrowed from the source; the arena is
//! reused, so reading more games does not allocate more; the oddities of the tree builder (a
//! comment after a variation, an empty variation, a variation before any move) are kept.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ops::ControlFlow;

use pdn::Game;
use pdn::reader::{Node, Tree, TreeNode, for_each_tree, read_bytes, read_file, tree_at};

/// Counts the allocations of the thread that makes them (tests run in threads of their own).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// `part` is a slice of `text` (not a copy).
fn inside(text: &str, part: &str) -> bool {
    let (t, p) = (text.as_ptr() as usize, part.as_ptr() as usize);
    p >= t && p + part.len() <= t + text.len()
}

/// A borrowed move resolves to the owned one, its text in the source.
fn check_node(at: &str, text: &str, tree: &Tree<'_>, n: &TreeNode<'_>, o: &Node) {
    assert!(
        inside(text, n.written) || n.written == "-",
        "{at}: move text borrowed"
    );
    assert!(
        inside(text, n.marks) || n.marks.is_empty(),
        "{at}: marks borrowed"
    );
    assert_eq!(n.text(), o.text.as_str(), "{at}: text");
    assert_eq!(n.strength(), o.strength, "{at}: strength");
    assert_eq!(n.notation, o.notation, "{at}: notation");
    assert_eq!((n.span, n.number), (o.span, o.number), "{at}: span, number");
    assert_eq!(tree.nags(n), o.nags, "{at}: nags");
    assert_eq!(tree.comments(n), o.comments, "{at}: comments");
    for c in tree.comments(n) {
        if let std::borrow::Cow::Borrowed(c) = c {
            assert!(inside(text, c), "{at}: comment borrowed");
        }
    }
    assert_eq!(n.setup, o.setup.as_deref(), "{at}: setup");
    if let Some(s) = n.setup {
        assert!(inside(text, s), "{at}: setup borrowed");
    }
    let ids: Vec<usize> = tree.variations(n).iter().map(|&i| i as usize).collect();
    assert_eq!(ids, o.variations, "{at}: variations");
}

/// A tree resolves to the owned game, field by field, and as a whole.
fn check_tree(name: &str, text: &str, tree: &Tree<'_>, game: &Game) {
    assert_eq!(tree.span(), game.span, "{name}: span");
    assert_eq!(tree.tags().len(), game.tags.len(), "{name}: tags");
    for (t, o) in tree.tags().iter().zip(&game.tags) {
        assert!(
            inside(text, t.name) && inside(text, t.raw_value),
            "{name}: tag borrowed"
        );
        assert_eq!(
            (t.name, t.value().as_ref(), t.span),
            (o.name.as_str(), o.value.as_str(), o.span)
        );
    }
    assert_eq!(tree.intro(), game.intro, "{name}: intro");
    assert_eq!(tree.outro(), game.outro, "{name}: outro");
    assert_eq!(tree.setup(), game.setup.as_deref(), "{name}: setup");
    assert_eq!(tree.result(), game.result.as_deref(), "{name}: result");
    if let Some(r) = tree.result() {
        assert!(inside(text, r), "{name}: result borrowed");
    }
    assert_eq!(tree.diagnostics(), game.diagnostics, "{name}: diagnostics");
    assert_eq!(tree.mainline().len(), game.moves.len(), "{name}: mainline");
    for (i, (n, o)) in tree.mainline().iter().zip(&game.moves).enumerate() {
        check_node(&format!("{name} ply {i}"), text, tree, n, o);
    }
    assert_eq!(
        tree.all_variations().len(),
        game.variations.len(),
        "{name}: variations"
    );
    for (v, (t, o)) in tree
        .all_variations()
        .iter()
        .zip(&game.variations)
        .enumerate()
    {
        assert_eq!(t.span, o.span, "{name} variation {v}: span");
        assert_eq!(
            tree.variation_comments(t),
            o.comments,
            "{name} variation {v}: comments"
        );
        assert_eq!(
            tree.moves(t).len(),
            o.moves.len(),
            "{name} variation {v}: moves"
        );
        for (i, (n, m)) in tree.moves(t).iter().zip(&o.moves).enumerate() {
            check_node(&format!("{name} variation {v} move {i}"), text, tree, n, m);
        }
    }
    assert_eq!(&tree.to_game(), game, "{name}: to_game");
    assert_eq!(&Game::from_tree(tree), game, "{name}: from_tree");
}

/// Every tree of `text` against `read_file`'s games, and `tree_at` at each game's start.
fn check_text(name: &str, text: &str) -> usize {
    let file = read_file(text);
    let mut i = 0;
    let outside = for_each_tree(text, |tree| {
        let game = &file.games[i];
        check_tree(&format!("{name} game {i}"), text, tree, game);
        let alone = tree_at(text, game.span.start).expect("a game at its start");
        assert_eq!(&alone.to_game(), game, "{name} game {i}: tree_at");
        i += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(i, file.games.len(), "{name}: games");
    assert_eq!(outside, file.diagnostics, "{name}: outside diagnostics");
    i
}

#[test]
fn trees_resolve_to_the_owned_games_on_every_corpus_file() {
    let Some(corpora) = common::corpora("the borrowed tree test") else {
        return;
    };
    let mut games = 0;
    for path in common::files_below(&corpora) {
        let f = read_bytes(&std::fs::read(&path).unwrap());
        if f.encoding.is_text() {
            games += check_text(&path.display().to_string(), &f.text);
        }
    }
    assert!(games > 15_000, "{games} games");
}

#[test]
fn trees_resolve_to_the_owned_games_on_the_test_data() {
    let mut files = 0;
    for path in common::files_below(&common::data()) {
        if path.extension().is_some_and(|e| e == "pdn") {
            let f = read_bytes(&std::fs::read(&path).unwrap());
            check_text(&path.display().to_string(), &f.text);
            files += 1;
        }
    }
    assert!(files > 0);
}

/// A text and what to check of its first game.
type Case<'c> = (&'c str, &'c dyn Fn(&Game));

#[test]
fn the_tree_builders_oddities() {
    let cases: [Case<'_>; 8] = [
        // A comment after a variation goes to the move before it, after the comments it had.
        ("1. 32-28 {a} (33-28 {b}) {c} 19-23 *", &|g| {
            assert_eq!(g.moves[0].comments, ["a", "c"]);
            assert_eq!(g.variations[0].moves[0].comments, ["b"]);
        }),
        // So do NAGs, and a star move's NAG 7 comes first.
        ("1. 32-28* $1 (33-28 $2) $3 19-23 *", &|g| {
            assert_eq!(g.moves[0].nags, [7, 1, 3]);
            assert_eq!(g.moves[0].strength, "");
        }),
        // An empty variation's comments go with the move before it.
        ("1. 32-28 {a} ( {b} ) {c} *", &|g| {
            assert_eq!(g.moves[0].comments, ["a", "b", "c"]);
            assert!(g.variations.is_empty());
        }),
        // A variation before any move is kept as text in the intro.
        ("{x} (32-28 1- 7) {y} 1. 33-28 *", &|g| {
            assert_eq!(g.intro, ["x", "(32-28 1-7)", "y"]);
        }),
        // Nested variations: stored as they close, inner first; two on one move, in order.
        ("1. 32-28 (33-28 (34-29) 18-23) (31-27) 19-23 *", &|g| {
            assert_eq!(g.variations.len(), 3);
            assert_eq!(g.variations[0].moves[0].text, "34-29");
            assert_eq!(g.moves[0].variations, [1, 2]);
            assert_eq!(g.variations[1].moves[0].variations, [0]);
        }),
        // A variation left open ends with its game.
        ("1. 32-28 (33-28 {open", &|g| {
            assert_eq!(g.variations.len(), 1);
            assert_eq!(g.moves[0].variations, [0]);
        }),
        // Setups: the game's start, and one before a move of a variation.
        (
            "/FEN \"W:W31:B1\"/ 1. 31-26 (/FEN \"W:W32:B1\"/ 32-28) *",
            &|g| {
                assert!(g.setup.is_some());
                assert!(g.variations[0].moves[0].setup.is_some());
            },
        ),
        // A move written with a space.
        ("1. 1- 7 *", &|g| {
            assert_eq!(g.moves[0].text, "1-7");
            assert_eq!(g.moves[0].notation.as_ref().unwrap().squares, ["1", "7"]);
        }),
    ];
    for (text, check) in cases {
        check_text(text, text);
        check(&read_file(text).games[0]);
    }
}

#[test]
fn reading_more_games_allocates_no_more() {
    // Games with tags, comments, NAGs and variations, but no diagnostics (a diagnostic is owned).
    let game = "[Event \"e\"][White \"A \\\"B\\\"\"][Black \"C\"][Result \"1-0\"]\n\
                {intro} 1. 32-28 {a} $1 19-23 (18-23 {b} 2. 28x19) 2. 33-29! 14x23 1-0 {outro}\n";
    let count = |games: usize| {
        let text = game.repeat(games);
        let mut seen = 0;
        let before = allocations();
        for_each_tree(&text, |tree| {
            assert!(tree.diagnostics().is_empty());
            seen += tree.mainline().len();
            ControlFlow::Continue(())
        });
        let n = allocations() - before;
        assert_eq!(seen, 4 * games);
        n
    };
    let one = count(1);
    assert_eq!(count(500), one, "allocations for 500 games against one");
    // The owned games allocate per game, for comparison.
    let text = game.repeat(2);
    let before = allocations();
    drop(read_file(&text));
    assert!(allocations() - before > one);
}

#[test]
fn a_reader_can_stop() {
    let text = "1. 32-28 * 1. 33-28 * 1. 34-29 *";
    let mut n = 0;
    for_each_tree(text, |_| {
        n += 1;
        if n == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(n, 2);
    assert!(tree_at(text, text.len()).is_none());
}
