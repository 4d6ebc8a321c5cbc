//! A game as an animated GIF (issue 41): one frame a position of the mainline, the moved piece's
//! squares marked, a pause on the last one, Black's name above the board and White's with the
//! result below it. The one place the picture is made: the `pdn gif` command and the page's
//! "Download GIF" (through `crates/gif-wasm`, loaded only when asked) both call [`encode`], so the
//! same game gives the same bytes.
//!
//! No wasm, no I/O. The input is an [`Animation`]: the board model `crates/view` computes for the
//! page's SVG (the playable squares, each position's cells, each move's from and to squares), made
//! from a `pdn_view::view::GameView` by `Animation::from_view` (feature `view`, which the CLI uses;
//! the page builds the same from the view it already holds, `www/share/gif.js`, so the module it
//! loads carries no reader).
//!
//! Drawn here by hand: squares, discs and crowns are a few lines of geometry each, cheaper than a
//! 2D graphics crate. Encoded by the `gif` crate (MIT OR Apache-2.0) with a 16-colour palette; each
//! frame after the first holds only the rectangle that changed, its unchanged pixels transparent,
//! so a 100-ply game at 400 px stays near 100 KB. The names are written with the X11 "misc-fixed"
//! bitmap fonts (public domain) as `embedded-graphics` (MIT OR Apache-2.0) ships them, one
//! ISO 8859 part a script: Latin-1 (French, Dutch), Latin-7 (Latvian), Latin-2 and Cyrillic
//! (Russian): the names in the corpora are in these.

use std::borrow::Cow;

use embedded_graphics::Drawable;
use embedded_graphics::mono_font::{
    MonoFont, MonoTextStyle, iso_8859_1, iso_8859_2, iso_8859_5, iso_8859_13, mapping,
};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Point, Size};
use embedded_graphics::text::{Baseline, Text};

/// What a GIF is made of: the board and each position of the line shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// The playable squares in the order of the cells: `(file, rank)`, column from the left and
    /// row from the bottom, White's view.
    pub squares: Vec<(u8, u8)>,
    /// One text a frame (the start, then the position after each move): one character a square of
    /// `squares`, `.`, `w`, `W`, `b`, `B`.
    pub positions: Vec<String>,
    /// For each frame, the moved piece's from and to squares (indexes into `squares`); `None` for
    /// the start.
    pub moves: Vec<Option<(usize, usize)>>,
    /// The `White` tag.
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The result as written (`2-0`, `1-1`, `*`), or empty.
    pub result: String,
}

/// How long each frame stays, in hundredths of a second: the start, each move, and the last
/// position (the pause at the end before the loop starts again).
pub const DELAY_START: u16 = 150;
/// A move's frame.
pub const DELAY_MOVE: u16 = 80;
/// The last frame: the pause at the end.
pub const DELAY_END: u16 = 400;

/// The board's side in pixels when none is asked for.
pub const DEFAULT_SIZE: u32 = 400;
/// The sizes accepted for the board's side.
pub const SIZES: std::ops::RangeInclusive<u32> = 120..=1200;

/// Why no GIF was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GifError {
    /// The game's type has no board to draw (or the model is empty).
    NoBoard,
    /// A size outside [`SIZES`].
    Size(u32),
    /// The model does not hold together (a position of the wrong length, a square out of the
    /// board): a plain sentence.
    Model(String),
    /// The encoder refused (more than 65,535 pixels a side cannot happen within [`SIZES`]).
    Encode(String),
}

impl std::fmt::Display for GifError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GifError::NoBoard => write!(f, "this game has no board to draw"),
            GifError::Size(s) => write!(
                f,
                "size {s} is out of range: the board is drawn {} to {} pixels wide",
                SIZES.start(),
                SIZES.end()
            ),
            GifError::Model(m) => write!(f, "{m}"),
            GifError::Encode(m) => write!(f, "the GIF could not be written: {m}"),
        }
    }
}

impl std::error::Error for GifError {}

