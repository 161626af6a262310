import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, everyTestDatabase, shopDb } from "@tests/kit/d1";
import { eanCheckDigitValid, type CatalogueDocument } from "@shop-api/catalogue/import-format";
import { BANNER_LOCATIONS, BANNER_PLATFORMS } from "@domain/environment-banners";
import { shopDirectory } from "@config/shops";
import sharp from "sharp";
import { FALLBACK_WIDTH, MEDIA_WIDTHS, mediaHeight, variantPath } from "@domain/media";
import { keptUploads } from "./media/uploads";
import { spawnSync } from "node:child_process";
import { merchantPhotoProduct } from "./catalogue-demo/merchant-photo";
import { catalogueFolderDocuments, generateMedia } from "./generate-media";
import { ROOT } from "./lib/shops";
import { demoCatalogueDir } from "./lib/local-state";
import { importDocument, imported } from "@tests/kit/catalogue";
import { shopApiCaller } from "@tests/kit/shop-api";
import { SHOP_ID_HEADER } from "@worker/lib/shop-headers";
import { demoImportDatabases, importCatalogueFiles, keepMerchantFiles, writeCatalogue, writeSampleUpdates } from "./generate-catalogue";

const NOW = new Date("2025-07-01T08:00:00Z");
let dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "catalogue-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

test("the same seed and size give byte-identical files; another seed differs", () => {
  const a = writeCatalogue({ products: 30, seed: 7, out: tempDir(), now: NOW, chunkSize: 20 });
  const b = writeCatalogue({ products: 30, seed: 7, out: tempDir(), now: NOW, chunkSize: 20 });
  const c = writeCatalogue({ products: 30, seed: 8, out: tempDir(), now: NOW, chunkSize: 20 });
  expect(a.files.map((f) => f.name)).toEqual(b.files.map((f) => f.name));
  for (let i = 0; i < a.files.length; i++) expect(readFileSync(a.files[i]!.path)).toEqual(readFileSync(b.files[i]!.path));
  // The generated products, the terrace planner's substructure parts when a shop sells decking boards, and the fixed roof-window file on top (scripts/catalogue-demo/roof-windows.ts).
  const terraceParts = a.files.find((f) => f.name === "terrace.json")?.products ?? 0;
  expect(a.files.filter((f) => f.name !== "roof-windows.json").reduce((sum, f) => sum + f.products, 0)).toBe(30 + terraceParts);
  expect(a.files.at(-1)!.name).toBe("roof-windows.json");
  expect(a.files.filter((f) => f.name.startsWith("products-") && !f.name.endsWith("-prices.json")).length).toBeGreaterThanOrEqual(2);
  const productsA = readFileSync(a.files[1]!.path, "utf8");
  const productsC = readFileSync(c.files[1]!.path, "utf8");
  expect(productsA).not.toEqual(productsC);
});

