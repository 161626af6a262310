/**
 * The rebuild pipeline against a real local D1 with pinned clocks: the import's request in the
 * import's own batch, shop selection, the consumer's merge and debounce, leases, retries with
 * backoff, the nightly run and the sweep.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { runScheduledJobs, shopApiCaller } from "@tests/kit/shop-api";
import type { ShopApiEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { importDocument, sampleDocument } from "@tests/kit/catalogue";
import { allShops } from "../core/shop";
import { buildViewOf, type BuildRow, type BuildView } from "../tables/rebuilds";
import { claimBuild, finishBuild, readBuild, reportProgress } from "./builds";
import { handleRebuildQueue } from "./consumer";
import { mergeRequests } from "./merge";
import { NIGHTLY_CRON, requestNightlyRebuild } from "./nightly";
import { publishNow } from "./publishing";
import { writeRequest } from "./requests";
import type { RebuildDeps } from "./settings";
import { sweepRebuilds } from "./sweep";
import { BUILDER_TOKEN, builderRequest, changePrice, importBase, messageBatch, resetPipeline, secondsLater, SETTINGS } from "@tests/kit/rebuilds";

let t: TestDatabase;
let clock: Date;
const T0 = new Date("2026-03-02T10:00:00.000Z");
const deps: RebuildDeps = { now: () => clock, settings: SETTINGS };
const env = (): ShopApiEnv => ({ ...t.env, BUILDER_TOKEN });
const ALL = allShops()
  .map((shop) => shop.id)
  .sort();

beforeAll(async () => {
  t = await createTestDatabase();
  await importBase(t.db, new Date("2026-03-01T00:00:00.000Z"));
});
afterAll(() => t.dispose());
afterEach(() => jest.restoreAllMocks());
beforeEach(async () => {
  jest.spyOn(console, "log").mockImplementation(() => undefined);
  clock = T0;
  await resetPipeline(t.db);
});

const requestShops = async (id: number | null) =>
  id === null
    ? []
    : (await sql`SELECT shop FROM rebuild_request_shops WHERE request_id = ${id} ORDER BY shop`.prepare(t.db).all<{ shop: string }>()).results.map(
        (row) => row.shop,
      );
const builds = async (): Promise<BuildView[]> =>
  (
    await sql`SELECT b.*, (SELECT json_group_array(s.request_id) FROM rebuild_request_shops s WHERE s.build_id = b.id) AS change_ids,
    (SELECT json_group_array(DISTINCT r.trigger) FROM rebuild_request_shops s JOIN rebuild_requests r ON r.id = s.request_id WHERE s.build_id = b.id) AS triggers
    FROM builds b ORDER BY b.id`
      .prepare(t.db)
      .all<BuildRow>()
  ).results.map(buildViewOf);
const count = async (table: string) => (await t.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
/** Delivers change ids (null: none) as queue messages; anything else is delivered as it is. */
const deliver = async (ids: readonly unknown[]) => {
  const batch = messageBatch(
    ids.filter((id) => id !== null).map((id) => (typeof id === "number" ? { requestId: id } : id)),
    clock,
  );
  await handleRebuildQueue(batch, env(), deps);
  return batch;
};

