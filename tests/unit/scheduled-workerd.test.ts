/**
 * The cron trigger's handler as the worker exports it (worker/index.ts, and
 * worker/shop-api/main.ts for the shop API deployed on its own), bundled as wrangler
 * deploys it and run in workerd through Miniflare with wrangler.jsonc's bindings and a D1
 * database. The scheduled event carries the clock: its scheduledTime is the job's `now`.
 *
 * Miniflare's getWorker() reaches the user worker directly. Its HTTP trigger
 * /cdn-cgi/handler/scheduled cannot run a worker with static assets (docs/decisions/0029):
 * the assets proxy in front forwards scheduled(controller) over RPC and the
 * ScheduledController cannot be cloned; `wrangler dev --test-scheduled` and /__scheduled
 * (what `npm start` runs) can.
 *
 * The nightly cron (0 2 * * *) writes a rebuild request for every shop and sends it on the
 * real REBUILD_QUEUE of wrangler.jsonc (Miniflare's local queue); the worker's own queue
 * consumer merges it into one queued build per shop.
 *
 * Node reads and writes the database over fetch, through the bindings worker
 * (scripts/lib/bindings-over-fetch.ts), never through Miniflare's synchronous proxy
 * (docs/decisions/0041). Only getWorker() and its scheduled() use that proxy (a few round
 * trips per test): a service binding from the bindings worker cannot stand in, because
 * Miniflare routes a service binding to a worker with static assets through the assets
 * proxy, which cannot forward scheduled().
 */
import type { D1Database } from "@cloudflare/workers-types";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { bindingsOverFetch, bindingsWorker } from "@scripts/lib/bindings-over-fetch";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { bundleWorker } from "@scripts/lib/workerd-worker";
import { WRANGLER_CONFIG } from "@scripts/lib/wrangler-config";
import { ROOT } from "@scripts/lib/shops";
import { sql, type SqlFragment } from "@worker/lib/sql";
import rawShopConfig from "@config/shops.json";
import { migrateTestDatabase } from "../kit/d1";
import { rateLimitOptions } from "../kit/rate-limiters";
import { WORKERD_SHOP_API_START_MS } from "../kit/workerd-shop-api";

const SCHEDULED = new Date("2026-06-01T12:00:00.000Z");
const rawShops = (): unknown => rawShopConfig;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const ago = (ms: number) => new Date(SCHEDULED.getTime() - ms).toISOString();

