-- 0012: suggestions a scholar has dismissed. `alias suggest` and `fold
-- suggest` (and the suggestion page of `jiaozhu serve`) propose aliases and
-- fold rules from the collation; a scholar who has judged one wrong says so
-- once (`alias dismiss`, `fold dismiss`), and no copy proposes it again.
-- A log like variant_kind_choice (0010): every decision is a row, never
-- changed or deleted, merge is a union, the newest row holds; decision NULL
-- takes a dismissal back. The subject is the suggestion's uuid, derived
-- from what it proposes (core/src/repo/suggestion_dismissals.h): an alias,
-- from the character's uuid and the folded form; a fold rule, from the two
-- characters.
CREATE TABLE suggestion_dismissal (
  uuid            TEXT PRIMARY KEY,
  suggestion_uuid TEXT NOT NULL,
  decision        TEXT CHECK (decision IS NULL OR decision = 'dismissed'),
  note            TEXT,
  author          TEXT NOT NULL CHECK (length(author) >= 1),
  set_at          TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX suggestion_dismissal_suggestion ON suggestion_dismissal(suggestion_uuid, set_at);
