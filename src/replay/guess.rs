//! Which variant a game without a `GameType` tag is: from its `Variant` tag, its FEN's board and
//! its first moves, most likely first, with the reason said.

use super::*;

/// The GameTypes a game without the tag may be, most likely first, with why: from the `Variant`
/// tag some sites write, else from the board size the FEN and the squares point to, then the
/// first moves. The replay tries the others when the first cannot play the game.
pub(super) fn candidate_gametypes(game: &Game) -> (Vec<u32>, String, Vec<Arg>) {
    let (candidates, clue) = guess(
        game.tag("Variant"),
        game.start_fen(),
        game.moves.iter().map(|n| {
            n.notation
                .as_ref()
                .map(|m| m.squares.iter().map(|l| l.as_str()))
        }),
    );
    let (why, args) = match clue {
        Clue::VariantTag(n) => {
            let name = game.tag("Variant").unwrap_or_default().trim();
            return (
                vec![n],
                format!("the Variant tag \"{name}\""),
                self::clue("variant-tag", Some(("value", name.to_string()))),
            );
        }
        Clue::Algebraic => (
            "algebraic squares".to_string(),
            self::clue("algebraic", None),
        ),
        Clue::SquaresUpTo(max) => (
            format!("squares up to {max}"),
            self::clue("squares-up-to", Some(("max", max.to_string()))),
        ),
        Clue::FirstMove(from) => (
            format!("a first move from square {from}"),
            self::clue("first-move", Some(("square", from.to_string()))),
        ),
        Clue::FirstMoveWhite(from) => (
            format!("a first move by White from square {from}"),
            self::clue("first-move-white", Some(("square", from.to_string()))),
        ),
        Clue::NoMoves => (
            "no moves to judge from".to_string(),
            self::clue("no-moves", None),
        ),
    };
    (candidates.to_vec(), why, args)
}

/// What a game without a `GameType` tag shows of its variant ([`guess`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clue {
    /// A `Variant` tag naming a known variant: its GameType.
    VariantTag(u32),
    /// Squares named by letter and digit.
    Algebraic,
    /// The highest square number written.
    SquaresUpTo(u32),
    /// The first move's start square, on a 10×10 board.
    FirstMove(u32),
    /// The first move's start square, White's on an 8×8 board.
    FirstMoveWhite(u32),
    /// Nothing to go by.
    NoMoves,
}

/// The GameTypes to try, most likely first, for a game without a `GameType` tag, from its
/// `Variant` tag, its start FEN and its mainline's moves (each the labels of its squares, as
/// written; `None`: a move that could not be read): the one guess of [`replay`] and of
/// [`crate::mainline`].
pub(crate) fn guess<'m, M: Iterator<Item = &'m str>>(
    variant: Option<&str>,
    fen: Option<&str>,
    moves: impl Iterator<Item = Option<M>> + Clone,
) -> (&'static [u32], Clue) {
    if let Some(n) = variant.and_then(gametype_of_variant_name) {
        return (&[], Clue::VariantTag(n));
    }
    let mut max_number = 0u32;
    let mut algebraic = false;
    let mut seen = |label: &str| {
        let b = label.as_bytes();
        if b.first().is_some_and(u8::is_ascii_alphabetic) {
            algebraic = true;
        } else if (1..=9).contains(&b.len()) && b.iter().all(u8::is_ascii_digit) {
            // The usual label (`32`), valued here: `str::parse`'s general checks cost more
            // than the rest of the guess.
            let n = b.iter().fold(0, |v, &d| v * 10 + u32::from(d - b'0'));
            max_number = max_number.max(n);
        } else if let Ok(n) = label.parse::<u32>() {
            max_number = max_number.max(n);
        }
    };
    if let Some(setup) = fen.and_then(|f| Setup::parse(f).ok()) {
        for (_, _, label) in &setup.pieces {
            seen(label);
        }
    }
    for squares in moves.clone().take(40).flatten() {
        for s in squares {
            seen(s);
        }
    }
    if algebraic {
        return (&[25, 29, 26], Clue::Algebraic);
    }
    // A first move from 31-35 is White's opening move on a 10×10 board (on 8×8 boards those
    // squares are the back row or off the board); pydraughts guesses the same way.
    let first_from = moves
        .clone()
        .next()
        .flatten()
        .and_then(|mut squares| squares.next()?.parse::<u32>().ok());
    // With a FEN the first move says nothing about the board: pieces can stand anywhere.
    let opening = first_from.filter(|_| fen.is_none());
    match (max_number, opening) {
        (51..=72, _) => (&[27], Clue::SquaresUpTo(max_number)),
        (33..=50, _) => (&[20, 40], Clue::SquaresUpTo(max_number)),
        (_, Some(from @ 31..=35)) => (&[20, 40, 21, 23, 22], Clue::FirstMove(from)),
        // A first move from 21-24 is White's, and of the 8×8 numeric games only Italian has
        // White on 21-32 moving first.
        (1..=32, Some(from @ 21..=24)) => (&[22, 21, 23], Clue::FirstMoveWhite(from)),
        (1..=32, _) => (&[21, 23, 22, 20, 40], Clue::SquaresUpTo(max_number)),
        _ => (&[20], Clue::NoMoves),
    }
}

/// The arguments of a guess's reason: `clue` (a key) and its value, if any.
pub(super) fn clue(key: &str, value: Option<Arg>) -> Vec<Arg> {
    let mut args = vec![("clue", key.to_string())];
    args.extend(value);
    args
}

/// The variant the tags name, without looking at the moves: the `GameType` tag (lidraughts'
/// private numbers included), else a `Variant` tag. `None` when the tags say nothing usable.
///
/// ```
/// use pdn::{replay::tag_variant, variant::Variant};
/// assert_eq!(tag_variant(Some("25"), None), Some(Variant::Russian));
/// assert_eq!(tag_variant(None, Some("Frisian")), Some(Variant::Frisian));
/// assert_eq!(tag_variant(Some("97"), None), Some(Variant::Frisian));
/// assert_eq!(tag_variant(None, None), None);
/// ```
#[must_use]
pub fn tag_variant(gametype: Option<&str>, variant: Option<&str>) -> Option<Variant> {
    if let Some(g) = gametype.and_then(|g| GameType::parse(g).ok()) {
        return g.variant_played();
    }
    variant
        .and_then(gametype_of_variant_name)
        .and_then(Variant::from_gametype)
}

/// The GameType of a variant name as sites write it in a `Variant` tag (lidraughts,
/// PlayStrategy, pydraughts), if known: [`Variant`]'s `FromStr`.
pub(super) fn gametype_of_variant_name(name: &str) -> Option<u32> {
    name.parse::<Variant>().ok().map(Variant::gametype)
}
