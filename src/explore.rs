//! An archive explored by position: every position of every game's mainline indexed by its
//! Zobrist key, so that the moves played from a position (an opening tree, transpositions
//! included) and the games that reach it are found by a binary search.
//!
//! The index keeps one 24-byte entry a position (the key, the game, the ply and the move played
//! from there), sorted by key, and a small table of the distinct moves and of each game's
//! result. Results are read as the file writes them: the left number is the score of the side
//! that moves first, unless most of the file's decided games show White's score first
//! (see [`crate::replay::file_result_reading`]).
//!
//! ```
//! use pdn::explore::Index;
//! use pdn::{Ruleset, Variant};
//! let text = "[GameType \"21\"] [Result \"1-0\"] 1. 11-15 23-19 1-0\n\
//!             [GameType \"21\"] [Result \"0-1\"] 1. 11-15 24-20 0-1\n\
//!             [GameType \"21\"] [Result \"1/2-1/2\"] 1. 9-13 22-18 1/2-1/2";
//! let index = Index::build(&pdn::read_file(text).games);
//! let start = Ruleset::of(Variant::English).unwrap().start_position();
//! let tree = index.tree(Variant::English, &start);
//! assert_eq!(tree.games, 3);
//! let first = &tree.moves[0];
//! assert_eq!((first.notation.as_str(), first.games), ("11-15", 2));
//! // English 1-0 is a win for Black, who moves first here.
//! assert_eq!((first.wins, first.draws, first.losses), (1, 0, 1));
//! assert_eq!(index.find(Variant::English, &start).len(), 3);
//! ```

use std::collections::HashMap;

use crate::geometry::Square;
use crate::position::{Move, Position, labels_joined};
use crate::reader::Game;
use crate::replay::{self, Outcome, Replay, ResultReading};
use crate::types::Color;
use crate::variant::Variant;

/// The move id of a position where the game's mainline ends.
const NO_MOVE: u32 = u32::MAX;

/// One position of one game: 24 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    key: u64,
    game: u32,
    ply: u32,
    mv: u32,
    /// The pieces on the board, packed (see [`Material::pack`]): in the room the alignment
    /// leaves, so it costs no byte.
    material: u32,
}

/// How many pieces of each kind stand on the board; `None` in a search: any number.
///
/// ```
/// use pdn::explore::Material;
/// let pos = pdn::Position::from_fen("W:WK1,K2,K3:BK50", &pdn::Ruleset::of(pdn::Variant::International).unwrap().geometry, pdn::Color::White).unwrap();
/// let m = Material::of(&pos);
/// assert_eq!((m.white_men, m.white_kings, m.black_men, m.black_kings), (Some(0), Some(3), Some(0), Some(1)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// White men.
    pub white_men: Option<u8>,
    /// White kings.
    pub white_kings: Option<u8>,
    /// Black men.
    pub black_men: Option<u8>,
    /// Black kings.
    pub black_kings: Option<u8>,
}

impl Material {
    /// The pieces of `pos`.
    #[must_use]
    pub fn of(pos: &Position) -> Material {
        let kings = pos.kings();
        let count = |set: u128| Some(u8::try_from(set.count_ones()).unwrap_or(u8::MAX));
        Material {
            white_men: count(pos.pieces(Color::White) & !kings),
            white_kings: count(pos.pieces(Color::White) & kings),
            black_men: count(pos.pieces(Color::Black) & !kings),
            black_kings: count(pos.pieces(Color::Black) & kings),
        }
    }

    /// The four counts in one word, a byte each (a missing count as 0).
    fn pack(self) -> u32 {
        let b = |c: Option<u8>| match c {
            Some(n) => n as u32,
            None => 0,
        };
        b(self.white_men)
            | b(self.white_kings) << 8
            | b(self.black_men) << 16
            | b(self.black_kings) << 24
    }

    /// A packed material (all four counts) matches this search.
    fn matches(self, packed: u32) -> bool {
        let fits = |c: Option<u8>, shift: u32| match c {
            Some(n) => (packed >> shift) & 0xff == n as u32,
            None => true,
        };
        fits(self.white_men, 0)
            && fits(self.white_kings, 8)
            && fits(self.black_men, 16)
            && fits(self.black_kings, 24)
    }
}

