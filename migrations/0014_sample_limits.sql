-- Daily caps on finished sample orders (docs/decisions/0030, shop config `samples`).
--
-- sample_quotes.email_key     the order's e-mail, trimmed and in lower case
-- sample_quotes.address_key   street, zip, city and country of the order's address, in lower
--                             case with whitespace collapsed, joined by |
-- sample_quotes.client_key    SHA-256 (hex) of the finishing request's client key (its IPv4
--                             address or IPv6 /64, core/rate-limit.ts), never the address itself
-- The finishing UPDATE writes them and counts the shop's orders finished on the same Berlin
-- day with the same visitor, e-mail, address or client key in the same statement.
-- (No semicolons inside comments or string literals: the migration is split on them.)

ALTER TABLE sample_quotes ADD COLUMN email_key TEXT;
ALTER TABLE sample_quotes ADD COLUMN address_key TEXT;
ALTER TABLE sample_quotes ADD COLUMN client_key TEXT;
CREATE INDEX sample_quotes_email_day ON sample_quotes(shop_id, email_key, finished_at);
CREATE INDEX sample_quotes_address_day ON sample_quotes(shop_id, address_key, finished_at);
CREATE INDEX sample_quotes_client_day ON sample_quotes(shop_id, client_key, finished_at);
