//! The analysis calls of the viewer's Library, natively: legal moves with their routes, moves
//! played into the game (forward, a new variation, an existing one), variations deleted and
//! promoted, comments, strengths and marks, and the edited game in its view and its export.
#![cfg(not(target_arch = "wasm32"))]

use pdn::edit::Place;
use pdn_view::analysis::PlaceView;
use pdn_view::library::Library;

const GAME: &str = "[White \"A\"][Black \"B\"][GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *";

fn pick(lib: &Library, place: Place, notation: &str) -> usize {
    let moves = lib.legal_moves(0, place).unwrap();
    moves
        .iter()
        .find(|m| m.notation == notation)
        .unwrap_or_else(|| {
            panic!(
                "{notation} not in {:?}",
                moves.iter().map(|m| &m.notation).collect::<Vec<_>>()
            )
        })
        .index
}

/// The export of game 0 read back gives the same view as the edited game.
fn export_reads_back(lib: &Library) -> String {
    let text = lib.export_game(0).unwrap();
    let again = Library::new(text.clone());
    let (a, b) = (lib.view(0).unwrap(), again.view(0).unwrap());
    assert_eq!(a.plies, b.plies, "{text}");
    assert_eq!(a.variations.len(), b.variations.len(), "{text}");
    for (x, y) in a.variations.iter().zip(&b.variations) {
        assert_eq!(
            (x.parent, x.replaces, &x.plies),
            (y.parent, y.replaces, &y.plies),
            "{text}"
        );
    }
    text
}

#[test]
fn legal_moves_carry_routes_captures_and_the_position_after() {
    let lib = Library::new(GAME.to_string());
    let start = lib.legal_moves(0, Place::main(0)).unwrap();
    assert_eq!(start.len(), 9);
    let m = &start[pick(&lib, Place::main(0), "32-28")];
    assert_eq!(
        (m.from.as_str(), m.to.as_str(), m.path.len()),
        ("32", "28", 2)
    );
    assert!(m.captured.is_empty());
    assert_eq!(m.cells, lib.view(0).unwrap().plies[0].cells);
    let take = lib.legal_moves(0, Place::main(2)).unwrap();
    assert_eq!(take.len(), 1);
    assert_eq!(
        (take[0].notation.as_str(), take[0].captured.as_slice()),
        ("28x19", &["23".to_string()][..])
    );
    // No such position: none.
    assert!(lib.legal_moves(0, Place::main(9)).is_none());
    assert!(
        lib.legal_moves(
            0,
            Place {
                line: Some(0),
                ply: 0
            }
        )
        .is_none()
    );
}

#[test]
fn moves_step_forward_start_variations_and_are_exported() {
    let mut lib = Library::new(GAME.to_string());
    let same = pick(&lib, Place::main(0), "32-28");
    assert_eq!(
        lib.play(0, Place::main(0), same),
        Ok(PlaceView { line: None, ply: 1 })
    );
    assert!(!lib.is_edited(0));
    let other = pick(&lib, Place::main(1), "17-22");
    assert_eq!(
        lib.play(0, Place::main(1), other),
        Ok(PlaceView {
            line: Some(0),
            ply: 1
        })
    );
    assert!(lib.is_edited(0));
    let view = lib.view(0).unwrap();
    assert_eq!(view.plies[1].variations, [0]);
    assert_eq!(view.variations[0].plies[0].notation, "17-22");
    // The same move again follows the variation.
    assert_eq!(
        lib.play(0, Place::main(1), other),
        Ok(PlaceView {
            line: Some(0),
            ply: 1
        })
    );
    let c = pick(
        &lib,
        Place {
            line: Some(0),
            ply: 1,
        },
        "28x17",
    );
    assert_eq!(
        lib.play(
            0,
            Place {
                line: Some(0),
                ply: 1
            },
            c
        ),
        Ok(PlaceView {
            line: Some(0),
            ply: 2
        })
    );
    lib.set_comment(
        0,
        Place {
            line: Some(0),
            ply: 2,
        },
        "only move",
    )
    .unwrap();
    lib.set_strength(
        0,
        Place {
            line: Some(0),
            ply: 2,
        },
        "!",
    )
    .unwrap();
    lib.set_marks(
        0,
        Place {
            line: Some(0),
            ply: 2,
        },
        "G17,R22",
        "Y28-17",
    )
    .unwrap();
    let text = export_reads_back(&lib);
    assert!(
        text.contains("(1... 17-22 2. 28x17! {[%csl G17,R22] [%cal Y28-17] only move})"),
        "{text}"
    );
    let v = lib.view(0).unwrap();
    let p = &v.variations[0].plies[1];
    assert_eq!(p.comments, ["only move"]);
    let marks = p.marks.as_ref().unwrap();
    assert_eq!(
        (marks.squares[1].color, marks.squares[1].square.as_str()),
        ("red", "22")
    );
    assert_eq!(
        (marks.arrows[0].color, marks.arrows[0].from.as_str()),
        ("yellow", "28")
    );
    // Promote, then delete what was the mainline.
    assert_eq!(
        lib.promote_variation(0, 0),
        Ok(PlaceView { line: None, ply: 2 })
    );
    let text = export_reads_back(&lib);
    assert!(
        text.contains("1. 32-28 17-22 (1... 19-23 2. 28x19 14x23) 2. 28x17!"),
        "{text}"
    );
    assert_eq!(
        lib.delete_variation(0, 0),
        Ok(PlaceView { line: None, ply: 1 })
    );
    assert!(lib.view(0).unwrap().variations.is_empty());
    assert!(lib.export_all().contains("1. 32-28 17-22 2. 28x17!"));
    assert_eq!(
        lib.cut_line(0, Place::main(1)),
        Ok(PlaceView { line: None, ply: 1 })
    );
    assert_eq!(lib.view(0).unwrap().plies.len(), 1);
    lib.revert(0);
    assert_eq!(lib.view(0).unwrap().plies.len(), 4);
}

