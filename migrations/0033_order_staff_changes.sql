-- Staff's changes of an order in the back office (docs/decisions/0062-order-changes-in-the-back-office.md).
-- Every change of an order, the ERP's events and staff's changes alike, goes through the
-- state machine of worker/shop-api/orders/order-transitions.ts.
--
-- orders.version counts the changes of an order: a change names the version it was made on,
-- and its guarding UPDATE (version = the one named) sets change_claim, a random value per
-- attempt; the history row and every effect of the change apply only where the order
-- carries that claim. Of two changes made on the same version exactly one wins.
ALTER TABLE orders ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN change_claim TEXT;

-- A line staff cancelled (its stock went back); shipped lines cannot be cancelled.
ALTER TABLE order_lines ADD COLUMN cancelled_at TEXT;

-- The order's history: the ERP's events (staff_id NULL) and staff's changes (who made them).
-- Recreated for the new types (SQLite cannot change a CHECK in place); nothing refers to it.
CREATE TABLE order_events_next (
  id TEXT PRIMARY KEY,                     -- the ERP's event id, or a random id of a staff change
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('confirmed', 'shipped', 'delivered', 'cancelled', 'lines_cancelled', 'address_changed', 'note')),
  occurred_at TEXT NOT NULL,
  body TEXT NOT NULL,                      -- the event or change as received (canonical JSON)
  claim TEXT NOT NULL,                     -- random per recording: the batch that wrote the row applies it
  recorded_at TEXT NOT NULL,
  staff_id TEXT,                           -- the staff member who made the change (no foreign key: history outlives accounts)
  staff_name TEXT                          -- their name at the time
);
INSERT INTO order_events_next (id, order_id, type, occurred_at, body, claim, recorded_at)
  SELECT id, order_id, type, occurred_at, body, claim, recorded_at FROM order_events;
DROP TABLE order_events;
ALTER TABLE order_events_next RENAME TO order_events;
CREATE INDEX order_events_order ON order_events(order_id, occurred_at);
