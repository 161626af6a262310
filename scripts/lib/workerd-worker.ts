/**
 * A worker in workerd through Miniflare directly, configured from wrangler.toml (bindings,
 * variables, .dev.vars, compatibility settings) and bundled with esbuild: the Workers
 * runtime as deployed, without `wrangler dev`'s proxy worker and inspector in front.
 * Benchmarks use it to measure the worker rather than the development harness; the local
 * D1 state is the one `wrangler dev --persist-to` uses.
 */
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ensureDevVars, WRANGLER_ENV, type LocalWorker } from "./local-worker";
import { ROOT } from "./shops";

export interface WorkerdWorkerOptions {
  port: number;
  /** wrangler's local state folder (as for `wrangler dev --persist-to`). */
  persistTo: string;
  /** Entry module; default wrangler.toml's main (worker/index.ts). */
  script?: string;
  /** Where the bundle is written. */
  outDir: string;
  /** Folder with the dist/<SHOP>/ builds; default wrangler.toml's assets directory. */
  assets?: string;
}

/** Bundles a worker's entry module as wrangler deploys it (one ES module for workerd); returns the bundle's path. */
export async function bundleWorker(entry: string, outDir: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const bundle = join(outDir, "worker.js");
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    outfile: bundle,
    logLevel: "error",
  });
  return bundle;
}

export async function startWorkerdWorker(options: WorkerdWorkerOptions): Promise<LocalWorker> {
  ensureDevVars();
  Object.assign(process.env, WRANGLER_ENV);
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.toml"));
  const entry = options.script ? join(ROOT, options.script) : main;
  if (!entry) throw new Error("wrangler.toml names no main module");
  const bundle = await bundleWorker(entry, options.outDir);
  const assets = workerOptions.assets && { ...workerOptions.assets, directory: options.assets ?? workerOptions.assets.directory };
  if (assets) mkdirSync(assets.directory, { recursive: true });
  const mf = new Miniflare({
    ...workerOptions,
    assets,
    modules: true,
    modulesRules: undefined,
    scriptPath: bundle,
    d1Persist: join(options.persistTo, "v3", "d1"),
    host: "127.0.0.1",
    port: options.port,
  } as ConstructorParameters<typeof Miniflare>[0]);
  const url = await mf.ready;
  return { origin: url.origin, stop: () => mf.dispose() };
}
