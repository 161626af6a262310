/**
 * The return path of the login screen (`?return=`): where a signed-out visitor of a
 * protected screen goes back to after signing in. It comes from the address bar, so anyone
 * can write it: only a path of this origin passes (`/...`), never `//host`, `/\host`, a
 * scheme (`https:`, `javascript:`), control characters, white space or an encoded
 * separator that some reader could decode into one of those. Anything else is no return
 * path at all (the login then leads to my orders).
 */
const BASE = "https://return-path.invalid";
const MAX_LENGTH = 2000;

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // Backslashes (browsers read them as slashes), control characters and white space.
  if (/[\\\s\p{Cc}\p{Cf}]/u.test(value)) return null;
  const path = value.split(/[?#]/, 1)[0]!;
  // Encoded slash, backslash, NUL or percent (double encoding) in the path.
  if (/%(2f|5c|00|25)/i.test(path)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const result = `${url.pathname}${url.search}${url.hash}`;
  return result.startsWith("//") ? null : result;
}

/** The login screen's address with the return path (when it is one) in `?return=`. */
export function loginWithReturn(loginPath: string, returnPath: string | null): string {
  const safe = safeReturnPath(returnPath);
  return safe ? `${loginPath}?return=${encodeURIComponent(safe)}` : loginPath;
}

/** The return path of the current address (`?return=`), validated. */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get("return"));
}
