/**
 * The customer session end to end (docs/decisions/0037): the edge on a shop host in
 * front of the shop API's real route table on a real local D1, with a pinned clock. The
 * login's token becomes the host-only session cookie (never in the body, never as a header to
 * the browser), the cookie signs the customer in on the next calls, a client's own
 * x-customer-session header is ignored, logout deletes the cookie and the token is dead.
 */
import type { WorkerEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { encodePasswordHash, hashPassword } from "@shop-api/core/passwords";
import { markVerified, upsertRegistration } from "@shop-api/tables/customers";
import { createTestDatabase, type TestDatabase } from "../kit/d1";
import { edgeWithShopApi } from "../kit/edge-with-shop-api";

const SHOP = "https://www.bodenhaus.example";
const COOKIE = /^__Host-bh_session=([A-Za-z0-9_-]{43}); Max-Age=7776000; Path=\/; Secure; HttpOnly; SameSite=Lax$/;
const PASSWORD = "Parkett-Eiche-2026";
const EMAIL = "erika@example.com";

let database: TestDatabase;
const clock = new Date("2026-11-18T08:00:00Z");
const { app, execution, tasks } = edgeWithShopApi(() => clock);

beforeAll(async () => {
  database = await createTestDatabase();
  const id = crypto.randomUUID();
  const passwordHash = encodePasswordHash(await hashPassword(PASSWORD));
  const registration = { id, shopId: "DE", email: EMAIL, type: "private" as const, firstName: "Erika", surname: "Muster", companyName: null, vatId: null };
  await database.db.batch(
    [
      upsertRegistration(
        { ...registration, street: "Hauptstraße 5", postcode: "10115", city: "Berlin", country: "de", phone: "+49 30 1234567", passwordHash },
        clock,
      ),
      markVerified(id, clock, sql`1`),
    ].map((statement) => statement.prepare(database.db)),
  );
});
afterAll(async () => {
  await Promise.allSettled(tasks);
  await database.dispose();
});

async function call(method: string, path: string, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { "cf-connecting-ip": "203.0.113.79", origin: SHOP, "sec-fetch-site": "same-origin", ...(options.headers ?? {}) };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const ASSETS = { fetch: async () => new Response("not found", { status: 404 }) };
  const env = { ...database.env, ASSETS, ENVIRONMENT_NAME: "production", SHOP_API_MODE: "in-process" } as WorkerEnv;
  const response = await app.request(
    `${SHOP}${path}`,
    { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    env,
    execution,
  );
  await Promise.all(tasks.splice(0));
  return response;
}

const customerOf = async (response: Response) => ((await response.json()) as { data: { customer: { email: string } | null } }).data.customer;

test("login sets the session cookie, the cookie signs in, a client's own header does not, logout deletes it and the token dies", async () => {
  const login = await call("POST", "/apiv2/customer/login", { body: { email: EMAIL, password: PASSWORD } });
  expect(login.status).toBe(200);
  expect(login.headers.get("x-customer-session")).toBeNull();
  const cookies = login.headers.getSetCookie();
  const token = cookies.map((cookie) => COOKIE.exec(cookie)?.[1]).find(Boolean);
  expect(token).toBeDefined();
  expect(await login.text()).not.toContain(token!);
  const cookie = `__Host-bh_session=${token}`;

  expect(await customerOf(await call("GET", "/apiv2/customer", { cookie }))).toMatchObject({ email: EMAIL });
  // The token sent as a header by the client itself (no cookie) is dropped by the edge.
  expect(await customerOf(await call("GET", "/apiv2/customer", { headers: { "x-customer-session": token! } }))).toBeNull();
  // The header the browser would need to set is stripped on the way back; the environment knows the customer.
  const environment = await call("GET", "/apiv2/environment", { cookie });
  expect(((await environment.json()) as { data: { environment: { customer: unknown } } }).data.environment.customer).toEqual({
    signedIn: true,
    firstName: "Erika",
  });

  const out = await call("POST", "/apiv2/customer/logout", { cookie });
  expect(out.status).toBe(200);
  expect(out.headers.getSetCookie()).toContain("__Host-bh_session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax");
  const after = await call("GET", "/apiv2/customer", { cookie });
  expect(await customerOf(after)).toBeNull();
  expect(after.headers.getSetCookie()).toContain("__Host-bh_session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax");
});

test("a write from another site is refused at the edge before it reaches the account", async () => {
  const response = await call("POST", "/apiv2/customer/login", {
    body: { email: EMAIL, password: PASSWORD },
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  });
  expect(response.status).toBe(403);
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-bh_session="))).toBe(false);
});
