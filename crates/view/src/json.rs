//! The views as one JSON text: how they cross the wasm boundary (a game view's mainline goes as
//! one binary buffer, [`crate::wire`], with this JSON for the rest). Instead of building JavaScript
//! objects field by field from wasm (serde-wasm-bindgen, several boundary calls per value), one
//! string is handed over and `JSON.parse`d: as fast at `opt-level = "z"`, twice as fast at 3, and
//! 4.8 KB less wasm (docs/benchmarks.md, "Page speed and size"). The shape is
//! the one serde gives any self-describing format: structs and maps as objects, sequences and
//! tuples as arrays, `None` as `null`, unit variants as their names.
//!
//! ```
//! # use serde::Serialize;
//! #[derive(Serialize)]
//! struct Row { name: &'static str, n: Option<u32>, tags: Vec<(String, String)> }
//! let row = Row { name: "Ozols \"A\"\n", n: None, tags: vec![("a".into(), "b".into())] };
//! assert_eq!(pdn_view::json::to_string(&row),
//!            r#"{"name":"Ozols \"A\"\n","n":null,"tags":[["a","b"]]}"#);
//! ```

use serde::ser::{self, Serialize};

/// `value` as JSON text. Map keys must be strings or numbers (numbers are written as strings,
/// as JavaScript would); non-finite floats are written as `null`, as `JSON.stringify` does.
#[must_use]
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = String::with_capacity(256);
    to_writer(&mut out, value);
    out
}

/// Appends `value` as JSON text to `out`.
pub fn to_writer<T: Serialize + ?Sized>(out: &mut String, value: &T) {
    // Writing to a String cannot fail, and every value the views hold has a JSON form.
    let _ = value.serialize(Json { out });
}

thread_local! {
    /// Set while [`to_writer_lean`] writes: the fields marked `skip_serializing_if =
    /// "crate::json::lean"` are left out. A flag read by those fields alone: a field list
    /// carried through the whole serializer made the page's wasm 70 KB larger.
    static LEAN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Appends `value` as JSON text to `out` without its bulk: the fields marked
/// `#[serde(skip_serializing_if = "crate::json::lean")]` (the packed moves, which
/// [`crate::wire`] sends as binary sections) are left out.
pub fn to_writer_lean<T: Serialize + ?Sized>(out: &mut String, value: &T) {
    /// Clears the flag when the text is written, even by an unwinding panic.
    struct Lean;
    impl Drop for Lean {
        fn drop(&mut self) {
            LEAN.with(|b| b.set(false));
        }
    }
    LEAN.with(|b| b.set(true));
    let _lean = Lean;
    to_writer(out, value);
}

/// Whether a field marked with it is left out: only while [`to_writer_lean`] writes (serde's
/// `skip_serializing_if`).
#[must_use]
pub fn lean<T: ?Sized>(_: &T) -> bool {
    LEAN.with(std::cell::Cell::get)
}

/// Why a value has no JSON form (only a map key that is not a string or a number).
#[derive(Debug)]
pub struct Error;

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a map key that is not a string")
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Error
    }
}

struct Json<'a> {
    out: &'a mut String,
}

fn write_u64(out: &mut String, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or("0"));
}

fn write_i64(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    write_u64(out, n.unsigned_abs());
}

fn write_str(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    if !bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push_str(s);
        out.push('"');
        return;
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 15) as usize] as char);
        } else {
            out.push_str(escape);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// An array or object being written: whether a comma is due before the next item.
struct Compound<'a> {
    out: &'a mut String,
    first: bool,
    /// What ends it: `]` or `}`, or `]}` / `}}` for an enum variant's `{"Name":[…]}`.
    close: &'static str,
}

impl Compound<'_> {
    fn comma(&mut self) {
        if self.first {
            self.first = false;
        } else {
            self.out.push(',');
        }
    }

    /// A field name: Rust identifiers or serde renames of them, which never need an escape, so
    /// they are copied as they are (looking for escapes in every key cost the game views 5%).
    fn key(&mut self, key: &'static str) {
        debug_assert!(key.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\'));
        self.comma();
        self.out.push('"');
        self.out.push_str(key);
        self.out.push_str("\":");
    }
}

