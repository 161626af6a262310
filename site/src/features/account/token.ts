/**
 * The token of a mail's link (`?token=`): read once, then taken out of the address bar so it
 * is not kept in the history or sent on as a referrer by the next link.
 */
export function takeToken(): string | null {
  if (typeof window === "undefined") return null;
  const url = new URL(window.location.href);
  const token = url.searchParams.get("token");
  if (token === null) return null;
  url.searchParams.delete("token");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return /^[A-Za-z0-9_-]{1,200}$/.test(token) ? token : "";
}
