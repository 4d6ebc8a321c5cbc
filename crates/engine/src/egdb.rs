//! An endgame database for the variants of boards of at most 50 squares (the 32-square ones,
//! International draughts): every position with few pieces, solved
//! exactly (won or lost in so many plies for the side to move, or drawn), built in memory
//! from the core's own moves.
//!
//! **What is stored.** Positions are grouped by *material signature* (white men, white kings,
//! black men, black kings); a signature's table holds one byte per position and side to move:
//! 0 a draw (or no position: two men on one square), an odd byte `b` a loss in `b − 1` plies,
//! an even byte `b` a win in `b − 1` plies. The distances count every ply to the position where
//! the loser cannot move (the variant's usual goal), compulsory captures included; the draw
//! rules the search applies (English 40-move rule, the few-pieces rules) are not in the tables
//! (the search's probe uses a value only where the rules cannot end the game first).
//!
//! **The index** is dense by combinatorial ranking: the white men's squares among the squares a
//! white man may stand on (not its promotion row), the black men's likewise (the two ranked
//! independently, so a few indices put two men on one square and are unused), then the white
//! kings among the squares the men leave free and the black kings among those left.
//!
//! **Solving.** Signatures are solved in an order where every move leads to a signature
//! already solved or to the same one (fewer pieces after a capture; fewer men after a
//! crowning). Within a signature each position's moves are generated once by the core; a move
//! to another signature reads its value at once, a move within the signature becomes an edge.
//! Then a retrograde pass over the reversed edges, in increasing distance (a bucket per ply):
//! a position one of whose moves leads to a loss for the other side is won in one more ply
//! (the fewest), one all of whose moves lead to wins for the other side is lost in one more
//! ply than the longest of them; what is never reached is a draw.

use std::sync::{Arc, Mutex};

use pdn::position::{CompactMove, Duplicates};
use pdn::{Color, Piece, Position, Role, Ruleset, Square, Variant};

use crate::rules::Goal;

/// The first bytes of [`Egdb::to_bytes`].
const MAGIC: &[u8; 8] = b"PDN-EGDB";

/// The most pieces a table here may hold (the index's binomials are sized for it).
pub const MAX_PIECES: usize = 6;
/// The most squares of a board the database is for (International draughts' 50).
const MAX_SQUARES: usize = 50;

/// Binomial coefficients C(n, k) for n ≤ [`MAX_SQUARES`], k ≤ [`MAX_PIECES`].
const BINOM: [[u64; MAX_PIECES + 1]; MAX_SQUARES + 1] = {
    let mut t = [[0u64; MAX_PIECES + 1]; MAX_SQUARES + 1];
    let mut n = 0;
    while n <= MAX_SQUARES {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Pieces of each kind: white men, white kings, black men, black kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    /// Men per side (0 White, 1 Black).
    pub men: [u8; 2],
    /// Kings per side.
    pub kings: [u8; 2],
}

impl Signature {
    /// Counts the pieces of `pos`.
    #[must_use]
    pub fn of(pos: &Position) -> Signature {
        let count = |c: Color| {
            let kings = pos.count_kings(c);
            ((pos.count(c) - kings) as u8, kings as u8)
        };
        let (wm, wk) = count(Color::White);
        let (bm, bk) = count(Color::Black);
        Signature {
            men: [wm, bm],
            kings: [wk, bk],
        }
    }

    /// All its pieces.
    #[must_use]
    pub fn total(&self) -> usize {
        usize::from(self.men[0] + self.men[1] + self.kings[0] + self.kings[1])
    }

    fn slot(&self) -> usize {
        let d = MAX_PIECES + 1;
        ((usize::from(self.men[0]) * d + usize::from(self.kings[0])) * d + usize::from(self.men[1]))
            * d
            + usize::from(self.kings[1])
    }
}

/// A position's value in the database, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Won in this many plies (odd).
    Win(u32),
    /// Lost in this many plies (even; 0: no move now).
    Loss(u32),
    /// Drawn with best play (no draw rules applied).
    Draw,
}

