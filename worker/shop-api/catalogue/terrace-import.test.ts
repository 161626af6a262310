/**
 * The terrace planner's data through the catalogue import (docs/decisions/0043): products[].terrace
 * and terraceConfEnabled, the terraceFamilies and terraceSystems sections; what is stored, and the
 * problems of bad data, each named with its section, record and field, with nothing written.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { commerceDocument } from "@tests/kit/commerce";
import { terraceDocument } from "@tests/kit/terrace";
import { importCatalogue } from "./apply-import";
import type { CatalogueDocument, ImportResult } from "./import-format";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const base = commerceDocument();
  const result = await importJson({ categories: base.categories, manufacturers: base.manufacturers });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
});
afterAll(() => t.dispose());

const NOW = new Date("2026-11-18T08:00:00Z");
const importJson = (doc: unknown): Promise<ImportResult> =>
  importCatalogue(t.db, { format: "json", text: JSON.stringify(doc) }, { source: "terrace.json", now: NOW });

const terraceRows = async () =>
  (await t.db
    .prepare(
      "SELECT (SELECT COUNT(*) FROM terrace_products) AS products, (SELECT COUNT(*) FROM terrace_families) AS families, (SELECT COUNT(*) FROM terrace_systems) AS systems",
    )
    .first<{ products: number; families: number; systems: number }>())!;

/** The import must be refused with exactly these problems (field and message), writing nothing. */
async function refusedWith(doc: CatalogueDocument, problems: { field: string; message: string | RegExp }[]) {
  const before = await terraceRows();
  const result = await importJson(doc);
  if (result.ok) throw new Error("expected the import to be refused");
  const expected = problems.map((p) =>
    expect.objectContaining({ field: p.field, message: typeof p.message === "string" ? p.message : expect.stringMatching(p.message) }),
  );
  expect(result.problems).toEqual(expect.arrayContaining(expected));
  expect(result.problems).toHaveLength(problems.length);
  expect(await terraceRows()).toEqual(before);
}

describe("a valid terrace catalogue", () => {
  test("stores boards, parts, families and systems; the same file again changes nothing", async () => {
    const first = await importJson(terraceDocument());
    expect(first).toMatchObject({ ok: true, counts: expect.objectContaining({ terraceFamilies: 2, terraceSystems: 3, products: 10 }) });
    expect(await terraceRows()).toEqual({ products: 10, families: 2, systems: 3 });
    expect(await t.db.prepare("SELECT * FROM terrace_products WHERE sku = 'BOARD-WPC'").first()).toEqual({
      sku: "BOARD-WPC",
      role: "board",
      family: "wpc",
      length_mm: 4000,
      width_mm: 145,
      gap_mm: 5,
      conf_enabled: 1,
    });
    expect(await t.db.prepare("SELECT conf_enabled FROM terrace_products WHERE sku = 'BOARD-HIDDEN'").first()).toEqual({ conf_enabled: 0 });
    expect(await t.db.prepare("SELECT * FROM terrace_families WHERE family = 'wood'").first()).toMatchObject({
      max_joist_spacing_straight_cm: 50,
      max_joist_spacing_diagonal_cm: 40,
      joist_overhang_cm: 5,
      support_spacing_cm: 60,
      fasteners_per_crossing: 2,
    });
    expect(await t.db.prepare("SELECT * FROM terrace_systems WHERE id = 'wpc-feet'").first()).toMatchObject({
      family: "wpc",
      kind: "joists_feet",
      position: 1,
      joist_sku: "JOIST",
      support_sku: "FOOT",
      fastener_sku: "CLIP",
      edge_sku: "EDGE",
      names: JSON.stringify({ de: "Alu auf Stellfüßen", en: "Aluminium on feet" }),
    });
    const again = await importJson(terraceDocument());
    expect(again).toMatchObject({ ok: true, changedSkus: [] });
  });

  test("a product record without terrace data loses it; a CSV product row keeps it", async () => {
    const csv = "sku,type,category,shops,unit,packageContent,shippingGroup,deliveryDaysMin,deliveryDaysMax,stockQuantity,title.de,slug.de,title.en,slug.en\n";
    const row = "BOARD-WPC,simple,boden,DE|CH|COM,PCS,1,freight,3,6,10,Terrasse BOARD-WPC,terrasse-board-wpc,Terrace BOARD-WPC,terrace-board-wpc\n";
    const viaCsv = await importCatalogue(t.db, { format: "csv-products", text: csv + row }, { source: "p.csv", now: NOW });
    expect(viaCsv).toMatchObject({ ok: true, changedSkus: ["BOARD-WPC"] });
    expect(await t.db.prepare("SELECT role, family, conf_enabled FROM terrace_products WHERE sku = 'BOARD-WPC'").first()).toEqual({
      role: "board",
      family: "wpc",
      conf_enabled: 1,
    });
    const doc = terraceDocument();
    const hidden = doc.products!.find((p) => p.sku === "BOARD-HIDDEN")!;
    delete hidden.terrace;
    expect((await importJson({ products: [hidden] })).ok).toBe(true);
    expect(await t.db.prepare("SELECT COUNT(*) AS n FROM terrace_products WHERE sku = 'BOARD-HIDDEN'").first()).toEqual({ n: 0 });
    expect((await importJson(terraceDocument())).ok).toBe(true);
  });
});

