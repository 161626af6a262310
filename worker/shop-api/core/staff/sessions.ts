/**
 * The back office's session endpoints (registered in app.ts):
 *   POST   /admin/api/session  log in with e-mail and password; the new token goes to the edge in
 *                              the x-staff-session response header, which sets the staff cookie
 *   GET    /admin/api/session  who is logged in (a staff route for every role)
 *   DELETE /admin/api/session  log out: the session is revoked and the cookie deleted
 * A failed login answers 401 with one message whether the account exists, is disabled or the
 * password is wrong, after the same work (a dummy hash for unknown accounts). Failed logins
 * count against the e-mail address and the client's address (core/auth-throttle.ts: 5 in 15
 * minutes lock the account, 30 the address); a successful one clears the account's count.
 */
import type { LoggedOut, SessionView, StaffLoginRequest } from "@domain/api/staff-session";
import { z } from "zod";
import { STAFF_SESSION_HEADER } from "@worker/lib/shop-headers";
import { insertStaffSession, revokeStaffSession, selectStaffByEmail, staffCredentialsOf, type StaffRow } from "@shop-api/tables/staff";
import { throttleStaffLogin } from "../auth-throttle";
import type { ApiContext } from "../context";
import { fail } from "../envelope";
import { readJson, validate } from "../request-body";
import { reply, type Reply } from "../route";
import { handOverSession, newSessionToken, sessionIdOf } from "../session-tokens";
import {
  clearStaffCookie,
  requireStaff,
  STAFF_IDLE_TIMEOUT_MS,
  STAFF_MESSAGES,
  STAFF_SESSION_LIFETIME_MS,
  staffSessionToken,
  type StaffMember,
} from "../staff-auth";
import { DUMMY_PASSWORD, hasControlCharacter, PASSWORD_MAX_LENGTH, verifyPassword } from "./password";

const loginSchema: z.ZodType<StaffLoginRequest> = z.object({ email: z.string().max(1000), password: z.string().max(10_000) }).strict();

/** The form an e-mail address is stored and looked up in. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const MAX_USER_AGENT = 256;

export async function login(ctx: ApiContext): Promise<Reply<SessionView>> {
  const body = validate(loginSchema, await readJson(ctx.request));
  const email = normaliseEmail(body.email);
  let staff: StaffMember | undefined;
  await throttleStaffLogin(ctx, email, async () => {
    const row = email.length <= 254 ? await selectStaffByEmail(email).prepare(ctx.db).first<StaffRow>() : null;
    const account = row ? staffCredentialsOf(row) : null;
    // The same work whether the account exists or not. An over-long password is never hashed, and
    // one with a control character never matches (no stored password has one, see password.ts).
    const impossible = body.password.length > PASSWORD_MAX_LENGTH || hasControlCharacter(body.password);
    const matches = await verifyPassword(impossible ? "" : body.password, account?.password ?? DUMMY_PASSWORD);
    if (!account || account.disabledAt !== null || impossible || !matches) throw fail(401, STAFF_MESSAGES.badCredentials, "invalid_credentials");
    staff = { id: account.id, email: account.email, name: account.name, role: account.role };
  });
  const member = staff!;
  const { token, id } = await newSessionToken();
  const expiresAt = new Date(ctx.now.getTime() + STAFF_SESSION_LIFETIME_MS);
  const userAgent = ctx.request.headers.get("user-agent")?.slice(0, MAX_USER_AGENT) ?? null;
  await insertStaffSession({ id, staffId: member.id, expiresAt, userAgent }, ctx.now).prepare(ctx.db).run();
  handOverSession(ctx.headers, STAFF_SESSION_HEADER, token);
  const view: SessionView = { staff: member, expiresAt: expiresAt.toISOString(), idleTimeoutSeconds: STAFF_IDLE_TIMEOUT_MS / 1000 };
  return reply(view);
}

export async function logout(ctx: ApiContext): Promise<Reply<LoggedOut>> {
  const token = staffSessionToken(ctx.request);
  if (token)
    await revokeStaffSession(await sessionIdOf(token), ctx.now)
      .prepare(ctx.db)
      .run();
  clearStaffCookie(ctx);
  return reply({ loggedOut: true as const });
}

/** Who is logged in; 401 without a live session (every role may ask). */
export async function currentSession(ctx: ApiContext): Promise<Reply<SessionView>> {
  const { id, email, name, role, expiresAt } = await requireStaff(ctx);
  const view: SessionView = { staff: { id, email, name, role }, expiresAt, idleTimeoutSeconds: STAFF_IDLE_TIMEOUT_MS / 1000 };
  return reply(view);
}
