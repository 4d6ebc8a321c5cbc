//! A PDN text opened for browsing, however large: the game list is read from the tags alone,
//! and each game is read, replayed and exported only when it is asked for. The page's worker
//! holds one of these, so a 20,000-game file is listed in a fraction of a full read.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use crate::analysis::{MoveView, PlaceView, RefusalView, marks_from, move_views};
use crate::budget::{DiagnosticsSummary, cap_variations, listed, pick_variations};
use crate::view::{DiagnosticView, FileView, GameSummary, GameView, SummaryRef, VariationView};
use pdn::diagnostic::{Diagnostic, LineIndex, Span};
use pdn::edit::{self, EditError, Place};
use pdn::encoding::{Encoding, decode};
use pdn::reader::{self, Game, GameHeader};
use pdn::writer::{WriteOptions, write_game_into};
use serde::Serialize;

/// A game's text replaced in the open text ([`Library::write_back`],
/// [`Library::set_game_text`]): what a page holding the same text in a text box does to it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Splice"))]
pub struct Splice {
    /// UTF-16 offset, in the text before, of the first character replaced.
    pub start: usize,
    /// UTF-16 offset, in the text before, one past the last character replaced.
    pub end: usize,
    /// The text that was there (the game as it was written).
    pub old: String,
    /// The text now there (the game as the core writes it).
    pub text: String,
}

/// How many moves and variations a game has: a move played grows it.
fn size(game: &Game) -> usize {
    game.moves.len()
        + game.variations.len()
        + game.variations.iter().map(|v| v.moves.len()).sum::<usize>()
}

/// Game `index` of a text as the writer writes it there.
fn written(game: &Game, index: usize) -> String {
    let mut out = String::new();
    write_game_into(&mut out, game, &WriteOptions::default(), index > 0);
    out
}

/// A text and the list of its games.
///
/// ```
/// let lib = pdn_view::library::Library::new("[White \"A\"] 1. 32-28 * [White \"B\"] 1. 33-28 *".into());
/// assert_eq!(lib.len(), 2);
/// assert_eq!(lib.row(1).unwrap().white, "B");
/// assert_eq!(lib.view(1).unwrap().plies[0].to, "28");
/// assert!(lib.export_game(0).unwrap().contains("1. 32-28 *"));
/// ```
pub struct Library {
    text: String,
    encoding: Encoding,
    headers: Vec<GameHeader>,
    outside: Vec<Diagnostic>,
    lines: OnceCell<LineIndex>,
    /// Games edited on the analysis board, with their indexes (a few: a list, not a map): what
    /// views and exports give from then on.
    edited: Vec<(usize, Game)>,
    /// The game last replayed for its legal moves, kept while the board moves through it.
    replayed: RefCell<Option<(usize, Rc<pdn::replay::Replay>)>>,
    /// The view last handed to the page ([`Library::page_view`]), kept for the variations it
    /// left out, asked for when the reader opens them.
    shown: RefCell<Option<(usize, Rc<GameView>)>>,
    /// The games indexed by position for the Explorer, built on request
    /// ([`Library::explore_step`]); the text as read, not the edits.
    explorer: crate::explorer::Explorer,
}

impl Library {
    /// Lists the games of `text`.
    #[must_use]
    pub fn new(text: String) -> Library {
        let (headers, outside) = reader::read_index(&text);
        Library {
            text,
            encoding: Encoding::Utf8,
            headers,
            outside,
            lines: OnceCell::new(),
            edited: Vec::new(),
            replayed: RefCell::new(None),
            shown: RefCell::new(None),
            explorer: crate::explorer::Explorer::Idle,
        }
    }

