import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { acquireDirLock } from "./lib/dir-lock";
import { SHOPS_PORT_LOCK } from "./lib/port-8787";
import { startLocalWorker, type LocalWorker } from "./lib/local-worker";
import { ROOT } from "./lib/shops";

/**
 * Lighthouse (mobile settings, Debian's Chromium) on home, a category and a product page
 * of the DE and CH shops; prints the median scores of --runs runs (default 3).
 *
 *   npm run lighthouse -- [--runs 3] [--dist .e2e/dist] [--state .e2e/state]
 *
 * Uses the shops served on port 8787 (npm start) when one answers; otherwise starts the
 * worker on 8787 over the browser tests' build (.e2e/dist) under their lock.
 */
const run = promisify(execFile);
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1]! : fallback;
};
const RUNS = Number(option("runs", "3"));
const DIST = join(ROOT, option("dist", ".e2e/dist"));
const STATE = join(ROOT, option("state", ".e2e/state"));
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The first page (by name) of the template, told by its page data (every page's HTML names all templates). */
function firstPage(shop: string, template: string, prefix: string): string {
  const root = join(DIST, shop, prefix);
  for (const name of readdirSync(root).sort()) {
    if (!name.endsWith(".html")) continue;
    const dataPath = join(DIST, shop, "page-data", `${prefix}${name}`, "page-data.json");
    if (!existsSync(dataPath)) continue;
    if ((JSON.parse(readFileSync(dataPath, "utf8")) as { componentChunkName: string }).componentChunkName === `component---site-src-templates-${template}-tsx`) return `${prefix}${name}`;
  }
  throw new Error(`No ${template} page in ${root}`);
}

async function serving(): Promise<boolean> {
  try {
    const response = await fetch("http://127.0.0.1:8787/", { headers: { host: "de.localhost:8787" }, signal: AbortSignal.timeout(3000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

async function lighthouse(url: string): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), "lh-"));
  try {
    const output = join(dir, "report.json");
    await run(
      join(ROOT, "node_modules", ".bin", "lighthouse"),
      [url, "--quiet", "--output=json", `--output-path=${output}`, `--only-categories=${CATEGORIES.join(",")}`, `--chrome-flags=${CHROME_FLAGS}`, "--max-wait-for-load=60000"],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(readFileSync(output, "utf8")) as { categories: Record<string, { score: number }>; audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }> };
    const failing = Object.entries(report.audits)
      .filter(([, audit]) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual")
      .map(([id]) => id);
    if (failing.length) console.log(`    below 0.9: ${failing.join(", ")}`);
    return Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((report.categories[category]?.score ?? 0) * 100)]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  let worker: LocalWorker | null = null;
  let release: (() => void) | null = null;
  if (!(await serving())) {
    if (!existsSync(join(DIST, "DE")) || !existsSync(STATE)) throw new Error(`Nothing serves port 8787 and ${DIST} has no build; run the browser tests (npm run test:e2e) or npm start first`);
    release = await acquireDirLock(SHOPS_PORT_LOCK, { onWait: (owner) => console.log(`waiting for the test run of pid ${owner}`) });
    worker = await startLocalWorker({ port: 8787, persistTo: STATE, assets: DIST });
  }
  try {
    const targets = [
      { shop: "DE", host: "de.localhost:8787", prefix: "" },
      { shop: "CH", host: "ch.localhost:8787", prefix: "fr/" },
    ].flatMap(({ shop, host, prefix }) => [
      { name: `${shop} home`, url: `http://${host}/${prefix}` },
      { name: `${shop} category`, url: `http://${host}/${firstPage(shop, "category", prefix)}` },
      { name: `${shop} product`, url: `http://${host}/${firstPage(shop, "product", prefix)}` },
    ]);
    console.log(`Lighthouse ${RUNS} run(s) per page, mobile, median:`);
    console.log("page            perf  a11y  best   seo  url");
    for (const target of targets) {
      const runs: Record<string, number>[] = [];
      for (let index = 0; index < RUNS; index += 1) runs.push(await lighthouse(target.url));
      const score = (category: string) => String(median(runs.map((result) => result[category]!))).padStart(5);
      console.log(`${target.name.padEnd(14)} ${score("performance")} ${score("accessibility")} ${score("best-practices")} ${score("seo")}  ${target.url}`);
    }
  } finally {
    await worker?.stop();
    release?.();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
