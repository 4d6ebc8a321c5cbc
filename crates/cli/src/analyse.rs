//! `pdn analyse`: the engine's best lines for a position, one JSON line per completed depth
//! (and per line with `--multipv`), then `{"bestmove": …}`. The output is a contract, as
//! `pdn fens` is (docs/cli.md):
//!
//! `{"depth":D,"multipv":K,"score":S,"win":W,"nodes":N,"nps":R,"pv":["32-28",…]}` where `score`
//! is in men from the side to move's view (1000 or -1000 for a forced win or loss), `win` the
//! plies to a forced win (positive) or loss (negative) or `null`, and the moves are written in the game's notation (the shortest form
//! that names the move among the legal ones; Russian short notation, `cd4`, in a game written so).

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use pdn::variant::Goal;
use pdn::{Position, Ruleset};
use pdn_engine::wire::{BestMove, CliLine, DEFAULT_GAMETYPE, Notation};
use pdn_engine::{Analyser, Engine, Limits};

use crate::args::{ANALYSE_USAGE as USAGE, EGDB_USAGE, REVIEW_USAGE};

/// Runs `pdn analyse` with the arguments after the subcommand.
pub fn run(args: &[String]) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("pdn analyse: {msg}\nusage: {USAGE}");
        ExitCode::from(2)
    };
    let o = match crate::args::parse::<crate::args::Analyse>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let (file, fen, gametype) = (o.file, o.fen, o.gametype);
    let (game, ply) = (o.game.max(1) as usize, o.ply.map(|p| p as usize));
    let multipv = o.multipv.clamp(1, 64) as usize;
    let limits = o.budget.limits().unwrap_or_else(|| Limits {
        movetime: Some(Duration::from_secs(1)),
        ..Limits::default()
    });
    let (rs, pos, history, goal, short) = match (file, fen) {
        (Some(path), None) => match from_file(&path, game, ply) {
            Ok(x) => x,
            Err(e) => return fail(e),
        },
        (None, Some(fen)) => {
            let g = gametype.unwrap_or_else(|| DEFAULT_GAMETYPE.to_string());
            // lidraughts' private numbers too: 98 Antidraughts, 96 Breakthrough, 97 Frysk!.
            let rs = match Ruleset::of_gametype(&g) {
                Ok(rs) => rs,
                Err(e) => return fail(e.to_string()),
            };
            let first = rs.geometry.spec().first_player;
            match Position::from_fen(&fen, &rs.geometry, first) {
                Ok(p) => (rs, p, Vec::new(), Goal::of_tags(Some(&g), None), false),
                Err(e) => return fail(e.to_string()),
            }
        }
        _ => return fail("give a FILE or --fen".to_string()),
    };
    load_egdb(&rs);
    let engine = Engine::with_goal(rs.clone(), goal, 1 << 20);
    // The one stepwise search (pdn_engine::Analyser), as the page's worker steps it; here to
    // the end in one go.
    let mut analyser = Analyser::new(engine, pos, history, limits, multipv);
    let notation = Notation { rs: &rs, short };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    let lines = analyser.run(|info| {
        for l in CliLine::all(info, &pos, notation) {
            failed |= serde_json::to_writer(&mut out, &l).is_err() || out.write_all(b"\n").is_err();
        }
        let _ = out.flush();
    });
    let best = BestMove {
        bestmove: lines.first().map(|l| notation.text(&pos, &l.pv[0])),
    };
    failed |= serde_json::to_writer(&mut out, &best).is_err() || out.write_all(b"\n").is_err();
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// Game `game` of `path` after `ply` plies of its mainline (its last position without `--ply`),
/// with the positions before it.
fn from_file(
    path: &str,
    game: usize,
    ply: Option<usize>,
) -> Result<(Ruleset, Position, Vec<Position>, Goal, bool), String> {
    let text = crate::files::read_text(path)?;
    let mut found = None;
    let mut i = 0;
    pdn::reader::read_each_game(&text, |g| {
        i += 1;
        if i == game {
            found = Some(g);
        }
    });
    let g = found.ok_or_else(|| format!("{path} has {i} games, not {game}"))?;
    let r = pdn::replay::replay(&g);
    let (Some(rs), Some(start)) = (r.ruleset.clone(), r.start) else {
        return Err(format!(
            "game {game} cannot be replayed (its variant's rules are missing)"
        ));
    };
    let mut positions: Vec<Position> = std::iter::once(start)
        .chain(r.plies.iter().map(|p| p.position))
        .collect();
    let at = ply.unwrap_or(positions.len() - 1);
    if at >= positions.len() {
        return Err(format!(
            "game {game} has {} plies that can be played, not {at}",
            positions.len() - 1
        ));
    }
    positions.truncate(at + 1);
    let pos = positions.pop().expect("at least the start");
    let goal = Goal::of_tags(g.tag("GameType"), g.tag("Variant"));
    Ok((
        (*rs).clone(),
        pos,
        positions,
        goal,
        pdn::edit::writes_short(&g),
    ))
}

