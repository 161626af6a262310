/**
 * The visitor behind the request's bearer token (the edge keeps it in the environment's
 * token cookie). An opaque random token (32 bytes, base64url) identifies one; only its
 * SHA-256 is stored. Reads without a valid token see an empty state and get no token;
 * the first write creates a visitor and its token goes out with the request's answer in
 * the x-visitor-token header (ctx.headers), which the edge turns into the cookie and
 * never passes on (docs/decisions/0029): no page script can read it from a JSON body.
 *
 * A visitor unused for the token's lifetime (30 days) is not found any more, whatever token a
 * client replays. A request of a visitor whose last renewal is a day old renews it: the
 * row's `last_seen_at` after the answer (waitUntil) or inside the write's own batch
 * (core/guarded-batch.ts), and its token goes out again, so the edge gives the cookie a
 * fresh Max-Age; at most once a day, so neither a write per read nor a Set-Cookie per answer.
 *
 * `visitorRoute(handler, { lazy: true })` leaves the read to the handler, so it can batch the
 * visitor's row with its own statements (one D1 round trip): `visitorStatement` +
 * `takeVisitorResult`.
 *
 * A request with a live customer session (core/customer-session.ts) reads the session's
 * customer in the visitor's statement: `visitor.hasAccount` is then true and
 * `visitor.customerId` names the customer (the checkout's storage rule and its orders' link).
 */
import type { D1PreparedStatement, D1Result } from "@cloudflare/workers-types";
import { VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { cartLines, type CartLineRow } from "../tables/carts";
import { insertVisitor, isRenewalDue, newVisitor, renewVisitor, selectVisitor, visitorOf, type Visitor, type VisitorRow } from "../tables/visitors";
import { randomToken, sha256Hex, visitorToken } from "./auth";
import type { ShopContext } from "./context";
import { CUSTOMER_IDLE_TIMEOUT_MS, customerSessionId } from "./customer-session";
import type { Handler } from "./route";

export type { Visitor } from "../tables/visitors";

export interface VisitorState {
  /** SHA-256 of a well-formed bearer token (the visitor's id if it exists), else null. */
  tokenHash: string | null;
  visitor: Visitor | null;
  /** False until the row was looked up. */
  loaded: boolean;
  /** SHA-256 of a well-formed customer session token (x-customer-session), else null. */
  sessionId?: string | null;
}

export interface VisitorContext extends ShopContext {
  visitorState: VisitorState;
}

/** Adds the visitor state to a shop context; reads the row now unless `lazy`. */
export async function withVisitor(ctx: ShopContext, { lazy = false } = {}): Promise<VisitorContext> {
  const token = visitorToken(ctx.request);
  const visitorCtx: VisitorContext = {
    ...ctx,
    visitorState: { tokenHash: token ? await sha256Hex(token) : null, visitor: null, loaded: false, sessionId: await customerSessionId(ctx.request) },
  };
  if (!lazy) await loadVisitor(visitorCtx);
  return visitorCtx;
}

/** A route handler that needs the visitor: its row is read before the handler runs, unless `lazy`. */
export function visitorRoute(handler: Handler<VisitorContext>, options: { lazy?: boolean } = {}): Handler<ShopContext> {
  return async (ctx, params) => handler(await withVisitor(ctx, options), params);
}

/** The statement reading the visitor row unless it expired (for a batch); null without a token. */
export function visitorStatement(ctx: VisitorContext): D1PreparedStatement | null {
  const { tokenHash, sessionId } = ctx.visitorState;
  const session = sessionId ? { id: sessionId, shopId: ctx.shop.id, idleMs: CUSTOMER_IDLE_TIMEOUT_MS } : null;
  return tokenHash ? selectVisitor(tokenHash, ctx.now, session).prepare(ctx.db) : null;
}

/** Takes the visitor from a batch result of visitorStatement, and renews it when that is due. */
export function takeVisitorResult(ctx: VisitorContext, result: Pick<D1Result, "results"> | undefined): Visitor | null {
  const row = result?.results[0] as VisitorRow | undefined;
  const visitor = row ? visitorOf(row) : null;
  ctx.visitorState.visitor = visitor;
  ctx.visitorState.loaded = true;
  if (visitor && isRenewalDue(visitor, ctx.now)) {
    // After the request passed its per-IP limit (a route that reads beside it: core/route.ts); an over-limit one renews nothing.
    const renewal = renewVisitor(visitor.id, ctx.now).prepare(ctx.db);
    ctx.waitUntil(
      Promise.resolve(ctx.limitPassed).then(
        () => renewal.run(),
        () => undefined,
      ),
    );
    visitor.lastSeenAt = ctx.now.toISOString();
    handOutRequestToken(ctx);
  }
  return visitor;
}

/** The visitor (loaded, renewed when due) and its cart lines in the shop, in one round trip; no token or an expired visitor: none. */
export async function readVisitorCart(ctx: VisitorContext): Promise<CartLineRow[]> {
  const { tokenHash } = ctx.visitorState;
  const visitorRead = visitorStatement(ctx);
  if (!tokenHash || !visitorRead) {
    ctx.visitorState.loaded = true;
    return [];
  }
  const [visitorResult, linesResult] = await ctx.db.batch([visitorRead, cartLines(tokenHash, ctx.shop.id, ctx.language).prepare(ctx.db)]);
  return takeVisitorResult(ctx, visitorResult) ? (linesResult!.results as CartLineRow[]) : [];
}

/** The request's own token goes out again (a renewal): the edge sets the cookie anew with a fresh Max-Age. */
export function handOutRequestToken(ctx: VisitorContext): void {
  const token = visitorToken(ctx.request);
  if (token) ctx.headers[VISITOR_TOKEN_HEADER] = token;
}

export async function loadVisitor(ctx: VisitorContext): Promise<Visitor | null> {
  if (ctx.visitorState.loaded) return ctx.visitorState.visitor;
  const statement = visitorStatement(ctx);
  return takeVisitorResult(ctx, statement ? await statement.all() : undefined);
}

/** The visitor of a write: the token's, or a new one whose token goes out to the edge. */
export async function ensureVisitor(ctx: VisitorContext): Promise<Visitor> {
  const existing = await loadVisitor(ctx);
  if (existing) return existing;
  const created = await newVisitorToken();
  await insertVisitor(created.id, ctx.shop.id, ctx.now).prepare(ctx.db).run();
  return adoptNewVisitor(ctx, created);
}

/** A new visitor's token and id (the token's SHA-256), before its row is written. */
export async function newVisitorToken(): Promise<{ token: string; id: string }> {
  const token = randomToken();
  return { token, id: await sha256Hex(token) };
}

/** Makes the visitor just written for `created` the request's visitor; its token goes out to the edge. */
export function adoptNewVisitor(ctx: VisitorContext, created: { token: string; id: string }): Visitor {
  const visitor = newVisitor(created.id, ctx.now);
  ctx.headers[VISITOR_TOKEN_HEADER] = created.token;
  ctx.visitorState = { ...ctx.visitorState, tokenHash: created.id, visitor, loaded: true };
  return visitor;
}
