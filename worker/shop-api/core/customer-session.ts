/**
 * Customer sessions (docs/decisions/0037): who is signed in on a request. The
 * edge sends the token of the session cookie in the x-customer-session request header; a
 * session lives in D1 (`customer_sessions`, its id the token's SHA-256) and is live while
 * not revoked, less than CUSTOMER_SESSION_LIFETIME_MS after sign-in and used within
 * CUSTOMER_IDLE_TIMEOUT_MS. A request records its session's activity at most once per
 * SESSION_TOUCH_INTERVAL_MS (after the answer). A header naming no live session gets the
 * cookie deleted.
 *
 * Signing in (login, verification, password reset or change) always starts a new session
 * with a new token (rotation) and revokes the one the request came with, so a token
 * planted before sign-in never becomes a signed-in one.
 */
import { CUSTOMER_SESSION_IDLE_DAYS, CUSTOMER_SESSION_LIFETIME_DAYS, type Customer } from "@domain/account";
import { CUSTOMER_SESSION_HEADER } from "@worker/lib/shop-headers";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { customerOf } from "../tables/customers";
import {
  insertSession,
  liveSessionOf,
  revokeSession,
  selectLiveSession,
  touchSession,
  type LiveSession,
  type LiveSessionRow,
} from "../tables/customer-sessions";
import type { ApiContext, ShopContext } from "./context";
import { fail } from "./envelope";
import { handOverSession, newSessionToken, sessionIdOf, sessionTokenFrom } from "./session-tokens";

const DAY_MS = 24 * 60 * 60 * 1000;
export const CUSTOMER_IDLE_TIMEOUT_MS = CUSTOMER_SESSION_IDLE_DAYS * DAY_MS;
export const CUSTOMER_SESSION_LIFETIME_MS = CUSTOMER_SESSION_LIFETIME_DAYS * DAY_MS;
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
const MAX_USER_AGENT = 256;

export const CUSTOMER_MESSAGES = {
  notSignedIn: "Please sign in to your customer account.",
} as const;

export interface SignedIn {
  customer: Customer;
  session: LiveSession;
}

/** The well-formed session token the edge passed on, or null. */
export const customerSessionToken = (request: Request): string | null => sessionTokenFrom(request, CUSTOMER_SESSION_HEADER);

/** The id (SHA-256) of the request's session token, or null without a well-formed one. */
export async function customerSessionId(request: Request): Promise<string | null> {
  const token = customerSessionToken(request);
  return token ? sessionIdOf(token) : null;
}

/** Tells the edge to delete the session cookie on this answer. */
export function clearCustomerSession(ctx: ApiContext): void {
  handOverSession(ctx.headers, CUSTOMER_SESSION_HEADER, null);
}

const signedInCache = new WeakMap<Request, Promise<SignedIn | null>>();

/**
 * The customer signed in on the request, or null (a guest). Read once per request; a
 * header that names no live session asks the edge to delete the cookie.
 */
export function loadCustomer(ctx: ShopContext): Promise<SignedIn | null> {
  let pending = signedInCache.get(ctx.request);
  if (!pending) {
    pending = readSignedIn(ctx);
    signedInCache.set(ctx.request, pending);
  }
  return pending;
}

async function readSignedIn(ctx: ShopContext): Promise<SignedIn | null> {
  const id = await customerSessionId(ctx.request);
  if (!id) {
    if (ctx.request.headers.get(CUSTOMER_SESSION_HEADER)) clearCustomerSession(ctx);
    return null;
  }
  const row = await selectLiveSession(id, ctx.shop.id, ctx.now, CUSTOMER_IDLE_TIMEOUT_MS).prepare(ctx.db).first<LiveSessionRow>();
  if (!row) {
    clearCustomerSession(ctx);
    return null;
  }
  const session = liveSessionOf(row);
  if (Date.parse(session.lastSeenAt) <= ctx.now.getTime() - SESSION_TOUCH_INTERVAL_MS) {
    ctx.waitUntil(touchSession(id, ctx.now).prepare(ctx.db).run());
  }
  return { customer: customerOf(row), session };
}

/** The signed-in customer; 401 `not_signed_in` for a guest. */
export async function requireCustomer(ctx: ShopContext): Promise<SignedIn> {
  const signedIn = await loadCustomer(ctx);
  if (!signedIn) throw fail(401, CUSTOMER_MESSAGES.notSignedIn, "not_signed_in");
  return signedIn;
}

export interface NewSession {
  /** The statements that write the session (and revoke the request's previous one), for the caller's batch. */
  statements: SqlFragment[];
  /** Hands the token to the edge; call once the batch committed the session. */
  handOver(): void;
}

/**
 * A new session for the customer (rotation: the request's previous session is revoked in the
 * same batch). `when`: the batch's condition (a claimed token, ...); the session is only
 * written where it holds.
 */
export async function newCustomerSession(ctx: ShopContext, customerId: string, visitorId: string | null, when: SqlFragment = sql`1`): Promise<NewSession> {
  const { token, id } = await newSessionToken();
  const previous = await customerSessionId(ctx.request);
  const statements = [
    ...(previous ? [revokeSession(previous, ctx.now, when)] : []),
    insertSession(
      {
        id,
        customerId,
        visitorId,
        expiresAt: new Date(ctx.now.getTime() + CUSTOMER_SESSION_LIFETIME_MS),
        userAgent: ctx.request.headers.get("user-agent")?.slice(0, MAX_USER_AGENT) ?? null,
      },
      ctx.now,
      when,
    ),
  ];
  return { statements, handOver: () => handOverSession(ctx.headers, CUSTOMER_SESSION_HEADER, token) };
}

/** Ends the request's session (logout) and deletes the cookie. */
export async function endCustomerSession(ctx: ShopContext): Promise<void> {
  const id = await customerSessionId(ctx.request);
  if (id) await revokeSession(id, ctx.now).prepare(ctx.db).run();
  clearCustomerSession(ctx);
}
