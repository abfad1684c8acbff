//! `[bock]`: what starts a round of Bock deals, and how rounds that overlap combine.

use super::Deserialize;

/// What starts a round of Bock deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BockTrigger {
    /// 120:120.
    Tie,
    /// Re was called and lost.
    ReLost,
    /// Kontra was called and lost.
    KontraLost,
    /// The deal was worth 0.
    ZeroValue,
    /// A trick of four hearts.
    HeartTrick,
    /// A trick of hearts only, where the game is played with 40 cards (no nines):
    /// «ドッペルコップ(Doppelkopf)»'s Bock list, "ハートだけしかプレイされなかった(40枚のカードを
    /// 使用した場合)". With another deck it starts no Bock round.
    #[serde(rename = "heart-trick-40")]
    HeartTrickForty,
    /// A player alone lost.
    SoloLost,
    /// A party won no trick.
    Schwarz,
    /// A Doppelkopf was made.
    Doppelkopf,
    /// A ♥10 (as a trump) taken by the other party: a reading of «ドッペルコップ(Doppelkopf)»'s
    /// "♥️10♣️を出して負けた場合" (a card's image lost; docs/rules.md §9.2).
    DulleCaught,
    /// A ♣Q taken by the other party: the same sentence's other card, read as the ♣Q.
    ClubQueenCaught,
    /// Four cards of one rank in a trick: a reading of "1トリックで4枚ののカードが出たとき"
    /// (the card's image lost).
    FourOfARank,
}

impl BockTrigger {
    /// Every trigger, in the order profiles list them.
    pub const ALL: [BockTrigger; 12] = [
        BockTrigger::Tie,
        BockTrigger::ReLost,
        BockTrigger::KontraLost,
        BockTrigger::ZeroValue,
        BockTrigger::HeartTrick,
        BockTrigger::HeartTrickForty,
        BockTrigger::SoloLost,
        BockTrigger::Schwarz,
        BockTrigger::Doppelkopf,
        BockTrigger::DulleCaught,
        BockTrigger::ClubQueenCaught,
        BockTrigger::FourOfARank,
    ];

    /// What happened, as a player says it ("a lost solo").
    pub fn describe(self, lang: crate::lang::Lang) -> &'static str {
        lang.t(&format!("bock.{}", self.key().replace('-', "_")))
    }

    /// Its name in `bock.triggers`.
    pub fn key(self) -> &'static str {
        match self {
            BockTrigger::Tie => "tie",
            BockTrigger::ReLost => "re-lost",
            BockTrigger::KontraLost => "kontra-lost",
            BockTrigger::ZeroValue => "zero-value",
            BockTrigger::HeartTrick => "heart-trick",
            BockTrigger::HeartTrickForty => "heart-trick-40",
            BockTrigger::SoloLost => "solo-lost",
            BockTrigger::Schwarz => "schwarz",
            BockTrigger::Doppelkopf => "doppelkopf",
            BockTrigger::DulleCaught => "dulle-caught",
            BockTrigger::ClubQueenCaught => "club-queen-caught",
            BockTrigger::FourOfARank => "four-of-a-rank",
        }
    }
}

/// How overlapping Bock rounds combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BockStacking {
    /// Each running round doubles again (x2, x4, x8 ...).
    Multiply,
    /// A new round waits until the running ones are over; x2 at most.
    Queue,
}

impl BockStacking {
    /// Its name in `bock.stacking`.
    pub fn key(self) -> &'static str {
        match self {
            BockStacking::Multiply => "multiply",
            BockStacking::Queue => "queue",
        }
    }
}

/// `[bock]`
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BockRules {
    /// Empty: no Bock rounds.
    pub triggers: Vec<BockTrigger>,
    /// How Bock rounds that overlap multiply.
    pub stacking: BockStacking,
    /// Deals in a round; 0: as many as players at the table.
    pub length: u8,
    /// What one round multiplies by: 2 (Bock) or 3 (FreeDoko's `bock multiplier`).
    pub factor: u8,
    /// One round per deal however many triggers fire (FreeDoko), or one per trigger.
    pub one_per_deal: bool,
}