/// A distinct move of the index: its squares and how it is written.
#[derive(Clone, Debug)]
struct MoveInfo {
    from: Square,
    to: Square,
    captured: u128,
    /// The piece is crowned by it (a man and a king may make the same journey).
    promotes: bool,
    /// Start and end (`32-28`, `28x19`).
    short: String,
    /// Every square PDN 3.0 writes for it ([`Move::pdn_squares`]), for captures that share
    /// start and end.
    full: String,
}

/// What the index keeps of a game.
#[derive(Clone, Copy, Debug, Default)]
struct GameInfo {
    /// The result read with the first mover's score first, and with White's first.
    standard: Option<Outcome>,
    white_first: Option<Outcome>,
    /// Which reading its final position shows, if it decides.
    reading: Option<ResultReading>,
    variant: Option<Variant>,
    plies: u32,
}

/// The key of a position in the index: its Zobrist key without the Frisian counts of king
/// moves (a FEN does not carry them), mixed with the variant, so that boards of two variants in
/// one file never meet.
///
/// ```
/// use pdn::{Ruleset, Variant};
/// let start = Ruleset::of(Variant::Russian).unwrap().start_position();
/// assert_ne!(pdn::explore::key(Variant::Russian, &start), pdn::explore::key(Variant::English, &start));
/// ```
#[must_use]
pub fn key(variant: Variant, pos: &Position) -> u64 {
    let mut p = *pos;
    for c in [Color::White, Color::Black] {
        if let Some((sq, _)) = p.king_run(c) {
            p = p.with_king_run(c, sq, 0);
        }
    }
    p.zobrist() ^ mix(0x4578_706c_6f72_6500 ^ u64::from(variant.gametype()))
}

/// The splitmix64 finaliser.
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Builds an [`Index`] a game at a time, so that a caller can report progress or yield between
/// games (the page's worker does).
///
/// ```
/// let file = pdn::read_file("1. 32-28 19-23 * 1. 33-28 *");
/// let mut b = pdn::explore::IndexBuilder::default();
/// for g in &file.games {
///     b.add(g);
/// }
/// let index = b.finish();
/// assert_eq!((index.game_count(), index.positions()), (2, 5));
/// ```
#[derive(Default)]
pub struct IndexBuilder {
    entries: Vec<Entry>,
    moves: Vec<MoveInfo>,
    move_ids: HashMap<(u32, u8, u8, u128, bool), u32>,
    games: Vec<GameInfo>,
    lines: Lines,
    /// Each variant met so far and its start position (asked once).
    standards: Vec<(Variant, Option<Position>)>,
}

/// Each game's mainline again in its own order (its start position and the ids of its moves),
/// so that a pattern search walks every position by playing the stored moves: no move
/// generation, about a hundredth of a replay's time, for 4 bytes a ply.
#[derive(Clone, Debug, Default)]
struct Lines {
    /// The move ids of every game's mainline, one game after the other.
    moves: Vec<u32>,
    /// Per game: where its moves start in `moves` (its count is its `plies`).
    first: Vec<u32>,
    /// The games that start elsewhere than their variant's start (a setup), by game, in
    /// order; the others start from [`crate::Ruleset::start_position`].
    setups: Vec<(u32, Position)>,
}

impl Lines {
    /// Where game `game` starts, `standard` when it has no setup of its own.
    fn start(&self, game: u32, standard: Position) -> Position {
        match self.setups.binary_search_by_key(&game, |s| s.0) {
            Ok(i) => self.setups[i].1,
            Err(_) => standard,
        }
    }
}

/// The start position of `variant` on its own board, as the index compares starts with.
fn standard_start(variant: Variant) -> Option<Position> {
    crate::Ruleset::of(variant).map(|rs| rs.start_position())
}

impl IndexBuilder {
    /// Replays `game` and adds its mainline's positions (as far as it could be replayed).
    pub fn add(&mut self, game: &Game) {
        let r = replay::replay(game);
        self.add_replayed(game, &r);
    }

