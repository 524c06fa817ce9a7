#!/usr/bin/env bash
# Reads the running desktop game's accessibility tree through AT-SPI, as Orca would: starts the
# game on a virtual X display inside a private D-Bus session with the AT-SPI bus and registry,
# plays three moves, dumps the tree with pyatspi, and checks that its Board table equals the
# board the game saved. Prints the tree.
#   tools/atspi-check.sh [BINARY]     (default: target/release/g2048)
# Needs Debian's xvfb, xdotool, dbus-x11, at-spi2-core and python3-pyatspi; installs them if
# missing.
set -euo pipefail
binary=$(realpath "${1:-${CARGO_TARGET_DIR:-target}/release/g2048}")
missing=()
for tool in Xvfb:xvfb xdotool:xdotool dbus-run-session:dbus-x11 /usr/libexec/at-spi-bus-launcher:at-spi2-core; do
  command -v "${tool%%:*}" >/dev/null || [[ -x ${tool%%:*} ]] || missing+=("${tool#*:}")
done
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || missing+=(python3-pyatspi)
compgen -G '/usr/share/vulkan/icd.d/lvp_icd.*.json' >/dev/null || missing+=(mesa-vulkan-drivers libvulkan1)
if ((${#missing[@]})); then
  echo "atspi-check.sh: installing ${missing[*]}" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
work=$(mktemp -d)
display=":$((200 + RANDOM % 300))"
Xvfb "$display" -screen 0 900x1000x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
sleep 1.5

cat >"$work/dump.py" <<'PY'
import json, sys, pyatspi
def walk(node, depth, out, cells):
    role, name = node.getRoleName(), node.name or ''
    out.append('  ' * depth + f'{role}: {name}')
    if role == 'table cell':
        cells.append(0 if name == 'empty' else int(name))
    for i in range(node.childCount):
        walk(node.getChildAtIndex(i), depth + 1, out, cells)
desktop = pyatspi.Registry.getDesktop(0)
out, cells = [], []
for i in range(desktop.childCount):
    walk(desktop.getChildAtIndex(i), 0, out, cells)
print('\n'.join(out))
saved = json.load(open(sys.argv[1]))['data']['tiles']
if cells != saved:
    sys.exit(f'atspi-check: the tree shows {cells}, the game saved {saved}')
print(f'atspi-check: the Board table equals the saved board ({len(cells)} cells)')
PY

cat >"$work/run.sh" <<RUN
set -euo pipefail
export DISPLAY=$display
/usr/libexec/at-spi-bus-launcher --launch-immediately &
sleep 2
for property in IsEnabled ScreenReaderEnabled; do
  dbus-send --session --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
    string:org.a11y.Status string:\$property variant:boolean:true
done
"$binary" --data-dir "$work/data" --seed 4 >"$work/game.log" 2>&1 &
game=\$!
sleep 10
window=\$(xdotool search --onlyvisible --name . | tail -1)
xdotool windowfocus --sync "\$window"
for key in Left Down Right; do xdotool key \$key; sleep 0.5; done
sleep 2
status=0
/usr/bin/python3 "$work/dump.py" "$work/data/game-4x4-2048.json" || status=\$?
kill \$game
exit \$status
RUN
dbus-run-session -- bash "$work/run.sh" 2> >(grep -v 'dbus-daemon\|SpiRegistry\|dbind\|GetItems\|^$' >&2)
