/**
 * `npm run bench:assets` (docs/decisions/0053): the two asset stores side by side.
 *
 * 1. Builds the DE shop (300 demo products) through the pipeline into `.bench/assets/`.
 * 2. Starts the worker in workerd as deployed (scripts/bench/assets-worker.ts: the project's worker,
 *    and the same edge with DE on R2 behind the `x-bench-store: r2` header).
 * 3. Publishes the build to that worker's R2 bucket through the builder calls, cold (every file)
 *    and again unchanged (no file uploaded), and prints files, objects, bytes and seconds.
 * 4. Measures one product page through the worker from static assets and from R2 (the Cache API
 *    warmed first) with wrk, in alternating rounds of the same run, and prints req/s, p50, p99 and
 *    the ratio R2/static (target >= 0.8x), with the machine's load average.
 *
 * Options: `npm run bench:assets -- --help`. Needs `wrk` (apt-get install wrk).
 */
import { loadavg } from "node:os";
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { r2AssetStore } from "@builder/asset-store";
import { countFiles } from "./build-report";
import { medianRun, requireWrk, wrk, type WrkResult } from "./wrk";
import { workerBucketClient } from "@builder/site-bucket";
import { prepareCatalogue, startAndBuild } from "../lib/local-shops";
import { localSecret } from "../lib/local-worker";
import { runCommandLine, type CommandSpec, type OptionSpec } from "../lib/cli";
import { ROOT } from "../lib/shops";
import { listFiles } from "../lib/sync-directory";
import { startWorkerdWorker } from "../lib/workerd-worker";

/** Ports of their own: not 8787 (npm start), 8797 (browser tests), bench:build/api (8790/8791) nor bench:edge (8794-8799). */
const BUILD_PORT = 8785;
const WORKERD_PORT = 8786;
const HOST = "de.localhost:8787";
const BACK_OFFICE_HOST = "admin.localhost:8787";
const TARGET = 0.8;

