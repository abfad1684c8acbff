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
fn placeholders_fill() {
    assert_eq!(
        fill("{a} and {b} {missing}", |n| (n != "missing")
            .then(|| n.to_uppercase())),
        "A and B {missing}"
    );
    assert_eq!(fill("{not a name} {", |_| None), "{not a name} {");
}

/// `{n|one|other}` writes the first form for 1 and the second for any other count; a
/// plural with one form or three is not a placeholder; the catalogues say "deal(s)" nowhere.
#[test]
fn plurals_follow_the_count() {
    let of = |n: &'static str| move |_: &str| Some(n.to_string());
    let template = "{deals} {deals|deal|deals} left";
    assert_eq!(fill(template, of("1")), "1 deal left");
    assert_eq!(fill(template, of("0")), "0 deals left");
    assert_eq!(fill(template, of("2")), "2 deals left");
    assert_eq!(fill(template, of("11")), "11 deals left");
    assert_eq!(fill("{n|x} {n|a|b|c}", of("1")), "{n|x} {n|a|b|c}");
    assert_eq!(placeholders(template), ["deals", "deals"]);
    for (lang, cat) in all() {
        for (key, template) in cat {
            for odd in ["(s)", "(e)", "(n)", "-soli"] {
                assert!(
                    !template.contains(odd),
                    "{}.toml `{key}` writes a plural as `{odd}`: {template}",
                    lang.code()
                );
            }
        }
    }
}

/// A message is made once, with its values, and written in each language from the
/// catalogue when it is shown; nested messages and joined lists are written in that
/// language too (issue 27: no English text is read back).
#[test]
fn messages_render_with_their_values_in_each_language() {
    let m = msg!("error.eyes_deck", eyes = 300, total = 240);
    assert_eq!(m.to_string(), "300 eyes; the deck has 240");
    assert_eq!(
        m.render(Lang::De),
        tr!(Lang::De, "error.eyes_deck", eyes = 300, total = 240)
    );
    assert_ne!(m.render(Lang::Ja), m.to_string());
    let nested = msg!(
        "error.quoted",
        text = "Anna solo",
        message = msg!("error.bid_over")
    );
    assert_eq!(nested.to_string(), "`Anna solo`: the round is over");
    assert!(
        nested
            .render(Lang::De)
            .ends_with(&Lang::De.t("error.bid_over").to_string())
    );
    let list = Text::Join(vec![Text::from("Anna"), Text::from("Ben")], "word.and");
    assert_eq!(list.to_string(), "Anna and Ben");
    assert_eq!(
        list.render(Lang::De),
        format!("Anna{}Ben", Lang::De.t("word.and"))
    );
    // A value told otherwise replaces the one given.
    let fix = msg!("error.quoted", text = "x", message = "a").set("message", "b");
    assert_eq!(fix.to_string(), "`x`: b");
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
        parse_catalogue("[item]\nfox = 3\n")
            .unwrap_err()
            .render(Lang::En),
        "`item.fox` of a message catalogue is not a text"
    );
}
