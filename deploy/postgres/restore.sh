#!/bin/sh
# Point-in-time recovery into the data volume (docs/deploy.md, "Restore drill"), PostgreSQL stopped:
#   docker compose run --rm --no-deps -u postgres -e BACKUP=base-20261127T020000Z \
#     -e TARGET_TIME='2026-11-28 17:40:00+00' --entrypoint sh postgres /etc/pool-postgres/restore.sh
# BACKUP: a base backup taken before TARGET_TIME. Without TARGET_TIME: everything the archive holds.
# The cluster it replaces is kept as a tarball beside the backups. Then start PostgreSQL: it replays the
# archived WAL up to the target and opens for writes on a new timeline (TARGET_ACTION=promote); with
# TARGET_ACTION=pause it stays read-only there until `select pg_promote()` (a table whose DROP or
# TRUNCATE was under way at the target stays locked until then).
set -eu
data="${PGDATA:-/var/lib/postgresql/data}"
backups="${BACKUP_DIR:-/backups}"
archive="${WAL_ARCHIVE_DIR:-/wal-archive}"
: "${BACKUP:?set BACKUP to one of: $(ls "$backups" | grep '^base-' | tr '\n' ' ')}"
base="$backups/$BACKUP"
[ -f "$base/base.tar.gz" ] || { echo "restore: no $base/base.tar.gz" >&2; exit 1; }
[ ! -f "$data/postmaster.pid" ] || { echo "restore: PostgreSQL is running (or crashed): stop it first" >&2; exit 1; }

if [ -f "$data/PG_VERSION" ]; then
  aside="$backups/replaced-$(date -u +%Y%m%dT%H%M%SZ).tar.gz"
  tar -czf "$aside" -C "$data" .
  echo "restore: the cluster being replaced is kept in $aside"
fi
find "$data" -mindepth 1 -delete
tar -xzf "$base/base.tar.gz" -C "$data"
tar -xzf "$base/pg_wal.tar.gz" -C "$data/pg_wal"
{
  echo "# restore.sh, $(date -u +%Y-%m-%dT%H:%M:%SZ): recovery from $BACKUP"
  echo "restore_command = 'cp $archive/%f %p'"
  if [ -n "${TARGET_TIME:-}" ]; then
    echo "recovery_target_time = '$TARGET_TIME'"
    echo "recovery_target_action = '${TARGET_ACTION:-promote}'"
  fi
} >>"$data/postgresql.auto.conf"
touch "$data/recovery.signal"
chmod 700 "$data"
echo "restore: $BACKUP unpacked; start PostgreSQL to replay the WAL archive${TARGET_TIME:+ up to $TARGET_TIME}"
