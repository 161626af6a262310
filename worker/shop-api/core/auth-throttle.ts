/**
 * Failed authentications counted in D1 (tables/auth-failures.ts), each key in a window of
 * `windowSeconds` from its first failure. A key over its limit is refused with 429
 * `auth_throttled`, Retry-After and `params.retryAfterSeconds` (the rest of that window),
 * before its credentials are even compared, so the right ones do not help either.
 *
 * - Service tokens (docs/decisions/0027): every 401 of an endpoint behind a service token
 *   counts against the client address, on all such endpoints together; 10 in the window
 *   lock the address out. A right token does not count and does not reset the count. The builder's
 *   and the build's tokens (BUILDER_TOKEN, GRAPHQL_TOKEN) are compared before the lock is checked:
 *   wrong tokens from the address the builder shares never stop publishing (tokens are at least
 *   32 characters, so the lock is not what stops guessing them).
 * - Staff logins (docs/decisions/0033): every attempt counts against its account (the
 *   e-mail address, whether an account has it or not, so a refusal tells nothing about
 *   accounts) and against the client address, before the password is checked, so concurrent
 *   attempts are counted exactly. A successful login takes its attempt back from the
 *   address and clears the account's count; a failed one stays counted. 5 failures lock
 *   the account, 30 the address: one address's failures never lock out the staff behind it
 *   who log in correctly until it passes 30, and credential stuffing from one address is held
 *   by the address limit, a guessed account by the account limit from every address.
 */
import { clearFailures, countFailure, deleteEndedFailures, selectLockedKey, uncountFailure, type AuthFailureRow } from "../tables/auth-failures";
import { sha256Hex } from "./auth";
import type { ApiContext } from "./context";
import { ApiFailure, fail } from "./envelope";

export const AUTH_THROTTLE = { failures: 10, windowSeconds: 15 * 60 } as const;

/** Staff logins: failures per account and per client address within the window. */
export const STAFF_LOGIN_THROTTLE = { perAccount: 5, perAddress: 30, windowSeconds: AUTH_THROTTLE.windowSeconds } as const;

export const AUTH_THROTTLED_MESSAGE = "Too many failed attempts. Try again later.";

const WINDOW_MS = AUTH_THROTTLE.windowSeconds * 1000;

/** The client address Cloudflare sets (the edge passes it on); requests without one share one count. */
function clientAddress(request: Request): string {
  return request.headers.get("cf-connecting-ip")?.trim() || "unknown";
}

/** The refusal of a key whose window (begun at `startedAt`) is not over yet. */
function throttled(startedAt: number, now: number): ApiFailure {
  const retryAfterSeconds = Math.max(1, Math.ceil((startedAt + WINDOW_MS - now) / 1000));
  return fail(429, AUTH_THROTTLED_MESSAGE, "auth_throttled", { params: { retryAfterSeconds } }, { "retry-after": String(retryAfterSeconds) });
}

/**
 * Refuses a client over the limit; otherwise runs `check` and counts the 401 it throws against the client.
 * `rightFirst`: `check` runs first and passing credentials pass even from a locked address (the builder's and
 * the build's tokens, so wrong tokens from an address they share never stop publishing); a failure from a
 * locked address is still refused with 429 and not counted again.
 */
export async function throttleAuthFailures(ctx: ApiContext, check: () => Promise<void>, options: { rightFirst?: boolean } = {}): Promise<void> {
  const client = clientAddress(ctx.request);
  const now = ctx.now.getTime();
  const windowStart = now - WINDOW_MS;
  const refuseLocked = async () => {
    const locked = await selectLockedKey(client, windowStart, AUTH_THROTTLE.failures).prepare(ctx.db).first<AuthFailureRow>();
    if (locked) throw throttled(locked.started_at, now);
  };
  if (!options.rightFirst) await refuseLocked();
  try {
    await check();
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) {
      if (options.rightFirst) await refuseLocked();
      await ctx.db.batch([deleteEndedFailures(windowStart).prepare(ctx.db), countFailure(client, now, windowStart).prepare(ctx.db)]);
    }
    throw error;
  }
}

/**
 * Runs the staff login `check` for `email` (normalised) unless its account or the client
 * address is over its limit; see the module comment. `check` throws 401 for a failed login.
 */
export async function throttleStaffLogin(ctx: ApiContext, email: string, check: () => Promise<void>): Promise<void> {
  const now = ctx.now.getTime();
  const windowStart = now - WINDOW_MS;
  const address = `login-address:${clientAddress(ctx.request)}`;
  const account = `login-account:${await sha256Hex(email)}`;
  const limits = new Map([
    [address, STAFF_LOGIN_THROTTLE.perAddress],
    [account, STAFF_LOGIN_THROTTLE.perAccount],
  ]);
  const uncount = () => ctx.db.batch([...limits.keys()].map((key) => uncountFailure(key).prepare(ctx.db)));

  const counted = await ctx.db.batch<AuthFailureRow>([
    deleteEndedFailures(windowStart).prepare(ctx.db),
    ...[...limits.keys()].map((key) => countFailure(key, now, windowStart).prepare(ctx.db)),
  ]);
  const over = counted.flatMap((result) => result.results).filter((row) => row.failures > limits.get(row.client)!);
  if (over.length > 0) {
    // A refused attempt is not checked, so it does not count.
    await uncount();
    throw throttled(Math.max(...over.map((row) => row.started_at)), now);
  }
  try {
    await check();
  } catch (error) {
    // Only a failed login counts; a request that failed otherwise (a bad body, an outage) is taken back.
    if (!(error instanceof ApiFailure && error.status === 401)) await uncount();
    throw error;
  }
  await ctx.db.batch([uncountFailure(address).prepare(ctx.db), clearFailures(account).prepare(ctx.db)]);
}
