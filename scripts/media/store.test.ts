/**
 * The media store against the catalogue and the API (docs/decisions/0046): every image path
 * the demo catalogue's import documents name, and every one the shop API answers with after
 * importing them (flags, categories, manufacturers, products, configurator swatches), is a
 * file of the store, with the AVIF/WebP variants of every width for raster images. A warm
 * start renders nothing; hostile paths in a document never leave the store's folder.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { FALLBACK_WIDTH, MEDIA_WIDTHS, mediaFiles, mediaHeight, variantPath } from "@domain/media";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller, type ShopApiCaller } from "@tests/kit/shop-api";
import { SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER } from "@worker/lib/shop-headers";
import { importCatalogue } from "@shop-api/catalogue/apply-import";
import type { CatalogueDocument } from "@shop-api/catalogue/import-format";
import { loadShops } from "../catalogue-demo/build";
import { demoDocuments, generateMedia } from "../generate-media";
import { ROOT } from "../lib/shops";
import { collectMedia, isImagePath, writeMedia } from "./store";
import { mediaBytesKind } from "./uploads";

jest.setTimeout(300_000);

const PRODUCTS = 14;
// The cache is keyed by what each picture shows, so keeping it between runs only saves time.
const CACHE = join(tmpdir(), "bodenhaus-media-test-cache");
let out: string;
let documents: CatalogueDocument[];
let database: TestDatabase;
let api: ShopApiCaller;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "media-"));
  dirs.push(dir);
  return dir;
};

/**
 * The generator as `npm start` runs it: under tsx (drawing under Jest's module sandbox is many times slower). Its
 * merchant uploads come from an empty folder of the test's own, not the checkout's local state: a running `npm start`
 * keeps the demo import's uploads there, which would replace drawn pictures.
 */
function runGenerator(target: string): string {
  return execFileSync(
    join(ROOT, "node_modules", ".bin", "tsx"),
    [join(ROOT, "scripts", "generate-media.ts"), "--products", String(PRODUCTS), "--out", target, "--cache", CACHE, "--uploads", tempDir()],
    {
      encoding: "utf8",
    },
  );
}

