import { Hono } from "hono";
import type { Environment, ShopDirectory } from "../config/shop-config";
import type { WorkerEnv } from "../env";
import { isApiPath, proxyApiRequest } from "./api-proxy";
import { noShopPage } from "./no-shop-page";
import { siteForHost, type Site } from "./site";
import { assetPath, fetchAsset, NOT_FOUND_TEXT, wantsTrailingSlash } from "./static-pages";
import type { Upstream } from "./upstream";

export interface EdgeDependencies {
  directory: ShopDirectory;
  /** The shop API for this request (in-process, service binding or remote). */
  upstream(env: WorkerEnv, executionCtx: ExecutionContext): { upstream: Upstream; origin: string };
  upstreamTimeoutMs?: number;
}

type EdgeEnv = { Bindings: WorkerEnv; Variables: { site: Site } };

const HTML_CACHE = "public, max-age=300, stale-while-revalidate=86400";

export function createEdgeApp(deps: EdgeDependencies) {
  const app = new Hono<EdgeEnv>();

  app.use("*", async (c, next) => {
    const host = new URL(c.req.url).host;
    c.set("site", siteForHost(deps.directory, host, (c.env?.ENVIRONMENT_NAME ?? "production") as Environment));
    await next();
  });

  app.all("*", async (c, next) => {
    const { pathname } = new URL(c.req.url);
    if (!isApiPath(pathname)) return next();
    const { upstream, origin } = deps.upstream(c.env, c.executionCtx as ExecutionContext);
    return proxyApiRequest(c.req.raw, c.get("site"), { upstream, origin, timeoutMs: deps.upstreamTimeoutMs ?? 10_000 });
  });

  app.on(["GET", "HEAD"], "*", async (c) => {
    const site = c.get("site");
    const { pathname, search } = new URL(c.req.url);
    if (site.kind === "no-shop") {
      if (pathname !== "/") return notFound(c.env, null);
      return c.html(noShopPage(deps.directory, c.env?.ENVIRONMENT_NAME ?? "production"), 200, { "cache-control": HTML_CACHE });
    }
    const shopId = site.shop.id;
    if (site.shop.domainPrefixes.length > 0 && pathname === "/") {
      return c.redirect(`/${site.shop.defaultLanguage}/${search}`, 302);
    }
    const asset = await fetchAsset(c.env.ASSETS, assetPath(shopId, pathname), c.req.raw);
    if (asset) return withCacheHeaders(asset, pathname);
    if (wantsTrailingSlash(pathname) && (await fetchAsset(c.env.ASSETS, assetPath(shopId, `${pathname}/`), c.req.raw))) {
      return c.redirect(`${pathname}/${search}`, 301);
    }
    return notFound(c.env, shopId);
  });

  app.all("*", (c) => c.json({ errors: [{ message: "Method not allowed" }] }, 405, { allow: "GET, HEAD" }));

  app.onError((error, c) => {
    console.error("edge error", error);
    return c.html("<!doctype html><title>Error</title><h1>Something went wrong. Try again.</h1>", 500, { "cache-control": "no-store" });
  });

  return app;
}

async function notFound(env: WorkerEnv, shopId: string | null): Promise<Response> {
  const page = shopId ? await fetchAsset(env.ASSETS, `/${shopId}/404.html`, new Request("https://assets.internal/")) : null;
  const body = page ? await page.text() : `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>404</title></head><body><h1>${NOT_FOUND_TEXT}</h1></body></html>`;
  return new Response(body, { status: 404, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=60" } });
}

function withCacheHeaders(asset: Response, pathname: string): Response {
  const response = new Response(asset.body, asset);
  const immutable = /\.(js|css|woff2?)$/.test(pathname) && /-[0-9a-f]{8,}\./.test(pathname);
  response.headers.set("cache-control", immutable ? "public, max-age=31536000, immutable" : pathname.startsWith("/page-data/") ? "public, max-age=0, must-revalidate" : HTML_CACHE);
  return response;
}
