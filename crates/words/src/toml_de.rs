//! TOML read into doko's types with errors in the reader's language: the toml crate parses
//! the document (spans kept), and this deserializer hands its values to the types' derived
//! `Deserialize`, so that every mistake keeps its kind (a value of the wrong type, a number
//! out of range, an unknown or missing key) and its place, and is written from the
//! catalogue, never from an English sentence.

use std::borrow::Cow;
use std::ops::Range;

use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::lang::Text;

/// `serde_spanned`'s protocol: a `Spanned<T>` asks for a struct of this name and fields.
/// These names are that crate's private ones: its version is pinned in `Cargo.toml`, and
/// the unit test `the_spanned_protocol_is_the_one_serde_spanned_asks_for` probes them.
const SPANNED: &str = "$__serde_spanned_private_Spanned";
const SPANNED_FIELDS: [&str; 3] = [
    "$__serde_spanned_private_start",
    "$__serde_spanned_private_end",
    "$__serde_spanned_private_value",
];

/// What a value should have been.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Want {
    Text,
    Whole(i128, i128),
    Decimal,
    Bool,
    List,
    Table,
}

/// What went wrong, by kind.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    /// A value of another type than the key takes (`found`: what the file has).
    Type {
        want: Option<Want>,
        found: Text,
    },
    /// A whole number outside what the key takes.
    Range {
        value: String,
        min: i128,
        max: i128,
    },
    UnknownKey {
        key: String,
        known: &'static [&'static str],
    },
    MissingKey(&'static str),
    DuplicateKey(&'static str),
    UnknownValue {
        value: String,
        known: &'static [&'static str],
    },
    Length(usize),
    /// A message a type's own `Deserialize` gave (doko's own are in no language yet:
    /// they name what was wrong with their value).
    Custom(String),
}

/// A TOML value that does not fit, with its place in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: Box<Kind>,
    /// Where in the text, if known.
    pub span: Option<Range<usize>>,
    /// The key whose value it is, if known.
    pub key: Option<String>,
    /// The dotted path of that key from the top (`scoring.won`), if known.
    pub path: Option<String>,
}

impl Error {
    fn new(kind: Kind) -> Error {
        Error {
            kind: Box::new(kind),
            span: None,
            key: None,
            path: None,
        }
    }

    /// Places an error that has no place yet (`path`: the key's dotted path).
    fn at(mut self, span: &Range<usize>, path: Option<&str>) -> Error {
        if self.span.is_none() {
            self.span = Some(span.clone());
        }
        if self.key.is_none() {
            self.key = path.map(|p| p.rsplit('.').next().unwrap_or(p).to_string());
            self.path = path.map(str::to_string);
        }
        self
    }

    /// What is wrong, in no language yet.
    pub fn message(&self) -> Text {
        match self.kind.as_ref() {
            Kind::Type {
                want: Some(w),
                found,
            } => crate::msg!(
                "error.toml_type",
                want = want_text(w),
                found = found.clone()
            ),
            Kind::Type { want: None, found } => {
                crate::msg!("error.toml_type_other", found = found.clone())
            }
            Kind::Range { value, min, max } => crate::msg!(
                "error.toml_range",
                value = value.as_str(),
                min = min.to_string(),
                max = max.to_string()
            ),
            Kind::UnknownKey { key, known } => crate::words::unknown_word(
                Text::msg("error.word_key"),
                key,
                known.iter().copied(),
                Text::from(known.join(", ")),
            ),
            Kind::MissingKey(k) => crate::msg!("error.toml_missing", key = *k),
            Kind::DuplicateKey(k) => crate::msg!("error.toml_duplicate", key = *k),
            Kind::UnknownValue { value, known } => crate::words::unknown_word(
                Text::msg("error.word_value"),
                value,
                known.iter().copied(),
                Text::from(known.join(", ")),
            ),
            Kind::Length(n) => crate::msg!("error.toml_length", count = *n),
            Kind::Custom(m) => Text::from(m.clone()),
        }
    }

    /// A missing key is about its table, not the place of the table's first key.
    pub fn is_missing_key(&self) -> bool {
        matches!(*self.kind, Kind::MissingKey(_))
    }
}

fn want_text(w: &Want) -> Text {
    match w {
        Want::Text => Text::msg("toml.want_text"),
        Want::Whole(min, max) => crate::msg!(
            "toml.want_whole",
            min = min.to_string(),
            max = max.to_string()
        ),
        Want::Decimal => Text::msg("toml.want_decimal"),
        Want::Bool => Text::msg("toml.want_bool"),
        Want::List => Text::msg("toml.want_list"),
        Want::Table => Text::msg("toml.want_table"),
    }
}

