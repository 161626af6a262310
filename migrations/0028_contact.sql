-- Messages of the contact page's form (docs/decisions/0049-contact-routes-and-developer-mode.md),
-- written by worker/shop-api/contact with the sender's confirmation and the shop's notification
-- in the same batch (the mail outbox). Its id is the reference the sender sees: K- and 10
-- characters of Crockford's base32 (50 random bits).
CREATE TABLE contact_messages (
  id TEXT PRIMARY KEY CHECK (length(id) = 12 AND substr(id, 1, 2) = 'K-' AND substr(id, 3) NOT GLOB '*[^0-9A-HJKMNP-TV-Z]*'),
  shop_id TEXT NOT NULL,
  language TEXT NOT NULL,                  -- the language of the sender's mail: the page's
  topic TEXT NOT NULL CHECK (topic IN ('advice', 'order', 'delivery', 'other')),
  order_number TEXT CHECK (order_number IS NULL OR length(order_number) BETWEEN 1 AND 40),
  message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),   -- plain text, line breaks as \n
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  email TEXT NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  phone TEXT,
  visitor_id TEXT,                         -- SHA-256 of the visitor token, when the sender had one
  created_at TEXT NOT NULL
);
CREATE INDEX contact_messages_created ON contact_messages(created_at, id);
CREATE INDEX contact_messages_shop_created ON contact_messages(shop_id, created_at, id);
