#!/usr/bin/env bash
# `pnpm db:backup` / `pnpm db:restore` on PostgreSQL and their test (apps/server/src/reliability/backup.int.test.ts)
# run PostgreSQL's own pg_dump and pg_restore: installed here from Debian's packages when missing and root.
set -euo pipefail
if command -v pg_dump >/dev/null 2>&1 && command -v pg_restore >/dev/null 2>&1; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing postgresql-client-15 (pg_dump, pg_restore) for the backups and their test…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client-15 >/dev/null
  exit 0
fi
echo "pg_dump/pg_restore are missing: install PostgreSQL's client tools (Debian: apt-get install" >&2
echo "postgresql-client-15); the backup test on PostgreSQL fails without them." >&2
exit 0
