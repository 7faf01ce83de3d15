-- jiaozhu schema, current version: 20.
--
-- This file is the whole schema as `migrations/` builds it, written to be read.
-- A test (tests/unit/schema_test.cpp) migrates an empty database and checks it
-- has exactly these tables, columns, indexes and constraints, so the two never
-- drift. Change the schema by adding a migration, then update this file.
--
-- Conventions
--   * `id` INTEGER PRIMARY KEY is a local key: it differs between two copies of
--     a database and never leaves the file. Rows that two collaborators can
--     create apart carry a `uuid` (RFC 4122 text) that is their identity across
--     copies; `jiaozhu merge` matches on it, never on `id`.
--   * Times are UTC, ISO 8601 with a trailing Z.
--   * Text is UTF-8, NFC-normalized. Offsets into text anywhere in jiaozhu are
--     Unicode code points, which is what SQLite's length() and substr() count.
--   * The file carries PRAGMA application_id = 0x4A5A4442 ('JZDB') and the
--     schema version in PRAGMA user_version.

-- A text that scholars collate: one work, several editions of it.
-- A work is identified by its name; its uuid is derived from the name
-- (see core/src/repo/edition_repository.cpp) so that two collaborators who both
-- import into "songjin" create the same work.
CREATE TABLE work (
  id         INTEGER PRIMARY KEY,
  uuid       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
  created_at TEXT NOT NULL
);

-- An edition (witness) of a work: a print, a web copy, a manuscript.
-- `siglum` is the short name scholars cite it by (A, B, Song1); passages are
-- addressed as SIGLUM:N everywhere in the CLI, so it is unique in the file.
-- `content_hash` is the SHA-256 of the edition's normalized passages (text and
-- metadata, in order); the same source imported on two machines gives the same
-- hash, and `uuid` is derived from the hash at first import. That is how merge
-- recognizes one edition in two copies without coordination. Corrections of
-- single passages since (passage_revision, schema 16) do not change it: it
-- names the version they correct, and `check` verifies it over the passages
-- as that version had them.
-- `script` is what import detected (or was told): Traditional, Simplified,
-- mixed, or unknown when the text has no character that tells them apart.
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

-- Provenance: the files an edition was imported from, in import order.
-- `encoding` is the one decoded (given or detected); `sha256` is of the raw bytes.
CREATE TABLE source_file (
  id         INTEGER PRIMARY KEY,
  edition_id INTEGER NOT NULL REFERENCES edition(id) ON DELETE CASCADE,
  seq        INTEGER NOT NULL CHECK (seq >= 1),
  name       TEXT NOT NULL,
  sha256     TEXT NOT NULL CHECK (length(sha256) = 64),
  byte_size  INTEGER NOT NULL CHECK (byte_size >= 0),
  encoding   TEXT NOT NULL,
  format     TEXT NOT NULL CHECK (format IN ('text', 'json')),
  -- the markup a text source was read through: TEI P5 XML, or Mandoku's
  -- markers (Kanripo, CBETA); NULL for plain text and JSON (schema 11)
  markup     TEXT CHECK (markup IS NULL OR (format = 'text' AND markup IN ('tei', 'mandoku'))),
  UNIQUE (edition_id, seq)
);

