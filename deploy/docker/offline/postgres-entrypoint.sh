#!/bin/bash
# What the official postgres image's entry point does, for the parts Masar uses: on an empty
# $PGDATA run initdb with POSTGRES_PASSWORD, create POSTGRES_DB, accept password logins from
# the network; then run the server as the postgres user (the volume may be owned by root).
set -euo pipefail
if [ "${1:-}" != postgres ]; then exec "$@"; fi
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }

mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql && chmod 700 "$PGDATA"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?is required: set POSTGRES_PASSWORD, as with the official image}"
  user="${POSTGRES_USER:-postgres}" db="${POSTGRES_DB:-${POSTGRES_USER:-postgres}}"
  echo "initialising $PGDATA (user $user, database $db)"
  pwfile="$(mktemp)" && printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile" && chown postgres "$pwfile"
  as_postgres initdb --username="$user" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    # Single-user mode: nothing listens while the database is created.
    echo "CREATE DATABASE \"$db\";" | as_postgres postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
shift
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -c listen_addresses='*' "$@"
