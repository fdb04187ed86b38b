#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster, then removes the cluster whatever happens.
#
#   scripts/with-postgres.sh npm run test:api
#
# The cluster lives in a fresh temp folder, listens on 127.0.0.1 only (port PG_PORT, default the
# first one from 25432 it can bind) with trust auth, and is stopped and deleted on exit, even on failure
# or Ctrl-C. The command sees TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres.
# Needs Debian's `postgresql` package (initdb and pg_ctl under /usr/lib/postgresql/<version>/bin,
# or set PG_BIN). As root the server runs as the `postgres` user: PostgreSQL refuses to run as root.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

pg_bin="${PG_BIN:-}"
if [ -z "$pg_bin" ]; then
  for dir in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -Vr); do
    if [ -x "$dir/initdb" ]; then pg_bin="$dir"; break; fi
  done
fi
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "with-postgres: initdb not found; install PostgreSQL (apt-get install postgresql) or set PG_BIN" >&2
  exit 1
fi

# Run the server tools as `postgres` when we are root; as ourselves otherwise.
if [ "$(id -u)" -eq 0 ]; then
  pg_user=postgres
  if ! id "$pg_user" >/dev/null 2>&1; then
    echo "with-postgres: running as root but there is no 'postgres' user to run the server as" >&2
    exit 1
  fi
  as_pg() { (cd / && runuser -u "$pg_user" -- "$@"); }
else
  pg_user="$(id -un)"
  as_pg() { "$@"; }
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# The default range sits below the kernel's ephemeral ports (32768 and up): a port there can be the
# local end of some outgoing connection, which nothing listens on but PostgreSQL cannot bind. Start
# is retried on the next port whenever the bind fails anyway.
port="${PG_PORT:-}"
fixed_port=1
if [ -z "$port" ]; then
  fixed_port=0
  port=25432
  while port_in_use "$port"; do port=$((port + 1)); done
elif port_in_use "$port"; then
  echo "with-postgres: port $port is already in use" >&2
  exit 1
fi

workdir="$(mktemp -d "${TMPDIR:-/tmp}/pg-test.XXXXXX")"
chmod 700 "$workdir"
if [ "$(id -u)" -eq 0 ]; then chown "$pg_user" "$workdir"; fi
data="$workdir/data"
log="$workdir/server.log"
started=0

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ "$started" = 1 ]; then
    as_pg "$pg_bin/pg_ctl" -D "$data" -m immediate -s stop >/dev/null 2>&1 || true
  fi
  rm -rf "$workdir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Superuser `postgres`, trust auth over loopback only; durability is off since the data is thrown away.
as_pg "$pg_bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --no-locale --no-sync >"$workdir/initdb.log" 2>&1 || {
  cat "$workdir/initdb.log" >&2
  exit 1
}
started=1
start_server() {
  as_pg "$pg_bin/pg_ctl" -D "$data" -l "$log" -w -t 60 -s start -o "-p $port -c listen_addresses=127.0.0.1 \
    -c unix_socket_directories=$workdir -c max_connections=200 -c fsync=off -c synchronous_commit=off \
    -c full_page_writes=off -c shared_buffers=128MB"
}
tries=0
until start_server; do
  tries=$((tries + 1))
  if [ "$fixed_port" = 1 ] || [ "$tries" -ge 20 ] || ! grep -q "Address already in use" "$log" 2>/dev/null; then
    echo "with-postgres: PostgreSQL did not start; its log:" >&2
    cat "$log" >&2 || true
    exit 1
  fi
  echo "with-postgres: port $port is taken, trying the next one" >&2
  : >"$log"
  port=$((port + 1))
  while port_in_use "$port"; do port=$((port + 1)); done
done

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $data)"
# Not `exec`: the trap above must still run to stop the server.
"$@"
