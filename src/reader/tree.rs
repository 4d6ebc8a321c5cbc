//! Borrowed move trees: a game read into one arena, its text left in the source.
//!
//! A [`Tree`] is one game as [`read_file`](super::read_file) reads it, without copying any text:
//! the moves, strength marks, comments, setups, tag names and tag values are `&'a str` slices of
//! the source, a tag's value is unescaped only when asked for ([`RawTag::value`]), and every
//! node of the mainline and of the variations, every NAG and every comment lives in a few
//! vectors that [`for_each_tree`] clears and fills again for each game. Reading a file that way
//! allocates per file (the vectors grow to the largest game), not per game, tag or comment. Only
//! a game's diagnostics, a move written with spaces inside (`1- 7`, read as `1-7`) and the text
//! kept of a variation that stands before any move are owned.
//!
//! The owned [`Game`] is built from a tree ([`Tree::to_game`], [`Game::from_tree`]): it is what
//! [`read_file`](super::read_file), [`read_each_game`](super::read_each_game) and
//! [`read_game_at`](super::read_game_at) return, one tree builder behind all of them. The
//! borrowed form and the owned one keep the names of the standard and of pgn-reader's
//! `RawTag` (MIT/Apache-2.0) in spirit.
//!
//! ```
//! use std::ops::ControlFlow;
//! let text = "[White \"A\"] 1. 32-28! {good} (33-28 $2) 19-23 * [White \"B\"] 1. 31-27 *";
//! let mut seen = Vec::new();
//! pdn::reader::for_each_tree(text, |tree| {
//!     let first = &tree.mainline()[0];
//!     seen.push((tree.tag("White").unwrap().into_owned(), first.written, tree.comments(first).len()));
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(seen, [("A".to_string(), "32-28", 1), ("B".to_string(), "31-27", 0)]);
//! ```

use std::borrow::Cow;
use std::ops::ControlFlow;

use crate::diagnostic::{Diagnostic, Span};
use crate::notation::{MoveText, PdnMove};

use super::split::{visit, visit_from};
use super::visitor::Visitor;
use super::{Game, Node, Problem, Tag, Variation, numbered_pair, parse_compact_move, unescape};

/// A run of entries of one of a tree's vectors (its NAGs, comments or variations), and the room
/// kept for it past its end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Run {
    start: u32,
    end: u32,
    /// The end of the room reserved for the run (`end` when there is none).
    room: u32,
}

impl Run {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Appends `item` to the run `run` of `pool`. A run is contiguous: when something else was
/// appended to the pool since the run's last entry (a comment after a variation that had
/// comments of its own), the run is copied to the pool's end with as much room again after it
/// (so that a run interleaved with others is copied a logarithmic number of times, not once per
/// entry); the old copy and the room are left unused until the pool is cleared with its game.
#[inline(always)]
fn append<T: Clone + Default>(pool: &mut Vec<T>, run: &mut Run, item: T) {
    let len = pool.len() as u32;
    if run.end == len || run.start == run.end {
        // At the pool's end (or a new run): it grows there.
        if run.start == run.end {
            run.start = len;
        }
        pool.push(item);
        run.end = len + 1;
        run.room = run.end;
    } else if run.end < run.room {
        pool[run.end as usize] = item;
        run.end += 1;
    } else {
        let n = run.end - run.start;
        pool.extend_from_within(run.range());
        pool.push(item);
        pool.resize((len + 2 * (n + 1)) as usize, T::default());
        *run = Run {
            start: len,
            end: len + n + 1,
            room: len + 2 * (n + 1),
        };
    }
}

/// A tag pair as written: its name and raw value are slices of the source.
///
/// ```
/// let tree = pdn::reader::tree_at(r#"[Event "say \"hi\""] *"#, 0).unwrap();
/// let tag = &tree.tags()[0];
/// assert_eq!((tag.name, tag.raw_value), ("Event", r#"say \"hi\""#));
/// assert_eq!(tag.value(), r#"say "hi""#);
/// assert_eq!(tag.to_tag().value, r#"say "hi""#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawTag<'a> {
    /// Name as written.
    pub name: &'a str,
    /// Value as written, with its escapes (`\"`, `\\`, `\'`).
    pub raw_value: &'a str,
    /// Where the tag is.
    pub span: Span,
}

