//! Playing a line's written moves: each one matched to the one legal move it names (with
//! backtracking where the text is ambiguous), and every variation from the place it leaves.

use super::*;

/// Plays every variation reachable from the played mainline, without recursion: a worklist of
/// variations with the position and move number before the move each replaces.
pub(super) fn replay_variations(
    game: &Game,
    rs: &Ruleset,
    start: Position,
    main: &[Ply],
    leader: Color,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<LineReplay> {
    let mut lines = vec![LineReplay::default(); game.variations.len()];
    let mut work: Vec<(usize, Position, u32)> = Vec::new();
    let queue = |nodes: &[Node], plies: &[Ply], start: Position, work: &mut Vec<_>| {
        let mut before = start;
        for p in plies {
            for node in &nodes[p.node..=p.node + p.joined] {
                for &v in &node.variations {
                    work.push((v, before, p.number));
                }
            }
            before = p.position;
        }
    };
    queue(&game.moves, main, start, &mut work);
    while let Some((id, before, number)) = work.pop() {
        let Some(var) = game.variations.get(id) else {
            continue;
        };
        let line = play_line(
            &var.moves,
            rs,
            before,
            Numbering { number, leader },
            MAX_BACKTRACKS / 8,
        );
        queue(&var.moves, &line.plies, before, &mut work);
        diagnostics.extend(line.ambiguities);
        lines[id] = LineReplay {
            start: Some(before),
            plies: line.plies,
            error: line.error,
        };
    }
    lines
}

/// A point where a written capture fitted several routes with different captures.
pub(super) struct Choice {
    pub(super) node: usize,
    pub(super) before: Position,
    pub(super) number: u32,
    pub(super) plies: usize,
    pub(super) ambiguities: usize,
    pub(super) routes: Vec<Move>,
    pub(super) next: usize,
    /// Nodes after `node` that the written capture took in (jump by jump).
    pub(super) joined: usize,
}

/// Most route changes tried per game before giving up (each retries the rest of the game).
pub(super) const MAX_BACKTRACKS: usize = 64;

/// How a line's moves are numbered: the number of its first move, and the side whose move opens
/// each number.
#[derive(Clone, Copy)]
pub(super) struct Numbering {
    pub(super) number: u32,
    pub(super) leader: Color,
}

/// The numbering a game from a FEN gives itself: its first written move number (1 when none),
/// and the side to move first in each number. `start_turn` moves first; it opens the numbers
/// unless the text numbers its move alone (`1... 10x19 2. 5-1`, the reply of move 1).
pub(crate) fn written_numbering(moves: &[Node], start_turn: Color) -> (u32, Color) {
    let number = moves
        .first()
        .and_then(|n| n.number)
        .filter(|&n| n > 0)
        .unwrap_or(1);
    let alone = moves
        .get(1)
        .and_then(|n| n.number)
        .is_some_and(|next| next > number);
    let leader = if alone {
        start_turn.opposite()
    } else {
        start_turn
    };
    (number, leader)
}

/// Plays a line of moves from `start`, numbered as `numbering` says. When a written capture fits
/// routes that take different pieces, the first is tried; if a later move then fails, the other
/// routes are tried in turn (backtracking), so the route under which the rest of the line is
/// legal is the one shown.
pub(super) fn play_line(
    nodes: &[Node],
    rs: &Ruleset,
    start: Position,
    numbering: Numbering,
    max_backtracks: usize,
) -> Line {
    let mut out = Line {
        plies: Vec::with_capacity(nodes.len()),
        error: None,
        ambiguities: Vec::new(),
        backtracks: 0,
    };
    let g = &rs.geometry;
    let first = numbering.leader;
    let mut pos = start;
    let mut number = numbering.number;
    let mut choices: Vec<Choice> = Vec::new();
    let mut ambiguities: Vec<Diagnostic> = Vec::new();
    let mut first_error: Option<ReplayError> = None;
    let mut forced: Option<(Move, usize)> = None;
    let mut legal: Vec<Move> = Vec::with_capacity(32);
    let mut i = 0;
    while i < nodes.len() {
        let node = &nodes[i];
        let before = pos;
        let mut joined = 0;
        let failure = (|| {
            if let Some(fen) = &node.setup {
                pos = fen_position(fen, g, pos.turn())
                    .map(|(p, _)| p)
                    .map_err(|e| {
                        let args = [("reason", "bad-setup".to_string())];
                        let args = args.into_iter().chain(e.args()).collect();
                        (
                            format!("the setup before this move cannot be used: {e}"),
                            args,
                        )
                    })?;
            }
            let Some(notation) = &node.notation else {
                return Err((
                    "the move is not recorded, so the game cannot be followed further".to_string(),
                    vec![("reason", "not-recorded".to_string())],
                ));
            };
            let side = pos.turn();
            let mv = match forced.take() {
                Some((mv, more)) => {
                    joined = more;
                    mv
                }
                None => {
                    let resolved = match notation.to_move_in(&pos, rs, &mut legal) {
                        Ok(r) => r,
                        Err(e) => {
                            let Some((r, more)) = jump_by_jump(nodes, i, &pos, rs, &mut legal)
                            else {
                                let mut args = vec![
                                    ("reason", "move".to_string()),
                                    ("move", node.text.to_string()),
                                ];
                                args.extend(e.args());
                                return Err((format!("{}: {e}", node.text), args));
                            };
                            joined = more;
                            r
                        }
                    };
                    if !resolved.alternatives.is_empty() {
                        let mut routes = vec![resolved.mv];
                        routes.extend(resolved.alternatives.iter().copied());
                        choices.push(Choice {
                            node: i,
                            before,
                            number,
                            plies: out.plies.len(),
                            ambiguities: ambiguities.len(),
                            routes,
                            next: 1,
                            joined,
                        });
                        ambiguities.push(ambiguity(node, g, &choices[choices.len() - 1], 0));
                    }
                    resolved.mv
                }
            };
            // Short notation (`ed4`) does not say whether it captures.
            if notation.capture != mv.is_capture() && joined == 0 && !notation.is_short() {
                let g = &rs.geometry;
                let mut args = vec![
                    ("move", node.text.to_string()),
                    ("read", mv.short_notation(g)),
                ];
                if mv.is_capture() {
                    args.push(("reason", "dash-capture".to_string()));
                    args.push(("captured", labels(g, &mv.captured_squares()).join(", ")));
                } else {
                    args.push(("reason", "x-plain".to_string()));
                }
                ambiguities.push(
                    Diagnostic::new(
                        Code::CaptureSeparator,
                        node.span,
                        if mv.is_capture() {
                            format!(
                                "{} takes {} but is written with -; it is read as {}",
                                node.text,
                                labels(g, &mv.captured_squares()).join(", "),
                                mv.short_notation(g)
                            )
                        } else {
                            format!(
                                "{} is written as a capture but takes nothing; it is read as {}",
                                node.text,
                                mv.short_notation(g)
                            )
                        },
                    )
                    .with_args(args),
                );
            }
            pos = pos.play(&mv);
            out.plies.push(Ply {
                node: i,
                joined,
                mv,
                side,
                number,
                position: pos,
            });
            if side != first {
                number = number.saturating_add(1); // a move number of 20 digits must not overflow
            }
            Ok(())
        })();
        match failure {
            Ok(()) => i += 1 + joined,
            Err((message, args)) => {
                let error = ReplayError {
                    ply: out.plies.len() + 1,
                    text: node.text.to_string(),
                    message,
                    span: node.span,
                    args,
                };
                first_error.get_or_insert(error);
                // Try the next untried route of the latest ambiguous capture.
                while choices.last().is_some_and(|c| c.next >= c.routes.len()) {
                    choices.pop();
                }
                let Some(c) = choices
                    .last_mut()
                    .filter(|_| out.backtracks < max_backtracks)
                else {
                    break;
                };
                out.backtracks += 1;
                pos = c.before;
                number = c.number;
                out.plies.truncate(c.plies);
                ambiguities.truncate(c.ambiguities);
                forced = Some((c.routes[c.next], c.joined));
                ambiguities.push(ambiguity(&nodes[c.node], g, c, c.next));
                c.next += 1;
                i = c.node;
            }
        }
        if i == nodes.len() {
            first_error = None;
        }
    }
    out.error = first_error;
    out.ambiguities = ambiguities;
    out
}

/// A capture written one jump per move (`11x18 18x25`): joins the written jumps from node `i` on
/// while each starts where the last ended, until they make a legal capture. Returns it with the
/// number of nodes joined after the first.
pub(super) fn jump_by_jump(
    nodes: &[Node],
    i: usize,
    pos: &Position,
    rs: &Ruleset,
    legal: &mut Vec<Move>,
) -> Option<(crate::notation::Resolved, usize)> {
    let mut squares = nodes[i].notation.as_ref()?.squares.clone();
    for (k, node) in nodes.iter().enumerate().skip(i + 1).take(MAX_JUMPS) {
        let next = node.notation.as_ref()?;
        if node.setup.is_some() || next.squares.first() != squares.last() {
            return None;
        }
        squares.extend(next.squares[1..].iter().cloned());
        let joined = crate::PdnMove {
            squares: squares.clone(),
            capture: true,
        };
        if let Ok(r) = joined.to_move_in(pos, rs, legal) {
            return Some((r, k - i));
        }
    }
    None
}

/// Most written jumps joined into one capture.
pub(super) const MAX_JUMPS: usize = 24;

/// A played line.
pub(super) struct Line {
    pub(super) plies: Vec<Ply>,
    pub(super) error: Option<ReplayError>,
    pub(super) ambiguities: Vec<Diagnostic>,
    pub(super) backtracks: usize,
}

pub(super) fn ambiguity(node: &Node, g: &Geometry, c: &Choice, chosen: usize) -> Diagnostic {
    let routes: Vec<String> = c.routes.iter().map(|m| m.long_notation(g)).collect();
    let mut args = vec![
        ("move", node.text.to_string()),
        ("routes", routes.join(", ")),
        ("count", (routes.len() - 1).to_string()),
    ];
    if chosen == 0 {
        args.push(("reason", "ambiguous-first".to_string()));
    } else {
        args.push(("reason", "ambiguous-later".to_string()));
        args.push(("chosen", routes[chosen].clone()));
    }
    let why = if chosen == 0 {
        "the first is played".to_string()
    } else {
        format!(
            "{} is played, because with the other{} a later move is illegal",
            routes[chosen],
            if routes.len() > 2 { "s" } else { "" }
        )
    };
    // Short notation names only a file and the end square: a note, as the file allows it.
    let code = if node.notation.as_ref().is_some_and(crate::PdnMove::is_short) {
        Code::AmbiguousShortMove
    } else {
        Code::AmbiguousMove
    };
    let message = code.english(&[
        ("move", node.text.to_string()),
        ("routes", routes.join(", ")),
        ("reason", why),
    ]);
    Diagnostic::new(code, node.span, message).with_args(args)
}
