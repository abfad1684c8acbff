//! A deal as a player enters it (the command's flags, the page's form): its fields, and the
//! `[[deal]]` table written for it.

use super::{Array, Item, Table, Text, msg, value};

/// A deal as a player enters it at the table: the facts of a summary, nothing derived.
/// Its JSON form is what `doko serve`'s form sends.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DealEntry {
    /// The contract, where not a normal game.
    pub contract: Option<String>,
    /// Whether it is a compulsory solo.
    pub compulsory: bool,
    /// The Re players.
    pub re: Vec<String>,
    /// Re's eyes.
    pub re_points: Option<u16>,
    /// Kontra's eyes.
    pub kontra_points: Option<u16>,
    /// Re's calls.
    pub re_calls: Option<String>,
    /// Kontra's calls.
    pub kontra_calls: Option<String>,
    /// Extras as written: words separated by spaces, commas or `;`.
    pub re_extras: Option<String>,
    /// Kontra's extras.
    pub kontra_extras: Option<String>,
    /// Re's tricks.
    pub re_tricks: Option<u8>,
    /// Kontra's tricks.
    pub kontra_tricks: Option<u8>,
    /// Who knocked.
    pub knock: Option<String>,
    /// A note.
    pub note: Option<String>,
}

impl DealEntry {
    /// An entry that names no Re party, where its game needs one (every game but a
    /// redeal, which nobody plays): `league add` and the served page ask for the Re
    /// players before anything is checked. The one place this is decided.
    pub fn lacks_re(&self) -> bool {
        self.re.is_empty()
            && self.contract.as_deref().is_none_or(|g| {
                g.parse::<crate::contract::Contract>().ok()
                    != Some(crate::contract::Contract::Redeal)
            })
    }

    /// The entry a `[[deal]]` table holds; a key an entry has no place for (cards, tricks,
    /// bids, a wedding's partner rule ...) is refused with its name.
    pub fn from_table(t: &Table) -> Result<DealEntry, Text> {
        let mut e = DealEntry::default();
        let text = |key: &str, v: &Item| -> Result<String, Text> {
            if let Some(s) = v.as_str() {
                return Ok(s.to_string());
            }
            match v.as_array() {
                Some(a) => a
                    .iter()
                    .map(|w| w.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .map(|w| w.join(" "))
                    .ok_or_else(|| msg!("error.not_text", key = key)),
                None => Err(msg!("error.not_text", key = key)),
            }
        };
        let number = |key: &str, v: &Item| -> Result<i64, Text> {
            v.as_integer()
                .ok_or_else(|| msg!("error.not_number", key = key))
        };
        let small = |key: &str, n: i64| msg!("error.out_of_range", key = key, value = n);
        for (key, v) in t {
            match key {
                "contract" => e.contract = Some(text(key, v)?),
                "compulsory" => {
                    e.compulsory = v
                        .as_bool()
                        .ok_or_else(|| msg!("error.not_bool", key = key))?;
                }
                "re" => {
                    e.re = match v.as_array() {
                        Some(a) => a
                            .iter()
                            .map(|w| w.as_str().map(str::to_string))
                            .collect::<Option<Vec<_>>>()
                            .ok_or_else(|| msg!("error.re_not_names"))?,
                        None => vec![text(key, v)?],
                    };
                }
                "re_points" | "kontra_points" => {
                    let n = number(key, v)?;
                    let n = u16::try_from(n).map_err(|_| small(key, n))?;
                    *if key == "re_points" {
                        &mut e.re_points
                    } else {
                        &mut e.kontra_points
                    } = Some(n);
                }
                "re_tricks" | "kontra_tricks" => {
                    let n = number(key, v)?;
                    let n = u8::try_from(n).map_err(|_| small(key, n))?;
                    *if key == "re_tricks" {
                        &mut e.re_tricks
                    } else {
                        &mut e.kontra_tricks
                    } = Some(n);
                }
                "re_calls" => e.re_calls = Some(text(key, v)?),
                "kontra_calls" => e.kontra_calls = Some(text(key, v)?),
                "re_extras" => e.re_extras = Some(text(key, v)?),
                "kontra_extras" => e.kontra_extras = Some(text(key, v)?),
                "knock" => e.knock = Some(text(key, v)?),
                "note" => e.note = Some(text(key, v)?),
                other => {
                    return Err(msg!("error.form_cannot_hold", key = other));
                }
            }
        }
        Ok(e)
    }

    /// The entry with empty texts as not given (a form sends every field).
    fn without_blanks(&self) -> DealEntry {
        let keep = |s: &Option<String>| {
            s.as_ref()
                .map(|s| s.trim())
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        DealEntry {
            contract: keep(&self.contract),
            re: self
                .re
                .iter()
                .map(|r| r.trim().to_string())
                .filter(|r| !r.is_empty())
                .collect(),
            re_calls: keep(&self.re_calls),
            kontra_calls: keep(&self.kontra_calls),
            re_extras: keep(&self.re_extras),
            kontra_extras: keep(&self.kontra_extras),
            knock: keep(&self.knock),
            note: keep(&self.note),
            ..self.clone()
        }
    }

    /// The deal's `[[deal]]` table.
    pub fn to_table(&self) -> Table {
        let e = self.without_blanks();
        let words = |s: &str| -> Array {
            s.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                .filter(|w| !w.is_empty())
                .collect()
        };
        let mut t = Table::new();
        if let Some(c) = &e.contract {
            t["contract"] = value(c.as_str());
        }
        if e.compulsory {
            t["compulsory"] = value(true);
        }
        t["re"] = value(e.re.iter().map(|r| r.trim()).collect::<Array>());
        for (key, v) in [
            ("re_points", e.re_points),
            ("kontra_points", e.kontra_points),
        ] {
            if let Some(v) = v {
                t[key] = value(i64::from(v));
            }
        }
        for (key, v) in [("re_calls", &e.re_calls), ("kontra_calls", &e.kontra_calls)] {
            if let Some(v) = v {
                t[key] = value(v.as_str());
            }
        }
        for (key, v) in [
            ("re_extras", &e.re_extras),
            ("kontra_extras", &e.kontra_extras),
        ] {
            if let Some(v) = v {
                t[key] = value(words(v));
            }
        }
        for (key, v) in [
            ("re_tricks", e.re_tricks),
            ("kontra_tricks", e.kontra_tricks),
        ] {
            if let Some(v) = v {
                t[key] = value(i64::from(v));
            }
        }
        if let Some(k) = &e.knock {
            t["knock"] = value(k.as_str());
        }
        if let Some(n) = &e.note {
            t["note"] = value(n.as_str());
        }
        t
    }
}
