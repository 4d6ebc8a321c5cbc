//! The established names of openings and ballots, matched by position.
//!
//! One table, [`ROWS`]: a variant family, a name in the language its tradition uses, and the
//! first moves in the variant's usual notation. Each row is replayed once, on first use, by the
//! core's own rules and notation; the position it reaches (its [`crate::explore::key`]) names
//! every game whose mainline passes through that position within the table's depth, whatever
//! the order the moves came in. Where several rows match one game, the deepest wins: `11-15
//! 23-19 8-11 22-17 4-8` is the Old Fourteenth, not merely the Single Corner group's 11-15. An
//! `Opening` tag written in the game (any case) wins over the table ([`opening`]).
//!
//! Only the families with established names have rows: English draughts / American checkers
//! (GameType 21), Russian draughts (25) and International draughts (20). Other variants get no
//! name. Facts only: the names and moves are public knowledge, each block says where it was
//! checked; no text of those sources is copied.
//!
//! ```
//! let file = pdn::read_file("[GameType \"21\"] 1. 11-15 24-20 *");
//! let game = &file.games[0];
//! let r = pdn::replay::replay(game);
//! assert_eq!(pdn::openings::opening(game, &r).as_deref(), Some("Ayrshire Lassie"));
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::reader::Game;
use crate::replay::Replay;
use crate::variant::Variant;

/// A family of variants that shares one tradition of opening names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// English draughts / American checkers (GameType 21): the 2-move openings' and 3-move
    /// ballots' names.
    English,
    /// Russian draughts (GameType 25): «дебюты русских шашек».
    Russian,
    /// International draughts, 10×10 (GameType 20).
    International,
}

impl Family {
    /// The family whose names a variant's games get; `None` for a variant without a table.
    #[must_use]
    pub fn of(variant: Variant) -> Option<Family> {
        match variant {
            Variant::English => Some(Family::English),
            Variant::Russian => Some(Family::Russian),
            Variant::International => Some(Family::International),
            _ => None,
        }
    }

    /// The variant a row of this family is replayed in.
    #[must_use]
    pub fn variant(self) -> Variant {
        match self {
            Family::English => Variant::English,
            Family::Russian => Variant::Russian,
            Family::International => Variant::International,
        }
    }
}

/// One row of the table: family, name, first moves (plies separated by spaces, without move
/// numbers, in the notation the variant's files use).
pub type Row = (Family, &'static str, &'static str);

use Family::{English as EN, International as INT, Russian as RU};

