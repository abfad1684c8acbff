//! The parties: who is Re in each contract (the club queens, a wedding's partner, the
//! declarer, a Genscher, a called ace, the diamond queens).

use super::{
    Card, CardOrder, Contract, FieldError, FullRecord, Held, Played, Profile, SeatList, Trick,
    WeddingPartner, cards_text, club_queen_partners, fail, msg,
};
use crate::variant::GenscherParty;

/// The parties a deal's play establishes.
pub(super) struct Parties {
    /// The contract played (a normal game with a lone bride is a silent solo; a wedding
    /// without partner may become another contract).
    pub(super) contract: Contract,
    /// The trick that settled a wedding (0 for other contracts).
    pub(super) clarification: usize,
    pub(super) re: SeatList,
    /// After a Genscher: the cards each player had played when it came (calls made by
    /// then were made for the parties of before), the cards of the deal played before
    /// the Genscher card, and the Re party of before.
    pub(super) before: Option<(usize, usize, SeatList)>,
    /// The Genscher, for the facts.
    pub(super) genscher: Option<crate::deal::GenscherAccount>,
}

/// Who is Re: the ♣Q holders, the bride and her partner, the poor player and hers, the
/// soloist.
pub(super) fn parties(
    record: &FullRecord,
    profile: &Profile,
    order: &CardOrder,
    active: &[usize],
    held: &Held,
    tricks: &[Trick],
) -> Result<Parties, FieldError> {
    // The bride (or Kloepper's lone black queens): one player holding every copy of every
    // Re card.
    let bride = active
        .iter()
        .copied()
        .find(|&s| profile.holds_every_re_card(|c| held[s][c.index()] as usize));
    check_called(record, profile, order, bride)?;
    let mut p = Parties {
        contract: record.contract,
        clarification: 0,
        re: SeatList::default(),
        before: None,
        genscher: None,
    };
    match record.contract {
        Contract::Normal => normal_parties(record, profile, active, held, bride, &mut p)?,
        Contract::SilentSolo | Contract::Wedding => {
            bride_parties(record, profile, order, tricks, bride, &mut p)?
        }
        Contract::Poverty => {
            let d = record.declarer.unwrap_or(active[0]);
            match &record.exchange {
                Some(x) if profile.poverty.partner_by_club_queen => {
                    let played = Played::from_tricks(tricks);
                    let pair = club_queen_partners(record, &played, active, d, x.partner)?;
                    p.re.extend(pair);
                }
                Some(x) => p.re.extend([d, x.partner]),
                None => p.re.push(d),
            }
        }
        Contract::DiamondQueens => diamond_queen_parties(record, active, held, &mut p)?,
        Contract::Solo(_) | Contract::Misere | Contract::MisereOuvert => {
            p.re.push(record.declarer.unwrap_or(active[0]))
        }
        Contract::Redeal => {}
    }
    if let Some(partner) = record.genscher_partner {
        genscher_parties(record, profile, active, held, tricks, partner, &mut p)?;
    }
    Ok(p)
}

/// FreeDoko's Genscher (`contracts.genscher_partner`): in a normal game the holder of both
/// ♦K names a partner on playing the first of them. Under `genscher_party = "keep"` her
/// party keeps its name (Re or Kontra) and takes the partner, and calls made before her
/// card stay with the party name they were made for (an interpretation); under `"re"`
/// the pair is Re, as FreeDoko plays it. The other two are the other party.
pub(super) fn genscher_parties(
    record: &FullRecord,
    profile: &Profile,
    active: &[usize],
    held: &Held,
    tricks: &[Trick],
    partner: usize,
    p: &mut Parties,
) -> Result<(), FieldError> {
    let king = Card::DIAMOND_KING;
    let name = |s: usize| record.players[s].as_str();
    let field = "genscher_partner";
    if !profile.contracts.genscher_partner {
        return fail(
            None,
            field,
            msg!("error.no_genscher_partner", profile = profile.name),
        );
    }
    if p.contract != Contract::Normal || p.re.as_slice().len() != 2 {
        return fail(
            None,
            field,
            msg!("error.genscher_normal_only", contract = p.contract),
        );
    }
    let copies = profile.deck.copies;
    let Some(&holder) = active.iter().find(|&&s| held[s][king.index()] == copies) else {
        return fail(None, field, msg!("error.nobody_every", card = king));
    };
    if partner == holder || !active.contains(&partner) {
        return fail(
            None,
            field,
            msg!(
                "error.genscher_cannot_partner",
                partner = name(partner),
                holder = name(holder)
            ),
        );
    }
    let Some((t, at)) = tricks.iter().enumerate().find_map(|(t, tr)| {
        tr.iter()
            .position(|(s, c)| s == holder && c == king)
            .map(|i| (t, tricks[..t].iter().map(Trick::len).sum::<usize>() + i))
    }) else {
        return fail(
            None,
            field,
            msg!("error.never_plays", player = name(holder), card = king),
        );
    };
    let before = std::mem::take(&mut p.re);
    let mut re = SeatList::default();
    re.extend(super::genscher_re(
        profile,
        active,
        before.as_slice(),
        (holder, partner),
    ));
    p.re = re;
    p.before = Some((t, at, before));
    let narrow = |n: usize| u8::try_from(n).unwrap_or(u8::MAX);
    p.genscher = Some(crate::deal::GenscherAccount {
        holder: narrow(holder),
        partner: narrow(partner),
        trick: narrow(t + 1),
        re: profile.contracts.genscher_party == GenscherParty::Re,
    });
    Ok(())
}

