-- Master data of the catalogue. Money is stored in minor units (cents/Rappen).
-- Every table is written only through the catalogue import (scripts/import-catalogue.ts
-- and POST /admin/catalogue/import on the shop API).

CREATE TABLE shops (
  id TEXT PRIMARY KEY,                    -- DE, CH, AT, FR, IT, NL, COM, BRAND
  name TEXT NOT NULL,
  currency TEXT NOT NULL,                 -- ISO 4217: EUR, CHF
  default_language TEXT NOT NULL,
  languages TEXT NOT NULL,                -- JSON array of language codes
  domain_prefixes TEXT NOT NULL,          -- JSON array; empty when the shop has no language prefixes
  delivery_countries TEXT NOT NULL,       -- JSON array of ISO country codes (lower case)
  tax_rate REAL NOT NULL,                 -- VAT percentage applied to prices of this shop
  base_url TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE categories (
  id TEXT PRIMARY KEY,
  parent_id TEXT REFERENCES categories(id),
  position INTEGER NOT NULL DEFAULT 0,
  image TEXT,
  top_position INTEGER,                   -- not null: shown among the top categories, ordered by it
  sorting TEXT NOT NULL DEFAULT '[]',     -- JSON array of {sortBy, direction}
  updated_at TEXT NOT NULL
);
CREATE INDEX categories_parent ON categories(parent_id);

CREATE TABLE category_translations (
  category_id TEXT NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,                     -- URL path without language prefix and without .html
  description TEXT NOT NULL DEFAULT '',
  teaser TEXT NOT NULL DEFAULT '',
  top_description TEXT NOT NULL DEFAULT '',
  meta_title TEXT,
  meta_description TEXT,
  PRIMARY KEY (category_id, language)
);
CREATE UNIQUE INDEX category_slug ON category_translations(language, slug);

CREATE TABLE manufacturers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  logo TEXT,
  url TEXT,
  top_position INTEGER,
  updated_at TEXT NOT NULL
);

CREATE TABLE manufacturer_translations (
  manufacturer_id TEXT NOT NULL REFERENCES manufacturers(id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  short_description TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (manufacturer_id, language)
);

CREATE TABLE products (
  sku TEXT PRIMARY KEY,
  parent_sku TEXT REFERENCES products(sku),   -- set on variants (child products)
  type TEXT NOT NULL CHECK (type IN ('simple', 'configurable', 'variant')),
  manufacturer_id TEXT REFERENCES manufacturers(id),
  category_id TEXT NOT NULL REFERENCES categories(id),   -- primary category (breadcrumbs)
  ean TEXT,
  unit TEXT NOT NULL,                      -- measurement unit code, e.g. SQM
  package_content REAL NOT NULL,           -- amount of the unit in one package
  blend_percent REAL NOT NULL DEFAULT 0,   -- suggested waste allowance for the calculator
  shipping_group TEXT NOT NULL CHECK (shipping_group IN ('parcel', 'freight')),
  is_decking INTEGER NOT NULL DEFAULT 0,
  is_express INTEGER NOT NULL DEFAULT 0,
  is_clearance INTEGER NOT NULL DEFAULT 0,
  is_plus INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1,
  reached_eol INTEGER NOT NULL DEFAULT 0,
  delivery_days_min INTEGER NOT NULL,
  delivery_days_max INTEGER NOT NULL,
  stock_qty INTEGER NOT NULL DEFAULT 0,
  min_order_qty REAL NOT NULL DEFAULT 1,
  notification_qty INTEGER NOT NULL DEFAULT 0,
  sample_active INTEGER NOT NULL DEFAULT 0,
  sample_express INTEGER NOT NULL DEFAULT 0,
  sample_long_delivery INTEGER NOT NULL DEFAULT 0,
  sample_free INTEGER NOT NULL DEFAULT 1,
  sample_max INTEGER NOT NULL DEFAULT 1,
  configurable_attributes TEXT NOT NULL DEFAULT '[]',  -- JSON [{code, label, options:[{value,label}]}]
  updated_at TEXT NOT NULL
);
CREATE INDEX products_parent ON products(parent_sku);
CREATE INDEX products_category ON products(category_id);
CREATE INDEX products_manufacturer ON products(manufacturer_id);
CREATE INDEX products_updated ON products(updated_at);

CREATE TABLE product_categories (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  category_id TEXT NOT NULL REFERENCES categories(id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (sku, category_id)
);
CREATE INDEX product_categories_category ON product_categories(category_id, position);

CREATE TABLE product_shops (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  shop_id TEXT NOT NULL REFERENCES shops(id),
  PRIMARY KEY (sku, shop_id)
);
CREATE INDEX product_shops_shop ON product_shops(shop_id, sku);

CREATE TABLE product_content (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  language TEXT NOT NULL,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL DEFAULT '',
  short_description TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  low_stock_message TEXT NOT NULL DEFAULT '',
  measurement TEXT NOT NULL DEFAULT '',
  features TEXT NOT NULL DEFAULT '[]',     -- JSON array of strings
  attributes TEXT NOT NULL DEFAULT '[]',   -- JSON array of {code, label, type, value, isVisible}
  meta_title TEXT,
  meta_description TEXT,
  PRIMARY KEY (sku, language)
);
CREATE UNIQUE INDEX product_slug ON product_content(language, slug);

CREATE TABLE prices (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  shop_id TEXT NOT NULL REFERENCES shops(id),
  currency TEXT NOT NULL,
  package_price INTEGER NOT NULL,          -- minor units, tax included
  unit_price INTEGER NOT NULL,             -- minor units per unit of measure, tax included
  tax_rate REAL NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (sku, shop_id)
);

-- Every package price a product had in a shop; the reference price is the
-- lowest of the last 30 days.
CREATE TABLE price_history (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  shop_id TEXT NOT NULL,
  package_price INTEGER NOT NULL,
  valid_from TEXT NOT NULL,
  PRIMARY KEY (sku, shop_id, valid_from)
);

CREATE TABLE media (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'video')),
  url TEXT NOT NULL,
  alt TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (sku, position)
);

