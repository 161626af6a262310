-- The rebuild pipeline (worker/shop-api/rebuilds, docs/decisions/0032): what changed and
-- which shops it concerns (rebuild requests), the builds that carry the changes live, and the
-- signed catalogue webhook's deliveries and secrets.
--
-- A rebuild request is one change: its id is the change id the console and the builder show.
-- Every (request, shop) pair is merged into exactly one build of that shop (its build_id), so
-- it ends in exactly one finished build. A shop has at most one queued build at a time: every
-- change that arrives while it waits is merged into it (debounce), a change that arrives while
-- a build runs goes into the next one.
-- Times are ISO 8601 UTC text with milliseconds (Date.toISOString), compared as text.
-- (No semicolons inside comments or string literals: the migration is split on them.)

CREATE TABLE rebuild_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,    -- the change id
  trigger TEXT NOT NULL CHECK (trigger IN ('import', 'webhook', 'nightly', 'publish')),
  import_id INTEGER REFERENCES imports(id),   -- the import that wrote it (trigger import)
  actor TEXT NOT NULL,                     -- cli, http, a staff e-mail, webhook, cron
  detail TEXT NOT NULL DEFAULT '',         -- what changed, in words (products, categories, a webhook id)
  created_at TEXT NOT NULL,                -- the time of the change: the debounce counts from it
  enqueued_at TEXT                         -- sent to REBUILD_QUEUE (or merged directly by the sweep), NULL until then
);
CREATE INDEX rebuild_requests_import ON rebuild_requests(import_id);
-- The sweep (scheduled job, POST /admin/builder/sweep) sends the requests nobody sent yet:
-- written by the CLI into the local database, or whose send failed.
CREATE INDEX rebuild_requests_unsent ON rebuild_requests(created_at) WHERE enqueued_at IS NULL;

CREATE TABLE builds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  shop TEXT NOT NULL,                      -- a configured shop id
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'published', 'failed')),
  attempt INTEGER NOT NULL DEFAULT 0,      -- claims so far (a lease taken over counts as one)
  max_attempts INTEGER NOT NULL,           -- rebuilds.maxAttempts of the config when the build was queued
  not_before TEXT NOT NULL,                -- not claimed before: the debounce, then the retry backoff
  first_queued_at TEXT NOT NULL,           -- the time of its first change (rebuilds.maxDelaySeconds counts from it)
  queued_at TEXT NOT NULL,                 -- the time of its latest change (rebuilds.quietSeconds counts from it)
  started_at TEXT,                         -- of the latest claim
  finished_at TEXT,
  lease_owner TEXT,                        -- the builder that claimed it last (kept after it finished)
  lease_until TEXT,                        -- running: another builder may take it over after this time
  progress_phase TEXT CHECK (progress_phase IN ('sourcing', 'rendering', 'publishing')),
  progress_done INTEGER,
  progress_total INTEGER,
  pages INTEGER,                           -- published: pages of the shop's build
  pages_rewritten INTEGER,                 -- published: pages whose files changed
  seconds REAL,                            -- published: the builder's time for the build
  error TEXT,                              -- the last failed attempt's error
  retried_in INTEGER REFERENCES builds(id)    -- failed: its changes went into this queued build
);
-- At most one queued build per shop: the consumer merges into it.
CREATE UNIQUE INDEX builds_one_queued ON builds(shop) WHERE state = 'queued';
CREATE INDEX builds_state ON builds(state, not_before);
CREATE INDEX builds_shop ON builds(shop, id);

-- The shops of a request, and the build each went into (NULL until the consumer merged it).
CREATE TABLE rebuild_request_shops (
  request_id INTEGER NOT NULL REFERENCES rebuild_requests(id) ON DELETE CASCADE,
  shop TEXT NOT NULL,
  build_id INTEGER REFERENCES builds(id),
  PRIMARY KEY (request_id, shop)
);
CREATE INDEX rebuild_request_shops_build ON rebuild_request_shops(build_id);
CREATE INDEX rebuild_request_shops_unmerged ON rebuild_request_shops(request_id) WHERE build_id IS NULL;

-- Deliveries of the signed catalogue webhook (POST /admin/hooks/catalogue): a repeated
-- webhook-id is answered as the first one was and changes nothing. Kept 7 days (the
-- timestamp tolerance of 5 minutes refuses older replays anyway).
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,                     -- the webhook-id header
  received_at TEXT NOT NULL,
  request_id INTEGER                       -- the rebuild request it wrote, NULL when it named no shop
) WITHOUT ROWID;
CREATE INDEX webhook_deliveries_received ON webhook_deliveries(received_at);

-- Signing secrets of the catalogue webhook (whsec_ and base64). The current one has no
-- retired_at, a rotated one stays valid until valid_until (24 hours after the rotation).
-- A row with secret NULL stands for the environment's CATALOGUE_WEBHOOK_SECRET, rotated away
-- (used only while no row exists at all). The secret is needed to verify, so it is stored.
CREATE TABLE webhook_secrets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  secret TEXT,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,                -- the staff member who rotated, or env
  retired_at TEXT,
  valid_until TEXT
);
CREATE INDEX webhook_secrets_current ON webhook_secrets(retired_at, valid_until);

-- Import history for the console: who imported (cli, http or a staff e-mail) and how many
-- products changed.
ALTER TABLE imports ADD COLUMN actor TEXT NOT NULL DEFAULT 'cli';
ALTER TABLE imports ADD COLUMN changed_products INTEGER NOT NULL DEFAULT 0;
