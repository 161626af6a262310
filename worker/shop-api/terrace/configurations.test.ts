/**
 * The terrace planner API through the real route table against a real local D1: the catalogue
 * per shop and language, saving and loading plans by number (any device, the shop's catalogue of
 * today), numbers that are unique and cannot be enumerated, malformed and hostile plans refused
 * with nothing written, the rate limits, idempotent saves, and all materials into the cart with
 * the lines the cart cannot take skipped.
 */
import { TERRACE_NUMBER } from "@domain/terrace-configurations";
import { billOfMaterials, type CatalogueItem } from "@domain/terrace/bill";
import { layTerrace } from "@domain/terrace/layout";
import { terracePlanSchema } from "@domain/terrace/plan";
import { money } from "@domain/money";
import { nextClientIp } from "@tests/kit/shop-api";
import { SERVER_TEXTS } from "./messages";
import {
  configurationCount,
  createTerraceHarness,
  importTerrace,
  json,
  loadRaw,
  PLAN,
  saved,
  saveRaw,
  terraceDocument,
  type Bill,
  type TerraceHarness,
} from "@tests/kit/terrace";

let h: TerraceHarness;

beforeAll(async () => {
  h = await createTerraceHarness();
});
afterAll(() => h.dispose());

describe("GET /apiv2/terrace/catalogue", () => {
  test("DE in German: the offered boards with laying data, price, image and link; systems, rules and the parts the shop sells", async () => {
    const response = await h.fetch("GET", "/apiv2/terrace/catalogue", { language: "de" });
    const { data } = await json(response);
    expect(response.status).toBe(200);
    expect(data.boards.map((b: { sku: string }) => b.sku)).toEqual(["BOARD-WOOD", "BOARD-WPC"]);
    expect(data.boards.find((b: { sku: string }) => b.sku === "BOARD-WPC")).toEqual({
      sku: "BOARD-WPC",
      lengthMm: 4000,
      widthMm: 145,
      gapMm: 5,
      family: "wpc",
      name: "Terrasse BOARD-WPC",
      unit: "PCS",
      packageContent: 1,
      packagePrice: expect.objectContaining({ amount: 3990, currency: "EUR" }),
      image: { src: "/images/BOARD-WPC.jpg", alt: "Terrasse BOARD-WPC" },
      link: "/terrasse-board-wpc.html",
      manufacturer: null,
    });
    expect(data.systems).toEqual([
      {
        id: "wood-pedestals",
        family: "wood",
        kind: "joists_pedestals",
        name: "Holz auf Stelzlagern",
        joist: { sku: "JOIST-OOS", lengthMm: 4000 },
        support: { sku: "PEDESTAL" },
        fastener: { sku: "SCREW", kind: "screw" },
        edge: null,
      },
      expect.objectContaining({ id: "wpc-pedestals", name: "Alu auf Stelzlagern", edge: { sku: "EDGE", lengthMm: 2200 } }),
      expect.objectContaining({ id: "wpc-feet", kind: "joists_feet", support: { sku: "FOOT" } }),
    ]);
    expect(data.rules).toEqual([
      { family: "wood", maxJoistSpacingCm: { straight: 50, diagonal: 40 }, joistOverhangCm: 5, supportSpacingCm: 60, fastenersPerCrossing: 2 },
      { family: "wpc", maxJoistSpacingCm: { straight: 40, diagonal: 30 }, joistOverhangCm: 5, supportSpacingCm: 50, fastenersPerCrossing: 1 },
    ]);
    expect(data.items.map((i: { sku: string }) => i.sku).sort()).toEqual(
      ["BOARD-WOOD", "BOARD-WPC", "CLIP", "EDGE", "FOOT", "JOIST", "JOIST-OOS", "PEDESTAL", "SCREW"].sort(),
    );
  });

  test("CH pays in CHF, has no wood board (so no wood rules) and no feet; COM answers in English", async () => {
    const ch = (await json(await h.fetch("GET", "/apiv2/terrace/catalogue", { shop: "CH", language: "fr" }))).data;
    expect(ch.boards.map((b: { sku: string }) => b.sku)).toEqual(["BOARD-WPC"]);
    expect(ch.boards[0].packagePrice).toMatchObject({ amount: 4389, currency: "CHF" });
    expect(ch.rules.map((r: { family: string }) => r.family)).toEqual(["wpc"]);
    expect(ch.items.map((i: { sku: string }) => i.sku).sort()).toEqual(["BOARD-WPC", "CLIP", "EDGE", "JOIST", "PEDESTAL"]);
    const com = (await json(await h.fetch("GET", "/apiv2/terrace/catalogue", { shop: "COM", language: "en" }))).data;
    expect(com.boards.map((b: { name: string }) => b.name)).toEqual(["Terrace BOARD-WPC"]);
    expect(com.systems.map((s: { name: string }) => s.name)).toEqual(["Aluminium on pedestals", "Aluminium on feet"]);
  });
});

