//! Standings of fixture tournaments against tables computed by hand (the numbers in the
//! comments): a round robin in 1-½-0, a Swiss in 2-1-0, and English results (the first mover,
//! Black, written first).

use pdn::standings::{Format, Scoring, Standings};

fn game(white: &str, black: &str, round: u32, result: &str) -> String {
    format!(
        "[Event \"T\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n{result}\n\n"
    )
}

fn table(games: &[(&str, &str, u32, &str)]) -> Standings {
    let text: String = games
        .iter()
        .map(|&(w, b, r, res)| game(w, b, r, res))
        .collect();
    Standings::of_games(&pdn::read_file(&text).games)
}

/// (name, rank, points, SB, Buchholz) in the table's own scoring.
fn rows(t: &Standings) -> Vec<(String, usize, f64, f64, f64)> {
    t.players
        .iter()
        .map(|p| {
            (
                p.name.clone(),
                p.rank,
                p.points(t.scoring),
                p.sonneborn_berger(t.scoring),
                p.buchholz(t.scoring),
            )
        })
        .collect()
}

#[test]
fn round_robin_one_half_zero() {
    let t = table(&[
        ("A", "B", 1, "1-0"),
        ("C", "D", 1, "1/2-1/2"),
        ("A", "C", 2, "1/2-1/2"),
        ("B", "D", 2, "1-0"),
        ("D", "A", 3, "0-1"),
        ("B", "C", 3, "0-1"),
    ]);
    assert_eq!(t.scoring, Scoring::OneHalfZero);
    assert_eq!(t.format, Format::RoundRobin { cycles: 1 });
    // A 2.5 (SB 1 + 2/2 + 0.5 = 2.5; Bh 1 + 2 + 0.5), C 2 (SB 0.25 + 1.25 + 1), B 1, D 0.5.
    assert_eq!(
        rows(&t),
        [
            ("A".into(), 1, 2.5, 2.5, 3.5),
            ("C".into(), 2, 2.0, 2.5, 4.0),
            ("B".into(), 3, 1.0, 0.5, 5.0),
            ("D".into(), 4, 0.5, 1.0, 5.5),
        ]
    );
    let csv = t.to_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "Rank,Player,Points,Games,Wins,Draws,Losses,SB,Buchholz,1,2,3,4"
    );
    // A against C (rank 2) drew, against B (3) and D (4) won.
    assert_eq!(lines[1], "1,A,2.5,3,2,1,0,2.5,3.5,,0.5,1,1");
    assert_eq!(lines[4], "4,D,0.5,3,0,1,2,1,5.5,0,0.5,0,");
}

#[test]
fn swiss_two_one_zero() {
    let t = table(&[
        ("P1", "P2", 1, "2-0"),
        ("P3", "P4", 1, "1-1"),
        ("P5", "P6", 1, "0-2"),
        ("P1", "P6", 2, "1-1"),
        ("P4", "P2", 2, "2-0"),
        ("P3", "P5", 2, "0-2"),
    ]);
    assert_eq!(t.scoring, Scoring::TwoOneZero);
    assert_eq!(t.format, Format::Swiss);
    assert_eq!(t.rounds, ["1", "2"]);
    // Three players on 3 points, parted by Buchholz: P6 5, P1 3, P4 1.
    assert_eq!(
        rows(&t),
        [
            ("P6".into(), 1, 3.0, 3.5, 5.0),
            ("P1".into(), 2, 3.0, 1.5, 3.0),
            ("P4".into(), 3, 3.0, 0.5, 1.0),
            ("P5".into(), 4, 2.0, 1.0, 4.0),
            ("P3".into(), 5, 1.0, 1.5, 5.0),
            ("P2".into(), 6, 0.0, 0.0, 6.0),
        ]
    );
    let csv = t.to_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "Rank,Player,Points,Games,Wins,Draws,Losses,SB,Buchholz,R1,R2"
    );
    assert_eq!(lines[1], "1,P6,3,2,1,1,0,3.5,5,B4 2,B2 1");
}

#[test]
fn running_games_count_for_nothing_yet() {
    let t = table(&[("A", "B", 1, "1-0"), ("A", "C", 2, "*"), ("B", "C", 2, "*")]);
    let a = &t.players[0];
    assert_eq!((a.name.as_str(), a.played, a.running()), ("A", 1, 1));
    // Every pair is paired (two games still running): a round robin under way.
    assert_eq!(t.format, Format::RoundRobin { cycles: 1 });
    assert_eq!(t.to_csv().lines().nth(1).unwrap(), "1,A,1,1,1,0,0,0,0,,1,*");
}

#[test]
fn english_results_name_the_first_mover_first() {
    // English checkers: Black moves first, so `1-0` is Black's win.
    let text =
        "[GameType \"21\"]\n[White \"Wyllie\"]\n[Black \"Martins\"]\n[Result \"1-0\"]\n1-0\n";
    let t = Standings::of_games(&pdn::read_file(text).games);
    assert_eq!(t.players[0].name, "Martins");
    assert_eq!(t.players[0].wins, 1);
}

#[test]
fn byes_and_missing_names_are_left_out() {
    let t = table(&[
        ("A", "BYE", 1, "1-0"),
        ("?", "B", 1, "0-1"),
        ("A", "B", 2, "1/2-1/2"),
    ]);
    assert_eq!(t.players.len(), 2);
    assert_eq!(t.players.iter().map(|p| p.played).sum::<u32>(), 2);
    assert_eq!(
        t.players[0].rank, t.players[1].rank,
        "equal on everything: the same place"
    );
}

#[test]
fn an_english_game_without_a_gametype_tag_has_black_first() {
    // No GameType: the moves tell English checkers (as CheckerBoard's tinsley.pdn writes its
    // games), where 1-0 is the first mover's win, Black's.
    let text = "[White \"W\"] [Black \"B\"] [Result \"1-0\"] 1. 11-15 23-19 2. 8-11 22-17 1-0\n\
                [White \"B\"] [Black \"W\"] [Result \"0-1\"] 1. 11-15 24-20 2. 8-11 28-24 0-1\n";
    let t = Standings::of_games(&pdn::read_file(text).games);
    let b = t.players.iter().find(|p| p.name == "B").unwrap();
    assert_eq!((b.wins, b.losses), (2, 0));
    // The page's path (tags first, games replayed on request) agrees.
    let lib = through_headers(text);
    assert_eq!(lib, (2, 0));
}

/// B's wins and losses through `Pairing::of` on the headers, as the page's library calls it.
fn through_headers(text: &str) -> (u32, u32) {
    let file = pdn::read_file(text);
    let headers = pdn::read_headers(text);
    let pairings =
        pdn::standings::Pairing::of(&headers, |k, _| pdn::standings::replayed(&file.games[k]));
    let t = Standings::of_pairings(&pairings);
    let b = t.players.iter().find(|p| p.name == "B").unwrap();
    (b.wins, b.losses)
}
