//! The rules engine's tests: move generation per variant, playing, FEN writing, keys.

use super::*;

fn intl() -> Ruleset {
    Ruleset::of(Variant::International).unwrap()
}

fn pos(rs: &Ruleset, fen: &str) -> Position {
    Position::from_setup(&Setup::parse(fen).unwrap(), &rs.geometry, Color::White).unwrap()
}

fn notations(rs: &Ruleset, p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves(rs)
        .iter()
        .map(|m| m.long_notation(&rs.geometry))
        .collect();
    v.sort();
    v
}

/// The FEN writer's fast path (stack buffer, four-byte label copies, 64-bit halves) against
/// a plain one, on every variant's board, with men and kings on every square in turn: the
/// squares past bit 64 of the 12×12 boards included.
#[test]
fn fast_fen_writer_agrees_with_a_plain_one() {
    fn plain(p: &Position, g: &Geometry) -> String {
        let side = |c: Color| {
            (0..g.len() as u8)
                .map(Square)
                .filter(|&s| p.side(c) & bit(s) != 0)
                .map(|s| {
                    let k = if p.kings & bit(s) != 0 { "K" } else { "" };
                    format!("{k}{}", g.label(s))
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}:W{}:B{}",
            p.turn.fen_char(),
            side(Color::White),
            side(Color::Black)
        )
    }
    for v in crate::Variant::ALL {
        let Ok(g) = Geometry::new(v.board()) else {
            continue;
        };
        let n = g.len() as u8;
        let mut seen = 0;
        for i in 0..n {
            let mut p = Position::empty(if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            });
            // Every third square from i on: white men, black kings, white kings, in turn.
            for (k, s) in (i..n).step_by(3).enumerate() {
                match k % 3 {
                    0 => p.white |= bit(Square(s)),
                    1 => {
                        p.black |= bit(Square(s));
                        p.kings |= bit(Square(s));
                    }
                    _ => {
                        p.white |= bit(Square(s));
                        p.kings |= bit(Square(s));
                    }
                }
            }
            let fen = p.to_fen(&g);
            assert_eq!(fen, plain(&p, &g), "{v} from square {i}");
            let mut bytes = Vec::new();
            p.write_fen_bytes(&g, &mut bytes);
            assert_eq!(bytes, fen.as_bytes());
            seen += 1;
        }
        assert!(seen > 0);
    }
}

/// `generate_from` gives exactly the legal moves that start on the square, in every variant
/// (its search from one square for free-choice captures included), over positions reached
/// by random play; and `only_move` finds the one move from one square to another.
#[test]
fn moves_from_one_square_are_the_legal_moves_from_it() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut all, mut from, mut compact) = (Vec::new(), Vec::new(), Vec::new());
    for v in crate::Variant::ALL {
        let Some(rs) = Ruleset::of(v) else { continue };
        for _ in 0..20 {
            let mut p = rs.start_position();
            for _ in 0..80 {
                p.generate(&rs, Duplicates::Drop, &mut all);
                if all.is_empty() {
                    break;
                }
                for sq in 0..rs.geometry.len() as u8 {
                    p.generate_from(&rs, Duplicates::Drop, Square(sq), &mut from);
                    let expected: Vec<Move> =
                        all.iter().filter(|m| m.from.0 == sq).copied().collect();
                    assert_eq!(from, expected, "{v} {} from {sq}", p.to_fen(&rs.geometry));
                    // The move a written pair names, found directly (`written.rs`).
                    let ends = (0..rs.geometry.len() as u8)
                        .filter(|&to| expected.iter().any(|m| m.to.0 == to) || next() % 8 == 0);
                    for to in ends.collect::<Vec<_>>() {
                        let mut fits = expected.iter().filter(|m| m.to.0 == to);
                        let one = match (fits.next(), fits.next()) {
                            (Some(m), None) => Some(CompactMove::from(m)),
                            _ => None,
                        };
                        let found = p.only_move(&rs, Square(sq), Square(to), &mut compact);
                        assert_eq!(found, one, "{v} {} {sq}-{to}", p.to_fen(&rs.geometry));
                    }
                }
                let pick = all[next() as usize % all.len()];
                p = p.play(&pick);
            }
        }
    }
}

