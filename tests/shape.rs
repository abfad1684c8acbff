//! The library's shape, kept: the workspace's floors (`crates/`) depend only on floors
//! below them (issue 69; the record model cannot name the play, issue 27), the face is only
//! a face, each floor's files import each other one way only (no circle), and so do its
//! top-level modules (a folder counted as one, issue 49); the message catalogues
//! (`crates/words/src/lang`) import nothing of the engine.
//!
//! The import graph is read from the code's own `crate::` and `super::` paths, file by file
//! (a file is a node; unit tests at the end of a file are left out, as they may use
//! anything). A path to a module of a floor below (`crate::lang` in `crates/play`, by the
//! floor's own `use` at its root) names no file of that floor and is no arrow.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every library file by its module path (`deal/mod.rs` is `deal`, `lib.rs` the root).
fn modules(src: &Path) -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<Module, PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                if path != src.join("bin") {
                    walk(&path, src, out);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src).unwrap().with_extension("");
                let mut m: Module = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(m.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                    m.pop();
                }
                out.insert(m, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

/// The code of a file without its comments, the contents of its strings and the unit tests
/// at its end.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(i) => &text[..i],
        None => text,
    };
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            i += 2;
            while i < b.len() && !b[i..].starts_with(b"*/") {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' && (i == 0 || b[i - 1] != b'\'') {
            // A string (`'"'` is a char, not a string); raw strings hold no paths here.
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else {
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&text[i..i + len]);
            i += len;
        }
    }
    out
}

/// The paths a piece of code names from `crate` or `super`, groups expanded
/// (`crate::{a, b::{c, d}}` names `a`, `b::c` and `b::d`).
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (at, head) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        if code[..at]
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let start = vec![head.trim_end_matches("::").to_string()];
        expand(&code[at + head.len()..], start, &mut out);
    }
    out
}

/// Reads `a::b::{c, d}` at the start of `rest` onto `prefix`.
fn expand(rest: &str, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut rest = rest.trim_start();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut part = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        expand(&group[part..i], prefix.clone(), out);
                        return;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&group[part..i], prefix.clone(), out);
                        part = i + 1;
                    }
                    _ => {}
                }
            }
            return;
        }
        let len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if len == 0 {
            break;
        }
        prefix.push(rest[..len].to_string());
        match rest[len..].strip_prefix("::") {
            Some(more) => rest = more.trim_start(),
            None => break,
        }
    }
    if prefix.len() > 1 || prefix[0] != "super" {
        out.push(prefix);
    }
}

/// The library files each file imports.
fn graph(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let mods = modules(src);
    let mut graph = BTreeMap::new();
    for (here, file) in &mods {
        let text = code(&std::fs::read_to_string(file).unwrap());
        let mut targets = BTreeSet::new();
        for p in paths(&text) {
            let mut full: Module = Vec::new();
            let mut parts = p.as_slice();
            if parts[0] == "crate" {
                parts = &parts[1..];
            } else {
                // `super` of a file is its parent module.
                full = here.clone();
                while parts.first().is_some_and(|p| p == "super") {
                    full.pop();
                    parts = &parts[1..];
                }
            }
            full.extend(parts.iter().cloned());
            if let Some(n) = (1..=full.len())
                .rev()
                .find(|&n| mods.contains_key(&full[..n]))
            {
                let target = full[..n].to_vec();
                // A file's own submodules are its rooms, not an arrow up.
                if !target.starts_with(here) {
                    targets.insert(target);
                }
            }
        }
        graph.insert(here.clone(), targets);
    }
    graph
}

