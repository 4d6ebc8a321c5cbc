//! Move notation: [`PdnMove`] is a move as written (`32-28`, `11x18x25`, `c3:e5`), read without a
//! board; [`PdnMove::to_move`] finds the legal [`Move`] it stands for in a position.

use std::fmt;
use std::str::FromStr;

use crate::geometry::Square;
use crate::position::{CompactMove, Duplicates, Move, Position, Ruleset};
use crate::types::Color;
use crate::variant::CapturePriority;

/// The traits of a type that reads as text through its `as_str`: `Deref` to `str`, `AsRef`,
/// `Debug` and `Display` as the text, comparison with `str`, `&str` and `String`, and (with
/// the `serde` feature) serialization as a string.
macro_rules! reads_as_text {
    ($ty:ty) => {
        impl std::ops::Deref for $ty {
            type Target = str;
            fn deref(&self) -> &str {
                self.as_str()
            }
        }

        impl AsRef<str> for $ty {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl fmt::Debug for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(self.as_str(), f)
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl PartialEq<str> for $ty {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $ty {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialEq<String> for $ty {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    };
}

reads_as_text!(Label);
reads_as_text!(MoveText);

/// A square as a move writes it (`32`, `c3`, or the file letter `e` of short notation), in
/// lower case: at most [`Label::MAX`] bytes kept inline, so a move's squares cost no allocation
/// each. It reads as a `&str` (`Deref`) and compares with strings.
///
/// ```
/// use pdn::notation::Label;
/// let l = Label::new("c3").unwrap();
/// assert_eq!(l, "c3");
/// assert_eq!(l.len(), 2);
/// assert_eq!(format!("{l}-d4"), "c3-d4");
/// assert!(Label::new("12345678").is_none());
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label {
    len: u8,
    bytes: [u8; Label::MAX],
}

impl Label {
    /// The longest label kept, in bytes (a well-formed square has at most three).
    pub const MAX: usize = 7;

    /// `text` as a label; `None` when it is longer than [`Label::MAX`] bytes.
    #[must_use]
    #[inline(always)]
    pub fn new(text: &str) -> Option<Label> {
        let b = text.as_bytes();
        if b.len() > Label::MAX {
            return None;
        }
        let mut bytes = [0; Label::MAX];
        bytes[..b.len()].copy_from_slice(b);
        Some(Label {
            len: b.len() as u8,
            bytes,
        })
    }

    /// The label's length in bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// `true` for the empty label.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The label's bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// The label with ASCII letters in lower case.
    #[must_use]
    pub fn to_ascii_lowercase(mut self) -> Label {
        self.bytes.make_ascii_lowercase();
        self
    }

    /// The label as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Always whole characters of a `&str` (see `new`).
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Label {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Label, D::Error> {
        let text = String::deserialize(d)?;
        Label::new(&text).ok_or_else(|| serde::de::Error::custom("a square of more than 7 bytes"))
    }
}

/// The squares of a written move, first the start, last the end. Up to [`Squares::INLINE`]
/// are kept inline, so an ordinary move costs no allocation; longer routes spill to the heap.
/// It reads as a slice of [`Label`]s (`Deref`) and compares with arrays and vectors.
///
/// ```
/// use pdn::notation::{Label, Squares};
/// let mut s = Squares::new();
/// s.push(Label::new("11").unwrap());
/// s.push(Label::new("18").unwrap());
/// assert_eq!(s, ["11", "18"]);
/// assert_eq!(s.len(), 2);
/// let long: Squares = ["1", "2", "3", "4", "5", "6"].iter().map(|t| Label::new(t).unwrap()).collect();
/// assert_eq!(long.last().unwrap(), "6");
/// ```
#[derive(Clone)]
pub struct Squares(SquaresRepr);

#[derive(Clone)]
enum SquaresRepr {
    Inline {
        len: u8,
        labels: [Label; Squares::INLINE],
    },
    Heap(Vec<Label>),
}

impl Squares {
    /// How many squares are kept without an allocation.
    pub const INLINE: usize = 3;

    /// No squares.
    #[must_use]
    pub const fn new() -> Squares {
        Squares(SquaresRepr::Inline {
            len: 0,
            labels: [Label {
                len: 0,
                bytes: [0; Label::MAX],
            }; Squares::INLINE],
        })
    }

    /// Adds a square at the end.
    #[inline(always)]
    pub fn push(&mut self, label: Label) {
        match &mut self.0 {
            SquaresRepr::Inline { len, labels } if usize::from(*len) < Squares::INLINE => {
                labels[usize::from(*len)] = label;
                *len += 1;
            }
            SquaresRepr::Inline { len, labels } => {
                let mut v = Vec::with_capacity(usize::from(*len) * 2);
                v.extend_from_slice(&labels[..usize::from(*len)]);
                v.push(label);
                self.0 = SquaresRepr::Heap(v);
            }
            SquaresRepr::Heap(v) => v.push(label),
        }
    }

    /// The squares as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Label] {
        match &self.0 {
            SquaresRepr::Inline { len, labels } => &labels[..usize::from(*len)],
            SquaresRepr::Heap(v) => v,
        }
    }

    /// The squares as a mutable slice.
    #[must_use]
    pub fn as_mut_slice(&mut self) -> &mut [Label] {
        match &mut self.0 {
            SquaresRepr::Inline { len, labels } => &mut labels[..usize::from(*len)],
            SquaresRepr::Heap(v) => v,
        }
    }
}

impl Default for Squares {
    fn default() -> Squares {
        Squares::new()
    }
}

impl std::ops::Deref for Squares {
    type Target = [Label];
    fn deref(&self) -> &[Label] {
        self.as_slice()
    }
}

impl std::ops::DerefMut for Squares {
    fn deref_mut(&mut self) -> &mut [Label] {
        self.as_mut_slice()
    }
}

impl FromIterator<Label> for Squares {
    fn from_iter<I: IntoIterator<Item = Label>>(iter: I) -> Squares {
        let mut s = Squares::new();
        for l in iter {
            s.push(l);
        }
        s
    }
}

impl Extend<Label> for Squares {
    fn extend<I: IntoIterator<Item = Label>>(&mut self, iter: I) {
        for l in iter {
            self.push(l);
        }
    }
}

impl From<Vec<Label>> for Squares {
    fn from(v: Vec<Label>) -> Squares {
        v.into_iter().collect()
    }
}

impl<'a> IntoIterator for &'a Squares {
    type Item = &'a Label;
    type IntoIter = std::slice::Iter<'a, Label>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for Squares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for Squares {
    fn eq(&self, other: &Squares) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Squares {}

impl std::hash::Hash for Squares {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h);
    }
}

impl<T, const N: usize> PartialEq<[T; N]> for Squares
where
    Label: PartialEq<T>,
{
    fn eq(&self, other: &[T; N]) -> bool {
        self.as_slice() == other
    }
}

impl<T> PartialEq<&[T]> for Squares
where
    Label: PartialEq<T>,
{
    fn eq(&self, other: &&[T]) -> bool {
        self.as_slice() == *other
    }
}

impl<T> PartialEq<Vec<T>> for Squares
where
    Label: PartialEq<T>,
{
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Squares {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Squares {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Squares, D::Error> {
        Ok(Vec::<Label>::deserialize(d)?.into())
    }
}

/// A move's text as written (`32-28`, `11x18x25`): up to [`MoveText::INLINE`] bytes kept inline,
/// so an ordinary move's text costs no allocation. It reads as a `&str` (`Deref`) and compares
/// with strings.
///
/// ```
/// use pdn::notation::MoveText;
/// let t = MoveText::from("32-28");
/// assert_eq!(t, "32-28");
/// assert_eq!(format!("{t}!"), "32-28!");
/// let long = MoveText::from("46x37x28x19x10x4x13x22x31x42");
/// assert_eq!(long.len(), 28);
/// ```
#[derive(Clone)]
pub struct MoveText(TextRepr);

#[derive(Clone)]
enum TextRepr {
    Inline {
        len: u8,
        bytes: [u8; MoveText::INLINE],
    },
    Heap(Box<str>),
}

impl MoveText {
    /// The longest text kept without an allocation, in bytes.
    pub const INLINE: usize = 22;

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Always whole characters of a `&str` (see `From<&str>`).
            TextRepr::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            TextRepr::Heap(s) => s,
        }
    }
}

impl From<&str> for MoveText {
    fn from(text: &str) -> MoveText {
        let b = text.as_bytes();
        if b.len() <= MoveText::INLINE {
            let mut bytes = [0; MoveText::INLINE];
            bytes[..b.len()].copy_from_slice(b);
            MoveText(TextRepr::Inline {
                len: b.len() as u8,
                bytes,
            })
        } else {
            MoveText(TextRepr::Heap(text.into()))
        }
    }
}

impl From<String> for MoveText {
    fn from(text: String) -> MoveText {
        if text.len() <= MoveText::INLINE {
            MoveText::from(text.as_str())
        } else {
            MoveText(TextRepr::Heap(text.into_boxed_str()))
        }
    }
}

impl From<MoveText> for String {
    fn from(t: MoveText) -> String {
        t.as_str().to_string()
    }
}

impl Default for MoveText {
    fn default() -> MoveText {
        MoveText::from("")
    }
}

impl std::borrow::Borrow<str> for MoveText {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for MoveText {
    fn eq(&self, other: &MoveText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for MoveText {}

impl std::hash::Hash for MoveText {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_str().hash(h);
    }
}

impl PartialEq<MoveText> for &str {
    fn eq(&self, other: &MoveText) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<MoveText> for String {
    fn eq(&self, other: &MoveText) -> bool {
        self.as_str() == other.as_str()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for MoveText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MoveText, D::Error> {
        Ok(String::deserialize(d)?.into())
    }
}

/// A move as written: its squares and whether it was written as a capture.
///
/// Russian short notation (`ed4`: the moving piece's file letter and the square it ends on) is
/// kept as two "squares", the file letter alone and the end square (see [`PdnMove::is_short`]).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnMove {
    /// The squares as written (lower case), first the start, last the end.
    pub squares: Squares,
    /// Written with `x`, `:` or `×` rather than `-`.
    pub capture: bool,
}

impl PdnMove {
    /// Reads a move without its strength marks. Accepts `-`, `x`, `X`, `:` and `×` between
    /// squares, leading zeros, algebraic squares, and four-character moves without a separator
    /// (`a3b4`, `3228`).
    ///
    /// ```
    /// use pdn::PdnMove;
    /// let m = PdnMove::parse("11x18x25").unwrap();
    /// assert_eq!(m.squares, ["11", "18", "25"]);
    /// assert!(m.capture);
    /// assert_eq!(PdnMove::parse("c3d4").unwrap().squares, ["c3", "d4"]);
    /// assert!(PdnMove::parse("1-0x").is_none());
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> Option<PdnMove> {
        if is_short_move(text.as_bytes()) {
            return Some(PdnMove {
                squares: [Label::new(&text[..1])?, Label::new(&text[1..])?]
                    .into_iter()
                    .collect(),
                capture: false,
            });
        }
        let mut squares: Vec<String> = Vec::with_capacity(2);
        let mut capture = false;
        let mut separators = 0;
        let mut current = String::new();
        for c in text.chars() {
            match c {
                '0'..='9' => current.push(c),
                'a'..='z' | 'A'..='Z' if c != 'x' && c != 'X' => {
                    // A letter starts an algebraic square; a letter after digits ends one.
                    if !current.is_empty() {
                        squares.push(std::mem::take(&mut current));
                    }
                    current.push(c.to_ascii_lowercase());
                }
                '-' | '\u{2011}' | '\u{2013}' | 'x' | 'X' | ':' | '×' => {
                    if current.is_empty() {
                        return None;
                    }
                    squares.push(std::mem::take(&mut current));
                    separators += 1;
                    capture |= c != '-' && c != '\u{2011}' && c != '\u{2013}';
                }
                _ => return None,
            }
        }
        if current.is_empty() {
            return None;
        }
        squares.push(current);
        if separators == 0 && squares.len() == 1 {
            // `3228`: two two-digit squares without a separator.
            let s = &squares[0];
            if s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit()) {
                squares = vec![s[..2].to_string(), s[2..].to_string()];
            } else {
                return None;
            }
        }
        let well_formed = squares.iter().all(|s| {
            let b = s.as_bytes();
            match b[0] {
                b'0'..=b'9' => b.len() <= 3 && b.iter().all(u8::is_ascii_digit),
                _ => (2..=3).contains(&b.len()) && b[1..].iter().all(u8::is_ascii_digit),
            }
        });
        if !well_formed || squares.len() < 2 {
            return None;
        }
        let squares = squares
            .iter()
            .map(|s| Label::new(s))
            .collect::<Option<_>>()?;
        Some(PdnMove { squares, capture })
    }

    /// Russian short notation: the file letter of the moving piece and the square it ends on
    /// (`ed4` for e3-d4; a capture names only its last landing square, `ce7`), with no
    /// separator, so it does not say whether it captures.
    ///
    /// ```
    /// use pdn::PdnMove;
    /// let m = PdnMove::parse("ed4").unwrap();
    /// assert!(m.is_short());
    /// assert_eq!(m.squares, ["e", "d4"]);
    /// assert_eq!(m.to_string(), "ed4");
    /// assert!(!PdnMove::parse("e3-d4").unwrap().is_short());
    /// assert!(!PdnMove::parse("5-10").unwrap().is_short());
    /// ```
    #[must_use]
    pub fn is_short(&self) -> bool {
        self.squares.len() == 2
            && self.squares[0].len() == 1
            && self.squares[0].as_bytes()[0].is_ascii_alphabetic()
    }

    /// Finds the legal move this notation stands for.
    ///
    /// A long capture matches when its written squares all lie, in order, on the route of a
    /// legal capture: both the old "every landing square" form and the PDN 3.0 form (turns and
    /// squares just behind captured pieces) are read, along any route the piece can take (when
    /// the legal move kept for a start, end and captured pieces goes another way, for instance
    /// round a loop in the other direction, every route is looked at). When routes with
    /// different captures fit, the first is played and the others are reported as
    /// `alternatives`.
    ///
    /// ```
    /// use pdn::{PdnMove, Ruleset, Variant};
    /// let rs = Ruleset::of(Variant::International).unwrap();
    /// let start = rs.start_position();
    /// let m = PdnMove::parse("32-28").unwrap().to_move(&start, &rs).unwrap().mv;
    /// assert_eq!(rs.geometry.label(m.to), "28");
    /// let err = PdnMove::parse("28-22").unwrap().to_move(&start, &rs).unwrap_err();
    /// assert!(err.to_string().starts_with("white has no piece on 28; legal moves: 31-26, 31-27"));
    /// ```
    ///
    /// # Errors
    /// A [`MoveError`] saying in plain words why no legal move fits.
    pub fn to_move(&self, pos: &Position, rs: &Ruleset) -> Result<Resolved, MoveError> {
        self.to_move_in(pos, rs, &mut Vec::new())
    }

    /// The one legal move this notation names when that is plain to see: a start and an end
    /// square (no squares between, not the short `ed4`) and exactly one legal move between them.
    /// `None` otherwise, when [`PdnMove::to_move_in`] tells the rest (routes through written
    /// squares, several captures, errors). Where it gives a move, it is the one `to_move_in`
    /// gives, without building routes: for replaying whole files ([`crate::mainline`]).
    ///
    /// ```
    /// use pdn::{PdnMove, Ruleset, Variant};
    /// use pdn::position::CompactMove;
    /// let rs = Ruleset::of(Variant::English).unwrap();
    /// let mut legal = Vec::new();
    /// let m = PdnMove::parse("11-15").unwrap().plain_move(&rs.start_position(), &rs, &mut legal);
    /// assert_eq!(m.unwrap().to, rs.geometry.parse_square("15").unwrap());
    /// assert!(PdnMove::parse("11-19").unwrap().plain_move(&rs.start_position(), &rs, &mut legal).is_none());
    /// ```
    pub fn plain_move(
        &self,
        pos: &Position,
        rs: &Ruleset,
        legal: &mut Vec<CompactMove>,
    ) -> Option<CompactMove> {
        if self.squares.len() != 2 || self.is_short() {
            return None;
        }
        let g = &rs.geometry;
        let from = g.square_of(self.squares[0].as_bytes())?;
        let to = g.square_of(self.squares[1].as_bytes())?;
        pos.only_move(rs, from, to, legal)
    }

    /// [`PdnMove::to_move`] with a buffer for the legal moves, kept between calls so a replay
    /// does not allocate for every move.
    ///
    /// # Errors
    /// As [`PdnMove::to_move`].
    pub fn to_move_in(
        &self,
        pos: &Position,
        rs: &Ruleset,
        legal: &mut Vec<Move>,
    ) -> Result<Resolved, MoveError> {
        if self.is_short() {
            return self.short_to_move(pos, rs, legal);
        }
        let g = &rs.geometry;
        let mut ends = [Square(0); 2];
        for (end, s) in ends
            .iter_mut()
            .zip([&self.squares[0], &self.squares[self.squares.len() - 1]])
        {
            *end = g.square_of(s.as_bytes()).ok_or_else(|| {
                MoveError::new(pos, rs, MoveErrorKind::NoSuchSquare(s.to_string()))
            })?;
        }
        let [from, to] = ends;
        pos.generate_from(rs, Duplicates::Drop, from, legal);
        let mut matching = legal.iter().filter(|m| m.from == from && m.to == to);
        let first = matching.next().copied();
        let several = matching.next().is_some();
        // The common case: one legal move from `from` to `to`, whatever squares lie between.
        if let (Some(mv), false) = (first, several) {
            if self.squares.len() == 2 {
                return Ok(Resolved {
                    mv,
                    alternatives: Vec::new(),
                });
            }
        }
        let mut path = Vec::with_capacity(self.squares.len());
        for s in &self.squares {
            match g.parse_square(s) {
                Ok(sq) => path.push(sq),
                Err(_) => {
                    return Err(MoveError::new(
                        pos,
                        rs,
                        MoveErrorKind::NoSuchSquare(s.to_string()),
                    ));
                }
            }
        }
        let mut fits: Vec<Move> = legal
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .copied()
            .collect();
        if path.len() > 2 && !fits.is_empty() {
            let inner = &path[1..path.len() - 1];
            let strict;
            (fits, strict) = fitting_routes(inner, &fits, g);
            if !strict {
                // The legal moves keep one route per start, end and captured pieces; the
                // written squares may follow another (a loop the other way round, another
                // square behind a piece): look at every route the piece can take.
                pos.generate_from(rs, Duplicates::Keep, from, legal);
                let routes: Vec<Move> = legal
                    .iter()
                    .filter(|m| m.from == from && m.to == to)
                    .copied()
                    .collect();
                let (every, strict) = fitting_routes(inner, &routes, g);
                if strict || fits.is_empty() {
                    fits = every;
                }
            }
        }
        match fits.len() {
            0 => {
                // The explanation lists every legal move, not just those from `from`.
                pos.generate(rs, Duplicates::Drop, legal);
                Err(self.explain(pos, rs, &path, legal))
            }
            _ => {
                let mv = fits[0];
                let mut alternatives: Vec<Move> = Vec::new();
                for m in &fits[1..] {
                    if m.captured != mv.captured
                        && alternatives.iter().all(|a| a.captured != m.captured)
                    {
                        alternatives.push(*m);
                    }
                }
                Ok(Resolved { mv, alternatives })
            }
        }
    }

    /// The legal moves of a piece on the written file that end on the written square; when
    /// several fit, the first is played and the others are the `alternatives`.
    fn short_to_move(
        &self,
        pos: &Position,
        rs: &Ruleset,
        legal: &mut Vec<Move>,
    ) -> Result<Resolved, MoveError> {
        let g = &rs.geometry;
        let (file, end) = (&self.squares[0], &self.squares[1]);
        let to = g
            .parse_square(end)
            .map_err(|_| MoveError::new(pos, rs, MoveErrorKind::NoSuchSquare(end.to_string())))?;
        pos.generate(rs, Duplicates::Drop, legal);
        let on_file = |sq: Square| {
            let label = g.label(sq);
            label.starts_with(file.as_str()) && label[1..].bytes().all(|b| b.is_ascii_digit())
        };
        let mut fits = legal.iter().filter(|m| m.to == to && on_file(m.from));
        let Some(&mv) = fits.next() else {
            return Err(MoveError::new(
                pos,
                rs,
                MoveErrorKind::NoShortMove {
                    file: file.to_string(),
                    to: end.to_string(),
                },
            ));
        };
        let mut alternatives: Vec<Move> = Vec::new();
        for m in fits {
            // Italian keeps captures of the same pieces in another order apart: one position.
            let same = |a: &Move| a.from == m.from && a.captured == m.captured;
            if !same(&mv) && !alternatives.iter().any(same) {
                alternatives.push(*m);
            }
        }
        Ok(Resolved { mv, alternatives })
    }

    fn explain(&self, pos: &Position, rs: &Ruleset, path: &[Square], legal: &[Move]) -> MoveError {
        let g = &rs.geometry;
        let (from, to) = (path[0], path[path.len() - 1]);
        let side = pos.turn();
        let label = |sq: Square| g.label(sq).to_string();
        let reason = match pos.piece_at(from) {
            None => MoveErrorKind::NoPiece {
                side,
                square: label(from),
            },
            Some(p) if p.color != side => MoveErrorKind::NotYourPiece {
                square: label(from),
                owner: p.color,
                side,
            },
            Some(_) => {
                let best = legal.iter().map(Move::capture_count).max().unwrap_or(0);
                let mut free = rs.clone();
                free.rules.priority = CapturePriority::Free;
                let possible = pos
                    .legal_moves(&free)
                    .into_iter()
                    .find(|m| m.from == from && m.to == to && m.is_capture());
                if legal.iter().any(|m| m.from == from && m.to == to) {
                    MoveErrorKind::NotOnRoute {
                        between: path[1..path.len() - 1].iter().map(|&s| label(s)).collect(),
                        from: label(from),
                        to: label(to),
                    }
                } else if let Some(m) = possible.filter(|_| best > 0) {
                    let n = m.capture_count();
                    if n < best {
                        MoveErrorKind::TooFewCaptured {
                            taken: n,
                            most: best,
                        }
                    } else {
                        MoveErrorKind::OtherCaptureFirst
                    }
                } else if best > 0 {
                    MoveErrorKind::CaptureCompulsory
                } else {
                    MoveErrorKind::CannotMove {
                        from: label(from),
                        to: label(to),
                    }
                }
            }
        };
        MoveError::new(pos, rs, reason)
    }
}

/// The routes among `routes` that the written squares between the ends fit: first the strict
/// reading (one written square per capture's landing zone, in order), then, only if no route
/// fits that way, any squares along the route. `true` with routes read the strict way.
fn fitting_routes(
    inner: &[Square],
    routes: &[Move],
    g: &crate::geometry::Geometry,
) -> (Vec<Move>, bool) {
    let strict: Vec<Move> = routes
        .iter()
        .filter(|m| fits_zones(inner, &m.landing_zones(g)))
        .copied()
        .collect();
    if strict.is_empty() {
        let loose = routes
            .iter()
            .filter(|m| is_subsequence(inner, &m.trajectory(g)))
            .copied()
            .collect();
        (loose, false)
    } else {
        (strict, true)
    }
}

/// Russian short notation: a file letter `a`-`l`, then a square on that board's files and ranks
/// (`ed4`, `fb2`, `ak10`), lower case only, so that words and Roman numerals are not read as
/// moves.
pub(crate) fn is_short_move(w: &[u8]) -> bool {
    let file = |c: &u8| (b'a'..=b'l').contains(c);
    match w {
        [a, b, r] => file(a) && file(b) && (b'1'..=b'9').contains(r),
        [a, b, b'1', r] => file(a) && file(b) && (b'0'..=b'2').contains(r),
        _ => false,
    }
}

/// Each written square lies in a later zone than the one before.
fn fits_zones(written: &[Square], zones: &[Vec<Square>]) -> bool {
    let mut it = zones.iter();
    written.iter().all(|w| it.any(|z| z.contains(w)))
}

fn is_subsequence(needle: &[Square], hay: &[Square]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

/// A resolved move, with the other routes that also fit the notation but capture other pieces.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The move played.
    pub mv: Move,
    /// Other legal moves the notation could also mean (an ambiguity), usually none.
    pub alternatives: Vec<Move>,
}

/// Why a written move could not be played: a reason and the legal moves.
///
/// Its `Display` is the reason in plain words followed by the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// Why.
    pub reason: MoveErrorKind,
    /// The legal moves in the position, short notation.
    pub legal: Vec<String>,
}

/// Why no legal move fits a written move. Squares are given by their labels; `Display` gives
/// the reason in plain words.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// A written square is not a playable square of the board.
    NoSuchSquare(String),
    /// The side to move has no piece on the start square.
    NoPiece {
        /// The side to move.
        side: Color,
        /// The start square.
        square: String,
    },
    /// The piece on the start square is the other side's.
    NotYourPiece {
        /// The start square.
        square: String,
        /// Whose piece it is.
        owner: Color,
        /// The side to move.
        side: Color,
    },
    /// The squares written between the ends are not on the route of any legal capture.
    NotOnRoute {
        /// The squares written between the ends.
        between: Vec<String>,
        /// The start square.
        from: String,
        /// The end square.
        to: String,
    },
    /// A capture that takes fewer pieces than the most that can be taken.
    TooFewCaptured {
        /// How many pieces it takes.
        taken: usize,
        /// How many must be taken.
        most: usize,
    },
    /// Another capture comes first under the variant's capture rules.
    OtherCaptureFirst,
    /// Short notation (`ed4`): no legal move of a piece on that file ends on that square.
    NoShortMove {
        /// The file letter.
        file: String,
        /// The end square.
        to: String,
    },
    /// A plain move while a capture is compulsory.
    CaptureCompulsory,
    /// The piece cannot move from the start to the end square.
    CannotMove {
        /// The start square.
        from: String,
        /// The end square.
        to: String,
    },
}

impl fmt::Display for MoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveErrorKind::NoSuchSquare(s) => write!(f, "square {s} does not exist on this board"),
            MoveErrorKind::NoPiece { side, square } => write!(f, "{side} has no piece on {square}"),
            MoveErrorKind::NotYourPiece {
                square,
                owner,
                side,
            } => write!(
                f,
                "the piece on {square} is {owner}'s, but it is {side}'s turn"
            ),
            MoveErrorKind::NotOnRoute { between, from, to } => write!(
                f,
                "the written squares between ({}) are not on the route of any capture from {from} to {to}",
                between.join(", ")
            ),
            MoveErrorKind::TooFewCaptured { taken, most } => write!(
                f,
                "this takes {taken} piece{}, but the most pieces must be taken ({most})",
                if *taken == 1 { "" } else { "s" }
            ),
            MoveErrorKind::OtherCaptureFirst => {
                f.write_str("another capture comes first under this variant's capture rules")
            }
            MoveErrorKind::NoShortMove { file, to } => {
                write!(f, "no piece on the {file} file can move to {to}")
            }
            MoveErrorKind::CaptureCompulsory => f.write_str("a capture is compulsory"),
            MoveErrorKind::CannotMove { from, to } => {
                write!(f, "the piece on {from} cannot move to {to}")
            }
        }
    }
}

