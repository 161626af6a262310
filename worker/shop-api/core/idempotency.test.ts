/**
 * Idempotency keys through the shop API's real route table against a real local D1 and
 * R2: uploads (multipart) and the cart (JSON) as the writes, rows counted to prove how
 * often the handler ran.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import { VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { createHarness as createCommerceHarness } from "@tests/kit/commerce";
import type { ApiContext } from "./context";
import type { ApiErrorItem } from "./envelope";
import { withIdempotency } from "./idempotency";
import { apiHeaders, createApiHarness, multipartBody, storedCounts, uploadRequest, type ApiHarness, type FilePart } from "@tests/kit/api-harness";
import { JPEG, PNG, text } from "@tests/kit/images";
import { createShopApi, runScheduledJobs } from "@tests/kit/shop-api";

interface Answer {
  status: number;
  data: { uploads?: { id: string }[] } | null;
  errors: ApiErrorItem[];
  meta: { token?: string };
}

const PHOTO: FilePart[] = [{ fileName: "crack.jpg", bytes: JPEG }];

let h: ApiHarness;
let keyNumber = 0;
/** A fresh key per test, as a client makes one per operation. */
const newKey = () => `test-key-${++keyNumber}-${Date.now()}`;

beforeAll(async () => {
  h = await createApiHarness();
});

afterAll(() => h.dispose());

function keyed(key: string, parts: FilePart[] = PHOTO, options: { token?: string; ip?: string; boundary?: string } = {}): Request {
  return uploadRequest(parts, {
    token: options.token,
    boundary: options.boundary,
    headers: { "idempotency-key": key, "cf-connecting-ip": options.ip ?? "203.0.113.7" },
  });
}

/** The answer, and the visitor token the shop API handed to the edge (x-visitor-token), if any. */
async function send(request: Request, env?: ShopApiEnv): Promise<{ response: Response; text: string; body: Answer; token: string | undefined }> {
  const response = await h.fetch(request, env);
  const body = await response.text();
  return { response, text: body, body: JSON.parse(body) as Answer, token: response.headers.get(VISITOR_TOKEN_HEADER) ?? undefined };
}

const keyRows = async (db: D1Database) => (await db.prepare("SELECT COUNT(*) AS n FROM idempotency_keys").first<{ n: number }>())!.n;

