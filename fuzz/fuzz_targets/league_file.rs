#![no_main]
//! A league sheet: read, a deal added and taken back (`league add` then `league undo`): never a
//! panic, and where the add was taken, the undo gives back the sheet's bytes.
use doko::league::file;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = file::without_last_deal("fuzz.toml", text);
    if doko::league::evaluate("fuzz.toml", text, None).is_err() {
        return;
    }
    let Ok(dir) = tempfile::tempdir() else { return };
    let path = dir.path().join("sheet.toml");
    let path = path.to_str().unwrap_or_default().to_string();
    if std::fs::write(&path, text).is_err() {
        return;
    }
    let mut deal = toml_edit::Table::new();
    if let Ok(lg) = doko::league::evaluate(&path, text, None) {
        let re: toml_edit::Array = lg.players.iter().take(2).map(String::as_str).collect();
        deal["re"] = toml_edit::value(re);
        deal["re_points"] = toml_edit::value(130);
    }
    let patience = std::time::Duration::from_secs(5);
    if file::append(&path, deal, &[], patience, &mut |_| {}).is_ok() {
        file::undo(&path, patience, &mut |_| {}).expect("a deal just added can be taken back");
        let after = std::fs::read_to_string(&path).unwrap_or_default();
        let normal = |t: &str| t.trim_end().to_string();
        assert_eq!(
            normal(&after),
            normal(text),
            "add then undo changed the sheet"
        );
    }
});
