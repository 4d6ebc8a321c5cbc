//! Moves as real files write them, each with its input: captures written in full along any
//! route the piece can really take, Russian short notation (`ed4`) and colon results (`0:1`).

use pdn::reader::read_file;
use pdn::replay::{Replay, labels, replay};

fn played(text: &str) -> Replay {
    let f = read_file(text);
    assert_eq!(f.games.len(), 1, "{text}");
    let r = replay(&f.games[0]);
    assert!(r.error.is_none(), "{text}: {:?}", r.error);
    r
}

/// The pieces the first move of `text` takes, sorted.
fn taken(r: &Replay) -> Vec<String> {
    let g = r.geometry.as_ref().unwrap();
    let mut t = labels(g, &r.plies[0].mv.captured_squares());
    t.sort_by_key(|s| s.parse::<u32>().unwrap_or(0));
    t
}

const FRISIAN_MAN: &str = "[GameType \"40\"] \
    [FEN \"B:W24,36,37,38,39,40,42,45,46,48,49,50:B1,2,3,4,5,6,7,10,11,12,14,16,19,22\"]";

#[test]
fn a_frisian_mans_loop_is_read_in_either_direction() {
    // The man on 14 takes 24, 39, then 42, 37 and 38 round the loop, landing on 43 twice.
    for written in [
        "14x34x43x41x32x43",
        "14x34x43x32x41x43",
        "14x43",
        // Only some of the squares.
        "14x34x41x43",
        "14x32x43",
    ] {
        let r = played(&format!("{FRISIAN_MAN} 1... {written} *"));
        assert_eq!(taken(&r), ["24", "37", "38", "39", "42"], "{written}");
        assert_eq!(r.fen_at(1).unwrap().split(':').next(), Some("W"));
        assert!(
            !r.diagnostics.iter().any(|d| d.code == "ambiguous-move"),
            "{written}: {:?}",
            r.diagnostics
        );
    }
}

const FRISIAN_KING: &str = "[GameType \"40\"] \
    [FEN \"W:WK3,40,41,42,44,45,46,47,49,50:B1,2,4,5,6,10,12,14,20,27\"]";

#[test]
fn a_frisian_kings_route_is_read_whichever_square_it_stops_on() {
    // White to move: the king on 3 takes 12, 27, 20 and 14, stopping behind 12 on 21 or 26.
    for written in ["3x26x29x15x13", "3x21x38x15x13", "3x13"] {
        let r = played(&format!("{FRISIAN_KING} 1. {written} *"));
        assert_eq!(taken(&r), ["12", "14", "20", "27"], "{written}");
        assert_eq!(r.plies[0].side, pdn::Color::White);
    }
    // The route as written is the one played.
    let r = played(&format!("{FRISIAN_KING} 1. 3x26x29x15x13 *"));
    let g = r.geometry.as_ref().unwrap();
    assert_eq!(r.plies[0].mv.long_notation(g), "3x26x29x15x13");
}

#[test]
fn a_russian_kings_loop_is_read_in_either_direction() {
    // The king on d2 takes the four men round d4 either way and comes back to d2.
    let fen = "[GameType \"25\"] [FEN \"W:WKd2:Bc5,e5,c3,e3\"]";
    for written in ["d2:b4:d6:f4:d2", "d2:f4:d6:b4:d2", "d2:d2"] {
        let r = played(&format!("{fen} 1. {written} *"));
        assert_eq!(r.fen_at(1).unwrap(), "B:WKd2:B", "{written}");
    }
}

#[test]
fn a_flying_king_may_be_written_stopping_on_any_square_behind_a_piece() {
    // International: the king on 46 takes 37 and 19 along the long diagonal; after 37 it may
    // stop on 32, 28 or 23 before going on, and it ends on 14, 10 or 5.
    let fen = "[GameType \"20\"] [FEN \"W:WK46:B37,19\"]";
    for written in ["46x28x14", "46x23x14", "46x14", "46x32x14"] {
        let r = played(&format!("{fen} 1. {written} *"));
        assert_eq!(taken(&r), ["19", "37"], "{written}");
    }
}

#[test]
fn squares_on_no_route_are_still_refused() {
    let f = read_file(&format!("{FRISIAN_MAN} 1... 14x34x44x43 *"));
    let e = replay(&f.games[0]).error.unwrap();
    assert!(
        e.message.contains("are not on the route of any capture"),
        "{}",
        e.message
    );
}

