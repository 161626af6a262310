import type { MiddlewareHandler } from "hono";
import type { Language, ShopConfig } from "@config/shop-config";
import { isCampaignCarouselPath } from "@domain/campaign";
import { addVary, markPersonal, mutableResponse, type EdgeEnv } from "./context";
import { readCookie } from "./cookies";
import { PageError } from "./page-error";
import { chooseLocale, localeSetCookie, shopFallback } from "./locale-choice";
import { locationOn, pathSegments, redirectResponse } from "./redirect";

/**
 * The language and domain rules (docs/decisions/0004), for shops with `hostLanguageRules` (DE, CH)
 * and the no-shop-found shop; other shops take their language from the shop.
 *
 * - The language is the first path segment when it is one of `urlLanguages`.
 * - A shop without domain prefixes answers a language-prefixed path with 404.
 * - A shop with prefixes serves a path that starts with one of them (and stores
 *   the language in the locale cookie when it differs: choosing by link). Any
 *   other path is redirected to the preferred origin with a language prefix and
 *   the path with its language segments removed, query kept. The language comes
 *   from the path when it names one, else from locale-choice.ts.
 */
/** Build folders of files every page loads without a language prefix. */
const FILE_FOLDERS = ["/page-data/", "/static/", "/_gatsby/"];

/**
 * True for the files pages load (bundles, page-data, images, sw.js, robots.txt):
 * they are one set per build, unprefixed, so the language rules leave them alone.
 * Pages are paths ending in `/` or `.html`, or without an extension.
 */
export function isFilePath(pathname: string): boolean {
  // The campaign carousel route is a page of the language (domain/campaign.ts), though under /static/.
  if (isCampaignCarouselPath(pathname)) return false;
  if (FILE_FOLDERS.some((folder) => pathname.startsWith(folder))) return true;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return /\.[A-Za-z0-9]{1,12}$/.test(last) && !last.endsWith(".html");
}

export function languageRules(config: ShopConfig): MiddlewareHandler<EdgeEnv> {
  const urlLanguages = new Set<string>(config.urlLanguages);
  const settings = config.edge;
  return async (c, next) => {
    const site = c.get("site");
    if (site.kind === "shop" && !site.shop.hostLanguageRules) {
      c.set("language", site.shop.defaultLanguage);
      return next();
    }
    const url = new URL(c.req.url);
    const first = url.pathname.split("/")[1] ?? "";
    const prefixes = site.kind === "shop" ? site.shop.domainPrefixes : [];

    if (prefixes.length === 0 || site.kind !== "shop") {
      c.set("language", site.kind === "shop" ? site.shop.defaultLanguage : config.fallbackLanguage);
      if (urlLanguages.has(first)) throw new PageError(404, "language prefix on a shop without domain prefixes");
      return next();
    }

    if ((prefixes as string[]).includes(first)) {
      const language = first as Language;
      c.set("language", language);
      await next();
      const response = c.res;
      if (response.status < 400 && !isFilePath(url.pathname) && readCookie(c.req.raw, settings.localeCookie) !== language) {
        mutableResponse(c).headers.append("set-cookie", localeSetCookie(settings, language, url.protocol === "https:"));
      }
      return;
    }

    if (isFilePath(url.pathname)) return next();

    let language: Language;
    if (urlLanguages.has(first)) {
      language = shopFallback(site.shop, config.fallbackLanguage);
    } else {
      language = chooseLocale(c.req.raw, prefixes, settings, shopFallback(site.shop, config.fallbackLanguage)).language;
      markPersonal(c);
      addVary(c, "Accept-Language");
      addVary(c, "User-Agent");
    }
    c.set("language", language);
    const segments = pathSegments(url.pathname).filter((segment) => !urlLanguages.has(segment));
    const trailingSlash = url.pathname.endsWith("/") || segments.length === 0;
    return redirectResponse(locationOn(site.preferredOrigin, [language, ...segments], trailingSlash, url.search), 302, {
      "cache-control": "private, no-store",
    });
  };
}
