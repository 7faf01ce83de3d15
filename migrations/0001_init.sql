-- 0001: works, editions (witnesses) and their passages.
-- Never edit once landed: add a new numbered step instead.

CREATE TABLE work (
  id         INTEGER PRIMARY KEY,
  uuid       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
  created_at TEXT NOT NULL
);

CREATE TABLE edition (
  id           INTEGER PRIMARY KEY,
  uuid         TEXT NOT NULL UNIQUE,
  work_id      INTEGER NOT NULL REFERENCES work(id),
  siglum       TEXT NOT NULL UNIQUE
               CHECK (length(siglum) BETWEEN 1 AND 32
                      AND siglum GLOB '[A-Za-z]*'
                      AND siglum NOT GLOB '*[^A-Za-z0-9_-]*'),
  title        TEXT,
  script       TEXT NOT NULL CHECK (script IN ('hant', 'hans', 'mixed', 'unknown')),
  content_hash TEXT NOT NULL UNIQUE CHECK (length(content_hash) = 64),
  imported_at  TEXT NOT NULL
);
CREATE INDEX edition_work ON edition(work_id);

CREATE TABLE source_file (
  id         INTEGER PRIMARY KEY,
  edition_id INTEGER NOT NULL REFERENCES edition(id) ON DELETE CASCADE,
  seq        INTEGER NOT NULL CHECK (seq >= 1),
  name       TEXT NOT NULL,
  sha256     TEXT NOT NULL CHECK (length(sha256) = 64),
  byte_size  INTEGER NOT NULL CHECK (byte_size >= 0),
  encoding   TEXT NOT NULL,
  format     TEXT NOT NULL CHECK (format IN ('text', 'json')),
  UNIQUE (edition_id, seq)
);

CREATE TABLE passage (
  id          INTEGER PRIMARY KEY,
  edition_id  INTEGER NOT NULL REFERENCES edition(id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL CHECK (seq >= 1),
  text        TEXT NOT NULL CHECK (length(text) >= 1),
  title       TEXT,
  author      TEXT,
  ref         TEXT,
  source_id   INTEGER NOT NULL REFERENCES source_file(id) ON DELETE CASCADE,
  source_line INTEGER CHECK (source_line >= 1),
  UNIQUE (edition_id, seq)
);
CREATE INDEX passage_source ON passage(source_id);
