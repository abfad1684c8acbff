//! FreeDoko's names and doko's, one table each: the import reads them one way, the export
//! the other.

/// FreeDoko's game type of a contract (its row's `freedoko`), one to one. Besides these
/// the import reads `genscher` (a normal game with FreeDoko's teams), `marriage solo` (a
/// wedding played alone) and the `thrown ...` types (redeals).
pub fn gametype_of(contract: crate::contract::Contract) -> Option<&'static str> {
    contract.row().freedoko
}

/// The contract of FreeDoko's game type `gametype` (`solo club`), by the contracts' rows.
pub fn contract_of_gametype(gametype: &str) -> Option<crate::contract::Contract> {
    crate::contract::CONTRACTS
        .iter()
        .find(|r| r.freedoko == Some(gametype))
        .map(|r| r.contract)
}

/// FreeDoko's special points and doko's items (the keys of `--explain` and JSON), besides
/// the extras of the tricks (their rows' `freedoko_point`: the import writes those into the
/// record). These doko works out from the record and checks through the points.
pub const SPECIALS: &[(&str, &str)] = &[
    ("won", "won"),
    ("contra won", "against_the_old"),
    ("no 90", "under_90"),
    ("no 60", "under_60"),
    ("no 30", "under_30"),
    ("no 0", "schwarz"),
    ("no 120 said", "re_called"),
    ("no 120 said", "kontra_called"),
];

/// The extra of the tricks that FreeDoko's special point `name` is (`caught fox`).
pub fn extra_of_special(name: &str) -> Option<crate::extras::Extra> {
    crate::extras::EXTRAS
        .iter()
        .find(|r| r.freedoko_point == Some(name))
        .map(|r| r.extra)
}

/// FreeDoko's special point of an item (`fox`, `won`), where FreeDoko has one.
pub fn special_of_item(item: &str) -> Option<&'static str> {
    match crate::extras::Extra::by_key(item) {
        Some(x) => x.row().freedoko_point,
        None => SPECIALS
            .iter()
            .find(|(_, i)| *i == item)
            .map(|(name, _)| *name),
    }
}

/// Further special points doko works out itself (calls, replies and what was reached
/// against them, the solo's and Bock's shares).
pub const WORKED_OUT: &[&str] = &[
    "no 120 reply said",
    "no 90 reply said",
    "no 60 reply said",
    "no 30 reply said",
    "no 0 reply said",
    "no 90 said",
    "no 60 said",
    "no 30 said",
    "no 0 said",
    "got 120 against no 90",
    "got 90 against no 60",
    "got 60 against no 30",
    "got 30 against no 0",
    "solo",
    "bock",
];
