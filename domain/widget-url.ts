/**
 * Where a third party's widget script may come from (a review provider's, a chat provider's):
 * https, or plain http to 127.0.0.1 with a port, where a local stand-in of the provider runs
 * in development and the browser tests (docs/decisions/0070). Never credentials in the URL,
 * never another scheme. The pages apply it to the script their build resolved; only the local
 * environments' builds name a stand-in (config/shop-config.ts widgetStandIn).
 */
export function isWidgetScriptUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === "https:" || isLocalStandInOrigin(url);
}

/** http://127.0.0.1:{port}: a local stand-in of a third party. */
export function isLocalStandInOrigin(url: URL): boolean {
  return url.protocol === "http:" && url.hostname === "127.0.0.1" && url.port !== "";
}
