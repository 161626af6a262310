/**
 * SEO helpers shared by page creation, the page heads and the sitemap: hreflang values
 * per shop and language, alternate links across shops, absolute URLs on the shop's
 * production host, sitemap and robots.txt documents.
 */
export interface AlternateLink {
  hreflang: string;
  href: string;
}

/** hreflang per shop and language; the brand shop is a different brand and has none. */
const HREFLANG: Record<string, Record<string, string>> = {
  DE: { de: "de-DE" },
  CH: { de: "de-CH", fr: "fr-CH", it: "it-CH" },
  AT: { at: "de-AT" },
  FR: { fr: "fr-FR" },
  IT: { it: "it-IT" },
  NL: { nl: "nl-NL" },
  COM: { en: "en" },
};

/** The shop whose page is the x-default. */
export const X_DEFAULT_SHOP = "DE";

export function hreflangFor(shopId: string, language: string): string | null {
  return HREFLANG[shopId]?.[language] ?? null;
}

export function hreflangShops(): string[] {
  return Object.keys(HREFLANG);
}

export function absoluteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * Alternate links of one page from its versions in the shops (including itself),
 * in a stable order, plus x-default pointing at the DE version when there is one.
 * A page with no version in another shop or language gets no alternates at all.
 */
export function alternateLinks(versions: { shopId: string; language: string; href: string }[]): AlternateLink[] {
  const links = new Map<string, AlternateLink>();
  for (const version of versions) {
    const hreflang = hreflangFor(version.shopId, version.language);
    if (hreflang && !links.has(hreflang)) links.set(hreflang, { hreflang, href: version.href });
  }
  if (links.size < 2) return [];
  // hreflang values are ASCII: their code-unit order is the alphabetical one, without an ICU collator (whose first use costs the browser a long task).
  const sorted = [...links.values()].sort((a, b) => (a.hreflang < b.hreflang ? -1 : a.hreflang > b.hreflang ? 1 : 0));
  const fallback = versions.find((version) => version.shopId === X_DEFAULT_SHOP && hreflangFor(version.shopId, version.language));
  if (fallback) sorted.push({ hreflang: "x-default", href: fallback.href });
  return sorted;
}

/**
 * A page's alternates as its page context carries them (docs/decisions/0055): each path with
 * the hreflang values that have the page there, the path relative to the hreflang's base (its
 * shop's production origin and language prefix, `HreflangBases`, which every page of a shop
 * language has in its shop data file). The x-default is left out: it is the de-DE version
 * whenever there is one (alternateLinks). Shops of one language mostly share a product's slug,
 * so a path is there once for all of them.
 */
export type PageAlternates = Record<string, string[]>;

/** hreflang -> its shop's production origin and language prefix (`https://www.shop.example.ch/fr`). */
export type HreflangBases = Record<string, string>;

/** Every hreflang with its shop and language. */
export function hreflangVersions(): { shopId: string; language: string; hreflang: string }[] {
  return Object.entries(HREFLANG).flatMap(([shopId, languages]) => Object.entries(languages).map(([language, hreflang]) => ({ shopId, language, hreflang })));
}

export function packAlternates(links: AlternateLink[], bases: HreflangBases): PageAlternates {
  const packed: PageAlternates = {};
  for (const link of links) {
    if (link.hreflang === "x-default") continue;
    const base = bases[link.hreflang];
    if (base === undefined || !link.href.startsWith(`${base}/`))
      throw new Error(`${link.href} (${link.hreflang}) is not below its hreflang's base ${base ?? "(none)"}`);
    (packed[link.href.slice(base.length)] ??= []).push(link.hreflang);
  }
  return packed;
}

/** The alternate links of a page again, as alternateLinks gave them (its order and x-default). */
export function unpackAlternates(packed: PageAlternates, bases: HreflangBases): AlternateLink[] {
  const versionOf = new Map(hreflangVersions().map((version) => [version.hreflang, version]));
  return alternateLinks(
    Object.entries(packed).flatMap(([path, hreflangs]) =>
      hreflangs.flatMap((hreflang) => {
        const version = versionOf.get(hreflang);
        return version ? [{ shopId: version.shopId, language: version.language, href: `${bases[hreflang] ?? ""}${path}` }] : [];
      }),
    ),
  );
}

export interface SitemapEntry {
  loc: string;
  lastmod?: string | null;
  alternates?: AlternateLink[];
}

/** Sitemaps hold at most 50,000 URLs; stay below with room to spare. */
export const SITEMAP_PART_SIZE = 40_000;

const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function sitemapPart(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lines = [`<url><loc>${xmlEscape(entry.loc)}</loc>`];
    if (entry.lastmod) lines.push(`<lastmod>${xmlEscape(entry.lastmod.slice(0, 10))}</lastmod>`);
    for (const alternate of entry.alternates ?? []) {
      lines.push(`<xhtml:link rel="alternate" hreflang="${xmlEscape(alternate.hreflang)}" href="${xmlEscape(alternate.href)}"/>`);
    }
    lines.push("</url>");
    return lines.join("");
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function sitemapIndex(partUrls: string[]): string {
  const items = partUrls.map((url) => `<sitemap><loc>${xmlEscape(url)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** Splits entries into named parts: `sitemap-<group>-<n>.xml`, each at most SITEMAP_PART_SIZE long. */
export function sitemapFiles(origin: string, groups: Record<string, SitemapEntry[]>): Map<string, string> {
  const files = new Map<string, string>();
  const partUrls: string[] = [];
  for (const [group, entries] of Object.entries(groups)) {
    const sorted = [...entries].sort((a, b) => a.loc.localeCompare(b.loc));
    for (let start = 0, part = 1; start < sorted.length; start += SITEMAP_PART_SIZE, part += 1) {
      const name = `sitemap-${group}-${part}.xml`;
      files.set(name, sitemapPart(sorted.slice(start, start + SITEMAP_PART_SIZE)));
      partUrls.push(absoluteUrl(origin, `/${name}`));
    }
  }
  files.set("sitemap.xml", sitemapIndex(partUrls));
  return files;
}

export function robotsTxt(origin: string, disallow: string[]): string {
  return ["User-agent: *", ...disallow.map((path) => `Disallow: ${path}`), "", `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`, ""].join("\n");
}

/** Whether a robots meta value lets the page be indexed (and so listed in the sitemap). */
export function isIndexable(robots: string): boolean {
  return !/(^|,)\s*(noindex|none)\s*(,|$)/i.test(robots);
}
