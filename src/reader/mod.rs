//! Reading PDN text into games.
//!
//! Three layers, each usable on its own:
//!
//! * a scanner: PDN text to tokens, byte by byte, allocating nothing ([`scan`] counts them);
//! * [`visit`]: the token stream split into games by one state machine, reported to a
//!   [`Visitor`] (begin game, tag, move, comment, variation, result, problem, end game);
//! * readers built on it: [`for_each_tree`] reads every game into a borrowed [`Tree`] (one
//!   arena reused from game to game, its text left in the source: [`tree`]), and the owned
//!   [`Game`]s are made from those trees: [`read_file`] / [`read_bytes`] build every game's move
//!   tree ([`read_each_game`] hands each over as soon as it is read, for files too large to
//!   keep), and [`read_game_at`] builds one game from its start offset ([`tree_at`] its
//!   borrowed tree); [`read_headers`] lists games by their tags without building moves. They all
//!   see exactly the same games.
//!
//! Reading never fails: whatever cannot be understood becomes a [`Diagnostic`] with a span
//! (first a [`Problem`], which costs nothing until its message is written), and reading goes on
//! with the next token, so one bad spot never hides the rest of a game or the games after it:
//! an unknown word is skipped, an unclosed comment ends at the next tag line, an unclosed
//! variation at the end of its game, an unclosed tag value at its line's end.
//!
//! Where games begin and end:
//!
//! * a result or `*` at the mainline's level ends a game (inside a variation it only ends that
//!   line); comments right after it still belong to the game;
//! * tags after movetext start a new game (a missing result, with a warning), and so does a
//!   tag whose name the game already has (tag blocks of games without moves that follow each
//!   other), or a tag after three or more words that are not PDN (prose between tag blocks);
//! * after a result, the next game begins at its first tag, mainline move or setup; what
//!   stands between (comments, move numbers, stray words) goes to that game, or stays with
//!   the game before when no game follows;
//! * a score such as `4-6` (the Delfts format) that repeats the `Result` tag is the result; a
//!   result glued to the next move number (`1-101.32-28`) is split.
//!
//! ```
//! let text = "[Event \"a\"] 1. 32-28 19-23 1-0 {a draw was agreed later}\n\
//!             1. 31-27 1/2-1/2 [Event \"c\"] 1. 33-28";
//! let f = pdn::read_file(text);
//! assert_eq!(f.games.len(), 3);
//! assert_eq!(f.games[0].outro, ["a draw was agreed later"]);
//! assert!(f.games[1].tags.is_empty());
//! assert_eq!(f.games[2].result, None); // at the end of the text, no result is needed
//! ```

use std::borrow::Cow;
use std::ops::ControlFlow;

use crate::diagnostic::{Diagnostic, Severity, Span};
use crate::encoding::{Encoding, binary_diagnostic, decode};
use crate::notation::{MoveText, PdnMove};

mod chess;
mod lexer;
mod problem;
mod split;
pub mod tree;
mod visitor;

use lexer::Lexer;
pub(crate) use lexer::{numbered_pair, parse_compact_move};
pub use problem::Problem;
pub use split::{visit, visit_from};
pub use tree::{RawTag, Tree, TreeNode, TreeVariation, for_each_tree, tree_at};
pub use visitor::Visitor;

/// Scans `text` into PDN tokens (tags, move numbers, moves, NAGs, comments, variation
/// brackets, results, unknown words) and returns how many there are: the cost of the first
/// layer of reading alone, for timing. Nothing is allocated.
///
/// ```
/// assert_eq!(pdn::reader::scan("[Event \"x\"] 1. 32-28! {good} *"), 5);
/// assert_eq!(pdn::reader::scan(""), 0);
/// ```
#[must_use]
pub fn scan(text: &str) -> usize {
    Lexer::new(text).count()
}

/// A tag pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Name as written.
    pub name: String,
    /// Value with escapes resolved.
    pub value: String,
    /// Where it is.
    pub span: Span,
}

