/**
 * Reconciliation: a randomised (seeded) sequence of imports, webhooks, publishes and nightly
 * runs, with messages delivered late, in odd batches and twice, and builders that claim, report,
 * publish, fail or crash (their lease runs out and another builder takes over). At the end, with
 * the changes stopped and the builders drained, every (request, shop) pair is in exactly one
 * build, that build is published, and the published builds carry exactly those pairs.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller } from "@tests/kit/shop-api";
import type { ShopApiEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { claimBuild, finishBuild, reportProgress } from "./builds";
import { handleRebuildQueue } from "./consumer";
import { requestNightlyRebuild } from "./nightly";
import { publishNow } from "./publishing";
import type { RebuildDeps } from "./settings";
import { sweepRebuilds } from "./sweep";
import { BUILDER_TOKEN, changePrice, importBase, messageBatch, newSecret, secondsLater, SETTINGS, signedWebhook } from "@tests/kit/rebuilds";

let t: TestDatabase;
let clock: Date;
const SECRET = newSecret();
const deps: RebuildDeps = { now: () => clock, settings: SETTINGS };

beforeAll(async () => {
  t = await createTestDatabase();
  await importBase(t.db, new Date("2026-05-01T00:00:00.000Z"));
  jest.spyOn(console, "log").mockImplementation(() => undefined);
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterAll(async () => {
  jest.restoreAllMocks();
  await t.dispose();
});

/** mulberry32: a small seeded generator, so a failing sequence can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

test.each([1, 2])(
  "every (request, shop) pair ends in exactly one published build (seed %i)",
  async (seed) => {
    const rand = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    clock = new Date(Date.UTC(2026, 4, 2 + seed, 1, 50));
    const sent: number[] = [];
    const queue = { sendBatch: async (messages: Iterable<{ body: { requestId: number } }>) => void sent.push(...[...messages].map((m) => m.body.requestId)) };
    const env = { ...t.env, BUILDER_TOKEN, CATALOGUE_WEBHOOK_SECRET: SECRET, REBUILD_QUEUE: queue } as unknown as ShopApiEnv;
    const api = shopApiCaller(env, { now: () => clock });
    const pending: number[] = [];
    const holding = new Map<string, { id: number; builder: string; crashed: boolean }>();
    const failures = new Map<number, number>();

    const deliverSome = async (all = false) => {
      // Messages in random batches, late, sometimes twice.
      const take = all ? pending.length : Math.floor(rand() * (pending.length + 1));
      const batch = pending.splice(0, take);
      if (rand() < 0.3 && batch.length > 0) batch.push(pick(batch));
      if (batch.length > 0)
        await handleRebuildQueue(
          messageBatch(
            batch.map((requestId) => ({ requestId })),
            clock,
          ),
          env,
          deps,
        );
    };
    const work = async () => {
      for (const builder of ["b1", "b2", "b3"]) {
        const held = holding.get(builder);
        if (!held) {
          const claim = await claimBuild(t.db, builder, rand() < 0.5 ? null : [pick(["DE", "CH", "AT"])], deps);
          if (claim.build) {
            // A crash costs an attempt as a failure does: at most two of either per build, so the drained end state is all
            // published (maxAttempts 4).
            const spent = failures.get(claim.build.id) ?? 0;
            const crashed = rand() < 0.1 && spent < 2;
            if (crashed) failures.set(claim.build.id, spent + 1);
            holding.set(builder, { id: claim.build.id, builder, crashed });
          }
          continue;
        }
        if (held.crashed) {
          if (rand() < 0.3) holding.delete(builder); // gone for good: its lease runs out
          continue;
        }
        const roll = rand();
        try {
          if (roll < 0.4) await reportProgress(t.db, held.id, builder, { phase: "rendering", done: 1, total: 2 }, deps);
          else {
            // Fail (or crash, above) at most twice per build.
            const fails = failures.get(held.id) ?? 0;
            const ok = roll > 0.75 || fails >= 2;
            if (!ok) failures.set(held.id, fails + 1);
            await finishBuild(
              env,
              held.id,
              builder,
              ok ? { ok: true, pages: 10, pagesRewritten: 1, seconds: 2 } : { ok: false, error: "random failure" },
              deps,
            );
            holding.delete(builder);
          }
        } catch (error) {
          expect(error).toMatchObject({ status: 409 });
          holding.delete(builder);
        }
      }
    };

    for (let step = 0; step < 120; step++) {
      clock = secondsLater(clock, Math.floor(rand() * 20));
      const action = rand();
      if (action < 0.45) {
        const id = await changePrice(t.db, pick(["P-100", "P-200-1"] as const), "DE", Math.round(rand() * 10_000) / 100 + 1, clock);
        // Mostly sent at once (HTTP or console); else written by the CLI and left for the sweep.
        if (id !== null && rand() < 0.8) pending.push(id);
      } else if (action < 0.6) {
        const response = await api(
          signedWebhook(SECRET, `w-${seed}-${step}`, clock, { type: "catalogue.changed", data: { skus: [pick(["P-100", "P-200-1"])] } }),
        );
        expect(response.status).toBe(200);
        pending.push(...sent.splice(0));
      } else if (action < 0.65) {
        await publishNow(env, rand() < 0.5 ? "all" : [pick(["DE", "CH", "AT"])], "ops@bodenhaus.example", deps);
        pending.push(...sent.splice(0));
      } else if (action < 0.67) {
        await requestNightlyRebuild(env, deps);
        pending.push(...sent.splice(0));
      } else if (action < 0.72) {
        await sweepRebuilds(env, deps);
        pending.push(...sent.splice(0));
      }
      await deliverSome();
      await work();
    }

    // Drain: every message delivered, the builders run until nothing is queued or running.
    await sweepRebuilds(env, deps);
    pending.push(...sent.splice(0));
    await deliverSome(true);
    for (let round = 0; round < 100; round++) {
      const open = await t.db.prepare("SELECT COUNT(*) AS n FROM builds WHERE state IN ('queued', 'running')").first<{ n: number }>();
      if (open!.n === 0) break;
      clock = secondsLater(clock, 60);
      await work();
    }

    const pairs =
      await sql`SELECT s.request_id, s.shop, s.build_id, b.state, b.shop AS build_shop FROM rebuild_request_shops s LEFT JOIN builds b ON b.id = s.build_id`
        .prepare(t.db)
        .all<{ request_id: number; shop: string; build_id: number | null; state: string | null; build_shop: string | null }>();
    expect(pairs.results.length).toBeGreaterThan(50);
    for (const pair of pairs.results) expect(pair).toMatchObject({ build_id: expect.any(Number), state: "published", build_shop: pair.shop });
    const carried =
      await sql`SELECT b.id, (SELECT COUNT(*) FROM rebuild_request_shops s WHERE s.build_id = b.id) AS n FROM builds b WHERE b.state = 'published'`
        .prepare(t.db)
        .all<{ id: number; n: number }>();
    expect(carried.results.reduce((sum, row) => sum + row.n, 0)).toBe(pairs.results.length);
    // No change went live in a failed build: failed attempts handed their changes on or were retried.
    const failedWithChanges = await t.db
      .prepare("SELECT COUNT(*) AS n FROM builds b WHERE b.state = 'failed' AND EXISTS (SELECT 1 FROM rebuild_request_shops s WHERE s.build_id = b.id)")
      .first<{ n: number }>();
    expect(failedWithChanges!.n).toBe(0);
  },
  180_000,
);