    /// Adds `game`, replayed as `r` (see [`replay::replay`]).
    pub fn add_replayed(&mut self, game: &Game, r: &Replay) {
        let number = u32::try_from(self.games.len()).unwrap_or(u32::MAX);
        let written = game.tag("Result").or(game.result.as_deref()).unwrap_or("");
        let mut info = GameInfo::default();
        self.lines
            .first
            .push(u32::try_from(self.lines.moves.len()).unwrap_or(u32::MAX));
        if let (Some(variant), Some(rs), Some(start)) = (r.variant, r.ruleset.as_ref(), r.start) {
            let standard = match self.standards.iter().find(|s| s.0 == variant) {
                Some(s) => s.1,
                None => {
                    let s = standard_start(variant);
                    self.standards.push((variant, s));
                    s
                }
            };
            if standard != Some(start) {
                self.lines.setups.push((number, start));
            }
            let first = rs.geometry.spec().first_player;
            info = GameInfo {
                standard: replay::outcome(written, first),
                white_first: replay::outcome(written, Color::White),
                reading: r.result_reading(game),
                variant: Some(variant),
                plies: u32::try_from(r.plies.len()).unwrap_or(u32::MAX),
            };
            let mut before = start;
            for (ply, p) in r.plies.iter().enumerate() {
                let mv = self.move_id(variant, &rs.geometry, &p.mv);
                self.lines.moves.push(mv);
                self.entries.push(Entry {
                    key: key(variant, &before),
                    game: number,
                    ply: u32::try_from(ply).unwrap_or(u32::MAX),
                    mv,
                    material: Material::of(&before).pack(),
                });
                before = p.position;
            }
            self.entries.push(Entry {
                key: key(variant, &before),
                game: number,
                ply: info.plies,
                mv: NO_MOVE,
                material: Material::of(&before).pack(),
            });
        }
        self.games.push(info);
    }

    fn move_id(&mut self, variant: Variant, g: &crate::Geometry, m: &Move) -> u32 {
        let k = (variant.gametype(), m.from.0, m.to.0, m.captured, m.promotes);
        if let Some(&id) = self.move_ids.get(&k) {
            return id;
        }
        let id = u32::try_from(self.moves.len()).unwrap_or(NO_MOVE - 1);
        let sep = variant.capture_separator();
        let short = if m.is_capture() {
            labels_joined(g, &[m.from, m.to], sep)
        } else {
            labels_joined(g, &[m.from, m.to], '-')
        };
        let full = if m.is_capture() {
            labels_joined(g, &m.pdn_squares(g), sep)
        } else {
            short.clone()
        };
        self.moves.push(MoveInfo {
            from: m.from,
            to: m.to,
            captured: m.captured,
            promotes: m.promotes,
            short,
            full,
        });
        self.move_ids.insert(k, id);
        id
    }

    /// Games added so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// No game added yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The index: the entries sorted, each game's result read as the file writes results.
    #[must_use]
    pub fn finish(self) -> Index {
        let IndexBuilder {
            mut entries,
            moves,
            games,
            mut lines,
            ..
        } = self;
        entries.sort_unstable();
        entries.shrink_to_fit();
        lines.moves.shrink_to_fit();
        lines.setups.shrink_to_fit();
        let reading = replay::file_result_reading(games.iter().map(|g| g.reading));
        let results = games
            .iter()
            .map(|g| match (reading, g.reading) {
                // A game whose own board shows a reading keeps it; the others follow the file.
                (_, Some(ResultReading::WhiteFirst)) | (Some(ResultReading::WhiteFirst), None) => {
                    g.white_first
                }
                _ => g.standard,
            })
            .collect();
        Index {
            entries,
            moves,
            results,
            plies: games.iter().map(|g| g.plies).collect(),
            variants: games.iter().map(|g| g.variant).collect(),
            lines,
        }
    }
}

/// The positions of an archive's games, by key (see the [module](self)).
#[derive(Clone, Debug, Default)]
pub struct Index {
    entries: Vec<Entry>,
    moves: Vec<MoveInfo>,
    results: Vec<Option<Outcome>>,
    plies: Vec<u32>,
    variants: Vec<Option<Variant>>,
    lines: Lines,
}

