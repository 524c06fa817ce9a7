#!/bin/sh
# Adds 2048 to the desktop's menu for this user: its entry starts the game from this folder.
# Run it from the unpacked folder (again after moving the folder). Writes
# ~/.local/share/applications/g2048.desktop and the icon beside other programs' icons;
# nothing else, and nothing needs root.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$here/g2048" ]; then
  echo "install-launcher.sh: no g2048 beside this script in $here" >&2
  exit 1
fi
# A menu entry's Exec names the game in double quotes, where ", `, $ and \ would need escapes
# that launchers read differently; a line break cannot be written at all.
case $here in
  *'"'* | *'`'* | *'$'* | *'\'* | *'
'*)
    echo "install-launcher.sh: the folder's name holds a quote, \`, \$, \\ or a line break, which a menu entry cannot name; move it and run this again" >&2
    exit 1
    ;;
esac
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/icons/hicolor/256x256/apps"
cp "$here/g2048.png" "$data/icons/hicolor/256x256/apps/g2048.png"
# The path as it is (awk takes it from the environment, untouched), each % doubled: a lone % starts
# a field code in Exec.
GAME="$here/g2048" awk '/^Exec=/ { path = ENVIRON["GAME"]; gsub(/%/, "%%", path); print "Exec=\"" path "\""; next } { print }' \
  "$here/g2048.desktop" >"$data/applications/g2048.desktop"
echo "2048 is in the menu; it starts $here/g2048"