impl Animation {
    /// The animation from flat parts, as the page sends them (`www/share/gif.js`): the squares'
    /// `files` and `ranks`, every position's cells one after another, and for each frame the
    /// from and to squares' indexes (negative: none). Errors in plain words when the parts do not
    /// fit together.
    ///
    /// # Errors
    ///
    /// [`GifError::NoBoard`] without squares, [`GifError::Model`] when the lengths disagree.
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        width: u8,
        height: u8,
        files: &[u8],
        ranks: &[u8],
        cells: &str,
        from: &[i32],
        to: &[i32],
        names: [&str; 3],
    ) -> Result<Animation, GifError> {
        let n = files.len();
        if n == 0 {
            return Err(GifError::NoBoard);
        }
        let cells: Vec<char> = cells.chars().collect();
        if ranks.len() != n || cells.len() % n != 0 || cells.is_empty() {
            return Err(GifError::Model(format!(
                "{} files, {} ranks and {} cells do not make whole positions",
                n,
                ranks.len(),
                cells.len()
            )));
        }
        let frames = cells.len() / n;
        if from.len() != frames || to.len() != frames {
            return Err(GifError::Model(format!(
                "{frames} positions but {} and {} move squares",
                from.len(),
                to.len()
            )));
        }
        let square = |k: i32| usize::try_from(k).ok();
        Ok(Animation {
            width,
            height,
            squares: files.iter().copied().zip(ranks.iter().copied()).collect(),
            positions: cells.chunks(n).map(|c| c.iter().collect()).collect(),
            moves: from
                .iter()
                .zip(to)
                .map(|(&f, &t)| square(f).zip(square(t)))
                .collect(),
            white: names[0].to_string(),
            black: names[1].to_string(),
            result: names[2].to_string(),
        })
    }
}

#[cfg(feature = "view")]
impl Animation {
    /// The mainline of `view` as an animation: the start and the position after each move played
    /// (a replay stopped by an illegal move ends at the last legal one). `None` when the game's
    /// type has no board.
    #[must_use]
    pub fn from_view(view: &pdn_view::view::GameView) -> Option<Animation> {
        let board = view.board.as_ref()?;
        let start = view.start.as_ref()?;
        let index = |label: &str| board.squares.iter().position(|s| s.label == label);
        let mut positions = vec![start.cells.clone()];
        let mut moves = vec![None];
        for ply in &view.plies {
            positions.push(ply.cells.clone());
            moves.push(index(&ply.from).zip(index(&ply.to)));
        }
        let tag = |name: &str| {
            view.tags
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        Some(Animation {
            width: board.width,
            height: board.height,
            squares: board.squares.iter().map(|s| (s.file, s.rank)).collect(),
            positions,
            moves,
            white: tag("White"),
            black: tag("Black"),
            result: tag("Result"),
        })
    }
}

// The palette: the page's light board colours (www/style.css), fixed here so that the page's file
// and the CLI's are the same bytes whatever the page's theme.
const LIGHT: u8 = 0;
const DARK: u8 = 1;
const FROM: u8 = 2;
const TO: u8 = 3;
const WHITE: u8 = 4;
const WHITE_RING: u8 = 5;
const EDGE: u8 = 6;
const BLACK: u8 = 7;
const BLACK_RING: u8 = 8;
const CROWN: u8 = 9;
const CROWN_EDGE: u8 = 10;
const BAND: u8 = 11;
const INK: u8 = 12;
const FRAME: u8 = 13;
/// Unchanged pixels of a frame after the first.
const CLEAR: u8 = 15;
const PALETTE: [[u8; 3]; 16] = [
    [0xef, 0xe0, 0xc2], // --sq-light
    [0x9b, 0x6a, 0x43], // --sq-dark
    [0xc4, 0x9c, 0x50], // --hl-move over --sq-dark, lighter: where the piece left
    [0xd9, 0xb2, 0x4a], // --hl-move over --sq-dark: where it went
    [0xfb, 0xf7, 0xec], // --piece-white
    [0xcf, 0xc5, 0xb0], // --piece-white-ring
    [0x1a, 0x16, 0x14], // --piece-white-edge
    [0x22, 0x1e, 0x1b], // --piece-black
    [0x4c, 0x44, 0x40], // --piece-black-ring
    [0xd9, 0xa5, 0x21], // --crown
    [0x7a, 0x5a, 0x08], // --crown-edge
    [0xf7, 0xf1, 0xe4], // the bands' ground
    [0x1a, 0x16, 0x14], // their text
    [0x5a, 0x3b, 0x22], // --board-edge: the line between the bands and the board
    [0x00, 0x00, 0x00],
    [0xff, 0x00, 0xff], // transparent
];

/// The bands' font: 9×15 for a board of 300 px and more, else 6×10.
fn fonts(size: u32) -> [&'static MonoFont<'static>; 4] {
    if size >= 300 {
        [
            &iso_8859_1::FONT_9X15,
            &iso_8859_13::FONT_9X15,
            &iso_8859_2::FONT_9X15,
            &iso_8859_5::FONT_9X15,
        ]
    } else {
        [
            &iso_8859_1::FONT_6X10,
            &iso_8859_13::FONT_6X10,
            &iso_8859_2::FONT_6X10,
            &iso_8859_5::FONT_6X10,
        ]
    }
}

/// The font of `fonts` that has `c` (its index), else none.
fn font_of(c: char) -> Option<usize> {
    let maps: [&mapping::StrGlyphMapping<'static>; 4] = [
        &mapping::ISO_8859_1,
        &mapping::ISO_8859_13,
        &mapping::ISO_8859_2,
        &mapping::ISO_8859_5,
    ];
    maps.iter().position(|m| m.contains(c))
}

/// An 8-bit indexed picture; text drawn on it (`BinaryColor::On`) is in [`INK`].
struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    fn fill(&mut self, x0: u32, y0: u32, w: u32, h: u32, colour: u8) {
        for y in y0..(y0 + h).min(self.height) {
            let row = (y * self.width) as usize;
            for x in x0..(x0 + w).min(self.width) {
                self.pixels[row + x as usize] = colour;
            }
        }
    }
}

