//! Deal records in TOML (`docs/formats.md` section 4): a table of players and any number of
//! deals, each a summary or a full record.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::calls::Call;
use crate::cards::{Card, parse_cards};
use crate::contract::{Contract, Party};
use crate::deal::FieldError;
use crate::deal::full::{CallEntry, Exchange, FullRecord};
use crate::deal::{Knock, RecordError, Role, Summary};
use crate::lang::Text;
use crate::seating::seat_in;
use crate::variant::{Profile, line_of};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    variant: Option<String>,
    /// Overrides of the profile's keys, each `KEY=VALUE` as `--set` takes them.
    #[serde(default)]
    set: Vec<String>,
    players: Vec<String>,
    #[serde(default)]
    deal: Vec<Spanned<RawDeal>>,
    /// A league sheet's penalties (TSR 9), each after a number of deals.
    #[serde(default)]
    penalty: Vec<Spanned<RawPenalty>>,
    /// The league table of a league file.
    league: Option<LeagueTable>,
}

/// One `[[penalty]]` of a league sheet as written: a player's penalty points, given after
/// `after` deals (TSR 9: a minor breach costs the offender 3 points, each other player of
/// the deal gets 1).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPenalty {
    /// Deals played when the penalty was given.
    pub after: u16,
    /// The offender.
    pub player: String,
    /// Penalty points (default: the profile's `league.penalty`).
    pub points: Option<u16>,
    /// What it was for.
    pub note: Option<String>,
}

/// The `[league]` table of a league file (`docs/formats.md` section 5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeagueTable {
    /// The sheet's name.
    pub name: Option<String>,
    /// Deals in the series (default: the profile's `league.deals`).
    pub deals: Option<u16>,
    /// Who deals first (default: the last seat).
    pub dealer: Option<String>,
    /// A round against the clock: its minutes (TSR 8.5: 100).
    pub minutes: Option<u16>,
    /// When the first deal was added (RFC 3339, UTC), where the round has a clock.
    pub started: Option<String>,
    /// The round was closed (`league close`) after this many deals: only the compulsory
    /// solos still owed follow (TSR 8.6).
    pub closed: Option<u16>,
    /// When it was closed (RFC 3339, UTC).
    pub closed_at: Option<String>,
}

/// One `[[deal]]` as written.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDeal {
    /// Default: the last seat deals first, then clockwise; after a compulsory solo the
    /// same dealer again (where the soloist leads).
    pub dealer: Option<String>,
    /// `contract`.
    pub contract: Option<String>,
    /// `declarer`.
    pub declarer: Option<String>,
    /// `compulsory`.
    pub compulsory: Option<bool>,
    /// Full records: the bidding, one statement each (docs/formats.md section 8).
    pub bids: Option<Vec<String>>,
    /// `hands`: each player's cards.
    pub hands: Option<BTreeMap<String, String>>,
    /// `calls`: `<player> <call> <cards in hand>` each.
    pub calls: Option<Vec<String>>,
    /// `tricks`: a trick each.
    pub tricks: Option<Vec<String>>,
    /// `re`: the Re players.
    pub re: Option<Vec<String>>,
    /// `re_points`.
    pub re_points: Option<u16>,
    /// `kontra_points`.
    pub kontra_points: Option<u16>,
    /// `re_calls`.
    pub re_calls: Option<String>,
    /// `kontra_calls`.
    pub kontra_calls: Option<String>,
    /// `re_extras`.
    pub re_extras: Option<Vec<String>>,
    /// `kontra_extras`.
    pub kontra_extras: Option<Vec<String>>,
    /// `re_tricks`.
    pub re_tricks: Option<u8>,
    /// `kontra_tricks`.
    pub kontra_tricks: Option<u8>,
    /// `bock`.
    pub bock: Option<u32>,
    /// `note`.
    pub note: Option<String>,
    /// Full records: how the bride's partner is found (`first-trick`, ...).
    pub wedding_partner: Option<String>,
    /// Full records: who declared Schweinchen / Hyperschweinchen.
    pub schweinchen: Option<String>,
    /// `hyperschweinchen`: its holder.
    pub hyperschweinchen: Option<String>,
    /// Full records: who declared Genscher (`deck.genscher`).
    pub genscher: Option<String>,
    /// Full records: the partner named by the holder of both ♦K
    /// (`contracts.genscher_partner`).
    pub genscher_partner: Option<String>,
    /// Full records of a poverty: who accepted, and the cards passed and returned.
    pub accepted_by: Option<String>,
    /// `passed`: the cards of a poverty passed.
    pub passed: Option<String>,
    /// `returned`: the cards returned.
    pub returned: Option<String>,
    /// Kloepper: `re` (the black queens knocked) or `both` (and the opponents knocked back).
    pub knock: Option<String>,
    /// Full records (Kloepper): the ace named by the player holding both black queens.
    pub called: Option<String>,
}

