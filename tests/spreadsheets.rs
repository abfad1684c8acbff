//! Sheets as spreadsheets save them (docs/formats.md section 3): `;` or tab between fields, CRLF,
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

/// Issue 31: a paper sheet carries penalties (TSR 9) as rows whose game is `penalty`
/// (`Strafe`): the offender's loss, the others' shares or nothing. `score` and `stats`
/// count them where they stand; a bad penalty row names its line and column, and the rest
/// is still checked.
#[test]
fn a_paper_sheet_carries_penalty_rows() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("abend.csv");
    // Deal 1: Re Anna+Cara win 130, 1 each. Strafe: Ben -3, the others +1 (written).
    // Deal 2: Re Anna+Ben lose 100 with Re called: won 1, Re called 2, against the old 1:
    // 4 each. strafe: Dirk with the rules' 3 points, the others' shares not written.
    // Totals: Anna 1+1-4+1 = -1, Ben -1-3-4+1 = -7, Cara 1+1+4+1 = 7, Dirk -1+1+4-3 = 1.
    std::fs::write(
        &sheet,
        "Nr;Spiel;Anna;Ben;Cara;Dirk;Re-Augen;Re-Ansagen;Notiz\r\n\
         1;normal;re;kontra;re;kontra;130;;\r\n\
         ;Strafe;1;-3;1;1;;;Karten gezeigt\r\n\
         2;normal;re;re;kontra;kontra;100;re;\r\n\
         ;strafe;;;;strafe;;;\r\n",
    )
    .unwrap();
    let s = sheet.to_str().unwrap();
    let got = scored(s);
    let want = serde_json::json!({"Anna": -1, "Ben": -7, "Cara": 7, "Dirk": 1});
    assert_eq!(got["totals"], want, "{got}");
    assert_eq!(got["penalties"].as_array().unwrap().len(), 2, "{got}");
    assert_eq!(got["penalties"][0]["note"], "Karten gezeigt");
    assert_eq!(got["penalties"][1]["after"], 2);
    assert_eq!(got["deals"].as_array().unwrap().len(), 2);
    let season = json(&doko(&["stats", s, "--format", "json"]));
    for p in season["players"].as_array().unwrap() {
        assert_eq!(p["points"], want[p["player"].as_str().unwrap()], "{season}");
    }
    let csv = String::from_utf8(doko(&["score", s, "--format", "csv"]).stdout).unwrap();
    assert_eq!(
        csv.lines().nth(2).unwrap(),
        ",penalty,Ben,,,,,3,,1,-3,1,1,2,-4,2,0,Karten gezeigt",
        "{csv}"
    );
    // Bad rows: two offenders, none, a deal's column filled, shares that do not add up.
    std::fs::write(
        &sheet,
        "deal,game,Anna,Ben,Cara,Dirk,re_points\n\
         1,normal,re,kontra,re,kontra,130\n\
         ,penalty,-3,-3,,,\n\
         ,penalty,,,,,\n\
         ,penalty,,-3,,,5\n\
         ,penalty,2,-3,1,1,\n\
         2,normal,re,re,kontra,kontra,100\n",
    )
    .unwrap();
    let out = doko(&["score", s]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    for want in [
        ":3: field `Ben`: a penalty row has one offender",
        ":4: field `Anna,Ben,Cara,Dirk`: a penalty row names its offender",
        ":5: field `re_points`: a penalty row holds no deal",
        ":6: field `Anna,Ben,Cara,Dirk`: the others' shares add up to 4, the offender loses 3",
    ] {
        assert!(err.contains(want), "{want}: {err}");
    }
    // At a table of five the others of the last deal share the points (the dealer sat it
    // out): Ben's 3 go to Cara, Dirk and Eva; Eva's 4 do not divide among three, refused in
    // her column.
    std::fs::write(
        &sheet,
        "deal,game,dealer,Anna,Ben,Cara,Dirk,Eva,re_points\n\
         1,normal,Anna,,re,kontra,re,kontra,130\n\
         ,penalty,,,-3,,,,\n",
    )
    .unwrap();
    let got = scored(s);
    assert_eq!(
        got["totals"],
        serde_json::json!({"Anna": 0, "Ben": -2, "Cara": 0, "Dirk": 2, "Eva": 0}),
        "{got}"
    );
    std::fs::write(
        &sheet,
        "deal,game,dealer,Anna,Ben,Cara,Dirk,Eva,re_points\n\
         1,normal,Anna,,re,kontra,re,kontra,130\n\
         ,strafe,,,,,,-4,\n",
    )
    .unwrap();
    let err = String::from_utf8(doko(&["score", s]).stderr).unwrap();
    assert!(
        err.contains(":3: field `Eva`: 4 penalty points do not divide among the 3"),
        "{err}"
    );
}