describe("Idempotency-Key on storefront writes", () => {
  test("a repeat gets the identical first answer, and the upload ran once", async () => {
    const key = newKey();
    const before = await storedCounts(h);
    const first = await send(keyed(key));
    expect(first.response.status).toBe(200);
    expect(first.token).toBeDefined();
    expect(first.response.headers.get("idempotent-replayed")).toBeNull();
    const second = await send(keyed(key));
    expect(second.response.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.response.headers.get("content-type")).toBe(first.response.headers.get("content-type"));
    expect(second.response.headers.get("cache-control")).toBe("private, no-store");
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
    expect(await storedCounts(h)).toEqual({
      visitors: before.visitors! + 1,
      uploads: before.uploads! + 1,
      r2Objects: before.r2Objects! + 1,
      idempotency_keys: before.idempotency_keys! + 1,
    });
  });

  test("the same form sent again with a new multipart boundary (as browsers do) is the same request", async () => {
    const key = newKey();
    const first = await send(keyed(key, PHOTO, { boundary: "----WebKitFormBoundaryAAAAAAAA" }));
    const second = await send(keyed(key, PHOTO, { boundary: "----WebKitFormBoundaryBBBBBBBB" }));
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
  });

  test("the same key with another body or query: 422 idempotency_key_reused, nothing run", async () => {
    const key = newKey();
    await send(keyed(key));
    const before = await storedCounts(h);
    const otherBody = await send(keyed(key, [{ fileName: "crack.png", bytes: PNG }]));
    expect(otherBody.response.status).toBe(422);
    expect(otherBody.body.errors).toEqual([{ message: "This Idempotency-Key was already used for a different request.", code: "idempotency_key_reused" }]);
    const otherPath = await send(
      new Request("http://shop-api/apiv2/uploads?purpose=complaint&again=1", { method: "POST", headers: keyed(key).headers, body: multipartBody(PHOTO).body }),
    );
    expect(otherPath.response.status).toBe(422);
    expect(await storedCounts(h)).toEqual(before);
  });

  test("concurrent duplicates: one runs, the other gets 409 (or the replay)", async () => {
    const key = newKey();
    const before = await storedCounts(h);
    const answers = await Promise.all([send(keyed(key)), send(keyed(key)), send(keyed(key))]);
    const ran = answers.filter((a) => a.response.status === 200 && a.response.headers.get("idempotent-replayed") === null);
    expect(ran).toHaveLength(1);
    for (const other of answers.filter((a) => !ran.includes(a))) {
      if (other.response.status === 409) {
        expect(other.body.errors[0]!.code).toBe("idempotency_in_progress");
        expect(other.response.headers.get("retry-after")).toBe("1");
      } else expect(other.text).toBe(ran[0]!.text);
    }
    expect((await storedCounts(h)).uploads).toBe(before.uploads! + 1);
  });

  test("a refusal (4xx) is kept and replayed too", async () => {
    const key = newKey();
    const html = [{ fileName: "x.jpg", bytes: text("<!doctype html><script>alert(1)</script>") }];
    const first = await send(keyed(key, html));
    expect(first.response.status).toBe(422);
    const second = await send(keyed(key, html));
    expect(second.response.status).toBe(422);
    expect(second.text).toBe(first.text);
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
  });

  test("an answer with status >= 500 is not kept: the retry runs again", async () => {
    const key = newKey();
    const before = await storedCounts(h);
    // Without its R2 bucket the upload fails with 500.
    const { UPLOADS: _missing, ...withoutBucket } = h.env;
    const broken = withoutBucket as ShopApiEnv;
    const failed = await send(keyed(key), broken);
    expect(failed.response.status).toBe(500);
    expect(await keyRows(h.db)).toBe(before.idempotency_keys);
    const retried = await send(keyed(key));
    expect(retried.response.status).toBe(200);
    expect(retried.response.headers.get("idempotent-replayed")).toBeNull();
    expect((await storedCounts(h)).uploads).toBe(before.uploads! + 1);
  });

  test("keys belong to their caller: the visitor's token, or the client address without one", async () => {
    const key = newKey();
    const before = await storedCounts(h);
    const fromOneAddress = await send(keyed(key, PHOTO, { ip: "198.51.100.1" }));
    const fromAnother = await send(keyed(key, PHOTO, { ip: "198.51.100.2" }));
    expect(fromAnother.response.headers.get("idempotent-replayed")).toBeNull();
    const visitorA = await send(keyed(key, PHOTO, { token: fromOneAddress.token }));
    const visitorB = await send(keyed(key, PHOTO, { token: fromAnother.token }));
    for (const answer of [visitorA, visitorB]) expect(answer.response.headers.get("idempotent-replayed")).toBeNull();
    expect((await storedCounts(h)).uploads).toBe(before.uploads! + 4);
    expect((await send(keyed(key, PHOTO, { token: fromOneAddress.token, ip: "192.0.2.99" }))).response.headers.get("idempotent-replayed")).toBe("true");
  });

  test("a key must be 1-255 visible ASCII characters (400, nothing run)", async () => {
    const before = await storedCounts(h);
    for (const key of ["", "with space", "x".repeat(256), "tab\there"]) {
      const { response, body } = await send(keyed(key));
      expect(response.status).toBe(400);
      expect(body.errors[0]!.code).toBe("idempotency_key_invalid");
    }
    expect(await storedCounts(h)).toEqual(before);
    expect((await send(keyed("x".repeat(255)))).response.status).toBe(200);
  });

  test("reads are not keyed", async () => {
    const rows = await keyRows(h.db);
    const response = await h.fetch(
      new Request("http://shop-api/apiv2/uploads/AAAAAAAAAAAAAAAAAAAAAA", { headers: apiHeaders({}, { "idempotency-key": newKey() }) }),
    );
    expect(response.status).toBe(404);
    expect(await keyRows(h.db)).toBe(rows);
  });

  test("answers are kept 24 hours; then the key runs again, and the cron deletes expired keys", async () => {
    const key = newKey();
    await send(keyed(key));
    h.setNow("2026-11-19T07:59:59Z");
    expect((await send(keyed(key))).response.headers.get("idempotent-replayed")).toBe("true");
    h.setNow("2026-11-19T08:00:00Z");
    const later = await send(keyed(key));
    expect(later.response.status).toBe(200);
    expect(later.response.headers.get("idempotent-replayed")).toBeNull();
    const rows = await keyRows(h.db);
    expect(rows).toBeGreaterThan(1);
    await runScheduledJobs(h.env, new Date("2026-11-19T08:00:00Z"));
    expect(await keyRows(h.db)).toBe(1);
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("a run that died without settling holds its key for two minutes, then a retry takes over", async () => {
    const key = newKey();
    const { response, body } = await send(keyed(key));
    expect(response.status).toBe(200);
    // The same request, as if its run had crashed after claiming the key.
    await h.db.prepare("UPDATE idempotency_keys SET state = 'running', status = NULL, headers = NULL, body = NULL WHERE idempotency_key = ?").bind(key).run();
    const waiting = await send(keyed(key));
    expect(waiting.response.status).toBe(409);
    h.setNow("2026-11-18T08:02:00Z");
    const retried = await send(keyed(key));
    expect(retried.response.status).toBe(200);
    expect(retried.body.data!.uploads![0]!.id).not.toBe(body.data!.uploads![0]!.id);
    h.setNow("2026-11-18T08:00:00Z");
  });
});

describe("Idempotency-Key on a JSON write (the cart)", () => {
  test("a double click adds the packages once; the replay carries the same new token", async () => {
    const commerce = await createCommerceHarness();
    try {
      const api = createShopApi({ now: () => new Date("2026-11-18T08:00:00Z") });
      const env = commerce.env;
      const kept: Promise<unknown>[] = [];
      const add = (key: string, token?: string) =>
        api
          .fetch(
            new Request("http://shop-api/apiv2/cart", {
              method: "POST",
              headers: apiHeaders({ token }, { "content-type": "application/json", "idempotency-key": key, "cf-connecting-ip": "203.0.113.9" }),
              body: JSON.stringify({ sku: "FLOOR-1", quantity: 2 }),
            }),
            env,
            { waitUntil: (task) => void kept.push(task) },
          )
          .then(async (response) => {
            await Promise.all(kept.splice(0));
            return response;
          });
      const quantity = async () => (await commerce.db.prepare("SELECT SUM(quantity) AS n FROM cart_items").first<{ n: number | null }>())!.n;
      const first = await add("cart-click-1");
      const firstText = await first.text();
      const second = await add("cart-click-1");
      expect(second.status).toBe(200);
      expect(await second.text()).toBe(firstText);
      // the replay hands the edge the visitor the first write created
      expect(second.headers.get(VISITOR_TOKEN_HEADER)).toBe(first.headers.get(VISITOR_TOKEN_HEADER));
      expect(await quantity()).toBe(2);
      const token = first.headers.get(VISITOR_TOKEN_HEADER)!;
      expect((await add("cart-click-2", token)).status).toBe(200);
      expect(await quantity()).toBe(4);
    } finally {
      await commerce.dispose();
    }
  });
});

describe("withIdempotency on its own", () => {
  /** What the runs handed to waitUntil (the kept answers). */
  const pending: Promise<unknown>[] = [];
  const contextFor = (key: string): ApiContext => {
    const request = new Request("http://shop-api/apiv2/rma/lookup", {
      method: "POST",
      headers: { "idempotency-key": key, "content-type": "application/json" },
      body: "{}",
    });
    return {
      request,
      url: new URL(request.url),
      env: h.env,
      db: h.db,
      now: new Date("2026-11-18T08:00:00Z"),
      waitUntil: (task) => void pending.push(task),
      meta: {},
      headers: {},
    };
  };

  test.each([429, 500, 503])("an answer with status %i is not kept: the retry runs the handler again", async (status) => {
    const key = newKey();
    let runs = 0;
    const execute = async () => {
      runs++;
      return new Response(JSON.stringify({ status, data: null, errors: [], meta: {} }), { status, headers: { "retry-after": "60" } });
    };
    expect((await withIdempotency(contextFor(key), execute)).status).toBe(status);
    // given up before the answer, so the retry runs at once: nothing left for after it
    expect(pending).toEqual([]);
    expect((await withIdempotency(contextFor(key), execute)).status).toBe(status);
    expect(runs).toBe(2);
  });

  test("a 4xx answer is kept after it has left (waitUntil): the handler runs once", async () => {
    const key = newKey();
    let runs = 0;
    const execute = async () => {
      runs++;
      return new Response('{"status":404}', { status: 404, headers: { "content-type": "application/json" } });
    };
    await withIdempotency(contextFor(key), execute);
    expect(pending).toHaveLength(1);
    await Promise.all(pending.splice(0));
    const replay = await withIdempotency(contextFor(key), execute);
    expect({ runs, status: replay.status, replayed: replay.headers.get("idempotent-replayed"), body: await replay.text() }).toEqual({
      runs: 1,
      status: 404,
      replayed: "true",
      body: '{"status":404}',
    });
  });

  describe("a route whose handler keeps its key (handlerKeepsKey: the order is the key's record)", () => {
    const keeps = { handlerKeepsKey: true };
    /** A handler that answers what it was handed as ctx.keyedRequest. */
    const echo = async (ctx: ApiContext): Promise<Response> =>
      new Response(JSON.stringify({ keyed: ctx.keyedRequest ?? null, body: await ctx.request.text() }), { status: 200 });
    const withBody = (ctx: ApiContext, body: string): ApiContext => ({
      ...ctx,
      request: new Request(ctx.request.url, { method: "POST", headers: ctx.request.headers, body }),
    });

    test("the handler gets the caller's scope, the key and the fingerprint and the body; no key row, no kept answer, no replay header", async () => {
      const key = newKey();
      const before = await keyRows(h.db);
      const first = await withIdempotency(contextFor(key), echo, keeps);
      const answer = (await first.json()) as { keyed: { scope: string; key: string; fingerprint: string }; body: string };
      expect(answer).toEqual({
        keyed: { scope: expect.stringMatching(/^[0-9a-f]{64}$/), key, fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) },
        body: "{}",
      });
      expect(pending).toEqual([]);
      expect(await keyRows(h.db)).toBe(before);
      // A repeat runs the handler again with the same scope and fingerprint: the handler answers from what it wrote.
      const repeat = await withIdempotency(contextFor(key), echo, keeps);
      expect(repeat.headers.get("idempotent-replayed")).toBeNull();
      expect(((await repeat.json()) as typeof answer).keyed).toEqual(answer.keyed);
    });

    test("the same key with another body: the same scope and key, another fingerprint (the handler refuses it)", async () => {
      const key = newKey();
      const read = async (ctx: ApiContext) =>
        ((await (await withIdempotency(ctx, echo, keeps)).json()) as { keyed: { scope: string; fingerprint: string } }).keyed;
      const first = await read(contextFor(key));
      const other = await read(withBody(contextFor(key), '{"other":1}'));
      expect(other.scope).toBe(first.scope);
      expect(other.fingerprint).not.toBe(first.fingerprint);
    });

    test("a key that is no key is still refused before the handler runs (400), a write without one runs without keyedRequest", async () => {
      let runs = 0;
      const counted = async (ctx: ApiContext) => {
        runs++;
        return echo(ctx);
      };
      const bad = await withIdempotency(contextFor("two words"), counted, keeps);
      expect({ status: bad.status, code: ((await bad.json()) as Answer).errors[0]?.code, runs }).toEqual({
        status: 400,
        code: "idempotency_key_invalid",
        runs: 0,
      });
      const plain = contextFor(newKey());
      const unkeyed = { ...plain, request: new Request(plain.request.url, { method: "POST", body: "{}" }) };
      expect(((await (await withIdempotency(unkeyed, counted, keeps)).json()) as { keyed: unknown }).keyed).toBeNull();
    });
  });
});
