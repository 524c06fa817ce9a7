#!/usr/bin/env bash
# Reads the running desktop game's accessibility tree through AT-SPI, as Orca would: starts the
# game on a virtual X display inside a private D-Bus session with the AT-SPI bus and registry,
# plays three moves, dumps the tree with pyatspi, and checks that its Board table equals the
# board the game saved; then opens the options and checks they are a dialog with buttons, the
# current choices pressed. Prints the tree. A stand-in desktop portal on the same bus says
# "reduced motion", then changes its mind: the game must log both (src/view/motion/portal.rs).
#   tools/atspi-check.sh [BINARY]     (default: target/release/g2048)
# ATSPI_BUS_LAUNCHER names another bus launcher (default /usr/libexec/at-spi-bus-launcher): a
# wrapper that sleeps before it execs the real one shows the check waits for the bus.
# Needs Debian's xvfb, xdotool, dbus-x11, at-spi2-core and python3-pyatspi; installs them if
# missing.
set -euo pipefail
binary=$(realpath "${1:-${CARGO_TARGET_DIR:-target}/release/g2048}")
launcher=${ATSPI_BUS_LAUNCHER:-/usr/libexec/at-spi-bus-launcher}
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
source "$(dirname "$0")/xvfb.sh"
start_xvfb 900x1000x24
trap 'kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT

cat >"$work/dump.py" <<'PY'
# dump.py SAVED_GAME [DIALOG]: prints the tree; checks the Board table against the saved game,
# and, given DIALOG, that a dialog of that name is there with its buttons and their states.
import json, sys, pyatspi
def walk(node, depth, out, cells, dialogs):
    role, name = node.getRoleName(), node.name or ''
    states = node.getState()
    mark = ' [pressed]' if states.contains(pyatspi.STATE_PRESSED) or states.contains(pyatspi.STATE_CHECKED) else ''
    out.append('  ' * depth + f'{role}: {name}{mark}')
    if role == 'table cell':
        cells.append(0 if name == 'empty' else int(name))
    if role == 'dialog' and name:
        dialogs[name] = [node.getChildAtIndex(i) for i in range(node.childCount)]
    for i in range(node.childCount):
        walk(node.getChildAtIndex(i), depth + 1, out, cells, dialogs)
desktop = pyatspi.Registry.getDesktop(0)
out, cells, dialogs = [], [], {}
for i in range(desktop.childCount):
    walk(desktop.getChildAtIndex(i), 0, out, cells, dialogs)
print('\n'.join(out))
saved = json.load(open(sys.argv[1]))['data']['tiles']
if cells != saved:
    sys.exit(f'atspi-check: the tree shows {cells}, the game saved {saved}')
print(f'atspi-check: the Board table equals the saved board ({len(cells)} cells)')
if len(sys.argv) > 2:
    want = sys.argv[2]
    if want not in dialogs:
        sys.exit(f'atspi-check: no dialog "{want}" in the tree (dialogs: {list(dialogs)})')
    buttons = [b for b in dialogs[want] if 'button' in b.getRoleName()]
    pressed = [b.name for b in buttons if b.getState().contains(pyatspi.STATE_PRESSED) or b.getState().contains(pyatspi.STATE_CHECKED)]
    if not buttons:
        sys.exit(f'atspi-check: the dialog "{want}" has no buttons')
    print(f'atspi-check: dialog "{want}" with {len(buttons)} buttons, on: {pressed}')
PY
# A stand-in for the desktop portal's Settings: reduced-motion is 1 until SIGUSR1, then 0 (and
# SettingChanged says so), as when a player turns the setting off while the game runs.
cat >"$work/portal.py" <<'PY'
import signal
from gi.repository import Gio, GLib
XML = """<node><interface name="org.freedesktop.portal.Settings">
<method name="ReadOne"><arg type="s" direction="in"/><arg type="s" direction="in"/>
<arg type="v" direction="out"/></method>
<signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
</interface></node>"""
PATH, IFACE = '/org/freedesktop/portal/desktop', 'org.freedesktop.portal.Settings'
settings = {('org.freedesktop.appearance', 'reduced-motion'): 1}
bus = None
def call(conn, sender, path, iface, method, params, invocation):
    key = tuple(params.unpack())
    if key in settings:
        invocation.return_value(GLib.Variant('(v)', (GLib.Variant('u', settings[key]),)))
    else:
        invocation.return_dbus_error('org.freedesktop.portal.Error.NotFound', 'no such setting')
def acquired(conn, name):
    global bus
    bus = conn
    conn.register_object(PATH, Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], call, None, None)
def turn_off():
    settings[('org.freedesktop.appearance', 'reduced-motion')] = 0
    bus.emit_signal(None, PATH, IFACE, 'SettingChanged',
                    GLib.Variant('(ssv)', ('org.freedesktop.appearance', 'reduced-motion', GLib.Variant('u', 0))))
    return True
Gio.bus_own_name(Gio.BusType.SESSION, 'org.freedesktop.portal.Desktop', 0, acquired, None, None)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, turn_off)
GLib.MainLoop().run()
PY

