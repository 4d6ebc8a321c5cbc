//! The endgame database against the rules: every value it gives agrees with the values of the
//! positions one move on (which, with the positions that have no move, fixes every value and
//! distance), and with published facts of English checkers.

use pdn::position::Duplicates;
use pdn::{Color, Piece, Position, Role, Ruleset, Square, Variant};
use pdn_engine::egdb::{self, Egdb, Value};
use pdn_engine::rules::Goal;
use pdn_engine::{Engine, Limits};

const KINDS: [Piece; 4] = [
    Piece {
        color: Color::White,
        role: Role::Man,
    },
    Piece {
        color: Color::White,
        role: Role::King,
    },
    Piece {
        color: Color::Black,
        role: Role::Man,
    },
    Piece {
        color: Color::Black,
        role: Role::King,
    },
];

/// Every position (both sides to move) with the pieces `kinds` (indices into [`KINDS`],
/// ascending), no man on its promotion row.
fn positions(rs: &Ruleset, kinds: &[usize], out: &mut Vec<Position>) {
    fn place(
        rs: &Ruleset,
        kinds: &[usize],
        at: usize,
        placed: &mut Vec<(Square, Piece)>,
        out: &mut Vec<Position>,
    ) {
        if at == kinds.len() {
            for turn in [Color::White, Color::Black] {
                out.push(Position::from_pieces(&rs.geometry, turn, placed).unwrap());
            }
            return;
        }
        let piece = KINDS[kinds[at]];
        // Pieces of one kind on increasing squares: each set once.
        let first = match placed.last() {
            Some(&(sq, p)) if p == piece => sq.0 + 1,
            _ => 0,
        };
        for s in first..rs.geometry.len() as u8 {
            let sq = Square(s);
            if placed.iter().any(|&(q, _)| q == sq)
                || (piece.role == Role::Man && rs.geometry.is_promotion_row(sq, piece.color))
            {
                continue;
            }
            placed.push((sq, piece));
            place(rs, kinds, at + 1, placed, out);
            placed.pop();
        }
    }
    place(rs, kinds, 0, &mut Vec::new(), out);
}

/// Every material of `n` pieces with a piece on each side, as ascending kind indices.
fn materials(n: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut kinds = vec![0; n];
    loop {
        let white = kinds.iter().any(|&k| k < 2);
        let black = kinds.iter().any(|&k| k >= 2);
        if white && black {
            all.push(kinds.clone());
        }
        // The next non-decreasing sequence.
        let Some(i) = (0..n).rev().find(|&i| kinds[i] < 3) else {
            return all;
        };
        let v = kinds[i] + 1;
        for k in &mut kinds[i..] {
            *k = v;
        }
    }
}

/// The value the moves of `pos` give it, from the database's values one move on.
fn backed_up(db: &Egdb, rs: &Ruleset, pos: &Position) -> Value {
    let mut moves = Vec::new();
    pos.generate_compact(rs, Duplicates::Drop, &mut moves);
    let mut quickest_win = None::<u32>;
    let mut longest_loss = 0;
    let mut draw = false;
    for m in &moves {
        match db
            .probe(&pos.play_compact(m))
            .expect("the child is in the database")
        {
            Value::Loss(k) => quickest_win = Some(quickest_win.map_or(k + 1, |w| w.min(k + 1))),
            Value::Win(k) => longest_loss = longest_loss.max(k + 1),
            Value::Draw => draw = true,
        }
    }
    match quickest_win {
        Some(w) => Value::Win(w),
        None if draw => Value::Draw,
        None => Value::Loss(longest_loss),
    }
}

fn english() -> Ruleset {
    Ruleset::of(Variant::English).unwrap()
}

fn four() -> std::sync::Arc<Egdb> {
    egdb::shared(&english(), Goal::Standard, 4, true).unwrap()
}

fn fen(rs: &Ruleset, text: &str) -> Position {
    Position::from_fen(text, &rs.geometry, Color::White).unwrap()
}

