-- Refunds of returns, complaints and withdrawals and staff's own refunds in the back office
-- (docs/decisions/0071-refunds-of-returns-and-the-payments-view.md).
--
-- The outcome of a complaint's refund (JSON: state refunded, failed or transfer, amount,
-- currency, the refund's key) beside the history row of its move to `refunded`.
ALTER TABLE rma_status_history ADD COLUMN refund TEXT;

-- The order's history gains staff's refunds (`refunded`). Recreated for the new type (SQLite
-- cannot change a CHECK in place); nothing refers to it.
CREATE TABLE order_events_next (
  id TEXT PRIMARY KEY,                     -- the ERP's event id, or a random id of a staff change
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('confirmed', 'shipped', 'delivered', 'cancelled', 'lines_cancelled', 'address_changed', 'note', 'refunded')),
  occurred_at TEXT NOT NULL,
  body TEXT NOT NULL,                      -- the event or change as received (canonical JSON)
  claim TEXT NOT NULL,                     -- random per recording: the batch that wrote the row applies it
  recorded_at TEXT NOT NULL,
  staff_id TEXT,                           -- the staff member who made the change (no foreign key: history outlives accounts)
  staff_name TEXT                          -- their name at the time
);
INSERT INTO order_events_next (id, order_id, type, occurred_at, body, claim, recorded_at, staff_id, staff_name)
  SELECT id, order_id, type, occurred_at, body, claim, recorded_at, staff_id, staff_name FROM order_events;
DROP TABLE order_events;
ALTER TABLE order_events_next RENAME TO order_events;
CREATE INDEX order_events_order ON order_events(order_id, occurred_at);