cat >"$work/run.sh" <<RUN
set -euo pipefail
export DISPLAY=$display
# A desktop session's runtime folder (logind gives each login one). Without it the bus launcher
# puts the AT-SPI bus under ~/.cache/at-spi, and the game's AccessKit asked for that bus's
# address but never connected to it (seen with strace and dbus-monitor, 2026-12-01).
export XDG_RUNTIME_DIR=$work/runtime
mkdir -m 700 "\$XDG_RUNTIME_DIR"
"$launcher" --launch-immediately &
# Waits (a minute at most) for the launcher to own org.a11y.Bus, turns on the two properties a
# screen reader turns on, and reads them back: a Set sent before the launcher serves is lost,
# and the game then never joins the registry (on a machine where the launcher had never run,
# two seconds were not enough).
on_session() { dbus-send --session --print-reply "\$@" 2>/dev/null; }
property() {
  on_session --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Get \
    string:org.a11y.Status string:\$1 | grep -q 'boolean true'
}
owned= enabled=
for _ in \$(seq 120); do
  if on_session --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
       string:org.a11y.Bus | grep -q 'boolean true'; then
    owned=yes
    for name in IsEnabled ScreenReaderEnabled; do
      on_session --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
        string:org.a11y.Status string:\$name variant:boolean:true >/dev/null || true
    done
    property IsEnabled && property ScreenReaderEnabled && { enabled=yes; break; }
  fi
  sleep 0.5
done
if [[ -z \$owned ]]; then
  echo "atspi-check: $launcher did not take org.a11y.Bus on the session bus within 60 s" >&2
  exit 1
elif [[ -z \$enabled ]]; then
  echo "atspi-check: org.a11y.Status IsEnabled and ScreenReaderEnabled, set true, do not read back true after 60 s" >&2
  exit 1
fi
echo "atspi-check: the AT-SPI bus is up, IsEnabled and ScreenReaderEnabled read back true"
address=\$(on_session --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress | sed -n 's/^ *string "\\(.*\\)"\$/\\1/p')
# The registry starts on demand: ask the AT-SPI bus to start it, and wait for it to own its name.
registry=
for _ in \$(seq 60); do
  dbus-send --bus="\$address" --print-reply --dest=org.freedesktop.DBus / \
    org.freedesktop.DBus.StartServiceByName string:org.a11y.atspi.Registry uint32:0 \
    >/dev/null 2>&1 || true
  dbus-send --bus="\$address" --print-reply --dest=org.freedesktop.DBus / \
    org.freedesktop.DBus.NameHasOwner string:org.a11y.atspi.Registry 2>/dev/null \
    | grep -q 'boolean true' && { registry=yes; break; }
  sleep 0.5
done
[[ -n \$registry ]] || { echo "atspi-check: no org.a11y.atspi.Registry on the AT-SPI bus (\$address) after 30 s" >&2; exit 1; }
echo "atspi-check: the registry runs on the AT-SPI bus"
/usr/bin/python3 "$work/portal.py" &
portal=\$!
sleep 1
"$binary" --data-dir "$work/data" --seed 4 >"$work/game.log" 2>&1 &
game=\$!
# Waits (polled, a minute at most: a debug build under load starts slowly) for the window, then
# for the tree to answer what is asked.
window=
for _ in \$(seq 60); do
  window=\$(xdotool search --onlyvisible --name . 2>/dev/null | tail -1) && [[ -n \$window ]] && break
  sleep 1
done
[[ -n \$window ]] || { echo "atspi-check: no window after 60 s" >&2; cat "$work/game.log" >&2; exit 1; }
sleep 3
xdotool windowfocus --sync "\$window"
for key in Left Down Right; do xdotool key \$key; sleep 0.5; done
check() {
  for _ in \$(seq 20); do
    /usr/bin/python3 "$work/dump.py" "$work/data/game-4x4-2048.json" "\$@" >"$work/tree.txt" 2>&1 && return 0
    sleep 1
  done
  cat "$work/tree.txt"
  return 1
}
status=0
check || status=1
cat "$work/tree.txt"
# The options, opened with their key: a dialog whose choices say which are on.
xdotool key o
check Options || status=1
grep -A3 'dialog: Options' "$work/tree.txt" | head -4
tail -1 "$work/tree.txt"
# The portal's reduced-motion setting: read when the window opened, followed when it changed.
kill -USR1 \$portal
sleep 2
for said in 'reduced motion: true' 'reduced motion: false'; do
  if grep -q "\$said" "$work/game.log"; then
    echo "atspi-check: the game logged \"the desktop asks for \$said\""
  else
    echo "atspi-check: the game did not log \"\$said\" from the portal" >&2
    status=1
  fi
done
kill \$game \$portal
exit \$status
RUN
dbus-run-session -- bash "$work/run.sh" 2> >(grep -v 'dbus-daemon\|SpiRegistry\|dbind\|GetItems\|^$' >&2)
