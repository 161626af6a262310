-- Newsletter sign-ups with double opt-in and the vouchers they earn (
-- docs/decisions/0040-newsletter-and-vouchers.md). newsletter_subscribers and
-- newsletter_deliveries are written by worker/shop-api/newsletter; vouchers by
-- worker/shop-api/newsletter (issued) and worker/shop-api/checkout (applied, redeemed).

-- One row per shop and normalised e-mail (lower case, trimmed; for gmail.com and
-- googlemail.com without dots and +tags in the local part), so the voucher is earned once.
-- state: pending (confirmation mail sent) -> confirmed -> unsubscribed; a pending or
-- unsubscribed address may sign up again (a new confirmation, at most one per 10 minutes).
CREATE TABLE newsletter_subscribers (
  id TEXT PRIMARY KEY,                     -- random UUID
  shop_id TEXT NOT NULL,
  language TEXT NOT NULL,                  -- the list (api key and form id per shop and language)
  email TEXT NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),   -- as typed, lower case: where mails go
  email_key TEXT NOT NULL,                 -- the normalised e-mail
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  state TEXT NOT NULL CHECK (state IN ('pending', 'confirmed', 'unsubscribed')),
  confirm_token_hash TEXT,                 -- hex SHA-256 of the confirmation token; NULL once used
  confirm_sent_at TEXT,                    -- the last confirmation mail (re-sent at most once per 10 minutes)
  unsubscribe_token_hash TEXT NOT NULL,    -- hex SHA-256 of the token in every mail's unsubscribe link
  created_at TEXT NOT NULL,
  confirmed_at TEXT,
  unsubscribed_at TEXT,
  updated_at TEXT NOT NULL,
  UNIQUE (shop_id, email_key)
);
CREATE UNIQUE INDEX newsletter_subscribers_confirm ON newsletter_subscribers(confirm_token_hash) WHERE confirm_token_hash IS NOT NULL;
CREATE UNIQUE INDEX newsletter_subscribers_unsubscribe ON newsletter_subscribers(unsubscribe_token_hash);

-- The hand-over to the external e-mail marketing service: one row per change to send
-- (subscribe on confirmation, unsubscribe), retried with back-off until the adapter succeeds.
CREATE TABLE newsletter_deliveries (
  id INTEGER PRIMARY KEY,
  subscriber_id TEXT NOT NULL REFERENCES newsletter_subscribers(id) ON DELETE CASCADE,
  action TEXT NOT NULL CHECK (action IN ('subscribe', 'unsubscribe')),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE INDEX newsletter_deliveries_due ON newsletter_deliveries(state, next_attempt_at);
-- A subscriber's earlier pending row holds back its later ones (a subscribe arrives before the unsubscribe).
CREATE INDEX newsletter_deliveries_subscriber ON newsletter_deliveries(subscriber_id, state);

-- Single-use voucher codes (the newsletter's 10 in the shop's currency). A code is
-- redeemed by exactly one order; the newsletter issues at most one per shop and e-mail key.
CREATE TABLE vouchers (
  code TEXT PRIMARY KEY,                   -- e.g. NL-7KQ2-M9XH-4TPB: 60 random bits of Crockford's base32
  shop_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),   -- minor units, tax included
  source TEXT NOT NULL CHECK (source IN ('newsletter')),
  email_key TEXT,                          -- the newsletter sign-up it was issued for
  valid_until TEXT,                        -- YYYY-MM-DD or NULL for no end
  issued_at TEXT NOT NULL,
  redeemed_at TEXT,
  order_id TEXT REFERENCES orders(id) ON DELETE SET NULL,
  UNIQUE (shop_id, source, email_key)
);

-- The voucher a visitor applied to the cart (checked again when the order is placed), and
-- the voucher an order redeemed with its amount.
ALTER TABLE carts ADD COLUMN voucher_code TEXT;
ALTER TABLE orders ADD COLUMN voucher_code TEXT;
ALTER TABLE orders ADD COLUMN voucher_total INTEGER NOT NULL DEFAULT 0;
