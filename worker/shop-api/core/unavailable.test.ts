/**
 * D1 overload and unavailability become 503 with Retry-After and the generic message
 * (code `unavailable`), so the edge retries reads and clients retry writes with their
 * idempotency key; every other failure stays a logged 500 (ADR 0030). The subject is the
 * mapping, so the database is a double that throws D1's own messages; everything else
 * (route table, rate limiters, handlers) is real.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller } from "@tests/kit/shop-api";
import { D1_UNAVAILABLE_MESSAGES, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./envelope";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

/** A D1 binding whose every statement and batch fails with the error given. */
function failingDatabase(error: () => unknown): D1Database {
  const statement = {
    bind: () => statement,
    first: () => Promise.reject(error()),
    all: () => Promise.reject(error()),
    run: () => Promise.reject(error()),
    raw: () => Promise.reject(error()),
  };
  return { prepare: () => statement, batch: () => Promise.reject(error()), exec: () => Promise.reject(error()) } as unknown as D1Database;
}

async function call(error: () => unknown, method: string, path: string, body?: unknown): Promise<Response> {
  const api = shopApiCaller({ ...t.env, DB: failingDatabase(error) });
  return api(
    new Request(`https://api.example${path}`, {
      method,
      headers: { "x-shop-id": "DE", "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

const quiet = () => jest.spyOn(console, "error").mockImplementation(() => undefined);
afterEach(() => jest.restoreAllMocks());

// The full messages as D1 throws them in production ("D1_ERROR: " + the listed text).
const thrown = [
  "D1_ERROR: D1 DB is overloaded. Requests queued for too long.",
  "D1_ERROR: D1 DB is overloaded. Too many requests queued.",
  "D1_ERROR: Network connection lost.",
  "D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be reset.",
  "D1_ERROR: D1 DB reset because its code was updated.",
  "D1_ERROR: Internal error while starting up D1 DB storage caused object to be reset.",
  "D1_ERROR: Internal error in D1 DB storage caused object to be reset.",
  "D1_ERROR: Cannot resolve D1 DB due to transient issue on remote node.",
];

describe("D1 overload and unavailability: 503 with Retry-After", () => {
  test("every listed message is one of the thrown ones", () => {
    for (const message of D1_UNAVAILABLE_MESSAGES) expect(thrown.some((text) => text.includes(message))).toBe(true);
    expect(D1_UNAVAILABLE_MESSAGES).toHaveLength(thrown.length);
  });

  test.each(thrown.flatMap((message) => [["GET", "/apiv2/sample/product/count/day", message] as const, ["POST", "/apiv2/cart/", message] as const]))(
    "%s %s: %s",
    async (method, path, message) => {
      const logged = quiet();
      const response = await call(() => new Error(message), method, path, method === "POST" ? { sku: "FLOOR-1" } : undefined);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(await response.json()).toEqual({
        status: 503,
        data: null,
        errors: [{ message: "Something went wrong. Try again.", code: "unavailable" }],
        meta: {},
      });
      expect(logged).not.toHaveBeenCalled();
    },
  );

  test("the message in an older binding's error cause is recognised too", async () => {
    const response = await call(
      () => new Error("D1_ERROR", { cause: new Error("D1 DB is overloaded. Too many requests queued.") }),
      "GET",
      "/apiv2/sample/product/count/day",
    );
    expect(response.status).toBe(503);
  });

  test("Retry-After is a whole number of seconds", () => {
    expect(Number.isInteger(UNAVAILABLE_RETRY_AFTER_SECONDS) && UNAVAILABLE_RETRY_AFTER_SECONDS > 0).toBe(true);
  });
});

describe("bugs stay 500, logged, without Retry-After", () => {
  test.each([
    ["a SQL error", () => new Error("D1_ERROR: no such table: carts: SQLITE_ERROR")],
    ["a constraint failure", () => new Error("D1_ERROR: UNIQUE constraint failed: carts.visitor_id: SQLITE_CONSTRAINT")],
    ["a type error", () => new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["D1's memory limit (a query too heavy: ours to fix)", () => new Error("D1_ERROR: D1 DB's isolate exceeded its memory limit and was reset.")],
    ["D1's CPU limit (a query too heavy: ours to fix)", () => new Error("D1_ERROR: D1 DB exceeded its CPU time limit and was reset.")],
    ["a thrown string naming an overload", () => "D1 DB is overloaded. Too many requests queued."],
    ["an overload text in user data", () => new Error("D1_ERROR: UNIQUE constraint failed: value 'Network connection lost.'")],
  ])("%s", async (_name, error) => {
    const logged = quiet();
    const response = await call(error, "POST", "/apiv2/cart/", { sku: "FLOOR-1" });
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(await response.json()).toEqual({ status: 500, data: null, errors: [{ message: "Something went wrong. Try again.", code: "general" }], meta: {} });
    expect(logged).toHaveBeenCalled();
  });
});
