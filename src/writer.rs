//! Writing games back as PDN 3.0 text: canonical export that loses nothing the reader keeps.
//!
//! [`write_file`], [`write_games`] and [`write_game`] turn read games into text in the PDN 3.0
//! writing grammar: the seven-tag roster first, escaped tag values, movetext wrapped at 80
//! columns, move numbers re-emitted after comments and variations, `$7` for star moves,
//! `/FEN "…"/` setups and the result as written (`*` when the game had none). Reading the
//! output gives the same games again ([`difference`] says exactly what must survive), and
//! writing those gives the same text byte for byte.
//!
//! ```
//! use pdn::writer::{WriteOptions, write_file};
//! let file = pdn::read_file("[White \"A\"][Event \"E\"]1.32-28 {ok} 19-23 (18-23?) 2.28x19 2-0");
//! assert_eq!(
//!     write_file(&file, &WriteOptions::default()),
//!     "[Event \"E\"]\n[White \"A\"]\n\n1. 32-28 {ok} 1... 19-23 (1... 18-23?) 2. 28x19 2-0\n"
//! );
//! ```
//!
//! Decisions, each kept so that export is lossless:
//! * Missing roster tags are **not** added by default (a fragment or a problem file would gain
//!   seven tags that were never there); [`WriteOptions::fill_roster`] adds them with `"?"`
//!   (`"????.??.??"` for Date, the game's result for Result), as PGN export does.
//! * Tag names are written as read (PDN 3.0 wants `[A-Z][a-zA-Z0-9_]*`; the reader accepts more).
//!   Roster tags are found without regard to case.
//! * A comment is written as `{text}`. A `}` cannot stand inside braces, so a comment containing
//!   one is written as a `;` line comment; if it also contains line breaks (impossible in read
//!   text, only in games built by hand) those become spaces.
//! * Comment text is never re-wrapped: a long comment overflows the 80 columns rather than have
//!   its spacing changed.
//! * A tag value's line breaks (again only in games built by hand) become spaces.
//! * Move numbers: `12.` before every first-player move; `12...` before a second-player move
//!   that opens a line or follows a comment, a variation or a setup. The count starts from the
//!   number written before the first move (else 1), on the side the start FEN gives, compared
//!   with the variant's first player (Black in English, from the GameType tag or else the
//!   replay's guess); a setup in the middle takes the side from its FEN. Numbers are not kept
//!   from the file otherwise: the output is numbered consistently.
//! * A setup is written `/FEN "…"/`, with quotes added if the file had none (the FEN itself is
//!   unchanged); the game's setup comes before the comments that open the game.
//! * A game without tags written after another has its opening comments after its first move
//!   number (`1. {…} 32-28`): before it, they would be read as the previous game's last comments.
//! * An unrecorded move is written `--`.
//! * A star move is written `$7` (PDN 3.0 forbids `*` as a strength). (A move whose text is a
//!   result, `0-2`, cannot be written so that it reads back as a move; the reader never makes
//!   one: `0-2*` is the result 0-2 and a `*`.)
//! * A mainline move equal to a Delfts-style Result tag (`[Result "4-6"]`, move `4-6`) is written
//!   `4 -6`, as `4-6` there is read as the game's score.
//! * The result is written as read, in the file's own family (`2-0`, `1-0`, `1/2-1/2`, a Delfts
//!   score); a game without one gets `*`.

use std::collections::HashMap;

use crate::fen::Setup;
use crate::reader::{Game, Node, PdnFile};
use crate::types::Color;
use crate::variant::GameType;

/// The seven-tag roster, in the order it is written.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// How captures are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaptureNotation {
    /// The squares as read (`28x19`, `47x38x24x13x36`, `c3:e5`).
    #[default]
    AsRead,
    /// The shortest notation PDN 3.0 allows (rules 7–9): start and end square, with the
    /// GameType's capture separator; the full route of intermediate squares only when another
    /// capture shares start and end. Needs a replay of the game: moves that cannot be played
    /// (after an illegal move, in an unknown variant) and captures written jump by jump are
    /// written as read.
    Shortest,
}