/// The groups of files that reach each other (Tarjan's strongly connected components).
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'g> {
        graph: &'g BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'g Module, (usize, usize)>,
        stack: Vec<&'g Module>,
        out: Vec<Vec<Module>>,
    }
    fn visit<'g>(v: &'g Module, s: &mut State<'g>) {
        let n = s.index.len();
        s.index.insert(v, (n, n));
        s.stack.push(v);
        for w in &s.graph[v] {
            let low = if let Some(&(i, _)) = s.index.get(w) {
                s.stack.contains(&w).then_some(i)
            } else {
                visit(w, s);
                Some(s.index[w].1)
            };
            if let Some(low) = low {
                let e = s.index.get_mut(v).unwrap();
                e.1 = e.1.min(low);
            }
        }
        let (i, low) = s.index[v];
        if i == low {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(v, &mut s);
        }
    }
    s.out
}

/// The graph of top-level modules: a folder (`src/deal/`) is one node, a file at the top
/// (`src/seating.rs`) another; an arrow between two files is an arrow between their
/// top-level modules. A folder whose files lean on another module that leans back is a
/// circle here even where no two files reach each other.
fn top_level(graph: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeMap<Module, BTreeSet<Module>> {
    let top = |m: &Module| -> Module { m.iter().take(1).cloned().collect() };
    let mut out: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (m, targets) in graph {
        let from = top(m);
        let arrows = out.entry(from.clone()).or_default();
        arrows.extend(targets.iter().map(top).filter(|t| *t != from));
    }
    // Every target is a node too (the crate root has no name and imports nothing here).
    let targets: Vec<Module> = out.values().flatten().cloned().collect();
    for t in targets {
        out.entry(t).or_default();
    }
    out
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The library's floors, bottom first: each crate of `crates/` depends only on those
/// before it, and `doko` is their face.
const FLOORS: [&str; 6] = ["words", "rules", "records", "play", "engine", "doko"];

/// Each floor's `src/`.
fn floors() -> Vec<(&'static str, PathBuf)> {
    FLOORS
        .iter()
        .map(|f| (*f, root().join("crates").join(f).join("src")))
        .collect()
}

#[test]
fn the_library_imports_one_way_only() {
    let mut files = 0;
    let mut arrows = 0;
    for (floor, src) in floors() {
        let graph = graph(&src);
        files += graph.len();
        arrows += graph.values().map(BTreeSet::len).sum::<usize>();
        let found = circles(&graph);
        assert!(
            found.is_empty(),
            "import circles in crates/{floor} (files that reach each other): {found:#?}"
        );
    }
    assert!(files > 30, "only {files} library files found");
    assert!(arrows > 100, "only {arrows} imports found");
}

#[test]
fn the_library_modules_import_one_way_only() {
    let mut modules = 0;
    for (floor, src) in floors() {
        let top = top_level(&graph(&src));
        modules += top.len();
        let found = circles(&top);
        assert!(
            found.is_empty(),
            "module circles in crates/{floor} (top-level modules, a folder counted as one, \
             that reach each other): {found:#?}"
        );
    }
    assert!(modules > 15, "only {modules} top-level modules");
}

/// Each floor depends on floors below it only (cargo refuses a circle; this keeps the
/// order): the `doko-*` crates its manifest names. A floor's documentation examples may
/// use the face (`doko`, a dev-dependency), as its readers do.
#[test]
fn each_floor_depends_only_on_the_floors_below() {
    for (i, floor) in FLOORS.iter().enumerate() {
        let manifest =
            std::fs::read_to_string(root().join("crates").join(floor).join("Cargo.toml")).unwrap();
        let table: toml::Table = manifest.parse().unwrap();
        for section in ["dependencies", "dev-dependencies"] {
            let Some(deps) = table.get(section).and_then(|d| d.as_table()) else {
                continue;
            };
            for name in deps.keys() {
                let dep = match name.strip_prefix("doko-") {
                    Some(dep) => dep,
                    None if name == "doko" && section == "dependencies" => "doko",
                    None => continue,
                };
                let at = FLOORS.iter().position(|f| *f == dep);
                assert!(
                    at.is_some_and(|at| at < i),
                    "crates/{floor} depends on {name}, which is not a floor below it"
                );
            }
        }
    }
}

/// The face (`crates/doko/src/lib.rs`) is its documentation and `pub use` lines: no
/// function, type, impl or macro of its own, at most 120 lines that are not comments, at
/// most 10 public modules.
#[test]
fn the_face_is_only_a_face() {
    let text = std::fs::read_to_string(root().join("crates/doko/src/lib.rs")).unwrap();
    let code: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect();
    assert!(
        code.len() <= 120,
        "{} lines of code in the face",
        code.len()
    );
    for line in &code {
        let ok = line.starts_with("pub use ") || line.starts_with("#![") || line.starts_with('}');
        assert!(
            ok,
            "the face has `{line}`: only `pub use` lines and crate attributes"
        );
    }
    let modules: usize = code
        .iter()
        .filter_map(|l| l.strip_prefix("pub use "))
        .map(|l| {
            let names = l.split_once('{').map_or(l, |(_, rest)| rest);
            names
                .trim_end_matches([';', '}'])
                .split(',')
                .map(str::trim)
                .filter(|n| {
                    let last = n.rsplit("::").next().unwrap_or(n);
                    last.chars().next().is_some_and(char::is_lowercase)
                        && !matches!(last, "msg" | "tr" | "localized" | "name_of")
                })
                .count()
        })
        .sum();
    assert!(
        (1..=10).contains(&modules),
        "the face has {modules} public modules"
    );
}

#[test]
fn the_binary_is_thin_and_imports_one_way_only() {
    let bin = root().join("src");
    let graph = graph(&bin);
    assert!(
        graph.len() > 8,
        "only {} files of the binary found",
        graph.len()
    );
    let found = circles(&graph);
    assert!(found.is_empty(), "import circles in the binary: {found:#?}");
    // Argument parsing, calling the library, printing: at most 3,000 lines.
    let lines: usize = modules(&bin)
        .values()
        .map(|f| std::fs::read_to_string(f).unwrap().lines().count())
        .sum();
    assert!(lines <= 3000, "the command's src/ has {lines} lines");
}

#[test]
fn the_catalogues_import_nothing_of_the_engine() {
    let graph = graph(&root().join("crates/words/src"));
    assert!(graph.keys().any(|m| m.first().is_some_and(|f| f == "lang")));
    for (m, targets) in &graph {
        if m.first().is_some_and(|f| f == "lang") {
            let outside: Vec<_> = targets.iter().filter(|t| t[0] != "lang").collect();
            assert!(outside.is_empty(), "{m:?} imports {outside:?}");
        }
    }
}

/// The reader of paths sees what the checks above rely on: a circle made on purpose is
/// found, and grouped, nested and `super` paths are read.
#[test]
fn the_graph_reader_finds_a_circle_and_reads_groups() {
    let p = paths("use crate::{a, b::{c, d}};\nfn f() { super::e::g(); my_crate::no(); }");
    let names: Vec<String> = p.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        names,
        ["crate::a", "crate::b::c", "crate::b::d", "super::e::g"]
    );
    assert_eq!(
        code("// crate::x\nlet s = \"crate::y\"; '\"';"),
        "\nlet s = \"\"; '\"';"
    );
    let m = |s: &str| -> Module { s.split('/').map(String::from).collect() };
    let mut g = BTreeMap::new();
    g.insert(m("a"), BTreeSet::from([m("b")]));
    g.insert(m("b"), BTreeSet::from([m("c")]));
    g.insert(m("c"), BTreeSet::from([m("a")]));
    g.insert(m("d"), BTreeSet::from([m("a")]));
    let found = circles(&g);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 3);
    // Files that reach each other through no file circle still make a module circle:
    // deal/sheet leans on seating, and seating on deal/error.
    let mut g = BTreeMap::new();
    g.insert(m("deal/sheet"), BTreeSet::from([m("seating")]));
    g.insert(m("seating"), BTreeSet::from([m("deal/error")]));
    g.insert(m("deal/error"), BTreeSet::new());
    assert!(circles(&g).is_empty());
    let found = circles(&top_level(&g));
    assert_eq!(found, [vec![m("seating"), m("deal")]]);
}
