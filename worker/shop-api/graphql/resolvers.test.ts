import type { D1Database } from "@cloudflare/workers-types";
import shopsConfig from "@config/shops.json";
import type { TestDatabase } from "@tests/kit/d1";
import { countingDatabase, DE_PRODUCT_COUNT, FIRST_IMPORT_AT, gql, SECOND_IMPORT_AT, SIMPLE_COUNT, simpleSku, useSeededCatalogue } from "@tests/kit/graphql";

const NBSP = "\u00a0";
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const catalogue = useSeededCatalogue();
let testDb: TestDatabase;
let db: D1Database;
beforeAll(() => {
  testDb = catalogue.database();
  db = testDb.db;
});

async function data(query: string, variables?: Record<string, unknown>) {
  const response = await gql(db, query, variables);
  expect(response.body.errors).toBeUndefined();
  expect(response.status).toBe(200);
  return response.body.data;
}

describe("shops", () => {
  test("lists every shop with its settings", async () => {
    const { shops, shop } = await data(
      `{ shops { id currency taxRate languages defaultLanguage domainPrefixes deliveryCountries baseUrl } shop(id: "CH") { name currency languages } }`,
    );
    expect(shops.map((s: { id: string }) => s.id)).toEqual(shopsConfig.shops.map((s) => s.id).sort());
    expect(shop).toEqual({ name: "Bodenhaus Schweiz", currency: "CHF", languages: ["de", "fr", "it"] });
    const de = shops.find((s: { id: string }) => s.id === "DE");
    expect(de).toMatchObject({ taxRate: 19, defaultLanguage: "de", domainPrefixes: [], baseUrl: "https://www.bodenhaus.example/" });
    expect(de.deliveryCountries).toContain("ch");
  });

  test("an unknown shop id is null for shop() and an error elsewhere", async () => {
    expect((await data(`{ shop(id: "XX") { id } }`)).shop).toBeNull();
    const response = await gql(db, `{ categories(shop: "XX", language: "de") { id } }`);
    expect(response.status).toBe(200);
    expect(response.body.errors[0].message).toBe('Unknown shop "XX"');
  });
});

describe("categories", () => {
  test("tree with path, isWorld and sorting", async () => {
    const { categories } = await data(
      `{ categories(shop: "DE", language: "de") { id parentId position isWorld name slug path sorting { sortBy direction } } }`,
    );
    const byId = Object.fromEntries(categories.map((c: { id: string }) => [c.id, c]));
    expect(Object.keys(byId).sort()).toEqual(["eiche", "garten", "landhausdielen", "parkett", "vinyl"]);
    expect(byId.parkett).toMatchObject({ isWorld: true, parentId: null, path: ["parkett"], name: "parkett (de)" });
    expect(byId.eiche).toMatchObject({
      isWorld: false,
      parentId: "landhausdielen",
      path: ["parkett", "landhausdielen", "eiche"],
      slug: "landhausdielen/eiche",
    });
    expect(byId.eiche.sorting).toEqual([{ sortBy: "price", direction: "asc" }]);
  });

  test("categories without a translation in the language are left out", async () => {
    const { categories } = await data(`{ categories(shop: "NL", language: "nl") { id } }`);
    expect(categories.map((c: { id: string }) => c.id)).not.toContain("garten");
  });

  test("topCategories are ordered by top position with .html url paths", async () => {
    const { topCategories } = await data(
      `{ topCategories(shop: "CH", language: "fr") { id name imagePath urlPath topCategoryPosition topCategoryDescription } }`,
    );
    expect(topCategories).toEqual([
      {
        id: "parkett",
        name: "parkett (fr)",
        imagePath: "/img/parkett.jpg",
        urlPath: "parkett.html",
        topCategoryPosition: 1,
        topCategoryDescription: "top parkett",
      },
      { id: "vinyl", name: "vinyl (fr)", imagePath: "/img/vinyl.jpg", urlPath: "vinyl.html", topCategoryPosition: 2, topCategoryDescription: "top vinyl" },
    ]);
  });
});

