import { existsSync, readFileSync, utimesSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import type { LocalEnvironment } from "@config/shop-config";
import { localHost, localPort } from "@scripts/lib/local-ports";
import { reloadTrigger } from "@scripts/lib/local-worker";
import { loadShopConfig, ROOT } from "@scripts/lib/shops";
import type { ServedFile } from "./release";

const LOCAL_ENVIRONMENTS: LocalEnvironment[] = ["development", "test"];

/** The local environment whose hosts name the origin's port (8787 development, 8797 test), else null. */
export function environmentOf(origin: string): LocalEnvironment | null {
  const url = new URL(origin);
  if (!["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) return null;
  const config = loadShopConfig();
  return LOCAL_ENVIRONMENTS.find((environment) => String(localPort(config, environment)) === url.port) ?? null;
}

export interface ShopResponse {
  status: number;
  etag: string | null;
  body: string;
}

/**
 * GET of a shop's path through a local worker: the request goes to the worker's origin
 * with the shop's host of the environment (the worker picks the shop by Host).
 */
export function getThroughWorker(origin: string, host: string, path: string, timeoutMs = 5000): Promise<ShopResponse> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname.replace(/^\[|\]$/g, ""), port: url.port, path, method: "GET", headers: { host, "cache-control": "no-cache" }, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, etag: (res.headers.etag as string | undefined) ?? null, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer from ${origin}${path} within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end();
  });
}

/** How the local worker on `origin` serves the shops' files (release.ts waits on it), or undefined when it is no local worker. */
export function servedByLocalWorker(origin: string, environment: LocalEnvironment | null = environmentOf(origin)): ServedFile | undefined {
  if (!environment) return undefined;
  const config = loadShopConfig();
  return async (shop, path) => {
    const answer = await getThroughWorker(origin, localHost(config, shop, environment), path);
    return { status: answer.status, etag: answer.etag };
  };
}

/**
 * Makes every `wrangler dev` of this checkout reload, so it lists the files of the assets
 * folder again. wrangler watches the assets folder, but with a custom [build] command (ours
 * checks config/shops.json) its watcher has no bundle to reload with and does nothing
 * (wrangler 4.x BundlerController: #currentBundle is only set by its own bundler); the
 * custom build's own watcher (watch_dir config, worker) does reload. Touching the
 * modification time of the worker's entry, its content unchanged, is that signal: a file the
 * Gatsby build never reads (touching config/shops.json, which it imports, made webpack see a
 * change and rewrite every page on the next build). docs/decisions/0034.
 */
export function reloadLocalWorkers(root = ROOT): void {
  const now = new Date();
  utimesSync(join(root, "worker", "index.ts"), now, now);
}

/**
 * Makes the local worker on the origin's port reload, and no other: a worker started by
 * startLocalWorker (`npm start`, the browser tests, the benchmarks) also watches its own
 * trigger file (local-worker.ts reloadTrigger), whose modification time is touched. A reload
 * of another `wrangler dev` would hold its requests for seconds and answer a POST in flight with
 * 503 ("Your worker restarted mid-request"). Without a trigger (a worker started otherwise)
 * every worker of the checkout is reloaded (reloadLocalWorkers).
 */
export function reloadLocalWorker(origin: string, root = ROOT): void {
  const port = Number(new URL(origin).port || 80);
  const trigger = reloadTrigger(port, root);
  if (!existsSync(trigger)) return reloadLocalWorkers(root);
  const now = new Date();
  utimesSync(trigger, now, now);
}

/**
 * The back-office host of the local environment the origin serves (config/shops.json
 * backOffice.hosts), where the local worker's edge forwards /admin/* to the shop API; null
 * for an origin that is no local worker (then the origin itself is the shop API's). A local worker on
 * another port (bench:edge's) names the environment whose hosts it serves.
 */
export function backOfficeHostFor(origin: string, root = ROOT, environment: LocalEnvironment | null = environmentOf(origin)): string | null {
  if (!environment) return null;
  const raw = JSON.parse(readFileSync(join(root, "config", "shops.json"), "utf8")) as { backOffice?: { hosts?: Record<string, string[]> } };
  return raw.backOffice?.hosts?.[environment]?.[0] ?? `admin.localhost:${new URL(origin).port}`;
}
