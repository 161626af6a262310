-- Fields of a CMS page of the product spec's CMS model (docs/decisions/0073):
-- sidebar: JSON {title, content} beside the content, or NULL
-- repeaters: JSON [{title, content}], sections after the content
-- manufacturer_ids: JSON [manufacturer id], the manufacturers the page shows with their logos
-- world_id: the world (top category) the page belongs to: the menu marks it
-- newsletter: 1 when the page shows the newsletter sign-up after its content
-- created_at: when the page was first written (the import keeps it)
-- (No semicolons inside comments or string literals: the migration is split on them.)

ALTER TABLE cms_pages ADD COLUMN sidebar TEXT;
ALTER TABLE cms_pages ADD COLUMN repeaters TEXT NOT NULL DEFAULT '[]';
ALTER TABLE cms_pages ADD COLUMN manufacturer_ids TEXT NOT NULL DEFAULT '[]';
ALTER TABLE cms_pages ADD COLUMN world_id TEXT;
ALTER TABLE cms_pages ADD COLUMN newsletter INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cms_pages ADD COLUMN created_at TEXT;
UPDATE cms_pages SET created_at = updated_at;

-- The import upserts a page without created_at: a new page gets the time it was written, a changed one keeps its own.
CREATE TRIGGER cms_pages_created_at AFTER INSERT ON cms_pages WHEN NEW.created_at IS NULL BEGIN
  UPDATE cms_pages SET created_at = NEW.updated_at WHERE shop_id = NEW.shop_id AND language = NEW.language AND identifier = NEW.identifier;
END;
