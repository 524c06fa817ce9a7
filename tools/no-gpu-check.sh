#!/usr/bin/env bash
# The game on a display with no graphics driver (Xvfb, and a Vulkan loader pointed at no driver)
# must say so in one line and exit with code 4 (g2048::fatal::NO_GPU), not panic, and write
# no save.
#   tools/no-gpu-check.sh [BINARY]     (default: target/release/g2048)
# Needs Debian's xvfb; installs it if missing.
set -euo pipefail
binary=$(realpath "${1:-${CARGO_TARGET_DIR:-target}/release/g2048}")
command -v Xvfb >/dev/null || {
  echo "no-gpu-check.sh: installing xvfb" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xvfb >/dev/null
}
work=$(mktemp -d)
source "$(dirname "$0")/xvfb.sh"
start_xvfb 900x900x24
trap 'kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
set +e
DISPLAY=$display VK_ICD_FILENAMES=$work/none.json VK_DRIVER_FILES=$work/none.json \
  timeout 120 "$binary" --data-dir "$work/data" --seed 5 >"$work/out.log" 2>&1
code=$?
set -e
said=$(grep '^g2048:' "$work/out.log" || true)
echo "no-gpu-check.sh: exit $code; $said"
fail() { echo "no-gpu-check.sh: FAIL: $1" >&2; cat "$work/out.log" >&2; exit 1; }
[[ $code == 4 ]] || fail "exit code $code, not 4"
[[ $(grep -c '^g2048:' "$work/out.log") == 1 ]] || fail "not one line of the game's"
grep -q 'cannot draw the game: no graphics driver' "$work/out.log" || fail "the line does not say what is missing"
! grep -q 'panicked\|stack backtrace' "$work/out.log" || fail "a panic's text was printed"
! compgen -G "$work/data/*.json" >/dev/null || fail "a save was written"
echo "no-gpu-check.sh: ok"
