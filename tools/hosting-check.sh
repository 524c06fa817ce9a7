#!/usr/bin/env bash
# Follows docs/hosting.md from the server's release archive, on this machine, as a host would:
#   1. unpacks it and runs `g2048-server --version`;
#   2. checks the systemd unit (`systemd-analyze verify`) and starts the server with the unit's
#      own command line (its paths moved under a temporary folder; no systemd needed);
#   3. puts Caddy in front with the guide's Caddyfile (the site named localhost:8443, with
#      Caddy's own local certificate instead of one from the internet);
#   4. plays the ranked daily through it in Chromium (web/hosting-check.mjs), then reads the
#      health check, the figures (/metrics) and the log.
# Then the same through nginx with the guide's server block (a self-signed certificate).
#   tools/hosting-check.sh release/VERSION/g2048-VERSION-server-linux-x86_64.tar.gz
# Needs Debian's caddy, nginx-light, openssl and chromium, and web/node_modules (npm ci).
set -euo pipefail
archive=$(realpath "$1")
cd "$(dirname "$0")/.."
root=$PWD
say() { printf 'hosting-check: %s\n' "$*"; }
fail() { say "FAIL: $*"; exit 1; }

work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT

# 1. Unpack.
tar -xzf "$archive" -C "$work"
dir=$(echo "$work"/g2048-*-server-linux-x86_64)
[[ -x $dir/g2048-server && -f $dir/web/index.html && -f $dir/g2048-server.service && -f $dir/README.md ]] ||
  fail "the archive lacks the server, web/, the unit or the guide"
say "unpacked: $("$dir/g2048-server" --version)"

# 2. The unit, its paths moved here: /opt/g2048-server is the unpacked folder, /var/lib/g2048
# a folder of this run's.
state=$work/state
mkdir -p "$state"
unit=$work/g2048-server.service
sed -e "s|/opt/g2048-server|$dir|g" -e "s|/var/lib/g2048|$state|g" "$dir/g2048-server.service" >"$unit"
if command -v systemd-analyze >/dev/null; then
  # The user g2048 need not exist here; anything else it reports is a fault of the unit.
  problems=$(systemd-analyze verify "$unit" 2>&1 | grep -v "g2048\b.*user\|User=g2048\|Failed to resolve user" || true)
  [[ -z $problems ]] || fail "systemd-analyze verify: $problems"
  say "systemd-analyze verify: the unit is sound"
fi
command=$(sed -n 's/^ExecStart=//p' "$unit")
log=$work/server.log
# shellcheck disable=SC2086 # the unit's own words, split as systemd splits them (no quotes there)
G2048_LOG=info $command >"$log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q "serving on" "$log" && break; sleep 0.1; done
grep -q "serving on" "$log" || fail "the server did not start: $(cat "$log")"
say "$(grep -m1 "serving on" "$log")"
[[ $(curl -s 127.0.0.1:8048/healthz) == ok ]] || fail "/healthz does not say ok"

play() { # $1: the page's address through the proxy
  (cd web && node hosting-check.mjs "$1") || fail "the ranked daily through $1"
}

# 3. Caddy, the guide's Caddyfile with the site renamed.
caddyfile=$work/Caddyfile
printf '{\n\tskip_install_trust\n\tadmin off\n}\n' >"$caddyfile"
sed -n '/^```caddy$/,/^```$/p' "$dir/README.md" | sed '1d;$d' |
  sed -e 's|^play.example.org {|localhost:8443 {\n    tls internal|' >>"$caddyfile"
grep -q reverse_proxy "$caddyfile" || fail "no Caddyfile found in the guide"
# Its certificates and state in this run's folder, not the host's.
XDG_DATA_HOME=$work/caddy XDG_CONFIG_HOME=$work/caddy \
  caddy run --config "$caddyfile" --adapter caddyfile >"$work/caddy.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -sk https://localhost:8443/healthz >/dev/null && break; sleep 0.1; done
say "Caddy in front: https://localhost:8443/"
play https://localhost:8443/

# The same through nginx: the guide's server block, its port and certificate made here.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
conf=$work/nginx.conf
{
  echo "pid $work/nginx.pid; error_log $work/nginx-error.log; daemon off;"
  echo "events {} http { access_log off; client_body_temp_path $work; proxy_temp_path $work;"
  echo "  fastcgi_temp_path $work; uwsgi_temp_path $work; scgi_temp_path $work;"
  sed -n '/^```nginx$/,/^```$/p' "$dir/README.md" | sed '1d;$d' |
    sed -e 's|listen 443 ssl;|listen 127.0.0.1:8444 ssl;|' -e 's|server_name play.example.org;|server_name localhost;|' \
      -e "s|ssl_certificate .*|ssl_certificate $work/cert.pem;|" -e "s|ssl_certificate_key .*|ssl_certificate_key $work/key.pem;|"
  echo "}"
} >"$conf"
grep -q proxy_pass "$conf" || fail "no nginx block found in the guide"
nginx -t -c "$conf" 2>/dev/null || fail "nginx -t: $(nginx -t -c "$conf" 2>&1)"
nginx -c "$conf" &
pids+=($!)
for _ in $(seq 100); do curl -sk https://localhost:8444/healthz >/dev/null && break; sleep 0.1; done
say "nginx in front: https://localhost:8444/"
play https://localhost:8444/

# 4. What the host watches.
figures=$(curl -s 127.0.0.1:9048/metrics)
moves=$(awk '/^g2048_moves_total /{print $2}' <<<"$figures")
[[ ${moves:-0} -ge 2 ]] || fail "/metrics counts ${moves:-no} moves, not the 2 played"
say "/metrics: $moves moves"
if grep -Eq '"token"|[A-Za-z0-9_-]{43}' "$log"; then fail "the log holds what looks like a token"; fi
say "the log ($(wc -l <"$log") lines) holds no token"
say "ok: from the archive to the ranked daily, behind Caddy and behind nginx"
