/**
 * Exact per-key limits counted in D1 (docs/decisions/0024), for rules where the per-IP
 * binding's approximate, per-location counts are not enough: at most `limit` requests per
 * key (an e-mail address for a login, an order number for an order lookup) in each fixed
 * window of `windowSeconds`, as `rateLimits.exact` of the shop config says. Each request
 * raises its window's counter by one atomic upsert and learns the new count from the same
 * statement, so concurrent requests are counted exactly. Keys are stored as SHA-256 only.
 *
 * `countRequest` gives the statement for the caller's own batch (one D1 round trip with
 * the caller's reads; statements after it in the batch run whatever the count) and
 * `enforce` reads its result; `requireWithinLimit` does both on its own.
 */
import type { D1PreparedStatement, D1Result } from "@cloudflare/workers-types";
import type { ExactLimitName } from "@config/shop-config";
import { shopDirectory } from "@config/shops";
import { decrementCounter, incrementCounter, type CounterRow } from "../tables/rate-limit-counters";
import { sha256Hex } from "./auth";
import type { ApiContext } from "./context";
import { rateLimited } from "./rate-limit";

export interface CountedRequest {
  /** The counting statement (returns the window's new count). */
  readonly statement: D1PreparedStatement;
  /** Throws the 429 refusal when the statement's count is over the rule's limit. */
  enforce(result: Pick<D1Result, "results">): void;
  /**
   * Takes this request back out of its window's count, for rules that count only failures
   * (an order lookup): count every attempt first, so concurrent attempts are limited exactly,
   * and refund the ones that succeeded.
   */
  readonly refund: D1PreparedStatement;
}

/** The statement that counts this request under `rule` for `key` (normalise the key first, e.g. lower-case e-mail). */
export async function countRequest(ctx: Pick<ApiContext, "db" | "now">, rule: ExactLimitName, key: string): Promise<CountedRequest> {
  const { limit, windowSeconds } = shopDirectory.config.rateLimits.exact[rule];
  const now = Math.floor(ctx.now.getTime() / 1000);
  const windowStart = now - (now % windowSeconds);
  const expiresAt = windowStart + windowSeconds;
  const keyHash = await sha256Hex(`${rule}\n${key}`);
  const statement = incrementCounter(rule, keyHash, windowStart, expiresAt).prepare(ctx.db);
  return {
    statement,
    refund: decrementCounter(rule, keyHash, windowStart).prepare(ctx.db),
    enforce(result) {
      const row = result.results[0] as CounterRow | undefined;
      if (!row) throw new Error(`rate limit ${rule}: the counter returned no count`);
      if (row.count > limit) throw rateLimited(expiresAt - now);
    },
  };
}

/** Counts this request and throws 429 when `key` is over the rule's limit in the current window. */
export async function requireWithinLimit(ctx: Pick<ApiContext, "db" | "now">, rule: ExactLimitName, key: string): Promise<void> {
  const counted = await countRequest(ctx, rule, key);
  counted.enforce(await counted.statement.all());
}
