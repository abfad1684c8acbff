//! Calls (announcements): Re, Kontra, no 90, no 60, no 30, schwarz.

use std::fmt;

use crate::contract::Party;

/// One call. `Announce` is "Re" for the Re party and "Kontra" for the Kontra party.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Call {
    /// Re or Kontra.
    Announce,
    /// No 90.
    No90,
    /// No 60.
    No60,
    /// No 30.
    No30,
    /// Schwarz.
    Schwarz,
}

impl Call {
    /// Every call, lowest first.
    pub const ALL: [Call; 5] = [
        Call::Announce,
        Call::No90,
        Call::No60,
        Call::No30,
        Call::Schwarz,
    ];

    /// 0 for Re/Kontra, 1 for no 90 ... 4 for schwarz.
    pub fn level(self) -> u8 {
        self as u8
    }

    /// The call of `level` (0: the announcement).
    pub fn from_level(level: u8) -> Option<Call> {
        Call::ALL.get(level as usize).copied()
    }

    /// The word for this call made by `party`.
    pub fn word(self, party: Party) -> &'static str {
        match self {
            Call::Announce => party.key(),
            Call::No90 => "no90",
            Call::No60 => "no60",
            Call::No30 => "no30",
            Call::Schwarz => "schwarz",
        }
    }

    /// Reads one call word. `re` and `kontra` return the party they belong to.
    pub fn parse(word: &str) -> Result<(Call, Option<Party>), crate::lang::Text> {
        // The words as written by `doko` itself, without allocating.
        match word {
            "re" => return Ok((Call::Announce, Some(Party::Re))),
            "kontra" => return Ok((Call::Announce, Some(Party::Kontra))),
            "no90" => return Ok((Call::No90, None)),
            "no60" => return Ok((Call::No60, None)),
            "no30" => return Ok((Call::No30, None)),
            "schwarz" => return Ok((Call::Schwarz, None)),
            _ => {}
        }
        let w = word.trim().to_ascii_lowercase().replace(['_', ' '], "");
        Ok(match w.as_str() {
            "re" => (Call::Announce, Some(Party::Re)),
            "kontra" | "contra" => (Call::Announce, Some(Party::Kontra)),
            // A wedding's "double" (calls.wedding_double): Re or Kontra, whichever party
            // the player ends in.
            "double" | "doppel" => (Call::Announce, None),
            "no90" | "90" | "keine90" => (Call::No90, None),
            "no60" | "60" | "keine60" => (Call::No60, None),
            "no30" | "30" | "keine30" => (Call::No30, None),
            "schwarz" | "0" | "no0" => (Call::Schwarz, None),
            _ => {
                const WORDS: [&str; 12] = [
                    "re", "kontra", "contra", "double", "doppel", "no90", "keine 90", "no60",
                    "keine 60", "no30", "keine 30", "schwarz",
                ];
                return Err(crate::words::unknown_word(
                    crate::lang::Text::msg("error.word_call"),
                    word.trim(),
                    WORDS.into_iter(),
                    crate::lang::Text::msg("known.calls"),
                ));
            }
        })
    }
}

/// What one party called: nothing, or its Re/Kontra plus every level up to the highest.
/// A higher call implies the lower ones, so the highest call says it all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct PartyCalls {
    highest: Option<Call>,
    /// How many of the party's players said Re/Kontra themselves (at least 1 once it is
    /// called): the wiki scores each caller's word (`scoring.announce_per_caller`).
    callers: u8,
    /// Re/Kontra was said only as a reply, after its own deadline (TSR 6.5), which
    /// `scoring.reply_points` may score on its own.
    reply: bool,
}

impl PartyCalls {
    /// No call.
    pub const NONE: PartyCalls = PartyCalls {
        highest: None,
        callers: 0,
        reply: false,
    };

    /// Every call up to `call`.
    pub fn up_to(call: Call) -> PartyCalls {
        PartyCalls {
            highest: Some(call),
            callers: 1,
            reply: false,
        }
    }

    /// Was Re/Kontra said only as a late reply?
    pub fn is_reply(self) -> bool {
        self.reply
    }

    /// Marks Re/Kontra as said only as a late reply.
    pub fn mark_reply(&mut self) {
        self.reply = true;
    }

    /// How many of the party's players said Re/Kontra (0 if nobody called).
    pub fn callers(self) -> u8 {
        self.callers
    }

    /// Counts one more player of the party who said Re/Kontra herself.
    pub fn add_caller(&mut self) {
        self.add(Call::Announce);
        self.callers = self.callers.saturating_add(1);
    }

    /// The highest call made.
    pub fn highest(self) -> Option<Call> {
        self.highest
    }

    /// Re (or Kontra) was said, explicitly or implied by a higher call.
    pub fn announced(self) -> bool {
        self.highest.is_some()
    }

    /// Number of levels called: 0 (none) to 4 (schwarz).
    pub fn level(self) -> u8 {
        self.highest.map_or(0, Call::level)
    }

    /// Whether `call` was made (or a higher one, which includes it).
    pub fn includes(self, call: Call) -> bool {
        self.highest.is_some_and(|h| h >= call)
    }

    /// Adds `call` and the calls below it.
    pub fn add(&mut self, call: Call) {
        if !self.includes(call) {
            self.highest = Some(call);
        }
        self.callers = self.callers.max(1);
    }

