-- 0011: an edition's structure, as structured sources give it: sections (a
-- TEI <div> with its <head>, a Mandoku `** ` heading, 論語's 篇 from a JSON
-- field) and page and line references (TEI <pb n>/<lb n>, Mandoku
-- <pb:KR1a0001_tls_001-2a> and ¶, CBETA line markers). Like the text they
-- belong to an edition's content: import writes them, its content hash
-- covers them, and merge copies them with the passages; nothing edits them.
--
-- section: one heading of an edition, in document order (seq), nested under
-- its parent (NULL: a top-level section). A passage names its innermost
-- section; its path is read up the parents.
CREATE TABLE section (
  id         INTEGER PRIMARY KEY,
  edition_id INTEGER NOT NULL REFERENCES edition(id) ON DELETE CASCADE,
  seq        INTEGER NOT NULL CHECK (seq >= 1),
  parent_id  INTEGER REFERENCES section(id) ON DELETE CASCADE,
  heading    TEXT NOT NULL CHECK (length(heading) >= 1),
  UNIQUE (edition_id, seq)
);
CREATE INDEX section_parent ON section(parent_id);

-- passage_place: where a passage stands in its edition's structure, for
-- the passages a structured source places (most have none, and passage
-- keeps the columns every passage has). section_id: its innermost section;
-- page: the page (or folio side) where it begins, as the source writes it
-- (101, KR1a0001_tls_001-2a); line: its line on that page.
CREATE TABLE passage_place (
  passage_id INTEGER PRIMARY KEY REFERENCES passage(id) ON DELETE CASCADE,
  section_id INTEGER REFERENCES section(id) ON DELETE CASCADE,
  page       TEXT CHECK (page IS NULL OR length(page) >= 1),
  line       TEXT CHECK (line IS NULL OR length(line) >= 1),
  CHECK (section_id IS NOT NULL OR page IS NOT NULL OR line IS NOT NULL)
);
CREATE INDEX passage_place_section ON passage_place(section_id);

-- markup: the markup a text source was read through: TEI P5 XML, or
-- Mandoku's markers (Kanripo, CBETA); NULL for plain text and JSON. (Not a
-- new value of format: source_file cannot be rebuilt in a migration, since
-- passage refers to it and SQLite repoints that reference at a renamed
-- table.)
ALTER TABLE source_file ADD COLUMN markup TEXT CHECK (markup IS NULL OR (format = 'text' AND markup IN ('tei', 'mandoku')));

-- character_cbdb_id: a person's id in the China Biographical Database
-- (`character import --format cbdb`), so that a scholar can look the person
-- up there and two copies can tell the same person apart from a namesake. A
-- log like variant_kind_choice (0010): every setting is a row, merge is a
-- union, the newest row holds; cbdb_id NULL withdraws it.
CREATE TABLE character_cbdb_id (
  uuid           TEXT PRIMARY KEY,
  character_uuid TEXT NOT NULL,
  cbdb_id        TEXT CHECK (cbdb_id IS NULL OR (length(cbdb_id) BETWEEN 1 AND 12 AND cbdb_id NOT GLOB '*[^0-9]*')),
  note           TEXT,
  author         TEXT NOT NULL CHECK (length(author) >= 1),
  set_at         TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX character_cbdb_id_character ON character_cbdb_id(character_uuid, set_at);
