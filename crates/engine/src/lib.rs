//! A search engine for every draughts variant the `pdn` core replays.
//!
//! It knows no rules of its own: the legal moves and the positions after them come from the
//! core ([`pdn::Position::generate`], [`pdn::Position::play`]). What it adds is the search
//! ([`search`]: iterative deepening, principal-variation search, a transposition table, move
//! ordering by hash move, killers and history, capture sequences searched to quiet positions,
//! several best lines, a stop at any moment, deterministic under a node limit), each variant's
//! goal and draw rules ([`rules`]), an evaluation per variant family ([`eval`], its weights
//! kept as data in [`weights`]) and, for the variants of at most 50 squares, an endgame
//! database built in memory ([`egdb`]; on by default in English, Russian and International). No I/O and no wasm here: the CLI (`pdn analyse`) and the
//! browser's engine worker are thin callers.
//!
//! ```
//! use pdn::{Ruleset, Variant};
//! use pdn_engine::{Engine, Limits};
//! let rs = Ruleset::of(Variant::English).unwrap();
//! let mut engine = Engine::new(rs.clone(), 1 << 16);
//! let lines = engine.analyse(&rs.start_position(), &[], &Limits::depth(4), 1, |_| {});
//! assert_eq!(lines.len(), 1);
//! assert!(!lines[0].pv.is_empty());
//! ```

pub mod analyser;
pub mod bench;
pub mod egdb;
pub mod eval;
pub mod puzzles;
pub mod review;
pub mod rules;
pub mod search;
mod tt;
pub mod weights;
pub mod wire;

pub use analyser::{Analyser, Step};
pub use search::{Engine, Info, Limits, Line, Score};