describe("products", () => {
  const PAGE = `query Page($shop: ID!, $language: String!, $first: Int, $after: String, $changedSince: String, $changedAfterImport: Int) {
    products(shop: $shop, language: $language, first: $first, after: $after, changedSince: $changedSince, changedAfterImport: $changedAfterImport) {
      totalCount pageInfo { hasNextPage endCursor } nodes { sku slug type parentSku }
    }
  }`;

  test("pages through a shop's products by sku", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const { products } = await data(PAGE, { shop: "DE", language: "de", first: 50, after });
      expect(products.totalCount).toBe(DE_PRODUCT_COUNT);
      seen.push(...products.nodes.map((n: { sku: string }) => n.sku));
      pages += 1;
      if (!products.pageInfo.hasNextPage) {
        expect(products.nodes.length).toBe(DE_PRODUCT_COUNT - 100);
        break;
      }
      expect(products.nodes.length).toBe(50);
      after = products.pageInfo.endCursor;
      expect(typeof after).toBe("string");
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(DE_PRODUCT_COUNT);
    expect(seen).toEqual(expect.arrayContaining(["A-CONF", "A-CONF-1", "A-CONF-2", "U-UNKNOWN"]));
    expect(seen).not.toContain("X-ONLY-AT");
    expect(seen).not.toContain("Z-INACTIVE");
  });

  test("first defaults to 50 and the cursor continues after the last sku", async () => {
    const { products } = await data(PAGE, { shop: "DE", language: "de" });
    expect(products.nodes).toHaveLength(50);
    const next = await data(PAGE, { shop: "DE", language: "de", first: 1, after: products.pageInfo.endCursor });
    expect(next.products.nodes[0].sku > products.nodes[49].sku).toBe(true);
  });

  test("an empty page has no cursor and no next page", async () => {
    const { products } = await data(PAGE, { shop: "BRAND", language: "de" });
    expect(products).toEqual({ totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] });
  });

  test("products of another shop are absent; content comes in the requested language", async () => {
    const at = await data(`{ products(shop: "AT", language: "at") { totalCount nodes { sku slug content { title } } } }`);
    expect(at.products).toEqual({ totalCount: 1, nodes: [{ sku: "X-ONLY-AT", slug: "x-only-at-at", content: { title: "Nur in Österreich" } }] });
    const ch = await data(`{ products(shop: "CH", language: "it", first: 1) { nodes { sku slug content { title subTitle } } } }`);
    expect(ch.products.nodes[0]).toEqual({ sku: "P001", slug: "p001-it", content: { title: "P001 it", subTitle: "Sub it" } });
    expect((await data(`{ product(shop: "DE", language: "de", sku: "X-ONLY-AT") { sku } }`)).product).toBeNull();
  });

  test("a language the shop does not offer is an error", async () => {
    const response = await gql(db, `{ products(shop: "DE", language: "fr") { totalCount } }`);
    expect(response.status).toBe(200);
    expect(response.body.data).toBeNull();
    expect(response.body.errors[0].message).toBe('Language "fr" is not offered by shop DE (de)');
  });

  test("first outside 1..200 is an error", async () => {
    for (const first of [0, 201, -5]) {
      const response = await gql(db, PAGE, { shop: "DE", language: "de", first });
      expect(response.body.errors[0].message).toBe("first must be between 1 and 200");
    }
    expect((await data(PAGE, { shop: "DE", language: "de", first: 200 })).products.nodes).toHaveLength(DE_PRODUCT_COUNT);
  });

  test("a broken cursor is an error", async () => {
    const response = await gql(db, PAGE, { shop: "DE", language: "de", after: "%%%" });
    expect(response.body.errors[0].message).toBe("after is not a valid cursor");
  });

  test("changedSince limits to products changed after that time", async () => {
    const { products } = await data(PAGE, { shop: "DE", language: "de", changedSince: "2025-01-15T00:00:00Z" });
    expect(products.nodes.map((n: { sku: string }) => n.sku)).toEqual(["P005", "P006"]);
    expect(products.totalCount).toBe(2);
    const before = await data(PAGE, { shop: "DE", language: "de", first: 200, changedSince: "2024-12-31" });
    expect(before.products.totalCount).toBe(SIMPLE_COUNT);
    const none = await data(PAGE, { shop: "DE", language: "de", changedSince: SECOND_IMPORT_AT });
    expect(none.products.totalCount).toBe(0);
    const invalid = await gql(db, PAGE, { shop: "DE", language: "de", changedSince: "yesterday" });
    expect(invalid.body.errors[0].message).toMatch(/^changedSince must be an ISO 8601 date-time/);
  });

  test("productSlugs pages the same products as products, sku and slug only, in pages of up to 2,000", async () => {
    const SLUGS = `query Slugs($first: Int, $after: String, $changedAfterImport: Int) {
      productSlugs(shop: "DE", language: "de", first: $first, after: $after, changedAfterImport: $changedAfterImport) { pageInfo { hasNextPage endCursor } nodes { sku slug } }
    }`;
    const everything = (await data(PAGE, { shop: "DE", language: "de", first: 200 })).products.nodes.map((n: { sku: string; slug: string }) => ({
      sku: n.sku,
      slug: n.slug,
    }));
    const whole = await data(SLUGS, {});
    expect(whole.productSlugs).toEqual({ pageInfo: { hasNextPage: false, endCursor: expect.any(String) }, nodes: everything });
    const firstPage = await data(SLUGS, { first: 3 });
    expect(firstPage.productSlugs.nodes).toEqual(everything.slice(0, 3));
    expect(firstPage.productSlugs.pageInfo.hasNextPage).toBe(true);
    const next = await data(SLUGS, { first: 3, after: firstPage.productSlugs.pageInfo.endCursor });
    expect(next.productSlugs.nodes).toEqual(everything.slice(3, 6));
    expect((await data(SLUGS, { changedAfterImport: 1 })).productSlugs.nodes.map((n: { sku: string }) => n.sku)).toEqual(["P005", "P006"]);
    for (const first of [0, 2001]) expect((await gql(db, SLUGS, { first })).body.errors[0].message).toBe("first must be between 1 and 2000");
    expect((await data(SLUGS, { first: 2000 })).productSlugs.nodes).toHaveLength(DE_PRODUCT_COUNT);
  });

  test("changedAfterImport limits to products the imports after that one changed; not together with changedSince", async () => {
    const skus = async (changedAfterImport: number) =>
      (await data(PAGE, { shop: "DE", language: "de", first: 200, changedAfterImport })).products.nodes.map((n: { sku: string }) => n.sku);
    expect(await skus(1)).toEqual(["P005", "P006"]);
    expect(await skus(0)).toHaveLength(SIMPLE_COUNT);
    expect(await skus(2)).toEqual([]);
    for (const bad of [-1, 1.5]) {
      const response = await gql(db, PAGE, { shop: "DE", language: "de", changedAfterImport: bad });
      expect(response.body.errors[0].message).toMatch(/changedAfterImport/);
      expect(response.body.data?.products ?? null).toBeNull();
    }
    const both = await gql(db, PAGE, { shop: "DE", language: "de", changedSince: "2024-12-31", changedAfterImport: 1 });
    expect(both.body.errors[0].message).toBe("give changedSince or changedAfterImport, not both");
  });

  test("reviewSummary(latest:) lists only the newest reviews, rating and count still over all; a bad number is refused", async () => {
    const { product } = await data(`{ product(shop: "DE", language: "de", sku: "P001") {
      reviewSummary(latest: 1) { ratingValue totalReviewCount reviews { id } } } }`);
    expect(product.reviewSummary).toEqual({ ratingValue: 4.5, totalReviewCount: 2, reviews: [{ id: "r2" }] });
    for (const latest of [-1, 51]) {
      const bad = await gql(db, `{ product(shop: "DE", language: "de", sku: "P001") { reviewSummary(latest: ${latest}) { totalReviewCount } } }`);
      expect(bad.body.errors[0].message).toBe("latest must be between 0 and 50");
    }
  });

  test("variants are listed and also exposed as childProducts of their parent", async () => {
    const { product } = await data(`{ product(shop: "DE", language: "de", sku: "A-CONF") {
      type childProducts { sku type parentSku slug content { title } }
      configurableAttributes { code label options { value label } } } }`);
    expect(product.type).toBe("configurable");
    expect(product.childProducts).toEqual([
      { sku: "A-CONF-1", type: "variant", parentSku: "A-CONF", slug: "a-conf-1-de", content: { title: "A-CONF-1 de" } },
      { sku: "A-CONF-2", type: "variant", parentSku: "A-CONF", slug: "a-conf-2-de", content: { title: "A-CONF-2 de" } },
    ]);
    expect(product.configurableAttributes).toEqual([
      {
        code: "color",
        label: "Farbe",
        options: [
          { value: "oak", label: "Eiche" },
          { value: "ash", label: "Esche" },
        ],
      },
    ]);
  });

  test("product details: categories, manufacturer, media, downloads, tutorials, reviews, flags", async () => {
    const { product } = await data(`{ product(shop: "DE", language: "de", sku: "P001") {
      ean categoryId categoryIds manufacturer { id name description shortDescription productCount logo }
      content { features attributes { code label type value isVisible } }
      media { kind url alt poster } downloads { title url } tutorials { title content type url poster }
      reviewSummary { ratingValue maxValue totalReviewCount reviews { id mark reviewer answer createdAt } }
      packageContent blendPercent shippingGroup isOutOfStock isSalable reachedEOF
      stock { isInStock quantity minimumOrderQuantity notificationQuantity } delivery { minDays maxDays express }
      samples { active maxSamples sampleOrderIsFreeOfCharge } updatedAt } }`);
    expect(product.categoryId).toBe("eiche");
    expect(product.categoryIds).toEqual(["eiche", "garten", "vinyl"]);
    expect(product.manufacturer).toEqual({
      id: "holzwerk",
      name: "Holzwerk",
      description: "Parkett aus Bayern",
      shortDescription: "Parkett",
      productCount: SIMPLE_COUNT / 2 + 4,
      logo: "/logos/holzwerk.svg",
    });
    expect(product.content.features).toEqual(["robust", "warm"]);
    expect(product.content.attributes).toEqual([{ code: "thickness", label: "Stärke", type: "number", value: "14", isVisible: true }]);
    expect(product.media).toEqual([{ kind: "image", url: "/media/P001.jpg", alt: "P001", poster: null }]);
    expect(product.downloads).toEqual([{ title: "Datenblatt", url: "/dl/p001.pdf" }]);
    expect(product.tutorials).toEqual([
      { title: "Verlegen", content: "So geht's", type: "video", url: "https://video.example/1", poster: "/images/videos/tutorials/verlegen.jpg" },
    ]);
    expect(product.reviewSummary).toMatchObject({ ratingValue: 4.5, maxValue: 5, totalReviewCount: 2 });
    expect(product.reviewSummary.reviews.map((r: { id: string }) => r.id)).toEqual(["r2", "r1"]);
    expect(product).toMatchObject({
      packageContent: 2.2,
      blendPercent: 5,
      shippingGroup: "freight",
      isOutOfStock: false,
      isSalable: true,
      reachedEOF: false,
      updatedAt: FIRST_IMPORT_AT,
    });
    expect(product.stock).toEqual({ isInStock: true, quantity: 10, minimumOrderQuantity: 1, notificationQuantity: 0 });
    expect(product.delivery).toEqual({ minDays: 3, maxDays: 5, express: false });
  });
});

