//! A game view as one binary buffer: how the page's views cross the wasm boundary and the
//! worker's `postMessage` (moved with `transfer`, not copied). The moves of the mainline — most
//! of a view — go as typed arrays and plain text the page reads where they lie
//! (`www/reader/viewdata.js`); the rest of the view (tags, diagnostics, variations, the moves'
//! notes) as the JSON text of [`crate::json`], without the packed moves' bulk fields.
//!
//! Written here by hand rather than with a serialisation crate: the page reads it with a dozen
//! lines of typed-array views and no decoder of its own, and the format is this one table.
//!
//! All numbers little-endian; every `u32` array starts at a multiple of 4 from the buffer's
//! start (the header's JSON is padded with spaces to a multiple of 4).
//!
//! | Offset | Size | What |
//! |---|---|---|
//! | 0 | 4 | magic `PDNV` |
//! | 4 | u32 | version, [`VERSION`] |
//! | 8 | u32 | `H`: bytes of the JSON text (padding included) |
//! | 12 | u32 | `N`: moves of the mainline ([`PackedView::count`]; 0 without `packed`) |
//! | 16 | u32 | `S`: cells a move (the board's squares) |
//! | 20 | u32 | `T`: bytes of the notations |
//! | 24 | u32 | `F`: bytes of the FENs |
//! | 28 | u32 | `P`: entries of the paths |
//! | 32 | u32 | `C`: entries of the captures |
//! | 36 | `H` | the view as JSON (UTF-8), `packed` holding only `board`, `count` and `notes` |
//! | | `4N` | u32 [`PackedView::move_numbers`] |
//! | | `4N` | u32 [`PackedView::path_ends`] |
//! | | `4N` | u32 [`PackedView::captured_ends`] |
//! | | `P` | [`PackedView::paths`], a board square's index a byte |
//! | | `C` | [`PackedView::captured`], the same |
//! | | `N` | [`PackedView::sides`], one ASCII letter a move (`w`, `b`) |
//! | | `N·S` | [`PackedView::cells`], one ASCII letter a cell |
//! | | `F` | [`PackedView::fens`] (ASCII, each ended by a space) |
//! | | `T` | [`PackedView::notations`] (UTF-8, each ended by a line break) |
//!
//! The texts come last, the ASCII ones first: the page decodes them in one call and cuts the
//! ASCII ones by their byte counts. A view without `packed` (a full view) is the same with
//! `N`…`C` 0: its JSON alone.

use crate::view::{GameView, PackedView};

/// The format's version: the page refuses a buffer of another in plain words.
pub const VERSION: u32 = 1;

/// Bytes before the JSON text.
const HEAD: usize = 36;

/// `view` as one buffer (the table above).
#[must_use]
pub fn view_buffer(view: &GameView) -> Vec<u8> {
    let mut json = String::with_capacity(1024);
    crate::json::to_writer_lean(&mut json, view);
    while json.len() % 4 != 0 {
        json.push(' ');
    }
    let empty = PackedView::default();
    let p = view.packed.as_ref().unwrap_or(&empty);
    let n = p.move_numbers.len();
    let cells = p.cells.len();
    let size = HEAD
        + json.len()
        + 12 * n
        + n
        + cells
        + p.paths.len()
        + p.captured.len()
        + p.notations.len()
        + p.fens.len();
    let mut out = Vec::with_capacity(size);
    out.extend_from_slice(b"PDNV");
    // Sizes past u32 cannot occur: a view is bounded by the page's limits far below 4 GB.
    let len = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    for v in [
        VERSION,
        len(json.len()),
        len(n),
        len(cells.checked_div(n).unwrap_or(0)),
        len(p.notations.len()),
        len(p.fens.len()),
        len(p.paths.len()),
        len(p.captured.len()),
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(json.as_bytes());
    for list in [&p.move_numbers, &p.path_ends, &p.captured_ends] {
        for v in list {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    out.extend_from_slice(&p.paths);
    out.extend_from_slice(&p.captured);
    out.extend_from_slice(p.sides.as_bytes());
    out.extend_from_slice(p.cells.as_bytes());
    out.extend_from_slice(p.fens.as_bytes());
    out.extend_from_slice(p.notations.as_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::view_buffer;
    use crate::library::Library;

    fn u32_at(b: &[u8], at: usize) -> usize {
        u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as usize
    }

    #[test]
    fn a_game_view_is_its_json_head_and_its_moves_in_sections() {
        let lib = Library::new(
            "[White \"Ozols\"] 1. 32-28 {a} 19-23 2. 28x19 14x23 (2... 13x24) *".into(),
        );
        let view = lib.packed_view(0).unwrap();
        let p = view.packed.as_ref().unwrap();
        let b = view_buffer(&view);
        assert_eq!(&b[..4], b"PDNV");
        assert_eq!(u32_at(&b, 4), 1);
        let h = u32_at(&b, 8);
        assert_eq!(h % 4, 0);
        assert_eq!(u32_at(&b, 12), 4);
        assert_eq!(u32_at(&b, 16), 50);
        let json = std::str::from_utf8(&b[36..36 + h]).unwrap().trim_end();
        assert!(
            json.starts_with(r#"{"number":1,"tags":[["White","Ozols"]]"#),
            "{json}"
        );
        assert!(json.contains(r#""packed":{"board":{"width":10"#), "{json}");
        assert!(
            json.contains(r#""count":4,"notes":[[0,{"comments":["a"]"#),
            "{json}"
        );
        assert!(
            !json.contains("notations") && !json.contains("fens"),
            "{json}"
        );
        let tail = &b[b.len() - p.notations.len() - p.fens.len() - p.cells.len() - 4..];
        assert_eq!(
            std::str::from_utf8(tail).unwrap(),
            format!("{}{}{}{}", p.sides, p.cells, p.fens, p.notations)
        );
        assert!(p.cells.is_ascii() && p.fens.is_ascii());
        let numbers = 36 + h;
        assert_eq!(u32_at(&b, numbers + 12), 2, "the fourth move's number");
        assert_eq!(
            b.len(),
            36 + h
                + 13 * 4
                + 200
                + p.paths.len()
                + p.captured.len()
                + p.notations.len()
                + p.fens.len()
        );
    }

    #[test]
    fn a_view_without_a_board_is_its_json_alone() {
        let lib = Library::new("[GameType \"1\"] 1. e4 e5 *".into());
        let view = lib.packed_view(0).unwrap();
        let b = view_buffer(&view);
        let h = u32_at(&b, 8);
        assert_eq!(b.len(), 36 + h);
        assert!((12..36).step_by(4).all(|at| u32_at(&b, at) == 0));
    }
}
