//! Property test: every legal capture of random positions of every variant, written in each
//! form a player may write it, is read back as that capture.
//!
//! The forms: start and end (`28x19`); the PDN 3.0 squares of every route (turns and the squares
//! just behind captured pieces, [`Move::pdn_squares`]); every landing square of every route,
//! each landing square a flying king may choose included ([`Duplicates::EveryLanding`]), which
//! also writes a loop in each direction. When other legal moves share a written form, the
//! reading must be one of them and be flagged ambiguous.
//!
//! Moves in Russian short notation (`ed4`) on algebraic boards are checked the same way.
//!
//! 200 cases per run; `PROPTEST_CASES=5000 cargo test --release --test captures` for more.

use std::collections::{BTreeMap, BTreeSet};

use pdn::position::{Duplicates, Move, labels_joined};
use pdn::{Color, PdnMove, Position, Ruleset, Variant};
use proptest::prelude::*;

/// A move's identity: start, end and captured pieces (what decides the position after it).
type Class = (u8, u8, u128);

fn class(m: &Move) -> Class {
    (m.from.0, m.to.0, m.captured)
}

/// A small deterministic generator (splitmix64), so that a failing seed replays.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The positions of a game of up to `plies` random legal moves from the start.
fn played(rs: &Ruleset, rng: &mut Rng, plies: usize) -> Vec<Position> {
    let mut pos = rs.start_position();
    let mut out = vec![pos];
    for _ in 0..plies {
        let moves = pos.legal_moves(rs);
        if moves.is_empty() {
            break;
        }
        pos = pos.play(&moves[rng.below(moves.len())]);
        out.push(pos);
    }
    out
}