describe("the import writes its rebuild request in its own batch", () => {
  test("a price change requests only the shops of its price rows, with actor and count on the import", async () => {
    const de = await changePrice(t.db, "P-200-1", "DE", 51.1, clock);
    expect(await requestShops(de)).toEqual(["DE"]);
    // P-100 is sold in DE and CH; a price row names one shop, and only that shop's pages show it.
    const ch = await changePrice(t.db, "P-100", "CH", 121.5, clock, "anna@bodenhaus.example");
    expect(await requestShops(ch)).toEqual(["CH"]);
    expect(await requestShops(await changePrice(t.db, "P-100", "DE", 101.5, clock))).toEqual(["DE"]);
    const request = await sql`SELECT r.trigger, r.actor, r.import_id, r.enqueued_at, i.actor AS import_actor, i.changed_products
      FROM rebuild_requests r JOIN imports i ON i.id = r.import_id WHERE r.id = ${ch}`
      .prepare(t.db)
      .first();
    expect(request).toEqual({
      trigger: "import",
      actor: "anna@bodenhaus.example",
      import_id: expect.any(Number),
      enqueued_at: null,
      import_actor: "anna@bodenhaus.example",
      changed_products: 1,
    });
  });

  test("a product's own change requests every shop selling it; a mixed file requests the union; csv-prices and history rows their shops", async () => {
    const doc = sampleDocument();
    const p100 = doc.products!.find((p) => p.sku === "P-100")!;
    const json = async (body: unknown, format: "json" | "csv-prices" = "json") => {
      const result = await importDocument(t.db, body, { format, source: "mixed", now: clock });
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      return requestShops(result.changeId);
    };
    // Content: every shop that sells P-100.
    const retitled = { ...p100, content: { ...p100.content, de: { ...p100.content.de!, title: `${p100.content.de!.title} (neu)` } } };
    expect(await json({ products: [retitled] })).toEqual(["CH", "DE"]);
    // Stock: the same.
    expect(await json({ products: [{ ...retitled, stock: { quantity: 127, minimumOrderQuantity: 2.2 } }] })).toEqual(["CH", "DE"]);
    // A DE price of P-100 with a content change of P-100 in the same file: the content change decides.
    expect(
      await json({
        products: [p100],
        prices: [{ sku: "P-100", shop: "DE", currency: "EUR", packagePrice: 131.1, unitPrice: 60 }],
      }),
    ).toEqual(["CH", "DE"]);
    // Price rows of two products in two shops: their shops only, once each.
    expect(
      await json({
        prices: [
          { sku: "P-100", shop: "CH", currency: "CHF", packagePrice: 141.1, unitPrice: 70 },
          { sku: "P-200-1", shop: "DE", currency: "EUR", packagePrice: 41.1, unitPrice: 20 },
        ],
      }),
    ).toEqual(["CH", "DE"]);
    // The union of a price row's shop and a content change of a product sold in DE only.
    const p200 = doc.products!.find((p) => p.sku === "P-200")!;
    expect(
      await json({
        products: [{ ...p200, content: { ...p200.content, de: { ...p200.content.de!, title: `${p200.content.de!.title} (neu)` } } }],
        prices: [{ sku: "P-100", shop: "CH", currency: "CHF", packagePrice: 151.1, unitPrice: 75 }],
      }),
    ).toEqual(["CH", "DE"]);
    // csv-prices: the row's shop.
    expect(await json("sku,shop,currency,packagePrice,unitPrice\nP-100,CH,CHF,161.10,80.00\n", "csv-prices")).toEqual(["CH"]);
    // A price of the past (history only, the 30-day reference price of that shop): its shop.
    expect(
      await json({ prices: [{ sku: "P-100", shop: "DE", currency: "EUR", packagePrice: 99.1, unitPrice: 45, validFrom: "2026-02-20T00:00:00Z" }] }),
    ).toEqual(["DE"]);
    // A review is the product's content: every shop selling it.
    expect(await json({ reviews: [{ ...doc.reviews![0]!, comment: "Immer noch schön" }] })).toEqual(["CH", "DE"]);
    // Back to the sample product for the other tests.
    await json({ products: [p100] });
  });

  test("an identical re-import writes no request", async () => {
    await changePrice(t.db, "P-200-1", "DE", 52.2, clock);
    const before = await count("rebuild_requests");
    expect(await changePrice(t.db, "P-200-1", "DE", 52.2, secondsLater(clock, 1))).toBeNull();
    expect(await count("rebuild_requests")).toBe(before);
  });

  test("categories and manufacturers concern every shop; CMS rows their own shops; a product taken out of a shop still rebuilds it", async () => {
    const doc = sampleDocument();
    const categories = await importDocument(
      t.db,
      { categories: doc.categories!.map((c) => ({ ...c, position: c.position! + 10 })) },
      { source: "c.json", now: clock },
    );
    expect(categories.ok && (await requestShops(categories.changeId))).toEqual(ALL);
    const cms = await importDocument(t.db, { cmsPages: doc.cmsPages }, { source: "cms.json", now: clock });
    expect(cms.ok && (await requestShops(cms.changeId))).toEqual(["CH"]);
    const moved = await importDocument(
      t.db,
      { products: doc.products!.filter((p) => p.sku === "P-100").map((p) => ({ ...p, shops: ["DE"], content: { de: p.content.de } })) },
      { source: "p.json", now: clock },
    );
    expect(moved.ok && (await requestShops(moved.changeId))).toEqual(["CH", "DE"]);
    // Back to both shops for the other tests.
    const back = await importDocument(t.db, { products: doc.products!.filter((p) => p.sku === "P-100") }, { source: "p.json", now: clock });
    expect(back.ok && (await requestShops(back.changeId))).toEqual(["CH", "DE"]);
  });

  test("an import that fails in D1 writes no request (the same transaction)", async () => {
    await t.db.prepare("CREATE TRIGGER refuse_changes BEFORE INSERT ON product_changes BEGIN SELECT RAISE(ABORT, 'refused by the test'); END").run();
    try {
      const requests = await count("rebuild_requests");
      const imports = await count("imports");
      await expect(changePrice(t.db, "P-100", "DE", 99.9, clock)).rejects.toThrow(/refused by the test/);
      expect(await count("rebuild_requests")).toBe(requests);
      expect(await count("rebuild_request_shops")).toBe(0);
      expect(await count("imports")).toBe(imports);
    } finally {
      await t.db.prepare("DROP TRIGGER refuse_changes").run();
    }
  });

  test("the HTTP import sends its request; without a queue it is left for the sweep, which merges it", async () => {
    const sent: unknown[] = [];
    const queue = { sendBatch: async (messages: Iterable<{ body: unknown }>) => void sent.push(...[...messages].map((m) => m.body)) };
    const api = shopApiCaller(
      { ...env(), CATALOGUE_IMPORT_TOKEN: BUILDER_TOKEN, REBUILD_QUEUE: queue as unknown as ShopApiEnv["REBUILD_QUEUE"] },
      { now: () => clock },
    );
    const prices = [{ sku: "P-200-1", shop: "DE", currency: "EUR", packagePrice: 40.01, unitPrice: 20 }];
    const response = await api(
      new Request("https://api.example/admin/catalogue/import?format=json", {
        method: "POST",
        body: JSON.stringify({ prices }),
        headers: { "content-type": "application/json", authorization: `Bearer ${BUILDER_TOKEN}` },
      }),
    );
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { changeId: number } };
    expect(sent).toEqual([{ requestId: data.changeId }]);
    const row = await sql`SELECT actor, enqueued_at FROM rebuild_requests WHERE id = ${data.changeId}`.prepare(t.db).first();
    expect(row).toEqual({ actor: "http", enqueued_at: T0.toISOString() });

    // The CLI's import (no worker, no queue): unsent until the sweep endpoint runs.
    const cli = await changePrice(t.db, "P-100", "DE", 88.8, clock);
    const sweep = await shopApiCaller(env(), { now: () => clock })(builderRequest("sweep", {}));
    expect(sweep.status).toBe(200);
    expect(((await sweep.json()) as { data: unknown }).data).toEqual({ requests: 1, dispatched: "merged", expired: 0 });
    // A DE price row of P-100 (sold in DE and CH too): DE only.
    expect((await builds()).map((b) => [b.shop, b.changeIds])).toEqual([["DE", [cli]]]);
    expect((await shopApiCaller(env(), { now: () => clock })(builderRequest("sweep", {}, "wrong-token-0123456789abcdef0123456789"))).status).toBe(401);
  });
});

