-- 0017: readings a scholar can trust (#41).
--
-- variant.class and policy.class gain 'editorial': matter an editor or a
-- digitisation added around the text, not a reading of it (a title's part
-- number left by an n:1 link, 「——韓愈」 naming the speaker of a 聯句 line,
-- 不詳 as an author). The apparatus leaves it out unless asked.
ALTER TABLE variant RENAME TO variant_16;
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
INSERT INTO variant SELECT link_id, n, class, passage_a, start_a, end_a, passage_b, start_b, end_b, field
  FROM variant_16;
DROP TABLE variant_16;

-- policy_choice names policy in a foreign key: both are rebuilt, the child
-- first out and last in, so that no row is ever without its parent.
DROP INDEX policy_choice_policy;
ALTER TABLE policy_choice RENAME TO policy_choice_16;
ALTER TABLE policy RENAME TO policy_16;
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
INSERT INTO policy SELECT uuid, action, class, witness_uuid FROM policy_16;
INSERT INTO policy_choice SELECT uuid, policy_uuid, state, note, author, set_at FROM policy_choice_16;
DROP TABLE policy_choice_16;
DROP TABLE policy_16;

-- The kind 異體 (variant_form): two forms of one character, which a
-- scholar may set by hand where the tables do not fold them.
DROP INDEX variant_kind_choice_variant;
ALTER TABLE variant_kind_choice RENAME TO variant_kind_choice_16;
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
INSERT INTO variant_kind_choice SELECT uuid, variant_uuid, kind, note, author, set_at FROM variant_kind_choice_16;
DROP TABLE variant_kind_choice_16;

-- An edition's dating is a dynasty (清), a reign (康熙) or a year (1705,
-- negative before the common era): one value, from which the others follow.
ALTER TABLE edition_dating RENAME COLUMN dynasty TO dated;

-- An alias marked ambiguous (`alias add 李白 太白 --ambiguous`: a person, a
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
-- (core/src/people/mention_choices.h); state NULL takes the choice back.
CREATE TABLE mention_choice (
  uuid         TEXT PRIMARY KEY,
  mention_uuid TEXT NOT NULL,
  state        TEXT CHECK (state IS NULL OR state IN ('confirmed', 'rejected')),
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  set_at       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX mention_choice_mention ON mention_choice(mention_uuid, set_at);
