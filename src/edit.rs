//! Editing a game's move tree the way an analysis board does: the legal moves of any position of
//! the game (every line), playing one (the next move of the line steps forward, an existing
//! variation is followed, anything else starts a new variation or extends the line), deleting,
//! promoting and cutting lines, and a move's comment, strength mark and drawn marks
//! (`[%csl]` squares and `[%cal]` arrows).
//!
//! Positions are named by a [`Place`]: a line (`None` for the mainline, else an index into
//! [`Game::variations`]) and how many of its plies have been played, exactly as a
//! [`Replay`] numbers them. Every edit keeps the game in the shape the reader builds (variations
//! stored inner first, in text order), so the writer's output reads back as the same game.
//!
//! ```
//! use pdn::edit::{self, Place};
//! let mut game = pdn::read_file("[GameType \"20\"] 1. 32-28 19-23 *").games.remove(0);
//! let r = pdn::replay::replay(&game);
//! // After 32-28, Black plays 18-22 instead of 19-23: a new variation.
//! let after = Place::main(1);
//! let (_, moves) = edit::legal_moves(&r, after).unwrap();
//! let g = &r.ruleset.as_ref().unwrap().geometry;
//! let mv = moves.iter().find(|m| m.short_notation(g) == "18-22").unwrap();
//! let shown = edit::play(&mut game, &r, after, mv).unwrap();
//! assert_eq!(shown, Place { line: Some(0), ply: 1 });
//! let text = pdn::writer::write_game(&game, &Default::default());
//! assert!(text.contains("1. 32-28 19-23 (1... 18-22) *"), "{text}");
//! ```

use std::fmt;

use crate::comment;
use crate::diagnostic::Span;
use crate::notation::PdnMove;
use crate::position::{Move, Position};
use crate::reader::{Game, Node, Variation};
use crate::replay::{Ply, Replay};

/// A position of a game: `ply` plies into `line` (`None`: the mainline; else a variation's
/// index). Ply 0 of a variation is the position before its first move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Place {
    /// The line: `None` for the mainline, else an index into [`Game::variations`].
    pub line: Option<usize>,
    /// Plies of that line played.
    pub ply: usize,
}

impl Place {
    /// `ply` plies into the mainline.
    #[must_use]
    pub const fn main(ply: usize) -> Place {
        Place { line: None, ply }
    }
}

/// Why an edit could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The game cannot be replayed (unknown variant, a bad setup), or the place is not in it.
    NoPosition,
    /// The move is not legal in that position.
    IllegalMove,
    /// The line stops at a move that cannot be played just after this position; a move can
    /// only be added before it.
    LineStopped,
    /// There is no such variation.
    NoVariation,
    /// The strength mark is not one of `!`, `?`, `!!`, `??`, `!?`, `?!` (or empty).
    BadStrength,
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EditError::NoPosition => "there is no position to play from here",
            EditError::IllegalMove => "that move is not legal here",
            EditError::LineStopped => {
                "the line stops at a move that cannot be played; moves can be added before it"
            }
            EditError::NoVariation => "there is no such variation",
            EditError::BadStrength => "a strength mark is one of ! ? !! ?? !? ?!",
        })
    }
}

impl std::error::Error for EditError {}

/// The plies of a line as replayed, and where it starts.
fn line_of(r: &Replay, line: Option<usize>) -> Option<(Option<Position>, &[Ply])> {
    match line {
        None => Some((r.start, &r.plies)),
        Some(v) => r.variations.get(v).map(|l| (l.start, l.plies.as_slice())),
    }
}

/// The position at `place`, when the game was replayed that far.
#[must_use]
pub fn position_at(r: &Replay, place: Place) -> Option<Position> {
    let (start, plies) = line_of(r, place.line)?;
    if place.ply == 0 {
        start
    } else {
        plies.get(place.ply - 1).map(|p| p.position)
    }
}

/// The position at `place` and its legal moves, one per distinct capture (routes that take the
/// same pieces from the same start to the same end are one move; [`Move::path`] gives the route
/// and [`Move::captured_squares`] the pieces taken).
#[must_use]
pub fn legal_moves(r: &Replay, place: Place) -> Option<(Position, Vec<Move>)> {
    let rs = r.ruleset.as_ref()?;
    let pos = position_at(r, place)?;
    Some((pos, pos.legal_moves(rs)))
}

