import { manufacturerPath } from "@domain/routes";
import { shopById } from "../core/shop";
import { contentHash } from "./page-reads";
import { createHarness, giveAccount, type Harness } from "@tests/kit/commerce";
import { everyTestDatabase } from "@tests/kit/d1";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.dispose());

test("masterdata: shop, store config, countries", async () => {
  const { status, body } = await h.call("GET", "/apiv2/masterdata", { shop: "CH", language: "fr" });
  expect(status).toBe(200);
  expect(body.data.shop).toMatchObject({ id: "CH", baseDomain: "bodenhaus.example.ch", defaultLocale: "de" });
  expect(body.data.storeConfig).toMatchObject({
    language: "fr",
    domainPrefixes: ["de", "fr", "it"],
    deliveryCountries: ["ch", "li"],
    preferredDomain: "www.bodenhaus.example.ch",
  });
  expect(body.data.countries).toEqual([
    { code: "ch", label: "Suisse", flag: "/images/flags/ch.svg" },
    { code: "li", label: "Liechtenstein", flag: "/images/flags/li.svg" },
  ]);
});

test("environment: search flags, navigation, cookies, internal flag", async () => {
  const { body } = await h.call("GET", "/apiv2/environment");
  expect(body.data.environment).toMatchObject({
    isSearchEnabled: true,
    minimumSearchCharacters: 3,
    // No consent manager, no tag manager in the demo: the pages ask with their own dialog, nothing third-party loads.
    cookies: { enabled: false, key: "" },
    tagManager: null,
    serviceWorker: { enabled: true },
    isInternal: false,
    navigation: { topNavigation: [{ id: "boden", name: "Boden", url: "/boden.html", active: false }] },
  });
});

test("environment: the shop's tag manager, consent manager and service worker as configured", async () => {
  const shop = shopById("DE")!;
  const saved = { tracking: shop.tracking, serviceWorker: shop.serviceWorker };
  try {
    shop.tracking = { tagManager: { containerId: "GTM-AB12CD3" }, consentManager: { key: "a1b2c3d4e5f6" } };
    shop.serviceWorker = "kill-switch";
    const { body } = await h.call("GET", "/apiv2/environment");
    expect(body.data.environment).toMatchObject({
      cookies: { enabled: true, key: "a1b2c3d4e5f6" },
      tagManager: { containerId: "GTM-AB12CD3" },
      serviceWorker: { enabled: false },
    });
    // Another shop keeps its own (none).
    const ch = await h.call("GET", "/apiv2/environment", { shop: "CH", language: "fr" });
    expect(ch.body.data.environment).toMatchObject({ cookies: { enabled: false, key: "" }, tagManager: null, serviceWorker: { enabled: true } });
  } finally {
    Object.assign(shop, saved);
  }
});

test("byPath: product, category, CMS page, home, unknown", async () => {
  const product = await h.call("GET", "/apiv2/byPath/produkt-floor-1.html");
  expect(product.body.data).toMatchObject({
    type: "PRODUCT",
    identifier: "FLOOR-1",
    storeId: "DE",
    meta: { title: "Produkt FLOOR-1", canonical: "/produkt-floor-1.html" },
  });
  expect(product.body.data.formKey).toMatch(/^[A-Za-z0-9_-]{16}$/);
  expect((await h.call("GET", "/apiv2/byPath/boden.html")).body.data).toMatchObject({ type: "WORLDS", identifier: "boden" });
  expect((await h.call("GET", "/apiv2/byPath/impressum.html")).body.data).toMatchObject({ type: "CMS", identifier: "impressum" });
  expect((await h.call("GET", "/apiv2/byPath")).body.data).toMatchObject({ type: "CUSTOM", identifier: "home" });
  const unknown = await h.call("GET", "/apiv2/byPath/gibt-es-nicht.html");
  expect(unknown.status).toBe(404);
  expect(unknown.body.errors).toEqual([{ message: "This page could not be found", code: "not_found" }]);
});

