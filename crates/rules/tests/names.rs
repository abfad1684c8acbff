//! The names a reader is shown for contracts, extras and calls read back (the helpers of
//! `doko_words::words` with the rules' names).

use doko_rules::calls::{Call, PartyCalls};
use doko_rules::contract::{Contract, Party};
use doko_rules::extras::Extra;
use doko_words::lang::Lang;

/// Every name a reader is shown for a contract, an extra or a call (the known lists of
/// an unknown word) reads back as that value, in every language.
#[test]
fn every_name_shown_to_a_reader_reads_back() {
    for lang in Lang::ALL {
        for c in Contract::all() {
            let t = lang.t(&c.key());
            assert_eq!(t.parse::<Contract>(), Ok(c), "{lang:?} `{t}`");
        }
        for e in Extra::all() {
            let t = e.title(lang);
            assert_eq!(t.parse::<Extra>(), Ok(e), "{lang:?} `{t}`");
        }
        for w in lang.t("known.calls").split(", ") {
            assert!(Call::parse(w).is_ok(), "{lang:?} `{w}`");
        }
    }
}

/// A misspelt word is answered with the nearest name and the reader's names; a word
/// and a number are named together.
#[test]
fn an_unknown_word_is_answered_in_the_readers_words() {
    let e = "Damensolp".parse::<Contract>().unwrap_err();
    let de = e.render(Lang::De);
    assert!(
        de.contains("`Damensolp` ist unbekannt, gemeint ist wohl `damensolo`"),
        "{de}"
    );
    assert!(de.contains("Normalspiel, Hochzeit"), "{de}");
    assert!(!e.render(Lang::En).contains("Normalspiel"));
    let calls = PartyCalls::parse_cell("keine 80", Party::Re);
    let de = calls.unwrap_err().render(Lang::De);
    assert!(de.contains("`keine 80`"), "{de}");
    assert!(de.contains("keine 90, keine 60"), "{de}");
}