/// The names, one row an opening. Rows whose moves could not be checked in a source are left
/// out. Two rows must not reach the same position (a test says so).
pub const ROWS: &[Row] = &[
    // English draughts: the seven first moves and their groups. Sources: irishdraughts.org,
    // "What's a good opening move?" (Single Corner side 11-15, Bristol 11-16, Kelso 10-15,
    // Denny 10-14, Dundee 12-16, Edinburgh 9-13); F. Reinfeld, "How to Win at Checkers" (1957),
    // the seven opening systems (Single Corner group 11-15, Double Corner 9-14, Bristol group
    // 11-16, Kelso 10-15, Denny 10-14, Dundee group 12-16, Edinburgh group 9-13).
    (EN, "Edinburgh", "9-13"),
    (EN, "Double Corner", "9-14"),
    (EN, "Denny", "10-14"),
    (EN, "Kelso", "10-15"),
    (EN, "Single Corner group", "11-15"),
    (EN, "Bristol", "11-16"),
    (EN, "Dundee", "12-16"),
    // 11-15 openings. Source: startcheckers.com, "11-15 openings" (each name with the moves
    // that form it); the Single Corner 11-15 22-18: B. Newell, The Checker Maven, "Singles"
    // and "The 'Fun Shot' in the Single Corner Opening"; the Switcher 11-15 21-17: W. Ryan,
    // "Tricks, Traps and Shots of the Checkerboard", as quoted in The Checker Maven,
    // "Wyllie's Switcher Swindle".
    (EN, "Single Corner", "11-15 22-18"),
    (EN, "Switcher", "11-15 21-17"),
    (EN, "Ayrshire Lassie", "11-15 24-20"),
    (EN, "Cross", "11-15 23-18"),
    (EN, "Slip Cross", "11-15 23-18 8-11 27-23 11-16"),
    (EN, "Dyke", "11-15 22-17 15-19"),
    (EN, "Boston", "11-15 22-17 9-13 17-14"),
    (EN, "Maid of the Mill", "11-15 22-17 8-11 17-13 15-18"),
    (EN, "Douglas", "11-15 22-17 8-11 17-13 4-8 25-22"),
    (EN, "Defiance", "11-15 23-19 9-14 27-23"),
    (EN, "Fife", "11-15 23-19 9-14 22-17 5-9"),
    (EN, "Nailor", "11-15 23-19 8-11 26-23"),
    (EN, "Alma", "11-15 23-19 8-11 22-17 3-8"),
    (EN, "Centre", "11-15 23-19 8-11 22-17 15-18"),
    (EN, "Glasgow", "11-15 23-19 8-11 22-17 11-16"),
    (EN, "Old Fourteenth", "11-15 23-19 8-11 22-17 4-8"),
    (EN, "Laird and Lady", "11-15 23-19 8-11 22-17 9-13"),
    (
        EN,
        "Laird and Lady Refused",
        "11-15 23-19 8-11 22-17 9-13 25-22",
    ),
    (
        EN,
        "Black Doctor",
        "11-15 23-19 8-11 22-17 9-13 17-14 10x17 19x10 7x14",
    ),
    (EN, "Glasgow-Whilter", "11-15 23-19 7-11 22-17 9-14"),
    // 9-13 openings. Source: albionalumni.org, Checkers Openings, "9-13 22-18" (the Edinburgh
    // Single); the ACF's "Let's Play Checkers" page (acfcheckers.com): the Wilderness 9-13
    // 22-18 11-16 and the Wilderness II 9-13 23-18 11-16 (mail play).
    (EN, "Edinburgh Single", "9-13 22-18"),
    (EN, "Wilderness", "9-13 22-18 11-16"),
    (EN, "Wilderness II", "9-13 23-18 11-16"),
    // 3-move ballots with established names. Source: the ACF's "Let's Play Checkers" page
    // (acfcheckers.com): the Skullcracker, Double Cross, Octopus, Nemesis, White Doctor and
    // Rattlesnake.
    (EN, "Skullcracker", "10-15 22-17 15-19"),
    (EN, "Double Cross", "9-14 23-18 14x23"),
    (EN, "Octopus", "10-15 21-17 7-10"),
    (EN, "Nemesis", "10-14 24-19 6-10"),
    (EN, "White Doctor", "10-14 22-18 12-16"),
    (EN, "Rattlesnake", "9-14 23-19 10-15"),
    // 12-16 openings. Source: startcheckers.com, "12-16 openings" (Bonnie Dundee, Minotaur,
    // Skunk).
    (EN, "Bonnie Dundee", "12-16 24-20 8-12"),
    (EN, "Minotaur", "12-16 21-17 9-14"),
    (EN, "Skunk", "12-16 24-20 10-15"),
    // Russian draughts. Sources: Russian Wikipedia, «Старая партия» (1.cd4 dc5 2.bc3 ed6; the
    // article also gives the Городская партия's 2…fg5 after the same first moves),
    // «Отказанная городская партия» (its tabia, 9 moves), «Перекрёсток (шашечный дебют)» (its
    // tabia 1.cd4 de5 2.bc3 ed6), «Обратный перекрёсток» (1.cd4 de5 2.bc3 ed6 3.gh4),
    // «Отказанный обратный перекрёсток» (then 3…hg5 or 3…fe7); Руниверсалис, «Игра
    // Бодянского» (1.ab4 ba5 2.ed4); kombinashki.ru, дебюты, «Игра Каулена» (1.gf4 fe5 2.hg3);
    // v-damki.com, «Обратный тычок» (1.cb4 fe5 2.bc3 ef4 3.g:e5 d:f4 4.e:g5 h:f4);
    // table-games.ru's library, «Кол» (1.cd4 ba5 2.dc5 d:b4 3.a:c5); shashkivsem.ru, «Как
    // победить в дебюте чёрными», «Обратный кол» (1.gh4 fe5 2.cb4 ef4 3.e:g5 h:f4).
    (RU, "Старая партия", "c3-d4 d6-c5 b2-c3 e7-d6"),
    (RU, "Городская партия", "c3-d4 d6-c5 b2-c3 f6-g5"),
    (
        RU,
        "Отказанная городская партия",
        "c3-d4 d6-c5 d2-c3 f6-g5 g3-h4 g5-f4 e3:g5 h6:f4 f2-g3 c5:e3 g3:e5 b6-c5 e5-d6 c7:e5 \
         c3-d4 e5:c3 b2:f2",
    ),
    (RU, "Перекрёсток", "c3-d4 d6-e5 b2-c3 e7-d6"),
    (RU, "Обратный перекрёсток", "c3-d4 d6-e5 b2-c3 e7-d6 g3-h4"),
    (
        RU,
        "Отказанный обратный перекрёсток",
        "c3-d4 d6-e5 b2-c3 e7-d6 g3-h4 h6-g5",
    ),
    (
        RU,
        "Отказанный обратный перекрёсток",
        "c3-d4 d6-e5 b2-c3 e7-d6 g3-h4 f8-e7",
    ),
    (RU, "Игра Бодянского", "a3-b4 b6-a5 e3-d4"),
    (RU, "Игра Каулена", "g3-f4 f6-e5 h2-g3"),
    (
        RU,
        "Обратный тычок",
        "c3-b4 f6-e5 b2-c3 e5-f4 g3:e5 d6:f4 e3:g5 h6:f4",
    ),
    (RU, "Кол", "c3-d4 b6-a5 d4-c5 d6:b4 a3:c5"),
    (RU, "Обратный кол", "g3-h4 f6-e5 c3-b4 e5-f4 e3:g5 h6:f4"),
    // International draughts. Source: T. Goedemoed, "A Course in International Draughts",
    // section 2, "The opening of the game", index of openings: 1.32-28 18-23, the Chefneux
    // opening.
    (INT, "Chefneux", "32-28 18-23"),
];

