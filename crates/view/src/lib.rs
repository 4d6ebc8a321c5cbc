//! The viewer's side of the core, in plain Rust: what the page shows ([`view`]), the open text
//! it browses ([`library`]), the analysis board's and solve mode's values ([`analysis`],
//! [`solve`]), the board editor ([`editor`]), every budget of what is handed to the page
//! ([`budget`]) and the wire forms all of it crosses in ([`json`]; a game view as one binary
//! buffer, [`wire`]). No wasm-bindgen here:
//! `pdn-wasm` is a thin binding over this crate, and everything is tested natively.

pub mod analysis;
pub mod boards;
pub mod budget;
pub mod editor;
pub mod explorer;
pub mod json;
pub mod library;
mod listing;
pub mod print;
pub mod solve;
pub mod standings;
pub mod view;
pub mod wire;
