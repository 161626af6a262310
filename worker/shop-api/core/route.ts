/**
 * How the route table turns a handler into an itty-router route: one context per
 * request, the shop resolved once (404 when a shop route names no configured shop),
 * handlers return `reply(...)` (the envelope is built here, with the request's meta)
 * or a finished Response (GraphQL, file downloads), and every thrown failure becomes
 * its envelope here. Before its handler, every request passes its per-IP rate limit
 * (core/rate-limit.ts: every write, search and GraphQL, by method and path; a route that
 * `readsBesideLimit` reads while it is asked and writes after it); then a
 * storefront write (and a staff write registered as idempotent) with an Idempotency-Key runs
 * once per caller and key (core/idempotency.ts).
 */
import type { ExecutionContext } from "@cloudflare/workers-types";
import type { IRequest } from "itty-router";
import type { ShopApiEnv } from "@worker/env";
import type { ApiContext, ShopContext } from "./context";
import { failureResponse, notFound, respond, type Meta } from "./envelope";
import { withIdempotency } from "./idempotency";
import { limitPerIp } from "./rate-limit";
import { resolveShop } from "./shop";
import { shopDatabase } from "./shop-database";

export type Params = Readonly<Record<string, string>>;

/**
 * A successful answer in the envelope; `T` is the endpoint's answer type of the wire contract
 * (domain/api/), with no default: every handler names it (`Promise<Reply<OrderAnswer>>`), so a
 * handler whose data leaves the contract fails its type check, as every caller reading that type
 * does when the contract changes.
 */
export interface Reply<T> {
  readonly data: T;
  readonly status: number;
  readonly meta: Meta;
  readonly headers: Record<string, string>;
}

export function reply<T>(data: T, options: { status?: number; meta?: Meta; headers?: Record<string, string> } = {}): Reply<T> {
  return { data, status: options.status ?? 200, meta: options.meta ?? {}, headers: options.headers ?? {} };
}

/** A route's handler: the context, the path's parameters -> its answer of type `T` in the envelope, or a finished Response (the route table takes any `T`). */
export type Handler<C extends ApiContext, T = unknown> = (ctx: C, params: Params) => Promise<Reply<T> | Response> | Reply<T> | Response;

/** The clock of a shop API instance; tests pin it. */
export interface RouteDeps {
  now(): Date;
}

export type RouteArgs = [ShopApiEnv, Pick<ExecutionContext, "waitUntil">];
export type Route = (request: IRequest, env: ShopApiEnv, execution: Pick<ExecutionContext, "waitUntil">) => Promise<Response>;

function baseContext(request: IRequest, env: ShopApiEnv, execution: Pick<ExecutionContext, "waitUntil">, deps: RouteDeps): ApiContext {
  return {
    request: request as Request,
    url: new URL(request.url),
    env,
    db: env.DB,
    now: deps.now(),
    waitUntil: (task) => execution.waitUntil(task),
    meta: {},
    headers: {},
  };
}

/** The handler's answer as a Response, its refusals and failures included. */
async function answer<C extends ApiContext>(ctx: C, handler: Handler<C>, params: Params): Promise<Response> {
  let response: Response;
  try {
    const result = await handler(ctx, params);
    response = result instanceof Response ? result : respond(result.status, result.data, [], { ...ctx.meta, ...result.meta }, result.headers);
  } catch (error) {
    response = failureResponse(error, ctx.meta);
  }
  // Headers the request's handlers set for the edge (the visitor token), on every answer.
  for (const [name, value] of Object.entries(ctx.headers)) response.headers.set(name, value);
  return response;
}

interface RunOptions {
  idempotent?: boolean;
  handlerKeepsKey?: boolean;
  readsBesideLimit?: boolean;
}

async function run<C extends ApiContext>(ctx: C, handler: Handler<C>, params: Params, options: RunOptions = {}): Promise<Response> {
  const execute = (current: C): Promise<Response> =>
    options.idempotent
      ? withIdempotency(current, (keyed) => answer(keyed, handler, params), { handlerKeepsKey: options.handlerKeepsKey })
      : answer(current, handler, params);
  const limit = limitPerIp(ctx);
  if (!options.readsBesideLimit) {
    try {
      await limit;
    } catch (error) {
      return failureResponse(error, ctx.meta);
    }
    return execute(ctx);
  }
  // The handler reads while the limit is asked; its writes wait for the verdict (ctx.limitPassed), and a refusal answers.
  const [verdict, response] = await Promise.allSettled([limit, execute({ ...ctx, limitPassed: limit })]);
  if (verdict.status === "rejected") return failureResponse(verdict.reason, ctx.meta);
  if (response.status === "rejected") throw response.reason;
  return response.value;
}

const paramsOf = (request: IRequest): Params => {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.params ?? {})) if (typeof value === "string") params[key] = value;
  return params;
};

/** A route that needs no shop (GraphQL, the admin endpoints); `idempotent`: its writes honour Idempotency-Key (the back office's order changes). */
export function route(deps: RouteDeps, handler: Handler<ApiContext>, options: { idempotent?: boolean } = {}): Route {
  return (request, env, execution) => run(baseContext(request, env, execution, deps), handler, paramsOf(request), options);
}

/**
 * A route of the storefront API: answers 404 unless the request names a configured shop.
 * `handlerKeepsKey`: the handler's own write is a keyed write's record (ctx.keyedRequest: placing an order), so no
 * key row is claimed or kept for it (core/idempotency.ts). `readsBesideLimit`: the handler's reads run while the per-IP
 * limit is asked (one round trip less); every write it makes awaits `ctx.limitPassed` first (core/guarded-batch.ts does),
 * and an over-limit request is answered 429 whatever the handler answered. Only for a handler whose work before its
 * first write is D1 reads and its own computation (no call to another service).
 */
export function shopRoute(deps: RouteDeps, handler: Handler<ShopContext>, { handlerKeepsKey = false, readsBesideLimit = false } = {}): Route {
  return async (request, env, execution) => {
    const base = baseContext(request, env, execution, deps);
    const resolved = resolveShop(base.request);
    if (!resolved) return failureResponse(notFound());
    // The shop's live data lives in its database (core/shop-database.ts); DB unless SHOP_DATABASES names another.
    return run({ ...base, ...resolved, db: shopDatabase(env, resolved.shop.id) }, handler, paramsOf(request), {
      idempotent: true,
      handlerKeepsKey,
      readsBesideLimit,
    });
  };
}
