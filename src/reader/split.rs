//! Where games begin and end: one state machine over the token stream, shared by every reader
//! (the tree builder, the header list, anyone's own [`Visitor`](super::Visitor)), so they all see the same games
//! and the same problems.
//!
//! The rules, in order of the PDN standard and then of real files:
//!
//! * a result or `*` at the mainline's level ends a game; comments right after it still belong
//!   to it (its outro);
//! * tags after movetext start a new game (a missing result), and so does a tag whose name the
//!   game already has (tag blocks of games without moves that follow each other), or a tag after
//!   three or more words that are not PDN (prose between two tag blocks);
//! * after a result, a new game begins at its first tag, mainline move or setup; what stands
//!   between (comments, move numbers, stray words) is held back and goes to that new game. When
//!   no game follows (the end of the text, or another result), it stays with the game before;
//! * a score such as `4-6` (the Delfts format) that repeats the `Result` tag is the result.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::diagnostic::{Code, Span};

use super::chess::Screen;
use super::lexer::{Fast, Lexer, Spanned, Token};
use super::problem::Problem;
use super::visitor::Visitor;

/// Walks `text` game by game, calling `visitor` for each event. The games and problems are
/// exactly those of [`read_file`](super::read_file).
pub fn visit<'a, V: Visitor<'a>>(text: &'a str, visitor: &mut V) {
    visit_from(text, 0, visitor);
}

/// Like [`visit`], starting at byte `start` of `text` (a game's [`span`](super::Game::span)
/// start). Reading from a game's start gives that game exactly as reading the whole text does.
pub fn visit_from<'a, V: Visitor<'a>>(text: &'a str, start: usize, visitor: &mut V) {
    // Chess games are told apart per game, their problems replaced by one.
    let visitor = &mut Screen::new(visitor);
    let mut lexer = Lexer::at(text, start);
    let mut splitter = Splitter::new(text);
    splitter.resumed = start > 0;
    while let Some(token) = lexer.next() {
        let flow = splitter.feed(token, &lexer.problems, visitor);
        lexer.problems.clear();
        if flow.is_break() {
            return;
        }
        if splitter.state == State::InGame {
            splitter.movetext(&mut lexer, visitor);
        }
    }
    splitter.finish(visitor);
}

/// Tags in a game past which repeated names are looked up in a set.
const MANY_TAGS: usize = 32;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    /// No game open, or (with `open`) the game before has its result and what follows starts
    /// no game yet: tokens wait in `pending`.
    #[default]
    Between,
    /// Inside a game.
    InGame,
    /// The game has its result; only comments may still join it.
    AfterResult,
}

/// A line of play: the mainline or an open variation.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    start: usize,
    moves: u32,
    /// The last move number written on this line, and where.
    number: Option<(u32, Span)>,
}

struct Splitter<'a> {
    text: &'a str,
    state: State,
    /// A game is open (begun, not yet ended).
    open: bool,
    /// Tokens held back after a result, with their problems (a range of `pending_problems`).
    pending: Vec<(Spanned<'a>, usize, usize)>,
    pending_problems: Vec<Problem<'a>>,
    /// Open `(` among the pending tokens.
    pending_depth: usize,
    // The open game.
    start: usize,
    end: usize,
    tag_names: Vec<&'a str>,
    /// The tag names in lower case, once there are many.
    tag_set: HashSet<String>,
    result_tag: Option<&'a str>,
    /// The mainline, then the open variations, innermost last: never empty, so the line being
    /// read is always the last.
    lines: Vec<Line>,
    /// The game starts from a `/FEN/` setup.
    setup: bool,
    /// Later `/FEN/`s waiting for the move they set up, with the depth of their line: a setup
    /// written just before a variation waits for its own line's next move, after the variation.
    pending_setup: Vec<(Span, usize)>,
    unknown_since_tag: usize,
    /// The last token was text the reader does not understand (then a lone `-` is prose).
    after_unknown: bool,
    /// A move number waiting for its move; whether an ellipsis stood for the first move.
    number: Option<(Span, bool)>,
    /// Words of prose outside any game so far, and where the first was: one
    /// [`Code::OutsideProse`] note at the end, not a warning a word.
    prose: usize,
    prose_at: Option<Span>,
    /// Reading began at a game's start, not the text's: what came before is not known, so
    /// words before the first tags stay with the game, as a whole reading that kept them there
    /// (after an earlier game) has it.
    resumed: bool,
    /// A closing wrapper (`[/pdn]`) was the last wrapper read: what follows is the rest of a
    /// forum post (a `--` signature, a name), and only tags or a new `[pdn]` open a game.
    closed: bool,
}

