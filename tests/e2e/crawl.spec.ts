import { expect, test } from "@playwright/test";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fetchPage } from "./support/site";
import {
  onR2,
  builtRoot,
  SHOPS,
  locale,
  leaves,
  GERMAN,
  KEYS,
  builtPages,
  get,
  attr,
  decode,
  visibleText,
  alternatesOf,
  canonicalOf,
  testLocation,
  pageDataFiles,
  MEDIA_REFERENCE,
} from "./support/crawl";

/**
 * Crawls every built page of the DE, CH and FR shops through the worker and fails on a broken
 * internal link, a raw translation key or German fallback text on a non-German page, a
 * wrong currency, a non-reciprocal hreflang pair, or a sitemap that does not list exactly
 * the indexable built pages, or a download or video that is not in the media store with its
 * type (a video answering the Range request a player seeks with). FR is published to R2 (`assets: "r2"`, docs/decisions/0053): its
 * pages are those of its last build, and the crawl checks that the worker serves them from R2.
 */
for (const shop of SHOPS) {
  test(`every built page of ${shop.id} is sound (links, translations, currency, hreflang, sitemap)`, async () => {
    test.setTimeout(600_000);
    expect(existsSync(builtRoot(shop.id)), `${shop.id} is built`).toBe(true);
    if (onR2(shop.id)) {
      // Served from R2: the release record's ETag is its content hash (worker/lib/site-assets.ts), which static assets never send.
      const record = await fetchPage(shop.host, "/.release.json");
      expect(record.status).toBe(200);
      expect(record.etag).toBe(`"${createHash("sha256").update(record.body).digest("hex").slice(0, 32)}"`);
    }
    const pages = builtPages(shop.id);
    expect(pages.length).toBeGreaterThan(20);
    const problems: string[] = [];
    const indexable = new Set<string>();
    for (const path of pages) {
      const page = await get(shop.host, path);
      if (page.status !== 200) {
        problems.push(`${path}: status ${page.status}`);
        continue;
      }
      const html = page.body;
      const language = /<html[^>]*lang="([^"]+)"/.exec(html)?.[1] ?? "";
      const robots = attr(/<meta name="robots"[^>]*>/.exec(html)?.[0] ?? "", "content") ?? "";
      const canonical = canonicalOf(html);
      if (!/<title[^>]*>[^<]+<\/title>/.test(html)) problems.push(`${path}: no title`);
      if (!canonical.startsWith(`${shop.origin}/`)) problems.push(`${path}: canonical ${canonical}`);
      if (!robots.includes("noindex") && canonical === `${shop.origin}${path}`) indexable.add(canonical);
      // Media is served by every shop itself: no page names the old media host nothing serves.
      if (html.includes("media.bodenhaus.example")) problems.push(`${path}: names media.bodenhaus.example`);

      // Internal links answer 200.
      for (const [tag] of html.matchAll(/<a\s[^>]*href="([^"#]*)[^"]*"[^>]*>/g)) {
        const href = decode(attr(tag!, "href") ?? "");
        if (!href || href.startsWith("#") || href.startsWith("mailto:") || href.startsWith("tel:")) continue;
        let target: { host: string; path: string } | null;
        if (href.startsWith("/")) target = { host: shop.host, path: href.split("#")[0]! };
        else if (/^https?:/.test(href)) target = testLocation(href);
        else target = null;
        // The cart and checkout pages are built for every shop language: their links are checked like any other.
        // The customer account does not exist yet (a later issue): its nofollow links are still left out.
        if (!target || (tag!.includes('rel="nofollow"') && /\/customer\//.test(target.path))) continue;
        const linked = await get(target.host, target.path);
        if (linked.status !== 200) problems.push(`${path}: broken link ${href} (${linked.status})`);
        else if (target.path.startsWith("/downloads/") && linked.type !== "application/pdf") problems.push(`${path}: ${href} is ${linked.type}, not a PDF`);
      }

      // Translations: no raw keys; no German fallback text on French or Italian pages.
      const text = visibleText(html);
      for (const key of KEYS)
        if (text.includes(key) && new RegExp(`(^|\\s)${key.replace(/[.$-]/g, "\\$&")}(\\s|$)`).test(text)) problems.push(`${path}: raw key ${key}`);
      if (!language.startsWith("de")) {
        const own = new Map(leaves(locale(language.slice(0, 2))));
        for (const [key, german] of GERMAN) {
          if (german.length < 15 || german.includes("{{") || own.get(key) === german) continue;
          if (text.includes(german)) problems.push(`${path}: German text for ${key}`);
        }
      }

      // Currency: JSON-LD offers and visible prices in the shop's currency only.
      for (const [, json] of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
        const data = JSON.parse(json!) as { "@type"?: string; offers?: { priceCurrency?: string } };
        if (data["@type"] === "Product" && data.offers && data.offers.priceCurrency !== shop.currency)
          problems.push(`${path}: JSON-LD currency ${data.offers.priceCurrency}`);
      }
      // Prices on the page (price elements, calculator total) are in the shop's currency.
      for (const [, price] of html.matchAll(/class="[^"]*\bprice[^"]*"[^>]*>([^<]+)</g)) {
        if (price!.includes(shop.foreign) || (/\d/.test(price!) && !price!.includes(shop.symbol)))
          problems.push(`${path}: price "${price}" not in ${shop.currency}`);
      }

      // hreflang: self-referencing and reciprocal within the shops built here.
      const alternates = alternatesOf(html);
      if (alternates.size > 0) {
        if (![...alternates.values()].includes(canonical)) problems.push(`${path}: hreflang set lacks the page itself`);
        if (!alternates.has("x-default") && [...alternates.values()].some((href) => href.startsWith("https://www.bodenhaus.example/")))
          problems.push(`${path}: no x-default`);
        for (const [hreflang, href] of alternates) {
          if (hreflang === "x-default" || href === canonical) continue;
          const target = testLocation(href);
          if (!target) continue;
          const other = await get(target.host, target.path);
          if (other.status !== 200) {
            problems.push(`${path}: hreflang ${hreflang} -> ${href} answers ${other.status}`);
            continue;
          }
          const back = alternatesOf(other.body);
          if (![...back.values()].includes(canonical)) problems.push(`${path}: ${href} (${hreflang}) does not link back`);
        }
      }
    }

    // Every download and video the pages name (their props included: a player's video is only there)
    // is in the media store: a PDF whole, a video by the first range a player asks for.
    const media = new Set<string>();
    for (const file of pageDataFiles(shop.id)) {
      const data = readFileSync(file, "utf8");
      if (data.includes("media.bodenhaus.example")) problems.push(`${file}: names media.bodenhaus.example`);
      for (const [, reference] of data.matchAll(MEDIA_REFERENCE)) media.add(reference!);
    }
    expect(
      [...media].some((reference) => reference.startsWith("/videos/")),
      "the pages play videos",
    ).toBe(true);
    expect(
      [...media].some((reference) => reference.endsWith(".pdf")),
      "the pages link PDFs",
    ).toBe(true);
    for (const reference of media) {
      const video = reference.startsWith("/videos/");
      const file = await fetchPage(shop.host, reference, undefined, video ? { range: "bytes=0-1023" } : {});
      const type = video ? (reference.endsWith(".webm") ? "video/webm" : "video/mp4") : "application/pdf";
      if (file.status !== (video ? 206 : 200) || file.type !== type) problems.push(`${reference}: ${file.status} ${file.type}`);
      else if (video && !/^bytes 0-1023\/\d+$/.test(file.contentRange ?? "")) problems.push(`${reference}: Content-Range ${file.contentRange}`);
      else if (!video && !file.body.startsWith("%PDF-")) problems.push(`${reference}: not a PDF`);
    }

    // The sitemap lists exactly the indexable built pages.
    // The edge redirects CH's root paths to a language prefix; sitemap.xml and robots.txt
    // should be exempt (reported to the edge); until then follow one redirect.
    const root = async (path: string) => {
      const first = await get(shop.host, path);
      return first.status >= 300 && first.status < 400 && first.location ? get(shop.host, new URL(first.location, `http://${shop.host}`).pathname) : first;
    };
    const index = await root("/sitemap.xml");
    if (index.status !== 200) problems.push(`/sitemap.xml answers ${index.status} (the edge must serve it without a language redirect)`);
    const listed = new Set<string>();
    for (const [, part] of index.body.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const location = testLocation(part!)!;
      const sitemap = await get(location.host, location.path);
      expect(sitemap.status, part).toBe(200);
      for (const [, loc] of sitemap.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)) listed.add(decode(loc!));
    }
    for (const url of indexable) if (!listed.has(url)) problems.push(`sitemap lacks ${url}`);
    for (const url of listed) if (!indexable.has(url)) problems.push(`sitemap lists ${url}, not an indexable built page`);
    const robots = await root("/robots.txt");
    if (!robots.body.includes(`Sitemap: ${shop.origin}/sitemap.xml`)) problems.push(`/robots.txt answers ${robots.status} without the sitemap line`);

    expect(problems, problems.slice(0, 40).join("\n")).toEqual([]);
  });
}
