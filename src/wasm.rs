//! The wasm boundary: a thin translation of the core's views into JavaScript values.
//! No logic lives here; everything it returns is computed and tested natively.

use wasm_bindgen::prelude::*;

use crate::diagnostic::LineIndex;
use crate::reader::{self, PdnFile as CoreFile};
use crate::view::FileView;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A read PDN file (text and games) held in wasm memory.
#[wasm_bindgen]
pub struct PdnFile {
    inner: CoreFile,
    lines: LineIndex,
}

#[wasm_bindgen]
impl PdnFile {
    /// Reads PDN text. Never throws: problems become diagnostics.
    pub fn parse(text: &str) -> PdnFile {
        let inner = reader::read_file(text);
        let lines = LineIndex::new(&inner.text);
        PdnFile { inner, lines }
    }

    /// Number of games.
    #[wasm_bindgen(getter, js_name = gameCount)]
    pub fn game_count(&self) -> usize {
        self.inner.games.len()
    }

    /// One summary per game: `{number, white, black, event, date, result, gametype, variant,
    /// errors, warnings}`.
    pub fn games(&self) -> Result<JsValue, JsError> {
        let view = FileView::new(&self.inner, &self.lines);
        let all: Vec<_> = (0..self.inner.games.len())
            .filter_map(|i| view.summary(i))
            .collect();
        to_js(&all)
    }

    /// The full view of game `index` (0-based): board, positions, moves, diagnostics.
    pub fn game(&self, index: usize) -> Result<JsValue, JsError> {
        let view = FileView::new(&self.inner, &self.lines);
        match view.game(index) {
            Some(g) => to_js(&g),
            None => Err(JsError::new(&format!(
                "there is no game {} (the file has {})",
                index + 1,
                self.inner.games.len()
            ))),
        }
    }
}

/// Decodes the bytes of an uploaded file: UTF-8, else Windows-1251 or Latin-1.
#[wasm_bindgen(js_name = decodeBytes)]
pub fn decode_bytes(bytes: &[u8]) -> String {
    crate::encoding::decode(bytes).0
}
