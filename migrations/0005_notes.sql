-- 0005: annotations. A note's target, and its history as immutable revisions.

CREATE TABLE note (
  id           INTEGER PRIMARY KEY,
  uuid         TEXT NOT NULL UNIQUE,
  target       TEXT NOT NULL
               CHECK (target IN ('span', 'passage', 'link', 'variant', 'character')),
  edition_id   INTEGER REFERENCES edition(id),
  passage_seq  INTEGER CHECK (passage_seq >= 1),
  span_start   INTEGER CHECK (span_start >= 0),
  span_end     INTEGER CHECK (span_end >= span_start),
  quote_exact  TEXT,
  quote_prefix TEXT,
  quote_suffix TEXT,
  target_uuid  TEXT,
  orphaned     INTEGER NOT NULL DEFAULT 0 CHECK (orphaned IN (0, 1)),
  created_at   TEXT NOT NULL,
  CHECK ((target IN ('span', 'passage')) = (edition_id IS NOT NULL AND passage_seq IS NOT NULL)),
  CHECK ((target = 'span') = (span_start IS NOT NULL AND span_end IS NOT NULL AND quote_exact IS NOT NULL)),
  CHECK ((target IN ('link', 'variant', 'character')) = (target_uuid IS NOT NULL))
);
CREATE INDEX note_passage ON note(edition_id, passage_seq);
CREATE INDEX note_target ON note(target_uuid);

CREATE TABLE note_revision (
  id         INTEGER PRIMARY KEY,
  uuid       TEXT NOT NULL UNIQUE,
  note_id    INTEGER NOT NULL REFERENCES note(id),
  author     TEXT NOT NULL CHECK (length(author) >= 1),
  created_at TEXT NOT NULL,
  motivation TEXT NOT NULL
             CHECK (motivation IN ('commenting', 'correcting', 'identifying', 'linking',
                                   'questioning', 'tagging')),
  body       TEXT NOT NULL,
  deleted    INTEGER NOT NULL CHECK (deleted IN (0, 1)),
  head       INTEGER NOT NULL DEFAULT 1 CHECK (head IN (0, 1))
);
CREATE INDEX note_revision_note ON note_revision(note_id, head);

CREATE TABLE note_revision_parent (
  revision_id INTEGER NOT NULL REFERENCES note_revision(id),
  parent_id   INTEGER NOT NULL REFERENCES note_revision(id),
  PRIMARY KEY (revision_id, parent_id)
) WITHOUT ROWID;
CREATE INDEX note_revision_parent_parent ON note_revision_parent(parent_id);

CREATE TABLE note_tag (
  revision_id INTEGER NOT NULL REFERENCES note_revision(id),
  tag         TEXT NOT NULL CHECK (length(tag) BETWEEN 1 AND 100),
  PRIMARY KEY (revision_id, tag)
) WITHOUT ROWID;
CREATE INDEX note_tag_tag ON note_tag(tag);

CREATE VIRTUAL TABLE note_fts USING fts5(
  body,
  tokenize = 'jiaozhu'
);
