import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BuildArgs } from "gatsby";
import { robotsTxt, sitemapFiles, unpackAlternates, type HreflangBases, type PageAlternates, type SitemapEntry } from "../src/lib/seo";
import type { PageSeo } from "./create-pages";

/**
 * After the build: sitemap.xml (an index) with one part per language listing exactly the
 * built pages that may be indexed (with their hreflang alternates), and robots.txt.
 * Both come from the pages' own SEO context, so they cannot disagree with the pages.
 */
const DISALLOW = ["/search/", "/checkout/", "/customer/", "/returns/"];

interface PageEntry {
  path: string;
  context?: { language?: string; seo?: PageSeo; alternates?: PageAlternates };
}

export function writeSitemaps(
  { getNodesByType, reporter, store }: Pick<BuildArgs, "getNodesByType" | "reporter" | "store">,
  publicDir = path.resolve("public"),
): void {
  const shop = getNodesByType("ShopInfo")[0] as unknown as { origin: string; hreflangBases: HreflangBases } | undefined;
  if (!shop) return;
  const groups: Record<string, SitemapEntry[]> = {};
  // The created pages with their context (SitePage nodes do not carry the context).
  const pages = (store.getState() as { pages: Map<string, PageEntry> }).pages;
  for (const page of pages.values()) {
    const seo = page.context?.seo;
    if (!seo?.sitemap) continue;
    const language = page.context?.language ?? "all";
    (groups[language] ??= []).push({
      loc: seo.canonical,
      lastmod: seo.lastmod,
      alternates: unpackAlternates(page.context?.alternates ?? {}, shop.hreflangBases),
    });
  }
  mkdirSync(publicDir, { recursive: true });
  const files = sitemapFiles(shop.origin, groups);
  for (const [name, content] of files) writeFileSync(path.join(publicDir, name), content);
  writeFileSync(path.join(publicDir, "robots.txt"), robotsTxt(shop.origin, DISALLOW));
  const count = Object.values(groups).reduce((sum, list) => sum + list.length, 0);
  reporter.info(`sitemap: ${count} pages in ${files.size - 1} part(s), robots.txt`);
}
