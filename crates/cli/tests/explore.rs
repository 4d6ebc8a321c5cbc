//! `pdn tree` and `pdn find` against a replay of every game: the games and plies `pdn find`
//! prints, and the counts of `pdn tree`, are those the FENs of `pdn fens` give, on the
//! repository's own files and, when PDN_CORPORA names the real-file corpora, on each of its
//! folders (its files joined into one archive).

mod common;
use common::{run, temp_file};

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use serde_json::Value;

/// A game as `pdn fens` prints it: its variant's GameType number and every position.
struct Replayed {
    number: usize,
    /// Its GameType is a plain number: its FENs name squares as the variant does.
    plain: bool,
    gametype: u32,
    fens: Vec<String>,
}

fn replayed(file: &Path) -> Vec<Replayed> {
    let (out, _, code) = run(&["fens", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    out.lines()
        .filter_map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let start = v["start"].as_str()?.to_string();
            // The index keys a game by the variant it was replayed in. (A GameType with its own
            // board and notation, `21,W,8,8,A1,0`, writes its FENs in other square names.)
            let written = v["gametype"].as_str()?;
            let gametype = pdn::GameType::parse(written).ok()?.variant()?.gametype();
            let mut fens = vec![start.clone()];
            fens.extend(
                v["fens"]
                    .as_array()?
                    .iter()
                    .map(|f| f.as_str().unwrap().to_string()),
            );
            Some(Replayed {
                number: v["game"].as_u64()? as usize,
                plain: written.parse::<u32>().is_ok() && standard_names(gametype, &start),
                gametype,
                fens,
            })
        })
        .collect()
}

/// The FEN names its squares as the variant's own board does (a game written in algebraic
/// squares under a numbered GameType is replayed on a board of its own).
fn standard_names(gametype: u32, fen: &str) -> bool {
    let Some(rs) = pdn::Variant::from_gametype(gametype).and_then(pdn::Ruleset::of) else {
        return false;
    };
    pdn::Position::from_fen(fen, &rs.geometry, pdn::Color::White).is_ok()
}

fn json_lines(args: &[&str]) -> Vec<Value> {
    let (out, err, code) = run(args);
    assert_eq!(code, 0, "pdn {args:?}: {err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Checks `pdn find` and `pdn tree --depth 1` at `root` (a position of variant `gametype`)
/// against the games' FENs. Returns the games that reach it.
fn check_root(file: &Path, games: &[Replayed], gametype: u32, root: &str) -> usize {
    let path = file.to_str().unwrap();
    let gt = gametype.to_string();
    // Expected: each game of the variant that stands at `root`, with its first ply there, and
    // the positions it went to from there (each once a game).
    let mut hits = Vec::new();
    let mut children: HashMap<&str, usize> = HashMap::new();
    for g in games.iter().filter(|g| g.gametype == gametype) {
        let Some(first) = g.fens.iter().position(|f| f == root) else {
            continue;
        };
        hits.push((g.number, first));
        let next: BTreeSet<&str> = g
            .fens
            .windows(2)
            .filter(|w| w[0] == root)
            .map(|w| w[1].as_str())
            .collect();
        for n in next {
            *children.entry(n).or_default() += 1;
        }
    }
    let found: Vec<(usize, usize)> = json_lines(&["find", path, "--fen", root, "--gametype", &gt])
        .iter()
        .map(|v| {
            (
                v["game"].as_u64().unwrap() as usize,
                v["ply"].as_u64().unwrap() as usize,
            )
        })
        .collect();
    assert_eq!(found, hits, "{}: find {root}", file.display());
    let tree = json_lines(&["tree", path, "--fen", root, "--gametype", &gt]);
    assert_eq!(tree[0]["depth"], 0);
    assert_eq!(tree[0]["fen"], root);
    assert_eq!(tree[0]["games"].as_u64().unwrap() as usize, hits.len());
    let got: HashMap<&str, usize> = tree[1..]
        .iter()
        .map(|v| {
            assert_eq!(v["depth"], 1);
            (
                v["fen"].as_str().unwrap(),
                v["games"].as_u64().unwrap() as usize,
            )
        })
        .collect();
    assert_eq!(got, children, "{}: tree at {root}", file.display());
    // W/D/L never count more games than played the move; most played first.
    let counts: Vec<u64> = tree[1..]
        .iter()
        .map(|v| v["games"].as_u64().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]));
    for v in &tree[1..] {
        let sum = ["wins", "draws", "losses"]
            .iter()
            .map(|k| v[k].as_u64().unwrap())
            .sum::<u64>();
        assert!(sum <= v["games"].as_u64().unwrap());
    }
    hits.len()
}

