/**
 * `npm run bench:build`: cold builds of one shop at each catalogue size (pages, wall seconds,
 * pages/s, peak memory, files written and the files against the platform's limit), the same
 * page count from a trivial template (what our templates and data layer cost, as a ratio
 * measured in the same run), the incremental rebuild after one product's price changes
 * (pages rewritten, seconds), and a full rebuild of every shop at one size, the shops built
 * side by side as the cores allow (wall time). Gatsby's step timings of each cold build are
 * printed (the slowest steps) and its whole output kept in .bench/logs/.
 * Options: `npm run bench:build -- --help`. --repeat exists because a shared machine's load moves
 * single runs by several seconds. On --query-workers: Gatsby 5 always runs queries in workers,
 * as many as physical cores less one, so one on this 2-core machine;
 * GATSBY_EXPERIMENTAL_PARALLEL_QUERY_RUNNING is gone from it, GATSBY_CPU_COUNT sets the count.
 * Works in .bench/ and leaves the dev state alone. The local worker only answers /graphql
 * here: it serves no build (a shop of 50,000 products is over the 100,000 files a worker's
 * static assets may hold, which wrangler refuses to load), and publishing reloads nothing;
 * every shop is published as a release folder, also a shop that goes to R2 (`assets: "r2"`).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { buildShop, type BuildReport } from "../lib/build-shop";
import { refuseUsage, runCommandLine, type CommandSpec, type OptionSpec } from "../lib/cli";
import { prepareCatalogue } from "../lib/local-shops";
import { localSecret, startLocalWorker } from "../lib/local-worker";
import { runTsxScript } from "../lib/run-script";
import { loadShopConfig, ROOT } from "../lib/shops";
import { staticAssetStore, WORKERS_ASSET_FILE_LIMIT } from "@builder/asset-store";
import { countFiles, cpuProfileTop, medianBy, medianPair, slowestSteps } from "./build-report";

interface Measured {
  label: string;
  report: BuildReport;
  files: { count: number; bytes: number };
  /** The trivial build of the same page count (the ratio's base). */
  baseline?: BuildReport;
}

