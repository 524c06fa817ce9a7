# Sourced by the tools that run the game under Xvfb.
# start_xvfb WxHxDEPTH: starts Xvfb on a display no other server holds (Xvfb picks it: -displayfd),
# waits until it accepts clients (30 s at most), and sets $display and $xvfb (its pid).
# A fixed sleep was not enough: on a busy CI machine (the browser test runs beside these) the
# game once found no display 1.5 s after Xvfb started.
start_xvfb() {
  local ready
  ready=$(mktemp)
  Xvfb -displayfd 3 -screen 0 "$1" 3>"$ready" >/dev/null 2>&1 &
  xvfb=$!
  for _ in $(seq 300); do
    [[ -s $ready ]] && break
    kill -0 "$xvfb" 2>/dev/null || break
    sleep 0.1
  done
  display=":$(tr -dc 0-9 <"$ready")"
  rm -f "$ready"
  if [[ $display == ":" ]]; then
    kill "$xvfb" 2>/dev/null || true
    echo "$(basename "$0"): Xvfb exited or did not start within 30 s" >&2
    return 1
  fi
}
