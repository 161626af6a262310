/**
 * The per-IP limits exist twice: as numbers in config/shops.json (`rateLimits.perIp`,
 * where ops look for them) and as the Cloudflare rate-limiting bindings of wrangler.jsonc
 * (`ratelimits`, which enforce them). `rateLimitBindingProblems` names every place
 * where the two disagree; `npm run config:check` and wrangler's build step fail on them.
 * wrangler.jsonc is read by wrangler's own reader, so the check sees what wrangler deploys.
 */
import { z } from "zod";
import { PER_IP_BUCKETS, RATE_LIMIT_BINDINGS, type ShopConfig } from "@config/shop-config";

const rateLimitBinding = z.object({ name: z.string(), namespace_id: z.string(), simple: z.object({ limit: z.number(), period: z.number() }) });
const scope = z.object({ ratelimits: z.array(rateLimitBinding).optional() });
const wranglerShape = scope.extend({ env: z.record(scope).optional() });

export type WranglerRateLimits = z.infer<typeof wranglerShape>;

/** The `ratelimits` of a wrangler config (top level and every `env.*`), as wrangler reads them. */
export async function readWranglerRateLimits(path: string): Promise<WranglerRateLimits> {
  const { experimental_readRawConfig } = await import("wrangler");
  const parsed = wranglerShape.safeParse(experimental_readRawConfig({ config: path }).rawConfig);
  if (!parsed.success) throw new Error(`${path}: ratelimits must have name, namespace_id and simple = { limit, period }`);
  return parsed.data;
}

/** One line per disagreement, each naming the config field and the wrangler.jsonc binding. */
export function rateLimitBindingProblems(config: ShopConfig, wrangler: WranglerRateLimits): string[] {
  const scopes: [string, z.infer<typeof scope>][] = [
    ["wrangler.jsonc", wrangler],
    ...Object.entries(wrangler.env ?? {}).map(([name, env]): [string, z.infer<typeof scope>] => [`wrangler.jsonc env.${name}`, env]),
  ];
  const problems: string[] = [];
  for (const [where, { ratelimits = [] }] of scopes) {
    for (const bucket of PER_IP_BUCKETS) {
      const expected = config.rateLimits.perIp[bucket];
      const name = RATE_LIMIT_BINDINGS[bucket];
      const field = `rateLimits.perIp.${bucket}`;
      const bindings = ratelimits.filter((binding) => binding.name === name);
      if (bindings.length !== 1) {
        problems.push(`${field}: ${where} needs exactly one ratelimits binding named ${name} (found ${bindings.length})`);
        continue;
      }
      const actual = bindings[0]!.simple;
      for (const key of ["limit", "period"] as const) {
        if (actual[key] !== expected[key])
          problems.push(`${field}.${key}: ${expected[key]} in the shop config, but ${actual[key]} in ${where} ratelimits ${name}`);
      }
    }
  }
  return problems;
}
