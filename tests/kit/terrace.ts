/**
 * Test harness of the terrace planner API: the inquiries harness (real local D1 with the
 * commerce test catalogue, a pinned clock, ALTCHA) plus a terrace catalogue imported through
 * the real import: two families, boards in DE/CH/COM and DE only, a board the planner does not
 * offer, substructure parts (the feet not sold in CH, one joist out of stock) and three systems.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { imported, type CatalogueDocument, type PriceRecord, type ProductRecord } from "./catalogue";
import { createInquiryHarness, json, type InquiryHarness } from "./inquiries";

export { json } from "./inquiries";
export type TerraceHarness = InquiryHarness;

function product(sku: string, terrace: ProductRecord["terrace"], extra: Partial<ProductRecord> = {}): ProductRecord {
  const shops = extra.shops ?? ["DE", "CH", "COM"];
  return {
    sku,
    type: "simple",
    category: "boden",
    shops: ["DE", "CH", "COM"],
    unit: "PCS",
    packageContent: 1,
    shippingGroup: "freight",
    isDecking: true,
    deliveryDays: { min: 3, max: 6 },
    stock: { quantity: 5000 },
    terrace,
    content: {
      de: { slug: `terrasse-${sku.toLowerCase()}`, title: `Terrasse ${sku}` },
      ...(shops.includes("COM") ? { en: { slug: `terrace-${sku.toLowerCase()}`, title: `Terrace ${sku}` } } : {}),
    },
    media: [{ kind: "image", url: `/images/${sku}.jpg` }],
    ...extra,
  };
}

/** EUR package prices (DE, COM); CH pays 1.1 times in CHF. */
const EURO: Record<string, number> = {
  "BOARD-WPC": 39.9,
  "BOARD-WOOD": 24.5,
  "BOARD-HIDDEN": 10,
  JOIST: 30,
  "JOIST-OOS": 20,
  PEDESTAL: 40,
  FOOT: 25,
  CLIP: 35,
  SCREW: 20,
  EDGE: 15,
};

export function terraceDocument(): CatalogueDocument {
  const products: ProductRecord[] = [
    product("BOARD-WPC", { role: "board", family: "wpc", lengthMm: 4000, widthMm: 145, gapMm: 5 }, { terraceConfEnabled: true }),
    product("BOARD-WOOD", { role: "board", family: "wood", lengthMm: 3000, widthMm: 145, gapMm: 7 }, { terraceConfEnabled: true, shops: ["DE"] }),
    product("BOARD-HIDDEN", { role: "board", family: "wpc", lengthMm: 4000, widthMm: 145, gapMm: 5 }),
    product("JOIST", { role: "joist", lengthMm: 4000 }),
    product("JOIST-OOS", { role: "joist", lengthMm: 4000 }, { shops: ["DE"], stock: { quantity: 0 } }),
    product("PEDESTAL", { role: "pedestal" }, { packageContent: 10, shippingGroup: "parcel" }),
    product("FOOT", { role: "foot" }, { packageContent: 10, shippingGroup: "parcel", shops: ["DE", "COM"] }),
    product("CLIP", { role: "clip" }, { packageContent: 100, shippingGroup: "parcel" }),
    product("SCREW", { role: "screw" }, { packageContent: 200, shippingGroup: "parcel", shops: ["DE"] }),
    product("EDGE", { role: "edge", lengthMm: 2200 }),
  ];
  const prices: PriceRecord[] = products.flatMap((p) =>
    p.shops.map((shop): PriceRecord =>
      shop === "CH"
        ? { sku: p.sku, shop, currency: "CHF", packagePrice: Math.round(EURO[p.sku]! * 110) / 100, unitPrice: Math.round(EURO[p.sku]! * 110) / 100 }
        : { sku: p.sku, shop, currency: "EUR", packagePrice: EURO[p.sku]!, unitPrice: EURO[p.sku]! },
    ),
  );
  return {
    products,
    prices,
    terraceFamilies: [
      { family: "wpc", maxJoistSpacingCm: { straight: 40, diagonal: 30 }, joistOverhangCm: 5, supportSpacingCm: 50, fastenersPerCrossing: 1 },
      { family: "wood", maxJoistSpacingCm: { straight: 50, diagonal: 40 }, joistOverhangCm: 5, supportSpacingCm: 60, fastenersPerCrossing: 2 },
    ],
    terraceSystems: [
      {
        id: "wpc-pedestals",
        family: "wpc",
        kind: "joists_pedestals",
        position: 0,
        joistSku: "JOIST",
        supportSku: "PEDESTAL",
        fastenerSku: "CLIP",
        edgeSku: "EDGE",
        names: { de: "Alu auf Stelzlagern", en: "Aluminium on pedestals" },
      },
      {
        id: "wpc-feet",
        family: "wpc",
        kind: "joists_feet",
        position: 1,
        joistSku: "JOIST",
        supportSku: "FOOT",
        fastenerSku: "CLIP",
        edgeSku: "EDGE",
        names: { de: "Alu auf Stellfüßen", en: "Aluminium on feet" },
      },
      {
        id: "wood-pedestals",
        family: "wood",
        kind: "joists_pedestals",
        joistSku: "JOIST-OOS",
        supportSku: "PEDESTAL",
        fastenerSku: "SCREW",
        names: { de: "Holz auf Stelzlagern" },
      },
    ],
  };
}