describe("prices", () => {
  const PRICE = `query P($shop: ID!, $language: String!, $sku: ID!) { product(shop: $shop, language: $language, sku: $sku) {
    price { packagePrice { value amount currency formattedValue formattedWithCurrency }
            unitPrice { amount formattedWithCurrency }
            referencePrice { amount formattedWithCurrency } savingsPercentage
            tax { isIncluded percentage label amount { amount formattedWithCurrency } } } } }`;
  const price = async (shop: string, language: string, sku: string) => (await data(PRICE, { shop, language, sku })).product.price;

  test("EUR in German: value, minor amount, formatting and tax", async () => {
    const p = await price("DE", "de", "P004");
    expect(p.packagePrice).toEqual({ value: 1234.5, amount: 123450, currency: "EUR", formattedValue: "1.234,50", formattedWithCurrency: `1.234,50${NBSP}€` });
    // 1234.50 - 1234.50 / 1.19 = 197.105 → 197.11
    expect(p.tax).toEqual({ isIncluded: true, percentage: 19, label: "inkl. 19% MwSt.", amount: { amount: 19711, formattedWithCurrency: `197,11${NBSP}€` } });
  });

  test("CHF is written the Swiss way in every language of the CH shop", async () => {
    for (const language of ["de", "fr", "it"]) {
      const p = await price("CH", language, "P004");
      expect(p.packagePrice.formattedWithCurrency).toBe(`CHF${NBSP}1’234.50`);
      expect(p.packagePrice.formattedValue).toBe("1’234.50");
      expect(p.packagePrice.currency).toBe("CHF");
    }
    expect((await price("CH", "fr", "P004")).tax.label).toBe("TVA 8,1% incluse");
    expect((await price("CH", "it", "P004")).tax.label).toBe("IVA 8,1% inclusa");
  });

  test("Austrian German", async () => {
    const p = await price("AT", "at", "X-ONLY-AT");
    expect(spaces(p.packagePrice.formattedWithCurrency)).toBe("1.234,50 €");
    expect(p.tax.label).toBe("inkl. 20% MwSt.");
    expect(p.tax.amount.amount).toBe(20575);
  });

  test("reference price: the lowest price of the 30 days before the current price took effect, current price excluded", async () => {
    const p1 = await price("DE", "de", "P001");
    expect(p1.packagePrice.amount).toBe(4995);
    expect(p1.referencePrice.amount).toBe(4495);
    expect(p1.savingsPercentage).toBe(0);
    // Lowered from 60.00 to 45.00 ten days ago: 60.00 struck through, 25% saved.
    const p2 = await price("DE", "de", "P002");
    expect(p2.referencePrice.amount).toBe(6000);
    expect(p2.savingsPercentage).toBe(25);
    // Raised from 20.00 to 25.00 forty days ago: the reference is the earlier, lower price.
    const p3 = await price("DE", "de", "P003");
    expect(p3.referencePrice.amount).toBe(2000);
    expect(p3.savingsPercentage).toBe(0);
    // No history: the current price.
    expect((await price("DE", "de", "P004")).referencePrice.amount).toBe(123450);
  });

  test("a product without a price in the shop has price null", async () => {
    expect((await data(PRICE, { shop: "DE", language: "de", sku: "A-CONF" })).product.price).toBeNull();
  });
});