/// What [`write_file`] and friends may choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// Longest movetext line, in characters (80). Tag lines and single long comments may be
    /// longer: they are never broken.
    pub width: usize,
    /// Add missing seven-tag-roster tags with unknown values (`"?"`). Off by default: export is
    /// then lossless.
    pub fill_roster: bool,
    /// How captures are written (the hook for the shortest PDN 3.0 notation).
    pub captures: CaptureNotation,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            width: 80,
            fill_roster: false,
            captures: CaptureNotation::AsRead,
        }
    }
}

/// Writes every game of a file (see [`write_games`]).
#[must_use]
pub fn write_file(file: &PdnFile, options: &WriteOptions) -> String {
    write_games(&file.games, options)
}

/// Writes games one after another, separated by a blank line; the text ends with a line end.
///
/// ```
/// let f = pdn::read_file("1. 32-28 * ( 18-23 ) 1. 33-29 2-0 {end}");
/// let text = pdn::writer::write_games(&f.games, &Default::default());
/// // The second game has no tags; its comment opens it after the first move number, so that it
/// // is not read as the end of the first game.
/// assert_eq!(text, "1. 32-28 *\n\n1. {(18-23)} 33-29 2-0 {end}\n");
/// assert_eq!(pdn::read_file(&text).games[1].intro, ["(18-23)"]);
/// ```
#[must_use]
pub fn write_games(games: &[Game], options: &WriteOptions) -> String {
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game_into(&mut out, game, options, i > 0);
    }
    out
}

/// Writes one game on its own, ending with a line end.
///
/// ```
/// let f = pdn::read_file("[Event \"a \\\"b\\\"\"] 1. 32-28 19-23* $1 2. 28x19 14x23");
/// let text = pdn::writer::write_game(&f.games[0], &Default::default());
/// assert_eq!(text, "[Event \"a \\\"b\\\"\"]\n\n1. 32-28 19-23 $7 $1 2. 28x19 14x23 *\n");
/// ```
#[must_use]
pub fn write_game(game: &Game, options: &WriteOptions) -> String {
    let mut out = String::new();
    write_game_into(&mut out, game, options, false);
    out
}

/// Appends one game to `out`. `follows_game` says whether another game was written just before
/// it: a game without tags then needs care so that its first comments are not read as the
/// previous game's closing comments. [`write_games`] is this in a loop, with a blank line between
/// games; use it directly to stream games from several files into one text.
///
/// ```
/// use pdn::writer::{WriteOptions, write_game_into};
/// let a = pdn::read_file("[Event \"a\"] 1. 32-28 2-0");
/// let b = pdn::read_file("{from b} 1. 33-29 0-2");
/// let mut out = String::new();
/// write_game_into(&mut out, &a.games[0], &WriteOptions::default(), false);
/// out.push('\n');
/// write_game_into(&mut out, &b.games[0], &WriteOptions::default(), true);
/// assert_eq!(out, "[Event \"a\"]\n\n1. 32-28 2-0\n\n1. {from b} 33-29 0-2\n");
/// ```
pub fn write_game_into(out: &mut String, game: &Game, options: &WriteOptions, follows_game: bool) {
    write_tags(out, game, options);
    let mut lines = Lines {
        out,
        col: 0,
        width: options.width.max(1),
        break_next: false,
        opens: 0,
    };
    let rewrites = match options.captures {
        CaptureNotation::AsRead => HashMap::new(),
        CaptureNotation::Shortest => shortest_moves(game),
    };
    write_movetext(&mut lines, game, options, follows_game, &rewrites);
    lines.word(game.result.as_deref().unwrap_or("*"));
    for c in &game.outro {
        lines.comment(c);
    }
    lines.end();
}

