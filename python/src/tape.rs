//! A value as serde serializes it, kept as a flat list of tokens (a tape) that another
//! thread turns into Python objects: the scoring thread records each deal's report (the
//! engine's `Serialize`, the same that writes the JSON document), the Python thread builds
//! the dicts and lists from it, with its keys and repeated texts made once. This is what
//! `doko.iter_scores` hands over: building the objects straight from the tape costs about
//! half of what `json.loads` of the same document costs.

use std::collections::HashMap;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde::ser::{self, Serialize};

/// One token of a tape.
#[derive(Debug, Clone)]
pub enum Token {
    /// A map or struct begins; its entries follow, then [`Token::End`].
    Map,
    /// A sequence begins; its items follow, then [`Token::End`].
    Seq,
    /// The end of the innermost map or sequence.
    End,
    /// A struct's field name (a key).
    Field(&'static str),
    /// A text (a value, or a map's key): where it lies in the tape's texts.
    Text(u32, u32),
    /// A whole number.
    Int(i64),
    /// A whole number above `i64::MAX`.
    Big(u64),
    /// A number with a fraction.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// No value.
    Null,
}

/// Tokens, appended to as values are serialized, and the texts they hold, one after the
/// other (a text a token would be an allocation a token).
#[derive(Debug, Default)]
pub struct Tape {
    tokens: Vec<Token>,
    texts: String,
}

/// Why a value cannot go on a tape.
#[derive(Debug)]
pub struct TapeError(String);

impl std::fmt::Display for TapeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TapeError {}

impl ser::Error for TapeError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        TapeError(msg.to_string())
    }
}

type R = Result<(), TapeError>;

impl Tape {
    /// Appends `value`.
    pub fn record<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut *self)
    }

    fn push(&mut self, t: Token) -> R {
        self.tokens.push(t);
        Ok(())
    }

    fn push_text(&mut self, text: &str) -> R {
        let start =
            u32::try_from(self.texts.len()).map_err(|_| TapeError("a tape of over 4 GB".into()))?;
        let len = u32::try_from(text.len()).map_err(|_| TapeError("a text of over 4 GB".into()))?;
        self.texts.push_str(text);
        self.push(Token::Text(start, len))
    }

    /// The text of a [`Token::Text`].
    fn text(&self, start: u32, len: u32) -> &str {
        let (a, b) = (start as usize, start as usize + len as usize);
        self.texts.get(a..b).unwrap_or("")
    }
}

impl<'a> ser::Serializer for &'a mut Tape {
    type Ok = ();
    type Error = TapeError;
    type SerializeSeq = &'a mut Tape;
    type SerializeTuple = &'a mut Tape;
    type SerializeTupleStruct = &'a mut Tape;
    type SerializeTupleVariant = &'a mut Tape;
    type SerializeMap = &'a mut Tape;
    type SerializeStruct = &'a mut Tape;
    type SerializeStructVariant = &'a mut Tape;

