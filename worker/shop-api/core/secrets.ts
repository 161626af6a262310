/**
 * Secrets the shop config names (an address lookup's key, a payment provider's API key and
 * signing secret): config/shops.json holds only the name of the worker's environment
 * variable (a `wrangler secret`, or .dev.vars locally), never the value.
 */
import type { ShopApiEnv } from "@worker/env";

/** The value of the secret named `name`, or null when it is not set (or blank). */
export function secretValue(env: ShopApiEnv, name: string): string | null {
  const value = (env as unknown as Record<string, unknown>)[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}
