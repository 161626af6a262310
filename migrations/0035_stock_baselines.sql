-- The stock each product had when the catalogue import last wrote it, and where the orders stood
-- then: what the invariant check (npm run check:invariants, scripts/lib/invariants.ts) compares
-- the stock with (stock = the baseline minus what orders placed since hold, plus what orders
-- placed before and cancelled since gave back).
-- Written by triggers on the import's writes only: the import sets updated_at with every row it
-- changes, while an order and its cancellation change stock_qty alone.
-- (No semicolons inside comments or string literals: the migration is split on them.)

CREATE TABLE stock_baselines (
  sku TEXT PRIMARY KEY REFERENCES products(sku) ON DELETE CASCADE,
  quantity INTEGER NOT NULL,               -- stock_qty as the import wrote it
  set_at TEXT NOT NULL,                    -- the import's time (products.updated_at)
  last_order INTEGER NOT NULL              -- the highest orders rowid then: later orders count against it
) WITHOUT ROWID;

INSERT INTO stock_baselines (sku, quantity, set_at, last_order)
  SELECT sku, stock_qty, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), (SELECT COALESCE(MAX(rowid), 0) FROM orders) FROM products;

CREATE TRIGGER stock_baselines_ai AFTER INSERT ON products BEGIN
  INSERT INTO stock_baselines (sku, quantity, set_at, last_order)
    VALUES (NEW.sku, NEW.stock_qty, NEW.updated_at, (SELECT COALESCE(MAX(rowid), 0) FROM orders))
    ON CONFLICT (sku) DO UPDATE SET quantity = excluded.quantity, set_at = excluded.set_at, last_order = excluded.last_order;
END;

CREATE TRIGGER stock_baselines_au AFTER UPDATE OF updated_at ON products WHEN NEW.updated_at IS NOT OLD.updated_at BEGIN
  INSERT INTO stock_baselines (sku, quantity, set_at, last_order)
    VALUES (NEW.sku, NEW.stock_qty, NEW.updated_at, (SELECT COALESCE(MAX(rowid), 0) FROM orders))
    ON CONFLICT (sku) DO UPDATE SET quantity = excluded.quantity, set_at = excluded.set_at, last_order = excluded.last_order;
END;