/// The capturers found in line for the usual node (`capturers_bits`' first branch) are
/// those of the general code (`capturers_general`; `capturers_any`'s own for forward men and
/// short kings too), in random games of every variant: the
/// branch is taken (men only) and the others too (kings, other boards), with captures
/// found in both.
#[test]
fn capturers_in_line_are_the_general_ones() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut moves = Vec::new();
    let (mut in_line, mut found) = (0, 0);
    for v in crate::Variant::ALL {
        let Some(rs) = Ruleset::of(v) else { continue };
        for _ in 0..20 {
            let mut p = rs.start_position();
            for _ in 0..150 {
                let any = p.capturers_general(&rs);
                assert_eq!(p.capturers_bits(&rs), any, "{v} {}", p.to_fen(&rs.geometry));
                assert_eq!(p.capturers_any(&rs), any, "{v} {}", p.to_fen(&rs.geometry));
                let fast = rs.geometry.padded().is_some_and(|g| g.narrow())
                    && rs.rules.captures == Lines::Diagonal
                    && rs.rules.men_capture_backwards
                    && p.side(p.turn) & p.kings == 0;
                in_line += usize::from(fast);
                found += usize::from(fast && any != 0);
                p.generate_compact(&rs, Duplicates::Drop, &mut moves);
                if moves.is_empty() {
                    break;
                }
                p = p.play_compact(&moves[next() as usize % moves.len()]);
            }
        }
    }
    assert!(in_line > 5_000 && found > 500, "{in_line} {found}");
}

#[test]
fn start_position_fen() {
    let rs = intl();
    let fen = rs.start_position().to_fen(&rs.geometry);
    let expected_white: Vec<String> = (31..=50).map(|n| n.to_string()).collect();
    let expected_black: Vec<String> = (1..=20).map(|n| n.to_string()).collect();
    assert_eq!(
        fen,
        format!(
            "W:W{}:B{}",
            expected_white.join(","),
            expected_black.join(",")
        )
    );
}

#[test]
fn perft_from_the_start() {
    let rs = intl();
    let start = rs.start_position();
    // tests/data/perft.tsv, international, depths 1-5.
    for (depth, nodes) in [(1, 9), (2, 81), (3, 658), (4, 4265), (5, 27117)] {
        assert_eq!(perft(&rs, &start, depth), nodes, "depth {depth}");
    }
}

#[test]
fn perft_with_flying_kings() {
    let rs = intl();
    let p = pos(
        &rs,
        "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
    );
    for (depth, nodes) in [(1, 14), (2, 55), (3, 1168), (4, 5432)] {
        assert_eq!(perft(&rs, &p, depth), nodes, "depth {depth}");
    }
    let kings = pos(
        &rs,
        "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
    );
    for (depth, nodes) in [(1, 17), (2, 79), (3, 352), (4, 1399)] {
        assert_eq!(perft(&rs, &kings, depth), nodes, "depth {depth}");
    }
}

#[test]
fn capture_is_compulsory_and_maximal() {
    let rs = intl();
    // 32x21 and 33x22 take one piece; 32x23x14 and 33x22x31 take two and are legal.
    let p = pos(&rs, "W:W32,33:B27,28,19");
    assert_eq!(notations(&rs, &p), vec!["32x23x14", "33x22x31"]);
}

#[test]
fn men_capture_backwards_and_do_not_promote_in_passing() {
    let rs = intl();
    // The man on 9 takes 13 backwards.
    let p = pos(&rs, "W:W9:B13");
    let moves = p.legal_moves(&rs);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].long_notation(&rs.geometry), "9x18");
    assert!(!moves[0].promotes);
    // A man reaching the last row by a capture that ends there is crowned.
    let p = pos(&rs, "W:W12:B7");
    let moves = p.legal_moves(&rs);
    assert_eq!(moves[0].long_notation(&rs.geometry), "12x1");
    assert!(moves[0].promotes);
    // Passing over the last row (2) mid-capture leaves it a man.
    let p = pos(&rs, "W:W13:B8,7");
    let moves = p.legal_moves(&rs);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].long_notation(&rs.geometry), "13x2x11");
    assert!(!moves[0].promotes);
    assert_eq!(
        p.play(&moves[0]).piece_at(Square(10)).unwrap().role,
        Role::Man
    );
}