#[test]
fn every_position_of_three_pieces_agrees_with_its_moves() {
    for v in [Variant::English, Variant::Russian, Variant::International] {
        let rs = Ruleset::of(v).unwrap();
        let db = Egdb::build(&rs, 3).unwrap();
        let mut checked = 0;
        for n in 2..=3 {
            for kinds in materials(n) {
                let mut all = Vec::new();
                positions(&rs, &kinds, &mut all);
                for pos in &all {
                    let value = db.probe(pos).unwrap();
                    assert_eq!(
                        value,
                        backed_up(&db, &rs, pos),
                        "{v:?} {}",
                        pos.to_fen(&rs.geometry)
                    );
                    checked += 1;
                }
            }
        }
        let s = db.stats();
        assert_eq!(
            checked,
            s.wins + s.losses + s.draws,
            "{v:?}: each position once"
        );
    }
}

#[test]
fn two_kings_beat_a_lone_king_and_kings_in_double_corners_hold() {
    let rs = english();
    let db = four();
    let mut all = Vec::new();
    positions(&rs, &[1, 1, 3], &mut all);
    // With the two kings to move a capture takes the lone king; otherwise nearly every
    // position is won for the two kings (a few draw: the lone king forces an exchange).
    let (mut kings, mut kings_won, mut lone, mut lone_lost) = (0, 0, 0, 0);
    for pos in &all {
        let fen = pos.to_fen(&rs.geometry);
        let value = db.probe(pos).unwrap();
        match (pos.turn(), pos.must_capture(&rs)) {
            (Color::White, true) => assert_eq!(value, Value::Win(1), "{fen}"),
            (Color::White, false) => {
                kings += 1;
                kings_won += usize::from(matches!(value, Value::Win(_)));
            }
            (Color::Black, false) => {
                lone += 1;
                lone_lost += usize::from(matches!(value, Value::Loss(_)));
            }
            (Color::Black, true) => {}
        }
    }
    assert!(
        kings > 12_000 && kings - kings_won < kings / 200,
        "{kings_won} of {kings}"
    );
    assert!(
        lone > 12_000 && lone - lone_lost < lone / 150,
        "{lone_lost} of {lone}"
    );
    // One of the draws (the table's: 7-11 holds).
    assert_eq!(db.probe(&fen(&rs, "B:WK3,K4:BK7")), Some(Value::Draw));
    // A king each: a king in its double corner (1 and 5, or 28 and 32) against one in the
    // other holds, whoever is to move; one that must capture wins at once.
    for text in ["W:WK1:BK32", "B:WK1:BK32", "W:WK5:BK28", "B:WK32:BK1"] {
        assert_eq!(db.probe(&fen(&rs, text)), Some(Value::Draw), "{text}");
    }
    let taken = fen(&rs, "W:WK14:BK18");
    assert!(taken.must_capture(&rs));
    assert_eq!(db.probe(&taken), Some(Value::Win(1)));
}

#[test]
fn first_position_is_a_win_and_its_line_is_legal() {
    let rs = english();
    let db = four();
    // The American Checker Federation's "Winning 1st Position": White (king 15, man 20) to
    // move wins against Black's king 28 and man 12; and one of the published wins of "first
    // position without", Black to move (B:W22,K5:BK15,K6, Dr. Call's Midget problems).
    for (text, first) in [("W:W20,K15:B12,K28", "15-19"), ("B:W22,K5:BK15,K6", "")] {
        let pos = fen(&rs, text);
        let Some(Value::Win(n)) = db.probe(&pos) else {
            panic!("{text}: {:?}", db.probe(&pos))
        };
        let line = db.line(&pos);
        assert_eq!(line.len(), n as usize, "{text}: the line is the distance");
        let mut p = pos;
        for m in &line {
            let legal = p.legal_moves(&rs);
            assert!(
                legal
                    .iter()
                    .any(|l| pdn::position::CompactMove::from(l) == *m),
                "{text}: legal"
            );
            p = p.play_compact(m);
        }
        assert!(
            p.legal_moves(&rs).is_empty(),
            "{text}: the loser cannot move"
        );
        if !first.is_empty() {
            let g = &rs.geometry;
            let m = line[0];
            assert_eq!(format!("{}-{}", g.label(m.from), g.label(m.to)), first);
        }
    }
}