    /// Decodes file bytes (see [`pdn::encoding::decode`]) and lists their games.
    /// Bytes that are not text list no games, and the one problem that they are binary.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Library {
        let (text, encoding) = decode(bytes);
        if !encoding.is_text() {
            return Library {
                text,
                encoding,
                headers: Vec::new(),
                outside: vec![pdn::encoding::binary_diagnostic()],
                lines: OnceCell::new(),
                edited: Vec::new(),
                replayed: RefCell::new(None),
                shown: RefCell::new(None),
                explorer: crate::explorer::Explorer::Idle,
            };
        }
        Library {
            encoding,
            ..Library::new(text)
        }
    }

    /// The decoded text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The encoding the text was decoded from.
    #[must_use]
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Number of games.
    #[must_use]
    pub fn len(&self) -> usize {
        self.headers.len()
    }

    /// No game in the text.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.headers.is_empty()
    }

    fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(&self.text))
    }

    fn views(&self) -> FileView<'_> {
        FileView::of_text(&self.text, self.lines())
    }

    /// The list row of game `index` (0-based) from its tags: no replay.
    #[must_use]
    pub fn row(&self, index: usize) -> Option<GameSummary> {
        Some(GameSummary::from_header(
            index + 1,
            self.headers.get(index)?,
        ))
    }

    /// The same row borrowing the tags' texts (the list's JSON, without a string copied).
    #[must_use]
    pub fn row_ref(&self, index: usize) -> Option<SummaryRef<'_>> {
        Some(SummaryRef::from_header(index + 1, self.headers.get(index)?))
    }

    /// The list rows of games `from..to` from their tags, packed for the page
    /// ([`crate::json::packed_rows`]).
    #[must_use]
    pub fn rows_packed(&self, from: usize, to: usize) -> String {
        let rows: Vec<_> = (from..to.min(self.len()))
            .filter_map(|i| self.row_ref(i))
            .collect();
        crate::json::packed_rows(&rows)
    }

    /// Game `index` (0-based) read in full, as edited when it was ([`Library::play`] and the
    /// other edits).
    #[must_use]
    pub fn game(&self, index: usize) -> Option<Game> {
        if let Some((_, g)) = self.edited.iter().find(|(i, _)| *i == index) {
            return Some(g.clone());
        }
        reader::read_game_at(&self.text, self.headers.get(index)?.span.start)
    }

    /// How many games have no result yet (`*`, or none written): a live file is followed
    /// until this is 0.
    ///
    /// ```
    /// let lib = pdn_view::library::Library::new("[Result \"2-0\"] 2-0 [Result \"*\"] 1. 32-28".into());
    /// assert_eq!(lib.unfinished(), 1);
    /// ```
    #[must_use]
    pub fn unfinished(&self) -> usize {
        self.headers
            .iter()
            .filter(|h| {
                let r = h
                    .tag("Result")
                    .or(h.result.as_deref())
                    .map_or("*", str::trim);
                r.is_empty() || r == "*" || r == "?"
            })
            .count()
    }

    /// The boards view's cards of games `from..to` (0-based), or of the games of round
    /// `round` among them.
    ///
    /// ```
    /// let lib = pdn_view::library::Library::new(
    ///     "[Round \"1\"] 1. 32-28 * [Round \"2\"] 1. 33-29 * [Round \"2\"] *".into(),
    /// );
    /// let cards = lib.boards(0, 3, Some("2"));
    /// assert_eq!(cards.iter().map(|c| c.game).collect::<Vec<_>>(), [2, 3]);
    /// ```
    #[must_use]
    pub fn boards(
        &self,
        from: usize,
        to: usize,
        round: Option<&str>,
    ) -> Vec<crate::boards::BoardCard> {
        (from..to.min(self.len()))
            .filter(|&i| {
                round.is_none_or(|r| self.headers[i].tag("Round").map(str::trim) == Some(r.trim()))
            })
            .filter_map(|i| self.view(i))
            .map(|v| crate::boards::BoardCard::of(&v))
            .collect()
    }

    /// The tournament standings of the file's games ([`pdn::standings`]), from the tags;
    /// games are read and replayed only where the first mover is not White or the GameType
    /// tag does not say (to tell who moved first and how the file writes its results).
    ///
    /// ```
    /// let lib = pdn_view::library::Library::new("[White \"A\"][Black \"B\"][Result \"0-1\"] *".into());
    /// assert_eq!(lib.standings().players[0].name, "B");
    /// ```
    #[must_use]
    pub fn standings(&self) -> crate::standings::StandingsView {
        let pairings = pdn::standings::Pairing::of(&self.headers, |k, _| {
            pdn::standings::replayed(&self.game(k)?)
        });
        crate::standings::StandingsView::of(&pdn::standings::Standings::of_pairings(&pairings))
    }

    /// The list row of game `index` after replaying it: the variant played and every problem.
    #[must_use]
    pub fn check(&self, index: usize) -> Option<GameSummary> {
        Some(self.views().summary_of(&self.game(index)?, index + 1))
    }

    /// Everything the page shows of game `index`.
    #[must_use]
    pub fn view(&self, index: usize) -> Option<GameView> {
        Some(self.views().view_of(&self.game(index)?, index + 1))
    }

    /// The same view with its mainline's moves packed ([`crate::view::PackedView`]): what the
    /// page takes over.
    #[must_use]
    pub fn packed_view(&self, index: usize) -> Option<GameView> {
        Some(self.views().packed_view_of(&self.game(index)?, index + 1))
    }

    /// What the page is handed of game `index`: the packed view within the page's budgets
    /// ([`crate::budget`]). Kept, so that [`Library::variations`] need not replay the game.
    #[must_use]
    pub fn page_view(&self, index: usize) -> Option<Rc<GameView>> {
        let mut view = self.packed_view(index)?;
        cap_variations(&mut view);
        let view = Rc::new(view);
        self.shown.replace(Some((index, Rc::clone(&view))));
        Some(view)
    }

    /// [`Library::page_view`] as one binary buffer ([`crate::wire`]): what the page is handed.
    #[must_use]
    pub fn page_buffer(&self, index: usize) -> Option<Vec<u8>> {
        Some(crate::wire::view_buffer(&*self.page_view(index)?))
    }

    /// More variations of game `index` for the page ([`crate::budget::pick_variations`]): those
    /// of `ids` (one list of alternatives) and what is nested in them, as `(id, variation)`.
    #[must_use]
    pub fn variations(&self, index: usize, ids: &[usize]) -> Vec<(usize, VariationView)> {
        let Some(view) = kept(&self.shown, index).or_else(|| self.page_view(index)) else {
            return Vec::new();
        };
        pick_variations(&view, ids)
            .into_iter()
            .map(|(id, v)| (id, v.clone()))
            .collect()
    }

    /// The text of game `index` as written in the file.
    #[must_use]
    pub fn game_text(&self, index: usize) -> Option<&str> {
        let span = self.headers.get(index)?.span;
        self.text.get(span.start..span.end)
    }

    /// The games' texts as written, one after another with a blank line between: the text
    /// without what stands outside any game (a forum post's words around its games, its
    /// `[pdn]` wrappers). What a link to the open text carries. A text with nothing but
    /// white space outside its games is given whole, as it is.
    ///
    /// ```
    /// use pdn_view::library::Library;
    /// let lib = Library::new("Look at this:\n[pdn]\n1. 32-28 *\n[/pdn]\nNice?".into());
    /// assert_eq!(lib.games_text(), "1. 32-28 *");
    /// // A signature below the post is no game, and no link carries it.
    /// let lib = Library::new("[pdn]\n1. 32-28 *\n[/pdn]\n--\nJohn".into());
    /// assert_eq!(lib.games_text(), "1. 32-28 *");
    /// let lib = Library::new("1. 32-28 *\n\n1. 33-28 *\n".into());
    /// assert_eq!(lib.games_text(), "1. 32-28 *\n\n1. 33-28 *\n");
    /// ```
    #[must_use]
    pub fn games_text(&self) -> String {
        let mut from = 0;
        let mut clean = true;
        for h in &self.headers {
            let gap = self.text.get(from..h.span.start).unwrap_or("");
            clean &= gap.trim().is_empty();
            from = from.max(h.span.end);
        }
        if clean && self.text.get(from..).unwrap_or("").trim().is_empty() {
            return self.text.clone();
        }
        let mut out = String::new();
        for h in &self.headers {
            if let Some(text) = self.text.get(h.span.start..h.span.end) {
                if !out.is_empty() {
                    out.push_str("\n\n");
                }
                out.push_str(text);
            }
        }
        out
    }

    /// Game `index` written as canonical PDN.
    #[must_use]
    pub fn export_game(&self, index: usize) -> Option<String> {
        let mut out = String::new();
        write_game_into(
            &mut out,
            &self.game(index)?,
            &WriteOptions::default(),
            false,
        );
        Some(out)
    }

    /// The short link of game `index` (`pdn::shortlink`: the payload after `#g=`, edits
    /// included), or `None` when the game has something the short form cannot carry.
    #[must_use]
    pub fn short_link(&self, index: usize) -> Option<String> {
        pdn::shortlink::encode(&self.game(index)?)
    }

    /// Every game written as canonical PDN, one after the other.
    #[must_use]
    pub fn export_all(&self) -> String {
        let mut out = String::with_capacity(self.text.len() + self.text.len() / 8);
        let options = WriteOptions::default();
        for (i, h) in self.headers.iter().enumerate() {
            let game = match self.edited.iter().find(|(e, _)| *e == i) {
                Some((_, g)) => Some(g.clone()),
                None => reader::read_game_at(&self.text, h.span.start),
            };
            if let Some(game) = game {
                // As `write_games`: a blank line between games.
                if i > 0 {
                    out.push('\n');
                }
                write_game_into(&mut out, &game, &options, i > 0);
            }
        }
        out
    }

    /// Game `index` as a problem set at `place`, written as canonical PDN: its tags, with
    /// `SetUp` and `FEN` naming the position there and `Result` `*`, and no moves, comments or
    /// variations: what a reader solving it may copy without being given the solution. `None`
    /// when the game has no such position (not replayed that far, unknown rules).
    #[must_use]
    pub fn export_problem(&self, index: usize, place: Place) -> Option<String> {
        let mut game = self.game(index)?;
        let r = pdn::replay::replay(&game);
        let fen = edit::position_at(&r, place)?.to_fen(&r.ruleset.as_ref()?.geometry);
        game.tags.retain(|t| {
            !["setup", "fen", "result"].contains(&t.name.to_ascii_lowercase().as_str())
        });
        let tag = |name: &str, value: String| pdn::reader::Tag {
            name: name.to_string(),
            value,
            span: pdn::diagnostic::Span::default(),
        };
        game.tags.push(tag("SetUp", "1".into()));
        game.tags.push(tag("FEN", fen));
        game.tags.push(tag("Result", "*".into()));
        game.intro.clear();
        game.setup = None;
        game.moves.clear();
        game.variations.clear();
        game.outro.clear();
        game.result = Some("*".into());
        let mut out = String::new();
        write_game_into(&mut out, &game, &WriteOptions::default(), false);
        Some(out)
    }

    /// The legal moves at `place` of game `index` (see [`pdn::edit::legal_moves`]): `None` when
    /// the game has no such position (not replayed that far, unknown rules).
    #[must_use]
    pub fn legal_moves(&self, index: usize, place: Place) -> Option<Vec<MoveView>> {
        let r = self.replay_of(index)?;
        let (pos, moves) = edit::legal_moves(&r, place)?;
        Some(move_views(r.ruleset.as_ref()?, &pos, &moves))
    }

    /// Why `text`, typed as a move at `place` of game `index`, is not played there
    /// ([`crate::analysis::refusal`]): `None` when it is legal, does not read as a move, or
    /// there is no such position.
    #[must_use]
    pub fn refuse_move(&self, index: usize, place: Place, text: &str) -> Option<RefusalView> {
        let r = self.replay_of(index)?;
        let (pos, moves) = edit::legal_moves(&r, place)?;
        crate::analysis::refusal(r.ruleset.as_ref()?, &pos, &moves, text)
    }

    /// Game `index` replayed, kept while the board moves through it.
    fn replay_of(&self, index: usize) -> Option<Rc<pdn::replay::Replay>> {
        if let Some(r) = kept(&self.replayed, index) {
            return Some(r);
        }
        let r = Rc::new(pdn::replay::replay(&self.game(index)?));
        *self.replayed.borrow_mut() = Some((index, Rc::clone(&r)));
        Some(r)
    }

    /// Indexes up to `games` more games for the Explorer (the text as read), and finishes the
    /// index after the last: called again and again until `ready`, so the worker can answer
    /// other requests and report progress in between.
    ///
    /// ```
    /// let mut lib = pdn_view::library::Library::new("1. 32-28 * 1. 32-28 19-23 * 1. 33-28 *".into());
    /// assert!(!lib.explore_step(2).ready);
    /// let p = lib.explore_step(2);
    /// assert!(p.ready && p.done == 3 && p.positions == 7);
    /// let tree = lib.explorer(0, pdn::edit::Place { line: None, ply: 0 }).unwrap();
    /// assert_eq!((tree.games, tree.moves[0].notation.as_str(), tree.moves[0].games), (3, "32-28", 2));
    /// assert_eq!(lib.find_place(1, pdn::edit::Place { line: None, ply: 1 }).unwrap().len(), 2);
    /// ```
    pub fn explore_step(&mut self, games: usize) -> crate::explorer::ExplorerProgress {
        let total = self.len();
        let text = &self.text;
        let headers = &self.headers;
        self.explorer.step(games, total, |i| {
            reader::read_game_at(text, headers.get(i)?.span.start)
        })
    }

    /// How far the Explorer's index is.
    #[must_use]
    pub fn explore_progress(&self) -> crate::explorer::ExplorerProgress {
        self.explorer.progress(self.len())
    }

    /// The moves the file's games played from the position at `place` of game `index`, with
    /// their games and scores: `None` until the index is ready, or where there is no position.
    #[must_use]
    pub fn explorer(&self, index: usize, place: Place) -> Option<crate::explorer::ExplorerView> {
        let ix = self.explorer.index()?;
        let r = self.replay_of(index)?;
        let (pos, moves) = edit::legal_moves(&r, place)?;
        let rs = r.ruleset.as_ref()?;
        let legal = move_views(rs, &pos, &moves);
        Some(crate::explorer::tree_view(
            ix, rs.variant, &pos, &legal, &moves,
        ))
    }

    /// The games that reach the position at `place` of game `index` (numbered from 1, with
    /// the first ply there): `None` until the index is ready, or where there is no position.
    #[must_use]
    pub fn find_place(
        &self,
        index: usize,
        place: Place,
    ) -> Option<Vec<crate::explorer::FoundGame>> {
        let ix = self.explorer.index()?;
        let r = self.replay_of(index)?;
        let pos = edit::position_at(&r, place)?;
        Some(crate::explorer::found(
            ix,
            r.ruleset.as_ref()?.variant,
            &pos,
        ))
    }

    /// The games that reach the position of `fen` in the variant of GameType `gametype` (empty:
    /// International).
    ///
    /// # Errors
    ///
    /// The index is not ready, or the FEN or GameType is not a position of a known variant.
    pub fn find_fen(
        &self,
        fen: &str,
        gametype: &str,
    ) -> Result<Vec<crate::explorer::FoundGame>, String> {
        let ix = self
            .explorer
            .index()
            .ok_or_else(|| "the index is not built yet".to_string())?;
        let (variant, pos) = crate::explorer::fen_position(fen, gametype)?;
        Ok(crate::explorer::found(ix, variant, &pos))
    }

    /// The games in which the board holds `material` at some point (each count `None`: any),
    /// numbered from 1 with the first ply so.
    ///
    /// # Errors
    ///
    /// The Explorer's index is not built yet.
    pub fn find_material(
        &self,
        material: pdn::explore::Material,
    ) -> Result<Vec<crate::explorer::FoundGame>, String> {
        let ix = self
            .explorer
            .index()
            .ok_or_else(|| "the index is not built yet".to_string())?;
        Ok(ix
            .find_material(material)
            .into_iter()
            .map(|h| crate::explorer::FoundGame {
                game: h.game + 1,
                ply: h.ply,
            })
            .collect())
    }

    /// The games of the variant of GameType `gametype` (empty: International) whose board holds
    /// every piece of the FEN `pattern` on its square at some point (the other squares free; see
    /// [`pdn::explore::holds`]), numbered from 1 with the first ply so. With the Explorer's
    /// index built, its stored moves are played again ([`pdn::explore::Index::find_pattern`]:
    /// milliseconds); before, every game is replayed (a second or so for a million plies in
    /// wasm).
    ///
    /// ```
    /// let lib = pdn_view::library::Library::new("[GameType \"21\"] 1. 11-15 23-19 * [GameType \"21\"] 1. 9-13 *".into());
    /// let found = lib.find_pattern("W:W19:B15", "21").unwrap();
    /// assert_eq!((found.len(), found[0].game, found[0].ply), (1, 1, 2));
    /// ```
    ///
    /// # Errors
    ///
    /// The FEN or the GameType is not a position of a known variant.
    pub fn find_pattern(
        &self,
        pattern: &str,
        gametype: &str,
    ) -> Result<Vec<crate::explorer::FoundGame>, String> {
        let (variant, pos) = crate::explorer::fen_position(pattern, gametype)?;
        if let Some(ix) = self.explorer.index() {
            return Ok(ix
                .find_pattern(variant, &pos)
                .into_iter()
                .map(|h| crate::explorer::FoundGame {
                    game: h.game + 1,
                    ply: h.ply,
                })
                .collect());
        }
        let mut out = Vec::new();
        for i in 0..self.len() {
            let Some(game) = self.game(i) else { continue };
            let r = pdn::replay::replay(&game);
            if r.variant != Some(variant) {
                continue;
            }
            if let Some(ply) = pdn::explore::first_holding(&r, &pos) {
                out.push(crate::explorer::FoundGame { game: i + 1, ply });
            }
        }
        Ok(out)
    }

    /// Player `name`'s games and score (their `White` or `Black` tag, case aside), with the
    /// results read as the file writes them.
    ///
    /// # Errors
    ///
    /// The Explorer's index (which holds the results as read) is not built yet.
    pub fn player(&self, name: &str) -> Result<crate::explorer::PlayerView, String> {
        let ix = self
            .explorer
            .index()
            .ok_or_else(|| "the index is not built yet".to_string())?;
        let names = self.headers.iter().enumerate().map(|(i, h)| {
            (
                i,
                h.tag("White").unwrap_or(""),
                h.tag("Black").unwrap_or(""),
            )
        });
        Ok(crate::explorer::player(ix, name, names))
    }

    /// Applies `f` to game `index` and its replay; the game is kept as edited when it changed.
    fn edit<T>(
        &mut self,
        index: usize,
        changes: bool,
        f: impl FnOnce(&mut Game, &pdn::replay::Replay) -> Result<T, EditError>,
    ) -> Result<T, EditError> {
        let mut game = self.game(index).ok_or(EditError::NoPosition)?;
        let before = size(&game);
        let r = pdn::replay::replay(&game);
        let out = f(&mut game, &r)?;
        // Only a move played that the game already had changes nothing.
        if changes || size(&game) != before {
            self.edited.retain(|(i, _)| *i != index);
            self.edited.push((index, game));
            self.forget_views();
        }
        Ok(out)
    }

    /// Plays move `choice` (an index of [`Library::legal_moves`] at the same place) at `place`
    /// of game `index`: see [`pdn::edit::play`]. Returns where the move is shown.
    ///
    /// # Errors
    ///
    /// When the place or the move is not there (see [`EditError`]).
    pub fn play(
        &mut self,
        index: usize,
        place: Place,
        choice: usize,
    ) -> Result<PlaceView, EditError> {
        self.edit(index, false, |game, r| {
            let (_, moves) = edit::legal_moves(r, place).ok_or(EditError::NoPosition)?;
            let mv = moves.get(choice).ok_or(EditError::IllegalMove)?;
            edit::play(game, r, place, mv).map(PlaceView::from)
        })
    }

    /// Deletes variation `id` of game `index` ([`pdn::edit::delete_variation`]).
    ///
    /// # Errors
    ///
    /// [`EditError::NoVariation`].
    pub fn delete_variation(&mut self, index: usize, id: usize) -> Result<PlaceView, EditError> {
        self.edit(index, true, |game, _| {
            edit::delete_variation(game, id).map(PlaceView::from)
        })
    }

    /// Promotes variation `id` of game `index` ([`pdn::edit::promote_variation`]).
    ///
    /// # Errors
    ///
    /// [`EditError::NoVariation`].
    pub fn promote_variation(&mut self, index: usize, id: usize) -> Result<PlaceView, EditError> {
        self.edit(index, true, |game, _| {
            edit::promote_variation(game, id).map(PlaceView::from)
        })
    }

    /// Deletes the moves after `place` ([`pdn::edit::cut_line`]).
    ///
    /// # Errors
    ///
    /// [`EditError::NoPosition`].
    pub fn cut_line(&mut self, index: usize, place: Place) -> Result<PlaceView, EditError> {
        self.edit(index, true, |game, r| {
            edit::cut_line(game, r, place).map(PlaceView::from)
        })
    }

    /// Sets the comment of the move leading to `place` ([`pdn::edit::set_comment`]).
    ///
    /// # Errors
    ///
    /// [`EditError::NoPosition`].
    pub fn set_comment(&mut self, index: usize, place: Place, text: &str) -> Result<(), EditError> {
        self.edit(index, true, |game, r| {
            edit::set_comment(game, r, place, text)
        })
    }

    /// Sets the strength mark of the move leading to `place` ([`pdn::edit::set_strength`]).
    ///
    /// # Errors
    ///
    /// [`EditError::BadStrength`], [`EditError::NoPosition`].
    pub fn set_strength(
        &mut self,
        index: usize,
        place: Place,
        mark: &str,
    ) -> Result<(), EditError> {
        self.edit(index, true, |game, r| {
            edit::set_strength(game, r, place, mark)
        })
    }

    /// Replaces the marks of the position at `place`: `squares` as `G28,R19`, `arrows` as
    /// `Y28-19` ([`pdn::edit::set_marks`]).
    ///
    /// # Errors
    ///
    /// [`EditError::NoPosition`].
    pub fn set_marks(
        &mut self,
        index: usize,
        place: Place,
        squares: &str,
        arrows: &str,
    ) -> Result<(), EditError> {
        let marks = marks_from(squares, arrows);
        self.edit(index, true, |game, r| {
            edit::set_marks(game, r, place, &marks)
        })
    }

    /// Whether game `index` was edited.
    #[must_use]
    pub fn is_edited(&self, index: usize) -> bool {
        self.edited.iter().any(|(i, _)| *i == index)
    }

    /// Forgets the edits of game `index`: it is the text's again.
    pub fn revert(&mut self, index: usize) {
        self.edited.retain(|(i, _)| *i != index);
        self.forget_views();
    }

    /// An edit makes the kept replay and view out of date.
    fn forget_views(&self) {
        self.replayed.replace(None);
        self.shown.replace(None);
    }

    /// Writes game `index`, when it was edited, into the text in place of its old text (the
    /// other games and the text between them untouched): from then on the text holds the edits,
    /// so [`Library::text`], [`Library::game_text`] and a text read again have them. `None` when
    /// the game was not edited, or when its written form would not read back as one game there.
    ///
    /// ```
    /// use pdn::edit::Place;
    /// let mut lib = pdn_view::library::Library::new("[White \"A\"] 1. 32-28 *\n\n[White \"B\"] 1. 33-28 *".into());
    /// lib.play(0, Place { line: None, ply: 1 }, 0).unwrap();
    /// let s = lib.write_back(0).unwrap();
    /// assert_eq!((s.start, s.end, s.old.as_str()), (0, 22, "[White \"A\"] 1. 32-28 *"));
    /// assert!(lib.text().ends_with("*\n\n[White \"B\"] 1. 33-28 *"));
    /// assert!(!lib.is_edited(0));
    /// assert_eq!(lib.view(0).unwrap().plies.len(), 2);
    /// ```
    pub fn write_back(&mut self, index: usize) -> Option<Splice> {
        if !self.is_edited(index) {
            return None;
        }
        let out = written(&self.game(index)?, index);
        let out = out.trim_end();
        // What the writer gives must read back as the same game: a game the writer cannot
        // round-trip (hostile texts: a setup in the middle of the moves, a move number past
        // u32) stays edited in memory rather than be written as another game.
        let again = reader::read_game_at(out, 0).map(|g| written(&g, index));
        if again.as_deref().map(str::trim_end) != Some(out) {
            return None;
        }
        self.set_game_text(index, out)
    }

    /// Puts `text` in place of game `index`'s text (undo and redo give back a text written
    /// before): the game is read from it from then on, its edits forgotten. `None` (nothing
    /// changed) when there is no such game, the text is the same, or it would not read back as
    /// the same game there (the rest of the file would change).
    pub fn set_game_text(&mut self, index: usize, text: &str) -> Option<Splice> {
        self.replace_game_text(index, text, None)
    }

    /// Undo and redo: `was` (the text a [`Splice`] put there, at the end of game `index`'s
    /// text) becomes `text` again, exactly, so the whole text is as it was before that splice.
    /// When `was` is not there, as [`Library::set_game_text`].
    pub fn replace_game_text(
        &mut self,
        index: usize,
        text: &str,
        was: Option<&str>,
    ) -> Option<Splice> {
        let game_span = self.headers.get(index)?.span;
        let end = game_span.start
            + self
                .text
                .get(game_span.start..game_span.end)?
                .trim_end()
                .len();
        if let Some(was) = was {
            let start = end.checked_sub(was.len()).filter(|&s| s >= game_span.start);
            if let Some(start) = start.filter(|&s| self.text.get(s..end) == Some(was)) {
                if was == text {
                    return None;
                }
                let mut spliced = String::with_capacity(self.text.len() + text.len());
                spliced.push_str(&self.text[..start]);
                spliced.push_str(text);
                spliced.push_str(&self.text[end..]);
                return self.splice(index, Span { start, end }, spliced, text);
            }
        }
        // The game `text` holds, as the writer gives it: what must be read there afterwards.
        let wanted = written(&reader::read_game_at(text, 0)?, index);
        // From the game's first tag (stray words before it stay), else all of its text (the
        // words before its tags were its own comments, which the writer moves after them).
        let first_tag = reader::read_game_at(&self.text, game_span.start)
            .and_then(|g| g.tags.first().map(|t| t.span.start))
            .filter(|&at| at > game_span.start && at <= game_span.end);
        let end = game_span.start
            + self
                .text
                .get(game_span.start..game_span.end)?
                .trim_end()
                .len();
        for start in first_tag.into_iter().chain([game_span.start]) {
            let span = Span {
                start,
                end: end.max(start),
            };
            let old = &self.text[span.start..span.end];
            if old == text {
                self.revert(index);
                return None;
            }
            let mut spliced = String::with_capacity(self.text.len() + text.len());
            spliced.push_str(&self.text[..span.start]);
            spliced.push_str(text);
            spliced.push_str(&self.text[span.end..]);
            let read = reader::read_game_at(&spliced, game_span.start);
            if read.is_some_and(|g| written(&g, index) == wanted) {
                return self.splice(index, span, spliced, text);
            }
        }
        None
    }

    /// The text becomes `spliced`: `span` of the old one replaced by `text` in game `index`.
    fn splice(&mut self, index: usize, span: Span, spliced: String, text: &str) -> Option<Splice> {
        let old = self.text[span.start..span.end].to_string();
        let (start, end) = {
            let lines = self.lines();
            (
                lines.utf16_at(&self.text, span.start),
                lines.utf16_at(&self.text, span.end),
            )
        };
        let shift = |at: &mut usize| {
            *at = *at + text.len() - old.len();
        };
        // The whole text is read again (a game's borders depend on its neighbours): it must
        // have the same games, the others where they were (shifted after this one).
        let (headers, outside) = reader::read_index(&spliced);
        let moved = |i: usize, h: &GameHeader| {
            let mut want = self.headers[i].span;
            if i > index {
                shift(&mut want.start);
            }
            if i >= index {
                shift(&mut want.end);
            }
            h.span.start != want.start || h.span.end != want.end
        };
        if headers.len() != self.headers.len()
            || headers.iter().enumerate().any(|(i, h)| moved(i, h))
        {
            return None;
        }
        self.headers = headers;
        self.outside = outside;
        self.text = spliced;
        self.lines = OnceCell::new();
        self.revert(index);
        Some(Splice {
            start,
            end,
            old,
            text: text.to_string(),
        })
    }

    /// Problems in text that belongs to no game (stray text, a result with no game).
    #[must_use]
    pub fn outside_diagnostics(&self) -> Vec<DiagnosticView> {
        let views = self.views();
        self.outside.iter().map(|d| views.diagnostic(d)).collect()
    }

    /// The problems outside any game as the page lists them ([`listed`]), and
    /// what that list leaves out.
    #[must_use]
    pub fn outside_listed(&self) -> (Vec<DiagnosticView>, Option<DiagnosticsSummary>) {
        let views = self.views();
        let (shown, summary) = listed(&self.outside);
        (
            shown.into_iter().map(|d| views.diagnostic(d)).collect(),
            summary,
        )
    }
}

