import type { MiddlewareHandler } from "hono";
import type { ShopConfig } from "@config/shop-config";
import { escapeHtml } from "../lib/escape-html";
import { textsFor } from "../lib/texts";
import { markPersonal, type EdgeContext, type EdgeEnv } from "./context";
import { DAY_SECONDS, hasCookie, serializeCookie } from "./cookies";
import { withoutLanguage } from "./language-prefix";
import { locationOn, pathSegments } from "./redirect";

/**
 * Developer mode (docs/decisions/0049). With the developer-mode cookie
 * (config edge.developerModeCookie) set:
 *
 * - the storefront's application is disabled: every answer to this browser carries a CSP whose
 *   `script-src` is `'none'` (security-headers.ts), so the browser runs no script of the page at
 *   all (no hydration, no app bundle, no inline loader, no third party) and shows the static
 *   HTML as the build wrote it. Enter it by setting the cookie and opening the developer-mode
 *   page, whose answer empties the browser's cache of the shop's pages (`Clear-Site-Data`). The browser enforces it, so nothing in the page can switch it
 *   back on; the answers are private (`Vary: Cookie`) and the build's validators are not passed
 *   on (static-pages.ts), so no cached copy of a page with its scripts allowed comes back as a 304;
 * - the developer-mode page (`/developer-mode.html`, `/DeveloperMode`, also behind a language
 *   prefix) lists the gates of config edge.gates and the international entry with their state,
 *   and toggles them with plain forms (this page must work without JavaScript): a POST to the
 *   page sets or deletes the gate's cookie and answers 303 back to it. Turning the
 *   developer-mode gate off leaves developer mode. Cross-site POSTs never get here
 *   (same-origin.ts). Without the cookie the page is 404 (cookie-gates.ts).
 *
 * The page speaks the developers' language, English, whatever the shop's (locales/en/errors.json).
 */

export const DEVELOPER_MODE_ROUTES = new Set(["/DeveloperMode", "/developer-mode.html"]);
const DEVELOPER_LANGUAGE = "en";
/**
 * The developer-mode page and its toggles empty the browser's HTTP cache of the shop's origin:
 * pages are cacheable for a minute (cache-policy.ts HTML_CACHE) and a copy kept from before
 * developer mode, its scripts allowed, would otherwise be shown again without asking the edge.
 */
const CLEAR_CACHE = '"cache"';

/** How long a gate's cookie set here lasts. */
const GATE_COOKIE_DAYS = 30;

export function isDeveloperMode(c: EdgeContext, config: ShopConfig): boolean {
  return hasCookie(c.req.raw, config.edge.developerModeCookie);
}

interface GateView {
  guard: string;
  cookie: string;
  paths: readonly string[];
  on: boolean;
}

/** The gates the page can toggle: those whose guard is a cookie this config names. */
function gateViews(c: EdgeContext, config: ShopConfig): GateView[] {
  const cookies: Record<string, string> = { "new-search": config.edge.newSearchCookie, "developer-mode": config.edge.developerModeCookie };
  return config.edge.gates.flatMap((gate) => {
    const cookie = cookies[gate.guard];
    return cookie ? [{ guard: gate.guard, cookie, paths: gate.paths, on: hasCookie(c.req.raw, cookie) }] : [];
  });
}

