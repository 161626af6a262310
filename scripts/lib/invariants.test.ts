/**
 * The invariant check on a seeded database (the catalogue imported, orders placed through the real
 * route table, rebuild requests and their builds): clean it passes, and each planted violation is
 * found and named. With two shop databases it checks each, naming the one a violation is in.
 */
import { createHarness, type Harness } from "@tests/kit/commerce";
import { shopDb } from "@tests/kit/d1";
import { checkInvariants, hasViolations, LEDGER_TABLE, reportLines, type InvariantResult } from "./invariants";

const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
const ORDER = { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: "prepayment", acceptTerms: true };

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
  for (const quantity of [2, 3]) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity } });
    const placed = await h.call("POST", "/apiv2/checkout/order", { body: ORDER, token: added.token });
    expect(placed.status).toBe(200);
  }
  // Two rebuild requests (in place of the import's): one published at once, one whose first build failed and whose retry published.
  await h.db.batch(
    [
      "DELETE FROM rebuild_request_shops",
      "DELETE FROM builds",
      "DELETE FROM rebuild_requests",
      "INSERT INTO rebuild_requests (id, trigger, actor, created_at) VALUES (1, 'import', 'cli', '2026-11-18T08:00:00.000Z'), (2, 'publish', 'ops', '2026-11-18T08:01:00.000Z')",
      "INSERT INTO builds (id, shop, state, max_attempts, not_before, first_queued_at, queued_at, retried_in) VALUES " +
        "(1, 'DE', 'published', 3, '', '', '', NULL), (2, 'DE', 'failed', 3, '', '', '', 3), (3, 'DE', 'published', 3, '', '', '', NULL)",
      "INSERT INTO rebuild_request_shops (request_id, shop, build_id) VALUES (1, 'DE', 1), (2, 'DE', 2)",
      // The first order as paid online: its charge of the whole total, and a refund of 100 (one that failed gives nothing back).
      `INSERT INTO ${LEDGER_TABLE} (provider, provider_ref, order_id, kind, amount, currency, state, created_at)
        SELECT 'stripe', 'pi_1', id, 'charge', grand_total, currency, 'succeeded', '2026-11-18T08:00:00.000Z' FROM orders ORDER BY order_number LIMIT 1`,
      `INSERT INTO ${LEDGER_TABLE} (provider, provider_ref, order_id, kind, amount, currency, state, created_at)
        SELECT 'stripe', 're_1', id, 'refund', 100, currency, 'succeeded', '2026-11-18T09:00:00.000Z' FROM orders ORDER BY order_number LIMIT 1`,
      `INSERT INTO ${LEDGER_TABLE} (provider, provider_ref, order_id, kind, amount, currency, state, created_at)
        SELECT 'stripe', 're_2', id, 'refund', grand_total, currency, 'failed', '2026-11-18T09:30:00.000Z' FROM orders ORDER BY order_number LIMIT 1`,
    ].map((query) => h.db.prepare(query)),
  );
});
afterEach(async () => {
  jest.restoreAllMocks();
  await h.dispose();
});

const byName = (results: InvariantResult[], start: string) => results.find((result) => result.name.startsWith(start))!;
const violationsOf = (results: InvariantResult[], start: string) => {
  const result = byName(results, start);
  return result.kind === "checked" ? result.violations : [];
};

