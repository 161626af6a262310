/**
 * The floors of `npm run bench:api`, served by the same harness and local D1 as the shop:
 * - `GET /`: one trivial D1 query (`SELECT 1`) and nothing else. What no live call that reads
 *   or writes D1 can beat here.
 * - `POST /order-io`: the I/O a one-line order placed with an Idempotency-Key makes, and
 *   nothing else: the per-IP write limit (a new client address each time, as the bench sends
 *   it) asked beside its first D1 batch (the order reads beside its limit: core/route.ts
 *   readsBesideLimit), then its second, with as many statements as the order's, each statement a
 *   `SELECT` of a bound value. What no order can beat here, however little it computed.
 * - `POST /order-io-single`: the same write limit and statements in one batch: what an order that
 *   read and wrote in one round trip could not beat (an order priced before its request, e.g. from a
 *   snapshot of the cart the quote signed; no such order path exists).
 * - `POST /write-floor`: the write limit and one trivial query: the floor of any write, which every
 *   write of the storefront API passes (core/rate-limit.ts).
 */
import type { D1Database } from "@cloudflare/workers-types";

/**
 * The statements of the order's batches (checkout/place-order.ts): the first read (the order a
 * keyed repeat finds, the visitor, the cart's lines, its voucher), then the guarded batch (the
 * guard, six writes, the rows of its four checks, the guard's removal, the number read).
 */
const ORDER_BATCHES = [4, 13] as const;
const ORDER_IO: Record<string, readonly number[]> = {
  "/order-io": ORDER_BATCHES,
  "/order-io-single": [ORDER_BATCHES.reduce((sum, statements) => sum + statements, 0)],
  "/write-floor": [1],
};

interface FloorEnv {
  DB: D1Database;
  RATE_LIMIT_WRITE: { limit(options: { key: string }): Promise<{ success: boolean }> };
}

let orders = 0;

export default {
  async fetch(request: Request, env: FloorEnv): Promise<Response> {
    const batches = request.method === "POST" ? ORDER_IO[new URL(request.url).pathname] : undefined;
    if (batches) {
      const limit = env.RATE_LIMIT_WRITE.limit({ key: `order-io-${orders++}` });
      const batch = (statements: number) => env.DB.batch(Array.from({ length: statements }, (_, i) => env.DB.prepare("SELECT ?1 AS one").bind(i)));
      const [first = 0, ...rest] = batches;
      // The order's first batch reads while its limit is asked; a single batch writes, so it waits for the limit.
      if (rest.length > 0) await Promise.all([limit, batch(first)]);
      else await limit.then(() => batch(first));
      for (const statements of rest) await batch(statements);
      return Response.json({ status: 200, data: batches.length, errors: [], meta: {} });
    }
    const [result] = await env.DB.batch([env.DB.prepare("SELECT 1 AS one")]);
    return Response.json({ status: 200, data: result?.results[0] ?? null, errors: [], meta: {} });
  },
};