#[test]
fn flying_king_captures_from_afar_and_lands_anywhere_behind() {
    let rs = intl();
    let p = pos(&rs, "W:WK46:B23");
    assert_eq!(notations(&rs, &p), vec!["46x10", "46x14", "46x19", "46x5"]);
}

#[test]
fn the_standard_ambiguity_example() {
    let rs = intl();
    let p = pos(&rs, "W:WK47:B14,19,29,31,42");
    let moves: Vec<Move> = p
        .legal_moves(&rs)
        .into_iter()
        .filter(|m| rs.geometry.label(m.to) == "36")
        .collect();
    // Two routes from 47 to 36 that capture different pieces.
    assert_eq!(moves.len(), 2);
    assert_ne!(moves[0].captured, moves[1].captured);
    for m in &moves {
        assert_eq!(m.capture_count(), 4);
    }
}

#[test]
fn play_moves_pieces_and_removes_captures() {
    let rs = intl();
    let p = pos(&rs, "W:W33:B28,17");
    let m = p.legal_moves(&rs)[0];
    let after = p.play(&m);
    assert_eq!(after.to_fen(&rs.geometry), "B:W11:B");
    assert_eq!(m.captured_squares().len(), 2);
}

/// A position of `variant` written with White-view coordinates (`"W:Wc3,Kd4:Bf6"`), whatever
/// the variant's own notation; moves come back in the same coordinates.
fn coords(variant: Variant, fen: &str) -> (Ruleset, Position) {
    let rs = Ruleset::of(variant).unwrap();
    let g = &rs.geometry;
    let label = |c: &str| -> String {
        let (king, c) = c.strip_prefix('K').map_or(("", c), |c| ("K", c));
        let file = c.as_bytes()[0] - b'a';
        let rank: u8 = c[1..].parse::<u8>().unwrap() - 1;
        let sq = g
            .at(file, rank)
            .unwrap_or_else(|| panic!("{c} is not playable"));
        format!("{king}{}", g.label(sq))
    };
    let mut parts = fen.split(':');
    let mut text = parts.next().unwrap().to_string();
    for side in parts {
        let (colour, squares) = side.split_at(1);
        let squares: Vec<String> = squares
            .split(',')
            .filter(|s| !s.is_empty())
            .map(label)
            .collect();
        text.push_str(&format!(":{colour}{}", squares.join(",")));
    }
    let p = Position::from_fen(&text, g, Color::White).unwrap();
    (rs, p)
}

fn coord_moves(rs: &Ruleset, moves: &[Move]) -> Vec<String> {
    let g = &rs.geometry;
    let name = |s: Square| {
        let i = g.info(s);
        format!("{}{}", (b'a' + i.file) as char, i.rank + 1)
    };
    let mut v: Vec<String> = moves
        .iter()
        .map(|m| {
            let sep = if m.is_capture() { "x" } else { "-" };
            m.path().into_iter().map(name).collect::<Vec<_>>().join(sep)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn italian_men_do_not_capture_kings() {
    let (rs, p) = coords(Variant::Italian, "W:Wc2:BKd3");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c2-b3"]);
    let (rs, p) = coords(Variant::Italian, "W:Wc2:Bd3");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c2xe4"]);
    // A king may.
    let (rs, p) = coords(Variant::Italian, "W:WKc2:BKd3");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c2xe4"]);
}

#[test]
fn italian_precedence() {
    // With a king before with a man.
    let (rs, p) = coords(Variant::Italian, "W:Wc2,Ka4:Bd3,b5");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["a4xc6"]);
    // Then the most kings.
    let (rs, p) = coords(Variant::Italian, "W:WKa4,Kg2:Bb5,Kf3");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["g2xe4"]);
    // Then the king met earliest: king then man beats man then king.
    let (rs, p) = coords(Variant::Italian, "W:WKa2,Kh3:BKb3,b5,g4,Kg6");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["a2xc4xa6"]);
    // The most pieces comes first of all.
    let (rs, p) = coords(Variant::Italian, "W:WKh1,c2:BKg2,d3,f5");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c2xe4xg6"]);
}