impl<'a> RawTag<'a> {
    /// The value with its escapes resolved ([`unescape`]): borrowed from the source unless it
    /// has a backslash.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at(r#"[White "D\'Almeida"][Black "B"] *"#, 0).unwrap();
    /// assert_eq!(tree.tags()[0].value(), "D'Almeida");
    /// assert!(matches!(tree.tags()[1].value(), std::borrow::Cow::Borrowed("B")));
    /// ```
    #[must_use]
    pub fn value(&self) -> Cow<'a, str> {
        unescape(self.raw_value)
    }

    /// The owned [`Tag`] of [`Game::tags`].
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("[Round \"3\"] *", 0).unwrap();
    /// assert_eq!(tree.tags()[0].to_tag(), pdn::read_file("[Round \"3\"] *").games[0].tags[0]);
    /// ```
    #[must_use]
    pub fn to_tag(&self) -> Tag {
        Tag {
            name: self.name.to_string(),
            value: self.value().into_owned(),
            span: self.span,
        }
    }
}

/// One move of a [`Tree`]: the borrowed [`Node`]. Its NAGs, comments and variations are runs of
/// the tree's vectors: ask the tree ([`Tree::nags`], [`Tree::comments`], [`Tree::variations`]).
///
/// ```
/// let tree = pdn::reader::tree_at("1. 32-28!* $1 {a} 19-23 *", 0).unwrap();
/// let m = &tree.mainline()[0];
/// assert_eq!((m.written, m.marks, m.number), ("32-28", "!*", Some(1)));
/// assert_eq!(m.strength(), "!"); // the star is NAG 7
/// assert_eq!(tree.nags(m), [7, 1]);
/// assert_eq!(m.notation.as_ref().unwrap().squares, ["32", "28"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode<'a> {
    /// The move as written, without strength marks (`32-28`); it may hold spaces (`1- 7`,
    /// see [`TreeNode::text`]); `-` for an unrecorded move.
    pub written: &'a str,
    /// Strength marks as written after the move (`!?`, `(?)`, a `*` for a PDN 2.0 star move).
    pub marks: &'a str,
    /// The parsed notation; `None` for an unrecorded move.
    pub notation: Option<PdnMove>,
    /// Where the move is.
    pub span: Span,
    /// The move number written before it, if any.
    pub number: Option<u32>,
    /// A `/FEN "…"/` setup written just before it: the position is set up anew.
    pub setup: Option<&'a str>,
    /// `written` has spaces inside.
    spaced: bool,
    nags: Run,
    comments: Run,
    variations: Run,
}

impl<'a> TreeNode<'a> {
    /// The move as [`Node::text`] has it: as written, with any spaces inside taken out.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 1- 7 *", 0).unwrap();
    /// assert_eq!(tree.mainline()[0].written, "1- 7");
    /// assert_eq!(tree.mainline()[0].text(), "1-7");
    /// ```
    #[must_use]
    pub fn text(&self) -> Cow<'a, str> {
        if self.spaced {
            compact(self.written)
        } else {
            Cow::Borrowed(self.written)
        }
    }

    /// The strength marks as [`Node::strength`] has them: a star (`*`, NAG 7) taken out.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28!? 19-23* *", 0).unwrap();
    /// assert_eq!(tree.mainline()[0].strength(), "!?");
    /// assert_eq!(tree.mainline()[1].strength(), "");
    /// ```
    #[must_use]
    pub fn strength(&self) -> Cow<'a, str> {
        if !self.marks.is_empty() && self.marks.contains('*') {
            Cow::Owned(self.marks.replace('*', ""))
        } else {
            Cow::Borrowed(self.marks)
        }
    }
}

