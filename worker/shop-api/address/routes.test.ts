/**
 * GET /apiv2/address/find and /retrieve through the shop API's real route table on a real
 * local D1, with the real Loqate adapter pointed at a local stand-in of its API. The demo
 * config gives no shop a lookup; here DE gets one (config as a shop would have it), CH none.
 */
import type { ShopApiEnv } from "@worker/env";
import { CLIENT_IP_HEADER, SHOP_ID_HEADER } from "@worker/lib/shop-headers";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { findItem, startLoqateStandIn, type LoqateStandIn } from "@tests/kit/loqate-stand-in";
import { HELD_BACK_MS, limitFor } from "@tests/kit/json-stand-in";
import { createTestRateLimiters, type TestRateLimiters } from "@tests/kit/rate-limiters";
import { shopApiCaller, type ShopApiCaller } from "@tests/kit/shop-api";
import { loqateLookup } from "../core/address-lookup/loqate";
import { useAddressLookupAdapter } from "../core/address-lookup/registry";
import { shopById } from "../core/shop";

const KEY_SECRET = "LOQATE_TEST_KEY";
const DE = shopById("DE")!;

let database: TestDatabase;
let service: LoqateStandIn;
/** The lookup's time limit: the next answer's (tests/kit/json-stand-in.ts). */
let limitMs = limitFor();
let env: ShopApiEnv;
let api: ShopApiCaller;
beforeAll(async () => {
  database = await createTestDatabase();
  service = await startLoqateStandIn();
  useAddressLookupAdapter("loqate", (key) => loqateLookup({ key, origin: service.origin, timeoutMs: limitMs }));
  DE.addressLookup = { provider: "loqate", keySecret: KEY_SECRET };
  env = { ...database.env, [KEY_SECRET]: "AA11-BB22-CC33-DD44" } as ShopApiEnv;
  api = shopApiCaller(env);
});
afterAll(async () => {
  DE.addressLookup = null;
  await service.close();
  await database.dispose();
});
beforeEach(() => {
  service.requests.length = 0;
  service.answer("Find", { body: { Items: [] } });
});

async function get(path: string, options: { shop?: string; ip?: string; call?: ShopApiCaller } = {}) {
  const headers: Record<string, string> = { [SHOP_ID_HEADER]: options.shop ?? "DE" };
  if (options.ip) headers[CLIENT_IP_HEADER] = options.ip;
  const response = await (options.call ?? api)(new Request(`http://shop-api${path}`, { headers }));
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { data: Record<string, unknown> | null; errors: { code?: string; field?: string; message: string }[] },
  };
}

describe("a shop without a lookup", () => {
  test("both routes answer 404 address_lookup_unavailable and call no service", async () => {
    for (const path of ["/apiv2/address/find?text=Hauptstr&country=ch", "/apiv2/address/retrieve?id=CH|1"]) {
      const { status, body } = await get(path, { shop: "CH" });
      expect(status).toBe(404);
      expect(body.errors[0]).toMatchObject({ code: "address_lookup_unavailable" });
    }
    expect(service.requests).toEqual([]);
  });

  test("a shop whose key secret is not set has none either", async () => {
    const withoutKey = shopApiCaller(database.env);
    const { status, body } = await get("/apiv2/address/find?text=Hauptstr&country=de", { call: withoutKey });
    expect(status).toBe(404);
    expect(body.errors[0]).toMatchObject({ code: "address_lookup_unavailable" });
    expect(service.requests).toEqual([]);
  });

  test("the environment tells the storefront whether suggestions exist", async () => {
    expect((await get("/apiv2/environment", { shop: "CH" })).body.data).toMatchObject({ environment: { addressLookup: false } });
    expect((await get("/apiv2/environment")).body.data).toMatchObject({ environment: { addressLookup: true } });
  });
});