impl Value {
    fn of_byte(b: u8) -> Value {
        match b {
            0 => Value::Draw,
            b if b % 2 == 1 => Value::Loss(u32::from(b - 1)),
            b => Value::Win(u32::from(b - 1)),
        }
    }
}

/// One signature's values: a byte per position and side to move.
struct Table {
    /// Positions (of one side to move): sizes of the white men's, black men's, white kings'
    /// and black kings' ranks.
    sizes: [u64; 4],
    values: Vec<u8>,
}

impl Table {
    fn positions(&self) -> u64 {
        self.sizes.iter().product()
    }
}

/// How long building took and what it holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Signatures solved.
    pub signatures: usize,
    /// Table entries (positions × sides to move, the unused indices included): the bytes held.
    pub entries: u64,
    /// Wins, losses and draws among the positions that exist.
    pub wins: u64,
    /// Losses.
    pub losses: u64,
    /// Draws.
    pub draws: u64,
    /// The longest win or loss found, in plies.
    pub longest: u32,
    /// Positions whose distance did not fit a byte (stored as draws; none expected).
    pub overflow: u64,
}

/// The solved tables of one rule set, for every signature of up to `pieces` pieces with a
/// piece on each side.
pub struct Egdb {
    rs: Ruleset,
    pieces: usize,
    /// By [`Signature::slot`]: the table's number in `tables`.
    slots: Vec<u32>,
    tables: Vec<Table>,
    /// The board's squares in the order of their bits in a position's sets
    /// ([`pdn::Geometry::bit_of`]): the square at each place, and each bit's place.
    square: Vec<Square>,
    place: [u8; 64],
    /// Per colour: the places its men may stand on, in order, and each bit's rank among them
    /// (`u8::MAX`: none).
    men_squares: [Vec<u8>; 2],
    men_place: [[u8; 64]; 2],
    /// Each bit's square turned half round (the board seen from the other side).
    mirror: [u8; 64],
    /// The bits of the board's squares.
    board: u64,
    stats: Stats,
}

/// Whether the database can be built for `rs` and `goal`: a board of at most 50 squares (the
/// 32-square variants, International), the usual goal, no counted king moves (Frisian's).
#[must_use]
pub fn supports(rs: &Ruleset, goal: Goal) -> bool {
    rs.geometry.len() <= MAX_SQUARES && goal == Goal::Standard && rs.rules.max_king_moves == 0
}

/// The database's size an engine of `variant` uses by default (0: none): 4 pieces for English
/// checkers and Russian draughts, 3 for International draughts (its four pieces take 21 s of
/// CPU and 500 MB to build, 43 MB to hold: beyond a build on first need and the browser
/// worker's 64 MB; `pdn egdb --pieces 4 --gametype 20` writes them for `PDN_EGDB`). `make
/// build` writes these files for the page.
#[must_use]
pub fn default_pieces(variant: Variant) -> usize {
    match variant {
        Variant::English | Variant::Russian => 4,
        Variant::International => 3,
        _ => 0,
    }
}

impl Egdb {
    /// Builds the tables of every signature of at most `pieces` pieces (at most
    /// [`MAX_PIECES`]; each side at least one piece) under `rs`. `None` when `rs` is not a rule
    /// set it is for ([`supports`]).
    #[must_use]
    pub fn build(rs: &Ruleset, pieces: usize) -> Option<Egdb> {
        let (mut db, sigs) = Egdb::empty(rs, pieces)?;
        for sig in sigs {
            db.solve(sig);
        }
        Some(db)
    }

    /// Builds the tables of the signatures without men only (kings against kings) of at most
    /// `pieces` pieces: they form a whole, as a king stays a king and a capture takes one, so
    /// their values are the same as in [`Egdb::build`]'s tables, at a fraction of the cost
    /// (International, four pieces: 3.3 million of 43 million entries). A position with a man
    /// is not answered, and the tables are not for a file ([`Egdb::from_bytes`] reads every
    /// signature's).
    #[must_use]
    pub fn build_kings(rs: &Ruleset, pieces: usize) -> Option<Egdb> {
        let (mut db, sigs) = Egdb::empty(rs, pieces)?;
        for sig in sigs.into_iter().filter(|s| s.men == [0, 0]) {
            db.solve(sig);
        }
        Some(db)
    }

