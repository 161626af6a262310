import { convertV4MiniflareOptions, Miniflare, type V4WorkerOptionsShape } from "miniflare";
import { bindingsOverFetch, bindingsWorker, type FetchTarget } from "@scripts/lib/bindings-over-fetch";
import { PER_IP_BUCKETS, RATE_LIMIT_BINDINGS, type PerIpBucket, type RateLimits } from "@config/shop-config";
import { shopDirectory } from "@config/shops";
import type { WorkerEnv } from "@worker/env";
import type { RateLimit } from "@cloudflare/workers-types";

export type RateLimitBindings = Required<Pick<WorkerEnv, (typeof RATE_LIMIT_BINDINGS)[PerIpBucket]>>;

export interface TestRateLimiters {
  bindings: RateLimitBindings;
  dispose(): Promise<void>;
}

/**
 * Cloudflare's rate-limiting bindings as workerd runs them locally (Miniflare's
 * `ratelimits`, what `wrangler dev` makes of wrangler.jsonc's ratelimits), one per
 * per-IP bucket, with the shop config's limits unless a test gives smaller ones; reached
 * over fetch (scripts/lib/bindings-over-fetch.ts), never through Miniflare's synchronous proxy.
 */
export async function createTestRateLimiters(limits: Partial<RateLimits["perIp"]> = {}): Promise<TestRateLimiters> {
  const mf = new Miniflare(convertV4MiniflareOptions({ workers: [bindingsWorker({ ratelimits: rateLimitOptions(limits) })] }));
  try {
    await mf.ready;
    return { bindings: rateLimitBindings(mf), dispose: () => mf.dispose() };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

/** Miniflare's `ratelimits` option: one binding per per-IP bucket, the config's limits unless given smaller ones. */
export function rateLimitOptions(limits: Partial<RateLimits["perIp"]> = {}): NonNullable<V4WorkerOptionsShape["ratelimits"]> {
  const perIp = { ...shopDirectory.config.rateLimits.perIp, ...limits };
  // Each binding its own namespace (Miniflare keeps a limiter's counts per namespace), named after the binding.
  return Object.fromEntries(
    PER_IP_BUCKETS.map((bucket) => [RATE_LIMIT_BINDINGS[bucket], { namespace_id: RATE_LIMIT_BINDINGS[bucket], simple: perIp[bucket] }]),
  );
}

/**
 * The per-IP limiter bindings of a Miniflare whose bindings worker (bindings-over-fetch) has the
 * `rateLimitOptions`; with `keyPrefix`, every key carries it, so these counts are apart from
 * those of every other prefix (a fresh limiter without a new runtime).
 */
export function rateLimitBindings(mf: FetchTarget, keyPrefix = ""): RateLimitBindings {
  const client = bindingsOverFetch(mf);
  const binding = (bucket: PerIpBucket): RateLimit => {
    const limiter = client.rateLimit(RATE_LIMIT_BINDINGS[bucket]);
    return keyPrefix ? { limit: (options) => limiter.limit({ ...options, key: `${keyPrefix}${options.key}` }) } : limiter;
  };
  return {
    RATE_LIMIT_WRITE: binding("write"),
    RATE_LIMIT_SEARCH: binding("search"),
    RATE_LIMIT_GRAPHQL: binding("graphql"),
    RATE_LIMIT_STAFF: binding("staff"),
  };
}

/**
 * The local limiter counts in fixed windows of the period (as Cloudflare's does); a test that
 * starts a burst just before a window ends would see its counts reset. Waits for the next window
 * when less than `needMs` (the burst's time, with room for a loaded machine) is left of this one.
 */
export async function awayFromWindowEnd(periodSeconds: number, needMs = 5000): Promise<void> {
  const left = periodSeconds * 1000 - (Date.now() % (periodSeconds * 1000));
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
