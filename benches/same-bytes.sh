#!/usr/bin/env bash
# Checks that this build prints the same bytes as an older one (a redesign changes no
# behaviour): every example, and N generated deals (default 10,000) as CSV, JSON Lines and
# TOML, scored in every output format and language, with --explain and --summary, and
# compared between profiles (two, and three with --summary); also a bad archive (the error
# and the exit code); and what `generate` writes in every format under every built-in
# profile (N deals as CSV, a tenth of them as JSON Lines and TOML).
# Usage: benches/same-bytes.sh OLD_DOKO_BINARY [N]
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: benches/same-bytes.sh OLD_DOKO_BINARY [N]}
n=${2:-10000}
cargo build --release -q
new=./target/release/doko
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$old" generate --deals "$n" --seed 11 > "$dir/a.csv"
"$old" generate --deals "$n" --seed 12 --format jsonl > "$dir/a.jsonl"
"$old" generate --deals 200 --seed 13 --format toml > "$dir/a.toml"
"$old" generate --deals 200 --seed 14 --variant kloepper --format toml > "$dir/k.toml"
# A bad row in the middle of an archive.
awk -v m=$((n / 2)) 'NR == m { sub(/,[^,]*,/, ",nobody,") } { print }' "$dir/a.csv" > "$dir/bad.csv"
inputs=(examples/*.csv examples/*.toml "$dir/a.csv" "$dir/a.jsonl" "$dir/a.toml" "$dir/k.toml" "$dir/bad.csv")
runs=0
differ=0
# Each output goes to a file (an archive's sheet or --explain runs to hundreds of MB) and
# the files are compared byte for byte.
check() {
  runs=$((runs + 1))
  local oc nc
  "$old" "$@" > "$dir/old.out" 2>&1 && oc=0 || oc=$?
  "$new" "$@" > "$dir/new.out" 2>&1 && nc=0 || nc=$?
  if ! cmp -s "$dir/old.out" "$dir/new.out" || [ "$oc" != "$nc" ]; then
    differ=$((differ + 1))
    echo "DIFFERS: doko $* (exit $oc -> $nc)"
    diff "$dir/old.out" "$dir/new.out" | head -6 || true
  fi
}
for f in "${inputs[@]}"; do
  for lang in en de ja; do
    for fmt in table csv json markdown; do
      check --lang "$lang" score "$f" --format "$fmt"
      check --lang "$lang" score "$f" --format "$fmt" --summary --jobs 2
    done
    check --lang "$lang" score "$f" --explain
    check --lang "$lang" score "$f" --keep-going --format json
    check --lang "$lang" compare "$f" --variants ddv,ja-online --format json
    check --lang "$lang" compare "$f" --variants ddv,ja-online --explain
    check --lang "$lang" compare "$f" --variants ddv,ja-online,ja-classic --summary --format json
  done
done
for v in $(basename -s .toml variants/*.toml); do
  check generate --variant "$v" --deals "$n" --seed 21 --format csv
  check generate --variant "$v" --deals "$((n / 10))" --seed 22 --format jsonl
  check generate --variant "$v" --deals "$((n / 10))" --seed 23 --format toml
done
echo "$runs commands, $differ differ"
[ "$differ" -eq 0 ]
