//! Tournament standings from a file's games: each player's points in the scoring the results are
//! written in (2-1-0 where a win is written `2-0`, else 1-½-0), the games played, and the usual
//! tie-breaks (Sonneborn-Berger, Buchholz — called Solkoff in America — and wins); each player's
//! games as cells for a crosstable (a round robin) or a round-by-round table (anything else).
//! Unfinished games (`*`) are listed as running and count for nothing yet.
//!
//! ```
//! let file = pdn::read_file(
//!     "[White \"Ann\"][Black \"Bob\"][Result \"2-0\"] *\n\
//!      [White \"Bob\"][Black \"Cid\"][Result \"1-1\"] *\n\
//!      [White \"Cid\"][Black \"Ann\"][Result \"0-2\"] *",
//! );
//! let table = pdn::standings::Standings::of_games(&file.games);
//! assert_eq!(table.scoring, pdn::standings::Scoring::TwoOneZero);
//! assert_eq!(table.format, pdn::standings::Format::RoundRobin { cycles: 1 });
//! let ann = &table.players[0];
//! assert_eq!((ann.name.as_str(), ann.points(table.scoring), ann.wins), ("Ann", 4.0, 2));
//! ```

use crate::replay::{Outcome, ResultReading, file_result_reading, outcome, replay};
use crate::types::Color;
use crate::{Game, GameHeader, GameType};
use std::collections::HashMap;

/// How points are written: a win is 2 and a draw 1 (`2-0`, `1-1`), or a win 1 and a draw ½.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// 2 for a win, 1 for a draw (International and Russian tournament files).
    TwoOneZero,
    /// 1 for a win, ½ for a draw.
    OneHalfZero,
}

impl Scoring {
    /// Points for `halves` half-wins (a draw is one, a win two).
    #[must_use]
    pub fn points(self, halves: u32) -> f64 {
        match self {
            Scoring::TwoOneZero => f64::from(halves),
            Scoring::OneHalfZero => f64::from(halves) / 2.0,
        }
    }
}

/// Whether everybody met everybody (a crosstable) or not (a round-by-round table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every pair of players met `cycles` times.
    RoundRobin {
        /// How many times each pair met.
        cycles: u32,
    },
    /// Anything else: a Swiss, a knockout, a round robin still under way.
    Swiss,
}

/// One game of the table, as its tags write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The `White` tag.
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The `Round` tag, when there is one.
    pub round: Option<String>,
    /// The result as written (`2-0`, `1/2-1/2`, `*`, …).
    pub written: String,
    /// What it says (`None`: unfinished or unreadable).
    pub outcome: Option<Outcome>,
}

/// One game of a player: against whom (an index into [`Standings::players`]), with which colour,
/// in which round, and how many half-wins it brought (`None`: still running).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The opponent's index in [`Standings::players`].
    pub opponent: usize,
    /// The colour played.
    pub color: Color,
    /// The `Round` tag.
    pub round: Option<String>,
    /// 2 a win, 1 a draw, 0 a loss; `None` while the game runs.
    pub halves: Option<u32>,
    /// The game's index in the file (from 0).
    pub game: usize,
}

/// A player's line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The name as the tags write it.
    pub name: String,
    /// The place, from 1 (players equal on every tie-break share it).
    pub rank: usize,
    /// Points in half-wins (see [`Player::points`]).
    pub halves: u32,
    /// Finished games.
    pub played: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Sonneborn-Berger in half-wins: the opponents' points, all of a beaten one's and half of
    /// a drawn one's.
    pub sonneborn_berger_halves: f64,
    /// Buchholz (Solkoff) in half-wins: the sum of the opponents' points.
    pub buchholz_halves: u32,
    /// The player's games, in file order.
    pub cells: Vec<Cell>,
}

impl Player {
    /// The points in `scoring`.
    #[must_use]
    pub fn points(&self, scoring: Scoring) -> f64 {
        scoring.points(self.halves)
    }

    /// Sonneborn-Berger in `scoring`.
    #[must_use]
    pub fn sonneborn_berger(&self, scoring: Scoring) -> f64 {
        match scoring {
            Scoring::TwoOneZero => self.sonneborn_berger_halves,
            Scoring::OneHalfZero => self.sonneborn_berger_halves / 2.0,
        }
    }

    /// Buchholz in `scoring`.
    #[must_use]
    pub fn buchholz(&self, scoring: Scoring) -> f64 {
        scoring.points(self.buchholz_halves)
    }

