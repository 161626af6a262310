/**
 * Wrong service tokens counted per client address in D1 (migrations/0012_auth_throttle.sql,
 * docs/decisions/0027). Every 401 of an endpoint behind a service token counts, on all
 * such endpoints together; a client with `failures` wrong tokens within `windowSeconds`
 * of its first one is refused with 429 and Retry-After (the rest of that window) before
 * its token is even compared, so the right token does not help either. A right token
 * does not count and does not reset the count.
 */
import { sql } from "../../lib/sql";
import type { ApiContext } from "./context";
import { ApiFailure, fail, MESSAGES } from "./envelope";

export const AUTH_THROTTLE = { failures: 10, windowSeconds: 15 * 60 } as const;

const WINDOW_MS = AUTH_THROTTLE.windowSeconds * 1000;

/** The client address Cloudflare sets (the edge passes it on); requests without one share one count. */
function clientAddress(request: Request): string {
  return request.headers.get("cf-connecting-ip")?.trim() || "unknown";
}

/** Refuses a client over the limit; otherwise runs `check` and counts the 401 it throws against the client. */
export async function throttleAuthFailures(ctx: ApiContext, check: () => Promise<void>): Promise<void> {
  const client = clientAddress(ctx.request);
  const now = ctx.now.getTime();
  const windowStart = now - WINDOW_MS;
  const locked = await sql`SELECT started_at FROM auth_failures
      WHERE client = ${client} AND started_at > ${windowStart} AND failures >= ${AUTH_THROTTLE.failures}`
    .prepare(ctx.db)
    .first<{ started_at: number }>();
  if (locked) {
    const retryAfter = Math.max(1, Math.ceil((locked.started_at + WINDOW_MS - now) / 1000));
    throw fail(429, MESSAGES.general, "auth_throttled", {}, { "retry-after": String(retryAfter) });
  }
  try {
    await check();
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) {
      await ctx.db.batch([
        sql`DELETE FROM auth_failures WHERE started_at <= ${windowStart}`.prepare(ctx.db),
        sql`INSERT INTO auth_failures (client, started_at, failures) VALUES (${client}, ${now}, 1)
            ON CONFLICT (client) DO UPDATE SET failures = failures + 1`.prepare(ctx.db),
      ]);
    }
    throw error;
  }
}
