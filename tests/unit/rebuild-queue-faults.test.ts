/**
 * The queue delivers rebuild requests twice, late and out of order (Cloudflare Queues deliver at
 * least once, in no promised order): the consumer still keeps one queued build per shop, every
 * (request, shop) ends in exactly one published build, and nothing is published twice. Real D1,
 * the real consumer (handleRebuildQueue) and builds claimed and finished as the builder does.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { changePrice, importBase, messageBatch, resetPipeline, secondsLater, SETTINGS, BUILDER_TOKEN } from "@tests/kit/rebuilds";
import { sql } from "@worker/lib/sql";
import type { ShopApiEnv } from "@worker/env";
import { claimBuild, finishBuild } from "@shop-api/rebuilds/builds";
import { handleRebuildQueue } from "@shop-api/rebuilds/consumer";
import type { RebuildDeps } from "@shop-api/rebuilds/settings";
import { checkInvariants } from "@scripts/lib/invariants";

let t: TestDatabase;
let clock = new Date("2026-03-02T10:00:00.000Z");
const deps: RebuildDeps = { now: () => clock, settings: SETTINGS };
const env = (): ShopApiEnv => ({ ...t.env, BUILDER_TOKEN });

beforeAll(async () => {
  t = await createTestDatabase();
  await importBase(t.db, new Date("2026-03-01T00:00:00.000Z"));
  await resetPipeline(t.db);
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterAll(async () => {
  jest.restoreAllMocks();
  await t.dispose();
});

const deliver = (ids: readonly number[]) =>
  handleRebuildQueue(
    messageBatch(
      ids.map((requestId) => ({ requestId })),
      clock,
    ),
    env(),
    deps,
  );

/** The builder: claims every due build and publishes it. */
async function buildAllDue(): Promise<number[]> {
  const published: number[] = [];
  for (;;) {
    const { build } = await claimBuild(t.db, "builder-1", null, deps);
    if (!build) return published;
    await finishBuild(env(), build.id, "builder-1", { ok: true, pages: 10, pagesRewritten: 1, seconds: 1 }, deps);
    published.push(build.id);
  }
}

const queuedPerShop = async () =>
  (await sql`SELECT shop, COUNT(*) AS n FROM builds WHERE state = 'queued' GROUP BY shop`.prepare(t.db).all<{ shop: string; n: number }>()).results;

test("twice, late and out of order: one build per shop at a time, every change published once", async () => {
  // Five changes in DE and CH, their messages delivered reversed and each twice.
  const ids: number[] = [];
  for (const [index, [sku, shop]] of (
    [
      ["P-100", "DE"],
      ["P-100", "CH"],
      ["P-200-1", "DE"],
      ["P-100", "CH"],
      ["P-100", "DE"],
    ] as const
  ).entries()) {
    ids.push((await changePrice(t.db, sku, shop, 10 + index, clock))!);
    clock = secondsLater(clock, 1);
  }
  await deliver([...ids].reverse());
  await deliver([ids[2]!, ids[0]!, ids[4]!, ids[2]!]);
  for (const { n } of await queuedPerShop()) expect(n).toBe(1);

  clock = secondsLater(clock, SETTINGS.quietSeconds);
  const first = await buildAllDue();
  expect(first).toHaveLength(2);

  // Late copies of every message, after their builds were published: nothing new is queued or published.
  await deliver([...ids, ...ids]);
  expect(await queuedPerShop()).toEqual([]);
  clock = secondsLater(clock, SETTINGS.maxDelaySeconds);
  expect(await buildAllDue()).toEqual([]);

  // A new change while its old copies keep arriving: one more build for its shop only.
  const later = (await changePrice(t.db, "P-100", "CH", 42, clock))!;
  await deliver([ids[1]!, later, ids[3]!, later]);
  clock = secondsLater(clock, SETTINGS.quietSeconds);
  expect(await buildAllDue()).toHaveLength(1);

  const published = await sql`SELECT shop, COUNT(*) AS n FROM builds WHERE state = 'published' GROUP BY shop ORDER BY shop`.prepare(t.db).all();
  expect(published.results).toEqual([
    { shop: "CH", n: 2 },
    { shop: "DE", n: 1 },
  ]);
  const rebuilds = (await checkInvariants(t.env)).find((result) => result.name.startsWith("every rebuild"))!;
  expect(rebuilds).toMatchObject({ kind: "checked", checked: ids.length + 1, violations: [] });
  expect(rebuilds).not.toHaveProperty("note");
});