/// Whether two moves are the same move: same start, end and pieces taken.
#[must_use]
pub fn same_move(a: &Move, b: &Move) -> bool {
    a.from == b.from && a.to == b.to && a.captured == b.captured
}

/// The moves of a line, mutably.
fn nodes_mut(game: &mut Game, line: Option<usize>) -> Option<&mut Vec<Node>> {
    match line {
        None => Some(&mut game.moves),
        Some(v) => game.variations.get_mut(v).map(|var| &mut var.moves),
    }
}

fn nodes(game: &Game, line: Option<usize>) -> Option<&[Node]> {
    match line {
        None => Some(&game.moves),
        Some(v) => game.variations.get(v).map(|var| var.moves.as_slice()),
    }
}

/// The node index in its line of the move after `ply` plies (the line's length at its end).
fn next_node(plies: &[Ply], ply: usize) -> usize {
    match ply.checked_sub(1).and_then(|i| plies.get(i)) {
        Some(p) => p.node + p.joined + 1,
        None => 0,
    }
}

/// A new move node written as the shortest notation the standard allows in `pos`, or in
/// Russian short notation (`cd4`) in a game written that way (`short`) when it names one move.
fn new_node(r: &Replay, pos: &Position, mv: &Move, short: bool) -> Option<Node> {
    let rs = r.ruleset.as_ref()?;
    let legal = pos.legal_moves(rs);
    let text = short
        .then(|| short_text(&rs.geometry, &legal, mv))
        .flatten()
        .unwrap_or_else(|| {
            mv.shortest_notation(&rs.geometry, &legal, rs.variant.capture_separator())
        });
    Some(Node {
        notation: PdnMove::parse(&text),
        text: text.into(),
        strength: String::new(),
        span: Span::default(),
        number: None,
        nags: Vec::new(),
        comments: Vec::new(),
        setup: None,
        variations: Vec::new(),
    })
}

/// The game writes its moves in Russian short notation (`cd4`, `ge3`): more of its mainline's
/// moves are written so than otherwise. Moves added to it are written the same way, and the
/// engine's lines and better moves too ([`move_text`]).
#[must_use]
pub fn writes_short(game: &Game) -> bool {
    texts_short(game.moves.iter().map(|n| n.notation.as_ref()))
}

/// Whether moves written as `texts` (a game's mainline, as the page holds it) are mostly in
/// Russian short notation: see [`writes_short`].
#[must_use]
pub fn texts_are_short<'a>(texts: impl IntoIterator<Item = &'a str>) -> bool {
    let parsed: Vec<Option<PdnMove>> = texts.into_iter().map(PdnMove::parse).collect();
    texts_short(parsed.iter().map(Option::as_ref))
}

fn texts_short<'a>(moves: impl Iterator<Item = Option<&'a PdnMove>>) -> bool {
    let (mut short, mut other) = (0usize, 0usize);
    for m in moves.flatten() {
        if m.is_short() {
            short += 1;
        } else {
            other += 1;
        }
    }
    short > other
}

/// `mv` as a game written in Russian short notation writes it (`short`: `cd4`, when that names
/// one move among `legal`), else the shortest notation the standard allows (`32-28`, `28x17`).
#[must_use]
pub fn move_text(
    g: &crate::geometry::Geometry,
    legal: &[Move],
    mv: &Move,
    capture: char,
    short: bool,
) -> String {
    short
        .then(|| short_text(g, legal, mv))
        .flatten()
        .unwrap_or_else(|| mv.shortest_notation(g, legal, capture))
}

/// `mv` in Russian short notation: the file letter of the square it starts from and the square
/// it ends on (`cd4`, `ge3` for `g5:e3`). None when the board's squares are not a letter and
/// digits, or when another legal move of a piece on that file ends on that square (the reader
/// could not tell them apart).
fn short_text(g: &crate::geometry::Geometry, legal: &[Move], mv: &Move) -> Option<String> {
    let on_file = |label: &str, file: u8| {
        label.len() >= 2
            && label.as_bytes()[0] == file
            && label.as_bytes()[1..].iter().all(u8::is_ascii_digit)
    };
    let from = g.label(mv.from);
    let file = *from.as_bytes().first()?;
    if !file.is_ascii_lowercase() || !on_file(from, file) {
        return None;
    }
    let other = legal.iter().any(|m| {
        m.to == mv.to
            && on_file(g.label(m.from), file)
            && !(m.from == mv.from && m.captured == mv.captured)
    });
    let text = format!("{}{}", char::from(file), g.label(mv.to));
    let parsed = PdnMove::parse(&text)?;
    (!other && parsed.is_short()).then_some(text)
}

