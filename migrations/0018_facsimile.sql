-- Schema 18: page images (facsimiles) and notes on a region of a page.

-- Which image shows a page of an edition (`facsimile add`, a TEI <pb facs>),
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

-- A note on a region of a page's image (`note add S:N --region X,Y,W,H`):
-- a passage note whose target is also that rectangle, in pixels of the
-- full image of page `region_page` (W3C FragmentSelector xywh=).
ALTER TABLE note ADD COLUMN region_page TEXT
  CHECK (region_page IS NULL OR (target = 'passage' AND length(region_page) >= 1));
ALTER TABLE note ADD COLUMN region TEXT
  CHECK ((region IS NULL) = (region_page IS NULL)
         AND (region IS NULL OR region GLOB '[0-9]*,[0-9]*,[0-9]*,[0-9]*'));