impl MoveErrorKind {
    /// Its key for [`crate::diagnostic::Diagnostic::args`] (`why`), e.g. `no-such-square`.
    #[must_use]
    pub const fn key(&self) -> &'static str {
        match self {
            MoveErrorKind::NoSuchSquare(_) => "no-such-square",
            MoveErrorKind::NoPiece { .. } => "no-piece",
            MoveErrorKind::NotYourPiece { .. } => "not-your-piece",
            MoveErrorKind::NotOnRoute { .. } => "not-on-route",
            MoveErrorKind::TooFewCaptured { .. } => "too-few-captured",
            MoveErrorKind::OtherCaptureFirst => "other-capture-first",
            MoveErrorKind::CaptureCompulsory => "capture-compulsory",
            MoveErrorKind::CannotMove { .. } => "cannot-move",
            MoveErrorKind::NoShortMove { .. } => "no-short-move",
        }
    }

    /// The reason's values by name: `why` (its [`key`](Self::key)), then the squares, sides
    /// (`white`, `black`) and counts its words hold.
    #[must_use]
    pub fn args(&self) -> Vec<crate::diagnostic::Arg> {
        let mut args = vec![("why", self.key().to_string())];
        match self {
            MoveErrorKind::NoSuchSquare(s) => args.push(("square", s.clone())),
            MoveErrorKind::NoPiece { side, square } => {
                args.push(("side", side.name().to_string()));
                args.push(("square", square.clone()));
            }
            MoveErrorKind::NotYourPiece {
                square,
                owner,
                side,
            } => {
                args.push(("square", square.clone()));
                args.push(("owner", owner.name().to_string()));
                args.push(("side", side.name().to_string()));
            }
            MoveErrorKind::NotOnRoute { between, from, to } => {
                args.push(("between", between.join(", ")));
                args.push(("from", from.clone()));
                args.push(("to", to.clone()));
            }
            MoveErrorKind::TooFewCaptured { taken, most } => {
                args.push(("count", taken.to_string()));
                args.push(("most", most.to_string()));
            }
            MoveErrorKind::OtherCaptureFirst | MoveErrorKind::CaptureCompulsory => {}
            MoveErrorKind::NoShortMove { file, to } => {
                args.push(("file", file.clone()));
                args.push(("to", to.clone()));
            }
            MoveErrorKind::CannotMove { from, to } => {
                args.push(("from", from.clone()));
                args.push(("to", to.clone()));
            }
        }
        args
    }
}

