//! Sheets as spreadsheets save them (formats.md section 3): `;` or tab between fields, CRLF,
//! a byte order mark, German headers and words. Each scores exactly like the plain sheet.

mod common;

use common::{doko, json};

/// The evening sheet as JSON, scored from `path`.
fn scored(path: &str) -> serde_json::Value {
    json(&doko(&["score", path, "--format", "json"]))
}

#[test]
fn german_excel_sheet_scores_like_the_plain_one() {
    let text = std::fs::read("tests/cmd/data/spreadsheet-de.csv").unwrap();
    assert!(text.starts_with(b"\xef\xbb\xbf"), "the sheet keeps its BOM");
    assert!(text.windows(2).any(|w| w == b"\r\n"), "and its CRLF");
    assert_eq!(
        scored("tests/cmd/data/spreadsheet-de.csv"),
        scored("examples/evening.csv")
    );
}

#[test]
fn tab_and_semicolon_sheets_score_like_the_plain_one() {
    let plain = std::fs::read_to_string("examples/evening.csv").unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (name, delimiter) in [("tabs.csv", "\t"), ("semicolons.csv", ";")] {
        // Notes with a comma keep it: the field is not split at it.
        let text: String = plain
            .lines()
            .map(|l| {
                l.replace(',', delimiter)
                    .replace("Kontra answers Re", "Kontra, then Re")
                    .replace(
                        "Cara's wedding; Dirk won trick 2",
                        "\"Cara's wedding; Dirk won\"",
                    )
            })
            .map(|l| l + "\r\n")
            .collect();
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let mut got = scored(path.to_str().unwrap());
        let mut want = scored("examples/evening.csv");
        for v in [&mut got, &mut want] {
            // Only the notes of deals 2 and 5 differ.
            for d in [1, 4] {
                v["deals"][d].as_object_mut().unwrap().remove("note");
            }
        }
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn a_bad_german_cell_names_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.csv");
    std::fs::write(
        &path,
        "Nr;Spiel;Anna;Ben;Cara;Dirk;Re-Augen;Pflichtsolo\r\n1;Damen-Solo;re;kontra;kontra;kontra;150;vielleicht\r\n",
    )
    .unwrap();
    let out = doko(&["score", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.csv:2: deal 1, field `compulsory`: `vielleicht` is not yes or no"),
        "{err}"
    );
}
