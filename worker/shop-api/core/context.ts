/**
 * What a handler of the shop API gets: the request, the bindings, the clock's reading
 * for this request, a way to run work after the answer (`waitUntil`), and `meta` and
 * `headers`, which the route table sends with every answer of the request, refusals
 * included (a visitor token created or renewed goes out as the x-visitor-token header
 * this way and no other, docs/decisions/0029). Shop routes also get the shop and
 * language resolved once from the edge's headers.
 */
import type { D1Database } from "@cloudflare/workers-types";
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
  /**
   * A keyed write of a route whose handler keeps its Idempotency-Key itself (`handlerKeepsKey`, core/idempotency.ts): the
   * caller's scope, the key and the request's fingerprint; otherwise absent.
   */
  keyedRequest?: KeyedRequest;
  /**
   * The request's per-IP limit (core/rate-limit.ts) of a route that reads beside it (`readsBesideLimit`, core/route.ts):
   * every write of its handler waits for it and is refused with it. Absent: the limit passed before the handler ran.
   */
  limitPassed?: Promise<void>;
}

/** A keyed write as core/idempotency.ts read it: the caller (SHA-256 of its token or address), the key, and SHA-256 of method, path and body. */
export interface KeyedRequest {
  scope: string;
  key: string;
  fingerprint: string;
}

export interface ShopContext extends ApiContext {
  shop: Shop;
  language: string;
}
