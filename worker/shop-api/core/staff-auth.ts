/**
 * Back-office staff authentication (migrations/0016_staff.sql). Staff routes are
 * registered in app.ts with `staffRoute(deps, roles, handler)`: like `route`, every call is
 * rate-limited per IP first (the `staff` bucket of core/rate-limit.ts, every /admin/api
 * call); then the request must carry a live staff session in the x-staff-session header
 * (the edge copies it from the host-only cookie `__Host-bh_staff` of the back-office host;
 * the browser never sends the header itself), else 401; then the staff member's role must
 * be one the route lists, else 403. `ops` may do everything: it passes every staff route.
 *
 * Sessions (core/staff/sessions.ts) last at most STAFF_SESSION_LIFETIME_MS from login and
 * end after STAFF_IDLE_TIMEOUT_MS without a call; a session that ended, was revoked (logout,
 * account disabled, password changed) or whose account is disabled answers 401 and the
 * answer tells the edge to delete the cookie.
 */
import type { StaffMember } from "@domain/api/staff-session";
import { STAFF_IDLE_TIMEOUT_SECONDS, STAFF_SESSION_LIFETIME_SECONDS } from "@domain/staff-session";
import { STAFF_SESSION_HEADER } from "@worker/lib/shop-headers";
import { selectLiveStaffSession, staffSessionOf, touchStaffSession, type StaffRole, type StaffSessionRow } from "../tables/staff";
import type { ApiContext } from "./context";
import { fail } from "./envelope";
import { route, type Handler, type Route, type RouteDeps } from "./route";
import { handOverSession, sessionIdOf, sessionTokenFrom } from "./session-tokens";

export { type StaffRole } from "../tables/staff";

export type { StaffMember };

export interface StaffContext extends ApiContext {
  staff: StaffMember;
}

/** A session ends this long after its last call. */
export const STAFF_IDLE_TIMEOUT_MS = STAFF_IDLE_TIMEOUT_SECONDS * 1000;
/** A session ends this long after its login, however active. */
export const STAFF_SESSION_LIFETIME_MS = STAFF_SESSION_LIFETIME_SECONDS * 1000;
/** A call records the session's activity when the last record is older than this (one UPDATE a minute at most). */
export const STAFF_TOUCH_INTERVAL_MS = 60 * 1000;

export const STAFF_MESSAGES = {
  loginRequired: "Please log in to the back office.",
  forbidden: "Your role does not allow this.",
  badCredentials: "The e-mail address or the password is not correct.",
} as const;

/** The well-formed session token the edge passed on, or null. */
export function staffSessionToken(request: Request): string | null {
  return sessionTokenFrom(request, STAFF_SESSION_HEADER);
}

/** Tells the edge to delete the staff cookie (an empty token), on this answer whatever it is. */
export function clearStaffCookie(ctx: ApiContext): void {
  handOverSession(ctx.headers, STAFF_SESSION_HEADER, null);
}

const loginRequired = () => fail(401, STAFF_MESSAGES.loginRequired, "login_required");

/** The staff member of the request's live session; 401 without one. Records the session's activity (at most once a minute). */
export async function requireStaff(ctx: ApiContext): Promise<StaffMember & { sessionId: string; expiresAt: string }> {
  const token = staffSessionToken(ctx.request);
  if (!token) {
    if (ctx.request.headers.has(STAFF_SESSION_HEADER)) clearStaffCookie(ctx);
    throw loginRequired();
  }
  const id = await sessionIdOf(token);
  const row = await selectLiveStaffSession(id, ctx.now, STAFF_IDLE_TIMEOUT_MS).prepare(ctx.db).first<StaffSessionRow>();
  if (!row) {
    clearStaffCookie(ctx);
    throw loginRequired();
  }
  const session = staffSessionOf(row);
  if (Date.parse(session.lastSeenAt) <= ctx.now.getTime() - STAFF_TOUCH_INTERVAL_MS) {
    ctx.waitUntil(touchStaffSession(id, ctx.now).prepare(ctx.db).run());
  }
  return { ...session.staff, sessionId: session.id, expiresAt: session.expiresAt };
}

/** True when the role may use a route open to `roles` (ops may use all). */
export const roleAllowed = (role: StaffRole, roles: readonly StaffRole[]): boolean => role === "ops" || roles.includes(role);

/**
 * 401 without a valid staff session, 403 when the role is not listed. Every staff route is also
 * rate-limited (core); `idempotent`: a write with an Idempotency-Key runs once per session and key.
 */
export function staffRoute(deps: RouteDeps, roles: readonly StaffRole[], handler: Handler<StaffContext>, options: { idempotent?: boolean } = {}): Route {
  return route(
    deps,
    async (ctx, params) => {
      const { id, email, name, role } = await requireStaff(ctx);
      if (!roleAllowed(role, roles)) throw fail(403, STAFF_MESSAGES.forbidden, "forbidden");
      return handler({ ...ctx, staff: { id, email, name, role } }, params);
    },
    options,
  );
}
