-- 0007: deletions as data, and versions of an edition. A removed alias or
-- link leaves a tombstone, and a character merged into another leaves a
-- redirect, so that merge can carry
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

-- Versions of an edition. `import --replace` (a corrected text) keeps the
-- edition's identity (its uuid, the uuid of its first version) and records
-- the new content as a version whose parent is the one it replaced, so that
-- merge can tell a newer text of the same edition from another edition.
CREATE TABLE edition_version (
  edition_uuid TEXT NOT NULL,
  content_hash TEXT NOT NULL CHECK (length(content_hash) = 64),
  parent_hash  TEXT CHECK (parent_hash IS NULL OR length(parent_hash) = 64),
  made_at      TEXT NOT NULL,
  PRIMARY KEY (edition_uuid, content_hash)
) WITHOUT ROWID;
INSERT INTO edition_version (edition_uuid, content_hash, parent_hash, made_at)
  SELECT uuid, content_hash, NULL, imported_at FROM edition;