/// Checks every variant's start and the positions most often reached at plies 4 and 8.
fn check_file(file: &Path) -> usize {
    let games = replayed(file);
    let mut roots: BTreeMap<(u32, String), usize> = BTreeMap::new();
    for g in games.iter().filter(|g| g.plain) {
        for ply in [0, 4, 8] {
            if let Some(f) = g.fens.get(ply) {
                *roots.entry((g.gametype, f.clone())).or_default() += 1;
            }
        }
    }
    // The most frequent first, at most six a file.
    let mut by_count: Vec<_> = roots.into_iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut checked = 0;
    for ((gametype, root), _) in by_count.into_iter().take(6) {
        checked += check_root(file, &games, gametype, &root);
    }
    checked
}

/// Every file below `dir` named `*.pdn`, joined into archives of about `cap` bytes each (a
/// file is never split): every file is in one of them.
fn joined(dir: &Path, name: &str, cap: usize) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut bytes = Vec::new();
    let files = common_files(dir);
    for (i, f) in files.iter().enumerate() {
        bytes.extend(std::fs::read(f).unwrap());
        bytes.extend(b"\n\n");
        if bytes.len() > cap || i + 1 == files.len() {
            let path = temp_file(&format!("{}-{name}", out.len()), "");
            std::fs::write(&path, std::mem::take(&mut bytes)).unwrap();
            out.push(path);
        }
    }
    out
}

/// Every `*.pdn` file below `dir`, sorted.
fn common_files(dir: &Path) -> Vec<PathBuf> {
    common::files_below(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdn")))
        .collect()
}

#[test]
fn tree_and_find_agree_with_a_replay_of_every_game() {
    // Two move orders to one position, a game that comes back to a position, another variant.
    let own = temp_file(
        "explore.pdn",
        "[GameType \"20\"] [Result \"2-0\"] 1. 32-28 19-24 2. 31-27 20-25 2-0\n\
         [GameType \"20\"] [Result \"0-2\"] 1. 31-27 20-25 2. 32-28 19-24 0-2\n\
         [GameType \"20\"] [Result \"1-1\"] 1. 32-28 19-24 2. 33-29 1-1\n\
         [GameType \"21\"] [FEN \"B:WK30:BK1\"] 1. 1-5 30-26 2. 5-1 26-30 3. 1-6 *\n\
         [GameType \"21\"] 1. 11-15 23-19 2. 8-11 22-17 *\n\
         [GameType \"21\"] 1. 11-15 22-17 2. 8-11 23-19 1-0\n",
    );
    assert!(check_file(&own) >= 10);
    // The repository's own files, joined.
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    let all = joined(&data, "data.pdn", usize::MAX);
    assert_eq!(all.len(), 1);
    assert!(check_file(&all[0]) > 0);
}

#[test]
fn tree_and_find_agree_with_pdn_fens_on_the_corpora() {
    let Some(dir) = common::corpora("tree_and_find_agree_with_pdn_fens_on_the_corpora") else {
        return;
    };
    let mut total = 0;
    for folder in [
        "english",
        "international",
        "russian",
        "frisian",
        "italian",
        "czech",
        "brazilian",
        "pool",
        "other_variants",
        "messy",
    ] {
        let d = dir.join(folder);
        if d.is_dir() {
            // Every file, in archives of about 1.5 MB (each checked at its own most frequent
            // positions): a debug build replays one in seconds.
            for part in joined(&d, &format!("{folder}.pdn"), 1_500_000) {
                total += check_file(&part);
            }
        }
    }
    assert!(total > 1000, "{total}");
}