/// The table replayed: the key of each row's last position, with the row, and the deepest
/// row's plies in each family (English, Russian, International).
struct Table {
    at: HashMap<u64, usize>,
    depth: [usize; 3],
}

/// The plies of `row` replayed in its variant: the keys of the positions after each, or why
/// a move could not be played.
///
/// # Errors
///
/// A move of the row is not legal there (a typo in the table).
pub fn replay_row(row: &Row) -> Result<Vec<u64>, String> {
    let (family, name, moves) = *row;
    let variant = family.variant();
    let plies: Vec<&str> = moves.split_whitespace().collect();
    let mut text = format!("[GameType \"{}\"]\n", variant.gametype());
    for (i, ply) in plies.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(ply);
        text.push(' ');
    }
    text.push('*');
    let file = crate::read_file(&text);
    let game = file
        .games
        .first()
        .ok_or_else(|| format!("{name}: no game read"))?;
    let r = crate::replay::replay(game);
    if let Some(e) = &r.error {
        return Err(format!("{name}: {} ({})", e.text, e.message));
    }
    if r.plies.len() != plies.len() || r.variant != Some(variant) {
        return Err(format!(
            "{name}: {} of {} plies replayed",
            r.plies.len(),
            plies.len()
        ));
    }
    Ok(r.plies
        .iter()
        .map(|p| crate::explore::key(variant, &p.position))
        .collect())
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut at = HashMap::new();
        let mut depth = [0; 3];
        for (i, row) in ROWS.iter().enumerate() {
            // A row that does not replay names nothing (the tests fail on it).
            if let Ok(keys) = replay_row(row)
                && let Some(&last) = keys.last()
            {
                at.entry(last).or_insert(i);
                let d = &mut depth[row.0 as usize];
                *d = (*d).max(keys.len());
            }
        }
        Table { at, depth }
    })
}

