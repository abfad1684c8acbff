//! Contracts (what is played) and parties (Re and Kontra).

use std::fmt;
use std::str::FromStr;

use crate::cards::{Rank, Suit, TrumpKind};

/// One of the two parties of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Party {
    /// The party of the club queens, or of the declarer.
    Re,
    /// The other party.
    Kontra,
}

impl Party {
    /// The other party.
    pub fn other(self) -> Party {
        match self {
            Party::Re => Party::Kontra,
            Party::Kontra => Party::Re,
        }
    }

    /// The party's name as files write it (`re`, `kontra`).
    pub fn key(self) -> &'static str {
        match self {
            Party::Re => "re",
            Party::Kontra => "kontra",
        }
    }

    /// The party's name (`Re`, `Kontra`).
    pub fn title(self) -> &'static str {
        match self {
            Party::Re => "Re",
            Party::Kontra => "Kontra",
        }
    }

    /// The party's name as a text in the reader's language (`party.re`).
    pub fn text(self) -> crate::lang::Text {
        crate::lang::Text::msg(match self {
            Party::Re => "party.re",
            Party::Kontra => "party.kontra",
        })
    }
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// The kind of a solo, which decides the trumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SoloKind {
    /// A suit solo: that suit is trump.
    Suit(Suit),
    /// Queens are trump.
    Queens,
    /// Jacks are trump.
    Jacks,
    /// No trump (Fleischloser).
    Meatless,
    /// Queens and jacks are trump.
    QueensJacks,
    /// Kings are trump.
    Kings,
    /// Kings, queens and jacks are trump, in that order (FreeDoko's `solo koehler`).
    Koehler,
    /// Only the two queens of one suit are trump (the wiki's Obersolo-X).
    QueenOf(Suit),
    /// Only the two jacks of one suit are trump (the wiki's Untersolo-X).
    JackOf(Suit),
}

/// What is played in a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Contract {
    #[default]
    /// A normal game: the club queens are Re.
    Normal,
    /// A wedding: one player holds both club queens and finds a partner.
    Wedding,
    /// A silent solo: one player holds both club queens and says nothing.
    SilentSolo,
    /// A poverty: a player with few trumps passes them to a partner.
    Poverty,
    /// The two holders of the ♦Q are Re, declared like a solo (the reference page's "solo
    /// addition", ソロゲームに追加); trumps as in a normal game.
    DiamondQueens,
    /// A solo.
    Solo(SoloKind),
    /// A misère: the declarer must take no trick.
    Misere,
    /// A misère with the declarer's hand shown.
    MisereOuvert,
    /// A redeal: the hands are thrown in.
    Redeal,
}

/// Canonical names first, then the accepted aliases (`docs/formats.md` section 2).
const NAMES: &[(&str, Contract, &[&str])] = &[
    ("normal", Contract::Normal, &["normalspiel", "gesund"]),
    ("wedding", Contract::Wedding, &["hochzeit"]),
    ("silent-solo", Contract::SilentSolo, &["stille-hochzeit"]),
    ("poverty", Contract::Poverty, &["armut"]),
    (
        "diamond-queens",
        Contract::DiamondQueens,
        &["solo-addition", "karo-damen", "karodamen"],
    ),
    (
        "solo-clubs",
        Contract::Solo(SoloKind::Suit(Suit::Clubs)),
        &["kreuzsolo", "farbsolo-eichel", "eichelsolo"],
    ),
    (
        "solo-spades",
        Contract::Solo(SoloKind::Suit(Suit::Spades)),
        &[
            "piksolo",
            "farbsolo-grün",
            "farbsolo-gruen",
            "grünsolo",
            "gruensolo",
        ],
    ),
    (
        "solo-hearts",
        Contract::Solo(SoloKind::Suit(Suit::Hearts)),
        &["herzsolo", "farbsolo-rot", "rotsolo"],
    ),
    (
        "solo-diamonds",
        Contract::Solo(SoloKind::Suit(Suit::Diamonds)),
        &[
            "karosolo",
            "trumpfsolo",
            "farbsolo-schellen",
            "schellensolo",
        ],
    ),
    (
        "solo-queens",
        Contract::Solo(SoloKind::Queens),
        &["damensolo", "damen", "obersolo"],
    ),
    (
        "solo-jacks",
        Contract::Solo(SoloKind::Jacks),
        &["bubensolo", "buben", "untersolo"],
    ),
    (
        "solo-meatless",
        Contract::Solo(SoloKind::Meatless),
        &[
            "fleischlos",
            "assolo",
            "assesolo",
            "fleischloser",
            "fleisch",
        ],
    ),
    (
        "solo-queens-jacks",
        Contract::Solo(SoloKind::QueensJacks),
        &[],
    ),
    (
        "solo-kings",
        Contract::Solo(SoloKind::Kings),
        &["koenigssolo", "königssolo"],
    ),
    (
        "solo-koehler",
        Contract::Solo(SoloKind::Koehler),
        &["köhler", "koehler", "köhlersolo", "koehlersolo"],
    ),
    (
        "solo-queen-clubs",
        Contract::Solo(SoloKind::QueenOf(Suit::Clubs)),
        &["obersolo-eichel"],
    ),
    (
        "solo-queen-spades",
        Contract::Solo(SoloKind::QueenOf(Suit::Spades)),
        &["obersolo-gruen", "obersolo-grün"],
    ),
    (
        "solo-queen-hearts",
        Contract::Solo(SoloKind::QueenOf(Suit::Hearts)),
        &["obersolo-rot"],
    ),
    (
        "solo-queen-diamonds",
        Contract::Solo(SoloKind::QueenOf(Suit::Diamonds)),
        &["obersolo-schellen"],
    ),
    (
        "solo-jack-clubs",
        Contract::Solo(SoloKind::JackOf(Suit::Clubs)),
        &["untersolo-eichel"],
    ),
    (
        "solo-jack-spades",
        Contract::Solo(SoloKind::JackOf(Suit::Spades)),
        &["untersolo-gruen", "untersolo-grün"],
    ),
    (
        "solo-jack-hearts",
        Contract::Solo(SoloKind::JackOf(Suit::Hearts)),
        &["untersolo-rot"],
    ),
    (
        "solo-jack-diamonds",
        Contract::Solo(SoloKind::JackOf(Suit::Diamonds)),
        &["untersolo-schellen"],
    ),
    ("misere", Contract::Misere, &["lumpensammler"]),
    (
        "misere-ouvert",
        Contract::MisereOuvert,
        &["lumpensammler-ouvert"],
    ),
    ("redeal", Contract::Redeal, &["schmeissen"]),
];