    /// The tables as bytes, for a file: a header (`PDN-EGDB`, the GameType number, the pieces)
    /// and every table's bytes in the order they are built.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.stats.entries as usize);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.rs.variant.info().gametype.to_le_bytes());
        out.push(self.pieces as u8);
        for t in &self.tables {
            out.extend_from_slice(&t.values);
        }
        out
    }

    /// Tables read back from [`Egdb::to_bytes`]' bytes, for `rs`. `None` when the bytes are
    /// not such tables for `rs` (another variant, cut short, too long). Their [`Stats`] count
    /// the signatures and entries only.
    #[must_use]
    pub fn from_bytes(rs: &Ruleset, bytes: &[u8]) -> Option<Egdb> {
        if gametype_of(bytes)? != rs.variant.info().gametype {
            return None;
        }
        let (&pieces, mut rest) = bytes.get(MAGIC.len() + 4..)?.split_first()?;
        let (mut db, sigs) = Egdb::empty(rs, usize::from(pieces))?;
        for sig in sigs {
            if db.slots[sig.slot()] != u32::MAX {
                continue;
            }
            for s in db.pair(sig) {
                let sizes = db.sizes(s);
                let n = sizes.iter().product::<u64>() as usize;
                let (values, tail) = rest.split_at_checked(n)?;
                rest = tail;
                db.slots[s.slot()] = db.tables.len() as u32;
                db.tables.push(Table {
                    sizes,
                    values: values.to_vec(),
                });
                db.stats.signatures += 1;
                db.stats.entries += n as u64;
            }
        }
        rest.is_empty().then_some(db)
    }

    /// The signature and, when it differs, the same with the colours swapped.
    fn pair(&self, sig: Signature) -> Vec<Signature> {
        let swapped = Signature {
            men: [sig.men[1], sig.men[0]],
            kings: [sig.kings[1], sig.kings[0]],
        };
        if swapped == sig {
            vec![sig]
        } else {
            vec![sig, swapped]
        }
    }

    /// The sizes of the four ranks of `sig`'s index.
    fn sizes(&self, sig: Signature) -> [u64; 4] {
        let men = usize::from(sig.men[0] + sig.men[1]);
        [
            BINOM[self.men_squares[0].len()][usize::from(sig.men[0])],
            BINOM[self.men_squares[1].len()][usize::from(sig.men[1])],
            BINOM[self.square.len() - men][usize::from(sig.kings[0])],
            BINOM[self.square.len() - men - usize::from(sig.kings[0])][usize::from(sig.kings[1])],
        ]
    }

    /// No table yet, and the signatures in the order they are solved.
    fn empty(rs: &Ruleset, pieces: usize) -> Option<(Egdb, Vec<Signature>)> {
        if !supports(rs, Goal::Standard) || pieces > MAX_PIECES {
            return None;
        }
        let g = &rs.geometry;
        let mut by_bit: Vec<Square> = (0..g.len() as u8).map(Square).collect();
        by_bit.sort_by_key(|&sq| g.bit_of(sq));
        if by_bit.iter().any(|&sq| g.bit_of(sq) >= 64) {
            return None;
        }
        let mut square = vec![Square(0); by_bit.len()];
        let mut place = [u8::MAX; 64];
        let mut men_squares = [Vec::new(), Vec::new()];
        let mut men_place = [[u8::MAX; 64]; 2];
        let (w, h) = g
            .squares()
            .iter()
            .fold((0, 0), |(w, h), i| (w.max(i.file + 1), h.max(i.rank + 1)));
        let mut mirror = [0u8; 64];
        for &sq in &by_bit {
            let i = g.info(sq);
            let turned = g.at(w - 1 - i.file, h - 1 - i.rank)?;
            mirror[usize::from(g.bit_of(sq))] = g.bit_of(turned);
        }
        for (j, &sq) in by_bit.iter().enumerate() {
            square[j] = sq;
            let bit = usize::from(g.bit_of(sq));
            place[bit] = j as u8;
            for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
                if !g.is_promotion_row(sq, color) {
                    men_place[c][bit] = men_squares[c].len() as u8;
                    men_squares[c].push(j as u8);
                }
            }
        }
        let d = MAX_PIECES + 1;
        let db = Egdb {
            rs: rs.clone(),
            pieces,
            slots: vec![u32::MAX; d * d * d * d],
            tables: Vec::new(),
            square,
            place,
            men_squares,
            men_place,
            mirror,
            board: by_bit.iter().fold(0, |b, &sq| b | 1 << g.bit_of(sq)),
            stats: Stats::default(),
        };
        // The order: fewer pieces first, then fewer men (a crowning leaves one man fewer).
        let mut sigs = Vec::new();
        for total in 2..=pieces {
            for men in 0..=total {
                for wm in 0..=men {
                    let bm = men - wm;
                    for wk in 0..=(total - men) {
                        let bk = total - men - wk;
                        if wm + wk == 0 || bm + bk == 0 {
                            continue;
                        }
                        sigs.push(Signature {
                            men: [wm as u8, bm as u8],
                            kings: [wk as u8, bk as u8],
                        });
                    }
                }
            }
        }
        Some((db, sigs))
    }

    /// The rule set the tables are for.
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        &self.rs
    }

    /// The most pieces a position it answers may have.
    #[must_use]
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// What the tables hold.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The value of `pos` for the side to move, when it has at most [`Egdb::pieces`] pieces
    /// and a piece on each side (the game is over otherwise: `Loss(0)` when the side to move
    /// has none).
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if (pos.count(Color::White) + pos.count(Color::Black)) as usize > self.pieces {
            return None;
        }
        self.byte(pos).map(Value::of_byte)
    }

    fn byte(&self, pos: &Position) -> Option<u8> {
        if pos.count(pos.turn()) == 0 {
            return Some(1);
        }
        let sets = self.sets(pos);
        // (A position of another board: not ours.)
        if (sets[0] | sets[1]) & !self.board != 0 {
            return None;
        }
        self.byte_of(sets)
    }

    /// The byte of the position with White to move whose white pieces, black pieces and
    /// kings are `sets` (bits of the board's order).
    fn byte_of(&self, sets: [u64; 3]) -> Option<u8> {
        let sig = signature(sets);
        if sig.total() > self.pieces
            || sig.men[0] + sig.kings[0] == 0
            || sig.men[1] + sig.kings[1] == 0
        {
            return None;
        }
        let t = self.slots[sig.slot()];
        if t == u32::MAX {
            return None;
        }
        let table = &self.tables[t as usize];
        Some(table.values[self.index(table, sets)? as usize])
    }

    /// The sets of `pos` seen by the side to move: as they are with White to move, turned
    /// half round with the colours swapped with Black to move (the tables hold White to
    /// move only: the rules are the same seen from either side).
    fn sets(&self, pos: &Position) -> [u64; 3] {
        let [white, black, kings] = pos.sets_in(&self.rs.geometry);
        let sets = [white as u64, black as u64, kings as u64];
        if pos.turn() == Color::White {
            sets
        } else {
            self.flip(sets)
        }
    }

    /// The colours swapped and the board turned half round.
    fn flip(&self, [white, black, kings]: [u64; 3]) -> [u64; 3] {
        let turn = |set: u64| {
            let mut out = 0u64;
            let mut bits = set;
            while bits != 0 {
                out |= 1 << self.mirror[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            out
        };
        [turn(black), turn(white), turn(kings)]
    }

    /// The best line from `pos` by the tables: the winner's quickest win, the loser's longest
    /// loss; empty for a draw or a position the tables do not hold.
    #[must_use]
    pub fn line(&self, pos: &Position) -> Vec<CompactMove> {
        let mut out = Vec::new();
        let mut p = *pos;
        let mut moves = Vec::new();
        while let Some(Value::Win(n) | Value::Loss(n)) = self.probe(&p) {
            if n == 0 {
                break;
            }
            p.generate_compact(&self.rs, Duplicates::Drop, &mut moves);
            // The move whose child is one ply nearer the end, the other side's way round.
            let next = moves.iter().find(|m| {
                let child = p.play_compact(m);
                match self.probe(&child) {
                    Some(Value::Loss(k)) => k + 1 == n,
                    Some(Value::Win(k)) => k + 1 == n,
                    _ => false,
                }
            });
            let Some(m) = next.copied() else { break };
            out.push(m);
            p = p.play_compact(&m);
        }
        out
    }

    /// The rank of the position `sets` (White to move) in its table; `None` when a man stands
    /// where none may.
    fn index(&self, table: &Table, [white, black, kings]: [u64; 3]) -> Option<u64> {
        let wm = white & !kings;
        let bm = black & !kings;
        let rank_men = |set: u64, c: usize| -> Option<u64> {
            let mut r = 0;
            let mut bits = set;
            let mut k = 1;
            while bits != 0 {
                let place = self.men_place[c][bits.trailing_zeros() as usize];
                bits &= bits - 1;
                if place == u8::MAX {
                    return None;
                }
                r += BINOM[usize::from(place)][k];
                k += 1;
            }
            Some(r)
        };
        let rank_free = |set: u64, taken: u64| -> u64 {
            let mut r = 0;
            let mut bits = set;
            let mut k = 1;
            while bits != 0 {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                let below = (taken & ((1u64 << bit) - 1)).count_ones();
                r += BINOM[(u32::from(self.place[bit as usize]) - below) as usize][k];
                k += 1;
            }
            r
        };
        let a = rank_men(wm, 0)?;
        let b = rank_men(bm, 1)?;
        let men = wm | bm;
        let c = rank_free(white & kings, men);
        let d = rank_free(black & kings, men | (white & kings));
        let s = table.sizes;
        Some(((a * s[1] + b) * s[2] + c) * s[3] + d)
    }

    /// The position at rank `i` of `sig` with `turn` to move; `None` for an unused rank.
    fn unrank(&self, sig: Signature, sizes: [u64; 4], i: u64, turn: Color) -> Option<Position> {
        let d = i % sizes[3];
        let rest = i / sizes[3];
        let c = rest % sizes[2];
        let rest = rest / sizes[2];
        let b = rest % sizes[1];
        let a = rest / sizes[1];
        let mut pieces = [(
            Square(0),
            Piece {
                color: Color::White,
                role: Role::Man,
            },
        ); MAX_PIECES];
        let mut n = 0;
        // Board squares (their places in the bit order) taken so far.
        let mut taken = 0u64;
        for (c, color, r) in [(0, Color::White, a), (1, Color::Black, b)] {
            let k = usize::from(sig.men[c]);
            for &place in &unrank_combination(r, k)[..k] {
                let j = self.men_squares[c][place];
                if taken >> j & 1 == 1 {
                    return None;
                }
                taken |= 1 << j;
                pieces[n] = (
                    self.square[usize::from(j)],
                    Piece {
                        color,
                        role: Role::Man,
                    },
                );
                n += 1;
            }
        }
        for (c, color, r) in [(0, Color::White, c), (1, Color::Black, d)] {
            let k = usize::from(sig.kings[c]);
            let mut now = taken;
            for &place in &unrank_combination(r, k)[..k] {
                // The place-th free square.
                let mut left = place;
                let mut j = 0;
                loop {
                    if taken >> j & 1 == 0 {
                        if left == 0 {
                            break;
                        }
                        left -= 1;
                    }
                    j += 1;
                }
                now |= 1 << j;
                pieces[n] = (
                    self.square[j],
                    Piece {
                        color,
                        role: Role::King,
                    },
                );
                n += 1;
            }
            taken = now;
        }
        Position::from_pieces(&self.rs.geometry, turn, &pieces[..n])
    }

    /// Solves `sig` and the same with the colours swapped (a Black-to-move position of one
    /// is a White-to-move position of the other): every signature their moves lead to is
    /// solved already.
    fn solve(&mut self, sig: Signature) {
        if self.slots[sig.slot()] != u32::MAX {
            return;
        }
        let pair = self.pair(sig);
        let parts: Vec<Table> = pair
            .iter()
            .map(|&s| Table {
                sizes: self.sizes(s),
                values: Vec::new(),
            })
            .collect();
        let sigs = [sig, pair[pair.len() - 1]];
        // Entries: the first part's positions, then the second's (White to move in each).
        let first = parts[0].positions() as usize;
        let n = parts.iter().map(|t| t.positions() as usize).sum::<usize>();
        // Per entry: its moves within the two signatures (edges), how many moves are not yet
        // known to lose, and the longest loss among those known.
        let mut edge_start: Vec<u32> = Vec::with_capacity(n + 1);
        let mut edges: Vec<u32> = Vec::new();
        let mut open = vec![0u8; n];
        let mut longest = vec![0u8; n];
        let mut exists = vec![false; n];
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); 256];
        let mut moves = Vec::with_capacity(32);
        for e in 0..n {
            edge_start.push(edges.len() as u32);
            let (part, i) = if e < first { (0, e) } else { (1, e - first) };
            let Some(pos) = self.unrank(sigs[part], parts[part].sizes, i as u64, Color::White)
            else {
                continue;
            };
            exists[e] = true;
            pos.generate_compact(&self.rs, Duplicates::Drop, &mut moves);
            let mut win = u32::MAX;
            let mut count = 0u32;
            let mut max_loss = 0u32;
            for m in &moves {
                let child = pos.play_compact(m);
                // Black to move there: seen from Black's side.
                let sets = self.sets(&child);
                let csig = signature(sets);
                let inside = if csig == sigs[0] {
                    Some(0)
                } else if csig == sigs[1] && parts.len() == 2 {
                    Some(first)
                } else {
                    None
                };
                if let Some(offset) = inside {
                    let part = usize::from(offset != 0);
                    let Some(ci) = self.index(&parts[part], sets) else {
                        continue;
                    };
                    edges.push((offset + ci as usize) as u32);
                    count += 1;
                    continue;
                }
                let byte = if child.count(Color::Black) == 0 {
                    Some(1)
                } else {
                    self.byte_of(sets)
                };
                match byte.map_or(Value::Draw, Value::of_byte) {
                    // The other side loses in k: a win in k + 1 (and never a loss: the
                    // move stays counted as not losing).
                    Value::Loss(k) => {
                        win = win.min(k + 1);
                        count += 1;
                    }
                    Value::Win(k) => max_loss = max_loss.max(k + 1),
                    Value::Draw => count += 1,
                }
            }
            if win != u32::MAX {
                push(&mut buckets, win, e);
            } else if count == 0 {
                push(&mut buckets, max_loss, e);
            }
            open[e] = count.min(255) as u8;
            longest[e] = max_loss.min(255) as u8;
        }
        edge_start.push(edges.len() as u32);
        // The reversed edges.
        let mut pred_start = vec![0u32; n + 1];
        for &t in &edges {
            pred_start[t as usize + 1] += 1;
        }
        for i in 0..n {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut preds = vec![0u32; edges.len()];
        for from in 0..n {
            for &t in &edges[edge_start[from] as usize..edge_start[from + 1] as usize] {
                preds[fill[t as usize] as usize] = from as u32;
                fill[t as usize] += 1;
            }
        }
        drop(edges);
        drop(edge_start);
        let mut values = vec![0u8; n];
        let mut stats = self.stats;
        for dist in 0..256usize {
            let bucket = std::mem::take(&mut buckets[dist]);
            for &e in &bucket {
                let e = e as usize;
                if values[e] != 0 {
                    continue;
                }
                if dist >= 255 {
                    stats.overflow += 1;
                    continue;
                }
                values[e] = dist as u8 + 1;
                stats.longest = stats.longest.max(dist as u32);
                for &q in &preds[pred_start[e] as usize..pred_start[e + 1] as usize] {
                    let q = q as usize;
                    if values[q] != 0 {
                        continue;
                    }
                    if dist % 2 == 0 {
                        // `e` is lost for its side to move: `q` wins in one more ply.
                        push(&mut buckets, dist as u32 + 1, q);
                    } else {
                        longest[q] = longest[q].max((dist + 1).min(255) as u8);
                        open[q] -= 1;
                        if open[q] == 0 {
                            push(&mut buckets, u32::from(longest[q]), q);
                        }
                    }
                }
            }
        }
        for e in 0..n {
            if exists[e] {
                // Each entry stands for two positions: itself with White to move and, turned
                // half round, the swapped signature's with Black to move.
                let times = 2;
                match Value::of_byte(values[e]) {
                    Value::Win(_) => stats.wins += times,
                    Value::Loss(_) => stats.losses += times,
                    Value::Draw => stats.draws += times,
                }
            }
        }
        stats.entries += n as u64;
        let mut rest = values;
        let tail = rest.split_off(first);
        for (k, mut part) in parts.into_iter().enumerate() {
            part.values = if k == 0 {
                std::mem::take(&mut rest)
            } else {
                tail.clone()
            };
            stats.signatures += 1;
            self.slots[sigs[k].slot()] = self.tables.len() as u32;
            self.tables.push(part);
        }
        self.stats = stats;
    }
}

