-- Product fields of the product spec (docs/decisions/0073):
-- is_free_shipping: standard shipping at home (mainland) is free for a cart of only such products,
--   and the product page says so
-- product_content.marketing_label: a short label per language shown by the product's title
-- product_content.plus_content: the Plus tab's text of the product per language (rich text)
-- product_sets: the products sold in a set with a product (per SKU, so each variant has its own)
-- products.top_position and product_content.top_description: the merchandiser's top products
--   (TopProducts), first among the home page's popular products
-- (No semicolons inside comments or string literals: the migration is split on them.)

ALTER TABLE products ADD COLUMN is_free_shipping INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN top_position INTEGER;
ALTER TABLE product_content ADD COLUMN top_description TEXT NOT NULL DEFAULT '';
ALTER TABLE product_content ADD COLUMN marketing_label TEXT NOT NULL DEFAULT '';
ALTER TABLE product_content ADD COLUMN plus_content TEXT NOT NULL DEFAULT '';

CREATE TABLE product_sets (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  member_sku TEXT NOT NULL,               -- a product of the set (no foreign key: it may come in a later file of the import)
  PRIMARY KEY (sku, position)
) WITHOUT ROWID;
