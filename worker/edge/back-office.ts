import type { MiddlewareHandler } from "hono";
import { isConsoleRoute } from "@domain/back-office/console-routes";
import type { BackOfficeSettings } from "@config/shop-config";
import { STAFF_SESSION_HEADER } from "../lib/shop-headers";
import { ACCESS_JWT_HEADER, accessSettings, createAccessVerifier, type AccessVerifier } from "./access-jwt";
import { answerDownstream, forwardUpstream, isSafeApiPath } from "./api-proxy";
import { fetchAsset } from "./build-assets";
import { IMMUTABLE_CACHE, PRIVATE_NO_STORE } from "./cache-policy";
import type { EdgeContext, EdgeDependencies, EdgeEnv } from "./context";
import { staffSetCookie, staffTokenFromRequest } from "./staff-cookie";

/**
 * The back-office host (config backOffice.hosts, docs/decisions/0033). On it the edge
 *   - checks Cloudflare Access first when ACCESS_TEAM_DOMAIN and ACCESS_AUD are set (access-jwt.ts),
 *     on every request but the machine paths, which carry their own credentials
 *     (MACHINE_PATHS: the signed catalogue webhook, the builder's bearer token);
 *   - forwards /admin/* to the shop API: the allowlisted request headers, the client's
 *     Authorization (the machine endpoints' bearer tokens), the webhook signature headers,
 *     Origin and Sec-Fetch-Site, the client address, and the staff cookie's token as the
 *     x-staff-session header (never the Cookie header); a token the shop API hands back in
 *     x-staff-session becomes the staff cookie (an empty one deletes it) and the header
 *     never reaches the browser. Writes pass the same-origin check (app.ts) and the body
 *     limit (catalogue uploads: backOffice.maxImportBytes, streamed) first;
 *   - serves the console from dist/_console/: /assets/<hashed file> immutable, every
 *     console route (domain/back-office/console-routes.ts: the start page, each screen and
 *     every record below one, so a reload or a bookmark opens it) the SPA's index.html,
 *     robots.txt disallowing everything; nothing else (404), and nothing of the shops (no
 *     /apiv2, /graphql, pages).
 * Security headers for this host (strict CSP without inline script, frame-ancestors 'none',
 * X-Robots-Tag noindex) are set by security-headers.ts.
 */

export const CONSOLE_ASSETS_PREFIX = "/_console";

/** Paths that authenticate themselves and are exempt from the Access check (Access needs a Bypass policy for them). */
export const MACHINE_PATHS = ["/admin/hooks/", "/admin/builder/"] as const;

/** Headers forwarded on /admin/* in addition to the API proxy's allowlist. */
const BACK_OFFICE_REQUEST_HEADERS = ["authorization", "origin", "sec-fetch-site", "webhook-id", "webhook-timestamp", "webhook-signature"] as const;

const CONSOLE_ASSET = /^\/assets\/[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)+$/;

export const ROBOTS_TXT = "User-agent: *\nDisallow: /\n";

export const isAdminPath = (pathname: string): boolean => pathname === "/admin" || pathname.startsWith("/admin/");

/**
 * A catalogue file upload through the back office, or a batch of a shop's build files the
 * builder uploads to R2 (docs/decisions/0053): its body streams through with the larger limit.
 */
export function isCatalogueUpload(method: string, pathname: string): boolean {
  return (
    method === "POST" &&
    (pathname.startsWith("/admin/api/catalogue/") || pathname === "/admin/catalogue/import" || pathname === "/admin/builder/site-assets/put")
  );
}

function json(status: number, message: string, extra: Record<string, string> = {}): Response {
  return Response.json({ status, data: null, errors: [{ message }] }, { status, headers: { "cache-control": PRIVATE_NO_STORE, ...extra } });
}

