-- The mail outbox (worker/shop-api/core/mail, docs/decisions/0023). A business change
-- that causes a mail inserts its row in the same D1 batch (one transaction), so a mail
-- exists exactly when its change committed. The sender claims due rows with a lease,
-- sends them and marks them sent, or records the error and schedules the next attempt.
--
-- state: pending -> sending (claimed until claimed_until) -> sent
--                              \-> pending (next_attempt_at later) ... -> failed (attempts used up)
-- A 'sending' row whose lease ran out (the sender stopped mid-way) is claimable again.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  shop_id TEXT NOT NULL,
  language TEXT NOT NULL,
  template TEXT NOT NULL,                  -- e.g. 'sample-order-confirmation' (core/mail/templates.ts)
  recipient TEXT NOT NULL,
  params TEXT NOT NULL CHECK (json_valid(params)),  -- JSON the template renders from
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,     -- delivery attempts started (counted when claimed)
  next_attempt_at TEXT NOT NULL,           -- ISO time; a pending row is due from then on
  claim_token TEXT,                        -- the drain holding the row while 'sending'
  claimed_until TEXT,                      -- ISO time the lease ends
  last_error TEXT,
  dedupe_key TEXT UNIQUE,                  -- one business event enqueues at most one mail
  created_at TEXT NOT NULL,
  sent_at TEXT
);
-- The drain's two ways in: due pending rows, and sending rows whose lease ran out.
CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE state = 'pending';
CREATE INDEX mail_outbox_leases ON mail_outbox(claimed_until) WHERE state = 'sending';