/// The shortest notation of every played move of every line, keyed by the node's address (the
/// nodes stay put while the game is written).
fn shortest_moves(game: &Game) -> HashMap<*const Node, String> {
    let r = crate::replay::replay(game);
    let mut out = HashMap::new();
    let Some(rs) = &r.ruleset else {
        return out;
    };
    let g = &rs.geometry;
    let sep = rs.variant.capture_separator();
    let mut legal = Vec::new();
    let mut line =
        |nodes: &[Node], start: Option<crate::Position>, plies: &[crate::replay::Ply]| {
            let mut before = start;
            for p in plies {
                let node = &nodes[p.node];
                if let (Some(pos), 0, None) = (before, p.joined, &node.setup) {
                    legal.clear();
                    pos.generate(rs, crate::position::Duplicates::Drop, &mut legal);
                    out.insert(
                        std::ptr::from_ref(node),
                        p.mv.shortest_notation(g, &legal, sep),
                    );
                }
                before = Some(p.position);
            }
        };
    line(&game.moves, r.start, &r.plies);
    for (v, lr) in game.variations.iter().zip(&r.variations) {
        line(&v.moves, lr.start, &lr.plies);
    }
    out
}

fn write_tags(out: &mut String, game: &Game, options: &WriteOptions) {
    let mut any = false;
    for name in ROSTER {
        match game.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name)) {
            Some(t) => write_tag(out, &t.name, &t.value),
            None if options.fill_roster => {
                let value = match name {
                    "Date" => "????.??.??",
                    "Result" => game.result.as_deref().unwrap_or("*"),
                    _ => "?",
                };
                write_tag(out, name, value);
            }
            None => continue,
        }
        any = true;
    }
    let mut seen_roster = [false; 7];
    for t in &game.tags {
        // The first tag of each roster name was written above; any other tag goes here.
        if let Some(k) = ROSTER.iter().position(|r| r.eq_ignore_ascii_case(&t.name)) {
            if !seen_roster[k] {
                seen_roster[k] = true;
                continue;
            }
        }
        write_tag(out, &t.name, &t.value);
        any = true;
    }
    if any {
        out.push('\n');
    }
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// Movetext with line wrapping.
struct Lines<'o> {
    out: &'o mut String,
    /// Characters on the current line.
    col: usize,
    width: usize,
    /// A `;` comment ended the line: the next word starts a new one.
    break_next: bool,
    /// `(`s still to write, glued to the next word.
    opens: usize,
}

impl Lines<'_> {
    fn word(&mut self, w: &str) {
        if self.opens > 0 {
            // `(` goes on the line of the word it opens with, without a space.
            let glued = format!("{}{w}", "(".repeat(self.opens));
            self.opens = 0;
            return self.word(&glued);
        }
        if self.break_next {
            self.out.push('\n');
            self.col = 0;
            self.break_next = false;
        } else if self.col > 0 {
            let first = w.find(['\n', '\r']).map_or(w, |i| &w[..i]);
            if self.col + 1 + first.chars().count() > self.width {
                self.out.push('\n');
                self.col = 0;
            } else {
                self.out.push(' ');
                self.col += 1;
            }
        }
        self.out.push_str(w);
        match w.rfind(['\n', '\r']) {
            Some(i) => self.col = w[i + 1..].chars().count(),
            None => self.col += w.chars().count(),
        }
    }

    fn open(&mut self) {
        self.opens += 1;
    }

    fn close(&mut self) {
        if self.opens > 0 || self.break_next || self.col + 1 > self.width {
            self.word(")");
        } else {
            self.out.push(')');
            self.col += 1;
        }
    }

    fn comment(&mut self, text: &str) {
        let text = comment_text(text);
        if text.contains('}') {
            self.word(&format!("; {text}"));
            self.break_next = true;
        } else {
            self.word(&format!("{{{text}}}"));
        }
    }

    fn end(&mut self) {
        if self.col > 0 || self.break_next {
            self.out.push('\n');
        }
        self.col = 0;
        self.break_next = false;
    }
}

/// A comment as it can be written and read back: trimmed (the reader trims), and with line
/// breaks as spaces when it has a `}` (it is then written as a `;` line comment).
fn comment_text(text: &str) -> std::borrow::Cow<'_, str> {
    let t = text.trim();
    if t.contains('}') && t.contains(['\n', '\r']) {
        let joined = t.replace("\r\n", " ").replace(['\n', '\r'], " ");
        std::borrow::Cow::Owned(joined.trim().to_string())
    } else {
        std::borrow::Cow::Borrowed(t)
    }
}

/// A setup's FEN as it can be written and read back: trimmed, without its quotes.
fn setup_text(fen: &str) -> &str {
    let t = fen.trim();
    t.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(t)
}

