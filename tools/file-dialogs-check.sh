#!/usr/bin/env bash
# The desktop's Export and Import through a real file dialog (src/files.rs), as a player would:
# the game under Xvfb, with no session bus (so no desktop portal) and zenity, rfd's fallback on
# Linux. First without zenity on the PATH: Export must tell that there is no file dialog. Then
# with it: three moves, the options, Tab to Export, Enter, Enter in zenity's save dialog (the
# name the game offers, in the current folder); the backup must be written and the game must
# say where. Then Tab to Import, the file's path typed into zenity's open dialog; the game must
# say what it imported. Screenshots are left in the work folder.
#   tools/file-dialogs-check.sh BINARY [WORK_DIR]
# Needs Debian's xvfb, xdotool, imagemagick, mesa-vulkan-drivers and zenity (installed if
# missing). Not run by .ci/run: by hand, after a change to src/files.rs (docs/testing.md).
set -euo pipefail
bin=$(realpath "$1")
work=${2:-$(mktemp -d)}
mkdir -p "$work"
work=$(realpath "$work")
need=()
for tool in Xvfb:xvfb xdotool:xdotool import:imagemagick zenity:zenity; do
  command -v "${tool%%:*}" >/dev/null || need+=("${tool#*:}")
done
if ((${#need[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" mesa-vulkan-drivers >/dev/null
fi
fail() { echo "file-dialogs-check: FAIL: $1" >&2; exit 1; }
source "$(dirname "$0")/xvfb.sh"
start_xvfb 900x800x24
game=
trap 'kill $game $xvfb 2>/dev/null || true' EXIT
export DISPLAY=$display
unset DBUS_SESSION_BUS_ADDRESS

# start LOG [PATH]: the game on a fresh data folder, its window found.
start() {
  rm -rf "$work/data"
  PATH=${2:-$PATH} "$bin" --data-dir "$work/data" >"$work/$1" 2>&1 &
  game=$!
  window=
  for _ in $(seq 60); do
    window=$(xdotool search --name '^2048$' 2>/dev/null | head -1) && [[ -n $window ]] && break
    sleep 1
  done
  [[ -n $window ]] || fail "no game window in a minute"
  sleep 6
  xdotool windowfocus "$window" 2>/dev/null
  sleep 0.5
}
keys() { for key in "$@"; do xdotool key --window "$window" "$key"; sleep 0.4; done; }
# tab N: N Tabs from the options' first button (Export is the 31st, Import the 32nd).
tab() { for _ in $(seq "$1"); do keys Tab; done; }
dialog() {
  local found=
  for _ in $(seq 20); do
    found=$(xdotool search --onlyvisible --class zenity 2>/dev/null | tail -1) && [[ -n $found ]] && break
    sleep 0.5
  done
  [[ -n $found ]] || fail "no file dialog came"
  sleep 1
  xdotool windowfocus "$found"
  sleep 0.5
}
stop() { kill "$game" 2>/dev/null || true; wait "$game" 2>/dev/null || true; }

# Without zenity (and no portal): told, nothing written.
start no-dialog.log /usr/sbin:/usr/bin/nonexistent
keys o
tab 31
keys Return
sleep 2
import -window root "$work/no-dialog.png"
stop
echo "file-dialogs-check: without zenity or a portal: see $work/no-dialog.png for the notice"

# With zenity: export, then import what was exported.
cd "$work"
rm -f g2048-backup-*.json
start game.log
keys Left Up Right o
tab 31
keys Return
dialog
xdotool key Return
sleep 3
import -window root "$work/exported.png"
backup=$(ls g2048-backup-*.json 2>/dev/null | head -1)
[[ -n $backup ]] || fail "Export wrote no backup in $work"
grep -q "files.*backup: wrote $work/$backup" "$work/game.log" || fail "the game did not say it wrote $backup"
echo "file-dialogs-check: Export wrote $work/$backup ($(wc -c <"$backup") bytes)"
xdotool windowfocus "$window"
keys Escape o
tab 32
keys Return
dialog
# Ctrl+L opens GTK's location bar, which then takes the whole path.
xdotool key ctrl+l
sleep 0.5
xdotool type "$work/$backup"
sleep 0.5
xdotool key Return
sleep 4
import -window root "$work/imported.png"
grep -q "import: Imported" "$work/game.log" || fail "the picked backup was not imported"
echo "file-dialogs-check: Import: $(grep -o 'Imported.*' "$work/game.log" | head -1)"
stop
echo "file-dialogs-check: ok (screenshots in $work)"
