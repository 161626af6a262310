/**
 * The `visitors` table: one row per bearer token (its SHA-256), written on a visitor's first
 * write. A visitor is accepted while its last activity (`last_seen_at`) lies within the token
 * cookie's lifetime (30 days); activity renews it at most once a day
 * (docs/decisions/0029). Expired rows are deleted by the retention job.
 */
import { TOKEN_LIFETIME_DAYS } from "@domain/visitor-token";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { sessionIsLive } from "./customer-sessions";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after its last activity a visitor is accepted: the token cookie's lifetime. */
export const VISITOR_LIFETIME_MS = TOKEN_LIFETIME_DAYS * DAY_MS;
/** Activity renews a visitor (and its cookie) at most this often. */
export const VISITOR_RENEWAL_INTERVAL_MS = DAY_MS;

export interface VisitorRow {
  id: string;
  customer_type: "private" | "business";
  has_account: number;
  is_internal: number;
  shipping_country: string | null;
  last_seen_at: string;
  /** The customer signed in on the request's session, if any (selectVisitor with a session). */
  customer_id?: string | null;
  account_type?: "private" | "business" | null;
}

export interface Visitor {
  id: string;
  customerType: "private" | "business";
  /** True with a live customer session on the request (or a visitor marked as a registered customer). */
  hasAccount: boolean;
  /** The signed-in customer of the request's session, null for a guest (migration 0021). */
  customerId?: string | null;
  isInternal: boolean;
  shippingCountry: string | null;
  lastSeenAt: string;
}

export function visitorOf(row: VisitorRow): Visitor {
  return {
    id: row.id,
    customerType: row.account_type ?? row.customer_type,
    hasAccount: row.has_account === 1 || Boolean(row.customer_id),
    customerId: row.customer_id ?? null,
    isInternal: row.is_internal === 1,
    shippingCountry: row.shipping_country,
    lastSeenAt: row.last_seen_at,
  };
}

/** A visitor as its row is first written: a private guest without account, seen now. */
export function newVisitor(id: string, now: Date): Visitor {
  return { id, customerType: "private", hasAccount: false, customerId: null, isInternal: false, shippingCountry: null, lastSeenAt: now.toISOString() };
}

/** Visitors last seen at or before this time are expired at `now`. */
export const expiredAtOrBefore = (now: Date): string => new Date(now.getTime() - VISITOR_LIFETIME_MS).toISOString();

/** True when the visitor's last renewal is a day old or older: this request renews it. */
export const isRenewalDue = (visitor: Visitor, now: Date): boolean => Date.parse(visitor.lastSeenAt) <= now.getTime() - VISITOR_RENEWAL_INTERVAL_MS;

/** The customer session a request carries (its id, the SHA-256 of the token), to read with the visitor. */
export interface SessionLookup {
  id: string;
  shopId: string;
  idleMs: number;
}

/**
 * The visitor of the id unless it expired; with a session, the signed-in customer (and the
 * account's type) when the session is live and its account of the shop: one statement.
 */
export const selectVisitor = (id: string, now: Date, session: SessionLookup | null = null): SqlFragment =>
  session
    ? sql`SELECT v.id, v.customer_type, v.has_account, v.is_internal, v.shipping_country, v.last_seen_at, c.id AS customer_id, c.type AS account_type
        FROM visitors v
        LEFT JOIN customer_sessions s ON s.id = ${session.id} AND ${sessionIsLive(now, session.idleMs)}
        LEFT JOIN customers c ON c.id = s.customer_id AND c.shop_id = ${session.shopId} AND c.verified_at IS NOT NULL
        WHERE v.id = ${id} AND v.last_seen_at > ${expiredAtOrBefore(now)}`
    : sql`SELECT id, customer_type, has_account, is_internal, shipping_country, last_seen_at FROM visitors WHERE id = ${id} AND last_seen_at > ${expiredAtOrBefore(now)}`;

/** True when the visitor of the id exists and has not expired (a write guard's condition). */
export const liveVisitorExists = (id: string, now: Date): SqlFragment =>
  sql`EXISTS (SELECT 1 FROM visitors WHERE id = ${id} AND last_seen_at > ${expiredAtOrBefore(now)})`;

/** Writes a new visitor's row, seen now; only when `when` holds (a write guard), by default always. */
export const insertVisitor = (id: string, shopId: string, now: Date, when: SqlFragment = sql`1`): SqlFragment =>
  sql`INSERT INTO visitors (id, shop_id, created_at, last_seen_at) SELECT ${id}, ${shopId}, ${now.toISOString()}, ${now.toISOString()} WHERE ${when}`;

/** Renews a live visitor whose renewal is due (isRenewalDue); only when `when` holds. An expired visitor is never revived. */
export const renewVisitor = (id: string, now: Date, when: SqlFragment = sql`1`): SqlFragment =>
  sql`UPDATE visitors SET last_seen_at = ${now.toISOString()}
    WHERE id = ${id} AND last_seen_at > ${expiredAtOrBefore(now)} AND last_seen_at <= ${new Date(now.getTime() - VISITOR_RENEWAL_INTERVAL_MS).toISOString()} AND ${when}`;

/** Sets the visitor's chosen shipping country (lower-case ISO code). */
export const setShippingCountry = (id: string, country: string): SqlFragment => sql`UPDATE visitors SET shipping_country = ${country} WHERE id = ${id}`;
