import type { ExecutionContext, MiddlewareHandler } from "hono";
import { hasOnlySafeSegments } from "./safe-path";
import type { Language, ShopConfig } from "@config/shop-config";
import { UPLOAD_PATHS } from "../lib/api-paths";
import { CLIENT_IP_HEADER, CUSTOMER_SESSION_HEADER, VISITOR_TOKEN_HEADER } from "../lib/shop-headers";
import { clientAddress } from "./client-address";
import { replaceResponse, type EdgeContext, type EdgeDependencies, type EdgeEnv } from "./context";
import { sessionSetCookie, sessionTokenFromRequest } from "./session-cookie";
import type { Site } from "./site";
import { legacyTokenCookieDeletion, tokenFromRequest, tokenSetCookie } from "./token-cookie";
import type { Upstream } from "./upstream";
import { SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER } from "../lib/shop-headers";

/**
 * The API proxy for /apiv1/*, /apiv2/*, /graphql and the two shop backend paths
 * (isShopBackendPath) (docs/decisions/0007).
 *
 * - Only an allowlist of request headers goes upstream, plus `Authorization:
 *   Bearer <token>` from the environment's token cookie (on /graphql the client's own
 *   Authorization, Origin and Sec-Fetch-Site instead), `x-shop-id` and `x-shop-language`
 *   (set by the worker, never taken from the client) and `cf-connecting-ip` (the client
 *   address where the platform guarantees it, client-address.ts; no other IP header goes on).
 *   The browser's Cookie header never goes upstream.
 * - Hop-by-hop headers (and any named in Connection) are stripped both ways;
 *   upstream Set-Cookie headers are dropped, and so is the shop API's
 *   `x-visitor-token`, which sets the token cookie instead (token-cookie.ts).
 * - The path is appended to the configured origin and checked: encoded
 *   separators, dot segments and control characters answer 400 and never leave.
 * - Every call has a timeout (504 JSON with Retry-After: the time limit in whole
 *   seconds); idempotent GET/HEAD calls are retried at most twice on 502/503 or a
 *   connection error, other methods never; an unreachable upstream answers 503 JSON
 *   with Retry-After.
 * - The timeout is a race, not a cancellation: the in-process shop API ignores the abort
 *   signal, so a write that timed out may still finish and commit after the 504. A client
 *   retries a write only with the `Idempotency-Key` it sent (docs/decisions/0025): the
 *   shop API runs a keyed write once, answers a repeat while the first still runs with
 *   409 and Retry-After, and a repeat after it with the first answer. Waiting Retry-After
 *   first gives the first attempt as long again to finish.
 * - An `x-visitor-token` response header (a new or renewed visitor token) sets the
 *   token cookie; a request still carrying the old domain-wide cookie gets it deleted.
 * - The customer session (session-cookie.ts): the session cookie's token goes upstream as
 *   `x-customer-session` (a client's own header of that name is never forwarded); an
 *   `x-customer-session` response header sets the cookie (an empty value deletes it) and never
 *   reaches the browser.
 * - `Server-Timing: shop-api;dur=<ms>` tells how long the shop API took, as the edge
 *   saw it (whole milliseconds: the runtime's clock advances at I/O).
 *
 * On a shop with domain prefixes (CH) the language may lead the path:
 * `/fr/apiv2/cart/` goes upstream as `/apiv2/cart/` with `x-shop-language: fr`.
 */

export const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "content-type",
  "idempotency-key",
  "if-none-match",
  "if-modified-since",
  "user-agent",
  "x-requested-with",
  "x-captcha-token",
  // A payment provider's signature of its webhook (Stripe; docs/decisions/0066): the shop API verifies it.
  "stripe-signature",
  // PayPal's transmission headers of its webhook (docs/decisions/0069): the shop API has PayPal verify them.
  "paypal-transmission-id",
  "paypal-transmission-time",
  "paypal-transmission-sig",
  "paypal-cert-url",
  "paypal-auth-algo",
] as const;

