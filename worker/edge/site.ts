import { schemeFor, type Environment, type ShopDefinition, type ShopDirectory } from "@config/shop-config";

/** What the request host decided: a shop (with its environment), the back office, or the no-shop-found shop. */
export type Site =
  | { kind: "shop"; shop: ShopDefinition; environment: Environment; preferredHost: string; preferredOrigin: string }
  | { kind: "back-office"; environment: Environment; preferredOrigin: string }
  | { kind: "no-shop"; environment: Environment };

/**
 * Exact host match against the config; nothing but the request's own host is
 * consulted (X-Forwarded-Host and friends never change the decision).
 */
export function siteForHost(directory: ShopDirectory, host: string, fallbackEnvironment: Environment): Site {
  const backOffice = directory.backOffice(host);
  if (backOffice) {
    return {
      kind: "back-office",
      environment: backOffice.environment,
      preferredOrigin: `${schemeFor(directory.config, backOffice.environment)}://${backOffice.preferredHost}`,
    };
  }
  const resolved = directory.resolve(host);
  if (!resolved) return { kind: "no-shop", environment: fallbackEnvironment };
  return {
    kind: "shop",
    shop: resolved.shop,
    environment: resolved.environment,
    preferredHost: resolved.preferredHost,
    preferredOrigin: `${schemeFor(directory.config, resolved.environment)}://${resolved.preferredHost}`,
  };
}
