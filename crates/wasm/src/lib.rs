//! The viewer's side of the core: what the page shows ([`view`]), the open text it browses
//! ([`library`]), and, on `wasm32`, the thin wasm-bindgen boundary that hands those views to
//! JavaScript. Everything but the boundary is plain Rust, tested natively; the draughts rules
//! live in the `pdn` crate.

pub mod analysis;
pub mod editor;
pub mod json;
pub mod library;
pub mod solve;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub use bindings::Library;

#[cfg(target_arch = "wasm32")]
mod bindings {
    use wasm_bindgen::prelude::*;

    use crate::library::Library as CoreLibrary;
    use pdn::edit::Place;

    #[wasm_bindgen(start)]
    fn start() {
        console_error_panic_hook::set_once();
    }

    thread_local! {
        /// The JSON text of the last value handed over, kept for the next one: a game view
        /// grows a fresh string a dozen times (and copies it each time) on its way to 8 KB.
        static TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }

    /// Past this, the text is let go after use rather than kept (one huge game's view).
    const KEPT: usize = 1 << 20;

    /// A view as a JavaScript value: written as one JSON text and parsed on the JS side, which
    /// is much faster than building the objects field by field across the boundary.
    fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
        TEXT.with(|text| {
            // Taken out, not borrowed: a panic hook or a nested call never finds it borrowed.
            let mut out = text.take();
            out.clear();
            crate::json::to_writer(&mut out, value);
            let js = js_sys::JSON::parse(&out)
                .map_err(|_| JsError::new("a view could not be handed to JavaScript"));
            if out.capacity() <= KEPT {
                text.replace(out);
            }
            js
        })
    }

    /// A text opened for browsing: the game list from the tags, each game read when asked for.
    /// The page's worker holds one; see [`crate::library::Library`].
    #[wasm_bindgen]
    pub struct Library {
        pub(crate) inner: CoreLibrary,
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
                .filter_map(|i| self.inner.row_ref(i))
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

        /// The view of game `index` with its mainline's moves packed (`packed`; `plies` is
        /// empty): far less to hand over than `game(index)`. `www/reader/viewdata.js`'s `unpackView`
        /// turns it into the same value as `game(index)`, each move when it is first read.
        #[wasm_bindgen(js_name = gamePacked)]
        pub fn game_packed(&self, index: usize) -> Result<JsValue, JsError> {
            match self.inner.packed_view(index) {
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

    /// The analysis board's calls: legal moves and edits of a game (`pdn::edit`).
    #[wasm_bindgen]
    impl Library {
        /// The legal moves `ply` plies into `line` (`undefined`/`null`: the mainline; else a
        /// variation id) of game `index`: `[{index, notation, from, to, path, captured,
        /// promotes, fen, cells}]`, or `null` when there is no such position.
        #[wasm_bindgen(js_name = legalMoves)]
        pub fn legal_moves(
            &self,
            index: usize,
            line: Option<usize>,
            ply: usize,
        ) -> Result<JsValue, JsError> {
            to_js(&self.inner.legal_moves(index, Place { line, ply }))
        }

        /// Plays legal move `choice` (its `index`) there; returns `{line, ply}`, where it is
        /// shown. Throws when the move or the place is not there.
        pub fn play(
            &mut self,
            index: usize,
            line: Option<usize>,
            ply: usize,
            choice: usize,
        ) -> Result<JsValue, JsError> {
            edited(self.inner.play(index, Place { line, ply }, choice))
        }

        /// Deletes variation `id` (and those inside it); returns the place before the move it
        /// replaced.
        #[wasm_bindgen(js_name = deleteVariation)]
        pub fn delete_variation(&mut self, index: usize, id: usize) -> Result<JsValue, JsError> {
            edited(self.inner.delete_variation(index, id))
        }

        /// Makes variation `id` the line it branches from; returns the place of its first move.
        #[wasm_bindgen(js_name = promoteVariation)]
        pub fn promote_variation(&mut self, index: usize, id: usize) -> Result<JsValue, JsError> {
            edited(self.inner.promote_variation(index, id))
        }

        /// Deletes the moves of the line after that position.
        #[wasm_bindgen(js_name = cutLine)]
        pub fn cut_line(
            &mut self,
            index: usize,
            line: Option<usize>,
            ply: usize,
        ) -> Result<JsValue, JsError> {
            edited(self.inner.cut_line(index, Place { line, ply }))
        }

        /// Sets the comment of the move leading there (the `[%…]` commands stay).
        #[wasm_bindgen(js_name = setComment)]
        pub fn set_comment(
            &mut self,
            index: usize,
            line: Option<usize>,
            ply: usize,
            text: &str,
        ) -> Result<(), JsError> {
            self.inner
                .set_comment(index, Place { line, ply }, text)
                .map_err(error)
        }

        /// Sets the strength mark (`!`, `?`, `!!`, `??`, `!?`, `?!`, or `""`) of that move.
        #[wasm_bindgen(js_name = setStrength)]
        pub fn set_strength(
            &mut self,
            index: usize,
            line: Option<usize>,
            ply: usize,
            mark: &str,
        ) -> Result<(), JsError> {
            self.inner
                .set_strength(index, Place { line, ply }, mark)
                .map_err(error)
        }

        /// Replaces the marks of that position: `squares` as `G28,R19`, `arrows` as `Y28-19`.
        #[wasm_bindgen(js_name = setMarks)]
        pub fn set_marks(
            &mut self,
            index: usize,
            line: Option<usize>,
            ply: usize,
            squares: &str,
            arrows: &str,
        ) -> Result<(), JsError> {
            self.inner
                .set_marks(index, Place { line, ply }, squares, arrows)
                .map_err(error)
        }

        /// Whether game `index` was edited.
        #[wasm_bindgen(js_name = isEdited)]
        pub fn is_edited(&self, index: usize) -> bool {
            self.inner.is_edited(index)
        }

        /// Forgets the edits of game `index`.
        pub fn revert(&mut self, index: usize) {
            self.inner.revert(index);
        }
    }

    fn error(e: pdn::edit::EditError) -> JsError {
        JsError::new(&e.to_string())
    }

    fn edited(
        r: Result<crate::analysis::PlaceView, pdn::edit::EditError>,
    ) -> Result<JsValue, JsError> {
        to_js(&r.map_err(error)?)
    }

    fn no_game(index: usize, count: usize) -> JsError {
        JsError::new(&format!(
            "there is no game {} (the text has {count})",
            index + 1
        ))
    }
}