/** The bill computed independently from the fixture's data with the domain functions. */
function expectedBill(prices: Record<string, [number, number]>, currency = "EUR"): ReturnType<typeof billOfMaterials> {
  const plan = terracePlanSchema(SERVER_TEXTS).parse(PLAN);
  const board = { sku: "BOARD-WPC", lengthMm: 4000, widthMm: 145, gapMm: 5, family: "wpc" };
  const rules = { family: "wpc", maxJoistSpacingCm: { straight: 40, diagonal: 30 }, joistOverhangCm: 5, supportSpacingCm: 50, fastenersPerCrossing: 1 };
  const layout = layTerrace(plan, board, rules, 4000);
  const items = new Map<string, CatalogueItem>(
    Object.entries(prices).map(([sku, [content, minor]]) => [
      sku,
      { sku, name: `Terrasse ${sku}`, unit: "PCS", packageContent: content, packagePrice: money(minor, currency, "de") },
    ]),
  );
  const system = {
    id: "wpc-pedestals",
    family: "wpc",
    kind: "joists_pedestals" as const,
    joist: { sku: "JOIST", lengthMm: 4000 },
    support: { sku: "PEDESTAL" },
    fastener: { sku: "CLIP", kind: "clip" as const },
    edge: { sku: "EDGE", lengthMm: 2200 },
  };
  return billOfMaterials(layout, board, system, items, currency, "de");
}

const DE_PRICES: Record<string, [number, number]> = { "BOARD-WPC": [1, 3990], JOIST: [1, 3000], PEDESTAL: [10, 4000], CLIP: [100, 3500], EDGE: [1, 1500] };

describe("saving and loading a plan", () => {
  test("a plan is saved under a 10-character Crockford number with its bill, and loads by that number on another device", async () => {
    const before = await configurationCount(h.db);
    const answer = await saved(h, PLAN, { language: "de" });
    expect(answer.number).toMatch(TERRACE_NUMBER);
    expect(answer.plan).toEqual({ ...PLAN, direction: 0 });
    const expected = expectedBill(DE_PRICES);
    expect(answer.bill!.lines).toEqual(JSON.parse(JSON.stringify(expected.lines)));
    expect(answer.bill!.total).toEqual(JSON.parse(JSON.stringify(expected.total)));
    expect(answer.bill!.areaM2).toBe(19);
    expect(answer.bill!.lines.map((l) => [l.role, l.sku, l.missing])).toEqual([
      ["board", "BOARD-WPC", null],
      ["joist", "JOIST", null],
      ["support", "PEDESTAL", null],
      ["fastener", "CLIP", null],
      ["edge", "EDGE", null],
    ]);
    expect(await configurationCount(h.db)).toBe(before + 1);
    const row = await h.db.prepare("SELECT * FROM terrace_configurations WHERE number = ?").bind(answer.number).first<{ shop_id: string; plan: string }>();
    expect(row).toMatchObject({ shop_id: "DE" });
    expect(JSON.parse(row!.plan)).toEqual(answer.plan);

    // Another device: no visitor token, another address; typed in lower case with a dash.
    const typed = `${answer.number.slice(0, 5)}-${answer.number.slice(5)}`.toLowerCase();
    const loaded = await loadRaw(h, typed, { language: "de" });
    expect(loaded.status).toBe(200);
    expect((await json(loaded)).data).toEqual({ number: answer.number, plan: answer.plan, bill: answer.bill, createdAt: "2026-11-18T08:00:00.000Z" });
  });

  test("the bill is recomputed on today's catalogue: a new price shows, a part taken out of the shop becomes a missing line", async () => {
    const { number } = await saved(h);
    const doc = terraceDocument();
    const clip = doc.prices!.find((p) => p.sku === "CLIP" && p.shop === "DE")!;
    clip.packagePrice = 29.9;
    const edge = doc.products!.find((p) => p.sku === "EDGE")!;
    edge.shops = ["CH", "COM"];
    doc.prices = doc.prices!.filter((p) => !(p.sku === "EDGE" && p.shop === "DE"));
    await importTerrace(h.db, doc);
    try {
      const bill = (await json(await loadRaw(h, number))).data.bill as Bill;
      expect(bill.lines.find((l) => l.role === "fastener")!.packagePrice).toMatchObject({ amount: 2990 });
      expect(bill.lines.find((l) => l.role === "edge")).toMatchObject({ sku: "EDGE", missing: "not_in_catalogue", packagePrice: null, rowTotal: null });
      const priced = bill.lines.reduce((sum, l) => sum + (l.rowTotal?.amount ?? 0), 0);
      expect(bill.total.amount).toBe(priced);
    } finally {
      await importTerrace(h.db);
    }
  });

  test("CH prices the bill in CHF; a plan without board or substructure is saved without a bill", async () => {
    const ch = await saved(h, { ...PLAN, substructureId: "wpc-pedestals" }, { shop: "CH", language: "de" });
    expect(ch.bill!.total.currency).toBe("CHF");
    expect(ch.bill!.lines[0]!.packagePrice).toMatchObject({ amount: 4389, currency: "CHF" });
    const drawn = await saved(h, { outline: PLAN.outline, cutouts: [], direction: 90 });
    expect(drawn.bill).toBeNull();
    expect(drawn.plan).toEqual({ outline: PLAN.outline, cutouts: [], direction: 90 });
  });

  test("a configuration is found only in the shop it was saved in", async () => {
    const { number } = await saved(h);
    const elsewhere = await loadRaw(h, number, { shop: "COM" });
    expect(elsewhere.status).toBe(404);
    expect((await json(elsewhere)).errors).toEqual([expect.objectContaining({ code: "configuration_not_found" })]);
  });

  test("numbers are unique and random: 25 saves give 25 different numbers sharing no common prefix", async () => {
    const ip = nextClientIp();
    const numbers = [];
    for (let i = 0; i < 25; i++) numbers.push((await saved(h, PLAN, { ip })).number);
    expect(new Set(numbers).size).toBe(25);
    expect(new Set(numbers.map((n) => n.slice(0, 2))).size).toBeGreaterThan(5);
    for (const n of numbers) expect(n).toMatch(TERRACE_NUMBER);
  });

  test("an Idempotency-Key repeat answers the first save and writes once", async () => {
    const before = await configurationCount(h.db);
    const key = "terrace-save-repeat-0001";
    const ip = nextClientIp();
    const first = await saveRaw(h, PLAN, { idempotencyKey: key, ip });
    const again = await saveRaw(h, PLAN, { idempotencyKey: key, ip });
    expect((await json(again)).data.number).toBe((await json(first)).data.number);
    expect(await configurationCount(h.db)).toBe(before + 1);
  });
});