#[test]
fn frisian_captures_by_value() {
    // Two men (200) outweigh one king (199).
    let (rs, p) = coords(Variant::Frisian, "W:Wc3,b8:Bd4,f6,Kc9");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c3xe5xg7"]);
    // One king outweighs one man.
    let (rs, p) = coords(Variant::Frisian, "W:Wc3,b8:Bd4,Kc9");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["b8xd10"]);
    // At equal value a king must capture.
    let (rs, p) = coords(Variant::Frisian, "W:Wc3,Kj10:Bd4,h8");
    assert_eq!(
        coord_moves(&rs, &p.legal_moves(&rs)),
        ["j10xe5", "j10xf6", "j10xg7"]
    );
    // Men capture orthogonally, two squares along the rank or file.
    let (rs, p) = coords(Variant::Frisian, "W:Wc3:Be3");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["c3xg3"]);
}

#[test]
fn frisian_limits_quiet_moves_of_one_king() {
    let (rs, p) = coords(Variant::Frisian, "W:Wa1,Ke3:Bj10");
    // Three quiet moves in a row with the same king, kept on the lower ranks.
    let mut q = p;
    for _ in 0..3 {
        let m = *q
            .legal_moves(&rs)
            .iter()
            .find(|m| m.from != Square(45) && rs.geometry.info(m.to).rank < 4)
            .unwrap();
        q = q.play(&m);
        q = q.play(&q.legal_moves(&rs)[0]);
    }
    let (_, run) = q.king_run(Color::White).unwrap();
    assert_eq!(run, 3);
    // The fourth is not allowed: only the man on a1 may move.
    assert_eq!(coord_moves(&rs, &q.legal_moves(&rs)), ["a1-b2"]);
    // A man move resets the count.
    let after = q.play(&q.legal_moves(&rs)[0]);
    assert_eq!(after.king_run(Color::White), None);
    // Without men the limit does not apply.
    let (rs, p) = coords(Variant::Frisian, "W:WKe3:Bj10");
    let e3 = rs.geometry.at(4, 2).unwrap();
    assert!(
        !p.with_king_run(Color::White, e3, 3)
            .legal_moves(&rs)
            .is_empty()
    );
    // Another king may move.
    let (rs, p) = coords(Variant::Frisian, "W:Wa1,Ke3,Kh2:Bj10");
    let moves = p.with_king_run(Color::White, e3, 3).legal_moves(&rs);
    assert!(moves.iter().all(|m| m.from != e3));
    assert!(moves.iter().any(|m| rs.geometry.info(m.from).file == 7));
}

#[test]
fn thai_kings_land_right_behind() {
    let (rs, p) = coords(Variant::Thai, "W:WKa1:Bd4");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["a1xe5"]);
    let (rs, p) = coords(Variant::International, "W:WKa1:Bd4");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)).len(), 6);
    let (rs, p) = coords(Variant::Thai, "W:WKa1:Bc3,b6");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["a1xd4xa7"]);
}

#[test]
fn turkish_removal_opens_a_route() {
    // The king crosses c4, which it emptied, to take c3.
    let (rs, p) = coords(Variant::Turkish, "W:WKa4,f4:Bc4,e6,d7,c3");
    assert_eq!(
        coord_moves(&rs, &p.legal_moves(&rs)),
        ["a4xe4xe7xc7xc1", "a4xe4xe7xc7xc2"]
    );
    let mut delayed = rs.clone();
    delayed.rules.immediate_removal = false;
    assert!(
        p.legal_moves(&delayed)
            .iter()
            .all(|m| m.capture_count() == 3)
    );
}

#[test]
fn turkish_captures_do_not_turn_back() {
    let (rs, p) = coords(Variant::Turkish, "W:WKc1:Be1,b1");
    assert_eq!(
        coord_moves(&rs, &p.legal_moves(&rs)),
        ["c1xa1", "c1xf1", "c1xg1", "c1xh1"]
    );
    let mut reversing = rs.clone();
    reversing.rules.may_reverse = true;
    assert!(
        p.legal_moves(&reversing)
            .iter()
            .all(|m| m.capture_count() == 2)
    );
}