impl OriginDimensions for Canvas {
    fn size(&self) -> Size {
        Size::new(self.width, self.height)
    }
}

impl DrawTarget for Canvas {
    type Color = BinaryColor;
    type Error = std::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = embedded_graphics::Pixel<Self::Color>>,
    {
        for embedded_graphics::Pixel(p, colour) in pixels {
            if colour == BinaryColor::On
                && p.x >= 0
                && p.y >= 0
                && (p.x as u32) < self.width
                && (p.y as u32) < self.height
            {
                self.pixels[p.y as usize * self.width as usize + p.x as usize] = INK;
            }
        }
        Ok(())
    }
}

/// `text` cut to `max` characters, `...` standing for the rest.
fn fit(text: &str, max: usize) -> String {
    let n = text.chars().count();
    if n <= max {
        return text.to_string();
    }
    let keep = max.saturating_sub(3);
    let mut s: String = text.chars().take(keep).collect();
    s.push_str("...");
    s
}

/// Writes `text` at `(x, y)` (its top left), each character in the font that has it (`?` for
/// one none has).
fn write(canvas: &mut Canvas, fonts: &[&'static MonoFont<'static>; 4], x: i32, y: i32, text: &str) {
    let advance = fonts[0].character_size.width as i32;
    let mut buf = [0u8; 4];
    for (i, c) in text.chars().enumerate() {
        let (font, c) = match font_of(c) {
            Some(f) => (fonts[f], c),
            None => (fonts[0], '?'),
        };
        let style = MonoTextStyle::new(font, BinaryColor::On);
        let s: &str = c.encode_utf8(&mut buf);
        let at = Point::new(x + i as i32 * advance, y);
        let _ = Text::with_baseline(s, at, style, Baseline::Top).draw(canvas);
    }
}

/// A piece drawn once per square size: `CLEAR` where the square shows through.
fn sprite(sq: u32, white: bool, king: bool) -> Vec<u8> {
    let (body, ring) = if white {
        (WHITE, WHITE_RING)
    } else {
        (BLACK, BLACK_RING)
    };
    // The page's piece in a square of 100: body radius 40 with an edge, ring at 28, the crown.
    let unit = sq as f32 / 100.0;
    let r = 40.0 * unit;
    let edge = (2.5 * unit).max(1.0);
    let ring_r = 28.0 * unit;
    let ring_w = (3.0 * unit).max(1.0);
    let crown: [(f32, f32); 7] = [
        (-21.0, 12.0),
        (-24.0, -12.0),
        (-11.0, -1.0),
        (0.0, -19.0),
        (11.0, -1.0),
        (24.0, -12.0),
        (21.0, 12.0),
    ];
    let mut out = vec![CLEAR; (sq * sq) as usize];
    let c = sq as f32 / 2.0;
    for y in 0..sq {
        for x in 0..sq {
            let (dx, dy) = (x as f32 + 0.5 - c, y as f32 + 0.5 - c);
            let d = (dx * dx + dy * dy).sqrt();
            let px = if d > r {
                continue;
            } else if d > r - edge {
                EDGE
            } else if king && inside(&crown, dx / unit, dy / unit) {
                if inside_by(&crown, dx / unit, dy / unit, 3.0 / unit.max(0.3)) {
                    CROWN
                } else {
                    CROWN_EDGE
                }
            } else if (d - ring_r).abs() <= ring_w / 2.0 {
                ring
            } else {
                body
            };
            out[(y * sq + x) as usize] = px;
        }
    }
    out
}

