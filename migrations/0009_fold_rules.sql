-- 0009: variant forms as data, and two new variant classes.
--
-- fold_rule holds a scholar's variant-form equivalences (`jiaozhu fold add
-- FORM STANDARD`): FORM is read as a variant of STANDARD by search and
-- collation, on top of the built-in table. A rule's identity is its pair and
-- its author (uuid derived from the three), so two scholars who state the
-- same rule keep two records, each with its own source and note, and a rule
-- removed and stated again is the same record. Removal leaves a tombstone
-- (kind 'fold_rule'); merge lets the later of a rule's added_at and its
-- tombstone's removed_at win.
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

ALTER TABLE tombstone RENAME TO tombstone_8;
CREATE TABLE tombstone (
  uuid       TEXT PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('alias', 'link', 'fold_rule')),
  author     TEXT NOT NULL,
  removed_at TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO tombstone SELECT uuid, kind, author, removed_at FROM tombstone_8;
DROP TABLE tombstone_8;

-- conversion: between two editions of the same script, a pair of characters
-- that only Traditional-Simplified conversion merges (髮/發, 後/后): a
-- reading, often one edition's conversion error. placeholder: a sign that
-- stands in for a character the digitizer could not write or read (□, 〓,
-- a private-use code point, an ideographic description sequence) against a
-- character. field: where the variant is: the passages' text, or their
-- title or author (metadata is collated too: 太宗皇帝 / 李世民).
ALTER TABLE variant RENAME TO variant_8;
CREATE TABLE variant (
  link_id   INTEGER NOT NULL REFERENCES link(id) ON DELETE CASCADE,
  n         INTEGER NOT NULL CHECK (n >= 1),
  class     TEXT NOT NULL
            CHECK (class IN ('script', 'conversion', 'glyph', 'placeholder', 'punct', 'pinyin', 'break',
                             'substantive')),
  passage_a INTEGER NOT NULL,
  start_a   INTEGER NOT NULL CHECK (start_a >= 0),
  end_a     INTEGER NOT NULL CHECK (end_a >= start_a),
  passage_b INTEGER NOT NULL,
  start_b   INTEGER NOT NULL CHECK (start_b >= 0),
  end_b     INTEGER NOT NULL CHECK (end_b >= start_b),
  field     TEXT NOT NULL DEFAULT 'text' CHECK (field IN ('text', 'title', 'author')),
  PRIMARY KEY (link_id, n)
) WITHOUT ROWID;
INSERT INTO variant (link_id, n, class, passage_a, start_a, end_a, passage_b, start_b, end_b)
  SELECT link_id, n, class, passage_a, start_a, end_a, passage_b, start_b, end_b FROM variant_8;
DROP TABLE variant_8;
