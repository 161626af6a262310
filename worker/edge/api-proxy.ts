import type { Site } from "./site";
import type { Upstream } from "./upstream";

/** Request headers that may travel to the shop API; everything else (Cookie first of all) stays at the edge. */
export const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "content-type",
  "content-length",
  "if-none-match",
  "if-modified-since",
  "user-agent",
];

export const API_PREFIXES = ["/apiv1/", "/apiv2/", "/graphql"] as const;

export function isApiPath(pathname: string): boolean {
  return pathname === "/graphql" || pathname.startsWith("/apiv1/") || pathname.startsWith("/apiv2/");
}

export interface ProxyOptions {
  upstream: Upstream;
  /** The configured upstream origin; the request path is appended to it, never resolved against it. */
  origin: string;
  timeoutMs: number;
}

/** Forwards an API request with the allowlisted headers and the shop the host decided. */
export async function proxyApiRequest(request: Request, site: Site, options: ProxyOptions): Promise<Response> {
  const url = new URL(request.url);
  const target = `${options.origin}${url.pathname}${url.search}`;
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (site.kind === "shop") headers.set("x-shop-id", site.shop.id);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const upstreamRequest = new Request(target, {
    method: request.method,
    headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: AbortSignal.timeout(options.timeoutMs),
    redirect: "manual",
  });
  try {
    const response = await options.upstream.fetch(upstreamRequest);
    const out = new Response(response.body, response);
    out.headers.set("cache-control", "private, no-store");
    return out;
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return Response.json(
      timedOut ? { status: 504, errors: [{ message: "The shop service did not answer in time." }] } : { status: 503, errors: [{ message: "The shop service is not available." }] },
      { status: timedOut ? 504 : 503, headers: { "cache-control": "private, no-store", ...(timedOut ? {} : { "retry-after": "30" }) } },
    );
  }
}