describe("the consumer merges changes into one queued build per shop", () => {
  test("100 changes over 2 minutes, CH touched every 16.8 s and DE every 1.2 s: exactly one build each, due once the stream is quiet", async () => {
    const de: number[] = [];
    const ch: number[] = [];
    for (let i = 0; i < 100; i++) {
      clock = new Date(T0.getTime() + i * 1200);
      // Every 14th change a CH price of P-100 (which requests CH alone); the others DE: P-200-1's price or a webhook.
      const id =
        i % 14 === 0
          ? await changePrice(t.db, "P-100", "CH", 100 + i, clock)
          : i % 2 === 0
            ? await changePrice(t.db, "P-200-1", "DE", 10 + i, clock)
            : await writeRequest(t.env, { trigger: "webhook", shops: ["DE"], actor: "webhook", detail: `change ${i}` }, clock);
      (i % 14 === 0 ? ch : de).push(id!);
      await deliver([id]);
      // A builder polling all along finds nothing due while the changes keep coming, CH's 16.8 s gaps included.
      expect((await claimBuild(t.db, "poller", null, deps)).build).toBeNull();
    }
    expect(ch).toHaveLength(8);
    const queued = await builds();
    const last = clock;
    // Both wait quietSeconds after the last change of the stream, not after their own.
    expect(queued.map((b) => [b.shop, b.state, b.changeIds, b.notBefore])).toEqual([
      ["CH", "queued", ch, secondsLater(last, 5).toISOString()],
      ["DE", "queued", de, secondsLater(last, 5).toISOString()],
    ]);
    clock = secondsLater(last, 4.999);
    expect(await claimBuild(t.db, "poller", null, deps)).toEqual({
      build: null,
      nextDueAt: secondsLater(last, 5).toISOString(),
      pending: { queued: 2, running: 0 },
    });
    clock = secondsLater(last, 5);
    const first = await claimBuild(t.db, "poller", null, deps);
    const second = await claimBuild(t.db, "poller", null, deps);
    expect([first.build?.shop, second.build?.shop].sort()).toEqual(["CH", "DE"]);
    expect(first.build!.changeIds.length + second.build!.changeIds.length).toBe(100);
    expect(await builds()).toHaveLength(2);
  });

  test("a single change is due quietSeconds after it", async () => {
    const id = await changePrice(t.db, "P-200-1", "DE", 31.1, clock);
    await deliver([id]);
    expect((await builds()).map((b) => [b.shop, b.notBefore])).toEqual([["DE", secondsLater(T0, 5).toISOString()]]);
    clock = secondsLater(T0, 4.999);
    expect((await claimBuild(t.db, "b", null, deps)).build).toBeNull();
    clock = secondsLater(T0, 5);
    expect((await claimBuild(t.db, "b", null, deps)).build).toMatchObject({ shop: "DE", changeIds: [id] });
  });

  test("a steady endless stream is built every maxDelaySeconds after each build's first change", async () => {
    // DE changes every 4 s (never quietSeconds apart) for 400 s, CH once at 20 s; a builder claims whatever is due and publishes it at once.
    const claims: [string, number][] = [];
    const poll = async () => {
      for (let claim = await claimBuild(t.db, "b", null, deps); claim.build; claim = await claimBuild(t.db, "b", null, deps)) {
        claims.push([claim.build.shop, (clock.getTime() - T0.getTime()) / 1000]);
        await finishBuild(env(), claim.build.id, "b", { ok: true, pages: 1, pagesRewritten: 1, seconds: 0 }, deps);
      }
    };
    for (let i = 0; i <= 100; i++) {
      clock = new Date(T0.getTime() + i * 4000);
      await deliver([await writeRequest(t.env, { trigger: "webhook", shops: ["DE"], actor: "webhook", detail: `change ${i}` }, clock)]);
      if (i === 5) await deliver([await writeRequest(t.env, { trigger: "webhook", shops: ["CH"], actor: "webhook", detail: "CH" }, clock)]);
      await poll();
    }
    clock = secondsLater(T0, 404.999);
    await poll();
    clock = secondsLater(T0, 405);
    await poll();
    // DE's first build at its cap (first change + 300 s), CH's at its own cap (20 s + 300 s), DE's second 5 s after the stream.
    expect(claims).toEqual([
      ["DE", 300],
      ["CH", 320],
      ["DE", 405],
    ]);
    expect((await builds()).map((b) => b.state)).toEqual(["published", "published", "published"]);
  });

  test("publish now is due at once while changes keep coming, and later changes do not hold it back", async () => {
    const published: number[] = [];
    let publishedAt = T0;
    for (let i = 0; i < 10; i++) {
      clock = new Date(T0.getTime() + i * 1200);
      await deliver([
        await writeRequest(t.env, { trigger: "webhook", shops: i === 0 ? ["AT", "DE"] : ["DE"], actor: "webhook", detail: `change ${i}` }, clock),
      ]);
      if (i === 5) {
        publishedAt = clock;
        published.push(await publishNow(env(), ["CH", "DE"], "anna@bodenhaus.example", deps));
      }
    }
    const queued = await builds();
    expect(queued.map((b) => [b.shop, b.notBefore, b.triggers])).toEqual([
      ["AT", secondsLater(clock, 5).toISOString(), ["webhook"]],
      ["DE", publishedAt.toISOString(), ["publish", "webhook"]],
      ["CH", publishedAt.toISOString(), ["publish"]],
    ]);
    expect(queued[1]!.changeIds).toHaveLength(11);
    const first = await claimBuild(t.db, "b", null, deps);
    const second = await claimBuild(t.db, "b", null, deps);
    expect([first.build?.shop, second.build?.shop].sort()).toEqual(["CH", "DE"]);
    expect((await claimBuild(t.db, "b", null, deps)).build).toBeNull();
  });

  test("a steady stream is built at the latest maxDelaySeconds after its first change", async () => {
    // A change every 4 s (never quietSeconds apart) for 300 s.
    for (let i = 0; i <= 75; i++) {
      clock = new Date(T0.getTime() + i * 4000);
      await deliver([await writeRequest(t.env, { trigger: "webhook", shops: ["DE"], actor: "webhook", detail: `change ${i}` }, clock)]);
    }
    const [build] = await builds();
    expect(build!.notBefore).toBe(secondsLater(T0, 300).toISOString());
    clock = secondsLater(T0, 300);
    expect((await claimBuild(t.db, "b", ["DE"], deps)).build?.id).toBe(build!.id);
  });

  test("redelivery changes nothing; a change while a build runs goes into the next build; bad messages are dropped", async () => {
    const first = await changePrice(t.db, "P-200-1", "DE", 11.1, clock);
    await deliver([first]);
    const again = await deliver([first, first, { nonsense: true }]);
    expect(again.acked).toHaveLength(3);
    expect(await builds()).toHaveLength(1);
    clock = secondsLater(clock, 5);
    const running = (await claimBuild(t.db, "b", null, deps)).build!;
    const second = await changePrice(t.db, "P-200-1", "DE", 12.2, clock);
    await deliver([second, first]);
    const all = await builds();
    expect(all.map((b) => [b.id, b.state, b.changeIds])).toEqual([
      [running.id, "running", [first]],
      [expect.any(Number), "queued", [second]],
    ]);
  });

  test("a consumer whose D1 fails retries the batch", async () => {
    const id = await changePrice(t.db, "P-200-1", "DE", 13.3, clock);
    const broken = { ...env(), DB: { ...t.db, prepare: t.db.prepare.bind(t.db), batch: () => Promise.reject(new Error("D1 down")) } } as unknown as ShopApiEnv;
    const batch = messageBatch([{ requestId: id }], clock);
    await handleRebuildQueue(batch, broken, deps);
    expect(batch.retried).toHaveLength(1);
    expect(batch.acked).toHaveLength(0);
    expect(await builds()).toHaveLength(0);
  });

  test("publish now is due at once; a new build calls its shop's deploy hook once", async () => {
    const calls: { url: string; body: unknown; auth: string | null }[] = [];
    const hookDeps: RebuildDeps = {
      ...deps,
      settings: { ...SETTINGS, deployHooks: { DE: "BUILD_HOOK_DE" } },
      fetch: async (url, init) => {
        calls.push({ url, body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get("authorization") });
        return new Response(null, { status: 204 });
      },
    };
    const hookEnv = { ...env(), BUILD_HOOK_DE: "https://ci.example/dispatches", BUILD_HOOK_DE_TOKEN: "gh-token" } as ShopApiEnv;
    const id = await publishNow(hookEnv, ["DE", "CH"], "anna@bodenhaus.example", hookDeps);
    const created = await builds();
    expect(created.map((b) => [b.shop, b.notBefore, b.triggers])).toEqual([
      ["CH", T0.toISOString(), ["publish"]],
      ["DE", T0.toISOString(), ["publish"]],
    ]);
    expect(calls).toEqual([
      {
        url: "https://ci.example/dispatches",
        body: { event_type: "rebuild", client_payload: { shop: "DE", buildId: created[1]!.id } },
        auth: "Bearer gh-token",
      },
    ]);
    await mergeRequests(hookEnv, [(await changePrice(t.db, "P-200-1", "DE", 14.4, clock))!], hookDeps);
    expect(calls).toHaveLength(1);
    expect((await builds())[1]!.changeIds).toEqual([id, expect.any(Number)]);
  });
});