/// A parsed record file.
#[derive(Debug)]
pub struct RecordFile {
    pub file: String,
    /// The profile the file asks for, if any; a relative path is taken from the file's
    /// folder, so the file reads the same from any folder.
    pub variant: Option<String>,
    /// The file's overrides of the profile's keys (`set = ["league.compulsory_solos=0"]`).
    pub sets: Vec<(String, String)>,
    /// The players, in seat order.
    pub players: Vec<String>,
    /// The `[league]` table, in a league file.
    pub league: Option<LeagueTable>,
    /// Each deal with the line it starts on.
    pub deals: Vec<(usize, RawDeal)>,
    /// Each penalty with the line it starts on, in the order written.
    pub penalties: Vec<(usize, RawPenalty)>,
}

impl RecordFile {
    /// Reads a record file's text (`file` names it in errors).
    pub fn parse(file: &str, text: &str) -> Result<RecordFile, RecordError> {
        if let Some((offset, message)) = crate::toml_syntax::too_deep(text, false) {
            return Err(RecordError::new(file, message).line(line_of(text, offset)));
        }
        let raw: RawFile = crate::toml_de::from_str(text).map_err(|e| match e {
            Ok(e) => value_error(file, text, &e),
            Err(e) => toml_error(file, text, &e),
        })?;
        let players: Vec<String> = raw.players.iter().map(|p| p.trim().to_string()).collect();
        crate::deal::check_players(&players)
            .map_err(|m| RecordError::new(file, m).field("players"))?;
        let lines = crate::variant::LineIndex::new(text);
        let deals = raw
            .deal
            .into_iter()
            .map(|d| (lines.line_of(d.span().start), d.into_inner()))
            .collect();
        let penalties = raw
            .penalty
            .into_iter()
            .map(|d| (lines.line_of(d.span().start), d.into_inner()))
            .collect();
        {
            if let Some(d) = raw.league.as_ref().and_then(|l| l.dealer.as_ref())
                && !players.iter().any(|p| p.eq_ignore_ascii_case(d.trim()))
            {
                return Err(
                    RecordError::new(file, crate::msg!("error.is_not_player", name = d))
                        .field("league.dealer"),
                );
            }
            let sets = raw
                .set
                .iter()
                .map(|s| crate::variant::parse_set(s))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|m| RecordError::new(file, m).field("set"))?;
            Ok(RecordFile {
                file: file.to_string(),
                variant: raw.variant.map(|v| beside(file, v)),
                sets,
                players,
                league: raw.league,
                deals,
                penalties,
            })
        }
    }

    /// Reads a JSON record file (docs/formats.md section 4: the TOML file's fields as JSON). The
    /// errors name the deal and the field; lines only where the JSON itself is broken.
    pub fn parse_json(file: &str, text: &str) -> Result<RecordFile, RecordError> {
        if let Some((offset, message)) = crate::toml_syntax::too_deep(text, true) {
            return Err(RecordError::new(file, message).line(line_of(text, offset)));
        }
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            RecordError::new(file, crate::msg!("error.json_syntax", why = e.to_string()))
                .line(e.line())
        })?;
        if !value.is_object() {
            return Err(RecordError::new(file, crate::msg!("error.json_not_object")));
        }
        let toml_text = toml::to_string(&value).map_err(|e| {
            RecordError::new(file, crate::msg!("error.json_syntax", why = e.to_string()))
        })?;
        let mut records = RecordFile::parse(file, &toml_text).map_err(|mut e| {
            e.at.line = None;
            e
        })?;
        records.deals.iter_mut().for_each(|(line, _)| *line = 0);
        records.penalties.iter_mut().for_each(|(line, _)| *line = 0);
        Ok(records)
    }

    /// The soloist of a declared solo as written: its `declarer`, else the one Re player
    /// of a summary.
    pub fn soloist(&self, raw: &RawDeal, contract: Contract) -> Option<usize> {
        if !contract.is_declared_solo() {
            return None;
        }
        if let Some(d) = &raw.declarer {
            return self.seat(d);
        }
        match raw.re.as_deref() {
            Some([one]) => self.seat(one),
            _ => None,
        }
    }

    /// Who deals first: the league's `dealer`, else the last seat.
    pub fn first_dealer(&self) -> usize {
        self.league
            .as_ref()
            .and_then(|l| l.dealer.as_deref())
            .and_then(|d| self.seat(d))
            .unwrap_or(self.players.len().saturating_sub(1))
    }

    /// Number of deals in the file.
    pub fn len(&self) -> usize {
        self.deals.len()
    }

    /// Whether the file has no deal.
    pub fn is_empty(&self) -> bool {
        self.deals.is_empty()
    }

    /// Line of deal `i` (from 0).
    pub fn deal_line(&self, i: usize) -> Option<usize> {
        self.deals.get(i).map(|(l, _)| *l)
    }

    /// The file's name.
    pub fn file(&self) -> &str {
        &self.file
    }

    pub fn seat(&self, name: &str) -> Option<usize> {
        seat_in(&self.players, name)
    }

    pub fn seat_of(&self, name: &str, field: &str) -> Result<usize, FieldError> {
        self.seat(name).ok_or_else(|| {
            FieldError::new(
                field,
                crate::msg!("error.is_not_player", name = name.trim()),
            )
        })
    }

    pub fn summary(
        &self,
        raw: &RawDeal,
        number: usize,
        dealer: usize,
        contract: Contract,
        compulsory: bool,
        profile: &Profile,
    ) -> Result<Summary, FieldError> {
        let bad = |field: &str, msg: Text| FieldError::new(field, msg);
        for (key, given) in [
            ("wedding_partner", raw.wedding_partner.is_some()),
            ("schweinchen", raw.schweinchen.is_some()),
            ("hyperschweinchen", raw.hyperschweinchen.is_some()),
            ("genscher", raw.genscher.is_some()),
            ("genscher_partner", raw.genscher_partner.is_some()),
            ("accepted_by", raw.accepted_by.is_some()),
            ("passed", raw.passed.is_some()),
            ("returned", raw.returned.is_some()),
        ] {
            if given {
                return Err(bad(key, crate::msg!("error.full_record_key", key = key)));
            }
        }
        if raw.calls.is_some() {
            return Err(bad("calls", crate::msg!("error.full_record_calls")));
        }
        let seats = self.players.len();
        let out = crate::seating::sitting_out(seats, profile.deck.players as usize, dealer);
        let mut roles: Vec<Role> = (0..seats)
            .map(|s| {
                if out.contains(s) {
                    Role::Out
                } else {
                    Role::Kontra
                }
            })
            .collect();
        for name in raw.re.iter().flatten() {
            let s = self.seat_of(name, "re")?;
            if roles[s] == Role::Out {
                let why = if s == dealer {
                    crate::msg!("error.deals_and_sits_out", player = self.players[s])
                } else {
                    crate::msg!("error.sits_out", player = self.players[s])
                };
                return Err(bad("re", why));
            }
            roles[s] = Role::Re;
        }
        if raw.re.is_none() && contract != Contract::Redeal {
            return Err(bad("re", crate::msg!("error.summary_needs_re")));
        }
        Ok(Summary {
            number,
            contract: raw.contract.is_some().then_some(contract),
            roles,
            re_points: raw.re_points,
            kontra_points: raw.kontra_points,
            re_tricks: raw.re_tricks,
            kontra_tricks: raw.kontra_tricks,
            re_calls: raw.re_calls.clone().unwrap_or_default(),
            kontra_calls: raw.kontra_calls.clone().unwrap_or_default(),
            re_extras: raw.re_extras.clone().unwrap_or_default(),
            kontra_extras: raw.kontra_extras.clone().unwrap_or_default(),
            bock: raw.bock,
            compulsory,
            knock: Knock::parse(raw.knock.as_deref().unwrap_or("")).map_err(|m| bad("knock", m))?,
            note: raw.note.clone(),
        })
    }
}

