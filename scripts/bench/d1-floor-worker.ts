/**
 * The floors of `npm run bench:api`, served by the same harness and local D1 as the shop:
 * - `GET /`: one trivial D1 query (`SELECT 1`) and nothing else. What no live call that reads
 *   or writes D1 can beat here.
 * - `POST /order-io`: the I/O a one-line order placed with an Idempotency-Key makes, and
 *   nothing else: the per-IP write limit (a new client address each time, as the bench sends
 *   it), then its two D1 batches with as many statements as the order's, each statement a
 *   `SELECT` of a bound value. What no order can beat here, however little it computed.
 */
import type { D1Database } from "@cloudflare/workers-types";

/**
 * The statements of the order's batches (checkout/place-order.ts): the first read (the key's
 * claim, the order a repeat finds, the visitor, the cart's lines, its voucher), then the
 * guarded batch (three checks, the guard, seven writes, the guard's removal, the number read).
 */
const ORDER_BATCHES = [5, 13] as const;

interface FloorEnv {
  DB: D1Database;
  RATE_LIMIT_WRITE: { limit(options: { key: string }): Promise<{ success: boolean }> };
}

let orders = 0;

export default {
  async fetch(request: Request, env: FloorEnv): Promise<Response> {
    if (request.method === "POST" && new URL(request.url).pathname === "/order-io") {
      await env.RATE_LIMIT_WRITE.limit({ key: `order-io-${orders++}` });
      for (const statements of ORDER_BATCHES) await env.DB.batch(Array.from({ length: statements }, (_, i) => env.DB.prepare("SELECT ?1 AS one").bind(i)));
      return Response.json({ status: 200, data: ORDER_BATCHES.length, errors: [], meta: {} });
    }
    const [result] = await env.DB.batch([env.DB.prepare("SELECT 1 AS one")]);
    return Response.json({ status: 200, data: result?.results[0] ?? null, errors: [], meta: {} });
  },
};
