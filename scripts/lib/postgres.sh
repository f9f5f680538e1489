# shellcheck shell=bash
# Starts a throwaway PostgreSQL for the database tests when none is configured and the
# server binaries exist (Debian: apt-get install postgresql). Exports the connection
# string that @backstage/backend-test-utils' TestDatabases reads.

PG_ENV_VAR=BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING

ensure_test_postgres() {
  if [ -n "${!PG_ENV_VAR:-}" ]; then
    log "PostgreSQL tests use \$$PG_ENV_VAR"
    return 0
  fi
  local pgbin
  pgbin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
  if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
    [ -z "${EXTENSION_SCORECARD_REQUIRE_POSTGRES:-}" ] || die "PostgreSQL is required but no server binaries were found"
    log "WARNING: no PostgreSQL server found; PostgreSQL test cases will be skipped (CI installs it)"
    return 0
  fi
  local port=54329 data="${PGTEST_DATA:-/tmp/extension-scorecard-pgtest}"
  if ! "$pgbin/pg_isready" -h 127.0.0.1 -p "$port" >/dev/null 2>&1; then
    log "starting a throwaway PostgreSQL ($pgbin) on 127.0.0.1:$port"
    rm -rf "$data"; mkdir -p "$data"
    local run=()
    if [ "$(id -u)" = "0" ]; then
      chown postgres:postgres "$data"
      run=(su postgres -s /bin/sh -c)
    else
      run=(sh -c)
    fi
    "${run[@]}" "$pgbin/initdb -D $data -U postgres --auth=trust -E UTF8 >/dev/null" || die "initdb failed"
    "${run[@]}" "$pgbin/pg_ctl -D $data -o '-p $port -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off' -l $data/pg.log -w start >/dev/null" || die "PostgreSQL did not start (see $data/pg.log)"
  fi
  export "$PG_ENV_VAR=postgresql://postgres@127.0.0.1:$port"
  log "PostgreSQL tests use 127.0.0.1:$port"
}
