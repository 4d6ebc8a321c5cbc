//! The wasm-bindgen boundary of the viewer: each binding a line or two calling `pdn-view` (the
//! view model, its budgets and its wire forms), whose values cross as one JSON text, a game view
//! as one binary buffer (`pdn_view::wire`, a `Uint8Array`). Nothing here
//! but the translation; everything it calls is plain Rust, tested natively in `crates/view`.

#[cfg(target_arch = "wasm32")]
pub use bindings::{Library, editor_step, short_link_text};

#[cfg(target_arch = "wasm32")]
mod bindings {
    use wasm_bindgen::prelude::*;

    use pdn::edit::{EditError, Place};
    use pdn_view::analysis::PlaceView;
    use pdn_view::library::Library as CoreLibrary;

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

    /// A JSON text written by `write` as a JavaScript value: one text parsed on the JS side is
    /// much faster than objects built field by field across the boundary. Every value crosses
    /// this way.
    fn json(write: impl FnOnce(&mut String)) -> Result<JsValue, JsError> {
        TEXT.with(|text| {
            // Taken out, not borrowed: a panic hook or a nested call never finds it borrowed.
            let mut out = text.take();
            out.clear();
            write(&mut out);
            let js = js_sys::JSON::parse(&out)
                .map_err(|_| JsError::new("a view could not be handed to JavaScript"));
            if out.capacity() <= KEPT {
                text.replace(out);
            }
            js
        })
    }

