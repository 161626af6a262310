/**
 * POST /admin/hooks/catalogue through the real route table and a real D1, on a pinned clock:
 * Standard Webhooks signatures (made here with node:crypto), the timestamp tolerance, replays,
 * rotated secrets, malformed headers and bodies. A refused delivery writes and sends nothing.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller } from "@tests/kit/shop-api";
import type { ShopApiEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { allShops } from "../core/shop";
import { MAX_WEBHOOK_BYTES } from "./webhook";
import { rotateWebhookSecret, webhookStatus } from "./webhook-secrets";
import { importBase, newSecret, resetPipeline, secondsLater, sign, signedWebhook, webhookRequest } from "@tests/kit/rebuilds";

let t: TestDatabase;
let clock: Date;
const T0 = new Date("2026-04-01T09:00:00.000Z");
const ENV_SECRET = newSecret();
const sent: unknown[] = [];
const queue = { sendBatch: async (messages: Iterable<{ body: unknown }>) => void sent.push(...[...messages].map((message) => message.body)) };
const env = (extra: Partial<ShopApiEnv> = {}): ShopApiEnv =>
  ({ ...t.env, CATALOGUE_WEBHOOK_SECRET: ENV_SECRET, REBUILD_QUEUE: queue as unknown as ShopApiEnv["REBUILD_QUEUE"], ...extra }) as ShopApiEnv;
const call = async (request: Request, bindings = env()) => {
  const response = await shopApiCaller(bindings, { now: () => clock })(request);
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> | null; errors: { code?: string; field?: string }[] } };
};
const CHANGE = { type: "catalogue.changed", data: { skus: ["P-200-1"] } };

beforeAll(async () => {
  t = await createTestDatabase();
  await importBase(t.db, new Date("2026-03-01T00:00:00.000Z"));
});
afterAll(() => t.dispose());
beforeEach(async () => {
  clock = T0;
  sent.length = 0;
  await resetPipeline(t.db);
});

const written = async () => ({
  requests: (await t.db.prepare("SELECT COUNT(*) AS n FROM rebuild_requests").first<{ n: number }>())!.n,
  deliveries: (await t.db.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries").first<{ n: number }>())!.n,
  sent: sent.length,
});
const NOTHING = { requests: 0, deliveries: 0, sent: 0 };

async function expectRefused(request: Request, status: number, code: string, bindings = env()) {
  const answer = await call(request, bindings);
  expect({ status: answer.status, code: answer.body.errors[0]?.code }).toEqual({ status, code });
  expect(await written()).toEqual(NOTHING);
}

test("a signed delivery writes a request for the shops that sell the SKUs and sends it", async () => {
  const answer = await call(signedWebhook(ENV_SECRET, "msg_1", clock, { ...CHANGE, timestamp: clock.toISOString() }));
  expect(answer).toMatchObject({ status: 200, body: { data: { changeId: expect.any(Number), duplicate: false, shops: ["DE"], unknownSkus: [] } } });
  const changeId = answer.body.data!.changeId as number;
  expect(sent).toEqual([{ requestId: changeId }]);
  const row = await sql`SELECT trigger, actor, enqueued_at FROM rebuild_requests WHERE id = ${changeId}`.prepare(t.db).first();
  expect(row).toEqual({ trigger: "webhook", actor: "webhook", enqueued_at: T0.toISOString() });
});

test("shops: named ones, SKU-derived ones, every shop without data; unknown SKUs are listed; unknown shops refused", async () => {
  const both = await call(signedWebhook(ENV_SECRET, "msg_2", clock, { type: "catalogue.changed", data: { skus: ["P-100", "NOPE"], shops: ["AT"] } }));
  expect(both.body.data).toMatchObject({ shops: ["AT", "CH", "DE"], unknownSkus: ["NOPE"] });
  const all = await call(signedWebhook(ENV_SECRET, "msg_3", clock, { type: "catalogue.changed" }));
  expect(all.body.data!.shops).toEqual(
    allShops()
      .map((shop) => shop.id)
      .sort(),
  );
  const none = await call(signedWebhook(ENV_SECRET, "msg_4", clock, { type: "catalogue.changed", data: { skus: ["NOPE"] } }));
  expect(none.body.data).toMatchObject({ changeId: null, shops: [], unknownSkus: ["NOPE"] });
  await resetPipeline(t.db);
  sent.length = 0;
  const unknown = await call(signedWebhook(ENV_SECRET, "msg_5", clock, { type: "catalogue.changed", data: { shops: ["XX"] } }));
  expect(unknown.status).toBe(422);
  expect(unknown.body.errors[1]).toMatchObject({ code: "unknown_shop", field: "data.shops.0" });
  await expectRefused(signedWebhook(ENV_SECRET, "msg_6", clock, { type: "order.created", data: {} }), 422, "invalid");
  await expectRefused(signedWebhook(ENV_SECRET, "msg_7", clock, { type: "catalogue.changed", data: { skus: "P-100" } }), 422, "invalid");
});

test("a bad signature, a wrong secret or a signature of another body: 401, nothing written or sent", async () => {
  const body = JSON.stringify(CHANGE);
  const ts = Math.floor(clock.getTime() / 1000);
  const headers = (signature: string) => ({ "webhook-id": "msg_bad", "webhook-timestamp": String(ts), "webhook-signature": signature });
  await expectRefused(webhookRequest(body, headers(`v1,${Buffer.alloc(32).toString("base64")}`)), 401, "invalid_signature");
  await expectRefused(webhookRequest(body, headers(sign(newSecret(), "msg_bad", ts, body))), 401, "invalid_signature");
  await expectRefused(webhookRequest(`${body} `, headers(sign(ENV_SECRET, "msg_bad", ts, body))), 401, "invalid_signature");
  await expectRefused(webhookRequest(body, headers(sign(ENV_SECRET, "msg_other", ts, body))), 401, "invalid_signature");
  await expectRefused(webhookRequest(body, headers(sign(ENV_SECRET, "msg_bad", ts + 1, body))), 401, "invalid_signature");
  // One valid signature among several is enough (a sender signing with old and new secret).
  const answer = await call(webhookRequest(body, headers(`v1,${Buffer.alloc(32).toString("base64")} ${sign(ENV_SECRET, "msg_bad", ts, body)}`)));
  expect(answer.status).toBe(200);
});

test("timestamps more than 5 minutes off either way: 401; at 5 minutes: accepted", async () => {
  await expectRefused(signedWebhook(ENV_SECRET, "msg_old", secondsLater(clock, -301), CHANGE), 401, "timestamp_out_of_tolerance");
  await expectRefused(signedWebhook(ENV_SECRET, "msg_future", secondsLater(clock, 301), CHANGE), 401, "timestamp_out_of_tolerance");
  expect((await call(signedWebhook(ENV_SECRET, "msg_edge_old", secondsLater(clock, -300), CHANGE))).status).toBe(200);
  expect((await call(signedWebhook(ENV_SECRET, "msg_edge_new", secondsLater(clock, 300), CHANGE))).status).toBe(200);
});

test("a replayed id is accepted once: 200 with the first change id, nothing written or sent again", async () => {
  const first = await call(signedWebhook(ENV_SECRET, "msg_once", clock, CHANGE));
  clock = secondsLater(clock, 30);
  const again = await call(signedWebhook(ENV_SECRET, "msg_once", clock, CHANGE));
  expect(again).toMatchObject({ status: 200, body: { data: { changeId: first.body.data!.changeId, duplicate: true } } });
  expect(await written()).toEqual({ requests: 1, deliveries: 1, sent: 1 });
  // A replay with a bad signature is still refused first.
  const body = JSON.stringify(CHANGE);
  await expect(
    call(webhookRequest(body, { "webhook-id": "msg_once", "webhook-timestamp": String(Math.floor(clock.getTime() / 1000)), "webhook-signature": "v1,AAAA" })),
  ).resolves.toMatchObject({ status: 401 });
});

test("rotation: the new secret signs at once, the previous one (the environment's too) stays valid 24 hours", async () => {
  expect(await webhookStatus(env(), clock)).toEqual({ configured: true, rotatedAt: null, previousValidUntil: null });
  const { secret: second } = await rotateWebhookSecret(env(), "ops@bodenhaus.example", clock);
  expect(second).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(await webhookStatus(env(), clock)).toEqual({
    configured: true,
    rotatedAt: T0.toISOString(),
    previousValidUntil: secondsLater(T0, 86_400).toISOString(),
  });
  expect((await call(signedWebhook(second, "r1", clock, CHANGE))).status).toBe(200);
  clock = secondsLater(T0, 86_399);
  expect((await call(signedWebhook(ENV_SECRET, "r2", clock, CHANGE))).status).toBe(200);
  const { secret: third } = await rotateWebhookSecret(env(), "ops@bodenhaus.example", clock);
  clock = secondsLater(T0, 86_401);
  await resetDeliveriesAndRequests();
  await expectRefused(signedWebhook(ENV_SECRET, "r3", clock, CHANGE), 401, "invalid_signature");
  expect((await call(signedWebhook(second, "r4", clock, CHANGE))).status).toBe(200);
  expect((await call(signedWebhook(third, "r5", clock, CHANGE))).status).toBe(200);
  clock = secondsLater(T0, 86_399 + 86_401);
  await resetDeliveriesAndRequests();
  await expectRefused(signedWebhook(second, "r6", clock, CHANGE), 401, "invalid_signature");
  // Once D1 holds secrets, the environment's secret no longer counts, even when it changes.
  await expectRefused(signedWebhook(newSecret(), "r7", clock, CHANGE), 401, "invalid_signature", env({ CATALOGUE_WEBHOOK_SECRET: newSecret() }));
});

async function resetDeliveriesAndRequests() {
  await t.db.batch(["rebuild_request_shops", "builds", "rebuild_requests", "webhook_deliveries"].map((table) => t.db.prepare(`DELETE FROM ${table}`)));
  sent.length = 0;
}

test("malformed headers: 401", async () => {
  const body = JSON.stringify(CHANGE);
  const ts = String(Math.floor(clock.getTime() / 1000));
  const good = sign(ENV_SECRET, "msg_h", Number(ts), body);
  const cases: Record<string, string>[] = [
    {},
    { "webhook-timestamp": ts, "webhook-signature": good },
    { "webhook-id": "msg_h", "webhook-signature": good },
    { "webhook-id": "msg_h", "webhook-timestamp": ts },
    { "webhook-id": "msg h", "webhook-timestamp": ts, "webhook-signature": good },
    { "webhook-id": "x".repeat(257), "webhook-timestamp": ts, "webhook-signature": good },
    { "webhook-id": "msg_h", "webhook-timestamp": `${ts}.5`, "webhook-signature": good },
    { "webhook-id": "msg_h", "webhook-timestamp": "-1", "webhook-signature": good },
    { "webhook-id": "msg_h", "webhook-timestamp": ts, "webhook-signature": "" },
  ];
  for (const headers of cases) await expectRefused(webhookRequest(body, headers), 401, "invalid_signature_headers");
  for (const signature of [good.replace("v1,", "v2,"), good.slice(3), `v1,${good.slice(3, -2)}`, `v1,${"A".repeat(4096)}`]) {
    await expectRefused(webhookRequest(body, { "webhook-id": "msg_h", "webhook-timestamp": ts, "webhook-signature": signature }), 401, "invalid_signature");
  }
});

test("an oversized body: 413 before anything is checked or written; bad JSON with a good signature: 400", async () => {
  const big = JSON.stringify({ type: "catalogue.changed", data: { skus: Array.from({ length: 30_000 }, (_, i) => `SKU-${i}`) } });
  expect(big.length).toBeGreaterThan(MAX_WEBHOOK_BYTES);
  await expectRefused(signedWebhook(ENV_SECRET, "msg_big", clock, JSON.parse(big)), 413, "body_too_large");
  const ts = Math.floor(clock.getTime() / 1000);
  const text = "{ not json";
  await expectRefused(
    webhookRequest(text, { "webhook-id": "msg_j", "webhook-timestamp": String(ts), "webhook-signature": sign(ENV_SECRET, "msg_j", ts, text) }),
    400,
    "malformed_json",
  );
});

test("without any secret the webhook is not configured: 503; other methods 405", async () => {
  await expectRefused(signedWebhook(ENV_SECRET, "msg_n", clock, CHANGE), 503, "not_configured", env({ CATALOGUE_WEBHOOK_SECRET: undefined }));
  await expectRefused(signedWebhook(ENV_SECRET, "msg_n", clock, CHANGE), 503, "not_configured", env({ CATALOGUE_WEBHOOK_SECRET: "not-a-whsec-secret" }));
  await expectRefused(new Request("https://api.example/admin/hooks/catalogue"), 405, "method_not_allowed");
});