impl<'a> Json<'a> {
    fn open(self, open: char, close: &'static str) -> Compound<'a> {
        self.out.push(open);
        Compound {
            out: self.out,
            first: true,
            close,
        }
    }
}

impl<'a> ser::Serializer for Json<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        write_i64(self.out, v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        write_u64(self.out, v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if v.is_finite() {
            self.out.push_str(&v.to_string());
        } else {
            self.out.push_str("null");
        }
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        write_str(self.out, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        write_str(self.out, v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        let mut seq = self.open('[', "]");
        for &b in v {
            ser::SerializeSeq::serialize_element(&mut seq, &b)?;
        }
        ser::SerializeSeq::end(seq)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let mut map = self.open('{', "}");
        map.key(variant);
        value.serialize(Json { out: map.out })?;
        ser::SerializeMap::end(map)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a>, Error> {
        Ok(self.open('[', "]"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>, Error> {
        Ok(self.open('[', "]"))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, Error> {
        Ok(self.open('[', "]"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        write_str(self.out, variant);
        self.out.push(':');
        Ok(self.open('[', "]}"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a>, Error> {
        Ok(self.open('{', "}"))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, Error> {
        Ok(self.open('{', "}"))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        write_str(self.out, variant);
        self.out.push(':');
        Ok(self.open('{', "}}"))
    }
}

impl Compound<'_> {
    fn finish(self) {
        self.out.push_str(self.close);
    }
}

macro_rules! elements {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.comma();
                value.serialize(Json { out: self.out })
            }
            fn end(self) -> Result<(), Error> {
                self.finish();
                Ok(())
            }
        }
    )*};
}
elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
                self.key(key);
                value.serialize(Json { out: self.out })
            }
            fn end(self) -> Result<(), Error> {
                self.finish();
                Ok(())
            }
        }
    )*};
}
fields!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        key.serialize(Key { out: self.out })?;
        self.out.push(':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(Json { out: self.out })
    }
    fn end(self) -> Result<(), Error> {
        self.finish();
        Ok(())
    }
}

/// A map key: a string, or a number written as one.
struct Key<'a> {
    out: &'a mut String,
}

impl ser::Serializer for Key<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        write_str(self.out, v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.serialize_str(if v { "true" } else { "false" })
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.out.push('"');
        write_i64(self.out, v);
        self.out.push('"');
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.out.push('"');
        write_u64(self.out, v);
        self.out.push('"');
        Ok(())
    }
    fn serialize_f32(self, _: f32) -> Result<(), Error> {
        Err(Error)
    }
    fn serialize_f64(self, _: f64) -> Result<(), Error> {
        Err(Error)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        Err(Error)
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(Error)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), Error> {
        Err(Error)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(Error)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        Err(Error)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(Error)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(Error)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(Error)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(Error)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(Error)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(Error)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(Error)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(Error)
    }
}

/// List rows (flat objects of the same fields) as the page takes them: per field, its distinct
/// values and each row's index into them, or, when most values differ (the game numbers), the
/// column itself: `{"count":N,"fields":[{"key":…,"values":[…],"index":[…]}|{"key":…,"column":[…]}]}`.
/// A file's events, sites, players and results repeat, so this is a fraction of the rows' JSON,
/// and `www/reader/library.js` moves the indexes to the page without a copy. Rows that are not
/// flat objects of the same fields are written as `{"rows":[…]}`.
///
/// ```
/// # use serde::Serialize;
/// #[derive(Serialize)]
/// struct Row { n: usize, who: &'static str }
/// let rows = [Row { n: 1, who: "A" }, Row { n: 2, who: "A" }, Row { n: 3, who: "B" }];
/// assert_eq!(pdn_view::json::packed_rows(&rows),
///            r#"{"count":3,"fields":[{"key":"n","column":[1,2,3]},{"key":"who","values":["A","B"],"index":[0,0,1]}]}"#);
/// ```
#[must_use]
pub fn packed_rows<T: Serialize + ?Sized>(rows: &T) -> String {
    // The rows' own JSON, split: the same writing as the plain rows' (pass the same list type),
    // so no second copy of it in the wasm.
    let text = to_string(rows);
    let same = |r: &[Vec<(&str, &str)>]| {
        r.iter()
            .all(|f| f.len() == r[0].len() && f.iter().zip(&r[0]).all(|(a, b)| a.0 == b.0))
    };
    let mut out = String::with_capacity(text.len() / 4 + 64);
    let Some(split) = flat_rows(&text).filter(|r| r.is_empty() || same(r)) else {
        out.push_str("{\"rows\":");
        out.push_str(&text);
        out.push('}');
        return out;
    };
    out.push_str("{\"count\":");
    write_u64(&mut out, split.len() as u64);
    out.push_str(",\"fields\":[");
    let keys = split.first().map_or(0, Vec::len);
    for k in 0..keys {
        if k > 0 {
            out.push(',');
        }
        out.push_str("{\"key\":");
        write_str(&mut out, split[0][k].0);
        let column: Vec<&str> = split.iter().map(|f| f[k].1).collect();
        write_field(&mut out, &column);
        out.push('}');
    }
    out.push_str("]}");
    out
}

/// One field of [`packed_rows`]: `,"values":[…],"index":[…]`, or `,"column":[…]`.
fn write_field(out: &mut String, column: &[&str]) {
    let list = |out: &mut String, name: &str, items: &[&str]| {
        out.push_str(name);
        out.push_str(&items.join(","));
        out.push(']');
    };
    let Some((values, index)) = distinct(column) else {
        list(out, ",\"column\":[", column);
        return;
    };
    list(out, ",\"values\":[", &values);
    out.push_str(",\"index\":[");
    for (i, k) in index.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_u64(out, u64::from(k));
    }
    out.push(']');
}

