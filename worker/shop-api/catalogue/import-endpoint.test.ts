import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { looseCopy } from "@tests/kit/loose-json";
import type { ShopApiEnv } from "@worker/env";
import { shopApiCaller } from "@tests/kit/shop-api";
import { MAX_IMPORT_BYTES } from "./import-upload";
import { rowCounts, sampleDocument } from "@tests/kit/catalogue";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.dispose();
});

const TOKEN = "s3cret-token-0123456789abcdef0123456789";
const URL_BASE = "https://api.example/admin/catalogue/import";
const post = (body: string, init: { query?: string; token?: string | null; type?: string; headers?: Record<string, string> } = {}) =>
  new Request(`${URL_BASE}?${init.query ?? "format=json&source=test"}`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": init.type ?? "application/json",
      ...(init.token === null ? {} : { Authorization: `Bearer ${init.token ?? TOKEN}` }),
      ...init.headers,
    },
  });
const env = (): ShopApiEnv => ({ ...t.env, CATALOGUE_IMPORT_TOKEN: TOKEN });
const handleImportRequest = (request: Request, bindings: ShopApiEnv) => shopApiCaller(bindings)(request);

test("without a configured token the import is unavailable", async () => {
  const response = await handleImportRequest(post("{}"), t.env);
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({ status: 503, data: null, errors: [{ message: "This service is not configured." }] });
});

test("a missing or wrong token is 401, other methods 405", async () => {
  expect((await handleImportRequest(post("{}", { token: null }), env())).status).toBe(401);
  expect((await handleImportRequest(post("{}", { token: "s3cret-tokem" }), env())).status).toBe(401);
  const get = new Request(URL_BASE, { headers: { Authorization: `Bearer ${TOKEN}` } });
  const response = await handleImportRequest(get, env());
  expect(response.status).toBe(405);
  expect(response.headers.get("Allow")).toBe("POST");
});

test("a content type that does not fit the format is 415", async () => {
  expect((await handleImportRequest(post("{}", { type: "text/csv" }), env())).status).toBe(415);
  expect((await handleImportRequest(post("sku,shop", { query: "format=csv-prices", type: "application/json" }), env())).status).toBe(415);
});

test("a body over 20 MB is 413, by header and by actual size", async () => {
  const claimed = post("{}", { headers: { "Content-Length": String(MAX_IMPORT_BYTES + 1) } });
  expect((await handleImportRequest(claimed, env())).status).toBe(413);
  const big = post(" ".repeat(MAX_IMPORT_BYTES + 10));
  expect((await handleImportRequest(big, env())).status).toBe(413);
});

test("an invalid file is 422 with every problem; a valid one is 200", async () => {
  const before = await rowCounts(t.db);
  const bad = looseCopy(sampleDocument());
  bad.products[0].unit = "XYZ";
  const refused = await handleImportRequest(post(JSON.stringify(bad)), env());
  expect(refused.status).toBe(422);
  const body = (await refused.json()) as { errors: { message: string; field?: string }[] };
  expect(body.errors[0]!.message).toBe("The given data was invalid.");
  expect(body.errors.map((p) => p.field)).toContain("products[0].unit");
  expect(await rowCounts(t.db)).toEqual(before);

  const accepted = await handleImportRequest(post(JSON.stringify(sampleDocument())), env());
  expect(accepted.status).toBe(200);
  expect(await accepted.json()).toMatchObject({ data: { importId: expect.any(Number), changedSkus: 3, counts: { products: 3, prices: 3 } } });
  const source = await t.db.prepare("SELECT source, format FROM imports ORDER BY id DESC").first();
  expect(source).toEqual({ source: "test", format: "json" });
});

test("CSV prices over HTTP", async () => {
  const csv = "sku,shop,currency,packagePrice,unitPrice\nP-100,DE,EUR,99.00,45.00\n";
  const response = await handleImportRequest(post(csv, { query: "format=csv-prices", type: "text/csv" }), env());
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ data: { changedSkus: 1, counts: { prices: 1 } } });
});

describe("the upload is read as a stream", () => {
  /** A body of `chunks` pieces of `size` bytes (no Content-Length), counting what was read of it. */
  function countingBody(chunk: Uint8Array, chunks: number) {
    const seen = { pulled: 0, bytes: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (seen.pulled === chunks) return controller.close();
          seen.pulled += 1;
          seen.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
        cancel() {
          seen.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { body, seen };
  }
  const streamed = (body: ReadableStream<Uint8Array>) =>
    new Request(`${URL_BASE}?format=json&source=test`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}` },
      duplex: "half",
    } as RequestInit);

  test("an endless body is refused with 413 as soon as it passes the limit; the rest is never read", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const { body, seen } = countingBody(chunk, Number.POSITIVE_INFINITY);
    const response = await handleImportRequest(streamed(body), env());
    expect(response.status).toBe(413);
    expect(seen.cancelled).toBe(true);
    // The chunk that passes the limit, and what the Request's stream queues pull ahead before the cancel reaches the
    // source (two chunks on Node 24); never the rest.
    expect(seen.bytes).toBeLessThanOrEqual(MAX_IMPORT_BYTES + 3 * chunk.byteLength);
  });

  test("text is decoded across chunk boundaries (a character split between two chunks)", async () => {
    const document = sampleDocument();
    const product = document.products![0]!;
    product.content.de!.title = "Landhausdiele Eiche geölt ".repeat(4).trim();
    const bytes = new TextEncoder().encode(JSON.stringify(document));
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of "ö"
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split));
        controller.close();
      },
    });
    const response = await handleImportRequest(streamed(body), env());
    expect(response.status).toBe(200);
    const title = await t.db.prepare("SELECT title FROM product_content WHERE sku = ?1 AND language = 'de'").bind(product.sku).first<{ title: string }>();
    expect(title!.title).toBe(product.content.de!.title);
  });
});
