//! The `pdn` command-line tool: check, replay and convert PDN archives.
//!
//! `pdn fens FILE` prints, per game, one JSON line with the FEN after every mainline move (the
//! contract is in docs/cli.md). `pdn check FILE...` lists every reading and replay diagnostic as
//! `FILE:LINE:COL: severity: message`; `pdn export FILE...` prints the games as canonical PDN.
//!
//! Native only (it reads files and writes to the terminal); built for wasm32 it is an empty program.

#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod analyse;
#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod files;
#[cfg(not(target_arch = "wasm32"))]
mod gif;
mod link;
mod puzzles;
#[cfg(not(target_arch = "wasm32"))]
mod standings;

#[cfg(not(target_arch = "wasm32"))]
mod explore;

#[cfg(not(target_arch = "wasm32"))]
mod cli {

    use std::io::{self, Write};
    use std::process::ExitCode;

    use serde::Serialize;

    #[derive(Serialize)]
    struct FensError<'a> {
        ply: usize,
        #[serde(rename = "move")]
        text: &'a str,
        message: String,
    }

    const USAGE: &str = "usage: pdn fens FILE...
       pdn check FILE...   (diagnostics as FILE:LINE:COL: severity: message)
       pdn export [--fill-roster] [--shortest] FILE...   (canonical PDN in UTF-8 on standard output)
       pdn perft GAMETYPE DEPTH [--fen FEN] [--keep | --every-landing]   (move-tree leaf count)
       pdn bench [--memory FILE] FILE|DIR...   (reading and replay speed, peak memory)
       pdn analyse (FILE [--game N] [--ply P] | --fen FEN --gametype G) [--depth D | --movetime MS | --nodes N] [--multipv K]
                   (the engine's best lines: one JSON line per depth, then {\"bestmove\": …})
       pdn review FILE [--game N] [--depth D | --movetime MS | --nodes N]   (the games with the engine's review: PDN)
       pdn egdb FILE [--pieces N] [--gametype G]   (writes an endgame database for PDN_EGDB=FILE)
       pdn bench-engine   (the search's signature: each fixed search's nodes, the total, the speed)
       pdn puzzles FILE [--game N] [--nodes N] [--min-gain MEN] [-o OUT]   (the shots found in the games, as problems: PDN)
       pdn standings FILE   (the tournament table as CSV)
       pdn gif FILE [--game N] [--size PX] -o OUT.gif   (a game as an animated GIF: one frame a position)
       pdn tree FILE [--fen FEN] [--gametype G] [--depth N]   (the moves played from a position and their scores: JSON lines)
       pdn find FILE --fen FEN [--gametype G]   (the games that reach a position, with the ply: JSON lines)
       pdn link FILE [--game N] [--base URL]   (each game's short link, or its #pdn= link: one line a game)";

    pub fn main() -> ExitCode {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let Some((command, files)) = args.split_first() else {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        };
        // `pdn COMMAND --help` reaches the command, whose parser prints its help.
        let help = files.iter().any(|a| a == "-h" || a == "--help");
        let given = help || !files.is_empty();
        match command.as_str() {
            "fens" if given => fens(files),
            "check" if given => check(files),
            "export" if given => export(files),
            "bench" if given => bench(files),
            "perft" if help || files.len() >= 2 => perft(files),
            "analyse" | "analyze" => crate::analyse::run(files),
            "review" => crate::analyse::review(files),
            "egdb" => crate::analyse::egdb(files),
            "bench-engine" => crate::analyse::bench_engine(files),
            "tree" if given => crate::explore::tree(files),
            "find" if given => crate::explore::find(files),
            "puzzles" => crate::puzzles::run(files),
            "standings" => crate::standings::run(files),
            "gif" => crate::gif::run(files),
            "link" => crate::link::run(files),
            "-h" | "--help" | "help" => {
                println!("{USAGE}");
                ExitCode::SUCCESS
            }
            _ => {
                eprintln!("{USAGE}");
                ExitCode::from(2)
            }
        }
    }

    /// `pdn perft GAMETYPE DEPTH [--fen FEN] [--keep | --every-landing]`: the node count. By
    /// default captures with the same start, end and captured pieces count once ("drop");
    /// `--keep` counts every route; `--every-landing` also counts each square a king may stop on
    /// before going on straight ahead (the convention of kish's Turkish numbers).
    fn perft(args: &[String]) -> ExitCode {
        let o = match crate::args::parse::<crate::args::Perft>(args) {
            Ok(o) => o,
            Err(code) => return code,
        };
        let args = [o.gametype, o.depth];
        let fail = |msg: String| {
            eprintln!("pdn perft: {msg}");
            ExitCode::from(2)
        };
        let Some(variant) = args[0].parse().ok().and_then(pdn::Variant::from_gametype) else {
            return fail(format!("\"{}\" is not a draughts GameType", args[0]));
        };
        let Some(rs) = pdn::Ruleset::of(variant) else {
            return fail(format!(
                "the rules of {variant} draughts are not implemented yet"
            ));
        };
        let Ok(depth) = args[1].parse::<u32>() else {
            return fail(format!("\"{}\" is not a depth", args[1]));
        };
        let mut pos = rs.start_position();
        if let Some(fen) = o.fen {
            let first = rs.geometry.spec().first_player;
            match pdn::Position::from_fen(&fen, &rs.geometry, first) {
                Ok(p) => pos = p,
                Err(e) => return fail(e.to_string()),
            }
        }
        let duplicates = if o.keep {
            pdn::position::Duplicates::Keep
        } else if o.every_landing {
            pdn::position::Duplicates::EveryLanding
        } else {
            pdn::position::Duplicates::Drop
        };
        println!(
            "{}",
            pdn::position::perft_with(&rs, &pos, depth, duplicates)
        );
        ExitCode::SUCCESS
    }

    /// Every `*.pdn` file (any case) below `dir`, sorted.
    fn pdn_files_below(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) -> io::Result<()> {
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d)? {
                let path = entry?.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
                {
                    out.push(path);
                }
            }
        }
        out.sort();
        Ok(())
    }

    /// Nanoseconds this thread has run on a processor (Linux's `/proc/thread-self/schedstat`),
    /// so that timings on a shared machine leave out the time other processes had.
    fn cpu_ns() -> Option<u64> {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()?
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    }

    /// Best time of one call of `f` in seconds over `runs` samples (not counting the freeing of
    /// what it returns), and its last result. Each
    /// sample calls `f` often enough to last about 0.1 s and is timed in processor time where the
    /// system tells it (its counter moves by scheduler ticks, hence the long samples), else in
    /// wall-clock time.
    fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
        let t = std::time::Instant::now();
        let mut out = f();
        let once = t.elapsed().as_secs_f64().max(1e-6);
        let calls = ((0.1 / once).ceil() as usize).clamp(1, 10_000);
        let mut best = f64::MAX;
        // Results are kept until the sample is timed: freeing them is not counted.
        let mut kept = Vec::with_capacity(calls);
        for _ in 0..runs {
            let (t, cpu) = (std::time::Instant::now(), cpu_ns());
            for _ in 0..calls {
                kept.push(f());
            }
            let secs = match (cpu, cpu_ns()) {
                (Some(a), Some(b)) if b > a => (b - a) as f64 / 1e9,
                _ => t.elapsed().as_secs_f64(),
            };
            best = best.min(secs / calls as f64);
            if let Some(last) = kept.pop() {
                out = last;
            }
            kept.clear();
        }
        (best, out)
    }

    /// The files an argument of `pdn bench` names (folders: every `*.pdn` below them), decoded
    /// into one text, each followed by a line break.
    fn bench_text(arg: &str) -> Result<(usize, String), String> {
        let dir = std::path::PathBuf::from(arg);
        let mut paths = Vec::new();
        if dir.is_dir() {
            pdn_files_below(&dir, &mut paths).map_err(|e| format!("{arg}: {e}"))?;
        } else {
            paths.push(dir);
        }
        let mut text = String::new();
        for path in &paths {
            let b = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            text.push_str(&pdn::encoding::decode(&b).0);
            text.push('\n');
        }
        Ok((paths.len(), text))
    }

    /// The processor's model and the cores this process may use.
    fn machine() -> String {
        let model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|info| {
                info.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, m)| m.trim().to_string())
            })
            .unwrap_or_else(|| std::env::consts::ARCH.to_string());
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let load = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|l| l.split_whitespace().next().map(str::to_string))
            .map_or_else(String::new, |l| format!(", load average {l}"));
        format!("{model}, {cores} cores{load}")
    }

    /// Peak resident memory of `pdn COMMAND FILE` (output discarded), read from
    /// `/usr/bin/time -v`, in bytes; `None` where that tool is missing.
    fn peak_rss(command: &str, file: &str) -> Option<u64> {
        let exe = std::env::current_exe().ok()?;
        let out = std::process::Command::new("/usr/bin/time")
            .arg("-v")
            .arg(exe)
            .args([command, file])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .output()
            .ok()?;
        let report = String::from_utf8_lossy(&out.stderr);
        let kb: u64 = report
            .lines()
            .find_map(|l| l.trim().strip_prefix("Maximum resident set size (kbytes):"))?
            .trim()
            .parse()
            .ok()?;
        Some(kb * 1024)
    }

    /// Every game's borrowed move tree (`pdn::reader::for_each_tree`), walked: its moves (mainline
    /// and variations) and comments counted. Returns the games.
    fn walk_trees(text: &str) -> usize {
        let mut games = 0;
        let mut walked = 0;
        pdn::reader::for_each_tree(text, |tree| {
            games += 1;
            for node in tree.mainline() {
                walked += 1 + tree.comments(node).len();
            }
            for v in tree.all_variations() {
                walked += tree.moves(v).len();
            }
            std::ops::ControlFlow::Continue(())
        });
        std::hint::black_box(walked);
        games
    }

    /// A visitor that does nothing: what splitting into games costs alone.
    struct Nothing;
    impl pdn::reader::Visitor<'_> for Nothing {}

    /// `pdn bench [--memory FILE] FILE|DIR...`: one row per argument (folders: every `*.pdn`
    /// below them, decoded into one text), timed best of several runs: tokenising and splitting
    /// into games with a do-nothing visitor; reading full move trees (borrowed, in one arena, as
    /// `pdn::reader::for_each_tree` reads them; the owned games of `read_file`, kept and freed,
    /// on a line below);
    /// reading and replaying every game (mainline plies per second); `pdn fens` end to end
    /// (reading, replay, FENs, JSON lines). `--memory FILE` adds the peak resident memory of
    /// `pdn check`, `fens` and `export` on FILE (run as child processes under `/usr/bin/time`).
    fn bench(args: &[String]) -> ExitCode {
        let (memory, inputs) = match crate::args::parse::<crate::args::Bench>(args) {
            Ok(o) => (o.memory, o.inputs),
            Err(code) => return code,
        };
        println!("machine: {}", machine());
        println!("(best of several runs, in processor time: other processes' load left out)");
        println!(
            "{:<36} {:>7} {:>7} {:>9} | {:>12} {:>11} {:>11} {:>13} {:>13}",
            "input",
            "MB",
            "games",
            "plies",
            "split MB/s",
            "trees MB/s",
            "+free MB/s",
            "replay Mpl/s",
            "fens Mpl/s"
        );
        for arg in &inputs {
            let (files, text) = match bench_text(arg) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("pdn: {e}");
                    return ExitCode::from(2);
                }
            };
            let mb = text.len() as f64 / 1e6;
            let (split, ()) = best_of(5, || pdn::reader::visit(&text, &mut Nothing));
            // Move trees you can walk, built and dropped, as the anchor's: borrowed trees in one
            // arena (`for_each_tree`), freed once per text, so "+free" is the same work timed
            // again; the owned games of `read_file` are printed below.
            let (trees, games) = best_of(5, || walk_trees(&text));
            let (freed, _) = best_of(5, || walk_trees(&text));
            let (owned, file) = best_of(5, || pdn::read_file(&text));
            drop(file);
            let (owned_freed, ()) = best_of(5, || drop(pdn::read_file(&text)));
            // Read + replay as the chess anchor does it (pgn-reader + shakmaty): mainlines
            // played while reading, no trees (`pdn::mainline`).
            let (replay, plies) = best_of(5, || {
                let mut plies = 0;
                pdn::mainline::each(&text, |m| {
                    plies += m.moves.len();
                    std::ops::ControlFlow::Continue(())
                });
                plies
            });
            // What `pdn check` and the page do: trees, then the whole replay of each game.
            let (tree_replay, tree_plies) = best_of(5, || {
                let mut plies = 0;
                pdn::reader::read_each_game(&text, |game| {
                    plies += pdn::replay::replay(&game).plies.len();
                });
                plies
            });
            let (fens, ()) = best_of(5, || {
                // As `pdn fens` does it.
                let mut out = io::BufWriter::new(io::sink());
                pdn::mainline::each(&text, |m| {
                    fens_of_mainline(&mut out, m.index + 1, m);
                    std::ops::ControlFlow::Continue(())
                });
            });
            let name = std::path::Path::new(arg)
                .file_name()
                .map_or_else(|| arg.clone(), |n| n.to_string_lossy().into_owned());
            println!(
                "{:<36} {mb:>7.2} {games:>7} {plies:>9} | {:>12.1} {:>11.1} {:>11.1} {:>13.2} {:>13.2}",
                format!("{name} ({files} files)"),
                mb / split,
                mb / trees,
                mb / freed,
                plies as f64 / replay / 1e6,
                plies as f64 / fens / 1e6,
            );
            println!(
                "{:<36} trees above: borrowed, in one arena; owned games (read_file): \
                 {:.1} MB/s kept, {:.1} MB/s freed",
                "",
                mb / owned,
                mb / owned_freed
            );
            println!(
                "{:<36} trees, then the whole replay (variations, diagnostics): {:.2} M plies/s",
                "",
                tree_plies as f64 / tree_replay / 1e6
            );
        }
        if let Some(file) = &memory {
            let size = std::fs::metadata(file).map_or(0, |m| m.len());
            println!("peak memory on {file} ({:.1} MB):", size as f64 / 1e6);
            for command in ["check", "fens", "export"] {
                match peak_rss(command, file) {
                    Some(rss) => println!(
                        "  pdn {command:<7} {:>8.1} MB  {:>5.2}x the input",
                        rss as f64 / 1e6,
                        rss as f64 / size.max(1) as f64
                    ),
                    None => println!("  pdn {command:<7} (no /usr/bin/time -v here)"),
                }
            }
        }
        ExitCode::SUCCESS
    }

    /// Reads a file as text (any supported encoding; its bytes become the text without a copy
    /// when they are UTF-8), or says why it cannot.
    fn read(path: &str) -> Option<(String, pdn::encoding::Encoding)> {
        match std::fs::read(path) {
            Ok(b) => Some(pdn::encoding::decode_vec(b)),
            Err(e) => {
                eprintln!("pdn: {path}: {e}");
                None
            }
        }
    }

    /// Reads `text` game by game, handing each to `each` and dropping it after (so the memory in
    /// use is that of one game), and returns the problems outside any game: for bytes that are
    /// not text, the one file-level error and no game.
    fn each_game(
        text: &str,
        encoding: pdn::encoding::Encoding,
        each: impl FnMut(pdn::Game),
    ) -> Vec<pdn::Diagnostic> {
        if encoding.is_text() {
            pdn::reader::read_each_game(text, each)
        } else {
            vec![pdn::encoding::binary_diagnostic()]
        }
    }

    /// Diagnostics as `pdn check` lines, appended to `out` and counted by severity.
    struct Lines<'a> {
        path: &'a str,
        text: &'a str,
        index: pdn::diagnostic::LineIndex,
    }

    impl Lines<'_> {
        fn render(&self, diags: &[pdn::Diagnostic], out: &mut String, counts: &mut [usize; 3]) {
            use std::fmt::Write as _;
            for d in diags {
                let (line, col) = self.index.location(self.text, d.span.start);
                counts[match d.severity {
                    pdn::Severity::Error => 0,
                    pdn::Severity::Warning => 1,
                    pdn::Severity::Note => 2,
                }] += 1;
                let _ = writeln!(
                    out,
                    "{}:{line}:{col}: {}: {} [{}]",
                    self.path,
                    d.severity,
                    escape_controls(&d.message),
                    d.code
                );
            }
        }
    }

    /// The errors in text outside any game (what `read_each_game` returns, errors only), found
    /// by splitting the text without building games.
    #[derive(Default)]
    struct FileErrors {
        in_game: bool,
        errors: Vec<pdn::Diagnostic>,
    }

    impl<'a> pdn::reader::Visitor<'a> for FileErrors {
        fn begin_game(&mut self, _start: usize) {
            self.in_game = true;
        }

        fn problem(&mut self, problem: &pdn::reader::Problem<'a>) {
            if !self.in_game && problem.severity() == pdn::Severity::Error {
                self.errors.push(problem.to_diagnostic());
            }
        }

        fn end_game(&mut self, _span: pdn::Span) -> std::ops::ControlFlow<()> {
            self.in_game = false;
            std::ops::ControlFlow::Continue(())
        }

        fn wants_movetext(&self) -> bool {
            false
        }
    }

    /// Lines `pdn check` holds back for a file before it looks for the file's errors first (a
    /// quick split of the text) and prints the lines of games as it goes.
    const HELD_LINES: usize = 1 << 20;

    /// A game whose lines depend on how the whole file writes its results: both versions, to
    /// be put at `at` in the file's output once that is known.
    struct Pending {
        at: usize,
        own: pdn::replay::ResultReading,
        lines: (String, [usize; 3]),
        other: (String, [usize; 3]),
    }

    /// `pdn check FILE...`: every diagnostic of reading and replaying, one per line, in text
    /// order per game, then a summary. Exit status 1 if there was an error, 2 if a file could not
    /// be read.
    ///
    /// Games are read and replayed one at a time and dropped; what waits for the end of the file
    /// (its file-level errors come first, and the way most of its games write results decides
    /// some games' lines) is only the lines to print.
    fn check(files: &[String]) -> ExitCode {
        let files = match crate::args::parse::<crate::args::Check>(files) {
            Ok(o) => o.files,
            Err(code) => return code,
        };
        use pdn::replay::ResultReading;
        use pdn::{Diagnostic, Severity};
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let (mut games, mut counts, mut unreadable) = (0, [0usize; 3], false);
        let mut checked = 0;
        for path in &files {
            let Some((text, encoding)) = read(path) else {
                unreadable = true;
                continue;
            };
            checked += 1;
            let lines = Lines {
                path,
                text: &text,
                index: pdn::diagnostic::LineIndex::new(&text),
            };
            // The games' lines, in order, with the games that wait for the file's reading
            // left out and listed in `pending`.
            let mut body = String::new();
            let mut pending: Vec<Pending> = Vec::new();
            let mut file_games = 0;
            // Once the lines held back pass HELD_LINES bytes, the file-level errors are found
            // by a quick split and printed, then each game's lines as soon as no game before
            // waits for the file's reading: memory stays flat whatever the number of games.
            let mut streaming = false;
            let mut failed = false;
            let outside = each_game(&text, encoding, |mut game| {
                file_games += 1;
                // Results are judged as the file writes them: the reading most of its finished
                // games show (pdn-standard.md §1.11; English files differ).
                let r = pdn::replay::replay(&game);
                let own = r.result_reading(&game);
                let mut diags: Vec<Diagnostic> = std::mem::take(&mut game.diagnostics);
                diags.extend(r.diagnostics);
                if let Some(e) = r.error {
                    diags.push(
                        Diagnostic::error(pdn::diagnostic::Code::IllegalMove, e.span, e.message)
                            .with_args(e.args),
                    );
                }
                let key = |d: &Diagnostic| (d.span.start, d.severity);
                match (own, r.end) {
                    (Some(own), Some(_)) => {
                        let file = match own {
                            ResultReading::FirstMoverFirst => ResultReading::WhiteFirst,
                            ResultReading::WhiteFirst => ResultReading::FirstMoverFirst,
                        };
                        let mut other = diags.clone();
                        pdn::replay::follow_file_reading(&game, Some(own), r.end, file, &mut other);
                        diags.sort_by_key(key);
                        other.sort_by_key(key);
                        let mut p = Pending {
                            at: body.len(),
                            own,
                            lines: (String::new(), [0; 3]),
                            other: (String::new(), [0; 3]),
                        };
                        lines.render(&diags, &mut p.lines.0, &mut p.lines.1);
                        lines.render(&other, &mut p.other.0, &mut p.other.1);
                        pending.push(p);
                    }
                    _ => {
                        if let Some(own) = own {
                            // Counted in the file's reading, with nothing to change.
                            pending.push(Pending {
                                at: body.len(),
                                own,
                                lines: (String::new(), [0; 3]),
                                other: (String::new(), [0; 3]),
                            });
                        }
                        diags.sort_by_key(key);
                        lines.render(&diags, &mut body, &mut counts);
                    }
                }
                if pending.is_empty() && body.len() >= HELD_LINES && !failed {
                    if !streaming {
                        let mut errors = FileErrors::default();
                        pdn::reader::visit(&text, &mut errors);
                        let mut first = String::new();
                        lines.render(&errors.errors, &mut first, &mut counts);
                        failed = out.write_all(first.as_bytes()).is_err();
                        streaming = true;
                    }
                    failed |= out.write_all(body.as_bytes()).is_err();
                    body.clear();
                }
            });
            if failed {
                return ExitCode::from(2);
            }
            let file_reading =
                pdn::replay::file_result_reading(pending.iter().map(|p| Some(p.own)));
            // File-level errors (bytes that are not text, unclosed comments outside games); the
            // warnings about text outside any game are not listed.
            let mut head: Vec<Diagnostic> = outside
                .into_iter()
                .filter(|d| d.severity == Severity::Error)
                .collect();
            if file_games == 0 {
                head.push(Diagnostic::warning(
                    pdn::diagnostic::Code::NoGames,
                    pdn::Span::new(0, 0),
                    "no game found in this file",
                ));
            }
            let mut first = String::new();
            if !streaming {
                lines.render(&head, &mut first, &mut counts);
            }
            let mut write = |s: &str| out.write_all(s.as_bytes()).is_ok();
            let mut ok = write(&first);
            let mut from = 0;
            for p in pending {
                ok &= write(&body[from..p.at]);
                from = p.at;
                let (s, c) = match file_reading {
                    Some(f) if f != p.own => p.other,
                    _ => p.lines,
                };
                ok &= write(&s);
                for (total, n) in counts.iter_mut().zip(c) {
                    *total += n;
                }
            }
            ok &= write(&body[from..]);
            if !ok {
                return ExitCode::from(2);
            }
            games += file_games;
        }
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let summary = format!(
            "{}, {}: {}, {}, {}",
            plural(checked, "file"),
            plural(games, "game"),
            plural(counts[0], "error"),
            plural(counts[1], "warning"),
            plural(counts[2], "note")
        );
        if writeln!(out, "{summary}").is_err() || out.flush().is_err() {
            return ExitCode::from(2);
        }
        if unreadable {
            ExitCode::from(2)
        } else if counts[0] > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    /// `text` with every control character (C0, DEL, C1) and every bidirectional formatting
    /// character written as a Rust escape (`\u{1b}`), so that text quoted from a file in a
    /// message cannot drive the terminal (colours, cursor moves, titles) or reorder the line.
    fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
        let hostile = |c: char| {
            c.is_control()
                || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        };
        if !text.chars().any(hostile) {
            return std::borrow::Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len() + 8);
        for c in text.chars() {
            if hostile(c) {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            } else {
                out.push(c);
            }
        }
        std::borrow::Cow::Owned(out)
    }

    /// `pdn export [--fill-roster] [--shortest] FILE...`: the games of every file as canonical
    /// PDN 3.0; `--shortest` writes captures in the shortest notation the standard allows.
    ///
    /// The output is UTF-8 whatever the files' encodings (Windows-1251, Latin-1, UTF-16): PDN
    /// 3.0 is UTF-8, and the games of several files go to one stream.
    fn export(args: &[String]) -> ExitCode {
        let o = match crate::args::parse::<crate::args::Export>(args) {
            Ok(o) => o,
            Err(code) => return code,
        };
        let mut options = pdn::writer::WriteOptions {
            fill_roster: o.fill_roster,
            ..pdn::writer::WriteOptions::default()
        };
        if o.shortest {
            options.captures = pdn::writer::CaptureNotation::Shortest;
        }
        let files = o.files;
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let mut status = ExitCode::SUCCESS;
        let mut written = 0;
        let mut text = String::new();
        let mut failed = false;
        for path in &files {
            let Some((source, encoding)) = read(path) else {
                status = ExitCode::from(2);
                continue;
            };
            // Game by game: each is written out and dropped before the next is read.
            each_game(&source, encoding, |game| {
                if failed {
                    return;
                }
                text.clear();
                if written > 0 {
                    text.push('\n');
                }
                pdn::writer::write_game_into(&mut text, &game, &options, written > 0);
                written += 1;
                failed = out.write_all(text.as_bytes()).is_err();
            });
            if failed {
                return ExitCode::from(2);
            }
        }
        if out.flush().is_err() {
            return ExitCode::from(2);
        }
        status
    }

    /// Writes the `pdn fens` line of game number `number`; false if it could not be written.
    /// One game's line of `pdn fens`, from its tree and its replay.
    fn fens_of_replay<W: Write>(
        out: &mut W,
        number: usize,
        game: &pdn::Game,
        r: &pdn::replay::Replay,
    ) -> bool {
        let error = match (&r.error, r.start) {
            (Some(e), _) => Some(FensError {
                ply: e.ply,
                text: &e.text,
                message: e.message.clone(),
            }),
            (None, None) => {
                // No replay at all (unsupported or not draughts): say why at ply 1.
                let message = r
                    .diagnostics
                    .iter()
                    .find(|d| d.severity == pdn::Severity::Error)
                    .map_or_else(String::new, |d| d.message.clone());
                let first = game.moves.first().map_or("", |n| n.text.as_str());
                Some(FensError {
                    ply: 1,
                    text: first,
                    message,
                })
            }
            (None, Some(_)) => None,
        };
        let positions = r.plies.iter().map(|p| &p.position);
        fens_json(
            out,
            number,
            &r.gametype,
            r.geometry.as_deref(),
            r.start,
            positions,
            &error,
        )
    }

    /// The line of a game whose mainline was played while reading (`pdn::mainline`): the same
    /// text as [`fens_of_replay`] writes from the game's tree and whole replay.
    fn fens_of_mainline<W: Write>(out: &mut W, number: usize, m: &pdn::mainline::Mainline) -> bool {
        match m.replay {
            Some((game, r)) => fens_of_replay(out, number, game, r),
            None => fens_json(
                out,
                number,
                m.gametype,
                m.geometry,
                m.start,
                m.positions.iter(),
                &None,
            ),
        }
    }

    /// `{"game":…,"gametype":…,"start":…,"fens":[…],"error":…}`: the fields in this order (part
    /// of the contract), as serde_json writes them; the FENs, which need no escape, are written
    /// straight from one buffer.
    fn fens_json<'p, W: Write>(
        out: &mut W,
        number: usize,
        gametype: &str,
        geometry: Option<&pdn::Geometry>,
        start: Option<pdn::Position>,
        positions: impl ExactSizeIterator<Item = &'p pdn::Position>,
        error: &Option<FensError>,
    ) -> bool {
        fn json<W: Write, T: Serialize + ?Sized>(out: &mut W, value: &T) -> io::Result<()> {
            serde_json::to_writer(out, value).map_err(io::Error::other)
        }
        let line = (|| -> io::Result<()> {
            write!(out, "{{\"game\":{number},\"gametype\":")?;
            json(out, gametype)?;
            out.write_all(b",\"start\":")?;
            json(out, &geometry.zip(start).map(|(g, p)| p.to_fen(g)))?;
            out.write_all(b",\"fens\":[")?;
            if let Some(g) = geometry {
                // A FEN is letters, digits, `:` and `,`: written as it is, without escaping,
                // every ply into one buffer and out in one write.
                let mut fens = Vec::with_capacity(positions.len() * 128);
                for (k, p) in positions.enumerate() {
                    if k > 0 {
                        fens.push(b',');
                    }
                    fens.push(b'"');
                    p.write_fen_bytes(g, &mut fens);
                    fens.push(b'"');
                }
                out.write_all(&fens)?;
            }
            out.write_all(b"],\"error\":")?;
            json(out, error)?;
            out.write_all(b"}\n")
        })();
        line.is_ok()
    }

    /// One JSON object per game per line: game number, GameType, start FEN, FENs, first error.
    fn fens(files: &[String]) -> ExitCode {
        let files = match crate::args::parse::<crate::args::Fens>(files) {
            Ok(o) => o.files,
            Err(code) => return code,
        };
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let mut status = ExitCode::SUCCESS;
        let mut failed = false;
        for path in &files {
            let Some((text, encoding)) = read(path) else {
                status = ExitCode::from(2);
                continue;
            };
            // Game by game: each mainline is played while the text is read (`pdn::mainline`:
            // no trees; a game that is not plain is read into a tree and replayed whole),
            // printed and dropped before the next is read.
            if encoding.is_text() {
                pdn::mainline::each(&text, |m| {
                    failed = !fens_of_mainline(&mut out, m.index + 1, m);
                    if failed {
                        std::ops::ControlFlow::Break(())
                    } else {
                        std::ops::ControlFlow::Continue(())
                    }
                });
            }
            if failed {
                return ExitCode::from(2);
            }
        }
        let _ = out.flush();
        status
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}
