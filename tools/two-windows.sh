#!/usr/bin/env bash
# Two windows of the real game on one data folder, under Xvfb, played in turns with real keys:
# window A (--seed 11) plays about 14 moves, window B (--seed 22) two; A starts a new game, then
# B does (R, then R again to confirm). Checks that the history then holds both windows' games
# as far as they went and that BEST is the higher of their scores, and that B was told A plays
# the board. Prints the history.
#   tools/two-windows.sh [BINARY]     (default: target/release/g2048)
# Needs Debian's xvfb, xdotool and mesa-vulkan-drivers; installs them if missing.
set -euo pipefail
binary=$(realpath "${1:-${CARGO_TARGET_DIR:-target}/release/g2048}")
missing=()
for tool in Xvfb:xvfb xdotool:xdotool; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
done
compgen -G '/usr/share/vulkan/icd.d/lvp_icd.*.json' >/dev/null || missing+=(mesa-vulkan-drivers libvulkan1)
if ((${#missing[@]})); then
  echo "two-windows.sh: installing ${missing[*]}" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
work=$(mktemp -d)
data=$work/data
source "$(dirname "$0")/xvfb.sh"
start_xvfb 1100x800x24
pids=()
cleanup() { kill "${pids[@]}" "$xvfb" 2>/dev/null; rm -rf "$work"; true; }
trap cleanup EXIT
export DISPLAY=$display

# start NAME SEED: a window on the shared folder; waits (a minute and a half at most: a debug
# build under software rendering starts slowly) for it to show, and sets $window.
start() {
  "$binary" --data-dir "$data" --seed "$2" >"$work/$1.log" 2>&1 &
  pids+=($!)
  window=
  for _ in $(seq 90); do
    window=$(xdotool search --onlyvisible --pid "${pids[-1]}" 2>/dev/null | tail -1) && [[ -n $window ]] && break
    sleep 1
  done
  [[ -n $window ]] || { echo "two-windows.sh: window $1 did not show" >&2; cat "$work/$1.log" >&2; exit 1; }
  sleep 3
}
# keys WINDOW KEY...: focuses the window (no window manager runs) and types, a key at a time.
keys() {
  local window=$1
  shift
  xdotool windowfocus --sync "$window"
  sleep 1
  for key in "$@"; do
    xdotool key "$key"
    sleep 0.4
  done
  sleep 1.5
}

start A 11
a=$window
start B 22
b=$window
keys "$a" Left Up Right Down Left Up Right Down Left Up Right Down Left Up Right Down
keys "$b" Left Down
keys "$a" r r
keys "$b" r r
kill "${pids[@]}"
wait "${pids[@]}" 2>/dev/null || true

# B knew A plays the board (the history is checked either way: it is what the player keeps).
told=$(grep -h -m1 -o "another window plays.*" "$work/B.log" || true)
if [[ -n $told ]]; then
  echo "two-windows.sh: B logged \"$told\""
else
  echo "two-windows.sh: B did not log that another window plays the board" >&2
fi
/usr/bin/python3 - "$data" <<'PY'
import json, sys
data = sys.argv[1]
games = json.load(open(f'{data}/games.json'))['data']
best = json.load(open(f'{data}/best.json'))['data']
for g in games:
    print(f"two-windows.sh: history: seed {g['seed']}, {g['moves']} moves, score {g['score']}")
by_seed = {g['seed']: g for g in games}
if 11 not in by_seed or 22 not in by_seed:
    sys.exit(f'two-windows.sh: the history lacks a window\'s game: seeds {list(by_seed)}')
a, b = by_seed[11], by_seed[22]
if a['moves'] < 10 or b['moves'] < 1:
    sys.exit(f'two-windows.sh: the games did not go as far as played: A {a["moves"]}, B {b["moves"]} moves')
high = max(a['score'], b['score'])
if best.get('4') != high:
    sys.exit(f'two-windows.sh: BEST is {best.get("4")}, the higher score was {high}')
print(f"two-windows.sh: both games are in the history (A {a['moves']} moves, score {a['score']}; "
      f"B {b['moves']} moves, score {b['score']}), BEST {best['4']} is the higher score")
PY
[[ -n $told ]]
