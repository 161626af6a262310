/**
 * The back office's staff sessions on the wire (docs/decisions/0033):
 *
 *   POST   /admin/api/session   StaffLoginRequest   SessionView (the session cookie set by the edge)
 *   GET    /admin/api/session                       SessionView (401 without a live session)
 *   DELETE /admin/api/session                       LoggedOut
 */

export const STAFF_ROLES = ["merchandiser", "service", "ops"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff member as the console shows them. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

export interface StaffLoginRequest {
  email: string;
  password: string;
}

/** The session: who, until when at most, and after how long without a call it ends. */
export interface SessionView {
  staff: StaffMember;
  expiresAt: string;
  idleTimeoutSeconds: number;
}

export interface LoggedOut {
  loggedOut: true;
}
