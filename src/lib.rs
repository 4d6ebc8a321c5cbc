//! Read, replay and write PDN (Portable Draughts Notation): draughts and checkers games in
//! every variant, with their rules.
//!
//! The crate knows nothing of I/O or WebAssembly: bytes or text in, values out. It has no
//! required dependency and builds for `wasm32-unknown-unknown` as it is.
//!
//! # Quick start
//!
//! Read a file (reading never fails: what cannot be understood becomes a [`Diagnostic`]),
//! replay a game by the rules of its variant, and look at the positions:
//!
//! ```
//! let text = "[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0";
//! let file = pdn::read_file(text);
//! let game = &file.games[0];
//! assert_eq!(game.tag("Result"), Some("2-0"));
//!
//! let replay = pdn::replay::replay(game);
//! assert_eq!(replay.variant, Some(pdn::Variant::International));
//! assert_eq!(replay.plies.len(), 4);
//! assert!(replay.error.is_none());
//! // The canonical FEN after the second move (ply 2).
//! assert_eq!(
//!     replay.fen_at(2).unwrap(),
//!     "W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50\
//!      :B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,23"
//! );
//! ```
//!
//! Every problem has a [`Code`] to branch on, a severity, plain words and a [`Span`]:
//!
//! ```
//! use pdn::{Code, Severity};
//! let file = pdn::read_file("1. 32-28 hello 19-23 *");
//! let d = &file.games[0].diagnostics[0];
//! assert_eq!((d.code, d.severity), (Code::UnknownText, Severity::Warning));
//! assert_eq!(&file.text[d.span.start..d.span.end], "hello");
//! ```
//!
//! Positions and moves can be used without a file:
//!
//! ```
//! use pdn::{Color, PdnMove, Position, Ruleset, Setup, Variant};
//! let rs = Ruleset::of(Variant::International).unwrap();
//! let setup: Setup = "W:W32,33:B27,28,19".parse().unwrap();
//! let pos = Position::from_setup(&setup, &rs.geometry, Color::White).unwrap();
//! let written: PdnMove = "32x14".parse().unwrap();
//! let played = written.to_move(&pos, &rs).unwrap().mv;
//! assert_eq!(played.capture_count(), 2);
//! assert_eq!(pos.play(&played).to_fen(&rs.geometry), "B:W14,33:B27");
//! ```
//!
//! And games are written back as canonical PDN with [`writer`].
//!
//! # Layers
//!
//! * [`encoding`]: file bytes to text (UTF-8, else Windows-1251 or Latin-1);
//! * [`reader`]: text to [`Game`]s (tags, move tree, comments, diagnostics), in full
//!   ([`read_file`]), game after game without keeping them ([`reader::read_each_game`]), as a
//!   game list ([`read_headers`]), one game at a time ([`read_game_at`]), as borrowed trees in
//!   one reused arena, the text left in the source ([`reader::for_each_tree`]), or as a stream
//!   of events ([`reader::visit`]);
//! * [`variant`], [`geometry`], [`position`]: the boards and rules of every variant, legal
//!   moves, FEN; [`notation`] finds the legal move a written move stands for;
//! * [`replay`]: a game's variant, start position and every position of its mainline and
//!   variations;
//! * [`edit`]: the legal moves of any position of a game, and its move tree edited (moves
//!   played, variations added, deleted and promoted, comments, strengths and marks);
//! * [`writer`]: games back to PDN text; [`comment`]: commands inside comments
//!   (`[%clock]`, `[%eval]`).
//!
//! # Features
//!
//! * `serde`: `Serialize` and `Deserialize` for the vocabulary types ([`Color`], [`Role`],
//!   [`Piece`], [`Square`], [`Severity`], [`Span`], [`Code`], [`Diagnostic`], [`PdnMove`],
//!   [`Setup`]).
//!
//! The examples (`cargo run --example check -- FILE`, `--example fens`) show a checker that
//! prints every diagnostic and a replay that prints every position's FEN.

#![warn(missing_docs)]

pub mod comment;
pub mod diagnostic;
pub mod edit;
pub mod encoding;
pub mod explore;
pub mod fen;
pub mod geometry;
pub mod mainline;
pub mod notation;
pub mod openings;
pub mod position;
pub mod reader;
pub mod replay;
pub mod setup_check;
pub mod shortlink;
pub mod solve;
pub mod standings;
pub mod types;
pub mod variant;
pub mod writer;

/// The integration tests' helpers (the PDN_CORPORA folder, the files below a folder), for the
/// unit tests too.
#[cfg(test)]
#[path = "../tests/common/mod.rs"]
mod test_common;

pub use diagnostic::{Audience, Code, Diagnostic, Severity, Span};
pub use fen::Setup;
pub use geometry::{Geometry, Square};
pub use notation::PdnMove;
pub use position::{Move, Position, Ruleset};
pub use reader::{Game, GameHeader, PdnFile, read_bytes, read_file, read_game_at, read_headers};
pub use types::{Color, Piece, Role};
pub use variant::{GameType, Variant};