/// What `cell` keeps of game `index`, if it is that game's.
fn kept<T>(cell: &RefCell<Option<(usize, Rc<T>)>>, index: usize) -> Option<Rc<T>> {
    cell.borrow()
        .as_ref()
        .filter(|(i, _)| *i == index)
        .map(|(_, v)| Rc::clone(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdn::reader::read_file;
    use pdn::writer::write_file;

    const TEXT: &str = "stray\n[White \"A\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n\n\
                        [White \"B\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 99-1 0-2\n";

    #[test]
    fn a_short_link_carries_the_game_as_edited() {
        let mut lib = Library::new(TEXT.to_string());
        let first = lib.short_link(0).unwrap();
        assert!(
            pdn::shortlink::decode(&first)
                .unwrap()
                .contains("1. 11-15 23-19 *")
        );
        assert_eq!(lib.short_link(1), None, "99-1 cannot be played");
        assert_eq!(lib.short_link(9), None);
        // A move played at the end of the mainline is in the link.
        lib.play(0, Place { line: None, ply: 2 }, 0).unwrap();
        let text = pdn::shortlink::decode(&lib.short_link(0).unwrap()).unwrap();
        assert_eq!(pdn::read_file(&text).games[0].moves.len(), 3, "{text}");
    }

    #[test]
    fn a_problem_is_exported_without_its_solution() {
        let text = "[Event \"Week 3\"]\n[GameType \"20\"]\n[FEN \"W:W26,27:B12,17\"]\n\
                    {hint} 1. 27-22 (1. 26-21 17x26) 17x28 *";
        let lib = Library::new(text.to_string());
        let p = lib.export_problem(0, Place { line: None, ply: 0 }).unwrap();
        assert!(p.contains("[Event \"Week 3\"]"), "{p}");
        assert!(p.contains("[FEN \"W:W26,27:B12,17\"]"), "{p}");
        assert!(
            !p.contains("27-22") && !p.contains("26-21") && !p.contains("hint"),
            "{p}"
        );
        // From a later place: that position, and the file reads back as one game with no move.
        let later = lib.export_problem(0, Place { line: None, ply: 1 }).unwrap();
        let back = read_file(&later);
        assert_eq!(back.games.len(), 1);
        assert!(back.games[0].moves.is_empty(), "{later}");
        assert!(later.contains("[FEN \"B:W22,26:B12,17\"]"), "{later}");
        assert!(
            lib.export_problem(0, Place { line: None, ply: 9 })
                .is_none()
        );
    }

    #[test]
    fn rows_views_and_exports_agree_with_the_full_reading() {
        let lib = Library::new(TEXT.to_string());
        let full = read_file(TEXT);
        assert_eq!(lib.len(), full.games.len());
        for i in 0..lib.len() {
            assert_eq!(lib.game(i).as_ref(), Some(&full.games[i]));
            let lines = LineIndex::new(TEXT);
            let expected = FileView::new(&full, &lines);
            assert_eq!(lib.view(i), expected.game(i));
            assert_eq!(lib.check(i), expected.summary(i));
        }
        let exported: String = lib.export_all();
        assert_eq!(exported, write_file(&full, &WriteOptions::default()));
        // The word before the first tags is no game's: one note, where it stands.
        let outside = lib.outside_diagnostics();
        assert_eq!(outside.len(), 1);
        assert_eq!(
            (outside[0].code, outside[0].line, outside[0].column),
            ("outside-prose", 1, 1)
        );
        // Text with no game at all still says what is wrong, and where.
        let none = Library::new("\n  hello".to_string());
        assert!(none.is_empty());
        let d = &none.outside_diagnostics()[0];
        assert_eq!((d.code, d.line, d.column), ("outside-prose", 2, 3));
    }

    #[test]
    fn edits_written_back_in_place_and_given_back() {
        // Stray text, a game in Cyrillic (UTF-16 offsets differ from bytes), the edited one,
        // and one after it: only the edited game's text changes.
        let text = "stray\n[White \"Жук\"] 1. 32-28 *\n\nwords between\n[White \"B\"]\n1. 32-28 19-23 *\n\n[White \"C\"] 1. 33-29 *\n";
        let mut lib = Library::new(text.to_string());
        let before = lib.export_all();
        lib.play(1, Place { line: None, ply: 1 }, 0).unwrap();
        lib.set_comment(1, Place { line: None, ply: 1 }, "good")
            .unwrap();
        let edited = lib.view(1).unwrap();
        let s = lib.write_back(1).unwrap();
        assert_eq!(s.old, "[White \"B\"]\n1. 32-28 19-23 *");
        let utf16: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(String::from_utf16(&utf16[s.start..s.end]).unwrap(), s.old);
        let mut box_text = utf16[..s.start].to_vec();
        box_text.extend(s.text.encode_utf16());
        box_text.extend(&utf16[s.end..]);
        // The page's text box, spliced the same way, holds the core's text.
        assert_eq!(String::from_utf16(&box_text).unwrap(), lib.text());
        assert!(
            lib.text()
                .starts_with("stray\n[White \"Жук\"] 1. 32-28 *\n\nwords between\n[White \"B\"]")
        );
        assert!(
            lib.text().ends_with("*\n\n[White \"C\"] 1. 33-29 *\n"),
            "{:?}",
            lib.text()
        );
        assert!(lib.text().contains(" {good} "), "{}", lib.text());
        // The text read again is the edited game, and the others as they were.
        let again = Library::new(lib.text().to_string());
        assert_eq!(again.len(), 3);
        assert_eq!(again.view(1).unwrap().plies, edited.plies);
        for i in [0, 2] {
            assert_eq!(lib.view(i).unwrap().plies, again.view(i).unwrap().plies);
            assert_eq!(lib.view(i).unwrap().source, again.view(i).unwrap().source);
            assert_eq!(lib.row(i), again.row(i));
        }
        assert_eq!(lib.outside_diagnostics(), again.outside_diagnostics());
        assert!(lib.write_back(1).is_none(), "nothing more to write");
        // Undo: the old text back, the file as it was.
        let undo = lib.replace_game_text(1, &s.old, Some(&s.text)).unwrap();
        assert_eq!(
            (undo.old.as_str(), undo.text.as_str()),
            (s.text.as_str(), s.old.as_str())
        );
        assert_eq!(lib.text(), text);
        assert_eq!(lib.export_all(), before);
        // A text that would not stay one game is refused, and nothing changes.
        assert!(
            lib.set_game_text(1, "[White \"X\"] * [White \"Y\"] *")
                .is_none()
        );
        assert_eq!(lib.text(), text);
    }

    #[test]
    fn utf16_and_binary_bytes() {
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(TEXT.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let lib = Library::from_bytes(&le);
        assert_eq!(lib.encoding().name(), "UTF-16LE");
        assert_eq!((lib.text(), lib.len()), (TEXT, 2));
        let binary = Library::from_bytes(b"\0\x01\x02\x03\x04\x05\x06[Event \"x\"] *");
        assert_eq!(binary.encoding().name(), "binary (not text)");
        assert!(binary.is_empty());
        let d = &binary.outside_diagnostics()[0];
        assert_eq!((d.code, d.line, d.column), ("binary-file", 1, 1));
    }

    #[test]
    fn rows_and_views_name_the_opening_after_the_check() {
        let lib = Library::new(
            "[GameType \"21\"] 1. 11-15 23-19 2. 8-11 22-17 3. 4-8 *\n\
             [GameType \"21\"][Opening \"Ours\"] 1. 11-15 24-20 *\n\
             [GameType \"22\"] 1. 11-15 23-19 *"
                .to_string(),
        );
        // From the tags alone: only the written name.
        assert_eq!(lib.row(0).unwrap().opening, "");
        assert_eq!(lib.row(1).unwrap().opening, "Ours");
        // Checked: the table's name, the tag first, none for a variant without names.
        let names: Vec<_> = (0..3).map(|i| lib.check(i).unwrap().opening).collect();
        assert_eq!(names, ["Old Fourteenth", "Ours", ""]);
        assert_eq!(
            lib.view(0).unwrap().opening.as_deref(),
            Some("Old Fourteenth")
        );
        assert_eq!(lib.view(2).unwrap().opening, None);
    }

    #[test]
    fn unchecked_rows_say_what_the_tags_say() {
        let lib = Library::new(TEXT.to_string());
        for i in 0..lib.len() {
            let row = lib.row_ref(i).unwrap();
            assert_eq!(row.to_owned(), lib.row(i).unwrap());
            assert_eq!(
                crate::json::to_string(&row),
                crate::json::to_string(&lib.row(i).unwrap())
            );
        }
        let first = lib.row(0).unwrap();
        assert_eq!((first.variant.as_str(), first.plies), ("English", 2));
        let second = lib.row(1).unwrap();
        assert_eq!(
            (second.variant.as_str(), second.result.as_str()),
            ("", "0-2")
        );
        assert!(!second.checked);
        let checked = lib.check(1).unwrap();
        assert_eq!(checked.variant, "International");
        assert_eq!(
            (checked.plies, checked.errors, checked.checked),
            (4, 1, true)
        );
        assert!(lib.game_text(1).unwrap().starts_with("[White \"B\"]"));
        assert!(lib.game_text(1).unwrap().contains("99-1"));
    }

    #[test]
    fn game_sources_locate_the_game_in_the_text() {
        let text = "[White \"Жук\"] 1. 32-28 *\n[White \"B\"]\n1. 33-28 *";
        let lib = Library::new(text.to_string());
        let v = lib.view(1).unwrap();
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let start = String::from_utf16(&utf16[v.source.start..v.source.end]).unwrap();
        assert!(start.starts_with("[White \"B\"]"));
        assert_eq!(v.source.line, 2);
    }

    #[test]
    fn floods_of_diagnostics_are_listed_up_to_a_hundred_and_counted() {
        // A million stray brackets: no game, a million problems; the page gets 20, counted.
        let lib = Library::new("[".repeat(1_000_000));
        assert_eq!(lib.len(), 0);
        let (shown, summary) = lib.outside_listed();
        let summary = summary.unwrap();
        assert_eq!((shown.len(), summary.total), (20, 1_000_000));
        assert_eq!(summary.counts.warning, 1_000_000);
        assert_eq!(summary.hidden.len(), 1);
        assert_eq!(summary.hidden[0].count, 999_980);
        // A game with 300 unclosed variations: 20 listed, the rest counted in the view.
        let lib = Library::new(format!("[Event \"p\"] 1. 32-28 {}", "(".repeat(300)));
        let view = lib.view(0).unwrap();
        assert!(view.diagnostics.len() <= crate::budget::DIAGNOSTICS);
        assert_eq!(view.diagnostics_total, Some(301));
        let counted = view.diagnostic_counts.unwrap();
        assert_eq!(counted.warning + counted.note + counted.error, 301);
        // A few: listed whole, nothing counted.
        let lib = Library::new("stray [Event \"a\"] 1. 32-28 *".to_string());
        assert!(lib.outside_listed().1.is_none());
        assert!(lib.view(0).unwrap().diagnostics_total.is_none());
    }
}
