/**
 * The search results page without JavaScript: the header's search form sends
 * `GET {prefix}/search-results/?q=...` (domain/routes.ts searchResultsPath). The edge serves
 * the build's page (site/src/features/search/SearchResultsTemplate.tsx: the shop's layout
 * with an empty result slot), asks the shop API's search (the same /apiv2/search the pages
 * call, one page of products, never logged: no consent can be asked without JavaScript)
 * and writes the results into the slot as plain HTML: links, prices, delivery times, and
 * pages by `&page=`. The page is open to everybody (the new search page stays behind its
 * cookie) and not indexed.
 */
import type { MiddlewareHandler } from "hono";
import { MINIMUM_SEARCH_CHARACTERS, type ContentResult, type ProductResult, type SearchData } from "@domain/search-api";
import { escapeHtml } from "../lib/escape-html";
import { SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER } from "../lib/shop-headers";
import { textsFor } from "../lib/texts";
import { forwardUpstream } from "./api-proxy";
import { PRIVATE_NO_STORE } from "./cache-policy";
import { replaceResponse, type EdgeDependencies, type EdgeEnv, type EdgeContext } from "./context";
import { withoutLanguage } from "./language-prefix";
import { serveStatic } from "./static-pages";

export const SEARCH_RESULTS_PAGE = "/search-results/";
/** The slot of the build's page (SearchResultsTemplate's SEARCH_RESULTS_SLOT), as React writes it. */
const SLOT = /(<section[^>]*data-slot="search-results-static"[^>]*>)(<\/section>)/;
export const RESULTS_PER_PAGE = 24;
/** The search API reads at most offset 10,000. */
const MAX_PAGE = 400;
const MAX_QUERY_CHARACTERS = 200;

type Texts = ReturnType<typeof textsFor>;

/** Only the shop's own paths become links. */
const safeLink = (link: string | null): string | null => (link && link.startsWith("/") && !link.startsWith("//") ? link : null);

function productHtml(item: ProductResult, t: Texts): string {
  const link = safeLink(item.link);
  const image =
    item.image && safeLink(item.image.url)
      ? `<img src="${escapeHtml(item.image.url)}" alt="${escapeHtml(item.image.alt)}" loading="lazy" width="96" height="96">`
      : "";
  const name = `${image}<span class="search-product-name">${escapeHtml(item.name)}</span>`;
  return [
    `<li class="search-product" data-testid="search-results-product" data-sku="${escapeHtml(item.sku)}">`,
    link ? `<a href="${escapeHtml(link)}">${name}</a>` : name,
    // Results that share a name are told apart by their brand and item number.
    item.manufacturer ? `<span class="search-product-brand">${escapeHtml(item.manufacturer)}</span>` : "",
    `<span class="search-product-sku">${escapeHtml(t("searchResults.sku", { sku: item.sku }))}</span>`,
    item.price ? `<span class="search-product-price">${escapeHtml(item.price.formattedWithCurrency)}</span>` : "",
    item.unitPrice
      ? `<span class="search-product-unit-price">${escapeHtml(`${item.unitPrice.formattedWithCurrency} / ${item.unitPrice.unitLabel}`)}</span>`
      : "",
    `<span class="search-product-delivery">${escapeHtml(item.inStock ? t("searchResults.delivery", { min: item.deliveryTime.min, max: item.deliveryTime.max }) : t("searchResults.outOfStock"))}</span>`,
    "</li>",
  ].join("");
}

function contentHtml(item: ContentResult): string {
  const link = safeLink(item.link);
  const title = link ? `<a href="${escapeHtml(link)}">${escapeHtml(item.title)}</a>` : `<strong>${escapeHtml(item.title)}</strong>`;
  return `<li class="search-content-item">${title}${item.text ? `<p>${escapeHtml(item.text)}</p>` : ""}</li>`;
}

/** The query string of another page of the same search. */
function pageHref(pathname: string, query: string, page: number): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `${pathname}?${params.toString()}`;
}

