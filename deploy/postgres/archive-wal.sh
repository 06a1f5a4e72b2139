#!/bin/sh
# PostgreSQL's archive_command (compose.yaml): copies one finished WAL segment into the archive volume.
# $1: the segment's path (%p, relative to the data directory), $2: its name (%f).
# Never overwrites: a segment archived before (a retry after a crash) is fine only if identical.
set -eu
dest="${WAL_ARCHIVE_DIR:-/wal-archive}/$2"
if [ -f "$dest" ]; then
  cmp -s "$1" "$dest"
  exit $?
fi
cp "$1" "$dest.partial"
sync "$dest.partial"
mv "$dest.partial" "$dest"