CREATE TABLE downloads (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  language TEXT NOT NULL,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (sku, language, position)
);

CREATE TABLE tutorials (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  language TEXT NOT NULL,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  type TEXT NOT NULL CHECK (type IN ('video', 'text', 'pdf')),
  url TEXT,
  PRIMARY KEY (sku, language, position)
);

CREATE TABLE reviews (
  id TEXT PRIMARY KEY,
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  language TEXT NOT NULL,
  mark INTEGER NOT NULL CHECK (mark BETWEEN 1 AND 5),
  comment TEXT NOT NULL,
  reviewer TEXT NOT NULL,
  answer TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX reviews_sku ON reviews(sku, created_at);

CREATE TABLE cms_pages (
  shop_id TEXT NOT NULL REFERENCES shops(id),
  language TEXT NOT NULL,
  identifier TEXT NOT NULL,                -- also the URL slug: {identifier}.html
  page_type TEXT NOT NULL DEFAULT 'CMS',   -- page types: CMS, CHAT, SALES, VIDEOLIB, ...
  title TEXT NOT NULL,
  content_heading TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '',        -- sanitised HTML
  meta_title TEXT,
  meta_description TEXT,
  robots TEXT NOT NULL DEFAULT 'index,follow',
  exclude_from_sitemap INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (shop_id, language, identifier)
);

CREATE TABLE cms_blocks (
  shop_id TEXT NOT NULL REFERENCES shops(id),
  language TEXT NOT NULL,
  identifier TEXT NOT NULL,
  content TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (shop_id, language, identifier)
);

CREATE TABLE top_seo_links (
  shop_id TEXT NOT NULL REFERENCES shops(id),
  language TEXT NOT NULL,
  position INTEGER NOT NULL,
  label TEXT NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (shop_id, language, position)
);

-- What each import changed, read by the rebuild pipeline (GraphQL changedSince).
CREATE TABLE imports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  source TEXT NOT NULL,                    -- file name or 'http'
  format TEXT NOT NULL,                    -- json | csv-products | csv-prices
  started_at TEXT NOT NULL,
  rows INTEGER NOT NULL
);

CREATE TABLE product_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  import_id INTEGER NOT NULL REFERENCES imports(id),
  sku TEXT NOT NULL,
  changed_at TEXT NOT NULL
);
CREATE INDEX product_changes_time ON product_changes(changed_at);
CREATE INDEX product_changes_sku ON product_changes(sku);
