-- Online payments of orders (docs/decisions/0036-checkout-payments-and-address-lookup.md).
-- Written only by worker/shop-api/checkout. An order paid offline (prepayment, invoice, cash
-- on delivery) keeps payment_state NULL: that money is settled outside the shop.
--
-- pending   the order was placed with an online method; the visitor is at the provider
-- paid      a verified callback said so (final: later failures of the same payment change nothing)
-- failed    a verified callback said so, or the provider could not open the payment
-- cancelled the visitor cancelled at the provider
ALTER TABLE orders ADD COLUMN payment_state TEXT CHECK (payment_state IN ('pending', 'paid', 'failed', 'cancelled'));
ALTER TABLE orders ADD COLUMN payment_provider TEXT;           -- the adapter's name (config paymentProviders[].provider)
ALTER TABLE orders ADD COLUMN payment_reference TEXT;          -- the provider's id of the payment
ALTER TABLE orders ADD COLUMN payment_updated_at TEXT;

-- Every verified callback once: a replayed callback (the same outcome and reference) finds
-- its row and changes nothing; `claim` is random per recording, and the order's state
-- changes only in the batch whose claim wrote the row (as order_events in 0018).
CREATE TABLE order_payment_events (
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('paid', 'failed', 'cancelled')),
  reference TEXT NOT NULL,
  provider TEXT NOT NULL,
  claim TEXT NOT NULL,
  applied INTEGER NOT NULL CHECK (applied IN (0, 1)),  -- 1 when it changed the order's payment state
  received_at TEXT NOT NULL,
  PRIMARY KEY (order_id, status, reference)
) WITHOUT ROWID;