/// A TOML document that does not parse: its first syntax error in the reader's words, else
/// (the syntax is right) a key or a table defined twice, at its line.
fn toml_error(file: &str, text: &str, e: &toml::de::Error) -> RecordError {
    if let Some((offset, message)) = crate::toml_syntax::first_error(text) {
        return RecordError::new(file, message).line(line_of(text, offset));
    }
    let offset = e.span().map_or(0, |s| s.start);
    let line = line_of(text, offset);
    let source = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
    let what = source.split('=').next().unwrap_or("").trim();
    place(
        RecordError::new(file, crate::msg!("error.toml_defined_twice", key = what)),
        text,
        offset,
    )
}

/// A value that does not fit its key (the wrong type, out of range, an unknown or missing
/// key), at its line, with its deal and key.
fn value_error(file: &str, text: &str, e: &crate::toml_de::Error) -> RecordError {
    let mut err = RecordError::new(file, e.message());
    let Some(span) = &e.span else { return err };
    // A missing key is about the table that lacks it (the whole file's: no line then).
    if e.is_missing_key() && span.start == 0 {
        return err;
    }
    err = place(err, text, span.start);
    match &e.key {
        Some(key) if !e.is_missing_key() && key != "deal" && key != "penalty" => err.field(key),
        _ => err,
    }
}

