/** GET /admin/api/search-report through the real route table with staff sessions: roles, parameters, the figures. */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { staffCaller, staffLogins, type StaffCaller } from "@tests/kit/staff-session";
import type { StaffRole } from "../core/staff-auth";
import { logQuery } from "./query-log";
import type { LooseJson } from "@tests/kit/loose-json";

let database: TestDatabase;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;
const now = () => new Date("2026-11-18T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const log = (query: string, day: string, total: number) =>
    logQuery(database.db, { shop: "DE", language: "de", query, total, now: new Date(`${day}T09:00:00Z`) });
  await log("parkett", "2026-11-17", 5);
  await log("parkett", "2026-11-18", 5);
  await log("parkett", "2026-11-18", 5);
  await log("holzfliese", "2026-11-18", 0);
  tokens = await staffLogins(database.env, database.db, now);
  call = staffCaller(database.env, now);
});
afterAll(() => database.dispose());

const get = (query: string, role: StaffRole | null = "merchandiser") => call("GET", `/admin/api/search-report${query}`, { token: role ? tokens[role] : null });
const body = async (response: Response) => (await response.json()) as { data: LooseJson["data"]; errors: { message: string; field?: string; code?: string }[] };

test("merchandiser and ops see the report; service 403; no session 401", async () => {
  expect((await get("?shop=DE&days=2", "merchandiser")).status).toBe(200);
  expect((await get("?shop=DE&days=2", "ops")).status).toBe(200);
  const refused = await get("?shop=DE&days=2", "service");
  expect(refused.status).toBe(403);
  expect((await body(refused)).errors[0]).toMatchObject({ code: "forbidden" });
  expect((await get("?shop=DE&days=2", null)).status).toBe(401);
});

test("the figures per day and the lists, for the shop and days asked", async () => {
  const response = await get("?shop=de&days=2");
  const { data } = await body(response);
  expect(data).toMatchObject({
    shop: "DE",
    from: "2026-11-17",
    to: "2026-11-18",
    days: 2,
    daily: [
      { day: "2026-11-17", searches: 1, noResults: 0 },
      { day: "2026-11-18", searches: 3, noResults: 1 },
    ],
    topQueries: [
      { query: "parkett", searches: 3, noResults: 0 },
      { query: "holzfliese", searches: 1, noResults: 1 },
    ],
    noResultQueries: [{ query: "holzfliese", searches: 1 }],
    topTrends: [
      { query: "parkett", counts: [1, 2] },
      { query: "holzfliese", counts: [0, 1] },
    ],
    noResultTrends: [{ query: "holzfliese", counts: [0, 1] }],
  });
  expect(data.shops).toContainEqual({ id: "CH", name: expect.any(String) });
  // 30 days unless asked
  expect((await body(await get("?shop=DE"))).data.daily).toHaveLength(30);
});

test.each([
  ["", "shop"],
  ["?days=7", "shop"],
  ["?shop=XX", "shop"],
  ["?shop=DE&days=0", "days"],
  ["?shop=DE&days=367", "days"],
  ["?shop=DE&days=1.5", "days"],
  ["?shop=DE&days=abc", "days"],
  ["?shop=DE&days=-3", "days"],
  ["?shop=DE&extra=1", ""],
])("bad parameters %s: 422 naming the field", async (query, field) => {
  const response = await get(query);
  expect(response.status).toBe(422);
  const { errors } = await body(response);
  if (field) expect(errors.map((error) => error.field)).toContain(field);
});
