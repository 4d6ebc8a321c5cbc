//! FEN strings (`W:W31-50:B1-20`): reading them leniently into an unchecked [`Setup`].
//!
//! Accepted beyond the PDN 3.0 grammar, as real files need: ranges (also after `K`), a trailing
//! `.`, `?` as a colour, empty sides, lower-case letters, surrounding quotes and spaces, and the
//! extra fields lidraughts appends (`:H0:F1`, ghost pieces `G12`/`P12`, Frisian `+…` counters),
//! which are skipped.

use std::fmt;
use std::str::FromStr;

use crate::types::{Color, Role};

/// A position as a FEN describes it: not checked against any board or rules.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// The side to move; `None` when the FEN says `?`.
    pub turn: Option<Color>,
    /// Every piece: colour, role and square as written (ranges already expanded).
    pub pieces: Vec<(Color, Role, String)>,
}

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseFenError {
    /// The text is empty.
    Empty,
    /// The first field is not the side to move (`W`, `B` or `?`); the field as written.
    BadTurn(String),
    /// A square list starts with something else than `W` or `B`; that character.
    BadColor(char),
    /// An item with a `-` that is not a range of square numbers; the item as written.
    BadRange(String),
    /// An item that is not a square; the item as written.
    BadSquare(String),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("the FEN is empty"),
            ParseFenError::BadTurn(t) => write!(
                f,
                "the FEN should start with the side to move (W, B or ?), not \"{t}\""
            ),
            ParseFenError::BadColor(c) => {
                write!(f, "a FEN square list should start with W or B, not \"{c}\"")
            }
            ParseFenError::BadRange(item) => {
                write!(f, "\"{item}\" is not a range of square numbers")
            }
            ParseFenError::BadSquare(item) => write!(f, "\"{item}\" is not a square"),
        }
    }
}

impl std::error::Error for ParseFenError {}

impl ParseFenError {
    /// Its values by name, for [`crate::diagnostic::Diagnostic::args`]: `why` (a key:
    /// `fen-empty`, `fen-bad-turn`, `fen-bad-color`, `fen-bad-range`, `fen-bad-square`) and the
    /// `value` as written.
    #[must_use]
    pub fn args(&self) -> Vec<crate::diagnostic::Arg> {
        let (why, value) = match self {
            ParseFenError::Empty => return vec![("why", "fen-empty".to_string())],
            ParseFenError::BadTurn(t) => ("fen-bad-turn", t.clone()),
            ParseFenError::BadColor(c) => ("fen-bad-color", c.to_string()),
            ParseFenError::BadRange(item) => ("fen-bad-range", item.clone()),
            ParseFenError::BadSquare(item) => ("fen-bad-square", item.clone()),
        };
        vec![("why", why.to_string()), ("value", value)]
    }
}

/// Longest range accepted in a FEN (`1-50` is 50 squares; larger boards need at most 72).
const MAX_RANGE: u32 = 200;

impl Setup {
    /// Reads a FEN.
    ///
    /// ```
    /// use pdn::{Color, Role, Setup};
    /// let s = Setup::parse("W:W31-33,K45:B1.").unwrap();
    /// assert_eq!(s.turn, Some(Color::White));
    /// assert_eq!(s.pieces.len(), 5);
    /// assert_eq!(s.pieces[3], (Color::White, Role::King, "45".to_string()));
    /// ```
    ///
    /// # Errors
    /// When the side to move or a square list cannot be read.
    pub fn parse(text: &str) -> Result<Setup, ParseFenError> {
        let t = text
            .trim()
            .trim_matches(|c| c == '"' || c == '\u{201c}' || c == '\u{201d}')
            .trim();
        let t = t.strip_suffix('.').unwrap_or(t).trim();
        let mut fields = t.split(':');
        let turn_field = fields.next().unwrap_or("").trim();
        let turn = match turn_field {
            "W" | "w" => Some(Color::White),
            "B" | "b" => Some(Color::Black),
            "?" => None,
            "" => return Err(ParseFenError::Empty),
            other => return Err(ParseFenError::BadTurn(other.to_string())),
        };
        let mut setup = Setup {
            turn,
            pieces: Vec::new(),
        };
        for field in fields {
            let field = field.trim().trim_end_matches('.');
            let mut chars = field.chars();
            let color = match chars.next() {
                None => continue,
                Some(c @ ('W' | 'w' | 'B' | 'b')) => Color::from_char(c),
                // lidraughts' halfmove clock, fullmove number and Frisian counters.
                Some('H' | 'h' | 'F' | 'f' | '+') => continue,
                // `?` for an unknown colour: nothing to place.
                Some('?') => None,
                Some(c) => return Err(ParseFenError::BadColor(c)),
            };
            let Some(color) = color else { continue };
            for item in chars.as_str().split(',') {
                setup.read_item(color, item.trim())?;
            }
        }
        Ok(setup)
    }

    fn read_item(&mut self, color: Color, item: &str) -> Result<(), ParseFenError> {
        if item.is_empty() {
            return Ok(());
        }
        let (role, rest) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (Role::King, rest.trim()),
            None => (Role::Man, item),
        };
        // lidraughts' ghost pieces (`G12`, `P12`: captured but not yet removed) are not on the
        // board. Upper case only: `g7` is an algebraic square.
        if role == Role::Man
            && rest.starts_with(['G', 'P'])
            && rest.len() > 1
            && rest[1..].bytes().all(|b| b.is_ascii_digit())
        {
            return Ok(());
        }
        if let Some((a, b)) = rest.split_once('-') {
            let (a, b) = (a.trim(), b.trim());
            match (a.parse::<u32>(), b.parse::<u32>()) {
                (Ok(lo), Ok(hi)) if lo <= hi && hi - lo < MAX_RANGE => {
                    for n in lo..=hi {
                        self.pieces.push((color, role, n.to_string()));
                    }
                    Ok(())
                }
                _ => Err(ParseFenError::BadRange(item.to_string())),
            }
        } else if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric()) {
            self.pieces.push((color, role, rest.to_string()));
            Ok(())
        } else {
            Err(ParseFenError::BadSquare(item.to_string()))
        }
    }
}