/// The line of `offset`, and the deal it is in (counting `[[deal]]` headers before it).
fn place(err: RecordError, text: &str, offset: usize) -> RecordError {
    let mut err = err.line(line_of(text, offset));
    let before = &text[..offset.min(text.len())];
    let deals = before
        .lines()
        .filter(|l| l.trim_start().starts_with("[[deal]]"))
        .count();
    if deals > 0 {
        err = err.deal(deals);
    }
    err
}

fn seat_or_err(players: &[String], name: &str, field: &str) -> Result<usize, FieldError> {
    seat_in(players, name).ok_or_else(|| {
        FieldError::new(
            field,
            crate::msg!("error.is_not_player", name = name.trim()),
        )
    })
}

/// Reads `<player> <call> <cards still in hand>`, optionally followed by `before
/// <player>:<card>` (`@<trick>` after the card where she plays it twice).
pub fn parse_call_entry(players: &[String], text: &str) -> Result<CallEntry, FieldError> {
    Ok(call_parts(players, text)?.entry(text))
}

/// The parts of a call entry as written.
#[derive(Debug, Clone, Copy)]
pub struct CallParts {
    /// The caller's seat.
    pub player: usize,
    /// The call.
    pub call: Call,
    /// The party its word names.
    pub said_as: Option<Party>,
    /// The cards still in hand.
    pub cards_in_hand: u8,
    /// The card play it came just before, where written.
    pub before: Option<crate::deal::full::CardAt>,
}

impl CallParts {
    /// The entry, `text` as written.
    pub fn entry(self, text: &str) -> CallEntry {
        CallEntry {
            player: self.player,
            call: self.call,
            said_as: self.said_as,
            cards_in_hand: self.cards_in_hand,
            before: self.before,
            at: None,
            text: text.to_string(),
        }
    }
}

/// The parts of a call entry: the player's seat, the call, the party its word names, the
/// cards still in hand, and the card play it came before, where written.
pub fn call_parts(players: &[String], text: &str) -> Result<CallParts, FieldError> {
    let bad = |msg: Text| -> FieldError {
        FieldError::new(
            "calls",
            crate::msg!("error.quoted", text = text, message = msg),
        )
    };
    let mut words = text.split_whitespace();
    let (Some(who), Some(call), Some(cards)) = (words.next(), words.next(), words.next()) else {
        return Err(bad(crate::msg!("error.call_entry_form")));
    };
    let before = match (words.next(), words.next(), words.next()) {
        (None, _, _) => None,
        (Some("before"), Some(at), None) => Some(card_at(players, at).map_err(bad)?),
        _ => return Err(bad(crate::msg!("error.call_entry_form"))),
    };
    let player =
        seat_in(players, who).ok_or_else(|| bad(crate::msg!("error.is_not_player", name = who)))?;
    let (call, said_as): (Call, Option<Party>) = Call::parse(call).map_err(bad)?;
    let cards_in_hand = cards
        .parse::<u8>()
        .map_err(|_| bad(crate::msg!("error.not_card_count", word = cards)))?;
    Ok(CallParts {
        player,
        call,
        said_as,
        cards_in_hand,
        before,
    })
}

/// `Cara:DK` or `Cara:DK@6`: a card play a call names.
fn card_at(players: &[String], word: &str) -> Result<crate::deal::full::CardAt, Text> {
    let form = || crate::msg!("error.card_at_form", word = word);
    let (who, rest) = word.split_once(':').ok_or_else(form)?;
    let seat =
        seat_in(players, who).ok_or_else(|| crate::msg!("error.is_not_player", name = who))?;
    let (card, trick) = match rest.split_once('@') {
        Some((c, t)) => (
            c,
            Some(t.parse::<u8>().ok().filter(|t| *t >= 1).ok_or_else(form)?),
        ),
        None => (rest, None),
    };
    let card: Card = card
        .parse()
        .map_err(|e: crate::cards::CardError| e.message())?;
    Ok(crate::deal::full::CardAt { seat, card, trick })
}

