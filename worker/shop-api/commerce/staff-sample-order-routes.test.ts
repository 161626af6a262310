/**
 * The back office's sample order routes through the real route table and staff sessions:
 * roles, the list's parameters (good and hostile), paging, detail, marking, CSV export.
 */
import { parse } from "csv-parse/sync";
import { sql } from "@worker/lib/sql";
import type { StaffRole } from "../core/staff-auth";
import { staffCaller, staffEmail, staffLogins, type StaffCaller } from "@tests/kit/staff-session";
import { MAX_EXPORT_ROWS } from "./staff-sample-order-routes";
import { placeSampleOrder } from "@tests/kit/sample-orders";
import { createHarness, type Harness } from "@tests/kit/commerce";
import type { LooseJson } from "@tests/kit/loose-json";

let h: Harness;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;
const NOW = "2026-11-18T10:00:00Z";
const code: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness("2026-11-17T09:00:00Z");
  code.A = (await placeSampleOrder(h, { email: "anna@example.com" })).referenceCode;
  h.setNow("2026-11-18T08:00:00Z");
  code.B = (await placeSampleOrder(h, { shop: "CH", email: "bruno@example.ch", skus: ["S-4"] })).referenceCode;
  code.C = (await placeSampleOrder(h, { email: "carl@example.com", skus: ["S-5", "S-6", "S-7"] })).referenceCode;
  code.D = (await placeSampleOrder(h, { email: "dora@example.com", finish: false })).referenceCode;
  h.setNow(NOW);
  const now = () => new Date(NOW);
  tokens = await staffLogins(h.env, h.db, now);
  call = staffCaller(h.env, now);
});
afterAll(() => h.dispose());

const json = async (response: Response) => (await response.json()) as { data: LooseJson["data"]; errors: { message: string; code?: string; field?: string }[] };
const get = (path: string, role: StaffRole | null = "service") => call("GET", path, { token: role ? tokens[role] : null });
const codes = (orders: { referenceCode: string }[]) => orders.map((order) => Object.keys(code).find((letter) => code[letter] === order.referenceCode));

describe("who may", () => {
  const paths = () => ["/admin/api/sample-orders", `/admin/api/sample-orders/${code.A}`, "/admin/api/sample-orders/export.csv"];

  test("without a session: 401 everywhere, nothing changes", async () => {
    for (const path of paths()) expect((await get(path, null)).status).toBe(401);
    expect((await call("GET", "/admin/api/sample-orders", { token: "x".repeat(43) })).status).toBe(401);
    const post = await call("POST", `/admin/api/sample-orders/${code.A}/fulfilment`, { body: { state: "shipped" } });
    expect(post.status).toBe(401);
    expect((await json(await get(`/admin/api/sample-orders/${code.A}`))).data.fulfilment).toBeNull();
  });

  test("a merchandiser: 403; service and ops: 200", async () => {
    for (const path of paths()) {
      expect((await get(path, "merchandiser")).status).toBe(403);
      expect((await get(path, "service")).status).toBe(200);
      expect((await get(path, "ops")).status).toBe(200);
    }
    const refused = await call("POST", `/admin/api/sample-orders/${code.A}/fulfilment`, { token: tokens.merchandiser, body: { state: "shipped" } });
    expect(refused.status).toBe(403);
    expect((await json(refused)).errors[0]).toMatchObject({ code: "forbidden" });
    expect((await json(await get(`/admin/api/sample-orders/${code.A}`))).data.fulfilment).toBeNull();
  });
});

