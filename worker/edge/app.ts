import { Hono } from "hono";
import type { Environment } from "@config/shop-config";
import { apiProxy, isApiPath, isUploadRequest, matchApiPath } from "./api-proxy";
import { backOffice, isCatalogueUpload } from "./back-office";
import { basicAuth } from "./basic-auth";
import { bodyLimit } from "./body-limit";
import { cachePolicy } from "./cache-policy";
import { canonicalHost } from "./canonical-host";
import type { EdgeDependencies, EdgeEnv } from "./context";
import { cookieGates } from "./cookie-gates";
import { developerMode } from "./developer-mode";
import { badRequest, errorPageResponse, lastResortPage } from "./error-pages";
import { languageRules } from "./language-rules";
import { media } from "./media";
import { noShopPage } from "./no-shop-page";
import { PageError } from "./page-error";
import { sameOrigin } from "./same-origin";
import { securityHeaders } from "./security-headers";
import { serviceWorker } from "./service-worker";
import { requestHost } from "./request-host";
import { siteForHost } from "./site";
import { searchResults } from "./search-results";
import { specRoutes } from "./spec-routes";
import { favicon } from "./favicon";
import { staticPages } from "./static-pages";
import { upstreamRules } from "./upstream-rules";

export type { EdgeDependencies } from "./context";

/**
 * The edge worker: small named pieces, outermost first.
 *   canonical-host    301 from a shop's other hosts to its canonical (first listed) host, path and query kept
 *   security-headers  HSTS, CSP (the build manifest's hashes of the page's inline scripts), nosniff, referrer policy
 *   cache-policy      private/no-store for personal answers and Set-Cookie, Vary
 *   site              exact host -> shop and environment (nothing else decides); a malformed Host is 400
 *   basic-auth        401 for a shop's non-API calls without the credentials, in environments that ask for them
 *   body-limit        413 before any upstream call (uploads: their own limit, streamed through)
 *   same-origin       403 for cross-origin state-changing calls
 *   back-office       on the back-office host only: the console and /admin/* (and nothing below)
 *   api-proxy         /apiv1, /apiv2, /graphql (and /<lang>/... on shops with prefixes)
 *   upstream-rules    what requests from the legacy front proxy may get
 *   media             /images/*, /downloads/*, /videos/* from the media store shared by all shops, with byte ranges (ADR 0046, 0068)
 *   developer-mode    with its cookie: no script runs (CSP script-src 'none'), the page that toggles the gates
 *   cookie-gates      new search, developer mode, the international entry
 *   language-rules    language/domain rules and the locale choice
 *   search-results    the search results page without JavaScript (the build's page, results from the shop API)
 *   service-worker    /sw.js of the shop: its caching worker or the kill switch (config serviceWorker)
 *   spec-routes       301 from the legacy route shapes /{category}/Index, /{cms}/Contact, /{manufacturer}/manufacturer
 *                     and from earlier builds' sort pages /{category}/sort-price-asc.html (ADR 0054)
 *   static-pages      the shop's build from ASSETS, or the no-shop-found page
 * Errors become the error pages of error-pages.ts (404/503/500, never a stack trace).
 */
export function createEdgeApp(deps: EdgeDependencies) {
  const config = deps.directory.config;
  const app = new Hono<EdgeEnv>();

  app.use("*", canonicalHost(deps.directory));
  app.use("*", securityHeaders(config));
  app.use("*", cachePolicy());
  app.use("*", async (c, next) => {
    const host = requestHost(c.req.raw);
    c.set("language", config.fallbackLanguage);
    if (host === null) return badRequest(c, isApiPath(c.req.path));
    const site = siteForHost(deps.directory, host, (c.env?.ENVIRONMENT_NAME ?? "production") as Environment);
    c.set("site", site);
    c.set("language", site.kind === "shop" ? site.shop.defaultLanguage : config.fallbackLanguage);
    c.set("upstreamRequest", false);
    await next();
  });
  app.use("*", basicAuth(config));
  const shopBodies = bodyLimit(config.edge.maxBodyBytes, { maxBytes: config.uploads.maxRequestBytes, matches: (c) => isUploadRequest(c, config) });
  const backOfficeBodies = bodyLimit(config.edge.maxBodyBytes, {
    maxBytes: config.backOffice?.maxImportBytes ?? config.edge.maxBodyBytes,
    matches: (c) => isCatalogueUpload(c.req.method, new URL(c.req.url).pathname),
  });
  app.use("*", (c, next) => (c.get("site").kind === "back-office" ? backOfficeBodies : shopBodies)(c, next));
  app.use("*", sameOrigin());
  app.use("*", backOffice(deps, { access: deps.access }));
  app.use("*", apiProxy(deps));
  app.use("*", upstreamRules(config));
  app.use("*", media());
  app.use("*", developerMode(config));
  app.use("*", cookieGates(deps));
  app.use("*", favicon());
  app.use("*", languageRules(config));
  app.use("*", searchResults(deps));
  app.use("*", serviceWorker());
  app.use("*", specRoutes());
  app.use(
    "*",
    staticPages((c) => noShopPage(deps.directory, c.env?.ENVIRONMENT_NAME ?? "production")),
  );

  app.all("*", (c) => c.json({ status: 405, data: null, errors: [{ message: "Method not allowed" }] }, 405, { allow: "GET, HEAD" }));

  app.notFound((c) => errorPageResponse(c, 404));
  app.onError(async (error, c) => {
    if (error instanceof PageError) {
      if (error.status !== 404) console.error("edge error page", error.status, error.message);
      return errorPageResponse(c, error.status);
    }
    console.error("edge error", error instanceof Error ? `${error.name}: ${error.message}` : "unknown");
    const site = c.get("site");
    if (site && matchApiPath(new URL(c.req.url).pathname, site, config)) {
      return Response.json(
        { status: 500, data: null, errors: [{ message: "Something went wrong. Try again." }] },
        { status: 500, headers: { "cache-control": "private, no-store" } },
      );
    }
    try {
      return await errorPageResponse(c, 500);
    } catch {
      return new Response(lastResortPage(), {
        status: 500,
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
    }
  });

  return app;
}