    /// Games still running.
    #[must_use]
    pub fn running(&self) -> u32 {
        self.cells.iter().filter(|c| c.halves.is_none()).count() as u32
    }
}

/// The table: players by rank.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// How points are written.
    pub scoring: Scoring,
    /// Crosstable or round by round.
    pub format: Format,
    /// Players by rank (then name).
    pub players: Vec<Player>,
    /// The rounds' labels in the order first met (empty when no game has a `Round` tag).
    pub rounds: Vec<String>,
}

/// A name that is no player (empty, `?`, a bye).
fn no_player(name: &str) -> bool {
    let n = name.trim();
    n.is_empty() || n == "?" || n == "-" || n.eq_ignore_ascii_case("bye")
}

/// Results that give 2 for a win.
fn two_point(written: &str) -> bool {
    matches!(written.trim(), "2-0" | "0-2" | "1-1")
}

/// What standings read of a game: its tags and its result. [`Game`] and [`GameHeader`] (the
/// game list's entries) both give them.
pub trait Tagged {
    /// The value of a tag.
    fn tag(&self, name: &str) -> Option<&str>;
    /// The result or `*` that ends the movetext, as written.
    fn written_result(&self) -> Option<&str>;
}

impl Tagged for Game {
    fn tag(&self, name: &str) -> Option<&str> {
        Game::tag(self, name)
    }
    fn written_result(&self) -> Option<&str> {
        self.result.as_deref()
    }
}

impl Tagged for GameHeader {
    fn tag(&self, name: &str) -> Option<&str> {
        GameHeader::tag(self, name)
    }
    fn written_result(&self) -> Option<&str> {
        self.result.as_deref()
    }
}

/// `game` replayed: who moved first there and the reading of the results its final position
/// shows; `None` when it could not be replayed. What [`Pairing::of`] asks of a game whose tag
/// does not say that White moves first.
#[must_use]
pub fn replayed(game: &Game) -> Option<(Color, Option<ResultReading>)> {
    let r = replay(game);
    let first = r.ruleset.as_ref()?.geometry.spec().first_player;
    Some((first, r.result_reading(game)))
}

/// Who moves first by the game's GameType tag ([`GameType::first_player`]); `None` without a
/// tag that says.
pub fn first_player(game: &impl Tagged) -> Option<Color> {
    game.tag("GameType")
        .and_then(|v| GameType::parse(v).ok())
        .and_then(|gt| gt.first_player())
}

impl Pairing {
    /// The pairings of `games` with their outcomes, read as the file writes its results (the
    /// first mover's score first, or White's where the file's decided games show that; see
    /// [`crate::replay::file_result_reading`]). Games are replayed only where the first mover
    /// is not White by the GameType tag, or the tag does not say (the variant is then told from
    /// the moves, as the rest of the crate does: an English game without a tag has Black first).
    #[must_use]
    pub fn of_games(games: &[Game]) -> Vec<Pairing> {
        Pairing::of(games, |_, g| replayed(g))
    }

    /// The same for any tagged games; `replayed(k, game)` replays game `k` and gives who moved
    /// first there and the reading of the results its final position shows
    /// ([`crate::replay::Replay::result_reading`]); asked only where the GameType tag does not
    /// say that White moves first.
    pub fn of<T: Tagged>(
        games: &[T],
        mut replayed: impl FnMut(usize, &T) -> Option<(Color, Option<ResultReading>)>,
    ) -> Vec<Pairing> {
        let seen: Vec<(Color, Option<ResultReading>)> = games
            .iter()
            .enumerate()
            .map(|(k, g)| match first_player(g) {
                Some(Color::White) => (Color::White, None),
                tagged => match replayed(k, g) {
                    Some((first, reading)) => (tagged.unwrap_or(first), reading),
                    None => (tagged.unwrap_or(Color::White), None),
                },
            })
            .collect();
        let file = file_result_reading(seen.iter().map(|s| s.1));
        games
            .iter()
            .zip(&seen)
            .map(|(g, &(first_mover, own))| {
                let written = g.tag("Result").or(g.written_result()).unwrap_or("*").trim();
                let first = match own.or(file) {
                    Some(ResultReading::WhiteFirst) => Color::White,
                    _ => first_mover,
                };
                Pairing {
                    white: g.tag("White").unwrap_or("").trim().to_string(),
                    black: g.tag("Black").unwrap_or("").trim().to_string(),
                    round: g
                        .tag("Round")
                        .map(str::trim)
                        .filter(|r| !r.is_empty() && *r != "?" && *r != "-")
                        .map(str::to_string),
                    written: written.to_string(),
                    outcome: outcome(written, first),
                }
            })
            .collect()
    }
}

