//! Every command of the README runs as written (acceptance: "the README's commands run on
//! a fresh clone as written"): each line of its `sh` blocks, in order, in a folder holding
//! a copy of `examples/`, with `doko` on the PATH and HOME in the folder. `export` lines
//! set the environment of the lines after them; `doko serve` must start and say where it
//! serves; `cargo test` is this very run and `cargo run --release --` is `doko`.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The Python package's lines (a venv, `pip install`, `pytest`) and the web app's
/// (`rustup target add`, `web/build.sh`): `.ci/run` runs them, in the repository (they build
/// the package and the app, which these tests in a scratch folder do not).
fn python_line(line: &str) -> bool {
    [
        "rustup target add ",
        "web/build.sh",
        "python3 ",
        "pip ",
        "pytest",
        "cargo build --release && pytest",
    ]
    .iter()
    .any(|p| line.starts_with(p))
}

/// The command lines of the README's `sh` blocks, comments taken off (the Python
/// package's left to CI).
fn commands(readme: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = !in_sh && line == "```sh";
            continue;
        }
        if in_sh {
            let command = match line.find("  #") {
                Some(i) => &line[..i],
                None => line,
            };
            let command = command.trim();
            if !command.is_empty() && !python_line(command) {
                out.push(command.to_string());
            }
        }
    }
    out
}

/// A `doko serve` line with `--port N` (as written, or added) on a port free now.
fn with_free_port(line: &str) -> String {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
    match words.iter().position(|w| w == "--port") {
        Some(i) if i + 1 < words.len() => words[i + 1] = port.to_string(),
        _ => words.extend(["--port".to_string(), port.to_string()]),
    }
    words.join(" ")
}

#[test]
fn every_command_of_the_readme_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines = commands(&readme);
    assert!(lines.len() >= 25, "only {} commands found", lines.len());
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root.join("examples"), &dir.path().join("examples"));
    let home = dir.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_doko")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut env: Vec<(String, String)> = vec![("HOME".into(), home.display().to_string())];
    let mut ran = 0;
    for line in &lines {
        if line == "cargo test" {
            continue;
        }
        if let Some(assignment) = line.strip_prefix("export ") {
            let (k, v) = assignment.split_once('=').expect("export K=V");
            env.push((k.to_string(), v.to_string()));
            continue;
        }
        let mut line = line.replace("cargo run --release --", "doko");
        if line.starts_with("doko serve") {
            // Each on a port of its own that is free now (`--port` as written, or the
            // default, may be taken on a busy machine or by the line before).
            line = with_free_port(&line);
        }
        let mut cmd = Command::new("sh");
        cmd.args(["-c", &line])
            .current_dir(dir.path())
            .env("PATH", &path)
            .envs(env.iter().map(|(k, v)| (k, v)));
        if line.starts_with("doko serve") {
            // It serves until stopped: it must start and say where.
            let mut child = cmd.stdout(Stdio::piped()).spawn().unwrap();
            let stdout = child.stdout.take().unwrap();
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let mut first = String::new();
                let _ = BufReader::new(stdout).read_line(&mut first);
                let _ = tx.send(first);
            });
            // A loaded machine may take long to start it; a minute is no timing to keep.
            let first = rx
                .recv_timeout(Duration::from_secs(120))
                .unwrap_or_default();
            let _ = Command::new("pkill")
                .args(["-P", &child.id().to_string()])
                .status();
            let _ = child.kill();
            let _ = child.wait();
            assert!(
                first.contains("doko: serving"),
                "`{line}` did not start: {first:?}"
            );
        } else {
            let out = cmd.output().unwrap();
            assert!(
                out.status.success(),
                "`{line}` failed:\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        ran += 1;
    }
    assert!(ran >= 25, "{ran} commands ran");
    assert!(home.join(".local/share/man/man1/doko.1").exists());
}

/// The words of a catalogue's texts (`crates/words/src/lang/*.toml`), lower case, placeholders left out.
fn vocabulary(catalogue: &str) -> std::collections::BTreeSet<String> {
    let mut words = std::collections::BTreeSet::new();
    for line in catalogue.lines() {
        let Some((_, value)) = line.split_once(" = \"") else {
            continue;
        };
        let mut text = String::new();
        let mut depth = 0;
        for c in value.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                c if depth == 0 => text.push(c),
                _ => {}
            }
        }
        words.extend(tokens(&text).into_iter().map(|w| w.to_lowercase()));
    }
    words
}

