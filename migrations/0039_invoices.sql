-- Invoices and credit notes (docs/decisions/0074-invoices-credit-notes-and-e-invoices.md).
-- Written only by worker/shop-api/core/invoices. Money is integer minor units of the order's
-- currency; the amounts are those the document shows (net, tax, gross).

-- One counter per shop, year (in the shop's time zone) and series: issuing a document
-- increments it in the same batch as the document's row, so a number is taken exactly when
-- the document commits: never twice, never skipped (a failed batch takes none).
CREATE TABLE invoice_counters (
  shop_id TEXT NOT NULL,
  year INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  last_number INTEGER NOT NULL CHECK (last_number >= 1),
  PRIMARY KEY (shop_id, year, kind)
) WITHOUT ROWID;

CREATE TABLE invoices (
  id TEXT PRIMARY KEY,                     -- random UUID (never shown)
  number TEXT NOT NULL UNIQUE,             -- RE-DE-2026-000123 (invoice), GS-DE-2026-000004 (credit note)
  shop_id TEXT NOT NULL,
  year INTEGER NOT NULL,
  sequence INTEGER NOT NULL,               -- the counter's value: 1, 2, ... per shop, year and kind
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- A credit note's refund: the ledger row (payment_ledger's provider and provider_ref) it documents.
  refund_provider TEXT,
  refund_ref TEXT,
  language TEXT NOT NULL,
  currency TEXT NOT NULL,
  net_total INTEGER NOT NULL,
  tax_total INTEGER NOT NULL,
  gross_total INTEGER NOT NULL,
  reverse_charge INTEGER NOT NULL DEFAULT 0 CHECK (reverse_charge IN (0, 1)),
  r2_key TEXT,                             -- the PDF in the UPLOADS bucket; NULL until it is stored
  issued_at TEXT NOT NULL,
  UNIQUE (shop_id, year, kind, sequence),
  CHECK ((kind = 'invoice') = (refund_ref IS NULL))
);
-- One invoice per order; one credit note per refund.
CREATE UNIQUE INDEX invoices_one_per_order ON invoices(order_id) WHERE kind = 'invoice';
CREATE UNIQUE INDEX invoices_one_per_refund ON invoices(refund_provider, refund_ref) WHERE kind = 'credit_note';
CREATE INDEX invoices_order ON invoices(order_id, issued_at);
