-- The pack content a cart line's packages were chosen with: the product's when the line was
-- added, added to again or given a new quantity by the visitor. The cart always uses the
-- product's current pack content; when it differs from this one, the cart page says so
-- (worker/shop-api/tables/carts.ts packageContentBefore). NULL for lines from before.
ALTER TABLE cart_items ADD COLUMN package_content REAL;
