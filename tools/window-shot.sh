#!/usr/bin/env bash
# Runs the game (or any windowed program) on a virtual X display with Mesa's software Vulkan,
# types keys into it, saves a screenshot, and can measure its CPU use while it sits idle.
# The screenshots in README.md and docs/, and the idle-CPU figure, come from here.
#
#   tools/window-shot.sh [--wait S] [--keys "Left Up"] [--gap S] [--idle S] [--size WxH] OUT.png
#     -- CMD [ARGS]
#
#   --wait S   seconds from start to the first key (default 8: software rendering starts slowly)
#   --keys K   xdotool key names, one after another
#   --gap S    seconds after each key (default 0.3)
#   --idle S   after the picture, the program's CPU use over S seconds without input
#   --size WxH the virtual screen (default 900x1000; WINIT_X11_SCALE_FACTOR=3 needs 1500x2000)
# Needs Debian's xvfb, xdotool, imagemagick and mesa-vulkan-drivers; installs them if missing.
set -euo pipefail
wait_s=8 keys="" gap=0.3 idle=0 out="" size=900x1000
while (($#)); do
  case $1 in
    --wait) wait_s=$2; shift 2 ;;
    --keys) keys=$2; shift 2 ;;
    --gap) gap=$2; shift 2 ;;
    --idle) idle=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --) shift; break ;;
    -*) echo "window-shot.sh: unknown option $1" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done
if [[ -z $out || $# -eq 0 ]]; then
  sed -n 6,13p "$0" >&2
  exit 2
fi

missing=()
for tool in Xvfb:xvfb xdotool:xdotool import:imagemagick; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
done
compgen -G '/usr/share/vulkan/icd.d/lvp_icd.*.json' >/dev/null || missing+=(mesa-vulkan-drivers libvulkan1)
if ((${#missing[@]})); then
  echo "window-shot.sh: installing ${missing[*]}" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

source "$(dirname "$0")/xvfb.sh"
start_xvfb "${size}x24"
program=""
cleanup() { [[ -n $program ]] && kill "$program" 2>/dev/null; kill "$xvfb" 2>/dev/null; true; }
trap cleanup EXIT

DISPLAY=$display "$@" >"${out%.png}.log" 2>&1 &
program=$!
sleep "$wait_s"
if ! kill -0 "$program" 2>/dev/null; then
  echo "window-shot.sh: the program ended early; see ${out%.png}.log" >&2
  exit 1
fi
if [[ -n $keys ]]; then
  # No window manager runs on the display: focus the window by hand.
  window=$(DISPLAY=$display xdotool search --onlyvisible --name . | tail -1)
  DISPLAY=$display xdotool windowfocus --sync "$window" mousemove --window "$window" 5 5
  for key in $keys; do
    DISPLAY=$display xdotool key "$key"
    sleep "$gap"
  done
fi
sleep 1
DISPLAY=$display import -window root "$out"
echo "window-shot.sh: saved $out"

if [[ $idle != 0 ]]; then
  # User + system clock ticks of the program and every process under it.
  ticks() {
    local total=0 queue=("$program") pid
    while ((${#queue[@]})); do
      pid=${queue[0]}
      queue=("${queue[@]:1}")
      total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)))
      queue+=($(cat /proc/"$pid"/task/*/children 2>/dev/null))
    done
    echo "$total"
  }
  before=$(ticks)
  sleep "$idle"
  after=$(ticks)
  awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v s="$idle" \
    'BEGIN { printf "window-shot.sh: idle CPU %.1f %% of one core over %s s\n", 100 * t / hz / s, s }'
fi
