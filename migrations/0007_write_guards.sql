-- Write guards (worker/shop-api/commerce/write-guard.ts): a batch that must write only
-- when its checks pass over the state before its writes inserts one row here when they
-- pass, guards every write with the row's existence and deletes it again at its end.
-- A batch is one transaction, so no row is ever visible outside it.
CREATE TABLE write_guards (
  id TEXT PRIMARY KEY
) WITHOUT ROWID;
