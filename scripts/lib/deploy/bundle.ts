/**
 * The worker exactly as a deploy uploads it (`wrangler deploy --dry-run --outdir`), checked
 * against the Workers limits before anything changes: its compressed size (3 MB on the free
 * plan, 10 MB on the paid plan) and its startup (the global scope must be evaluated within 1 s),
 * measured by loading it in workerd through Miniflare against an empty worker.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { Miniflare } from "miniflare";

export type WorkersPlan = "free" | "paid";

/** Compressed (gzip) size limits of a worker's upload per plan. */
export const SIZE_LIMITS: Record<WorkersPlan, number> = { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 };
/** How long the global scope may take before Cloudflare refuses the upload. */
export const STARTUP_LIMIT_MS = 1000;

export interface BundleSize {
  bytes: number;
  gzipBytes: number;
}

/** Sizes of every file of a bundle folder (modules and the like; source maps are not uploaded by default). */
export function bundleSize(outdir: string): BundleSize {
  const files = readdirSync(outdir, { recursive: true, encoding: "utf8" })
    .map((file) => join(outdir, file))
    .filter((file) => statSync(file).isFile() && !file.endsWith(".map") && !file.endsWith("README.md"));
  return files.reduce(
    (total, file) => {
      const bytes = readFileSync(file);
      return { bytes: total.bytes + bytes.length, gzipBytes: total.gzipBytes + gzipSync(bytes, { level: 9 }).length };
    },
    { bytes: 0, gzipBytes: 0 },
  );
}

/** The problem with a bundle of this size on this plan, or null. */
export function sizeProblem(size: BundleSize, plan: WorkersPlan): string | null {
  const limit = SIZE_LIMITS[plan];
  return size.gzipBytes > limit ? `the worker is ${mb(size.gzipBytes)} compressed, over the ${plan} plan's ${mb(limit)}` : null;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function timeLoad(options: ConstructorParameters<typeof Miniflare>[0]): Promise<number> {
  const started = performance.now();
  const mf = new Miniflare(options);
  try {
    await mf.ready;
    return performance.now() - started;
  } finally {
    await mf.dispose();
  }
}

/** Milliseconds workerd takes to load the bundle beyond an empty worker: the bundle's own startup. */
export async function startupMs(entry: string, compatibility: { date: string; flags: string[] }): Promise<number> {
  const common = { modules: true, compatibilityDate: compatibility.date, compatibilityFlags: compatibility.flags };
  const empty = await timeLoad({ ...common, script: "export default { fetch() { return new Response(null); } };" });
  const loaded = await timeLoad({ ...common, scriptPath: entry, modulesRules: [{ type: "ESModule", include: ["**/*.js", "**/*.mjs"] }] });
  return Math.max(0, loaded - empty);
}