/// The plain words of a text: runs of letters, without those that are keys, files, flags
/// or codes (a word joined to `_ . / - @ :` or a digit: `re_points`, `friday.toml`,
/// `--lang`, `solo-queens`, `SQ`... are not words of a sentence).
fn tokens(text: &str) -> Vec<&str> {
    text.split(|c: char| {
        c.is_whitespace() || "()[]{},;!?\"'`|<>=«»“”„…·×+*&#%$€¥、。（）：；「」".contains(c)
    })
    .map(|t| t.trim_end_matches(':'))
    .filter(|t| {
        t.len() >= 2
            && t.chars().all(|c| c.is_ascii_alphabetic())
            && !t.chars().all(|c| c.is_ascii_uppercase())
    })
    .collect()
}

/// The text of an HTML page a person reads: without tags, styles and scripts.
fn page_text(html: &str) -> String {
    let mut s = html.to_string();
    for tag in ["style", "script"] {
        let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
        while let Some(i) = s.find(&open) {
            let end = s[i..].find(&close).map_or(s.len(), |j| i + j + close.len());
            s.replace_range(i..end, " ");
        }
    }
    let mut text = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&amp;", "&").replace("&quot;", "\"")
}

/// The notes the example files carry (the players' own words, in English in the
/// examples): every `note` of a CSV sheet and of a TOML record, recursively.
fn example_notes(root: &Path) -> Vec<String> {
    fn walk(v: &toml::Value, out: &mut Vec<String>) {
        match v {
            toml::Value::Table(t) => {
                for (k, v) in t {
                    match v {
                        toml::Value::String(s) if k == "note" => out.push(s.clone()),
                        v => walk(v, out),
                    }
                }
            }
            toml::Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut notes = Vec::new();
    for entry in std::fs::read_dir(root.join("examples")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("csv") => {
                let mut r = csv::Reader::from_reader(text.as_bytes());
                let header = r.headers().unwrap().clone();
                if let Some(i) = header.iter().position(|h| h == "note") {
                    notes.extend(
                        r.records()
                            .filter_map(|row| Some(row.ok()?.get(i)?.to_string())),
                    );
                }
            }
            Some("toml") => walk(
                &toml::Value::Table(toml::from_str::<toml::Table>(&text).unwrap()),
                &mut notes,
            ),
            _ => {}
        }
    }
    notes.retain(|n| !n.is_empty());
    // The longest first: a note inside another is taken off after it.
    notes.sort_by_key(|n| std::cmp::Reverse(n.len()));
    notes
}

/// Names a German or Japanese reader meets in doko's output as they are: the players of
/// the README's examples, the program, the built-in profiles, and the example files as the
/// season's page names its evenings (`examples/evening.csv` is "evening").
const NOT_ENGLISH: &[&str] = &[
    "anna", "ben", "cara", "dirk", "eva", "finn", "gus", "hana", "ida", "jan", "kai", "lea", "mia",
    "doko", "ddv", "kloepper", "evening", "records",
];

/// Issue 29: every command of the README, run under a German and a Japanese locale, says
/// nothing in English beyond names, keys, files and card codes: each plain word of its
/// output (standard output, standard error, an HTML page it writes) is looked up in the
/// English catalogue's words that the reader's catalogue does not have. JSON, CSV, shell
/// completions and man pages are formats and documentation for machines or in English
/// by design; they are left out.
#[test]
fn every_command_of_the_readme_speaks_german_and_japanese() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let read = |l: &str| {
        std::fs::read_to_string(root.join(format!("crates/words/src/lang/{l}.toml"))).unwrap()
    };
    let english = vocabulary(&read("en"));
    // The detector finds English where there is some.
    assert!(
        tokens("Re won, value 4 (Re: Re, fox caught)")
            .iter()
            .filter(|w| english.contains(&w.to_lowercase())
                && !vocabulary(&read("de")).contains(&w.to_lowercase()))
            .count()
            >= 3
    );
    let notes = example_notes(root);
    assert!(notes.len() >= 10, "the examples' notes: {notes:?}");
    let mut found = Vec::new();
    let mut checked = 0;
    for (lang, locale) in [("de", "de_DE.UTF-8"), ("ja", "ja_JP.UTF-8")] {
        let own = vocabulary(&read(lang));
        let foreign: std::collections::BTreeSet<&String> = english
            .iter()
            .filter(|w| !own.contains(*w) && !NOT_ENGLISH.contains(&w.as_str()))
            .collect();
        for (line, mut text) in outputs(root, &readme, locale) {
            for note in &notes {
                text = text.replace(note.as_str(), " ");
            }
            checked += 1;
            let words: std::collections::BTreeSet<String> = tokens(&text)
                .into_iter()
                .map(str::to_lowercase)
                .filter(|w| foreign.contains(w))
                .collect();
            if !words.is_empty() {
                found.push(format!("{lang}: `{line}`: {words:?}"));
            }
        }
    }
    assert!(checked >= 40, "only {checked} outputs checked");
    assert!(found.is_empty(), "English words:\n{}", found.join("\n"));
}