/// `pdn review FILE`: every game (or game N) with the engine's review written in — `[%eval]` for
/// every position, `?!`/`?`/`??` on the inaccuracies, mistakes and blunders with the better
/// move — as PDN on standard output; each side's count and mean loss on standard error.
pub fn review(args: &[String]) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("pdn review: {msg}\nusage: {REVIEW_USAGE}");
        ExitCode::from(2)
    };
    let o = match crate::args::parse::<crate::args::Review>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let only = o.game.map(|n| n.max(1) as usize);
    let Some(path) = o.file else {
        return fail("give a FILE".to_string());
    };
    // A node budget by default, the page's "Normal": the same marks on every run and machine.
    let limits = o.budget.limits().unwrap_or_else(|| Limits {
        nodes: Some(pdn_engine::review::REVIEW_NODES),
        ..Limits::default()
    });
    let text = match crate::files::read_text(&path) {
        Ok(text) => text,
        Err(why) => return fail(why),
    };
    let mut games = Vec::new();
    let mut i = 0;
    pdn::reader::read_each_game(&text, |g| {
        i += 1;
        if only.is_none_or(|n| n == i) {
            games.push((i, g));
        }
    });
    let mut out = String::new();
    let opts = pdn::writer::WriteOptions::default();
    for (k, (number, mut game)) in games.into_iter().enumerate() {
        let r = pdn::replay::replay(&game);
        if let Some(rs) = r.ruleset.clone() {
            let goal = Goal::of_tags(game.tag("GameType"), game.tag("Variant"));
            load_egdb(&rs);
            // The page's worker's table size: the same budget reaches the same lines.
            let mut engine =
                Engine::with_goal((*rs).clone(), goal, pdn_engine::review::REVIEW_ENTRIES);
            let review = pdn_engine::review::review(&mut engine, &r, &limits, |done, all| {
                eprint!("\rgame {number}: {done}/{all} positions");
            });
            pdn_engine::review::annotate(&mut game, &r, &review, &engine);
            let [w, b] = review.summary();
            eprintln!(
                "\rgame {number}: White {} inaccuracies, {} mistakes, {} blunders, mean loss {:.2}; Black {}, {}, {}, {:.2}",
                w.0, w.1, w.2, w.3, b.0, b.1, b.2, b.3
            );
        } else {
            eprintln!("game {number}: its variant's rules are missing; written as it was");
        }
        pdn::writer::write_game_into(&mut out, &game, &opts, k > 0);
    }
    if io::stdout().lock().write_all(out.as_bytes()).is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// `pdn egdb FILE [--pieces N] [--gametype G]`: builds the endgame database of a variant of
/// at most 50 squares (default: English checkers, 4 pieces) and writes it to FILE, for `PDN_EGDB=FILE`.
pub fn egdb(args: &[String]) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("pdn egdb: {msg}\nusage: {EGDB_USAGE}");
        ExitCode::from(2)
    };
    let o = match crate::args::parse::<crate::args::Egdb>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let (file, pieces, gametype) = (o.file, o.pieces as usize, o.gametype);
    let Some(file) = file else {
        return fail("give the FILE to write".to_string());
    };
    let rs = match Ruleset::of_gametype(&gametype) {
        Ok(rs) => rs,
        Err(e) => return fail(e.to_string()),
    };
    let start = std::time::Instant::now();
    let Some(db) = pdn_engine::egdb::Egdb::build(&rs, pieces) else {
        return fail(format!(
            "no endgame database for GameType {gametype} (boards of at most 50 squares, the usual goal, no counted king moves)"
        ));
    };
    let bytes = db.to_bytes();
    if let Err(e) = std::fs::write(&file, &bytes) {
        return fail(format!("{file}: {e}"));
    }
    let s = db.stats();
    eprintln!(
        "{file}: {} bytes, {pieces} pieces, {} signatures, built in {:.1} s; longest win {} plies",
        bytes.len(),
        s.signatures,
        start.elapsed().as_secs_f64(),
        s.longest
    );
    ExitCode::SUCCESS
}

/// With `PDN_EGDB` naming a file `pdn egdb` wrote for this variant, the engines use it (read
/// once); a file for another variant is passed over, one that cannot be read is said.
pub fn load_egdb(rs: &Ruleset) {
    use std::sync::Mutex;
    static READ: Mutex<Vec<pdn::Variant>> = Mutex::new(Vec::new());
    let Some(path) = std::env::var_os("PDN_EGDB") else {
        return;
    };
    let mut read = READ
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if read.contains(&rs.variant) {
        return;
    }
    read.push(rs.variant);
    match std::fs::read(&path) {
        Ok(bytes) => {
            if let Some(db) = pdn_engine::egdb::Egdb::from_bytes(rs, &bytes) {
                pdn_engine::egdb::install(db);
            }
        }
        Err(e) => eprintln!("PDN_EGDB: {}: {e}", path.to_string_lossy()),
    }
}

/// `pdn bench-engine`: the search's signature (`pdn_engine::bench`), as chess engines' "bench":
/// one line per fixed search (its nodes), then the total, whether it is the signature the tests
/// pin, and the time and speed (the speed only is the machine's). Takes no arguments.
pub fn bench_engine(args: &[String]) -> ExitCode {
    if !args.is_empty() {
        eprintln!("pdn bench-engine: takes no arguments\nusage: pdn bench-engine");
        return ExitCode::from(2);
    }
    let start = std::time::Instant::now();
    let each = pdn_engine::bench::signature();
    let secs = start.elapsed().as_secs_f64().max(1e-6);
    let mut out = String::new();
    for ((name, _, _, depth), nodes) in pdn_engine::bench::SEARCHES.iter().zip(&each) {
        out.push_str(&format!("{name}, depth {depth}: {nodes} nodes\n"));
    }
    let total: u64 = each.iter().sum();
    let pinned = pdn_engine::bench::SIGNATURE;
    out.push_str(&format!(
        "signature {total} ({})\n{:.2} s, {:.0} nodes/s\n",
        if total == pinned {
            "as pinned".to_string()
        } else {
            format!("pinned: {pinned}")
        },
        secs,
        total as f64 / secs
    ));
    if io::stdout().lock().write_all(out.as_bytes()).is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