/// The name the table gives a replayed game: the row whose position the mainline reaches
/// deepest within the table's depth. `None` for a variant without names or a game that
/// reaches none of the rows' positions.
///
/// ```
/// // The Old Fourteenth, with White's two moves played the other way round.
/// let file = pdn::read_file("[GameType \"21\"] 1. 11-15 22-17 2. 8-11 23-19 3. 4-8 *");
/// let r = pdn::replay::replay(&file.games[0]);
/// assert_eq!(pdn::openings::name(&r), Some("Old Fourteenth"));
/// ```
#[must_use]
pub fn name(r: &Replay) -> Option<&'static str> {
    let variant = r.variant?;
    let family = Family::of(variant)?;
    let t = table();
    r.plies
        .iter()
        .take(t.depth[family as usize])
        .filter_map(|p| t.at.get(&crate::explore::key(variant, &p.position)))
        .next_back()
        .map(|&i| ROWS[i].1)
}

/// The value of an `Opening` tag as a name: `None` when it is empty or a placeholder (`?`,
/// `-`, `****`: files write an unknown value so).
///
/// ```
/// assert_eq!(pdn::openings::written(Some(" Kol ")), Some("Kol"));
/// assert_eq!(pdn::openings::written(Some("******")), None);
/// ```
#[must_use]
pub fn written(tag: Option<&str>) -> Option<&str> {
    tag.map(str::trim)
        .filter(|v| v.chars().any(|c| !matches!(c, '?' | '*' | '-' | ' ')))
}

