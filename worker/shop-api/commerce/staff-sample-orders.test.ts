import { parse } from "csv-parse/sync";
import { shopDb } from "@tests/kit/d1";
import { sql } from "@worker/lib/sql";
import { everyShopDatabase } from "../core/shop-database";
import { processSampleOrders } from "./samples";
import { csvCell, csvLine, csvStream } from "./staff-csv";
import {
  CSV_COLUMNS,
  countSampleOrders,
  decodeCursor,
  encodeCursor,
  listSampleOrders,
  markSampleOrder,
  sampleOrderCsvRows,
  sampleOrderDetail,
  type SampleOrderFilters,
  type StateFilter,
} from "./staff-sample-orders";
import { placeSampleOrder } from "@tests/kit/sample-orders";
import { createHarness, type Harness } from "@tests/kit/commerce";

let h: Harness;
/** The orders by letter, placed in this order (A first): see beforeAll. */
const code: Record<string, string> = {};
const defaultLanguage = () => "de";

beforeAll(async () => {
  h = await createHarness("2026-11-10T09:00:00Z");
  // G: a cart never ordered, expired by the job
  code.G = (await placeSampleOrder(h, { email: "gerd@example.com", finish: false })).referenceCode;
  await processSampleOrders(h.db, new Date("2026-11-13T00:00:00Z"));
  h.setNow("2026-11-16T10:00:00Z");
  code.A = (await placeSampleOrder(h, { email: "anna@example.com", skus: ["S-3"] })).referenceCode;
  h.setNow("2026-11-17T22:30:00Z"); // 23:30 in Berlin: still the 17th
  code.B = (await placeSampleOrder(h, { email: "Bert@Example.org" })).referenceCode;
  h.setNow("2026-11-17T23:30:00Z"); // 00:30 in Berlin: the 18th
  code.C = (await placeSampleOrder(h, { email: "carla@example.com" })).referenceCode;
  h.setNow("2026-11-18T08:00:00Z");
  code.D = (await placeSampleOrder(h, { shop: "CH", email: "dora@example.ch", skus: ["S-1"] })).referenceCode;
  code.E = (await placeSampleOrder(h, { email: "emil@example.com", skus: ["S-2", "S-1"] })).referenceCode;
  code.F = (await placeSampleOrder(h, { email: "frank@example.com", finish: false })).referenceCode;
  // A, B and C were finished more than an hour ago: processed
  await processSampleOrders(h.db, new Date("2026-11-18T08:00:00Z"));
});
afterAll(() => h.dispose());

const letters = (orders: { referenceCode: string }[]) => orders.map((order) => Object.keys(code).find((letter) => code[letter] === order.referenceCode) ?? "?");

async function list(filters: Partial<SampleOrderFilters>, limit = 50) {
  return listSampleOrders(everyShopDatabase(h.env), { state: "ordered", ...filters }, { limit });
}

test("the list shows ordered sample orders newest first; ties by creation", async () => {
  const { orders, next } = await list({});
  expect(letters(orders)).toEqual(["E", "D", "C", "B", "A"]);
  expect(next).toBeNull();
  expect(orders[0]).toEqual({
    referenceCode: code.E,
    shop: "DE",
    status: "finished",
    state: "finished",
    fulfilment: null,
    email: "emil@example.com",
    name: expect.stringMatching(/^Erika Muster\d+$/),
    city: "Berlin",
    countryCode: "de",
    itemCount: 2,
    placedAt: "2026-11-18T08:00:00.000Z",
    createdAt: "2026-11-18T08:00:00.000Z",
    finishedAt: "2026-11-18T08:00:00.000Z",
    processedAt: null,
  });
  expect(orders[4]).toMatchObject({ status: "processed", processedAt: "2026-11-18T08:00:00.000Z", itemCount: 1 });
  // nothing internal leaves the module
  expect(JSON.stringify(orders)).not.toMatch(/client_key|email_key|address_key|visitor/);
});

