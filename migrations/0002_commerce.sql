-- Live commerce of the shop API: visitors, carts, sample quotes.
-- Written only by worker/shop-api/commerce. Money is computed from prices at read
-- time; nothing here stores a price.

-- A visitor is identified by an opaque bearer token (the edge keeps it in the
-- environment's token cookie). Only the SHA-256 of the token is stored.
CREATE TABLE visitors (
  id TEXT PRIMARY KEY,                     -- hex SHA-256 of the bearer token
  shop_id TEXT NOT NULL,
  customer_type TEXT NOT NULL DEFAULT 'private' CHECK (customer_type IN ('private', 'business')),
  has_account INTEGER NOT NULL DEFAULT 0,  -- 1: a registered customer (storage needs it)
  is_internal INTEGER NOT NULL DEFAULT 0,
  shipping_country TEXT,                   -- lower-case ISO code chosen by the visitor
  created_at TEXT NOT NULL
);

CREATE TABLE carts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  visitor_id TEXT NOT NULL REFERENCES visitors(id) ON DELETE CASCADE,
  shop_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (visitor_id, shop_id)
);

-- One line per product (and configuration); quantities are packages.
-- kind 'sample': a free sample put into the regular cart (PUT /cart/addSampleBySku).
CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  cart_id INTEGER NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  sku TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'product' CHECK (kind IN ('product', 'sample')),
  options TEXT NOT NULL DEFAULT '{}',      -- JSON of the selected configurable options, keys sorted
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  desired_date TEXT,                       -- JSON {type, month, date} when given
  added_at TEXT NOT NULL,
  UNIQUE (cart_id, sku, kind, options)
);
CREATE INDEX cart_items_cart ON cart_items(cart_id);

-- Sample quotes (the sample cart). state: open -> finished (the visitor ordered)
-- -> processed (the scheduled job, one hour after finishing); open -> expired.
CREATE TABLE sample_quotes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference_code TEXT NOT NULL UNIQUE,
  visitor_id TEXT NOT NULL REFERENCES visitors(id) ON DELETE CASCADE,
  shop_id TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'finished', 'processed', 'expired')),
  slot_count INTEGER NOT NULL DEFAULT 7,
  email TEXT,
  address TEXT,                            -- JSON sample address
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  finished_at TEXT,
  processed_at TEXT
);
CREATE UNIQUE INDEX sample_quotes_one_open ON sample_quotes(visitor_id, shop_id) WHERE state = 'open';
CREATE INDEX sample_quotes_state ON sample_quotes(state, finished_at);
CREATE INDEX sample_quotes_shop_finished ON sample_quotes(shop_id, finished_at);

CREATE TABLE sample_items (
  quote_id INTEGER NOT NULL REFERENCES sample_quotes(id) ON DELETE CASCADE,
  sku TEXT NOT NULL,
  quantity INTEGER NOT NULL DEFAULT 1,
  recommendation INTEGER NOT NULL DEFAULT 0,
  added_at TEXT NOT NULL,
  PRIMARY KEY (quote_id, sku)
);
