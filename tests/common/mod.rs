//! Shared by the data-driven test harnesses.

use std::path::{Path, PathBuf};

/// The `.toml` files of a folder below `tests/`, sorted by name.
#[allow(dead_code)]
pub fn toml_files(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// Runs the `doko` binary built for the tests.
#[allow(dead_code)]
pub fn doko(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_doko"))
        .args(args)
        .output()
        .expect("doko runs")
}

/// The JSON a successful run printed.
#[allow(dead_code)]
pub fn json(out: &std::process::Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The `doko` command of this build, to set up before running (a folder, pipes).
#[allow(dead_code)]
pub fn command() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_doko"))
}

/// Runs `doko ARGS` in the project's folder (where `examples/` is).
#[allow(dead_code)]
pub fn run_in_root(args: &[&str]) -> std::process::Output {
    command()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("doko runs")
}

/// Runs `doko ARGS` in `dir`; it must succeed. Its standard output.
#[allow(dead_code)]
pub fn run_in(dir: &Path, args: &[&str]) -> String {
    let out = command()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("doko runs");
    assert!(
        out.status.success(),
        "doko {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// A child process killed when the test ends, however it ends.
#[allow(dead_code)]
pub struct Killed(pub std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A file name in a folder of its own that is removed, with whatever was written there,
/// when the value is dropped.
#[allow(dead_code)]
pub struct Scratch {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

#[allow(dead_code)]
impl Scratch {
    /// `name` in a new empty folder under the system's temporary folder.
    pub fn new(name: &str) -> Scratch {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join(name);
        Scratch { _dir: dir, path }
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}
