//! Read, replay and export PDN (Portable Draughts Notation) games.
//!
//! The core knows nothing of WebAssembly or I/O: bytes or text in, values out. The browser
//! viewer's wasm boundary (the `pdn-wasm` crate) and the `pdn` command-line tool (`pdn-cli`)
//! are thin layers over it.
//!
//! ```
//! let file = pdn::read_file("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *");
//! let game = &file.games[0];
//! let replay = pdn::replay::replay(game);
//! assert_eq!(replay.plies.len(), 4);
//! assert!(replay.error.is_none());
//! ```

pub mod comment;
pub mod diagnostic;
pub mod encoding;
pub mod fen;
pub mod geometry;
pub mod notation;
pub mod position;
pub mod reader;
pub mod replay;
pub mod types;
pub mod variant;
pub mod writer;

pub use diagnostic::{Code, Diagnostic, Severity, Span};
pub use fen::Setup;
pub use geometry::{Geometry, Square};
pub use notation::PdnMove;
pub use position::{Move, Position, Ruleset};
pub use reader::{Game, GameHeader, PdnFile, read_bytes, read_file, read_game_at, read_headers};
pub use types::{Color, Piece, Role};
pub use variant::{GameType, Variant};
