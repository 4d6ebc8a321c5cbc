//! The GIF's wasm-bindgen binding (`pkg/gif.js`, `pkg/gif_bg.wasm`): one function over
//! `pdn-gif`, in a module of its own that the page loads only when a reader asks for a GIF
//! (`www/share/gif.js`), so the first screen's download does not grow.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// The animated GIF of a game from its board model (`pdn_gif::Animation::from_parts`): the
/// squares' files and ranks, every position's cells one after another, each frame's from and to
/// square indexes (-1: none), White, Black, the result, the board's side in pixels. Throws an
/// `Error` with plain words when the parts do not fit or the size is out of range.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn gif(
    width: u8,
    height: u8,
    files: &[u8],
    ranks: &[u8],
    cells: &str,
    from: &[i32],
    to: &[i32],
    white: &str,
    black: &str,
    result: &str,
    size: u32,
) -> Result<Vec<u8>, JsError> {
    let a = pdn_gif::Animation::from_parts(
        width,
        height,
        files,
        ranks,
        cells,
        from,
        to,
        [white, black, result],
    )
    .map_err(|e| JsError::new(&e.to_string()))?;
    pdn_gif::encode(&a, size).map_err(|e| JsError::new(&e.to_string()))
}
