-- Idempotency keys (worker/shop-api/core/idempotency.ts, docs/decisions/0025): the first
-- answer to a state-changing storefront call that carried an Idempotency-Key header, kept
-- 24 hours and replayed for a repeat of the same request. A row is 'running' while its
-- first call runs (a repeat then gets 409); answers with status >= 500 are never kept.
CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,                     -- the visitor (SHA-256 of the bearer token) or SHA-256 of 'ip:' + client address
  idempotency_key TEXT NOT NULL,           -- the header value, 1-255 visible ASCII characters
  fingerprint TEXT NOT NULL,               -- SHA-256 of method, path with query, and body
  claim TEXT NOT NULL,                     -- random id of the run that owns the row
  state TEXT NOT NULL CHECK (state IN ('running', 'done')),
  status INTEGER,                          -- the stored answer (state 'done')
  headers TEXT,                            -- JSON object of the headers replayed with it
  body TEXT,
  started_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (scope, idempotency_key),
  CHECK ((state = 'done') = (status IS NOT NULL))
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_expiry ON idempotency_keys(expires_at);