describe("refused plans write nothing", () => {
  const cases: [string, unknown, number, string][] = [
    [
      "self-intersecting outline",
      {
        ...PLAN,
        outline: [
          [0, 0],
          [4, 4],
          [4, 0],
          [0, 4],
        ],
        cutouts: [],
      },
      422,
      "self_intersecting",
    ],
    ["too many points", { ...PLAN, outline: Array.from({ length: 65 }, (_, i) => [Math.cos(i / 10), Math.sin(i / 10)]), cutouts: [] }, 422, "too_many_points"],
    [
      "a huge coordinate",
      {
        ...PLAN,
        outline: [
          [0, 0],
          [1e9, 0],
          [0, 3],
        ],
      },
      422,
      "coordinate_range",
    ],
    [
      "a coordinate that is not a number",
      {
        ...PLAN,
        outline: [
          [0, 0],
          ["4", 0],
          [4, 5],
        ],
      },
      422,
      "invalid_number",
    ],
    ["Infinity (1e400)", "RAW:" + JSON.stringify(PLAN).replace("[4,0]", "[1e400,0]"), 422, "invalid_number"],
    ["a direction of 180", { ...PLAN, direction: 180 }, 422, "invalid_direction"],
    ["an unknown field", { ...PLAN, price: 1 }, 422, "invalid"],
    ["a board the planner does not offer", { ...PLAN, boardSku: "BOARD-HIDDEN" }, 422, "unknown_board"],
    ["a product that is no board", { ...PLAN, boardSku: "JOIST" }, 422, "unknown_board"],
    ["a board of another shop", { ...PLAN, boardSku: "BOARD-WOOD", substructureId: "wood-pedestals" }, 422, "unknown_board"],
    ["a substructure of another family", { ...PLAN, substructureId: "wood-pedestals" }, 422, "unknown_substructure"],
    ["an unknown substructure", { ...PLAN, substructureId: "nope" }, 422, "unknown_substructure"],
    ["a million points", "RAW:" + JSON.stringify({ ...PLAN, outline: Array.from({ length: 1_000_000 }, () => [0, 0]) }), 413, "body_too_large"],
    ["no JSON", "RAW:{outline", 400, "malformed_json"],
  ];
  test.each(cases)("%s", async (_, body, status, code) => {
    const before = await configurationCount(h.db);
    const raw = typeof body === "string" && body.startsWith("RAW:") ? body.slice(4) : undefined;
    const response = raw
      ? await h.fetch("POST", "/apiv2/terrace/configurations", { shop: "COM", raw, headers: { "content-type": "application/json" } })
      : await saveRaw(h, body, { shop: "COM" });
    const answer = await json(response);
    expect({ status: response.status, codes: answer.errors.map((e) => e.code) }).toEqual({ status, codes: expect.arrayContaining([code]) });
    expect(await configurationCount(h.db)).toBe(before);
  });
});

