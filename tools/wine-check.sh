#!/usr/bin/env bash
# Runs the Windows .exe under Wine, as a player's first steps would: `--version`, a bad flag's
# exit code 2, then the window in Wine's virtual desktop on Xvfb (Vulkan through Mesa's
# lavapipe, WGPU_BACKEND=vulkan), three keys, a screenshot, and the saves in --data-dir.
#   tools/wine-check.sh EXE [SCREENSHOT.png]
# Needs Debian's wine, xvfb, xdotool, imagemagick, mesa-vulkan-drivers, gcc-mingw-w64-x86-64
# (for the stand-in bcryptprimitives.dll that Wine 8.0 lacks: tools/wine/bcryptprimitives.c,
# placed beside a copy of the .exe for this check only).
set -euo pipefail
exe=$(realpath "$1")
shot=${2:-wine-shot.png}
work=$(mktemp -d)
export WINEPREFIX=$work/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
cp "$exe" "$work/g2048.exe"
x86_64-w64-mingw32-gcc -O2 -shared -o "$work/bcryptprimitives.dll" \
  "$(dirname "$0")/wine/bcryptprimitives.c" -ladvapi32
source "$(dirname "$0")/xvfb.sh"
start_xvfb 1000x1000x24
trap 'wineserver -k 2>/dev/null; kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
export DISPLAY=$display
wineboot -i >/dev/null 2>&1 || true
cd "$work"

fail() { echo "wine-check.sh: FAIL: $1" >&2; exit 1; }
version=$(timeout 120 wine g2048.exe --version 2>/dev/null | tr -d '\r')
echo "wine-check.sh: g2048.exe --version: $version"
[[ $version == g2048\ * ]] || fail "--version printed \"$version\""
set +e
timeout 120 wine g2048.exe --size 9 >"$work/bad.out" 2>&1
code=$?
set -e
echo "wine-check.sh: g2048.exe --size 9: exit $code: $(grep -m1 -i 'size' "$work/bad.out" | tr -d '\r')"
[[ $code == 2 ]] || fail "--size 9 exited $code, not 2"

WGPU_BACKEND=vulkan wine explorer /desktop=g2048,900x900 g2048.exe --data-dir 'Z:'"${work//\//\\}"'\data' --seed 7 \
  >"$work/game.log" 2>&1 &
game=$!
# The game draws inside Wine's desktop, one X window: wait for it, give the game time to start
# (software Vulkan under Wine), then type into it.
desktop=
for _ in $(seq 120); do
  desktop=$(xdotool search --onlyvisible --name 'Wine desktop' 2>/dev/null | tail -1) && [[ -n $desktop ]] && break
  sleep 1
done
[[ -n $desktop ]] || { tail -20 "$work/game.log" >&2; fail "no Wine desktop in two minutes"; }
sleep "${WINE_START_S:-40}"
xdotool windowactivate --sync "$desktop" 2>/dev/null || xdotool windowfocus "$desktop"
# A click on the page below the board (it does nothing there) gives the game's window the keys.
xdotool mousemove --window "$desktop" 250 672 click 1
sleep 1
for key in Left Up Right; do
  xdotool key "$key"
  sleep 1.5
done
sleep 3
import -window root "$shot"
echo "wine-check.sh: screenshot $shot"
saved=$(find "$work/data" -maxdepth 1 -type f -printf '%f ' 2>/dev/null)
echo "wine-check.sh: saves in --data-dir: $saved"
[[ $saved == *game-4x4-2048.json* ]] || fail "no game-4x4-2048.json in --data-dir"
kill $game 2>/dev/null || true
echo "wine-check.sh: ok"