#[test]
fn the_search_scores_a_database_position_as_its_win() {
    let rs = english();
    let db = four();
    let pos = fen(&rs, "B:W22,K5:BK15,K6");
    let Some(Value::Win(n)) = db.probe(&pos) else {
        panic!()
    };
    let mut e = Engine::new(rs.clone(), 1 << 16);
    let lines = e.analyse(&pos, &[], &Limits::depth(1), 1, |_| {});
    assert_eq!(lines[0].score.win_in(), Some(n as i32));
    assert_eq!(
        lines[0].pv.len(),
        n as usize,
        "the line goes on by the database"
    );
    // A root the database answers is not searched deeper: one depth reported.
    let mut depths = 0;
    let mut e = Engine::new(rs.clone(), 1 << 16);
    let lines = e.analyse(&pos, &[], &Limits::depth(10), 1, |_| depths += 1);
    assert_eq!((depths, lines[0].score.win_in()), (1, Some(n as i32)));
    // Without the database, depth 1 proves nothing.
    let mut e = Engine::new(rs.clone(), 1 << 16).with_egdb(0);
    let lines = e.analyse(&pos, &[], &Limits::depth(1), 1, |_| {});
    assert_eq!(lines[0].score.win_in(), None);
    // Five pieces: the search reaches the database (Black's king 6 takes the man on 9 or
    // White loses the man anyway), and proves the win well within its depth.
    let pos = fen(&rs, "B:W9,22,K5:BK15,K6");
    let mut e = Engine::new(rs.clone(), 1 << 16);
    let lines = e.analyse(&pos, &[], &Limits::depth(6), 1, |_| {});
    assert!(
        lines[0].score.win_in().is_some_and(|n| n > 6),
        "{:?}",
        lines[0].score
    );
}

/// Russian draughts, three kings against one (kings fly): the lone king that holds the main
/// road (a1-h8) draws; once a king of the three stands on it and the lone king is off it, the
/// three win (Petrov's triangle). The rules decide: the consistency test above proves the
/// tables, these are the facts read from them.
#[test]
fn russian_three_kings_win_unless_the_lone_king_holds_the_main_road() {
    let rs = Ruleset::of(Variant::Russian).unwrap();
    let db = egdb::shared(&rs, Goal::Standard, 4, true).unwrap();
    let road: Vec<Square> = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]
        .iter()
        .map(|l| rs.geometry.parse_square(l).unwrap())
        .collect();
    let on_road = |pos: &Position, c: Color| {
        road.iter()
            .any(|&q| pos.piece_at(q).is_some_and(|p| p.color == c))
    };
    let mut all = Vec::new();
    positions(&rs, &[1, 1, 1, 3], &mut all);
    let (mut held, mut taken, mut taken_won) = (0, 0, 0);
    for pos in all.iter().filter(|p| !p.must_capture(&rs)) {
        let fen = pos.to_fen(&rs.geometry);
        let value = db.probe(pos).unwrap();
        let (lone, three) = (on_road(pos, Color::Black), on_road(pos, Color::White));
        if pos.turn() == Color::Black && lone && !three {
            held += 1;
            assert_eq!(value, Value::Draw, "{fen}");
        }
        if pos.turn() == Color::White && !lone && three {
            taken += 1;
            taken_won += usize::from(matches!(value, Value::Win(_)));
        }
    }
    // (Measured: 13,696 held, all drawn; 44,516 of 45,092 taken won, the other 576 drawn,
    // not looked into.)
    assert!(held > 13_000, "{held}");
    assert!(
        taken > 40_000 && taken - taken_won < taken / 50,
        "{taken_won} of {taken}"
    );
    for (text, value) in [
        ("W:WKc1,Ke1,Kg1:BKh8", Value::Draw),
        ("B:WKc1,Ke1,Kg1:BKh8", Value::Draw),
        ("W:WKa1,Kc1,Ke1:BKh2", Value::Win(21)),
        ("B:WKa1,Kc1,Ke1:BKh2", Value::Loss(22)),
        // Two kings against one: a draw.
        ("W:WKa1,Kc1:BKh2", Value::Draw),
    ] {
        assert_eq!(db.probe(&fen(&rs, text)), Some(value), "{text}");
    }
}

