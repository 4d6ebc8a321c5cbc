//! The options of each `pdn` command, parsed by clap (derive): its usage line and one struct per
//! command, whose `--help` clap writes from the fields' docs under that line. As before clap, an
//! option given twice takes its last value, and of `--keep` and `--every-landing` the last counts.

use std::process::ExitCode;

use clap::{Args, Parser};

/// Parses `args` (what follows `pdn COMMAND`) as `T`: on `--help`, that command's help on
/// standard output and `Err(0)`; on an unknown option or a bad value, clap's message naming it
/// on standard error and `Err(2)`.
pub fn parse<T: Parser>(args: &[String]) -> Result<T, ExitCode> {
    let argv = std::iter::once(String::new()).chain(args.iter().cloned());
    T::try_parse_from(argv).map_err(|e| {
        let _ = e.print();
        ExitCode::from(e.exit_code().clamp(0, 255) as u8)
    })
}

/// The usage of `pdn analyse`.
pub const ANALYSE_USAGE: &str = "pdn analyse (FILE [--game N] [--ply P] | --fen FEN --gametype G) [--depth D | --movetime MS | --nodes N] [--multipv K]";
/// The usage of `pdn review`.
pub const REVIEW_USAGE: &str = "pdn review FILE [--game N] [--depth D | --movetime MS | --nodes N]";
/// The usage of `pdn egdb`.
pub const EGDB_USAGE: &str = "pdn egdb FILE [--pieces N] [--gametype G]";
/// The usage of `pdn tree`.
pub const TREE_USAGE: &str = "pdn tree FILE [--fen FEN] [--gametype G] [--depth N]";
/// The usage of `pdn gif`.
pub const GIF_USAGE: &str = "pdn gif FILE [--game N] [--size PX] -o OUT.gif";
/// The usage of `pdn find`.
pub const FIND_USAGE: &str = "pdn find FILE --fen FEN [--gametype G]";

/// The help of every command: its usage line, what it prints, its options.
const TEMPLATE: &str = "usage: {usage}\n       {about}\n\n{all-args}";

/// `pdn fens`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn fens", override_usage = "pdn fens FILE...", help_template = TEMPLATE,
    about = "(per game, one JSON line with the FEN after every mainline move)")]
pub struct Fens {
    /// The PDN files.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
}

/// `pdn check`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn check", override_usage = "pdn check FILE...", help_template = TEMPLATE,
    about = "(diagnostics as FILE:LINE:COL: severity: message)")]
pub struct Check {
    /// The PDN files.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
}

/// `pdn export`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn export", override_usage = "pdn export [--fill-roster] [--shortest] FILE...",
    help_template = TEMPLATE, about = "(canonical PDN in UTF-8 on standard output)")]
pub struct Export {
    /// Writes the seven tags of the roster, "?" where a game lacks one.
    #[arg(long)]
    pub fill_roster: bool,
    /// Writes captures in the shortest notation the standard allows.
    #[arg(long)]
    pub shortest: bool,
    /// The PDN files.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
}

/// `pdn bench`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn bench", override_usage = "pdn bench [--memory FILE] FILE|DIR...",
    help_template = TEMPLATE, about = "(reading and replay speed, peak memory)")]
pub struct Bench {
    /// Also the peak resident memory of `pdn check`, `fens` and `export` on FILE.
    #[arg(long, value_name = "FILE")]
    pub memory: Option<String>,
    /// PDN files, or folders whose *.pdn files are read.
    #[arg(required = true, value_name = "FILE|DIR")]
    pub inputs: Vec<String>,
}

/// `pdn perft`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn perft",
    override_usage = "pdn perft GAMETYPE DEPTH [--fen FEN] [--keep | --every-landing]",
    help_template = TEMPLATE, about = "(move-tree leaf count)")]
pub struct Perft {
    /// The PDN GameType of the variant.
    #[arg(value_name = "GAMETYPE")]
    pub gametype: String,
    /// The depth in plies.
    #[arg(value_name = "DEPTH")]
    pub depth: String,
    /// Counts from this position instead of the start.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Counts every capture route, even those with the same start, end and captured pieces.
    #[arg(long, overrides_with = "every_landing")]
    pub keep: bool,
    /// Also counts each square a king may stop on before going on straight ahead.
    #[arg(long, overrides_with = "keep")]
    pub every_landing: bool,
}

/// The engine's budget: `--depth`, `--movetime` or `--nodes`.
#[derive(Args)]
pub struct Budget {
    /// Searches to this depth (1 to 100).
    #[arg(long, value_name = "D")]
    pub depth: Option<u64>,
    /// Searches for this many milliseconds.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Searches this many nodes.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
}

impl Budget {
    /// The engine's limits; none given is `None`.
    pub fn limits(&self) -> Option<pdn_engine::Limits> {
        let limits = pdn_engine::Limits {
            depth: self.depth.map(|n| n.clamp(1, 100) as u32),
            movetime: self.movetime.map(std::time::Duration::from_millis),
            nodes: self.nodes,
            ..pdn_engine::Limits::default()
        };
        (self.depth.is_some() || self.movetime.is_some() || self.nodes.is_some()).then_some(limits)
    }
}

