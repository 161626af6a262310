-- Wrong service tokens per client address (docs/decisions/0027-api-hardening.md):
-- the endpoints behind CATALOGUE_IMPORT_TOKEN, SEARCH_REPORT_TOKEN and GRAPHQL_TOKEN
-- count every 401 against the client's address. A client with 10 wrong tokens within
-- 15 minutes of its first one is refused (429 with Retry-After), even with the right
-- token, until those 15 minutes have passed (worker/shop-api/core/auth-throttle.ts).
-- (No semicolons inside comments or string literals: the migration is split on them.)

CREATE TABLE auth_failures (
  client TEXT PRIMARY KEY,                 -- the client address (cf-connecting-ip), or 'unknown'
  started_at INTEGER NOT NULL,             -- ms since 1970 of the window's first wrong token
  failures INTEGER NOT NULL                -- wrong tokens since started_at
);

-- Rows whose window has ended are deleted with every new wrong token.
CREATE INDEX auth_failures_started ON auth_failures (started_at);
