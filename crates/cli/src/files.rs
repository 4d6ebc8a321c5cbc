//! Reading a file as text for the commands that take one (`analyse`, `review`, `standings`):
//! any encoding the core knows, or a plain message saying why not.

/// The text of `path` (decoded; UTF-8 bytes become the text without a copy), or
/// `"{path}: {why}"` when it cannot be read or is not text.
pub fn read_text(path: &str) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let (text, encoding) = pdn::encoding::decode_vec(bytes);
    if !encoding.is_text() {
        return Err(format!("{path}: not a text file"));
    }
    Ok(text)
}
