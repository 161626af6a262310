/**
 * The shop API worker (worker/shop-api/main.ts) bundled as wrangler bundles it and run in
 * workerd through Miniflare: the Workers runtime itself, with its `connect()` sockets
 * (SMTP), its fetch and its cron handler. Each named variant is the same script with its
 * own variables (e.g. one with SMTP settings, one without) and wrangler.jsonc's compatibility
 * settings; all share one migrated in-memory D1 (DB, and any further D1 bindings asked for, each a
 * database of its own), which the test reads and writes from Node, and answer requests at
 * `http://<variant>.shop-api.internal/`.
 * Node reaches the database and the cron handlers over fetch, through the bindings worker
 * (scripts/lib/bindings-over-fetch.ts), never through Miniflare's synchronous proxy
 * (docs/decisions/0041).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import type { D1Database } from "@cloudflare/workers-types";
import { experimental_readRawConfig } from "wrangler";
import { bindingsOverFetch, bindingsWorker } from "@scripts/lib/bindings-over-fetch";
import { ROOT } from "@scripts/lib/shops";
import { bundleWorker } from "@scripts/lib/workerd-worker";
import { WRANGLER_CONFIG } from "@scripts/lib/wrangler-config";
import { migrateTestDatabase } from "./d1";
import { rateLimitOptions } from "./rate-limiters";

export interface WorkerdShopApi {
  db: D1Database;
  /** Every D1 binding by name, DB among them. */
  databases: Record<string, D1Database>;
  /** A request to a variant's shop API (its path and init, as the edge would send it). */
  fetch(variant: string, path: string, init?: RequestInit): Promise<Response>;
  /** Runs the worker's cron handler (scheduled.ts) in a variant, at `now`; resolves when it finished. */
  runCron(variant: string, now: Date): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * How long a test file's hook may take to bundle the shop API (on its own or inside the edge worker) and start it in
 * workerd (a hook that hangs fails after this): seconds alone, over three minutes on two cores shared with `npm start`'s
 * eight shop builds and the browser tests.
 */
export const WORKERD_SHOP_API_START_MS = 600_000;

/** `variants`: worker name -> its variables (wrangler.jsonc's vars are not used); `databases`: the D1 bindings (default DB alone). */
export async function startWorkerdShopApi(variants: Record<string, Record<string, string>>, databases: readonly string[] = ["DB"]): Promise<WorkerdShopApi> {
  const outDir = mkdtempSync(join(tmpdir(), "shop-api-workerd-"));
  const scriptPath = join(outDir, "shop-api.js");
  await bundleWorker(join(ROOT, "worker", "shop-api", "main.ts"), scriptPath);
  const { rawConfig } = experimental_readRawConfig({ config: WRANGLER_CONFIG });
  const names = Object.keys(variants);
  /** The bindings worker's service binding to each variant (cron handlers). */
  const cronBinding = (index: number) => `CRON_${index}`;
  const d1Databases = Object.fromEntries(databases.map((binding) => [binding, binding === "DB" ? "shop-api-test" : `shop-api-test-${binding}`]));
  const variantHost = (name: string) => `${name}.shop-api.internal`;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        ...Object.entries(variants).map(([name, bindings]) => ({
          name,
          modules: true,
          modulesRoot: outDir,
          scriptPath,
          compatibilityDate: rawConfig.compatibility_date,
          compatibilityFlags: rawConfig.compatibility_flags,
          bindings,
          d1Databases,
          // The per-IP limiters as wrangler dev binds them: the shop API refuses writes without them.
          ratelimits: rateLimitOptions(),
          routes: [`${variantHost(name)}/*`],
        })),
        bindingsWorker({
          d1Databases,
          serviceBindings: Object.fromEntries(names.map((name, index) => [cronBinding(index), name])),
        }),
      ],
    }),
  );
  const dispose = async () => {
    await mf.dispose();
    rmSync(outDir, { recursive: true, force: true });
  };
  try {
    const client = bindingsOverFetch(mf);
    const all = Object.fromEntries(databases.map((binding) => [binding, client.d1(binding)]));
    for (const db of Object.values(all)) await migrateTestDatabase(db);
    return {
      db: all.DB ?? client.d1("DB"),
      databases: all,
      async fetch(variant, path, init) {
        if (!names.includes(variant)) throw new Error(`no variant ${variant}`);
        const response = await mf.dispatchFetch(`http://${variantHost(variant)}${path}`, init as Parameters<Miniflare["dispatchFetch"]>[1]);
        return response as unknown as Response;
      },
      async runCron(variant, now) {
        const index = names.indexOf(variant);
        if (index === -1) throw new Error(`no variant ${variant}`);
        const result = await client.scheduled(cronBinding(index))({ scheduledTime: now, cron: "*/5 * * * *" });
        if (result.outcome !== "ok") throw new Error(`the cron handler of ${variant} ended with '${result.outcome}'`);
      },
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
