-- Schema 19: the index behind parallel passages (core/include/jiaozhu/parallels.h).

-- For every run of four folded Han characters of a passage (search's
-- folding: script, variant forms, fold rules; punctuation left out), a
-- posting (passage seq, position in folded characters) under the run's hash
-- bucket: one row per bucket and edition, its postings one blob (varints,
-- core/src/parallels/gram_index.h). Derived from the passages like
-- passage_fts: never merged, built again where it is not current.
CREATE TABLE parallel_gram (
  bucket     INTEGER NOT NULL CHECK (bucket >= 0),
  edition_id INTEGER NOT NULL REFERENCES edition(id) ON DELETE CASCADE,
  postings   BLOB NOT NULL,
  PRIMARY KEY (bucket, edition_id)
) WITHOUT ROWID;
CREATE INDEX parallel_gram_edition ON parallel_gram(edition_id);

-- What each edition's rows were built for: its content hash and its
-- corrections. Rows whose digest is not the edition's now are not current;
-- import, correction, merge and `reindex` build them again, `check` lists them.
CREATE TABLE parallel_index (
  edition_id INTEGER PRIMARY KEY REFERENCES edition(id) ON DELETE CASCADE,
  digest     TEXT NOT NULL
);
