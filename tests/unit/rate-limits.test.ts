/**
 * Per-IP rate limits through the shop API's real handler and through the edge in front of
 * it, on a real local D1 and Cloudflare's rate-limiting bindings as workerd runs them.
 */
import { shopDirectory } from "@config/shops";
import { createEdgeApp } from "@worker/edge/app";
import { upstreamFromEnv } from "@worker/edge/upstream";
import type { WorkerEnv } from "@worker/env";
import { createShopApi } from "@shop-api/app";
import { createTestDatabase, type TestDatabase } from "../kit/d1";
import { awayFromWindowEnd, createTestRateLimiters, type TestRateLimiters } from "../kit/rate-limiters";

const LIMITS = { write: { limit: 3, period: 60 }, search: { limit: 2, period: 60 }, graphql: { limit: 2, period: 60 } } as const;
const API = "https://shop-api.internal";
const GENERIC_429 = { status: 429, data: null, errors: [{ message: "Something went wrong. Try again.", code: "rate_limited" }], meta: {} };

let database: TestDatabase;
let limiters: TestRateLimiters;
let env: WorkerEnv;
const tasks: Promise<unknown>[] = [];
const execution = { waitUntil: (task: Promise<unknown>) => void tasks.push(task), passThroughOnException: () => undefined, props: {} };
const shopApi = createShopApi();
const GRAPHQL_TOKEN = "graphql-token-for-the-rate-limit-tests-0123";

beforeAll(async () => {
  [database, limiters] = await Promise.all([createTestDatabase(), createTestRateLimiters(LIMITS)]);
  env = { DB: database.db, ENVIRONMENT_NAME: "development", GRAPHQL_TOKEN, ...limiters.bindings } as WorkerEnv;
});

afterAll(async () => {
  await Promise.allSettled(tasks);
  await Promise.all([database.dispose(), limiters.dispose()]);
});

function call(path: string, ip: string | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { "x-shop-id": "DE", "content-type": "application/json", ...init.headers };
  if (ip !== null) headers["cf-connecting-ip"] = ip;
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return shopApi.fetch(new Request(`${API}${path}`, { method: init.method ?? "GET", headers, body }), env, execution);
}

const chooseCountry = (ip: string | null, headers: Record<string, string> = {}) =>
  call("/apiv2/shipping/costs/country", ip, { method: "PUT", body: { country: "nl" }, headers });

