import rawConfig from "@config/shops.json";
import { createInquiryPages, inquiryPagePaths, INQUIRY_TEMPLATE, OFFER_TEMPLATE } from "./inquiry-pages";

const shopOf = (id: string) => rawConfig.shops.find((shop) => shop.id === id)!;

interface Created {
  path: string;
  component: string;
  language: string;
  context: Record<string, unknown>;
  seo: unknown;
  matchPath: string | undefined;
}

function created(id: string): Created[] {
  const pages: Created[] = [];
  createInquiryPages(shopOf(id), (path, component, language, context, seo, page) =>
    pages.push({ path, component, language, context, seo, matchPath: page?.matchPath }),
  );
  return pages;
}

test("one page per language and type stands for every sku below it, plus the offer page; none is indexed or in the sitemap", () => {
  const pages = created("CH");
  expect(pages.map((page) => page.path)).toEqual([
    "/de/fragen-zum-produkt/",
    "/de/grossabnehmeranfrage/",
    "/de/offer/",
    "/fr/fragen-zum-produkt/",
    "/fr/grossabnehmeranfrage/",
    "/fr/offer/",
    "/it/fragen-zum-produkt/",
    "/it/grossabnehmeranfrage/",
    "/it/offer/",
  ]);
  const inquiries = pages.filter((page) => page.component === INQUIRY_TEMPLATE);
  expect(inquiries.map((page) => [page.path, page.matchPath, page.context.inquiryType, page.language])).toEqual([
    ["/de/fragen-zum-produkt/", "/de/fragen-zum-produkt/*", "product", "de"],
    ["/de/grossabnehmeranfrage/", "/de/grossabnehmeranfrage/*", "bulk", "de"],
    ["/fr/fragen-zum-produkt/", "/fr/fragen-zum-produkt/*", "product", "fr"],
    ["/fr/grossabnehmeranfrage/", "/fr/grossabnehmeranfrage/*", "bulk", "fr"],
    ["/it/fragen-zum-produkt/", "/it/fragen-zum-produkt/*", "product", "it"],
    ["/it/grossabnehmeranfrage/", "/it/grossabnehmeranfrage/*", "bulk", "it"],
  ]);
  const offers = pages.filter((page) => page.component === OFFER_TEMPLATE);
  expect(offers.map((page) => [page.path, page.matchPath])).toEqual([
    ["/de/offer/", undefined],
    ["/fr/offer/", undefined],
    ["/it/offer/", undefined],
  ]);
  for (const page of pages) expect(page.seo).toEqual({ robots: "noindex,nofollow", sitemap: false });
});

test("shops without language prefixes have the pages at the root; the page count does not grow with the catalogue", () => {
  for (const shop of rawConfig.shops.filter((candidate) => candidate.domainPrefixes.length === 0)) {
    expect(new Set(inquiryPagePaths(shop))).toEqual(new Set(["/fragen-zum-produkt/", "/grossabnehmeranfrage/", "/offer/"]));
    expect(created(shop.id)).toHaveLength(3 * shop.languages.length);
  }
});
