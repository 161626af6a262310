-- Staff accounts of the back office and their sessions (worker/shop-api/core/staff-auth.ts,
-- worker/shop-api/core/staff/). Times are ISO strings like created_at elsewhere.
--
-- staff            one row per person. The e-mail is stored lower-case (the CHECK keeps it so)
--                  and unique. The password is PBKDF2-SHA256 (WebCrypto): the derived key,
--                  its own random salt and the iteration count, each stored, so the count can
--                  be raised later and old hashes still verify. A disabled account
--                  (disabled_at set) cannot log in and its sessions stop at once.
-- staff_sessions   one row per login. The id is the hex SHA-256 of the session token (the token
--                  itself lives only in the staff member's cookie). A session ends at
--                  expires_at (absolute lifetime), after an idle time since last_seen_at, or
--                  when revoked (logout, account disabled, password changed).
-- The trigger revokes every open session of a staff member whose password or disabled_at
-- changes, whoever writes the row (the console, scripts/create-staff.ts, a manual UPDATE).
-- (No semicolons inside comments or string literals: the migration is split on them.)

CREATE TABLE staff (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  role TEXT NOT NULL CHECK (role IN ('merchandiser', 'service', 'ops')),
  password_hash TEXT NOT NULL,             -- base64 of the 32-byte PBKDF2-SHA256 output
  password_salt TEXT NOT NULL,             -- base64 of 16 random bytes, per account
  password_iterations INTEGER NOT NULL CHECK (password_iterations >= 10000),
  password_changed_at TEXT NOT NULL,
  disabled_at TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE staff_sessions (
  id TEXT PRIMARY KEY,                     -- hex SHA-256 of the session token
  staff_id TEXT NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  user_agent TEXT                          -- the browser's User-Agent at login, at most 256 characters
);
CREATE INDEX staff_sessions_staff ON staff_sessions(staff_id);
CREATE INDEX staff_sessions_expiry ON staff_sessions(expires_at);

CREATE TRIGGER staff_sessions_revoke_on_change
AFTER UPDATE OF password_hash, password_salt, password_iterations, disabled_at ON staff
WHEN NEW.password_hash IS NOT OLD.password_hash
  OR NEW.password_salt IS NOT OLD.password_salt
  OR NEW.password_iterations IS NOT OLD.password_iterations
  OR NEW.disabled_at IS NOT OLD.disabled_at
BEGIN
  UPDATE staff_sessions SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE staff_id = NEW.id AND revoked_at IS NULL;
END;