impl Contract {
    /// Every contract, in the order of `docs/formats.md`.
    pub fn all() -> impl Iterator<Item = Contract> {
        NAMES.iter().map(|(_, c, _)| *c)
    }

    /// The contract's name as profiles and files write it.
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(_, c, _)| *c == self)
            .map(|(n, _, _)| *n)
            .unwrap_or("normal")
    }

    /// Which cards are trumps in this contract.
    pub fn trump_kind(self) -> TrumpKind {
        match self {
            Contract::Solo(SoloKind::Suit(s)) => TrumpKind::Suit(s),
            Contract::Solo(SoloKind::Queens) => TrumpKind::Queens,
            Contract::Solo(SoloKind::Jacks) => TrumpKind::Jacks,
            Contract::Solo(SoloKind::QueensJacks) => TrumpKind::QueensJacks,
            Contract::Solo(SoloKind::Kings) => TrumpKind::Kings,
            Contract::Solo(SoloKind::Koehler) => TrumpKind::Koehler,
            Contract::Solo(SoloKind::Meatless) => TrumpKind::Meatless,
            Contract::Solo(SoloKind::QueenOf(s)) => TrumpKind::OneRank(Rank::Queen, s),
            Contract::Solo(SoloKind::JackOf(s)) => TrumpKind::OneRank(Rank::Jack, s),
            _ => TrumpKind::Normal,
        }
    }

    /// A declared solo in which the declarer alone is Re.
    pub fn is_declared_solo(self) -> bool {
        matches!(
            self,
            Contract::Solo(_) | Contract::Misere | Contract::MisereOuvert
        )
    }

    /// A solo won by taking no trick.
    pub fn is_misere(self) -> bool {
        matches!(self, Contract::Misere | Contract::MisereOuvert)
    }
}

impl FromStr for Contract {
    type Err = crate::lang::Text;
    fn from_str(s: &str) -> Result<Contract, crate::lang::Text> {
        crate::words::lookup(NAMES, s, "error.word_contract", Contract::key)
    }
}

impl Contract {
    /// The contract's name in the message catalogue (`contract.solo_queens`).
    pub fn key(self) -> String {
        format!("contract.{}", self.name().replace('-', "_"))
    }

    /// The contract's name in `lang` (`Damensolo`, `クイーンソロ`).
    pub fn title(self, lang: crate::lang::Lang) -> &'static str {
        lang.t(&self.key())
    }
}

/// In a message, a contract is its name in the reader's language.
impl crate::lang::ToText for Contract {
    fn to_text(&self) -> crate::lang::Text {
        crate::lang::Text::msg(self.key())
    }
}

/// In a message, a party is its name in the reader's language.
impl crate::lang::ToText for Party {
    fn to_text(&self) -> crate::lang::Text {
        self.text()
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_contract_in_an_english_message_is_its_name() {
        use crate::lang::ToText;
        for c in Contract::all() {
            assert_eq!(c.to_text().to_string(), c.name());
        }
    }

    #[test]
    fn names_stay_apart_without_separators() {
        // `lookup` drops `-`, `_` and spaces: no two names may then be the same.
        crate::words::assert_names_apart(NAMES);
        for (written, want) in [
            ("Damen-Solo", Contract::Solo(SoloKind::Queens)),
            ("damen solo", Contract::Solo(SoloKind::Queens)),
            ("Solo_Queens", Contract::Solo(SoloKind::Queens)),
            ("Stille Hochzeit", Contract::SilentSolo),
            ("Kreuz-Solo", Contract::Solo(SoloKind::Suit(Suit::Clubs))),
        ] {
            assert_eq!(written.parse::<Contract>(), Ok(want), "{written}");
        }
    }

    #[test]
    fn names_round_trip_and_aliases_parse() {
        for c in Contract::all() {
            assert_eq!(c.name().parse::<Contract>(), Ok(c));
        }
        assert_eq!("Hochzeit".parse::<Contract>(), Ok(Contract::Wedding));
        assert_eq!(
            " DAMENSOLO ".parse::<Contract>(),
            Ok(Contract::Solo(SoloKind::Queens))
        );
        assert_eq!(
            "assolo".parse::<Contract>(),
            Ok(Contract::Solo(SoloKind::Meatless))
        );
        assert!(
            "grand"
                .parse::<Contract>()
                .unwrap_err()
                .to_string()
                .contains("unknown contract `grand`")
        );
    }
}