    /// Reads a sheet cell of `party`'s calls: empty, or call words (the highest counts);
    /// the word `reply` (`Erwiderung`) says the party's Re/Kontra was said only as a late
    /// reply (TSR 6.5; FreeDoko's `no 120 reply`), alone or after the highest call.
    pub fn parse_cell(cell: &str, party: Party) -> Result<PartyCalls, crate::lang::Text> {
        let is_reply =
            |w: &str| w.eq_ignore_ascii_case("reply") || w.eq_ignore_ascii_case("erwiderung");
        if cell.split_whitespace().any(is_reply) {
            let rest: Vec<&str> = cell.split_whitespace().filter(|w| !is_reply(w)).collect();
            let mut calls = PartyCalls::parse_cell(&rest.join(" "), party)?;
            calls.add(Call::Announce);
            calls.mark_reply();
            return Ok(calls);
        }
        let mut calls = PartyCalls::NONE;
        // Each `re` (`kontra`) is one player who said it: `re re` is both Re players.
        let mut words = 0u8;
        for ((call, owner), word) in crate::words::phrases(cell, 2, Call::parse)? {
            if let Some(owner) = owner
                && owner != party
            {
                return Err(crate::msg!(
                    "error.call_of_other",
                    word = word.trim(),
                    owner = owner,
                    party = party
                ));
            }
            calls.add(call);
            if call == Call::Announce {
                words = words.saturating_add(1);
            }
        }
        calls.callers = calls.callers.max(words);
        Ok(calls)
    }

    /// The cell that reads back to these calls ([`PartyCalls::parse_cell`]): `re` once a
    /// caller (where more than one said it), then the highest call beyond it; empty for
    /// none.
    pub fn paper_cell(self, party: Party) -> String {
        let mut words: Vec<&str> = Vec::new();
        if self.callers > 1 {
            words.extend(std::iter::repeat_n(
                Call::Announce.word(party),
                usize::from(self.callers),
            ));
        }
        match self.highest {
            Some(Call::Announce) if self.callers > 1 => {}
            Some(c) => words.push(c.word(party)),
            None => {}
        }
        if self.reply {
            words.push("reply");
        }
        words.join(" ")
    }

    /// The canonical cell text: the highest call (and `reply` where Re/Kontra was a late
    /// reply), or empty.
    pub fn cell(self, party: Party) -> String {
        let call = self
            .highest
            .map(|c| c.word(party).to_string())
            .unwrap_or_default();
        if self.reply {
            format!("{call} reply")
        } else {
            call
        }
    }
}

impl Call {
    /// The call as a reader of `lang` says it for `party`: "Re", "Kontra", "keine 90".
    pub fn title(self, party: Party, lang: crate::lang::Lang) -> String {
        match self {
            Call::Announce => party.text().render(lang),
            c => lang.t(c.key()).to_string(),
        }
    }

    /// The call's name in the message catalogue (`call.no90`).
    pub fn key(self) -> &'static str {
        match self {
            Call::Announce => "call.announce",
            Call::No90 => "call.no90",
            Call::No60 => "call.no60",
            Call::No30 => "call.no30",
            Call::Schwarz => "call.schwarz",
        }
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Call::Announce => "Re/Kontra",
            Call::No90 => "no 90",
            Call::No60 => "no 60",
            Call::No30 => "no 30",
            Call::Schwarz => "schwarz",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_german_calls_of_two_words() {
        let c = PartyCalls::parse_cell("Re keine 90", Party::Re).unwrap();
        assert_eq!(c, PartyCalls::parse_cell("re no90", Party::Re).unwrap());
        let c = PartyCalls::parse_cell("Kontra, Keine 60", Party::Kontra).unwrap();
        assert_eq!(
            c,
            PartyCalls::parse_cell("kontra no60", Party::Kontra).unwrap()
        );
        let err = PartyCalls::parse_cell("keine 91", Party::Re).unwrap_err();
        assert!(err.to_string().contains("unknown call `keine 91`"), "{err}");
    }

    #[test]
    fn a_reply_is_a_word_of_the_cell_and_reads_back() {
        for (cell, highest) in [
            ("kontra reply", Call::Announce),
            ("reply", Call::Announce),
            ("no60 Erwiderung", Call::No60),
        ] {
            let c = PartyCalls::parse_cell(cell, Party::Kontra).unwrap();
            assert!(c.is_reply(), "{cell}");
            assert_eq!(c.highest(), Some(highest), "{cell}");
            let again = PartyCalls::parse_cell(&c.cell(Party::Kontra), Party::Kontra).unwrap();
            assert_eq!(again, c, "{cell}");
            assert!(c.paper_cell(Party::Kontra).ends_with("reply"));
        }
        assert!(
            !PartyCalls::parse_cell("kontra", Party::Kontra)
                .unwrap()
                .is_reply()
        );
    }

    #[test]
    fn highest_call_implies_the_lower_ones() {
        let c = PartyCalls::parse_cell("no60", Party::Re).unwrap();
        assert!(c.announced());
        assert!(c.includes(Call::No90));
        assert!(!c.includes(Call::No30));
        assert_eq!(c.level(), 2);
        assert_eq!(
            PartyCalls::parse_cell("re 90", Party::Re).unwrap().level(),
            1
        );
        assert_eq!(
            PartyCalls::parse_cell("", Party::Re).unwrap(),
            PartyCalls::NONE
        );
        assert_eq!(
            PartyCalls::parse_cell("contra", Party::Kontra)
                .unwrap()
                .level(),
            0
        );
        assert!(PartyCalls::parse_cell("kontra", Party::Re).is_err());
        assert!(
            PartyCalls::parse_cell("no45", Party::Re)
                .unwrap_err()
                .to_string()
                .contains("no45")
        );
    }
}
