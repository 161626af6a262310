-- Orders (docs/decisions/0035-orders.md). Written only by worker/shop-api/checkout.
-- Money is integer minor units of the order's currency, tax included; every price, tax
-- rate and name is a snapshot taken when the order was placed.

-- One counter per shop: placing an order increments it inside the order's batch, so a
-- number is taken exactly when an order commits and is never handed out twice.
CREATE TABLE order_counters (
  shop_id TEXT PRIMARY KEY,
  last_number INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE orders (
  id TEXT PRIMARY KEY,                     -- random UUID (never shown)
  order_number TEXT NOT NULL UNIQUE,       -- <shop>-<counter>, e.g. DE-100001
  shop_id TEXT NOT NULL,
  language TEXT NOT NULL,
  visitor_id TEXT NOT NULL,                -- who placed it (no foreign key: orders outlive visitors)
  email TEXT NOT NULL,
  billing_address TEXT NOT NULL,           -- JSON snapshot of the address
  shipping_address TEXT NOT NULL,          -- JSON snapshot (the billing address when none was given)
  delivery_mode TEXT NOT NULL CHECK (delivery_mode IN ('standard', 'requested_date', 'on_call_storage', 'express')),
  desired_date TEXT,                       -- YYYY-MM-DD for requested_date
  payment_method TEXT NOT NULL,
  currency TEXT NOT NULL,
  goods_total INTEGER NOT NULL,
  discount_total INTEGER NOT NULL,
  shipping_total INTEGER NOT NULL,
  tax_total INTEGER NOT NULL,
  grand_total INTEGER NOT NULL,
  delivery_summary TEXT NOT NULL,          -- JSON: the delivery dates and costs as quoted when placed
  state TEXT NOT NULL DEFAULT 'placed' CHECK (state IN ('placed', 'confirmed', 'shipped', 'delivered', 'cancelled')),
  placed_at TEXT NOT NULL,
  confirmed_at TEXT,
  shipped_at TEXT,
  delivered_at TEXT,
  cancelled_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX orders_visitor ON orders(visitor_id, created_at);
CREATE INDEX orders_shop_created ON orders(shop_id, created_at);

-- Quantities are packages. shipped_qty and delivered_qty only grow (ERP events); the
-- returns window counts from delivered_at.
CREATE TABLE order_lines (
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  line_no INTEGER NOT NULL,
  sku TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('product', 'sample')),
  name TEXT NOT NULL,
  options TEXT NOT NULL DEFAULT '{}',
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  unit TEXT NOT NULL,
  package_content REAL NOT NULL,
  package_price INTEGER NOT NULL,
  line_total INTEGER NOT NULL,
  tax_rate REAL NOT NULL,
  shipped_qty INTEGER NOT NULL DEFAULT 0 CHECK (shipped_qty BETWEEN 0 AND quantity),
  delivered_qty INTEGER NOT NULL DEFAULT 0 CHECK (delivered_qty BETWEEN 0 AND shipped_qty),
  shipped_at TEXT,
  delivered_at TEXT,
  PRIMARY KEY (order_id, line_no)
) WITHOUT ROWID;
CREATE INDEX order_lines_sku ON order_lines(sku);

-- ERP events (POST /admin/orders/{number}/events): one row per event id; a repeated id is
-- answered from here and changes nothing.
CREATE TABLE order_events (
  id TEXT PRIMARY KEY,                     -- the ERP's event id
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('confirmed', 'shipped', 'delivered', 'cancelled')),
  occurred_at TEXT NOT NULL,
  body TEXT NOT NULL,                      -- the event as received (canonical JSON), to tell a repeat from a reuse
  claim TEXT NOT NULL,                     -- random per recording: the batch that wrote the row applies the event
  recorded_at TEXT NOT NULL
);
CREATE INDEX order_events_order ON order_events(order_id, occurred_at);