/// A move played from a position, with the games that played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeMove {
    /// As PDN 3.0 writes it at its shortest: start and end, or every square where another move
    /// of the tree has the same start and end.
    pub notation: String,
    /// The square it leaves.
    pub from: Square,
    /// The square it ends on.
    pub to: Square,
    /// The pieces it takes (a bit per square index, as [`Move::captured`]).
    pub captured: u128,
    /// Games that played it here.
    pub games: usize,
    /// Of them, won by the side that plays it.
    pub wins: usize,
    /// Drawn.
    pub draws: usize,
    /// Lost by the side that plays it.
    pub losses: usize,
    /// The first of them (0-based, in file order).
    pub first_game: usize,
}

impl TreeMove {
    /// The score of the side that plays the move, from 0 to 1 (a draw is half a win), over the
    /// games with a result; `None` when none has one.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let decided = self.wins + self.draws + self.losses;
        #[allow(clippy::cast_precision_loss)]
        (decided > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / decided as f64)
    }
}

/// The moves played from a position and how they scored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// Games that reach the position (each once, however often it comes back).
    pub games: usize,
    /// Of them, games whose mainline ends there.
    pub ended: usize,
    /// Won, drawn and lost for the side to move, over all the games that reach it.
    pub wins: usize,
    /// Drawn.
    pub draws: usize,
    /// Lost by the side to move.
    pub losses: usize,
    /// The moves, the most played first (then in the order of their first game).
    pub moves: Vec<TreeMove>,
}

/// A game that reaches a position, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The game, 0-based in file order.
    pub game: usize,
    /// The first ply after which it stands there (0: the start).
    pub ply: usize,
}

impl Index {
    /// Indexes `games` (each replayed).
    #[must_use]
    pub fn build(games: &[Game]) -> Index {
        let mut b = IndexBuilder::default();
        for g in games {
            b.add(g);
        }
        b.finish()
    }

    /// Games indexed (those that could not be replayed too, with no position).
    #[must_use]
    pub fn game_count(&self) -> usize {
        self.results.len()
    }

