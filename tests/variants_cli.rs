//! `doko variants`: printed profiles load back as the same profile; the user's folder.

mod common;

use std::process::Command;

use doko::variant::Profile;

fn doko(args: &[&str], config_home: Option<&std::path::Path>) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_doko"));
    cmd.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    if let Some(dir) = config_home {
        cmd.env("XDG_CONFIG_HOME", dir);
    }
    cmd.output().expect("doko runs")
}

#[test]
fn show_loads_back_as_the_same_profile() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    for (name, _) in doko::variant::BUILTIN {
        for resolved in [false, true] {
            let mut args = vec!["variants", "show", name];
            if resolved {
                args.push("--resolved");
            }
            let out = doko(&args, None);
            assert!(out.status.success());
            let path = dir.join(format!("{name}-{resolved}.toml"));
            std::fs::write(&path, &out.stdout).unwrap();
            let again = Profile::load(path.to_str().unwrap(), &[])
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(
                again,
                Profile::load(name, &[]).unwrap(),
                "{name}, resolved: {resolved}"
            );
        }
    }
}

#[test]
fn profiles_in_the_user_folder_are_listed_and_usable() {
    let scratch = tempfile::tempdir().unwrap();
    let home = scratch.path().to_path_buf();
    let dir = home.join("doko").join("variants");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("stammtisch.toml"),
        "name = \"stammtisch\"\nextends = \"ddv\"\ntitle = \"Our Stammtisch\"\nsource = \"us\"\n[extras]\nfox = 3\n",
    )
    .unwrap();
    let list = doko(&["variants", "list"], Some(&home));
    let text = String::from_utf8_lossy(&list.stdout);
    assert!(
        text.contains("stammtisch") && text.contains("Our Stammtisch"),
        "{text}"
    );
    // Deal 1 of the example evening: Re called, Re fox: 1 + 2 + fox 3 = 6.
    let out = doko(
        &[
            "score",
            "examples/evening.csv",
            "--variant",
            "stammtisch",
            "--format",
            "json",
        ],
        Some(&home),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["variant"], "stammtisch");
    assert_eq!(json["deals"][0]["value"], 6);
}

/// Issue 29, Why 7: the built-in profiles' titles are written in the reader's language; a
/// profile with a title of its own keeps it, not its parent's translation.
#[test]
fn profile_titles_speak_the_readers_language() {
    let evening = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/evening.csv");
    let first_line = |args: &[&str]| {
        let out = common::doko(args);
        assert!(out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string()
    };
    assert_eq!(
        first_line(&["--lang", "de", "score", evening]),
        "Regeln: ddv (DDV-Turnierspielregeln)"
    );
    assert_eq!(
        first_line(&["--lang", "ja", "score", evening]),
        "ルール: ddv（DDV公式大会ルール）"
    );
    let dir = tempfile::tempdir().unwrap();
    let club = dir.path().join("club.toml");
    std::fs::write(
        &club,
        "name = \"club\"\ntitle = \"Our club\"\nextends = \"ddv\"\n",
    )
    .unwrap();
    let line = first_line(&[
        "--lang",
        "de",
        "score",
        evening,
        "--variant",
        club.to_str().unwrap(),
    ]);
    assert_eq!(line, "Regeln: club (Our club)");
}