describe("rate limits", () => {
  test("saves: 30 per client address and hour, the 31st is refused and writes nothing", async () => {
    const ip = nextClientIp();
    for (let i = 0; i < 30; i++) await saved(h, { outline: PLAN.outline, cutouts: [], direction: 0 }, { ip });
    const before = await configurationCount(h.db);
    const refused = await saveRaw(h, PLAN, { ip });
    expect(refused.status).toBe(429);
    expect((await json(refused)).errors[0]).toMatchObject({ code: "rate_limited" });
    expect(await configurationCount(h.db)).toBe(before);
    expect((await saveRaw(h, PLAN, { ip: nextClientIp() })).status).toBe(200);
  });

  test("loads: unknown and malformed numbers answer the same 404, and 20 misses per address lock it out (429) even for a real number", async () => {
    const { number } = await saved(h);
    const ip = nextClientIp();
    // A real number loads any number of times: hits are not counted.
    for (let i = 0; i < 25; i++) expect((await loadRaw(h, number, { ip })).status).toBe(200);
    const unknown = await loadRaw(h, "7KQ2M9XH4T", { ip });
    const malformed = await loadRaw(h, "../../etc/passwd'--", { ip });
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    const unknownBody = await json(unknown);
    expect(await json(malformed)).toEqual(unknownBody);
    expect(unknownBody.errors).toEqual([{ message: "This terrace configuration could not be found.", code: "configuration_not_found" }]);
    for (let i = 0; i < 18; i++) expect((await loadRaw(h, `ZZZZZZZZ${String(i).padStart(2, "0")}`, { ip })).status).toBe(404);
    const locked = await loadRaw(h, number, { ip });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await loadRaw(h, number, { ip: nextClientIp() })).status).toBe(200);
  });
});

describe("POST /apiv2/terrace/configurations/{number}/cart", () => {
  test("every bill line with a product goes into the visitor's cart at its packages", async () => {
    const { number, bill } = await saved(h);
    const added = await h.call("POST", `/apiv2/terrace/configurations/${number}/cart`);
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual({ cartItemCount: 5, skipped: [] });
    const cart = await h.call("GET", "/apiv2/cart", { token: added.token });
    const quantities = Object.fromEntries(cart.body.data.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity]));
    expect(quantities).toEqual(Object.fromEntries(bill!.lines.map((l) => [l.sku, l.packages])));
  });

  test("lines the cart cannot take are skipped and named: out of stock, not sold in the shop", async () => {
    const wood = await saved(h, { ...PLAN, boardSku: "BOARD-WOOD", substructureId: "wood-pedestals", edgeBoards: false });
    const added = await h.call("POST", `/apiv2/terrace/configurations/${wood.number}/cart`);
    expect(added.status).toBe(200);
    expect(added.body.data.skipped).toEqual([expect.objectContaining({ role: "joist", sku: "JOIST-OOS", reason: "out_of_stock" })]);
    expect(added.body.data.cartItemCount).toBe(3);

    const ch = await saved(h, { ...PLAN, substructureId: "wpc-feet" }, { shop: "CH" });
    expect(ch.bill!.lines.find((l) => l.role === "support")).toMatchObject({ sku: "FOOT", missing: "not_in_catalogue" });
    const inCh = await h.call("POST", `/apiv2/terrace/configurations/${ch.number}/cart`, { shop: "CH" });
    expect(inCh.status).toBe(200);
    expect(inCh.body.data.skipped).toEqual([expect.objectContaining({ role: "support", sku: "FOOT", reason: "not_in_catalogue" })]);
    expect(inCh.body.data.cartItemCount).toBe(4);
  });

  test("a plan without a bill, and an unknown number, add nothing", async () => {
    const drawn = await saved(h, { outline: PLAN.outline, cutouts: [], direction: 0 });
    const incomplete = await h.call("POST", `/apiv2/terrace/configurations/${drawn.number}/cart`);
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors[0]).toMatchObject({ code: "configuration_incomplete" });
    const unknown = await h.call("POST", "/apiv2/terrace/configurations/0000000000/cart");
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: "configuration_not_found" });
    expect(unknown.token).toBeUndefined();
  });
});