describe("find", () => {
  test("at most 7 suggestions in the shop's country, the service asked for 7", async () => {
    service.answer("Find", {
      body: { Items: Array.from({ length: 10 }, (_, i) => findItem(`DE|${i}`, i === 0 ? "Street" : "Address", `Hauptstraße ${i}`, "Berlin")) },
    });
    const { status, body } = await get("/apiv2/address/find?text=%20Hauptstr%20&country=DE");
    expect(status).toBe(200);
    const suggestions = body.data!.suggestions as { id: string; isContainer: boolean }[];
    expect(suggestions).toHaveLength(7);
    expect(suggestions[0]).toEqual({ id: "DE|0", text: "Hauptstraße 0", description: "Berlin", isContainer: true });
    expect(service.requests[0]!.params).toMatchObject({ Text: "Hauptstr", Countries: "DE", Limit: "7", Key: "AA11-BB22-CC33-DD44" });
  });

  test("a container is opened with its id", async () => {
    await get("/apiv2/address/find?text=Hauptstr&country=de&container=DE%7CTT%7CB%7C2%7CENG");
    expect(service.requests[0]!.params).toMatchObject({ Container: "DE|TT|B|2|ENG" });
  });

  test.each([
    ["no text", "/apiv2/address/find?country=de", "text", "required"],
    ["too short a text", "/apiv2/address/find?text=Ha&country=de", "text", "invalid"],
    ["too long a text", `/apiv2/address/find?text=${"a".repeat(101)}&country=de`, "text", "invalid"],
    ["markup", "/apiv2/address/find?text=%3Cscript%3E&country=de", "text", "invalid_characters"],
    ["a control character", "/apiv2/address/find?text=Haupt%00str&country=de", "text", "invalid_characters"],
    ["no country", "/apiv2/address/find?text=Hauptstr", "country", "required"],
    ["a country the shop does not deliver to", "/apiv2/address/find?text=Hauptstr&country=us", "country", "country_not_deliverable"],
    ["a container with markup", "/apiv2/address/find?text=Hauptstr&country=de&container=%3Cx%3E", "container", "invalid"],
    ["an unknown parameter", "/apiv2/address/find?text=Hauptstr&country=de&limit=100", "", "invalid"],
  ])("%s: 422, no call to the service", async (_name, path, field, code) => {
    const { status, body } = await get(path);
    expect(status).toBe(422);
    expect(body.errors[1]).toMatchObject({ field, code });
    expect(service.requests).toEqual([]);
  });

  test("a service that fails or is slow: 502 address_lookup_failed (the form goes on without)", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      service.answer("Find", { body: { Items: [{ Error: "3", Description: "Account out of credit" }] } });
      expect((await get("/apiv2/address/find?text=Hauptstr&country=de")).body.errors[0]).toMatchObject({ code: "address_lookup_failed" });
      const held = { body: { Items: [] }, delayMs: HELD_BACK_MS };
      service.answer("Find", held);
      limitMs = limitFor(held);
      const slow = await get("/apiv2/address/find?text=Hauptstr&country=de");
      limitMs = limitFor();
      expect(slow.status).toBe(502);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("address lookup failed (DE)"));
    } finally {
      warn.mockRestore();
    }
  });
});

describe("retrieve", () => {
  test("the full address", async () => {
    service.answer("Retrieve", {
      body: {
        Items: [{ Id: "DE|1", Street: "Hauptstraße", BuildingNumber: "5", PostalCode: "10115", City: "Berlin", CountryIso2: "DE", Line1: "Hauptstraße 5" }],
      },
    });
    const { status, body } = await get("/apiv2/address/retrieve?id=DE%7C1");
    expect(status).toBe(200);
    expect(body.data).toEqual({ address: { street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" } });
    expect(service.requests[0]!.params).toMatchObject({ Id: "DE|1" });
  });

  test("an id the service does not know: 404", async () => {
    service.answer("Retrieve", { body: { Items: [{ Error: "1001", Description: "Id Invalid" }] } });
    const { status, body } = await get("/apiv2/address/retrieve?id=DE%7C404");
    expect(status).toBe(404);
    expect(body.errors[0]).toMatchObject({ code: "not_found" });
  });

  test.each([
    ["no id", "/apiv2/address/retrieve"],
    ["an id with markup", "/apiv2/address/retrieve?id=%3Cimg%3E"],
    ["an id with a line break", "/apiv2/address/retrieve?id=DE%0A1"],
    ["a too long id", `/apiv2/address/retrieve?id=${"A".repeat(201)}`],
  ])("%s: 422, no call to the service", async (_name, path) => {
    expect((await get(path)).status).toBe(422);
    expect(service.requests).toEqual([]);
  });
});

describe("rate limit", () => {
  let limiters: TestRateLimiters;
  beforeAll(async () => {
    limiters = await createTestRateLimiters({ search: { limit: 3, period: 60 } });
  });
  afterAll(() => limiters.dispose());

  test("find and retrieve count against the per-IP search limit: 429 with Retry-After, the service not called", async () => {
    const limited = shopApiCaller({ ...env, ...limiters.bindings });
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    for (const path of ["/apiv2/address/find?text=Hauptstr&country=de", "/apiv2/address/find?text=Hauptstra&country=de", "/apiv2/address/retrieve?id=DE%7C1"])
      statuses.push((await get(path, { ip, call: limited })).status);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    const calls = service.requests.length;
    const over = await get("/apiv2/address/find?text=Hauptstraß&country=de", { ip, call: limited });
    expect(over.status).toBe(429);
    expect(over.body.errors[0]).toMatchObject({ code: "rate_limited" });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(service.requests.length).toBe(calls);
    // another client is not affected
    expect((await get("/apiv2/address/find?text=Hauptstr&country=de", { ip: "203.0.113.78", call: limited })).status).toBe(200);
  });
});