/// What the file has, as the reader is told (the value itself where it is short).
fn found_text(v: &DeValue<'_>) -> Text {
    let short = |s: &str| -> String { s.chars().take(30).collect() };
    match v {
        DeValue::String(s) => crate::msg!("toml.found_text", value = short(s)),
        DeValue::Integer(i) => crate::msg!("toml.found_number", value = i.as_str()),
        DeValue::Float(f) => crate::msg!("toml.found_number", value = f.as_str()),
        DeValue::Boolean(b) => crate::msg!("toml.found_bool", value = b.to_string()),
        DeValue::Datetime(d) => crate::msg!("toml.found_date", value = d.to_string()),
        DeValue::Array(_) => Text::msg("toml.found_list"),
        DeValue::Table(_) => Text::msg("toml.found_table"),
    }
}

/// A value a visitor refused, as the reader is told.
fn unexpected_text(u: &de::Unexpected<'_>) -> Text {
    match u {
        de::Unexpected::Str(s) => crate::msg!("toml.found_text", value = *s),
        de::Unexpected::Signed(n) => crate::msg!("toml.found_number", value = n.to_string()),
        de::Unexpected::Unsigned(n) => crate::msg!("toml.found_number", value = n.to_string()),
        de::Unexpected::Float(n) => crate::msg!("toml.found_number", value = n.to_string()),
        de::Unexpected::Bool(b) => crate::msg!("toml.found_bool", value = b.to_string()),
        de::Unexpected::Seq => Text::msg("toml.found_list"),
        de::Unexpected::Map => Text::msg("toml.found_table"),
        other => Text::from(other.to_string()),
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().render(crate::lang::Lang::En))
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Error {
        Error::new(Kind::Custom(msg.to_string()))
    }

    fn invalid_type(unexp: de::Unexpected<'_>, _exp: &dyn de::Expected) -> Error {
        Error::new(Kind::Type {
            want: None,
            found: unexpected_text(&unexp),
        })
    }

    fn invalid_value(unexp: de::Unexpected<'_>, _exp: &dyn de::Expected) -> Error {
        Error::new(Kind::Type {
            want: None,
            found: unexpected_text(&unexp),
        })
    }

    fn invalid_length(len: usize, _exp: &dyn de::Expected) -> Error {
        Error::new(Kind::Length(len))
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Error {
        Error::new(Kind::UnknownValue {
            value: variant.to_string(),
            known: expected,
        })
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Error {
        Error::new(Kind::UnknownKey {
            key: field.to_string(),
            known: expected,
        })
    }

    fn missing_field(field: &'static str) -> Error {
        Error::new(Kind::MissingKey(field))
    }

    fn duplicate_field(field: &'static str) -> Error {
        Error::new(Kind::DuplicateKey(field))
    }
}

/// Reads `text` as a `T`. A syntax error or a key given twice is the toml crate's
/// [`toml::de::Error`] (`Err(Err(_))`, for [`crate::toml_syntax`] to word); a value that
/// does not fit is this module's [`Error`] (`Err(Ok(_))`).
pub fn from_str<T: de::DeserializeOwned>(text: &str) -> Result<T, Result<Error, toml::de::Error>> {
    let doc = DeTable::parse(text).map_err(Err)?;
    let span = doc.span();
    let root = Spanned::new(span, DeValue::Table(doc.into_inner()));
    T::deserialize(ValueDe {
        value: &root,
        key: None,
    })
    .map_err(Ok)
}

/// Reads a table already merged (a profile with its `extends` and overrides) as a `T`:
/// written out and read back, so that its errors have kinds; their places are paths
/// ([`Error::path`]), not the written text's offsets.
pub fn from_table<T: de::DeserializeOwned>(table: &toml::Table) -> Result<T, Error> {
    let text = toml::to_string(table).map_err(|e| Error::new(Kind::Custom(e.to_string())))?;
    from_str(&text).map_err(|e| match e {
        Ok(e) => Error { span: None, ..e },
        Err(e) => Error::new(Kind::Custom(e.message().to_string())),
    })
}

/// One value of the document, with the dotted path of the key it is under.
struct ValueDe<'a, 'i> {
    value: &'a Spanned<DeValue<'i>>,
    key: Option<&'a str>,
}

/// The path of `key` under `parent`.
fn child(parent: Option<&str>, key: &str) -> String {
    match parent {
        Some(p) => format!("{p}.{key}"),
        None => key.to_string(),
    }
}

impl ValueDe<'_, '_> {
    fn wrong(&self, want: Want) -> Error {
        Error::new(Kind::Type {
            want: Some(want),
            found: found_text(self.value.get_ref()),
        })
        .at(&self.value.span(), self.key)
    }

    fn place(&self, e: Error) -> Error {
        e.at(&self.value.span(), self.key)
    }

    /// The whole number, if it is one in `min..=max`.
    fn whole(&self, min: i128, max: i128) -> Result<i128, Error> {
        let DeValue::Integer(i) = self.value.get_ref() else {
            return Err(self.wrong(Want::Whole(min, max)));
        };
        match i128::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(Error::new(Kind::Range {
                value: i.as_str().to_string(),
                min,
                max,
            })
            .at(&self.value.span(), self.key)),
        }
    }
}

macro_rules! whole_numbers {
    ($($method:ident $t:ty => $visit:ident $as:ty),*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let n = self.whole(i128::from(<$t>::MIN), i128::from(<$t>::MAX))?;
            let place = |e| self.place(e);
            visitor.$visit(n as $as).map_err(place)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for ValueDe<'_, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let span = self.value.span();
        let key = self.key;
        let result = match self.value.get_ref() {
            DeValue::String(s) => visitor.visit_str(s),
            DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
                Ok(n) => visitor.visit_i64(n),
                Err(_) => visitor.visit_str(i.as_str()),
            },
            DeValue::Float(f) => match f.as_str().parse::<f64>() {
                Ok(x) => visitor.visit_f64(x),
                Err(_) => visitor.visit_str(f.as_str()),
            },
            DeValue::Boolean(b) => visitor.visit_bool(*b),
            DeValue::Datetime(d) => visitor.visit_string(d.to_string()),
            DeValue::Array(a) => visitor.visit_seq(Seq {
                items: a.iter(),
                key,
            }),
            DeValue::Table(t) => visitor.visit_map(Map::new(t, key)),
        };
        result.map_err(|e| e.at(&span, key))
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value.get_ref() {
            DeValue::Boolean(b) => visitor.visit_bool(*b).map_err(|e| self.place(e)),
            _ => Err(self.wrong(Want::Bool)),
        }
    }

    whole_numbers!(
        deserialize_u8 u8 => visit_u64 u64,
        deserialize_u16 u16 => visit_u64 u64,
        deserialize_u32 u32 => visit_u64 u64,
        deserialize_u64 u64 => visit_u64 u64,
        deserialize_i8 i8 => visit_i64 i64,
        deserialize_i16 i16 => visit_i64 i64,
        deserialize_i32 i32 => visit_i64 i64,
        deserialize_i64 i64 => visit_i64 i64
    );

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let x = match self.value.get_ref() {
            DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
            DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
                .ok()
                .map(|n| n as f64),
            _ => None,
        };
        match x {
            Some(x) => visitor.visit_f64(x).map_err(|e| self.place(e)),
            None => Err(self.wrong(Want::Decimal)),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value.get_ref() {
            DeValue::String(s) => visitor.visit_str(s).map_err(|e| self.place(e)),
            _ => Err(self.wrong(Want::Text)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value.get_ref() {
            DeValue::Array(a) => visitor
                .visit_seq(Seq {
                    items: a.iter(),
                    key: self.key,
                })
                .map_err(|e| self.place(e)),
            _ => Err(self.wrong(Want::List)),
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value.get_ref() {
            DeValue::Table(t) => visitor
                .visit_map(Map::new(t, self.key))
                .map_err(|e| self.place(e)),
            _ => Err(self.wrong(Want::Table)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == SPANNED && fields == SPANNED_FIELDS {
            return visitor.visit_map(SpannedAccess {
                value: self.value,
                key: self.key,
                step: 0,
            });
        }
        self.deserialize_map(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // TOML has no null: a key that is there has a value.
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value.get_ref() {
            DeValue::String(s) => {
                let de: de::value::StrDeserializer<'_, Error> = s.as_ref().into_deserializer();
                visitor.visit_enum(de).map_err(|e| self.place(e))
            }
            _ => Err(self.wrong(Want::Text)),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    serde::forward_to_deserialize_any! {
        i128 u128 bytes byte_buf unit unit_struct tuple tuple_struct ignored_any
    }
}

/// The items of a list.
struct Seq<'a, 'i> {
    items: std::slice::Iter<'a, Spanned<DeValue<'i>>>,
    key: Option<&'a str>,
}

impl<'de> SeqAccess<'de> for Seq<'_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            Some(value) => seed
                .deserialize(ValueDe {
                    value,
                    key: self.key,
                })
                .map(Some),
            None => Ok(None),
        }
    }
}

/// A key of a table, its value and its path.
type Entry<'a, 'i> = (&'a Spanned<Cow<'i, str>>, &'a Spanned<DeValue<'i>>, String);

/// The keys and values of a table, each with its path.
struct Map<'a, 'i> {
    entries: Vec<Entry<'a, 'i>>,
    next: usize,
}

impl<'a, 'i> Map<'a, 'i> {
    fn new(t: &'a DeTable<'i>, parent: Option<&str>) -> Map<'a, 'i> {
        Map {
            entries: t
                .iter()
                .map(|(k, v)| (k, v, child(parent, k.get_ref())))
                .collect(),
            next: 0,
        }
    }
}

impl<'de> MapAccess<'de> for Map<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, _, path)) = self.entries.get(self.next) else {
            return Ok(None);
        };
        let name: &str = key.get_ref();
        let de: de::value::StrDeserializer<'_, Error> = name.into_deserializer();
        seed.deserialize(de)
            .map(Some)
            .map_err(|e| e.at(&key.span(), Some(path)))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (_, value, path) = &self.entries[self.next];
        self.next += 1;
        seed.deserialize(ValueDe {
            value,
            key: Some(path),
        })
    }
}

/// A `Spanned<T>`: its start, its end, then the value.
struct SpannedAccess<'a, 'i> {
    value: &'a Spanned<DeValue<'i>>,
    key: Option<&'a str>,
    step: usize,
}

impl<'de> MapAccess<'de> for SpannedAccess<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(name) = SPANNED_FIELDS.get(self.step) else {
            return Ok(None);
        };
        // `Spanned` reads its keys borrowed.
        seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(name))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let span = self.value.span();
        self.step += 1;
        match self.step {
            1 => seed.deserialize(de::value::UsizeDeserializer::<Error>::new(span.start)),
            2 => seed.deserialize(de::value::UsizeDeserializer::<Error>::new(span.end)),
            _ => seed.deserialize(ValueDe {
                value: self.value,
                key: self.key,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Deal {
        re: Option<Vec<String>>,
        re_points: Option<u16>,
        note: Option<String>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct File {
        players: Vec<String>,
        #[serde(default)]
        deal: Vec<Spanned<Deal>>,
    }

    fn err(text: &str) -> (Error, String) {
        let e = from_str::<File>(text).unwrap_err().unwrap();
        let de = e.message().render(Lang::De);
        (e, de)
    }

    /// The protocol this reader answers is `serde_spanned`'s private one (the version is
    /// pinned in `Cargo.toml`): a `Spanned<T>` asks for a struct of these names. Probed
    /// here, so that a release that renames them fails this test, not a user's file.
    #[test]
    fn the_spanned_protocol_is_the_one_serde_spanned_asks_for() {
        type Asked = Option<(&'static str, &'static [&'static str])>;
        struct Probe(std::cell::RefCell<Asked>);
        impl<'de> de::Deserializer<'de> for &Probe {
            type Error = de::value::Error;
            fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
                Err(de::Error::custom("not a struct"))
            }
            fn deserialize_struct<V: Visitor<'de>>(
                self,
                name: &'static str,
                fields: &'static [&'static str],
                _: V,
            ) -> Result<V::Value, Self::Error> {
                *self.0.borrow_mut() = Some((name, fields));
                Err(de::Error::custom("probed"))
            }
            serde::forward_to_deserialize_any! {
                bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
                byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
                identifier ignored_any
            }
        }
        let probe = Probe(std::cell::RefCell::new(None));
        let _ = <Spanned<u8> as serde::Deserialize>::deserialize(&probe);
        assert_eq!(probe.0.into_inner(), Some((SPANNED, &SPANNED_FIELDS[..])));
    }

    #[test]
    fn values_that_do_not_fit_say_so_in_the_readers_words_with_their_place() {
        let ok = from_str::<File>("players = [\"A\"]\n[[deal]]\nre = [\"A\"]\nre_points = 130\n")
            .unwrap();
        assert_eq!(ok.deal[0].get_ref().re_points, Some(130));
        assert_eq!(ok.deal[0].span().start, 16);
        let text = "players = [\"A\"]\n[[deal]]\nre_points = \"lots\"\n";
        let (e, de) = err(text);
        assert_eq!(e.key.as_deref(), Some("re_points"));
        assert_eq!(&text[e.span.clone().unwrap()], "\"lots\"");
        assert!(de.contains("ganze Zahl von 0 bis 65535"), "{de}");
        assert!(de.contains("lots"), "{de}");
        let (_, de) = err("players = [\"A\"]\n[[deal]]\nre_points = 70000\n");
        assert!(de.contains("70000"), "{de}");
        let (e, de) = err("players = [\"A\"]\n[[deal]]\nre_fox = 1\n");
        assert_eq!(e.key.as_deref(), Some("re_fox"));
        assert!(de.contains("`re_fox`"), "{de}");
        let (e, _) = err("[[deal]]\nre = [\"A\"]\n");
        assert!(e.is_missing_key());
        let (_, en) = err("players = \"A\"\n");
        let _ = en;
        let e = from_str::<File>("players = [\"A\"]\nplayers = [\"B\"]\n").unwrap_err();
        assert!(e.is_err(), "a key twice is the document's error");
    }
}