    /// A value in the views' wire form ([`pdn_view::json`]).
    fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
        json(|out| pdn_view::json::to_writer(out, value))
    }

    /// A text opened for browsing: the game list from the tags, each game read when asked for.
    /// The page's worker holds one; see [`pdn_view::library::Library`].
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
                .filter_map(|i| self.inner.row_ref(i))
                .collect();
            to_js(&rows)
        }

        /// The same rows packed (`pdn_view::json::packed_rows`); `www/reader/library.js`'s
        /// `unpackRows` gives them back as `rows(from, to)` does.
        #[wasm_bindgen(js_name = rowsPacked)]
        pub fn rows_packed(&self, from: usize, to: usize) -> Result<JsValue, JsError> {
            json(|out| out.push_str(&self.inner.rows_packed(from, to)))
        }

        /// How many games have no result yet (a live file is followed until none).
        pub fn unfinished(&self) -> usize {
            self.inner.unfinished()
        }

        /// The boards view's cards of games `from..to`, or of round `round` among them
        /// (`pdn_view::boards::BoardCard`).
        pub fn boards(
            &self,
            from: usize,
            to: usize,
            round: Option<String>,
        ) -> Result<JsValue, JsError> {
            json(|out| {
                out.push_str(&pdn_view::json::to_string(&self.inner.boards(
                    from,
                    to,
                    round.as_deref(),
                )))
            })
        }

        /// The tournament standings of the file (`pdn_view::standings::StandingsView`).
        pub fn standings(&self) -> Result<JsValue, JsError> {
            json(|out| out.push_str(&pdn_view::json::to_string(&self.inner.standings())))
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
            to_js(&self.inner.view(index).ok_or_else(|| self.no_game(index))?)
        }

        /// The view of game `index` with its mainline's moves packed (`packed`; `plies` is
        /// empty): far less to hand over than `game(index)`. `www/reader/viewdata.js`'s
        /// `unpackView` turns it into the same value as `game(index)`, each move when it is
        /// first read.
        #[wasm_bindgen(js_name = gamePacked)]
        pub fn game_packed(&self, index: usize) -> Result<JsValue, JsError> {
            to_js(
                &self
                    .inner
                    .packed_view(index)
                    .ok_or_else(|| self.no_game(index))?,
            )
        }

        /// What the page is handed of game `index`: `gamePacked(index)` within the page's
        /// budgets (`pdn_view::budget`), the variations left out `null`, with
        /// `variationMoves`; `variations(index, ids)` gives the others.
        #[wasm_bindgen(js_name = pageView)]
        pub fn page_view(&self, index: usize) -> Result<JsValue, JsError> {
            to_js(
                &self
                    .inner
                    .page_view(index)
                    .ok_or_else(|| self.no_game(index))?,
            )
        }

        /// `pageView(index)` as one binary buffer (a `Uint8Array`, `pdn_view::wire`): what the
        /// worker hands the page (moved with `transfer`, not copied); `www/reader/viewdata.js`'s
        /// `unpackView` reads it.
        #[wasm_bindgen(js_name = pageBuffer)]
        pub fn page_buffer(&self, index: usize) -> Result<Vec<u8>, JsError> {
            self.inner
                .page_buffer(index)
                .ok_or_else(|| self.no_game(index))
        }

        /// More variations of game `index` than `pageView` sends: those of `ids` (one list of
        /// alternatives) and what is nested in them, within the budgets: `[[id, variation]]`.
        pub fn variations(&self, index: usize, ids: Vec<u32>) -> Result<JsValue, JsError> {
            let ids: Vec<usize> = ids.into_iter().map(|id| id as usize).collect();
            to_js(&self.inner.variations(index, &ids))
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
                .ok_or_else(|| self.no_game(index))
        }

        /// Game `index` as a problem set at the place (`line`, `ply`): its tags and the
        /// position there, without its moves (what a reader solving it may copy).
        #[wasm_bindgen(js_name = exportProblem)]
        pub fn export_problem(
            &self,
            index: usize,
            line: Option<usize>,
            ply: usize,
        ) -> Result<String, JsError> {
            self.inner
                .export_problem(index, Place { line, ply })
                .ok_or_else(|| self.no_game(index))
        }

        /// The games' texts as written, without the text outside them (`Library::games_text`).
        #[wasm_bindgen(js_name = gamesText)]
        pub fn games_text(&self) -> String {
            self.inner.games_text()
        }

        /// Game `index`'s short link (the text after `#g=`), or undefined when the game
        /// cannot be carried by one (`Library::short_link`).
        #[wasm_bindgen(js_name = shortLink)]
        pub fn short_link(&self, index: usize) -> Option<String> {
            self.inner.short_link(index)
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

        fn no_game(&self, index: usize) -> JsError {
            JsError::new(&format!(
                "there is no game {} (the text has {})",
                index + 1,
                self.inner.len()
            ))
        }
    }

    /// The analysis board's and solve mode's calls: legal moves, edits of a game
    /// (`pdn::edit`) and the text's answers (`pdn::solve`). A place is `line`
    /// (`undefined`/`null`: the mainline; else a variation id) and `ply` plies into it.
    #[wasm_bindgen]
    impl Library {
        /// The legal moves there of game `index`: `[{index, notation, from, to, path,
        /// captured, promotes, fen, cells}]`, or `null` when there is no such position.
        #[wasm_bindgen(js_name = legalMoves)]
        pub fn legal_moves(
            &self,
            index: usize,
            line: Option<usize>,
            ply: usize,
        ) -> Result<JsValue, JsError> {
            to_js(&self.inner.legal_moves(index, Place { line, ply }))
        }

        /// Why `text`, typed as a move there, is not played: `{why, args, captures,
        /// capturers}` (the captures due in the game's notation and the squares of the pieces
        /// that make them, when a capture is), or `null` (legal, not a move, no position).
        #[wasm_bindgen(js_name = refuseMove)]
        pub fn refuse_move(
            &self,
            index: usize,
            line: Option<usize>,
            ply: usize,
            text: &str,
        ) -> Result<JsValue, JsError> {
            to_js(&self.inner.refuse_move(index, Place { line, ply }, text))
        }

        /// Indexes up to `games` more games for the Explorer (finishing the index after the
        /// last): `{done, total, ready, positions, bytes}`.
        #[wasm_bindgen(js_name = exploreStep)]
        pub fn explore_step(&mut self, games: usize) -> Result<JsValue, JsError> {
            to_js(&self.inner.explore_step(games))
        }

        /// The moves played from that position in the file's games, `{games, ended, wins,
        /// draws, losses, turn, moves: [{notation, choice, from, to, games, wins, draws,
        /// losses}]}`, or `null` (the index is not ready, or no position there).
        pub fn explorer(
            &self,
            index: usize,
            line: Option<usize>,
            ply: usize,
        ) -> Result<JsValue, JsError> {
            to_js(&self.inner.explorer(index, Place { line, ply }))
        }

        /// The games that reach that position: `[{game, ply}]` (game from 1), or `null`.
        #[wasm_bindgen(js_name = findPlace)]
        pub fn find_place(
            &self,
            index: usize,
            line: Option<usize>,
            ply: usize,
        ) -> Result<JsValue, JsError> {
            to_js(&self.inner.find_place(index, Place { line, ply }))
        }

        /// The games that reach the position of `fen` in the variant of GameType `gametype`
        /// (empty: International): `[{game, ply}]`. Throws for a FEN or GameType it cannot
        /// read, or before the index is ready.
        #[wasm_bindgen(js_name = findFen)]
        pub fn find_fen(&self, fen: &str, gametype: &str) -> Result<JsValue, JsError> {
            to_js(
                &self
                    .inner
                    .find_fen(fen, gametype)
                    .map_err(|e| JsError::new(&e))?,
            )
        }

        /// The games in which the board holds that many white men, white kings, black men and
        /// black kings at some point (`undefined`/`null`: any number): `[{game, ply}]`. Throws
        /// before the index is ready.
        #[wasm_bindgen(js_name = findMaterial)]
        pub fn find_material(
            &self,
            white_men: Option<u8>,
            white_kings: Option<u8>,
            black_men: Option<u8>,
            black_kings: Option<u8>,
        ) -> Result<JsValue, JsError> {
            let m = pdn::explore::Material {
                white_men,
                white_kings,
                black_men,
                black_kings,
            };
            to_js(&self.inner.find_material(m).map_err(|e| JsError::new(&e))?)
        }

        /// The games whose board holds every piece of the FEN `pattern` on its square at some
        /// point (GameType `gametype`, empty: International): `[{game, ply}]`. Replays every
        /// game. Throws for a FEN or GameType it cannot read.
        #[wasm_bindgen(js_name = findPattern)]
        pub fn find_pattern(&self, pattern: &str, gametype: &str) -> Result<JsValue, JsError> {
            to_js(
                &self
                    .inner
                    .find_pattern(pattern, gametype)
                    .map_err(|e| JsError::new(&e))?,
            )
        }

        /// Player `name`'s games and score: `{name, games, wins, draws, losses, list: [{game,
        /// color, outcome}]}`. Throws before the index is ready.
        pub fn player(&self, name: &str) -> Result<JsValue, JsError> {
            to_js(&self.inner.player(name).map_err(|e| JsError::new(&e))?)
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
            placed(self.inner.play(index, Place { line, ply }, choice))
        }

        /// Deletes variation `id` (and those inside it); returns the place before the move it
        /// replaced.
        #[wasm_bindgen(js_name = deleteVariation)]
        pub fn delete_variation(&mut self, index: usize, id: usize) -> Result<JsValue, JsError> {
            placed(self.inner.delete_variation(index, id))
        }

        /// Makes variation `id` the line it branches from; returns the place of its first move.
        #[wasm_bindgen(js_name = promoteVariation)]
        pub fn promote_variation(&mut self, index: usize, id: usize) -> Result<JsValue, JsError> {
            placed(self.inner.promote_variation(index, id))
        }

        /// Deletes the moves of the line after that position.
        #[wasm_bindgen(js_name = cutLine)]
        pub fn cut_line(
            &mut self,
            index: usize,
            line: Option<usize>,
            ply: usize,
        ) -> Result<JsValue, JsError> {
            placed(self.inner.cut_line(index, Place { line, ply }))
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
            done(self.inner.set_comment(index, Place { line, ply }, text))
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
            done(self.inner.set_strength(index, Place { line, ply }, mark))
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
            done(
                self.inner
                    .set_marks(index, Place { line, ply }, squares, arrows),
            )
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

        /// Writes game `index`, when edited, into the text in place of its old text:
        /// `{start, end, old, text}` (UTF-16 offsets in the text before), or `null` when
        /// nothing changed.
        #[wasm_bindgen(js_name = writeBack)]
        pub fn write_back(&mut self, index: usize) -> Result<JsValue, JsError> {
            to_js(&self.inner.write_back(index))
        }

        /// Puts `text` in place of game `index`'s text: `{start, end, old, text}`, or `null`
        /// when nothing changed. With `was` (undo, redo: the text a splice put there), exactly
        /// that text becomes `text` again.
        #[wasm_bindgen(js_name = setGameText)]
        pub fn set_game_text(
            &mut self,
            index: usize,
            text: &str,
            was: Option<String>,
        ) -> Result<JsValue, JsError> {
            to_js(&self.inner.replace_game_text(index, text, was.as_deref()))
        }

        /// The text's answer to legal move `choice` (its `index` in `legalMoves`) played there,
        /// or with `choice` `undefined` the text's move shown: `{verdict, moved, reply,
        /// replyNotation, solved, toMove}`, or `null`.
        pub fn solve(
            &self,
            index: usize,
            line: Option<usize>,
            ply: usize,
            choice: Option<usize>,
        ) -> Result<JsValue, JsError> {
            to_js(&self.inner.solve(index, Place { line, ply }, choice))
        }

        /// The legal moves after `choices` played from there (each an index of the legal
        /// moves at that point): solve mode's positions past the text. As `legalMoves`, or
        /// `null`.
        #[wasm_bindgen(js_name = movesAfter)]
        pub fn moves_after(
            &self,
            index: usize,
            line: Option<usize>,
            ply: usize,
            choices: Vec<u32>,
        ) -> Result<JsValue, JsError> {
            let choices: Vec<usize> = choices.into_iter().map(|c| c as usize).collect();
            to_js(&self.inner.moves_after(index, Place { line, ply }, &choices))
        }

        /// Where a solution stands there: `{toMove, finished}`, or `null`.
        #[wasm_bindgen(js_name = solveState)]
        pub fn solve_state(
            &self,
            index: usize,
            line: Option<usize>,
            ply: usize,
        ) -> Result<JsValue, JsError> {
            to_js(&self.inner.solve_state(index, Place { line, ply }))
        }
    }

    fn done<T>(r: Result<T, EditError>) -> Result<T, JsError> {
        r.map_err(|e| JsError::new(&e.to_string()))
    }

    fn placed(r: Result<PlaceView, EditError>) -> Result<JsValue, JsError> {
        to_js(&done(r)?)
    }

    /// The PDN text of a short link's payload (the text after `#g=`, `pdn::shortlink`).
    /// Throws the reason in plain words for a damaged or unknown link.
    #[wasm_bindgen(js_name = shortLinkText)]
    pub fn short_link_text(payload: &str) -> Result<String, JsError> {
        pdn::shortlink::decode(payload).map_err(|e| JsError::new(&e.0))
    }

    /// One step of the board editor (`pdn_view::editor::step`): the editor's view after it,
    /// `{gametype, variants, board, cells, turn, fen, readable, problems, more, pdn}`. Throws
    /// for a GameType that is not a draughts variant or an unknown step.
    #[wasm_bindgen(js_name = editorStep)]
    pub fn editor_step(
        name: &str,
        gametype: u32,
        fen: &str,
        square: &str,
        piece: &str,
    ) -> Result<JsValue, JsError> {
        let view = pdn_view::editor::step(name, gametype, fen, square, piece).ok_or_else(|| {
            JsError::new(&format!("GameType {gametype} is not a draughts variant"))
        })?;
        to_js(&view)
    }
}