describe("problems of terrace data", () => {
  test("a board needs its family, length, width and gap; parts have only what their role needs", async () => {
    const doc = terraceDocument();
    doc.products![0]!.terrace = { role: "board", family: "wpc", lengthMm: 4000 };
    doc.products![3]!.terrace = { role: "joist", widthMm: 40 };
    doc.products![5]!.terrace = { role: "pedestal", lengthMm: 40 };
    await refusedWith({ products: doc.products!.slice(0, 6) }, [
      { field: "products[0].terrace.widthMm", message: "a board needs widthMm" },
      { field: "products[0].terrace.gapMm", message: "a board needs gapMm" },
      { field: "products[3].terrace.widthMm", message: "a joist has no widthMm" },
      { field: "products[3].terrace.lengthMm", message: "a joist needs lengthMm" },
      { field: "products[5].terrace.lengthMm", message: "a pedestal has no lengthMm" },
    ]);
  });

  test("bad values: an unknown role, a board too narrow, a fractional length, a huge gap", async () => {
    const doc = terraceDocument();
    doc.products![0]!.terrace = { role: "board", family: "wpc", lengthMm: 4000.5, widthMm: 5, gapMm: 99 };
    (doc.products![3]!.terrace as unknown as Record<string, unknown>).role = "beam";
    await refusedWith({ products: doc.products!.slice(0, 4) }, [
      { field: "products[0].terrace.lengthMm", message: "must be an integer (got float)" },
      { field: "products[0].terrace.widthMm", message: "must be at least 20" },
      { field: "products[0].terrace.gapMm", message: "must be at most 30" },
      { field: "products[3].terrace.role", message: /^must be one of board, joist/ },
    ]);
  });

  test("terraceConfEnabled only on a board; a board's family must have rules", async () => {
    const doc = terraceDocument();
    doc.products![3]!.terraceConfEnabled = true;
    doc.products![0]!.terrace = { role: "board", family: "bamboo", lengthMm: 4000, widthMm: 145, gapMm: 5 };
    await refusedWith({ products: [doc.products![0]!, doc.products![3]!] }, [
      { field: "products[1].terraceConfEnabled", message: "only a decking board (terrace.role 'board') can be offered by the terrace planner" },
      { field: "products[0].terrace.family", message: "unknown terrace family 'bamboo' (add it to terraceFamilies)" },
    ]);
  });

  test("family rules: diagonal spacing above straight, out of range, unknown fields, duplicates", async () => {
    await refusedWith(
      {
        terraceFamilies: [
          { family: "wpc", maxJoistSpacingCm: { straight: 40, diagonal: 45 }, joistOverhangCm: 5, supportSpacingCm: 50, fastenersPerCrossing: 1 },
          {
            family: "Wood!",
            maxJoistSpacingCm: { straight: 500, diagonal: 40 },
            joistOverhangCm: -1,
            supportSpacingCm: 60,
            fastenersPerCrossing: 2,
            colour: "red",
          },
          { family: "wpc", maxJoistSpacingCm: { straight: 40, diagonal: 30 }, joistOverhangCm: 5, supportSpacingCm: 50, fastenersPerCrossing: 1 },
        ],
      } as unknown as CatalogueDocument,
      [
        { field: "terraceFamilies[0].maxJoistSpacingCm.diagonal", message: /^must not be more than maxJoistSpacingCm.straight \(40\)/ },
        { field: "terraceFamilies[1]", message: "unknown field 'colour'" },
        { field: "terraceFamilies[1].family", message: "must be lower-case words of a-z and 0-9 joined by '-'" },
        { field: "terraceFamilies[1].maxJoistSpacingCm.straight", message: "must be at most 150" },
        { field: "terraceFamilies[1].joistOverhangCm", message: "must be at least 0" },
        { field: "terraceFamilies[2].family", message: "duplicate 'wpc' (also in terraceFamilies[0])" },
      ],
    );
  });

  test("systems: unknown family and products, parts of the wrong role, a missing joist, no name", async () => {
    await refusedWith(
      {
        terraceSystems: [
          { id: "a", family: "teak", kind: "joists_feet", joistSku: "JOIST", supportSku: "PEDESTAL", fastenerSku: "EDGE", names: { de: "A" } },
          { id: "b", family: "wpc", kind: "joists_pedestals", supportSku: "NOPE", edgeSku: "FLOOR-X", names: {} },
          { id: "c", family: "wpc", kind: "joists_pedestals", joistSku: "BOARD-WPC", supportSku: "FOOT", names: { de: "C" } },
        ],
      } as unknown as CatalogueDocument,
      [
        { field: "terraceSystems[1].names", message: "needs a name in at least one language" },
        { field: "terraceSystems[0].family", message: "unknown terrace family 'teak' (add it to terraceFamilies)" },
        { field: "terraceSystems[0].supportSku", message: "product 'PEDESTAL' is a pedestal, but supportSku of a joists_feet system must be a foot" },
        {
          field: "terraceSystems[0].fastenerSku",
          message: "product 'EDGE' is a edge, but fastenerSku of a joists_pedestals system must be a clip or screw".replace("joists_pedestals", "joists_feet"),
        },
        { field: "terraceSystems[1].joistSku", message: "a joists_pedestals system needs joistSku" },
        { field: "terraceSystems[1].supportSku", message: "unknown product 'NOPE'" },
        { field: "terraceSystems[1].edgeSku", message: "unknown product 'FLOOR-X'" },
        { field: "terraceSystems[2].joistSku", message: "product 'BOARD-WPC' is a board, but joistSku of a joists_pedestals system must be a joist" },
        { field: "terraceSystems[2].supportSku", message: "product 'FOOT' is a foot, but supportSku of a joists_pedestals system must be a pedestal" },
      ],
    );
  });

  test("a system part without terrace data, named in the same file as the product", async () => {
    const product = { ...terraceDocument().products![3]!, sku: "PLAIN-1" };
    delete product.terrace;
    delete (product.content as Record<string, unknown>).en;
    product.shops = ["DE"];
    product.content = { de: { slug: "plain-1", title: "Plain" } };
    await refusedWith(
      {
        products: [product],
        terraceSystems: [{ id: "d", family: "wpc", kind: "joists_pedestals", joistSku: "PLAIN-1", supportSku: "PEDESTAL", names: { de: "D" } }],
      },
      [{ field: "terraceSystems[0].joistSku", message: "product 'PLAIN-1' has no terrace data (needs terrace.role joist)" }],
    );
  });
});