#[test]
fn turkish_men_move_forward_and_sideways() {
    let (rs, p) = coords(Variant::Turkish, "W:Wd4:Bh8");
    assert_eq!(
        coord_moves(&rs, &p.legal_moves(&rs)),
        ["d4-c4", "d4-d5", "d4-e4"]
    );
}

#[test]
fn russian_man_crowned_mid_capture_goes_on_as_a_king() {
    let (rs, p) = coords(Variant::Russian, "W:Wb6:Bc7,f6");
    let moves = p.legal_moves(&rs);
    assert_eq!(coord_moves(&rs, &moves), ["b6xd8xg5", "b6xd8xh4"]);
    assert!(moves.iter().all(|m| m.promotes));
    // Brazilian (international rules): the man stops on the last row.
    let (rs, p) = coords(Variant::Brazilian, "W:Wb6:Bc7,f6");
    assert_eq!(coord_moves(&rs, &p.legal_moves(&rs)), ["b6xd8"]);
}

#[test]
fn a_man_comes_back_to_its_own_square() {
    // 32 takes the four men round 22 either way and ends where it started: its own square
    // is free to land on (the capture search's squares a man could jump from count it).
    let rs = intl();
    let p = pos(&rs, "W:W32:B27,17,18,28");
    let g = &rs.geometry;
    let merged: Vec<String> = p
        .legal_moves(&rs)
        .iter()
        .map(|m| m.long_notation(g))
        .collect();
    assert_eq!(merged.len(), 1, "{merged:?}");
    assert_eq!(p.legal_moves(&rs)[0].capture_count(), 4);
    let mut routes: Vec<String> = p
        .legal_routes(&rs)
        .iter()
        .map(|m| m.long_notation(g))
        .collect();
    routes.sort();
    assert_eq!(routes, ["32x21x12x23x32", "32x23x12x21x32"]);
    // With one more man beyond, the route goes on from its own square.
    let p = pos(&rs, "W:W32:B27,17,18,28,37");
    let moves = p.legal_moves(&rs);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].capture_count(), 5, "{:?}", moves[0]);
    assert_eq!(moves[0].to, g.parse_square("41").unwrap());
}

#[test]
fn duplicate_routes_are_merged_or_kept() {
    // pydraughts' example: the king on d2 takes the four men round d4 either way.
    let (rs, p) = coords(Variant::Russian, "W:WKd2:Bc5,e5,c3,e3");
    let merged = coord_moves(&rs, &p.legal_moves(&rs));
    let routes = coord_moves(&rs, &p.legal_routes(&rs));
    assert_eq!(merged.len() + 1, routes.len(), "{merged:?} {routes:?}");
    assert!(routes.contains(&"d2xb4xd6xf4xd2".to_string()), "{routes:?}");
    assert!(routes.contains(&"d2xf4xd6xb4xd2".to_string()), "{routes:?}");
}

