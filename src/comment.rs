//! Commands inside comments (`[%clock …]`, `[%clk …]`, `[%eval …]`, `[%cal …]`, …): found and
//! read without changing the comment, so a writer can keep the comment text byte for byte.
//!
//! PDN 3.0 puts commands in comments as `[%NAME ARGS]`. [`parse`] splits a comment into its
//! commands (with their byte ranges in the comment) and the prose around them; typed accessors
//! read the common commands. Unknown commands are kept as they are, name and arguments.
//!
//! ```
//! let c = pdn::comment::parse("good move [%clock w0:09:55 B0:10:00] [%eval -0.35]");
//! assert_eq!(c.text, "good move");
//! assert_eq!(c.commands.len(), 2);
//! let clock = c.commands[0].clock().unwrap();
//! assert_eq!(clock.white.unwrap().seconds, 595);
//! assert!(clock.black.unwrap().running);
//! assert_eq!(c.commands[1].eval(), Some(pdn::comment::Eval::Score(-0.35)));
//! ```

use std::fmt;
use std::ops::Range;
use std::time::Duration;

/// A comment split into its prose and its `[%…]` commands.
#[derive(Clone, Debug, PartialEq)]
pub struct Comment {
    /// The comment without its commands: the pieces around them joined with one space, trimmed.
    pub text: String,
    /// The commands in the order written.
    pub commands: Vec<Command>,
}

/// One `[%NAME ARGS]` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The name without `%` (`clock`, `clk`, `eval`, …), as written.
    pub name: String,
    /// Everything after the name up to `]`, trimmed (`w0:09:55 B0:10:00`).
    pub args: String,
    /// Byte range of the whole `[%…]` in the comment text it was read from.
    pub span: Range<usize>,
}

/// Splits a comment into prose and commands.
///
/// A command starts at `[%` and ends at the next `]`; a `[%` without a `]` is prose. Nothing is
/// unescaped or normalised, so `&text[command.span.clone()]` is the command as written.
///
/// ```
/// let text = "{x} [%csl R12,G23][%unknown 1 2] done";
/// let c = pdn::comment::parse(text);
/// assert_eq!(c.text, "{x} done");
/// assert_eq!(&text[c.commands[1].span.clone()], "[%unknown 1 2]");
/// assert_eq!(c.commands[1].args, "1 2");
/// ```
#[must_use]
pub fn parse(text: &str) -> Comment {
    let mut commands = Vec::new();
    let mut prose: Vec<&str> = Vec::new();
    let mut from = 0;
    let mut search = 0;
    while let Some(i) = text[search..].find("[%") {
        let start = search + i;
        let Some(j) = text[start..].find(']') else {
            break;
        };
        let end = start + j + 1;
        let inner = &text[start + 2..end - 1];
        let name_len = inner
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inner.len());
        commands.push(Command {
            name: inner[..name_len].to_string(),
            args: inner[name_len..].trim().to_string(),
            span: start..end,
        });
        prose.push(&text[from..start]);
        from = end;
        search = end;
    }
    prose.push(&text[from..]);
    let mut out = String::new();
    for piece in prose.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(piece);
    }
    Comment {
        text: out,
        commands,
    }
}

impl fmt::Display for Command {
    /// `[%name args]`, or `[%name]` without arguments.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.args.is_empty() {
            write!(f, "[%{}]", self.name)
        } else {
            write!(f, "[%{} {}]", self.name, self.args)
        }
    }
}

/// One player's time in a `%clock` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockTime {
    /// Seconds on the clock.
    pub seconds: u32,
    /// Written with an upper-case `W`/`B`: this player's clock is running.
    pub running: bool,
}

/// The PDN 3.0 `[%clock w0:10:00 B0:09:55]` command: both players' clocks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// White's clock, if given.
    pub white: Option<ClockTime>,
    /// Black's clock, if given.
    pub black: Option<ClockTime>,
}

/// An engine evaluation from `[%eval …]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Eval {
    /// A score, positive when good for White (`[%eval -0.048]`).
    Score(f64),
    /// Mate in so many moves (`[%eval #3]`, `[%eval #-2]`).
    Mate(i32),
}

/// Reads `h:mm:ss`, `m:ss` or `s`, each part possibly with a decimal fraction on the last one.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(pdn::comment::parse_time("1:55:21"), Some(Duration::from_secs(6921)));
/// assert_eq!(pdn::comment::parse_time("0:0:9.5"), Some(Duration::from_millis(9500)));
/// assert_eq!(pdn::comment::parse_time("x"), None);
/// ```
#[must_use]
pub fn parse_time(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    let (last, whole) = parts.split_last()?;
    let mut seconds: u64 = 0;
    for p in whole {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(p.parse().ok()?)?;
    }
    let (int, frac) = last.split_once('.').unwrap_or((last, ""));
    if int.is_empty() || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    seconds = seconds.checked_mul(60)?.checked_add(int.parse().ok()?)?;
    let nanos = if frac.is_empty() {
        0
    } else {
        let digits: String = frac.chars().chain("000000000".chars()).take(9).collect();
        digits.parse().ok()?
    };
    Some(Duration::new(seconds, nanos))
}