/// A square label in its canonical form, with a key that orders squares as a board's internal
/// order does: numbers without leading zeros in ascending order; algebraic names in lower case,
/// bottom row first.
fn canonical(label: &str) -> (String, (u32, u32, String)) {
    if label.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = label.parse().unwrap_or(u32::MAX);
        return (n.to_string(), (0, n, String::new()));
    }
    let lower = label.to_ascii_lowercase();
    let (file, rank) = lower.split_at(lower.chars().next().map_or(0, char::len_utf8));
    let key = (1, rank.parse().unwrap_or(u32::MAX), file.to_string());
    (lower, key)
}

/// The canonical FEN: the side to move (`?` when unknown), then `:W` and `:B` with each side's
/// squares in board order, `K` before kings and no ranges, as [`Position::to_fen`] writes it.
///
/// [`Position::to_fen`]: crate::Position::to_fen
///
/// ```
/// use pdn::{Color, Position, Ruleset, Setup, Variant};
/// let setup: Setup = "B:W33,K32,31:BK03-05.".parse().unwrap();
/// assert_eq!(setup.to_string(), "B:W31,K32,33:BK3,K4,K5");
/// let rs = Ruleset::of(Variant::International).unwrap();
/// let pos = Position::from_setup(&setup, &rs.geometry, Color::White).unwrap();
/// assert_eq!(pos.to_fen(&rs.geometry), setup.to_string());
/// ```
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let turn = self.turn.map_or('?', Color::fen_char);
        write!(f, "{turn}")?;
        for color in [Color::White, Color::Black] {
            let mut side: Vec<_> = self
                .pieces
                .iter()
                .filter(|p| p.0 == color)
                .map(|(_, role, label)| {
                    let (text, key) = canonical(label);
                    (key, *role, text)
                })
                .collect();
            side.sort_by(|a, b| a.0.cmp(&b.0));
            write!(f, ":{}", color.fen_char())?;
            for (i, (_, role, text)) in side.iter().enumerate() {
                let sep = if i == 0 { "" } else { "," };
                let king = if *role == Role::King { "K" } else { "" };
                write!(f, "{sep}{king}{text}")?;
            }
        }
        Ok(())
    }
}

/// [`Setup::parse`].
impl FromStr for Setup {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        Setup::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_world_fens() {
        let s = Setup::parse("W:W31-50:B1-20").unwrap();
        assert_eq!(s.pieces.len(), 40);
        let s = Setup::parse("\"B:W21,K5:BK17,K14.\"").unwrap();
        assert_eq!(s.turn, Some(Color::Black));
        assert_eq!(s.pieces.len(), 4);
        assert_eq!(s.pieces[3], (Color::Black, Role::King, "14".into()));
        let s = Setup::parse("?:W29,13,11:B22,4,2").unwrap();
        assert_eq!(s.turn, None);
        let s = Setup::parse("W:W:B1,2").unwrap();
        assert_eq!(s.pieces.len(), 2);
        let s = Setup::parse("B::").unwrap();
        assert!(s.pieces.is_empty());
        let s = Setup::parse("W:W31,32:B1,G2,3:H0:F1").unwrap();
        assert_eq!(s.pieces.len(), 4);
        let s = Setup::parse("W:Wg1,g3:Bh8").unwrap();
        assert_eq!(s.pieces.len(), 3, "g is a file, not a ghost piece");
        let s = Setup::parse("W:WK31-33:Bc3,e5").unwrap();
        assert_eq!(s.pieces[2], (Color::White, Role::King, "33".into()));
        assert_eq!(s.pieces[3], (Color::Black, Role::Man, "c3".into()));
    }

    #[test]
    fn canonical_text_reads_back() {
        for fen in ["W:W31-50:B1-20", "?:Wg1,c1,a3:Bh8,KB6", "B::", "W:W:B"] {
            let s: Setup = fen.parse().unwrap();
            let again: Setup = s.to_string().parse().unwrap();
            assert_eq!(again.to_string(), s.to_string(), "{fen}");
        }
        let s: Setup = "?:Wg1,c1,a3:Bh8,KB6".parse().unwrap();
        assert_eq!(s.to_string(), "?:Wc1,g1,a3:BKb6,h8");
        assert_eq!(Setup::default().to_string(), "?:W:B");
    }

    #[test]
    fn error_messages() {
        assert_eq!(Setup::parse(""), Err(ParseFenError::Empty));
        assert_eq!(
            Setup::parse("X:W1").unwrap_err().to_string(),
            "the FEN should start with the side to move (W, B or ?), not \"X\""
        );
        assert_eq!(Setup::parse("W:Z1"), Err(ParseFenError::BadColor('Z')));
        assert_eq!(
            Setup::parse("W:W5-1").unwrap_err().to_string(),
            "\"5-1\" is not a range of square numbers"
        );
        assert_eq!(
            Setup::parse("W:W1;2").unwrap_err().to_string(),
            "\"1;2\" is not a square"
        );
    }

    #[test]
    fn broken_fens_are_errors() {
        for bad in ["", "X:W1", "W:Z1", "W:W5-1", "W:W1-100000", "W:W1;2"] {
            assert!(Setup::parse(bad).is_err(), "{bad}");
        }
    }
}
