//! A generated record written as a TOML `[[deal]]` (`doko generate --format toml`).

use crate::cards::Card;
use crate::deal::full::FullRecord;

/// Writes a full record as a TOML `[[deal]]` (the format of `docs/formats.md` section 4).
pub fn write_toml_deal(record: &FullRecord, out: &mut String) {
    use toml_edit::{Array, ArrayOfTables, DocumentMut, Item, Table, Value, value};
    let name = |s: usize| record.players[s].as_str();
    let cards = |v: &[Card]| v.iter().map(Card::to_string).collect::<Vec<_>>().join(" ");
    let mut t = Table::new();
    if record.dealer_written {
        t["dealer"] = value(name(record.dealer));
    }
    t["contract"] = value(record.contract.to_string());
    if let Some(d) = record.declarer {
        t["declarer"] = value(name(d));
    }
    if record.compulsory {
        t["compulsory"] = value(true);
    }
    if !record.bids.is_empty() {
        t["bids"] = value(
            record
                .bids
                .iter()
                .map(|b| b.text.as_str())
                .collect::<Array>(),
        );
    }
    if let Some(c) = record.called {
        t["called"] = value(c.to_string());
    }
    if let Some(k) = record.knock {
        t["knock"] = value(k.key());
    }
    for (key, seat) in [
        ("schweinchen", record.schweinchen),
        ("hyperschweinchen", record.hyperschweinchen),
        ("genscher", record.genscher),
        ("genscher_partner", record.genscher_partner),
    ] {
        if let Some(s) = seat {
            t[key] = value(name(s));
        }
    }
    if let Some(x) = &record.exchange {
        t["accepted_by"] = value(name(x.partner));
        t["passed"] = value(cards(&x.passed));
        t["returned"] = value(cards(&x.returned));
    }
    let mut hands = Table::new();
    hands.set_dotted(true);
    for (s, h) in record.hands.iter().enumerate() {
        if let Some(h) = h {
            hands[name(s)] = value(cards(h));
        }
    }
    if !hands.is_empty() {
        t["hands"] = Item::Table(hands);
    }
    t["calls"] = value(
        record
            .calls
            .iter()
            .map(|c| c.text.as_str())
            .collect::<Array>(),
    );
    // One trick a line.
    let mut tricks = Array::new();
    for trick in record.tricks.iter() {
        let text: Vec<String> = trick
            .iter()
            .map(|(who, c)| match who {
                Some(s) => format!("{}:{c}", name(s)),
                None => c.to_string(),
            })
            .collect();
        let mut v = Value::from(text.join(" "));
        v.decor_mut().set_prefix("\n  ");
        tricks.push_formatted(v);
    }
    tricks.set_trailing_comma(true);
    tricks.set_trailing("\n");
    t["tricks"] = value(tricks);
    let mut deals = ArrayOfTables::new();
    deals.push(t);
    let mut doc = DocumentMut::new();
    doc["deal"] = Item::ArrayOfTables(deals);
    out.push_str(&doc.to_string());
}