/// Legal moves shown in a [`MoveError`]'s words; the rest are counted.
const SHOWN: usize = 12;

impl MoveError {
    /// Its values by name, as its `Display` words them: the reason's
    /// ([`MoveErrorKind::args`]), then `legal_list` (`none`, `some` or `more`), `legal` (the
    /// first twelve legal moves, joined by `, `) and `more` (how many are not shown).
    #[must_use]
    pub fn args(&self) -> Vec<crate::diagnostic::Arg> {
        let mut args = self.reason.args();
        let list = match self.legal.len() {
            0 => "none",
            n if n <= SHOWN => "some",
            _ => "more",
        };
        args.push(("legal_list", list.to_string()));
        if !self.legal.is_empty() {
            let shown: Vec<&str> = self.legal.iter().take(SHOWN).map(String::as_str).collect();
            args.push(("legal", shown.join(", ")));
        }
        if self.legal.len() > SHOWN {
            args.push(("more", (self.legal.len() - SHOWN).to_string()));
        }
        args
    }

    fn new(pos: &Position, rs: &Ruleset, reason: MoveErrorKind) -> MoveError {
        let mut moves = pos.legal_moves(rs);
        moves.sort_by_key(|m| (m.from, m.to));
        let legal = moves
            .iter()
            .map(|m| m.short_notation(&rs.geometry))
            .collect();
        MoveError { reason, legal }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.reason)?;
        if self.legal.is_empty() {
            return f.write_str("; there is no legal move");
        }
        f.write_str("; legal moves: ")?;
        for (i, m) in self.legal.iter().take(SHOWN).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(m)?;
        }
        if self.legal.len() > SHOWN {
            write!(f, " and {} more", self.legal.len() - SHOWN)?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}

