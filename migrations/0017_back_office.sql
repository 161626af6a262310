-- The back office's service views (worker/shop-api/commerce/staff-sample-orders.ts).
--
-- Staff mark a sample order that was ordered (state finished or processed) as shipped or
-- cancelled, once, with who and when. The shopper's life cycle in sample_quotes.state
-- (open -> finished -> processed, open -> expired) stays as it is: SQLite cannot change
-- the CHECK of an existing column, and rebuilding the table would have to repeat its
-- indexes and the limit-key columns of 0014. The staff's step is a column of its own.
--
-- sample_quotes.fulfilment_state  NULL (nothing done by staff yet), shipped or cancelled
-- sample_quotes.fulfilment_by     the e-mail of the staff member who set it
-- sample_quotes.fulfilment_at     ISO time it was set
--
-- The console lists orders newest first by the time they were ordered (or created, for
-- carts never ordered), with the id as tie-breaker: the index serves that order per shop
-- and for all shops.
-- (No semicolons inside comments or string literals: the migration is split on them.)

ALTER TABLE sample_quotes ADD COLUMN fulfilment_state TEXT CHECK (fulfilment_state IN ('shipped', 'cancelled'));
ALTER TABLE sample_quotes ADD COLUMN fulfilment_by TEXT;
ALTER TABLE sample_quotes ADD COLUMN fulfilment_at TEXT;
CREATE INDEX sample_quotes_placed ON sample_quotes(coalesce(finished_at, created_at), id);
CREATE INDEX sample_quotes_shop_placed ON sample_quotes(shop_id, coalesce(finished_at, created_at), id);
-- The mail outbox view lists mails newest first (by id) filtered by state or recipient.
CREATE INDEX mail_outbox_state_id ON mail_outbox(state, id);
