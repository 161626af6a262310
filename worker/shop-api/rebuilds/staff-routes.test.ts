/**
 * The console's publishing and import-history routes through the real route table, a real D1
 * and real staff sessions: the contract's shapes, publish now, the webhook secret's rotation,
 * and who may do what.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller } from "@tests/kit/shop-api";
import { STAFF_SESSION_HEADER } from "@worker/lib/shop-headers";
import type { StaffRole } from "../core/staff-auth";
import { upsertStaff } from "../core/staff/accounts";
import { claimBuild, finishBuild } from "./builds";
import { changePrice, importBase, resetPipeline, SETTINGS } from "@tests/kit/rebuilds";

const PASSWORD = "correct horse battery staple";
let t: TestDatabase;
let clock: Date;
const tokens: Partial<Record<StaffRole, string>> = {};
const api = () => shopApiCaller(t.env, { now: () => clock });

beforeAll(async () => {
  t = await createTestDatabase();
  clock = new Date("2026-06-01T08:00:00.000Z");
  await importBase(t.db, new Date("2026-05-01T00:00:00.000Z"));
  for (const role of ["merchandiser", "service", "ops"] as const) {
    const email = `${role}@bodenhaus.example`;
    await upsertStaff(t.db, { email, name: `Demo ${role}`, role, password: PASSWORD }, clock);
    const response = await api()(
      new Request("https://api.example/admin/api/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
    );
    tokens[role] = response.headers.get(STAFF_SESSION_HEADER)!;
  }
});
afterAll(() => t.dispose());
beforeEach(async () => {
  jest.spyOn(console, "log").mockImplementation(() => undefined);
  await resetPipeline(t.db);
});
afterEach(() => jest.restoreAllMocks());

const call = async (role: StaffRole | null, path: string, body?: unknown) => {
  const response = await api()(
    new Request(`https://api.example${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(role ? { [STAFF_SESSION_HEADER]: tokens[role]! } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return { status: response.status, data: ((await response.json()) as { data: any }).data }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

test("publish now for one shop shows a queued build with its change id and trigger; the live build after publishing", async () => {
  const published = await call("merchandiser", "/admin/api/publishing/publish", { shops: ["DE"] });
  expect(published).toEqual({ status: 200, data: { changeId: expect.any(Number) } });
  let view = await call("merchandiser", "/admin/api/publishing");
  expect(view.status).toBe(200);
  const de = view.data.shops.find((shop: { shop: string }) => shop.shop === "DE");
  expect(de).toMatchObject({
    name: "Bodenhaus Deutschland",
    live: null,
    running: null,
    recent: [],
    queued: {
      shop: "DE",
      state: "queued",
      triggers: ["publish"],
      changeIds: [published.data.changeId],
      attempt: 0,
      maxAttempts: 4,
      notBefore: clock.toISOString(),
      progress: null,
      error: null,
    },
  });
  expect(view.data.webhook).toEqual({ configured: false, rotatedAt: null, previousValidUntil: null });

  const deps = { now: () => clock, settings: SETTINGS };
  const { build } = await claimBuild(t.db, "builder-1", ["DE"], deps);
  await finishBuild(t.env, build!.id, "builder-1", { ok: true, pages: 42, pagesRewritten: 42, seconds: 9.5 }, deps);
  view = await call("ops", "/admin/api/publishing");
  const live = view.data.shops.find((shop: { shop: string }) => shop.shop === "DE");
  expect(live).toMatchObject({ queued: null, live: { id: build!.id, state: "published", pages: 42, seconds: 9.5, changeIds: [published.data.changeId] } });
  expect(live.recent).toHaveLength(1);

  const all = await call("ops", "/admin/api/publishing/publish", { shops: "all" });
  expect(all.status).toBe(200);
  view = await call("ops", "/admin/api/publishing");
  expect(view.data.shops.every((shop: { queued: unknown }) => shop.queued !== null)).toBe(true);
});

test("bad publish bodies are refused and write nothing", async () => {
  for (const body of [{ shops: [] }, { shops: ["XX"] }, { shops: "some" }, {}, { shops: ["DE"], extra: 1 }]) {
    expect((await call("merchandiser", "/admin/api/publishing/publish", body)).status).toBe(422);
  }
  expect((await t.db.prepare("SELECT COUNT(*) AS n FROM rebuild_requests").first<{ n: number }>())!.n).toBe(0);
});

test("roles: service may not publish or read publishing; only ops rotates the secret; no session is 401", async () => {
  expect((await call("service", "/admin/api/publishing")).status).toBe(403);
  expect((await call("service", "/admin/api/publishing/publish", { shops: "all" })).status).toBe(403);
  expect((await call("merchandiser", "/admin/api/publishing/webhook-secret", {})).status).toBe(403);
  expect((await call(null, "/admin/api/publishing")).status).toBe(401);
  const rotated = await call("ops", "/admin/api/publishing/webhook-secret", {});
  expect(rotated).toMatchObject({ status: 200, data: { secret: expect.stringMatching(/^whsec_/) } });
  expect((await call("ops", "/admin/api/publishing")).data.webhook).toEqual({ configured: true, rotatedAt: clock.toISOString(), previousValidUntil: null });
  const row = await t.db.prepare("SELECT created_by FROM webhook_secrets WHERE retired_at IS NULL").first();
  expect(row).toEqual({ created_by: "ops@bodenhaus.example" });
});

test("import history: who, when, how many products changed, and the change id", async () => {
  const changeId = await changePrice(t.db, "P-100", "DE", 99.5, clock, "merchandiser@bodenhaus.example");
  // (The base import's request was emptied by resetPipeline: its change id reads null.)
  const history = await call("merchandiser", "/admin/api/imports?limit=2");
  expect(history.status).toBe(200);
  expect(history.data.imports).toEqual([
    {
      id: expect.any(Number),
      source: "prices.json",
      format: "json",
      actor: "merchandiser@bodenhaus.example",
      startedAt: clock.toISOString(),
      rows: 1,
      changedProducts: 1,
      changeId,
    },
    {
      id: expect.any(Number),
      source: "base.json",
      format: "json",
      actor: "cli",
      startedAt: "2026-05-01T00:00:00.000Z",
      rows: expect.any(Number),
      changedProducts: 3,
      changeId: null,
    },
  ]);
  for (const limit of ["0", "201", "x", "-1"]) expect((await call("ops", `/admin/api/imports?limit=${limit}`)).status).toBe(422);
  expect((await call("service", "/admin/api/imports")).status).toBe(403);
});
