#!/usr/bin/env bash
# Counts instructions (callgrind, one run each: the counts do not depend on what else the
# machine does) for the measures of issue 33, on archives from `doko generate --seed 1`
# with their bids:
#   - the bare CSV read of the same file (../shared/tools/csvbase, or CSVBASE=path: the csv
#     crate reading every record and touching every byte, nothing else);
#   - `score --summary --format json --jobs 1`, and its ratio to the bare read (goal: 1.8 x);
#   - `compare --summary --variants ddv,ja-online,ja-classic --jobs 1`, and its ratio to
#     `score` (goal: 1.6 x);
#   - `generate --format csv`, per deal (goal: 10,000);
#   - `analyze` of two deals: instructions a position the solver searched.
# Needs valgrind (Debian package: valgrind).
# Usage: benches/instructions.sh [DEALS...]   (default: 5000 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind (Debian package: valgrind)" >&2; exit 1; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(5000 20000)
# The fastest build (Cargo.toml's `fast` profile), as the README's figures.
cargo build --profile fast -q
doko=./target/fast/doko
base=${CSVBASE:-}
if [ -z "$base" ]; then
  src=../shared/tools/csvbase
  [ -d "$src" ] || { echo "set CSVBASE to a bare CSV reader (../shared/tools/csvbase not found)" >&2; exit 1; }
  (cd "$src" && CARGO_TARGET_DIR="$OLDPWD/target/csvbase" cargo build --release -q)
  base=./target/csvbase/release/csvbase
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
count() {
  valgrind --tool=callgrind --callgrind-out-file="$dir/cg.out" "$@" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-44s %8s %14s %12s\n' "work" "deals" "instructions" "per deal"
row() { printf '%-44s %8d %14d %12d\n' "$1" "$2" "$3" $(( $3 / $2 )); }
for n in "${sizes[@]}"; do
  "$doko" generate --deals "$n" --seed 1 > "$dir/a.csv"
  b=$(count "$base" "$dir/a.csv")
  s=$(count "$doko" score "$dir/a.csv" --summary --format json --jobs 1)
  c=$(count "$doko" compare "$dir/a.csv" --variants ddv,ja-online,ja-classic --summary --format json --jobs 1)
  row "bare CSV read" "$n" "$b"
  row "score --summary --jobs 1" "$n" "$s"
  row "compare --summary (3 profiles) --jobs 1" "$n" "$c"
  awk -v s="$s" -v b="$b" -v c="$c" -v n="$n" 'BEGIN {
    printf "  %d deals: score is %.3f x the bare read (goal 1.8), compare %.3f x score (goal 1.6)\n", n, s / b, c / s }'
done
n=${sizes[-1]}
g=$(count "$doko" generate --deals "$n" --seed 1 --format csv)
row "generate --format csv" "$n" "$g"
echo "  generate: $(( g / n )) instructions a deal (goal 10,000)"
# The double-dummy analysis (issue 70): two generated deals, 500,000 positions each at
# most, every card's values; instructions a position searched.
"$doko" generate --deals 2 --seed 1 > "$dir/two.csv"
a=$(count "$doko" analyze "$dir/two.csv" --format json --limit 500000 --jobs 1)
p=$("$doko" analyze "$dir/two.csv" --format json --limit 500000 --jobs 1 \
  | python3 -c 'import json,sys; print(sum(d["positions"] for d in json.load(sys.stdin)["deals"]))')
row "analyze --limit 500000 --jobs 1" 2 "$a"
echo "  analyze: $p positions, $(( a / p )) instructions a position"
