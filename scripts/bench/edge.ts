/**
 * `npm run bench:edge`: one product page through the worker and through a plain static
 * file server (Node, reading the same file from disk per request), and one API GET
 * through the worker and against the shop API directly (its own worker, no edge).
 * Load from Debian's `wrk` on loopback (bounded: a few seconds per case). Prints
 * requests/s, p50 and p99 for both sides and their ratio; the page and the API GET also
 * through the worker in workerd as deployed (no wrangler dev proxy in front).
 * In workerd the page is measured against the runtime's own floor, a bare worker that
 * only returns the same file from the assets binding (assets-floor-worker.ts), in
 * alternating rounds of the same run (medians), with the CPU time workerd spends per
 * request on each (from /proc); the page should stay within 1.25x of the floor.
 * Options: `npm run bench:edge -- --help`. Needs `wrk` (apt-get install wrk).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { listFiles } from "../lib/sync-directory";
import { measureEdgeCpu } from "./edge-cpu";
import { cpuSeconds, newWorkerd, workerdProcesses } from "../lib/workerd-processes";
import { medianRun, requireWrk, wrk, type WrkResult } from "./wrk";
import { prepareCatalogue, startAndBuild } from "../lib/local-shops";
import { startLocalWorker } from "../lib/local-worker";
import { startWorkerdWorker } from "../lib/workerd-worker";
import { runCommandLine, type CommandSpec, type OptionSpec } from "../lib/cli";
import { ROOT } from "../lib/shops";

const EDGE_PORT = 8796;
/** Not 8797: that is the browser tests' port (the test hosts of config/shops.json). */
const STATIC_PORT = 8799;
const API_PORT = 8798;
const WORKERD_PORT = 8795;
const FLOOR_PORT = 8794;
const FLOOR_WORKER = "scripts/bench/assets-floor-worker.ts";
/** How much slower than the floor the page may be served in workerd. */
const FLOOR_TARGET = 1.25;
const HOST = "de.localhost:8787";
const API_PATH = "/apiv2/shipping/costs/current-country";

interface WorkerdRun extends WrkResult {
  /** CPU time of the workerd process per request, ms. */
  cpuMs: number;
}

