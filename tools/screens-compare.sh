#!/usr/bin/env bash
# Compares two folders of tools/screens-shot.sh: for each shot, how many pixels differ by more
# than 2 % (ImageMagick's `compare -fuzz 2% -metric AE`), and a picture of the difference
# (DIFF_DIR/NAME.png, red where they differ) to look at beside the pair.
#
#   tools/screens-compare.sh BEFORE_DIR AFTER_DIR [DIFF_DIR]
set -euo pipefail
before=$1 after=$2 diff=${3:-$2/diff}
mkdir -p "$diff"
printf '%-28s %10s %10s\n' shot pixels differing
for a in "$before"/*.png; do
  name=$(basename "$a") b=$after/$(basename "$a")
  [[ -e $b ]] || { printf '%-28s missing in %s\n' "$name" "$after"; continue; }
  n=$(compare -fuzz 2% -metric AE "$a" "$b" "$diff/$name" 2>&1 >/dev/null || true)
  total=$(identify -format '%[fx:w*h]' "$a")
  printf '%-28s %10s %10s\n' "$name" "$total" "$n"
done