#[test]
fn empty_columns_after_the_last_named_one_are_not_the_sheets() {
    // Excel saves the empty columns it had formatted: `;;;` after every line.
    let plain = std::fs::read_to_string("examples/evening.csv").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let trailing = dir.path().join("trailing.csv");
    let text: String = plain
        .lines()
        .map(|l| {
            l.replace(',', ";").replace(
                "Cara's wedding; Dirk won trick 2",
                "\"Cara's wedding; Dirk won trick 2\"",
            ) + ";;;\r\n"
        })
        .collect();
    std::fs::write(&trailing, &text).unwrap();
    assert_eq!(
        scored(trailing.to_str().unwrap()),
        scored("examples/evening.csv")
    );
    // A value in such a column is refused where it is, with the column's number.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let row = lines[3].strip_suffix(";;;").unwrap().to_string();
    lines[3] = format!("{row};;7;");
    let bad = dir.path().join("value.csv");
    std::fs::write(&bad, lines.join("\r\n") + "\r\n").unwrap();
    let out = doko(&["score", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let width = plain.lines().next().unwrap().split(',').count();
    assert!(
        err.contains(&format!(
            "value.csv:4: column {} has no name in the header, but this row has `7` in it",
            width + 2
        )),
        "{err}"
    );
}

#[test]
fn sheets_saved_as_windows_1252_or_utf16_read_as_utf8() {
    // German Excel saves CSV as Windows-1252 (an umlaut one byte, the euro sign 0x80);
    // "Unicode text" is UTF-16 with its byte order mark.
    let plain = std::fs::read_to_string("examples/evening.csv")
        .unwrap()
        .replace("Dirk", "Jürgen")
        .replace("both club queens", "both club queens for 5 €");
    let dir = tempfile::tempdir().unwrap();
    let utf8 = dir.path().join("utf8.csv");
    std::fs::write(&utf8, &plain).unwrap();
    let cp1252: Vec<u8> = plain
        .chars()
        .map(|c| match c {
            '€' => 0x80,
            c => u8::try_from(u32::from(c)).unwrap(),
        })
        .collect();
    assert!(std::str::from_utf8(&cp1252).is_err());
    let ansi = dir.path().join("ansi.csv");
    std::fs::write(&ansi, &cp1252).unwrap();
    let mut le = vec![0xff, 0xfe];
    le.extend(plain.encode_utf16().flat_map(u16::to_le_bytes));
    let utf16le = dir.path().join("utf16le.csv");
    std::fs::write(&utf16le, &le).unwrap();
    let mut be = vec![0xfe, 0xff];
    be.extend(plain.encode_utf16().flat_map(u16::to_be_bytes));
    let utf16be = dir.path().join("utf16be.csv");
    std::fs::write(&utf16be, &be).unwrap();
    let want = scored(utf8.to_str().unwrap());
    assert!(want.to_string().contains("Jürgen") && want.to_string().contains("5 €"));
    for f in [&ansi, &utf16le, &utf16be] {
        assert_eq!(scored(f.to_str().unwrap()), want, "{}", f.display());
    }
    // A broken UTF-16 pair is refused with its line.
    let mut broken = le.clone();
    let at = le.len() - 10;
    broken.splice(at..at + 2, [0x00, 0xd8]);
    let bad = dir.path().join("broken.csv");
    std::fs::write(&bad, &broken).unwrap();
    let out = doko(&["score", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not valid UTF-16 text"), "{err}");
    // So is an odd last byte (half a character).
    let mut odd = le.clone();
    odd.push(b'x');
    std::fs::write(&bad, &odd).unwrap();
    let out = doko(&["score", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not valid UTF-16 text"));
}

#[test]
fn a_table_the_profile_cannot_play_is_one_error_at_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let three = dir.path().join("three.csv");
    let mut text = String::from("deal,game,Anna,Ben,Cara,re_points\n");
    for d in 1..=16 {
        text.push_str(&format!("{d},normal,re,kontra,re,134\n"));
    }
    std::fs::write(&three, text).unwrap();
    let out = doko(&["score", three.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("three.csv:1: field `Anna,Ben,Cara`: 3 players at the table; 4 to 7 expected"),
        "{err}"
    );
}

/// Issue 66: a column of words that are never a party (a place) is not a player: the sheet
/// scores as without it, with one note that names the column and how to mark it.
#[test]
fn a_text_column_is_passed_over_with_one_note() {
    let plain = std::fs::read_to_string("examples/evening.csv").unwrap();
    let mut text = String::new();
    for (i, line) in plain.lines().enumerate() {
        let place = match i {
            0 => "Ort",
            _ if i % 2 == 0 => "Köln",
            _ => "Bonn",
        };
        text.push_str(&format!("{place},{line}\n"));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("orte.csv");
    std::fs::write(&path, text).unwrap();
    let out = doko(&[
        "--lang",
        "en",
        "score",
        path.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(
            "orte.csv:1: field `Ort`: the column holds words that are not parties (`Bonn`, line 2)"
        ) && err.contains("`(Ort)`, to mark it"),
        "{err}"
    );
    assert_eq!(json(&out), scored("examples/evening.csv"));
    // Marked, it passes without a word.
    let marked = std::fs::read_to_string(&path)
        .unwrap()
        .replacen("Ort,", "(Ort),", 1);
    std::fs::write(&path, marked).unwrap();
    let out = doko(&["score", path.to_str().unwrap(), "--format", "json"]);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