test.each<[StateFilter, string[]]>([
  ["all", ["F", "E", "D", "C", "B", "A", "G"]],
  ["open", ["F"]],
  ["expired", ["G"]],
  ["finished", ["E", "D"]],
  ["processed", ["C", "B", "A"]],
  ["shipped", []],
  ["cancelled", []],
])("state filter %s", async (state, expected) => {
  expect(letters((await list({ state })).orders)).toEqual(expected);
  expect(await countSampleOrders(everyShopDatabase(h.env), { state })).toBe(expected.length);
});

test("shop, day range (Berlin days, both included) and search filters", async () => {
  expect(letters((await list({ shop: "CH" })).orders)).toEqual(["D"]);
  expect(letters((await list({ shop: "AT" })).orders)).toEqual([]);
  expect(letters((await list({ from: "2026-11-17", to: "2026-11-17" })).orders)).toEqual(["B"]);
  expect(letters((await list({ from: "2026-11-18" })).orders)).toEqual(["E", "D", "C"]);
  expect(letters((await list({ to: "2026-11-16" })).orders)).toEqual(["A"]);
  expect(letters((await list({ from: "2026-11-19" })).orders)).toEqual([]);
  // the reference code or its beginning, in any case
  expect(letters((await list({ search: code.E!.toLowerCase() })).orders)).toEqual(["E"]);
  expect(letters((await list({ search: ` ${code.C!.slice(0, 8)} ` })).orders)).toEqual(["C"]);
  // part of the e-mail, in any case
  expect(letters((await list({ search: "EXAMPLE.ORG" })).orders)).toEqual(["B"]);
  expect(letters((await list({ search: "dora@" })).orders)).toEqual(["D"]);
  expect(letters((await list({ search: "frank", state: "all" })).orders)).toEqual(["F"]);
  // LIKE wildcards are taken literally
  expect(letters((await list({ search: "%" })).orders)).toEqual([]);
  expect(letters((await list({ search: "_" })).orders)).toEqual([]);
  expect(letters((await list({ search: "\\" })).orders)).toEqual([]);
  expect(letters((await list({ search: "' OR 1=1 --" })).orders)).toEqual([]);
  // combined
  expect(letters((await list({ shop: "DE", from: "2026-11-18", search: "example.com" })).orders)).toEqual(["E", "C"]);
});

test("keyset paging walks every order once, across equal times", async () => {
  const seen: string[] = [];
  let after = null;
  for (let pages = 0; pages < 10; pages++) {
    const page: Awaited<ReturnType<typeof listSampleOrders>> = await listSampleOrders(everyShopDatabase(h.env), { state: "all" }, { limit: 2, after });
    seen.push(...letters(page.orders));
    if (!page.next) break;
    after = decodeCursor(page.next);
    expect(after).not.toBeNull();
  }
  expect(seen).toEqual(["F", "E", "D", "C", "B", "A", "G"]);
  // a page that ends exactly at the last order has no next page
  const exact = await listSampleOrders(everyShopDatabase(h.env), { state: "ordered" }, { limit: 5 });
  expect(exact.orders).toHaveLength(5);
  expect(exact.next).toBeNull();
});

test("cursors: only what the list hands out is accepted", () => {
  const cursor = { placedAt: "2026-11-18T08:00:00.000Z", id: 12, referenceCode: "SK3J9QX2M4TZP" };
  expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  expect(decodeCursor("2026-11-18T08:00:00.000Z_12")).toEqual({ placedAt: "2026-11-18T08:00:00.000Z", id: 12 });
  for (const bad of [
    "",
    "x",
    "2026-11-18T08:00:00.000Z",
    "2026-11-18T08:00:00.000Z_0",
    "2026-11-18T08:00:00.000Z_-1",
    "2026-11-18_1",
    "2026-11-18T08:00:00.000Z_1 OR 1",
    "2026-11-18T08:00:00.000Z_1_",
    "2026-11-18T08:00:00.000Z_1_sk3j",
    "2026-11-18T08:00:00.000Z_1_S' OR '1'='1",
    `2026-11-18T08:00:00.000Z_1_${"S".repeat(41)}`,
  ]) {
    expect(decodeCursor(bad)).toBeNull();
  }
});