/// `pdn analyse` (or `analyze`).
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn analyse", override_usage = ANALYSE_USAGE, help_template = TEMPLATE,
    about = "(the engine's best lines: one JSON line per depth, then {\"bestmove\": …})")]
pub struct Analyse {
    /// A PDN file: the position of one of its games.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// The game of FILE, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub game: u64,
    /// The position after P plies of the game's mainline (default: its last).
    #[arg(long, value_name = "P")]
    pub ply: Option<u64>,
    /// The position to analyse, instead of a FILE.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// The GameType of --fen (default 20).
    #[arg(long, value_name = "G")]
    pub gametype: Option<String>,
    #[command(flatten)]
    pub budget: Budget,
    /// The number of best lines (1 to 64).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub multipv: u64,
}

/// `pdn review`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn review", override_usage = REVIEW_USAGE,
    help_template = TEMPLATE, about = "(the games with the engine's review: PDN)")]
pub struct Review {
    /// The PDN file.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// Only game N, from 1.
    #[arg(long, value_name = "N")]
    pub game: Option<u64>,
    #[command(flatten)]
    pub budget: Budget,
}

/// `pdn gif`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn gif", override_usage = GIF_USAGE,
    help_template = TEMPLATE, about = "(a game as an animated GIF: one frame a position)")]
pub struct Gif {
    /// The PDN file.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// The game of FILE, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub game: u64,
    /// The board's side in pixels (120 to 1200).
    #[arg(long, value_name = "PX", default_value_t = pdn_gif::DEFAULT_SIZE)]
    pub size: u32,
    /// The GIF file to write.
    #[arg(short = 'o', long = "output", value_name = "OUT.gif")]
    pub output: Option<String>,
}

/// `pdn egdb`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn egdb", override_usage = EGDB_USAGE,
    help_template = TEMPLATE, about = "(writes an endgame database for PDN_EGDB=FILE)")]
pub struct Egdb {
    /// The file to write.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// The most pieces on the board (2 to 6).
    #[arg(long, value_name = "N", default_value_t = 4,
        value_parser = clap::value_parser!(u64).range(2..=pdn_engine::egdb::MAX_PIECES as u64))]
    pub pieces: u64,
    /// The GameType of a variant of at most 50 squares (not Frisian).
    #[arg(long, value_name = "G", default_value = "21")]
    pub gametype: String,
}

/// `pdn tree` and `pdn find`.
#[derive(Args)]
pub struct Explore {
    /// The PDN file.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// The position (tree: default the variant's start; find: needed).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// The variant (default: the first game's).
    #[arg(long, value_name = "G")]
    pub gametype: Option<String>,
}

/// `pdn tree`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn tree", override_usage = TREE_USAGE, help_template = TEMPLATE,
    about = "(the moves played from a position and their scores: JSON lines)")]
pub struct Tree {
    #[command(flatten)]
    pub explore: Explore,
    /// Plies below the position (at most 200).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub depth: usize,
}

/// `pdn find`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn find", override_usage = FIND_USAGE, help_template = TEMPLATE,
    about = "(the games that reach a position, with the ply: JSON lines)")]
pub struct Find {
    #[command(flatten)]
    pub explore: Explore,
}

/// `pdn standings`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn standings", override_usage = "pdn standings FILE", help_template = TEMPLATE,
    about = "(the tournament table as CSV)")]
pub struct Standings {
    /// The PDN file.
    #[arg(value_name = "FILE")]
    pub file: String,
}

/// `pdn link`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn link", override_usage = "pdn link FILE [--game N] [--base URL]",
    help_template = TEMPLATE, about = "(each game's short link #g=, or its #pdn= link when it cannot be short: one line a game)")]
pub struct Link {
    /// The PDN file.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Only game N, from 1.
    #[arg(long, value_name = "N")]
    pub game: Option<u64>,
    /// Writes each link as a full URL on this page (e.g. https://example.org/pdn/).
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
}

/// The usage of `pdn puzzles`.
pub const PUZZLES_USAGE: &str = "pdn puzzles FILE [--game N] [--nodes N] [--min-gain MEN] [-o OUT]";

/// `pdn puzzles`.
#[derive(Parser)]
#[command(args_override_self = true, name = "pdn puzzles", override_usage = PUZZLES_USAGE,
    help_template = TEMPLATE, about = "(the shots found in the games, as problems: PDN)")]
pub struct Puzzles {
    /// The PDN file.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// Only game N, from 1.
    #[arg(long, value_name = "N")]
    pub game: Option<u64>,
    /// Nodes of the first look at each position (a shot is confirmed at ten times as many).
    #[arg(long, value_name = "N", default_value_t = pdn_engine::puzzles::PUZZLE_NODES,
        value_parser = clap::value_parser!(u64).range(100..=1_000_000_000))]
    pub nodes: u64,
    /// The least material a shot wins, and its least margin over the second-best move, in men.
    #[arg(long, value_name = "MEN", default_value_t = 1.0)]
    pub min_gain: f64,
    /// Writes the problems to OUT instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<String>,
}