/// `text` without ASCII spaces: borrowed when it has none.
fn compact(text: &str) -> Cow<'_, str> {
    if text.bytes().any(|b| b.is_ascii_whitespace()) {
        Cow::Owned(text.split_ascii_whitespace().collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// A variation of a [`Tree`]: the borrowed [`Variation`]. Its moves and comments are runs of the
/// tree's vectors: ask the tree ([`Tree::moves`], [`Tree::variation_comments`]).
///
/// ```
/// let tree = pdn::reader::tree_at("1. 32-28 ({why not} 33-28 18-23) *", 0).unwrap();
/// let v = &tree.all_variations()[0];
/// assert_eq!(tree.moves(v).len(), 2);
/// assert_eq!(tree.variation_comments(v), ["why not"]);
/// assert_eq!(v.span, pdn::Span::new(9, 32));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeVariation {
    /// From `(` to `)`.
    pub span: Span,
    moves: Run,
    comments: Run,
}

/// One game read without copying its text: the borrowed form of [`Game`], in one arena (see
/// the [module](self)). [`for_each_tree`] hands each game of a text over as a `&Tree`;
/// [`tree_at`] reads the one at an offset; [`Tree::to_game`] makes the owned [`Game`].
///
/// ```
/// let text = "[Event \"e\"] {start} 1. 32-28 (1. 33-28 {or}) 19-23 1-0 {end}";
/// let tree = pdn::reader::tree_at(text, 0).unwrap();
/// assert_eq!(tree.tag("event").as_deref(), Some("e"));
/// assert_eq!(tree.intro(), ["start"]);
/// assert_eq!(tree.mainline().len(), 2);
/// let v = tree.variations(&tree.mainline()[0]);
/// assert_eq!(v, [0]);
/// let line = tree.moves(&tree.all_variations()[0]);
/// assert_eq!(tree.comments(&line[0]), ["or"]);
/// assert_eq!((tree.result(), tree.outro()), (Some("1-0"), &["end".into()][..]));
/// assert_eq!(tree.to_game(), pdn::read_file(text).games[0]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Tree<'a> {
    tags: Vec<RawTag<'a>>,
    mainline: Vec<TreeNode<'a>>,
    /// The moves of every variation, each variation's a contiguous run, in the order the
    /// variations close.
    variation_moves: Vec<TreeNode<'a>>,
    variations: Vec<TreeVariation>,
    variation_ids: Vec<u32>,
    comments: Vec<Cow<'a, str>>,
    nags: Vec<u16>,
    intro: Run,
    outro: Run,
    setup: Option<&'a str>,
    result: Option<&'a str>,
    span: Span,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Tree<'a> {
    /// Tags in file order.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("[Event \"e\"][Round \"2\"] *", 0).unwrap();
    /// let names: Vec<&str> = tree.tags().iter().map(|t| t.name).collect();
    /// assert_eq!(names, ["Event", "Round"]);
    /// ```
    #[must_use]
    pub fn tags(&self) -> &[RawTag<'a>] {
        &self.tags
    }

    /// The value of a tag, matching the name without regard to case (as [`Game::tag`]).
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("[SetUp \"1\"] *", 0).unwrap();
    /// assert_eq!(tree.tag("Setup").as_deref(), Some("1"));
    /// assert_eq!(tree.tag("FEN"), None);
    /// ```
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<Cow<'a, str>> {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map(RawTag::value)
    }

    /// Comments before the first move.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("[Event \"e\"] { a } {b} 1. 32-28 *", 0).unwrap();
    /// assert_eq!(tree.intro(), ["a", "b"]);
    /// ```
    #[must_use]
    pub fn intro(&self) -> &[Cow<'a, str>] {
        &self.comments[self.intro.range()]
    }

    /// A `/FEN/` setup before the first move.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("/FEN \"W:W31:B1\"/ 1. 31-26 *", 0).unwrap();
    /// assert_eq!(tree.setup(), Some("\"W:W31:B1\""));
    /// ```
    #[must_use]
    pub fn setup(&self) -> Option<&'a str> {
        self.setup
    }

    /// The mainline.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28 (33-28) 19-23 *", 0).unwrap();
    /// let moves: Vec<&str> = tree.mainline().iter().map(|n| n.written).collect();
    /// assert_eq!(moves, ["32-28", "19-23"]);
    /// ```
    #[must_use]
    pub fn mainline(&self) -> &[TreeNode<'a>] {
        &self.mainline
    }

    /// Every variation of the game, at any depth, in the order of [`Game::variations`];
    /// [`Tree::variations`] gives a move's indexes into it.
    ///
    /// ```
    /// // The inner variation closes first.
    /// let tree = pdn::reader::tree_at("1. 32-28 (33-28 (34-29) 18-23) *", 0).unwrap();
    /// let v = tree.all_variations();
    /// assert_eq!(v.len(), 2);
    /// assert_eq!(tree.moves(&v[0])[0].written, "34-29");
    /// assert_eq!(tree.variations(&tree.moves(&v[1])[0]), [0]);
    /// ```
    #[must_use]
    pub fn all_variations(&self) -> &[TreeVariation] {
        &self.variations
    }

    /// The moves of a variation.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28 (33-28 18-23) 19-23 *", 0).unwrap();
    /// assert_eq!(tree.moves(&tree.all_variations()[0])[1].written, "18-23");
    /// ```
    #[must_use]
    pub fn moves(&self, variation: &TreeVariation) -> &[TreeNode<'a>] {
        &self.variation_moves[variation.moves.range()]
    }

    /// The comments between a variation's `(` and its first move.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28 ({or} 33-28) *", 0).unwrap();
    /// assert_eq!(tree.variation_comments(&tree.all_variations()[0]), ["or"]);
    /// ```
    #[must_use]
    pub fn variation_comments(&self, variation: &TreeVariation) -> &[Cow<'a, str>] {
        &self.comments[variation.comments.range()]
    }

    /// The NAGs after a move (a star move's NAG 7 first).
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28 $1 $14 *", 0).unwrap();
    /// assert_eq!(tree.nags(&tree.mainline()[0]), [1, 14]);
    /// ```
    #[must_use]
    pub fn nags(&self, node: &TreeNode<'a>) -> &[u16] {
        &self.nags[node.nags.range()]
    }

    /// The comments after a move, trimmed. Borrowed from the source, but for the comments of
    /// an empty variation (`( {text} )`), which go with the move before it.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28 {a} ( {b} ) {c} *", 0).unwrap();
    /// assert_eq!(tree.comments(&tree.mainline()[0]), ["a", "b", "c"]);
    /// ```
    #[must_use]
    pub fn comments(&self, node: &TreeNode<'a>) -> &[Cow<'a, str>] {
        &self.comments[node.comments.range()]
    }

    /// The alternatives to a move: indexes into [`Tree::all_variations`], in file order.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28 (33-28) (31-27) 19-23 *", 0).unwrap();
    /// assert_eq!(tree.variations(&tree.mainline()[0]), [0, 1]);
    /// assert!(tree.variations(&tree.mainline()[1]).is_empty());
    /// ```
    #[must_use]
    pub fn variations(&self, node: &TreeNode<'a>) -> &[u32] {
        &self.variation_ids[node.variations.range()]
    }

    /// Comments after the result.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28 1-0 {resigned}", 0).unwrap();
    /// assert_eq!(tree.outro(), ["resigned"]);
    /// ```
    #[must_use]
    pub fn outro(&self) -> &[Cow<'a, str>] {
        &self.comments[self.outro.range()]
    }

    /// The result or `*` that ended the game, as written.
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28 1-0", 0).unwrap();
    /// assert_eq!(tree.result(), Some("1-0"));
    /// ```
    #[must_use]
    pub fn result(&self) -> Option<&'a str> {
        self.result
    }

    /// All of the game's text (as [`Game::span`]).
    ///
    /// ```
    /// let text = "1. 32-28 * {x} 1. 33-28 *";
    /// let tree = pdn::reader::tree_at(text, 0).unwrap();
    /// assert_eq!(&text[tree.span().start..tree.span().end], "1. 32-28 * {x}");
    /// ```
    #[must_use]
    pub fn span(&self) -> Span {
        self.span
    }

    /// Reading problems inside this game (as [`Game::diagnostics`]).
    ///
    /// ```
    /// let tree = pdn::reader::tree_at("1. 32-28 @ *", 0).unwrap();
    /// assert_eq!(tree.diagnostics().len(), 1);
    /// ```
    #[must_use]
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The owned [`Game`], equal to what [`read_file`](super::read_file) gives for this game.
    ///
    /// ```
    /// let text = "[Event \"e\"] 1. 32-28 {ok} (33-28) *";
    /// let tree = pdn::reader::tree_at(text, 0).unwrap();
    /// assert_eq!(tree.to_game(), pdn::read_file(text).games[0]);
    /// ```
    #[must_use]
    pub fn to_game(&self) -> Game {
        self.game_with(self.diagnostics.clone())
    }

    /// The owned game, its diagnostics given (taken from the tree by the readers of owned games).
    fn game_with(&self, diagnostics: Vec<Diagnostic>) -> Game {
        // Most moves have no NAG, comment or variation: their runs are empty.
        let comments = |run: Run| -> Vec<String> {
            self.comments[run.range()]
                .iter()
                .map(|c| c.to_string())
                .collect()
        };
        let node = |n: &TreeNode<'a>| Node {
            text: if n.spaced {
                MoveText::from(compact(n.written).as_ref())
            } else {
                MoveText::from(n.written)
            },
            notation: n.notation.clone(),
            strength: if n.marks.is_empty() {
                String::new()
            } else {
                n.strength().into_owned()
            },
            span: n.span,
            number: n.number,
            nags: if n.nags.start == n.nags.end {
                Vec::new()
            } else {
                self.nags(n).to_vec()
            },
            comments: if n.comments.start == n.comments.end {
                Vec::new()
            } else {
                comments(n.comments)
            },
            setup: n.setup.map(str::to_string),
            variations: if n.variations.start == n.variations.end {
                Vec::new()
            } else {
                self.variations(n).iter().map(|&i| i as usize).collect()
            },
        };
        Game {
            tags: self.tags.iter().map(RawTag::to_tag).collect(),
            intro: comments(self.intro),
            setup: self.setup.map(str::to_string),
            moves: self.mainline.iter().map(node).collect(),
            variations: self
                .variations
                .iter()
                .map(|v| Variation {
                    comments: comments(v.comments),
                    moves: self.moves(v).iter().map(node).collect(),
                    span: v.span,
                })
                .collect(),
            outro: comments(self.outro),
            result: self.result.map(str::to_string),
            span: self.span,
            diagnostics,
        }
    }

    fn clear(&mut self) {
        self.tags.clear();
        self.mainline.clear();
        self.variation_moves.clear();
        self.variations.clear();
        self.variation_ids.clear();
        self.comments.clear();
        self.nags.clear();
        self.intro = Run::default();
        self.outro = Run::default();
        self.setup = None;
        self.result = None;
        self.diagnostics.clear();
    }
}

