-- Returns, complaints and the EU withdrawal (docs/decisions/0038-returns-and-withdrawal.md).
-- Written only by worker/shop-api/returns. Quantities are packages of the order's lines.

-- A complaint or return (RMA). Its id is the complaint number the customer sees: R- and 10
-- characters of Crockford's base32, 50 random bits, so nobody can guess another's.
-- A withdrawal from the contract (order_withdrawals) is kept as an RMA of kind 'withdrawal'
-- too, so staff work it in the same list with the same states and mails.
CREATE TABLE rmas (
  id TEXT PRIMARY KEY CHECK (length(id) = 12 AND substr(id, 1, 2) = 'R-' AND substr(id, 3) NOT GLOB '*[^0-9A-HJKMNP-TV-Z]*'),
  kind TEXT NOT NULL CHECK (kind IN ('return', 'withdrawal')),
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  shop_id TEXT NOT NULL,
  language TEXT NOT NULL,                  -- the language of its mails: the one the customer used
  email TEXT NOT NULL,                     -- where its mails go: the order's e-mail
  reason TEXT NOT NULL CHECK (reason IN ('NEW_PRODUCT', 'DISCOUNT', 'MONEY_BACK', 'DEFECTIVE', 'OVER_ORDER', 'INCORRECTLY_ORDERED',
    'DELIVERED_INCORRECTLY', 'REVOCATION', 'OTHER')),
  proposal TEXT CHECK (proposal IS NULL OR proposal IN ('NEW_PRODUCT', 'DISCOUNT', 'MONEY_BACK')),
  message TEXT NOT NULL DEFAULT '',        -- plain text, line breaks as \n
  phone TEXT,
  whole_order INTEGER NOT NULL DEFAULT 0 CHECK (whole_order IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'received', 'accepted', 'rejected', 'refunded', 'replaced')),
  status_claim TEXT,                       -- random per status change: only the batch that made it writes its history row and mail
  via TEXT NOT NULL CHECK (via IN ('lookup', 'link', 'session')),
  visitor_id TEXT,                         -- who submitted it (no foreign key: complaints outlive visitors)
  customer_id TEXT,                        -- the signed-in customer who submitted it, if any
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX rmas_order ON rmas(order_id);
CREATE INDEX rmas_created ON rmas(created_at, id);
CREATE INDEX rmas_status_created ON rmas(status, created_at, id);

-- The order lines a complaint names, with how many packages. What is returned of an order
-- line is the sum over complaints that were not rejected.
CREATE TABLE rma_lines (
  rma_id TEXT NOT NULL REFERENCES rmas(id) ON DELETE CASCADE,
  order_id TEXT NOT NULL,                  -- the complaint's order (rmas.order_id)
  line_no INTEGER NOT NULL,
  sku TEXT NOT NULL,                       -- snapshot of the order line
  name TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  PRIMARY KEY (rma_id, line_no),
  FOREIGN KEY (order_id, line_no) REFERENCES order_lines(order_id, line_no) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX rma_lines_order_line ON rma_lines(order_id, line_no);

-- The images of a complaint: uploads (core/uploads, bytes in R2) in the order they were
-- attached. An upload belongs to one complaint; the uploads row is marked attached too, so
-- the cleanup of unattached uploads never takes it.
CREATE TABLE rma_uploads (
  rma_id TEXT NOT NULL REFERENCES rmas(id) ON DELETE CASCADE,
  upload_id TEXT NOT NULL UNIQUE REFERENCES uploads(id),
  position INTEGER NOT NULL,
  PRIMARY KEY (rma_id, upload_id)
) WITHOUT ROWID;

-- Every state a complaint was in, with who set it and the note sent to the customer.
CREATE TABLE rma_status_history (
  id INTEGER PRIMARY KEY,
  rma_id TEXT NOT NULL REFERENCES rmas(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('submitted', 'received', 'accepted', 'rejected', 'refunded', 'replaced')),
  note TEXT NOT NULL DEFAULT '',
  changed_by TEXT NOT NULL,                -- 'customer', or the staff member's e-mail
  changed_at TEXT NOT NULL
);
CREATE INDEX rma_status_history_rma ON rma_status_history(rma_id, id);

-- The withdrawal from the contract (Directive 2023/2673): at most one per order, when it was
-- declared, and its case in the staff's list.
CREATE TABLE order_withdrawals (
  order_id TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  rma_id TEXT NOT NULL UNIQUE REFERENCES rmas(id) ON DELETE CASCADE,
  shop_id TEXT NOT NULL,
  requested_at TEXT NOT NULL,
  via TEXT NOT NULL CHECK (via IN ('lookup', 'link', 'session')),
  visitor_id TEXT,
  customer_id TEXT
) WITHOUT ROWID;

-- Short-lived tokens of a successful order lookup or signed link: they let the visitor who
-- made the lookup act for that order (uploads, a complaint, the withdrawal) until they expire.
-- Only the SHA-256 of a token is stored.
CREATE TABLE rma_lookup_tokens (
  token_hash TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  visitor_id TEXT NOT NULL,                -- the visitor the lookup was made by: only it may use the token
  via TEXT NOT NULL CHECK (via IN ('lookup', 'link')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX rma_lookup_tokens_visitor ON rma_lookup_tokens(visitor_id, expires_at);
CREATE INDEX rma_lookup_tokens_expiry ON rma_lookup_tokens(expires_at);