describe.each([
  ["worker/index.ts (the edge with the in-process shop API, static assets first)", "worker/index.ts", true],
  ["worker/shop-api/main.ts (the shop API deployed on its own)", "worker/shop-api/main.ts", false],
])("scheduled() of %s in workerd", (_name, entry, withAssets) => {
  let dir: string;
  let mf: Miniflare;
  let db: D1Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "scheduled-workerd-"));
    const bundle = join(dir, "worker.js");
    await bundleWorker(join(ROOT, entry), bundle);
    const { rawConfig } = experimental_readRawConfig({ config: WRANGLER_CONFIG });
    const assets = join(dir, "assets");
    mkdirSync(assets);
    // Miniflare reads these optional files; under Jest (another realm's Error) it takes their absence for a failure.
    for (const file of [".assetsignore", "_redirects", "_headers"]) writeFileSync(join(assets, file), "");
    const queueProducers: Record<string, { queueName: string }> = Object.fromEntries(
      (rawConfig.queues?.producers ?? []).map((producer: { binding: string; queue: string }) => [producer.binding, { queueName: producer.queue }]),
    );
    const d1Databases = Object.fromEntries(
      (rawConfig.d1_databases ?? []).map((database: { binding: string; database_name: string }) => [database.binding, database.database_name]),
    );
    const name = rawConfig.name ?? "worker";
    mf = new Miniflare(
      convertV4MiniflareOptions({
        workers: [
          {
            name,
            modules: true,
            modulesRoot: dir,
            scriptPath: bundle,
            compatibilityDate: rawConfig.compatibility_date,
            compatibilityFlags: rawConfig.compatibility_flags,
            bindings: rawConfig.vars,
            d1Databases,
            ratelimits: rateLimitOptions(),
            queueProducers,
            queueConsumers: Object.fromEntries(
              (rawConfig.queues?.consumers ?? []).map(
                (consumer: { queue: string; max_batch_size?: number; max_batch_timeout?: number; max_retries?: number }) => [
                  consumer.queue,
                  { maxBatchSize: consumer.max_batch_size, maxBatchTimeout: consumer.max_batch_timeout, maxRetries: consumer.max_retries },
                ],
              ),
            ),
            assets:
              withAssets && rawConfig.assets
                ? {
                    directory: assets,
                    binding: rawConfig.assets.binding,
                    routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: rawConfig.assets.run_worker_first === true },
                  }
                : undefined,
          },
          bindingsWorker({ d1Databases }),
        ],
      }),
    );
    db = bindingsOverFetch(mf).d1("DB");
    await migrateTestDatabase(db);
  }, WORKERD_SHOP_API_START_MS);

  afterAll(async () => {
    await mf?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (statements: SqlFragment[]) => db.batch(statements.map((statement) => statement.prepare(db)));
  const finished = (code: string, visitorId: string, finishedAt: string) =>
    sql`INSERT INTO sample_quotes (reference_code, visitor_id, shop_id, state, email, address, created_at, expires_at, finished_at)
      VALUES (${code}, ${visitorId}, 'DE', 'finished', 'a@example.com', '{}', ${finishedAt}, ${finishedAt}, ${finishedAt})`;

  test("at the scheduled time, a finished sample order older than one hour becomes processed and the retention job runs", async () => {
    await run([
      sql`INSERT INTO visitors (id, shop_id, created_at, last_seen_at) VALUES ('live', 'DE', ${ago(DAY_MS)}, ${ago(DAY_MS)})`,
      finished("S-DUE", "live", ago(61 * MINUTE_MS)),
      finished("S-NOT-YET", "live", ago(59 * MINUTE_MS)),
      sql`INSERT INTO visitors (id, shop_id, created_at, last_seen_at) VALUES ('gone', 'DE', ${ago(31 * DAY_MS)}, ${ago(31 * DAY_MS)})`,
      sql`INSERT INTO carts (visitor_id, shop_id, created_at) VALUES ('gone', 'DE', ${ago(31 * DAY_MS)})`,
    ]);

    const worker = await mf.getWorker();
    const result = await worker.scheduled({ scheduledTime: SCHEDULED, cron: "*/5 * * * *" });
    expect(result.outcome).toBe("ok");

    const quotes = await sql`SELECT reference_code, state, processed_at FROM sample_quotes ORDER BY reference_code`.prepare(db).all();
    expect(quotes.results).toEqual([
      { reference_code: "S-DUE", state: "processed", processed_at: SCHEDULED.toISOString() },
      { reference_code: "S-NOT-YET", state: "finished", processed_at: null },
    ]);
    expect((await sql`SELECT id FROM visitors`.prepare(db).all()).results).toEqual([{ id: "live" }]);
    expect((await sql`SELECT visitor_id FROM carts`.prepare(db).all()).results).toEqual([]);
  });

  test("the nightly cron requests every shop; the real queue delivers the request to the worker's consumer, which queues one build per shop", async () => {
    const nightly = new Date("2026-06-02T02:00:00.000Z");
    const worker = await mf.getWorker();
    const result = await worker.scheduled({ scheduledTime: nightly, cron: "0 2 * * *" });
    expect(result.outcome).toBe("ok");
    const request = await sql`SELECT id, trigger, enqueued_at FROM rebuild_requests`
      .prepare(db)
      .first<{ id: number; trigger: string; enqueued_at: string | null }>();
    expect(request).toMatchObject({ trigger: "nightly", enqueued_at: nightly.toISOString() });
    const shops = (rawShops() as { shops: { id: string }[] }).shops.map((shop) => shop.id).sort();
    // The consumer runs after the queue's max_batch_timeout (2 s).
    const deadline = Date.now() + 20_000;
    let builds: { shop: string; state: string; change_ids: string }[] = [];
    while (Date.now() < deadline) {
      builds = (
        await sql`SELECT b.shop, b.state, (SELECT json_group_array(request_id) FROM rebuild_request_shops s WHERE s.build_id = b.id) AS change_ids FROM builds b ORDER BY b.shop`
          .prepare(db)
          .all<{ shop: string; state: string; change_ids: string }>()
      ).results;
      if (builds.length === shops.length) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(builds).toEqual(shops.map((shop) => ({ shop, state: "queued", change_ids: `[${request!.id}]` })));
  });
});