/// Whether `(x, y)` is inside the polygon (even-odd rule).
fn inside(poly: &[(f32, f32)], x: f32, y: f32) -> bool {
    let mut odd = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (xi, yi) = poly[i];
        let (xj, yj) = poly[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            odd = !odd;
        }
        j = i;
    }
    odd
}

/// Whether `(x, y)` is inside the polygon and at least `m` from its edges (the crown's fill,
/// within its outline).
fn inside_by(poly: &[(f32, f32)], x: f32, y: f32, m: f32) -> bool {
    [(0.0, 0.0), (m, 0.0), (-m, 0.0), (0.0, m), (0.0, -m)]
        .iter()
        .all(|(ox, oy)| inside(poly, x + ox, y + oy))
}

/// Everything fixed for one picture: sizes, sprites, the bands.
struct Layout {
    sq: u32,
    width: u32,
    board_top: u32,
    height: u32,
    band: u32,
    /// White man, white king, black man, black king.
    sprites: [Vec<u8>; 4],
}

impl Layout {
    fn new(a: &Animation, size: u32) -> Layout {
        let side = u32::from(a.width.max(a.height));
        let sq = size / side;
        let font = fonts(size)[0].character_size;
        let band = font.height + 10;
        let width = sq * u32::from(a.width);
        let board_top = band + 1;
        Layout {
            sq,
            width,
            board_top,
            height: board_top + sq * u32::from(a.height) + 1 + band,
            band,
            sprites: [
                sprite(sq, true, false),
                sprite(sq, true, true),
                sprite(sq, false, false),
                sprite(sq, false, true),
            ],
        }
    }

    /// The top left pixel of the square at `(file, rank)`.
    fn square_at(&self, a: &Animation, file: u8, rank: u8) -> (u32, u32) {
        let row = u32::from(a.height) - 1 - u32::from(rank);
        (u32::from(file) * self.sq, self.board_top + row * self.sq)
    }
}

/// The bands: Black's name above, White's and the result below (written once: every frame
/// keeps them).
fn draw_bands(canvas: &mut Canvas, a: &Animation, l: &Layout, size: u32) {
    let fonts = fonts(size);
    let cw = fonts[0].character_size.width;
    let ch = fonts[0].character_size.height as i32;
    let h = canvas.height;
    canvas.fill(0, 0, l.width, l.band, BAND);
    canvas.fill(0, l.band, l.width, 1, FRAME);
    canvas.fill(0, h - l.band - 1, l.width, 1, FRAME);
    canvas.fill(0, h - l.band, l.width, l.band, BAND);
    // A disc of the side's colour before each name, as the page's header has.
    let disc = ch as u32 - 3;
    let pad = 6;
    for (top, white) in [(0u32, false), (h - l.band, true)] {
        let cy = top as f32 + l.band as f32 / 2.0;
        let cx = pad as f32 + disc as f32 / 2.0;
        let r = disc as f32 / 2.0;
        for y in top..top + l.band {
            for x in 0..(pad + disc + 1) {
                let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
                let d = (dx * dx + dy * dy).sqrt();
                if d <= r {
                    let fill = if white { WHITE } else { BLACK };
                    canvas.pixels[(y * canvas.width + x) as usize] =
                        if d > r - 1.2 { EDGE } else { fill };
                }
            }
        }
    }
    let text_x = (pad + disc + pad) as i32;
    let columns = ((l.width - text_x as u32 - pad) / cw) as usize;
    let result = a.result.trim();
    let result_cols = if result.is_empty() {
        0
    } else {
        result.chars().count() + 2
    };
    let y_top = ((l.band as i32) - ch) / 2;
    write(canvas, &fonts, text_x, y_top, &fit(a.black.trim(), columns));
    let y_bottom = (h - l.band) as i32 + y_top;
    write(
        canvas,
        &fonts,
        text_x,
        y_bottom,
        &fit(a.white.trim(), columns.saturating_sub(result_cols)),
    );
    if result_cols > 0 {
        let x = l.width as i32 - pad as i32 - (result.chars().count() as u32 * cw) as i32;
        write(canvas, &fonts, x, y_bottom, result);
    }
}