    /// Positions indexed: every ply of every mainline, and each start.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.entries.len()
    }

    /// Bytes the index holds (its tables, not counting the allocator's own).
    #[must_use]
    pub fn memory(&self) -> usize {
        use std::mem::size_of;
        self.entries.capacity() * size_of::<Entry>()
            + self.moves.capacity() * size_of::<MoveInfo>()
            + self
                .moves
                .iter()
                .map(|m| m.short.capacity() + m.full.capacity())
                .sum::<usize>()
            + self.results.capacity() * size_of::<Option<Outcome>>()
            + self.plies.capacity() * size_of::<u32>()
            + self.variants.capacity() * size_of::<Option<Variant>>()
            + self.lines.moves.capacity() * size_of::<u32>()
            + self.lines.first.capacity() * size_of::<u32>()
            + self.lines.setups.capacity() * size_of::<(u32, Position)>()
    }

    /// Game `game`'s result, read as the file writes results (`None`: unfinished or unknown).
    #[must_use]
    pub fn result(&self, game: usize) -> Option<Outcome> {
        self.results.get(game).copied().flatten()
    }

    /// The variant game `game` was replayed in (`None`: it could not be).
    #[must_use]
    pub fn variant(&self, game: usize) -> Option<Variant> {
        self.variants.get(game).copied().flatten()
    }

    /// The mainline plies of game `game` that could be replayed.
    #[must_use]
    pub fn plies(&self, game: usize) -> usize {
        self.plies.get(game).map_or(0, |&p| p as usize)
    }

    fn range(&self, key: u64) -> &[Entry] {
        let lo = self.entries.partition_point(|e| e.key < key);
        let hi = lo + self.entries[lo..].partition_point(|e| e.key == key);
        &self.entries[lo..hi]
    }

    /// The games that reach `pos` in `variant`, each once with its first ply there, in file
    /// order.
    #[must_use]
    pub fn find(&self, variant: Variant, pos: &Position) -> Vec<Hit> {
        self.find_key(key(variant, pos))
    }

    /// As [`Index::find`], by the position's [`key`].
    #[must_use]
    pub fn find_key(&self, key: u64) -> Vec<Hit> {
        let mut out: Vec<Hit> = Vec::new();
        // Sorted by game then ply: the first entry of each game is its first ply there.
        for e in self.range(key) {
            if out.last().is_none_or(|h| h.game != e.game as usize) {
                out.push(Hit {
                    game: e.game as usize,
                    ply: e.ply as usize,
                });
            }
        }
        out
    }

    /// The games in which the pieces on the board are `material` at some point (each game once,
    /// with its first ply so), in file order: a look at every position, no search by key.
    #[must_use]
    pub fn find_material(&self, material: Material) -> Vec<Hit> {
        let mut first = vec![u32::MAX; self.results.len()];
        for e in &self.entries {
            if material.matches(e.material) {
                if let Some(f) = first.get_mut(e.game as usize) {
                    *f = (*f).min(e.ply);
                }
            }
        }
        first
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p != u32::MAX)
            .map(|(game, &ply)| Hit {
                game,
                ply: ply as usize,
            })
            .collect()
    }

    /// The games of `variant` whose board [`holds`] `pattern` at some point (each game once, with
    /// its first ply so), in file order. Each game's positions are walked by playing its stored
    /// moves again (no move generation): a million plies in a few milliseconds.
    ///
    /// ```
    /// use pdn::explore::Index;
    /// use pdn::{Color, Position, Ruleset, Variant};
    /// let text = "[GameType \"21\"] 1. 11-15 23-19 *\n[GameType \"21\"] 1. 9-13 *";
    /// let index = Index::build(&pdn::read_file(text).games);
    /// let g = &Ruleset::of(Variant::English).unwrap().geometry;
    /// let pattern = Position::from_fen("W:W19:B15", g, Color::White).unwrap();
    /// let hits = index.find_pattern(Variant::English, &pattern);
    /// assert_eq!((hits.len(), hits[0].game, hits[0].ply), (1, 0, 2));
    /// ```
    #[must_use]
    pub fn find_pattern(&self, variant: Variant, pattern: &Position) -> Vec<Hit> {
        let mut out = Vec::new();
        let Some(standard) = standard_start(variant) else {
            return out;
        };
        for game in 0..self.game_count() {
            if self.variant(game) != Some(variant) {
                continue;
            }
            let start = self
                .lines
                .start(u32::try_from(game).unwrap_or(u32::MAX), standard);
            let first = self.lines.first[game] as usize;
            let ids = self
                .lines
                .moves
                .get(first..first + self.plies(game))
                .unwrap_or(&[]);
            let mut pos = start;
            let mut ply = 0;
            let found = loop {
                if holds(&pos, pattern) {
                    break true;
                }
                let Some(m) = ids.get(ply).and_then(|&id| self.moves.get(id as usize)) else {
                    break false;
                };
                pos = pos.apply_stored(m.from, m.to, m.captured, m.promotes);
                ply += 1;
            };
            if found {
                out.push(Hit { game, ply });
            }
        }
        out
    }

    /// The moves played from `pos` in `variant` (whichever way the games came to it), with their
    /// games and scores for the side to move.
    #[must_use]
    pub fn tree(&self, variant: Variant, pos: &Position) -> Tree {
        self.tree_key(key(variant, pos), pos.turn())
    }

    /// As [`Index::tree`], by the position's [`key`] and the side to move.
    #[must_use]
    pub fn tree_key(&self, key: u64, turn: Color) -> Tree {
        let mut tree = Tree::default();
        // Per move id: its row in `tree.moves`.
        let mut rows: Vec<(u32, usize)> = Vec::new();
        let range = self.range(key);
        let mut i = 0;
        while i < range.len() {
            let game = range[i].game;
            let mut j = i;
            while j < range.len() && range[j].game == game {
                j += 1;
            }
            let score = |o: Option<Outcome>| match o {
                Some(Outcome::Win(c)) if c == turn => (1, 0, 0),
                Some(Outcome::Win(_)) => (0, 0, 1),
                Some(Outcome::Draw) => (0, 1, 0),
                None => (0, 0, 0),
            };
            let (w, d, l) = score(self.result(game as usize));
            tree.games += 1;
            tree.wins += w;
            tree.draws += d;
            tree.losses += l;
            // The distinct moves this game played here (a position that comes back may see
            // another move).
            let mut seen: Vec<u32> = Vec::new();
            for e in &range[i..j] {
                if e.mv == NO_MOVE {
                    tree.ended += 1;
                    continue;
                }
                if seen.contains(&e.mv) {
                    continue;
                }
                seen.push(e.mv);
                let row = if let Some(&(_, r)) = rows.iter().find(|(m, _)| *m == e.mv) {
                    r
                } else {
                    let Some(m) = self.moves.get(e.mv as usize) else {
                        continue;
                    };
                    rows.push((e.mv, tree.moves.len()));
                    tree.moves.push(TreeMove {
                        notation: m.short.clone(),
                        from: m.from,
                        to: m.to,
                        captured: m.captured,
                        games: 0,
                        wins: 0,
                        draws: 0,
                        losses: 0,
                        first_game: game as usize,
                    });
                    tree.moves.len() - 1
                };
                let t = &mut tree.moves[row];
                t.games += 1;
                t.wins += w;
                t.draws += d;
                t.losses += l;
            }
            i = j;
        }
        // Captures that share start and end are written in full.
        for (m, r) in &rows {
            let t = &tree.moves[*r];
            let shared = tree
                .moves
                .iter()
                .any(|o| o.from == t.from && o.to == t.to && o.captured != t.captured);
            if shared {
                tree.moves[*r].notation = self.moves[*m as usize].full.clone();
            }
        }
        tree.moves
            .sort_by(|a, b| b.games.cmp(&a.games).then(a.first_game.cmp(&b.first_game)));
        tree
    }
}

