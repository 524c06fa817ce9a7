#!/usr/bin/env bash
# Builds the web version into dist/ (the page, its script and style, the JS glue, the .wasm, the
# manifest, the icons, the service worker, and .br/.gz copies of the large files): a folder any
# static host serves. The .wasm is built against bevy crates patched for it (patches/web/).
# Installs what it needs on first use: the wasm32 target, wasm-bindgen-cli at the exact version
# in Cargo.lock (under ~/.cache/g2048/tools) and npm's binaryen for wasm-opt.
# Nothing is downloaded at run time of the game.
#   web/build.sh            build dist/
#   WASM_MAX_GZIP=2380000 web/build.sh   and fail if the .wasm is larger gzipped (.ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tools=${G2048_TOOLS:-$HOME/.cache/g2048/tools}
target_dir=${CARGO_TARGET_DIR:-$root/target}
dist=$root/dist
say() { printf 'web/build.sh: %s\n' "$*" >&2; }

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown

# The CLI must match the wasm-bindgen crate exactly, or its output does not load.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
[[ -n $version ]] || { say "no wasm-bindgen in Cargo.lock"; exit 1; }
if [[ "$("$tools/bin/wasm-bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]]; then
  say "installing wasm-bindgen-cli $version into $tools (about 2 minutes, once)"
  # Not --locked: the registry here lacks one of its locked dependency versions.
  cargo install --quiet --force wasm-bindgen-cli --version "$version" --root "$tools"
fi

if [[ ! -x web/node_modules/.bin/wasm-opt ]]; then
  say "installing npm packages (binaryen for wasm-opt)"
  (cd web && npm ci --no-audit --no-fund --silent)
fi

# Bevy's crates less the parts this game never draws with, for this build only
# (patches/web/README.md): a copy of each crate's registry source with patches/web/NAME-VERSION.diff
# applied, made once per version of the patch (its folder is named by the patch's hash, so later
# builds find the same files), and given to cargo as a [patch] for this one command.
patched=$target_dir/web-patched
mkdir -p "$patched"
command -v patch >/dev/null || { say "needs the patch tool (Debian: apt-get install patch)"; exit 1; }
sources=$(cargo metadata --format-version 1 --filter-platform wasm32-unknown-unknown | node -e '
  let json = ""; process.stdin.on("data", (d) => json += d).on("end", () => {
    for (const p of JSON.parse(json).packages) if (p.source?.startsWith("registry+"))
      console.log(`${p.name}-${p.version} ${p.manifest_path.replace(/\/Cargo\.toml$/, "")}`);
  });')
patches=()
for diff in patches/web/*.diff; do
  crate=$(basename "$diff" .diff)
  source=$(awk -v c="$crate" '$1 == c { print $2 }' <<<"$sources")
  [[ -n $source ]] || { say "$diff: $crate is not in Cargo.lock (bevy updated? see patches/web/README.md)"; exit 1; }
  copy=$patched/$crate-$(sha256sum "$diff" | cut -c1-12)
  if [[ ! -d $copy ]]; then
    rm -rf "$copy.new" && cp -r "$source" "$copy.new"
    patch --quiet --forward -p1 -d "$copy.new" <"$diff" || { say "$diff does not apply to $source"; exit 1; }
    mv "$copy.new" "$copy"
  fi
  patches+=(--config "patch.crates-io.${crate%-*}.path=\"$copy\"")
done

# Source paths end up in the .wasm (panic locations): shorten the crates' long registry paths.
# (Not the clone's own path: it differs between CI clones and would void the build cache.)
registry=${CARGO_HOME:-$HOME/.cargo}/registry/src
# Given to the .wasm's build only: the icons' native build below shares the tests' build cache.
remap="--remap-path-prefix=$registry=/crates --remap-path-prefix=$patched=/crates"
say "cargo build --profile wasm-release --target wasm32-unknown-unknown (with $((${#patches[@]} / 2)) patched crates)"
# The patches change what cargo resolves, so it rewrites Cargo.lock: keep the project's as it is.
lock=$(mktemp)
cp Cargo.lock "$lock"
trap 'cp "$lock" Cargo.lock; rm -f "$lock"' EXIT
RUSTFLAGS="${RUSTFLAGS:-} $remap" \
  cargo build --profile wasm-release --target wasm32-unknown-unknown --bin g2048 "${patches[@]}"
cp "$lock" Cargo.lock

rm -rf "$dist" && mkdir -p "$dist"
"$tools/bin/wasm-bindgen" --target web --no-typescript --out-dir "$dist" --out-name g2048 \
  "$target_dir/wasm32-unknown-unknown/wasm-release/g2048.wasm"

# Debian's binaryen 108 breaks the output, and --all-features is rejected by Chromium: use npm's
# binaryen with the features the module uses.
say "wasm-opt -Oz"
web/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
  "$dist/g2048_bg.wasm" -o "$dist/g2048_bg.opt.wasm"
mv "$dist/g2048_bg.opt.wasm" "$dist/g2048_bg.wasm"

cp web/index.html web/main.js web/saves.js web/page.css web/favicon.svg web/manifest.webmanifest "$dist/"
# The ranked daily's server, for the host to name (docs/server.md); none by default.
cp web/server.json "$dist/"
# The page's own words, from the game's catalogues (web/words.mjs).
node web/words.mjs assets/i18n > "$dist/words.js"
say "the app's icons (cargo run -p g2048-tools --example icons)"
cargo run --quiet -p g2048-tools --example icons -- "$dist" >/dev/null

# The build's name: a hash of its files. The service worker caches under it (a new build, a new
# cache), and the page carries it, so a test can tell which build it runs.
# (server.json is the host's to edit: not part of the build's name, nor of the worker's cache.)
build=$(cd "$dist" && cat $(ls | grep -vx server.json | sort) | sha256sum | cut -c1-12)
files=$(cd "$dist" && ls | grep -vx server.json | sort | sed 's/.*/"&"/' | paste -sd, -)
sed -i "s/content=\"development\"/content=\"$build\"/" "$dist/index.html"
sed -e "s/^const BUILD = .*/const BUILD = '$build';/" \
    -e "s/^const FILES = .*/const FILES = ['.\/', $files];/" web/sw.js > "$dist/sw.js"
grep -q "const BUILD = '$build'" "$dist/sw.js" && grep -q "content=\"$build\"" "$dist/index.html" \
  || { say "could not write the build's name into sw.js and index.html"; exit 1; }

say "precompressed copies (.br, .gz)"
node web/compress.mjs "$dist"
say "build $build"
node web/sizes.mjs "$dist" ${WASM_MAX_GZIP:+--max-gzip "$WASM_MAX_GZIP"}
