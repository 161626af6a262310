import type { ExecutionContext } from "hono";
import type { FetchBinding, WorkerEnv } from "../env";

/** Where the edge sends /apiv1, /apiv2 and /graphql. */
export interface Upstream {
  readonly name: string;
  fetch(request: Request): Promise<Response>;
}

/** The in-process shop API: it needs the request's execution context to run work after its answer. */
export type ShopApiHandler = (request: Request, env: WorkerEnv, ctx: Pick<ExecutionContext, "waitUntil">) => Promise<Response>;

/** Base URL requests are rebuilt on; only the configured origin is ever used, never a client value. */
const IN_PROCESS_ORIGIN = "https://shop-api.internal";

export function inProcessUpstream(handler: ShopApiHandler, env: WorkerEnv, ctx: Pick<ExecutionContext, "waitUntil">): Upstream {
  return { name: "in-process", fetch: (request) => handler(request, env, ctx) };
}

export function serviceUpstream(binding: FetchBinding): Upstream {
  return { name: "service", fetch: (request) => binding.fetch(request) };
}

export function remoteUpstream(): Upstream {
  return { name: "remote", fetch: (request) => fetch(request) };
}

/**
 * The upstream chosen by configuration, and the origin requests to it are built on. `ctx` is
 * missing only when the edge runs without the Workers runtime (app.request() in tests).
 */
export function upstreamFromEnv(env: WorkerEnv, ctx: ExecutionContext | undefined, handler: ShopApiHandler): { upstream: Upstream; origin: string } {
  switch (env.SHOP_API_MODE ?? "in-process") {
    case "in-process":
      if (!ctx) throw new Error("the in-process shop API needs the request's execution context");
      return { upstream: inProcessUpstream(handler, env, ctx), origin: IN_PROCESS_ORIGIN };
    case "service":
      if (!env.SHOP_API) throw new Error("SHOP_API_MODE=service needs a SHOP_API service binding");
      return { upstream: serviceUpstream(env.SHOP_API), origin: IN_PROCESS_ORIGIN };
    case "remote": {
      if (!env.SHOP_API_ORIGIN) throw new Error("SHOP_API_MODE=remote needs SHOP_API_ORIGIN");
      return { upstream: remoteUpstream(), origin: new URL(env.SHOP_API_ORIGIN).origin };
    }
    default:
      throw new Error(`Unknown SHOP_API_MODE '${String(env.SHOP_API_MODE)}'`);
  }
}
