import { money } from "../money";
import { billOfMaterials, type CatalogueItem, type TerraceSystem } from "./bill";
import type { BoardSpec, Layout } from "./layout";

const BOARD: BoardSpec = { sku: "WPC-4000", lengthMm: 4000, widthMm: 145, gapMm: 5, family: "wpc" };

/** The 4 x 5 m terrace at 0 degrees with edge boards but along the house wall (layout.test.ts works these numbers out). */
const LAYOUT: Layout = {
  areaM2: 20,
  rows: 34,
  boards: { pieces: 34, naivePieces: 34, cutLengthsMm: [], wastePercent: 2 },
  joists: { count: 9, totalLengthMm: 45000, spacingCm: 48.8, pieces: 12 },
  supports: 90,
  fasteners: 612,
  edgeLengthMm: 14000,
  drawing: { boards: [], joists: [] },
};

const SYSTEM: TerraceSystem = {
  id: "alu-pedestals",
  family: "wpc",
  kind: "joists_pedestals",
  joist: { sku: "ALU-4000", lengthMm: 4000 },
  support: { sku: "PED-20" },
  fastener: { sku: "CLIP-100", kind: "clip" },
  edge: { sku: "EDGE-2000", lengthMm: 2000 },
};

const item = (sku: string, unit: string, packageContent: number, minor: number, currency = "EUR"): [string, CatalogueItem] => [
  sku,
  { sku, name: `Product ${sku}`, unit, packageContent, packagePrice: money(minor, currency, "de") },
];

const ITEMS = new Map([
  item("WPC-4000", "PCS", 1, 3999),
  item("ALU-4000", "LFM", 4, 2990),
  item("PED-20", "PCS", 20, 4590),
  item("CLIP-100", "PCS", 100, 1899),
  item("EDGE-2000", "PCS", 1, 1250),
]);

describe("billOfMaterials", () => {
  it("counts packages in each product's sales unit and prices them in minor units", () => {
    const bill = billOfMaterials(LAYOUT, BOARD, SYSTEM, ITEMS, "EUR", "de");
    expect(bill.lines.map(({ role, sku, needed, unit, packages, missing }) => ({ role, sku, needed, unit, packages, missing }))).toEqual([
      // 34 boards, one per package.
      { role: "board", sku: "WPC-4000", needed: 34, unit: "PCS", packages: 34, missing: null },
      // 12 joist lengths of 4 m = 48 m, 4 m per package.
      { role: "joist", sku: "ALU-4000", needed: 48, unit: "LFM", packages: 12, missing: null },
      // 90 pedestals, 20 per bag: 5 bags.
      { role: "support", sku: "PED-20", needed: 90, unit: "PCS", packages: 5, missing: null },
      // 612 clips, 100 per box: 7 boxes.
      { role: "fastener", sku: "CLIP-100", needed: 612, unit: "PCS", packages: 7, missing: null },
      // 14 m of edge in 2 m boards: 7.
      { role: "edge", sku: "EDGE-2000", needed: 7, unit: "PCS", packages: 7, missing: null },
    ]);
    // 34 x 39.99 + 12 x 29.90 + 5 x 45.90 + 7 x 18.99 + 7 x 12.50 = 1359.66 + 358.80 + 229.50 + 132.93 + 87.50 = 2168.39.
    expect(bill.lines.map((line) => line.rowTotal?.amount)).toEqual([135966, 35880, 22950, 13293, 8750]);
    expect(bill.total).toEqual(money(216839, "EUR", "de"));
    expect(bill.total.formattedWithCurrency).toBe("2.168,39\u00a0€");
    expect(bill.lines[0]!.packagePrice).toEqual(money(3999, "EUR", "de"));
    expect(billOfMaterials(LAYOUT, BOARD, SYSTEM, ITEMS, "EUR", "nl").total.formattedWithCurrency).toBe("€\u00a02.168,39");
  });

  it("counts boards sold by the square metre or the metre", () => {
    const bySquareMetre = new Map([...ITEMS, item("WPC-4000", "SQM", 2.32, 9990)]);
    // 34 x 4 m x 0.145 m = 19.72 m², 2.32 m² per package: 8.5 -> 9.
    expect(billOfMaterials(LAYOUT, BOARD, SYSTEM, bySquareMetre, "EUR").lines[0]).toMatchObject({ needed: 19.72, unit: "SQM", packages: 9 });
    const byMetre = new Map([...ITEMS, item("WPC-4000", "LFM", 12, 4500)]);
    // 136 m, 12 m per package: 11.33 -> 12.
    expect(billOfMaterials(LAYOUT, BOARD, SYSTEM, byMetre, "EUR").lines[0]).toMatchObject({ needed: 136, unit: "LFM", packages: 12 });
    const edgeByMetre = new Map([...ITEMS, item("EDGE-2000", "M", 1, 650)]);
    expect(billOfMaterials(LAYOUT, BOARD, SYSTEM, edgeByMetre, "EUR").lines[4]).toMatchObject({ needed: 14, unit: "M", packages: 14 });
  });

  it("shows a line for what the catalogue cannot supply, without a price", () => {
    const withoutClips = new Map([...ITEMS].filter(([sku]) => sku !== "CLIP-100"));
    const system: TerraceSystem = { ...SYSTEM, support: null };
    const bill = billOfMaterials(LAYOUT, BOARD, system, withoutClips, "EUR");
    expect(bill.lines.find((line) => line.role === "support")).toEqual({
      role: "support",
      sku: null,
      name: "",
      needed: 90,
      unit: "PCS",
      packages: 0,
      packagePrice: null,
      rowTotal: null,
      missing: "not_in_catalogue",
    });
    expect(bill.lines.find((line) => line.role === "fastener")).toMatchObject({
      sku: "CLIP-100",
      needed: 612,
      packages: 0,
      rowTotal: null,
      missing: "not_in_catalogue",
    });
    // What is there is still priced: 1359.66 + 358.80 + 87.50.
    expect(bill.total.amount).toBe(135966 + 35880 + 8750);
  });

  it("shows a missing board and a system without joists or edge", () => {
    const system: TerraceSystem = { ...SYSTEM, joist: null, edge: null };
    const bill = billOfMaterials(LAYOUT, { ...BOARD, sku: "GONE" }, system, ITEMS, "EUR");
    expect(bill.lines.find((line) => line.role === "board")).toMatchObject({ sku: "GONE", needed: 34, missing: "not_in_catalogue" });
    expect(bill.lines.find((line) => line.role === "joist")).toMatchObject({ sku: null, needed: 45, unit: "M", missing: "not_in_catalogue" });
    expect(bill.lines.find((line) => line.role === "edge")).toMatchObject({ sku: null, needed: 14, unit: "M", missing: "not_in_catalogue" });
  });

  it("leaves the edge out without edge boards, and refuses prices in another currency", () => {
    const bill = billOfMaterials({ ...LAYOUT, edgeLengthMm: 0 }, BOARD, SYSTEM, ITEMS, "EUR");
    expect(bill.lines.map((line) => line.role)).toEqual(["board", "joist", "support", "fastener"]);
    const swiss = billOfMaterials(LAYOUT, BOARD, SYSTEM, ITEMS, "CHF", "de");
    expect(swiss.lines.every((line) => line.missing === "not_in_catalogue")).toBe(true);
    expect(swiss.total).toEqual(money(0, "CHF", "de"));
  });
});