/// The trick that finds a bride's partner under `rule`, and the trick that settles the
/// wedding (from 1): `tricks` gives each trick's winner, first card and winning card.
/// The one place that says it, for a record played and for a deal generated.
pub fn partner_trick(
    rule: WeddingPartner,
    profile: &Profile,
    order: &CardOrder,
    bride: usize,
    tricks: &[(usize, Card, Card)],
) -> (Option<usize>, usize) {
    let found = match rule {
        WeddingPartner::NthTrick { n, led } => {
            // The named trick decides, however late; the bride winning it, or the trick
            // never played, leaves her alone.
            let nth = tricks
                .iter()
                .enumerate()
                .filter(|(_, (_, first, _))| led.is_none_or(|l| order.play_suit(*first) == l))
                .nth(usize::from(n) - 1);
            let settled = nth.map_or(tricks.len(), |(t, _)| t + 1);
            return (
                nth.filter(|(_, (w, _, _))| *w != bride).map(|(t, _)| t),
                settled,
            );
        }
        _ => {
            let within = (profile.contracts.wedding_tricks as usize).min(profile.hand_size());
            let qualifies = |(w, first, winning): &(usize, Card, Card)| {
                *w != bride
                    && match rule {
                        WeddingPartner::FirstTrumpTrick => order.is_trump(*winning),
                        WeddingPartner::FirstSideTrick => !order.is_trump(*first),
                        _ => true,
                    }
            };
            match tricks[..within.min(tricks.len())]
                .iter()
                .position(qualifies)
            {
                Some(t) => return (Some(t), t + 1),
                None => within,
            }
        }
    };
    (None, found)
}

/// A called ace (Kloepper) is a side-suit ace, called by a player holding every Re card
/// in a normal game, where the profile has it.
pub(super) fn check_called(
    record: &FullRecord,
    profile: &Profile,
    order: &CardOrder,
    bride: Option<usize>,
) -> Result<(), FieldError> {
    let Some(ace) = record.called else {
        return Ok(());
    };
    match called_refusal(profile, (record.contract, order), bride.is_some(), ace) {
        Some(why) => fail(None, "called", why),
        None => Ok(()),
    }
}

/// Why `ace` cannot be called in `contract` (`order`: its card order; `bride`: one player
/// holds every Re card), if it cannot: for a record's check and a record replayed step by
/// step alike.
pub fn called_refusal(
    profile: &Profile,
    (contract, order): (Contract, &CardOrder),
    bride: bool,
    ace: Card,
) -> Option<crate::lang::Text> {
    if !profile.contracts.called_ace {
        Some(msg!("error.no_called_ace", profile = profile.name))
    } else if contract != Contract::Normal || !bride {
        Some(msg!("error.who_calls_ace"))
    } else if ace.rank() != crate::cards::Rank::Ace || order.is_trump(ace) {
        Some(msg!("error.not_side_ace", card = ace))
    } else {
        None
    }
}

