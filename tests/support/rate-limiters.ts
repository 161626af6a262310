import { Miniflare } from "miniflare";
import type { RateLimit } from "@cloudflare/workers-types";
import { PER_IP_BUCKETS, RATE_LIMIT_BINDINGS, type PerIpBucket, type RateLimits } from "../../worker/config/shop-config";
import { shopDirectory } from "../../worker/config/shops";
import type { WorkerEnv } from "../../worker/env";

export type RateLimitBindings = Required<Pick<WorkerEnv, (typeof RATE_LIMIT_BINDINGS)[PerIpBucket]>>;

export interface TestRateLimiters {
  bindings: RateLimitBindings;
  dispose(): Promise<void>;
}

/**
 * Cloudflare's rate-limiting bindings as workerd runs them locally (Miniflare's
 * `ratelimits`, what `wrangler dev` makes of wrangler.toml's [[ratelimits]]), one per
 * per-IP bucket, with the shop config's limits unless a test gives smaller ones.
 */
export async function createTestRateLimiters(limits: Partial<RateLimits["perIp"]> = {}): Promise<TestRateLimiters> {
  const perIp = { ...shopDirectory.config.rateLimits.perIp, ...limits };
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
    ratelimits: Object.fromEntries(PER_IP_BUCKETS.map((bucket) => [RATE_LIMIT_BINDINGS[bucket], { simple: perIp[bucket] }])),
  });
  try {
    const all = await mf.getBindings<Record<string, RateLimit>>();
    const binding = (bucket: PerIpBucket): RateLimit => {
      const found = all[RATE_LIMIT_BINDINGS[bucket]];
      if (!found) throw new Error(`Miniflare made no ${RATE_LIMIT_BINDINGS[bucket]} binding`);
      return found;
    };
    return {
      bindings: { RATE_LIMIT_WRITE: binding("write"), RATE_LIMIT_SEARCH: binding("search"), RATE_LIMIT_GRAPHQL: binding("graphql") },
      dispose: () => mf.dispose(),
    };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}
