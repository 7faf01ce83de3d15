-- 0010: the 校勘 kinds. A variant's kind (脫, 衍, 倒, 形近, 音近, 通假, 避諱,
-- 異文) is proposed when it is read, from its readings, Unihan and the taboo
-- table (core/include/jiaozhu/variant_kind.h); only what a scholar decides is
-- stored. Both tables are logs: every setting is a row, none is changed or
-- deleted, so merge is a union of rows and loses nobody's work; what holds
-- is the newest row (by set_at, then uuid). A row's uuid derives from its
-- content (subject, value, author, time), so one setting is one row in every
-- copy.
--
-- variant_kind_choice: `jiaozhu variant kind ID KIND [--note TEXT]`. The
-- subject is the variant's uuid, which derives from its link and its
-- readings' places, so the choice holds across a re-alignment that finds
-- the same variant. kind NULL: back to the proposal (`--clear`).
CREATE TABLE variant_kind_choice (
  uuid         TEXT PRIMARY KEY,
  variant_uuid TEXT NOT NULL,
  kind         TEXT CHECK (kind IS NULL OR kind IN ('omission', 'addition', 'inversion', 'graphic', 'phonetic',
                                                    'loan', 'taboo', 'other')),
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  set_at       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX variant_kind_choice_variant ON variant_kind_choice(variant_uuid, set_at);

-- edition_dating: the dynasty an edition's text is dated to (`jiaozhu
-- edition set S --dynasty 唐`, or `import --dynasty`): 避諱 is proposed only
-- where an edition of the taboo's dynasty writes its substitute. dynasty
-- NULL: not dated (`--dynasty ''`).
CREATE TABLE edition_dating (
  uuid         TEXT PRIMARY KEY,
  edition_uuid TEXT NOT NULL,
  dynasty      TEXT CHECK (dynasty IS NULL OR length(dynasty) BETWEEN 1 AND 16),
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  set_at       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX edition_dating_edition ON edition_dating(edition_uuid, set_at);
