import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { acquireDirLock } from "./lib/dir-lock";
import type { LocalEnvironment } from "@config/shop-config";
import { localHost, localPort, portLock } from "./lib/local-ports";
import { startLocalWorker, type LocalWorker } from "./lib/local-worker";
import { loadShopConfig, ROOT } from "./lib/shops";

/**
 * Lighthouse (mobile settings, Debian's Chromium) on home, a category and a product page
 * of the DE and CH shops; prints the median scores of --runs runs (default 3).
 *
 *   npm run lighthouse -- [--runs 3] [--dist .e2e/dist] [--state .e2e/state] [--reports <dir>]
 *
 * Each run prints the metrics behind the performance score (LCP with its element, TBT,
 * CLS, render-blocking requests) and the audits below 0.9; --reports keeps the JSON reports.
 * Uses the shops served on the development hosts (npm start, port 8787) when they answer and
 * no --dist names a build; otherwise serves that build (default .e2e/dist; a copy of an earlier
 * build, to compare two versions in the same period) on the test hosts (port 8797) under the
 * browser tests' lock, so neither changes .e2e/ under the other.
 */
const COMMAND = {
  command: "npm run lighthouse --",
  summary: "Lighthouse (mobile, Debian's Chromium) on home, a category and a product page of DE and CH; prints the median scores.",
  options: {
    runs: { type: "integer", default: 3, min: 1, description: "runs per page" },
    dist: {
      type: "string",
      value: "dir",
      description: "serve this build on the test hosts instead of using npm start's shops (default: .e2e/dist when nothing serves the development hosts)",
    },
    state: { type: "string", default: ".e2e/state", value: "dir", description: "the local state the served build reads" },
    reports: { type: "string", value: "dir", description: "keep the JSON reports in this folder" },
  },
  examples: ["npm run lighthouse", "npm run lighthouse -- --runs 5 --dist .e2e/dist --reports .lighthouse"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

const run = promisify(execFile);
const { values } = runCommandLine(COMMAND);
const RUNS = values.runs;
const DIST = join(ROOT, values.dist ?? ".e2e/dist");
const STATE = join(ROOT, values.state);
const REPORTS = values.reports !== undefined ? join(ROOT, values.reports) : null;
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CONFIG = loadShopConfig();

/** The first page (by name) of the template, told by its page data (every page's HTML names all templates). */
function firstPage(shop: string, template: string, prefix: string): string {
  const root = join(DIST, shop, prefix);
  for (const name of readdirSync(root).sort()) {
    if (!name.endsWith(".html")) continue;
    const dataPath = join(DIST, shop, "page-data", `${prefix}${name}`, "page-data.json");
    if (!existsSync(dataPath)) continue;
    if ((JSON.parse(readFileSync(dataPath, "utf8")) as { componentChunkName: string }).componentChunkName === `component---site-src-templates-${template}-tsx`)
      return `${prefix}${name}`;
  }
  throw new Error(`No ${template} page in ${root}`);
}

/** True when the shops of the environment answer on its port (npm start serves development). */
async function serving(environment: LocalEnvironment): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${localPort(CONFIG, environment)}/`, {
      headers: { host: localHost(CONFIG, "DE", environment) },
      signal: AbortSignal.timeout(3000),
    });
    return response.status < 500;
  } catch {
    return false;
  }
}

interface Audit {
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: { type?: string; snippet?: string; url?: string }[] };
}

interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<string, Audit>;
}

/** One line with what the performance score is made of. */
function metrics(audits: Record<string, Audit>): string {
  const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? 0)} ms`;
  const lcpNode = audits["lcp-breakdown-insight"]?.details?.items?.find((item) => item.type === "node");
  const lcpElement = (lcpNode?.snippet ?? "?").slice(0, 80);
  const blocking = (audits["render-blocking-insight"]?.details?.items ?? []).map((item) => item.url?.replace(/^https?:\/\/[^/]+/, "")).join(" ");
  return `FCP ${ms("first-contentful-paint")}, LCP ${ms("largest-contentful-paint")} ${lcpElement}, TBT ${ms("total-blocking-time")}, CLS ${(audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}${blocking ? `, render-blocking ${blocking}` : ""}`;
}

async function lighthouse(url: string, name: string, index: number): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), "lh-"));
  try {
    const output = join(dir, "report.json");
    const audit = () =>
      run(
        join(ROOT, "node_modules", ".bin", "lighthouse"),
        [
          url,
          "--quiet",
          "--output=json",
          `--output-path=${output}`,
          `--only-categories=${CATEGORIES.join(",")}`,
          `--chrome-flags=${CHROME_FLAGS}`,
          "--max-wait-for-load=60000",
        ],
        { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
      );
    // On a busy machine headless Chromium now and then reports no paint at all (NO_FCP); such a run is repeated once.
    await audit().catch((error: Error) => {
      console.log(
        `  ${name} run ${index + 1} failed, repeated: ${error.message.split("\n").find((line) => line.startsWith("Runtime error")) ?? error.message.split("\n")[0]}`,
      );
      return audit();
    });
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      copyFileSync(output, join(REPORTS, `${name.replace(/\s+/g, "-")}-${index + 1}.json`));
    }
    const report = JSON.parse(readFileSync(output, "utf8")) as Report;
    console.log(`  ${name} run ${index + 1}: ${metrics(report.audits)}`);
    const failing = Object.entries(report.audits)
      .filter(([, audit]) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual")
      .map(([id]) => id);
    if (failing.length) console.log(`    below 0.9: ${failing.join(", ")}`);
    return Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((report.categories[category]?.score ?? 0) * 100)]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

async function main() {
  let worker: LocalWorker | null = null;
  let release: (() => void) | null = null;
  let environment: LocalEnvironment = "development";
  if (values.dist !== undefined || !(await serving(environment))) {
    environment = "test";
    const port = localPort(CONFIG, environment);
    if (!existsSync(join(DIST, "DE")) || !existsSync(STATE))
      throw new Error(`Nothing serves the development hosts and ${DIST} has no build; run the browser tests (npm run test:e2e) or npm start first`);
    release = await acquireDirLock(portLock(port), { onWait: (owner) => console.log(`waiting for the test run of pid ${owner}`) });
    worker = await startLocalWorker({ port, persistTo: STATE, assets: DIST, vars: { ENVIRONMENT_NAME: environment } });
  }
  try {
    const targets = [
      { shop: "DE", prefix: "" },
      { shop: "CH", prefix: "fr/" },
    ].flatMap(({ shop, prefix }) => {
      const host = localHost(CONFIG, shop, environment);
      return [
        { name: `${shop} home`, url: `http://${host}/${prefix}` },
        { name: `${shop} category`, url: `http://${host}/${firstPage(shop, "category", prefix)}` },
        { name: `${shop} product`, url: `http://${host}/${firstPage(shop, "product", prefix)}` },
      ];
    });
    console.log(`Lighthouse ${RUNS} run(s) per page, mobile, median:`);
    console.log("page            perf  a11y  best   seo  url");
    for (const target of targets) {
      const runs: Record<string, number>[] = [];
      for (let index = 0; index < RUNS; index += 1) runs.push(await lighthouse(target.url, target.name, index));
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
