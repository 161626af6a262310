/**
 * The write floor of `npm run bench:load`: a worker that answers every request after one
 * INSERT of one small row into a table of its own in the same local D1, in the same workerd
 * setup as the shop. What no request that writes to D1 can beat here, and, under concurrent
 * load, how many writes per second the one database takes at all.
 */
import type { D1Database } from "@cloudflare/workers-types";

let created: Promise<unknown> | null = null;

export default {
  async fetch(_request: Request, env: { DB: D1Database }): Promise<Response> {
    created ??= env.DB.prepare("CREATE TABLE IF NOT EXISTS bench_write_floor (id INTEGER PRIMARY KEY, at TEXT NOT NULL)").run();
    await created;
    const result = await env.DB.prepare("INSERT INTO bench_write_floor (at) VALUES (?)").bind(new Date().toISOString()).run();
    return Response.json({ status: 200, data: result.meta.changes, errors: [], meta: {} });
  },
};
