/**
 * Per-IP rate limits (docs/decisions/0024). Every request the route table runs passes
 * `limitPerIp` first: by method and path it counts against one bucket (every write on the
 * storefront API, search, GraphQL) in Cloudflare's rate-limiting binding of that bucket,
 * keyed by the client's IP (`cf-connecting-ip`, set by Cloudflare and copied by the
 * edge; IPv6 by its /64, which one subscriber usually holds whole). A limited request is
 * answered 429 with Retry-After and the generic message; without its binding the shop
 * API refuses the request (503) rather than run unlimited. The binding's numbers live
 * in wrangler.jsonc and equal `rateLimits.perIp` of the shop config (config:check).
 */
import { RATE_LIMIT_BINDINGS, type PerIpBucket } from "@config/shop-config";
import { shopDirectory } from "@config/shops";
import { CLIENT_IP_HEADER } from "@worker/lib/shop-headers";
import type { ApiContext } from "./context";
import { fail, MESSAGES, type ApiFailure } from "./envelope";

/** Path prefixes of the storefront API whose non-GET requests are writes. */
const WRITE_PREFIXES = ["/apiv1", "/apiv2", "/cart", "/configuration"];
const SEARCH_PREFIX = "/apiv2/search";
/** Address suggestions (a call to a paid service each): counted as searches. */
const ADDRESS_PREFIX = "/apiv2/address";
/** The back office's staff API: every call counts, reads too. */
const STAFF_PREFIX = "/admin/api";

const within = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** The per-IP bucket a request counts against, or null (reads other than search; the admin endpoints behind service tokens). */
export function perIpBucket(method: string, pathname: string): PerIpBucket | null {
  // The router matches a path with trailing slashes too (/graphql/), so the rule does.
  const path = pathname.replace(/\/+$/, "");
  if (path === "/graphql") return "graphql";
  if (within(path, SEARCH_PREFIX) || within(path, ADDRESS_PREFIX)) return "search";
  if (within(path, STAFF_PREFIX)) return "staff";
  if (method !== "GET" && method !== "HEAD" && WRITE_PREFIXES.some((prefix) => within(path, prefix))) return "write";
  return null;
}

/** The client's address as the edge passed it on, or null. */
export function clientIp(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() || null;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** The first four groups of an IPv6 address (its /64 network), or null when it is not one. */
function ipv6Network(address: string): string | null {
  const halves = address.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(":") : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const full = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (!full.every((group) => HEXTET.test(group))) return null;
  return `${full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The rate-limit key of a request: the IPv4 address, the /64 of an IPv6 address, or
 * `unknown` for a request without a (valid) client address, so such requests share
 * one bucket instead of escaping the limit.
 */
export function clientKey(request: Request): string {
  const ip = clientIp(request) ?? "";
  const v4 = IPV4.exec(ip);
  if (v4) return v4.slice(1).every((part) => Number(part) <= 255) ? ip : "unknown";
  return ipv6Network(ip) ?? "unknown";
}

/** The refusal of a limited request: 429, the generic message, code rate_limited, Retry-After in seconds. */
export function rateLimited(retryAfterSeconds: number): ApiFailure {
  return fail(429, MESSAGES.general, "rate_limited", {}, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}

/** Counts the request against its per-IP bucket; throws 429 when the client is over the limit. */
export async function limitPerIp(ctx: ApiContext): Promise<void> {
  const bucket = perIpBucket(ctx.request.method, ctx.url.pathname);
  if (!bucket) return;
  const limiter = ctx.env[RATE_LIMIT_BINDINGS[bucket]];
  if (!limiter) throw fail(503, MESSAGES.notConfigured, "not_configured");
  const { success } = await limiter.limit({ key: clientKey(ctx.request) });
  // The binding does not tell when its window ends: a whole period is the safe answer.
  if (!success) throw rateLimited(shopDirectory.config.rateLimits.perIp[bucket].period);
}
