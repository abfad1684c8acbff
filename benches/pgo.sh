#!/usr/bin/env bash
# Builds doko with profile-guided optimisation (PGO) into target/pgo/<host>/fast/doko
# and prints that path. An instrumented build first scores and compares generated archives
# (every built-in profile, CSV and JSON Lines); llvm-profdata merges what it counted, and a
# second build lays out and inlines the code by those counts. The binary behaves exactly as
# `cargo build --profile fast` builds it (the same code as `cargo test` checks); only its
# speed differs.
# Needs the toolchain's llvm-profdata: `rustup component add llvm-tools` (done here if it
# is missing).
# Usage: benches/pgo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  rustup component add llvm-tools >&2
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# `--target` keeps the flags off build scripts and proc macros.
RUSTFLAGS="-Cprofile-generate=$dir/raw" \
  cargo build --profile fast -q --target "$host" --target-dir target/pgo-gen
gen=target/pgo-gen/$host/fast/doko
$gen generate --deals 100000 --seed 11 > "$dir/ddv.csv"
$gen score "$dir/ddv.csv" --summary > /dev/null
$gen compare "$dir/ddv.csv" --variants ddv,ja-online,ja-classic --summary > /dev/null
$gen score "$dir/ddv.csv" --summary --format json > /dev/null
for f in variants/*.toml; do
  v=$(basename "$f" .toml)
  $gen generate --deals 5000 --seed 12 --variant "$v" > "$dir/$v.csv"
  $gen score "$dir/$v.csv" --summary --variant "$v" > /dev/null
done
$gen generate --deals 5000 --seed 13 --format jsonl > "$dir/ddv.jsonl"
$gen score "$dir/ddv.jsonl" --summary > /dev/null
"$profdata" merge -o "$dir/doko.profdata" "$dir/raw"
RUSTFLAGS="-Cprofile-use=$dir/doko.profdata" \
  cargo build --profile fast -q --target "$host" --target-dir target/pgo
echo "target/pgo/$host/fast/doko"
