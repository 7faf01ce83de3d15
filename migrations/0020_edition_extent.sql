-- Schema 20: what part of the work an edition holds (#53, #57).
--
-- A partial witness holds only some of the work: an anthology, a fragment, or
-- a witness known only where a source's notes name its readings (一作X, 京本作
-- 「X」, made by import). It is collated where it has the text; its lack of the
-- rest is never an entry of the apparatus. A log like edition_dating: extent
-- NULL takes it back (the edition holds the whole work again).
CREATE TABLE edition_extent (
  uuid         TEXT PRIMARY KEY,
  edition_uuid TEXT NOT NULL,
  extent       TEXT CHECK (extent IS NULL OR extent = 'partial'),
  note         TEXT,
  author       TEXT NOT NULL CHECK (length(author) >= 1),
  set_at       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX edition_extent_edition ON edition_extent(edition_uuid, set_at);
