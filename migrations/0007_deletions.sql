-- 0007: deletions as data. A removed alias or link leaves a tombstone, and a
-- character merged into another leaves a redirect, so that merge can carry
-- the removal to every copy and let it win over the older rows it removed,
-- which would otherwise come back from any copy made before it.

CREATE TABLE tombstone (
  uuid       TEXT PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('alias', 'link')),
  author     TEXT NOT NULL,
  removed_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE character_redirect (
  from_uuid TEXT PRIMARY KEY,
  to_uuid   TEXT NOT NULL CHECK (to_uuid <> from_uuid),
  author    TEXT NOT NULL,
  merged_at TEXT NOT NULL
) WITHOUT ROWID;
