import { alternateLinks, hreflangFor, isIndexable, robotsTxt, sitemapFiles } from "./seo";

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