/// A small xorshift generator: random games the same in every run.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Random games in every variant: the Zobrist key kept up to date by `play` and
/// `play_compact` equals the key computed from scratch (and `zobrist_after`'s, without the
/// position), and the compact generator gives
/// the routed moves' start, end, captured pieces and resulting positions, in the same order.
#[test]
fn incremental_zobrist_and_compact_moves_agree_over_random_games() {
    let mut state = 0x2545_f491_4f6c_dd1d;
    let mut keys = std::collections::HashMap::new();
    for v in Variant::ALL {
        let Some(rs) = Ruleset::of(v) else { continue };
        for _game in 0..20 {
            let mut p = rs.start_position();
            assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "{v} start");
            for _ply in 0..150 {
                for dup in [Duplicates::Drop, Duplicates::Keep] {
                    let mut routed = Vec::new();
                    let mut compact = Vec::new();
                    p.generate(&rs, dup, &mut routed);
                    p.generate_compact(&rs, dup, &mut compact);
                    assert_eq!(routed.len(), compact.len(), "{v} {dup:?}");
                    for (r, c) in routed.iter().zip(&compact) {
                        assert_eq!(CompactMove::from(r), *c, "{v}");
                        assert_eq!(p.play(r), p.play_compact(c), "{v}");
                        assert_eq!(p.zobrist_after(c), p.play_compact(c).zobrist(), "{v}");
                    }
                }
                let moves = p.legal_moves(&rs);
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next_random(&mut state) % moves.len() as u64) as usize];
                let c = CompactMove::from(&m);
                assert_eq!(p.route(&rs, &c).map(|r| CompactMove::from(&r)), Some(c));
                p = p.play(&m);
                assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "{v}");
                // Positions read back from their FEN have the same key (no king counts).
                if p.king_run(Color::White).is_none() && p.king_run(Color::Black).is_none() {
                    let fen = p.to_fen(&rs.geometry);
                    let read = Position::from_fen(&fen, &rs.geometry, Color::White).unwrap();
                    assert_eq!(read.zobrist(), p.zobrist(), "{v} {fen}");
                }
                // Different positions of a variant, different keys (no collision here).
                let fen = format!("{v} {}", p.to_fen(&rs.geometry));
                let earlier = keys.insert((v, p.zobrist()), fen.clone());
                assert!(
                    earlier.as_ref().is_none_or(|e| *e == fen),
                    "{fen} and {earlier:?}"
                );
            }
        }
    }
}

/// A position keeps its sets in its board's padded bit order (where the board has one), but
/// answers by internal square, and one kept in the internal order (as `Position::empty`
/// builds it) plays the same: the same moves in the same order, the same capturers,
/// positions and keys.
#[test]
fn the_padded_order_stays_inside() {
    let mut state = 0x9e37_79b9_7f4a_7c15;
    let mut padded = 0;
    for v in Variant::ALL {
        let Some(rs) = Ruleset::of(v) else { continue };
        let g = &rs.geometry;
        padded += usize::from(rs.start_position().layout != 0);
        for _game in 0..10 {
            let mut p = rs.start_position();
            assert_eq!(p.layout, g.layout_id(), "{v}");
            for _ply in 0..120 {
                let plain = p.in_layout(0);
                assert_eq!(plain, p, "{v}");
                assert_eq!(plain.in_layout(p.layout).white, p.white, "{v}");
                for c in [Color::White, Color::Black] {
                    assert_eq!(plain.pieces(c), p.pieces(c), "{v}");
                    assert_eq!(
                        plain.white | plain.black,
                        p.pieces(Color::White) | p.pieces(Color::Black)
                    );
                    for i in 0..g.len() {
                        let on = p.pieces(c) >> i & 1 == 1;
                        let at = p.piece_at(Square(i as u8));
                        assert_eq!(on, at.is_some_and(|x| x.color == c), "{v} {i}");
                        let king = at.is_some_and(|x| x.role == Role::King);
                        assert_eq!(king, p.kings() >> i & 1 == 1, "{v} {i}");
                    }
                }
                assert_eq!(plain.to_fen(g), p.to_fen(g), "{v}");
                assert_eq!(plain.cells(g), p.cells(g), "{v}");
                assert_eq!(plain.capturers(&rs), p.capturers(&rs), "{v}");
                let moves = p.legal_routes(&rs);
                assert_eq!(plain.legal_routes(&rs), moves, "{v}");
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next_random(&mut state) % moves.len() as u64) as usize];
                let mut one = Vec::new();
                plain.generate_from(&rs, Duplicates::Keep, m.from, &mut one);
                let mut other = Vec::new();
                p.generate_from(&rs, Duplicates::Keep, m.from, &mut other);
                assert_eq!(one, other, "{v}");
                let next = p.play(&m);
                assert_eq!(plain.play(&m), next, "{v}");
                assert_eq!(plain.play(&m).zobrist(), next.zobrist(), "{v}");
                p = next;
            }
        }
    }
    // Every variant but Turkish (whose internal order has one offset a direction), the
    // 12×12 ones in 128 bits.
    assert_eq!(
        padded,
        Variant::ALL.len() - 1,
        "{padded} variants in a padded order"
    );
}

#[test]
fn compact_moves_are_small() {
    assert!(std::mem::size_of::<CompactMove>() <= 32);
}