export async function importTerrace(db: D1Database, doc: CatalogueDocument = terraceDocument(), now = new Date()): Promise<void> {
  await imported(db, doc, { source: "terrace-test", now });
}

export async function createTerraceHarness(): Promise<TerraceHarness> {
  const h = await createInquiryHarness();
  await importTerrace(h.db);
  return h;
}

/** A 4 x 5 m terrace with a 1 x 1 m cut-out, boards along x. */
export const PLAN = {
  outline: [
    [0, 0],
    [4, 0],
    [4, 5],
    [0, 5],
  ],
  cutouts: [
    [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
    ],
  ],
  direction: 0,
  boardSku: "BOARD-WPC",
  substructureId: "wpc-pedestals",
  edgeBoards: true,
  houseWallEdge: 2,
};

export const configurationCount = async (db: D1Database): Promise<number> =>
  (await db.prepare("SELECT COUNT(*) AS n FROM terrace_configurations").first<{ n: number }>())!.n;

export interface SaveOptions {
  shop?: string;
  language?: string;
  ip?: string;
  idempotencyKey?: string;
  token?: string;
}

export function saveRaw(h: TerraceHarness, body: unknown, options: SaveOptions = {}): Promise<Response> {
  return h.fetch("POST", "/apiv2/terrace/configurations", {
    shop: options.shop,
    language: options.language,
    body,
    headers: {
      ...(options.ip ? { "cf-connecting-ip": options.ip } : {}),
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
    },
  });
}

/** Saves a plan that must be taken; its answer's data. */
export async function saved(h: TerraceHarness, body: unknown = PLAN, options: SaveOptions = {}) {
  const response = await saveRaw(h, body, options);
  const answer = await json(response);
  if (response.status !== 200) throw new Error(`save: ${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data as { number: string; plan: Record<string, unknown>; bill: Bill | null; createdAt: string };
}

export interface Bill {
  lines: {
    role: string;
    sku: string | null;
    name: string;
    needed: number;
    unit: string;
    packages: number;
    packagePrice: Money | null;
    rowTotal: Money | null;
    missing: string | null;
  }[];
  total: Money;
  areaM2: number;
  wastePercent: number;
}
export interface Money {
  amount: number;
  currency: string;
  formattedWithCurrency: string;
}

export function loadRaw(h: TerraceHarness, number: string, options: SaveOptions = {}): Promise<Response> {
  return h.fetch("GET", `/apiv2/terrace/configurations/${encodeURIComponent(number)}`, {
    shop: options.shop,
    language: options.language,
    headers: options.ip ? { "cf-connecting-ip": options.ip } : {},
  });
}