test("byPath: the manufacturer list and a manufacturer's page, returns, a CMS page's EMPTY type; store information and the newsletter box in every model", async () => {
  // A manufacturer page exists where the shop lists one of its products (the catalogue as every shop database holds it).
  const everywhere = (query: string) => Promise.all(everyTestDatabase(h.db).map(({ db }) => db.prepare(query).run()));
  await everywhere("UPDATE products SET manufacturer_id = 'holz' WHERE sku = 'FLOOR-1'");
  const list = await h.call("GET", "/apiv2/byPath/hersteller.html");
  expect(list.body.data).toMatchObject({ type: "MANUFACTURERS", meta: { title: "Hersteller", canonical: "/hersteller.html" } });
  const maker = await h.call("GET", `/apiv2/byPath${manufacturerPath({ domainPrefixes: [] }, "de", "holzwerk")}`);
  expect(maker.body.data).toMatchObject({ type: "MANUFACTURER", identifier: "holz", meta: { title: "Holzwerk", canonical: "/hersteller/holzwerk.html" } });
  const swiss = await h.call("GET", "/apiv2/byPath/de/hersteller/holzwerk.html", { shop: "CH", language: "de" });
  // Its products have no French text: no French page.
  expect((await h.call("GET", "/apiv2/byPath/fr/fabricants/holzwerk.html", { shop: "CH", language: "fr" })).status).toBe(404);
  expect(swiss.body.data).toMatchObject({ type: "MANUFACTURER", storeInformation: { phone: "+41 44 123 45 67" } });
  await everywhere("UPDATE products SET manufacturer_id = NULL WHERE sku = 'FLOOR-1'");
  for (const path of [
    "hersteller/holzwerk.html",
    "hersteller/niemand.html",
    "hersteller/holzwerk",
    "hersteller/holzwerk/x.html",
    "manufacturers/holzwerk.html",
    "hersteller/%2e%2e.html",
  ]) {
    expect({ path, status: (await h.call("GET", `/apiv2/byPath/${path}`)).status }).toEqual({ path, status: 404 });
  }
  const returns = await h.call("GET", "/apiv2/byPath/returns/");
  expect(returns.body.data).toMatchObject({ type: "RMA", meta: { title: "Retouren und Reklamationen", canonical: "/returns/" } });
  expect((await h.call("GET", "/apiv2/byPath/fr/returns/", { shop: "CH", language: "fr" })).body.data).toMatchObject({
    type: "RMA",
    meta: { title: "Retours et réclamations", canonical: "/fr/returns/" },
  });
  const home = await h.call("GET", "/apiv2/byPath");
  expect(home.body.data).toMatchObject({ storeInformation: { phone: "+49 30 1234 5670" }, newsletterContent: null });
  await h.db
    .prepare(
      "INSERT INTO cms_blocks (shop_id, language, identifier, content, updated_at) VALUES ('DE', 'de', 'newsletter-content', '<p>10 € Gutschein</p>', '2026-11-18')",
    )
    .run();
  await h.db
    .prepare(
      "INSERT INTO cms_pages (shop_id, language, identifier, page_type, title, updated_at) VALUES ('DE', 'de', 'nur-inhalt', 'EMPTY', 'Nur Inhalt', '2026-11-18')",
    )
    .run();
  const empty = await h.call("GET", "/apiv2/byPath/nur-inhalt.html");
  expect(empty.body.data).toMatchObject({ type: "EMPTY", identifier: "nur-inhalt", newsletterContent: "<p>10 € Gutschein</p>" });
});

test("cms blocks by name with a content hash; missing name", async () => {
  const { body } = await h.call("GET", "/apiv2/cms/?name=header-info,header-warn,unknown&type=block");
  expect(body.data.map((b: { identifier: string }) => b.identifier).sort()).toEqual(["header-info", "header-warn"]);
  const info = body.data.find((b: { identifier: string }) => b.identifier === "header-info");
  expect(info.hash).toBe(await contentHash("Versandkostenfrei ab 1200 €"));
  const missing = await h.call("GET", "/apiv2/cms/?type=block");
  expect(missing.status).toBe(422);
  expect(missing.body.errors[0]!.message).toBe("Missing required fields");
  expect((await h.call("GET", "/apiv2/cms/?name=a&type=other")).status).toBe(422);
});