/// Reads one trick: card tokens in play order, each optionally `Name:CARD`.
pub fn parse_trick(
    players: &[String],
    t: usize,
    trick: &str,
) -> Result<Vec<(Option<usize>, Card)>, FieldError> {
    let mut cards = Vec::with_capacity(4);
    for token in trick.split_whitespace() {
        let (who, card) = match token.split_once(':') {
            Some((p, c)) => {
                let seat = seat_in(players, p).ok_or_else(|| {
                    FieldError::new("tricks", crate::msg!("error.is_not_player", name = p))
                        .in_trick(t + 1)
                })?;
                (Some(seat), c)
            }
            None => (None, token),
        };
        let card: Card = card.parse().map_err(|e: crate::cards::CardError| {
            FieldError::new("tricks", e.message()).in_trick(t + 1)
        })?;
        cards.push((who, card));
    }
    Ok(cards)
}

/// Turns the fields of a full record, as written, into a [`FullRecord`] (not yet played).
pub fn build_full_record(
    players: &[String],
    raw: &RawDeal,
    number: usize,
    dealer: Option<usize>,
    contract: Contract,
    declarer: Option<usize>,
) -> Result<FullRecord, FieldError> {
    let bad = |field: &str, msg: Text| FieldError::new(field, msg);
    let mut hands = vec![None; players.len()];
    for (name, cards) in raw.hands.iter().flatten() {
        let field = format!("hands.{name}");
        let seat = seat_or_err(players, name, &field)?;
        hands[seat] = Some(parse_cards(cards).map_err(|e| bad(&field, e.message()))?);
    }
    let calls = raw
        .calls
        .iter()
        .flatten()
        .map(|c| parse_call_entry(players, c))
        .collect::<Result<Vec<_>, _>>()?;
    let tricks = raw
        .tricks
        .iter()
        .flatten()
        .enumerate()
        .map(|(t, trick)| parse_trick(players, t, trick))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .collect();
    let seat_field = |v: &Option<String>, field: &str| {
        v.as_deref()
            .map(|n| seat_or_err(players, n, field))
            .transpose()
    };
    let cards_field = |v: &Option<String>, field: &str| -> Result<Vec<Card>, FieldError> {
        parse_cards(v.as_deref().unwrap_or("")).map_err(|e| bad(field, e.message()))
    };
    let exchange = match &raw.accepted_by {
        Some(p) => Some(Exchange {
            partner: seat_or_err(players, p, "accepted_by")?,
            passed: cards_field(&raw.passed, "passed")?,
            returned: cards_field(&raw.returned, "returned")?,
        }),
        None if raw.passed.is_some() || raw.returned.is_some() => {
            return Err(bad(
                "accepted_by",
                crate::msg!("error.exchange_needs_partner"),
            ));
        }
        None => None,
    };
    let wedding_partner = raw
        .wedding_partner
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(|e: Text| bad("wedding_partner", e))?;
    Ok(FullRecord {
        number,
        players: players.to_vec(),
        dealer: dealer.unwrap_or(0),
        dealer_written: dealer.is_some(),
        contract,
        declarer,
        compulsory: raw.compulsory.unwrap_or(false),
        hands,
        calls,
        tricks,
        wedding_partner,
        schweinchen: seat_field(&raw.schweinchen, "schweinchen")?,
        hyperschweinchen: seat_field(&raw.hyperschweinchen, "hyperschweinchen")?,
        genscher: seat_field(&raw.genscher, "genscher")?,
        genscher_partner: seat_field(&raw.genscher_partner, "genscher_partner")?,
        exchange,
        bock: raw
            .bock
            .map(crate::deal::check_bock)
            .transpose()
            .map_err(|m| bad("bock", m))?,
        knock: Knock::parse(raw.knock.as_deref().unwrap_or("")).map_err(|m| bad("knock", m))?,
        called: raw
            .called
            .as_deref()
            .map(|c| c.trim().parse::<Card>())
            .transpose()
            .map_err(|e| bad("called", e.message()))?,
        note: raw.note.clone(),
        bids: raw
            .bids
            .iter()
            .flatten()
            .map(|b| crate::bids::Bid::parse(players, b).map_err(|m| bad("bids", m)))
            .collect::<Result<Vec<_>, _>>()?
            .into(),
        written: crate::deal::full::Written {
            contract: raw.contract.is_some().then_some(contract),
            declarer,
            compulsory: raw.compulsory,
            partner: wedding_partner,
        },
    })
}

/// A profile path named in the record file `file`, taken from the file's folder where it
/// is relative; a profile name as it is.
pub fn beside(file: &str, variant: String) -> String {
    let path = std::path::Path::new(&variant);
    if !crate::variant::load::looks_like_path(&variant) || path.is_absolute() {
        return variant;
    }
    match std::path::Path::new(file).parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(path).display().to_string(),
        _ => variant,
    }
}
