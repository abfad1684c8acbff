//! Extras (Sonderpunkte): facts about the tricks that a profile may score.

use std::fmt;
use std::str::FromStr;

use crate::cards::Card;

/// An extra that a sheet records or a full record derives. Whether and how much it
/// scores is the profile's business (`[extras]`). Everything else an extra is, its names,
/// its profile key, what a deal can hold of it and its FreeDoko names, is its row of
/// [`EXTRAS`]; the trick test that finds it in a record is the play's
/// (`play::found`). `docs/architecture.md` lists the steps to add one.
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
    /// The row a unit test adds (`a_row_added_in_a_test_build_is_read_and_scored`).
    #[cfg(test)]
    TestRow,
}

/// How many times one deal can hold an extra: a sheet that claims more is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Most {
    /// One for each copy of a card in the deck (a fox per ♦A).
    Copies,
    /// One for each two copies (two ♥10 in one trick).
    PairsOfCopies,
    /// One a deal (the last trick's).
    Once,
    /// One a trick.
    Tricks,
    /// One a trick, none where the profile asks more eyes of one than a trick can hold.
    Doppelkopfs,
    /// One where a Karlchen wins the last trick, else one for each ♣J.
    Karlchens,
    /// Not checked.
    Unchecked,
}

/// The fewest eyes of the trick an extra is won in: a sheet that claims it with fewer is
/// refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrickEyes {
    /// The eyes of this card, taken in the trick.
    Card(Card),
    /// The eyes of two copies of this card.
    TwoOf(Card),
    /// A Doppelkopf's: the profile's `doppelkopf_eyes`, or two pairs of the deck's lowest
    /// cards.
    Doppelkopf,
    /// A Karlchen's: its ♣J, or no trick of its own where a ♣J played in the last trick is
    /// one.
    Karlchen,
    /// No eyes asked.
    Any,
    /// Not won in a trick (a ♣Q played).
    NoTrick,
}

/// One extra: everything doko knows of it besides the words of the catalogues
/// (`item.<key>`, `did.<key>` in `lang/*.toml`) and its trick test.
#[derive(Debug, Clone, Copy)]
pub struct ExtraRow {
    /// The extra.
    pub extra: Extra,
    /// Its name as files write it (`fox-last-trick`).
    pub name: &'static str,
    /// Other names a sheet may write.
    pub aliases: &'static [&'static str],
    /// Its key under `[extras]` in a profile (`fox_last_trick`: the points it scores, 0
    /// not scored), also the catalogue's `item.` and `did.` keys: its name with `_` for
    /// `-`.
    pub key: &'static str,
    /// Its points where a profile names none.
    pub default: i32,
    /// Settings of the extra that follow its points among the profile's keys.
    pub settings: &'static [&'static str],
    /// How many one deal can hold.
    pub most: Most,
    /// The fewest eyes of the trick it is won in.
    pub eyes: TrickEyes,
    /// FreeDoko's special point (`caught fox last trick`), where FreeDoko scores it.
    pub freedoko_point: Option<&'static str>,
    /// FreeDoko's rule that turns it on (`extrapoint catch fox last trick`).
    pub freedoko_rule: Option<&'static str>,
}

