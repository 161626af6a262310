/**
 * The `staff` and `staff_sessions` tables (migrations/0016_staff.sql): back-office accounts
 * and their sessions. A session is valid while it is not revoked, its absolute lifetime has
 * not ended (`expires_at`), it was used within the idle timeout (`last_seen_at`) and its
 * account is not disabled; the shop API checks all four in the one query that loads it.
 */
import { STAFF_ROLES, type StaffRole } from "@domain/api/staff-session";
import { sql, type SqlFragment } from "@worker/lib/sql";

export { STAFF_ROLES, type StaffRole };

export interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  password_salt: string;
  password_iterations: number;
  disabled_at: string | null;
}

export interface StaffCredentials {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password: StoredPassword;
  disabledAt: string | null;
}

/** A PBKDF2-SHA256 password as stored: derived key and salt in base64, and the iteration count. */
export interface StoredPassword {
  hash: string;
  salt: string;
  iterations: number;
}

export function staffCredentialsOf(row: StaffRow): StaffCredentials {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    password: { hash: row.password_hash, salt: row.password_salt, iterations: row.password_iterations },
    disabledAt: row.disabled_at,
  };
}

export const selectStaffByEmail = (email: string): SqlFragment =>
  sql`SELECT id, email, name, role, password_hash, password_salt, password_iterations, disabled_at FROM staff WHERE email = ${email}`;

/**
 * Creates the account or, when its e-mail exists, sets its name, role and password and enables
 * it: one statement, so it runs as it is against the deployed database too (scripts/create-staff.ts).
 */
export const upsertStaffAccount = (staff: { id: string; email: string; name: string; role: StaffRole; password: StoredPassword }, now: Date): SqlFragment =>
  sql`INSERT INTO staff (id, email, name, role, password_hash, password_salt, password_iterations, password_changed_at, created_at)
      VALUES (${staff.id}, ${staff.email}, ${staff.name}, ${staff.role}, ${staff.password.hash}, ${staff.password.salt}, ${staff.password.iterations},
        ${now.toISOString()}, ${now.toISOString()})
      ON CONFLICT (email) DO UPDATE SET name = excluded.name, role = excluded.role, password_hash = excluded.password_hash,
        password_salt = excluded.password_salt, password_iterations = excluded.password_iterations,
        password_changed_at = excluded.password_changed_at, disabled_at = NULL`;

/** A new password for the account (the migration's trigger revokes its sessions). */
export const updateStaffPassword = (id: string, password: StoredPassword, now: Date): SqlFragment =>
  sql`UPDATE staff SET password_hash = ${password.hash}, password_salt = ${password.salt}, password_iterations = ${password.iterations},
      password_changed_at = ${now.toISOString()} WHERE id = ${id}`;

/** Disables (or enables again, with null) the account; disabling revokes its sessions (trigger). */
export const setStaffDisabled = (id: string, disabledAt: Date | null): SqlFragment =>
  sql`UPDATE staff SET disabled_at = ${disabledAt ? disabledAt.toISOString() : null} WHERE id = ${id}`;

export interface StaffSessionRow {
  session_id: string;
  last_seen_at: string;
  expires_at: string;
  staff_id: string;
  email: string;
  name: string;
  role: StaffRole;
}

export interface StaffSession {
  id: string;
  lastSeenAt: string;
  expiresAt: string;
  staff: { id: string; email: string; name: string; role: StaffRole };
}

export function staffSessionOf(row: StaffSessionRow): StaffSession {
  return {
    id: row.session_id,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    staff: { id: row.staff_id, email: row.email, name: row.name, role: row.role },
  };
}

/** The session of the id with its account, only while it is valid at `now` (see the module comment). */
export const selectLiveStaffSession = (id: string, now: Date, idleTimeoutMs: number): SqlFragment =>
  sql`SELECT s.id AS session_id, s.last_seen_at, s.expires_at, staff.id AS staff_id, staff.email, staff.name, staff.role
      FROM staff_sessions s JOIN staff ON staff.id = s.staff_id
      WHERE s.id = ${id} AND s.revoked_at IS NULL AND s.expires_at > ${now.toISOString()}
        AND s.last_seen_at > ${new Date(now.getTime() - idleTimeoutMs).toISOString()} AND staff.disabled_at IS NULL`;

export const insertStaffSession = (session: { id: string; staffId: string; expiresAt: Date; userAgent: string | null }, now: Date): SqlFragment =>
  sql`INSERT INTO staff_sessions (id, staff_id, created_at, last_seen_at, expires_at, user_agent)
      VALUES (${session.id}, ${session.staffId}, ${now.toISOString()}, ${now.toISOString()}, ${session.expiresAt.toISOString()}, ${session.userAgent})`;

/** Records activity on a session that is still open (an ended one is never revived). */
export const touchStaffSession = (id: string, now: Date): SqlFragment =>
  sql`UPDATE staff_sessions SET last_seen_at = ${now.toISOString()} WHERE id = ${id} AND revoked_at IS NULL AND expires_at > ${now.toISOString()}`;

export const revokeStaffSession = (id: string, now: Date): SqlFragment =>
  sql`UPDATE staff_sessions SET revoked_at = ${now.toISOString()} WHERE id = ${id} AND revoked_at IS NULL`;

/**
 * Deletes at most `limit` sessions that ended (expired, or revoked) at or before `endedBy`: the
 * retention job's statement (worker/shop-api/retention.ts). A session ended by idleness counts
 * from its absolute end (`expires_at`, at most 12 hours after the login).
 */
export const deleteEndedStaffSessions = (endedBy: Date, limit: number): SqlFragment => {
  const cutoff = endedBy.toISOString();
  return sql`DELETE FROM staff_sessions WHERE rowid IN
      (SELECT rowid FROM staff_sessions WHERE expires_at <= ${cutoff} OR revoked_at <= ${cutoff} LIMIT ${limit})`;
};
