/**
 * Redirect targets are built from the configured preferred origin, never by
 * resolving a user-supplied path against a base (`//evil.com`, `/\evil.com`,
 * `/%5Cevil.com` all escape a base URL). The path is re-assembled from its
 * non-empty segments, so it always starts with exactly one `/`.
 */

/** Characters kept as they are in a path segment (RFC 3986 pchar plus `%` of existing escapes). */
const PCHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@%]/;

function encodeOutside(text: string, keep: RegExp): string {
  let out = "";
  for (const ch of text) out += keep.test(ch) ? ch : encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return out;
}

/** Non-empty segments of a path; backslashes count as separators (browsers treat them so). */
export function pathSegments(pathname: string): string[] {
  return pathname.split(/[/\\]+/).filter((segment) => segment.length > 0);
}

/** `/a/b/` from segments, keeping a trailing slash when the original had one. */
export function joinPath(segments: string[], trailingSlash: boolean): string {
  if (segments.length === 0) return "/";
  const path = `/${segments.map((segment) => encodeOutside(segment, PCHAR)).join("/")}`;
  return trailingSlash ? `${path}/` : path;
}

/** The query string, with anything outside visible ASCII escaped (no CR/LF can reach a header). */
export function safeSearch(search: string): string {
  if (!search || search === "?") return "";
  return `?${encodeOutside(search.slice(1), /[\x21-\x7E]/)}`;
}

/** An absolute URL on the configured origin. */
export function locationOn(origin: string, segments: string[], trailingSlash: boolean, search: string): string {
  return `${origin}${joinPath(segments, trailingSlash)}${safeSearch(search)}`;
}

export function redirectResponse(location: string, status: 301 | 302 = 302, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { location, ...headers } });
}
