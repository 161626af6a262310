/**
 * The staff session end to end (docs/decisions/0033): the edge on the back-office host in
 * front of the shop API's real route table on a real local D1, with a pinned clock. The
 * login's token becomes the host-only staff cookie, the cookie opens the staff API, logout
 * deletes the cookie and revokes the session, and an idle session ends.
 */
import type { WorkerEnv } from "@worker/env";
import { upsertStaff } from "@shop-api/core/staff/accounts";
import { createTestDatabase, type TestDatabase } from "../kit/d1";
import { edgeWithShopApi } from "../kit/edge-with-shop-api";

const ADMIN = "https://admin.bodenhaus.example";
const SHOP = "https://www.bodenhaus.example";
const COOKIE = /^__Host-bh_staff=([A-Za-z0-9_-]{43}); Max-Age=43200; Path=\/; Secure; HttpOnly; SameSite=Strict$/;
const PASSWORD = "a merchandiser password";

let database: TestDatabase;
let clock = new Date("2026-03-02T09:00:00Z");
const { app, execution, tasks } = edgeWithShopApi(() => clock);

beforeAll(async () => {
  database = await createTestDatabase();
  await upsertStaff(database.db, { email: "anna@bodenhaus.example", name: "Anna", role: "merchandiser", password: PASSWORD }, clock);
});
afterAll(async () => {
  await Promise.allSettled(tasks);
  await database.dispose();
});

async function call(origin: string, method: string, path: string, cookie?: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { "cf-connecting-ip": "203.0.113.78", origin, "sec-fetch-site": "same-origin" };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  // No build files: a shop host answers its 404 page for anything that is not an API path.
  const ASSETS = { fetch: async () => new Response("not found", { status: 404 }) };
  const env = { ...database.env, ASSETS, ENVIRONMENT_NAME: "production", SHOP_API_MODE: "in-process" } as WorkerEnv;
  const response = await app.request(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, env, execution);
  await Promise.all(tasks.splice(0));
  return response;
}

test("login sets the staff cookie, the cookie opens the staff API, logout revokes the session", async () => {
  const login = await call(ADMIN, "POST", "/admin/api/session", undefined, { email: "anna@bodenhaus.example", password: PASSWORD });
  expect(login.status).toBe(200);
  expect(login.headers.get("x-staff-session")).toBeNull();
  const token = COOKIE.exec(login.headers.get("set-cookie") ?? "")?.[1];
  expect(token).toBeDefined();
  expect(await login.text()).not.toContain(token!);
  const cookie = `__Host-bh_staff=${token}`;

  const me = await call(ADMIN, "GET", "/admin/api/session", cookie);
  expect(me.status).toBe(200);
  expect(((await me.json()) as { data: { staff: { email: string } } }).data.staff.email).toBe("anna@bodenhaus.example");

  // The same cookie on a shop host reaches nothing.
  expect((await call(SHOP, "GET", "/admin/api/session", cookie)).status).toBe(404);

  const out = await call(ADMIN, "DELETE", "/admin/api/session", cookie);
  expect(out.status).toBe(200);
  expect(out.headers.get("set-cookie")).toBe("__Host-bh_staff=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Strict");
  const replayed = await call(ADMIN, "GET", "/admin/api/session", cookie);
  expect(replayed.status).toBe(401);
});

test("an idle session ends, and the answer deletes the cookie", async () => {
  const login = await call(ADMIN, "POST", "/admin/api/session", undefined, { email: "anna@bodenhaus.example", password: PASSWORD });
  const cookie = `__Host-bh_staff=${COOKIE.exec(login.headers.get("set-cookie") ?? "")![1]}`;
  clock = new Date(clock.getTime() + 31 * 60 * 1000);
  const ended = await call(ADMIN, "GET", "/admin/api/session", cookie);
  expect(ended.status).toBe(401);
  expect(ended.headers.get("set-cookie")).toBe("__Host-bh_staff=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Strict");
});

test("a cross-site login attempt never reaches the shop API", async () => {
  const response = await app.request(
    `${ADMIN}/admin/api/session`,
    {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email: "anna@bodenhaus.example", password: PASSWORD }),
    },
    { ...database.env, ENVIRONMENT_NAME: "production" } as WorkerEnv,
    execution,
  );
  expect(response.status).toBe(403);
  expect(response.headers.get("set-cookie")).toBeNull();
});
