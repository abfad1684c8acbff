use super::*;

/// Every key of every catalogue file, parsed.
fn all() -> Vec<(Lang, Catalogue)> {
    Lang::ALL
        .iter()
        .map(|&l| {
            let c = parse_catalogue(l.source())
                .unwrap_or_else(|e| panic!("{}.toml does not parse: {e}", l.code()));
            (l, c)
        })
        .collect()
}

#[test]
fn every_key_exists_in_every_language_with_the_same_placeholders() {
    let all = all();
    let (_, en) = &all[0];
    assert!(
        en.len() > 250,
        "the English catalogue has {} messages",
        en.len()
    );
    for (lang, cat) in &all[1..] {
        for (key, template) in en {
            let Some(other) = cat.get(key) else {
                panic!("{}.toml lacks `{key}`", lang.code());
            };
            let mut want = placeholders(template);
            let mut got = placeholders(other);
            want.sort_unstable();
            want.dedup();
            got.sort_unstable();
            got.dedup();
            assert_eq!(
                want,
                got,
                "{}.toml `{key}`: other placeholders",
                lang.code()
            );
            assert!(
                !other.trim().is_empty() || template.trim().is_empty(),
                "{}.toml `{key}` is empty",
                lang.code()
            );
        }
        for key in cat.keys() {
            assert!(
                en.contains_key(key),
                "{}.toml has `{key}`, which en.toml lacks",
                lang.code()
            );
        }
    }
}

/// The keys the code names literally (`tr!(lang, "key"`, `.t("key")`, `Text::msg("key")`,
/// `.word(.., "key")`) and those it builds from names (contracts, items, calls, Bock
/// triggers) exist in the English catalogue (and so, by the test above, in all).
#[test]
fn the_locale_decides_by_posix_precedence() {
    assert_eq!(Lang::from_locale(None, None, None), Lang::En);
    assert_eq!(Lang::from_locale(None, None, Some("de_DE.UTF-8")), Lang::De);
    assert_eq!(Lang::from_locale(None, None, Some("ja_JP.UTF-8")), Lang::Ja);
    assert_eq!(
        Lang::from_locale(Some("ja_JP.UTF-8"), None, Some("de_DE.UTF-8")),
        Lang::Ja
    );
    assert_eq!(
        Lang::from_locale(Some(""), Some("de_AT"), Some("ja_JP")),
        Lang::De
    );
    assert_eq!(
        Lang::from_locale(Some("C"), None, Some("de_DE.UTF-8")),
        Lang::En
    );
    assert_eq!(Lang::from_locale(None, None, Some("fr_FR.UTF-8")), Lang::En);
    assert_eq!(Lang::from_code("DE"), Some(Lang::De));
    assert_eq!(Lang::from_code("ja-JP"), Some(Lang::Ja));
    assert_eq!(Lang::from_code("jap"), None);
}

#[test]
fn the_browser_language_of_highest_weight_that_doko_speaks() {
    let pick = Lang::from_accept_language;
    assert_eq!(pick("de-DE,de;q=0.9,en;q=0.8"), Some(Lang::De));
    assert_eq!(pick("fr-FR,fr;q=0.9,ja;q=0.5,en;q=0.4"), Some(Lang::Ja));
    assert_eq!(pick("en;q=0.2, ja;q=0.7"), Some(Lang::Ja));
    assert_eq!(pick("de;q=0, en"), Some(Lang::En));
    assert_eq!(pick("fr, it"), None);
    assert_eq!(pick(""), None);
    assert_eq!(pick("de;q=banana, ja"), Some(Lang::Ja));
}

#[test]
fn placeholders_fill_and_unfill() {
    assert_eq!(
        fill("{a} and {b} {missing}", |n| (n != "missing")
            .then(|| n.to_uppercase())),
        "A and B {missing}"
    );
    assert_eq!(fill("{not a name} {", |_| None), "{not a name} {");
    let v = unfill(
        "{eyes} eyes; the deck has {total}",
        "300 eyes; the deck has 240",
    )
    .unwrap();
    assert_eq!(
        v,
        [("eyes".to_string(), "300"), ("total".to_string(), "240")]
    );
    assert!(
        unfill(
            "{eyes} eyes; the deck has {total}",
            "300 eyes, the deck has 240"
        )
        .is_none()
    );
    assert!(unfill("cannot read", "cannot read it").is_none());
}

#[test]
fn errors_are_translated_with_their_values_and_unknown_ones_stay() {
    let en = tr!(Lang::En, "error.eyes_deck", eyes = 300, total = 240);
    assert_eq!(en, "300 eyes; the deck has 240");
    assert_eq!(
        Lang::De.translate(&en),
        tr!(Lang::De, "error.eyes_deck", eyes = 300, total = 240)
    );
    assert_ne!(Lang::De.translate(&en), en);
    assert_ne!(Lang::Ja.translate(&en), en);
    assert_eq!(
        Lang::De.translate("something doko never says"),
        "something doko never says"
    );
    // After a place ("file:line: "), with a colon in the message's value too.
    let placed = format!(
        "my rules.toml:3: {}",
        tr!(Lang::En, "error.cannot_read", why = "gone: really")
    );
    assert_eq!(
        Lang::De.translate(&placed),
        format!(
            "my rules.toml:3: {}",
            tr!(Lang::De, "error.cannot_read", why = "gone: really")
        )
    );
    assert_eq!(Lang::Ja.translate("a: b: c"), "a: b: c");
}

#[test]
fn texts_render_in_each_language() {
    let t = Text::msg("rule.called").word("party", "party.re");
    assert_eq!(t.to_string(), "Re was called (§7.1; scoring.announce)");
    for l in Lang::ALL {
        let s = t.render(l);
        assert!(s.contains("scoring.announce"), "{s}");
        assert!(!s.contains('{'), "{s}");
    }
    assert_ne!(t.render(Lang::De), t.render(Lang::En));
}

#[test]
fn a_catalogue_joins_sections_and_keys_and_holds_only_texts() {
    let c = parse_catalogue("top = \"a\"\n[item]\nfox = \"b\"\n[x.y]\nz = \"c\"\n").unwrap();
    assert_eq!(c.get("top").map(String::as_str), Some("a"));
    assert_eq!(c.get("item.fox").map(String::as_str), Some("b"));
    assert_eq!(c.get("x.y.z").map(String::as_str), Some("c"));
    assert_eq!(c.len(), 3);
    assert_eq!(
        parse_catalogue("[item]\nfox = 3\n").unwrap_err(),
        "`item.fox` is not a text"
    );
}