/// Each `doko` line of the README run in order under `locale` in a fresh folder, with what
/// a person reads of it: standard output and error, and an HTML page it writes. Lines
/// whose output is for machines (JSON, CSV, generated records, completions, man pages)
/// run but give nothing; `doko serve` is left out (the browser tests read its page).
fn outputs(root: &Path, readme: &str, locale: &str) -> Vec<(String, String)> {
    let bin = Path::new(env!("CARGO_BIN_EXE_doko")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root.join("examples"), &dir.path().join("examples"));
    let home = dir.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let mut env: Vec<(String, String)> = vec![("HOME".into(), home.display().to_string())];
    let mut out = Vec::new();
    for line in commands(readme) {
        if let Some(assignment) = line.strip_prefix("export ") {
            let (k, v) = assignment.split_once('=').expect("export K=V");
            env.push((k.to_string(), v.to_string()));
            continue;
        }
        let line = line
            .replace("cargo run --release --", "doko")
            .replace("LANG=ja_JP.UTF-8 ", "")
            .replace(" --lang de", "");
        if line == "cargo test" || line.starts_with("doko serve") {
            continue;
        }
        let run = Command::new("sh")
            .args(["-c", &line])
            .current_dir(dir.path())
            .env("PATH", &path)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", locale)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{locale}: `{line}` failed: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let machine = [
            "--format json",
            "--format csv",
            "completions",
            "doko man",
            "doko generate",
        ]
        .iter()
        .any(|m| line.contains(m));
        if machine || !line.starts_with("doko ") {
            continue;
        }
        let mut text = String::from_utf8_lossy(&run.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&run.stderr));
        if let Some(file) = line.split("> ").nth(1).filter(|f| f.ends_with(".html")) {
            text.push_str(&page_text(
                &std::fs::read_to_string(dir.path().join(file.trim())).unwrap(),
            ));
        }
        out.push((line, text));
    }
    out
}

/// Every file of the repository that cites the formats (`docs/formats.md section N`) finds
/// that section there: the page exists and has a `## N.` heading for each section cited.
#[test]
fn every_citation_of_the_formats_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let formats = std::fs::read_to_string(root.join("docs/formats.md")).expect("docs/formats.md");
    let mut cited = 0;
    let mut stack = vec![
        root.join("src"),
        root.join("tests"),
        root.join("variants"),
        root.join("python/doko"),
        root.join("docs"),
        root.join("README.md"),
    ];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            for e in std::fs::read_dir(&path).unwrap() {
                stack.push(e.unwrap().path());
            }
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        // This test names the page without citing it.
        if path.ends_with("tests/readme.rs") {
            continue;
        }
        for (i, _) in text.match_indices("formats.md") {
            let before = &text[..i];
            assert!(
                before.ends_with("docs/")
                    || path.ends_with("formats.md")
                    || before.ends_with("(") && path.starts_with(root.join("docs")),
                "{}: cites `formats.md` without its folder (docs/formats.md)",
                path.display()
            );
            let after = text[i + "formats.md".len()..].trim_start_matches('`');
            let section = after
                .strip_prefix(" section ")
                .or_else(|| after.strip_prefix(" "))
                .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
                .filter(|n| !n.is_empty());
            if let Some(n) = section {
                cited += 1;
                assert!(
                    formats.contains(&format!("\n## {n}. ")),
                    "{}: cites docs/formats.md section {n}, which it does not have",
                    path.display()
                );
            }
        }
    }
    assert!(cited > 10, "{cited} citations");
}