/// Plays `mv` at `place` of `game` (whose replay is `r`) and says where the move is now shown:
///
/// * the line's next move is the same move: one step forward in that line;
/// * a variation of that next move starts with it: into that variation;
/// * the line ends here: the move is added to it;
/// * otherwise a new variation with that one move, after the existing ones.
///
/// After a change the game must be replayed again before the next edit.
///
/// # Errors
///
/// [`EditError::NoPosition`] when the place is not replayed, [`EditError::IllegalMove`] when
/// `mv` is not legal there, [`EditError::LineStopped`] when the next move of the line could
/// not be played (a variation hung on it would never be reached).
pub fn play(game: &mut Game, r: &Replay, place: Place, mv: &Move) -> Result<Place, EditError> {
    let (pos, legal) = legal_moves(r, place).ok_or(EditError::NoPosition)?;
    if !legal.iter().any(|m| same_move(m, mv)) {
        return Err(EditError::IllegalMove);
    }
    let (_, plies) = line_of(r, place.line).ok_or(EditError::NoPosition)?;
    if let Some(next) = plies.get(place.ply) {
        if same_move(&next.mv, mv) {
            return Ok(Place {
                line: place.line,
                ply: place.ply + 1,
            });
        }
        let line = nodes(game, place.line).ok_or(EditError::NoPosition)?;
        for &v in line[next.node..=next.node + next.joined]
            .iter()
            .flat_map(|n| &n.variations)
        {
            let first = r.variations.get(v).and_then(|l| l.plies.first());
            if first.is_some_and(|p| same_move(&p.mv, mv)) {
                return Ok(Place {
                    line: Some(v),
                    ply: 1,
                });
            }
        }
    }
    let node = new_node(r, &pos, mv, writes_short(game)).ok_or(EditError::NoPosition)?;
    let at = next_node(plies, place.ply);
    let line = nodes_mut(game, place.line).ok_or(EditError::NoPosition)?;
    if at >= line.len() {
        line.push(node);
        return Ok(Place {
            line: place.line,
            ply: place.ply + 1,
        });
    }
    if place.ply >= plies.len() {
        return Err(EditError::LineStopped);
    }
    let id = game.variations.len();
    game.variations.push(Variation {
        comments: Vec::new(),
        moves: vec![node],
        span: Span::default(),
    });
    nodes_mut(game, place.line).ok_or(EditError::NoPosition)?[at]
        .variations
        .push(id);
    let ids = renumber(game);
    Ok(Place {
        line: ids[id],
        ply: 1,
    })
}

/// The line and node index a variation hangs on.
fn parent_of(game: &Game, v: usize) -> Option<(Option<usize>, usize)> {
    if let Some(i) = game.moves.iter().position(|n| n.variations.contains(&v)) {
        return Some((None, i));
    }
    game.variations.iter().enumerate().find_map(|(id, var)| {
        var.moves
            .iter()
            .position(|n| n.variations.contains(&v))
            .map(|i| (Some(id), i))
    })
}

/// The ply of `line` (in the replay of the edited game) whose moves include node `node`, as a
/// place before that move.
fn place_before_node(r: &Replay, line: Option<usize>, node: usize) -> Place {
    let plies = line_of(r, line).map_or(&[][..], |(_, p)| p);
    let ply = plies
        .iter()
        .position(|p| node <= p.node + p.joined)
        .unwrap_or(plies.len());
    Place { line, ply }
}

/// Deletes variation `v` and every variation inside it. Returns the place before the move it
/// replaced, in the edited game.
///
/// # Errors
///
/// [`EditError::NoVariation`] when `v` hangs on no move.
pub fn delete_variation(game: &mut Game, v: usize) -> Result<Place, EditError> {
    let (line, at) = parent_of(game, v).ok_or(EditError::NoVariation)?;
    nodes_mut(game, line).ok_or(EditError::NoVariation)?[at]
        .variations
        .retain(|&x| x != v);
    let ids = renumber(game);
    let line = line.and_then(|l| ids[l]);
    let r = crate::replay::replay(game);
    Ok(place_before_node(&r, line, at))
}

