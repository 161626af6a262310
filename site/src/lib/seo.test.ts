import { alternateLinks, hreflangFor, hreflangVersions, isIndexable, packAlternates, robotsTxt, sitemapFiles, unpackAlternates } from "./seo";

describe("hreflang", () => {
  test("values per shop and language", () => {
    expect(hreflangFor("DE", "de")).toBe("de-DE");
    expect(hreflangFor("CH", "fr")).toBe("fr-CH");
    expect(hreflangFor("AT", "at")).toBe("de-AT");
    expect(hreflangFor("COM", "en")).toBe("en");
    expect(hreflangFor("BRAND", "de")).toBeNull();
  });

  test("alternates list every version and x-default -> DE", () => {
    const links = alternateLinks([
      { shopId: "CH", language: "fr", href: "https://ch/fr/p.html" },
      { shopId: "DE", language: "de", href: "https://de/p.html" },
      { shopId: "CH", language: "de", href: "https://ch/de/p.html" },
      { shopId: "BRAND", language: "de", href: "https://brand/p.html" },
    ]);
    expect(links).toEqual([
      { hreflang: "de-CH", href: "https://ch/de/p.html" },
      { hreflang: "de-DE", href: "https://de/p.html" },
      { hreflang: "fr-CH", href: "https://ch/fr/p.html" },
      { hreflang: "x-default", href: "https://de/p.html" },
    ]);
  });

  test("reciprocal: every version computes the same set", () => {
    const versions = [
      { shopId: "DE", language: "de", href: "https://de/a.html" },
      { shopId: "AT", language: "at", href: "https://at/a.html" },
    ];
    expect(alternateLinks(versions)).toEqual(alternateLinks([...versions].reverse()));
  });

  test("a page that exists only once has no alternates; no DE version means no x-default", () => {
    expect(alternateLinks([{ shopId: "DE", language: "de", href: "https://de/a.html" }])).toEqual([]);
    const links = alternateLinks([
      { shopId: "FR", language: "fr", href: "https://fr/a.html" },
      { shopId: "CH", language: "fr", href: "https://ch/fr/a.html" },
    ]);
    expect(links.map((link) => link.hreflang)).toEqual(["fr-CH", "fr-FR"]);
  });
});

describe("alternates in the page context (docs/decisions/0055)", () => {
  const bases = {
    "de-DE": "https://de",
    "de-AT": "https://at",
    "de-CH": "https://ch/de",
    "fr-CH": "https://ch/fr",
    "fr-FR": "https://fr",
    en: "https://com",
  };
  const versions = [
    { shopId: "CH", language: "fr", href: "https://ch/fr/lame.html" },
    { shopId: "AT", language: "at", href: "https://at/diele.html" },
    { shopId: "FR", language: "fr", href: "https://fr/lame.html" },
    { shopId: "DE", language: "de", href: "https://de/diele.html" },
    { shopId: "CH", language: "de", href: "https://ch/de/diele.html" },
    { shopId: "COM", language: "en", href: "https://com/plank.html" },
  ];

  test("each path once with the hreflang values that have it there, without the x-default", () => {
    expect(packAlternates(alternateLinks(versions), bases)).toEqual({
      "/diele.html": ["de-AT", "de-CH", "de-DE"],
      "/plank.html": ["en"],
      "/lame.html": ["fr-CH", "fr-FR"],
    });
  });

  test("unpacked they are the links alternateLinks gave, the x-default included", () => {
    for (const list of [versions, versions.filter((version) => version.shopId !== "DE"), versions.slice(0, 1)]) {
      const links = alternateLinks(list);
      expect(unpackAlternates(JSON.parse(JSON.stringify(packAlternates(links, bases))) as Record<string, string[]>, bases)).toEqual(links);
    }
  });

  test("a link not below its hreflang's base fails the build", () => {
    expect(() => packAlternates([{ hreflang: "de-CH", href: "https://ch/diele.html" }], bases)).toThrow(/not below/);
    expect(() => packAlternates([{ hreflang: "it-IT", href: "https://it/asse.html" }], bases)).toThrow(/not below/);
  });

  test("every hreflang with its shop and language", () => {
    for (const { shopId, language, hreflang } of hreflangVersions()) expect(hreflangFor(shopId, language)).toBe(hreflang);
    expect(hreflangVersions()).toContainEqual({ shopId: "AT", language: "at", hreflang: "de-AT" });
  });
});

describe("sitemap and robots", () => {
  test("index and parts with absolute URLs", () => {
    const files = sitemapFiles("https://www.shop.example", {
      de: [{ loc: "https://www.shop.example/b.html", lastmod: "2026-11-20T10:00:00Z" }, { loc: "https://www.shop.example/a&b.html" }],
    });
    expect([...files.keys()]).toEqual(["sitemap-de-1.xml", "sitemap.xml"]);
    expect(files.get("sitemap.xml")).toContain("<loc>https://www.shop.example/sitemap-de-1.xml</loc>");
    const part = files.get("sitemap-de-1.xml")!;
    expect(part.indexOf("a&amp;b.html")).toBeLessThan(part.indexOf("b.html</loc>"));
    expect(part).toContain("<lastmod>2026-11-20</lastmod>");
  });

  test("robots.txt names the sitemap", () => {
    expect(robotsTxt("https://www.shop.example", ["/search/"])).toBe("User-agent: *\nDisallow: /search/\n\nSitemap: https://www.shop.example/sitemap.xml\n");
  });

  test("indexable robots values", () => {
    expect(isIndexable("index,follow")).toBe(true);
    expect(isIndexable("noindex,nofollow")).toBe(false);
    expect(isIndexable("noindex, follow")).toBe(false);
    expect(isIndexable("none")).toBe(false);
  });
});
