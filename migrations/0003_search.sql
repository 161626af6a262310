-- Product search (docs/decisions/0020-search-engine.md).
-- The index is derived from the catalogue tables and kept in sync by triggers, so the
-- catalogue import (the only writer of the catalogue) needs no search code. The last
-- part of this file fills the index from a catalogue that exists already.
--
--   search_items      one narrow row per product: what filters and facets read for every
--                     hit (shops, package price per shop, category, manufacturer, attributes)
--   search_documents  one row per product and language: the searchable text
--   search_text       FTS5 trigram index of search_documents: substring matching, so
--                     'diele' finds 'Landhausdiele' and 'vinyl' finds 'Klick-Vinyl'
--   search_words      FTS5 word index of search_documents: terms under three letters
--                     ('14 mm') and the vocabulary for typo tolerance (search_vocabulary)
--   search_facets     filter names (attribute labels) per language
--   search_content    guides and tutorial videos (advises, videos), deduplicated
--   search_queries    what visitors searched for, per shop and day (merchandiser report)
--
-- A document's id is its language's base plus its item id, so every language occupies its
-- own rowid range and a search in one language reads only that range of the FTS index.
-- (No semicolons inside comments or string literals: the migration is split on them.)

CREATE TABLE search_languages (
  language TEXT PRIMARY KEY,
  base INTEGER NOT NULL UNIQUE             -- multiple of 2^36 (product rowids stay below it)
);
INSERT INTO search_languages (language, base) VALUES
  ('de', 68719476736), ('at', 137438953472), ('en', 206158430208),
  ('fr', 274877906944), ('it', 343597383680), ('nl', 412316860416);

CREATE TABLE search_items (
  id INTEGER PRIMARY KEY,                  -- products.rowid
  sku TEXT NOT NULL UNIQUE,
  ean TEXT,
  is_active INTEGER NOT NULL,
  in_stock INTEGER NOT NULL,               -- ranks products in stock first among equal matches
  category_id TEXT NOT NULL,
  manufacturer_id TEXT,
  shops TEXT NOT NULL,                     -- ',DE,CH,AT,' (product_shops)
  prices BLOB NOT NULL,                    -- JSONB {"DE": package price in minor units}
  facets BLOB NOT NULL                     -- JSONB {"thickness_mm": 14, "wear_class": "AC4"}
);
CREATE INDEX search_items_ean ON search_items(ean);
CREATE INDEX search_items_category ON search_items(category_id);
CREATE INDEX search_items_manufacturer ON search_items(manufacturer_id);

CREATE TABLE search_documents (
  id INTEGER PRIMARY KEY,                  -- search_languages.base + search_items.id
  item_id INTEGER NOT NULL,
  language TEXT NOT NULL,
  title TEXT NOT NULL,
  title_key TEXT NOT NULL,                 -- lower(title): exact and leading title matches rank first
  keywords TEXT NOT NULL,                  -- spelling variants of the title, manufacturer, categories, text attributes
  codes TEXT NOT NULL                      -- sku, ean, parent sku (lower case)
);
CREATE INDEX search_documents_item ON search_documents(item_id, language);
CREATE INDEX search_documents_title ON search_documents(language, title_key);

CREATE TABLE search_facets (
  language TEXT NOT NULL,
  code TEXT NOT NULL,                      -- attribute code, e.g. thickness_mm
  label TEXT NOT NULL,
  type TEXT NOT NULL,                      -- range (number attributes) or collection
  PRIMARY KEY (language, code)
);

CREATE TABLE search_content (
  kind TEXT NOT NULL,                      -- advises (text and pdf guides) or videos
  language TEXT NOT NULL,
  title TEXT NOT NULL,
  url TEXT NOT NULL,                       -- empty for text guides
  body TEXT NOT NULL,
  sku TEXT NOT NULL,                       -- a product the guide belongs to
  refs INTEGER NOT NULL,                   -- how many products carry it
  PRIMARY KEY (language, kind, title, url)
);

CREATE TABLE search_queries (
  shop_id TEXT NOT NULL,
  day TEXT NOT NULL,                       -- YYYY-MM-DD (UTC)
  language TEXT NOT NULL,
  query TEXT NOT NULL,                     -- trimmed, lower case, single spaces
  searches INTEGER NOT NULL,
  no_results INTEGER NOT NULL,             -- searches that found no product
  last_total INTEGER NOT NULL,
  PRIMARY KEY (shop_id, day, language, query)
);

