import rawConfig from "@config/shops.json";
import { createReturnsPages, returnsPagePaths, RETURNS_TEMPLATE, WITHDRAW_TEMPLATE } from "./returns-pages";

const shopOf = (id: string) => rawConfig.shops.find((shop) => shop.id === id)!;

test("every shop language gets the returns page and the withdrawal page, not indexed and not in the sitemap", () => {
  const created: { path: string; component: string; language: string; seo: unknown }[] = [];
  const paths = createReturnsPages(shopOf("CH"), (path, component, language, _context, seo) => created.push({ path, component, language, seo }));
  expect(paths).toEqual(["/de/returns/", "/de/returns/withdraw/", "/fr/returns/", "/fr/returns/withdraw/", "/it/returns/", "/it/returns/withdraw/"]);
  expect(created.filter((page) => page.component === RETURNS_TEMPLATE).map((page) => page.language)).toEqual(["de", "fr", "it"]);
  expect(created.filter((page) => page.component === WITHDRAW_TEMPLATE).map((page) => page.path)).toEqual([
    "/de/returns/withdraw/",
    "/fr/returns/withdraw/",
    "/it/returns/withdraw/",
  ]);
  for (const page of created) expect(page.seo).toEqual({ robots: "noindex,nofollow", sitemap: false });
});

test("shops without language prefixes have the pages at the root, once per language", () => {
  for (const shop of rawConfig.shops.filter((candidate) => candidate.domainPrefixes.length === 0)) {
    expect(new Set(returnsPagePaths(shop))).toEqual(new Set(["/returns/", "/returns/withdraw/"]));
  }
});
