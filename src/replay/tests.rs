//! The replay's tests: variants guessed, lines played, results judged.

use super::*;
use crate::diagnostic::Severity;
use crate::reader::read_file;

#[test]
fn stops_at_an_illegal_move_and_keeps_what_came_before() {
    let f = read_file("[GameType \"20\"] 1. 32-28 19-23 2. 28-22 *");
    let r = replay(&f.games[0]);
    assert_eq!(r.plies.len(), 2);
    let e = r.error.unwrap();
    assert_eq!(e.ply, 3);
    assert_eq!(e.text, "28-22");
    assert!(
        e.message
            .starts_with("28-22: a capture is compulsory; legal moves: 28x19"),
        "{}",
        e.message
    );
}

#[test]
fn an_ambiguous_capture_takes_the_route_that_keeps_the_game_legal() {
    // 47x36 takes 42, 29, 31 and either 19 or 14; the next move shows which piece is left.
    for (reply, taken) in [("14-20", "19"), ("19-24", "14")] {
        let f = read_file(&format!(
            "[FEN \"W:WK47:B14,19,29,31,42\"][GameType \"20\"] 1. 47x36 {reply} *"
        ));
        let r = replay(&f.games[0]);
        assert!(r.error.is_none(), "{reply}: {:?}", r.error);
        let g = r.geometry.as_ref().unwrap();
        let captured = labels(g, &r.plies[0].mv.captured_squares());
        assert!(
            captured.contains(&taken.to_string()),
            "{reply}: {captured:?}"
        );
        let warning = r
            .diagnostics
            .iter()
            .find(|d| d.code == "ambiguous-move")
            .unwrap();
        assert!(
            warning.message.contains("47x36 fits several routes"),
            "{}",
            warning.message
        );
    }
    // No route works: the first reading is shown, with its own error.
    let f = read_file("[FEN \"W:WK47:B14,19,29,31,42\"][GameType \"20\"] 1. 47x36 29-33 *");
    let r = replay(&f.games[0]);
    let e = r.error.unwrap();
    assert_eq!((e.ply, e.text.as_str()), (2, "29-33"));
    assert_eq!(r.plies.len(), 1);
}

#[test]
fn the_variant_is_guessed_from_the_squares_and_the_first_move() {
    for (text, gametype) in [
        ("1. 32-28 19-23 *", "20"),
        ("1. 11-15 23-19 *", "21"),
        ("1. 22-18 11-15 *", "22"),
        ("1. c3-d4 f6-e5 *", "25"),
        ("1. 11-15 23-19 2. 47-42 *", "20"),
    ] {
        let r = replay(&read_file(text).games[0]);
        assert_eq!(r.gametype, gametype, "{text}");
        assert!(r.diagnostics.iter().any(|d| d.code == "guessed-variant"));
    }
}

#[test]
fn variations_are_played_from_the_position_before_the_move_they_replace() {
    let f = read_file(
        "[GameType \"20\"] 1. 32-28 19-23 (17-22 2. 28x17 11x22 (12x21)) 2. 28x19 14x23 \
         (13x24) 3. 37-32 (33-29 (31-26)) *",
    );
    let g = &f.games[0];
    let r = replay(g);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.variations.len(), 5);
    let geometry = r.geometry.as_ref().unwrap();
    let numbers: Vec<(&str, u32)> = g
        .variations
        .iter()
        .zip(&r.variations)
        .map(|(v, line)| {
            assert_eq!(line.plies.len(), v.moves.len(), "{:?}", line.error);
            (v.moves[0].text.as_str(), line.plies[0].number)
        })
        .collect();
    assert_eq!(
        numbers,
        [
            ("12x21", 2),
            ("17-22", 1),
            ("13x24", 2),
            ("31-26", 3),
            ("33-29", 3)
        ]
    );
    // 17-22 replaces 19-23: it starts after 32-28, and 28x17 there takes 22.
    let v = &r.variations[1];
    assert_eq!(v.start, Some(r.plies[0].position));
    assert_eq!(labels(geometry, &v.plies[1].mv.captured_squares()), ["22"]);
    // 31-26 replaces 33-29 inside the variation that replaces 37-32.
    assert_eq!(r.variations[3].start, Some(r.plies[3].position));
    // A variation with an illegal move stops there, the mainline is untouched.
    let f = read_file("[GameType \"20\"] 1. 32-28 (32-29 19-23) 19-23 *");
    let r = replay(&f.games[0]);
    assert!(r.error.is_none());
    let e = r.variations[0].error.as_ref().unwrap();
    assert_eq!((e.ply, e.text.as_str()), (1, "32-29"));
}

