#!/usr/bin/env bash
# Generates an archive of N deals (default 1,000,000) and times `doko score --summary` and
# `doko compare` with three profiles on it: deals per second (of CPU time, one core) and
# peak memory. Two builds are timed: `cargo build --release`, and the same code built with
# profile-guided optimisation (benches/pgo.sh; skipped with PGO=0). Each command of each
# build runs R times (default 5), all of them taking turns; the best and the median run
# are reported (a shared machine's timings vary from run to run).
# Usage: benches/archive.sh [N] [R]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
runs=${2:-5}
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian package: time)" >&2; exit 1; }
cargo build --release -q
builds="release"
bin_release=./target/release/doko
if [ "${PGO:-1}" != 0 ]; then
  bin_pgo=$(benches/pgo.sh | tail -1)
  builds="release pgo"
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
./target/release/doko generate --deals "$n" --seed 7 > "$dir/archive.csv"
echo "archive: $n deals, $(du -h "$dir/archive.csv" | cut -f1), $runs runs of each command"
run() {
  local label=$1 bin=$2; shift 2
  /usr/bin/time -f "%U %M" -o "$dir/t" "$bin" "$@" > /dev/null
  cat "$dir/t" >> "$dir/$label"
}
for _ in $(seq "$runs"); do
  for b in $builds; do
    bin_var=bin_$b
    run "score-$b" "${!bin_var}" score "$dir/archive.csv" --summary
    run "compare-$b" "${!bin_var}" compare "$dir/archive.csv" --variants ddv,ja-online,ja-classic --summary
  done
done
report() {
  local label=$1 title=$2
  sort -n "$dir/$label" | awk -v l="$title" -v n="$n" '
    { u[NR] = $1; if ($2 > m) m = $2 }
    END {
      best = u[1]; med = u[int((NR + 1) / 2)]
      printf "%-34s best %5.2f s (%7.0f deals/s)  median %5.2f s (%7.0f deals/s)  peak %5.1f MB\n",
        l, best, n / (best > 0 ? best : 1), med, n / (med > 0 ? med : 1), m / 1024
    }'
}
median() { sort -n "$dir/$1" | awk '{ u[NR] = $1 } END { print u[int((NR + 1) / 2)] }'; }
for b in $builds; do
  report "score-$b" "score --summary ($b)"
  report "compare-$b" "compare --summary, 3 profiles ($b)"
  awk -v a="$(median "score-$b")" -v c="$(median "compare-$b")" -v b="$b" \
    'BEGIN { printf "compare / score (%s, medians): %.2f\n", b, c / a }'
done