describe("the list", () => {
  test("ordered orders newest first, with the choices for the filters", async () => {
    const response = await get("/admin/api/sample-orders");
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(codes(data.orders)).toEqual(["C", "B", "A"]);
    expect(data.next).toBeNull();
    expect(data.states).toEqual(["ordered", "all", "open", "finished", "processed", "expired", "shipped", "cancelled"]);
    expect(data.shops).toContainEqual({ id: "DE", name: expect.any(String) });
    expect(data.orders[0]).toMatchObject({ referenceCode: code.C, shop: "DE", status: "finished", email: "carl@example.com", itemCount: 3 });
    expect(JSON.stringify(data)).not.toMatch(/client_key|email_key|address_key|visitor/i);
  });

  test("filters from the query; empty parameters count as not given", async () => {
    const list = async (query: string) => codes((await json(await get(`/admin/api/sample-orders?${query}`))).data.orders);
    expect(await list("shop=ch")).toEqual(["B"]);
    expect(await list("shop=&state=&from=&to=&q=")).toEqual(["C", "B", "A"]);
    expect(await list("state=open")).toEqual(["D"]);
    expect(await list("state=all")).toEqual(["D", "C", "B", "A"]);
    expect(await list("from=2026-11-18&to=2026-11-18")).toEqual(["C", "B"]);
    expect(await list("to=2026-11-17")).toEqual(["A"]);
    expect(await list(`q=${code.A!.slice(0, 7).toLowerCase()}`)).toEqual(["A"]);
    expect(await list("q=CARL%40")).toEqual(["C"]);
    expect(await list("q=%25")).toEqual([]);
  });

  test("paging: limit and the cursor of the previous page", async () => {
    const first = (await json(await get("/admin/api/sample-orders?state=all&limit=3"))).data;
    expect(codes(first.orders)).toEqual(["D", "C", "B"]);
    expect(first.next).toEqual(expect.any(String));
    const second = (await json(await get(`/admin/api/sample-orders?state=all&limit=3&after=${encodeURIComponent(first.next)}`))).data;
    expect(codes(second.orders)).toEqual(["A"]);
    expect(second.next).toBeNull();
  });

  test.each([
    ["state=lost", "state"],
    ["shop=XX", "shop"],
    ["from=2026-13-01", "from"],
    ["from=2026-02-30", "from"],
    ["to=yesterday", "to"],
    ["from=2026-11-18&to=2026-11-17", "to"],
    ["limit=0", "limit"],
    ["limit=201", "limit"],
    ["limit=ten", "limit"],
    [`q=${"x".repeat(201)}`, "q"],
    ["after=2026-11-18T08:00:00.000Z_1%20OR%201", "after"],
    ["after=' OR 1=1 --", "after"],
    ["foo=1", ""],
  ])("bad parameter %s: 422 naming the field", async (query, field) => {
    const response = await get(`/admin/api/sample-orders?${query}`);
    expect(response.status).toBe(422);
    const { errors } = await json(response);
    if (field) expect(errors.map((error) => error.field)).toContain(field);
    expect(errors.every((error) => error.message.length > 0)).toBe(true);
  });
});

describe("one order", () => {
  test("address, e-mail, samples with names, times; no internal keys", async () => {
    const response = await get(`/admin/api/sample-orders/${code.C!.toLowerCase()}`);
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({
      referenceCode: code.C,
      status: "finished",
      email: "carl@example.com",
      address: { firstname: "Erika", zip: "10115", city: "Berlin", countryCode: "de" },
      finishedAt: "2026-11-18T08:00:00.000Z",
      allowedFulfilment: ["shipped", "cancelled"],
    });
    expect(data.items.map((item: { sku: string; name: string }) => `${item.sku} ${item.name}`)).toEqual([
      "S-5 Produkt S-5",
      "S-6 Produkt S-6",
      "S-7 Produkt S-7",
    ]);
    expect(JSON.stringify(data)).not.toMatch(/client_key|email_key|address_key|visitor/i);
  });

  test("unknown and malformed codes: 404", async () => {
    for (const bad of ["SNOPE", "%27%20OR%201%3D1", "..%2F..%2Fetc", "x".repeat(41)]) {
      const response = await get(`/admin/api/sample-orders/${bad}`);
      expect(response.status).toBe(404);
    }
  });
});