/// The move with its squares as written (lower case), joined by `x` for a capture and `-`
/// otherwise.
///
/// ```
/// use pdn::PdnMove;
/// let m: PdnMove = "11:18:25".parse().unwrap();
/// assert_eq!(m.to_string(), "11x18x25");
/// assert_eq!("C3-D4".parse::<PdnMove>().unwrap().to_string(), "c3-d4");
/// assert!("1-0x".parse::<PdnMove>().is_err());
/// ```
impl fmt::Display for PdnMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_short() {
            return write!(f, "{}{}", self.squares[0], self.squares[1]);
        }
        let sep = if self.capture { "x" } else { "-" };
        for (i, s) in self.squares.iter().enumerate() {
            if i > 0 {
                f.write_str(sep)?;
            }
            f.write_str(s)?;
        }
        Ok(())
    }
}

/// A text that is not a move (see [`PdnMove::parse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    text: String,
}

impl ParseMoveError {
    /// The text as given.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a move", self.text)
    }
}

impl std::error::Error for ParseMoveError {}

/// [`PdnMove::parse`], with an error.
impl FromStr for PdnMove {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<PdnMove, ParseMoveError> {
        PdnMove::parse(s).ok_or_else(|| ParseMoveError {
            text: s.to_string(),
        })
    }
}

#[cfg(test)]
mod tests;
