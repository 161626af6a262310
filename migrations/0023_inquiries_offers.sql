-- Product questions, bulk-buyer inquiries and offer requests, and the offers staff prepare
-- for them (docs/decisions/0039-inquiries-and-offers.md).
-- inquiries and inquiry_replies are written by worker/shop-api/inquiries; offers,
-- offer_lines and the offer columns of cart_items by worker/shop-api/offers.

-- An inquiry as the customer sent it. Its id is the number the customer sees: Q- and 10
-- characters of Crockford's base32 (50 random bits), so nobody can guess another's.
-- state: open -> answered (staff replied by mail) -> closed; staff may close an open one.
CREATE TABLE inquiries (
  id TEXT PRIMARY KEY CHECK (length(id) = 12 AND substr(id, 1, 2) = 'Q-' AND substr(id, 3) NOT GLOB '*[^0-9A-HJKMNP-TV-Z]*'),
  type TEXT NOT NULL CHECK (type IN ('product', 'bulk', 'offer')),
  shop_id TEXT NOT NULL,
  language TEXT NOT NULL,                  -- the language of its mails: the one the customer used
  sku TEXT NOT NULL,                       -- the product asked about (products.sku when sent)
  product_name TEXT NOT NULL,              -- snapshot of the product's name in that language
  message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),   -- plain text, line breaks as \n
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  email TEXT NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  phone TEXT,
  country TEXT NOT NULL CHECK (length(country) = 2 AND country = lower(country)),
  quantity REAL CHECK (quantity IS NULL OR quantity > 0),   -- in the product's sales unit (m², pieces, ...)
  unit TEXT,                               -- that unit's code when a quantity was given
  answers TEXT NOT NULL DEFAULT '{}',      -- JSON {questionId: true | false} of the yes/no steps
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'answered', 'closed')),
  visitor_id TEXT,                         -- who sent it (no foreign key: inquiries outlive visitors)
  customer_id TEXT,                        -- the signed-in customer who sent it, if any
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  closed_at TEXT
);
CREATE INDEX inquiries_created ON inquiries(created_at, id);
CREATE INDEX inquiries_state_created ON inquiries(state, created_at, id);
CREATE INDEX inquiries_customer ON inquiries(customer_id, created_at) WHERE customer_id IS NOT NULL;
CREATE INDEX inquiries_email ON inquiries(shop_id, email, created_at);

-- Staff answers, each sent to the customer by mail.
CREATE TABLE inquiry_replies (
  id INTEGER PRIMARY KEY,
  inquiry_id TEXT NOT NULL REFERENCES inquiries(id) ON DELETE CASCADE,
  message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 10000),
  staff_email TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX inquiry_replies_inquiry ON inquiry_replies(inquiry_id, id);

-- The offer for an offer request (type 'offer'): at most one per inquiry. While staff have
-- not sent it, the inquiry alone stands for the state 'requested'. Its id is what the
-- customer's link and the accept call name: O- and 10 characters of Crockford's base32.
-- state: offered -> accepted | declined | expired; staff may revise an offered one (sent again).
CREATE TABLE offers (
  id TEXT PRIMARY KEY CHECK (length(id) = 12 AND substr(id, 1, 2) = 'O-' AND substr(id, 3) NOT GLOB '*[^0-9A-HJKMNP-TV-Z]*'),
  inquiry_id TEXT NOT NULL UNIQUE REFERENCES inquiries(id) ON DELETE CASCADE,
  shop_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('offered', 'accepted', 'declined', 'expired')),
  valid_until TEXT NOT NULL,               -- YYYY-MM-DD, the last day it can be accepted and ordered (Berlin time)
  message TEXT NOT NULL DEFAULT '',        -- the staff's note to the customer, plain text
  total INTEGER NOT NULL,                  -- minor units, tax included: the sum of its lines
  staff_email TEXT NOT NULL,
  offered_at TEXT NOT NULL,
  accepted_at TEXT,
  declined_at TEXT,
  expired_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX offers_state_valid ON offers(state, valid_until);

-- The offer's lines at their offered package prices (minor units, tax included).
CREATE TABLE offer_lines (
  offer_id TEXT NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
  line_no INTEGER NOT NULL CHECK (line_no >= 1),
  sku TEXT NOT NULL,
  name TEXT NOT NULL,                      -- snapshot in the inquiry's language
  quantity INTEGER NOT NULL CHECK (quantity >= 1),    -- packages
  package_price INTEGER NOT NULL CHECK (package_price >= 0),
  regular_price INTEGER NOT NULL CHECK (regular_price >= 0),   -- the shop's price when offered, to show the saving
  PRIMARY KEY (offer_id, line_no)
) WITHOUT ROWID;

-- A cart line accepted from an offer carries the offer and its price: pricing charges that
-- price while the offer is valid, and the line's quantity is the offered one.
ALTER TABLE cart_items ADD COLUMN offer_id TEXT REFERENCES offers(id) ON DELETE SET NULL;
ALTER TABLE cart_items ADD COLUMN offer_price INTEGER;