impl Game {
    /// The owned game of a borrowed [`Tree`] (as [`Tree::to_game`]).
    ///
    /// ```
    /// let text = "[Round \"1\"] 1. 32-28 {ok} 19-23 *";
    /// let tree = pdn::reader::tree_at(text, 0).unwrap();
    /// assert_eq!(pdn::Game::from_tree(&tree), pdn::read_file(text).games[0]);
    /// ```
    #[must_use]
    pub fn from_tree(tree: &Tree<'_>) -> Game {
        tree.to_game()
    }
}

/// Reads `text` game by game into one reused [`Tree`]: `each` gets every game of
/// [`read_file`](super::read_file), in file order, as a borrowed tree, and returns
/// `ControlFlow::Break(())` to stop. The tree's vectors are cleared between games, not freed, so
/// reading allocates per file, not per game. Returns the problems outside any game
/// ([`PdnFile::diagnostics`](super::PdnFile::diagnostics)).
///
/// ```
/// use std::ops::ControlFlow;
/// let text = "1-0 [Round \"1\"] 1. 32-28 * [Round \"2\"] 1. 33-28 18-23 *";
/// let mut plies = Vec::new();
/// let outside = pdn::reader::for_each_tree(text, |tree| {
///     plies.push(tree.mainline().len());
///     ControlFlow::Continue(())
/// });
/// assert_eq!(plies, [1, 2]);
/// assert_eq!(outside[0].code, pdn::Code::OutsideGame);
/// ```
pub fn for_each_tree<'a>(
    text: &'a str,
    mut each: impl FnMut(&Tree<'a>) -> ControlFlow<()>,
) -> Vec<Diagnostic> {
    let mut b = TreeBuilder::new(|tree: &mut Tree<'a>| each(tree));
    visit(text, &mut b);
    b.outside
}

/// The borrowed [`Tree`] of the one game that begins at byte `start` of `text` (as
/// [`read_game_at`](super::read_game_at)); `None` when no game begins there.
///
/// ```
/// let text = "[Round \"1\"] 1. 32-28 * [Round \"2\"] 1. 33-28 18-23 *";
/// let second = pdn::reader::read_headers(text)[1].span.start;
/// let tree = pdn::reader::tree_at(text, second).unwrap();
/// assert_eq!(tree.mainline()[1].written, "18-23");
/// ```
#[must_use]
pub fn tree_at(text: &str, start: usize) -> Option<Tree<'_>> {
    let mut found = false;
    let mut b = TreeBuilder::new(|_: &mut Tree<'_>| {
        found = true;
        ControlFlow::Break(())
    });
    visit_from(text, start, &mut b);
    let tree = std::mem::take(&mut b.tree);
    drop(b);
    found.then_some(tree)
}

