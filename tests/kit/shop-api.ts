import type { ShopApiEnv } from "@worker/env";
import { CLIENT_IP_HEADER } from "@worker/lib/shop-headers";
import { createShopApi } from "@shop-api/app";

export interface ShopApiCaller {
  /** Calls the real route table; work handed to waitUntil has finished when the answer returns. */
  (request: Request): Promise<Response>;
}

let clients = 0;

/** A client address of its own (TEST-NET-2 and -3 range), so calls of unrelated tests never share a per-IP limit. */
export function nextClientIp(): string {
  clients += 1;
  return `198.${18 + ((clients >> 16) & 1)}.${(clients >> 8) & 255}.${clients & 255}`;
}

/**
 * The shop API as deployed (its one route table and core), over test bindings (see
 * TestDatabase.env: D1 and the real rate limiters), with an optionally pinned clock. A
 * request that names no client address (`cf-connecting-ip`) comes from an address of its own.
 */
export function shopApiCaller(env: ShopApiEnv, options: { now?: () => Date } = {}): ShopApiCaller {
  const api = createShopApi({ now: options.now ?? (() => new Date()) });
  return async (request) => {
    const pending: Promise<unknown>[] = [];
    if (!request.headers.has(CLIENT_IP_HEADER)) {
      request = new Request(request, { headers: new Headers(request.headers) });
      request.headers.set(CLIENT_IP_HEADER, nextClientIp());
    }
    const response = await api.fetch(request, env, { waitUntil: (task) => void pending.push(task) });
    await Promise.all(pending);
    return response;
  };
}

/**
 * The shop API's entry points as the runtime calls them, for tests that drive them directly:
 * the fetch handler and its route table, the cron jobs, and the retention sweep they run.
 */
export { createShopApi, handleShopApi } from "@shop-api/app";
export { runScheduledJobs } from "@shop-api/scheduled";
export { deleteExpiredData } from "@shop-api/retention";
