-- The provider's page where the shopper pays the order's open payment (the redirect the order's answer
-- gave): a repeat of the order call (the same Idempotency-Key) answers from the order, this included
-- (worker/shop-api/checkout/place-order.ts). NULL while no payment is open, or when the provider gave none.
ALTER TABLE orders ADD COLUMN payment_redirect_url TEXT;