describe("what a claimed build sources", () => {
  test("a build of imports only sources what changed; one carrying a nightly rebuild or publish now sources the whole catalogue", async () => {
    await deliver([await changePrice(t.db, "P-200-1", "DE", 16.5, clock)]);
    clock = secondsLater(clock, 5);
    const imported = await claimBuild(t.db, "host-a-1", ["DE"], deps);
    expect(imported.build).toMatchObject({ shop: "DE", fullSync: false });
    await finishBuild(env(), imported.build!.id, "host-a-1", { ok: true, pages: 1, pagesRewritten: 1, seconds: 1 }, deps);

    await deliver([await changePrice(t.db, "P-200-1", "DE", 17.5, clock), await requestNightlyRebuild(env(), deps)]);
    clock = secondsLater(clock, 5);
    expect((await claimBuild(t.db, "host-a-1", ["DE"], deps)).build).toMatchObject({ shop: "DE", fullSync: true });

    await publishNow(env(), ["CH"], "anna@bodenhaus.example", deps);
    expect((await claimBuild(t.db, "host-a-1", ["CH"], deps)).build).toMatchObject({ shop: "CH", fullSync: true });
  });
});

describe("leases", () => {
  const api = () => shopApiCaller(env(), { now: () => clock });
  const post = async (path: string, body: unknown) => {
    const response = await api()(builderRequest(path, body));
    return {
      status: response.status,
      body: (await response.json()) as { data: { build: { id: number } | null } & Record<string, unknown>; errors: { code?: string }[] },
    };
  };

  test("claim, progress extends, an expired lease is taken over, the old builder gets lease_lost", async () => {
    const id = await changePrice(t.db, "P-200-1", "DE", 15.5, clock);
    await deliver([id]);
    clock = secondsLater(clock, 5);
    const claimed = await post("claim", { builder: "host-a-1", shops: ["DE"] });
    expect(claimed).toMatchObject({
      status: 200,
      body: { data: { build: { shop: "DE", attempt: 1, changeIds: [id], leaseUntil: secondsLater(clock, 120).toISOString() } } },
    });
    const buildId = claimed.body.data.build!.id;
    expect((await post("claim", { builder: "host-b-2" })).body.data.build).toBeNull();

    clock = secondsLater(clock, 100);
    expect(await post(`builds/${buildId}/progress`, { builder: "host-a-1", phase: "rendering", done: 3, total: 10 })).toMatchObject({
      status: 200,
      body: { data: { leaseUntil: secondsLater(clock, 120).toISOString() } },
    });
    clock = secondsLater(clock, 119);
    expect((await post("claim", { builder: "host-b-2" })).body.data.build).toBeNull();
    clock = secondsLater(clock, 1);
    const takeover = await post("claim", { builder: "host-b-2" });
    expect(takeover.body.data.build).toMatchObject({ id: buildId, attempt: 2 });

    const lost = await post(`builds/${buildId}/progress`, { builder: "host-a-1", phase: "publishing", done: 1, total: 1 });
    expect(lost.status).toBe(409);
    expect(lost.body.errors[0]!.code).toBe("lease_lost");
    expect((await post(`builds/${buildId}/finish`, { builder: "host-a-1", ok: true, pages: 5, pagesRewritten: 1, seconds: 3 })).status).toBe(409);
    const done = await post(`builds/${buildId}/finish`, { builder: "host-b-2", ok: true, pages: 120, pagesRewritten: 4, seconds: 12.5 });
    expect(done.body.data.build).toMatchObject({
      state: "published",
      pages: 120,
      pagesRewritten: 4,
      seconds: 12.5,
      changeIds: [id],
      builder: "host-b-2",
      error: null,
    });
    expect((await post(`builds/${buildId}/finish`, { builder: "host-b-2", ok: true, pages: 1, pagesRewritten: 1, seconds: 1 })).status).toBe(409);
  });

  test("bad input: unknown build, bad ids, unknown shops, done over total, no token", async () => {
    expect((await post("builds/999999/progress", { builder: "a", phase: "sourcing", done: 0, total: 1 })).status).toBe(404);
    expect((await post("builds/abc/finish", { builder: "a", ok: false, error: "x" })).status).toBe(404);
    expect((await post("claim", { builder: "a", shops: ["XX"] })).status).toBe(422);
    expect((await post("claim", { builder: "a b" })).status).toBe(422);
    expect((await post("builds/1/progress", { builder: "a", phase: "sourcing", done: 2, total: 1 })).status).toBe(422);
    expect((await post("builds/1/finish", { builder: "a", ok: true, pages: -1, pagesRewritten: 0, seconds: 1 })).status).toBe(422);
    expect((await api()(builderRequest("claim", { builder: "a" }, null))).status).toBe(401);
    expect((await shopApiCaller(t.env, { now: () => clock })(builderRequest("claim", { builder: "a" }))).status).toBe(503);
    expect((await api()(new Request("https://api.example/admin/builder/claim"))).status).toBe(405);
  });

  test("a lease that expires on the last attempt fails the build; a later change is still built", async () => {
    const id = await changePrice(t.db, "P-200-1", "DE", 16.6, clock);
    await deliver([id]);
    clock = secondsLater(clock, 5);
    let buildId = 0;
    for (let attempt = 1; attempt <= 4; attempt++) {
      const claim = await claimBuild(t.db, `crashing-${attempt}`, null, deps);
      expect(claim.build).toMatchObject({ attempt });
      buildId = claim.build!.id;
      clock = secondsLater(clock, 121);
    }
    expect((await claimBuild(t.db, "next", null, deps)).build).toBeNull();
    expect(await readBuild(t.db, buildId)).toMatchObject({ state: "failed", attempt: 4, error: expect.stringContaining("lease expired"), changeIds: [id] });
    const later = await changePrice(t.db, "P-200-1", "DE", 17.7, clock);
    await deliver([later]);
    clock = secondsLater(clock, 5);
    expect((await claimBuild(t.db, "next", null, deps)).build).toMatchObject({ shop: "DE", attempt: 1, changeIds: [later] });
  });
});