test("detail: address, e-mail, samples with product names, times; no internal keys", async () => {
  const detail = await sampleOrderDetail(h.db, code.E!, defaultLanguage);
  expect(detail).toMatchObject({
    referenceCode: code.E,
    shop: "DE",
    status: "finished",
    email: "emil@example.com",
    address: { firstname: "Erika", street: expect.stringMatching(/^Hauptstraße \d+$/), zip: "10115", city: "Berlin", countryCode: "de" },
    slotCount: 7,
    createdAt: "2026-11-18T08:00:00.000Z",
    expiresAt: "2026-11-20T08:00:00.000Z",
    finishedAt: "2026-11-18T08:00:00.000Z",
    allowedFulfilment: ["shipped", "cancelled"],
  });
  expect(detail!.items).toEqual([
    { sku: "S-1", name: "Produkt S-1", quantity: 1, recommendation: false, addedAt: "2026-11-18T08:00:00.000Z" },
    { sku: "S-2", name: "Produkt S-2", quantity: 1, recommendation: false, addedAt: "2026-11-18T08:00:00.000Z" },
  ]);
  expect(JSON.stringify(detail)).not.toMatch(/client_key|email_key|address_key|visitor/i);
  // names in the language asked for; an open cart cannot be marked
  const english = await sampleOrderDetail(h.db, code.F!, () => "en");
  expect(english!.items.map((item) => item.name)).toEqual(["Product S-1", "Product S-2"]);
  expect(english!.allowedFulfilment).toEqual([]);
  expect(await sampleOrderDetail(h.db, "SNOPE", defaultLanguage)).toBeNull();
  expect(await sampleOrderDetail(h.db, "%", defaultLanguage)).toBeNull();
});

test("marking: only ordered orders, once, with who and when; a cancelled order is not processed", async () => {
  const now = new Date("2026-11-18T08:10:00Z");
  expect(await markSampleOrder(h.db, code.F!, "shipped", "sam@bodenhaus.example", now)).toEqual({ outcome: "not_ordered", state: "open" });
  expect(await markSampleOrder(h.db, code.G!, "cancelled", "sam@bodenhaus.example", now)).toEqual({ outcome: "not_ordered", state: "expired" });
  expect(await markSampleOrder(h.db, "SNOPE", "shipped", "sam@bodenhaus.example", now)).toEqual({ outcome: "not_found" });

  expect(await markSampleOrder(h.db, code.A!, "shipped", "sam@bodenhaus.example", now)).toEqual({
    outcome: "changed",
    status: "shipped",
    at: "2026-11-18T08:10:00.000Z",
  });
  expect(await markSampleOrder(h.db, code.A!, "cancelled", "olga@bodenhaus.example", now)).toEqual({
    outcome: "already_set",
    fulfilment: { state: "shipped", by: "sam@bodenhaus.example", at: "2026-11-18T08:10:00.000Z" },
  });

  // two staff members at once: exactly one wins (D is the Swiss shop's, in its database)
  const swiss = shopDb(h.env, "CH");
  const both = await Promise.all([
    markSampleOrder(swiss, code.D!, "cancelled", "sam@bodenhaus.example", now),
    markSampleOrder(swiss, code.D!, "shipped", "olga@bodenhaus.example", now),
  ]);
  expect(both.filter((outcome) => outcome.outcome === "changed")).toHaveLength(1);
  expect(both.filter((outcome) => outcome.outcome === "already_set")).toHaveLength(1);

  const detail = await sampleOrderDetail(h.db, code.A!, defaultLanguage);
  expect(detail).toMatchObject({
    status: "shipped",
    state: "processed",
    fulfilment: { state: "shipped", by: "sam@bodenhaus.example", at: "2026-11-18T08:10:00.000Z" },
    allowedFulfilment: [],
  });
  const dShipped = both[1]!.outcome === "changed";
  expect(letters((await list({ state: "shipped" })).orders)).toEqual(dShipped ? ["D", "A"] : ["A"]);
  expect(letters((await list({ state: "cancelled" })).orders)).toEqual(dShipped ? [] : ["D"]);

  // E is cancelled within the hour: the job processes D or E only when nobody marked them
  expect((await markSampleOrder(h.db, code.E!, "cancelled", "sam@bodenhaus.example", now)).outcome).toBe("changed");
  expect(await processSampleOrders(h.db, new Date("2026-11-18T09:30:00Z"))).toEqual({ processed: 0, expired: 0 });
  expect((await sampleOrderDetail(h.db, code.E!, defaultLanguage))!.state).toBe("finished");
  expect(letters((await list({ state: "finished" })).orders)).toEqual([]);
});