describe("per-IP limits on writes", () => {
  beforeEach(() => awayFromWindowEnd(LIMITS.write.period));

  test("the write after the limit is 429 with Retry-After and the generic message; another IP still writes", async () => {
    for (let i = 0; i < LIMITS.write.limit; i++) expect((await chooseCountry("203.0.113.10")).status).toBe(200);
    const limited = await chooseCountry("203.0.113.10");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.headers.get("cache-control")).toBe("private, no-store");
    expect(await limited.json()).toEqual(GENERIC_429);
    expect((await chooseCountry("203.0.113.11")).status).toBe(200);
  });

  test("every write counts, whatever its path (cart, samples, unknown paths), and reads stay open", async () => {
    const ip = "203.0.113.20";
    await call("/apiv2/cart", ip, { method: "POST", body: {} });
    await call("/apiv2/sample/product/cart/add", ip, { method: "POST", body: {} });
    await call("/apiv2/not-a-route", ip, { method: "DELETE" });
    expect((await call("/cart/addSampleBySku/X", ip, { method: "PUT" })).status).toBe(429);
    expect((await call("/configuration/cart/add", ip, { method: "POST", body: {} })).status).toBe(429);
    expect((await call("/apiv2/shipping/costs/current-country", ip)).status).toBe(200);
  });

  test("IPv6 clients are counted by their /64, which one subscriber holds whole", async () => {
    for (const ip of ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:0db8:0001:0002:ffff::3"]) expect((await chooseCountry(ip)).status).toBe(200);
    expect((await chooseCountry("2001:db8:1:2:abcd::9")).status).toBe(429);
    expect((await chooseCountry("2001:db8:1:3::1")).status).toBe(200);
  });

  test("requests without a usable client address share one bucket instead of escaping the limit", async () => {
    const answers = [];
    for (const ip of [null, "", "not-an-ip", "999.1.1.1", "1:2:3"]) answers.push((await chooseCountry(ip)).status);
    expect(answers).toEqual([200, 200, 200, 429, 429]);
  });

  test("other client-IP headers change nothing: only cf-connecting-ip counts", async () => {
    const spoofed = ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"];
    const answers = [];
    for (const ip of spoofed)
      answers.push((await chooseCountry("203.0.113.30", { "x-forwarded-for": ip, "x-real-ip": ip, "true-client-ip": ip, forwarded: `for=${ip}` })).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

describe("per-IP limits on search and GraphQL", () => {
  test("search: suggestions and results share the bucket", async () => {
    await awayFromWindowEnd(LIMITS.search.period);
    const ip = "203.0.113.40";
    expect((await call("/apiv2/search/suggestions?query=eic", ip)).status).not.toBe(429);
    expect((await call("/apiv2/search?query=eiche", ip)).status).not.toBe(429);
    const limited = await call("/apiv2/search?query=eiche", ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(await limited.json()).toEqual(GENERIC_429);
    expect((await call("/apiv2/search?query=eiche", "203.0.113.41")).status).not.toBe(429);
  });

  test("GraphQL, also with a trailing slash (the router serves /graphql/ too)", async () => {
    await awayFromWindowEnd(LIMITS.graphql.period);
    const query = (ip: string, path = "/graphql") =>
      call(path, ip, { method: "POST", body: { query: "{ shops { id } }" }, headers: { "x-shop-id": "", authorization: `Bearer ${GRAPHQL_TOKEN}` } });
    expect((await query("203.0.113.50")).status).toBe(200);
    expect((await query("203.0.113.50", "/graphql/")).status).toBe(200);
    const limited = await query("203.0.113.50");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(GENERIC_429);
    expect((await query("203.0.113.50", "/graphql/")).status).toBe(429);
    expect((await query("203.0.113.51")).status).toBe(200);
  });
});

test("without its rate-limiting binding the shop API refuses writes (503) instead of running unlimited; reads pass", async () => {
  const unbound = { ...env, RATE_LIMIT_WRITE: undefined };
  const write = await shopApi.fetch(
    new Request(`${API}/apiv2/shipping/costs/country`, {
      method: "PUT",
      headers: { "x-shop-id": "DE", "cf-connecting-ip": "203.0.113.60" },
      body: '{"country":"nl"}',
    }),
    unbound,
    execution,
  );
  expect(write.status).toBe(503);
  expect(await write.json()).toMatchObject({ errors: [{ message: "This service is not configured.", code: "not_configured" }] });
  const read = await shopApi.fetch(
    new Request(`${API}/apiv2/shipping/costs/current-country`, { headers: { "x-shop-id": "DE", "cf-connecting-ip": "203.0.113.60" } }),
    unbound,
    execution,
  );
  expect(read.status).toBe(200);
});

describe("through the edge on Cloudflare (a deployed environment; in-process shop API)", () => {
  // Where the edge takes CF-Connecting-IP as the client's address (worker/edge/client-address.ts).
  const deployed = () => ({ ...env, ENVIRONMENT_NAME: "production" }) as WorkerEnv;
  const edge = createEdgeApp({
    directory: shopDirectory,
    upstream: (workerEnv, ctx) => upstreamFromEnv(workerEnv, ctx, (request, e, c) => shopApi.fetch(request, e, c)),
  });
  const viaEdge = (path: string, headers: Record<string, string>) =>
    edge.fetch(
      new Request(`http://de.localhost:8787${path}`, { method: "PUT", headers: { "content-type": "application/json", ...headers }, body: '{"country":"nl"}' }),
      deployed(),
      execution,
    );

  test("the shop API counts the address Cloudflare gave the edge; IP headers a client adds are not forwarded", async () => {
    await awayFromWindowEnd(LIMITS.write.period);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        (
          await viaEdge("/apiv2/shipping/costs/country", {
            "cf-connecting-ip": "203.0.113.70",
            "x-forwarded-for": `198.51.100.${i}`,
            "x-real-ip": `198.51.100.${i}`,
          })
        ).status,
      );
    expect(answers).toEqual([200, 200, 200, 429]);
    const limited = await viaEdge("/apiv2/shipping/costs/country", { "cf-connecting-ip": "203.0.113.70" });
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(await limited.json()).toEqual(GENERIC_429);
    expect((await viaEdge("/apiv2/shipping/costs/country", { "cf-connecting-ip": "203.0.113.71" })).status).toBe(200);
  });

  test("the CH language prefix does not open a second bucket", async () => {
    await awayFromWindowEnd(LIMITS.write.period);
    const ch = (path: string) =>
      edge.fetch(
        new Request(`http://ch.localhost:8787${path}`, {
          method: "PUT",
          headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.80" },
          body: '{"country":"li"}',
        }),
        deployed(),
        execution,
      );
    const answers = [];
    for (const path of [
      "/apiv2/shipping/costs/country",
      "/fr/apiv2/shipping/costs/country",
      "/it/apiv2/shipping/costs/country",
      "/de/apiv2/shipping/costs/country",
    ])
      answers.push((await ch(path)).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
