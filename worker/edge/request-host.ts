/**
 * The host a request is addressed to, or null when its Host is malformed (the edge answers 400,
 * docs/decisions/0067): a Host header must be a DNS name or a bracketed IPv6 address with an
 * optional port (so `de.localhost:8787@evil.example`, `a b` and an empty value are refused), and
 * the request's URL must parse without user information.
 */
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const HOST_HEADER = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, "i");

export function requestHost(request: Request): string | null {
  const header = request.headers.get("host");
  if (header !== null) {
    const match = HOST_HEADER.exec(header);
    if (!match || Number(match[1] ?? 0) > 65_535) return null;
  }
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  return url.username || url.password || !url.hostname ? null : url.host;
}
