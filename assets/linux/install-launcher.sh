#!/bin/sh
# Adds 2048 to the desktop's menu for this user: its entry starts the game from this folder.
# Run it from the unpacked folder (again after moving the folder). Writes
# ~/.local/share/applications/g2048.desktop and the icon beside the other users' icons;
# nothing else, and nothing needs root.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$here/g2048" ]; then
  echo "install-launcher.sh: no g2048 beside this script in $here" >&2
  exit 1
fi
case $here in
  *'"'* | *'`'* | *'$'* | *'\'*)
    echo "install-launcher.sh: the folder's name holds a quote, \`, \$ or \\, which a menu entry cannot name; move it and run this again" >&2
    exit 1
    ;;
esac
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/icons/hicolor/256x256/apps"
cp "$here/g2048.png" "$data/icons/hicolor/256x256/apps/g2048.png"
sed "s|^Exec=.*|Exec=\"$here/g2048\"|" "$here/g2048.desktop" >"$data/applications/g2048.desktop"
echo "2048 is in the menu; it starts $here/g2048"