const COMMAND = {
  command: "npm run bench:assets --",
  summary: "Static file throughput of the worker with wrk (apt-get install wrk).",
  options: {
    seconds: { type: "integer", default: 6, min: 1, description: "seconds per wrk run" },
    connections: { type: "integer", default: 16, min: 1, description: "wrk connections" },
    rounds: { type: "integer", default: 5, min: 1, description: "rounds per case (the median is reported)" },
    products: { type: "integer", default: 300, min: 1, description: "products in the bench's catalogue" },
    reuse: { type: "boolean", description: "reuse the last run's build" },
  },
  examples: ["npm run bench:assets", "npm run bench:assets -- --reuse --rounds 3"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values } = runCommandLine(COMMAND);
  requireWrk("bench:assets");
  const bench = join(ROOT, ".bench", "assets");
  const log = (line: string) => console.log(`[bench:assets] ${line}`);
  const options = {
    stateDir: join(bench, "state"),
    distRoot: join(bench, "dist"),
    workspaceRoot: join(bench, "build"),
    port: BUILD_PORT,
    products: values.products,
    shops: ["DE"],
    actor: "bench:assets",
    log,
  };
  if (!values.reuse || !existsSync(join(options.distRoot, "DE"))) {
    await prepareCatalogue(options);
    const { worker: builder } = await startAndBuild(options);
    await builder.stop();
  } else log("--reuse: the DE build of the last run");
  const build = realpathSync(join(options.distRoot, "DE"));
  const files = countFiles(build).count;
  const page = "/" + listFiles(build).find((file) => /-\d{6}\.html$/.test(file) && !file.includes("/"))!;

  const worker = await startWorkerdWorker({
    port: WORKERD_PORT,
    persistTo: options.stateDir,
    assets: options.distRoot,
    outDir: join(bench, "workerd"),
    script: "scripts/bench/assets-worker.ts",
  });
  try {
    const bucket = workerBucketClient({ origin: worker.origin, host: BACK_OFFICE_HOST, token: localSecret("BUILDER_TOKEN") });
    const store = r2AssetStore(bucket);
    const timed = async (label: string) => {
      const started = Date.now();
      const result = await store.publish({ source: build, shop: "DE" });
      const seconds = (Date.now() - started) / 1000;
      log(
        `${label}: ${files} files, ${result.uploaded} objects uploaded (${((result.uploadedBytes ?? 0) / 1024 / 1024).toFixed(1)} MiB), ${result.unchanged} unchanged, ${seconds.toFixed(2)} s (${(files / seconds).toFixed(0)} files/s)`,
      );
      return { ...result, seconds };
    };
    const cold = await timed("publish to R2, cold");
    const warm = await timed("publish to R2, nothing changed");

    const wrkArgs = ["-t2", `-c${values.connections}`, `-d${values.seconds}s`, "--latency"];
    const target = `${worker.origin}${page}`;
    // Both answers are the same page; the R2 one warmed through the Cache API (and the isolate's shard memory).
    const staticBody = await fetchText(target, { host: HOST });
    const r2Body = await fetchText(target, { host: HOST, "x-bench-store": "r2" });
    if (staticBody !== r2Body) throw new Error(`the page ${page} differs between the stores`);
    await wrk([...wrkArgs.slice(0, 2), "-d2s", "--latency", "-H", `Host: ${HOST}`, "-H", "x-bench-store: r2", target]);
    await wrk([...wrkArgs.slice(0, 2), "-d2s", "--latency", "-H", `Host: ${HOST}`, target]);
    const rounds = values.rounds;
    const staticRuns: WrkResult[] = [];
    const r2Runs: WrkResult[] = [];
    const loadBefore = loadavg()[0]!;
    for (let round = 0; round < rounds; round += 1) {
      staticRuns.push(await wrk([...wrkArgs, "-H", `Host: ${HOST}`, target]));
      r2Runs.push(await wrk([...wrkArgs, "-H", `Host: ${HOST}`, "-H", "x-bench-store: r2", target]));
      log(`round ${round + 1}: static ${staticRuns.at(-1)!.rps.toFixed(0)} req/s, R2 ${r2Runs.at(-1)!.rps.toFixed(0)} req/s`);
    }
    const loadAfter = loadavg()[0]!;
    const staticMedian = medianRun(staticRuns);
    const r2Median = medianRun(r2Runs);
    const ratio = r2Median.rps / staticMedian.rps;

    console.log(`\nasset stores (DE, ${files} files, product page ${page}, ${staticBody.length} bytes; wrk ${wrkArgs.join(" ")}; worker in workerd)`);
    console.log(["case".padEnd(44), "req/s".padStart(9), "p50 ms".padStart(8), "p99 ms".padStart(8)].join(" "));
    const line = (label: string, r: WrkResult) =>
      console.log([label.padEnd(44), r.rps.toFixed(0).padStart(9), r.p50.toFixed(2).padStart(8), r.p99.toFixed(2).padStart(8)].join(" "));
    line(`page from static assets (median of ${rounds})`, staticMedian);
    line(`page from R2, Cache API warm (median of ${rounds})`, r2Median);
    console.log(
      `R2 / static: ${ratio.toFixed(2)}x req/s (target >= ${TARGET}x: ${ratio >= TARGET ? "met" : "NOT met"}), ${(r2Median.p50 / staticMedian.p50).toFixed(2)}x p50; rounds static ${staticRuns.map((run) => run.rps.toFixed(0)).join("/")}, R2 ${r2Runs.map((run) => run.rps.toFixed(0)).join("/")}`,
    );
    console.log(
      `publish to R2 through the builder calls: cold ${cold.uploaded} objects in ${cold.seconds.toFixed(2)} s (${(files / cold.seconds).toFixed(0)} files/s); unchanged build ${warm.uploaded} objects in ${warm.seconds.toFixed(2)} s`,
    );
    console.log(`load average (1 min) ${loadBefore.toFixed(2)} before the rounds, ${loadAfter.toFixed(2)} after; 2-core machine`);
  } finally {
    await worker.stop();
  }
}

async function fetchText(url: string, headers: Record<string, string>): Promise<string> {
  const { request } = await import("node:http");
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path: target.pathname, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`${url}: HTTP ${res.statusCode} ${text.slice(0, 200)}`))));
    });
    req.on("error", reject);
    req.end();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
