-- Online payments through Stripe (docs/decisions/0062-stripe-payments-ledger-and-stand-in.md).
--
-- The payment ledger: one row per money movement a provider reports (a charge, a capture, a
-- refund, a chargeback), keyed by the provider's id of the object (a PaymentIntent, a Refund, a
-- Dispute): a repeated or late webhook finds its row and writes nothing. Written only by
-- worker/shop-api/checkout (payments.ts); amounts in minor units, as the provider counts them.
CREATE TABLE payment_ledger (
  provider TEXT NOT NULL,
  provider_ref TEXT NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('charge', 'capture', 'refund', 'chargeback')),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  state TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (provider, provider_ref)
) WITHOUT ROWID;
CREATE INDEX payment_ledger_order ON payment_ledger (order_id, created_at);

-- The attempt of an order's online payment: 1 when placed, one more per new try (the
-- provider's idempotency key is the order and its attempt, so a repeated start of the same
-- attempt opens no second payment).
ALTER TABLE orders ADD COLUMN payment_attempt INTEGER NOT NULL DEFAULT 1;
-- 1 while the order holds its goods' stock (from placing it); an online payment that fails or
-- expires gives the stock back (0), another try takes it again.
ALTER TABLE orders ADD COLUMN stock_held INTEGER NOT NULL DEFAULT 1 CHECK (stock_held IN (0, 1));