/** The developer-mode page: the gates with their state and a toggle each, the international entry, the app's state. */
export function developerModePage(c: EdgeContext, config: ShopConfig, action: string): string {
  const t = textsFor(DEVELOPER_LANGUAGE, "errors");
  const site = c.get("site");
  const shopId = site.kind === "shop" ? site.shop.id : "";
  const title = escapeHtml(t("developerMode.title"));
  const rows = gateViews(c, config)
    .map((gate) => {
      const state = gate.on ? t("developerMode.on") : t("developerMode.off");
      const button = gate.on ? t("developerMode.turnOff") : t("developerMode.turnOn");
      const paths = gate.paths.map((path) => `<code>${escapeHtml(path)}</code>`).join(", ");
      return `<tr data-gate="${escapeHtml(gate.guard)}"><th scope="row">${escapeHtml(t(`developerMode.gates.${gate.guard}`))}<br><small>${paths} · <code>${escapeHtml(gate.cookie)}</code></small></th>
<td data-state="${gate.on ? "on" : "off"}">${escapeHtml(state)}</td>
<td><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="gate" value="${escapeHtml(gate.guard)}"><input type="hidden" name="state" value="${gate.on ? "off" : "on"}"><button type="submit">${escapeHtml(button)}</button></form></td></tr>`;
    })
    .join("\n");
  const entry = config.edge.internationalEntry;
  const international = entry
    ? `<tr data-gate="international-entry"><th scope="row">${escapeHtml(t("developerMode.gates.international-entry"))}<br><small><code>/${escapeHtml(entry.pathSegment)}/</code> · <code>?${escapeHtml(entry.queryParameter)}=${escapeHtml(entry.shop)}</code></small></th>
<td data-state="on">${escapeHtml(t("developerMode.on"))}</td><td><a href="/${escapeHtml(entry.pathSegment)}/">${escapeHtml(t("developerMode.open", { shop: entry.shop }))}</a></td></tr>`
    : "";
  return `<!doctype html><html lang="${DEVELOPER_LANGUAGE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ccc;vertical-align:top}</style></head>
<body><main><h1>${title}</h1><p>${escapeHtml(t("developerMode.text", { shop: shopId }))}</p>
<h2>${escapeHtml(t("developerMode.gatesTitle"))}</h2>
<table><thead><tr><th scope="col">${escapeHtml(t("developerMode.gate"))}</th><th scope="col">${escapeHtml(t("developerMode.state"))}</th><th scope="col"></th></tr></thead><tbody>
${rows}
${international}
</tbody></table>
<p><a href="/">${escapeHtml(t("page.home"))}</a></p></main></body></html>`;
}

/** The Set-Cookie that turns a gate on (a value of 1) or off (deleted). */
function gateCookie(name: string, on: boolean, https: boolean): string {
  // Not HttpOnly: the search page reads its gate's cookie (site/src/features/search/SearchResults.tsx).
  return serializeCookie(name, on ? "1" : "", { maxAgeSeconds: on ? GATE_COOKIE_DAYS * DAY_SECONDS : 0, secure: https, httpOnly: false, sameSite: "Lax" });
}

export function developerMode(config: ShopConfig): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (c.get("site").kind === "back-office" || !isDeveloperMode(c, config)) return next();
    c.set("developerMode", true);
    markPersonal(c);
    const url = new URL(c.req.url);
    if (!DEVELOPER_MODE_ROUTES.has(withoutLanguage(url.pathname, config.urlLanguages))) return next();
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      const body = c.req.method === "HEAD" ? null : developerModePage(c, config, url.pathname);
      return new Response(body, { headers: { "content-type": "text/html; charset=utf-8", "clear-site-data": CLEAR_CACHE } });
    }
    if (c.req.method !== "POST") return next();
    const form = await c.req.raw.formData().catch(() => null);
    const gate = gateViews(c, config).find((view) => view.guard === form?.get("gate"));
    const state = form?.get("state");
    if (!gate || (state !== "on" && state !== "off")) {
      return new Response(null, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    const site = c.get("site");
    const origin = site.kind === "shop" ? site.preferredOrigin : url.origin;
    // Leaving developer mode lands on the home page (the developer page is gated by that cookie).
    const back = gate.guard === "developer-mode" && state === "off" ? [] : pathSegments(url.pathname);
    return new Response(null, {
      status: 303,
      headers: {
        location: locationOn(origin, back, back.length === 0, ""),
        "set-cookie": gateCookie(gate.cookie, state === "on", url.protocol === "https:"),
        "clear-site-data": CLEAR_CACHE,
      },
    });
  };
}
