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

/// The command lines of the README's `sh` blocks, comments taken off.
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
            if !command.is_empty() {
                out.push(command.to_string());
            }
        }
    }
    out
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
        let line = line.replace("cargo run --release --", "doko");
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
            let first = rx.recv_timeout(Duration::from_secs(20)).unwrap_or_default();
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
