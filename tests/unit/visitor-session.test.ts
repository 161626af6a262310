/**
 * The visitor's session end to end (docs/decisions/0029): the edge in front of the shop
 * API's real route table on a real local D1, with a pinned clock. The shop API hands a
 * new or renewed token to the edge in a response header; the edge keeps it in the
 * host-only token cookie; the shop API no longer accepts a visitor unused for 30 days.
 */
import type { FetchBinding, WorkerEnv } from "@worker/env";
import { VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { createTestDatabase, type TestDatabase } from "../kit/d1";
import { edgeWithShopApi } from "../kit/edge-with-shop-api";

const SHOP = "https://www.bodenhaus.example";
const COOKIE = /^__Host-bh_token=([A-Za-z0-9_-]{43}); Max-Age=2592000; Path=\/; Secure; HttpOnly; SameSite=Strict$/;
const DAY_MS = 24 * 60 * 60 * 1000;

let database: TestDatabase;
let clock = new Date("2026-03-02T09:00:00Z");
const { app, shopApi, execution, tasks } = edgeWithShopApi(() => clock);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.allSettled(tasks);
  await database.dispose();
});

/** The worker as deployed in front of the shop API: in-process, or through a service binding (SHOP_API_MODE=service). */
function envFor(mode: "in-process" | "service"): WorkerEnv {
  const base = { ...database.env, ENVIRONMENT_NAME: "production", SHOP_API_MODE: mode } as WorkerEnv;
  if (mode === "in-process") return base;
  const binding: FetchBinding = {
    fetch: (request: Request | string) => shopApi.fetch(typeof request === "string" ? new Request(request) : request, base, execution),
  };
  return { ...base, SHOP_API: binding };
}

async function call(mode: "in-process" | "service", method: string, path: string, cookie?: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { "cf-connecting-ip": "203.0.113.77", origin: SHOP };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await app.request(
    `${SHOP}${path}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    envFor(mode),
    execution,
  );
  await Promise.all(tasks.splice(0));
  return response;
}

const chooseCountry = (mode: "in-process" | "service", cookie?: string) => call(mode, "PUT", "/apiv2/shipping/costs/country", cookie, { country: "nl" });
const currentCountry = async (mode: "in-process" | "service", cookie: string) =>
  ((await (await call(mode, "GET", "/apiv2/shipping/costs/current-country", cookie)).json()) as { data: { code: string } }).data.code;

describe.each(["in-process", "service"] as const)("through the edge (%s)", (mode) => {
  beforeEach(() => {
    clock = new Date("2026-03-02T09:00:00Z");
  });

  test("a new visitor's token becomes the host-only cookie and appears nowhere a page script could read it", async () => {
    const response = await chooseCountry(mode);
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    const token = COOKIE.exec(setCookie)?.[1];
    expect(token).toBeDefined();
    expect(response.headers.get(VISITOR_TOKEN_HEADER)).toBeNull();
    expect(await response.text()).not.toContain(token!);
    expect(await currentCountry(mode, `__Host-bh_token=${token}`)).toBe("nl");
  });

  test("activity renews the cookie at most once a day; 30 days without activity end the visitor, whatever the client replays", async () => {
    const token = COOKIE.exec((await chooseCountry(mode)).headers.get("set-cookie") ?? "")![1]!;
    const cookie = `__Host-bh_token=${token}`;

    clock = new Date(clock.getTime() + 6 * 60 * 60 * 1000);
    const sameDay = await call(mode, "GET", "/apiv2/shipping/costs/current-country", cookie);
    expect(sameDay.headers.get("set-cookie")).toBeNull();

    clock = new Date(clock.getTime() + DAY_MS);
    const nextDay = await call(mode, "GET", "/apiv2/shipping/costs/current-country", cookie);
    expect(nextDay.headers.get("set-cookie")).toBe(`${cookie}; Max-Age=2592000; Path=/; Secure; HttpOnly; SameSite=Strict`);

    clock = new Date(clock.getTime() + 29 * DAY_MS);
    expect(await currentCountry(mode, cookie)).toBe("nl");

    clock = new Date(clock.getTime() + 30 * DAY_MS);
    expect(await currentCountry(mode, cookie)).toBe("de");
    const replaced = await chooseCountry(mode, cookie);
    const newToken = COOKIE.exec(replaced.headers.get("set-cookie") ?? "")?.[1];
    expect(newToken).toBeDefined();
    expect(newToken).not.toBe(token);
  });
});
