-- When the payment sweep (worker/shop-api/checkout/payment-expiry.ts, docs/decisions/0069) last asked the
-- provider about the order's pending payment: it asks again only once the payment is twice as old as it
-- was then, so a payment left unapproved is asked a handful of times, not on every run. NULL: never asked
-- (and a check before the payment's last change counts as none).
ALTER TABLE orders ADD COLUMN payment_checked_at TEXT;
