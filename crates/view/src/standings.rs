//! The standings view (`view=standings`): the core's table ([`pdn::standings`]) in the page's
//! wire form, points in the file's own scoring, opponents by their place in the table.

use pdn::Color;
use pdn::standings::{Format, Scoring, Standings};
use serde::Serialize;

/// One game of a player's line.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "StandingsCell"))]
pub struct CellView {
    /// The opponent's place in `players` (from 0).
    pub opponent: usize,
    /// `white` or `black`.
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub color: &'static str,
    /// The `Round` tag.
    pub round: Option<String>,
    /// The points it brought; `null` while it runs.
    pub points: Option<f64>,
    /// The game's number in the file, from 1.
    pub game: usize,
}

/// A player's line.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "StandingsPlayer"))]
pub struct PlayerView {
    /// The name as the tags write it.
    pub name: String,
    /// The place, from 1 (shared when equal on every tie-break).
    pub rank: usize,
    /// Points.
    pub points: f64,
    /// Finished games.
    pub played: u32,
    /// Games still running.
    pub running: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Sonneborn-Berger.
    pub sb: f64,
    /// Buchholz (Solkoff).
    pub buchholz: f64,
    /// The games, in file order.
    pub cells: Vec<CellView>,
}

/// The table.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Standings"))]
pub struct StandingsView {
    /// `2-1-0` or `1-½-0`.
    #[cfg_attr(feature = "ts", ts(type = "'2-1-0' | '1-½-0'"))]
    pub scoring: &'static str,
    /// `round-robin` (a crosstable) or `swiss` (round by round).
    #[cfg_attr(feature = "ts", ts(type = "'round-robin' | 'swiss'"))]
    pub format: &'static str,
    /// How many times each pair met, in a round robin (else 0).
    pub cycles: u32,
    /// The rounds' labels in order.
    pub rounds: Vec<String>,
    /// Players by place.
    pub players: Vec<PlayerView>,
    /// The same table as CSV ([`Standings::to_csv`]), for the download.
    pub csv: String,
}

impl StandingsView {
    /// The view of `table`.
    ///
    /// ```
    /// let file = pdn::read_file("[White \"A\"][Black \"B\"][Result \"1-0\"] 1-0");
    /// let t = pdn::standings::Standings::of_games(&file.games);
    /// let v = pdn_view::standings::StandingsView::of(&t);
    /// assert_eq!((v.scoring, v.format, v.players[0].points), ("1-½-0", "round-robin", 1.0));
    /// assert_eq!(v.players[1].cells[0].points, Some(0.0));
    /// ```
    #[must_use]
    pub fn of(table: &Standings) -> StandingsView {
        let s = table.scoring;
        StandingsView {
            scoring: match s {
                Scoring::TwoOneZero => "2-1-0",
                Scoring::OneHalfZero => "1-½-0",
            },
            format: match table.format {
                Format::RoundRobin { .. } => "round-robin",
                Format::Swiss => "swiss",
            },
            cycles: match table.format {
                Format::RoundRobin { cycles } => cycles,
                Format::Swiss => 0,
            },
            rounds: table.rounds.clone(),
            players: table
                .players
                .iter()
                .map(|p| PlayerView {
                    name: p.name.clone(),
                    rank: p.rank,
                    points: p.points(s),
                    played: p.played,
                    running: p.running(),
                    wins: p.wins,
                    draws: p.draws,
                    losses: p.losses,
                    sb: p.sonneborn_berger(s),
                    buchholz: p.buchholz(s),
                    cells: p
                        .cells
                        .iter()
                        .map(|c| CellView {
                            opponent: c.opponent,
                            color: if c.color == Color::White {
                                "white"
                            } else {
                                "black"
                            },
                            round: c.round.clone(),
                            points: c.halves.map(|h| s.points(h)),
                            game: c.game + 1,
                        })
                        .collect(),
                })
                .collect(),
            csv: table.to_csv(),
        }
    }
}