describe("retries", () => {
  test("a failed attempt is retried with backoff and failed after maxAttempts; a later change still gets built", async () => {
    const id = await changePrice(t.db, "P-200-1", "DE", 18.8, clock);
    await deliver([id]);
    clock = secondsLater(clock, 5);
    const waits = [30, 60, 120];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const { build } = await claimBuild(t.db, "b", null, deps);
      expect(build).toMatchObject({ attempt, changeIds: [id] });
      const after = await finishBuild(env(), build!.id, "b", { ok: false, error: `gatsby exited with 1 (attempt ${attempt})` }, deps);
      if (attempt < 4) {
        expect(after).toMatchObject({
          state: "queued",
          notBefore: secondsLater(clock, waits[attempt - 1]!).toISOString(),
          error: `gatsby exited with 1 (attempt ${attempt})`,
        });
        clock = secondsLater(clock, waits[attempt - 1]! - 1);
        expect((await claimBuild(t.db, "b", null, deps)).build).toBeNull();
        clock = secondsLater(clock, 1);
      } else {
        expect(after).toMatchObject({ state: "failed", attempt: 4, finishedAt: clock.toISOString(), changeIds: [id] });
      }
    }
    const later = await changePrice(t.db, "P-200-1", "DE", 19.9, clock);
    await deliver([later]);
    clock = secondsLater(clock, 5);
    const { build } = await claimBuild(t.db, "b", null, deps);
    expect(build).toMatchObject({ attempt: 1, changeIds: [later] });
    expect(await finishBuild(env(), build!.id, "b", { ok: true, pages: 10, pagesRewritten: 2, seconds: 4 }, deps)).toMatchObject({ state: "published" });
  });

  test("a failure while a newer build is queued moves its changes into that build, not before the backoff", async () => {
    const first = await changePrice(t.db, "P-200-1", "DE", 21.1, clock);
    await deliver([first]);
    clock = secondsLater(clock, 5);
    const { build } = await claimBuild(t.db, "b", null, deps);
    const second = await changePrice(t.db, "P-200-1", "DE", 22.2, clock);
    await deliver([second]);
    const failed = await finishBuild(env(), build!.id, "b", { ok: false, error: "out of memory" }, deps);
    expect(failed).toMatchObject({ state: "failed", changeIds: [], retriedIn: expect.any(Number), error: "out of memory" });
    const next = await readBuild(t.db, failed.retriedIn!);
    expect(next).toMatchObject({ state: "queued", changeIds: [first, second], notBefore: secondsLater(clock, 30).toISOString() });
  });
});