fn setup_word(fen: &str) -> String {
    format!("/FEN \"{}\"/", setup_text(fen).replace(['\n', '\r'], " "))
}

/// A move number and side: the state before a move.
#[derive(Clone, Copy, Debug)]
struct Num {
    /// Saturates at `u32::MAX`, the largest number the reader keeps, so that a written number
    /// always reads back as itself.
    n: u32,
    second: bool,
}

impl Num {
    fn next(self) -> Num {
        if self.second {
            Num {
                n: self.n.saturating_add(1),
                second: false,
            }
        } else {
            Num {
                n: self.n,
                second: true,
            }
        }
    }
}

/// Who moves first in `game`: from the GameType tag, else from the variant the replay guesses.
fn first_player(game: &Game) -> Color {
    let tagged = game.tag("GameType").and_then(|v| GameType::parse(v).ok());
    if let Some(first) = tagged.and_then(|gt| gt.first_player()) {
        return first;
    }
    crate::replay::replay(game)
        .geometry
        .map_or(Color::White, |g| g.spec().first_player)
}

fn fen_turn(fen: &str) -> Option<Color> {
    Setup::parse(fen).ok().and_then(|s| s.turn)
}

/// One line of play being written: the mainline or a variation.
struct Frame<'g> {
    nodes: &'g [Node],
    /// Next node to write.
    i: usize,
    /// Number and side of `nodes[i]`.
    num: Num,
    /// The next move needs its number even if it is the second player's.
    need_number: bool,
    mainline: bool,
    /// Variations of the node just written, and how many of them are written.
    vars: &'g [usize],
    written_vars: usize,
    /// Number and side of the node just written (where its variations start).
    var_num: Num,
}

fn write_movetext(
    lines: &mut Lines<'_>,
    game: &Game,
    _options: &WriteOptions,
    follows: bool,
    rewrites: &HashMap<*const Node, String>,
) {
    let mut first: Option<Color> = None;
    let mut first_player = || *first.get_or_insert_with(|| first_player(game));
    let mut start = Num {
        n: game.moves.first().and_then(|m| m.number).unwrap_or(1),
        second: false,
    };
    if let Some(turn) = game.start_fen().and_then(fen_turn) {
        // From a FEN, numbered as the text numbers it (as the replay does): the side to move
        // opens the numbers unless the text numbers its move alone (`1... 10x19 2.`).
        let (_, leader) = crate::replay::written_numbering(&game.moves, turn);
        start.second = turn != leader;
    }
    if let Some(fen) = &game.setup {
        lines.word(&setup_word(fen));
    }
    // A game without tags after another game: a comment first would be read as the previous
    // game's closing comment, so the first move number comes first.
    let mut number_written = false;
    if follows
        && game.tags.is_empty()
        && game.setup.is_none()
        && !game.intro.is_empty()
        && game.moves.first().is_some_and(|m| m.setup.is_none())
    {
        lines.word(&number_word(start, true));
        number_written = true;
    }
    for c in &game.intro {
        lines.comment(c);
    }
    let result_tag = game.tag("Result");
    let mut written = vec![false; game.variations.len()];
    let mut stack = vec![Frame {
        nodes: &game.moves,
        i: 0,
        num: start,
        need_number: !number_written,
        mainline: true,
        vars: &[],
        written_vars: 0,
        var_num: start,
    }];
    while let Some(f) = stack.last_mut() {
        if f.written_vars < f.vars.len() {
            let id = f.vars[f.written_vars];
            f.written_vars += 1;
            // A variation id out of range or met before (only in games built by hand) is skipped.
            let Some(v) = game.variations.get(id).filter(|_| !written[id]) else {
                continue;
            };
            written[id] = true;
            f.need_number = true;
            let num = f.var_num;
            lines.open();
            for c in &v.comments {
                lines.comment(c);
            }
            stack.push(Frame {
                nodes: &v.moves,
                i: 0,
                num,
                need_number: true,
                mainline: false,
                vars: &[],
                written_vars: 0,
                var_num: num,
            });
            continue;
        }
        let Some(node) = f.nodes.get(f.i) else {
            let mainline = f.mainline;
            stack.pop();
            if !mainline {
                lines.close();
            }
            continue;
        };
        f.i += 1;
        if let Some(fen) = &node.setup {
            lines.word(&setup_word(fen));
            f.num.n = node.number.unwrap_or(f.num.n);
            if let Some(turn) = fen_turn(fen) {
                f.num.second = turn != first_player();
            }
            f.need_number = true;
        }
        let mut word = if f.mainline && f.i == 1 && number_written {
            String::new()
        } else if f.need_number || !f.num.second {
            let mut w = number_word(f.num, f.need_number);
            w.push(' ');
            w
        } else {
            String::new()
        };
        let nags = node.nags.as_slice();
        if node.text == "-" && node.notation.is_none() {
            word.push_str("--");
        } else if f.mainline
            && node.strength.is_empty()
            && result_tag == Some(node.text.as_str())
            && node.text.contains('-')
        {
            // The reader takes a bare move equal to the Result tag for a Delfts score (the
            // result); a space after the first square keeps it a move.
            word.push_str(&spaced(&node.text));
        } else {
            let text = rewrites
                .get(&std::ptr::from_ref(node))
                .map_or(node.text.as_str(), String::as_str);
            word.push_str(text);
        }
        word.push_str(&node.strength);
        lines.word(&word);
        for nag in nags {
            lines.word(&format!("${nag}"));
        }
        for c in &node.comments {
            lines.comment(c);
        }
        f.need_number = !node.comments.is_empty();
        f.var_num = f.num;
        f.num = f.num.next();
        f.vars = &node.variations;
        f.written_vars = 0;
    }
}

