/**
 * Test harness of the commerce API: a real local D1 (shops synced from config/shops.json)
 * with a small catalogue, a pinned clock, and a caller that goes through the shop API's
 * one route table as the edge does, naming the shop in `x-shop-id` (DE unless a test names
 * another; the API itself answers 404 without a known shop).
 */
import type { LooseJson } from "./loose-json";
import type { D1Database } from "@cloudflare/workers-types";
import { countRows, createTestDatabase, shopDb, type TestDatabase } from "./d1";
import { instrumentedD1, type InstrumentedD1 } from "./d1-faults";
import { shopApiCaller } from "./shop-api";
import { solvedCaptcha, TEST_ALTCHA_ENV } from "./captcha";
import type { ShopApiEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER, VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { imported, type CatalogueDocument, type ProductRecord } from "./catalogue";
import { sha256Hex } from "@shop-api/core/auth";
import { CAPTCHA_HEADER } from "@shop-api/core/captcha/verify";

export const DE_COUNTRIES = [
  "de",
  "be",
  "nl",
  "lu",
  "dk",
  "pl",
  "li",
  "es",
  "pt",
  "gb",
  "se",
  "ie",
  "hu",
  "no",
  "ro",
  "fi",
  "bg",
  "ee",
  "gr",
  "hr",
  "lv",
  "lt",
  "mt",
  "sk",
  "si",
  "cy",
  "ch",
];

function product(sku: string, extra: Partial<ProductRecord> = {}): ProductRecord {
  return {
    sku,
    type: "simple",
    category: "boden",
    shops: ["DE", "CH", "COM"],
    unit: "SQM",
    packageContent: 2,
    shippingGroup: "parcel",
    isExpress: true,
    deliveryDays: { min: 2, max: 4 },
    stock: { quantity: 100 },
    samples: { active: true },
    content: { de: { slug: `produkt-${sku.toLowerCase()}`, title: `Produkt ${sku}` }, en: { slug: `product-${sku.toLowerCase()}`, title: `Product ${sku}` } },
    ...extra,
  };
}

export function commerceDocument(): CatalogueDocument {
  const sampleSkus = Array.from({ length: 9 }, (_, i) => `S-${i + 1}`);
  const products: ProductRecord[] = [
    product("FLOOR-1", { media: [{ kind: "image", url: "/images/floor-1.jpg" }] }),
    product("FREIGHT-1", { shippingGroup: "freight", packageContent: 2.2, stock: { quantity: 50, minimumOrderQuantity: 4.4 } }),
    product("DECK-1", { shippingGroup: "freight", isDecking: true, isExpress: false, unit: "LFM", packageContent: 10 }),
    product("NOEXP-1", { isExpress: false, deliveryDays: { min: 5, max: 10 } }),
    product("EOL-1", { reachedEol: true, stock: { quantity: 0 } }),
    product("OOS-1", { stock: { quantity: 0 } }),
    product("LOW-1", { stock: { quantity: 3 } }),
    product("NOSAMPLE-1", { samples: { active: false } }),
    product("DEONLY-1", { shops: ["DE"], content: { de: { slug: "nur-de", title: "Nur DE" } } }),
    product("CONF-1", {
      type: "configurable",
      configurableAttributes: [
        {
          code: "shade",
          label: "Farbton",
          options: [
            { value: "hell", label: "hell" },
            { value: "dunkel", label: "dunkel" },
          ],
        },
      ],
    }),
    product("CONF-1-1", { type: "variant", parentSku: "CONF-1" }),
    product("CONF-1-2", { type: "variant", parentSku: "CONF-1", stock: { quantity: 0 } }),
    ...sampleSkus.map((sku) => product(sku)),
  ];
  const euro: Record<string, number> = {
    "FLOOR-1": 29.95,
    "FREIGHT-1": 500,
    "DECK-1": 1300,
    "NOEXP-1": 19.9,
    "EOL-1": 10,
    "OOS-1": 10,
    "LOW-1": 10,
    "NOSAMPLE-1": 10,
    "DEONLY-1": 10,
    "CONF-1-1": 45,
    "CONF-1-2": 45,
  };
  for (const sku of sampleSkus) euro[sku] = 15;
  const prices = Object.entries(euro).flatMap(([sku, value]) =>
    sku === "DEONLY-1"
      ? [{ sku, shop: "DE", currency: "EUR" as const, packagePrice: value, unitPrice: value / 2 }]
      : [
          { sku, shop: "DE", currency: "EUR" as const, packagePrice: value, unitPrice: Math.round((value / 2) * 100) / 100 },
          { sku, shop: "CH", currency: "CHF" as const, packagePrice: Math.round(value * 110) / 100, unitPrice: Math.round((value / 2) * 110) / 100 },
          { sku, shop: "COM", currency: "EUR" as const, packagePrice: value, unitPrice: Math.round((value / 2) * 100) / 100 },
        ],
  );
  return {
    categories: [
      {
        id: "boden",
        parentId: null,
        position: 0,
        topPosition: 1,
        translations: { de: { name: "Boden", slug: "boden" }, en: { name: "Floors", slug: "floors" } },
      },
    ],
    manufacturers: [{ id: "holz", name: "Holzwerk", slug: "holzwerk", topPosition: 1 }],
    products,
    prices,
    cmsPages: [{ shop: "DE", language: "de", identifier: "impressum", title: "Impressum", content: "<p>Bodenhaus</p>" }],
    cmsBlocks: [
      { shop: "DE", language: "de", identifier: "header-info", content: "Versandkostenfrei ab 1200 €" },
      { shop: "DE", language: "de", identifier: "header-warn", content: "Lieferverzögerungen" },
    ],
    seoLinks: [{ shop: "DE", language: "de", position: 1, label: "Parkett", url: "/parkett.html" }],
    reviews: [
      { id: "R-1", sku: "FLOOR-1", language: "de", mark: 5, comment: "Sehr schön", reviewer: "Anna", createdAt: "2026-06-01T10:00:00Z" },
      { id: "R-2", sku: "FLOOR-1", language: "de", mark: 3, comment: "Geht so", reviewer: "Ben", createdAt: "2026-06-02T10:00:00Z" },
    ],
  };
}

export interface Harness {
  db: D1Database;
  /** The worker's bindings as the shop API sees them (DB counts its round trips). */
  env: ShopApiEnv;
  /** D1 round trips (a batch or a single statement's first/all/run/raw) since the last call. */
  takeRoundTrips(): number;
  /** The D1 binding's fault injection (d1-faults.ts): the next calls meet a refused or timed-out round trip. */
  faults: Pick<InstrumentedD1, "failAt" | "faulted">;
  setNow(iso: string): void;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** A solved ALTCHA challenge of the shop (DE unless named) for a form action, as the browser sends it in X-Captcha-Token. */
  captchaToken(action: string, shop?: string): Promise<string>;
  dispose(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  raw?: string | FormData | URLSearchParams;
  token?: string;
  shop?: string;
  language?: string;
  headers?: Record<string, string>;
  /**
   * The X-Captcha-Token of a sample finish: by default the harness solves a fresh challenge
   * as the browser does; a string is sent as it is; null sends none.
   */
  captcha?: string | null;
}

/** An answer of the shop API: its status, its JSON body and the visitor token it handed to the edge (x-visitor-token), if any. */
export interface CallResult {
  status: number;
  body: ApiBody;
  token: string | undefined;
}

/** The envelope as the tests read it: `data` and `meta` in whatever shape the call answers. */
export type ApiBody = {
  status: number;
  data: LooseJson["data"];
  errors: { message: string; code?: string; field?: string; params?: Record<string, unknown> }[];
  meta: LooseJson;
};

const SAMPLE_FINISH_PATH = "/apiv2/sample/product/cart/finish";

/** The harness on a fresh database; `split`: with a second one and SHOP_DATABASES (tests/kit/d1.ts), else as TEST_SHOP_DATABASES says. */
export async function createHarness(now = "2026-11-18T08:00:00Z", options: { split?: boolean } = {}): Promise<Harness> {
  const database: TestDatabase = await createTestDatabase(options);
  await imported(database.db, commerceDocument());
  let clock = new Date(now);
  const counted = instrumentedD1(database.db);
  const env: ShopApiEnv = { ...database.env, DB: counted.db, ...TEST_ALTCHA_ENV };
  const api = shopApiCaller(env, { now: () => clock });
  const captchaToken = (action: string, shop?: string): Promise<string> => solvedCaptcha(api, action, shop);
  return {
    db: database.db,
    env,
    takeRoundTrips: counted.take,
    faults: counted,
    setNow(iso) {
      clock = new Date(iso);
    },
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { [SHOP_ID_HEADER]: options.shop ?? "DE", ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.language) headers[SHOP_LANGUAGE_HEADER] = options.language;
      if (method === "POST" && path === SAMPLE_FINISH_PATH && options.captcha !== null)
        headers[CAPTCHA_HEADER] = options.captcha ?? (await captchaToken("sample_finish", options.shop));
      let body: BodyInit | undefined;
      // A raw string is JSON as written (malformed on purpose); forms bring their own type.
      if (typeof options.raw === "string") headers["content-type"] ??= "application/json";
      if (options.raw !== undefined) body = options.raw as BodyInit;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers["content-type"] = "application/json";
      }
      const response = await api(new Request(`http://shop-api${path}`, { method, headers, body }));
      return { status: response.status, body: (await response.json()) as ApiBody, token: response.headers.get(VISITOR_TOKEN_HEADER) ?? undefined };
    },
    captchaToken,
    dispose: () => database.dispose(),
  };
}

/**
 * The packages of a product in stock for a shop (DE unless named), in the shop's database: the catalogue's quantity, or
 * with two databases the database's share of it (docs/decisions/0064).
 */
export const stockIn = async (h: Pick<Harness, "env">, sku: string, shop = "DE"): Promise<number> =>
  (await sql`SELECT stock_qty FROM products WHERE sku = ${sku}`.prepare(shopDb(h.env, shop)).first<{ stock_qty: number }>())!.stock_qty;

/** Row counts of the commerce tables: tests check that refused requests write nothing. */
export const commerceCounts = (db: D1Database): Promise<Record<string, number>> =>
  countRows(db, ["visitors", "carts", "cart_items", "sample_quotes", "sample_items", "write_guards"]);

/** Marks a visitor as a registered customer (there is no account API yet). */
export async function giveAccount(db: D1Database, token: string, type: "private" | "business" = "private"): Promise<void> {
  await sql`UPDATE visitors SET has_account = 1, customer_type = ${type} WHERE id = ${await sha256Hex(token)}`.prepare(db).run();
}
