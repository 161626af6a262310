/**
 * A worker in workerd through Miniflare directly, configured from wrangler.jsonc (bindings,
 * variables, .dev.vars, compatibility settings) and bundled by wrangler: the Workers
 * runtime as deployed, without `wrangler dev`'s proxy worker and inspector in front.
 * Benchmarks use it to measure the worker rather than the development harness, and the browser
 * tests serve their shops through it (a page costs about half the runtime's CPU it costs under
 * `wrangler dev`); the local D1 state is the one `wrangler dev --persist-to` uses.
 */
import { execFile } from "node:child_process";
import { convertV4MiniflareOptions, Miniflare, type V4MiniflareOptions, type V4WorkerOptionsShape } from "miniflare";
import { mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { promisify } from "node:util";
import { experimental_readRawConfig, unstable_getMiniflareWorkerOptions } from "wrangler";
import { ensureDevVars, WRANGLER_ENV, writeBundleConfig, type LocalWorker } from "./local-worker";
import { startReloadingFront } from "./reloading-front";
import { ROOT } from "./shops";
import { WRANGLER_CONFIG } from "./wrangler-config";

const execFileAsync = promisify(execFile);

interface WorkerdWorkerCommon {
  /** 0: a port the system picks as the runtime binds it (the answer's origin names it). */
  port: number;
  /** wrangler's local state folder (as for `wrangler dev --persist-to`). */
  persistTo: string;
  /** Folder with the dist/<SHOP>/ builds; default wrangler.jsonc's assets directory. */
  assets?: string;
  /** Variables over wrangler.jsonc's vars and .dev.vars (as `wrangler dev --var`). */
  vars?: Record<string, string>;
  /**
   * A file whose modification makes the worker list its assets folder again, as `wrangler dev` does on its
   * reload trigger (local-worker.ts reloadTrigger, builder/served.ts reloadLocalWorker); created here, removed on stop.
   */
  reloadTrigger?: string;
  /** Where the worker's warnings and errors go; its other console output is dropped. Default: the runtime's own output. */
  log?: (line: string) => void;
}

/** The worker's code: an entry bundled here, or a bundle made already (a deploy's own, served as it was uploaded). */
export type WorkerdWorkerOptions = WorkerdWorkerCommon &
  (
    | {
        /** Entry module; default wrangler.jsonc's main (worker/index.ts). */
        script?: string;
        /** Where the bundle is written. */
        outDir: string;
      }
    | { bundle: string }
  );

export async function startWorkerdWorker(options: WorkerdWorkerOptions): Promise<LocalWorker> {
  ensureDevVars();
  Object.assign(process.env, WRANGLER_ENV);
  const { workerOptions: wranglerOptions, main } = unstable_getMiniflareWorkerOptions(WRANGLER_CONFIG);
  // wrangler types these options as an Omit of Miniflare's V4 worker options, which loses their fields' types.
  const workerOptions = wranglerOptions as V4WorkerOptionsShape;
  const bundle = "bundle" in options ? options.bundle : await bundleEntry(options.script ? join(ROOT, options.script) : main, options.outDir);
  const assets = workerOptions.assets && { ...workerOptions.assets, directory: options.assets ?? workerOptions.assets.directory };
  if (assets) mkdirSync(assets.directory, { recursive: true });
  const bindings = { ...(workerOptions.bindings ?? {}), ...(options.vars ?? {}) };
  const { log } = options;
  const miniflareOptions = {
    ...workerOptions,
    bindings,
    assets,
    modules: true,
    modulesRules: undefined,
    scriptPath: bundle,
    resourcePersistencePath: join(options.persistTo, "v3"),
    host: "127.0.0.1",
    ...(log ? { handleStructuredLogs: ({ level, message }) => (level === "warn" || level === "error" ? log(`[worker] ${message}`) : undefined) } : {}),
  } as V4MiniflareOptions;
  const start = async (port: number) => {
    const mf = new Miniflare(convertV4MiniflareOptions({ ...miniflareOptions, port }));
    const url = await mf.ready;
    return { origin: url.origin, stop: () => mf.dispose() };
  };
  // With a reload trigger, a front on the port keeps the connections while a new worker takes over (reloading-front.ts).
  if (!options.reloadTrigger) return start(options.port);
  return startReloadingFront({ port: options.port, start: () => start(0), trigger: options.reloadTrigger, log });
}

/** The entry bundled into `outDir` (worker.js). */
async function bundleEntry(entry: string | undefined, outDir: string): Promise<string> {
  if (!entry) throw new Error("wrangler.jsonc names no main module");
  mkdirSync(outDir, { recursive: true });
  const bundle = join(outDir, "worker.js");
  await bundleWorker(entry, bundle);
  return bundle;
}

/**
 * One ES module of a worker entry and everything it imports, bundled by wrangler itself
 * (`wrangler deploy --dry-run`): the bytes a deploy uploads, with nodejs_compat's
 * polyfills for the Node built-ins a dependency names (sanitize-html's postcss). The config's
 * check runs only when what it reads changed (local-worker.ts writeBundleConfig).
 */
export async function bundleWorker(entry: string, outfile: string): Promise<void> {
  // wrangler refuses to bundle while wrangler.jsonc's assets directory is missing (a fresh clone before its first build).
  const { rawConfig } = experimental_readRawConfig({ config: WRANGLER_CONFIG });
  if (rawConfig.assets?.directory) mkdirSync(join(ROOT, rawConfig.assets.directory), { recursive: true });
  const outDir = mkdtempSync(join(dirname(outfile), ".bundle-"));
  try {
    const config = await writeBundleConfig();
    await execFileAsync(join(ROOT, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--config", config, "--outdir", outDir, entry], {
      cwd: ROOT,
      env: { ...process.env, ...WRANGLER_ENV, CI: "true" },
      maxBuffer: 16 * 1024 * 1024,
    });
    renameSync(join(outDir, `${basename(entry, extname(entry))}.js`), outfile);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
