-- 0002: full-text search over passages, with jiaozhu's own FTS5 tokenizer
-- (registered by core/ on every connection), and a table of settings that
-- records which folding table the index was built with.

CREATE TABLE setting (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE VIRTUAL TABLE passage_fts USING fts5(
  text,
  content = 'passage',
  content_rowid = 'id',
  tokenize = 'jiaozhu'
);

-- The index is filled by core/ right after this step (SearchIndex::rebuild),
-- which also records the folding table's version in setting.