test("a clean database passes: every invariant checked", async () => {
  const results = await checkInvariants(h.env);
  expect(hasViolations(results)).toBe(false);
  expect(byName(results, "every order")).toMatchObject({ kind: "checked", checked: 2, violations: [] });
  expect(byName(results, "stock")).toMatchObject({ kind: "checked", violations: [] });
  expect(byName(results, "every rebuild")).toMatchObject({ kind: "checked", checked: 2, violations: [] });
  expect(byName(results, "the payment ledger")).toMatchObject({ kind: "checked", checked: 1, violations: [] });
  expect(reportLines(results)).toEqual([
    "OK   [DB] every order is in its shop's database: 2 checked",
    "OK   [DB] every order has its confirmation mail: 2 checked",
    expect.stringMatching(/^OK {3}\[DB\] stock is the import's minus what orders hold: \d+ checked$/),
    "OK   [DB] every rebuild request ended in exactly one published build: 2 checked",
    "OK   [DB] the payment ledger sums up: 1 checked",
  ]);
});

test("a database without the ledger table skips its check with a note", async () => {
  await h.db.prepare(`DROP TABLE ${LEDGER_TABLE}`).run();
  const results = await checkInvariants(h.env);
  expect(hasViolations(results)).toBe(false);
  expect(reportLines(results).at(-1)).toBe(`SKIP [DB] the payment ledger sums up: no ${LEDGER_TABLE} table yet: its sum is checked once payments write one`);
});

test("a rebuild still on its way is counted, not a violation", async () => {
  await h.db.batch([
    h.db.prepare("INSERT INTO rebuild_requests (id, trigger, actor, created_at) VALUES (3, 'webhook', 'webhook', '2026-11-18T08:02:00.000Z')"),
    h.db.prepare("INSERT INTO rebuild_request_shops (request_id, shop, build_id) VALUES (3, 'DE', NULL), (3, 'AT', NULL)"),
  ]);
  const results = await checkInvariants(h.env);
  expect(hasViolations(results)).toBe(false);
  expect(byName(results, "every rebuild")).toMatchObject({ checked: 4, note: "2 still on their way" });
});

test.each([
  [
    "an order without its mail",
    "every order has",
    "DELETE FROM mail_outbox WHERE id = (SELECT MIN(id) FROM mail_outbox WHERE template = 'order-confirmation')",
    /^order DE-\d+ has 0 confirmation mails, not 1$/,
  ],
  ["stock taken without an order", "stock", "UPDATE products SET stock_qty = stock_qty - 1 WHERE sku = 'FLOOR-1'", /^FLOOR-1: stock \d+, expected \d+$/],
  ["an order line without its stock taken", "stock", "UPDATE order_lines SET quantity = quantity + 1 WHERE line_no = 1", /^FLOOR-1: stock \d+, expected \d+$/],
  [
    "a rebuild that failed for good",
    "every rebuild",
    "UPDATE builds SET retried_in = NULL WHERE id = 2",
    /^rebuild request 2 \(DE\) ended in 0 published builds, last failed$/,
  ],
  [
    "a change published twice",
    "every rebuild",
    "UPDATE builds SET state = 'published' WHERE id = 2",
    /^rebuild request 2 \(DE\) ended in 2 published builds, last published$/,
  ],
  [
    "a charge of less than the order's total",
    "the payment ledger",
    `UPDATE ${LEDGER_TABLE} SET amount = amount - 1 WHERE provider_ref = 'pi_1'`,
    /^order DE-\d+: charged \d+, its total is \d+$/,
  ],
  [
    "a second charge of one order",
    "the payment ledger",
    `INSERT INTO ${LEDGER_TABLE} SELECT provider, 'pi_2', order_id, kind, amount, currency, state, created_at FROM ${LEDGER_TABLE} WHERE provider_ref = 'pi_1'`,
    /^order DE-\d+: 2 charges, one expected$/,
  ],
  [
    "refunds beyond the charge",
    "the payment ledger",
    `UPDATE ${LEDGER_TABLE} SET state = 'succeeded' WHERE provider_ref = 're_2'`,
    /^order DE-\d+: refunded \d+, more than the \d+ charged$/,
  ],
  [
    "a movement in another currency",
    "the payment ledger",
    `UPDATE ${LEDGER_TABLE} SET currency = 'CHF' WHERE provider_ref = 're_1'`,
    /another currency than the order's$/,
  ],
])("%s is found", async (_, invariant, plant, violation) => {
  await h.db.prepare(plant).run();
  const results = await checkInvariants(h.env);
  expect(hasViolations(results)).toBe(true);
  expect(violationsOf(results, invariant)).toEqual([expect.stringMatching(violation)]);
  expect(reportLines(results).some((line) => line.startsWith(`FAIL [DB] ${byName(results, invariant).name}`))).toBe(true);
});

describe("two shop databases (DE on DB, CH on DB_2)", () => {
  let split: Harness;
  // One seeding for both tests: the clean check runs first, the planted violations after it.
  beforeAll(async () => {
    split = await createHarness(undefined, { split: true });
    for (const [shop, quantity] of [
      ["DE", 2],
      ["CH", 3],
    ] as const) {
      const added = await split.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity }, shop });
      const address = shop === "CH" ? { ...ADDRESS, street: "Bahnhofstrasse 1", postcode: "8001", city: "Zürich", countryCode: "ch" } : ADDRESS;
      const placed = await split.call("POST", "/apiv2/checkout/order", { body: { ...ORDER, billingAddress: address }, token: added.token, shop });
      expect(placed.status).toBe(200);
    }
  });
  afterAll(() => split.dispose());

  const failures = (results: InvariantResult[]) =>
    results.flatMap((result) => (result.kind === "checked" && result.violations.length > 0 ? [[result.database, result.name, result.violations]] : []));

  test("each database is checked: its orders, their mails and its stock against its share of the import; the rebuilds in DB alone", async () => {
    const results = await checkInvariants(split.env);
    expect(failures(results)).toEqual([]);
    const checked = (database: string, start: string) => results.find((result) => result.database === database && result.name.startsWith(start));
    expect(checked("DB", "every order has")).toMatchObject({ checked: 1 });
    expect(checked("DB_2", "every order has")).toMatchObject({ checked: 1 });
    expect(checked("DB_2", "stock")).toMatchObject({ kind: "checked", violations: [] });
    expect(checked("DB_2", "every rebuild")).toBeUndefined();
    expect(reportLines(results)).toContain("OK   [DB_2] every order is in its shop's database: 1 checked");
  });

  test("a violation names the database it is in", async () => {
    // The second database's stock of FLOOR-1 is its half of the import's 100, less CH's order of 3: 47.
    await shopDb(split.env, "CH").prepare("UPDATE products SET stock_qty = stock_qty - 1 WHERE sku = 'FLOOR-1'").run();
    await shopDb(split.env, "DE").prepare("UPDATE orders SET shop_id = 'CH'").run();
    const results = await checkInvariants(split.env);
    expect(failures(results)).toEqual([
      ["DB", "every order is in its shop's database", [expect.stringMatching(/^order DE-\d+ of CH is in a database that does not hold its shop$/)]],
      ["DB_2", "stock is the import's minus what orders hold", ["FLOOR-1: stock 46, expected 47"]],
    ]);
    expect(reportLines(results)).toContainEqual(expect.stringMatching(/^FAIL \[DB_2\] stock is the import's minus what orders hold: \d+ checked$/));
  });
});
