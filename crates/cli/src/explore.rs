//! `pdn tree` and `pdn find`: a file's games indexed by position (`pdn::explore`). The output is
//! a contract, as `pdn fens` is (docs/cli.md):
//!
//! `pdn tree` prints one JSON line per node of the tree, depth first, the most played move
//! first: `{"depth":D,"path":[…],"move":M,"games":N,"wins":W,"draws":D,"losses":L,"fen":F}`,
//! where the root (depth 0, `"move":null`) counts for the side to move and each move for the side
//! that plays it, and `fen` is the position at the node. `pdn find` prints one line per game that
//! reaches the position: `{"game":G,"ply":P}` (games numbered from 1 as `pdn fens` numbers them,
//! `P` the first ply after which the game stands there, 0 for its start).

use std::io::{self, Write};
use std::process::ExitCode;

use pdn::explore::{Index, IndexBuilder, TreeMove};
use pdn::{Position, Ruleset, Variant};
use serde::Serialize;

use crate::args::{FIND_USAGE, TREE_USAGE};

#[derive(Serialize)]
struct Node<'a> {
    depth: usize,
    path: &'a [String],
    #[serde(rename = "move")]
    mv: Option<&'a str>,
    games: usize,
    wins: usize,
    draws: usize,
    losses: usize,
    fen: String,
}

#[derive(Serialize)]
struct Found {
    game: usize,
    ply: usize,
}

/// The options both commands take.
struct Options {
    file: String,
    fen: Option<String>,
    gametype: Option<String>,
}

fn options(o: crate::args::Explore) -> Result<Options, String> {
    let Some(file) = o.file else {
        return Err("give a FILE".to_string());
    };
    Ok(Options {
        file,
        fen: o.fen,
        gametype: o.gametype,
    })
}

/// The file's index, and the variant and position asked for: `--gametype`, else the first game's
/// variant; `--fen`, else that variant's start.
fn prepare(o: &Options) -> Result<(Index, Ruleset, Position), String> {
    let bytes = std::fs::read(&o.file).map_err(|e| format!("{}: {e}", o.file))?;
    let (text, encoding) = pdn::encoding::decode_vec(bytes);
    let mut builder = IndexBuilder::default();
    if encoding.is_text() {
        pdn::reader::read_each_game(&text, |g| builder.add(&g));
    }
    let index = builder.finish();
    let variant = match &o.gametype {
        Some(g) => pdn::GameType::parse(g)
            .ok()
            .and_then(|t| t.variant())
            .ok_or_else(|| format!("\"{g}\" is not a draughts GameType"))?,
        None => (0..index.game_count())
            .find_map(|i| index.variant(i))
            .unwrap_or(Variant::International),
    };
    let rs = Ruleset::of(variant)
        .ok_or_else(|| format!("the rules of {variant} draughts are not implemented yet"))?;
    let pos = match &o.fen {
        Some(fen) => {
            let first = rs.geometry.spec().first_player;
            Position::from_fen(fen, &rs.geometry, first).map_err(|e| e.to_string())?
        }
        None => rs.start_position(),
    };
    Ok((index, rs, pos))
}

fn fail(command: &str, usage: &str, msg: &str) -> ExitCode {
    eprintln!("pdn {command}: {msg}\nusage: {usage}");
    ExitCode::from(2)
}

/// Runs `pdn tree` with the arguments after the subcommand.
pub fn tree(args: &[String]) -> ExitCode {
    let t = match crate::args::parse::<crate::args::Tree>(args) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let depth = t.depth.min(200);
    let (index, rs, root) = match options(t.explore).and_then(|o| prepare(&o)) {
        Ok(x) => x,
        Err(e) => return fail("tree", TREE_USAGE, &e),
    };
    let variant = rs.variant;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let t = index.tree(variant, &root);
    let mut ok = line(
        &mut out,
        &Node {
            depth: 0,
            path: &[],
            mv: None,
            games: t.games,
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            fen: root.to_fen(&rs.geometry),
        },
    );
    // Depth first without recursion: the nodes still to print, the next one last.
    let mut stack: Vec<(Position, Vec<String>, TreeMove)> = Vec::new();
    if depth > 0 {
        push_children(&mut stack, &index, &rs, &root, &[]);
    }
    while let Some((p, path, m)) = stack.pop() {
        if !ok {
            break;
        }
        ok &= line(
            &mut out,
            &Node {
                depth: path.len(),
                path: &path,
                mv: Some(&m.notation),
                games: m.games,
                wins: m.wins,
                draws: m.draws,
                losses: m.losses,
                fen: p.to_fen(&rs.geometry),
            },
        );
        if path.len() < depth {
            push_children(&mut stack, &index, &rs, &p, &path);
        }
    }
    ok &= out.flush().is_ok();
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// Pushes the moves played from `p` (reached by `path`) with the positions they lead to, the
/// most played last (it is printed first).
fn push_children(
    stack: &mut Vec<(Position, Vec<String>, TreeMove)>,
    index: &Index,
    rs: &Ruleset,
    p: &Position,
    path: &[String],
) {
    let tree = index.tree(rs.variant, p);
    let legal = p.legal_moves(rs);
    for m in tree.moves.into_iter().rev() {
        let Some(played) = legal
            .iter()
            .find(|l| l.from == m.from && l.to == m.to && l.captured == m.captured)
        else {
            continue;
        };
        let mut next = path.to_vec();
        next.push(m.notation.clone());
        stack.push((p.play(played), next, m));
    }
}

fn line<W: Write, T: Serialize>(out: &mut W, value: &T) -> bool {
    serde_json::to_writer(&mut *out, value).is_ok() && out.write_all(b"\n").is_ok()
}

/// Runs `pdn find` with the arguments after the subcommand.
pub fn find(args: &[String]) -> ExitCode {
    let f = match crate::args::parse::<crate::args::Find>(args) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let o = match options(f.explore) {
        Ok(o) if o.fen.is_some() => o,
        Ok(_) => return fail("find", FIND_USAGE, "--fen FEN is needed"),
        Err(e) => return fail("find", FIND_USAGE, &e),
    };
    let (index, rs, pos) = match prepare(&o) {
        Ok(x) => x,
        Err(e) => return fail("find", FIND_USAGE, &e),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut ok = true;
    for h in index.find(rs.variant, &pos) {
        ok &= line(
            &mut out,
            &Found {
                game: h.game + 1,
                ply: h.ply,
            },
        );
    }
    ok &= out.flush().is_ok();
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