/// International draughts' kings against kings (flying kings, the longest capture), from the
/// kings-only tables of four pieces (`Egdb::build_kings`, which are [`Egdb::build`]'s values:
/// checked here against its three-piece tables and against the moves). The facts are the
/// tables': the rules decide (the consistency test proves the tables of three pieces, and this
/// one every position of three kings against one).
#[test]
fn international_kings_against_a_lone_king() {
    let rs = Ruleset::of(Variant::International).unwrap();
    let db = Egdb::build_kings(&rs, 4).unwrap();
    let full = Egdb::build(&rs, 3).unwrap();
    // The main diagonal, 46-5.
    let diagonal: Vec<Square> = ["46", "41", "37", "32", "28", "23", "19", "14", "10", "5"]
        .iter()
        .map(|l| rs.geometry.parse_square(l).unwrap())
        .collect();
    let on = |pos: &Position, c: Color| {
        diagonal
            .iter()
            .any(|&q| pos.piece_at(q).is_some_and(|p| p.color == c))
    };
    // Per material (one, two, three white kings against a black one), per side to move (0
    // White), per (the lone king on the diagonal, a white king on it): wins, losses, draws for
    // the side to move, positions with a capture to make left out.
    let mut tally = [[[[0u32; 3]; 4]; 2]; 3];
    for n in 1..=3 {
        let mut kinds = vec![1; n];
        kinds.push(3);
        let mut all = Vec::new();
        positions(&rs, &kinds, &mut all);
        for pos in &all {
            let value = db.probe(pos).unwrap();
            if n == 3 {
                assert_eq!(
                    value,
                    backed_up(&db, &rs, pos),
                    "{}",
                    pos.to_fen(&rs.geometry)
                );
            } else {
                assert_eq!(Some(value), full.probe(pos), "{}", pos.to_fen(&rs.geometry));
            }
            if pos.must_capture(&rs) {
                continue;
            }
            let turn = usize::from(pos.turn() == Color::Black);
            let place = usize::from(on(pos, Color::Black)) * 2 + usize::from(on(pos, Color::White));
            let v = match value {
                Value::Win(_) => 0,
                Value::Loss(_) => 1,
                Value::Draw => 2,
            };
            tally[n - 1][turn][place][v] += 1;
        }
    }
    // A king each: a draw, but where both stand on the main diagonal (18 of the 2,042
    // positions of each side to move are decided there).
    assert_eq!(
        tally[0],
        [
            [[0, 0, 1288], [0, 0, 376], [0, 0, 360], [16, 2, 0]],
            [[0, 0, 1288], [0, 0, 360], [0, 0, 376], [16, 2, 0]]
        ]
    );
    // Two kings against one: a draw in general; never lost by a lone king on the main
    // diagonal with no king of the two on it, whoever moves; some wins where it is off it.
    let [white, black] = tally[1];
    assert_eq!(
        white,
        [[1180, 0, 19592], [352, 0, 13460], [0, 0, 6348], [798, 0, 2]]
    );
    assert_eq!(
        black,
        [[0, 112, 20264], [0, 4, 13092], [0, 0, 6932], [0, 120, 632]]
    );
    // Three kings against one: the lone king holding the main diagonal (no king of the three
    // on it) is never lost, whoever moves; with a king of the three on it and the lone king
    // off it, White to move wins 56,464 of 255,216 positions and draws the rest (the tables
    // do not bear out "a win unless the lone king holds the diagonal").
    let [white, black] = tally[2];
    assert_eq!(
        white,
        [
            [58444, 0, 165372],
            [56464, 0, 198752],
            [2472, 0, 70632],
            [17424, 0, 0]
        ]
    );
    assert_eq!(
        black,
        [
            [0, 8544, 202768],
            [0, 4676, 231196],
            [0, 0, 83480],
            [0, 3990, 11546]
        ]
    );
    for (text, value) in [
        ("W:WK9,K19,K32:BK36", Value::Win(7)),
        ("W:WK1,K2,K5:BK17", Value::Draw),
        ("W:WK1,K2:BK45", Value::Win(7)),
    ] {
        assert_eq!(db.probe(&fen(&rs, text)), Some(value), "{text}");
    }
}