/// Whether `pos` has every piece of `pattern` on its square (a man a man, a king a king); the
/// other squares may hold anything, and the side to move does not count.
///
/// ```
/// use pdn::{Color, Position, Ruleset, Variant};
/// let g = &Ruleset::of(Variant::English).unwrap().geometry;
/// let pattern = Position::from_fen("W:W14:BK1", g, Color::White).unwrap();
/// let pos = Position::from_fen("B:W14,30:BK1,5", g, Color::Black).unwrap();
/// assert!(pdn::explore::holds(&pos, &pattern));
/// let man_on_1 = Position::from_fen("B:W14:B1", g, Color::Black).unwrap();
/// assert!(!pdn::explore::holds(&man_on_1, &pattern));
/// ```
#[must_use]
pub fn holds(pos: &Position, pattern: &Position) -> bool {
    let kings = pattern.kings();
    let (w, b) = (pattern.pieces(Color::White), pattern.pieces(Color::Black));
    pos.pieces(Color::White) & w == w
        && pos.pieces(Color::Black) & b == b
        && pos.kings() & kings == kings
        && pos.kings() & (w | b) & !kings == 0
}

/// The first ply of the replayed mainline `r` after which its board [`holds`] `pattern` (0: the
/// start), if any.
#[must_use]
pub fn first_holding(r: &Replay, pattern: &Position) -> Option<usize> {
    let start = r.start?;
    if holds(&start, pattern) {
        return Some(0);
    }
    r.plies
        .iter()
        .position(|p| holds(&p.position, pattern))
        .map(|k| k + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Ruleset, read_file};

    fn start(v: Variant) -> Position {
        Ruleset::of(v).unwrap().start_position()
    }

    #[test]
    fn transpositions_meet_and_counts_are_per_game() {
        // Two move orders to the same position, and a third game elsewhere.
        let text = "[Result \"2-0\"] 1. 32-28 19-24 2. 31-27 20-25 2-0\n\
                    [Result \"0-2\"] 1. 31-27 20-25 2. 32-28 19-24 0-2\n\
                    [Result \"1-1\"] 1. 31-27 1-1";
        let file = read_file(text);
        let index = Index::build(&file.games);
        let rs = Ruleset::of(Variant::International).unwrap();
        let r = replay::replay(&file.games[0]);
        let after4 = r.plies[3].position;
        let hits = index.find(Variant::International, &after4);
        assert_eq!(hits, [Hit { game: 0, ply: 4 }, Hit { game: 1, ply: 4 }]);
        let t = index.tree(Variant::International, &after4);
        assert_eq!((t.games, t.ended, t.wins, t.losses), (2, 2, 1, 1));
        assert!(t.moves.is_empty());
        let root = index.tree(Variant::International, &rs.start_position());
        assert_eq!(root.games, 3);
        let rows: Vec<(&str, usize)> = root
            .moves
            .iter()
            .map(|m| (m.notation.as_str(), m.games))
            .collect();
        assert_eq!(rows, [("31-27", 2), ("32-28", 1)]);
        // 31-27: a loss (0-2) and a draw ("1-1"); 32-28: a win (2-0), for White to move.
        let m = &root.moves[0];
        assert_eq!((m.wins, m.draws, m.losses, m.first_game), (0, 1, 1, 1));
        assert_eq!(m.score(), Some(0.25));
        assert_eq!(root.moves[1].score(), Some(1.0));
        assert_eq!((root.wins, root.draws, root.losses), (1, 1, 1));
    }

    #[test]
    fn a_position_that_comes_back_counts_its_game_once() {
        let text = "[GameType \"21\"] [FEN \"B:WK30:BK1\"] 1. 1-5 30-26 2. 5-1 26-30 3. 1-6 *";
        let file = read_file(text);
        let index = Index::build(&file.games);
        let pos = Position::from_fen(
            "B:WK30:BK1",
            &Ruleset::of(Variant::English).unwrap().geometry,
            Color::Black,
        )
        .unwrap();
        let t = index.tree(Variant::English, &pos);
        assert_eq!(t.games, 1);
        let rows: Vec<(&str, usize)> = t
            .moves
            .iter()
            .map(|m| (m.notation.as_str(), m.games))
            .collect();
        assert_eq!(rows, [("1-5", 1), ("1-6", 1)]);
        assert_eq!(
            index.find(Variant::English, &pos),
            [Hit { game: 0, ply: 0 }]
        );
    }

    #[test]
    fn variants_never_meet_and_unplayable_games_have_no_positions() {
        let file = read_file(
            "[GameType \"25\"] 1. c3-d4 *\n[GameType \"21\"] 1. 11-15 *\n[GameType \"1\"] 1. e4 *",
        );
        let index = Index::build(&file.games);
        assert_eq!(index.game_count(), 3);
        assert_eq!(index.positions(), 4);
        assert_eq!(
            index.tree(Variant::Russian, &start(Variant::Russian)).games,
            1
        );
        assert_eq!(
            index.tree(Variant::English, &start(Variant::English)).games,
            1
        );
        assert_eq!(index.variant(2), None);
        assert!(
            index
                .find(Variant::International, &start(Variant::International))
                .is_empty()
        );
        assert!(index.memory() >= index.positions() * 24);
    }

    #[test]
    fn material_search_finds_each_game_once_at_its_first_ply() {
        // Game 0: White's man on 32 is taken at ply 4 (20 against 19 from then on... counted
        // below); game 1 never takes.
        let text = "1. 32-28 19-23 2. 28x19 14x23 *\n1. 32-28 17-21 *";
        let file = read_file(text);
        let index = Index::build(&file.games);
        let all = |w, b| Material {
            white_men: Some(w),
            white_kings: Some(0),
            black_men: Some(b),
            black_kings: Some(0),
        };
        assert_eq!(
            index.find_material(all(20, 20)),
            [Hit { game: 0, ply: 0 }, Hit { game: 1, ply: 0 }]
        );
        assert_eq!(index.find_material(all(20, 19)), [Hit { game: 0, ply: 3 }]);
        assert_eq!(index.find_material(all(19, 19)), [Hit { game: 0, ply: 4 }]);
        // A count left out matches any number.
        let any_black = Material {
            black_men: None,
            ..all(19, 0)
        };
        assert_eq!(index.find_material(any_black), [Hit { game: 0, ply: 4 }]);
        assert!(index.find_material(all(3, 1)).is_empty());
        assert_eq!(std::mem::size_of::<Entry>(), 24);
    }

    #[test]
    fn white_first_results_follow_the_file() {
        // English: Black moves first. Both games end with Black unable to move, and write
        // "1-0" for White's win (White's score first): the whole file reads so.
        let text = "[GameType \"21\"] [FEN \"W:W18:B14\"] 1. 18x9 1-0\n\
                    [GameType \"21\"] [FEN \"W:W19:B15\"] 1. 19x10 1-0\n\
                    [GameType \"21\"] [Result \"1-0\"] 1. 11-15 1-0";
        let file = read_file(text);
        let index = Index::build(&file.games);
        assert_eq!(index.result(0), Some(Outcome::Win(Color::White)));
        assert_eq!(index.result(2), Some(Outcome::Win(Color::White)));
    }
}
