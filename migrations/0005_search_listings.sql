-- Narrow per-shop rows for product search (docs/decisions/0020-search-engine.md).
-- Every hit of a search reads one row besides the FTS5 index. search_items rows are wide
-- (codes, shops, prices and attributes as JSONB), so reading 19,000 of them touches most
-- pages of the table. search_listings holds per shop only what a hit needs, in a few
-- hundred pages, and exists only for active products the shop sells.
--
--   search_shops        a rowid base per shop (multiples of 2^36, like search_languages)
--   search_item_groups  every distinct (category, manufacturer, attribute set) once: hits
--                       carry its id, facets count per group and filters test the groups
--   search_listings     id = shop base + item id: in stock, the shop's package price, group
-- (No semicolons inside comments or string literals: the migration is split on them.)

CREATE TABLE search_shops (
  shop_id TEXT PRIMARY KEY,
  base INTEGER NOT NULL UNIQUE
);

CREATE TABLE search_item_groups (
  id INTEGER PRIMARY KEY,
  category_id TEXT NOT NULL,
  manufacturer_id TEXT,
  facet_set INTEGER NOT NULL                -- search_facet_sets.id
);
CREATE INDEX search_item_groups_key ON search_item_groups(category_id, manufacturer_id, facet_set);

ALTER TABLE search_items ADD COLUMN item_group INTEGER NOT NULL DEFAULT 0;

CREATE TABLE search_listings (
  id INTEGER PRIMARY KEY,                   -- search_shops.base + search_items.id
  in_stock INTEGER NOT NULL,
  price INTEGER,                            -- package price in the shop, minor units
  item_group INTEGER NOT NULL               -- search_item_groups.id
);

-- ------------------------------------------------------------ fill from the existing index

INSERT INTO search_shops (shop_id, base)
  SELECT shop_id, 68719476736 * row_number() OVER (ORDER BY shop_id) FROM (SELECT DISTINCT shop_id FROM product_shops);

INSERT INTO search_item_groups (category_id, manufacturer_id, facet_set)
  SELECT DISTINCT category_id, manufacturer_id, facet_set FROM search_items;
UPDATE search_items SET item_group = (
  SELECT g.id FROM search_item_groups g
  WHERE g.category_id = search_items.category_id AND g.manufacturer_id IS search_items.manufacturer_id AND g.facet_set = search_items.facet_set);

INSERT INTO search_listings (id, in_stock, price, item_group)
  SELECT s.base + i.id, i.in_stock, i.prices ->> ('$.' || s.shop_id), i.item_group
  FROM search_items i JOIN search_shops s ON instr(i.shops, ',' || s.shop_id || ',') > 0
  WHERE i.is_active = 1;

-- ------------------------------------------------------------ keep it in sync
-- The triggers read the item's current row (not NEW): triggers of one update may run in
-- any order and nest, and the last one to run must see the final values.
-- Inserts inside triggers test for existing rows instead of INSERT OR IGNORE: the conflict
-- clause of the import's upserts would override the trigger's.

DROP TRIGGER search_facet_sets_ai;
DROP TRIGGER search_facet_sets_au;

CREATE TRIGGER search_facet_sets_ai AFTER INSERT ON search_items BEGIN
  INSERT INTO search_facet_sets (facets)
    SELECT i.facets FROM search_items i
    WHERE i.id = NEW.id AND NOT EXISTS (SELECT 1 FROM search_facet_sets s WHERE s.facets = i.facets);
  UPDATE search_items SET facet_set = (SELECT id FROM search_facet_sets WHERE facets = search_items.facets) WHERE id = NEW.id;
END;

CREATE TRIGGER search_facet_sets_au AFTER UPDATE OF facets ON search_items BEGIN
  INSERT INTO search_facet_sets (facets)
    SELECT i.facets FROM search_items i
    WHERE i.id = NEW.id AND NOT EXISTS (SELECT 1 FROM search_facet_sets s WHERE s.facets = i.facets);
  UPDATE search_items SET facet_set = (SELECT id FROM search_facet_sets WHERE facets = search_items.facets) WHERE id = NEW.id;
END;

-- A new item gets its facet set by an update (search_facet_sets_ai), which assigns the group.
CREATE TRIGGER search_item_groups_au AFTER UPDATE OF category_id, manufacturer_id, facet_set ON search_items BEGIN
  INSERT INTO search_item_groups (category_id, manufacturer_id, facet_set)
    SELECT i.category_id, i.manufacturer_id, i.facet_set FROM search_items i
    WHERE i.id = NEW.id AND NOT EXISTS (
      SELECT 1 FROM search_item_groups g
      WHERE g.category_id = i.category_id AND g.manufacturer_id IS i.manufacturer_id AND g.facet_set = i.facet_set);
  UPDATE search_items SET item_group = (
      SELECT g.id FROM search_item_groups g
      WHERE g.category_id = search_items.category_id AND g.manufacturer_id IS search_items.manufacturer_id AND g.facet_set = search_items.facet_set)
    WHERE id = NEW.id;
END;

CREATE TRIGGER search_listings_au AFTER UPDATE OF is_active, in_stock, shops, prices, item_group ON search_items
WHEN OLD.is_active IS NOT NEW.is_active OR OLD.in_stock IS NOT NEW.in_stock OR OLD.shops IS NOT NEW.shops
  OR OLD.prices IS NOT NEW.prices OR OLD.item_group IS NOT NEW.item_group BEGIN
  INSERT INTO search_shops (shop_id, base)
    SELECT j.value, (SELECT coalesce(max(base), 0) FROM search_shops) + 68719476736 * (j.key + 1)
    FROM search_items i, json_each('["' || replace(substr(i.shops, 2, length(i.shops) - 2), ',', '","') || '"]') j
    WHERE i.id = NEW.id AND j.value <> '' AND NOT EXISTS (SELECT 1 FROM search_shops s WHERE s.shop_id = j.value);
  DELETE FROM search_listings WHERE id IN (SELECT base + NEW.id FROM search_shops);
  INSERT INTO search_listings (id, in_stock, price, item_group)
    SELECT s.base + i.id, i.in_stock, i.prices ->> ('$.' || s.shop_id), i.item_group
    FROM search_items i JOIN search_shops s ON instr(i.shops, ',' || s.shop_id || ',') > 0
    WHERE i.id = NEW.id AND i.is_active = 1;
END;

CREATE TRIGGER search_listings_ad AFTER DELETE ON search_items BEGIN
  DELETE FROM search_listings WHERE id IN (SELECT base + OLD.id FROM search_shops);
END;
