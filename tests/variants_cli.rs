//! `doko variants`: printed profiles load back as the same profile; the user's folder.

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