/// A game's opening: its `Opening` tag (any case; see [`written`]), else the table's name for
/// its mainline ([`name`]).
#[must_use]
pub fn opening(game: &Game, r: &Replay) -> Option<String> {
    written(game.tag("Opening"))
        .or_else(|| name(r))
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(text: &str) -> Option<String> {
        let file = crate::read_file(text);
        let game = &file.games[0];
        opening(game, &crate::replay::replay(game))
    }

    #[test]
    fn every_row_replays_legally_and_no_two_reach_one_position() {
        let mut seen = HashMap::new();
        for row in ROWS {
            let keys = replay_row(row).unwrap_or_else(|e| panic!("row does not replay: {e}"));
            let last = *keys.last().expect("a row has moves");
            if let Some(other) = seen.insert(last, row.1) {
                panic!("{} and {other} reach the same position", row.1);
            }
        }
        assert_eq!(table().at.len(), ROWS.len());
    }

    #[test]
    fn a_typo_in_a_row_is_caught() {
        assert!(replay_row(&(EN, "Typo", "11-15 23-18 8-12")).is_err());
        assert!(replay_row(&(RU, "Typo", "c3-d4 d6-c5 b2-c3 f6-f5")).is_err());
    }

    #[test]
    fn the_deepest_row_names_the_game() {
        let old14 = "[GameType \"21\"] 1. 11-15 23-19 2. 8-11 22-17 3. 4-8 17-13 4. 15-18 *";
        assert_eq!(named(old14).as_deref(), Some("Old Fourteenth"));
        assert_eq!(
            named("[GameType \"21\"] 1. 11-15 23-19 2. 8-11 22-17 3. 9-13 25-22 *").as_deref(),
            Some("Laird and Lady Refused")
        );
        assert_eq!(
            named("[GameType \"21\"] 1. 11-15 23-19 2. 8-11 *").as_deref(),
            Some("Single Corner group")
        );
        assert_eq!(
            named("[GameType \"21\"] 1. 9-13 22-18 2. 12-16 *").as_deref(),
            Some("Edinburgh Single")
        );
    }

    #[test]
    fn a_transposed_order_gets_the_same_name() {
        // Old Fourteenth: 11-15 23-19 8-11 22-17 4-8, with 22-17 before 23-19.
        let a = named("[GameType \"21\"] 1. 11-15 23-19 2. 8-11 22-17 3. 4-8 *");
        let b = named("[GameType \"21\"] 1. 11-15 22-17 2. 8-11 23-19 3. 4-8 *");
        assert_eq!(a.as_deref(), Some("Old Fourteenth"));
        assert_eq!(a, b);
        // Городская партия with White's and Black's second moves swapped is not legal, but
        // 1.cd4 fg5 2.bc3 dc5 reaches it.
        let c = named("[GameType \"25\"] 1. c3-d4 f6-g5 2. b2-c3 d6-c5 *");
        assert_eq!(c.as_deref(), Some("Городская партия"));
    }

    #[test]
    fn an_opening_tag_wins() {
        let text = "[GameType \"21\"][OPENING \"Our own\"] 1. 11-15 24-20 *";
        assert_eq!(named(text).as_deref(), Some("Our own"));
        for placeholder in ["?", "", "****", "-"] {
            let text = format!("[GameType \"21\"][Opening \"{placeholder}\"] 1. 11-15 24-20 *");
            assert_eq!(named(&text).as_deref(), Some("Ayrshire Lassie"));
        }
    }

    #[test]
    fn variants_without_a_table_get_none() {
        // Italian draughts (22) and Brazilian (26) play these moves too, and have no names.
        assert_eq!(named("[GameType \"22\"] 1. 11-15 23-19 *"), None);
        assert_eq!(
            named("[GameType \"26\"] 1. c3-d4 d6-c5 2. b2-c3 f6-g5 *"),
            None
        );
        // Not played: no name.
        assert_eq!(named("[GameType \"21\"] *"), None);
    }

    #[test]
    fn russian_and_international_games_are_named() {
        assert_eq!(
            named("[GameType \"25\"] 1. c3-d4 b6-a5 2. d4-c5 d6:b4 3. a3:c5 f6-g5 *").as_deref(),
            Some("Кол")
        );
        assert_eq!(
            named("[GameType \"25\"] 1. a3-b4 b6-a5 2. e3-d4 a7-b6 *").as_deref(),
            Some("Игра Бодянского")
        );
        assert_eq!(
            named("1. 32-28 18-23 2. 33-29 *").as_deref(),
            Some("Chefneux")
        );
    }

    /// Games of the corpora (PDN_CORPORA) whose moves name them: checked by hand against
    /// the table's sources.
    #[test]
    fn corpus_games_get_their_names() {
        let Some(dir) = std::env::var_os("PDN_CORPORA").filter(|d| !d.is_empty()) else {
            eprintln!("skipped the corpus names test: set PDN_CORPORA");
            return;
        };
        let dir = std::path::PathBuf::from(dir);
        let path = dir.join("english/eygilbert-CheckerBoard__tinsley.pdn");
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("skipped the corpus names test: no {}", path.display());
            return;
        };
        let text = crate::encoding::decode(&bytes).0;
        let file = crate::read_file(&text);
        let mut named = 0;
        for game in &file.games {
            let r = crate::replay::replay(game);
            let Some(name) = name(&r) else { continue };
            named += 1;
            // Each named game really passes through its row's position.
            let row = ROWS.iter().find(|row| row.1 == name).expect("a row");
            let last = *replay_row(row).unwrap().last().unwrap();
            assert!(
                r.plies
                    .iter()
                    .any(|p| crate::explore::key(Variant::English, &p.position) == last)
            );
        }
        assert!(
            named * 2 > file.games.len(),
            "{named} of {} named",
            file.games.len()
        );
    }
}