-- What a product's search_items row holds. Attribute values come from one content row
-- (values are language independent, their labels are not: search_facets).
CREATE VIEW search_item_source AS
SELECT
  p.rowid AS id,
  p.sku AS sku,
  p.ean AS ean,
  p.is_active AS is_active,
  p.stock_qty > 0 AS in_stock,
  p.category_id AS category_id,
  p.manufacturer_id AS manufacturer_id,
  coalesce((SELECT ',' || group_concat(s.shop_id, ',') || ',' FROM product_shops s WHERE s.sku = p.sku), ',') AS shops,
  coalesce((SELECT jsonb_group_object(r.shop_id, r.package_price) FROM prices r WHERE r.sku = p.sku), jsonb('{}')) AS prices,
  coalesce((
    SELECT jsonb_group_object(a.value ->> '$.code',
      CASE WHEN a.value ->> '$.type' = 'number' THEN CAST(a.value ->> '$.value' AS REAL) ELSE CAST(a.value ->> '$.value' AS TEXT) END )
    FROM product_content c, json_each(c.attributes) a
    WHERE c.sku = p.sku AND c.language = (SELECT min(c2.language) FROM product_content c2 WHERE c2.sku = p.sku)
      AND coalesce(a.value ->> '$.isVisible', 1) AND a.value ->> '$.code' IS NOT NULL AND coalesce(a.value ->> '$.value', '') <> ''
  ), jsonb('{}')) AS facets
FROM products p;