/// What square `k` shows in frame `i`: its ground (dark, or a move's mark) and its piece.
fn square_look(a: &Animation, cells: &[char], i: usize, k: usize) -> (u8, char) {
    let ground = match a.moves.get(i).copied().flatten() {
        Some((from, _)) if from == k => FROM,
        Some((_, to)) if to == k => TO,
        _ => DARK,
    };
    (ground, cells.get(k).copied().unwrap_or('.'))
}

/// Draws one playable square at `(x, y)`: its ground, then its piece if any.
fn draw_square(canvas: &mut Canvas, l: &Layout, (x, y): (u32, u32), (ground, cell): (u8, char)) {
    canvas.fill(x, y, l.sq, l.sq, ground);
    let sprite = match cell {
        'w' => &l.sprites[0],
        'W' => &l.sprites[1],
        'b' => &l.sprites[2],
        'B' => &l.sprites[3],
        _ => return,
    };
    for sy in 0..l.sq {
        let row = ((y + sy) * canvas.width + x) as usize;
        for sx in 0..l.sq {
            let p = sprite[(sy * l.sq + sx) as usize];
            if p != CLEAR {
                canvas.pixels[row + sx as usize] = p;
            }
        }
    }
}

/// A rectangle of pixels, ends included: `(x0, y0, x1, y1)`.
type Rect = (u32, u32, u32, u32);

/// Frame `i`'s board over `canvas`, redrawing only the squares whose look changed since
/// `shown` (all of them the first time; the light squares and the bands never change): the
/// rectangle redrawn, or none.
fn draw_board(
    canvas: &mut Canvas,
    a: &Animation,
    l: &Layout,
    i: usize,
    shown: &mut Vec<(u8, char)>,
) -> Option<Rect> {
    let cells: Vec<char> = a.positions[i].chars().collect();
    let first = shown.is_empty();
    if first {
        canvas.fill(0, l.board_top, l.width, l.sq * u32::from(a.height), LIGHT);
    }
    let mut dirty: Option<Rect> = None;
    for (k, &(file, rank)) in a.squares.iter().enumerate() {
        let look = square_look(a, &cells, i, k);
        if !first && shown[k] == look {
            continue;
        }
        let (x, y) = l.square_at(a, file, rank);
        draw_square(canvas, l, (x, y), look);
        if first {
            shown.push(look);
        } else {
            shown[k] = look;
        }
        let (x1, y1) = (x + l.sq - 1, y + l.sq - 1);
        dirty = Some(match dirty {
            None => (x, y, x1, y1),
            Some((a0, b0, a1, b1)) => (a0.min(x), b0.min(y), a1.max(x1), b1.max(y1)),
        });
    }
    dirty
}

fn check(a: &Animation, size: u32) -> Result<(), GifError> {
    if !SIZES.contains(&size) {
        return Err(GifError::Size(size));
    }
    if a.width == 0 || a.height == 0 || a.squares.is_empty() || a.positions.is_empty() {
        return Err(GifError::NoBoard);
    }
    if a.width > 26 || a.height > 26 {
        return Err(GifError::Model(format!(
            "a board of {}x{} is too large to draw",
            a.width, a.height
        )));
    }
    if let Some(&(f, r)) = a
        .squares
        .iter()
        .find(|(f, r)| *f >= a.width || *r >= a.height)
    {
        return Err(GifError::Model(format!(
            "square ({f}, {r}) is off the board"
        )));
    }
    let n = a.squares.len();
    if let Some(i) = a.positions.iter().position(|p| p.chars().count() != n) {
        return Err(GifError::Model(format!(
            "position {i} has not one character a square ({n})"
        )));
    }
    if a.moves.len() > a.positions.len() {
        return Err(GifError::Model("more moves than positions".to_string()));
    }
    if a.moves.iter().flatten().any(|&(f, t)| f >= n || t >= n) {
        return Err(GifError::Model(
            "a move's square is off the board".to_string(),
        ));
    }
    Ok(())
}

