import type { MiddlewareHandler } from "hono";
import { contentSecurityPolicyFor, type EdgeSettings, type Environment, type ShopConfig } from "@config/shop-config";
import { mutableResponse, type EdgeContext, type EdgeEnv } from "./context";
import { cspManifests, type CspManifests } from "./csp-manifest";
import { siteStoreFor } from "./site-store";

/**
 * Security headers on every response (docs/decisions/0006, 0028):
 * HSTS (one year), nosniff, a referrer policy, and a CSP with object-src 'none',
 * base-uri and frame-ancestors. Scripts are 'self' plus the configured third
 * parties plus the SHA-256 hashes the build's manifest lists for the inline scripts of
 * the build page being served (Gatsby 5 inlines its script loader and chunk map in
 * every page, gatsby-ssr.tsx the first-paint script); never hashes of the response,
 * which streams through untouched. Styles allow 'unsafe-inline' (Gatsby inlines the
 * CSS and React writes style attributes).
 */

export const HSTS = "max-age=31536000; includeSubDomains";
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()";

/**
 * The CSP of the settings for a page's script hashes: all but the hashes is joined once,
 * so a request only adds its page's hashes.
 */
export function cspBuilder(settings: EdgeSettings["contentSecurityPolicy"]): (scriptHashes: string[], upgradeInsecure: boolean) => string {
  const list = (...sources: string[][]) => [...new Set(sources.flat())].join(" ");
  const head = "default-src 'self'; script-src 'self'";
  const thirdPartyScripts = [...new Set(settings.script)]
    .filter((source) => source !== "'self'")
    .map((source) => ` ${source}`)
    .join("");
  const rest = [
    `style-src ${list(["'self'", "'unsafe-inline'"], settings.style)}`,
    `img-src ${list(["'self'"], settings.img)}`,
    `font-src ${list(["'self'"], settings.font)}`,
    `connect-src ${list(["'self'"], settings.connect)}`,
    `frame-src ${settings.frame.length > 0 ? list(settings.frame) : "'none'"}`,
    `media-src ${list(["'self'"], settings.media)}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
  return (scriptHashes, upgradeInsecure) =>
    `${head}${[...new Set(scriptHashes)].map((hash) => ` 'sha256-${hash}'`).join("")}${thirdPartyScripts}; ${rest}${upgradeInsecure ? "; upgrade-insecure-requests" : ""}`;
}

/**
 * The back office's CSP (docs/decisions/0033): the console is the edge's own bundle, so
 * nothing but its own files: no inline script or style, no third party, never framed.
 */
export const BACK_OFFICE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

/** A CSP with `default-src 'none'` and `sandbox`: stricter than the site's for anything a browser could do with the answer. */
function isLockedDown(csp: string | null): boolean {
  const directives = (csp ?? "").split(";").map((directive) => directive.trim().toLowerCase());
  return directives.includes("default-src 'none'") && directives.includes("sandbox");
}

/** The site's CSP with no script allowed at all (developer mode: static HTML, no hydration, no third party). */
export function developerModeCsp(siteCsp: string): string {
  return siteCsp
    .split("; ")
    .map((directive) => (directive.startsWith("script-src ") ? "script-src 'none'" : directive))
    .join("; ");
}

/** The CSP for one set of script hashes (the middleware keeps its builder instead). */
export function buildCsp(settings: EdgeSettings["contentSecurityPolicy"], scriptHashes: string[] = [], upgradeInsecure = true): string {
  return cspBuilder(settings)(scriptHashes, upgradeInsecure);
}

/** The manifest's hashes for the build page an HTML response carries; none for anything else or when the manifest cannot be read. */
async function allowedScriptHashes(c: EdgeContext, manifests: CspManifests, response: Response): Promise<string[]> {
  const page = c.get("buildPage");
  const site = c.get("site");
  if (!page || site?.kind !== "shop" || !(response.headers.get("content-type") ?? "").includes("text/html")) return [];
  try {
    const store = siteStoreFor(c.env, site.shop);
    if (!store) return [];
    return await manifests.scriptHashes(store, page.shopId, page.file);
  } catch {
    console.error("CSP manifest unreadable", page.shopId);
    return [];
  }
}

/**
 * The site's CSP per environment (config/shop-config.ts contentSecurityPolicyFor): the local ones
 * add their widget stand-in, so a deployed environment's never names a loopback address.
 */
export function securityHeaders(config: Pick<ShopConfig, "edge" | "environments">): MiddlewareHandler<EdgeEnv> {
  const manifests = cspManifests();
  const builders = new Map<Environment, ReturnType<typeof cspBuilder>>();
  const cspOf = (environment: Environment) => {
    let builder = builders.get(environment);
    if (!builder) builders.set(environment, (builder = cspBuilder(contentSecurityPolicyFor(config, environment))));
    return builder;
  };
  return async (c, next) => {
    await next();
    const csp = cspOf((c.env?.ENVIRONMENT_NAME ?? "production") as Environment);
    const developerCsp = (https: boolean) => developerModeCsp(csp([], https));
    const https = new URL(c.req.url).protocol === "https:";
    const response = mutableResponse(c);
    const headers = response.headers;
    headers.set("strict-transport-security", HSTS);
    headers.set("x-content-type-options", "nosniff");
    headers.set("referrer-policy", REFERRER_POLICY);
    headers.set("permissions-policy", PERMISSIONS_POLICY);
    headers.delete("x-powered-by");
    headers.delete("server");
    if (c.get("site")?.kind === "back-office") {
      // The back office: its own strict CSP on every answer, never framed, never indexed.
      headers.set("x-frame-options", "DENY");
      headers.set("x-robots-tag", "noindex, nofollow");
      if (response.status !== 304) headers.set("content-security-policy", `${BACK_OFFICE_CSP}${https ? "; upgrade-insecure-requests" : ""}`);
      return;
    }
    headers.set("x-frame-options", "SAMEORIGIN");
    // A 304 keeps the CSP stored with the full response. An answer that is not HTML keeps its
    // own CSP when that allows nothing and sandboxes (the shop API's file downloads); every
    // other answer gets the site's.
    const isHtml = (headers.get("content-type") ?? "").includes("text/html");
    const ownCsp = !isHtml && isLockedDown(headers.get("content-security-policy"));
    if (response.status !== 304 && !ownCsp) {
      // Developer mode (developer-mode.ts): the browser runs no script of any answer, so the storefront's application stays off.
      const policy = c.get("developerMode") ? developerCsp(https) : csp(await allowedScriptHashes(c, manifests, response), https);
      headers.set("content-security-policy", policy);
    }
    headers.delete("x-powered-by");
    headers.delete("server");
  };
}