describe("units", () => {
  test("labels per language and the fallback for unknown units", async () => {
    const unit = async (shop: string, language: string, sku: string) =>
      (await data(`{ product(shop: "${shop}", language: "${language}", sku: "${sku}") { unit { code label } } }`)).product.unit;
    expect(await unit("DE", "de", "P001")).toEqual({ code: "SQM", label: "m²" });
    expect(await unit("AT", "at", "X-ONLY-AT")).toEqual({ code: "PCS", label: "Stk." });
    expect(await unit("DE", "de", "U-UNKNOWN")).toEqual({ code: "BARREL", label: "Tube" });
  });
});

describe("manufacturers, cms pages, seo links", () => {
  test("manufacturers with active products in the shop", async () => {
    const de = await data(`{ manufacturers(shop: "DE", language: "de") { id name slug productCount description } }`);
    expect(de.manufacturers).toEqual([
      { id: "holzwerk", name: "Holzwerk", slug: "holzwerk", productCount: SIMPLE_COUNT / 2 + 4, description: "Parkett aus Bayern" },
      { id: "vinylia", name: "Vinylia", slug: "vinylia", productCount: SIMPLE_COUNT / 2, description: "" },
    ]);
    const at = await data(`{ manufacturers(shop: "AT", language: "at") { id productCount } }`);
    expect(at.manufacturers).toEqual([{ id: "atonly", productCount: 1 }]);
  });

  test("cms pages per shop and language", async () => {
    const { cmsPages } = await data(`{ cmsPages(shop: "DE", language: "de") { identifier pageType title robots excludeFromSitemap } }`);
    expect(cmsPages).toEqual([
      { identifier: "agb", pageType: "CMS", title: "AGB", robots: "noindex,follow", excludeFromSitemap: true },
      { identifier: "impressum", pageType: "CMS", title: "Impressum", robots: "index,follow", excludeFromSitemap: false },
    ]);
    expect((await data(`{ cmsPages(shop: "CH", language: "fr") { identifier } }`)).cmsPages).toEqual([{ identifier: "mentions-legales" }]);
    expect((await data(`{ cmsPages(shop: "CH", language: "de") { identifier } }`)).cmsPages).toEqual([]);
  });

  test("cms blocks per shop and language, by identifier", async () => {
    const { cmsBlocks } = await data(`{ cmsBlocks(shop: "DE", language: "de") { identifier content updatedAt } }`);
    expect(cmsBlocks).toEqual([
      { identifier: "header-info", content: "<p>Muster</p>", updatedAt: FIRST_IMPORT_AT },
      { identifier: "header-warning", content: "<p>Verzögerung</p>", updatedAt: FIRST_IMPORT_AT },
    ]);
    expect((await data(`{ cmsBlocks(shop: "CH", language: "fr") { identifier } }`)).cmsBlocks).toEqual([{ identifier: "header-info" }]);
    expect((await data(`{ cmsBlocks(shop: "CH", language: "it") { identifier } }`)).cmsBlocks).toEqual([]);
  });

  test("top seo links by position", async () => {
    const { topSeoLinks } = await data(`{ topSeoLinks(shop: "DE", language: "de") { position label url } }`);
    expect(topSeoLinks).toEqual([
      { position: 1, label: "Parkett", url: "/parkett.html" },
      { position: 2, label: "Vinylboden", url: "/vinyl.html" },
    ]);
  });
});