/// Makes variation `v` the line it branches from: its moves take the place of the move it
/// replaced and the moves after it, which become its first alternative (the other alternatives
/// follow). Returns the place of the promoted line's first move, in the edited game.
///
/// # Errors
///
/// [`EditError::NoVariation`] when `v` hangs on no move.
pub fn promote_variation(game: &mut Game, v: usize) -> Result<Place, EditError> {
    let (line, at) = parent_of(game, v).ok_or(EditError::NoVariation)?;
    if game.variations[v].moves.is_empty() {
        return Err(EditError::NoVariation);
    }
    let mut promoted = std::mem::take(&mut game.variations[v].moves);
    let parent = nodes_mut(game, line).ok_or(EditError::NoVariation)?;
    // Written move numbers stay where they were in the line (they number a game from a FEN).
    let numbers: Vec<Option<u32>> = parent[at..].iter().take(2).map(|n| n.number).collect();
    let mut tail = parent.split_off(at);
    let mut alternatives = vec![v];
    alternatives.extend(tail[0].variations.drain(..).filter(|&x| x != v));
    alternatives.append(&mut promoted[0].variations);
    promoted[0].variations = alternatives;
    for (k, number) in numbers.into_iter().enumerate() {
        if let Some(node) = promoted.get_mut(k) {
            node.number = number;
        }
        if let Some(node) = tail.get_mut(k) {
            node.number = None;
        }
    }
    parent.append(&mut promoted);
    game.variations[v].moves = tail;
    let ids = renumber(game);
    let line = line.and_then(|l| ids[l]);
    let r = crate::replay::replay(game);
    let before = place_before_node(&r, line, at);
    Ok(Place {
        line,
        ply: before.ply + 1,
    })
}

/// Deletes the moves of a line from the one after `place` to its end, with their variations
/// (the position at `place` stays). At a variation's start, the whole variation goes
/// ([`delete_variation`]).
///
/// # Errors
///
/// [`EditError::NoPosition`] when the place is not in the game.
pub fn cut_line(game: &mut Game, r: &Replay, place: Place) -> Result<Place, EditError> {
    if let (Some(v), 0) = (place.line, place.ply) {
        return delete_variation(game, v).map_err(|_| EditError::NoPosition);
    }
    let (_, plies) = line_of(r, place.line).ok_or(EditError::NoPosition)?;
    if place.ply > plies.len() {
        return Err(EditError::NoPosition);
    }
    let at = next_node(plies, place.ply);
    nodes_mut(game, place.line)
        .ok_or(EditError::NoPosition)?
        .truncate(at);
    let ids = renumber(game);
    Ok(Place {
        line: place.line.and_then(|l| ids[l]),
        ply: place.ply,
    })
}

/// The comments that belong to the position at `place`: after its move, or, at a line's
/// start, the game's first comments or the variation's opening ones.
fn comments_mut<'g>(
    game: &'g mut Game,
    r: &Replay,
    place: Place,
) -> Result<&'g mut Vec<String>, EditError> {
    if place.ply == 0 {
        return match place.line {
            None => Ok(&mut game.intro),
            Some(v) => game
                .variations
                .get_mut(v)
                .map(|var| &mut var.comments)
                .ok_or(EditError::NoPosition),
        };
    }
    let (_, plies) = line_of(r, place.line).ok_or(EditError::NoPosition)?;
    let p = plies.get(place.ply - 1).ok_or(EditError::NoPosition)?;
    let at = p.node + p.joined;
    nodes_mut(game, place.line)
        .and_then(|n| n.get_mut(at))
        .map(|n| &mut n.comments)
        .ok_or(EditError::NoPosition)
}