const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "te",
  "trailer",
  "trailers",
  "transfer-encoding",
  "upgrade",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
];
const RETRY_STATUSES = new Set([502, 503]);
const MAX_RETRIES = 2;

/**
 * The shop backend's own paths outside /apiv1 and /apiv2: the sample
 * by sku (`PUT /cart/addSampleBySku/{sku}`) and the configured product's form
 * (`POST /configuration/cart/add`). The shop API serves both (worker/shop-api/app.ts).
 */
export function isShopBackendPath(pathname: string): boolean {
  return (pathname.startsWith("/cart/addSampleBySku/") && pathname.length > "/cart/addSampleBySku/".length) || pathname === "/configuration/cart/add";
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/graphql" || pathname.startsWith("/apiv1/") || pathname.startsWith("/apiv2/") || isShopBackendPath(pathname);
}

/** The API path and language of a request, or null when it is not an API call. */
export function matchApiPath(pathname: string, site: Site, config: ShopConfig): { path: string; language: Language } | null {
  const fallback: Language =
    site.kind === "shop"
      ? site.shop.domainPrefixes.length > 0
        ? site.shop.domainPrefixes.includes(config.fallbackLanguage)
          ? config.fallbackLanguage
          : site.shop.defaultLanguage
        : site.shop.defaultLanguage
      : config.fallbackLanguage;
  if (isApiPath(pathname)) return { path: pathname, language: fallback };
  if (site.kind !== "shop" || site.shop.domainPrefixes.length === 0) return null;
  const slash = pathname.indexOf("/", 1);
  if (slash < 0) return null;
  const first = pathname.slice(1, slash) as Language;
  const rest = pathname.slice(slash);
  if (site.shop.domainPrefixes.includes(first) && isApiPath(rest)) return { path: rest, language: first };
  return null;
}

/** An upload (POST /apiv2/uploads, /apiv2/rma/uploads): its body may be as large as uploads.maxRequestBytes and streams through unbuffered. */
export function isUploadCall(method: string, apiPath: string): boolean {
  return method === "POST" && UPLOAD_PATHS.some((path) => apiPath === path || apiPath === `${path}/`);
}

/** isUploadCall for an edge request (behind a language prefix too). */
export function isUploadRequest(c: EdgeContext, config: ShopConfig): boolean {
  const match = matchApiPath(new URL(c.req.url).pathname, c.get("site"), config);
  return match !== null && isUploadCall(c.req.method, match.path);
}

/** False for paths that could leave their prefix once decoded by some upstream. */
export const isSafeApiPath = hasOnlySafeSegments;

/** Header names a message marks as hop-by-hop: the fixed list, proxy-*, and those named in its Connection header. */
function hopByHopNames(headers: Headers): Set<string> {
  const names = new Set(HOP_BY_HOP);
  for (const name of (headers.get("connection") ?? "").split(",")) if (name.trim()) names.add(name.trim().toLowerCase());
  return names;
}

function isHopByHop(name: string, names: Set<string>): boolean {
  return names.has(name) || name.startsWith("proxy-");
}

export function upstreamRequestHeaders(request: Request, extra: Record<string, string>): Headers {
  const hop = hopByHopNames(request.headers);
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    if (isHopByHop(name, hop)) continue;
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return headers;
}

export function downstreamResponseHeaders(upstream: Headers): Headers {
  const hop = hopByHopNames(upstream);
  const headers = new Headers();
  upstream.forEach((value, name) => {
    if (isHopByHop(name, hop) || name === "set-cookie" || name === "content-length" || name === VISITOR_TOKEN_HEADER || name === CUSTOMER_SESSION_HEADER)
      return;
    headers.set(name, value);
  });
  headers.set("cache-control", "private, no-store");
  return headers;
}