/// Outcome of a result string, for comparing the terminator with the `Result` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    First,
    Second,
    Draw,
    Forfeit,
    Unfinished,
}

fn outcome(r: &str) -> Option<Outcome> {
    let r = r.trim();
    match r {
        "*" => return Some(Outcome::Unfinished),
        "0-0" => return Some(Outcome::Forfeit),
        "1/2-1/2" | "½-½" | "0.5-0.5" | "1/2" | "1/2:1/2" => return Some(Outcome::Draw),
        _ => {}
    }
    // Russian files write `1:0` and `0:1`.
    let (a, b) = r.split_once('-').or_else(|| r.split_once(':'))?;
    let (a, b): (u32, u32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    Some(match a.cmp(&b) {
        std::cmp::Ordering::Greater => Outcome::First,
        std::cmp::Ordering::Less => Outcome::Second,
        std::cmp::Ordering::Equal => Outcome::Draw,
    })
}

impl<'a> Splitter<'a> {
    fn new(text: &'a str) -> Splitter<'a> {
        Splitter {
            text,
            state: State::Between,
            open: false,
            pending: Vec::new(),
            pending_problems: Vec::new(),
            pending_depth: 0,
            start: 0,
            end: 0,
            tag_names: Vec::new(),
            tag_set: HashSet::new(),
            result_tag: None,
            lines: vec![Line::default()],
            setup: false,
            pending_setup: Vec::new(),
            unknown_since_tag: 0,
            after_unknown: false,
            number: None,
            prose: 0,
            prose_at: None,
            resumed: false,
            closed: false,
        }
    }

    /// The text of `span`.
    fn raw(&self, span: Span) -> &'a str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    #[inline(always)]
    fn line(&mut self) -> &mut Line {
        let last = self.lines.len() - 1;
        &mut self.lines[last]
    }

    /// No variation is open: the mainline is being read.
    #[inline(always)]
    fn on_mainline(&self) -> bool {
        self.lines.len() == 1
    }

    /// How many variations are open.
    fn depth(&self) -> usize {
        self.lines.len() - 1
    }

    /// The digits of a move number token.
    fn digits(&self, span: Span) -> &'a str {
        self.raw(span).trim_end_matches(['.', ',', ' ', '\t'])
    }

    fn has_movetext(&self) -> bool {
        self.lines[0].moves > 0 || !self.on_mainline() || self.setup
    }

    /// A tag that cannot belong to the open game.
    fn splits_at_tag(&self, name: &str) -> bool {
        self.has_movetext() || self.unknown_since_tag >= 3 || self.has_tag(name)
    }

    /// The open game has a tag of this name (in any case). Games have a few tags; past
    /// [`MANY_TAGS`] a set of lower-case names keeps a pathological tag block linear.
    fn has_tag(&self, name: &str) -> bool {
        if self.tag_names.len() <= MANY_TAGS {
            self.tag_names.iter().any(|n| n.eq_ignore_ascii_case(name))
        } else {
            self.tag_set.contains(&name.to_ascii_lowercase())
        }
    }

    fn add_tag(&mut self, name: &'a str) {
        self.tag_names.push(name);
        if self.tag_names.len() > MANY_TAGS {
            if self.tag_set.is_empty() {
                let all: Vec<String> = self
                    .tag_names
                    .iter()
                    .map(|n| n.to_ascii_lowercase())
                    .collect();
                self.tag_set.extend(all);
            } else {
                self.tag_set.insert(name.to_ascii_lowercase());
            }
        }
    }

    fn problem<V: Visitor<'a>>(&self, v: &mut V, kind: Code, span: Span, detail: &'a str) {
        v.problem(&Problem::new(kind, span, detail));
    }

    #[inline(always)]
    fn feed<V: Visitor<'a>>(
        &mut self,
        mut t: Spanned<'a>,
        problems: &[Problem<'a>],
        v: &mut V,
    ) -> ControlFlow<()> {
        // `Damage - GWD 2-0`: a lone dash after words of prose is prose too, not a move the
        // source did not record. Decided here, once, so that every state reads it the same.
        if self.after_unknown && matches!(t.token, Token::UnknownMove) && self.raw(t.span) == "-" {
            t.token = Token::Unknown(self.raw(t.span));
        }
        self.after_unknown = matches!(t.token, Token::Unknown(_));
        if matches!(t.token, Token::Wrapper) {
            // `[pdn]` … `[/pdn]` around a game in a forum post: no game's, and the end of the
            // one before it (a forum game often has no result).
            for p in problems {
                v.problem(p);
            }
            match self.state {
                State::InGame | State::AfterResult => self.end_game(false, v)?,
                State::Between => {
                    self.release(v);
                    if self.open {
                        self.end_game(false, v)?;
                    }
                }
            }
            self.closed = self.raw(t.span)[1..].trim_start().starts_with('/');
            return ControlFlow::Continue(());
        }
        match self.state {
            State::InGame => {
                if let Token::Tag { name, .. } = t.token {
                    if self.splits_at_tag(name) {
                        self.end_game(true, v)?;
                        self.begin_game(t.span.start, v);
                    }
                }
                self.in_game(t, problems, v);
            }
            State::AfterResult => match t.token {
                Token::Comment(_) => self.in_game(t, problems, v),
                Token::Result(r) => {
                    self.end = self.end.max(t.span.end);
                    for p in problems {
                        v.problem(p);
                    }
                    self.problem(v, Code::StrayResult, t.span, r);
                }
                _ if self.opens_game(&t.token) => {
                    self.end_game(false, v)?;
                    self.begin_game(t.span.start, v);
                    self.in_game(t, problems, v);
                }
                _ => {
                    self.state = State::Between;
                    self.hold(t, problems);
                }
            },
            State::Between => {
                if self.opens_game(&t.token) {
                    if !self.open
                        && matches!(t.token, Token::Tag { .. })
                        && (self.closed
                            || !self.resumed
                                && !self.pending.is_empty()
                                && self.pending.iter().all(|(p, _, _)| {
                                    matches!(p.token, Token::Unknown(w) if w != "}")
                                        && self.prose_allowed(p)
                                }))
                    {
                        // Prose before the first tags (a forum post's words before its game)
                        // is no part of the game.
                        self.release(v);
                    }
                    if self.pending_depth > 0 {
                        // Tags inside a variation that began after the last result: that
                        // variation starts no game (as tags end a game with an open one).
                        self.release(v);
                    }
                    if self.open {
                        self.end_game(false, v)?;
                    }
                    let start = self
                        .pending
                        .first()
                        .map_or(t.span.start, |p| p.0.span.start);
                    self.begin_game(start, v);
                    let pending = std::mem::take(&mut self.pending);
                    let problems_held = std::mem::take(&mut self.pending_problems);
                    for &(held, a, b) in &pending {
                        self.in_game(held, &problems_held[a..b], v);
                    }
                    self.pending = pending;
                    self.pending.clear();
                    self.pending_problems = problems_held;
                    self.pending_problems.clear();
                    self.pending_depth = 0;
                    self.in_game(t, problems, v);
                } else if matches!(t.token, Token::Result(_)) && self.pending_depth == 0 {
                    // A result with no game before it: what was held back belongs to no game.
                    self.release(v);
                    let Token::Result(r) = t.token else {
                        unreachable!()
                    };
                    for p in problems {
                        v.problem(p);
                    }
                    if self.open {
                        self.end = self.end.max(t.span.end);
                        self.problem(v, Code::StrayResult, t.span, r);
                        self.state = State::AfterResult;
                    } else {
                        self.problem(v, Code::OutsideGame, t.span, r);
                    }
                } else {
                    self.hold(t, problems);
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The run of move numbers and moves that comes next in the open game, read by the
    /// lexer's fast paths and taken here without the general dispatch of [`Splitter::feed`]
    /// (inside a game they are never more than [`Splitter::in_game`] makes of them). When the
    /// visitor does not want the movetext, they are not passed on: the splitter keeps only what
    /// the game's end and its problems depend on (moves per line, the move number waiting for
    /// its move, the setups waiting for theirs).
    #[inline(always)]
    fn movetext<V: Visitor<'a>>(&mut self, lexer: &mut Lexer<'a>, v: &mut Screen<'_, 'a, V>) {
        let wanted = v.wants_movetext();
        while let Some(fast) = lexer.next_move() {
            // Not an Unknown token: a lone `-` after it is a move not recorded.
            self.after_unknown = false;
            let t = match fast {
                Fast::Move {
                    start,
                    body_end,
                    end,
                } => {
                    let score = body_end == end
                        && self.on_mainline()
                        && self.result_tag.is_some_and(|r| {
                            r.len() == body_end - start
                                && self.text.as_bytes().get(start..body_end) == Some(r.as_bytes())
                        });
                    if score {
                        // A score that may repeat the `Result` tag: the usual way.
                        lexer.move_token(start, body_end, end)
                    } else {
                        self.end = self.end.max(end);
                        self.played();
                        if wanted {
                            if let Token::Move { text, suffix } =
                                lexer.move_token(start, body_end, end).token
                            {
                                v.game_move(text, suffix, Span::new(start, end));
                            }
                        } else {
                            v.draughts_move();
                        }
                        continue;
                    }
                }
                Fast::Token(Spanned {
                    token: Token::MoveNumber(n, _),
                    span,
                }) if lexer.problems.is_empty() => {
                    self.end = self.end.max(span.end);
                    self.check_number(v);
                    self.number_order(n, span, v);
                    self.number = Some((span, false));
                    v.move_number(n, span);
                    continue;
                }
                Fast::Token(t) => t,
            };
            self.in_game(t, &lexer.problems, v);
            lexer.problems.clear();
            if self.state != State::InGame {
                // A score that repeats the `Result` tag ended the game.
                return;
            }
        }
    }

    /// A move number `n` at `span` on the current line: said when it goes back.
    #[inline(always)]
    fn number_order<V: Visitor<'a>>(&mut self, n: u32, span: Span, v: &mut V) {
        let before = self.line().number.replace((n, span));
        if let Some((before, before_span)) = before {
            if n < before {
                v.problem(&Problem {
                    kind: Code::MoveNumberOrder,
                    span,
                    detail: self.digits(span),
                    other: self.digits(before_span),
                    count: 0,
                });
            }
        }
    }

    /// Tokens that begin a game when no game is open.
    fn opens_game(&self, t: &Token<'a>) -> bool {
        let depth = match self.state {
            State::Between => self.pending_depth,
            _ => 0,
        };
        match t {
            Token::Tag { .. } => true,
            Token::Move { .. } | Token::UnknownMove | Token::Setup(_) => depth == 0 && !self.closed,
            _ => false,
        }
    }

    fn hold(&mut self, t: Spanned<'a>, problems: &[Problem<'a>]) {
        match t.token {
            Token::OpenVariation => self.pending_depth += 1,
            Token::CloseVariation => self.pending_depth = self.pending_depth.saturating_sub(1),
            _ => {}
        }
        let a = self.pending_problems.len();
        self.pending_problems.extend_from_slice(problems);
        self.pending.push((t, a, self.pending_problems.len()));
    }

    /// Held-back tokens that start no game: after a result they stay with that game, else
    /// they belong to none.
    fn release<V: Visitor<'a>>(&mut self, v: &mut V) {
        let kind = if self.open {
            Code::AfterResult
        } else {
            Code::OutsideGame
        };
        for &(t, a, b) in &self.pending {
            for p in &self.pending_problems[a..b] {
                v.problem(p);
            }
            if self.open {
                self.end = self.end.max(t.span.end);
            }
            match t.token {
                Token::Comment(text) if self.open => v.comment(text, t.span),
                Token::Comment(_) => {}
                // After `[/pdn]`: a post's signature (`--`, a name), prose whatever it holds.
                _ if self.closed && !self.open => {
                    self.prose += 1;
                    self.prose_at.get_or_insert(t.span);
                }
                Token::Unknown(w) if !self.open && w != "}" && self.prose_allowed(&t) => {
                    self.prose += 1;
                    self.prose_at.get_or_insert(t.span);
                }
                Token::Unknown(w) => {
                    v.problem(&Problem::new(Code::UnknownText, t.span, w));
                }
                Token::Result(r) => v.problem(&Problem::new(Code::StrayResult, t.span, r)),
                _ => v.problem(&Problem::new(kind, t.span, self.raw(t.span))),
            }
        }
        self.pending.clear();
        self.pending_problems.clear();
        self.pending_depth = 0;
    }

    fn begin_game<V: Visitor<'a>>(&mut self, start: usize, v: &mut V) {
        self.state = State::InGame;
        self.open = true;
        self.start = start;
        self.end = start;
        self.closed = false;
        self.tag_names.clear();
        self.tag_set.clear();
        self.result_tag = None;
        self.lines.clear();
        self.lines.push(Line {
            start,
            ..Line::default()
        });
        self.setup = false;
        self.pending_setup.clear();
        self.unknown_since_tag = 0;
        self.number = None;
        v.begin_game(start);
    }

    fn check_number<V: Visitor<'a>>(&mut self, v: &mut V) {
        if let Some((span, false)) = self.number.take() {
            self.problem(v, Code::NumberWithoutMove, span, self.raw(span));
        }
    }

    /// Ends the open game; `missing` when the next game begins without a result before it.
    fn end_game<V: Visitor<'a>>(&mut self, missing: bool, v: &mut V) -> ControlFlow<()> {
        while !self.on_mainline() {
            let Some(line) = self.lines.pop() else { break };
            let span = Span::new(line.start, line.start + 1);
            self.problem(v, Code::UnclosedVariation, span, "(");
            self.close_variation(line, self.end, v);
        }
        self.check_number(v);
        while !self.pending_setup.is_empty() {
            self.drop_pending_setup(v);
        }
        if missing {
            self.problem(v, Code::MissingResult, Span::new(self.end, self.end), "");
        }
        self.open = false;
        self.state = State::Between;
        v.end_game(Span::new(self.start, self.end))
    }

    fn close_variation<V: Visitor<'a>>(&mut self, line: Line, end: usize, v: &mut V) {
        if line.moves > 0 && self.line().moves == 0 {
            let span = Span::new(line.start, line.start + 1);
            self.problem(v, Code::VariationWithoutMove, span, "(");
        }
        v.end_variation(Span::new(line.start, end));
    }

    fn take_result<V: Visitor<'a>>(&mut self, r: &'a str, span: Span, v: &mut V) {
        self.check_number(v);
        // The same text as the tag is the same outcome: no mismatch, nothing to read.
        if let Some(tag) = self.result_tag.filter(|&tag| tag != r) {
            let (found, said) = (outcome(r), outcome(tag));
            if found.is_some_and(|f| f != Outcome::Unfinished) && said.is_some() && found != said {
                v.problem(&Problem {
                    kind: Code::ResultMismatch,
                    span,
                    detail: r,
                    other: tag,
                    count: 0,
                });
            }
        }
        v.result(r, span);
        self.state = State::AfterResult;
    }

    /// A setup that no move of its line follows sets nothing up: reported and let go.
    fn drop_pending_setup<V: Visitor<'a>>(&mut self, v: &mut V) {
        if let Some((span, _)) = self.pending_setup.pop() {
            self.problem(v, Code::SetupWithoutMove, span, self.raw(span));
        }
    }

    /// The setup waiting for a move of the current line, if any.
    fn setup_here(&self) -> bool {
        self.pending_setup
            .last()
            .is_some_and(|&(_, depth)| depth == self.depth())
    }

    fn played(&mut self) {
        self.number = None;
        if self.setup_here() {
            self.pending_setup.pop();
        }
        self.line().moves += 1;
    }

    /// A token of the open game.
    #[inline(always)]
    fn in_game<V: Visitor<'a>>(&mut self, t: Spanned<'a>, problems: &[Problem<'a>], v: &mut V) {
        let span = t.span;
        self.end = self.end.max(span.end);
        for p in problems {
            v.problem(p);
        }
        match t.token {
            Token::Tag { name, value } => {
                self.add_tag(name);
                self.unknown_since_tag = 0;
                if name.eq_ignore_ascii_case("Result") && self.result_tag.is_none() {
                    self.result_tag = Some(value);
                }
                v.tag(name, value, span);
            }
            Token::MoveNumber(n, _) => {
                self.check_number(v);
                self.number_order(n, span, v);
                self.number = Some((span, false));
                v.move_number(n, span);
            }
            Token::Ellipsis => {
                if let Some(n) = &mut self.number {
                    n.1 = true;
                }
            }
            Token::Move { text, suffix }
                if suffix.is_empty()
                    && self.on_mainline()
                    && self.result_tag == Some(text)
                    && text.contains('-') =>
            {
                // A score such as `4-6` (the Delfts format) that repeats the Result tag.
                self.problem(v, Code::NonstandardResult, span, text);
                self.take_result(text, span, v);
            }
            Token::Move { text, suffix } => {
                self.played();
                v.game_move(text, suffix, span);
            }
            Token::UnknownMove => {
                self.problem(v, Code::UnknownMove, span, "-");
                self.played();
                v.unknown_move(span);
            }
            Token::Nag(n) => {
                if self.line().moves == 0 {
                    self.problem(v, Code::NagWithoutMove, span, self.raw(span));
                } else {
                    v.nag(n, span);
                }
            }
            Token::Comment(text) => v.comment(text, span),
            Token::Setup(fen) => {
                if self.on_mainline() && self.lines[0].moves == 0 && !self.setup {
                    self.setup = true;
                } else {
                    if self.setup_here() {
                        if let Some((old, _)) = self.pending_setup.pop() {
                            self.problem(v, Code::SetupReplaced, old, self.raw(old));
                        }
                    }
                    self.pending_setup.push((span, self.depth()));
                }
                v.setup(fen, span);
            }
            Token::OpenVariation => {
                self.lines.push(Line {
                    start: span.start,
                    ..Line::default()
                });
                v.begin_variation(span);
            }
            Token::CloseVariation => {
                if self.on_mainline() {
                    self.problem(v, Code::UnmatchedParen, span, ")");
                } else {
                    if self.setup_here() {
                        self.drop_pending_setup(v);
                    }
                    if let Some(line) = self.lines.pop() {
                        self.close_variation(line, span.end, v);
                    }
                }
            }
            Token::Result(r) => {
                // Inside a variation a result only ends that line of play.
                if self.on_mainline() {
                    self.take_result(r, span, v);
                }
            }
            Token::Wrapper => {}
            Token::Unknown(w) => {
                if !self.tag_names.is_empty() {
                    self.unknown_since_tag += 1;
                }
                // A `}` was already reported by the scanner.
                if w != "}" {
                    self.problem(v, Code::UnknownText, span, w);
                }
            }
        }
    }

    fn finish<V: Visitor<'a>>(&mut self, v: &mut V) {
        match self.state {
            State::InGame | State::AfterResult => {
                let _ = self.end_game(false, v);
            }
            State::Between => {
                self.release(v);
                if self.open {
                    let _ = self.end_game(false, v);
                }
            }
        }
        if let Some(at) = self.prose_at {
            v.problem(&Problem {
                kind: Code::OutsideProse,
                span: at,
                detail: self.raw(at),
                other: "",
                count: self.prose,
            });
        }
    }

    /// An unknown word outside any game that counts as prose: a word with a letter in it (a
    /// stray bracket or sign is still reported where it is).
    fn prose_allowed(&self, t: &Spanned<'a>) -> bool {
        self.raw(t.span).chars().any(char::is_alphabetic)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every event as a line; moves and move numbers left out when `skip`, which the visitor
    /// then asks for.
    struct Log {
        skip: bool,
        lines: Vec<String>,
    }

    impl<'a> Visitor<'a> for Log {
        fn begin_game(&mut self, start: usize) {
            self.lines.push(format!("begin {start}"));
        }
        fn tag(&mut self, name: &'a str, value: &'a str, span: Span) {
            self.lines.push(format!("tag {name} {value} {span:?}"));
        }
        fn move_number(&mut self, number: u32, _span: Span) {
            assert!(
                !self.skip,
                "move number {number} given to a visitor that skips"
            );
        }
        fn game_move(&mut self, text: &'a str, _strength: &'a str, _span: Span) {
            assert!(!self.skip, "move {text} given to a visitor that skips");
        }
        fn unknown_move(&mut self, span: Span) {
            self.lines.push(format!("unknown move {span:?}"));
        }
        fn nag(&mut self, nag: u16, span: Span) {
            self.lines.push(format!("nag {nag} {span:?}"));
        }
        fn comment(&mut self, text: &'a str, span: Span) {
            self.lines.push(format!("comment {text} {span:?}"));
        }
        fn setup(&mut self, fen: &'a str, span: Span) {
            self.lines.push(format!("setup {fen} {span:?}"));
        }
        fn begin_variation(&mut self, span: Span) {
            self.lines.push(format!("( {span:?}"));
        }
        fn end_variation(&mut self, span: Span) {
            self.lines.push(format!(") {span:?}"));
        }
        fn result(&mut self, result: &'a str, span: Span) {
            self.lines.push(format!("result {result} {span:?}"));
        }
        fn problem(&mut self, p: &Problem<'a>) {
            self.lines.push(format!("problem {p:?}"));
        }
        fn end_game(&mut self, span: Span) -> ControlFlow<()> {
            self.lines.push(format!("end {span:?}"));
            ControlFlow::Continue(())
        }
        fn wants_movetext(&self) -> bool {
            !self.skip
        }
    }

    fn events(text: &str, skip: bool) -> Vec<String> {
        let mut log = Log {
            skip,
            lines: Vec::new(),
        };
        visit(text, &mut log);
        log.lines
    }

    #[track_caller]
    fn same_without_moves(text: &str, name: &str) {
        assert_eq!(events(text, false), events(text, true), "{name}");
    }

    #[test]
    fn skipping_the_movetext_keeps_games_and_problems() {
        for text in [
            "[Event \"a\"] 1. 32-28 19-23 2. 28x19 14x23 1-0 {after} [Event \"b\"] 1. 33-28 *",
            "[Result \"4-6\"] 1. 32-28 19-23 4-6 [Result \"1-0\"] 1. 31-27 1-0",
            "[Result \"1-0\"] 1. 32-28 (1. 33-28 1-0) 19-23 2. 1-0",
            "1. 32-28 19-23 3. 28x19 2. 14x23 25 . 34-29 21,44-39 - -- 33-28!? 29-23(?) 1-0",
            "[A \"1\"] {c} [B \"2\"] 1. c3-d4 f6-g5 /FEN \"W:W31:B1\"/ 2. d4-e5 $1 0-2* 2-0",
            "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"] 1. e4 e5 Nf3 *",
            "1. 32-28 Nf3 Qxd5 19-23 99999999999. 18-23 1-101.32-28 1-0 [pdn] 1. 31-27 [/pdn]",
            "1. 32-28 ( 33-28 ( 34-29 ) 12. 19-23 ",
        ] {
            same_without_moves(text, text);
        }
        let Some(dir) = crate::test_common::corpora("the skipped-movetext corpus test") else {
            return;
        };
        for path in crate::test_common::files_below(&dir) {
            let text = crate::encoding::decode(&std::fs::read(&path).unwrap()).0;
            same_without_moves(&text, &path.display().to_string());
        }
    }
}