/// One move in the move tree, with what is attached to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move as written, without strength marks (`32-28`), or `-` for an unrecorded move.
    pub text: MoveText,
    /// The parsed notation; `None` for an unrecorded move.
    pub notation: Option<PdnMove>,
    /// Strength marks as written after the move (`!?`, `(?)`); a star (`*`) becomes NAG 7.
    pub strength: String,
    /// Where the move is.
    pub span: Span,
    /// The move number written before it, if any.
    pub number: Option<u32>,
    /// NAGs after it.
    pub nags: Vec<u16>,
    /// Comments after it.
    pub comments: Vec<String>,
    /// A `/FEN "…"/` setup written just before it: the position is set up anew.
    pub setup: Option<String>,
    /// Alternatives to this move: indexes into [`Game::variations`], in file order.
    pub variations: Vec<usize>,
}

/// A variation: a line of moves replacing one move, with the comments written before its first
/// move. Its moves' own variations are further indexes into [`Game::variations`], so the tree is
/// flat in memory and any nesting depth is kept without recursion (no stack risk in walks, drops
/// or comparisons).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// Comments between `(` and the first move.
    pub comments: Vec<String>,
    /// The moves; the first replaces the move the variation hangs on.
    pub moves: Vec<Node>,
    /// From `(` to `)`.
    pub span: Span,
}

/// One game: tags, the mainline with its variations, the result and the problems found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Tags in file order.
    pub tags: Vec<Tag>,
    /// Comments before the first move.
    pub intro: Vec<String>,
    /// A `/FEN/` setup before the first move.
    pub setup: Option<String>,
    /// The mainline.
    pub moves: Vec<Node>,
    /// Every variation of the game, at any depth; [`Node::variations`] index into it. A
    /// variation is stored when it closes, so after the variations it contains.
    pub variations: Vec<Variation>,
    /// Comments after the result.
    pub outro: Vec<String>,
    /// The result or `*` that ended the game, as written.
    pub result: Option<String>,
    /// All of the game's text, from its first token (comments before its tags included) to its
    /// last (comments after its result included). Reading from `span.start` with
    /// [`read_game_at`] gives this game again.
    pub span: Span,
    /// Reading problems inside this game.
    pub diagnostics: Vec<Diagnostic>,
}

impl Game {
    /// The value of a tag, matching the name without regard to case.
    ///
    /// ```
    /// let f = pdn::read_file("[SetUp \"1\"][white \"A\"] *");
    /// assert_eq!(f.games[0].tag("Setup"), Some("1"));
    /// assert_eq!(f.games[0].tag("White"), Some("A"));
    /// ```
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map(|t| t.value.as_str())
    }

    /// The FEN the game starts from: the `FEN` tag, else a `/FEN/` setup before the first move.
    #[must_use]
    pub fn start_fen(&self) -> Option<&str> {
        self.tag("FEN").or(self.setup.as_deref())
    }
}

/// A whole file: its decoded text and its games.
#[derive(Clone, Debug)]
pub struct PdnFile {
    /// The text as decoded.
    pub text: String,
    /// The encoding it was decoded from.
    pub encoding: Encoding,
    /// Every game, in file order.
    pub games: Vec<Game>,
    /// Problems in text that belongs to no game (stray text before the first game, a result
    /// with no game before it).
    pub diagnostics: Vec<Diagnostic>,
}

/// One game as a list shows it: tags, result and counts, without its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameHeader {
    /// Tags in file order, escapes resolved.
    pub tags: Vec<Tag>,
    /// The result or `*` that ended the game, as written.
    pub result: Option<String>,
    /// Mainline moves written (unrecorded `-` moves included).
    pub plies: usize,
    /// All of the game's text, as [`Game::span`]; give `span.start` to [`read_game_at`] to read
    /// the whole game.
    pub span: Span,
    /// Error diagnostics the full reading of this game has.
    pub errors: usize,
    /// Warning diagnostics the full reading of this game has.
    pub warnings: usize,
}

