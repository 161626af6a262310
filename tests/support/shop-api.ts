import type { ShopApiEnv } from "../../worker/env";
import { createShopApi } from "../../worker/shop-api/app";

export interface ShopApiCaller {
  /** Calls the real route table; work handed to waitUntil has finished when the answer returns. */
  (request: Request): Promise<Response>;
}

/** The shop API as deployed (its one route table and core), over test bindings, with an optionally pinned clock. */
export function shopApiCaller(env: ShopApiEnv, options: { now?: () => Date } = {}): ShopApiCaller {
  const api = createShopApi({ now: options.now ?? (() => new Date()) });
  return async (request) => {
    const pending: Promise<unknown>[] = [];
    const response = await api.fetch(request, env, { waitUntil: (task) => void pending.push(task) });
    await Promise.all(pending);
    return response;
  };
}
