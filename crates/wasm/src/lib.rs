//! The viewer's side of the core: what the page shows ([`view`]), the open text it browses
//! ([`library`]), and, on `wasm32`, the thin wasm-bindgen boundary that hands those views to
//! JavaScript. Everything but the boundary is plain Rust, tested natively; the draughts rules
//! live in the `pdn` crate.

pub mod json;
pub mod library;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub use bindings::Library;

#[cfg(target_arch = "wasm32")]
mod bindings {
    use wasm_bindgen::prelude::*;

    use crate::library::Library as CoreLibrary;

    #[wasm_bindgen(start)]
    fn start() {
        console_error_panic_hook::set_once();
    }

    /// A view as a JavaScript value: written as one JSON text and parsed on the JS side, which
    /// is much faster than building the objects field by field across the boundary.
    fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
        js_sys::JSON::parse(&crate::json::to_string(value))
            .map_err(|_| JsError::new("a view could not be handed to JavaScript"))
    }

    /// A text opened for browsing: the game list from the tags, each game read when asked for.
    /// The page's worker holds one; see [`crate::library::Library`].
    #[wasm_bindgen]
    pub struct Library {
        inner: CoreLibrary,
    }

    #[wasm_bindgen]
    impl Library {
        /// Lists the games of PDN text. Never throws.
        #[wasm_bindgen(js_name = fromText)]
        pub fn from_text(text: String) -> Library {
            Library {
                inner: CoreLibrary::new(text),
            }
        }

        /// Decodes file bytes (UTF-8 or UTF-16, else Windows-1251 or Latin-1) and lists their
        /// games; bytes that are not text list none, with a `binary-file` outside diagnostic.
        #[wasm_bindgen(js_name = fromBytes)]
        pub fn from_bytes(bytes: &[u8]) -> Library {
            Library {
                inner: CoreLibrary::from_bytes(bytes),
            }
        }

        /// Number of games.
        #[wasm_bindgen(getter)]
        pub fn count(&self) -> usize {
            self.inner.len()
        }

        /// The encoding the text was decoded from: `UTF-8`, `UTF-16LE`, `UTF-16BE`,
        /// `Windows-1251 (Cyrillic)`, `Latin-1`, or `binary (not text)`.
        #[wasm_bindgen(getter)]
        pub fn encoding(&self) -> String {
            self.inner.encoding().name().to_string()
        }

        /// The decoded text.
        pub fn text(&self) -> String {
            self.inner.text().to_string()
        }

        /// List rows of games `from..to` from their tags (no replay).
        pub fn rows(&self, from: usize, to: usize) -> Result<JsValue, JsError> {
            let rows: Vec<_> = (from..to.min(self.inner.len()))
                .filter_map(|i| self.inner.row(i))
                .collect();
            to_js(&rows)
        }

        /// List rows of games `from..to` after replaying them (variant played, every problem).
        pub fn check(&self, from: usize, to: usize) -> Result<JsValue, JsError> {
            let rows: Vec<_> = (from..to.min(self.inner.len()))
                .filter_map(|i| self.inner.check(i))
                .collect();
            to_js(&rows)
        }

        /// The full view of game `index` (0-based).
        pub fn game(&self, index: usize) -> Result<JsValue, JsError> {
            match self.inner.view(index) {
                Some(v) => to_js(&v),
                None => Err(no_game(index, self.inner.len())),
            }
        }

        /// Game `index` as written in the text.
        #[wasm_bindgen(js_name = gameText)]
        pub fn game_text(&self, index: usize) -> Option<String> {
            self.inner.game_text(index).map(str::to_string)
        }

        /// Game `index` as canonical PDN.
        #[wasm_bindgen(js_name = exportGame)]
        pub fn export_game(&self, index: usize) -> Result<String, JsError> {
            self.inner
                .export_game(index)
                .ok_or_else(|| no_game(index, self.inner.len()))
        }

        /// Every game as canonical PDN.
        #[wasm_bindgen(js_name = exportAll)]
        pub fn export_all(&self) -> String {
            self.inner.export_all()
        }

        /// Problems in text outside any game (all there is to say when no game was found), as
        /// the page lists them: at most 100, see `outsideSummary()` for the rest.
        #[wasm_bindgen(js_name = outsideDiagnostics)]
        pub fn outside_diagnostics(&self) -> Result<JsValue, JsError> {
            to_js(&self.inner.outside_listed().0)
        }

        /// What `outsideDiagnostics()` leaves out when there are more than the page lists:
        /// `{counts: {error, warning, note}, hidden: [{code, severity, count}], total}`, or
        /// `null` when it lists them all.
        #[wasm_bindgen(js_name = outsideSummary)]
        pub fn outside_summary(&self) -> Result<JsValue, JsError> {
            to_js(&self.inner.outside_listed().1)
        }
    }

    fn no_game(index: usize, count: usize) -> JsError {
        JsError::new(&format!(
            "there is no game {} (the text has {count})",
            index + 1
        ))
    }
}