/// The distinct values of `column` and each one's index into them; `None` when most values
/// differ (then the column is as short). A small open-addressing table: a `HashMap` cost the
/// page's wasm 4 KB gzipped. Probes are bounded, so values made to collide cost no more than
/// the column itself.
fn distinct<'a>(column: &[&'a str]) -> Option<(Vec<&'a str>, Vec<u32>)> {
    const PROBES: usize = 64;
    let size = (column.len() * 2).next_power_of_two();
    let mut slots = vec![u32::MAX; size];
    let mut values: Vec<&str> = Vec::new();
    let mut index = Vec::with_capacity(column.len());
    for &v in column {
        // FNV-1a over the value's JSON text.
        let hash = v.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let mut at = hash as usize & (size - 1);
        let mut found = None;
        for _ in 0..PROBES {
            match slots[at] {
                u32::MAX => {
                    slots[at] = u32::try_from(values.len()).ok()?;
                    values.push(v);
                    found = Some(slots[at]);
                    break;
                }
                k if values[k as usize] == v => {
                    found = Some(k);
                    break;
                }
                _ => at = (at + 1) & (size - 1),
            }
        }
        index.push(found?);
        if values.len() > column.len() / 2 + 1 {
            return None;
        }
    }
    Some((values, index))
}

/// The objects of a JSON array of flat objects as this writer writes them (`[{"key":value,…},…]`,
/// keys without escapes, values strings, numbers, booleans or null), each as its fields
/// `(key, value's JSON)`; `None` when a value is an object or an array.
fn flat_rows(text: &str) -> Option<Vec<Vec<(&str, &str)>>> {
    let b = text.as_bytes();
    let mut rows = Vec::new();
    if b.first() != Some(&b'[') {
        return None;
    }
    let mut i = 1;
    while *b.get(i)? != b']' {
        i += usize::from(b[i] == b',');
        if *b.get(i)? != b'{' {
            return None;
        }
        i += 1;
        let mut fields = Vec::new();
        while *b.get(i)? != b'}' {
            i += usize::from(b[i] == b',');
            if *b.get(i)? != b'"' {
                return None;
            }
            let key_end = i + 1 + text.get(i + 1..)?.find('"')?;
            let key = text.get(i + 1..key_end)?;
            i = key_end + 2;
            let start = i;
            if *b.get(i)? == b'"' {
                i += 1;
                while *b.get(i)? != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            } else {
                while !matches!(*b.get(i)?, b',' | b'}') {
                    if matches!(b[i], b'{' | b'[') {
                        return None;
                    }
                    i += 1;
                }
            }
            fields.push((key, text.get(start..i)?));
        }
        i += 1;
        rows.push(fields);
    }
    Some(rows)
}

#[cfg(test)]
mod tests {
    use super::{packed_rows, to_string};
    use serde::Serialize;
    use std::collections::BTreeMap;

    #[test]
    fn strings_numbers_and_containers() {
        assert_eq!(to_string("a\"b\\c\u{1}\té"), r#""a\"b\\c\u0001\té""#);
        assert_eq!(
            to_string(&(0u8, u64::MAX, -12i32, i64::MIN)),
            "[0,18446744073709551615,-12,-9223372036854775808]"
        );
        assert_eq!(
            to_string(&[Some(1.5), None, Some(f64::NAN)]),
            "[1.5,null,null]"
        );
        let map: BTreeMap<&str, Vec<String>> = [("k", vec![]), ("ü", vec!["x".into()])].into();
        assert_eq!(to_string(&map), r#"{"k":[],"ü":["x"]}"#);
        let numbered: BTreeMap<u32, bool> = [(3, true)].into();
        assert_eq!(to_string(&numbered), r#"{"3":true}"#);
    }

    #[test]
    fn a_game_view_is_one_json_object() {
        let lib = crate::library::Library::new("[White \"A\\\"B\"] 1. 32-28 {x\ny} 19-23 *".into());
        let json = to_string(&lib.view(0).unwrap());
        assert!(
            json.starts_with(r#"{"number":1,"tags":[["White","A\"B"]]"#),
            "{json}"
        );
        assert!(json.contains(r#""comments":["x\ny"]"#), "{json}");
        assert!(
            !json.contains("diagnosticsTotal"),
            "skipped when None: {json}"
        );
    }

    #[test]
    fn packed_rows_keep_escapes_and_leave_odd_rows_as_they_are() {
        #[derive(Serialize)]
        struct Row {
            who: &'static str,
            n: Option<u32>,
        }
        let rows = [
            Row {
                who: "a \"q\", b\\",
                n: None,
            },
            Row {
                who: "a \"q\", b\\",
                n: Some(1),
            },
            Row { who: "}{", n: None },
        ];
        assert_eq!(
            packed_rows(&rows),
            r#"{"count":3,"fields":[{"key":"who","values":["a \"q\", b\\","}{"],"index":[0,0,1]},{"key":"n","values":[null,1],"index":[0,1,0]}]}"#
        );
        #[derive(Serialize)]
        struct Nested {
            tags: Vec<u8>,
        }
        assert_eq!(
            packed_rows(&[Nested { tags: vec![1] }]),
            r#"{"rows":[{"tags":[1]}]}"#
        );
        assert_eq!(packed_rows::<[Row]>(&[]), r#"{"count":0,"fields":[]}"#);
    }
}