    fn serialize_bool(self, v: bool) -> R {
        self.push(Token::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> R {
        self.push(Token::Int(v.into()))
    }
    fn serialize_i16(self, v: i16) -> R {
        self.push(Token::Int(v.into()))
    }
    fn serialize_i32(self, v: i32) -> R {
        self.push(Token::Int(v.into()))
    }
    fn serialize_i64(self, v: i64) -> R {
        self.push(Token::Int(v))
    }
    fn serialize_u8(self, v: u8) -> R {
        self.push(Token::Int(v.into()))
    }
    fn serialize_u16(self, v: u16) -> R {
        self.push(Token::Int(v.into()))
    }
    fn serialize_u32(self, v: u32) -> R {
        self.push(Token::Int(v.into()))
    }
    fn serialize_u64(self, v: u64) -> R {
        self.push(i64::try_from(v).map_or(Token::Big(v), Token::Int))
    }
    fn serialize_f32(self, v: f32) -> R {
        self.push(Token::Float(v.into()))
    }
    fn serialize_f64(self, v: f64) -> R {
        self.push(Token::Float(v))
    }
    fn serialize_char(self, v: char) -> R {
        self.push_text(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> R {
        self.push_text(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> R {
        self.push(Token::Seq)?;
        for b in v {
            self.push(Token::Int((*b).into()))?;
        }
        self.push(Token::End)
    }
    fn serialize_none(self) -> R {
        self.push(Token::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> R {
        value.serialize(self)
    }
    fn serialize_unit(self) -> R {
        self.push(Token::Null)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> R {
        self.push(Token::Null)
    }
    fn serialize_unit_variant(self, _name: &'static str, _i: u32, variant: &'static str) -> R {
        self.push_text(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> R {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        value: &T,
    ) -> R {
        self.push(Token::Map)?;
        self.push(Token::Field(variant))?;
        value.serialize(&mut *self)?;
        self.push(Token::End)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self, TapeError> {
        self.push(Token::Seq)?;
        Ok(self)
    }
    fn serialize_tuple(self, len: usize) -> Result<Self, TapeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Self, TapeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self, TapeError> {
        self.push(Token::Map)?;
        self.push(Token::Field(variant))?;
        self.push(Token::Seq)?;
        Ok(self)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self, TapeError> {
        self.push(Token::Map)?;
        Ok(self)
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, TapeError> {
        self.push(Token::Map)?;
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self, TapeError> {
        self.push(Token::Map)?;
        self.push(Token::Field(variant))?;
        self.push(Token::Map)?;
        Ok(self)
    }
}

impl ser::SerializeSeq for &mut Tape {
    type Ok = ();
    type Error = TapeError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.push(Token::End)
    }
}

impl ser::SerializeTuple for &mut Tape {
    type Ok = ();
    type Error = TapeError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.push(Token::End)
    }
}

impl ser::SerializeTupleStruct for &mut Tape {
    type Ok = ();
    type Error = TapeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.push(Token::End)
    }
}

impl ser::SerializeTupleVariant for &mut Tape {
    type Ok = ();
    type Error = TapeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.push(Token::End)?;
        self.push(Token::End)
    }
}

impl ser::SerializeMap for &mut Tape {
    type Ok = ();
    type Error = TapeError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> R {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.push(Token::End)
    }
}

impl ser::SerializeStruct for &mut Tape {
    type Ok = ();
    type Error = TapeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> R {
        self.push(Token::Field(key))?;
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.push(Token::End)
    }
}

impl ser::SerializeStructVariant for &mut Tape {
    type Ok = ();
    type Error = TapeError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> R {
        self.push(Token::Field(key))?;
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.push(Token::End)?;
        self.push(Token::End)
    }
}

/// A hasher for short keys (texts of a few bytes, addresses): FNV-1a, a byte at a time,
/// cheaper than the standard one, which guards against keys chosen to collide (these are
/// the engine's own words and the table's names).
#[derive(Default)]
pub struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type FnvMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<Fnv>>;

/// Python texts made once: field names by their address, other texts by their content
/// (player names, contracts, items repeat from deal to deal). The texts are kept while
/// there are few of them; past that, the texts seen anew are made each time.
#[derive(Default)]
pub struct Texts {
    fields: FnvMap<usize, Py<PyString>>,
    texts: FnvMap<Box<str>, Py<PyString>>,
}

/// How many distinct texts [`Texts`] keeps (a note or a name each deal would not repeat).
const KEPT: usize = 4096;

impl Texts {
    fn field<'py>(&mut self, py: Python<'py>, name: &'static str) -> Bound<'py, PyString> {
        self.fields
            .entry(name.as_ptr() as usize)
            .or_insert_with(|| PyString::intern(py, name).unbind())
            .bind(py)
            .clone()
    }

    fn text<'py>(&mut self, py: Python<'py>, text: &str) -> Bound<'py, PyString> {
        if let Some(t) = self.texts.get(text) {
            return t.bind(py).clone();
        }
        let t = PyString::new(py, text);
        if self.texts.len() < KEPT {
            self.texts.insert(text.into(), t.clone().unbind());
        }
        t
    }
}

/// Builds the Python values of `tape`: each top-level value into `out`.
pub fn build<'py>(
    py: Python<'py>,
    tape: &Tape,
    texts: &mut Texts,
    out: &Bound<'py, PyList>,
) -> PyResult<()> {
    let mut at = 0;
    while at < tape.tokens.len() {
        let v = value(py, tape, &mut at, texts)?;
        out.append(v)?;
    }
    Ok(())
}

/// The value that starts at `tape[*at]`; `*at` moves past it.
fn value<'py>(
    py: Python<'py>,
    tape: &Tape,
    at: &mut usize,
    texts: &mut Texts,
) -> PyResult<Bound<'py, PyAny>> {
    let token = tape
        .tokens
        .get(*at)
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err("a tape ends inside a value"))?;
    *at += 1;
    Ok(match token {
        Token::Map => {
            let d = PyDict::new(py);
            while !matches!(tape.tokens.get(*at), Some(Token::End) | None) {
                let key = match &tape.tokens[*at] {
                    Token::Field(f) => {
                        *at += 1;
                        texts.field(py, f).into_any()
                    }
                    _ => value(py, tape, at, texts)?,
                };
                let v = value(py, tape, at, texts)?;
                d.set_item(key, v)?;
            }
            *at += 1;
            d.into_any()
        }
        Token::Seq => {
            let l = PyList::empty(py);
            while !matches!(tape.tokens.get(*at), Some(Token::End) | None) {
                l.append(value(py, tape, at, texts)?)?;
            }
            *at += 1;
            l.into_any()
        }
        Token::End => {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "a tape ends a value it did not begin",
            ));
        }
        Token::Field(f) => texts.field(py, f).into_any(),
        Token::Text(start, len) => texts.text(py, tape.text(*start, *len)).into_any(),
        Token::Int(i) => i.into_pyobject(py)?.into_any(),
        Token::Big(u) => u.into_pyobject(py)?.into_any(),
        Token::Float(f) => f.into_pyobject(py)?.into_any(),
        Token::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
        Token::Null => py.None().into_bound(py),
    })
}