#[test]
fn a_fen_in_numbers_on_an_algebraic_board_is_read_with_numbers() {
    // As the standard's ussr1947.pdn writes it: the usual start in numbers, moves in letters.
    let f = read_file(
        "[FEN \"W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.\"]\n\
         1. c3-d4 f6-g5 2. b2-c3 g7-f6 *",
    );
    let r = replay(&f.games[0]);
    assert_eq!(r.gametype, "25");
    assert!(r.error.is_none(), "{:?}", r.error);
    let rs = r.ruleset.as_ref().unwrap();
    assert_eq!(r.start, Some(rs.start_position()));
    let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["guessed-variant", "board-notation"]);
    assert!(r.diagnostics.iter().all(|d| d.severity == Severity::Note));
    // Any position: 22 is c3 and 15 is e5 counted from Black's side, White to move.
    let f = read_file("[GameType \"25\"][FEN \"W:W22:B15\"] 1. c3-d4 e5:c3 0-1");
    let r = replay(&f.games[0]);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.plies.len(), 2);
    let severities: Vec<Severity> = r.diagnostics.iter().map(|d| d.severity).collect();
    assert_eq!(severities, [Severity::Note], "{:?}", r.diagnostics);
    // Numbers that fit neither board are still an error.
    let f = read_file("[GameType \"25\"][FEN \"W:W40:B15\"] 1. c3-d4 *");
    let r = replay(&f.games[0]);
    assert!(r.diagnostics.iter().any(|d| d.code == "bad-fen"));
}

#[test]
fn an_english_result_with_white_first_is_read_that_way_when_the_board_says_so() {
    // White to move takes Black's last piece: 1-0 is a Black win as the standard reads
    // English results, but only White's win fits the board.
    let game = "[GameType \"21\"][FEN \"W:W18:B14\"] 1. 18x9";
    let r = replay(&read_file(&format!("{game} 1-0")).games[0]);
    let d: Vec<_> = r
        .diagnostics
        .iter()
        .map(|d| (d.severity, d.code.as_str()))
        .collect();
    assert_eq!(d, [(Severity::Note, "result-convention")]);
    // 0-1 is White's win read the standard way: nothing to say.
    let r = replay(&read_file(&format!("{game} 0-1")).games[0]);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    // A draw fits no reading.
    let r = replay(&read_file(&format!("{game} 1/2-1/2")).games[0]);
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code == "result-contradicts-board")
    );
    // An empty FEN (a problem given without its position) is no finished game.
    let r = replay(&read_file("[GameType \"21\"][FEN \"W::.\"] 1/2-1/2").games[0]);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.end, None);
}

#[test]
fn a_finished_game_is_checked_against_its_result() {
    // White takes Black's last piece: Black has no pieces and has lost.
    let won = "[GameType \"20\"][FEN \"W:W28:B23\"] 1. 28x19";
    let r = replay(&read_file(&format!("{won} 2-0")).games[0]);
    assert_eq!(
        r.end,
        Some(GameEnd {
            loser: Color::Black,
            no_pieces: true
        })
    );
    assert!(
        !r.diagnostics
            .iter()
            .any(|d| d.code == "result-contradicts-board")
    );
    for wrong in ["0-2", "1-1"] {
        let r = replay(&read_file(&format!("{won} {wrong}")).games[0]);
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code == "result-contradicts-board")
            .expect(wrong);
        assert!(
            d.message.contains("black has no pieces left"),
            "{}",
            d.message
        );
    }
    // English: Black moves first, and `1-0` is Black's win. White's king is blocked.
    let r = replay(&read_file("[GameType \"21\"][FEN \"W:WK1:B5,6,10\"] 1-0").games[0]);
    assert_eq!(
        r.end,
        Some(GameEnd {
            loser: Color::White,
            no_pieces: false
        })
    );
    assert!(
        !r.diagnostics
            .iter()
            .any(|d| d.code == "result-contradicts-board")
    );
    // A game still going on: any result is fine (resignations, agreed draws).
    let r = replay(&read_file("[GameType \"20\"] 1. 32-28 1-1").games[0]);
    assert_eq!(r.end, None);
    assert!(
        !r.diagnostics
            .iter()
            .any(|d| d.code == "result-contradicts-board")
    );
}