const COMMAND = {
  command: "npm run bench:build --",
  summary:
    "Cold builds of one shop per catalogue size against a trivial template, the incremental rebuild after a price change, and a full rebuild of every shop side by side.",
  options: {
    sizes: { type: "list", default: ["1000", "5000"], value: "n,n", description: "catalogue sizes (products)" },
    shop: { type: "string", default: "DE", description: "the shop built at each size" },
    port: { type: "integer", min: 1024, max: 65535, description: "the local worker's port (default: BENCH_BUILD_PORT, else 8790)" },
    "all-shops": { type: "string", default: "5000", value: "size|none", description: "the size of --sizes at which every shop is rebuilt side by side" },
    "incremental-at": { type: "string", value: "size|none", description: "the size of the warm and incremental rebuilds (default: the first size)" },
    "incremental-runs": { type: "integer", default: 1, min: 1, description: "price changes, each rebuilt; the median rebuild is reported" },
    concurrency: { type: "integer", min: 1, description: "shops built at once in the full rebuild (default: the cores, at most 4)" },
    "cpu-prof": { type: "boolean", description: "node's CPU profile of the cold builds into .bench/prof-<size>/, their top functions printed" },
    "query-workers": { type: "integer", min: 1, description: "the cold builds once more with that many Gatsby query workers (sizes up to 5,000)" },
    repeat: { type: "integer", default: 1, min: 1, description: "cold build and trivial template in turns that many times; the median pair is reported" },
  },
  examples: ["npm run bench:build", "npm run bench:build -- --sizes 1000 --all-shops none --repeat 3"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

/** A size option: a whole number of products, or "none". */
function sizeOption(name: string, text: string): number | null {
  if (text === "none") return null;
  const size = Number(text);
  if (!Number.isInteger(size) || size < 1) refuseUsage(COMMAND, `--${name} must be a number of products or none (got '${text}')`);
  return size;
}

async function main() {
  const { values } = runCommandLine(COMMAND);
  const repeat = values.repeat;
  const incrementalRuns = values["incremental-runs"];
  const sizes = values.sizes.map((text) => sizeOption("sizes", text) ?? refuseUsage(COMMAND, "--sizes must be numbers of products"));
  const port = values.port ?? Number(process.env.BENCH_BUILD_PORT ?? "8790");
  const concurrency = values.concurrency ?? Math.min(4, availableParallelism());
  const allShopsSize = sizeOption("all-shops", values["all-shops"]);
  const incrementalSize = values["incremental-at"] === undefined ? sizes[0] : sizeOption("incremental-at", values["incremental-at"]);
  const shop = values.shop;
  const bench = join(ROOT, ".bench");
  const logs = join(bench, "logs");
  mkdirSync(logs, { recursive: true });
  // The worker answers /graphql only; an empty folder stands for its static assets.
  const workerAssets = join(bench, "worker-assets");
  rmSync(workerAssets, { recursive: true, force: true });
  mkdirSync(workerAssets, { recursive: true });
  const rows: Measured[] = [];
  const notes: string[] = [];
  const steps: string[] = [];
  const ratios: string[] = [];
  const load = () => loadavg()[0]!.toFixed(1);
  let incremental = "";
  let allShops = "";

  for (const size of sizes) {
    const stateDir = join(bench, `state-${size}`);
    const distRoot = join(bench, `dist-${size}`);
    const workspaceRoot = join(bench, `build-${size}`);
    for (const dir of [stateDir, distRoot, workspaceRoot, join(bench, "trivial"), join(bench, `prof-${size}`)]) rmSync(dir, { recursive: true, force: true });
    const log = (line: string) => console.log(`[${size}] ${line}`);
    await prepareCatalogue({ stateDir, products: size, fresh: true, log });
    const worker = await startLocalWorker({ port, persistTo: stateDir, assets: workerAssets });
    const build = async (
      label: string,
      options: { shop?: string; distRoot: string; workspaceRoot: string; env?: Record<string, string>; nodeArgs?: string[] },
    ) => {
      const lines: string[] = [];
      const loadBefore = load();
      try {
        return await buildShop(options.shop ?? shop, {
          graphqlUrl: `${worker.origin}/graphql`,
          distRoot: options.distRoot,
          workspaceRoot: options.workspaceRoot,
          env: options.env,
          nodeArgs: options.nodeArgs,
          reload: () => undefined,
          // Every shop into a folder, also those published to R2 (ADR 0053), which need the back office's builder calls.
          store: staticAssetStore(options.distRoot),
          log: (line) => lines.push(line),
        });
      } finally {
        writeFileSync(join(logs, `${label}.log`), `${lines.join("\n")}\n`);
        notes.push(`${label}: load average ${loadBefore} before, ${load()} after`);
      }
    };
    try {
      // Cold build and trivial template in turns, --repeat times; the median pair stands in the table.
      const pairs: { cold: BuildReport; trivial: BuildReport }[] = [];
      for (let run = 1; run <= repeat; run += 1) {
        const suffix = repeat > 1 ? `-${run}` : "";
        for (const dir of [distRoot, workspaceRoot]) rmSync(dir, { recursive: true, force: true });
        log(`cold build of ${shop}${repeat > 1 ? ` (${run}/${repeat})` : ""} ...`);
        const profDir = join(bench, `prof-${size}`);
        const profile = values["cpu-prof"] && run === 1;
        const cold = await build(`${shop}-${size}-cold${suffix}`, {
          distRoot,
          workspaceRoot,
          nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : undefined,
        });
        steps.push(`${shop} ${size} products, cold build${suffix}: ${slowestSteps(join(logs, `${shop}-${size}-cold${suffix}.log`))}`);
        if (profile) steps.push(`${shop} ${size} products, CPU profile (self time, all processes):\n${cpuProfileTop(profDir, 15)}`);
        log(`trivial template, ${cold.pages} pages ...`);
        rmSync(join(bench, "trivial"), { recursive: true, force: true });
        const trivial = await build(`trivial-${cold.pages}${suffix}`, {
          distRoot: join(bench, "trivial", "dist"),
          workspaceRoot: join(bench, "trivial", "build"),
          env: { BENCH_TRIVIAL_PAGES: String(cold.pages) },
        });
        pairs.push({ cold, trivial });
      }
      const { cold, trivial } = medianPair(pairs);
      const files = countFiles(join(distRoot, shop));
      const trivialFiles = countFiles(join(bench, "trivial", "dist", shop));
      rows.push({ label: `${shop} ${size} products`, report: cold, files, baseline: trivial });
      rows.push({ label: `trivial ${cold.pages} pages`, report: trivial, files: trivialFiles });
      for (const measured of rows.slice(-2)) log(row(measured));
      if (repeat > 1) {
        ratios.push(
          `${shop} ${size} products, ${repeat} pairs (cold build / trivial template): ${pairs
            .map((pair) => `${pair.cold.seconds.toFixed(1)} / ${pair.trivial.seconds.toFixed(1)} s = ${(pair.cold.seconds / pair.trivial.seconds).toFixed(2)}x`)
            .join(", ")}; the table shows the median pair`,
        );
        log(ratios[ratios.length - 1]!);
      }
      rmSync(join(bench, "trivial"), { recursive: true, force: true });

      const queryWorkers = values["query-workers"] ?? null;
      if (queryWorkers !== null && size <= 5000) {
        log(`cold build with ${queryWorkers} query workers ...`);
        const parallelRoot = join(bench, `build-${size}-parallel`);
        const parallelDist = join(bench, `dist-${size}-parallel`);
        const parallel = await build(`${shop}-${size}-query-workers-${queryWorkers}`, {
          distRoot: parallelDist,
          workspaceRoot: parallelRoot,
          // Gatsby's pool has GATSBY_CPU_COUNT less one workers.
          env: { GATSBY_CPU_COUNT: String(queryWorkers + 1) },
        });
        rows.push({ label: `${shop} ${size}, ${queryWorkers} workers`, report: parallel, files: countFiles(join(parallelDist, shop)), baseline: trivial });
        log(row(rows[rows.length - 1]!));
        steps.push(`${shop} ${size} products, ${queryWorkers} query workers: ${slowestSteps(join(logs, `${shop}-${size}-query-workers-${queryWorkers}.log`))}`);
        for (const dir of [parallelRoot, parallelDist]) rmSync(dir, { recursive: true, force: true });
      }

      if (size === incrementalSize) {
        // A warm build without changes (it must rewrite nothing, also the first after a cold
        // build: docs/decisions/0001), then one price change (--incremental-runs times, each
        // changing the price again; the median run is reported).
        log("warm rebuild without changes ...");
        const settle = await build(`${shop}-${size}-warm`, { distRoot, workspaceRoot });
        const rebuilds: { sku: string; report: BuildReport }[] = [];
        for (let run = 1; run <= incrementalRuns; run += 1) {
          const sku = await changeOnePrice(`${worker.origin}/graphql`, shop, stateDir, bench);
          log(`incremental rebuild after a price change of ${sku}${incrementalRuns > 1 ? ` (${run}/${incrementalRuns})` : ""} ...`);
          const suffix = incrementalRuns > 1 ? `-${run}` : "";
          rebuilds.push({ sku, report: await build(`${shop}-${size}-incremental${suffix}`, { distRoot, workspaceRoot }) });
        }
        const { sku, report: rebuild } = medianBy(rebuilds, (run) => run.report.seconds);
        const runs = rebuilds.length > 1 ? `, the median of ${rebuilds.map((run) => run.report.seconds.toFixed(1)).join(", ")} s` : "";
        incremental = [
          `first warm rebuild, no change (${size} products): ${settle.rewrittenPages.length} pages rewritten in ${settle.seconds.toFixed(1)} s`,
          `incremental rebuild (${size} products, price of ${sku} changed): ${rebuild.rewrittenPages.length} pages rewritten in ${rebuild.seconds.toFixed(1)} s${runs} (${percent(rebuild.seconds, cold.seconds)} of the cold build; target: at most 15 %), peak ${rebuild.peakRssMb} MiB`,
          ...rebuild.rewrittenPages.map((page) => `  rewrote ${page}`),
        ].join("\n");
        log(incremental);
      }

      if (size === allShopsSize) {
        const shops = loadShopConfig().shops.map((candidate) => candidate.id);
        log(`full rebuild of all ${shops.length} shops, ${concurrency} at a time ...`);
        const started = Date.now();
        const root = join(bench, `all-${size}`);
        rmSync(root, { recursive: true, force: true });
        const queue = [...shops];
        const results: { shop: string; report: BuildReport; files: number }[] = [];
        const buildFromQueue = async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const report = await build(`all-${size}-${next}`, { shop: next, distRoot: join(root, "dist"), workspaceRoot: join(root, "build") });
            results.push({ shop: next, report, files: countFiles(join(root, "dist", next)).count });
            log(`  ${next}: ${report.pages} pages in ${report.seconds.toFixed(1)} s`);
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, shops.length) }, buildFromQueue));
        const wall = (Date.now() - started) / 1000;
        const serial = results.reduce((sum, result) => sum + result.report.seconds, 0);
        allShops = [
          `full rebuild of all ${shops.length} shops at ${size} products, ${concurrency} builds at a time: wall ${wall.toFixed(1)} s (the builds' own times add up to ${serial.toFixed(1)} s)`,
          ...results
            .sort((a, b) => a.shop.localeCompare(b.shop))
            .map(
              (result) =>
                `  ${result.shop.padEnd(6)} ${String(result.report.pages).padStart(7)} pages ${result.report.seconds.toFixed(1).padStart(7)} s  peak ${String(result.report.peakRssMb).padStart(5)} MiB  ${String(result.files).padStart(7)} files (${percent(result.files, WORKERS_ASSET_FILE_LIMIT)} of the limit)`,
            ),
          `  in CI each shop is a job of its own (the matrix of .github/workflows), so the wall time there is the slowest shop's build, ${Math.max(...results.map((result) => result.report.seconds)).toFixed(1)} s here`,
        ].join("\n");
        rmSync(root, { recursive: true, force: true });
        log(allShops);
      }
    } finally {
      await worker.stop();
    }
  }

  console.log(
    `\nbuild benchmark (${availableParallelism()} cores; load average now ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")})`,
  );
  console.log(
    [
      "case".padEnd(28),
      "pages".padStart(7),
      "seconds".padStart(9),
      "pages/s".padStart(9),
      "peak MiB".padStart(9),
      "files".padStart(8),
      "MB".padStart(8),
      "of 100k".padStart(8),
      "vs trivial".padStart(11),
    ].join(" "),
  );
  for (const measured of rows) console.log(row(measured));
  console.log(
    `\nfiles: what the build writes to dist/<SHOP> (HTML, page-data and assets); a Workers deployment holds at most ${WORKERS_ASSET_FILE_LIMIT.toLocaleString("en")} (20,000 on the free plan)`,
  );
  if (ratios.length > 0) console.log(`\n${ratios.join("\n")}`);
  if (incremental) console.log(`\n${incremental}`);
  if (allShops) console.log(`\n${allShops}`);
  console.log(`\nslowest Gatsby steps\n${steps.join("\n")}`);
  console.log(`\nload\n${notes.join("\n")}`);
}