function jsonError(status: 400 | 503 | 504, message: string, extra: Record<string, string> = {}): Response {
  return Response.json({ status, data: null, errors: [{ message }] }, { status, headers: { "cache-control": "private, no-store", ...extra } });
}

type Attempt = { kind: "response"; response: Response } | { kind: "timeout" } | { kind: "error" };

/** One upstream call under a time limit; the in-process upstream ignores signals, so the limit is a race too. */
async function callWithTimeout(upstream: Upstream, makeRequest: (signal: AbortSignal) => Request, timeoutMs: number): Promise<Attempt> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve("timeout");
    }, timeoutMs);
  });
  try {
    const result = await Promise.race([upstream.fetch(makeRequest(controller.signal)), timeout]);
    return result === "timeout" ? { kind: "timeout" } : { kind: "response", response: result };
  } catch {
    return controller.signal.aborted ? { kind: "timeout" } : { kind: "error" };
  } finally {
    clearTimeout(timer);
  }
}

export interface ProxyCall {
  upstream: Upstream;
  origin: string;
  timeoutMs: number;
  retryDelayMs?: number;
}

/** Calls the upstream with retries for idempotent methods; returns the final attempt. */
export async function callUpstream(method: string, makeRequest: (signal: AbortSignal) => Request, call: ProxyCall): Promise<Attempt> {
  const idempotent = method === "GET" || method === "HEAD";
  for (let attempt = 0; ; attempt++) {
    const result = await callWithTimeout(call.upstream, makeRequest, call.timeoutMs);
    const retryable = result.kind === "error" || (result.kind === "response" && RETRY_STATUSES.has(result.response.status));
    if (!idempotent || !retryable || attempt >= MAX_RETRIES) return result;
    if (result.kind === "response") await result.response.body?.cancel().catch(() => undefined);
    const delay = call.retryDelayMs ?? 100 * (attempt + 1);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

export function apiProxy(deps: EdgeDependencies): MiddlewareHandler<EdgeEnv> {
  const config = deps.directory.config;
  return async (c, next) => {
    const site = c.get("site");
    const url = new URL(c.req.url);
    const match = matchApiPath(url.pathname, site, config);
    if (!match) return next();
    c.set("language", match.language);
    if (!isSafeApiPath(match.path)) return jsonError(400, "The request path is not valid.");

    const extra: Record<string, string> = { [SHOP_LANGUAGE_HEADER]: match.language };
    if (site.kind === "shop") extra[SHOP_ID_HEADER] = site.shop.id;
    if (match.path === "/graphql") Object.assign(extra, graphqlRequestHeaders(c.req.raw));
    else {
      const token = tokenFromRequest(c.req.raw, config, site);
      if (token) extra.authorization = `Bearer ${token}`;
      const session = site.kind === "shop" ? sessionTokenFromRequest(c.req.raw, config, site) : undefined;
      if (session) extra[CUSTOMER_SESSION_HEADER] = session;
    }
    // An upload streams through (the shop API counts its bytes as it reads); it is never retried.
    const forwarded = await forwardUpstream(c, deps, { path: match.path, extra, upload: isUploadCall(c.req.method, match.path) });
    if (forwarded.kind === "refused") return forwarded.response;
    const { response, headers: outHeaders } = forwarded;
    outHeaders.append("server-timing", `shop-api;dur=${forwarded.ms}`);
    const handedToken = response.headers.get(VISITOR_TOKEN_HEADER);
    if (handedToken !== null) {
      const cookie = tokenSetCookie(config, site, url, handedToken);
      if (cookie) outHeaders.append("set-cookie", cookie);
      else console.warn("refused a visitor token that cannot be stored in a cookie");
    }
    const handedSession = response.headers.get(CUSTOMER_SESSION_HEADER);
    if (handedSession !== null && site.kind === "shop") {
      const cookie = sessionSetCookie(config, site, url, handedSession.trim());
      if (cookie) outHeaders.append("set-cookie", cookie);
      else console.warn("refused a customer session token that is not one");
    }
    const legacyDeletion = legacyTokenCookieDeletion(c.req.raw, config, site);
    if (legacyDeletion) outHeaders.append("set-cookie", legacyDeletion);
    return answerDownstream(c, response, outHeaders);
  };
}

export type Forwarded = { kind: "answer"; response: Response; headers: Headers; ms: number } | { kind: "refused"; response: Response };

/**
 * Sends the request to the shop API under `path` (with the request's query, or `search`): the allowlisted headers plus `extra` and
 * the client address, the body (streamed for an upload, which gets the upload time limit),
 * with the timeout and retries of callUpstream. The answer comes back with its headers
 * cleaned for the browser (downstreamResponseHeaders) and the time it took; a bad path, a
 * timeout or an unreachable shop API come back as the edge's own JSON refusal.
 */
export async function forwardUpstream(
  c: EdgeContext,
  deps: EdgeDependencies,
  options: { path: string; extra: Record<string, string>; upload: boolean; search?: string },
): Promise<Forwarded> {
  const config = deps.directory.config;
  let executionCtx: ExecutionContext | undefined;
  try {
    executionCtx = c.executionCtx;
  } catch {
    // app.request() without an execution context (tests)
  }
  const { upstream, origin } = deps.upstream(c.env, executionCtx);
  const base = new URL(origin).origin;
  const search = options.search ?? new URL(c.req.url).search;
  const target = new URL(`${base}${options.path}${search}`);
  if (target.origin !== base || target.pathname !== options.path) return { kind: "refused", response: jsonError(400, "The request path is not valid.") };

  const extra = { ...options.extra };
  const clientIp = await clientAddress(c.req.raw, c.env);
  if (clientIp) extra[CLIENT_IP_HEADER] = clientIp;
  const headers = upstreamRequestHeaders(c.req.raw, extra);
  const method = c.req.method;
  const body = method === "GET" || method === "HEAD" ? undefined : options.upload ? c.req.raw.body : await c.req.raw.arrayBuffer();
  const timeoutMs = options.upload ? config.uploads.timeoutMs : (deps.upstreamTimeoutMs ?? config.edge.upstreamTimeoutMs);

  const started = Date.now();
  const result = await callUpstream(
    method,
    (signal) => {
      // `duplex` lets Node's fetch take a streamed body (workerd accepts it as well).
      const init: RequestInit & { duplex: "half" } = { method, headers, body, signal, redirect: "manual", duplex: "half" };
      return new Request(target.toString(), init);
    },
    { upstream, origin: base, timeoutMs, retryDelayMs: deps.retryDelayMs },
  );
  if (result.kind === "timeout") {
    return { kind: "refused", response: jsonError(504, "The shop service did not answer in time.", { "retry-after": String(Math.ceil(timeoutMs / 1000)) }) };
  }
  if (result.kind === "error") return { kind: "refused", response: jsonError(503, "The shop service is not available.", { "retry-after": "30" }) };
  return { kind: "answer", response: result.response, headers: downstreamResponseHeaders(result.response.headers), ms: Date.now() - started };
}

/** The upstream's answer with the edge's headers as the request's response (no body for HEAD, 204, 304). */
export function answerDownstream(c: EdgeContext, response: Response, headers: Headers): Response {
  const body = c.req.method === "HEAD" || response.status === 204 || response.status === 304 ? null : response.body;
  replaceResponse(c, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  return c.res;
}

/**
 * /graphql is the build's: it carries the build's own bearer token (never a visitor's);
 * the browser's Origin and Sec-Fetch-Site go on so the shop API can refuse cross-site
 * requests, and the client address (client-address.ts) so it counts wrong tokens per client
 * (docs/decisions/0027).
 */
const GRAPHQL_REQUEST_HEADERS = ["authorization", "origin", "sec-fetch-site"] as const;

function graphqlRequestHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of GRAPHQL_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return headers;
}
