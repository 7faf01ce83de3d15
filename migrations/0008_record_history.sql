-- 0008: history for the fields of characters and aliases that a scholar
-- edits (a character's name and note, an alias's kind and note), so that two
-- copies edited apart keep both values, as notes do, instead of one copy's
-- value silently winning.
--
-- A revision belongs to one character or one alias (local id). It holds the
-- whole of the editable fields as one author set them at one time; its
-- parents (record_revision_parent) are the revisions it replaced. A record's
-- first revision has the record's own uuid, which is how two copies of one
-- file upgraded apart give it the same identity. When two copies each add
-- the same alias, or one character is merged into another, the revisions of
-- the two records are joined on the one that stays: several heads (revisions
-- no revision names as parent) are a conflict, listed by `jiaozhu conflicts`
-- until an edit names them all as parents. The record's own columns hold the
-- newest head (made_at, then uuid), the same in every copy.
-- `written_for` is the uuid of the record a revision was first written for:
-- removing an alias buries every identity it has had.

CREATE TABLE record_revision (
  id           INTEGER PRIMARY KEY,
  uuid         TEXT NOT NULL UNIQUE,
  character_id INTEGER REFERENCES character(id) ON DELETE CASCADE,
  alias_id     INTEGER REFERENCES alias(id) ON DELETE CASCADE,
  written_for  TEXT NOT NULL,
  name         TEXT CHECK (name IS NULL OR length(name) >= 1),
  kind         TEXT CHECK (kind IS NULL OR length(kind) >= 1),
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  made_at      TEXT NOT NULL,
  head         INTEGER NOT NULL DEFAULT 1 CHECK (head IN (0, 1)),
  CHECK ((character_id IS NULL) <> (alias_id IS NULL)),
  CHECK ((character_id IS NOT NULL) = (name IS NOT NULL)),
  CHECK ((alias_id IS NOT NULL) = (kind IS NOT NULL))
);
CREATE INDEX record_revision_character ON record_revision(character_id, head);
CREATE INDEX record_revision_alias ON record_revision(alias_id, head);

CREATE TABLE record_revision_parent (
  revision_id INTEGER NOT NULL REFERENCES record_revision(id) ON DELETE CASCADE,
  parent_id   INTEGER NOT NULL REFERENCES record_revision(id) ON DELETE CASCADE,
  PRIMARY KEY (revision_id, parent_id)
) WITHOUT ROWID;
CREATE INDEX record_revision_parent_parent ON record_revision_parent(parent_id);

INSERT INTO record_revision (uuid, character_id, written_for, name, note, author, made_at)
  SELECT uuid, id, uuid, name, note, 'unknown', created_at FROM character;
INSERT INTO record_revision (uuid, alias_id, written_for, kind, note, author, made_at)
  SELECT uuid, id, uuid, kind, note, 'unknown', created_at FROM alias;

-- A note on a whole passage keeps the passage's opening words (up to 24 code
-- points) as it found them, as a span note keeps its quote: when a
-- re-imported text inserts or removes passages before it, the note follows
-- the passage that still opens with them instead of staying on the number.
ALTER TABLE note ADD COLUMN passage_opening TEXT CHECK (passage_opening IS NULL OR target = 'passage');
UPDATE note SET passage_opening =
  (SELECT substr(p.text, 1, 24) FROM passage p WHERE p.edition_id = note.edition_id AND p.seq = note.passage_seq)
  WHERE target = 'passage';

-- A note on a link or a variant keeps a key of what its target joined and
-- read (core/src/notes/target_follower.h): when `align` runs again and makes
-- the same link or variant under another uuid (an edition re-imported with
-- passages inserted before it), the note follows it instead of being
-- orphaned. Filled in when such a note is made or first aligned over.
ALTER TABLE note ADD COLUMN target_key TEXT CHECK (target_key IS NULL OR target IN ('link', 'variant'));

-- Character merges as a union. A redirect is an edge "from was merged into
-- to" as one copy made it; copies that merged one character into two
-- different ones, or each of two into the other, keep every edge (the key is
-- the pair), and every copy derives the same survivor from the same set of
-- edges (core/src/repo/deletion_store.h), whatever the order of merges.
CREATE TEMP TABLE redirect_copy AS SELECT from_uuid, to_uuid, author, merged_at FROM character_redirect;
DROP TABLE character_redirect;
CREATE TABLE character_redirect (
  from_uuid TEXT NOT NULL,
  to_uuid   TEXT NOT NULL CHECK (to_uuid <> from_uuid),
  author    TEXT NOT NULL,
  merged_at TEXT NOT NULL,
  PRIMARY KEY (from_uuid, to_uuid)
) WITHOUT ROWID;
CREATE INDEX character_redirect_to ON character_redirect(to_uuid);
INSERT INTO character_redirect SELECT from_uuid, to_uuid, author, merged_at FROM temp.redirect_copy;
DROP TABLE temp.redirect_copy;

-- An edition replaced in two copies from one text has two current versions
-- (heads of its version graph). Every copy shows the same one under the
-- edition's siglum (the newest, by made_at then hash) and keeps each other
-- head as a rival edition beside it (siglum S-<hash>, uuid derived from the
-- edition's uuid and the hash), listed by `jiaozhu conflicts` until
-- `jiaozhu edition resolve S --keep SIGLUM` records which text stays: a
-- choice, here, drops a head in favour of another in every copy.
CREATE TABLE edition_choice (
  edition_uuid TEXT NOT NULL,
  dropped_hash TEXT NOT NULL CHECK (length(dropped_hash) = 64),
  kept_hash    TEXT NOT NULL CHECK (length(kept_hash) = 64 AND kept_hash <> dropped_hash),
  author       TEXT NOT NULL,
  made_at      TEXT NOT NULL,
  PRIMARY KEY (edition_uuid, dropped_hash, kept_hash)
) WITHOUT ROWID;

-- `note move` re-targets a note by hand as a revision, so that copies agree
-- on where the note is: `moved_to` holds the target it moved the note to
-- (JSON: core/src/notes/note_target_spec.h); the newest revision that moved
-- a note, by created_at then uuid, places it in every copy.
ALTER TABLE note_revision ADD COLUMN moved_to TEXT;
