//! Command-line conventions (issue 29): every subcommand's `--help` ends in examples, `doko
//! man --out DIR` writes a page per subcommand with EXAMPLES and EXIT STATUS, and the old
//! `-c` of `league settle` still works with a note.

mod common;

use common::doko;

const COMMANDS: &[&str] = &[
    "score",
    "compare",
    "variants",
    "variants list",
    "variants show",
    "variants check",
    "generate",
    "league",
    "league new",
    "league add",
    "league show",
    "league undo",
    "league settle",
    "stats",
    "tournament",
    "tournament new",
    "tournament draw",
    "tournament show",
    "serve",
    "completions",
    "man",
];

#[test]
fn every_help_ends_in_examples_and_every_subcommand_has_a_page() {
    for c in COMMANDS {
        let mut args: Vec<&str> = c.split(' ').collect();
        args.push("--help");
        let out = doko(&args);
        let help = String::from_utf8_lossy(&out.stdout);
        let tail: Vec<&str> = help
            .trim_end()
            .lines()
            .rev()
            .take_while(|l| !l.is_empty())
            .collect();
        let head = tail.last().copied().unwrap_or("");
        assert!(
            head.starts_with("Example"),
            "{c}: its help ends in {head:?}"
        );
        assert!(
            tail.iter()
                .any(|l| l.trim_start().starts_with("doko ") || l.contains(" doko ")),
            "{c}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let out = doko(&["man", "--out", dir.path().to_str().unwrap()]);
    assert!(out.status.success());
    for c in COMMANDS {
        let name = format!("doko-{}.1", c.replace(' ', "-"));
        let page =
            std::fs::read_to_string(dir.path().join(&name)).unwrap_or_else(|_| panic!("{name}"));
        assert!(page.contains(".SH EXAMPLES"), "{name}");
        assert!(page.contains(".SH \"EXIT STATUS\""), "{name}");
    }
    let top = std::fs::read_to_string(dir.path().join("doko.1")).unwrap();
    for c in ["score", "league", "tournament"] {
        assert!(
            top.contains(&format!("doko\\-{c}")),
            "doko.1 names doko-{c}"
        );
    }
}

#[test]
fn settle_keeps_its_old_short_flag_for_one_release() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("s.toml");
    let s = sheet.to_str().unwrap();
    assert!(
        doko(&["league", "new", s, "--players", "A,B,C,D"])
            .status
            .success()
    );
    assert!(
        doko(&["league", "add", s, "-r", "a,b", "-p", "130"])
            .status
            .success()
    );
    let old = doko(&["league", "settle", s, "-c", "10"]);
    assert!(old.status.success());
    assert!(String::from_utf8_lossy(&old.stderr).contains("`-c` for cents goes"));
    let new = doko(&["league", "settle", s, "--cents-per-point", "10"]);
    assert!(new.stderr.is_empty());
    assert_eq!(old.stdout, new.stdout);
    let help = String::from_utf8_lossy(&doko(&["league", "settle", "--help"]).stdout).into_owned();
    assert!(!help.contains("-c, --cents"), "{help}");
}

/// Issue 29, Why 9: TOML on standard input says to give `--input-format toml`; a league
/// command without a sheet names both ways to give one.
#[test]
fn hints_for_stdin_and_a_missing_sheet() {
    let record = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/deal.toml")).unwrap();
    let mut child = common::command()
        .args(["score", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &record).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("<stdin>:1: standard input is read as a CSV sheet, and this looks like TOML: give `--input-format toml`"), "{err}");
    for cmd in [
        &["league", "show"][..],
        &["league", "undo"],
        &["league", "add", "-r", "a,b", "-p", "130"],
    ] {
        let out = common::command()
            .args(cmd)
            .env_remove("DOKO_LEAGUE")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd:?}");
        assert!(err.contains("or set DOKO_LEAGUE"), "{cmd:?}: {err}");
    }
}

/// `--variant` completes the built-in profiles' names in bash (files too), zsh and fish;
/// a path is still taken as given.
#[test]
fn variant_completes_profile_names() {
    for shell in ["bash", "zsh", "fish"] {
        let out = doko(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for name in ["ddv", "ja-online", "house-bock", "kloepper"] {
            assert!(script.contains(name), "{shell}: {name} is not offered");
        }
        if shell == "bash" {
            let after = script.split("--variant)").nth(1).expect("a --variant case");
            let case = after.lines().nth(1).unwrap_or("");
            assert!(
                case.contains("compgen -W \"ddv ja-online") && case.contains("compgen -f"),
                "bash offers names and files: {case}"
            );
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("club.toml");
    std::fs::write(&profile, "extends = \"ddv\"\nname = \"club\"\n").unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let sheet = root.join("examples/evening.csv");
    let out = doko(&[
        "score",
        "--variant",
        &profile.display().to_string(),
        &sheet.display().to_string(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
