import type { MiddlewareHandler } from "hono";
import type { ShopDefinition } from "@config/shop-config";
import type { AccountScreen } from "@domain/account";
import { CATEGORY_SORT_KEY, SORT_PARAM } from "@domain/category-listing";
import { accountPath, contactPath, manufacturerPath, slugPath } from "@domain/routes";
import { buildFile } from "./build-assets";
import type { EdgeEnv } from "./context";
import { locationOn, pathSegments, redirectResponse } from "./redirect";
import { siteStore } from "./site-store";
import { isServablePath } from "./static-pages";

/**
 * The legacy route shapes that are not files of the build (docs/decisions/0049):
 * each answers 301 to the page the build has for it, on the shop's preferred origin, with the
 * query kept; when the build has no such page the request goes on (and ends as the 404 page).
 *
 *   /{catalog-category}/Index      -> {prefix}/{catalog-category}.html       (the category page)
 *   /{cms}/Contact                 -> {prefix}/kontakt.html (contactez, ...)  (the contact page)
 *   /{manufacturer}/manufacturer   -> {prefix}/hersteller/{manufacturer}.html (the manufacturer page)
 *   /{account}/Login, /{account}/CreateAccount, /{account}/OrderOverview, /{account}/PasswordReset
 *                                  -> {prefix}/customer/account/{screen}/      (the account screen;
 *                                     the first segment is optional and any one segment)
 *
 * and the listing URLs of a category in another sort order that earlier builds had as pages
 * (docs/decisions/0054): bookmarks and shared links keep working.
 *
 *   /{category}/sort-price-asc.html        -> {category}.html?sort=price-asc
 *   /{category}/sort-price-asc-page-3.html -> {category}.html?sort=price-asc&page=3
 *
 * `{prefix}` is the language segment on a shop with prefixes (CH: /fr/...); the language of the
 * request decides the contact page's and the manufacturers' localised segment. Only GET and HEAD.
 */
/** The language segment a path starts with on a shop with prefixes (`/fr`), else "". */
function languagePrefixOf(shop: ShopDefinition, pathname: string): string {
  const first = pathname.split("/")[1] ?? "";
  return (shop.domainPrefixes as readonly string[]).includes(first) ? `/${first}` : "";
}

/** The account screens the old shop had under `/{account}/{screen}` (first segment optional). */
const LEGACY_ACCOUNT_SCREENS: ReadonlySet<string> = new Set<AccountScreen>(["CreateAccount", "Login", "OrderOverview", "PasswordReset"]);

/** An earlier build's listing page in another order: `sort-price-asc.html`, `sort-price-asc-page-3.html` (the order a CATEGORY_SORT_KEY). */
const OLD_SORT_PAGE = /^sort-([a-z]+-[a-z]+)(?:-page-([1-9][0-9]{0,3}))?\.html$/;

/** Where a SPEC route shape or an old sort page leads: the build's path and the query to add. */
interface SpecRouteTarget {
  path: string;
  query: Record<string, string>;
}

function specRouteTarget(shop: ShopDefinition, language: string, pathname: string): SpecRouteTarget | null {
  const prefix = languagePrefixOf(shop, pathname);
  const rest = pathname.slice(prefix.length);
  const segments = pathSegments(rest);
  if (segments.length === 0 || rest.endsWith("/") || !isServablePath(rest)) return null;
  const last = segments[segments.length - 1]!;
  const base = segments.slice(0, -1);
  const routing = { domainPrefixes: shop.domainPrefixes };
  const [, oldSortKey, oldSortPage] = OLD_SORT_PAGE.exec(last) ?? [];
  let target: string | null = null;
  const query: Record<string, string> = {};
  if (LEGACY_ACCOUNT_SCREENS.has(last)) target = base.length <= 1 ? accountPath(routing, language, last as AccountScreen) : null;
  else if (base.length === 0) target = null;
  else if (last === "Index") target = slugPath(routing, language, base.join("/"));
  else if (last === "Contact" && base.length === 1) target = contactPath(routing, language);
  else if (last === "manufacturer" && base.length === 1) target = manufacturerPath(routing, language, base[0]!);
  else if (oldSortKey && CATEGORY_SORT_KEY.test(oldSortKey)) {
    target = slugPath(routing, language, base.join("/"));
    query[SORT_PARAM] = oldSortKey;
    if (oldSortPage && oldSortPage !== "1") query.page = oldSortPage;
  }
  return target && isServablePath(target) ? { path: target, query } : null;
}

/** The request's query with the target's parameters set (they replace the same names); without any, the query as it came. */
function searchWith(search: string, query: Record<string, string>): string {
  if (Object.keys(query).length === 0) return search;
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(query)) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function specRoutes(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const site = c.get("site");
    if (site.kind !== "shop") return next();
    const url = new URL(c.req.url);
    const target = specRouteTarget(site.shop, c.get("language"), url.pathname);
    if (!target) return next();
    const store = siteStore(c, site.shop);
    // Whether the build has the page: a HEAD, so no store reads the file's bytes for it.
    if (!store || !(await store.file(site.shop.id, buildFile(target.path), new Request(url, { method: "HEAD" })))) return next();
    return redirectResponse(locationOn(site.preferredOrigin, pathSegments(target.path), target.path.endsWith("/"), searchWith(url.search, target.query)), 301);
  };
}
