//! Extras (Sonderpunkte): facts about the tricks that a profile may score.

use std::fmt;
use std::str::FromStr;

/// An extra that a sheet records or a full record derives. Whether and how much it
/// scores is the profile's business (`[extras]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Extra {
    /// Fuchs: an opponent's ♦A in a trick won by this party.
    Fox,
    /// ♣J wins the last trick.
    Karlchen,
    /// An opponent's ♣J in the last trick, won by this party.
    KarlchenCaught,
    /// A trick of at least 40 eyes won by this party.
    Doppelkopf,
    /// A fox caught in the last trick.
    FoxLastTrick,
    /// A trick of four hearts (hearts as a side suit).
    HeartTrick,
    /// An opponent's ♥10 in a trick won by this party.
    DulleCaught,
    /// A fox caught in the first trick.
    FoxFirstTrick,
    /// A ♣Q played by this party (the wiki: +1 to whoever plays one).
    ClubQueen,
    /// This party's ♦A (a trump) won the last trick (FreeDoko `extrapoint fox last
    /// trick`; not the same as catching a fox there).
    FoxWinsLastTrick,
    /// This party's ♥10 beat an opponent's ♥10 in the same trick, under the Dullen rule
    /// (FreeDoko `extrapoint dolle jabs dolle`).
    DulleJabsDulle,
}

const NAMES: &[(&str, Extra, &[&str])] = &[
    (
        "fox",
        Extra::Fox,
        &["fuchs", "fox-caught", "fuchs-gefangen"],
    ),
    ("karlchen", Extra::Karlchen, &["charlie"]),
    (
        "karlchen-caught",
        Extra::KarlchenCaught,
        &["karlchen-gefangen"],
    ),
    ("doppelkopf", Extra::Doppelkopf, &["dk"]),
    (
        "fox-last-trick",
        Extra::FoxLastTrick,
        &["fuchs-letzter-stich"],
    ),
    ("heart-trick", Extra::HeartTrick, &["herzstich"]),
    ("dulle-caught", Extra::DulleCaught, &["dulle-gefangen"]),
    (
        "fox-first-trick",
        Extra::FoxFirstTrick,
        &["fuchs-erster-stich"],
    ),
    ("club-queen", Extra::ClubQueen, &["kreuzdame", "alte"]),
    (
        "fox-wins-last-trick",
        Extra::FoxWinsLastTrick,
        &["fuchs-macht-letzten-stich"],
    ),
    (
        "dulle-jabs-dulle",
        Extra::DulleJabsDulle,
        &["dulle-sticht-dulle"],
    ),
];

impl Extra {
    /// Every extra.
    pub fn all() -> impl Iterator<Item = Extra> {
        NAMES.iter().map(|(_, e, _)| *e)
    }

    /// The extra's name as files write it.
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(_, e, _)| *e == self)
            .map(|(n, _, _)| *n)
            .unwrap_or("fox")
    }

    /// The extra's name in `lang` ("fox caught", "Fuchs gefangen", the catalogue's
    /// `item.fox`).
    pub fn title(self, lang: crate::lang::Lang) -> &'static str {
        lang.t(&self.key())
    }

    /// The extra's name in the message catalogue (`item.fox`).
    pub fn key(self) -> String {
        format!("item.{}", self.name().replace('-', "_"))
    }

    /// Reads a sheet cell: words separated by spaces, `;` or `,`; a word twice counts twice;
    /// an extra of several words may be written with spaces (`Fuchs gefangen`).
    pub fn parse_list<'a>(
        words: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<Extra>, crate::lang::Text> {
        // The cells read as one text: a list `["Fuchs", "gefangen"]` is one phrase too.
        let text = words.into_iter().collect::<Vec<_>>().join(" ");
        Ok(crate::words::phrases(&text, 4, str::parse::<Extra>)?
            .into_iter()
            .map(|(e, _)| e)
            .collect())
    }
}

/// What `extras.in_solos` names: an extra, or `against-the-old` (Kontra's point for beating
/// the ♣Q party), which is an item but not an extra of the tricks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SoloExtra {
    /// An extra of the normal game that a solo keeps.
    Extra(Extra),
    /// Winning against the club queens as Kontra.
    AgainstTheOld,
}

impl FromStr for SoloExtra {
    type Err = crate::lang::Text;
    fn from_str(s: &str) -> Result<SoloExtra, crate::lang::Text> {
        const AGAINST: &crate::words::Names<()> = &[("against-the-old", (), &["gegen-die-alten"])];
        let against = |()| "item.against_the_old".to_string();
        if crate::words::lookup(AGAINST, s, "error.word_extra", against).is_ok() {
            return Ok(SoloExtra::AgainstTheOld);
        }
        s.parse().map(SoloExtra::Extra).map_err(|_| {
            let known = Extra::all()
                .map(|e| crate::lang::Text::msg(e.key()))
                .chain(std::iter::once(crate::lang::Text::msg(against(()))))
                .collect();
            let names = NAMES
                .iter()
                .flat_map(|(n, _, a)| std::iter::once(*n).chain(a.iter().copied()))
                .chain(["against-the-old", "gegen-die-alten"]);
            crate::words::unknown_word(
                crate::lang::Text::msg("error.word_extra"),
                s.trim(),
                names,
                crate::lang::Text::Join(known, "word.comma"),
            )
        })
    }
}

impl FromStr for Extra {
    type Err = crate::lang::Text;
    fn from_str(s: &str) -> Result<Extra, crate::lang::Text> {
        crate::words::lookup(NAMES, s, "error.word_extra", Extra::key)
    }
}

impl fmt::Display for Extra {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_stay_apart_and_phrases_read_as_one() {
        crate::words::assert_names_apart(NAMES);
        assert_eq!(
            Extra::parse_list(["Fuchs gefangen; Karlchen gefangen", "Fuchs Doppelkopf"]),
            Ok(vec![
                Extra::Fox,
                Extra::KarlchenCaught,
                Extra::Fox,
                Extra::Doppelkopf
            ])
        );
        assert_eq!(
            Extra::parse_list(["fuchs letzter stich fox"]),
            Ok(vec![Extra::FoxLastTrick, Extra::Fox])
        );
        let err = Extra::parse_list(["Fuchs gefangn"]).unwrap_err();
        assert!(err.to_string().contains("unknown extra `gefangn`"), "{err}");
    }

    #[test]
    fn lists_parse_with_repeats_and_aliases() {
        let v = Extra::parse_list(["fox fuchs;doppelkopf", "karlchen"]).unwrap();
        assert_eq!(
            v,
            [Extra::Fox, Extra::Fox, Extra::Doppelkopf, Extra::Karlchen]
        );
        assert!(
            Extra::parse_list(["foxy"])
                .unwrap_err()
                .to_string()
                .contains("unknown extra `foxy`")
        );
        for e in Extra::all() {
            assert_eq!(e.name().parse::<Extra>(), Ok(e));
        }
    }
}