test("the generated catalogue is realistic and imports cleanly through importCatalogue", async () => {
  const catalogue = writeCatalogue({ products: 120, seed: 42, out: tempDir(), now: NOW });
  const docs = catalogue.files.map((f) => JSON.parse(readFileSync(f.path, "utf8")) as CatalogueDocument);
  const generated = catalogue.files.map((f, i) => ({ name: f.path, doc: docs[i]! })).filter((f) => !f.name.endsWith("roof-windows.json"));
  const products = generated.flatMap((f) => f.doc.products ?? []).filter((p) => !p.sku.startsWith("BH-T-"));
  expect(products).toHaveLength(120);
  // The fixed roof-window file: a window with its configuration, and a blind chosen by image.
  const roofWindows = docs.flatMap((d) => d.products ?? []).filter((p) => !products.includes(p) && !p.sku.startsWith("BH-T-"));
  expect(roofWindows.find((p) => p.sku === "DF-CK02")?.roofWindowConfiguration?.map((step) => step.componentType)).toEqual([
    "window",
    "flashing",
    "blind",
    "accessories",
  ]);
  expect(roofWindows.find((p) => p.sku === "PLI-DF")?.configurableAttributes?.[0]?.useImage).toBe(true);
  expect(products.every((p) => !p.ean || eanCheckDigitValid(p.ean))).toBe(true);
  expect(products.some((p) => p.type === "configurable")).toBe(true);
  expect(products.some((p) => p.isDecking)).toBe(true);
  expect(products.some((p) => p.stock.quantity === 0)).toBe(true);
  expect(new Set(products.map((p) => p.unit))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
  expect([...new Set(products.map((p) => p.unit))]).toEqual(expect.arrayContaining(["SQM"]));
  for (const p of products) {
    for (const shop of ["DE", "CH", "AT", "COM"]) expect(p.shops).toContain(shop);
    for (const lang of ["de", "fr", "it", "at", "en"] as const) expect(p.content[lang]?.title).toBeTruthy();
  }
  // Every decking board the planner offers has its laying data; the substructure is sold wherever boards are.
  const boards = products.filter((p) => p.terraceConfEnabled);
  expect(boards.length).toBeGreaterThan(0);
  for (const board of boards)
    expect(board.terrace).toEqual({
      role: "board",
      family: expect.stringMatching(/^(wpc|wood)$/),
      lengthMm: expect.any(Number),
      widthMm: 145,
      gapMm: expect.any(Number),
    });
  const parts = docs.flatMap((d) => d.products ?? []).filter((p) => p.sku.startsWith("BH-T-"));
  expect(new Set(parts.map((p) => p.terrace?.role))).toEqual(new Set(["joist", "pedestal", "foot", "clip", "screw", "edge"]));
  const boardShops = new Set(boards.flatMap((b) => b.shops));
  for (const part of parts) expect(new Set(part.shops)).toEqual(boardShops);
  const base = docs[0]!;
  const identifiers = (base.cmsPages ?? []).map((p) => `${p.shop}:${p.language}:${p.identifier}`);
  expect(identifiers).toEqual(
    expect.arrayContaining([
      "DE:de:impressum",
      "FR:fr:mentions-legales",
      "IT:it:note-legali",
      "NL:nl:colofon",
      "COM:en:imprint",
      "DE:de:kontakt-service",
      "DE:de:gutschein-danke",
    ]),
  );
  expect(identifiers.some((id) => /:(kontakt|contactez|contatto|contact)$/.test(id))).toBe(false);
  expect(new Set((base.cmsPages ?? []).map((p) => p.pageType))).toEqual(
    new Set(["CMS", "CHAT", "SALES", "VIDEOLIB", "CONFIGURATOR_LANDING_PAGE", "MAGAZINE", "GUIDE", "CUSTOM", "EMPTY"]),
  );
  // The guide magazine: an index and at least three guides in every language of every shop, each a few paragraphs long.
  for (const shop of ["DE", "CH", "AT", "FR", "IT", "NL", "COM", "BRAND"]) {
    const ofShop = (base.cmsPages ?? []).filter((p) => p.shop === shop);
    for (const language of new Set(ofShop.map((p) => p.language))) {
      const inLanguage = ofShop.filter((p) => p.language === language);
      expect(inLanguage.filter((p) => p.pageType === "MAGAZINE")).toHaveLength(1);
      const guides = inLanguage.filter((p) => p.pageType === "GUIDE");
      expect(guides.length).toBeGreaterThanOrEqual(3);
      for (const guide of guides) expect((guide.content ?? "").match(/<p>/g)?.length).toBeGreaterThanOrEqual(3);
    }
  }

  // Two shop databases (DE on DB, CH and COM on the second): the catalogue goes into both, each with its share of the stock.
  const t = await createTestDatabase({ split: true });
  try {
    const first = await importCatalogueFiles(everyTestDatabase(t.db), catalogue, NOW);
    expect(first.changedProducts).toBe(120 + parts.length + roofWindows.length);
    const counts = await t.db
      .prepare(
        "SELECT (SELECT COUNT(*) FROM products) AS products, (SELECT COUNT(*) FROM prices WHERE currency = 'CHF') AS chf, (SELECT COUNT(*) FROM reviews) AS reviews",
      )
      .first<{ products: number; chf: number; reviews: number }>();
    expect(counts?.products).toBe(120 + parts.length + roofWindows.length);
    // Every product but the configurable blind (its variants are priced) has a price in CHF.
    expect(counts?.chf).toBe(120 + parts.length + roofWindows.length - 1);
    // The terrace planner's data: boards with their laying data, the parts, the families and systems.
    const terrace = await t.db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM terrace_products WHERE role = 'board' AND conf_enabled = 1 AND length_mm > 0 AND width_mm > 0) AS boards,
          (SELECT COUNT(*) FROM terrace_products WHERE role <> 'board') AS parts,
          (SELECT COUNT(*) FROM terrace_families) AS families, (SELECT COUNT(*) FROM terrace_systems) AS systems`,
      )
      .first<{ boards: number; parts: number; families: number; systems: number }>();
    expect(terrace).toEqual({ boards: boards.length, parts: parts.length, families: 2, systems: 4 });
    const steps = await t.db.prepare("SELECT component_type FROM roof_window_components WHERE sku = 'DF-CK02' ORDER BY position").all();
    expect(steps.results.map((row) => row.component_type)).toEqual(["window", "flashing", "blind", "accessories"]);
    expect(counts?.reviews).toBeGreaterThan(0);
    // Some products had a higher price 20 days ago: their 30-day reference price is the lower, current one.
    const older = await t.db
      .prepare("SELECT COUNT(DISTINCT sku) AS n FROM price_history WHERE valid_from = ?")
      .bind(new Date(NOW.getTime() - 20 * 86_400_000).toISOString())
      .first<{ n: number }>();
    expect(older?.n).toBeGreaterThan(0);
    // The second database holds the same catalogue; the stock of the products both sell is split between them.
    const products = "SELECT COUNT(*) AS n, SUM(stock_qty) AS stock FROM products";
    const [german, swiss] = [shopDb(t.env, "DE"), shopDb(t.env, "CH")];
    expect(swiss).not.toBe(german);
    const [inFirst, inSecond] = [
      await german.prepare(products).first<{ n: number; stock: number }>(),
      await swiss.prepare(products).first<{ n: number; stock: number }>(),
    ];
    expect(inSecond!.n).toBe(inFirst!.n);
    const total = catalogue.files
      .flatMap((f) => (JSON.parse(readFileSync(f.path, "utf8")) as CatalogueDocument).products ?? [])
      .reduce((sum, product) => sum + product.stock.quantity, 0);
    expect(inFirst!.stock + inSecond!.stock).toBe(total);
    expect(inSecond!.stock).toBeGreaterThan(0);
    // Importing the same files again changes nothing.
    expect((await importCatalogueFiles(everyTestDatabase(t.db), catalogue, NOW)).changedProducts).toBe(0);
  } finally {
    await t.dispose();
  }
});

test("a declared database no shop is on (a deployed DB_2 while SHOP_DATABASES is unset) gets the demo catalogue and none of its stock", async () => {
  const t = await createTestDatabase({ split: true });
  try {
    const env = { ...t.env, SHOP_DATABASES: undefined };
    const databases = demoImportDatabases(env, ["DB", "DB_2"]);
    expect(databases.map((database) => [database.binding, database.shops.length > 0])).toEqual([
      ["DB", true],
      ["DB_2", false],
    ]);
    expect(() => demoImportDatabases(env, ["DB", "DB_3"])).toThrow("DB_3, which is not a D1 binding");
    await importCatalogueFiles(databases, writeCatalogue({ products: 10, seed: 7, out: tempDir(), now: NOW }), NOW);
    const totals = (db: (typeof databases)[number]["db"]) =>
      db.prepare("SELECT COUNT(*) AS products, SUM(stock_qty) AS stock FROM products").first<{ products: number; stock: number }>();
    const [first, second] = await Promise.all(databases.map((database) => totals(database.db)));
    expect(first!.products).toBeGreaterThan(10);
    expect(first!.stock).toBeGreaterThan(0);
    expect(second).toEqual({ products: first!.products, stock: 0 });
  } finally {
    await t.dispose();
  }
});

test("the complaints page of every shop language links to the shop's returns page", () => {
  const catalogue = writeCatalogue({ products: 10, seed: 3, out: tempDir(), now: NOW });
  const pages = catalogue.files.flatMap((f) => (JSON.parse(readFileSync(f.path, "utf8")) as CatalogueDocument).cmsPages ?? []);
  const complaints = pages.filter((page) => ["reklamation", "complaints", "reclamation", "reclami", "klachten"].includes(page.identifier));
  expect(complaints.map((page) => `${page.shop}:${page.language}`)).toEqual(
    expect.arrayContaining(["DE:de", "AT:at", "CH:fr", "FR:fr", "IT:it", "NL:nl", "COM:en"]),
  );
  for (const page of complaints) {
    const href = page.shop === "CH" ? `/${page.language}/returns/` : "/returns/";
    expect([page.shop, page.language, page.content]).toEqual([page.shop, page.language, expect.stringContaining(`<a href="${href}">`)]);
  }
  expect(complaints.find((page) => page.shop === "DE")!.content).toContain('<a href="/returns/">Zum Retouren- und Reklamationsformular</a>');
});

test("the demo's Black Week runs around the catalogue's now in every shop language but the brand shop, with its hub on the SALES page; an archived spring sale", () => {
  const catalogue = writeCatalogue({ products: 10, seed: 3, out: tempDir(), now: NOW });
  const base = JSON.parse(readFileSync(catalogue.files[0]!.path, "utf8")) as CatalogueDocument;
  const campaigns = base.campaigns ?? [];
  const blackWeek = campaigns.filter((c) => c.identifier === "black-week");
  expect(new Set(blackWeek.map((c) => c.shop))).toEqual(new Set(["DE", "CH", "AT", "FR", "IT", "NL", "COM"]));
  expect(blackWeek.map((c) => `${c.shop}:${c.language}`)).toEqual(expect.arrayContaining(["CH:de", "CH:fr", "CH:it", "AT:at", "NL:nl", "COM:en"]));
  for (const c of blackWeek) {
    expect(Date.parse(c.startsAt)).toBeLessThanOrEqual(NOW.getTime());
    expect(Date.parse(c.endsAt)).toBeGreaterThan(NOW.getTime());
    expect(c.campaignCoupon).toBeUndefined();
    const sale = (base.cmsPages ?? []).find((p) => p.shop === c.shop && p.language === c.language && p.pageType === "SALES");
    expect(c.hub.identifier).toBe(sale?.identifier);
    expect(c.hub.firstSlider.length).toBeGreaterThan(0);
  }
  expect(campaigns.filter((c) => c.identifier === "spring-sale").every((c) => c.isArchived && !c.isActive && Date.parse(c.endsAt) < NOW.getTime())).toBe(true);
  const blocks = (base.cmsBlocks ?? []).filter((b) => b.shop === "FR").map((b) => b.identifier);
  expect(blocks).toEqual(expect.arrayContaining(["banner-homepage-desktop", "banner-homepage-mobile", "home-founder"]));
});

test("the demo content has the environment's banners of every location and platform, and the header notices per platform, in every shop language", () => {
  const catalogue = writeCatalogue({ products: 10, seed: 3, out: tempDir(), now: NOW });
  const base = JSON.parse(readFileSync(catalogue.files[0]!.path, "utf8")) as CatalogueDocument;
  for (const shop of shopDirectory.config.shops) {
    for (const language of shop.languages) {
      const identifiers = new Set((base.cmsBlocks ?? []).filter((b) => b.shop === shop.id && b.language === language).map((b) => b.identifier));
      const expected = [
        ...BANNER_LOCATIONS.flatMap((location) => BANNER_PLATFORMS.map((platform) => `banner-${location}-${platform}`)),
        "header-info",
        "header-info-mobile",
        "header-warning",
      ];
      expect({ shop: shop.id, language, missing: expected.filter((identifier) => !identifiers.has(identifier)) }).toEqual({
        shop: shop.id,
        language,
        missing: [],
      });
    }
  }
});

test("the demo content has a page of every page type the storefront renders, CUSTOM and EMPTY among them, in every shop language; its floor variants are sold in sets, four floors are top products", () => {
  const catalogue = writeCatalogue({ products: 60, seed: 42, out: tempDir(), now: NOW });
  const documents = catalogue.files.map((file) => JSON.parse(readFileSync(file.path, "utf8")) as CatalogueDocument);
  const pages = documents.flatMap((document) => document.cmsPages ?? []);
  for (const shop of shopDirectory.config.shops) {
    for (const language of shop.languages) {
      const types = new Set(pages.filter((page) => page.shop === shop.id && page.language === language).map((page) => page.pageType ?? "CMS"));
      expect({ shop: shop.id, language, types: [...types].sort() }).toEqual({
        shop: shop.id,
        language,
        types: expect.arrayContaining(["CHAT", "CMS", "CONFIGURATOR_LANDING_PAGE", "CUSTOM", "EMPTY", "SALES", "VIDEOLIB"]),
      });
    }
  }
  const products = documents.flatMap((document) => document.products ?? []);
  const sets = products.filter((product) => product.productSets);
  expect(sets.length).toBeGreaterThan(1);
  expect(sets.every((product) => product.type === "variant" && product.productSets!.every((sku) => products.some((other) => other.sku === sku)))).toBe(true);
  expect(products.some((product) => product.isFreeShipping)).toBe(true);
  expect(products.some((product) => product.content.de?.marketingLabel)).toBe(true);
  expect(products.filter((product) => product.isPlus).every((product) => product.content.de?.plusContent)).toBe(true);
  const top = products.filter((product) => product.topPosition !== undefined).sort((a, b) => a.topPosition! - b.topPosition!);
  expect(top.map((product) => product.topPosition)).toEqual([1, 2, 3, 4]);
  expect(top.every((product) => product.type !== "variant" && product.content.fr?.topDescription === "Sélectionné par notre équipe")).toBe(true);
});

test("one demo floor's main photo is the merchant's own JPEG beside the generator's import files, in the run's own state; the import keeps it and the media store makes its sizes from it", async () => {
  // The generator as npm start and the browser tests' setup run it (its photo is drawn in plain Node: seconds there, minutes
  // in a test's sandbox): no --out, so the files go into the run's own state, where no other run at the same time reads.
  const state = tempDir();
  const out = demoCatalogueDir(state);
  const run = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/generate-catalogue.ts", "--products", "40", "--no-import"], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, LOCAL_STATE_DIR: state },
  });
  expect(run.status).toBe(0);
  expect(run.stdout).toContain(`to ${out} in`);
  expect(out).not.toBe(demoCatalogueDir(tempDir()));
  const documents = catalogueFolderDocuments(out);
  const path = merchantPhotoProduct(documents)?.path;
  expect(path).toMatch(/^\/images\/products\/BH-\d+-1\.jpg$/);
  const product = documents.flatMap((d) => d.products ?? []).find((p) => p.media?.[0]?.url === path)!;
  expect(product.shops).toEqual(expect.arrayContaining(["DE", "CH"]));

  // A camera-like photo, small: a 4:3 JPEG larger than the store's sizes, with a photo's grain; a light wall above the floor.
  const photo = readFileSync(join(out, path!));
  expect(photo.length).toBeLessThan(300_000);
  expect(await sharp(photo).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 1200 });
  expect((await sharp(photo).stats()).entropy).toBeGreaterThan(5);

  // The import keeps it where `npm start` takes the merchant's files from; only that file.
  const uploads = tempDir();
  expect(keepMerchantFiles(documents, out, uploads)).toEqual([path]);
  expect([...keptUploads(uploads).keys()]).toEqual([path]);

  // The media store makes the product's sizes from the photo (only its main photo here: PDFs and videos are another test's).
  const store = tempDir();
  const alone = [{ products: [{ ...product, media: [product.media![0]!], downloads: undefined, tutorials: undefined }] }];
  const stats = await generateMedia({ documents: alone, out: store, cacheDir: tempDir(), uploads: keptUploads(uploads) });
  expect(stats.rendered).toBe(1);
  // The blue of the picture's top rows.
  const wall = async (file: string | Buffer) =>
    (await sharp(await sharp(file).resize(400, 300).extract({ left: 0, top: 0, width: 400, height: 40 }).png().toBuffer()).stats()).channels[2]!.mean;
  // The wall is grey-white (its blue as high as its red); the drawn oak would be brown there, its blue below 100.
  expect(await wall(photo)).toBeGreaterThan(140);
  expect(await sharp(join(store, path!)).metadata()).toMatchObject({ format: "jpeg", width: FALLBACK_WIDTH, height: mediaHeight(FALLBACK_WIDTH) });
  expect(Math.abs((await wall(join(store, path!))) - (await wall(photo)))).toBeLessThan(12);
  for (const width of MEDIA_WIDTHS) {
    const webp = join(store, variantPath(path!, width, "webp"));
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width, height: mediaHeight(width) });
    expect(Math.abs((await wall(webp)) - (await wall(photo)))).toBeLessThan(12);
    expect(await sharp(join(store, variantPath(path!, width, "avif"))).metadata()).toMatchObject({ format: "heif", width });
  }
});

test("the ERP's sample update withdraws one demo product's samples in the live data: the sample add answers samples_unavailable, the pages' notice; the second update offers them again", async () => {
  const out = tempDir();
  const catalogue = writeCatalogue({ products: 30, seed: 42, out, now: NOW });
  const updates = writeSampleUpdates(out, catalogue.documents)!;
  expect(updates.sku).toMatch(/^BH-\d+$/);
  const database = await createTestDatabase();
  try {
    for (const file of catalogue.files) await imported(database.db, readFileSync(file.path, "utf8"), { source: `demo:${file.name}`, now: NOW });
    const api = shopApiCaller(database.env);
    const addSample = async (sku: string) => {
      const response = await api(
        new Request("http://shop-api/apiv2/sample/product/cart/add", {
          method: "POST",
          headers: { [SHOP_ID_HEADER]: "DE", "content-type": "application/json" },
          body: JSON.stringify({ sku, quantity: 1, recommendation: false }),
        }),
      );
      const body = (await response.json()) as { errors: { code?: string }[] };
      return { status: response.status, codes: body.errors.map((error) => error.code).filter(Boolean) };
    };
    expect(await addSample(updates.sku)).toEqual({ status: 200, codes: [] });

    // The ERP's update through the catalogue import: only this product changes (its page is rebuilt later; a page built before still offers the sample).
    const withdrawn = await importDocumentFile(database.db, updates.withdrawn);
    expect(withdrawn).toEqual([updates.sku]);
    expect(await addSample(updates.sku)).toEqual({ status: 422, codes: expect.arrayContaining(["samples_unavailable"]) });

    expect(await importDocumentFile(database.db, updates.restored)).toEqual([updates.sku]);
    expect(await addSample(updates.sku)).toEqual({ status: 200, codes: [] });
  } finally {
    await database.dispose();
  }
});

/** Imports an update file as the merchandisers' import does; the products it changed. */
async function importDocumentFile(db: Parameters<typeof imported>[0], file: string): Promise<string[]> {
  const result = await importDocument(db, readFileSync(file, "utf8"), { source: "erp" });
  if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
  return result.changedSkus;
}
