-- Keeping search_listings in sync with less work per import row
-- (docs/decisions/0020-search-engine.md). The import changes an item's shops and prices
-- one shop at a time. Rebuilding all of the item's listings on each change cost about 5 s
-- per 5,000-product import. These triggers touch only the listings that change.
-- They read the item's current row (not NEW), like the ones they replace.
-- (No semicolons inside comments or string literals: the migration is split on them.)

DROP TRIGGER search_listings_au;

-- Shops and activity: add the missing listings, remove those of shops that no longer sell the item.
CREATE TRIGGER search_listings_shops_au AFTER UPDATE OF is_active, shops ON search_items
WHEN OLD.is_active IS NOT NEW.is_active OR OLD.shops IS NOT NEW.shops BEGIN
  INSERT INTO search_shops (shop_id, base)
    SELECT j.value, (SELECT coalesce(max(base), 0) FROM search_shops) + 68719476736 * (j.key + 1)
    FROM search_items i, json_each('["' || replace(substr(i.shops, 2, length(i.shops) - 2), ',', '","') || '"]') j
    WHERE i.id = NEW.id AND j.value <> '' AND NOT EXISTS (SELECT 1 FROM search_shops s WHERE s.shop_id = j.value);
  DELETE FROM search_listings WHERE id IN (
    SELECT s.base + i.id FROM search_items i, search_shops s
    WHERE i.id = NEW.id AND (i.is_active = 0 OR instr(i.shops, ',' || s.shop_id || ',') = 0));
  INSERT INTO search_listings (id, in_stock, price, item_group)
    SELECT s.base + i.id, i.in_stock, i.prices ->> ('$.' || s.shop_id), i.item_group
    FROM search_items i JOIN search_shops s ON instr(i.shops, ',' || s.shop_id || ',') > 0
    WHERE i.id = NEW.id AND i.is_active = 1 AND NOT EXISTS (SELECT 1 FROM search_listings l WHERE l.id = s.base + i.id);
END;

-- Prices: the listings of the shops whose price changed.
CREATE TRIGGER search_listings_prices_au AFTER UPDATE OF prices ON search_items WHEN OLD.prices IS NOT NEW.prices BEGIN
  UPDATE search_listings SET price = (
      SELECT i.prices ->> ('$.' || s.shop_id) FROM search_items i, search_shops s WHERE i.id = NEW.id AND s.base = search_listings.id - NEW.id)
    WHERE id IN (
      SELECT s.base + NEW.id FROM search_shops s WHERE OLD.prices ->> ('$.' || s.shop_id) IS NOT NEW.prices ->> ('$.' || s.shop_id));
END;

-- Stock and group: every listing of the item.
CREATE TRIGGER search_listings_item_au AFTER UPDATE OF in_stock, item_group ON search_items
WHEN OLD.in_stock IS NOT NEW.in_stock OR OLD.item_group IS NOT NEW.item_group BEGIN
  UPDATE search_listings SET (in_stock, item_group) = (SELECT in_stock, item_group FROM search_items WHERE id = NEW.id)
    WHERE id IN (SELECT base + NEW.id FROM search_shops);
END;
