-- Exact per-key rate limits (worker/shop-api/core/exact-limit.ts, docs/decisions/0024):
-- one counter per rule, key and fixed window, raised by one atomic upsert per request
-- (INSERT ... ON CONFLICT DO UPDATE SET count = count + 1 ... RETURNING count), so
-- concurrent requests never lose a count. The scheduled job deletes expired windows.
-- Times are Unix seconds.
CREATE TABLE rate_limit_counters (
  bucket TEXT NOT NULL,             -- the rule: a key of rateLimits.exact in config/shops.json (login, orderLookup)
  key_hash TEXT NOT NULL,           -- hex SHA-256 of rule and key (an e-mail, an order number); the key is never stored
  window_start INTEGER NOT NULL,    -- a multiple of the rule's windowSeconds
  count INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,      -- window_start + windowSeconds
  PRIMARY KEY (bucket, key_hash, window_start)
) WITHOUT ROWID;
CREATE INDEX rate_limit_counters_expiry ON rate_limit_counters(expires_at);

-- ALTCHA solutions already accepted (worker/shop-api/core/captcha/altcha.ts): a solution
-- passes once; its row stays until the challenge expires (after that it is refused as
-- expired anyway), then the scheduled job deletes it.
CREATE TABLE captcha_solutions (
  signature TEXT PRIMARY KEY,       -- the challenge's HMAC signature (hex)
  expires_at INTEGER NOT NULL       -- the challenge's expiry
) WITHOUT ROWID;
CREATE INDEX captcha_solutions_expiry ON captcha_solutions(expires_at);