test("top categories, SEO urls, manufacturers", async () => {
  expect((await h.call("GET", "/apiv2/catalog/category/top")).body.data).toEqual([
    { id: "boden", name: "Boden", imagePath: null, urlPath: "/boden.html", productPath: "/boden.html", topCategoryPosition: 1, topCategoryDescription: "" },
  ]);
  expect((await h.call("GET", "/apiv2/catalog/seo-urls/top")).body.data).toEqual([{ position: 1, label: "Parkett", url: "/parkett.html" }]);
  expect((await h.call("GET", "/apiv2/manufacturers/top")).body.data).toEqual([{ name: "Holzwerk", logo: null, url: "/hersteller/holzwerk.html" }]);
});

test("manufacturer URLs are the built manufacturer pages (domain/routes.ts), with the language prefix where the shop has one", async () => {
  const swiss = await h.call("GET", "/apiv2/manufacturers/top", { shop: "CH", language: "fr" });
  expect(swiss.body.data).toEqual([{ name: "Holzwerk", logo: null, url: "/fr/fabricants/holzwerk.html" }]);
  expect(swiss.body.data[0].url).toBe(manufacturerPath({ domainPrefixes: ["de", "fr", "it"] }, "fr", "holzwerk"));
});

test("related products; unknown product is a 404", async () => {
  const { body } = await h.call("GET", "/apiv2/catalog/product/FLOOR-1/related");
  expect(body.data.length).toBeGreaterThan(0);
  expect(body.data.length).toBeLessThanOrEqual(8);
  expect(body.data.find((p: { sku: string }) => p.sku === "FLOOR-1")).toBeUndefined();
  expect(body.data[0]).toMatchObject({ detailLink: expect.stringMatching(/^\/produkt-.*\.html$/), price: { currency: "EUR" } });
  expect((await h.call("GET", "/apiv2/catalog/product/NOPE/related")).status).toBe(404);
});

test("product configurator: data, or a non-empty errors list", async () => {
  const ok = await h.call("GET", "/apiv2/product-configurator/configurator/CONF-1");
  expect(ok.body.errors).toEqual([]);
  expect(ok.body.data.configurableAttributes[0]).toMatchObject({
    code: "shade",
    options: [
      { value: "hell", label: "hell" },
      { value: "dunkel", label: "dunkel" },
    ],
  });
  const simple = await h.call("GET", "/apiv2/product-configurator/configurator/FLOOR-1");
  expect(simple.body.errors).toHaveLength(1);
  expect((await h.call("GET", "/apiv2/product-configurator/configurator/NOPE")).status).toBe(404);
});

test("reviews (last) and rating", async () => {
  const last = await h.call("GET", "/apiv2/trustedshops/reviews/last/5/1");
  expect(last.body.data.reviews.map((r: { id: string }) => r.id)).toEqual(["R-2", "R-1"]);
  expect(last.body.data.reviews[1]).toMatchObject({ mark: 5, markDescription: "EXCELLENT", reviewerProfile: { firstname: "Anna" } });
  expect((await h.call("GET", "/apiv2/trustedshops/reviews/last/5/4")).body.data.reviews).toHaveLength(1);
  expect((await h.call("GET", "/apiv2/trustedshops/reviews/last/x/1")).status).toBe(422);
  const rating = await h.call("GET", "/apiv2/trustedshops/rating");
  expect(rating.body.data).toMatchObject({ ratingValue: 4, maxValue: 5, totalReviewCount: 2, label: "GOOD" });
});

test("isBusiness and internal-user", async () => {
  expect((await h.call("GET", "/apiv2/isBusiness")).body.data).toBe("private");
  const token = (await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1" } })).token as string;
  await giveAccount(h.db, token, "business");
  expect((await h.call("GET", "/apiv2/isBusiness", { token })).body.data).toBe("business");
  expect((await h.call("GET", "/apiv2/internal-user", { token })).body.data).toEqual({ isInternal: false });
});
