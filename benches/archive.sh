#!/usr/bin/env bash
# Generates an archive of N deals (default 1,000,000) and times `doko score --summary` and
# `doko compare` with three profiles on it: deals per second (of CPU time, one core) and
# peak memory. Usage: benches/archive.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian package: time)" >&2; exit 1; }
cargo build --release -q
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
./target/release/doko generate --deals "$n" --seed 7 > "$dir/archive.csv"
echo "archive: $n deals, $(du -h "$dir/archive.csv" | cut -f1)"
run() {
  local label=$1; shift
  /usr/bin/time -f "%e %U %M" -o "$dir/t" ./target/release/doko "$@" > /dev/null
  read -r wall user mem < "$dir/t"
  awk -v l="$label" -v n="$n" -v w="$wall" -v u="$user" -v m="$mem" \
    'BEGIN { printf "%-28s %6.2f s wall %6.2f s cpu %9.0f deals/s  peak %5.1f MB\n", l, w, u, n / (u > 0 ? u : 1), m / 1024 }'
  echo "$user" > "$dir/$label.cpu"
}
run "score --summary" score "$dir/archive.csv" --summary
run "compare --summary (3)" compare "$dir/archive.csv" --variants ddv,ja-online,ja-classic --summary
awk -v a="$(cat "$dir/score --summary.cpu")" -v b="$(cat "$dir/compare --summary (3).cpu")" \
  'BEGIN { printf "compare / score: %.2f\n", b / a }'