/// Every extra, one row each, in the order of [`Extra`].
pub const EXTRAS: &[ExtraRow] = &[
    ExtraRow {
        extra: Extra::Fox,
        name: "fox",
        aliases: &["fuchs", "fox-caught", "fuchs-gefangen"],
        key: "fox",
        default: 0,
        settings: &["fox_side_card"],
        most: Most::Copies,
        eyes: TrickEyes::Card(Card::DIAMOND_ACE),
        freedoko_point: Some("caught fox"),
        freedoko_rule: Some("extrapoint catch fox"),
    },
    ExtraRow {
        extra: Extra::Karlchen,
        name: "karlchen",
        aliases: &["charlie"],
        key: "karlchen",
        default: 0,
        settings: &[],
        most: Most::Karlchens,
        eyes: TrickEyes::Karlchen,
        freedoko_point: Some("charlie"),
        freedoko_rule: Some("extrapoint charlie"),
    },
    ExtraRow {
        extra: Extra::KarlchenCaught,
        name: "karlchen-caught",
        aliases: &["karlchen-gefangen"],
        key: "karlchen_caught",
        default: 0,
        settings: &[],
        most: Most::Copies,
        eyes: TrickEyes::Card(Card::CLUB_JACK),
        freedoko_point: Some("caught charlie"),
        freedoko_rule: Some("extrapoint catch charlie"),
    },
    ExtraRow {
        extra: Extra::Doppelkopf,
        name: "doppelkopf",
        aliases: &["dk"],
        key: "doppelkopf",
        default: 0,
        settings: &[],
        most: Most::Doppelkopfs,
        eyes: TrickEyes::Doppelkopf,
        freedoko_point: Some("Doppelkopf"),
        freedoko_rule: Some("extrapoint doppelkopf"),
    },
    ExtraRow {
        extra: Extra::FoxLastTrick,
        name: "fox-last-trick",
        aliases: &["fuchs-letzter-stich"],
        key: "fox_last_trick",
        default: 0,
        settings: &[],
        most: Most::Copies,
        eyes: TrickEyes::Card(Card::DIAMOND_ACE),
        freedoko_point: Some("caught fox last trick"),
        freedoko_rule: Some("extrapoint catch fox last trick"),
    },
    ExtraRow {
        extra: Extra::HeartTrick,
        name: "heart-trick",
        aliases: &["herzstich"],
        key: "heart_trick",
        default: 0,
        settings: &[],
        most: Most::Tricks,
        eyes: TrickEyes::Any,
        freedoko_point: Some("heart trick"),
        freedoko_rule: Some("extrapoint heart trick"),
    },
    ExtraRow {
        extra: Extra::DulleCaught,
        name: "dulle-caught",
        aliases: &["dulle-gefangen"],
        key: "dulle_caught",
        default: 0,
        settings: &[],
        most: Most::Copies,
        eyes: TrickEyes::Card(Card::HEART_TEN),
        freedoko_point: None,
        freedoko_rule: None,
    },
    ExtraRow {
        extra: Extra::FoxFirstTrick,
        name: "fox-first-trick",
        aliases: &["fuchs-erster-stich"],
        key: "fox_first_trick",
        default: 0,
        settings: &[],
        most: Most::Unchecked,
        eyes: TrickEyes::Card(Card::DIAMOND_ACE),
        freedoko_point: None,
        freedoko_rule: None,
    },
    ExtraRow {
        extra: Extra::ClubQueen,
        name: "club-queen",
        aliases: &["kreuzdame", "alte"],
        key: "club_queen",
        default: 0,
        settings: &[],
        most: Most::Copies,
        eyes: TrickEyes::NoTrick,
        freedoko_point: None,
        freedoko_rule: None,
    },
    ExtraRow {
        extra: Extra::FoxWinsLastTrick,
        name: "fox-wins-last-trick",
        aliases: &["fuchs-macht-letzten-stich"],
        key: "fox_wins_last_trick",
        default: 0,
        settings: &[],
        most: Most::Once,
        eyes: TrickEyes::Card(Card::DIAMOND_ACE),
        freedoko_point: Some("fox last trick"),
        freedoko_rule: Some("extrapoint fox last trick"),
    },
    ExtraRow {
        extra: Extra::DulleJabsDulle,
        name: "dulle-jabs-dulle",
        aliases: &["dulle-sticht-dulle"],
        key: "dulle_jabs_dulle",
        default: 0,
        settings: &[],
        most: Most::PairsOfCopies,
        eyes: TrickEyes::TwoOf(Card::HEART_TEN),
        freedoko_point: Some("dolle caught dolle"),
        freedoko_rule: Some("extrapoint dolle jabs dolle"),
    },
    #[cfg(test)]
    ExtraRow {
        extra: Extra::TestRow,
        name: "both-foxes",
        aliases: &["beide-fuechse"],
        key: "both_foxes",
        default: 0,
        settings: &[],
        most: Most::Once,
        eyes: TrickEyes::TwoOf(Card::DIAMOND_ACE),
        freedoko_point: None,
        freedoko_rule: None,
    },
];

/// How many extras there are: the length of a profile's points.
pub const EXTRA_COUNT: usize = EXTRAS.len();

