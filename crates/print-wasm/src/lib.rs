//! The printed sheet's own wasm module (`pkg/print.js`, issue 41): the QR code of a game's link,
//! from `pdn_view::print::qr_code`. A module of its own so that only the print view
//! (`www/print/sheet.js`) loads the QR encoder: the page's reading wasm does not grow.

/// The QR code of `text` as a JSON text `{"size":N,"path":"M…"}` (the dark modules as one SVG
/// path, see [`pdn_view::print::QrView`]), or `null` when the text is too long for a QR code.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen(js_name = qrCode))]
pub fn qr_code(text: &str) -> String {
    // The path holds only `M`, `h`, `v`, `z`, digits, `,` and `-`: nothing to escape.
    match pdn_view::print::qr_code(text) {
        Some(qr) => format!("{{\"size\":{},\"path\":\"{}\"}}", qr.size, qr.path),
        None => "null".to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn json_of_a_link_and_null_when_too_long() {
        let json = super::qr_code("https://example.org/?game=1");
        assert!(json.starts_with("{\"size\":"), "{json}");
        assert_eq!(super::qr_code(&"x".repeat(5000)), "null");
    }
}
