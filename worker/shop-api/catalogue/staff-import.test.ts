/**
 * The console's catalogue upload through the real route table and D1: a check that names
 * every problem by row and field and writes nothing, then the import itself with the staff
 * member as actor; only merchandisers (and ops) may use it.
 */
import { createTestDatabase, everyTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller } from "@tests/kit/shop-api";
import { STAFF_SESSION_HEADER } from "@worker/lib/shop-headers";
import { upsertStaff } from "../core/staff/accounts";
import { importCatalogueEverywhere } from "./apply-import";
import { rowCounts, sampleDocument } from "@tests/kit/catalogue";

const PASSWORD = "merchandiser password";
let t: TestDatabase;
const clock = new Date("2026-04-01T09:00:00.000Z");
const api = () => shopApiCaller(t.env, { now: () => clock });
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDatabase();
  const seeded = await importCatalogueEverywhere(
    everyTestDatabase(t.db),
    { format: "json", text: JSON.stringify(sampleDocument()) },
    { source: "fixture", now: clock },
  );
  expect(seeded.ok).toBe(true);
  for (const role of ["merchandiser", "service", "ops"] as const) {
    await upsertStaff(t.db, { email: `${role}@bodenhaus.example`, name: role, role, password: PASSWORD }, clock);
    const login = await api()(
      new Request("https://api.example/admin/api/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `${role}@bodenhaus.example`, password: PASSWORD }),
      }),
    );
    expect(login.status).toBe(200);
    tokens[role] = login.headers.get(STAFF_SESSION_HEADER)!;
  }
});
afterAll(() => t.dispose());

const upload = (step: "validate" | "apply", body: string, options: { role?: string | null; query?: string; type?: string } = {}) =>
  api()(
    new Request(`https://api.example/admin/api/catalogue/${step}?${options.query ?? "format=csv-prices&name=prices.csv"}`, {
      method: "POST",
      body,
      headers: {
        "content-type": options.type ?? "text/csv",
        ...(options.role === null ? {} : { [STAFF_SESSION_HEADER]: tokens[options.role ?? "merchandiser"]! }),
      },
    }),
  );

const BAD = "sku,shop,currency,packagePrice,unitPrice\nP-100,DE,EUR,49.90,22.68\nP-100,CH,EUR,99.00,45.00\nP-999,DE,EUR,1,1\n";
const GOOD = "sku,shop,currency,packagePrice,unitPrice\nP-100,DE,EUR,49.90,22.68\nP-100,CH,CHF,99.00,45.00\n";

test("the check names every problem by row and field and writes nothing", async () => {
  const before = await rowCounts(t.db);
  const response = await upload("validate", BAD);
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { valid: boolean; problems: { row?: number; field: string; message: string }[] } };
  expect(data.valid).toBe(false);
  expect(data.problems).toEqual(
    expect.arrayContaining([
      { row: 2, field: "currency", message: "shop CH sells in CHF, not EUR" },
      { row: 3, field: "sku", message: "unknown product 'P-999'" },
    ]),
  );
  expect(data.problems.some((problem) => problem.row === 1)).toBe(false);
  expect(await rowCounts(t.db)).toEqual(before);
});

test("a valid file checks as valid with what it would change, still writing nothing", async () => {
  const before = await rowCounts(t.db);
  const response = await upload("validate", GOOD);
  const { data } = (await response.json()) as { data: { valid: boolean; counts: Record<string, number>; changedProducts: number } };
  expect(data).toMatchObject({ valid: true, changedProducts: 1 });
  expect(data.counts.prices).toBe(2);
  expect(await rowCounts(t.db)).toEqual(before);
});

test("applying a file with problems is 422 with each problem, nothing written", async () => {
  const before = await rowCounts(t.db);
  const response = await upload("apply", BAD);
  expect(response.status).toBe(422);
  const { errors } = (await response.json()) as { errors: { field?: string; params?: { row: number } }[] };
  expect(errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: "currency", params: { row: 2 } })]));
  expect(await rowCounts(t.db)).toEqual(before);
});

test("applying a valid file imports it with the staff member as actor and the file as source", async () => {
  const response = await upload("apply", GOOD);
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { importId: number; changedProducts: number } };
  expect(data.changedProducts).toBe(1);
  const row = await t.db.prepare("SELECT * FROM imports WHERE id = ?1").bind(data.importId).first<Record<string, unknown>>();
  expect(row?.source).toBe("console: prices.csv");
  if (row && "actor" in row) expect(row.actor).toBe("merchandiser@bodenhaus.example");
  expect(await t.db.prepare("SELECT package_price FROM prices WHERE sku = 'P-100' AND shop_id = 'CH'").first()).toEqual({ package_price: 9900 });
  // The same file again changes nothing.
  const again = await upload("validate", GOOD);
  expect(((await again.json()) as { data: { changedProducts: number } }).data.changedProducts).toBe(0);
});

test("ops may upload; service may not (403); without a session 401", async () => {
  expect((await upload("validate", GOOD, { role: "ops" })).status).toBe(200);
  expect((await upload("validate", GOOD, { role: "service" })).status).toBe(403);
  expect((await upload("apply", GOOD, { role: "service" })).status).toBe(403);
  expect((await upload("validate", GOOD, { role: null })).status).toBe(401);
});

test.each<[string, string, { query?: string; type?: string }, number]>([
  ["no format", GOOD, { query: "name=x.csv" }, 400],
  ["an unknown format", GOOD, { query: "format=xml" }, 400],
  ["a Content-Type that does not fit", GOOD, { type: "application/pdf" }, 415],
  ["an empty file", "  \n", {}, 422],
  ["a file name with a path and markup", GOOD, { query: "format=csv-prices&name=../../<script>.csv" }, 200],
])("hostile or wrong input: %s", async (_, body, options, status) => {
  const response = await upload("validate", body, options);
  expect(response.status).toBe(status);
});

test("JSON that is not JSON is a problem of the file", async () => {
  const response = await upload("validate", "{ not json", { query: "format=json&name=c.json", type: "application/json" });
  const { data } = (await response.json()) as { data: { valid: boolean; problems: { field: string }[] } };
  expect(data.valid).toBe(false);
  expect(data.problems[0]!.field).toBe("(file)");
});

test("a file over the limit is 413 by its declared length", async () => {
  const response = await api()(
    new Request("https://api.example/admin/api/catalogue/validate?format=csv-prices", {
      method: "POST",
      body: "x",
      headers: { "content-type": "text/csv", "content-length": String(30 * 1024 * 1024), [STAFF_SESSION_HEADER]: tokens.merchandiser! },
    }),
  );
  expect(response.status).toBe(413);
});
