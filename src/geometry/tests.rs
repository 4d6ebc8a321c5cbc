//! The boards' tests: labels, neighbours, layouts and shifts of every board.

use super::*;

fn spec(
    width: u8,
    height: u8,
    notation: Notation,
    corner: u8,
    first: Color,
    invert: bool,
) -> Geometry {
    Geometry::new(BoardSpec {
        width,
        height,
        notation,
        corner: Corner::from_digit(corner).unwrap(),
        first_player: first,
        invert,
        all_squares: false,
    })
    .unwrap()
}

fn coord(g: &Geometry, label: &str) -> String {
    let info = g.info(g.parse_square(label).unwrap());
    format!("{}{}", (b'a' + info.file) as char, info.rank + 1)
}

#[test]
fn numbering_matches_the_standard_table() {
    // pdn-standard.md §1.10.1: (GameType attributes, square, White-view coordinate).
    let international = spec(10, 10, Notation::Numeric, 2, Color::White, false);
    for (sq, at) in [
        ("1", "b10"),
        ("4", "h10"),
        ("46", "a1"),
        ("50", "i1"),
        ("6", "a9"),
    ] {
        assert_eq!(coord(&international, sq), at, "international {sq}");
    }
    let english = spec(8, 8, Notation::Numeric, 1, Color::Black, false);
    for (sq, at) in [("1", "b8"), ("4", "h8"), ("29", "a1"), ("32", "g1")] {
        assert_eq!(coord(&english, sq), at, "english {sq}");
    }
    let italian = spec(8, 8, Notation::Numeric, 2, Color::White, true);
    for (sq, at) in [("1", "a8"), ("32", "h1")] {
        assert_eq!(coord(&italian, sq), at, "italian {sq}");
    }
    let spanish = spec(8, 8, Notation::Numeric, 1, Color::White, true);
    for (sq, at) in [("1", "h1"), ("2", "f1"), ("4", "b1"), ("32", "a8")] {
        assert_eq!(coord(&spanish, sq), at, "spanish {sq}");
    }
    let thai = spec(8, 8, Notation::Numeric, 2, Color::Black, false);
    for (sq, at) in [("1", "g1"), ("2", "e1"), ("4", "a1"), ("32", "b8")] {
        assert_eq!(coord(&thai, sq), at, "thai {sq}");
    }
    let canadian = spec(12, 12, Notation::Numeric, 2, Color::White, false);
    assert_eq!(canadian.len(), 72);
    assert_eq!(coord(&canadian, "1"), "b12");
    assert_eq!(coord(&canadian, "72"), "k1");
}

#[test]
fn algebraic_boards_name_squares_like_chess() {
    let russian = spec(8, 8, Notation::Algebraic, 0, Color::White, false);
    assert_eq!(russian.len(), 32);
    assert_eq!(russian.label(Square(0)), "a1");
    assert_eq!(russian.label(Square(4)), "b2");
    assert_eq!(coord(&russian, "h8"), "h8");
    assert!(russian.parse_square("a2").is_err());
    assert!(russian.parse_square("i1").is_err());
    let spantsiretti = spec(10, 8, Notation::Algebraic, 0, Color::White, false);
    assert_eq!(spantsiretti.len(), 40);
    assert_eq!(coord(&spantsiretti, "j8"), "j8");
}

#[test]
fn neighbours_follow_the_diagonals() {
    let g = spec(10, 10, Notation::Numeric, 2, Color::White, false);
    let sq = |n: &str| g.parse_square(n).unwrap();
    assert_eq!(g.step(sq("32"), Direction::NorthWest), Some(sq("27")));
    assert_eq!(g.step(sq("32"), Direction::NorthEast), Some(sq("28")));
    assert_eq!(g.step(sq("32"), Direction::SouthWest), Some(sq("37")));
    assert_eq!(g.step(sq("32"), Direction::SouthEast), Some(sq("38")));
    assert_eq!(g.step(sq("46"), Direction::SouthWest), None);
    assert_eq!(g.step(sq("5"), Direction::NorthEast), None);
    assert_eq!(g.step(sq("36"), Direction::NorthWest), None);
    assert_eq!(g.step(sq("36"), Direction::East), Some(sq("37")));
    assert_eq!(g.step(sq("36"), Direction::North), Some(sq("26")));
}

#[test]
fn shifts_agree_with_the_neighbour_table() {
    for v in crate::Variant::ALL {
        let g = Geometry::new(v.board()).unwrap();
        let all = (0..g.len()).fold(0u128, |b, i| b | 1 << i);
        for (i, nb) in g.neighbour_table().iter().enumerate() {
            for (d, dir) in Direction::ALL.into_iter().enumerate() {
                let expected = if nb[d] == NONE { 0 } else { 1u128 << nb[d] };
                assert_eq!(g.shift(1 << i, dir), expected, "{v} square {i} {dir:?}");
                assert_eq!(g.shift(all, dir) & !all, 0);
            }
        }
    }
}

