/**
 * The floor of `npm run bench:api`: a worker that answers every request with the result
 * of one trivial D1 query (`SELECT 1`) and nothing else, served by the same `wrangler dev`
 * harness and local D1 as the shop. What no live call that reads or writes D1 can beat here.
 */
import type { D1Database } from "@cloudflare/workers-types";

export default {
  async fetch(_request: Request, env: { DB: D1Database }): Promise<Response> {
    const [result] = await env.DB.batch([env.DB.prepare("SELECT 1 AS one")]);
    return Response.json({ status: 200, data: result?.results[0] ?? null, errors: [], meta: {} });
  },
};