impl GameHeader {
    /// The value of a tag, matching the name without regard to case.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map(|t| t.value.as_str())
    }
}

/// Reads PDN text.
///
/// ```
/// let f = pdn::read_file("[Event \"a\"] 1. 32-28 19-23 [Event \"b\"] 1. 31-26 *");
/// assert_eq!(f.games.len(), 2); // the first game has no result: the next tags end it
/// assert_eq!(f.games[1].moves[0].text, "31-26");
/// assert_eq!(f.games[0].diagnostics[0].code, pdn::diagnostic::Code::MissingResult);
/// ```
#[must_use]
pub fn read_file(text: &str) -> PdnFile {
    let (games, diagnostics) = read_games(text);
    PdnFile {
        text: text.to_string(),
        encoding: Encoding::Utf8,
        games,
        diagnostics,
    }
}

/// Reads file bytes, choosing the encoding (see [`decode`]).
///
/// ```
/// // "Иванов" in Windows-1251
/// let f = pdn::reader::read_bytes(b"[White \"\xc8\xe2\xe0\xed\xee\xe2\"] 1. c3-d4 *");
/// assert_eq!(f.encoding, pdn::encoding::Encoding::Cp1251);
/// assert_eq!(f.games[0].tag("White"), Some("Иванов"));
/// ```
///
/// Bytes that are not text ([`Encoding::Binary`]) give no games and one file-level error,
/// [`binary_diagnostic`]:
///
/// ```
/// let f = pdn::reader::read_bytes(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0");
/// assert!(f.games.is_empty());
/// assert_eq!(f.diagnostics[0].code, "binary-file");
/// ```
#[must_use]
pub fn read_bytes(bytes: &[u8]) -> PdnFile {
    let (text, encoding) = decode(bytes);
    let (games, diagnostics) = if encoding.is_text() {
        read_games(&text)
    } else {
        (Vec::new(), vec![binary_diagnostic()])
    };
    PdnFile {
        text,
        encoding,
        games,
        diagnostics,
    }
}

fn read_games(text: &str) -> (Vec<Game>, Vec<Diagnostic>) {
    let mut games = Vec::new();
    let outside = tree::each_game(text, 0, &mut |game| {
        games.push(game);
        ControlFlow::Continue(())
    });
    (games, outside)
}

/// Reads `text` one game at a time: `each` gets every game of [`read_file`], in file order, as
/// soon as it is read, and keeps or drops it, so that going through a large file needs the
/// memory of one game rather than of all of them. Returns the problems outside any game
/// ([`PdnFile::diagnostics`]).
///
/// ```
/// let text = "1-0 [Round \"1\"] 1. 32-28 * [Round \"2\"] 1. 33-28 18-23 *";
/// let mut plies = Vec::new();
/// let outside = pdn::reader::read_each_game(text, |game| plies.push(game.moves.len()));
/// assert_eq!(plies, [1, 2]);
/// assert_eq!(outside[0].code, pdn::Code::OutsideGame);
/// ```
pub fn read_each_game(text: &str, mut each: impl FnMut(Game)) -> Vec<Diagnostic> {
    tree::each_game(text, 0, &mut |game| {
        each(game);
        ControlFlow::Continue(())
    })
}

/// Lists the games of `text` by their tags, without building moves: the same games, spans
/// and diagnostic counts as [`read_file`], for a fraction of the work.
///
/// ```
/// let text = "[White \"A\"] 1. 32-28 * [White \"B\"] 1. 31-27 @ *";
/// let list = pdn::reader::read_headers(text);
/// assert_eq!(list.len(), 2);
/// assert_eq!(list[1].tag("white"), Some("B"));
/// assert_eq!((list[1].plies, list[1].warnings), (1, 1));
/// // The full game, when it is wanted:
/// let game = pdn::reader::read_game_at(text, list[1].span.start).unwrap();
/// assert_eq!(game.moves[0].text, "31-27");
/// ```
#[must_use]
pub fn read_headers(text: &str) -> Vec<GameHeader> {
    read_index(text).0
}

