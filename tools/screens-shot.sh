#!/usr/bin/env bash
# Shoots every screen in the three themes, at one scale factor, for a pixel comparison of two
# builds (docs/design.md, "Light frames"):
#
#   tools/screens-shot.sh BINARY OUT_DIR [SCALE]
#
# Each shot is a fresh data folder whose options.json picks the theme, the same seed and the same
# moves, then the screen's key, through tools/window-shot.sh (Xvfb, Mesa's software Vulkan).
# Compare two folders with `tools/screens-compare.sh A B`.
set -euo pipefail
bin=$(realpath "$1") out=$2 scale=${3:-1}
shot=$(dirname "$0")/window-shot.sh
mkdir -p "$out"
moves="Left Up Right Down Left Up"
for theme in light dark high-contrast; do
  for screen in game:"" confirm:r options:o history:g stats:n replay:v coach:x race:m; do
    name=${screen%%:*} key=${screen#*:}
    data=$(mktemp -d)
    printf '{"version":1,"data":{"size":4,"target":2048,"theme":"%s","motion":"system","coach":false,"language":"en"}}' \
      "$theme" >"$data/options.json"
    WINIT_X11_SCALE_FACTOR=$scale "$shot" --wait "${SHOT_WAIT:-6}" --keys "$moves $key" \
      --size "$((500 * scale))x$((700 * scale))" \
      "$out/$theme-$name.png" -- "$bin" --seed 7 --data-dir "$data" >/dev/null
    rm -rf "$data"
  done
done
echo "screens-shot: $(ls "$out"/*.png | wc -l) shots in $out"