#[test]
fn an_ambiguous_flying_king_capture_is_played_either_way() {
    let text = "[GameType \"20\"][FEN \"W:WK47:B14,19,29,31,42\"] *";
    for route in ["47x38x20x9x36", "47x38x24x13x36"] {
        let mut lib = Library::new(text.to_string());
        let moves = lib.legal_moves(0, Place::main(0)).unwrap();
        assert_eq!(moves.len(), 2);
        let m = moves.iter().find(|m| m.notation == route).unwrap();
        assert_eq!(m.captured.len(), 4);
        lib.play(0, Place::main(0), m.index).unwrap();
        let view = lib.view(0).unwrap();
        assert_eq!(view.plies[0].notation, route);
        assert_eq!(view.plies[0].cells, m.cells);
        assert!(export_reads_back(&lib).contains(route));
    }
}

#[test]
fn marks_from_the_text_are_in_the_view() {
    let lib = Library::new(
        "[GameType \"21\"] {[%csl Rc3]} 1. 11-15 {[%cal G22-18,b23-19] [%csl Y15]} *".to_string(),
    );
    let v = lib.view(0).unwrap();
    assert_eq!(v.marks.as_ref().unwrap().squares[0].square, "c3");
    let m = v.plies[0].marks.as_ref().unwrap();
    assert_eq!(m.arrows.len(), 2);
    assert_eq!(m.arrows[1].color, "blue");
    assert_eq!(m.squares[0].color, "yellow");
}

/// A move typed in the move box and refused: the core's reason, and when a capture is due, the
/// captures in the game's own notation and the pieces that make them (issue 38).
#[test]
fn a_typed_move_refused_for_a_capture_due_names_the_captures() {
    let lib = pdn_view::library::Library::new("[GameType \"20\"] 1. 32-28 19-23 *".into());
    let at = pdn::edit::Place { line: None, ply: 2 };
    let r = lib.refuse_move(0, at, "33-29").unwrap();
    assert_eq!(r.why, "capture-compulsory");
    assert_eq!(
        (r.captures.as_slice(), r.capturers.as_slice()),
        (&["28x19".to_string()][..], &["28".to_string()][..])
    );
    assert!(lib.refuse_move(0, at, "28x19").is_none(), "a legal move");
    assert!(lib.refuse_move(0, at, "hello").is_none(), "not a move");
    let r = lib.refuse_move(0, at, "34-29").unwrap();
    assert_eq!(r.why, "capture-compulsory");
    let r = lib.refuse_move(0, at, "22-17").unwrap();
    assert_eq!((r.why, r.captures.len()), ("no-piece", 0));
    // Russian: short notation, and the capture written as the game writes it.
    let lib = pdn_view::library::Library::new("[GameType \"25\"] 1. cd4 fe5 *".into());
    for typed in ["ab4", "a3-b4", "a3b4"] {
        let r = lib.refuse_move(0, at, typed).unwrap();
        assert_eq!(
            (r.why, r.captures.as_slice()),
            ("capture-compulsory", &["d4:f6".to_string()][..]),
            "{typed}"
        );
        assert_eq!(r.capturers, ["d4"]);
    }
}