/// Owned games of `text` from its trees: every game to `each` (ending early when it says), and
/// the problems outside any game. What [`read_file`](super::read_file),
/// [`read_each_game`](super::read_each_game) and [`read_game_at`](super::read_game_at) do.
///
/// `each` is a trait object so that the three share one copy of the splitter's loop (a closure
/// type each made three, 22 KB of wasm apiece).
pub(super) fn each_game(
    text: &str,
    start: usize,
    each: &mut dyn FnMut(Game) -> ControlFlow<()>,
) -> Vec<Diagnostic> {
    let mut b = TreeBuilder::new(|tree: &mut Tree<'_>| {
        let diagnostics = std::mem::take(&mut tree.diagnostics);
        each(tree.game_with(diagnostics))
    });
    visit_from(text, start, &mut b);
    b.outside
}

/// An open variation: where it began and the comments before its first move (its moves are in
/// the builder's buffer of its depth).
struct OpenLine {
    span: Span,
    comments: Run,
}

/// Builds a [`Tree`] per game: the one [`Visitor`] behind every reader of move trees.
struct TreeBuilder<'a, F> {
    tree: Tree<'a>,
    each: F,
    /// Problems outside any game.
    outside: Vec<Diagnostic>,
    in_game: bool,
    /// Open variations, innermost last.
    open: Vec<OpenLine>,
    /// The moves of the open variations, one buffer a depth (the first is depth 1's), kept
    /// between games.
    buffers: Vec<Vec<TreeNode<'a>>>,
    pending_number: Option<u32>,
    /// `/FEN/`s read but not yet attached to a move, with the depth of their line (its
    /// problems are the splitter's): a setup just before a variation sets up the next move of
    /// its own line, after the variation.
    pending_setup: Vec<(&'a str, usize)>,
}

