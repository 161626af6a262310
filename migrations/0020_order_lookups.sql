-- Lookups of orders by time and by e-mail address (the back office's orders view,
-- worker/shop-api/checkout/staff-orders.ts, and later the customer's account).
--
-- The console lists orders newest first over all shops (orders_shop_created of 0018 serves
-- one shop), a page at a time after (created_at, order_number), and finds them by the
-- beginning of the e-mail address in any case. Both are index ranges, so a list or a search
-- reads the rows it shows, not the whole table (docs/decisions/0035-orders.md, scale).
-- (No semicolons inside comments or string literals: the migration is split on them.)

CREATE INDEX orders_created ON orders(created_at, order_number);
CREATE INDEX orders_email ON orders(lower(email), created_at);