function percent(part: number, whole: number): string {
  return `${((part / whole) * 100).toFixed(1)} %`;
}

function row({ label, report, files, baseline }: Measured): string {
  const rate = report.pages / report.seconds;
  return [
    label.padEnd(28),
    String(report.pages).padStart(7),
    report.seconds.toFixed(1).padStart(9),
    rate.toFixed(1).padStart(9),
    String(report.peakRssMb).padStart(9),
    String(files.count).padStart(8),
    (files.bytes / 1e6).toFixed(0).padStart(8),
    percent(files.count, WORKERS_ASSET_FILE_LIMIT).padStart(8),
    (baseline ? `${(report.seconds / baseline.seconds).toFixed(2)}x` : "").padStart(11),
  ].join(" ");
}

/** Raises the package price of the first product by 1.00 through the merchandiser import. */
async function changeOnePrice(graphqlUrl: string, shop: string, stateDir: string, bench: string): Promise<string> {
  const response = await fetch(graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
    body: JSON.stringify({
      query: `query($shop: ID!) { shop(id: $shop) { currency defaultLanguage } }`,
      variables: { shop },
    }),
  });
  const { data } = (await response.json()) as { data: { shop: { currency: "EUR" | "CHF"; defaultLanguage: string } } };
  const products = await fetch(graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
    body: JSON.stringify({
      query: `query($shop: ID!, $language: String!) { products(shop: $shop, language: $language, first: 1) { nodes { sku packageContent price { packagePrice { value } } } } }`,
      variables: { shop, language: data.shop.defaultLanguage },
    }),
  });
  const product = (
    (await products.json()) as { data: { products: { nodes: { sku: string; packageContent: number; price: { packagePrice: { value: number } } }[] } } }
  ).data.products.nodes[0]!;
  const packagePrice = Math.round((product.price.packagePrice.value + 1) * 100) / 100;
  const file = join(bench, "price-change.json");
  writeFileSync(
    file,
    JSON.stringify({
      prices: [
        { sku: product.sku, shop, currency: data.shop.currency, packagePrice, unitPrice: Math.round((packagePrice / product.packageContent) * 100) / 100 },
      ],
    }),
  );
  await runTsxScript("import-catalogue.ts", [file], { stateDir, log: (line) => console.log(line) });
  return product.sku;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