/// A row names its extra for the readers ([`crate::words::lookup`]).
impl crate::words::Named for ExtraRow {
    type Value = Extra;

    fn names(&self) -> (&'static str, Extra, &'static [&'static str]) {
        (self.name, self.extra, self.aliases)
    }
}

impl Extra {
    /// Every extra.
    pub fn all() -> impl Iterator<Item = Extra> {
        EXTRAS.iter().map(|r| r.extra)
    }

    /// The extra's row of [`EXTRAS`].
    pub fn row(self) -> &'static ExtraRow {
        &EXTRAS[self as usize]
    }

    /// The extra whose profile key is `key` (`fox_last_trick`).
    pub fn by_key(key: &str) -> Option<Extra> {
        EXTRAS.iter().find(|r| r.key == key).map(|r| r.extra)
    }

    /// The extra's name as files write it.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The extra's name in `lang` ("fox caught", "Fuchs gefangen", the catalogue's
    /// `item.fox`).
    pub fn title(self, lang: crate::lang::Lang) -> &'static str {
        lang.t(&self.key())
    }

    /// The extra's name in the message catalogue (`item.fox`).
    pub fn key(self) -> String {
        format!("item.{}", self.row().key)
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
            let names = EXTRAS
                .iter()
                .flat_map(|r| std::iter::once(r.name).chain(r.aliases.iter().copied()))
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
        crate::words::lookup(EXTRAS, s, "error.word_extra", Extra::key)
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

    /// The table is in the order of the enum: an extra's row is found by its place.
    #[test]
    fn each_row_is_at_its_extras_place() {
        for (i, row) in EXTRAS.iter().enumerate() {
            assert_eq!(row.extra as usize, i, "{}", row.name);
            assert_eq!(row.extra.row().key, row.key);
            assert_eq!(row.key, row.name.replace('-', "_"), "{}", row.name);
        }
    }

    /// An extra added as one row (`both-foxes`, a row of the table in test builds only) is
    /// read by every reader of the table on this floor: its names, its profile key (a
    /// profile that names no points scores it 0; `--set` sets them), the points a deal
    /// scores for it under the profile, its most a deal and the eyes of its trick.
    #[test]
    fn a_row_added_in_a_test_build_is_read_and_scored() {
        assert_eq!("beide-fuechse".parse::<Extra>(), Ok(Extra::TestRow));
        assert_eq!("both-foxes".parse::<Extra>(), Ok(Extra::TestRow));
        assert_eq!(Extra::TestRow.to_string(), "both-foxes");
        assert!(Extra::TestRow.key().ends_with(".both_foxes"));
        assert_eq!(Extra::by_key("both_foxes"), Some(Extra::TestRow));
        assert!(Extra::all().any(|x| x == Extra::TestRow));
        let ddv = crate::variant::test_profile("ddv", &[]);
        assert_eq!(ddv.extra_points(Extra::TestRow), 0);
        let p = crate::variant::test_profile("ddv", &[("extras.both_foxes", "3")]);
        assert_eq!(p.extra_points(Extra::TestRow), 3);
        assert_eq!(p.value_of("extras.both_foxes"), Some("3"));
        // Its points for the deals it came in: two of them score 6 under this profile.
        let deal = [Extra::TestRow, Extra::Fox, Extra::TestRow];
        let scored: i32 = deal.iter().map(|&x| p.extra_points(x)).sum();
        assert_eq!(scored, 3 + ddv.extra_points(Extra::Fox) + 3);
        assert_eq!(Extra::TestRow.row().most, Most::Once);
        assert_eq!(
            Extra::TestRow.row().eyes,
            TrickEyes::TwoOf(Card::DIAMOND_ACE)
        );
        // Another extra's points are untouched, and an unknown key is still refused.
        assert_eq!(p.extra_points(Extra::Fox), ddv.extra_points(Extra::Fox));
        let bad = crate::variant::Profile::load("ddv", &[("extras.both_fox".into(), "1".into())]);
        assert!(bad.is_err());
    }

    #[test]
    fn names_stay_apart_and_phrases_read_as_one() {
        crate::words::assert_names_apart(EXTRAS);
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