-- What a product's search_documents row holds in one language.
CREATE VIEW search_document_source AS
SELECT
  l.base + p.rowid AS id,
  p.rowid AS item_id,
  c.sku AS sku,
  c.language AS language,
  c.title AS title,
  lower(c.title) AS title_key,
  trim(
    replace(replace(replace(replace(replace(replace(replace(replace(lower(c.title), '-', ''), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'ae'), 'Ö', 'oe'), 'Ü', 'ue'), 'ß', 'ss')
    || ' ' || coalesce(m.name, '')
    || ' ' || coalesce((SELECT t.name FROM category_translations t WHERE t.category_id = p.category_id AND t.language = c.language), '')
    || ' ' || coalesce((SELECT t.name FROM categories k JOIN category_translations t ON t.category_id = k.parent_id AND t.language = c.language WHERE k.id = p.category_id), '')
    || ' ' || coalesce((SELECT group_concat(a.value ->> '$.value', ' ') FROM json_each(c.attributes) a WHERE a.value ->> '$.type' = 'text'), '')
  ) AS keywords,
  lower(p.sku) || ' ' || coalesce(p.ean, '') || coalesce(' ' || lower(p.parent_sku), '') AS codes
FROM product_content c
JOIN products p ON p.sku = c.sku
JOIN search_languages l ON l.language = c.language
LEFT JOIN manufacturers m ON m.id = p.manufacturer_id;

CREATE VIRTUAL TABLE search_text USING fts5(
  title, keywords, codes,
  content = 'search_documents', content_rowid = 'id',
  tokenize = 'trigram remove_diacritics 1'
);
CREATE VIRTUAL TABLE search_words USING fts5(
  title, keywords, codes,
  content = 'search_documents', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE VIRTUAL TABLE search_vocabulary USING fts5vocab(search_words, 'row');

-- ------------------------------------------------------------ fill from the existing catalogue

INSERT INTO search_items (id, sku, ean, is_active, in_stock, category_id, manufacturer_id, shops, prices, facets)
  SELECT id, sku, ean, is_active, in_stock, category_id, manufacturer_id, shops, prices, facets FROM search_item_source;

INSERT INTO search_documents (id, item_id, language, title, title_key, keywords, codes)
  SELECT id, item_id, language, title, title_key, keywords, codes FROM search_document_source;

INSERT INTO search_text (search_text) VALUES ('rebuild');
INSERT INTO search_words (search_words) VALUES ('rebuild');

INSERT INTO search_facets (language, code, label, type)
  SELECT c.language, a.value ->> '$.code', max(a.value ->> '$.label'),
    CASE WHEN max(a.value ->> '$.type') = 'number' THEN 'range' ELSE 'collection' END
  FROM product_content c, json_each(c.attributes) a
  WHERE a.value ->> '$.code' IS NOT NULL AND coalesce(a.value ->> '$.isVisible', 1)
  GROUP BY c.language, a.value ->> '$.code';

INSERT INTO search_content (kind, language, title, url, body, sku, refs)
  SELECT CASE WHEN type = 'video' THEN 'videos' ELSE 'advises' END , language, title, coalesce(url, ''), max(content), min(sku), count(*)
  FROM tutorials GROUP BY 1, language, title, coalesce(url, '');

-- ------------------------------------------------------------ keep the index in sync

CREATE TRIGGER search_text_ai AFTER INSERT ON search_documents BEGIN
  INSERT INTO search_text (rowid, title, keywords, codes) VALUES (NEW.id, NEW.title, NEW.keywords, NEW.codes);
  INSERT INTO search_words (rowid, title, keywords, codes) VALUES (NEW.id, NEW.title, NEW.keywords, NEW.codes);
END;

CREATE TRIGGER search_text_ad AFTER DELETE ON search_documents BEGIN
  INSERT INTO search_text (search_text, rowid, title, keywords, codes) VALUES ('delete', OLD.id, OLD.title, OLD.keywords, OLD.codes);
  INSERT INTO search_words (search_words, rowid, title, keywords, codes) VALUES ('delete', OLD.id, OLD.title, OLD.keywords, OLD.codes);
END;

CREATE TRIGGER search_text_au AFTER UPDATE OF title, keywords, codes ON search_documents
WHEN OLD.title IS NOT NEW.title OR OLD.keywords IS NOT NEW.keywords OR OLD.codes IS NOT NEW.codes BEGIN
  INSERT INTO search_text (search_text, rowid, title, keywords, codes) VALUES ('delete', OLD.id, OLD.title, OLD.keywords, OLD.codes);
  INSERT INTO search_words (search_words, rowid, title, keywords, codes) VALUES ('delete', OLD.id, OLD.title, OLD.keywords, OLD.codes);
  INSERT INTO search_text (rowid, title, keywords, codes) VALUES (NEW.id, NEW.title, NEW.keywords, NEW.codes);
  INSERT INTO search_words (rowid, title, keywords, codes) VALUES (NEW.id, NEW.title, NEW.keywords, NEW.codes);
END;

CREATE TRIGGER search_products_ai AFTER INSERT ON products BEGIN
  INSERT INTO search_items (id, sku, ean, is_active, in_stock, category_id, manufacturer_id, shops, prices, facets)
    SELECT id, sku, ean, is_active, in_stock, category_id, manufacturer_id, shops, prices, facets FROM search_item_source WHERE sku = NEW.sku;
END;

CREATE TRIGGER search_products_au AFTER UPDATE ON products BEGIN
  UPDATE search_items SET ean = NEW.ean, is_active = NEW.is_active, in_stock = NEW.stock_qty > 0, category_id = NEW.category_id, manufacturer_id = NEW.manufacturer_id
    WHERE id = NEW.rowid;
  UPDATE search_documents SET (keywords, codes) = (
      SELECT s.keywords, s.codes FROM search_document_source s WHERE s.sku = NEW.sku AND s.language = search_documents.language)
    WHERE item_id = NEW.rowid
      AND (OLD.ean IS NOT NEW.ean OR OLD.parent_sku IS NOT NEW.parent_sku OR OLD.manufacturer_id IS NOT NEW.manufacturer_id
        OR OLD.category_id IS NOT NEW.category_id);
END;

CREATE TRIGGER search_products_ad AFTER DELETE ON products BEGIN
  DELETE FROM search_documents WHERE item_id = OLD.rowid;
  DELETE FROM search_items WHERE id = OLD.rowid;
END;

CREATE TRIGGER search_content_ai AFTER INSERT ON product_content BEGIN
  INSERT OR IGNORE INTO search_languages (language, base)
    SELECT NEW.language, max(base) + 68719476736 FROM search_languages;
  INSERT INTO search_documents (id, item_id, language, title, title_key, keywords, codes)
    SELECT id, item_id, language, title, title_key, keywords, codes FROM search_document_source
    WHERE sku = NEW.sku AND language = NEW.language;
  UPDATE search_items SET facets = (SELECT s.facets FROM search_item_source s WHERE s.sku = NEW.sku) WHERE sku = NEW.sku;
  INSERT INTO search_facets (language, code, label, type)
    SELECT NEW.language, a.value ->> '$.code', a.value ->> '$.label',
      CASE WHEN a.value ->> '$.type' = 'number' THEN 'range' ELSE 'collection' END
    FROM json_each(NEW.attributes) a
    WHERE a.value ->> '$.code' IS NOT NULL AND coalesce(a.value ->> '$.isVisible', 1)
    ON CONFLICT (language, code) DO UPDATE SET label = excluded.label, type = excluded.type
      WHERE label IS NOT excluded.label OR type IS NOT excluded.type;
END;

CREATE TRIGGER search_content_ad AFTER DELETE ON product_content BEGIN
  DELETE FROM search_documents
    WHERE item_id = (SELECT id FROM search_items WHERE sku = OLD.sku) AND language = OLD.language;
END;

CREATE TRIGGER search_content_au AFTER UPDATE ON product_content BEGIN
  UPDATE search_documents SET (title, title_key, keywords, codes) = (
      SELECT s.title, s.title_key, s.keywords, s.codes FROM search_document_source s WHERE s.sku = NEW.sku AND s.language = NEW.language)
    WHERE item_id = (SELECT id FROM search_items WHERE sku = NEW.sku) AND language = NEW.language;
  UPDATE search_items SET facets = (SELECT s.facets FROM search_item_source s WHERE s.sku = NEW.sku) WHERE sku = NEW.sku;
END;

CREATE TRIGGER search_shops_ai AFTER INSERT ON product_shops BEGIN
  UPDATE search_items SET shops = shops || NEW.shop_id || ','
    WHERE sku = NEW.sku AND instr(shops, ',' || NEW.shop_id || ',') = 0;
END;

CREATE TRIGGER search_shops_ad AFTER DELETE ON product_shops BEGIN
  UPDATE search_items SET shops = replace(shops, ',' || OLD.shop_id || ',', ',') WHERE sku = OLD.sku;
END;

CREATE TRIGGER search_prices_ai AFTER INSERT ON prices BEGIN
  UPDATE search_items SET prices = jsonb_set(prices, '$.' || NEW.shop_id, NEW.package_price) WHERE sku = NEW.sku;
END;

CREATE TRIGGER search_prices_au AFTER UPDATE ON prices BEGIN
  UPDATE search_items SET prices = jsonb_set(jsonb_remove(prices, '$.' || OLD.shop_id), '$.' || NEW.shop_id, NEW.package_price)
    WHERE sku = NEW.sku;
END;

CREATE TRIGGER search_prices_ad AFTER DELETE ON prices BEGIN
  UPDATE search_items SET prices = jsonb_remove(prices, '$.' || OLD.shop_id) WHERE sku = OLD.sku;
END;

CREATE TRIGGER search_manufacturers_au AFTER UPDATE OF name ON manufacturers WHEN OLD.name IS NOT NEW.name BEGIN
  UPDATE search_documents SET keywords = (
      SELECT s.keywords FROM search_document_source s WHERE s.item_id = search_documents.item_id AND s.language = search_documents.language)
    WHERE item_id IN (SELECT id FROM search_items WHERE manufacturer_id = NEW.id);
END;

CREATE TRIGGER search_category_names_ai AFTER INSERT ON category_translations BEGIN
  UPDATE search_documents SET keywords = (
      SELECT s.keywords FROM search_document_source s WHERE s.item_id = search_documents.item_id AND s.language = search_documents.language)
    WHERE language = NEW.language AND item_id IN (
      SELECT id FROM search_items WHERE category_id = NEW.category_id
        OR category_id IN (SELECT id FROM categories WHERE parent_id = NEW.category_id));
END;

CREATE TRIGGER search_tutorials_ai AFTER INSERT ON tutorials BEGIN
  INSERT INTO search_content (kind, language, title, url, body, sku, refs)
    VALUES ( CASE WHEN NEW.type = 'video' THEN 'videos' ELSE 'advises' END , NEW.language, NEW.title, coalesce(NEW.url, ''), NEW.content, NEW.sku, 1)
    ON CONFLICT (language, kind, title, url) DO UPDATE SET refs = refs + 1, body = excluded.body;
END;

CREATE TRIGGER search_tutorials_ad AFTER DELETE ON tutorials BEGIN
  UPDATE search_content SET refs = refs - 1
    WHERE language = OLD.language AND kind = CASE WHEN OLD.type = 'video' THEN 'videos' ELSE 'advises' END
      AND title = OLD.title AND url = coalesce(OLD.url, '');
  DELETE FROM search_content
    WHERE language = OLD.language AND kind = CASE WHEN OLD.type = 'video' THEN 'videos' ELSE 'advises' END
      AND title = OLD.title AND url = coalesce(OLD.url, '') AND refs <= 0;
END;