impl<'a, F: FnMut(&mut Tree<'a>) -> ControlFlow<()>> TreeBuilder<'a, F> {
    fn new(each: F) -> Self {
        TreeBuilder {
            tree: Tree::default(),
            each,
            outside: Vec::new(),
            in_game: false,
            open: Vec::new(),
            buffers: Vec::new(),
            pending_number: None,
            pending_setup: Vec::new(),
        }
    }

    /// The moves of the line being read.
    #[inline(always)]
    fn line(&mut self) -> &mut Vec<TreeNode<'a>> {
        match self.open.len() {
            0 => &mut self.tree.mainline,
            depth => &mut self.buffers[depth - 1],
        }
    }

    /// Hangs the variation closed last (its moves in the buffer of depth `depth`) on the last
    /// move of the line that encloses it.
    fn attach_variation(&mut self, v: OpenLine, depth: usize) {
        let mut moves = std::mem::take(&mut self.buffers[depth - 1]);
        let tree = &mut self.tree;
        let enclosing = match depth - 1 {
            0 => &mut tree.mainline,
            d => &mut self.buffers[d - 1],
        };
        if moves.is_empty() {
            // `( )` or `( {text} )`: no move to replace; its comments go with the enclosing move.
            for i in v.comments.range() {
                let c = tree.comments[i].clone();
                match enclosing.last_mut() {
                    Some(last) => append(&mut tree.comments, &mut last.comments, c),
                    None => append(&mut tree.comments, &mut tree.intro, c),
                }
            }
        } else if let Some(last) = enclosing.last_mut() {
            let id = tree.variations.len() as u32;
            let start = tree.variation_moves.len() as u32;
            tree.variation_moves.append(&mut moves);
            tree.variations.push(TreeVariation {
                span: v.span,
                moves: Run {
                    start,
                    end: tree.variation_moves.len() as u32,
                    room: tree.variation_moves.len() as u32,
                },
                comments: v.comments,
            });
            append(&mut tree.variation_ids, &mut last.variations, id);
        } else {
            // A variation before any move it could replace: keep its text as a comment.
            let text: Vec<Cow<'_, str>> = moves.iter().map(TreeNode::text).collect();
            let kept = Cow::Owned(format!("({})", text.join(" ")));
            append(&mut tree.comments, &mut tree.intro, kept);
        }
        moves.clear();
        self.buffers[depth - 1] = moves;
    }

    #[inline(always)]
    fn push_node(
        &mut self,
        written: &'a str,
        spaced: bool,
        notation: Option<PdnMove>,
        marks: &'a str,
        span: Span,
    ) {
        let number = self.pending_number.take();
        let depth = self.open.len();
        let setup = match self.pending_setup.last() {
            Some((_, d)) if *d == depth => self.pending_setup.pop().map(|(fen, _)| fen),
            _ => None,
        };
        // The PDN 2.0 "star move" (`27-20*`) is NAG 7 (only move), which is how it is written.
        let mut nags = Run::default();
        if !marks.is_empty() && marks.contains('*') {
            append(&mut self.tree.nags, &mut nags, 7);
        }
        self.line().push(TreeNode {
            written,
            marks,
            notation,
            span,
            number,
            setup,
            spaced,
            nags,
            comments: Run::default(),
            variations: Run::default(),
        });
    }
}

