import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { loadShopConfig } from "@scripts/lib/shops";
import { fetchPage, TEST_HOSTS, testHost, type Fetched } from "./site";

/**
 * What every crawl of the built shops shares: where a shop's build is, the list of its built pages,
 * a cached fetch through the test worker, and the page-reading helpers (visible text, attributes,
 * hreflang alternates, canonical).
 */
const DIST = process.env.E2E_DIST ?? join(__dirname, "..", "..", "..", ".e2e", "dist");
const BUILDS = process.env.E2E_BUILDS ?? join(__dirname, "..", "..", "..", ".e2e", "build");
export const onR2 = (shop: string) => loadShopConfig().shops.find((each) => each.id === shop)?.assets === "r2";
/** Where a shop's published build is on disk: dist/<SHOP>, or for a shop on R2 the output of its build that was uploaded. */
export const builtRoot = (shop: string) => (onR2(shop) ? join(BUILDS, shop, "public") : join(DIST, shop));
export const SHOPS = [
  { id: "DE", host: testHost("DE"), origin: "https://www.bodenhaus.example", currency: "EUR", symbol: "€", foreign: "CHF" },
  { id: "CH", host: testHost("CH"), origin: "https://www.bodenhaus.example.ch", currency: "CHF", symbol: "CHF", foreign: "€" },
  { id: "FR", host: testHost("FR"), origin: "https://www.bodenhaus.example.fr", currency: "EUR", symbol: "€", foreign: "CHF" },
];

type Locale = Record<string, unknown>;
export const locale = (language: string) =>
  JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "locales", language, "translation.json"), "utf8")) as Locale;
export function leaves(tree: Locale, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value as Locale, `${prefix}${key}.`),
  );
}
export const GERMAN = new Map(leaves(locale("de")));
export const KEYS = [...GERMAN.keys()].map((key) => key.replace(/_(one|other)$/, ""));

export function builtPages(shop: string): string[] {
  const root = builtRoot(shop);
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === "page-data" || entry.name.startsWith("_") || entry.name === "static" ? [] : walk(path);
      if (!entry.name.endsWith(".html") || path === "/404.html") return [];
      return [path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path];
    });
  return walk("");
}

/** Every page-data.json of a shop's build (the pages' props: the videos a player plays are only there). */
export function pageDataFiles(shop: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name === "page-data.json" ? [join(dir, entry.name)] : [],
    );
  return walk(join(builtRoot(shop), "page-data"));
}

/** A download or video of the media store as a page names it (docs/decisions/0068). */
export const MEDIA_REFERENCE = /"(\/(?:downloads|videos)\/[^"\s]+\.(?:pdf|mp4|webm))"/g;

const cache = new Map<string, Promise<Fetched>>();
/** With the new-search cookie: the built search page is gated (its gate is tested in search.spec.ts). */
export const get = (host: string, path: string) => {
  const key = `${host}${path}`;
  if (!cache.has(key)) cache.set(key, fetchPage(host, path, "new_search_enabled=1"));
  return cache.get(key)!;
};

export const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;
export const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
export function visibleText(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return decode(
    body
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");
}
export function alternatesOf(html: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const [tag] of html.matchAll(/<link[^>]*rel="alternate"[^>]*>/g)) {
    const hreflang = attr(tag!, "hreflang");
    const href = attr(tag!, "href");
    if (hreflang && href) links.set(hreflang, decode(href));
  }
  return links;
}
export const canonicalOf = (html: string) => decode(attr(/<link[^>]*rel="canonical"[^>]*>/.exec(html)?.[0] ?? "", "href") ?? "");
export const testLocation = (url: string): { host: string; path: string } | null => {
  const parsed = new URL(url);
  const host = TEST_HOSTS[parsed.origin];
  return host ? { host, path: `${parsed.pathname}${parsed.search}` } : null;
};
