/**
 * The catalogue as tests put it into a database: the import's own code (parse, validate,
 * write in one batch) on a document of the test, and a small, valid catalogue document for
 * the import tests.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { importCatalogueEverywhere, type ImportOptions } from "@shop-api/catalogue/apply-import";
import type { CatalogueDocument, ImportFormat, ImportResult } from "@shop-api/catalogue/import-format";
import { countRows, everyTestDatabase } from "./d1";

export type { CatalogueDocument, PriceRecord, ProductRecord } from "@shop-api/catalogue/import-format";

export interface DocumentImport extends Partial<ImportOptions> {
  /** The file's format: JSON unless named. */
  format?: ImportFormat;
}

/**
 * Imports a document as the merchandiser's import does (a string is the file as it is, anything else is sent as
 * JSON, valid or not: the import validates it) into the database and those beside it (tests/kit/d1.ts); the import's answer.
 */
export function importDocument(db: D1Database, document: unknown, options: DocumentImport = {}): Promise<ImportResult> {
  const { format = "json", source = "test", ...rest } = options;
  return importCatalogueEverywhere(
    everyTestDatabase(db),
    { format, text: typeof document === "string" ? document : JSON.stringify(document) },
    { source, ...rest },
  );
}

/** Imports a document the test builds on: throws if the import refuses it; the change id of what it wrote. */
export async function imported(db: D1Database, document: unknown, options: DocumentImport = {}): Promise<number | null> {
  const result = await importDocument(db, document, options);
  if (!result.ok) throw new Error(`test catalogue refused: ${JSON.stringify(result.problems.slice(0, 5))}`);
  return result.changeId;
}

export const TABLES = [
  "shops",
  "categories",
  "category_translations",
  "manufacturers",
  "manufacturer_translations",
  "products",
  "product_categories",
  "product_shops",
  "product_content",
  "prices",
  "price_history",
  "media",
  "downloads",
  "tutorials",
  "reviews",
  "cms_pages",
  "cms_blocks",
  "top_seo_links",
  "imports",
  "product_changes",
] as const;

/** Row counts of the catalogue's tables: a refused import must leave them as they were. */
export const rowCounts = (db: D1Database): Promise<Record<(typeof TABLES)[number], number>> => countRows(db, TABLES);

export function sampleDocument(): CatalogueDocument {
  return {
    categories: [
      {
        id: "parkett-landhausdielen",
        parentId: "parkett",
        position: 1,
        translations: { de: { name: "Landhausdielen", slug: "parkett/landhausdielen" }, fr: { name: "Planches", slug: "parquet/planches" } },
      },
      {
        id: "parkett",
        parentId: null,
        position: 0,
        topPosition: 1,
        sorting: [{ sortBy: "price", direction: "asc" }],
        translations: { de: { name: "Parkett", slug: "parkett", teaser: "Echtholz" }, fr: { name: "Parquet", slug: "parquet" } },
      },
    ],
    manufacturers: [
      {
        id: "holzwerk",
        name: "Holzwerk Alpen",
        slug: "holzwerk-alpen",
        logo: "/images/manufacturers/holzwerk.svg",
        translations: { de: { shortDescription: "Parkett aus Bayern" } },
      },
    ],
    products: [
      {
        sku: "P-100",
        type: "simple",
        manufacturer: "holzwerk",
        category: "parkett-landhausdielen",
        categories: ["parkett"],
        shops: ["DE", "CH"],
        ean: "4006381333931",
        unit: "SQM",
        packageContent: 2.2,
        blendPercent: 10,
        shippingGroup: "freight",
        isExpress: true,
        deliveryDays: { min: 3, max: 5 },
        stock: { quantity: 120, minimumOrderQuantity: 2.2 },
        samples: { active: true, max: 3 },
        content: {
          de: {
            slug: "landhausdiele-eiche-natur-geoelt-14-mm",
            title: "Landhausdiele Eiche natur geölt 14 mm",
            features: ["Klicksystem", "Fußbodenheizung geeignet"],
            attributes: [{ code: "thickness_mm", label: "Stärke", type: "number", value: "14", isVisible: true }],
          },
          fr: { slug: "parquet-chene-naturel-huile-14-mm", title: "Parquet chêne naturel huilé 14 mm" },
        },
        media: [{ kind: "image", url: "/images/products/P-100-1.jpg", alt: "Eiche natur" }],
        downloads: { de: [{ title: "Datenblatt", url: "/downloads/P-100-de.pdf" }] },
        tutorials: { de: [{ title: "Verlegung", type: "video", url: "https://video.example/verlegung" }] },
      },
      {
        sku: "P-200-1",
        parentSku: "P-200",
        type: "variant",
        category: "parkett",
        shops: ["DE"],
        unit: "SQM",
        packageContent: 1.9,
        shippingGroup: "parcel",
        deliveryDays: { min: 2, max: 4 },
        stock: { quantity: 0 },
        content: { de: { slug: "klick-vinyl-eiche-grau-5-mm-hell", title: "Klick-Vinyl Eiche grau 5 mm hell" } },
      },
      {
        sku: "P-200",
        type: "configurable",
        category: "parkett",
        shops: ["DE"],
        unit: "SQM",
        packageContent: 1.9,
        shippingGroup: "parcel",
        deliveryDays: { min: 2, max: 4 },
        stock: { quantity: 10 },
        configurableAttributes: [{ code: "shade", label: "Farbton", options: [{ value: "hell", label: "hell" }] }],
        content: { de: { slug: "klick-vinyl-eiche-grau-5-mm", title: "Klick-Vinyl Eiche grau 5 mm" } },
      },
    ],
    prices: [
      { sku: "P-100", shop: "DE", currency: "EUR", packagePrice: 109.78, unitPrice: 49.9 },
      { sku: "P-100", shop: "CH", currency: "CHF", packagePrice: 119.9, unitPrice: 54.5 },
      { sku: "P-200-1", shop: "DE", currency: "EUR", packagePrice: 56.81, unitPrice: 29.9 },
    ],
    cmsPages: [{ shop: "CH", language: "fr", identifier: "mentions-legales", title: "Mentions légales", content: "<p>Bodenhaus SA</p>" }],
    cmsBlocks: [{ shop: "DE", language: "de", identifier: "header-info", content: "Versandkostenfrei ab 1200 €" }],
    seoLinks: [{ shop: "DE", language: "de", position: 1, label: "Parkett", url: "/parkett.html" }],
    reviews: [{ id: "R-1", sku: "P-100", language: "de", mark: 5, comment: "Sehr schön", reviewer: "Anna", createdAt: "2025-06-01T10:00:00Z" }],
  };
}