const COMMAND = {
  command: "npm run bench:edge --",
  summary: "Page throughput and latency of the edge with wrk (apt-get install wrk), and its CPU per request.",
  options: {
    seconds: { type: "integer", default: 8, min: 1, description: "seconds per wrk run" },
    connections: { type: "integer", default: 16, min: 1, description: "wrk connections" },
    rounds: { type: "integer", default: 5, min: 1, description: "rounds per case (the median is reported)" },
  },
  examples: ["npm run bench:edge", "npm run bench:edge -- --seconds 4 --rounds 3"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values } = runCommandLine(COMMAND);
  requireWrk("bench:edge");
  const bench = join(ROOT, ".bench", "edge");
  const log = (line: string) => console.log(`[bench:edge] ${line}`);
  const options = {
    stateDir: join(bench, "state"),
    distRoot: join(bench, "dist"),
    workspaceRoot: join(bench, "build"),
    port: EDGE_PORT,
    products: 300,
    shops: ["DE"],
    actor: "bench:edge",
    log,
  };
  await prepareCatalogue(options);
  const { worker: edge } = await startAndBuild(options);
  const api = await startLocalWorker({ port: API_PORT, persistTo: options.stateDir, assets: options.distRoot, script: "worker/shop-api/main.ts" });
  const before = workerdProcesses();
  const deployed = await startWorkerdWorker({ port: WORKERD_PORT, persistTo: options.stateDir, assets: options.distRoot, outDir: join(bench, "workerd") });
  const deployedPid = newWorkerd(before);
  const beforeFloor = workerdProcesses();
  const floor = await startWorkerdWorker({
    port: FLOOR_PORT,
    persistTo: options.stateDir,
    assets: options.distRoot,
    outDir: join(bench, "floor"),
    script: FLOOR_WORKER,
  });
  const floorPid = newWorkerd(beforeFloor);
  const shopDir = join(options.distRoot, "DE");
  const page = "/" + listFiles(shopDir).find((file) => /-\d{6}\.html$/.test(file) && !file.includes("/"))!;
  const staticServer = createServer((request, response) => {
    try {
      const body = readFileSync(join(shopDir, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)));
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => staticServer.listen(STATIC_PORT, "127.0.0.1", resolve));

  try {
    const wrkArgs = ["-t2", `-c${values.connections}`, `-d${values.seconds}s`, "--latency"];
    log(`product page ${page}`);
    const pageEdge = await wrk([...wrkArgs, "-H", `Host: ${HOST}`, `${edge.origin}${page}`]);
    const pageStatic = await wrk([...wrkArgs, `http://127.0.0.1:${STATIC_PORT}${page}`]);
    log(`API GET ${API_PATH}`);
    const apiEdge = await wrk([...wrkArgs, "-H", `Host: ${HOST}`, `${edge.origin}${API_PATH}`]);
    const apiDirect = await wrk([...wrkArgs, "-H", "x-shop-id: DE", `${api.origin}${API_PATH}`]);
    log("the same through the worker in workerd (the runtime as deployed, no wrangler dev proxy)");
    const apiDeployed = await wrk([...wrkArgs, "-H", `Host: ${HOST}`, `${deployed.origin}${API_PATH}`]);
    const rounds = values.rounds;
    log(`page in workerd: the worker against the assets-only floor, ${rounds} alternating rounds`);
    const deployedRuns: WorkerdRun[] = [];
    const floorRuns: WorkerdRun[] = [];
    for (let round = 0; round < rounds; round += 1) {
      floorRuns.push(await wrkWithCpu(floorPid, [...wrkArgs, "-H", `Host: ${HOST}`, `${floor.origin}${page}`]));
      deployedRuns.push(await wrkWithCpu(deployedPid, [...wrkArgs, "-H", `Host: ${HOST}`, `${deployed.origin}${page}`]));
    }
    const pageDeployed = medianRun(deployedRuns);
    const pageFloor = medianRun(floorRuns);

    console.log(`\nedge benchmark (wrk ${wrkArgs.join(" ")}; 2-core machine; the worker under wrangler dev and in workerd)`);
    console.log(["case".padEnd(48), "req/s".padStart(9), "p50 ms".padStart(8), "p99 ms".padStart(8)].join(" "));
    const line = (label: string, r: WrkResult) =>
      console.log([label.padEnd(48), r.rps.toFixed(0).padStart(9), r.p50.toFixed(2).padStart(8), r.p99.toFixed(2).padStart(8)].join(" "));
    line("page through the worker", pageEdge);
    line("page from a static file server", pageStatic);
    line("API GET through the worker", apiEdge);
    line("API GET to the shop API directly", apiDirect);
    line("API GET through the worker in workerd", apiDeployed);
    line(`page through the worker in workerd (median of ${rounds})`, pageDeployed);
    line(`page from ASSETS alone in workerd (floor)`, pageFloor);
    for (const [runtime, result] of [
      ["wrangler dev", pageEdge],
      ["workerd", pageDeployed],
    ] as const) {
      console.log(
        `page (${runtime}): the worker reaches ${((result.rps / pageStatic.rps) * 100).toFixed(0)}% of the static server's req/s (target >= 50%), adds ${(result.p50 - pageStatic.p50).toFixed(2)} ms at p50 (target < 1 ms)`,
      );
    }
    const throughput = pageFloor.rps / pageDeployed.rps;
    const latency = pageDeployed.p50 / pageFloor.p50;
    console.log(
      `page (workerd) against the floor: ${throughput.toFixed(2)}x in req/s, ${latency.toFixed(2)}x at p50 (target <= ${FLOOR_TARGET}x: ${Math.max(throughput, latency) <= FLOOR_TARGET ? "met" : "NOT met"}); rounds worker ${deployedRuns.map((run) => run.rps.toFixed(0)).join("/")} req/s, floor ${floorRuns.map((run) => run.rps.toFixed(0)).join("/")} req/s`,
    );
    console.log(
      `CPU time of workerd per page request: worker ${pageDeployed.cpuMs.toFixed(3)} ms, floor ${pageFloor.cpuMs.toFixed(3)} ms -> the worker's own ${(pageDeployed.cpuMs - pageFloor.cpuMs).toFixed(3)} ms (${(pageDeployed.cpuMs / pageFloor.cpuMs).toFixed(2)}x)`,
    );
    const cpu = await measureEdgeCpu(options.distRoot, page);
    console.log(
      `worker code alone (in-process, per page request): p50 ${cpu.edge.p50.toFixed(3)} ms, p99 ${cpu.edge.p99.toFixed(3)} ms; reading the file: p50 ${cpu.plain.p50.toFixed(3)} ms -> the edge adds ${(cpu.edge.p50 - cpu.plain.p50).toFixed(3)} ms at p50`,
    );
    console.log(
      `API: the edge adds ${(apiEdge.p50 - apiDirect.p50).toFixed(2)} ms at p50, ${((apiEdge.rps / apiDirect.rps) * 100).toFixed(0)}% of direct req/s`,
    );
  } finally {
    staticServer.close();
    await floor.stop();
    await deployed.stop();
    await api.stop();
    await edge.stop();
  }
}

/** Runs wrk (asynchronously: the static server lives in this process) and reads requests/s and the 50%/99% latencies (ms). */
/** A wrk run against a worker in workerd, with the CPU time its workerd process spent per request. */
async function wrkWithCpu(pid: number, args: string[]): Promise<WorkerdRun> {
  const start = cpuSeconds(pid);
  const result = await wrk(args);
  return { ...result, cpuMs: ((cpuSeconds(pid) - start) * 1000) / result.requests };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