describe("marking shipped or cancelled", () => {
  const mark = (reference: string, body: unknown, role: StaffRole = "service") =>
    call("POST", `/admin/api/sample-orders/${reference}/fulfilment`, { token: tokens[role], body });

  test("service marks an order shipped: who and when recorded; the answer is the order", async () => {
    const response = await mark(code.A!, { state: "shipped" });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({
      referenceCode: code.A,
      status: "shipped",
      fulfilment: { state: "shipped", by: staffEmail("service"), at: "2026-11-18T10:00:00.000Z" },
      allowedFulfilment: [],
    });
    expect(codes((await json(await get("/admin/api/sample-orders?state=shipped"))).data.orders)).toEqual(["A"]);
  });

  test("a second mark is refused and says by whom; an open cart cannot be marked; unknown orders 404", async () => {
    const again = await mark(code.A!, { state: "cancelled" }, "ops");
    expect(again.status).toBe(409);
    expect((await json(again)).errors[0]).toMatchObject({
      code: "already_marked",
      message: `This order was already marked shipped by ${staffEmail("service")} at 2026-11-18T10:00:00.000Z`,
    });
    const open = await mark(code.D!, { state: "shipped" });
    expect(open.status).toBe(409);
    expect((await json(open)).errors[0]).toMatchObject({
      code: "not_ordered",
      message: "Only an ordered sample order can be marked shipped; this one is open",
    });
    expect((await mark("SNOPE", { state: "shipped" })).status).toBe(404);
  });

  test("bad bodies: 400 or 422, nothing changes", async () => {
    expect((await mark(code.B!, { state: "lost" })).status).toBe(422);
    expect((await mark(code.B!, { state: "shipped", by: "someone else" })).status).toBe(422);
    expect((await mark(code.B!, {})).status).toBe(422);
    expect((await mark(code.B!, ["shipped"])).status).toBe(400);
    expect((await call("POST", `/admin/api/sample-orders/${code.B}/fulfilment`, { token: tokens.service, raw: "{state:" })).status).toBe(400);
    expect((await json(await get(`/admin/api/sample-orders/${code.B}`))).data.fulfilment).toBeNull();
  });
});

describe("CSV export", () => {
  const decode = async (response: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

  test("a download of the filtered orders, as CSV with a BOM", async () => {
    const response = await get("/admin/api/sample-orders/export.csv?shop=DE");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="sample-orders-de-ordered-2026-11-18.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-export-rows")).toBe("2");
    const text = await decode(response);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(text.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.reference_code)).toEqual([code.C, code.A]);
    expect(rows[1]).toMatchObject({ status: "shipped", fulfilment_by: staffEmail("service"), email: "anna@example.com", skus: "S-1 S-2" });
  });

  test("bad filters: 422 as for the list", async () => {
    const response = await get("/admin/api/sample-orders/export.csv?from=soon");
    expect(response.status).toBe(422);
    expect((await json(response)).errors.map((error) => error.field)).toContain("from");
    expect((await get("/admin/api/sample-orders/export.csv?limit=5")).status).toBe(422);
  });

  test(`more than ${MAX_EXPORT_ROWS} orders: refused with the count, asking for narrower filters`, async () => {
    const visitor = "f".repeat(64);
    await sql`INSERT INTO visitors (id, shop_id, created_at) VALUES (${visitor}, 'AT', ${NOW})`.prepare(h.db).run();
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MAX_EXPORT_ROWS + 1})
      INSERT INTO sample_quotes (reference_code, visitor_id, shop_id, state, created_at, expires_at, finished_at)
      SELECT 'SBULK' || i, ${visitor}, 'AT', 'finished', '2026-11-01T08:00:00.000Z', '2026-11-03T08:00:00.000Z', '2026-11-01T08:00:00.000Z' FROM n`
      .prepare(h.db)
      .run();
    const response = await get("/admin/api/sample-orders/export.csv?shop=AT");
    expect(response.status).toBe(422);
    expect((await json(response)).errors[0]).toMatchObject({
      code: "export_too_large",
      message: `The export would hold ${MAX_EXPORT_ROWS + 1} orders, more than ${MAX_EXPORT_ROWS}: narrow the shop, state or days`,
    });
    // narrowed to fewer days, it goes through
    expect((await get("/admin/api/sample-orders/export.csv?shop=AT&from=2026-11-02")).status).toBe(200);
  });
});