impl Command {
    /// The `%clock` command's clocks (PDN 3.0): one or two times, each after `w`/`b` (upper
    /// case: that clock is running). `None` for other commands or unreadable arguments.
    ///
    /// ```
    /// let c = pdn::comment::parse("[%clock W1:02:03]");
    /// let clock = c.commands[0].clock().unwrap();
    /// assert_eq!(clock.white.unwrap().seconds, 3723);
    /// assert!(clock.white.unwrap().running && clock.black.is_none());
    /// ```
    #[must_use]
    pub fn clock(&self) -> Option<Clock> {
        if self.name != "clock" {
            return None;
        }
        let mut clock = Clock::default();
        let mut any = false;
        for part in self.args.split_whitespace() {
            let side = part.chars().next()?;
            let time = parse_time(&part[side.len_utf8()..])?;
            let t = ClockTime {
                seconds: u32::try_from(time.as_secs()).ok()?,
                running: side.is_ascii_uppercase(),
            };
            match side {
                'w' | 'W' => clock.white = Some(t),
                'b' | 'B' => clock.black = Some(t),
                _ => return None,
            }
            any = true;
        }
        any.then_some(clock)
    }

    /// The time of a `%clk` (time left), `%emt` (move time), `%egt` (game time) or `%mct`
    /// (mechanical clock) command.
    ///
    /// ```
    /// let c = pdn::comment::parse("[%clk 0:01:30]");
    /// assert_eq!(c.commands[0].time(), Some(std::time::Duration::from_secs(90)));
    /// ```
    #[must_use]
    pub fn time(&self) -> Option<Duration> {
        match self.name.as_str() {
            "clk" | "emt" | "egt" | "mct" => parse_time(&self.args),
            _ => None,
        }
    }

    /// The `%eval` command's evaluation.
    ///
    /// ```
    /// use pdn::comment::{Eval, parse};
    /// assert_eq!(parse("[%eval 1.5]").commands[0].eval(), Some(Eval::Score(1.5)));
    /// assert_eq!(parse("[%eval #-2]").commands[0].eval(), Some(Eval::Mate(-2)));
    /// ```
    #[must_use]
    pub fn eval(&self) -> Option<Eval> {
        if self.name != "eval" {
            return None;
        }
        let value = self.args.split([' ', ',']).next()?;
        match value.strip_prefix('#') {
            Some(m) => m.parse().ok().map(Eval::Mate),
            None => value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(Eval::Score),
        }
    }

    /// The squares of a `%csl` command: `(colour letter, square)` pairs (`R12,G23`).
    ///
    /// ```
    /// let c = pdn::comment::parse("[%csl R12,G23]");
    /// assert_eq!(c.commands[0].squares().unwrap(), [('R', "12".to_string()), ('G', "23".to_string())]);
    /// ```
    #[must_use]
    pub fn squares(&self) -> Option<Vec<(char, String)>> {
        if self.name != "csl" {
            return None;
        }
        self.items()
            .map(|item| {
                let colour = item.chars().next()?;
                let square = &item[colour.len_utf8()..];
                (!square.is_empty()).then(|| (colour, square.to_string()))
            })
            .collect()
    }

    /// The arrows of a `%cal` command: `(colour letter, from, to)` (`R12-23` or `Rc3e5`).
    ///
    /// ```
    /// let c = pdn::comment::parse("[%cal R12-23,Gc3e5]");
    /// let arrows = c.commands[0].arrows().unwrap();
    /// assert_eq!(arrows[0], ('R', "12".to_string(), "23".to_string()));
    /// assert_eq!(arrows[1], ('G', "c3".to_string(), "e5".to_string()));
    /// ```
    #[must_use]
    pub fn arrows(&self) -> Option<Vec<(char, String, String)>> {
        if self.name != "cal" {
            return None;
        }
        self.items()
            .map(|item| {
                let colour = item.chars().next()?;
                let rest = &item[colour.len_utf8()..];
                let (from, to) = match rest.split_once('-') {
                    Some(pair) => pair,
                    // Algebraic squares without a separator: `c3e5`.
                    None if rest.len() == 4 && rest.is_ascii() => rest.split_at(2),
                    None => return None,
                };
                (!from.is_empty() && !to.is_empty())
                    .then(|| (colour, from.to_string(), to.to_string()))
            })
            .collect()
    }

    fn items(&self) -> impl Iterator<Item = &str> {
        self.args
            .split([',', ' '])
            .map(str::trim)
            .filter(|s| !s.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unterminated_and_empty_commands() {
        let c = parse("a [%clk 1:00");
        assert!(c.commands.is_empty());
        assert_eq!(c.text, "a [%clk 1:00");
        let c = parse("[%inbook]");
        assert_eq!(c.commands[0].name, "inbook");
        assert_eq!(c.commands[0].args, "");
        assert_eq!(c.commands[0].to_string(), "[%inbook]");
        assert_eq!(c.text, "");
    }

    #[test]
    fn real_dragon_output() {
        let text = "[%eval -0.048] [%depth 12] [%egt 0:0:9.56] [%drgnode 0 1]";
        let c = parse(text);
        let names: Vec<&str> = c.commands.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["eval", "depth", "egt", "drgnode"]);
        assert_eq!(c.commands[2].time(), Some(Duration::from_millis(9560)));
        for cmd in &c.commands {
            assert_eq!(text[cmd.span.clone()], cmd.to_string());
        }
    }

    #[test]
    fn bad_arguments_give_none() {
        assert_eq!(parse("[%clock x1:00]").commands[0].clock(), None);
        assert_eq!(parse("[%clock]").commands[0].clock(), None);
        assert_eq!(parse("[%eval mate]").commands[0].eval(), None);
        assert_eq!(parse("[%clk 1:xx]").commands[0].time(), None);
        assert_eq!(parse("[%cal R12]").commands[0].arrows(), None);
        assert_eq!(parse("[%eval 1]").commands[0].clock(), None);
    }
}
