#!/usr/bin/env bash
# Runs one fuzz target for a bounded time: fuzz/run.sh TARGET [SECONDS] (default 600).
# Targets: sheet_csv records_toml archive_csv archive_jsonl profile league_file
# compare_summary archive_quoted freedoko_party. Built with overflow checks and debug assertions (-a): a
# number that would wrap is a crash. Inputs up to 256 KiB from the start (`-len_control=0`:
# a document nested 10,000 deep is 20 KB, more than the length libFuzzer grows to by itself).
# Needs cargo-fuzz (`cargo install cargo-fuzz`); works on the stable toolchain through
# RUSTC_BOOTSTRAP and without a sanitizer. Seeds come from the project's own examples.
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?target}
seconds=${2:-600}
corpus=corpus/$target
mkdir -p "$corpus"
case $target in
  sheet_csv) cp ../examples/*.csv ../tests/cmd/data/*.csv "$corpus"/ ;;
  records_toml) cp ../examples/*.toml ../tests/cmd/data/*.toml ../tests/cmd/league.in/*.toml "$corpus"/ ;;
  archive_csv) cargo run -q --release --manifest-path ../Cargo.toml -- generate --deals 5 --seed 1 > "$corpus/gen.csv" ;;
  archive_jsonl) cargo run -q --release --manifest-path ../Cargo.toml -- generate --deals 5 --seed 1 --format jsonl > "$corpus/gen.jsonl" ;;
  profile) cp ../variants/*.toml ../tests/cmd/data/club.toml ../tests/cmd/data/typo.toml "$corpus"/ ;;
  league_file) cp ../tests/cmd/league.in/*.toml "$corpus"/ ;;
  compare_summary) cargo run -q --release --manifest-path ../Cargo.toml -- generate --deals 5 --seed 2 > "$corpus/gen.csv" ;;
  archive_quoted) cargo run -q --release --manifest-path ../Cargo.toml -- generate --deals 3 --seed 3 | tail -n +2 > "$corpus/rows.txt" ;;
  freedoko_party) cp ../tests/freedoko/*.party "$corpus"/ ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
RUSTC_BOOTSTRAP=1 cargo fuzz run "$target" -s none -O -a "$corpus" -- -max_total_time="$seconds" -max_len=262144 -len_control=0 -rss_limit_mb=2048
