#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL 15 server on 127.0.0.1 as the `postgres` user, for the test suite.
#   .ci/postgres.sh start   -> prints the TEST_DATABASE_URL to use
#   .ci/postgres.sh stop
#   .ci/postgres.sh halt immediate|fast   -> stops the server, keeping its data (outage tests)
#   .ci/postgres.sh resume                -> starts it again on the same port
# PG_TEST_OPTIONS adds server settings (`-c name=value ...`), which win over the ones below.
# The server refuses to run as root, so everything runs through `su postgres`.
set -euo pipefail
dir=${PG_TEST_DIR:-/tmp/mp-ci-postgres}
case "${1:-}" in
  start)
    port=${PG_TEST_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
    if [ -f "$dir/data/postmaster.pid" ]; then su postgres -c "pg_ctl -D '$dir/data' -m immediate stop" >/dev/null 2>&1 || true; fi
    rm -rf "$dir"; mkdir -p "$dir"; chown postgres "$dir"
    su postgres -c "initdb -D '$dir/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >"$dir/initdb.log" 2>&1
    echo "$port" >"$dir/port"
    bash "$0" resume
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  resume)
    port=$(cat "$dir/port")
    su postgres -c "pg_ctl -D '$dir/data' -l '$dir/server.log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 ${PG_TEST_OPTIONS:-}\" start" >/dev/null
    ;;
  halt)
    su postgres -c "pg_ctl -D '$dir/data' -m ${2:-fast} -w stop" >/dev/null
    ;;
  stop)
    [ -d "$dir/data" ] && su postgres -c "pg_ctl -D '$dir/data' -m fast stop" >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start|stop|halt immediate|fast|resume" >&2; exit 2 ;;
esac