/// `12.` for the first player's move; `12...` for the second player's when `needed`.
fn number_word(num: Num, needed: bool) -> String {
    if !num.second {
        format!("{}.", num.n)
    } else if needed {
        format!("{}...", num.n)
    } else {
        String::new()
    }
}

/// `4-6` as `4 -6`: still one move to the reader, but not the Delfts score `4-6`.
fn spaced(text: &str) -> String {
    match text.find(['-', 'x', 'X', ':', '×', '\u{2013}']) {
        Some(i) if i > 0 => format!("{} {}", &text[..i], &text[i..]),
        _ => text.to_string(),
    }
}

/// The first way `games` fail the round trip, if any: the written text must read back as the
/// same games (by [`difference`]), and writing those must give the same text byte for byte.
/// The corpus test, the property tests and the fuzz target all check this.
///
/// ```
/// let f = pdn::read_file("[Event \"a\"] 1. 32-28 {good} (31-27) 19-23 *");
/// let opts = pdn::writer::WriteOptions::default();
/// assert_eq!(pdn::writer::round_trip_failure(&f.games, &opts), None);
/// ```
#[must_use]
pub fn round_trip_failure(games: &[Game], opts: &WriteOptions) -> Option<String> {
    let written = write_games(games, opts);
    let again = crate::read_file(&written);
    if again.games.len() != games.len() {
        return Some(format!(
            "{} games became {}\n--- written:\n{written}",
            games.len(),
            again.games.len()
        ));
    }
    for (i, (a, b)) in games.iter().zip(&again.games).enumerate() {
        if let Some(d) = difference(a, b) {
            return Some(format!("game {}: {d}\n--- written:\n{written}", i + 1));
        }
    }
    let rewritten = write_games(&again.games, opts);
    if rewritten != written {
        let line = written
            .lines()
            .zip(rewritten.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        return Some(format!(
            "writing again changes line {}:\n{:?}\nvs\n{:?}",
            line + 1,
            written.lines().nth(line),
            rewritten.lines().nth(line)
        ));
    }
    None
}

/// Says how two games differ in what the writer must keep, or `None` when they are the same.
///
/// What is compared (so what survives `read(write(game))`):
/// * tags, name and value, in written order (roster first, then the rest as read); values with
///   line breaks as spaces;
/// * intro and outro comments, and the comments of every move and variation, trimmed (a comment
///   with a `}` also with its line breaks as spaces);
/// * the start setup and every move's setup, trimmed and without surrounding quotes;
/// * every move of the mainline and of every variation at any depth: text, notation, strength,
///   NAGs, and its variations in order (compared by shape, not by index);
/// * the result, a missing one counting as `*`.
///
/// Not compared: spans, diagnostics, written move numbers.
///
/// ```
/// let a = pdn::read_file("1. 32-28 {x} (31-27) 19-23");
/// let b = pdn::read_file("1. 32-28 {x} (31-26) 19-23 *");
/// let diff = pdn::writer::difference(&a.games[0], &b.games[0]).unwrap();
/// assert!(diff.contains("31-27"), "{diff}");
/// assert_eq!(pdn::writer::difference(&a.games[0], &a.games[0]), None);
/// ```
#[must_use]
pub fn difference(a: &Game, b: &Game) -> Option<String> {
    let tags = |g: &Game| {
        let mut out = String::new();
        write_tags(&mut out, g, &WriteOptions::default());
        out
    };
    let (ta, tb) = (tags(a), tags(b));
    if ta != tb {
        return Some(format!("tags differ:\n{ta}vs\n{tb}"));
    }
    let comments =
        |v: &[String]| -> Vec<String> { v.iter().map(|c| comment_text(c).into_owned()).collect() };
    if comments(&a.intro) != comments(&b.intro) {
        return Some(format!("intro {:?} vs {:?}", a.intro, b.intro));
    }
    if comments(&a.outro) != comments(&b.outro) {
        return Some(format!("outro {:?} vs {:?}", a.outro, b.outro));
    }
    fn setup(s: &Option<String>) -> Option<&str> {
        s.as_deref().map(setup_text)
    }
    if setup(&a.setup) != setup(&b.setup) {
        return Some(format!("setup {:?} vs {:?}", a.setup, b.setup));
    }
    let result = |g: &Game| g.result.clone().unwrap_or_else(|| "*".into());
    if result(a) != result(b) {
        return Some(format!("result {} vs {}", result(a), result(b)));
    }
    // Walk both trees side by side: (line in a, line in b, where, nesting depth).
    let mut stack: Vec<(&[Node], &[Node], String, usize)> =
        vec![(&a.moves, &b.moves, "mainline".to_string(), 0)];
    let mut visited = 0usize;
    while let Some((la, lb, place, depth)) = stack.pop() {
        if la.len() != lb.len() {
            return Some(format!("{place}: {} moves vs {}", la.len(), lb.len()));
        }
        for (k, (na, nb)) in la.iter().zip(lb).enumerate() {
            let at = format!("{place} move {} ({})", k + 1, na.text);
            if na.text != nb.text || na.notation != nb.notation || na.strength != nb.strength {
                return Some(format!(
                    "{at}: {}{} vs {}{}",
                    na.text, na.strength, nb.text, nb.strength
                ));
            }
            if na.nags != nb.nags {
                return Some(format!("{at}: NAGs {:?} vs {:?}", na.nags, nb.nags));
            }
            if comments(&na.comments) != comments(&nb.comments) {
                return Some(format!(
                    "{at}: comments {:?} vs {:?}",
                    na.comments, nb.comments
                ));
            }
            if setup(&na.setup) != setup(&nb.setup) {
                return Some(format!("{at}: setup {:?} vs {:?}", na.setup, nb.setup));
            }
            if na.variations.len() != nb.variations.len() {
                return Some(format!(
                    "{at}: {} variations vs {}",
                    na.variations.len(),
                    nb.variations.len()
                ));
            }
            for (j, (&va, &vb)) in na.variations.iter().zip(&nb.variations).enumerate() {
                let (Some(va), Some(vb)) = (a.variations.get(va), b.variations.get(vb)) else {
                    return Some(format!("{at}: variation index out of range"));
                };
                visited += 1;
                if visited > a.variations.len() {
                    return Some("a variation is used twice".to_string());
                }
                // Only the innermost step is named: a path through deep nesting would be long.
                let place = format!(
                    "variation {} of move {} ({}), depth {}",
                    j + 1,
                    k + 1,
                    na.text,
                    depth + 1
                );
                if comments(&va.comments) != comments(&vb.comments) {
                    return Some(format!(
                        "{place}: comments {:?} vs {:?}",
                        va.comments, vb.comments
                    ));
                }
                stack.push((&va.moves, &vb.moves, place, depth + 1));
            }
        }
    }
    None
}
