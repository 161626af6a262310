/**
 * The back-office console's screens by path, for the console's navigation and the edge,
 * which answers each of them, and every path below one (a record: `/orders/DE-100010`),
 * with the console's page, so a reload or a bookmark opens the same screen. A path below a
 * screen is made of URL-safe segments (letters of either case, digits, `-._~` and
 * percent-escapes), none of them only dots.
 */
export const CONSOLE_PATHS = {
  catalogue: "/catalogue",
  publishing: "/publishing",
  orders: "/orders",
  sampleOrders: "/sample-orders",
  returns: "/returns",
  inquiries: "/inquiries",
  contactMessages: "/contact-messages",
  searchReport: "/search-report",
  mail: "/mail",
} as const;

const SCREENS = new Set<string>(Object.values(CONSOLE_PATHS));
const SEGMENT = /^(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})+$/;
const ONLY_DOTS = /^\.+$/;

/** A segment of a path below a screen: URL-safe, and not only dots even when they are escaped. */
function isRecordSegment(segment: string): boolean {
  if (!SEGMENT.test(segment)) return false;
  try {
    return !ONLY_DOTS.test(decodeURIComponent(segment));
  } catch {
    return false;
  }
}

/** True for the console's start page, a screen and any path below a screen (a trailing slash allowed). */
export function isConsoleRoute(pathname: string): boolean {
  if (pathname === "/") return true;
  const [empty, screen, ...below] = pathname.split("/");
  if (empty !== "" || screen === undefined || !SCREENS.has(`/${screen}`)) return false;
  if (below.at(-1) === "") below.pop();
  return below.every(isRecordSegment);
}
