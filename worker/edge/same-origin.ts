import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "./context";

/**
 * State-changing calls (POST, PUT, PATCH, DELETE) from another origin get 403.
 * A browser always sends Sec-Fetch-Site and/or Origin on such calls; a page on
 * another site cannot make them say same-origin. Calls without either header come
 * from non-browser clients (the build's GraphQL sourcing, curl) and pass.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossOrigin(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(request.url).origin) return true;
  return false;
}

export function sameOrigin(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !isCrossOrigin(c.req.raw)) return next();
    return Response.json(
      { status: 403, data: null, errors: [{ message: "Cross-origin requests that change state are not allowed." }] },
      { status: 403, headers: { "cache-control": "private, no-store", vary: "Origin" } },
    );
  };
}