export function resultsHtml(data: SearchData, query: string, page: number, pathname: string, t: Texts): string {
  const products = data.searchResults.find((group) => group.type === "products");
  const content = data.searchResults
    .filter((group) => group.type === "advises" || group.type === "videos" || group.type === "infos")
    .flatMap((group) => group.results as ContentResult[]);
  const total = products?.totalResults ?? 0;
  const parts = [`<h2>${escapeHtml(t("searchResults.heading", { query }))}</h2>`];
  if (total === 0 && content.length === 0) {
    parts.push(`<p role="status" data-testid="search-results-none">${escapeHtml(t("searchResults.none", { query }))}</p>`);
    return parts.join("");
  }
  parts.push(`<p role="status" data-testid="search-results-count">${escapeHtml(t("searchResults.count", { count: total }))}</p>`);
  if (products && products.results.length > 0) {
    parts.push(`<ul class="search-products">${(products.results as ProductResult[]).map((item) => productHtml(item, t)).join("")}</ul>`);
  }
  const pages = Math.min(MAX_PAGE, Math.ceil(total / RESULTS_PER_PAGE));
  if (pages > 1) {
    const links = [
      page > 1 ? `<a rel="prev" href="${escapeHtml(pageHref(pathname, query, page - 1))}">${escapeHtml(t("searchResults.previous"))}</a>` : "",
      `<span>${escapeHtml(t("searchResults.pageOf", { page, count: pages }))}</span>`,
      page < pages ? `<a rel="next" href="${escapeHtml(pageHref(pathname, query, page + 1))}">${escapeHtml(t("searchResults.next"))}</a>` : "",
    ];
    parts.push(`<nav class="pagination">${links.filter(Boolean).join(" ")}</nav>`);
  }
  if (page === 1 && content.length > 0) {
    parts.push(`<h2>${escapeHtml(t("searchResults.content"))}</h2><ul class="search-content">${content.slice(0, 12).map(contentHtml).join("")}</ul>`);
  }
  return parts.join("");
}

async function searchSlot(
  c: EdgeContext,
  deps: EdgeDependencies,
  shopId: string,
  language: string,
  query: string,
  page: number,
  pathname: string,
): Promise<string> {
  const t = textsFor(language, "server");
  if ([...query].length < MINIMUM_SEARCH_CHARACTERS) {
    return query === ""
      ? ""
      : `<p role="status" data-testid="search-results-minimum">${escapeHtml(t("searchResults.minimum", { minimum: MINIMUM_SEARCH_CHARACTERS }))}</p>`;
  }
  const params = new URLSearchParams({ query, limit: String(RESULTS_PER_PAGE), offset: String((page - 1) * RESULTS_PER_PAGE), log: "false" });
  const forwarded = await forwardUpstream(c, deps, {
    path: "/apiv2/search",
    search: `?${params.toString()}`,
    extra: { [SHOP_ID_HEADER]: shopId, [SHOP_LANGUAGE_HEADER]: language },
    upload: false,
  });
  const unavailable = `<p role="alert" data-testid="search-results-unavailable">${escapeHtml(t("searchResults.unavailable"))}</p>`;
  if (forwarded.kind === "refused") return unavailable;
  const json = (await forwarded.response.json().catch(() => null)) as { data?: SearchData | null } | null;
  if (forwarded.response.status === 400) return `<p role="status" data-testid="search-results-none">${escapeHtml(t("searchResults.none", { query }))}</p>`;
  if (forwarded.response.status !== 200 || !json?.data) {
    console.error("search results page: search failed", forwarded.response.status);
    return unavailable;
  }
  return resultsHtml(json.data, query, page, pathname, t);
}

export function searchResults(deps: EdgeDependencies): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const site = c.get("site");
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || site.kind !== "shop") return next();
    const url = new URL(c.req.url);
    if (withoutLanguage(url.pathname, [...site.shop.domainPrefixes]) !== SEARCH_RESULTS_PAGE) return next();
    const shell = await serveStatic(c, site.shop, url.pathname);
    if (shell.status !== 200 || c.req.method === "HEAD") return shell;
    const query = [...(url.searchParams.get("q") ?? "").replace(/\s+/g, " ").trim()].slice(0, MAX_QUERY_CHARACTERS).join("");
    const rawPage = url.searchParams.get("page") ?? "1";
    const page = /^\d{1,3}$/.test(rawPage) ? Math.min(MAX_PAGE, Math.max(1, Number(rawPage))) : 1;
    const html = await shell.text();
    const slot = await searchSlot(c, deps, site.shop.id, c.get("language"), query, page, url.pathname);
    const headers = new Headers(shell.headers);
    headers.delete("content-length");
    headers.delete("etag");
    headers.delete("last-modified");
    headers.set("cache-control", PRIVATE_NO_STORE);
    headers.set("x-robots-tag", "noindex");
    replaceResponse(
      c,
      new Response(
        html.replace(SLOT, (_, open: string, close: string) => `${open}${slot}${close}`),
        { status: 200, headers },
      ),
    );
    return c.res;
  };
}
