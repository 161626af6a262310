import rawConfig from "@config/shops.json";
import { createNewsletterPages, NEWSLETTER_CONFIRM_TEMPLATE, NEWSLETTER_UNSUBSCRIBE_TEMPLATE, newsletterPagePaths } from "./newsletter-pages";

const shopOf = (id: string) => rawConfig.shops.find((shop) => shop.id === id)!;

test("every shop language gets the confirmation and the unsubscribe page, not indexed and not in the sitemap", () => {
  const created: { path: string; component: string; language: string; seo: unknown }[] = [];
  const paths = createNewsletterPages(shopOf("CH"), (path, component, language, _context, seo) => created.push({ path, component, language, seo }));
  expect(paths).toEqual([
    "/de/newsletter/confirm/",
    "/de/newsletter/unsubscribe/",
    "/fr/newsletter/confirm/",
    "/fr/newsletter/unsubscribe/",
    "/it/newsletter/confirm/",
    "/it/newsletter/unsubscribe/",
  ]);
  expect(created.filter((page) => page.component === NEWSLETTER_CONFIRM_TEMPLATE).map((page) => page.language)).toEqual(["de", "fr", "it"]);
  expect(created.filter((page) => page.component === NEWSLETTER_UNSUBSCRIBE_TEMPLATE).map((page) => page.path)).toEqual([
    "/de/newsletter/unsubscribe/",
    "/fr/newsletter/unsubscribe/",
    "/it/newsletter/unsubscribe/",
  ]);
  for (const page of created) expect(page.seo).toEqual({ robots: "noindex,nofollow", sitemap: false });
});

test("shops without language prefixes have the pages at the root, once per language", () => {
  for (const shop of rawConfig.shops.filter((candidate) => candidate.domainPrefixes.length === 0)) {
    expect(newsletterPagePaths(shop)).toEqual(["/newsletter/confirm/", "/newsletter/unsubscribe/"]);
  }
});
