-- 0016: corrections of a transcription, passage by passage. A scholar who
-- checks a passage against the printed book corrects it (`passage set`,
-- `passage edit`, an `import --replace` that changes some passages); each
-- correction is a revision with its author, time and reason, and only the
-- corrected passage is collated again.
--
-- A revision is the whole text of one passage (edition_uuid, seq) of one
-- version of its edition (version_hash: the edition's content_hash, the
-- text as imported or replaced whole). Revisions are never changed or
-- deleted: correcting again adds one whose parents (passage_revision_parent)
-- are the passage's current heads (revisions no revision names as parent).
-- A passage's first correction also writes its root, the text as imported
-- (no parents; uuid derived from the edition, version and seq, so that
-- every copy writes the same root). Two copies correcting one passage apart
-- leave two heads; when their texts differ the passage is in conflict
-- (`conflicts`) until it is corrected again. The passage shows the newest
-- head (made_at, then uuid). A revision's uuid derives from the whole row
-- and its parents. A later whole replacement of the edition (a new version)
-- leaves the revisions of the older version as history.
CREATE TABLE passage_revision (
  uuid         TEXT PRIMARY KEY,
  edition_uuid TEXT NOT NULL,
  version_hash TEXT NOT NULL CHECK (length(version_hash) = 64),
  seq          INTEGER NOT NULL CHECK (seq >= 1),
  text         TEXT NOT NULL CHECK (length(text) >= 1),
  reason       TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  made_at      TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX passage_revision_passage ON passage_revision(edition_uuid, version_hash, seq);
CREATE TABLE passage_revision_parent (
  revision_uuid TEXT NOT NULL REFERENCES passage_revision(uuid),
  parent_uuid   TEXT NOT NULL REFERENCES passage_revision(uuid),
  PRIMARY KEY (revision_uuid, parent_uuid)
) WITHOUT ROWID;
CREATE INDEX passage_revision_parent_parent ON passage_revision_parent(parent_uuid);
