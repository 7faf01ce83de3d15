-- 0015: the editor's judgement. At every place of an apparatus the editor of
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
                                              'break', 'substantive')),
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
