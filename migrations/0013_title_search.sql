-- 0013: a passage's title and author are searched as its text is (靜夜思
-- finds the poem by its title, 李白 the poems under his name). The index
-- gains the two columns. It is filled by core/ right after this step: the
-- folding version it records is cleared, so that opening rebuilds it.
DROP TABLE passage_fts;

CREATE VIRTUAL TABLE passage_fts USING fts5(
  text,
  title,
  author,
  content = 'passage',
  content_rowid = 'id',
  tokenize = 'jiaozhu'
);

DELETE FROM setting WHERE key = 'fold_table';
