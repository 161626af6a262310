-- Customer accounts (docs/decisions/0037): accounts, their sessions and mail
-- tokens, projects, the link of orders to an account, and the storage of ordered goods.
-- Written only by worker/shop-api/customers (and core/customer-session.ts for sessions).
-- Times are ISO strings like created_at elsewhere, calendar dates YYYY-MM-DD.
--
-- customers          one row per account and shop (an address may have an account in
--                    several shops). The e-mail is stored lower-case (the CHECK keeps it so).
--                    The password is one self-describing string, algorithm, iterations,
--                    salt and derived key (core/passwords.ts), so a later change of the
--                    parameters rehashes at the next login. verified_at is null until the
--                    address was confirmed by the link of the verification mail (or a
--                    password reset, which proves the same): an unverified account cannot
--                    sign in. password_changed_at is written only when the password is
--                    changed or reset (a login's rehash leaves it out): every UPDATE that
--                    names it fires the trigger below, which revokes every open session of
--                    the account (also when the new value equals the old, two changes
--                    within one millisecond).
-- customer_sessions  one row per sign-in. The id is the hex SHA-256 of the session token (the
--                    token itself lives only in the browser's cookie, which the edge keeps).
--                    A session ends at expires_at (90 days after sign-in), 30 days after
--                    last_seen_at, or when revoked (logout, password change or reset).
--                    visitor_id is the visitor (cart) of the browser at sign-in, no foreign
--                    key: visitors expire on their own.
-- customer_tokens    the links of the verification (24 hours) and password-reset (30 minutes)
--                    mails: the id is the hex SHA-256 of the token, never the token. A token
--                    is used once (used_at).
-- projects           named lists of products with quantities; a name is unique per
--                    customer (case-insensitive for ASCII), so a guest's browser project
--                    merges into the account's project of the same name.
-- project_items      one line per product of a project; quantities are packages (1..9999).
-- orders             customer_id: the account an order belongs to (placed signed in, or a
--                    guest order of the same address linked when the address was verified).
--                    stored_until: the last free storage day of an order on call with
--                    storage (placed date + the shop's storage.freeMonths), written once;
--                    storage_reminded_at: when the reminder mail two weeks before went out.
-- storage_call_offs  the customer's requests to deliver stored goods on a date; at most one
--                    is open (requested) per order, a new one replaces it.
-- (No semicolons inside comments or string literals: the migration is split on them.)

CREATE TABLE customers (
  id TEXT PRIMARY KEY,                     -- random UUID
  shop_id TEXT NOT NULL,
  email TEXT NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  type TEXT NOT NULL CHECK (type IN ('private', 'business')),
  first_name TEXT NOT NULL CHECK (length(first_name) BETWEEN 1 AND 80),
  surname TEXT NOT NULL CHECK (length(surname) BETWEEN 1 AND 80),
  company_name TEXT CHECK (company_name IS NULL OR length(company_name) BETWEEN 1 AND 120),
  vat_id TEXT CHECK (vat_id IS NULL OR length(vat_id) BETWEEN 4 AND 20),
  postcode TEXT NOT NULL,
  city TEXT NOT NULL,
  country TEXT NOT NULL CHECK (length(country) = 2),
  phone TEXT NOT NULL,
  password_hash TEXT NOT NULL,             -- e.g. pbkdf2-sha256$100000$<salt base64>$<key base64>
  password_changed_at TEXT NOT NULL,
  verified_at TEXT,
  terms_accepted_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (shop_id, email),
  CHECK (type = 'business' OR (company_name IS NULL AND vat_id IS NULL))
);

CREATE TABLE customer_sessions (
  id TEXT PRIMARY KEY,                     -- hex SHA-256 of the session token
  customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  visitor_id TEXT,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  user_agent TEXT                          -- the browser's User-Agent at sign-in, at most 256 characters
);
CREATE INDEX customer_sessions_customer ON customer_sessions(customer_id);
CREATE INDEX customer_sessions_expiry ON customer_sessions(expires_at);

CREATE TRIGGER customer_sessions_revoke_on_password
AFTER UPDATE OF password_changed_at ON customers
BEGIN
  UPDATE customer_sessions SET revoked_at = NEW.password_changed_at
    WHERE customer_id = NEW.id AND revoked_at IS NULL;
END;

CREATE TABLE customer_tokens (
  id TEXT PRIMARY KEY,                     -- hex SHA-256 of the token in the mail's link
  customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  claim TEXT                               -- random per use: the batch that used the token does its work
);
CREATE INDEX customer_tokens_customer ON customer_tokens(customer_id, purpose);
CREATE INDEX customer_tokens_expiry ON customer_tokens(expires_at);

CREATE TABLE projects (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 80),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (customer_id, name)
);

CREATE TABLE project_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  sku TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
  added_at TEXT NOT NULL,
  UNIQUE (project_id, sku)
);

ALTER TABLE orders ADD COLUMN customer_id TEXT;
ALTER TABLE orders ADD COLUMN stored_until TEXT;
ALTER TABLE orders ADD COLUMN storage_reminded_at TEXT;
CREATE INDEX orders_customer ON orders(customer_id, placed_at) WHERE customer_id IS NOT NULL;
-- The same index as 0020_order_lookups (the console's e-mail search): guest orders of an
-- address are linked through it when the address is verified.
CREATE INDEX IF NOT EXISTS orders_email ON orders(lower(email), created_at);
CREATE INDEX orders_storage ON orders(stored_until) WHERE delivery_mode = 'on_call_storage';

CREATE TABLE storage_call_offs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  customer_id TEXT NOT NULL,
  desired_date TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'replaced')),
  requested_at TEXT NOT NULL
);
CREATE INDEX storage_call_offs_order ON storage_call_offs(order_id, id);
CREATE UNIQUE INDEX storage_call_offs_open ON storage_call_offs(order_id) WHERE state = 'requested';
