#!/bin/sh
# A base backup of the whole cluster into the backups volume, then retention (docs/deploy.md, Backups):
#   docker compose exec -u postgres postgres sh /etc/pool-postgres/base-backup.sh
# Backups older than BACKUP_KEEP_DAYS (14) go, the newest two always stay; WAL segments older than the
# oldest backup kept go from the archive. The paths can be set for a drill outside the container.
set -eu
backups="${BACKUP_DIR:-/backups}"
archive="${WAL_ARCHIVE_DIR:-/wal-archive}"
keep_days="${BACKUP_KEEP_DAYS:-14}"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
dir="$backups/base-$stamp"

# Tar format, compressed, with the WAL needed to make it consistent (self-contained); over the local
# socket, where the image's pg_hba.conf lets the postgres user replicate.
pg_basebackup -h "${PGHOST:-/var/run/postgresql}" -U "${POSTGRES_USER:-postgres}" -D "$dir.partial" \
  -Ft -z -X stream --checkpoint=fast --label "base-$stamp" --no-password
mv "$dir.partial" "$dir"
echo "base-backup: $dir ($(du -sh "$dir" | cut -f1))"

# Retention: every backup but the newest two, once older than keep_days.
find "$backups" -maxdepth 1 -type d -name 'base-*' ! -name '*.partial' | sort | head -n -2 | while read -r b; do
  if [ -n "$(find "$b" -maxdepth 0 -mtime +"$keep_days")" ]; then
    rm -rf "$b"
    echo "base-backup: removed $b"
  fi
done

# The archive keeps every segment from the oldest backup kept on (its start segment, from backup_label).
oldest=$(find "$backups" -maxdepth 1 -type d -name 'base-*' ! -name '*.partial' | sort | head -n 1)
start=$(tar -xzOf "$oldest/base.tar.gz" backup_label | sed -n 's/^START WAL LOCATION: .*(file \([0-9A-F]*\))$/\1/p')
if [ -n "$start" ]; then
  pg_archivecleanup "$archive" "$start"
  echo "base-backup: WAL archive kept from $start on"
fi
