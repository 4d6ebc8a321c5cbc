//! The notation's tests: squares and moves read and written in every variant's notation.

use super::*;
use crate::fen::Setup;
use crate::types::Color;
use crate::variant::Variant;

fn setup(rs: &Ruleset, fen: &str) -> Position {
    Position::from_setup(&Setup::parse(fen).unwrap(), &rs.geometry, Color::White).unwrap()
}

#[test]
fn parse_forms() {
    for (text, squares, capture) in [
        ("32-28", vec!["32", "28"], false),
        ("28x17", vec!["28", "17"], true),
        ("28:17", vec!["28", "17"], true),
        ("05-10", vec!["05", "10"], false),
        ("c3xe5xg3", vec!["c3", "e5", "g3"], true),
        ("C3-D4", vec!["c3", "d4"], false),
        ("1118", vec!["11", "18"], false),
        ("11×25", vec!["11", "25"], true),
    ] {
        let m = PdnMove::parse(text).unwrap();
        assert_eq!(m.squares, squares, "{text}");
        assert_eq!(m.capture, capture, "{text}");
    }
    for bad in [
        "", "-", "--", "32-", "x28", "32--28", "abc", "1/2-1/2", "3228x", "12345",
    ] {
        assert!(PdnMove::parse(bad).is_none(), "{bad}");
    }
}

#[test]
fn long_and_short_captures_resolve() {
    let rs = Ruleset::of(Variant::International).unwrap();
    let p = setup(&rs, "W:W32,33:B27,28,19");
    for text in ["32x14", "32x23x14", "32-14"] {
        let r = PdnMove::parse(text).unwrap().to_move(&p, &rs).unwrap();
        assert_eq!(r.mv.capture_count(), 2, "{text}");
    }
    let err = PdnMove::parse("32x21")
        .unwrap()
        .to_move(&p, &rs)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "this takes 1 piece, but the most pieces must be taken (2); legal moves: 32x14, 33x31"
    );
    let err = PdnMove::parse("33-29")
        .unwrap()
        .to_move(&p, &rs)
        .unwrap_err();
    assert_eq!(err.reason, MoveErrorKind::CaptureCompulsory, "{err}");
}

#[test]
fn pdn3_disambiguation_squares() {
    // The standard's example: 47x36 is ambiguous; the long forms pick one route each.
    let rs = Ruleset::of(Variant::International).unwrap();
    let p = setup(&rs, "W:WK47:B14,19,29,31,42");
    let short = PdnMove::parse("47x36").unwrap().to_move(&p, &rs).unwrap();
    assert_eq!(short.alternatives.len(), 1);
    let a = PdnMove::parse("47x38x24x13x36")
        .unwrap()
        .to_move(&p, &rs)
        .unwrap();
    let b = PdnMove::parse("47x38x20x9x36")
        .unwrap()
        .to_move(&p, &rs)
        .unwrap();
    assert!(a.alternatives.is_empty() && b.alternatives.is_empty());
    let sq = |n: &str| 1u128 << rs.geometry.parse_square(n).unwrap().0;
    assert_eq!(a.mv.captured, sq("42") | sq("29") | sq("19") | sq("31"));
    assert_eq!(b.mv.captured, sq("42") | sq("29") | sq("14") | sq("31"));
    // Landing squares as intermediates (CheckerBoard's form) work too.
    let c = PdnMove::parse("47x33x24x13x36")
        .unwrap()
        .to_move(&p, &rs)
        .unwrap();
    assert_eq!(c.mv.captured, a.mv.captured);
}

#[test]
fn errors_name_the_problem() {
    let rs = Ruleset::of(Variant::International).unwrap();
    let start = rs.start_position();
    let king = Position::from_fen("W:WK47:B14,19,29,31,42", &rs.geometry, Color::White).unwrap();
    let e = PdnMove::parse("47x40x36")
        .unwrap()
        .to_move(&king, &rs)
        .unwrap_err();
    assert!(
        e.reason
            .to_string()
            .starts_with("the written squares between (40) are not on the route"),
        "{e}"
    );

    let e = PdnMove::parse("17-22")
        .unwrap()
        .to_move(&start, &rs)
        .unwrap_err();
    assert!(
        e.reason
            .to_string()
            .starts_with("the piece on 17 is black's"),
        "{e}"
    );
    assert_eq!(
        e.reason,
        MoveErrorKind::NotYourPiece {
            square: "17".into(),
            owner: Color::Black,
            side: Color::White
        }
    );
    let e = PdnMove::parse("32-27x").map(|_| ());
    assert!(e.is_none());
    let e = PdnMove::parse("32-99")
        .unwrap()
        .to_move(&start, &rs)
        .unwrap_err();
    assert_eq!(e.reason, MoveErrorKind::NoSuchSquare("99".into()), "{e}");
    let e = PdnMove::parse("32-23")
        .unwrap()
        .to_move(&start, &rs)
        .unwrap_err();
    assert!(e.reason.to_string().contains("cannot move to 23"), "{e}");
}
