#!/usr/bin/env bash
# Checks that this build prints the same bytes as an older one (a redesign changes no
# behaviour): every example, and N generated deals (default 10,000) as CSV, JSON Lines and
# TOML, scored in every output format and language, with --explain and --summary, and
# compared between profiles; also a bad archive (the error and the exit code).
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
check() {
  runs=$((runs + 1))
  local o n oc nc
  o=$("$old" "$@" 2>&1) && oc=0 || oc=$?
  n=$("$new" "$@" 2>&1) && nc=0 || nc=$?
  if [ "$o" != "$n" ] || [ "$oc" != "$nc" ]; then
    differ=$((differ + 1))
    echo "DIFFERS: doko $* (exit $oc -> $nc)"
    diff <(printf '%s\n' "$o") <(printf '%s\n' "$n") | head -6 || true
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
  done
done
echo "$runs commands, $differ differ"
[ "$differ" -eq 0 ]
