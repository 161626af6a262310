-- An order placed under an Idempotency-Key is the key's record: its id is derived from the visitor and the key, and
-- it keeps the fingerprint of the request that placed it (SHA-256 of method, path and body), so a repeat of the same
-- request answers from the order and the same key with another request is refused (worker/shop-api/checkout/place-order.ts).
-- NULL for an order placed without a key.
ALTER TABLE orders ADD COLUMN request_fingerprint TEXT;
