//! Tables fit the terminal: on a terminal 80 columns wide (a pseudo-terminal made by
//! util-linux's `script`) no line of a table is wider; into a pipe the table is whole.

use std::process::Command;

fn widest(text: &str) -> usize {
    text.lines()
        .map(|l| l.trim_end_matches('\r').chars().count())
        .max()
        .unwrap_or(0)
}

#[test]
fn tables_fit_an_80_column_terminal() {
    let doko = env!("CARGO_BIN_EXE_doko");
    for args in [
        "score examples/evening.csv",
        "compare examples/evening.csv --variants ddv,ja-online,ja-classic --only-diff --explain",
    ] {
        let out = Command::new("script")
            .args([
                "-qec",
                &format!("stty cols 80 rows 50; {doko} {args}"),
                "/dev/null",
            ])
            .env("TERM", "xterm")
            .output()
            .expect("util-linux `script` runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{args}: {text}");
        assert!(text.contains("Anna"), "{args}: {text}");
        assert!(
            widest(&text) <= 80,
            "{args}: {} columns wide:\n{text}",
            widest(&text)
        );
        // Into a pipe the same table is written whole (wider than the terminal).
        let piped = Command::new(doko)
            .args(args.split(' '))
            .output()
            .expect("doko runs");
        assert!(
            widest(&String::from_utf8_lossy(&piped.stdout)) > 80,
            "{args}"
        );
    }
}
