/**
 * The worker exactly as a deploy uploads it (`wrangler deploy --dry-run --outdir`), checked
 * against the Workers limits before anything changes: its compressed size (3 MB on the free
 * plan, 10 MB on the paid plan) and its startup (the global scope must be evaluated within 1 s),
 * measured as the CPU time workerd (through Miniflare) needs to load it beyond an empty worker.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { convertV4MiniflareOptions, Miniflare, type V4MiniflareOptions } from "miniflare";

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

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time in ms (user and system) of each workerd child process of this process, by pid, from /proc; null where there is no /proc. */
function workerdChildren(): Map<string, number> | null {
  if (!existsSync("/proc")) return null;
  const children = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid, then pgrp ... cmajflt (9 fields), then utime and stime in clock ticks
    const match = /^\d+ \((.*)\) \S+ (\d+)(?: \S+){9} (\d+) (\d+)/.exec(stat);
    if (match?.[1] === "workerd" && Number(match[2]) === process.pid)
      children.set(pid, ((Number(match[3]) + Number(match[4])) * 1000) / CLOCK_TICKS_PER_SECOND);
  }
  return children;
}

/**
 * What loading a worker in workerd costs: the CPU time of the workerd process Miniflare starts,
 * until it has answered a first request (immune to a busy machine, unlike the wall clock), or the
 * wall clock where /proc is missing.
 */
async function loadCost(options: V4MiniflareOptions): Promise<number> {
  const before = workerdChildren();
  const started = performance.now();
  const mf = new Miniflare(convertV4MiniflareOptions(options));
  try {
    await mf.ready;
    // workerd evaluates a worker's global scope by its first request at the latest.
    await mf.dispatchFetch("http://startup.invalid/").then(
      (response) => response.arrayBuffer(),
      () => undefined,
    );
    const after = workerdChildren();
    if (!before || !after) return performance.now() - started;
    return [...after].filter(([pid]) => !before.has(pid)).reduce((sum, [, ms]) => sum + ms, 0);
  } finally {
    await mf.dispose();
  }
}

/** The least of three load costs: one try can be slowed by what else the machine runs. */
async function leastOfThree(options: V4MiniflareOptions): Promise<number> {
  const costs: number[] = [];
  for (let index = 0; index < 3; index++) costs.push(await loadCost(options));
  return Math.min(...costs);
}

/** An empty worker's load cost by compatibility settings: it does not depend on the bundle, so a process measures it once. */
const emptyCosts = new Map<string, Promise<number>>();

/** Milliseconds workerd spends loading the bundle beyond an empty worker (the least of three tries each): the bundle's own startup. */
export async function startupMs(entry: string, compatibility: { date: string; flags: string[] }): Promise<number> {
  const common = { modules: true, compatibilityDate: compatibility.date, compatibilityFlags: compatibility.flags };
  const key = JSON.stringify(common);
  let empty = emptyCosts.get(key);
  if (!empty) emptyCosts.set(key, (empty = leastOfThree({ ...common, script: "export default { fetch() { return new Response(null); } };" })));
  const emptyMs = await empty;
  return Math.max(0, (await leastOfThree({ ...common, scriptPath: entry, modulesRoot: dirname(entry) })) - emptyMs);
}