describe("scheduled", () => {
  test("the nightly cron requests every shop once a day; the 5-minute cron sweeps unsent requests", async () => {
    clock = new Date("2026-03-03T02:00:00.000Z");
    await runScheduledJobs(env(), clock, NIGHTLY_CRON);
    await runScheduledJobs(env(), secondsLater(clock, 60), NIGHTLY_CRON);
    const nightly = await sql`SELECT id, trigger, actor, enqueued_at FROM rebuild_requests`.prepare(t.db).all();
    expect(nightly.results).toEqual([{ id: expect.any(Number), trigger: "nightly", actor: "cron", enqueued_at: clock.toISOString() }]);
    expect((await builds()).map((b) => b.shop).sort()).toEqual(ALL);

    const unsent = await changePrice(t.db, "P-200-1", "DE", 23.3, clock);
    await runScheduledJobs(env(), secondsLater(clock, 300), "*/5 * * * *");
    expect(await count("rebuild_requests")).toBe(2);
    expect((await builds()).find((b) => b.shop === "DE")!.changeIds).toEqual([nightly.results[0]!.id, unsent]);
  });

  test("the sweep resends a request sent long ago whose shops are still unmerged (a lost message)", async () => {
    const id = await changePrice(t.db, "P-200-1", "DE", 24.4, clock);
    await sql`UPDATE rebuild_requests SET enqueued_at = ${clock.toISOString()} WHERE id = ${id}`.prepare(t.db).run();
    clock = secondsLater(clock, 60);
    expect(await sweepRebuilds(env(), deps)).toMatchObject({ requests: 0 });
    clock = secondsLater(clock, 600);
    expect(await sweepRebuilds(env(), deps)).toMatchObject({ requests: 1, dispatched: "merged" });
    expect((await builds()).map((b) => b.changeIds)).toEqual([[id]]);
  });
});