/// The animated GIF of `a` with the board `size` pixels wide (the largest whole number of pixels a
/// square that fits: 400 gives 40 a square on 10×10, 50 on 8×8), looping: the start shown
/// [`DELAY_START`], each move [`DELAY_MOVE`], the last position [`DELAY_END`]. The same model
/// gives the same bytes.
///
/// # Errors
///
/// [`GifError`] when the size is out of [`SIZES`] or the model has no board or does not hold
/// together.
pub fn encode(a: &Animation, size: u32) -> Result<Vec<u8>, GifError> {
    check(a, size)?;
    let l = Layout::new(a, size);
    let mut canvas = Canvas {
        width: l.width,
        height: l.height,
        pixels: vec![BAND; (l.width * l.height) as usize],
    };
    draw_bands(&mut canvas, a, &l, size);
    let palette: Vec<u8> = PALETTE.iter().flatten().copied().collect();
    let err = |e: gif::EncodingError| GifError::Encode(e.to_string());
    let mut encoder =
        gif::Encoder::new(Vec::new(), l.width as u16, l.height as u16, &palette).map_err(err)?;
    encoder.set_repeat(gif::Repeat::Infinite).map_err(err)?;
    let last = a.positions.len() - 1;
    let mut shown = Vec::with_capacity(a.squares.len());
    // The picture as the last frame left it: compared with, within the squares redrawn.
    let mut previous = canvas.pixels.clone();
    for i in 0..=last {
        let dirty = draw_board(&mut canvas, a, &l, i, &mut shown);
        let delay = if i == last {
            DELAY_END
        } else if i == 0 {
            DELAY_START
        } else {
            DELAY_MOVE
        };
        let frame = if i == 0 {
            gif::Frame {
                width: l.width as u16,
                height: l.height as u16,
                buffer: Cow::Borrowed(&canvas.pixels),
                delay,
                ..gif::Frame::default()
            }
        } else {
            delta(&previous, &canvas.pixels, l.width, dirty, delay)
        };
        encoder.write_frame(&frame).map_err(err)?;
        match (i, dirty) {
            (0, _) => previous.clone_from(&canvas.pixels),
            (_, Some((x0, y0, x1, y1))) => {
                for y in y0..=y1 {
                    let row = (y * l.width) as usize;
                    let (from, to) = (row + x0 as usize, row + x1 as usize + 1);
                    previous[from..to].copy_from_slice(&canvas.pixels[from..to]);
                }
            }
            _ => {}
        }
    }
    encoder.into_inner().map_err(err)
}

/// The frame that turns `before` into `after`: the rectangle that changed within `dirty` (what
/// was redrawn), its unchanged pixels transparent (one pixel when nothing changed: a GIF frame
/// cannot be empty).
fn delta(
    before: &[u8],
    after: &[u8],
    width: u32,
    dirty: Option<Rect>,
    delay: u16,
) -> gif::Frame<'static> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    if let Some((dx0, dy0, dx1, dy1)) = dirty {
        for y in dy0..=dy1 {
            let row = (y * width) as usize;
            for x in dx0..=dx1 {
                let k = row + x as usize;
                if before[k] != after[k] {
                    x0 = x0.min(x);
                    y0 = y0.min(y);
                    x1 = x1.max(x);
                    y1 = y1.max(y);
                }
            }
        }
    }
    if x0 == u32::MAX {
        (x0, y0, x1, y1) = (0, 0, 0, 0);
    }
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut buffer = Vec::with_capacity((w * h) as usize);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let k = (y * width + x) as usize;
            buffer.push(if before[k] == after[k] {
                CLEAR
            } else {
                after[k]
            });
        }
    }
    gif::Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: w as u16,
        height: h as u16,
        buffer: Cow::Owned(buffer),
        delay,
        transparent: Some(CLEAR),
        dispose: gif::DisposalMethod::Keep,
        ..gif::Frame::default()
    }
}
