/**
 * The password hash of `npm run bench:api` alone: a worker whose `/hash` derives one PBKDF2-SHA-256
 * of a login (core/passwords.ts, 100,000 iterations, the dummy hash of an unknown address) and
 * whose `/` answers at once, served by the same harness. The difference of the two is the time a
 * login spends hashing; workerd's clock does not advance during computation, so it is measured
 * from outside, one request at a time.
 */
import { DUMMY_HASH, verifyPassword } from "@shop-api/core/passwords";

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== "/hash") return Response.json({ status: 200, data: null, errors: [], meta: {} });
    const matches = await verifyPassword("Bench-Login-2026", DUMMY_HASH);
    return Response.json({ status: 200, data: { matches }, errors: [], meta: {} });
  },
};