#[test]
fn russian_short_notation_is_read() {
    // The file letter of the moving piece and the square it ends on; captures name the last
    // landing square only. Colon results.
    let text = "[GameType \"25\"] [Result \"1:0\"] 1. cd4 fe5 2. df6 ge5 3. gh4 hg7 1:0";
    let f = read_file(text);
    let g = &f.games[0];
    let moves: Vec<&str> = g.moves.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(moves, ["cd4", "fe5", "df6", "ge5", "gh4", "hg7"]);
    assert_eq!(g.result.as_deref(), Some("1:0"));
    assert!(g.diagnostics.is_empty(), "{:?}", g.diagnostics);
    let r = played(text);
    let geo = r.geometry.as_ref().unwrap();
    let long: Vec<String> = r.plies.iter().map(|p| p.mv.long_notation(geo)).collect();
    assert_eq!(long, ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "g3-h4", "h8-g7"]);
    // Written short, a capture is not "written with -".
    assert!(r.diagnostics.iter().all(|d| d.code != "capture-separator"));
    // Exported as written.
    let out = pdn::writer::write_file(&f, &pdn::writer::WriteOptions::default());
    assert!(
        out.contains("1. cd4 fe5 2. df6 ge5 3. gh4 hg7 1:0"),
        "{out}"
    );
    // A capture of several pieces names its last landing square only.
    let r = played("[GameType \"25\"] [FEN \"W:Wc3:Bd4,f6\"] 1. cg7 *");
    assert_eq!(
        r.plies[0].mv.long_notation(r.geometry.as_ref().unwrap()),
        "c3xe5xg7"
    );
}

#[test]
fn a_short_move_that_fits_two_pieces_takes_the_one_the_game_needs() {
    // The man on c3 and the king on c5 can both go to d4. After `cd4`, `cb6` needs the king
    // still on c5, and `de3` (backwards) the king on d4.
    for (next, moved) in [("cb6", "c3-d4"), ("de3", "c5-d4")] {
        let r = played(&format!(
            "[GameType \"25\"] [FEN \"W:Wc3,Kc5:Bh6\"] 1. cd4 hg5 2. {next} *"
        ));
        let geo = r.geometry.as_ref().unwrap();
        assert_eq!(r.plies[0].mv.long_notation(geo), moved, "{next}");
        let notes: Vec<_> = r
            .diagnostics
            .iter()
            .filter(|d| d.code == "ambiguous-short-move")
            .collect();
        assert_eq!(notes.len(), 1, "{next}: {:?}", r.diagnostics);
        assert_eq!(notes[0].severity, pdn::Severity::Note);
        assert!(
            notes[0].message.starts_with("cd4 fits more than one move"),
            "{}",
            notes[0].message
        );
    }
    // No piece on the file can go there.
    let f = read_file("[GameType \"25\"] 1. ad4 *");
    let e = replay(&f.games[0]).error.unwrap();
    assert!(
        e.message
            .starts_with("ad4: no piece on the a file can move to d4"),
        "{}",
        e.message
    );
}

#[test]
fn a_one_digit_square_is_no_file_letter() {
    // `1-7` names squares 1 and 7, not "the piece on a square starting with 1".
    let r = played("[GameType \"20\"] [FEN \"B:W50:B1,11\"] 1... 1-7 *");
    let geo = r.geometry.as_ref().unwrap();
    assert_eq!(r.plies[0].mv.long_notation(geo), "1-7");
    let f = read_file("[GameType \"20\"] [FEN \"B:W50:B1,11\"] 1... 1-17 *");
    assert!(replay(&f.games[0]).error.is_some());
}

#[test]
fn colon_results_are_results() {
    for (result, tag) in [("0:1", "0-1"), ("1:0", "1:0"), ("1/2:1/2", "1/2-1/2")] {
        let f = read_file(&format!(
            "[GameType \"25\"] [Result \"{tag}\"] 1. c3-d4 f6-e5 {result}"
        ));
        let g = &f.games[0];
        assert_eq!(g.moves.len(), 2, "{result}");
        assert_eq!(g.result.as_deref(), Some(result));
        // `0:1` agrees with a Result tag of `0-1`.
        assert!(g.diagnostics.is_empty(), "{result}: {:?}", g.diagnostics);
    }
    // Disagreeing with the tag is still reported.
    let f = read_file("[GameType \"25\"] [Result \"1-0\"] 1. c3-d4 f6-e5 0:1");
    assert!(
        f.games[0]
            .diagnostics
            .iter()
            .any(|d| d.code == "result-mismatch"),
        "{:?}",
        f.games[0].diagnostics
    );
    // A finished game: the result is checked against the board.
    let r = played("[GameType \"25\"] [FEN \"W:Wc3:Bd4\"] 1. c3:e5 0:1");
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code == "result-contradicts-board"),
        "{:?}",
        r.diagnostics
    );
    let r = played("[GameType \"25\"] [FEN \"W:Wc3:Bd4\"] 1. c3:e5 1:0");
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}