/// The pieces of the position `sets` (White's, Black's, the kings).
fn signature([white, black, kings]: [u64; 3]) -> Signature {
    Signature {
        men: [
            (white & !kings).count_ones() as u8,
            (black & !kings).count_ones() as u8,
        ],
        kings: [
            (white & kings).count_ones() as u8,
            (black & kings).count_ones() as u8,
        ],
    }
}

fn push(buckets: &mut [Vec<u32>], dist: u32, e: usize) {
    if let Some(b) = buckets.get_mut(dist as usize) {
        b.push(e as u32);
    }
}

/// The `k` places (increasing) of the combination ranked `r` (combinatorial number system:
/// r = Σ C(place_i, i + 1)).
fn unrank_combination(mut r: u64, k: usize) -> [usize; MAX_PIECES] {
    let mut out = [0; MAX_PIECES];
    for i in (1..=k).rev() {
        let mut c = i - 1;
        while c < MAX_SQUARES && BINOM[c + 1][i] <= r {
            c += 1;
        }
        r -= BINOM[c][i];
        out[i - 1] = c;
    }
    out
}

/// Databases built or installed so far in this process (one for all engines): the variant,
/// the pieces, whether installed, the tables.
type Shared = Vec<(Variant, usize, bool, Arc<Egdb>)>;
static SHARED: Mutex<Shared> = Mutex::new(Vec::new());

