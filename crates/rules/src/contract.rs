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

/// What decides the parties of a contract and who leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A declared solo: the declarer alone is Re, and leads where the profile says
    /// (`contracts.every_solo_leads`, `compulsory_solo_leads`).
    Solo,
    /// A declared solo won by taking no trick (a misère).
    Misere,
    /// A contract with parties of its own (the club queens, a wedding, a poverty, the ♦Q
    /// holders, a redeal's none): the play finds them by its rules for that contract.
    Own,
}

/// One contract: its names, its trumps (the machine compiles its card order from them),
/// its kind (the parties and who leads) and FreeDoko's game type. `docs/architecture.md`
/// lists the steps to add one.
#[derive(Debug, Clone, Copy)]
pub struct ContractRow {
    /// The contract.
    pub contract: Contract,
    /// Its name as profiles and files write it.
    pub name: &'static str,
    /// Other names a sheet may write.
    pub aliases: &'static [&'static str],
    /// Which cards are trumps.
    pub trumps: TrumpKind,
    /// A declared solo, a misère, or parties of its own.
    pub kind: Kind,
    /// FreeDoko's game type, where FreeDoko plays it.
    pub freedoko: Option<&'static str>,
}

/// Every contract, one row each, in the order of `docs/formats.md` section 2 (canonical
/// names first, then the accepted aliases).
pub const CONTRACTS: &[ContractRow] = &[
    ContractRow {
        contract: Contract::Normal,
        name: "normal",
        aliases: &["normalspiel", "gesund"],
        trumps: TrumpKind::Normal,
        kind: Kind::Own,
        freedoko: Some("normal"),
    },
    ContractRow {
        contract: Contract::Wedding,
        name: "wedding",
        aliases: &["hochzeit"],
        trumps: TrumpKind::Normal,
        kind: Kind::Own,
        freedoko: Some("marriage"),
    },
    ContractRow {
        contract: Contract::SilentSolo,
        name: "silent-solo",
        aliases: &["stille-hochzeit"],
        trumps: TrumpKind::Normal,
        kind: Kind::Own,
        freedoko: Some("marriage silent"),
    },
    ContractRow {
        contract: Contract::Poverty,
        name: "poverty",
        aliases: &["armut"],
        trumps: TrumpKind::Normal,
        kind: Kind::Own,
        freedoko: Some("poverty"),
    },
    ContractRow {
        contract: Contract::DiamondQueens,
        name: "diamond-queens",
        aliases: &["solo-addition", "karo-damen", "karodamen"],
        trumps: TrumpKind::Normal,
        kind: Kind::Own,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::Suit(Suit::Clubs)),
        name: "solo-clubs",
        aliases: &["kreuzsolo", "farbsolo-eichel", "eichelsolo"],
        trumps: TrumpKind::Suit(Suit::Clubs),
        kind: Kind::Solo,
        freedoko: Some("solo club"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::Suit(Suit::Spades)),
        name: "solo-spades",
        aliases: &[
            "piksolo",
            "farbsolo-grün",
            "farbsolo-gruen",
            "grünsolo",
            "gruensolo",
        ],
        trumps: TrumpKind::Suit(Suit::Spades),
        kind: Kind::Solo,
        freedoko: Some("solo spade"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::Suit(Suit::Hearts)),
        name: "solo-hearts",
        aliases: &["herzsolo", "farbsolo-rot", "rotsolo"],
        trumps: TrumpKind::Suit(Suit::Hearts),
        kind: Kind::Solo,
        freedoko: Some("solo heart"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::Suit(Suit::Diamonds)),
        name: "solo-diamonds",
        aliases: &[
            "karosolo",
            "trumpfsolo",
            "farbsolo-schellen",
            "schellensolo",
        ],
        trumps: TrumpKind::Suit(Suit::Diamonds),
        kind: Kind::Solo,
        freedoko: Some("solo diamond"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::Queens),
        name: "solo-queens",
        aliases: &["damensolo", "damen", "obersolo"],
        trumps: TrumpKind::Queens,
        kind: Kind::Solo,
        freedoko: Some("solo queen"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::Jacks),
        name: "solo-jacks",
        aliases: &["bubensolo", "buben", "untersolo"],
        trumps: TrumpKind::Jacks,
        kind: Kind::Solo,
        freedoko: Some("solo jack"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::Meatless),
        name: "solo-meatless",
        aliases: &[
            "fleischlos",
            "assolo",
            "assesolo",
            "fleischloser",
            "fleisch",
        ],
        trumps: TrumpKind::Meatless,
        kind: Kind::Solo,
        freedoko: Some("solo meatless"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::QueensJacks),
        name: "solo-queens-jacks",
        aliases: &[],
        trumps: TrumpKind::QueensJacks,
        kind: Kind::Solo,
        freedoko: Some("solo queen-jack"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::Kings),
        name: "solo-kings",
        aliases: &["koenigssolo", "königssolo"],
        trumps: TrumpKind::Kings,
        kind: Kind::Solo,
        freedoko: Some("solo king"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::Koehler),
        name: "solo-koehler",
        aliases: &["köhler", "koehler", "köhlersolo", "koehlersolo"],
        trumps: TrumpKind::Koehler,
        kind: Kind::Solo,
        freedoko: Some("solo koehler"),
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::QueenOf(Suit::Clubs)),
        name: "solo-queen-clubs",
        aliases: &["obersolo-eichel"],
        trumps: TrumpKind::OneRank(Rank::Queen, Suit::Clubs),
        kind: Kind::Solo,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::QueenOf(Suit::Spades)),
        name: "solo-queen-spades",
        aliases: &["obersolo-gruen", "obersolo-grün"],
        trumps: TrumpKind::OneRank(Rank::Queen, Suit::Spades),
        kind: Kind::Solo,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::QueenOf(Suit::Hearts)),
        name: "solo-queen-hearts",
        aliases: &["obersolo-rot"],
        trumps: TrumpKind::OneRank(Rank::Queen, Suit::Hearts),
        kind: Kind::Solo,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::QueenOf(Suit::Diamonds)),
        name: "solo-queen-diamonds",
        aliases: &["obersolo-schellen"],
        trumps: TrumpKind::OneRank(Rank::Queen, Suit::Diamonds),
        kind: Kind::Solo,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::JackOf(Suit::Clubs)),
        name: "solo-jack-clubs",
        aliases: &["untersolo-eichel"],
        trumps: TrumpKind::OneRank(Rank::Jack, Suit::Clubs),
        kind: Kind::Solo,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::JackOf(Suit::Spades)),
        name: "solo-jack-spades",
        aliases: &["untersolo-gruen", "untersolo-grün"],
        trumps: TrumpKind::OneRank(Rank::Jack, Suit::Spades),
        kind: Kind::Solo,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::JackOf(Suit::Hearts)),
        name: "solo-jack-hearts",
        aliases: &["untersolo-rot"],
        trumps: TrumpKind::OneRank(Rank::Jack, Suit::Hearts),
        kind: Kind::Solo,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Solo(SoloKind::JackOf(Suit::Diamonds)),
        name: "solo-jack-diamonds",
        aliases: &["untersolo-schellen"],
        trumps: TrumpKind::OneRank(Rank::Jack, Suit::Diamonds),
        kind: Kind::Solo,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Misere,
        name: "misere",
        aliases: &["lumpensammler"],
        trumps: TrumpKind::Normal,
        kind: Kind::Misere,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::MisereOuvert,
        name: "misere-ouvert",
        aliases: &["lumpensammler-ouvert"],
        trumps: TrumpKind::Normal,
        kind: Kind::Misere,
        freedoko: None,
    },
    ContractRow {
        contract: Contract::Redeal,
        name: "redeal",
        aliases: &["schmeissen"],
        trumps: TrumpKind::Normal,
        kind: Kind::Own,
        freedoko: None,
    },
];

