-- 0003: collation: links between passages of two editions, and the
-- variants between the linked texts.

CREATE TABLE link (
  id         INTEGER PRIMARY KEY,
  uuid       TEXT NOT NULL UNIQUE,
  origin     TEXT NOT NULL CHECK (origin IN ('auto', 'manual')),
  moved      INTEGER NOT NULL DEFAULT 0 CHECK (moved IN (0, 1)),
  created_at TEXT NOT NULL
);

CREATE TABLE link_passage (
  link_id    INTEGER NOT NULL REFERENCES link(id) ON DELETE CASCADE,
  passage_id INTEGER NOT NULL REFERENCES passage(id) ON DELETE CASCADE,
  PRIMARY KEY (link_id, passage_id)
) WITHOUT ROWID;
CREATE INDEX link_passage_passage ON link_passage(passage_id);

CREATE TABLE variant (
  link_id   INTEGER NOT NULL REFERENCES link(id) ON DELETE CASCADE,
  n         INTEGER NOT NULL CHECK (n >= 1),
  class     TEXT NOT NULL
            CHECK (class IN ('script', 'glyph', 'punct', 'pinyin', 'break', 'substantive')),
  passage_a INTEGER NOT NULL,
  start_a   INTEGER NOT NULL CHECK (start_a >= 0),
  end_a     INTEGER NOT NULL CHECK (end_a >= start_a),
  passage_b INTEGER NOT NULL,
  start_b   INTEGER NOT NULL CHECK (start_b >= 0),
  end_b     INTEGER NOT NULL CHECK (end_b >= start_b),
  PRIMARY KEY (link_id, n)
) WITHOUT ROWID;