beforeAll(async () => {
  documents = demoDocuments(PRODUCTS);
  out = tempDir();
  expect(runGenerator(out)).toMatch(/^Media store: \d+ media files named, \d+ files/);
  database = await createTestDatabase();
  for (const document of documents) {
    const result = await importCatalogue(
      database.db,
      { format: "json", text: JSON.stringify(document) },
      { source: "test", now: new Date("2025-01-01T00:00:00Z") },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
  }
  api = shopApiCaller(database.env, { now: () => new Date("2025-06-01T00:00:00Z") });
});
afterAll(async () => {
  await database?.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every /images/... string in a JSON value. */
function imagePaths(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (value.startsWith("/images/")) found.add(value);
  } else if (Array.isArray(value)) for (const item of value) imagePaths(item, found);
  else if (value && typeof value === "object") for (const item of Object.values(value)) imagePaths(item, found);
  return found;
}

const missingFiles = (paths: Iterable<string>) => [...paths].flatMap(mediaFiles).filter((file) => !existsSync(join(out, file)));

async function get(path: string, shop: string, language: string): Promise<unknown> {
  const response = await api(new Request(`http://shop-api${path}`, { headers: { [SHOP_ID_HEADER]: shop, [SHOP_LANGUAGE_HEADER]: language } }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
}

test("every image path of the import documents is in the store, raster images with every variant", () => {
  const named = imagePaths(documents);
  expect(named.size).toBeGreaterThan(PRODUCTS * 2);
  for (const kind of ["products", "categories", "manufacturers", "swatches"]) expect([...named].some((path) => path.startsWith(`/images/${kind}/`))).toBe(true);
  expect(missingFiles(named)).toEqual([]);
});

test("every image path the shop API answers with resolves: flags, top lists, categories and products by path, related, configurators", async () => {
  const answered = new Set<string>();
  for (const shop of loadShops().filter((s) => ["DE", "CH", "FR", "COM"].includes(s.id))) {
    for (const language of shop.languages) {
      for (const path of ["/apiv2/masterdata", "/apiv2/catalog/category/top", "/apiv2/manufacturers/top"])
        imagePaths(await get(path, shop.id, language), answered);
    }
  }
  // Pages by path: every category and product of DE and of CH in French.
  for (const [shop, language] of [
    ["DE", "de"],
    ["CH", "fr"],
  ] as const) {
    for (const category of documents.flatMap((d) => d.categories ?? [])) {
      imagePaths(await get(`/apiv2/byPath/${category.translations[language]!.slug}.html`, shop, language), answered);
    }
    for (const product of documents.flatMap((d) => d.products ?? []).filter((p) => p.shops.includes(shop) && p.type !== "variant")) {
      imagePaths(await get(`/apiv2/byPath/${product.content[language]!.slug}.html`, shop, language), answered);
      imagePaths(await get(`/apiv2/catalog/product/${encodeURIComponent(product.sku)}/related`, shop, language), answered);
    }
  }
  imagePaths(await get("/apiv2/product-configurator/configurator/PLI-DF", "DE", "de"), answered);
  expect([...answered].filter((p) => p.startsWith("/images/flags/"))).toEqual(
    expect.arrayContaining(["/images/flags/de.svg", "/images/flags/ch.svg", "/images/flags/li.svg"]),
  );
  expect([...answered].some((p) => p.startsWith("/images/products/"))).toBe(true);
  expect(missingFiles(answered)).toEqual([]);
});

test("every video the documents name has a poster under /images/videos/ in the store", () => {
  const videos: { url: string; poster: unknown }[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.url === "string" && /^\/videos\/.+\.mp4$/.test(record.url)) videos.push({ url: record.url, poster: record.poster });
      Object.values(record).forEach(walk);
    }
  };
  walk(documents);
  expect(videos.length).toBeGreaterThan(0);
  const posters = videos.map((video) => video.poster);
  expect(posters.every((poster) => typeof poster === "string" && poster.startsWith("/images/videos/") && poster.endsWith(".jpg"))).toBe(true);
  expect(missingFiles(posters as string[])).toEqual([]);
});

test("raster files are what their names say: JPEG fallback and AVIF/WebP of each width, 4:3; SVG flags are SVG", async () => {
  const path = [...imagePaths(documents)].find((p) => p.startsWith("/images/products/"))!;
  const jpeg = await sharp(join(out, path)).metadata();
  expect(jpeg).toMatchObject({ format: "jpeg", width: FALLBACK_WIDTH, height: mediaHeight(FALLBACK_WIDTH) });
  for (const width of MEDIA_WIDTHS) {
    expect(await sharp(join(out, variantPath(path, width, "webp"))).metadata()).toMatchObject({ format: "webp", width, height: mediaHeight(width) });
    // libvips names AVIF "heif".
    expect(await sharp(join(out, variantPath(path, width, "avif"))).metadata()).toMatchObject({ format: "heif", width, height: mediaHeight(width) });
  }
  for (const code of loadShops().flatMap((s) => s.deliveryCountries)) {
    expect(readFileSync(join(out, `/images/flags/${code}.svg`), "utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 30 20"/);
  }
});

test("every download and video the documents name is in the store, a PDF or an MP4 by its bytes", () => {
  const named = documents
    .flatMap((document) => document.products ?? [])
    .flatMap((product) => [
      ...Object.values(product.downloads ?? {}).flatMap((list) => (list ?? []).map((download) => download.url)),
      ...(product.media ?? []).filter((media) => media.kind === "video").map((media) => media.url),
      ...Object.values(product.tutorials ?? {}).flatMap((list) => (list ?? []).flatMap((tutorial) => (tutorial.url ? [tutorial.url] : []))),
    ]);
  expect(named.some((url) => url.endsWith(".pdf")) && named.some((url) => url.endsWith(".mp4"))).toBe(true);
  for (const url of named) expect(mediaBytesKind(readFileSync(join(out, url)))).toBe(url.endsWith(".pdf") ? "pdf" : "mp4");
});

test("a warm start renders nothing and writes the same store; stale files go", async () => {
  const again = tempDir();
  const first = await generateMedia({ documents, out: again, cacheDir: CACHE });
  expect(first.rendered).toBe(0);
  const stale = join(again, "images", "products", "GONE-1.jpg");
  writeFileSync(stale, "old");
  const second = await generateMedia({ documents, out: again, cacheDir: CACHE });
  expect(second).toMatchObject({ rendered: 0, removed: 1, files: first.files, paths: first.paths });
  expect(existsSync(stale)).toBe(false);
});

test("the same decor and picture number share one render; the pictures are deterministic", async () => {
  const items = collectMedia(documents, ["de"], 42);
  const again = collectMedia(demoDocuments(PRODUCTS), ["de"], 42);
  expect([...again.entries()]).toEqual([...items.entries()]);
  const specs = new Set([...items.values()].map((item) => JSON.stringify(item)));
  expect(specs.size).toBeLessThan(items.size);
});

test("hostile paths in a document are never written; only /images/ paths of safe characters count", async () => {
  for (const bad of [
    "/images/../../etc/x.jpg",
    "/images//x.jpg",
    "/images/x.jpg?v=1",
    "/images/%2e%2e/x.jpg",
    "//evil.example/images/x.jpg",
    "/images/x.exe",
    "/other/x.jpg",
  ]) {
    expect(isImagePath(bad)).toBe(false);
  }
  const target = tempDir();
  const document = {
    categories: [{ id: "evil", parentId: null, image: "/images/../../escape.jpg", translations: {} }],
    products: [
      {
        sku: "X",
        category: "parkett-x",
        media: [
          { kind: "image", url: "/images/products/X-1.jpg" },
          { kind: "image", url: "/images/a/../../../b.jpg" },
        ],
      },
    ],
  } as unknown as CatalogueDocument;
  const stats = await writeMedia(collectMedia([document], [], 42), { out: target, cacheDir: CACHE });
  expect(stats.paths).toBe(1);
  expect(existsSync(join(target, "images/products/X-1.jpg"))).toBe(true);
  expect(existsSync(join(target, "..", "escape.jpg"))).toBe(false);
});