impl<'a, F: FnMut(&mut Tree<'a>) -> ControlFlow<()>> Visitor<'a> for TreeBuilder<'a, F> {
    fn begin_game(&mut self, start: usize) {
        self.tree.clear();
        self.tree.span = Span::new(start, start);
        self.in_game = true;
        self.open.clear();
        self.pending_number = None;
        self.pending_setup.clear();
    }

    fn tag(&mut self, name: &'a str, value: &'a str, span: Span) {
        self.tree.tags.push(RawTag {
            name,
            raw_value: value,
            span,
        });
    }

    fn move_number(&mut self, number: u32, _span: Span) {
        self.pending_number = Some(number);
    }

    fn game_move(&mut self, text: &'a str, strength: &'a str, span: Span) {
        // A move written with spaces (`1- 7`) is read without them; the spaces are looked for
        // once.
        // Most moves are two numbered squares, without spaces.
        if let Some(m) = numbered_pair(text) {
            return self.push_node(text, false, Some(m), strength, span);
        }
        let spaced = text.bytes().any(|b| b.is_ascii_whitespace());
        let notation = if spaced {
            parse_compact_move(&compact(text))
        } else {
            parse_compact_move(text)
        };
        self.push_node(text, spaced, notation, strength, span);
    }

    fn unknown_move(&mut self, span: Span) {
        self.push_node("-", false, None, "", span);
    }

    fn nag(&mut self, nag: u16, _span: Span) {
        let depth = self.open.len();
        let tree = &mut self.tree;
        let line = match depth {
            0 => &mut tree.mainline,
            d => &mut self.buffers[d - 1],
        };
        if let Some(last) = line.last_mut() {
            append(&mut tree.nags, &mut last.nags, nag);
        }
    }

