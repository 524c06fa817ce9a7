#!/usr/bin/env bash
# Builds what a player downloads, under release/VERSION/ (VERSION from Cargo.toml):
#   g2048-VERSION-linux-x86_64.tar.gz   the stripped binary, desktop entry, icon, licences, README
#   g2048-VERSION-windows-x86_64.zip    g2048.exe (cross-built, its icon embedded), licences, README
#   g2048-VERSION-web.zip               dist/ for a static host or itch.io's HTML5 upload
#   g2048-VERSION-server-linux-x86_64.tar.gz   the ranked daily's server with the page in web/,
#                                       its systemd unit and the host's guide (docs/hosting.md)
#   g2048-VERSION-macos-universal.dmg   2048.app (arm64 and x86_64 in one binary): on macOS only
#   SHA256SUMS                          of the files above
#   tools/release.sh [linux] [windows] [web] [server] [macos]    (default: linux windows web server)
# The release workflow (.github/workflows/release.yml) runs this same script, one part a job.
# Needs: rustup's x86_64-pc-windows-gnu target and Debian's gcc-mingw-w64-x86-64 for windows
# (installed if missing), zip, and what web/build.sh needs for web.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
out="release/$version"
parts=("$@")
((${#parts[@]})) || parts=(linux windows web server)
mkdir -p "$out"
# In a fresh clone every file is new to cargo, which judges path crates by mtime: date the
# inventory stand-in (which all of bevy depends on) to its last commit, as .ci/run does, so a
# release from a clean checkout reuses a cached build instead of rebuilding bevy. (`touch -t`
# in UTC and `date -d` or BSD's `date -r`: this runs on the macOS runner too.)
if stamp=$(git log -1 --format=%ct -- patches/inventory/src 2>/dev/null) && [[ -n $stamp ]]; then
  when=$(date -u -d "@$stamp" +%Y%m%d%H%M.%S 2>/dev/null || date -u -r "$stamp" +%Y%m%d%H%M.%S)
  TZ=UTC find patches/inventory -exec touch -t "$when" {} +
fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# The players' README: its own head, then docs/playing.md's keys (its tables are made from the
# screens' key tables and checked against them by a test), so the keys are written once.
players_readme() {
  cat assets/release/README-head.md
  echo
  sed -n '/^## Keys$/,/^## Counters and flags$/p' docs/playing.md | sed '$d' |
    sed '/^The tables below are made/,/^$/d'
}

# The licences of the Rust crates compiled into the game (THIRD-PARTY-LICENSES.txt), made once a
# run by cargo-about (installed at a pinned version under ~/.cache/g2048/tools the first time,
# about 2 minutes) from Cargo.lock, for every platform of the downloads: tools/licences/.
about_version=0.9.3
tools="$HOME/.cache/g2048/tools"
third_party="$stage/THIRD-PARTY-LICENSES.txt"
third_party() {
  [[ -s $third_party ]] && return
  if [[ $("$tools/bin/cargo-about" --version 2>/dev/null) != "cargo-about $about_version" ]]; then
    echo "release.sh: installing cargo-about $about_version into $tools"
    cargo install --quiet --locked --force cargo-about --version "$about_version" --features cli \
      --root "$tools"
  fi
  # Every platform's crates, whose licence files it reads (a build fetches its own target's only).
  cargo fetch --locked
  "$tools/bin/cargo-about" generate --offline --locked -c tools/licences/about.toml \
    -o "$third_party" tools/licences/about.hbs
}

# licences DIR: the game's, the crates' it is built from, and in fonts/ the two faces' licences
# (Clear Sans: Apache 2.0; Noto Sans CJK SC: OFL 1.1) under the names their README gives them.
licences() {
  third_party
  cp LICENSE "$1/LICENSE.txt"
  cp "$third_party" "$1/"
  mkdir -p "$1/fonts"
  cp assets/fonts/README.md assets/fonts/LICENSE-Apache-2.0.txt assets/fonts/LICENSE-OFL-1.1.txt \
    "$1/fonts/"
}

# network DIR: the AI's learned evaluation, in ai/ beside the program, where the game looks for
# it (src/main.rs; without it the AI plays by its heuristic and says so once).
network() {
  mkdir -p "$1/ai"
  cp assets/ai/ntuple.g2n "$1/ai/"
}

linux() {
  local name="g2048-$version-linux-x86_64" dir="$stage/g2048-$version-linux-x86_64"
  echo "release.sh: $name.tar.gz"
  cargo build --release --locked
  mkdir -p "$dir"
  cp "$CARGO_TARGET_DIR/release/g2048" "$dir/"
  network "$dir"
  cp assets/linux/g2048.desktop assets/linux/install-launcher.sh "$dir/"
  cargo run --release --locked -p g2048-tools --example icons -- --desktop "$dir" >/dev/null
  licences "$dir"
  players_readme >"$dir/README.md"
  tar -C "$stage" --owner=0 --group=0 -czf "$out/$name.tar.gz" "$name"
}

windows() {
  local name="g2048-$version-windows-x86_64" dir="$stage/g2048-$version-windows-x86_64"
  local target=x86_64-pc-windows-gnu
  echo "release.sh: $name.zip"
  rustup target list --installed | grep -qx "$target" || rustup target add "$target"
  if ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc-mingw-w64-x86-64 >/dev/null
  fi
  cargo build --release --locked --target "$target"
  mkdir -p "$dir"
  cp "$CARGO_TARGET_DIR/$target/release/g2048.exe" "$dir/"
  network "$dir"
  licences "$dir"
  players_readme >"$dir/README.md"
  (cd "$stage" && rm -f "$OLDPWD/$out/$name.zip" && zip -qr "$OLDPWD/$out/$name.zip" "$name")
}

# On macOS only (lipo, iconutil, hdiutil): the release workflow's macOS runner. Not checked on
# Linux, where it cannot run.
macos() {
  local name="g2048-$version-macos-universal" root="$stage/dmg"
  local app="$root/2048.app" iconset="$stage/g2048.iconset"
  echo "release.sh: $name.dmg"
  local targets=(aarch64-apple-darwin x86_64-apple-darwin)
  for target in "${targets[@]}"; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
    cargo build --release --locked --target "$target"
  done
  mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources" "$iconset"
  lipo -create -output "$app/Contents/MacOS/g2048" \
    "$CARGO_TARGET_DIR/${targets[0]}/release/g2048" "$CARGO_TARGET_DIR/${targets[1]}/release/g2048"
  network "$app/Contents/MacOS"
  cargo run --release --locked -p g2048-tools --example icons -- --macos "$iconset" >/dev/null
  iconutil -c icns -o "$app/Contents/Resources/g2048.icns" "$iconset"
  cat >"$app/Contents/Info.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>CFBundleName</key><string>2048</string>
  <key>CFBundleDisplayName</key><string>2048</string>
  <key>CFBundleIdentifier</key><string>org.g2048.game</string>
  <key>CFBundleExecutable</key><string>g2048</string>
  <key>CFBundleIconFile</key><string>g2048</string>
  <key>CFBundlePackageType</key><string>APPL</string>
  <key>CFBundleShortVersionString</key><string>$version</string>
  <key>CFBundleVersion</key><string>$version</string>
  <key>LSApplicationCategoryType</key><string>public.app-category.puzzle-games</string>
  <key>LSMinimumSystemVersion</key><string>11.0</string>
  <key>NSHighResolutionCapable</key><true/>
</dict>
</plist>
PLIST
  licences "$app/Contents/Resources"
  players_readme >"$root/README.md"
  ln -s /Applications "$root/Applications"
  hdiutil create -volname "2048" -srcfolder "$root" -ov -format UDZO "$out/$name.dmg"
}

web() {
  local name="g2048-$version-web" dir="$stage/web"
  echo "release.sh: $name.zip"
  web/build.sh
  # The files at the zip's root, as itch.io's HTML5 upload wants (index.html first level), with
  # the players' README and the licences; the precompressed copies stay out (a host that serves
  # them needs its own rules).
  mkdir -p "$dir"
  (cd dist && tar -cf - --exclude='*.gz' --exclude='*.br' .) | (cd "$dir" && tar -xf -)
  licences "$dir"
  players_readme >"$dir/README.md"
  rm -f "$out/$name.zip"
  (cd "$dir" && zip -qr "$OLDPWD/$out/$name.zip" .)
}

# The whole game for a host: the server, the page it serves (`serve --web web`, the
# precompressed copies kept: it sends them), the systemd unit, and the host's guide.
server() {
  local name="g2048-$version-server-linux-x86_64" dir="$stage/g2048-$version-server-linux-x86_64"
  echo "release.sh: $name.tar.gz"
  cargo build --release --locked -p g2048-server
  [[ -f dist/index.html ]] || web/build.sh
  mkdir -p "$dir/web"
  cp "$CARGO_TARGET_DIR/release/g2048-server" "$dir/"
  (cd dist && tar -cf - .) | (cd "$dir/web" && tar -xf -)
  cp assets/server/g2048-server.service "$dir/"
  cp docs/hosting.md "$dir/README.md"
  licences "$dir"
  tar -C "$stage" --owner=0 --group=0 -czf "$out/$name.tar.gz" "$name"
}

for part in "${parts[@]}"; do
  case $part in
    linux | windows | web | server | macos) "$part" ;;
    *) echo "release.sh: no part named $part (linux, windows, web, server, macos)" >&2; exit 2 ;;
  esac
done
# sha256sum on Linux, shasum on macOS: the same lines.
if command -v sha256sum >/dev/null; then sum=(sha256sum); else sum=(shasum -a 256); fi
(cd "$out" && rm -f SHA256SUMS && "${sum[@]}" g2048-"$version"-* >SHA256SUMS)
ls -l "$out"
