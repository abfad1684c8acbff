//! Byte limits and how messages write them: a leaf module that every layer may use (the
//! profile loader, the record readers, league files) without importing the record layer.

/// The largest sheet, record file or league sheet read whole: 16 MiB (an evening's sheet is
/// a few KB; archives, read as streams, have no limit but a row's 1 MiB).
pub const MAX_DOCUMENT: usize = 16 << 20;

/// The most penalty points one penalty may cost (TSR 9 gives 3): the same bound on the
/// command line, the page, a hand-edited sheet and a profile's `league.penalty`.
pub const MAX_PENALTY: u16 = 999;

/// The most cents (or yen) a point that money is settled at (`league settle`, the page).
pub const MAX_CENTS_PER_POINT: i64 = 1_000_000;

/// The most threads one run plays an archive on (`--jobs`, `jobs=` in Python): more than
/// any machine doko runs on has cores, few enough that each can be started.
pub const MAX_JOBS: usize = 256;

/// The deepest nesting of arrays and tables a TOML or JSON document may have: no file of
/// doko's needs more than a few levels, and the readers recurse (a document nested
/// thousands deep would overflow the stack).
pub const MAX_NESTING: usize = 64;

/// The byte order mark some editors write at the start of a UTF-8 file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A limit in bytes as messages write it: `16 MiB`, `256 KiB`.
pub fn size_text(bytes: usize) -> String {
    if bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn limits_are_written_in_whole_units() {
        assert_eq!(super::size_text(16 << 20), "16 MiB");
        assert_eq!(super::size_text(256 << 10), "256 KiB");
    }
}
