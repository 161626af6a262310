/**
 * Whether a browser says a request comes from another site (docs/decisions/0027): it sends
 * `Sec-Fetch-Site: cross-site`, or an Origin that is neither the request's own nor a host
 * of a configured shop (any environment; `null` included). Clients that are not browsers
 * (the build, curl) send neither and are not cross-site.
 */
import { shopDirectory } from "@config/shops";

export function isCrossSite(request: Request): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true; // `null` or not an origin at all
  }
  return url.origin !== new URL(request.url).origin && shopDirectory.resolve(url.host) === undefined;
}