#[test]
fn without_a_gametype_the_variant_whose_rules_fit_the_moves_is_used() {
    // Krista-Bajusz, Praha 2007 (mrcd2007.pdn, no GameType): at 15... b8-c7 a Russian man
    // on f4 would have to capture backwards (f4xh6); Czech men capture forwards only.
    let czech = "1. c3-b4 b6-c5 2. b2-c3 f6-e5 3. e3-f4 g7-f6 4. a1-b2 h8-g7 5. b4-a5 c7-b6 \
        6. a5xc7 d8xb6 7. f2-e3 b6-a5 8. g3-h4 e5xg3 9. h2xf4 f6-e5 10. f4-g5 h6xf4 \
        11. e3xg5 g7-f6 12. d2-e3 c5-d4 13. e3xc5 d6xb4xd2 14. c1xe3 e5-f4 15. e1-d2 \
        b8-c7 16. g1-h2 c7-d6 17. b2-c3 f6-e5 1/2-1/2";
    let r = replay(&read_file(czech).games[0]);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.gametype, "29");
    let note = &r.diagnostics[0];
    assert!(
        note.message.contains("only legal as Czech draughts"),
        "{}",
        note.message
    );
    // Legal as Russian too: Russian, the first guess, is kept.
    let r = replay(&read_file("1. c3-d4 f6-e5 2. d4xf6 g7xe5 *").games[0]);
    assert_eq!(r.gametype, "25");
    // The Variant tag some sites write names the variant.
    let f = read_file("[Variant \"Russian\"] 1. c3-d4 *");
    let r = replay(&f.games[0]);
    assert_eq!(r.gametype, "25");
    assert!(
        r.diagnostics[0].message.contains("the Variant tag"),
        "{}",
        r.diagnostics[0].message
    );
}

#[test]
fn broken_gametype_attributes_and_lidraughts_numbers_still_replay() {
    let f = read_file("[GameType \"20,W,0,0,N,0\"] 1. 32-28 19-23 *");
    let r = replay(&f.games[0]);
    assert_eq!((r.plies.len(), r.error.is_none()), (2, true));
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.code == "bad-gametype")
        .unwrap();
    assert_eq!(d.severity, crate::Severity::Warning);
    let f = read_file("[GameType \"98\"] 1. 32-28 19-23 *");
    let r = replay(&f.games[0]);
    assert_eq!(
        (r.plies.len(), r.variant),
        (2, Some(Variant::International))
    );
    assert!(r.diagnostics.iter().any(|d| d.code == "lidraughts-variant"));
}

#[test]
fn english_written_with_algebraic_squares_is_read_from_the_first_players_side() {
    // PlayStrategy's American/English games: the first player (Black) moves c3-d4.
    let f = read_file("[Variant \"American/English\"] 1. c3-d4 b6-c5 2. d4xb6 a7xc5 0-1");
    let r = replay(&f.games[0]);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.variant, Some(Variant::English));
    assert_eq!(r.plies[0].side, Color::Black);
    assert!(r.diagnostics.iter().any(|d| d.code == "board-notation"));
}

#[test]
fn a_capture_written_jump_by_jump_is_one_move() {
    // PDN 1.0: "multijumps can either be specified move-by-move (11x18 18x25) or in 1 go".
    let f = read_file("[GameType \"20\"][FEN \"W:W37:B32,22\"] 1. 37x28 28x17 *");
    let r = replay(&f.games[0]);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.plies.len(), 1);
    assert_eq!((r.plies[0].node, r.plies[0].joined), (0, 1));
    assert_eq!(r.fen_at(1).unwrap(), "B:W17:B");
    // A written first jump that the next move does not continue stays an error.
    let f = read_file("[GameType \"20\"][FEN \"W:W37:B32,22\"] 1. 37x28 16-21 *");
    let e = replay(&f.games[0]).error.unwrap();
    assert_eq!((e.ply, e.text.as_str()), (1, "37x28"));
}

#[test]
fn a_capture_written_with_a_dash_is_played_with_a_warning() {
    let f = read_file("[GameType \"20\"] 1. 32-28 19-23 2. 28-19 14x23 3. 33x29 *");
    let r = replay(&f.games[0]);
    assert!(r.error.is_none(), "{:?}", r.error);
    let warnings: Vec<&str> = r
        .diagnostics
        .iter()
        .filter(|d| d.code == "capture-separator")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        warnings,
        [
            "28-19 takes 23 but is written with -; it is read as 28x19",
            "33x29 is written as a capture but takes nothing; it is read as 33-29"
        ]
    );
}

#[test]
fn fen_tag_sets_the_start() {
    let f = read_file("[FEN \"B:W28:B19\"][GameType \"20\"] 1... 19-23 2. 28x19 *");
    let r = replay(&f.games[0]);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.fen_at(2).unwrap(), "B:W19:B");
    assert_eq!(r.plies[0].number, 1);
    assert_eq!(r.plies[1].number, 2);
}

#[test]
fn unsupported_and_non_draughts_types_are_diagnosed() {
    let f = read_file("[GameType \"0\"] 1. e4 e5 *");
    let r = replay(&f.games[0]);
    assert!(r.plies.is_empty());
    assert!(r.diagnostics[0].message.contains("chess, not draughts"));
    // Italian: White on 21-32 moves first.
    let f = read_file("[GameType \"22\"] 1. 22-18 11-15 *");
    let r = replay(&f.games[0]);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(
        r.fen_at(0).unwrap(),
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    let f = read_file("[GameType \"77\"] 1. 22-18 *");
    let r = replay(&f.games[0]);
    assert!(r.diagnostics[0].message.contains("not a draughts variant"));
}