/// Rewrites `comments` as one comment: the commands `keep` keeps, then `added`, then `prose`
/// (or the old comments' prose when `None`). Nothing left: no comment.
fn rewrite(
    comments: &mut Vec<String>,
    keep: impl Fn(&comment::Command) -> bool,
    added: &[String],
    prose: Option<&str>,
) {
    let mut parts: Vec<String> = Vec::new();
    let mut old_prose: Vec<String> = Vec::new();
    for c in comments.iter() {
        let parsed = comment::parse(c);
        parts.extend(
            parsed
                .commands
                .iter()
                .filter(|cmd| keep(cmd))
                .map(ToString::to_string),
        );
        if !parsed.text.is_empty() {
            old_prose.push(parsed.text);
        }
    }
    parts.extend(added.iter().filter(|a| !a.is_empty()).cloned());
    match prose {
        Some(p) if !p.trim().is_empty() => parts.push(p.trim().to_string()),
        Some(_) => {}
        None => parts.extend(old_prose),
    }
    comments.clear();
    if !parts.is_empty() {
        comments.push(parts.join(" "));
    }
}

/// Sets the comment of the move that leads to `place` (at a line's start: the comment before
/// it): `text` replaces the words, the `[%…]` commands (clocks, marks) stay.
///
/// # Errors
///
/// [`EditError::NoPosition`] when the place is not in the game.
pub fn set_comment(game: &mut Game, r: &Replay, place: Place, text: &str) -> Result<(), EditError> {
    // Line breaks would end a `;` comment when read back as one; a comment is one paragraph.
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    rewrite(comments_mut(game, r, place)?, |_| true, &[], Some(&text));
    Ok(())
}

/// The strength marks a move can be given.
pub const STRENGTHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// Sets the strength mark of the move that leads to `place` (`""` removes it, and the NAGs 1–6
/// that say the same).
///
/// # Errors
///
/// [`EditError::BadStrength`] for another mark, [`EditError::NoPosition`] when the place has
/// no move.
pub fn set_strength(
    game: &mut Game,
    r: &Replay,
    place: Place,
    strength: &str,
) -> Result<(), EditError> {
    if !strength.is_empty() && !STRENGTHS.contains(&strength) {
        return Err(EditError::BadStrength);
    }
    let (_, plies) = line_of(r, place.line).ok_or(EditError::NoPosition)?;
    let p = place
        .ply
        .checked_sub(1)
        .and_then(|i| plies.get(i))
        .ok_or(EditError::NoPosition)?;
    let (first, last) = (p.node, p.node + p.joined);
    let line = nodes_mut(game, place.line).ok_or(EditError::NoPosition)?;
    for n in &mut line[first..=last] {
        n.strength.clear();
        n.nags.retain(|&g| !(1..=6).contains(&g));
    }
    line[last].strength = strength.to_string();
    Ok(())
}

/// Marks drawn on the board: coloured squares (`[%csl]`) and arrows (`[%cal]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// `(colour letter, square)`: `G`reen, `R`ed, `Y`ellow, `B`lue.
    pub squares: Vec<(char, String)>,
    /// `(colour letter, from, to)`.
    pub arrows: Vec<(char, String, String)>,
}

impl Marks {
    /// The marks of a position's comments (every `[%csl]` and `[%cal]` command), with a colour
    /// letter other than `G`, `R`, `Y`, `B` read as `G`.
    #[must_use]
    pub fn of(comments: &[String]) -> Marks {
        let mut marks = Marks::default();
        let colour = |c: char| match c.to_ascii_uppercase() {
            k @ ('R' | 'Y' | 'B' | 'G') => k,
            _ => 'G',
        };
        for c in comments.iter().filter(|c| c.contains("[%")) {
            for cmd in comment::parse(c).commands {
                if let Some(sq) = cmd.squares() {
                    marks
                        .squares
                        .extend(sq.into_iter().map(|(c, s)| (colour(c), s)));
                } else if let Some(ar) = cmd.arrows() {
                    marks
                        .arrows
                        .extend(ar.into_iter().map(|(c, f, t)| (colour(c), f, t)));
                }
            }
        }
        marks
    }

    /// No mark at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty() && self.arrows.is_empty()
    }

    /// The commands that write these marks: `[%csl G12,R23]` and `[%cal G12-23]` (algebraic
    /// squares without the dash: `[%cal Gc3e5]`), each only when it has something.
    #[must_use]
    pub fn commands(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.squares.is_empty() {
            let items: Vec<String> = self
                .squares
                .iter()
                .map(|(c, s)| format!("{c}{s}"))
                .collect();
            out.push(format!("[%csl {}]", items.join(",")));
        }
        if !self.arrows.is_empty() {
            let items: Vec<String> = self
                .arrows
                .iter()
                .map(|(c, f, t)| {
                    let numeric = f.bytes().all(|b| b.is_ascii_digit());
                    if numeric {
                        format!("{c}{f}-{t}")
                    } else {
                        format!("{c}{f}{t}")
                    }
                })
                .collect();
            out.push(format!("[%cal {}]", items.join(",")));
        }
        out
    }
}

