#!/usr/bin/env bash
# A throwaway Postgres for the server's tests and load benchmark (docs/server.md): Debian's
# `postgresql` package (installed if missing, when run as root), a cluster made by initdb in a
# temporary folder, started by pg_ctl as the non-root user `postgres`, listening only on a
# Unix socket in that folder, fsync off (its data is thrown away; G2048_PG_FSYNC=on for a
# durable one, as the load benchmark measures both).
#
#   tools/postgres.sh start DIR   makes and starts the cluster in DIR; prints the URL
#   tools/postgres.sh stop DIR    stops it and removes DIR
#
# The URL is postgres://postgres@localhost/postgres?host=DIR (the socket's folder).
set -euo pipefail

as_postgres() {
  if [[ $(id -u) == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [[ -z $dir ]]; then
    if [[ $(id -u) != 0 ]]; then
      echo "tools/postgres.sh: Debian's postgresql package is not installed" >&2
      exit 1
    fi
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  fi
  echo "$dir"
}

case "${1:-}" in
start)
  dir=${2:?usage: tools/postgres.sh start DIR}
  bin=$(bindir)
  mkdir -p "$dir"
  if [[ $(id -u) == 0 ]]; then chown postgres: "$dir"; fi
  as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log"
  as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start \
    -o "-k $dir -c listen_addresses='' -c fsync=${G2048_PG_FSYNC:-off} -c full_page_writes=${G2048_PG_FSYNC:-off} -c max_connections=200" >/dev/null
  echo "postgres://postgres@localhost/postgres?host=$dir"
  ;;
stop)
  dir=${2:?usage: tools/postgres.sh stop DIR}
  bin=$(bindir)
  as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
  rm -rf "$dir"
  ;;
*)
  echo "usage: tools/postgres.sh start DIR | stop DIR" >&2
  exit 2
  ;;
esac
