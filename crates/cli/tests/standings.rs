//! `pdn standings`: the CSV contract (docs/cli.md).

mod common;
use common::{run, temp_file};

#[test]
fn standings_prints_the_table_as_csv() {
    let file = temp_file(
        "standings.pdn",
        "[Round \"1\"][White \"Ann\"][Black \"Bob\"][Result \"2-0\"] 2-0\n\
         [Round \"1\"][White \"Cid\"][Black \"Dan\"][Result \"1-1\"] 1-1\n\
         [Round \"2\"][White \"Bob\"][Black \"Cid\"][Result \"*\"] *\n",
    );
    let (out, err, code) = run(&["standings", file.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    // Cid and Dan are equal on every tie-break: they share second place.
    assert_eq!(
        out,
        "Rank,Player,Points,Games,Wins,Draws,Losses,SB,Buchholz,R1,R2\r\n\
         1,Ann,2,1,1,0,0,0,0,W4 2,\r\n\
         2,Cid,1,1,0,1,0,0.5,1,W3 1,B4 *\r\n\
         2,Dan,1,1,0,1,0,0.5,1,B2 1,\r\n\
         4,Bob,0,1,0,0,1,0,2,B1 0,W2 *\r\n"
    );
}

#[test]
fn standings_usage_and_missing_files_exit_2() {
    assert_eq!(run(&["standings"]).2, 2);
    assert_eq!(run(&["standings", "/nonexistent/file.pdn"]).2, 2);
}