describe("catalogueChanges", () => {
  test("skus changed after a time, optionally per shop, with until", async () => {
    const all = await data(`{ catalogueChanges(since: "2025-01-15T00:00:00Z") { skus until } }`);
    expect(all.catalogueChanges).toEqual({ skus: ["P005", "P006", "X-ONLY-AT"], until: SECOND_IMPORT_AT });
    const de = await data(`{ catalogueChanges(since: "2025-01-15T00:00:00Z", shop: "DE") { skus } }`);
    expect(de.catalogueChanges.skus).toEqual(["P005", "P006"]);
    const none = await data(`{ catalogueChanges(since: "${SECOND_IMPORT_AT}") { skus until } }`);
    expect(none.catalogueChanges).toEqual({ skus: [], until: SECOND_IMPORT_AT });
    const everything = await data(`{ catalogueChanges(since: "2024-01-01") { skus } }`);
    expect(everything.catalogueChanges.skus).toHaveLength(SIMPLE_COUNT + 1);
    const invalid = await gql(db, `{ catalogueChanges(since: "not a date") { skus } }`);
    expect(invalid.body.errors[0].message).toMatch(/^since must be an ISO 8601 date-time/);
    const unknownShop = await gql(db, `{ catalogueChanges(since: "2024-01-01", shop: "XX") { skus } }`);
    expect(unknownShop.body.errors[0].message).toBe('Unknown shop "XX"');
  });

  test("skus the imports after one changed, by import id; since or afterImport, exactly one", async () => {
    const after1 = await data(`{ catalogueChanges(afterImport: 1) { skus until } }`);
    expect(after1.catalogueChanges).toEqual({ skus: ["P005", "P006", "X-ONLY-AT"], until: SECOND_IMPORT_AT });
    const de = await data(`{ catalogueChanges(afterImport: 1, shop: "DE") { skus } }`);
    expect(de.catalogueChanges.skus).toEqual(["P005", "P006"]);
    expect((await data(`{ catalogueChanges(afterImport: 2) { skus until } }`)).catalogueChanges).toEqual({ skus: [], until: null });
    expect((await data(`{ catalogueChanges(afterImport: 0) { skus } }`)).catalogueChanges.skus).toHaveLength(SIMPLE_COUNT + 1);
    expect((await gql(db, `{ catalogueChanges { skus } }`)).body.errors[0].message).toBe("give since or afterImport");
    expect((await gql(db, `{ catalogueChanges(since: "2024-01-01", afterImport: 1) { skus } }`)).body.errors[0].message).toBe(
      "give since or afterImport, not both",
    );
    expect((await gql(db, `{ catalogueChanges(afterImport: -3) { skus } }`)).body.errors[0].message).toBe("afterImport must be an import id (0 or more)");
  });
});

