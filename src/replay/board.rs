//! The variant's rules and board for a replay: shared per thread, labelled the other way when
//! the moves are written in the other notation, and the start position from a FEN.

use super::*;

/// A variant's rules and board, shared by every replay of that variant.
pub(crate) type Shared = (Arc<Ruleset>, Arc<Geometry>);

/// The ruleset and board of a variant, built once per thread: a board has a label per square,
/// and building it for every game of a large file would cost more than replaying the game.
pub(crate) fn shared_ruleset(v: Variant) -> Option<Shared> {
    thread_local! {
        static CACHE: RefCell<Vec<(Variant, Option<Shared>)>> = const { RefCell::new(Vec::new()) };
    }
    CACHE.with(|cache| {
        if let Some((_, hit)) = cache.borrow().iter().find(|(k, _)| *k == v) {
            return hit.clone();
        }
        let built = Ruleset::of(v).map(|rs| {
            let g = Arc::new(rs.geometry.clone());
            (Arc::new(rs), g)
        });
        cache.borrow_mut().push((v, built.clone()));
        built
    })
}

/// The variant's rules on its board labelled the other way, when the game's moves use algebraic
/// names on a numbered board or numbers on an algebraic one (PlayStrategy writes English games as
/// `c3-d4`), from the first move that could be read; `None` when the moves fit the standard
/// board.
pub(crate) fn renotated(rs: &Ruleset, first: Option<&PdnMove>) -> Option<Ruleset> {
    let first = first?;
    let algebraic = first.squares[0].starts_with(|c: char| c.is_ascii_alphabetic());
    let mut spec = *rs.geometry.spec();
    let wanted = if algebraic {
        Notation::Algebraic
    } else {
        Notation::Numeric
    };
    if spec.notation == wanted {
        return None;
    }
    spec.notation = wanted;
    spec.corner = Corner::from_digit(if algebraic { 0 } else { 2 })?;
    let geometry = Geometry::new(spec).ok()?;
    Some(Ruleset {
        variant: rs.variant,
        geometry,
        rules: rs.rules,
    })
}

/// The key of [`notation_words`] in a diagnostic's arguments.
pub(super) fn notation_key(n: Notation) -> &'static str {
    match n {
        Notation::Numeric => "numeric",
        Notation::Algebraic => "algebraic",
    }
}

pub(super) fn other_notation(n: Notation) -> Notation {
    match n {
        Notation::Numeric => Notation::Algebraic,
        Notation::Algebraic => Notation::Numeric,
    }
}

/// The board `g` labelled the other way (numbers ↔ letter and digit), numbered as
/// [`renotated`] numbers it.
pub(super) fn relabelled_board(g: &Geometry) -> Option<Geometry> {
    let mut spec = *g.spec();
    spec.notation = other_notation(spec.notation);
    spec.corner = Corner::from_digit(match spec.notation {
        Notation::Algebraic => 0,
        Notation::Numeric => 2,
    })?;
    Geometry::new(spec).ok()
}

/// Reads a FEN on board `g`. When its squares do not fit `g` but fit the same board labelled the
/// other way (a FEN in numbers over moves in letters and digits, as old Russian files write the
/// start position), it is read that way; the flag says so.
///
/// ```
/// use pdn::{Color, Ruleset, Variant};
/// let rs = Ruleset::of(Variant::Russian).unwrap();
/// let (pos, relabelled) =
///     pdn::replay::fen_position("W:W21-32:B1-12", &rs.geometry, Color::White).unwrap();
/// assert!(relabelled);
/// assert_eq!(pos, rs.start_position());
/// ```
///
/// # Errors
/// When the FEN fits neither labelling: the error of the reading on `g`.
pub fn fen_position(
    fen: &str,
    g: &Geometry,
    default_turn: Color,
) -> Result<(Position, bool), crate::position::PositionError> {
    let setup = Setup::parse(fen).map_err(crate::position::PositionError::Fen)?;
    let error = match Position::from_setup(&setup, g, default_turn) {
        Ok(p) => return Ok((p, false)),
        Err(e) => e,
    };
    let other_kind = |label: &str| match g.spec().notation {
        Notation::Algebraic => label.bytes().all(|b| b.is_ascii_digit()),
        Notation::Numeric => label.starts_with(|c: char| c.is_ascii_alphabetic()),
    };
    if setup.pieces.is_empty() || !setup.pieces.iter().all(|(_, _, l)| other_kind(l)) {
        return Err(error);
    }
    let Some(other) = relabelled_board(g) else {
        return Err(error);
    };
    let mut moved = setup.clone();
    for (_, _, label) in &mut moved.pieces {
        let Some(sq) = other.parse_square(label).ok().and_then(|sq| {
            let info = other.info(sq);
            g.at(info.file, info.rank)
        }) else {
            return Err(error);
        };
        *label = g.label(sq).to_string();
    }
    Position::from_setup(&moved, g, default_turn)
        .map(|p| (p, true))
        .map_err(|_| error)
}

pub(super) fn notation_words(n: Notation) -> &'static str {
    match n {
        Notation::Numeric => "with numbers",
        Notation::Algebraic => "by letter and digit (a1-h8)",
    }
}
