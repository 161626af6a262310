-- Uploaded files (worker/shop-api/core/uploads, docs/decisions/0025): the bytes live in
-- R2 (binding UPLOADS) under r2_key, this row says whose they are and what they are.
-- A row is written only after every file of its request was accepted and stored.
CREATE TABLE uploads (
  id TEXT PRIMARY KEY,                     -- random, 22 characters base64url; the public id
  owner_id TEXT NOT NULL REFERENCES visitors(id),  -- the visitor (SHA-256 of the bearer token)
  shop_id TEXT NOT NULL,
  file_name TEXT NOT NULL,                 -- the sanitised original name (no path, no control characters)
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif')),
  size INTEGER NOT NULL CHECK (size > 0),  -- bytes
  r2_key TEXT NOT NULL UNIQUE,
  purpose TEXT NOT NULL,                   -- what it was uploaded for (complaint)
  attached_type TEXT,                      -- what it was attached to later (e.g. a complaint), null until then
  attached_id TEXT,
  attached_at TEXT,
  created_at TEXT NOT NULL,
  CHECK ((attached_type IS NULL) = (attached_id IS NULL))
);
CREATE INDEX uploads_owner ON uploads(owner_id, created_at);
CREATE INDEX uploads_attachment ON uploads(attached_type, attached_id);
CREATE INDEX uploads_unattached ON uploads(created_at) WHERE attached_id IS NULL;
