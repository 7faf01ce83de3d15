-- 0014: a note may be anchored on words of a passage's title or author line
-- (a note on 靜夜思 itself, not on the poem). span_field names the field
-- whose code points span_start/span_end count; NULL is the text, as every
-- note made before this step is.
ALTER TABLE note ADD COLUMN span_field TEXT
  CHECK (span_field IS NULL OR (target = 'span' AND span_field IN ('title', 'author')));