describe("CSV", () => {
  test.each([
    ["plain", "plain"],
    ["", ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+49 30 1234", "'+49 30 1234"],
    ["-1", "'-1"],
    ["@cmd", "'@cmd"],
    ["\tTAB", "'\tTAB"],
    ["\rCR", '"\'\rCR"'],
    ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
    ["Straße 5 = gut", "Straße 5 = gut"],
  ])("cell %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  test("a line ends in CRLF", () => {
    expect(csvLine(["a", "b,c"])).toBe('a,"b,c"\r\n');
  });

  async function exportText(filters: SampleOrderFilters, pageSize: number): Promise<string> {
    const bytes = await new Response(csvStream(CSV_COLUMNS, sampleOrderCsvRows(everyShopDatabase(h.env), filters, pageSize))).arrayBuffer();
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  }

  test("the export: a header, one row per order in the list's order over several pages, hostile cells neutralised", async () => {
    const hostile = JSON.stringify({
      firstname: '=HYPERLINK("http://evil.example","klick")',
      lastname: 'O"Neil\nZwei',
      street: "@SUM(1+1)",
      zip: "10115",
      city: "Berlin, Mitte",
      countryCode: "de",
    });
    await sql`UPDATE sample_quotes SET address = ${hostile}, email = ${"+cmd@example.com"} WHERE reference_code = ${code.B!}`.prepare(h.db).run();

    const text = await exportText({ state: "ordered" }, 2);
    expect(text.startsWith("\uFEFFreference_code,shop,status,")).toBe(true);
    const rows = parse(text.slice(1), { columns: true, relax_quotes: false }) as Record<string, string>[];
    expect(rows.map((row) => row.reference_code)).toEqual([code.E, code.D, code.C, code.B, code.A]);
    const b = rows.find((row) => row.reference_code === code.B)!;
    expect(b).toMatchObject({
      shop: "DE",
      status: "processed",
      email: "'+cmd@example.com",
      firstname: `'=HYPERLINK("http://evil.example","klick")`,
      lastname: 'O"Neil\nZwei',
      street: "'@SUM(1+1)",
      city: "Berlin, Mitte",
      item_count: "2",
      skus: "S-1 S-2",
    });
    const a = rows.find((row) => row.reference_code === code.A)!;
    expect(a).toMatchObject({ status: "shipped", fulfilment_state: "shipped", fulfilment_by: "sam@bodenhaus.example", skus: "S-3" });
    for (const row of rows) expect(Object.keys(row)).toEqual([...CSV_COLUMNS]);
    expect(text).not.toMatch(/client_key|email_key|address_key/);
    // the filters apply as in the list
    const ch = parse((await exportText({ state: "ordered", shop: "CH" }, 500)).slice(1), { columns: true }) as Record<string, string>[];
    expect(ch.map((row) => row.reference_code)).toEqual([code.D]);
    const none = await exportText({ state: "ordered", from: "2030-01-01" }, 500);
    expect(none).toBe(`\uFEFF${CSV_COLUMNS.join(",")}\r\n`);
  });
});
