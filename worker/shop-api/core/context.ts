/**
 * What a handler of the shop API gets: the request, the bindings, the clock's reading
 * for this request, a way to run work after the answer (`waitUntil`), and `meta`, which
 * the route table sends with every answer of the request, refusals included (the
 * visitor token a write created goes out as `meta.token` this way and no other).
 * Shop routes also get the shop and language resolved once from the edge's headers.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "../../env";
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
}

export interface ShopContext extends ApiContext {
  shop: Shop;
  language: string;
}
