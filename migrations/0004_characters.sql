-- 0004: characters (persons of the text), their aliases, and where each
-- alias is mentioned.

CREATE TABLE character (
  id         INTEGER PRIMARY KEY,
  uuid       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL CHECK (length(name) >= 1),
  note       TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX character_name ON character(name);

CREATE TABLE alias (
  id           INTEGER PRIMARY KEY,
  uuid         TEXT NOT NULL UNIQUE,
  character_id INTEGER NOT NULL REFERENCES character(id) ON DELETE CASCADE,
  form         TEXT NOT NULL CHECK (length(form) >= 1),
  folded       TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (length(kind) >= 1),
  note         TEXT,
  created_at   TEXT NOT NULL,
  UNIQUE (character_id, folded)
);
CREATE INDEX alias_folded ON alias(folded);

CREATE TABLE mention (
  passage_id INTEGER NOT NULL REFERENCES passage(id) ON DELETE CASCADE,
  span_start INTEGER NOT NULL CHECK (span_start >= 0),
  alias_id   INTEGER NOT NULL REFERENCES alias(id) ON DELETE CASCADE,
  span_end   INTEGER NOT NULL CHECK (span_end > span_start),
  PRIMARY KEY (passage_id, span_start, alias_id)
) WITHOUT ROWID;
CREATE INDEX mention_alias ON mention(alias_id);