/// A row names its contract for the readers ([`crate::words::lookup`]).
impl crate::words::Named for ContractRow {
    type Value = Contract;

    fn names(&self) -> (&'static str, Contract, &'static [&'static str]) {
        (self.name, self.contract, self.aliases)
    }
}

impl Contract {
    /// Every contract, in the order of `docs/formats.md`.
    pub fn all() -> impl Iterator<Item = Contract> {
        CONTRACTS.iter().map(|r| r.contract)
    }

    /// The contract's place in [`CONTRACTS`]: the suits of a solo in their order (♣ ♠ ♥
    /// ♦), each kind of contract after the one before it.
    const fn index(self) -> usize {
        match self {
            Contract::Normal => 0,
            Contract::Wedding => 1,
            Contract::SilentSolo => 2,
            Contract::Poverty => 3,
            Contract::DiamondQueens => 4,
            Contract::Solo(SoloKind::Suit(s)) => 5 + s as usize,
            Contract::Solo(SoloKind::Queens) => 9,
            Contract::Solo(SoloKind::Jacks) => 10,
            Contract::Solo(SoloKind::Meatless) => 11,
            Contract::Solo(SoloKind::QueensJacks) => 12,
            Contract::Solo(SoloKind::Kings) => 13,
            Contract::Solo(SoloKind::Koehler) => 14,
            Contract::Solo(SoloKind::QueenOf(s)) => 15 + s as usize,
            Contract::Solo(SoloKind::JackOf(s)) => 19 + s as usize,
            Contract::Misere => 23,
            Contract::MisereOuvert => 24,
            Contract::Redeal => 25,
        }
    }

    /// The contract's row of [`CONTRACTS`].
    pub fn row(self) -> &'static ContractRow {
        &CONTRACTS[self.index()]
    }

    /// The contract's name as profiles and files write it.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// Which cards are trumps in this contract.
    pub fn trump_kind(self) -> TrumpKind {
        self.row().trumps
    }

    /// A declared solo in which the declarer alone is Re.
    pub fn is_declared_solo(self) -> bool {
        matches!(self.row().kind, Kind::Solo | Kind::Misere)
    }

    /// A solo won by taking no trick.
    pub fn is_misere(self) -> bool {
        self.row().kind == Kind::Misere
    }
}

impl FromStr for Contract {
    type Err = crate::lang::Text;
    fn from_str(s: &str) -> Result<Contract, crate::lang::Text> {
        crate::words::lookup(CONTRACTS, s, "error.word_contract", Contract::key)
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

    /// Each row sits at its contract's place, and names it.
    #[test]
    fn each_row_is_at_its_contracts_place() {
        for (i, row) in CONTRACTS.iter().enumerate() {
            assert_eq!(row.contract.index(), i, "{}", row.name);
            assert_eq!(row.contract.name(), row.name);
        }
    }

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
        crate::words::assert_names_apart(CONTRACTS);
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