/// [`read_headers`], and the problems in text outside any game (the file-level
/// [`PdnFile::diagnostics`] of [`read_file`]).
///
/// ```
/// let (list, outside) = pdn::reader::read_index("[White \"A\"] 1. 32-28 *");
/// assert_eq!((list.len(), outside.len()), (1, 0));
/// let (list, outside) = pdn::reader::read_index("1-0");
/// assert_eq!((list.len(), outside[0].code.as_str()), (0, "outside-game"));
/// ```
#[must_use]
pub fn read_index(text: &str) -> (Vec<GameHeader>, Vec<Diagnostic>) {
    let mut h = HeaderReader::default();
    visit(text, &mut h);
    (h.headers, h.outside)
}

/// Reads the one game that begins at byte `start` of `text` (a [`Game::span`] or
/// [`GameHeader::span`] start), as [`read_file`] reads it; `None` when no game begins there.
/// Only that game's text (and the token after it) is read.
///
/// ```
/// use pdn::reader::{read_file, read_game_at, read_headers};
/// let text = "[Round \"1\"] 1. 32-28 * [Round \"2\"] 1. 33-28 18-23 *";
/// let list = read_headers(text);
/// let second = read_game_at(text, list[1].span.start).unwrap();
/// assert_eq!(second, read_file(text).games[1]);
/// assert_eq!(second.moves.len(), 2);
/// ```
#[must_use]
pub fn read_game_at(text: &str, start: usize) -> Option<Game> {
    let mut found = None;
    tree::each_game(text, start, &mut |game| {
        found = Some(game);
        ControlFlow::Break(())
    });
    found
}

/// Resolves the escapes of a raw tag value: `\"` and `\\`, and `\'` (a forum's or a web form's
/// escaped apostrophe, `D\'Almeida`). Other backslashes stay.
///
/// ```
/// assert_eq!(pdn::reader::unescape(r#"say \"hi\" \\ c:\x"#), r#"say "hi" \ c:\x"#);
/// assert_eq!(pdn::reader::unescape(r"D\'Almeida"), "D'Almeida");
/// ```
#[must_use]
pub fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('"' | '\\' | '\'')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Collects [`GameHeader`]s: the [`Visitor`] behind [`read_headers`].
#[derive(Default)]
struct HeaderReader {
    headers: Vec<GameHeader>,
    outside: Vec<Diagnostic>,
    current: GameHeader,
    in_game: bool,
    depth: usize,
}

impl<'a> Visitor<'a> for HeaderReader {
    fn begin_game(&mut self, _start: usize) {
        self.current = GameHeader::default();
        self.in_game = true;
        self.depth = 0;
    }

    fn tag(&mut self, name: &'a str, value: &'a str, span: Span) {
        self.current.tags.push(Tag {
            name: name.to_string(),
            value: unescape(value).into_owned(),
            span,
        });
    }

    fn game_move(&mut self, _text: &'a str, _strength: &'a str, _span: Span) {
        if self.depth == 0 {
            self.current.plies += 1;
        }
    }

    fn unknown_move(&mut self, _span: Span) {
        if self.depth == 0 {
            self.current.plies += 1;
        }
    }

    fn begin_variation(&mut self, _span: Span) {
        self.depth += 1;
    }

    fn end_variation(&mut self, _span: Span) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn result(&mut self, result: &'a str, _span: Span) {
        self.current.result = Some(result.to_string());
    }

    fn problem(&mut self, problem: &Problem<'a>) {
        if self.in_game {
            match problem.severity() {
                Severity::Error => self.current.errors += 1,
                Severity::Warning => self.current.warnings += 1,
                Severity::Note => {}
            }
        } else {
            self.outside.push(problem.to_diagnostic());
        }
    }

    fn end_game(&mut self, span: Span) -> ControlFlow<()> {
        let mut h = std::mem::take(&mut self.current);
        h.span = span;
        self.headers.push(h);
        self.in_game = false;
        ControlFlow::Continue(())
    }
}