-- A passage: a paragraph of prose, a poem, a line of verse: the unit that
-- editions are aligned by and notes are anchored in. `seq` numbers an
-- edition's passages 1..N without gaps, and their ids are consecutive in seq
-- order (id - seq is the same for all of an edition's passages): imports and
-- merges write an edition's passages in one run, and search relies on it to
-- tell a hit's edition from its id without reading the passage (`check`
-- verifies both). A passage needs no uuid: its identity
-- is (edition.uuid, seq), both stable across copies.
-- `title`, `author`, `ref` are kept from JSON sources (a poem's title, its
-- poet, the source's own id); `source_line` is the 1-based line in the
-- source file where the passage starts, for error messages and provenance.
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

-- An edition's structure, as structured sources give it (schema 11):
-- sections (a TEI <div> with its <head>, a Mandoku `** ` heading, 論語's 篇
-- from a JSON field) and page and line references (TEI <pb n>/<lb n>,
-- Mandoku <pb:KR1a0001_tls_001-2a> and ¶, CBETA line markers). Like the text
-- they are an edition's content: import writes them, the content hash covers
-- them (a passage's section path, page and line), merge copies them with
-- the passages, and nothing edits them.
--
-- section: one heading, in document order (seq), under its parent (NULL: a
-- top-level section). A section's parent is an earlier section of the same
-- edition (`check` verifies it: a loop would never end a path).
CREATE TABLE section (
  id         INTEGER PRIMARY KEY,
  edition_id INTEGER NOT NULL REFERENCES edition(id) ON DELETE CASCADE,
  seq        INTEGER NOT NULL CHECK (seq >= 1),
  parent_id  INTEGER REFERENCES section(id) ON DELETE CASCADE,
  heading    TEXT NOT NULL CHECK (length(heading) >= 1),
  UNIQUE (edition_id, seq)
);
CREATE INDEX section_parent ON section(parent_id);

-- passage_place: where a passage stands in that structure, for the passages
-- a structured source places (most have none). section_id: its innermost
-- section, of the passage's edition; page: the page (or folio side) where it
-- begins, as the source writes it (101, KR1a0001_tls_001-2a); line: its line
-- on that page.
CREATE TABLE passage_place (
  passage_id INTEGER PRIMARY KEY REFERENCES passage(id) ON DELETE CASCADE,
  section_id INTEGER REFERENCES section(id) ON DELETE CASCADE,
  page       TEXT CHECK (page IS NULL OR length(page) >= 1),
  line       TEXT CHECK (line IS NULL OR length(line) >= 1),
  CHECK (section_id IS NOT NULL OR page IS NOT NULL OR line IS NOT NULL)
);
CREATE INDEX passage_place_section ON passage_place(section_id);

-- Settings of this database, one value per key. Keys in use:
--   fold_table  the version of the folding table passage_fts was built with
--               (core/gen/gen_fold_table.cpp); a build with another table
--               rebuilds the index when it opens the file for writing.
--   journal     jz-journal:NONCE, the nonce SQLite chose for the rollback
--               journal of this copy's last write (core/src/db/
--               journal_owner.h): a hot journal beside the file is played
--               back only when the file's copy of this row reads its nonce
--               or the value it saved, so a journal from another copy
--               (committed to git, synced) is set aside as
--               NAME-journal.from-another-copy, never played. Never merged.
CREATE TABLE setting (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- Full-text index over passage.text, title and author (schema 13: a title
-- is found as text is). It stores no text of its own
-- (external content: the text is read from passage), only tokens, made by
-- jiaozhu's tokenizer (core/include/jiaozhu/tokenizer.h): one token per Han
-- character, folded to one search form across scripts and variant forms;
-- Latin and pinyin words lowercased and without tone marks; no tokens for
-- punctuation. core/ registers the tokenizer on every connection, and keeps
-- the index in step with passage in the same transactions (no triggers, so
-- that nothing runs implicitly on a file received from someone else).
-- `jiaozhu check` verifies it with FTS5's integrity-check.
CREATE VIRTUAL TABLE passage_fts USING fts5(
  text,
  title,
  author,
  content = 'passage',
  content_rowid = 'id',
  tokenize = 'jiaozhu'
);

-- A link: passages of two editions that carry the same text. It holds one
-- or more passages of each (a paragraph split in one edition is a 2:1 link);
-- which editions follows from its passages. `origin` is 'auto' for links
-- made by `jiaozhu align`, which replaces them when it runs again, and
-- 'manual' for links a scholar added, which align keeps and works around.
-- `moved` marks a transposition: text found at another place in the other
-- edition. The uuid is derived from the linked passages' identities
-- (edition uuid and seq), so the same link made on two machines is one.
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

-- A variant: where the two sides of a link read differently. Side a is in
-- the first edition named to `align` (or `link add`), side b in the second;
-- listing them for the pair the other way round swaps the sides.
-- Each side is a span [start, end) in code points of one passage's text;
-- an empty span marks where the other side has text this side lacks. The
-- readings are not stored: they are substr() of the passage text. Nor is an
-- identity: a variant is derived data, named across copies by its link's
-- uuid, class and spans (core/src/align/link_store.h: variant_uuid).
-- Variants belong to their link: they are numbered n = 1, 2... within it,
-- stored in link order (WITHOUT ROWID, one b-tree: an alignment writes
-- hundreds of thousands), and passage_a / passage_b are passages of that
-- link (passage.id). They carry no foreign key to passage because SQLite
-- would need an index on each to enforce it; a passage leaves the database
-- only with its links, and `check` ("variants") verifies the invariant and
-- that each span lies within its passage's text.
-- Classes: script (Traditional/Simplified forms only, between editions of
-- different scripts), conversion (between editions of one script, a pair
-- that only Traditional-Simplified conversion merges: 髮/發, 後/后; schema 9),
-- glyph (other variant forms, the built-in table's or a fold rule's),
-- placeholder (□, 〓, a private-use code point or an ideographic description
-- sequence standing for a character; schema 9), punct (punctuation only),
-- pinyin (a pinyin syllable for a character of that reading), break (a
-- passage boundary only), editorial (schema 17: matter an editor or a
-- digitisation added around the text: a title's part number left by an n:1
-- link, 「——韓愈」 naming a 聯句 line's speaker, 不詳 as an author),
-- substantive (everything else: what a scholar reads).
-- field (schema 9) says what the spans are in: 'text', or the passages'
-- 'title' or 'author' (a link collates its passages' metadata too; the spans
-- are then in the first passage of each side, and may be empty when one side
-- has none).
CREATE TABLE variant (
  link_id   INTEGER NOT NULL REFERENCES link(id) ON DELETE CASCADE,
  n         INTEGER NOT NULL CHECK (n >= 1),
  class     TEXT NOT NULL
            CHECK (class IN ('script', 'conversion', 'glyph', 'placeholder', 'punct', 'pinyin', 'break',
                             'editorial', 'substantive')),
  passage_a INTEGER NOT NULL,
  start_a   INTEGER NOT NULL CHECK (start_a >= 0),
  end_a     INTEGER NOT NULL CHECK (end_a >= start_a),
  passage_b INTEGER NOT NULL,
  start_b   INTEGER NOT NULL CHECK (start_b >= 0),
  end_b     INTEGER NOT NULL CHECK (end_b >= start_b),
  field     TEXT NOT NULL DEFAULT 'text' CHECK (field IN ('text', 'title', 'author')),
  PRIMARY KEY (link_id, n)
) WITHOUT ROWID;

-- A character: a person of the text, as a scholar records them. `name` is
-- the name it is listed under; it is also one of its aliases (kind 'name'),
-- so that it is found in the text like the others. Names need not be
-- unique: two people may share one, and merged copies may hold the same
-- person twice until `character merge` joins them.
CREATE TABLE character (
  id         INTEGER PRIMARY KEY,
  uuid       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL CHECK (length(name) >= 1),
  note       TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX character_name ON character(name);

-- An alias: a form under which a character is written. `kind` follows the
-- China Biographical Database's alternate-name codes: name 本名, courtesy 字,
-- style 號, temple 廟號, posthumous 諡號, title 官稱/封號, error 訛誤 (a scribal
-- or OCR error, as 张着麟 for 张若麟), variant 異寫; free text is allowed.
-- `folded` is the form in its search form (fold_text, core/include/jiaozhu/
-- fold.h): mentions are matched on it, so 张若麟 finds 張若麟.
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

-- A mention: a span [span_start, span_end) in code points of a passage where
-- an alias is written. The key columns come first: SQLite 3.40's
-- integrity_check reports false NULLs in a WITHOUT ROWID table whose key
-- columns are not its leading columns. Derived data: at each place the longest alias wins and spans do
-- not overlap, so a short name inside a longer one is not counted twice. Kept
-- current when aliases or passages change; `jiaozhu mentions --rebuild`
-- recomputes all of it and `jiaozhu check` compares it with a fresh scan.
CREATE TABLE mention (
  passage_id INTEGER NOT NULL REFERENCES passage(id) ON DELETE CASCADE,
  span_start INTEGER NOT NULL CHECK (span_start >= 0),
  alias_id   INTEGER NOT NULL REFERENCES alias(id) ON DELETE CASCADE,
  span_end   INTEGER NOT NULL CHECK (span_end > span_start),
  PRIMARY KEY (passage_id, span_start, alias_id)
) WITHOUT ROWID;
CREATE INDEX mention_alias ON mention(alias_id);

-- A note: a scholar's annotation. This row is its identity and target; what
-- it says lives in its revisions, which are only ever added (below).
-- `target` is what it is on:
--   span       words of a passage: [span_start, span_end) in code points of
--              the text of passage `passage_seq` of edition `edition_id`,
--              and a W3C TextQuoteSelector: quote_exact, the words, with up
--              to 32 code points of quote_prefix and quote_suffix around
--              them, by which the span is found again when the text changes
--              (a corrected edition re-imported with --replace);
--              span_field says which of the passage's fields the offsets
--              count in: NULL the text, 'title' or 'author' (a note on the
--              words of a poem's title; migration 0014);
--   passage    a whole passage (edition_id, passage_seq);
--   link, variant, character   named by target_uuid, their identity across
--              copies (a variant's uuid is derived, see the variant table);
--              a variant's note also names the variant's link
--              (target_link_uuid), where the variant is looked for: finding
--              it by its uuid alone means deriving every variant's uuid.
--              NULL in notes older than schema 6 or read without it.
-- A passage is named by (edition, seq), not passage.id, because passages are
-- replaced when an edition is re-imported while its notes must survive.
-- The quote stays as the scholar selected it: after a correction the span
-- may stand on words that differ from it (张若麟 where the note quoted 张着麟),
-- found by the approximate match with context that re-anchoring uses.
-- A passage note keeps `passage_opening`, the passage's first 24 code points
-- as it found them, and follows the passage that opens with them when a
-- re-import inserts or removes passages before it (core/src/notes/
-- anchor_finder.h).
-- A note on a link or variant keeps `target_key`, a digest of what its
-- target joined and read (editions, passage openings, class, readings), and
-- follows the link or variant with the same key that a new alignment makes
-- (core/src/notes/target_follower.h).
-- `orphaned` = 1 when the quote was not found again: the note is kept, with
-- the place it had last, and listed by `notes --orphaned`; never dropped.
-- The anchor columns are this copy's placement: merge carries the quote and
-- places it in the receiving copy's text.
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
  target_link_uuid TEXT CHECK (target_link_uuid IS NULL OR target = 'variant'),  -- migration 0006
  passage_opening  TEXT CHECK (passage_opening IS NULL OR target = 'passage'),  -- migration 0008
  target_key       TEXT CHECK (target_key IS NULL OR target IN ('link', 'variant')),  -- migration 0008
  span_field       TEXT CHECK (span_field IS NULL OR (target = 'span' AND span_field IN ('title', 'author'))),  -- migration 0014
  -- a note on a region of a page's image (migration 0018): the page, and
  -- the rectangle "x,y,w,h" in pixels of its full image (FragmentSelector xywh=)
  region_page      TEXT CHECK (region_page IS NULL OR (target = 'passage' AND length(region_page) >= 1)),
  region           TEXT CHECK ((region IS NULL) = (region_page IS NULL)
                               AND (region IS NULL OR region GLOB '[0-9]*,[0-9]*,[0-9]*,[0-9]*')),
  CHECK ((target IN ('span', 'passage')) = (edition_id IS NOT NULL AND passage_seq IS NOT NULL)),
  CHECK ((target = 'span') = (span_start IS NOT NULL AND span_end IS NOT NULL AND quote_exact IS NOT NULL)),
  CHECK ((target IN ('link', 'variant', 'character')) = (target_uuid IS NOT NULL))
);
CREATE INDEX note_passage ON note(edition_id, passage_seq);
CREATE INDEX note_target ON note(target_uuid);

-- A revision of a note: its body, tags (note_tag), motivation (from the W3C
-- Web Annotation vocabulary) and whether it is removed, as one author wrote
-- it at one time. Revisions are immutable and never deleted: `note edit`,
-- `note rm` (deleted = 1) and `note restore` each add one, whose parent
-- (note_revision_parent) is the revision it replaces. Two copies edited
-- apart each add revisions with the same parent; after a merge the note has
-- two heads (revisions no revision names as parent) and is in conflict
-- until `note resolve` adds a revision with both as parents.
-- `head` caches "no revision names this one as parent" (check verifies it).
-- `moved_to` is set on a revision that `note move` made: the target it moved
-- the note to, as JSON (core/src/notes/note_target_spec.h). The newest such
-- revision (created_at, then uuid) says where the note is, in every copy;
-- the note row then holds that target, placed in this copy's text.
-- `created_at` has milliseconds: a note's history is shown in time order,
-- then uuid order, the same in every copy.
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
  head       INTEGER NOT NULL DEFAULT 1 CHECK (head IN (0, 1)),
  moved_to   TEXT  -- migration 0008
);
CREATE INDEX note_revision_note ON note_revision(note_id, head);

CREATE TABLE note_revision_parent (
  revision_id INTEGER NOT NULL REFERENCES note_revision(id),
  parent_id   INTEGER NOT NULL REFERENCES note_revision(id),
  PRIMARY KEY (revision_id, parent_id)
) WITHOUT ROWID;
CREATE INDEX note_revision_parent_parent ON note_revision_parent(parent_id);

-- The tags of a revision (a tag is part of the revision: editing tags is a
-- revision like editing the text).
CREATE TABLE note_tag (
  revision_id INTEGER NOT NULL REFERENCES note_revision(id),
  tag         TEXT NOT NULL CHECK (length(tag) BETWEEN 1 AND 100),
  PRIMARY KEY (revision_id, tag)
) WITHOUT ROWID;
CREATE INDEX note_tag_tag ON note_tag(tag);

-- Full-text index over the bodies of the revisions that are heads and not
-- removed (rowid = note_revision.id), made by the same tokenizer as
-- passage_fts, so `note search` folds scripts like `search`. It keeps its
-- own copy of those bodies: an external-content index over note_revision
-- would have to index every revision to pass FTS5's integrity-check.
CREATE VIRTUAL TABLE note_fts USING fts5(
  body,
  tokenize = 'jiaozhu'
);

-- Deletions as data (schema 7). Removing an alias (`alias rm`), a link
-- (`link rm`) or a fold rule (`fold rm`, schema 9) leaves a tombstone naming
-- the removed row's uuid, who removed it and when. Merge copies tombstones
-- both ways and lets them win: an incoming row whose uuid is tombstoned here
-- is not added, and a row here whose uuid the other copy tombstoned is
-- removed. A fold rule is the exception, because its identity is its
-- content: stated again after its removal, it lives again, so of a rule and
-- its tombstone the later (added_at, removed_at) wins. `check` reports a
-- live alias or link that has a tombstone.
CREATE TABLE tombstone (
  uuid       TEXT PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('alias', 'link', 'fold_rule')),
  author     TEXT NOT NULL,
  removed_at TEXT NOT NULL
) WITHOUT ROWID;

-- A character merged into another (`character merge INTO FROM`) leaves a
-- redirect: an edge from its uuid to the one it was merged into. Merges are
-- a union: copies keep every edge any copy made (the key is the pair), and
-- the characters an edge joins are one person. Of such a group the survivor
-- is the smallest uuid among those with no outgoing edge, or, when every
-- one has one (two copies each merged one of two into the other), the
-- smallest uuid of all: the same in every copy for the same edges
-- (core/src/repo/deletion_store.h). Merge follows redirects wherever a copy
-- still names a merged-away uuid: its row is not added again, its aliases
-- and notes go to the survivor, and a copy that still holds it joins it the
-- same way (recording the edge to the survivor). `check` reports a live
-- character that is not its group's survivor. (Schema 8; in schema 7 the key
-- was from_uuid alone.)
CREATE TABLE character_redirect (
  from_uuid TEXT NOT NULL,
  to_uuid   TEXT NOT NULL CHECK (to_uuid <> from_uuid),
  author    TEXT NOT NULL,
  merged_at TEXT NOT NULL,
  PRIMARY KEY (from_uuid, to_uuid)
) WITHOUT ROWID;
CREATE INDEX character_redirect_to ON character_redirect(to_uuid);

-- Versions of an edition (schema 7). `import --replace` (a corrected text)
-- keeps the edition's uuid, the uuid of its first version, and records the
-- new content as a version whose parent is the content it replaced. Merge
-- copies every version row; where both copies hold an edition, the one whose
-- current content descends from the other's becomes current in both (its
-- passages replace the older ones, notes are placed again by their quotes);
-- two replacements of one parent made apart are a conflict (edition_choice).
CREATE TABLE edition_version (
  edition_uuid TEXT NOT NULL,
  content_hash TEXT NOT NULL CHECK (length(content_hash) = 64),
  parent_hash  TEXT CHECK (parent_hash IS NULL OR length(parent_hash) = 64),
  made_at      TEXT NOT NULL,
  PRIMARY KEY (edition_uuid, content_hash)
) WITHOUT ROWID;

-- History of the fields a scholar edits on characters (name, note) and
-- aliases (kind, note), schema 8, kept like a note's revisions so that two
-- copies edited apart keep both values. A revision belongs to one character
-- or one alias; its parents (record_revision_parent) are the revisions it
-- replaced. A record's first revision has the record's own uuid (two copies
-- of one file upgraded apart agree on it). Where two copies added the same
-- alias, or a character was merged into another, the two records' histories
-- join on the one that stays; several heads with different values are a
-- conflict, listed by `jiaozhu conflicts` until `character edit` or `alias
-- edit` writes a revision naming them all as parents. The record's own
-- columns show the newest head (made_at, then uuid). `written_for` is the
-- uuid of the record a revision was first written for: removing an alias
-- tombstones every identity it has had. `check` verifies the head flags,
-- that parents belong to the same record, and what the record shows
-- (core/src/people/record_history.h).
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

-- Choices between rival versions of an edition (schema 8). An edition
-- replaced in two copies from one text has two heads in its version graph
-- (versions no version names as parent). Every copy shows the newest head
-- (made_at, then hash) under the edition's siglum and keeps each other head
-- as a rival edition beside it: siglum S-<first hash digits>, uuid derived
-- from the edition's uuid and the hash (core/src/merge/rival_editions.h), so
-- that every copy names it alike. `jiaozhu conflicts` lists them until
-- `jiaozhu edition resolve S --keep SIGLUM` records a choice per other head:
-- a dropped head is no longer a head, in every copy, and its rival edition
-- goes (notes on it move to the edition and are placed again by their quotes).
-- The same choice made in two copies is one row holding the later time and
-- its author, in every copy: when every head was dropped the newest choice
-- holds, so every copy must see the same newest.
CREATE TABLE edition_choice (
  edition_uuid TEXT NOT NULL,
  dropped_hash TEXT NOT NULL CHECK (length(dropped_hash) = 64),
  kept_hash    TEXT NOT NULL CHECK (length(kept_hash) = 64 AND kept_hash <> dropped_hash),
  author       TEXT NOT NULL,
  made_at      TEXT NOT NULL,
  PRIMARY KEY (edition_uuid, dropped_hash, kept_hash)
) WITHOUT ROWID;

-- A scholar's variant-form rule (schema 9): `form` is read as a variant of
-- `standard` (one character each) by search and collation, on top of the
-- built-in folding table (docs/folding.md). A rule joins the two characters'
-- classes, folded to the standard's. Identity is the pair and the author:
-- uuid derived from the three (core/include/jiaozhu/variant_form_rules.h), so two
-- scholars stating one rule keep two records, each with its source and note.
-- `source` names where the equivalence is attested (漢語大字典, a variant
-- table); `note` is the scholar's. The search index records the rules it was
-- built with (setting.fold_table: the table's version and a digest of the
-- rules); a change re-indexes the passages holding the characters involved.
CREATE TABLE fold_rule (
  id       INTEGER PRIMARY KEY,
  uuid     TEXT NOT NULL UNIQUE,
  form     TEXT NOT NULL CHECK (length(form) = 1),
  standard TEXT NOT NULL CHECK (length(standard) = 1 AND standard <> form),
  source   TEXT,
  note     TEXT,
  author   TEXT NOT NULL CHECK (length(author) >= 1),
  added_at TEXT NOT NULL,
  UNIQUE (form, standard, author)
);
CREATE INDEX fold_rule_standard ON fold_rule(standard);

-- The 校勘 kinds (schema 10). A variant's kind (脫, 衍, 倒, 形近, 音近, 通假,
-- 避諱, 異文) is proposed as it is read, from its readings, Unihan and the
-- taboo table (core/include/jiaozhu/variant_kind.h); only a scholar's
-- decisions are stored, in two logs: every setting is a row, never changed
-- or deleted, so merge is a union of rows and loses nobody's work. What
-- holds is the newest row (set_at, then uuid). A row's uuid derives from its
-- content (subject, value, note, author, time): one setting is one row in
-- every copy, and `check` verifies the derivation.
--
-- A kind set by hand (`jiaozhu variant kind ID KIND`). The subject is the
-- variant's uuid, derived from its link and its readings' places, so the
-- choice holds across a re-alignment that finds the same variant. kind
-- NULL: back to the proposal (`--clear`).
CREATE TABLE variant_kind_choice (
  uuid         TEXT PRIMARY KEY,
  variant_uuid TEXT NOT NULL,
  kind         TEXT CHECK (kind IS NULL OR kind IN ('omission', 'addition', 'inversion', 'graphic', 'phonetic',
                                                    'loan', 'variant_form', 'taboo', 'other')),
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  set_at       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX variant_kind_choice_variant ON variant_kind_choice(variant_uuid, set_at);

-- What an edition's text is dated to: a dynasty (`edition set S --dynasty
-- 唐`), a reign (`--dated 康熙`) or a year (`--year 1705`, negative before
-- the common era; schema 17), one value from which the others follow.
-- 避諱 is proposed only where an edition dated in or after the taboo's reign
-- (or to its dynasty) writes the substitute. dated NULL: not dated.
CREATE TABLE edition_dating (
  uuid         TEXT PRIMARY KEY,
  edition_uuid TEXT NOT NULL,
  dated        TEXT CHECK (dated IS NULL OR length(dated) BETWEEN 1 AND 16),
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  set_at       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX edition_dating_edition ON edition_dating(edition_uuid, set_at);

-- What part of the work an edition holds (schema 20): a partial witness
-- (an anthology, a fragment, a witness known only where a source's notes name
-- its readings, 一作X, made so by import) is collated only where it has the
-- text, and its lack of the rest is never an entry of the apparatus. A log
-- like edition_dating; extent NULL takes it back.
CREATE TABLE edition_extent (
  uuid         TEXT PRIMARY KEY,
  edition_uuid TEXT NOT NULL,
  extent       TEXT CHECK (extent IS NULL OR extent = 'partial'),
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  set_at       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX edition_extent_edition ON edition_extent(edition_uuid, set_at);

-- An alias marked ambiguous (schema 17) (`alias add 李白 太白 --ambiguous`: a person, a
-- mountain, a planet), a log like variant_kind_choice: state NULL takes it
-- back. Mentions under an ambiguous alias are unconfirmed until a scholar
-- confirms or rejects each.
CREATE TABLE alias_ambiguity (
  uuid       TEXT PRIMARY KEY,
  alias_uuid TEXT NOT NULL,
  state      TEXT CHECK (state IS NULL OR state = 'ambiguous'),
  note       TEXT,
  author     TEXT NOT NULL CHECK (length(author) >= 1),
  set_at     TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX alias_ambiguity_alias ON alias_ambiguity(alias_uuid, set_at);

-- A mention confirmed or rejected (`mention confirm|reject S:N --person
-- NAME`), a log like the one above. mention_uuid derives from the person's
-- uuid, the passage's edition uuid and seq, and the span's start
-- (core/src/people/mention_choices.h; schema 17); state NULL takes the choice back.
CREATE TABLE mention_choice (
  uuid         TEXT PRIMARY KEY,
  mention_uuid TEXT NOT NULL,
  state        TEXT CHECK (state IS NULL OR state IN ('confirmed', 'rejected')),
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  set_at       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX mention_choice_mention ON mention_choice(mention_uuid, set_at);

-- Which image shows a page of an edition (schema 18) (`facsimile add`, a TEI <pb facs>),
-- a log like edition_dating: every setting is a row, never changed, and what
-- holds for a page is its newest row (set_at, then uuid); merge is a union.
-- page_uuid derives from the edition's uuid and the page label as the
-- edition's passages name it (core/src/facsimile/page_images.h). `image` is
-- the mapping as one JSON object, NULL when it was withdrawn:
--   {"edition": uuid, "page": "2", "order": 2,
--    "file": "p2.png"                     a file of the edition's folder,
--                                          which each machine sets for
--                                          itself (user config), or
--    "url": "https://…/default.jpg",       an image on the web, with
--    "canvas", "service", "api", "manifest", "width", "height"  from IIIF}
-- edition_uuid repeats the edition, withdrawals included, so that an
-- edition's pages are found by index.
-- Its fields are checked at every door (add, import, merge, `check`): a
-- file is a relative name that cannot leave its folder, a URL is http(s).
CREATE TABLE page_image (
  uuid         TEXT PRIMARY KEY,
  page_uuid    TEXT NOT NULL,
  image        TEXT CHECK (image IS NULL OR substr(image, 1, 1) = '{'),
  edition_uuid TEXT NOT NULL,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  set_at       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX page_image_page ON page_image(page_uuid, set_at);
CREATE INDEX page_image_edition ON page_image(edition_uuid);

-- A person's id in the China Biographical Database (`character import
-- --format cbdb`; schema 11), a log like the two above: cbdb_id NULL
-- withdraws it.
CREATE TABLE character_cbdb_id (
  uuid           TEXT PRIMARY KEY,
  character_uuid TEXT NOT NULL,
  cbdb_id        TEXT CHECK (cbdb_id IS NULL OR (length(cbdb_id) BETWEEN 1 AND 12 AND cbdb_id NOT GLOB '*[^0-9]*')),
  note           TEXT,
  author         TEXT NOT NULL CHECK (length(author) >= 1),
  set_at         TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX character_cbdb_id_character ON character_cbdb_id(character_uuid, set_at);

-- A suggestion dismissed (schema 12): `alias dismiss`, `fold dismiss`, or
-- the suggestion page of `jiaozhu serve`. A log like the three above, so
-- that a dismissal made in one copy holds in every copy that merges it;
-- decision NULL takes it back. suggestion_uuid derives from what is proposed
-- (core/src/repo/suggestion_dismissals.h): an alias from its character's uuid
-- and folded form, a fold rule from its two characters. `alias suggest` and
-- `fold suggest` leave dismissed suggestions out unless asked (--all).
CREATE TABLE suggestion_dismissal (
  uuid            TEXT PRIMARY KEY,
  suggestion_uuid TEXT NOT NULL,
  decision        TEXT CHECK (decision IS NULL OR decision = 'dismissed'),
  note            TEXT,
  author          TEXT NOT NULL CHECK (length(author) >= 1),
  set_at          TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX suggestion_dismissal_suggestion ON suggestion_dismissal(suggestion_uuid, set_at);

-- The editor's judgement (schema 15). At every place of an apparatus the editor of
-- a 點校本 decides: 不出校 (omit), 出校 keeping the base (record), 據W本改
-- (adopt a witness's reading), 理校 (emend, with the reason), 存疑 (doubt).
-- Standing policies (凡例) decide whole classes of places at once.
--
-- A place of a base text, as an apparatus lists it: its uuid derives from
-- the base edition's uuid, the passage, the field, the span and the base's
-- words there (core/src/decisions/place_id.h), so every copy and every new
-- alignment names it alike. The apparatus records the places it lists, so
-- that `decide ID` can name one; a decision's place travels with it.
CREATE TABLE apparatus_place (
  uuid         TEXT PRIMARY KEY,
  edition_uuid TEXT NOT NULL,
  seq          INTEGER NOT NULL CHECK (seq >= 1),
  field        TEXT NOT NULL CHECK (field IN ('text', 'title', 'author')),
  start_at     INTEGER NOT NULL CHECK (start_at >= 0),
  end_at       INTEGER NOT NULL CHECK (end_at >= start_at),
  lemma        TEXT NOT NULL,
  lacuna       INTEGER NOT NULL DEFAULT 0 CHECK (lacuna IN (0, 1))
) WITHOUT ROWID;
CREATE INDEX apparatus_place_passage ON apparatus_place(edition_uuid, seq);

-- A decision on a place, as one editor made it at one time. Decisions are
-- never changed or deleted: deciding again adds one whose parents
-- (decision_parent) are the place's current heads (decisions no decision
-- names as parent). Two copies deciding one place apart leave two heads;
-- when they say different things the place is in conflict (`conflicts`)
-- until it is decided again. action NULL: the decision undone (the place
-- is undecided again, a policy may hold). reading: what the edited text
-- reads there (adopt: the witness's, '' when the witness omits the words;
-- emend: the editor's). The uuid derives from the whole row and its parents.
CREATE TABLE decision (
  uuid         TEXT PRIMARY KEY,
  place_uuid   TEXT NOT NULL REFERENCES apparatus_place(uuid),
  action       TEXT CHECK (action IS NULL OR action IN ('omit', 'record', 'adopt', 'emend', 'doubt')),
  reading      TEXT,
  witness_uuid TEXT,
  reason       TEXT,
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  made_at      TEXT NOT NULL,
  CHECK ((coalesce(action, '') IN ('adopt', 'emend')) = (reading IS NOT NULL)),
  CHECK ((coalesce(action, '') = 'adopt') = (witness_uuid IS NOT NULL)),
  CHECK ((coalesce(action, '') = 'emend') = (reason IS NOT NULL AND length(reason) >= 1))
) WITHOUT ROWID;
CREATE INDEX decision_place ON decision(place_uuid);
CREATE TABLE decision_parent (
  decision_uuid TEXT NOT NULL REFERENCES decision(uuid),
  parent_uuid   TEXT NOT NULL REFERENCES decision(uuid),
  PRIMARY KEY (decision_uuid, parent_uuid)
) WITHOUT ROWID;
CREATE INDEX decision_parent_parent ON decision_parent(parent_uuid);

-- A standing policy of the 凡例: places whose every reading is of `class`
-- (and, with witness_uuid, read by that witness alone) are omitted or
-- recorded. Its uuid derives from the three, so the same policy made in two
-- copies is one. Whether it is in force is a choice log (policy_choice, as
-- variant_kind_choice): the newest row holds; state NULL: removed.
CREATE TABLE policy (
  uuid         TEXT PRIMARY KEY,
  action       TEXT NOT NULL CHECK (action IN ('omit', 'record')),
  class        TEXT NOT NULL CHECK (class IN ('script', 'conversion', 'glyph', 'placeholder', 'punct', 'pinyin',
                                              'break', 'editorial', 'substantive')),
  witness_uuid TEXT
) WITHOUT ROWID;
CREATE TABLE policy_choice (
  uuid        TEXT PRIMARY KEY,
  policy_uuid TEXT NOT NULL REFERENCES policy(uuid),
  state       TEXT CHECK (state IS NULL OR state = 'in force'),
  note        TEXT,
  author      TEXT NOT NULL CHECK (length(author) >= 1),
  set_at      TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX policy_choice_policy ON policy_choice(policy_uuid, set_at);

-- Corrections (schema 16): corrections of a transcription, passage by passage. A scholar who
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

-- The index behind parallel passages (schema 19; core/include/jiaozhu/parallels.h).
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
