//! The printed sheets' values (issue 41, `print=game|problems`): which moves a comment asks a
//! diagram for, and the QR code of a game's link as an SVG path. The page draws the sheets with
//! its own board drawing from the game views; these are the two things it cannot know by itself.

use serde::Serialize;

/// Does a move's text ask for a diagram after it? A `[%diag]` or `[%diagram]` command in one of
/// its comments (the word `%diagram`/`%diag` alone counts too, as some editors write it), or
/// ChessBase's diagram NAGs `$220`/`$221`.
///
/// ```
/// use pdn_view::print::diagram_asked;
/// assert!(diagram_asked(&["a fine shot [%diag]".to_string()], &[]));
/// assert!(diagram_asked(&["%diagram".to_string()], &[]));
/// assert!(diagram_asked(&[], &[220]));
/// assert!(!diagram_asked(&["a diagonal move".to_string()], &[1]));
/// ```
pub fn diagram_asked(comments: &[String], nags: &[u16]) -> bool {
    nags.iter().any(|&n| n == 220 || n == 221)
        || comments.iter().any(|c| {
            let lower = c.to_ascii_lowercase();
            lower.match_indices("%diag").any(|(i, _)| {
                let rest = &lower[i + "%diag".len()..];
                let rest = rest.strip_prefix("ram").unwrap_or(rest);
                !rest.starts_with(|ch: char| ch.is_ascii_alphanumeric())
            })
        })
}

/// A QR code drawn as one SVG path: the dark modules on a `size`×`size` grid (the quiet zone
/// not included: draw it with a viewBox of `-4 -4 size+8 size+8`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct QrView {
    /// Modules a side.
    pub size: u32,
    /// The `d` of a path filling each dark module (each row's runs as one rectangle).
    pub path: String,
}

/// The QR code of `text` (a link): error correction M, L when the text is too long for M, or
/// `None` when it is too long for any QR code (2,953 bytes).
///
/// ```
/// let qr = pdn_view::print::qr_code("https://example.org/index.html?game=1").unwrap();
/// assert_eq!(qr.size, 29);
/// assert!(qr.path.starts_with("M0,0h7"));
/// ```
pub fn qr_code(text: &str) -> Option<QrView> {
    use qrcodegen::{QrCode, QrCodeEcc};
    let qr = QrCode::encode_text(text, QrCodeEcc::Medium)
        .or_else(|_| QrCode::encode_text(text, QrCodeEcc::Low))
        .ok()?;
    let size = qr.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if !qr.get_module(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < size && qr.get_module(x, y) {
                x += 1;
            }
            path.push_str(&format!("M{start},{y}h{}v1h-{}z", x - start, x - start));
        }
    }
    Some(QrView {
        size: size as u32,
        path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_markers_and_words_that_only_look_like_them() {
        let c = |s: &str| vec![s.to_string()];
        assert!(diagram_asked(&c("[%diagram]"), &[]));
        assert!(diagram_asked(&c("Position [%DIAG] now"), &[]));
        assert!(diagram_asked(&c("%diag"), &[]));
        assert!(!diagram_asked(&c("%diagnosis"), &[]));
        assert!(!diagram_asked(&c("diagram"), &[]));
        assert!(diagram_asked(&[], &[221]));
    }

    #[test]
    fn qr_code_of_a_link_and_of_a_text_too_long() {
        let qr = qr_code("https://example.org/?src=games.pdn&game=2").unwrap();
        // Version 3 (29 modules) at level M; the three finder patterns' corners are dark.
        assert_eq!(qr.size, 29);
        assert!(qr.path.contains("M0,0h7v1h-7z"));
        assert!(qr.path.contains("M22,0h7v1h-7z"));
        let long = "a".repeat(4000);
        assert_eq!(qr_code(&long), None);
        // Long links (a #pdn= game) fit at level L.
        assert!(qr_code(&"A".repeat(2000)).is_some());
    }
}