impl Standings {
    /// The standings of a file's games.
    #[must_use]
    pub fn of_games(games: &[Game]) -> Standings {
        Standings::of_pairings(&Pairing::of_games(games))
    }

    /// The standings of `pairings` (games with a missing name or a bye are left out).
    ///
    /// ```
    /// use pdn::replay::Outcome;
    /// use pdn::standings::{Format, Pairing, Scoring, Standings};
    /// use pdn::Color;
    /// let game = |w: &str, b: &str, r: &str, o| Pairing {
    ///     white: w.into(), black: b.into(), round: Some(r.into()), written: String::new(), outcome: o,
    /// };
    /// let t = Standings::of_pairings(&[
    ///     game("A", "B", "1", Some(Outcome::Win(Color::White))),
    ///     game("C", "D", "1", Some(Outcome::Draw)),
    ///     game("A", "C", "2", None),
    /// ]);
    /// assert_eq!((t.scoring, t.format), (Scoring::OneHalfZero, Format::Swiss));
    /// assert_eq!(t.players[0].name, "A");
    /// assert_eq!(t.players[0].running(), 1);
    /// assert_eq!(t.rounds, ["1", "2"]);
    /// ```
    #[must_use]
    pub fn of_pairings(pairings: &[Pairing]) -> Standings {
        let scoring = if pairings.iter().any(|p| two_point(&p.written)) {
            Scoring::TwoOneZero
        } else {
            Scoring::OneHalfZero
        };
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut players: Vec<Player> = Vec::new();
        let mut rounds: Vec<String> = Vec::new();
        let mut meetings: HashMap<(usize, usize), u32> = HashMap::new();
        let mut id = |name: &str, players: &mut Vec<Player>| -> usize {
            *index.entry(name.to_string()).or_insert_with(|| {
                players.push(Player {
                    name: name.to_string(),
                    rank: 0,
                    halves: 0,
                    played: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    sonneborn_berger_halves: 0.0,
                    buchholz_halves: 0,
                    cells: Vec::new(),
                });
                players.len() - 1
            })
        };
        for (k, p) in pairings.iter().enumerate() {
            if no_player(&p.white) || no_player(&p.black) || p.white == p.black {
                continue;
            }
            let (w, b) = (id(&p.white, &mut players), id(&p.black, &mut players));
            if let Some(r) = &p.round {
                if !rounds.contains(r) {
                    rounds.push(r.clone());
                }
            }
            *meetings.entry((w.min(b), w.max(b))).or_default() += 1;
            let (hw, hb) = match p.outcome {
                Some(Outcome::Win(Color::White)) => (Some(2), Some(0)),
                Some(Outcome::Win(Color::Black)) => (Some(0), Some(2)),
                Some(Outcome::Draw) => (Some(1), Some(1)),
                None => (None, None),
            };
            for (me, them, color, halves) in [(w, b, Color::White, hw), (b, w, Color::Black, hb)] {
                let player = &mut players[me];
                player.cells.push(Cell {
                    opponent: them,
                    color,
                    round: p.round.clone(),
                    halves,
                    game: k,
                });
                if let Some(h) = halves {
                    player.halves += h;
                    player.played += 1;
                    match h {
                        2 => player.wins += 1,
                        1 => player.draws += 1,
                        _ => player.losses += 1,
                    }
                }
            }
        }
        // Tie-breaks from the opponents' final points.
        let totals: Vec<u32> = players.iter().map(|p| p.halves).collect();
        for p in &mut players {
            let (mut sb, mut bh) = (0.0, 0);
            for c in &p.cells {
                if let Some(h) = c.halves {
                    bh += totals[c.opponent];
                    sb += f64::from(h) / 2.0 * f64::from(totals[c.opponent]);
                }
            }
            p.sonneborn_berger_halves = sb;
            p.buchholz_halves = bh;
        }
        let n = players.len();
        let cycles = meetings.values().next().copied().unwrap_or(0);
        let format = if n >= 2
            && cycles > 0
            && meetings.len() == n * (n - 1) / 2
            && meetings.values().all(|&m| m == cycles)
        {
            Format::RoundRobin { cycles }
        } else {
            Format::Swiss
        };
        // Rank: points, then Sonneborn-Berger (round robin) or Buchholz (otherwise), the other
        // one, wins; then the name, which shares no place.
        let key = |p: &Player| {
            let (first, second) = match format {
                Format::RoundRobin { .. } => {
                    (p.sonneborn_berger_halves, f64::from(p.buchholz_halves))
                }
                Format::Swiss => (f64::from(p.buchholz_halves), p.sonneborn_berger_halves),
            };
            (p.halves, first, second, p.wins)
        };
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| {
            let (ka, kb) = (key(&players[a]), key(&players[b]));
            kb.0.cmp(&ka.0)
                .then(kb.1.total_cmp(&ka.1))
                .then(kb.2.total_cmp(&ka.2))
                .then(kb.3.cmp(&ka.3))
                .then_with(|| players[a].name.cmp(&players[b].name))
        });
        let mut place = vec![0; n];
        for (k, &i) in order.iter().enumerate() {
            place[i] = k;
        }
        let mut ranked: Vec<Player> = order.iter().map(|&i| players[i].clone()).collect();
        for p in &mut ranked {
            for c in &mut p.cells {
                c.opponent = place[c.opponent];
            }
        }
        for k in 0..n {
            ranked[k].rank = if k > 0 && key(&ranked[k]) == key(&ranked[k - 1]) {
                ranked[k - 1].rank
            } else {
                k + 1
            };
        }
        Standings {
            scoring,
            format,
            players: ranked,
            rounds,
        }
    }

    /// The table as CSV (RFC 4180, a header line, `.` decimals): rank, player, points, games,
    /// wins, draws, losses, Sonneborn-Berger, Buchholz, then one column per opponent by rank (a
    /// round robin: the points scored against them) or per round (otherwise: `W3 1` — the
    /// colour's initial, the opponent's rank and the points; `*` while running).
    ///
    /// ```
    /// let file = pdn::read_file("[White \"A, Jr\"][Black \"B\"][Result \"1-0\"] *");
    /// let csv = pdn::standings::Standings::of_games(&file.games).to_csv();
    /// assert_eq!(
    ///     csv,
    ///     "Rank,Player,Points,Games,Wins,Draws,Losses,SB,Buchholz,1,2\r\n\
    ///      1,\"A, Jr\",1,1,1,0,0,0,0,,1\r\n\
    ///      2,B,0,1,0,0,1,0,1,0,\r\n"
    /// );
    /// ```
    #[must_use]
    pub fn to_csv(&self) -> String {
        let s = self.scoring;
        let mut out = String::from("Rank,Player,Points,Games,Wins,Draws,Losses,SB,Buchholz");
        let columns: Vec<String> = match self.format {
            Format::RoundRobin { .. } => (1..=self.players.len()).map(|k| k.to_string()).collect(),
            Format::Swiss => self.rounds.iter().map(|r| format!("R{r}")).collect(),
        };
        for c in &columns {
            out.push(',');
            out.push_str(&csv_field(c));
        }
        out.push_str("\r\n");
        for (me, p) in self.players.iter().enumerate() {
            let fields = [
                p.rank.to_string(),
                csv_field(&p.name),
                number(p.points(s)),
                p.played.to_string(),
                p.wins.to_string(),
                p.draws.to_string(),
                p.losses.to_string(),
                number(p.sonneborn_berger(s)),
                number(p.buchholz(s)),
            ];
            out.push_str(&fields.join(","));
            match self.format {
                Format::RoundRobin { .. } => {
                    for them in 0..self.players.len() {
                        out.push(',');
                        if them == me {
                            continue;
                        }
                        let games: Vec<String> = p
                            .cells
                            .iter()
                            .filter(|c| c.opponent == them)
                            .map(|c| {
                                c.halves
                                    .map_or_else(|| "*".to_string(), |h| number(s.points(h)))
                            })
                            .collect();
                        out.push_str(&csv_field(&games.join(" ")));
                    }
                }
                Format::Swiss => {
                    for r in &self.rounds {
                        out.push(',');
                        let games: Vec<String> = p
                            .cells
                            .iter()
                            .filter(|c| c.round.as_ref() == Some(r))
                            .map(|c| {
                                let side = if c.color == Color::White { 'W' } else { 'B' };
                                let result = c
                                    .halves
                                    .map_or_else(|| "*".to_string(), |h| number(s.points(h)));
                                format!("{side}{} {result}", c.opponent + 1)
                            })
                            .collect();
                        out.push_str(&csv_field(&games.join(" ")));
                    }
                }
            }
            out.push_str("\r\n");
        }
        out
    }
}

/// A number as CSV writes it: `2`, `1.5`, `0.25`.
fn number(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