    fn comment(&mut self, text: &'a str, _span: Span) {
        let text = Cow::Borrowed(text.trim());
        let depth = self.open.len();
        let tree = &mut self.tree;
        let line = match depth {
            0 => &mut tree.mainline,
            d => &mut self.buffers[d - 1],
        };
        if tree.result.is_some() {
            append(&mut tree.comments, &mut tree.outro, text);
        } else if let Some(last) = line.last_mut() {
            append(&mut tree.comments, &mut last.comments, text);
        } else if let Some(v) = self.open.last_mut() {
            // Before the variation's first move.
            append(&mut tree.comments, &mut v.comments, text);
        } else {
            append(&mut tree.comments, &mut tree.intro, text);
        }
    }

    fn setup(&mut self, fen: &'a str, _span: Span) {
        // The first setup before any move is the game's start; any other sets up the move
        // after it (a second one before that move replaces it, with a warning).
        if self.open.is_empty() && self.tree.mainline.is_empty() && self.tree.setup.is_none() {
            self.tree.setup = Some(fen);
        } else {
            let depth = self.open.len();
            if self.pending_setup.last().is_some_and(|(_, d)| *d == depth) {
                self.pending_setup.pop();
            }
            self.pending_setup.push((fen, depth));
        }
    }

    fn begin_variation(&mut self, span: Span) {
        self.open.push(OpenLine {
            span,
            comments: Run::default(),
        });
        if self.buffers.len() < self.open.len() {
            self.buffers.push(Vec::new());
        }
    }

    fn end_variation(&mut self, span: Span) {
        // A setup no move of the variation followed sets nothing up (reported by the splitter).
        let depth = self.open.len();
        if self.pending_setup.last().is_some_and(|(_, d)| *d == depth) {
            self.pending_setup.pop();
        }
        if let Some(mut v) = self.open.pop() {
            v.span = span;
            self.attach_variation(v, depth);
        }
    }

    fn result(&mut self, result: &'a str, _span: Span) {
        self.tree.result = Some(result);
    }

    fn problem(&mut self, problem: &Problem<'a>) {
        let d = problem.to_diagnostic();
        if self.in_game {
            self.tree.diagnostics.push(d);
        } else {
            self.outside.push(d);
        }
    }

    fn end_game(&mut self, span: Span) -> ControlFlow<()> {
        while let Some(v) = self.open.pop() {
            let depth = self.open.len() + 1;
            self.attach_variation(v, depth);
        }
        // A setup no move followed sets nothing up (reported by the splitter).
        self.pending_setup.clear();
        self.tree.span = span;
        self.in_game = false;
        (self.each)(&mut self.tree)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_interleaved_with_others_are_copied_a_few_times_only() {
        // Every comment on the first move comes after a variation with a comment of its own:
        // without room kept, each would copy the move's comments so far (quadratic).
        let n = 2_000;
        let text = format!("1. 32-28 {}*", "{a} ({b} 33-28 $1 (31-27) ) ".repeat(n));
        let mut sizes = None;
        for_each_tree(&text, |tree| {
            assert_eq!(tree.comments(&tree.mainline()[0]).len(), n);
            assert_eq!(tree.variations(&tree.mainline()[0]).len(), n);
            sizes = Some((tree.comments.len(), tree.variation_ids.len()));
            ControlFlow::Continue(())
        });
        let (comments, ids) = sizes.unwrap();
        assert!(comments <= 6 * n, "{comments} comments kept for {}", 2 * n);
        assert!(ids <= 6 * n, "{ids} variation indexes kept for {}", 2 * n);
    }

    #[test]
    fn a_run_grows_in_its_room() {
        let mut pool = vec![0u16; 3];
        let mut a = Run::default();
        let mut b = Run::default();
        append(&mut pool, &mut a, 1);
        append(&mut pool, &mut b, 9);
        append(&mut pool, &mut a, 2); // copied to the end, with room
        append(&mut pool, &mut b, 8); // copied too
        append(&mut pool, &mut a, 3); // in its room
        assert_eq!(&pool[a.range()], [1, 2, 3]);
        assert_eq!(&pool[b.range()], [9, 8]);
    }
}
