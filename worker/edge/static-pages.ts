import type { Fetcher } from "@cloudflare/workers-types";

/**
 * Each shop's static build lives in dist/<SHOP>/ and is reached through the one
 * ASSETS binding under the prefix /<SHOP> (docs/decisions/0002). Paths are mapped
 * here, never resolved against a user-supplied base.
 */
const ASSET_ORIGIN = "https://assets.internal";
const PASSED_HEADERS = ["if-none-match", "if-modified-since", "range", "accept-encoding"];

export const NOT_FOUND_TEXT = "This page could not be found";

/** Maps a request path to the file of the shop's build: `/` and `/de/` to their index.html. */
export function assetPath(shopId: string, pathname: string): string {
  const file = pathname.endsWith("/") ? `${pathname}index.html` : pathname;
  return `/${shopId}${file}`;
}

export async function fetchAsset(assets: Fetcher, path: string, request: Request): Promise<Response | null> {
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = (await assets.fetch(new URL(path, ASSET_ORIGIN).toString(), {
    method: request.method === "HEAD" ? "HEAD" : "GET",
    headers: headers as never,
  })) as unknown as Response;
  if (response.status === 404) return null;
  return response;
}

/** True when the path looks like a page directory without its trailing slash (`/de`). */
export function wantsTrailingSlash(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return last !== "" && !last.includes(".");
}
