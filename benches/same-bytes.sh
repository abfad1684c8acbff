#!/usr/bin/env bash
# Checks that this build prints the same bytes as an older one (a redesign changes no
# behaviour): every example, and N generated deals (default 10,000) as CSV, JSON Lines and
# TOML, scored in every output format and language, with --explain and --summary, and
# compared between profiles (two, and three with --summary); also a bad archive (the error
# and the exit code); every profile's own deals scored under it (N/5 as CSV, N/10 as JSON
# Lines, and tables of four and five in turn where the profile seats both); and what
# `generate` writes in every format under every built-in profile (N deals as CSV, a tenth
# of them as JSON Lines and TOML).
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
# Every profile's own deals, scored under it: its table (four, or five where its dealer sits
# out), and where it also seats five, tables of four and five taking turns across batches
# (blocks of 1 to 300 rows: a table changes inside and at the edge of a batch of 256), so
# that Bock rounds, dealers and totals carry from batch to batch with two jobs (scored deal
# by deal, such an archive is refused, and that message is compared too).
mix() {
  awk 'FNR == 1 { f++; if (f == 1) print; next }
       { rows[f, ++n[f]] = $0 }
       END { split("1 255 256 257 300 7", size, " "); k = 0; i[1] = 1; i[2] = 1; g = 1
             while (i[1] <= n[1] || i[2] <= n[2]) {
               for (j = 0; j < size[k % 6 + 1] && i[g] <= n[g]; j++) print rows[g, i[g]++]
               k++; g = 3 - g } }' "$1" "$2"
}
for v in $(basename -s .toml variants/*.toml); do
  own=("$dir/own-$v.csv" "$dir/own-$v.jsonl")
  "$old" generate --variant "$v" --deals "$((n / 5))" --seed 31 > "$dir/own-$v.csv"
  "$old" generate --variant "$v" --deals "$((n / 10))" --seed 32 --format jsonl > "$dir/own-$v.jsonl"
  if "$old" generate --variant "$v" --deals "$((n / 10))" --seed 33 --players Anna,Ben,Cara,Dirk,Eva \
    > "$dir/five-$v.csv" 2>/dev/null && "$old" generate --variant "$v" --deals "$((n / 10))" \
    --seed 34 --players Anna,Ben,Cara,Dirk > "$dir/four-$v.csv" 2>/dev/null; then
    mix "$dir/four-$v.csv" "$dir/five-$v.csv" > "$dir/mixed-$v.csv"
    own+=("$dir/mixed-$v.csv")
  fi
  for f in "${own[@]}"; do
    check score "$f" --variant "$v" --format json
    check score "$f" --variant "$v" --format csv --jobs 2
    check score "$f" --variant "$v" --summary --format json --jobs 2
    check score "$f" --variant "$v" --summary --format csv --jobs 1
    check score "$f" --variant "$v" --explain --keep-going
    check compare "$f" --variants "ddv,$v" --summary --format json --jobs 2
  done
done
for v in $(basename -s .toml variants/*.toml); do
  check generate --variant "$v" --deals "$n" --seed 21 --format csv
  check generate --variant "$v" --deals "$((n / 10))" --seed 22 --format jsonl
  check generate --variant "$v" --deals "$((n / 10))" --seed 23 --format toml
done
echo "$runs commands, $differ differ"
[ "$differ" -eq 0 ]