/// Replaces the marks of the position at `place` (the `[%csl]`/`[%cal]` commands of its
/// comments) by `marks`; the words and other commands stay.
///
/// # Errors
///
/// [`EditError::NoPosition`] when the place is not in the game.
pub fn set_marks(
    game: &mut Game,
    r: &Replay,
    place: Place,
    marks: &Marks,
) -> Result<(), EditError> {
    rewrite(
        comments_mut(game, r, place)?,
        |cmd| cmd.name != "csl" && cmd.name != "cal",
        &marks.commands(),
        None,
    );
    Ok(())
}

/// The variations referred to by the moves of a line, in order.
fn kids(moves: &[Node]) -> Vec<usize> {
    moves
        .iter()
        .flat_map(|n| n.variations.iter().copied())
        .collect()
}

/// Puts the variations in the order the reader stores them (each after the variations inside
/// it, siblings in text order) and drops those no move refers to and empty ones (`()` reads
/// back as nothing). Returns each old index's new
/// one.
fn renumber(game: &mut Game) -> Vec<Option<usize>> {
    let n = game.variations.len();
    let mut seen: Vec<bool> = game.variations.iter().map(|v| v.moves.is_empty()).collect();
    let mut order = Vec::with_capacity(n);
    for root in kids(&game.moves) {
        if root >= n || seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, kids(&game.variations[root].moves), 0usize)];
        while let Some(top) = stack.last_mut() {
            if let Some(&c) = top.1.get(top.2) {
                top.2 += 1;
                if c < n && !seen[c] {
                    seen[c] = true;
                    stack.push((c, kids(&game.variations[c].moves), 0));
                }
            } else {
                order.push(top.0);
                stack.pop();
            }
        }
    }
    let mut ids = vec![None; n];
    for (new, &old) in order.iter().enumerate() {
        ids[old] = Some(new);
    }
    let mut old: Vec<Option<Variation>> = std::mem::take(&mut game.variations)
        .into_iter()
        .map(Some)
        .collect();
    game.variations = order.iter().filter_map(|&o| old[o].take()).collect();
    let remap = |nodes: &mut Vec<Node>| {
        for node in nodes {
            node.variations = node
                .variations
                .iter()
                .filter_map(|&v| ids.get(v).copied().flatten())
                .collect();
        }
    };
    remap(&mut game.moves);
    for v in &mut game.variations {
        remap(&mut v.moves);
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::replay;
    use crate::writer::{WriteOptions, difference, write_game};

    fn game(text: &str) -> Game {
        crate::read_file(text).games.remove(0)
    }

    fn by_text(r: &Replay, place: Place, text: &str) -> Move {
        let (pos, moves) = legal_moves(r, place).unwrap();
        let rs = r.ruleset.as_ref().unwrap();
        let g = &rs.geometry;
        *moves
            .iter()
            .find(|m| {
                m.shortest_notation(g, &pos.legal_moves(rs), 'x') == text
                    || m.long_notation(g) == text
            })
            .unwrap_or_else(|| panic!("{text} is not legal"))
    }

    fn reads_back(g: &Game) -> String {
        let text = write_game(g, &WriteOptions::default());
        let again = crate::read_file(&text).games.remove(0);
        assert_eq!(difference(g, &again), None, "{text}");
        assert_eq!(g.variations.len(), again.variations.len());
        for (a, b) in g.moves.iter().zip(&again.moves) {
            assert_eq!(a.variations, b.variations, "{text}");
        }
        text
    }

    #[test]
    fn the_next_move_steps_forward_and_an_existing_variation_is_followed() {
        let mut g = game("[GameType \"20\"] 1. 32-28 (1. 33-28 18-23) 19-23 *");
        let r = replay(&g);
        let same = by_text(&r, Place::main(0), "32-28");
        assert_eq!(play(&mut g, &r, Place::main(0), &same), Ok(Place::main(1)));
        let var = by_text(&r, Place::main(0), "33-28");
        assert_eq!(
            play(&mut g, &r, Place::main(0), &var),
            Ok(Place {
                line: Some(0),
                ply: 1
            })
        );
        let before = g.clone();
        assert_eq!(difference(&g, &before), None);
        // At the end of a line the move is added to it.
        let r = replay(&g);
        let m = by_text(&r, Place::main(2), "28x19");
        assert_eq!(play(&mut g, &r, Place::main(2), &m), Ok(Place::main(3)));
        assert_eq!(g.moves[2].text, "28x19");
        reads_back(&g);
    }

    #[test]
    fn new_variations_nest_delete_and_promote() {
        let mut g = game("[GameType \"20\"] 1. 32-28 19-23 2. 28x19 14x23 *");
        let r = replay(&g);
        let m = by_text(&r, Place::main(1), "17-22");
        let at = play(&mut g, &r, Place::main(1), &m).unwrap();
        assert_eq!(
            at,
            Place {
                line: Some(0),
                ply: 1
            }
        );
        for (ply, text) in [(1, "28x17"), (2, "11x22")] {
            let r = replay(&g);
            let at = Place { line: Some(0), ply };
            let m = by_text(&r, at, text);
            assert_eq!(
                play(&mut g, &r, at, &m),
                Ok(Place {
                    line: Some(0),
                    ply: ply + 1
                })
            );
        }
        // A variation inside the variation: stored before its parent, as the reader does.
        let r = replay(&g);
        let m = by_text(
            &r,
            Place {
                line: Some(0),
                ply: 2,
            },
            "12x21",
        );
        let inner = play(
            &mut g,
            &r,
            Place {
                line: Some(0),
                ply: 2,
            },
            &m,
        )
        .unwrap();
        assert_eq!(
            inner,
            Place {
                line: Some(0),
                ply: 1
            }
        );
        let text = reads_back(&g);
        assert!(
            text.contains("(1... 17-22 2. 28x17 11x22 (2... 12x21))"),
            "{text}"
        );
        // Promote the outer variation: 17-22 is now the mainline's second move.
        let shown = promote_variation(&mut g, 1).unwrap();
        assert_eq!(shown, Place::main(2));
        let text = reads_back(&g);
        assert!(
            text.contains(
                "1. 32-28 17-22 (1... 19-23 2. 28x19 14x23) 2. 28x17 11x22 (2... 12x21) *"
            ),
            "{text}"
        );
        // Delete the inner one, then the demoted line.
        let inner = g.moves[3].variations[0];
        assert_eq!(delete_variation(&mut g, inner), Ok(Place::main(3)));
        let demoted = g.moves[1].variations[0];
        assert_eq!(delete_variation(&mut g, demoted), Ok(Place::main(1)));
        assert!(g.variations.is_empty());
        assert!(reads_back(&g).contains("1. 32-28 17-22 2. 28x17 11x22 *"));
        // Cut the line after the first move.
        let r = replay(&g);
        assert_eq!(cut_line(&mut g, &r, Place::main(1)), Ok(Place::main(1)));
        assert_eq!(g.moves.len(), 1);
    }

    #[test]
    fn comments_strengths_and_marks_keep_the_other_commands() {
        let mut g = game("[GameType \"20\"] 1. 32-28 {[%clock w0:10:00] old} 19-23 *");
        let r = replay(&g);
        set_comment(&mut g, &r, Place::main(1), "a  new\nidea }").unwrap();
        assert_eq!(g.moves[0].comments, ["[%clock w0:10:00] a new idea }"]);
        set_strength(&mut g, &r, Place::main(1), "!?").unwrap();
        assert_eq!(g.moves[0].strength, "!?");
        assert_eq!(
            set_strength(&mut g, &r, Place::main(1), "?!!"),
            Err(EditError::BadStrength)
        );
        let marks = Marks {
            squares: vec![('G', "28".into()), ('R', "19".into())],
            arrows: vec![('Y', "28".into(), "19".into())],
        };
        set_marks(&mut g, &r, Place::main(1), &marks).unwrap();
        assert_eq!(Marks::of(&g.moves[0].comments), marks);
        assert!(g.moves[0].comments[0].contains("[%clock w0:10:00]"));
        assert!(g.moves[0].comments[0].ends_with("a new idea }"));
        set_marks(&mut g, &r, Place::main(0), &marks).unwrap();
        assert_eq!(g.intro, ["[%csl G28,R19] [%cal Y28-19]"]);
        let text = reads_back(&g);
        assert!(text.contains("32-28!?"), "{text}");
        set_marks(&mut g, &r, Place::main(1), &Marks::default()).unwrap();
        assert_eq!(g.moves[0].comments, ["[%clock w0:10:00] a new idea }"]);
        set_comment(&mut g, &r, Place::main(2), "").unwrap();
        assert!(g.moves[1].comments.is_empty());
    }

    #[test]
    fn illegal_moves_and_stopped_lines_are_refused() {
        let mut g = game("[GameType \"20\"] 1. 32-28 19-23 2. 99-1 *");
        let r = replay(&g);
        let black = by_text(&r, Place::main(1), "18-22");
        assert_eq!(
            play(&mut g, &r, Place::main(0), &black),
            Err(EditError::IllegalMove)
        );
        let m = by_text(&r, Place::main(2), "28x19");
        assert_eq!(
            play(&mut g, &r, Place::main(2), &m),
            Err(EditError::LineStopped)
        );
        assert_eq!(
            play(&mut g, &r, Place::main(9), &m),
            Err(EditError::NoPosition)
        );
        assert_eq!(delete_variation(&mut g, 3), Err(EditError::NoVariation));
    }

    #[test]
    fn moves_added_to_a_short_notation_game_are_written_short() {
        let mut g = game("[GameType \"25\"] 1. cd4 fe5 *");
        let r = replay(&g);
        let (_, moves) = legal_moves(&r, Place::main(2)).unwrap();
        let geo = &r.ruleset.as_ref().unwrap().geometry;
        let take = *moves
            .iter()
            .find(|m| geo.label(m.from) == "d4" && geo.label(m.to) == "f6")
            .unwrap();
        play(&mut g, &r, Place::main(2), &take).unwrap();
        assert_eq!(g.moves[2].text, "df6");
        let text = reads_back(&g);
        assert!(text.contains("1. cd4 fe5 2. df6"), "{text}");
        // It replays as the move played.
        let again = replay(&g);
        assert_eq!(again.plies.len(), 3, "{:?}", again.diagnostics);
        // A game in long notation keeps long notation.
        let mut g = game("[GameType \"25\"] 1. c3-d4 f6-e5 *");
        let r = replay(&g);
        let (_, moves) = legal_moves(&r, Place::main(2)).unwrap();
        let take = *moves
            .iter()
            .find(|m| geo.label(m.from) == "d4" && geo.label(m.to) == "f6")
            .unwrap();
        play(&mut g, &r, Place::main(2), &take).unwrap();
        assert_eq!(g.moves[2].text, "d4:f6");
    }

    #[test]
    fn a_short_move_that_names_two_moves_is_written_long() {
        let g = game("[GameType \"25\"] *");
        let r = replay(&g);
        let (pos, moves) = legal_moves(&r, Place::main(0)).unwrap();
        let rs = r.ruleset.as_ref().unwrap();
        let legal = pos.legal_moves(rs);
        let geo = &rs.geometry;
        let texts: Vec<Option<String>> = moves.iter().map(|m| short_text(geo, &legal, m)).collect();
        assert!(texts.iter().all(Option::is_some), "{texts:?}");
        assert!(texts.contains(&Some("cd4".to_string())), "{texts:?}");
        // A king on e5 and a man on e3 both reach d4: `ed4` would name two moves.
        let g = game("[GameType \"25\"] [FEN \"W:WKe5,e3:Ba7\"] *");
        let r = replay(&g);
        let (pos, moves) = legal_moves(&r, Place::main(0)).unwrap();
        let rs = r.ruleset.as_ref().unwrap();
        let legal = pos.legal_moves(rs);
        let geo = &rs.geometry;
        let find = |from: &str, to: &str| {
            *moves
                .iter()
                .find(|m| geo.label(m.from) == from && geo.label(m.to) == to)
                .unwrap()
        };
        assert_eq!(short_text(geo, &legal, &find("e3", "d4")), None);
        assert_eq!(short_text(geo, &legal, &find("e5", "d4")), None);
        assert_eq!(
            short_text(geo, &legal, &find("e5", "c3")).as_deref(),
            Some("ec3")
        );
    }
}