test("progress is refused for a build that is not running", async () => {
  const id = await changePrice(t.db, "P-200-1", "DE", 25.5, clock);
  await deliver([id]);
  const [queued] = await builds();
  await expect(reportProgress(t.db, queued!.id, "b", { phase: "sourcing", done: 0, total: 1 }, deps)).rejects.toMatchObject({ status: 409 });
});

describe("publish for a builder (POST /admin/builder/publish, npm start's first builds)", () => {
  const sent: unknown[] = [];
  const queue = { sendBatch: async (messages: Iterable<{ body: unknown }>) => void sent.push(...[...messages].map((m) => m.body)) };
  const queuedEnv = (): ShopApiEnv => ({ ...env(), REBUILD_QUEUE: queue as unknown as ShopApiEnv["REBUILD_QUEUE"] });
  const post = async (path: string, body: unknown, token: string | null = BUILDER_TOKEN) => {
    const response = await shopApiCaller(queuedEnv(), { now: () => clock })(builderRequest(path, body, token));
    return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> | null; errors: { code?: string }[] } };
  };
  beforeEach(() => void sent.splice(0));

  test("the token is required; unknown shops, no shops, extra fields and control characters in the actor are refused; nothing is written", async () => {
    expect((await post("publish", { shops: ["DE"] }, null)).status).toBe(401);
    expect((await post("publish", { shops: ["DE"] }, "wrong-token-0123456789abcdef0123456789")).status).toBe(401);
    const unknown = await post("publish", { shops: ["DE", "XX"] });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.errors)).toContain("is not a configured shop");
    expect((await post("publish", { shops: [] })).status).toBe(422);
    expect((await post("publish", { shops: "all" })).status).toBe(422);
    expect((await post("publish", { shops: ["DE"], actor: "npm\nstart" })).status).toBe(422);
    expect((await post("publish", { shops: ["DE"], force: true })).status).toBe(422);
    expect(await count("rebuild_requests")).toBe(0);
    expect(sent).toEqual([]);
  });

  test("the requests waiting for the shops go into the same builds as the publish, due now; the queue's copy changes nothing", async () => {
    // The CLI's imports (the demo catalogue of `npm start`): written, never sent.
    // P-100's prices in DE and CH (the import's request names both shops), then P-200-1's in DE.
    const prices = [
      { sku: "P-100", shop: "DE", currency: "EUR", packagePrice: 77.7, unitPrice: 35 },
      { sku: "P-100", shop: "CH", currency: "CHF", packagePrice: 87.7, unitPrice: 40 },
    ];
    const imported = await importDocument(t.db, { prices }, { source: "prices.json", now: clock });
    const both = imported.ok ? imported.changeId : null;
    expect(await requestShops(both)).toEqual(["CH", "DE"]);
    const de = await changePrice(t.db, "P-200-1", "DE", 17.7, clock);
    clock = secondsLater(clock, 1);
    const answer = await post("publish", { shops: ["DE"], actor: "npm start" });
    expect(answer.status).toBe(200);
    const data = answer.body.data as { changeId: number; carried: number[]; builds: { shop: string; id: number; changeIds: number[] }[] };
    expect(data.carried).toEqual([both, de, data.changeId]);
    expect(data.builds).toEqual([{ shop: "DE", id: expect.any(Number), changeIds: [both, de, data.changeId] }]);
    expect(await sql`SELECT trigger, actor FROM rebuild_requests WHERE id = ${data.changeId}`.prepare(t.db).first()).toEqual({
      trigger: "publish",
      actor: "npm start",
    });
    expect(sent).toEqual([{ requestId: data.changeId }]);
    const before = await builds();
    // The import's CH pair is merged as the queue would have done; DE is due at once.
    expect(before.map((b) => [b.shop, b.state, b.changeIds])).toEqual([
      ["CH", "queued", [both]],
      ["DE", "queued", [both, de, data.changeId]],
    ]);
    expect(before[1]!.notBefore).toBe(clock.toISOString());
    await deliver(sent);
    expect(await builds()).toEqual(before);

    const claimed = await post("claim", { builder: "starter", shops: ["DE"] });
    expect(claimed.body.data).toMatchObject({ build: { id: data.builds[0]!.id, changeIds: [both, de, data.changeId] }, pending: null });
    expect((await post("claim", { builder: "starter", shops: ["DE"] })).body.data).toEqual({
      build: null,
      nextDueAt: null,
      pending: { queued: 0, running: 1 },
    });
    await post(`builds/${data.builds[0]!.id}/finish`, { builder: "starter", ok: true, pages: 10, pagesRewritten: 10, seconds: 9 });
    expect((await post("claim", { builder: "starter", shops: ["DE"] })).body.data).toEqual({
      build: null,
      nextDueAt: null,
      pending: { queued: 0, running: 0 },
    });
  });

  test("a build running for the shop keeps its changes; the publish and the waiting requests go into the next one", async () => {
    const first = await changePrice(t.db, "P-200-1", "DE", 18.8, clock);
    await deliver([first]);
    clock = secondsLater(clock, 5);
    const running = await claimBuild(t.db, "other", ["DE"], deps);
    const waiting = await changePrice(t.db, "P-200-1", "DE", 19.9, clock);
    const answer = await post("publish", { shops: ["DE"] });
    const data = answer.body.data as { changeId: number; builds: { shop: string; changeIds: number[] }[] };
    expect(data.builds).toEqual([{ shop: "DE", id: expect.any(Number), changeIds: [waiting, data.changeId] }]);
    expect((await readBuild(t.db, running.build!.id))!.changeIds).toEqual([first]);
    expect(await sql`SELECT actor FROM rebuild_requests WHERE id = ${data.changeId}`.prepare(t.db).first()).toEqual({ actor: "builder" });
    // The drain waits: the new build is due, but the running one holds the shop.
    expect((await post("claim", { builder: "starter", shops: ["DE"] })).body.data).toMatchObject({ build: null, pending: { queued: 1, running: 1 } });
  });
});
