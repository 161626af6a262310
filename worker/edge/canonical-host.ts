/**
 * One host per shop (docs/decisions/0063): the first host a shop lists for an environment in
 * config/shops.json is its canonical host (`www.bodenhaus.example` for DE in production);
 * a request for any other host of the shop is answered 301 to the same path and query on the
 * canonical host, before anything else of the edge runs, so every page, cookie and API call
 * of a shop lives on one origin. Hosts that are no shop's (the no-shop-found page) and the back
 * office are left alone; local hosts (`de.localhost:8787`) are their environment's only one.
 */
import type { MiddlewareHandler } from "hono";
import type { Environment, ShopDirectory } from "@config/shop-config";
import type { EdgeEnv } from "./context";
import { locationOn, pathSegments, redirectResponse } from "./redirect";
import { siteForHost } from "./site";

export function canonicalHost(directory: ShopDirectory): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const site = siteForHost(directory, url.host, (c.env?.ENVIRONMENT_NAME ?? "production") as Environment);
    if (site.kind === "shop" && url.host !== site.preferredHost) {
      return redirectResponse(locationOn(site.preferredOrigin, pathSegments(url.pathname), url.pathname.endsWith("/"), url.search), 301);
    }
    await next();
  };
}
