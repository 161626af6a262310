-- Visitors expire and personal rows are deleted after their time (docs/decisions/0029).
--
-- visitors.last_seen_at   the visitor's last activity (ISO time as created_at). The shop API
--                         accepts a visitor only while it is less than 30 days old (the token
--                         cookie's lifetime) and renews it at most once a day. Visitors
--                         that exist already count as seen when this migration runs, so the
--                         migration itself takes nobody's cart.
-- The indexes serve the retention job of the cron trigger (worker/shop-api/retention.ts):
-- expired visitors by last activity, a visitor's sample orders (also what deleting a
-- visitor cascades through), old search query rows by day.
-- (No semicolons inside comments or string literals: the migration is split on them.)

ALTER TABLE visitors ADD COLUMN last_seen_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';
UPDATE visitors SET last_seen_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
CREATE INDEX visitors_last_seen ON visitors(last_seen_at);
CREATE INDEX sample_quotes_visitor ON sample_quotes(visitor_id, state);
CREATE INDEX search_queries_day ON search_queries(day);