function text(status: number, body: string, head: boolean): Response {
  return new Response(head ? null : body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

export interface BackOfficeOptions {
  /** The Access JWT verifier (tests inject one with their own keys and clock). */
  access?: AccessVerifier;
}

export function backOffice(deps: EdgeDependencies, options: BackOfficeOptions = {}): MiddlewareHandler<EdgeEnv> {
  const config = deps.directory.config;
  const access = options.access ?? createAccessVerifier();
  return async (c, next) => {
    const site = c.get("site");
    if (site.kind !== "back-office") return next();
    const settings = config.backOffice!;
    const url = new URL(c.req.url);
    const pathname = url.pathname;
    const admin = isAdminPath(pathname);

    if (!MACHINE_PATHS.some((prefix) => pathname.startsWith(prefix))) {
      const refusal = await accessRefusal(c, access, admin);
      if (refusal) return refusal;
    }
    if (admin) return forward(c, deps, settings);

    const head = c.req.method === "HEAD";
    if (c.req.method !== "GET" && !head) return json(405, "Method not allowed", { allow: "GET, HEAD" });
    if (pathname === "/robots.txt") return text(200, ROBOTS_TXT, head);
    const assets = c.env?.ASSETS;
    if (!assets) return text(503, "The back office is not available.", head);
    if (CONSOLE_ASSET.test(pathname)) {
      const asset = await fetchAsset(assets, `${CONSOLE_ASSETS_PREFIX}${pathname}`, c.req.raw);
      if (!asset) return text(404, "Not found.", head);
      const response = new Response(head ? null : asset.body, asset);
      response.headers.set("cache-control", IMMUTABLE_CACHE);
      return response;
    }
    if (!isConsoleRoute(pathname)) return text(404, "Not found.", head);
    const page = await fetchAsset(assets, `${CONSOLE_ASSETS_PREFIX}/index.html`, new Request(c.req.url, { method: c.req.method }));
    if (!page) return text(503, "The back office is not built (npm run build:console).", head);
    return new Response(head ? null : page.body, { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } });
  };
}

/** The refusal when Cloudflare Access is configured and the request's Access JWT is missing or invalid; null to go on. */
async function accessRefusal(c: EdgeContext, access: AccessVerifier, admin: boolean): Promise<Response | null> {
  const settings = accessSettings(c.env ?? {});
  if (settings === null) return null;
  if (settings === "misconfigured") {
    console.error("back office: ACCESS_TEAM_DOMAIN and ACCESS_AUD must both be set (the team a host name); refusing every request");
    return admin ? json(503, "The back office is not configured.") : text(503, "The back office is not configured.", false);
  }
  const verdict = await access.verify(c.req.header(ACCESS_JWT_HEADER) ?? null, settings);
  if (verdict.ok) return null;
  console.warn("back office: Access JWT refused:", verdict.reason);
  return admin
    ? json(403, "Access to the back office requires a Cloudflare Access login.")
    : text(403, "Access to the back office requires a Cloudflare Access login.", false);
}

async function forward(c: EdgeContext, deps: EdgeDependencies, settings: BackOfficeSettings): Promise<Response> {
  const url = new URL(c.req.url);
  const site = c.get("site");
  if (!isSafeApiPath(url.pathname)) return json(400, "The request path is not valid.");
  const extra: Record<string, string> = {};
  for (const name of BACK_OFFICE_REQUEST_HEADERS) {
    const value = c.req.header(name);
    if (value !== undefined) extra[name] = value;
  }
  const token = staffTokenFromRequest(c.req.raw, settings.staffCookie, site.environment);
  if (token) extra[STAFF_SESSION_HEADER] = token;
  const forwarded = await forwardUpstream(c, deps, { path: url.pathname, extra, upload: isCatalogueUpload(c.req.method, url.pathname) });
  if (forwarded.kind === "refused") return forwarded.response;
  const { response, headers: outHeaders } = forwarded;
  outHeaders.delete(STAFF_SESSION_HEADER);
  const handed = response.headers.get(STAFF_SESSION_HEADER);
  if (handed !== null) {
    const cookie = staffSetCookie(settings.staffCookie, site.environment, url, handed);
    if (cookie) outHeaders.append("set-cookie", cookie);
    else console.warn("refused a staff session token that cannot be stored in a cookie");
  }
  return answerDownstream(c, response, outHeaders);
}