describe("catalogueVersion", () => {
  test("the newest import's id and the time of the oldest", async () => {
    expect((await data(`{ catalogueVersion { lastImport historyStart } }`)).catalogueVersion).toEqual({ lastImport: 2, historyStart: FIRST_IMPORT_AT });
  });
});

describe("N+1 guard", () => {
  const FULL_PAGE = `query Page($first: Int) { products(shop: "DE", language: "de", first: $first) {
    totalCount nodes { sku slug content { title attributes { code } } manufacturer { name }
      price { packagePrice { amount } referencePrice { amount } savingsPercentage }
      media { url } downloads { url } tutorials { title } categoryIds
      childProducts { sku content { title } price { packagePrice { amount } } media { url } }
      reviewSummary { ratingValue } unit { label } } } }`;

  test("the number of D1 queries for a page does not depend on its size", async () => {
    const counting = countingDatabase(db);
    const run = async (first: number) => {
      counting.reset();
      const response = await gql(counting.db, FULL_PAGE, { first });
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.products.nodes).toHaveLength(first);
      return counting.count();
    };
    const small = await run(5);
    const large = await run(50);
    const largest = await run(120);
    expect(large).toBe(small);
    expect(largest).toBe(small);
    // shop + page + count + content, manufacturers, prices, history, media, downloads,
    // tutorials, categories, children, reviews + the children's content/prices/media.
    expect(small).toBeLessThanOrEqual(18);
    expect(small).toBeGreaterThan(10);
  });
});

test("sku helper matches the fixture", () => {
  expect(simpleSku(7)).toBe("P007");
});
