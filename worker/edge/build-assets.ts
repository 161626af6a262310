import type { FetchBinding } from "../env";
import { PageError } from "./page-error";

/**
 * Each shop's static build lives in dist/<SHOP>/ and is reached through the one
 * ASSETS binding under the prefix /<SHOP> (docs/decisions/0002). Paths are mapped
 * here, never resolved against a user-supplied base.
 */
const ASSET_ORIGIN = "https://assets.internal";
const PASSED_HEADERS = ["if-none-match", "if-modified-since", "range", "accept-encoding"];

/** The file of a build a request path names: `/` and `/de/` are their index.html. */
export function buildFile(pathname: string): string {
  return pathname.endsWith("/") ? `${pathname}index.html` : pathname;
}

/** A file of the build (null when there is none); unreadable files are a 503. */
export async function fetchAsset(assets: FetchBinding, path: string, request: Request): Promise<Response | null> {
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  let response: Response;
  try {
    response = await assets.fetch(`${ASSET_ORIGIN}${path}`, { method: request.method === "HEAD" ? "HEAD" : "GET", headers });
  } catch {
    throw new PageError(503, "static files unavailable");
  }
  if (response.status === 404) return null;
  if (response.status >= 500) throw new PageError(503, "static files unavailable");
  return response;
}