/// A normal game: the holders of Re cards, or a lone holder of all of them (a silent solo,
/// or with the holder of the ace she called).
pub(super) fn normal_parties(
    record: &FullRecord,
    profile: &Profile,
    active: &[usize],
    held: &Held,
    bride: Option<usize>,
    p: &mut Parties,
) -> Result<(), FieldError> {
    let name = |s: usize| record.players[s].as_str();
    let re_cards = &profile.contracts.re_cards;
    match bride {
        Some(b) if record.called.is_some() => {
            let ace = record.called.unwrap_or(Card::CLUB_QUEEN);
            let Some(partner) = active
                .iter()
                .copied()
                .find(|&s| s != b && held[s][ace.index()] > 0)
            else {
                return fail(
                    None,
                    "called",
                    msg!("error.holds_called_ace", player = name(b), card = ace),
                );
            };
            p.re.extend([b, partner]);
        }
        Some(b) => {
            if !profile.allows(Contract::SilentSolo) {
                return fail(
                    None,
                    "contract",
                    msg!(
                        "error.silent_solo_not_played",
                        player = name(b),
                        cards = cards_text(re_cards),
                        profile = profile.name
                    ),
                );
            }
            p.contract = Contract::SilentSolo;
            p.re.push(b);
        }
        None => p.re.extend(
            active
                .iter()
                .copied()
                .filter(|&s| re_cards.iter().any(|c| held[s][c.index()] > 0)),
        ),
    }
    Ok(())
}

/// The "solo addition": the two holders of the ♦Q are Re; a declarer, where the record
/// names one, is one of them.
pub(super) fn diamond_queen_parties(
    record: &FullRecord,
    active: &[usize],
    held: &Held,
    p: &mut Parties,
) -> Result<(), FieldError> {
    let queen = Card::DIAMOND_QUEEN;
    let holders: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&s| held[s][queen.index()] > 0)
        .collect();
    if holders.len() != 2 {
        let who = match holders.as_slice() {
            [one] => msg!(
                "error.holds_every",
                player = record.players[*one].as_str(),
                card = queen
            ),
            _ => msg!("error.nobody_holds_a", card = queen),
        };
        return fail(
            None,
            "contract",
            msg!(
                "error.needs_two_holders",
                contract = record.contract,
                card = queen,
                who = who
            ),
        );
    }
    if let Some(d) = record.declarer
        && !holders.contains(&d)
    {
        return fail(
            None,
            "declarer",
            msg!(
                "error.declares_without",
                player = record.players[d].as_str(),
                contract = record.contract,
                card = queen
            ),
        );
    }
    p.re.extend(holders);
    Ok(())
}

/// A silent solo or a wedding: the bride, and for a wedding the partner the profile's
/// rule finds within its tricks.
pub(super) fn bride_parties(
    record: &FullRecord,
    profile: &Profile,
    order: &CardOrder,
    tricks: &[Trick],
    bride: Option<usize>,
    p: &mut Parties,
) -> Result<(), FieldError> {
    let name = |s: usize| record.players[s].as_str();
    let re_cards = &profile.contracts.re_cards;
    let Some(b) = bride else {
        return fail(
            None,
            "contract",
            msg!(
                "error.needs_every_in_one",
                contract = record.contract,
                cards = cards_text(re_cards)
            ),
        );
    };
    if let Some(d) = record.declarer
        && d != b
    {
        return fail(
            None,
            "declarer",
            msg!(
                "error.declares_but_holds",
                player = name(d),
                holder = name(b),
                cards = cards_text(re_cards)
            ),
        );
    }
    p.re.push(b);
    if record.contract != Contract::Wedding {
        return Ok(());
    }
    let rule = match record.wedding_partner {
        Some(WeddingPartner::NamedTrick) => {
            return fail(None, "wedding_partner", msg!("error.bride_names_trick"));
        }
        Some(r)
            if profile
                .contracts
                .wedding_partner
                .iter()
                .any(|p| p.permits(r)) =>
        {
            r
        }
        Some(r) => {
            return fail(
                None,
                "wedding_partner",
                msg!(
                    "error.bride_cannot_choose",
                    profile = profile.name,
                    rule = r.to_string()
                ),
            );
        }
        None => profile
            .contracts
            .wedding_partner
            .first()
            .copied()
            .unwrap_or(WeddingPartner::FirstTrick),
    };
    let seen: Vec<(usize, Card, Card)> = tricks
        .iter()
        .map(|tr| (tr.winner, tr.cards[0], tr.winning_card()))
        .collect();
    let (found, clarification) = partner_trick(rule, profile, order, b, &seen);
    p.clarification = clarification;
    if let Some(t) = found {
        p.re.push(tricks[t].winner);
    } else if let Some(c) = profile.contracts.wedding_unfound {
        // The bride alone: the profile may make it another contract (the wiki's diamond
        // solo), whose trumps are the normal ones.
        p.contract = c;
    }
    Ok(())
}