#[test]
fn padded_layouts_agree_with_the_neighbour_table() {
    for v in crate::Variant::ALL {
        let g = Geometry::new(v.board()).unwrap();
        let p = g
            .padded()
            .unwrap_or_else(|| panic!("{v} has no padded layout"));
        assert_eq!(p.narrow(), g.len() <= 64, "{v}");
        let l = layout(g.layout_id());
        let all = (0..g.len()).fold(0u128, |b, i| b | 1 << i);
        let board = (0..g.len()).fold(0u128, |b, i| b | 1 << l.bit_of(i as u8));
        assert_eq!(l.spread(all), board, "{v}");
        assert_eq!(l.unspread(board), all, "{v}");
        assert_eq!(board.count_ones() as usize, g.len(), "{v}");
        if p.narrow() {
            // In one word, by the last three stages only.
            assert_eq!(l.spread(all as u64), board as u64, "{v}");
            assert_eq!(l.unspread(board as u64), all as u64, "{v}");
        }
        for (i, nb) in g.neighbour_table().iter().enumerate() {
            for c in [Color::White, Color::Black] {
                let crowns = g.promotion_bits(c) >> l.bit_of(i as u8) & 1 == 1;
                assert_eq!(crowns, g.is_promotion_row(Square(i as u8), c), "{v} {i}");
            }
            let one = l.spread(1u128 << i);
            assert_eq!(one, 1 << l.bit_of(i as u8), "{v} square {i}");
            assert_eq!(l.squares()[usize::from(l.bit_of(i as u8))], i as u8);
            assert_eq!(l.unspread(one), 1 << i);
            if p.narrow() {
                assert_eq!(
                    p.shift(one as u64, Direction::NorthEast) as u128,
                    p.shift(one, Direction::NorthEast)
                );
            }
            for (d, dir) in Direction::ALL.into_iter().enumerate() {
                let expected = if nb[d] == NONE {
                    0
                } else {
                    1 << l.bit_of(nb[d])
                };
                assert_eq!(p.shift(one, dir), expected, "{v} square {i} {dir:?}");
                let by_table = p.neighbour_table()[usize::from(l.bit_of(i as u8))][d];
                assert_eq!(by_table, if nb[d] == NONE { NONE } else { l.bit_of(nb[d]) });
            }
        }
    }
    // The classic 10×10 layout: 5 squares a row, a ghost bit after every two rows, the
    // diagonals 5 and 6 bits apart; 8×8 in at most 36 bits, a diagonal 4 or 5 bits.
    let g = Geometry::new(crate::Variant::International.board()).unwrap();
    let l = layout(g.layout_id());
    let sq = |n: &str| l.bit_of(g.parse_square(n).unwrap().0);
    assert_eq!(
        (sq("1"), sq("6"), sq("10"), sq("11"), sq("50")),
        (0, 5, 9, 11, 53)
    );
    assert_eq!((sq("32") - sq("27"), sq("32") - sq("28")), (6, 5));
    // 12×12: rows of 6, a ghost bit after every two rows, 77 bits; the diagonals 6 and 7
    // bits apart.
    let g = Geometry::new(crate::Variant::Canadian.board()).unwrap();
    let l = layout(g.layout_id());
    let sq = |n: &str| l.bit_of(g.parse_square(n).unwrap().0);
    assert!(g.layout_id() != 0 && !g.padded().unwrap().narrow());
    assert_eq!((sq("1"), sq("12"), sq("13"), sq("72")), (0, 11, 13, 76));
    let (a, b) = (g.parse_square("40").unwrap(), Direction::NorthWest);
    let up = sq("40") - l.bit_of(g.step(a, b).unwrap().0);
    assert!(up == 6 || up == 7, "{up}");
    for v in [crate::Variant::English, crate::Variant::Russian] {
        let g = Geometry::new(v.board()).unwrap();
        let l = layout(g.layout_id());
        assert!(g.layout_id() != 0, "{v}");
        assert!((0..32).all(|i| l.bit_of(i) < 36), "{v}");
    }
    // Turkish: every square playable, the internal order has one offset a direction.
    assert_eq!(
        Geometry::new(crate::Variant::Turkish.board())
            .unwrap()
            .layout_id(),
        0
    );
}

#[test]
fn leading_zeros_and_bad_squares() {
    let g = spec(10, 10, Notation::Numeric, 2, Color::White, false);
    assert_eq!(g.parse_square("05"), Ok(Square(4)));
    for bad in ["0", "51", "", "1a"] {
        assert_eq!(
            g.parse_square(bad),
            Err(ParseSquareError {
                text: bad.to_string()
            })
        );
    }
}
