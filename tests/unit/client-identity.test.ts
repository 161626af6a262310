/**
 * Who a client is, end to end (docs/decisions/0067): the edge in front of the shop API's real
 * route table on a real local D1. A client that sends a new CF-Connecting-IP with every request
 * gets no fresh identity: the staff login lockout and the service-token lockout still hold, in
 * the local run (no address the platform guarantees) and behind a trusted proxy (whose secret
 * the client lacks).
 */
import type { WorkerEnv } from "@worker/env";
import { AUTH_THROTTLE, STAFF_LOGIN_THROTTLE } from "@shop-api/core/auth-throttle";
import { createTestDatabase, type TestDatabase } from "../kit/d1";
import { edgeWithShopApi } from "../kit/edge-with-shop-api";
import { TRUSTED_PROXY } from "../kit/edge";

const GRAPHQL_TOKEN = "graphql-0123456789abcdef0123456789abcdef";
const LOCAL = { admin: "http://admin.localhost:8787", shop: "http://de.localhost:8787", env: { ENVIRONMENT_NAME: "development" } };
const PROXIED = {
  admin: "https://admin.bodenhaus.example",
  shop: "https://www.bodenhaus.example",
  env: { ENVIRONMENT_NAME: "production", ...TRUSTED_PROXY.env },
};
type Setup = typeof LOCAL | typeof PROXIED;

let database: TestDatabase;
const clock = new Date("2026-03-02T09:00:00Z");
const { app, execution, tasks } = edgeWithShopApi(() => clock);

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(() => database.db.prepare("DELETE FROM auth_failures").run());
afterAll(async () => {
  await Promise.allSettled(tasks);
  await database.dispose();
});

let rotating = 0;
/** A header value never sent before: what an attacker rotates. */
const freshAddress = () => `198.51.${(++rotating >> 8) & 255}.${rotating & 255}`;

async function call(setup: Setup, origin: string, path: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  const ASSETS = { fetch: async () => new Response("not found", { status: 404 }) };
  const env = { ...database.env, ...setup.env, GRAPHQL_TOKEN, ASSETS, SHOP_API_MODE: "in-process" } as WorkerEnv;
  const init = {
    method: "POST",
    headers: { origin, "sec-fetch-site": "same-origin", "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
  const response = await app.request(`${origin}${path}`, init, env, execution);
  await Promise.all(tasks.splice(0));
  return response;
}

const failedLogin = (setup: Setup, n: number) =>
  call(setup, setup.admin, "/admin/api/session", { "cf-connecting-ip": freshAddress() }, { email: `guess-${n}@bodenhaus.example`, password: "wrong password" });
const graphql = (setup: Setup, token: string) =>
  call(setup, setup.shop, "/graphql", { "cf-connecting-ip": freshAddress(), authorization: `Bearer ${token}` }, { query: "{ shops { id } }" });

async function codeOf(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { errors: { code?: string }[] }).errors[0]?.code;
}

describe.each([
  ["the local run", LOCAL],
  ["behind a trusted proxy", PROXIED],
])("%s: a rotated CF-Connecting-IP is no fresh identity", (_, setup) => {
  test(`${STAFF_LOGIN_THROTTLE.perAddress} failed staff logins, then a new header value: still 429`, async () => {
    for (let n = 0; n < STAFF_LOGIN_THROTTLE.perAddress; n++) expect((await failedLogin(setup, n)).status).toBe(401);
    const refused = await failedLogin(setup, STAFF_LOGIN_THROTTLE.perAddress);
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe("auth_throttled");
  });

  test(`${AUTH_THROTTLE.failures} wrong GraphQL tokens, then a new header value: still 429`, async () => {
    for (let n = 0; n < AUTH_THROTTLE.failures; n++) expect((await graphql(setup, `wrong-${n}`)).status).toBe(401);
    const refused = await graphql(setup, "wrong");
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe("auth_throttled");
  });
});

test("behind a trusted proxy the address it vouches for is the client's own: another client is not locked out", async () => {
  const attacker = { ...TRUSTED_PROXY.headers("203.0.113.50"), authorization: "Bearer wrong" };
  for (let n = 0; n < AUTH_THROTTLE.failures; n++) {
    expect((await call(PROXIED, PROXIED.shop, "/graphql", attacker, { query: "{ shops { id } }" })).status).toBe(401);
  }
  expect((await call(PROXIED, PROXIED.shop, "/graphql", attacker, { query: "{ shops { id } }" })).status).toBe(429);
  const other = { ...TRUSTED_PROXY.headers("203.0.113.51"), authorization: "Bearer wrong" };
  expect((await call(PROXIED, PROXIED.shop, "/graphql", other, { query: "{ shops { id } }" })).status).toBe(401);
});
