/**
 * What a handler of the shop API gets: the request, the bindings, the clock's reading
 * for this request, a way to run work after the answer (`waitUntil`), and `meta` and
 * `headers`, which the route table sends with every answer of the request, refusals
 * included (a visitor token created or renewed goes out as the x-visitor-token header
 * this way and no other, docs/decisions/0029). Shop routes also get the shop and
 * language resolved once from the edge's headers.
 */
import type { D1Database, D1Result } from "@cloudflare/workers-types";
import type { SqlFragment } from "@worker/lib/sql";
import type { ShopApiEnv } from "@worker/env";
import type { Meta } from "./envelope";
import type { Shop } from "./shop";

export interface ApiContext {
  request: Request;
  url: URL;
  env: ShopApiEnv;
  db: D1Database;
  now: Date;
  waitUntil(task: Promise<unknown>): void;
  meta: Meta;
  headers: Record<string, string>;
  /** A keyed write of a route that takes its Idempotency-Key in its first read (core/idempotency.ts); otherwise absent. */
  deferredClaim?: DeferredClaim;
}

/**
 * The claim of a route that takes its key in its first read's batch (`claimInFirstRead`), saving
 * the claim's own round trip: the handler's first batch runs the statement `take()` gives first, before
 * any write of the handler, and hands its result to `taken`, which throws when another run holds the key.
 */
export interface DeferredClaim {
  /** The claim's statement, once; null when it was taken already. */
  take(): SqlFragment | null;
  /** The claim statement's result; throws (409, replaced by the other run's answer) when the key is another run's. */
  taken(result: D1Result): void;
  /**
   * For the batch that writes what the answer is built from (an order): the statement that settles the key with it
   * (only when `holds`), keeping no answer; a repeat of the same request runs again and answers from what was written.
   */
  settle(holds: SqlFragment): SqlFragment;
  /** The batch that carried `settle()`'s statement wrote: the answer is not kept after it leaves. */
  settled(): void;
}

export interface ShopContext extends ApiContext {
  shop: Shop;
  language: string;
}