/// Makes `db` the database every engine of the process uses for its variant (one read from a
/// file, say), whatever its pieces, in place of any built or installed before.
pub fn install(db: Egdb) {
    let mut all = SHARED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let variant = db.rs.variant;
    all.retain(|(v, ..)| *v != variant);
    all.push((variant, db.pieces, true, Arc::new(db)));
}

/// The database [`install`]ed for `rs` (read from a file), if any: never built here.
#[must_use]
pub fn installed(rs: &Ruleset, goal: Goal) -> Option<Arc<Egdb>> {
    if !supports(rs, goal) {
        return None;
    }
    let all = SHARED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    all.iter()
        .find(|(v, _, installed, _)| *v == rs.variant && *installed)
        .map(|(.., db)| Arc::clone(db))
}

/// The GameType number a database file's bytes ([`Egdb::to_bytes`]) are for, read from their
/// header; `None` when they do not start as such a file does.
#[must_use]
pub fn gametype_of(bytes: &[u8]) -> Option<u32> {
    let rest = bytes.strip_prefix(MAGIC)?;
    Some(u32::from_le_bytes(rest.get(..4)?.try_into().ok()?))
}

/// The database of `rs` with up to `pieces` pieces (or the one [`install`]ed for it), built on
/// the first call with `build` (about 2 s of CPU for four pieces) and shared by every engine of
/// the process afterwards; `None` where it cannot be built ([`supports`]) or, without `build`,
/// is not there yet.
#[must_use]
pub fn shared(rs: &Ruleset, goal: Goal, pieces: usize, build: bool) -> Option<Arc<Egdb>> {
    if !supports(rs, goal) {
        return None;
    }
    let mut all = SHARED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((.., db)) = all
        .iter()
        .find(|(v, p, installed, _)| *v == rs.variant && (*installed || *p >= pieces))
    {
        return Some(Arc::clone(db));
    }
    if !build {
        return None;
    }
    let db = Arc::new(Egdb::build(rs, pieces)?);
    all.push((rs.variant, pieces, false, Arc::clone(&db)));
    Some(db)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_gives_back_its_position() {
        for v in [Variant::English, Variant::Italian, Variant::International] {
            let rs = Ruleset::of(v).unwrap();
            let db = Egdb::build(&rs, 3).unwrap();
            let mut used = 0;
            for sig_slot in 0..db.slots.len() {
                let t = db.slots[sig_slot];
                if t == u32::MAX {
                    continue;
                }
                let table = &db.tables[t as usize];
                let d = MAX_PIECES + 1;
                let sig = Signature {
                    men: [(sig_slot / d / d / d) as u8, (sig_slot / d % d) as u8],
                    kings: [(sig_slot / d / d % d) as u8, (sig_slot % d) as u8],
                };
                for i in 0..table.positions() {
                    let Some(pos) = db.unrank(sig, table.sizes, i, Color::White) else {
                        continue;
                    };
                    used += 1;
                    assert_eq!(Signature::of(&pos), sig);
                    assert_eq!(db.index(table, db.sets(&pos)), Some(i), "{v:?} {sig:?}");
                    // Turned half round with the colours swapped: the same entry.
                    let g = &rs.geometry;
                    let turned =
                        Position::from_fen(&flip_fen(&pos.to_fen(g), g), g, Color::White).unwrap();
                    assert_eq!(db.sets(&turned), db.sets(&pos), "{v:?}");
                }
            }
            assert_eq!(
                used * 2,
                db.stats().wins + db.stats().losses + db.stats().draws
            );
        }
    }

    #[test]
    fn the_bytes_read_back_to_the_same_tables_and_nothing_else_is_read() {
        let rs = Ruleset::of(Variant::English).unwrap();
        let db = Egdb::build(&rs, 3).unwrap();
        let bytes = db.to_bytes();
        let back = Egdb::from_bytes(&rs, &bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.slots, db.slots);
        let g = &rs.geometry;
        for fen in ["W:W20:BK28", "B:WK1,K9:BK6", "W:W6,18:B1"] {
            let pos = Position::from_fen(fen, g, Color::White).unwrap();
            assert_eq!(back.probe(&pos), db.probe(&pos), "{fen}");
        }
        // Cut short, one byte too many, another variant's: none.
        assert!(Egdb::from_bytes(&rs, &bytes[..bytes.len() - 1]).is_none());
        assert!(Egdb::from_bytes(&rs, &[&bytes[..], &[0]].concat()).is_none());
        assert!(Egdb::from_bytes(&Ruleset::of(Variant::Russian).unwrap(), &bytes).is_none());
        assert!(Egdb::from_bytes(&rs, b"PDN-EGDB").is_none());
        assert!(Egdb::from_bytes(&rs, b"").is_none());
        // A position of another board is not answered (and does not panic).
        let intl = Ruleset::of(Variant::International).unwrap();
        let far = Position::from_fen("W:W46:BK5", &intl.geometry, Color::White).unwrap();
        assert_eq!(db.probe(&far), None);
    }

    /// The FEN of the position seen from the other side: colours swapped, squares turned.
    fn flip_fen(fen: &str, g: &pdn::Geometry) -> String {
        let (w, h) = g
            .squares()
            .iter()
            .fold((0, 0), |(w, h), i| (w.max(i.file + 1), h.max(i.rank + 1)));
        let turn = |label: &str| {
            let (king, name) = label.strip_prefix('K').map_or(("", label), |n| ("K", n));
            let i = g.info(g.parse_square(name).unwrap());
            let sq = g.at(w - 1 - i.file, h - 1 - i.rank).unwrap();
            format!("{king}{}", g.label(sq))
        };
        let mut parts = fen.split(':');
        let side = if parts.next() == Some("W") { "B" } else { "W" };
        let mut white = String::new();
        let mut black = String::new();
        for p in parts {
            let (colour, list) = p.split_at(1);
            let turned: Vec<String> = list
                .split(',')
                .filter(|l| !l.is_empty())
                .map(turn)
                .collect();
            if colour == "W" {
                black = turned.join(",");
            } else {
                white = turned.join(",");
            }
        }
        format!("{side}:W{white}:B{black}")
    }
}