/// Random pieces on the board: men never on the row where they would be crowned.
fn placed(rs: &Ruleset, rng: &mut Rng) -> Position {
    let g = &rs.geometry;
    let n = g.len();
    let mut sides: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let pieces = 2 + rng.below(14);
    let mut used = BTreeSet::new();
    for k in 0..pieces {
        let sq = pdn::geometry::Square(rng.below(n) as u8);
        if !used.insert(sq.0) {
            continue;
        }
        let color = if k % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let king = rng.below(4) == 0 || g.is_promotion_row(sq, color);
        let label = g.label(sq);
        sides[color as usize].push(if king {
            format!("K{label}")
        } else {
            label.to_string()
        });
    }
    let turn = if rng.below(2) == 0 { 'W' } else { 'B' };
    let fen = format!("{turn}:W{}:B{}", sides[0].join(","), sides[1].join(","));
    Position::from_fen(&fen, g, Color::White).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every written form of every legal capture in `pos`, with the moves each form may stand for.
fn written_forms(rs: &Ruleset, pos: &Position) -> BTreeMap<Vec<String>, BTreeSet<Class>> {
    let g = &rs.geometry;
    let mut forms: BTreeMap<Vec<String>, BTreeSet<Class>> = BTreeMap::new();
    let legal = pos.legal_moves(rs);
    let mut add = |squares: &[pdn::geometry::Square], c: Class| {
        let labels = squares.iter().map(|&s| g.label(s).to_string()).collect();
        forms.entry(labels).or_default().insert(c);
    };
    for m in legal.iter().filter(|m| m.is_capture()) {
        add(&[m.from, m.to], class(m));
    }
    let mut routes = Vec::new();
    for dup in [Duplicates::Keep, Duplicates::EveryLanding] {
        pos.generate(rs, dup, &mut routes);
        for r in routes.iter().filter(|m| m.is_capture()) {
            assert!(
                legal.iter().any(|m| class(m) == class(r)),
                "a route with no legal move: {}",
                r.long_notation(g)
            );
            add(&r.pdn_squares(g), class(r));
            add(&r.path(), class(r));
        }
    }
    forms
}

/// Reads every form back; returns how many forms were checked.
fn check(rs: &Ruleset, pos: &Position) -> usize {
    let g = &rs.geometry;
    let forms = written_forms(rs, pos);
    for (squares, classes) in &forms {
        let written = PdnMove {
            squares: squares
                .iter()
                .map(|s| pdn::notation::Label::new(s).unwrap())
                .collect(),
            capture: true,
        };
        let fen = pos.to_fen(g);
        let r = written
            .to_move(pos, rs)
            .unwrap_or_else(|e| panic!("{:?} {fen}: {written} refused: {e}", rs.variant));
        let read: BTreeSet<Class> = std::iter::once(&r.mv)
            .chain(&r.alternatives)
            .map(class)
            .collect();
        assert!(
            classes.contains(&class(&r.mv)) || read.len() > 1,
            "{:?} {fen}: {written} read as {}",
            rs.variant,
            r.mv.long_notation(g)
        );
        // Every move the form was written for is among the readings.
        for c in classes {
            assert!(
                read.contains(c),
                "{:?} {fen}: {written} misses a move it stands for ({} read)",
                rs.variant,
                labels_joined(g, &r.mv.path(), 'x')
            );
        }
        if classes.len() > 1 {
            assert!(
                !r.alternatives.is_empty(),
                "{:?} {fen}: {written} is ambiguous but not flagged",
                rs.variant
            );
        }
    }
    forms.len()
}

/// On algebraic boards, every legal move written in Russian short notation (`ed4`: the file of
/// the moving piece and the end square) is read as one of the moves that fit it, flagged
/// ambiguous when several pieces or captures do. Returns how many moves were checked.
fn check_short(rs: &Ruleset, pos: &Position) -> usize {
    let g = &rs.geometry;
    let legal = pos.legal_moves(rs);
    let mut checked = 0;
    for m in &legal {
        let (from, to) = (g.label(m.from), g.label(m.to));
        if !from.starts_with(|c: char| c.is_ascii_lowercase()) {
            return 0;
        }
        let text = format!("{}{to}", &from[..1]);
        let written = PdnMove::parse(&text).expect(&text);
        assert!(written.is_short(), "{text}");
        let r = written
            .to_move(pos, rs)
            .unwrap_or_else(|e| panic!("{:?} {}: {text} refused: {e}", rs.variant, pos.to_fen(g)));
        let fitting: BTreeSet<(u8, u128)> = legal
            .iter()
            .filter(|l| l.to == m.to && g.label(l.from).starts_with(&from[..1]))
            .map(|l| (l.from.0, l.captured))
            .collect();
        let read: BTreeSet<(u8, u128)> = std::iter::once(&r.mv)
            .chain(&r.alternatives)
            .map(|l| (l.from.0, l.captured))
            .collect();
        assert_eq!(read, fitting, "{:?} {}: {text}", rs.variant, pos.to_fen(g));
        checked += 1;
    }
    checked
}

fn rulesets() -> Vec<Ruleset> {
    Variant::ALL
        .iter()
        .filter_map(|&v| Ruleset::of(v))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(200)
    ))]

    #[test]
    fn every_written_capture_reads_as_that_capture(
        variant in 0usize..14,
        seed in any::<u64>(),
        plies in 0usize..90,
        scatter in any::<bool>(),
    ) {
        let all = rulesets();
        let rs = &all[variant % all.len()];
        let mut rng = Rng(seed);
        let positions = if scatter { vec![placed(rs, &mut rng)] } else { played(rs, &mut rng, plies) };
        for pos in &positions {
            check(rs, pos);
            check_short(rs, pos);
        }
    }
}

/// The property test's playouts with fixed seeds, four games per variant.
#[test]
fn playouts_of_every_variant() {
    let (mut forms, mut short) = (0, 0);
    for rs in rulesets() {
        let mut rng = Rng(rs.variant as u64 + 7);
        for _ in 0..4 {
            for pos in played(&rs, &mut rng, 120) {
                forms += check(&rs, &pos);
                short += check_short(&rs, &pos);
            }
        }
    }
    assert!(forms > 1000, "{forms}");
    assert!(short > 1000, "{short}");
}
