#!/usr/bin/env bash
# Builds the offline web app into web/dist: index.html, doko.js (the page's side), doko.wasm
# (the engine and its page, as WebAssembly), the web app manifest, its icons (an SVG, and
# the PNG an iPhone's home screen asks for: apple-touch-icon.png, 180 px) and the service
# worker that keeps them all for use without a network.
#
# Needs: the Rust target (`rustup target add wasm32-unknown-unknown`) and Node.js with npm,
# for the one build tool, Binaryen's wasm-opt, pinned in package.json and package-lock.json
# (installed from the npm registry into web/node_modules; nothing else is fetched).
# Usage: web/build.sh
set -euo pipefail
cd "$(dirname "$0")"

# The workspace's `web` profile (the root Cargo.toml: small, fat LTO, panics abort), into
# the workspace's target directory.
cargo build --profile web --locked --target wasm32-unknown-unknown -p doko-web
target=${CARGO_TARGET_DIR:-../target}
if [ ! -x node_modules/.bin/wasm-opt ]; then
  npm ci --silent --no-audit --no-fund
fi

rm -rf dist
mkdir -p dist
cp app/index.html app/doko.js app/manifest.webmanifest app/icon.svg app/apple-touch-icon.png dist/
node_modules/.bin/wasm-opt -Oz \
  --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  "$target/wasm32-unknown-unknown/web/doko_web.wasm" -o dist/doko.wasm

# The cache's name comes from the files: a new build is a new cache.
version=$(cat dist/index.html dist/doko.js dist/doko.wasm dist/manifest.webmanifest dist/icon.svg dist/apple-touch-icon.png app/sw.js \
  | sha256sum | cut -c1-16)
sed "s/@VERSION@/$version/" app/sw.js > dist/sw.js

size=$(wc -c < dist/doko.wasm)
if [ "$size" -gt 2000000 ]; then
  echo "web/build.sh: doko.wasm is $size bytes, more than 2,000,000" >&2
  exit 1
fi
echo "web/dist: doko.wasm $size bytes ($(gzip -9 -c dist/doko.wasm | wc -c) gzipped), cache $version"
