-- 0006: a note on a variant also names the variant's link, so that the
-- variant is found among that link's few variants instead of by deriving
-- the uuid of every variant in the database (about a second per note on a
-- 3 M-character collation). NULL for notes made before, or read from a file
-- that lacks it: those are still found, the slow way.

ALTER TABLE note ADD COLUMN target_link_uuid TEXT CHECK (target_link_uuid IS NULL OR target = 'variant');
