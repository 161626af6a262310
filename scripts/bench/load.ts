/**
 * `npm run bench:load`: Black Friday traffic through the whole worker in workerd (the runtime as
 * deployed: edge, in-process shop API, local D1, R2 and the rebuild queue as wrangler.jsonc
 * binds them), on a state of its own (.bench/load: the demo catalogue, the DE build).
 *
 * Virtual shoppers, each visit a new session with its cookies and client address (load/mix.ts:
 * browsing 70 %, search 10 %, cart and samples 12 %, checkout 5 %, account and returns 3 %),
 * run without pauses; their number ramps in steps (--steps) of --seconds each until a step
 * breaks a limit (p95 pages <= 200 ms, p95 place order <= 500 ms, no errors). Per step and kind
 * of request: throughput, p50/p95/p99, errors by status; per step what each resource did:
 * workerd's CPU (its process, from /proc), the share of time D1 spent on writes (the worker's
 * D1 binding timed, load-worker.ts), the machine's CPU, and the load generator's own CPU and
 * event-loop lag (so the bench does not measure itself); at the end which resource saturated.
 *
 * Floors measured in the same run: the static page alone through the same worker (sequential,
 * and its throughput with as many connections as the last step), and one D1 write (a worker that
 * only INSERTs one row, d1-write-floor-worker.ts), with the ratios of the loaded figures to them.
 * Orders are cancelled after each step through the ERP's events (the stock comes back).
 *
 * Options: `npm run bench:load -- --help`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { listFiles } from "../lib/sync-directory";
import { isOrderable, productsQuery, type ProductNode } from "../lib/demo-products";
import { refuseUsage, runCommandLine, type CommandSpec, type OptionSpec } from "../lib/cli";
import { localSecret, type LocalWorker } from "../lib/local-worker";
import { startWorkerdWorker } from "../lib/workerd-worker";
import { ROOT } from "../lib/shops";
import { BACK_OFFICE_HOST, cancelEvent, placeOrderBody } from "../lib/bench-orders";
import { startCaptchaSolver } from "./load/captcha-solver";
import type { D1Counters } from "./load/d1-counters";
import { prepareLoadState } from "./load/prepare";
import { SCENARIOS, scenarioFor, type ShopWorld } from "./load/mix";
import { closeSessions, ShopperSession } from "./load/session";
import { brokenLimits, figuresTable, LOAD_LIMITS, PAGE_KIND, percentile, PLACE_ORDER_KIND, StepRecorder, type KindFigures } from "./load/stats";
import { LOGINS_PER_ACCOUNT, seedLoginAccounts } from "../lib/bench-login-accounts";
import { cpuSeconds, newWorkerd, workerdProcesses } from "../lib/workerd-processes";

const HOST = "de.localhost:8787";
const LOAD_WORKER = "scripts/bench/load-worker.ts";
const WRITE_FLOOR_WORKER = "scripts/bench/d1-write-floor-worker.ts";
/** Packages of each product the orders leave in stock. */
const STOCK_RESERVE = 10;
/** Event-loop lag (p99) of the generator above which its own figures are suspect. */
const GENERATOR_LAG_LIMIT_MS = 20;
/** Time the mail drain a placed order starts after its answer gets before the order's D1 cost is read. */
const ORDER_DRAIN_WAIT_MS = 500;
/** The most shoppers a step may run at once. */
const MAX_SHOPPERS = 2000;
/** Visits one shopper can make per second at most here (a visit is a few requests); sizes the seeded sign-ins. */
const MAX_VISITS_PER_SHOPPER_SECOND = 20;

const COMMAND = {
  command: "npm run bench:load --",
  summary:
    "Black Friday load: a mix of shoppers through the worker in workerd, ramped until p95 pages > 200 ms, p95 place order > 500 ms or errors; figures per step and kind, where it saturated, and the floors.",
  options: {
    steps: { type: "list", default: ["2", "4", "8", "16", "32", "64"], value: "n,n,...", description: "concurrent shoppers per step of the ramp" },
    seconds: { type: "integer", default: 15, min: 2, max: 600, description: "seconds per step" },
    products: { type: "integer", default: 200, min: 20, description: "products in the bench's catalogue" },
    port: { type: "integer", default: 8783, min: 1024, max: 65535, description: "port of the worker under load (the floor worker takes the next one)" },
    "build-port": {
      type: "integer",
      default: 8782,
      min: 1024,
      max: 65535,
      description: "port of wrangler dev while the DE shop is built (first run or --rebuild)",
    },
    rebuild: { type: "boolean", description: "build the DE shop again instead of reusing .bench/load/dist" },
    "keep-going": { type: "boolean", description: "run every step even after one broke a limit" },
  },
  examples: ["npm run bench:load", "npm run bench:load -- --steps 4,8,16 --seconds 10"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

interface StepResult {
  shoppers: number;
  seconds: number;
  figures: KindFigures[];
  broken: string[];
  /** Resources over the step. */
  workerdCpu: number;
  machineCpu: number;
  generatorCpu: number;
  lagP99: number;
  lagMax: number;
  d1: D1Counters & { elapsedMs: number };
}

const log = (line: string) => console.log(`[bench:load] ${line}`);

async function main() {
  const { values } = runCommandLine(COMMAND);
  const steps = values.steps.map((step) => {
    const n = Number(step);
    if (!/^\d+$/.test(step) || n < 1 || n > MAX_SHOPPERS) refuseUsage(COMMAND, `--steps: "${step}" is not a number of shoppers from 1 to ${MAX_SHOPPERS}`);
    return n;
  });
  const state = await prepareLoadState({ products: values.products, shops: ["DE"], buildPort: values["build-port"], rebuild: values.rebuild, log });
  // Sign-ins for the account visits of the longest run the steps allow.
  const visits = steps.reduce((sum, n) => sum + n, 0) * values.seconds * MAX_VISITS_PER_SHOPPER_SECOND;
  const accountShare = SCENARIOS.find((scenario) => scenario.name === "account and returns")!.share / 100;
  const logins = await seedLoginAccounts(Math.max(LOGINS_PER_ACCOUNT, Math.ceil(visits * accountShare)), log);
  const before = workerdProcesses();
  const worker = await startWorkerdWorker({
    port: values.port,
    persistTo: state.stateDir,
    assets: state.distRoot,
    script: LOAD_WORKER,
    outDir: join(ROOT, ".bench", "load", "workerd"),
    vars: { MAIL_TRANSPORT: "none" },
  });
  const pid = newWorkerd(before);
  const captcha = startCaptchaSolver();
  const results: StepResult[] = [];
  try {
    const world = await shopWorld(worker, state.distRoot, logins, captcha);
    log(
      `${world.pages.products.length} product pages, ${world.pages.others.length} other pages, ${world.orderable.length} orderable products; mix ${SCENARIOS.map((s) => `${s.name} ${s.share} %`).join(", ")}`,
    );
    const perOrder = await orderCost(worker, world);
    const pageFloor = await pageFloors(worker, world.pages, pid, steps.at(-1)!);
    for (const shoppers of steps) {
      log(`step: ${shoppers} shoppers for ${values.seconds} s ...`);
      const result = await runStep(worker, world, pid, shoppers, values.seconds);
      results.push(result);
      printStep(result);
      await cancelOrders(worker, world);
      if (result.broken.length > 0 && !values["keep-going"]) break;
    }
    await worker.stop();
    const writeFloor = await d1WriteFloor(state.stateDir, values.port + 1, steps.at(-1)!);
    printSummary(results, pageFloor, writeFloor, perOrder);
  } finally {
    await captcha.close();
    closeSessions();
    await worker.stop().catch(() => undefined);
  }
}

/** What the shoppers draw on: the build's pages, the orderable products (GraphQL, as the build reads them), search terms, the seeded sign-ins. */
async function shopWorld(worker: LocalWorker, distRoot: string, logins: string[], captcha: ShopWorld["captcha"]): Promise<ShopWorld> {
  const response = await fetch(`${worker.origin}/graphql`, {
    method: "POST",
    headers: { host: HOST, "content-type": "application/json", authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
    body: JSON.stringify({ query: productsQuery("DE") }),
  });
  const nodes = ((await response.json()) as { data: { products: { nodes: ProductNode[] } } }).data.products.nodes;
  const orderable = nodes.filter(isOrderable).map((product) => ({ product, left: Math.max(0, product.stock.quantity - STOCK_RESERVE) }));
  const files = listFiles(join(distRoot, "DE")).filter((file) => file.endsWith(".html") && !file.startsWith("_"));
  // Pages a shopper browses to: those the edge serves as they are (not the account's, the 404 page, build fragments).
  const served = await servedPages(
    worker,
    files.filter((file) => file !== "index.html").map((file) => `/${file.replace(/index\.html$/, "")}`),
  );
  const products = served.filter((path) => /-\d{6}\.html$/.test(path));
  const others = served.filter((path) => !/-\d{6}\.html$/.test(path));
  if (orderable.length === 0 || products.length === 0 || others.length === 0)
    throw new Error("the DE build or catalogue has no orderable products or pages: try --rebuild");
  const searchTerms = [...new Set(nodes.flatMap((node) => node.content.title.split(/\s+/)).filter((word) => word.length >= 5))];
  return {
    pages: { home: "/", products, others },
    orderable,
    // As bench:api: samples of products a visitor can order (an ended product has no samples either).
    sampleSkus: orderable.filter(({ product }) => product.samples.active).map(({ product }) => product.sku),
    searchTerms,
    logins,
    placed: [],
    toCancel: [],
    captcha,
  };
}

/** The paths the edge answers with 200 (each asked once, untimed); names those it does not. */
async function servedPages(worker: LocalWorker, paths: string[]): Promise<string[]> {
  const session = new ShopperSession({ port: portOf(worker), host: HOST, recorder: () => new StepRecorder() });
  const served: string[] = [];
  const refused: string[] = [];
  for (const path of paths) ((await session.call(PAGE_KIND, "GET", path)).status === 200 ? served : refused).push(path);
  if (refused.length > 0)
    log(
      `${refused.length} of the build's pages are not served as they are and not browsed (${refused.slice(0, 4).join(", ")}${refused.length > 4 ? ", ..." : ""})`,
    );
  return served;
}

async function d1Counters(worker: LocalWorker): Promise<D1Counters & { elapsedMs: number }> {
  return (await (await fetch(`${worker.origin}/__bench/d1`)).json()) as D1Counters & { elapsedMs: number };
}

/** What one placed order costs the database: its round trips and statements, alone (the cart filled before). */
async function orderCost(worker: LocalWorker, world: ShopWorld): Promise<D1Counters & { elapsedMs: number }> {
  const recorder = new StepRecorder();
  const session = new ShopperSession({ port: portOf(worker), host: HOST, recorder: () => recorder });
  const scenario = SCENARIOS.find((s) => s.name === "checkout")!;
  // The checkout once to warm up, then the order alone is counted: the cart is filled and quoted first.
  await scenario.run(session, world);
  const entry = world.orderable.find((e) => e.left > 0)!;
  const shopper = new ShopperSession({ port: portOf(worker), host: HOST, recorder: () => recorder });
  await shopper.call("cart write", "POST", "/apiv2/cart/", { body: { sku: entry.product.sku, quantity: 1 } });
  await shopper.call("quote", "GET", "/apiv2/checkout/quote");
  await d1Counters(worker);
  const answer = await shopper.call(PLACE_ORDER_KIND, "POST", "/apiv2/checkout/order", { body: placeOrderBody("bench.cost@example.com"), idempotent: true });
  // The outbox drain the order starts after its answer (waitUntil) is part of its cost: let it finish.
  await new Promise((resolve) => setTimeout(resolve, ORDER_DRAIN_WAIT_MS));
  const cost = await d1Counters(worker);
  if (answer.status !== 200) throw new Error(`placing the probe order answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  world.toCancel.push((JSON.parse(answer.body) as { data: { orderNumber: string } }).data.orderNumber);
  await cancelOrders(worker, world);
  return cost;
}

function portOf(worker: LocalWorker): number {
  return Number(new URL(worker.origin).port);
}

interface PageFloor {
  connections: number;
  sequential: KindFigures;
  concurrent: KindFigures;
  /** workerd CPU time per page request, ms. */
  cpuMs: number;
}

/** The static page alone through the same worker: sequential, then closed-loop with `connections` at once. */
async function pageFloors(worker: LocalWorker, pages: ShopWorld["pages"], pid: number, connections: number): Promise<PageFloor> {
  log(`floor: the static pages alone through the same worker (sequential, then ${connections} at once) ...`);
  const paths = [pages.home, ...pages.products.slice(0, 20), ...pages.others.slice(0, 20)];
  const run = async (parallel: number, seconds: number) => {
    const recorder = new StepRecorder();
    const session = new ShopperSession({ port: portOf(worker), host: HOST, recorder: () => recorder });
    const end = Date.now() + seconds * 1000;
    const cpuBefore = cpuSeconds(pid);
    let i = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (Date.now() < end) await session.call(PAGE_KIND, "GET", paths[i++ % paths.length]!);
      }),
    );
    const figures = recorder.figures(seconds).find((f) => f.kind === PAGE_KIND)!;
    return { figures, cpuMs: ((cpuSeconds(pid) - cpuBefore) * 1000) / figures.count };
  };
  await run(1, 2);
  const sequential = await run(1, 5);
  const concurrent = await run(connections, 5);
  return { connections, sequential: sequential.figures, concurrent: concurrent.figures, cpuMs: concurrent.cpuMs };
}

interface WriteFloor {
  connections: number;
  sequential: KindFigures;
  concurrent: KindFigures;
}

/** One D1 write per request, in a worker of its own on the same state: sequential, then `connections` at once. */
async function d1WriteFloor(stateDir: string, port: number, connections: number): Promise<WriteFloor> {
  log(`floor: one D1 write per request (${WRITE_FLOOR_WORKER}), sequential, then ${connections} at once ...`);
  const floor = await startWorkerdWorker({ port, persistTo: stateDir, script: WRITE_FLOOR_WORKER, outDir: join(ROOT, ".bench", "load", "floor") });
  try {
    const run = async (parallel: number, seconds: number) => {
      const recorder = new StepRecorder();
      const session = new ShopperSession({ port, host: HOST, recorder: () => recorder });
      const end = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          while (Date.now() < end) await session.call("one D1 write", "POST", "/");
        }),
      );
      return recorder.figures(seconds)[0]!;
    };
    await run(1, 2);
    return { connections, sequential: await run(1, 5), concurrent: await run(connections, 5) };
  } finally {
    await floor.stop();
  }
}

/** Idle and total jiffies of the whole machine (/proc/stat). */
function machineTicks(): { idle: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3]! + (fields[4] ?? 0), total: fields.reduce((sum, n) => sum + n, 0) };
}

async function runStep(worker: LocalWorker, world: ShopWorld, pid: number, shoppers: number, seconds: number): Promise<StepResult> {
  const recorder = new StepRecorder();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  await d1Counters(worker);
  const workerdBefore = cpuSeconds(pid);
  const machineBefore = machineTicks();
  const generatorBefore = process.cpuUsage();
  const started = Date.now();
  const end = started + seconds * 1000;
  lag.enable();
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (Date.now() < end) {
        const session = new ShopperSession({ port: portOf(worker), host: HOST, recorder: () => recorder });
        await scenarioFor(Math.random() * 100).run(session, world);
      }
    }),
  );
  lag.disable();
  const elapsed = (Date.now() - started) / 1000;
  const d1 = await d1Counters(worker);
  const generator = process.cpuUsage(generatorBefore);
  const machineAfter = machineTicks();
  const figures = recorder.figures(elapsed);
  return {
    shoppers,
    seconds: elapsed,
    figures,
    broken: brokenLimits(figures),
    workerdCpu: (cpuSeconds(pid) - workerdBefore) / elapsed,
    machineCpu: 1 - (machineAfter.idle - machineBefore.idle) / (machineAfter.total - machineBefore.total),
    generatorCpu: (generator.user + generator.system) / 1e6 / elapsed,
    lagP99: lag.percentile(99) / 1e6,
    lagMax: lag.max / 1e6,
    d1,
  };
}

/** The ERP cancels the step's orders: their stock is back for the next step and run. */
async function cancelOrders(worker: LocalWorker, world: ShopWorld): Promise<void> {
  const erp = new ShopperSession({ port: portOf(worker), host: BACK_OFFICE_HOST, recorder: () => new StepRecorder() });
  const authorization = `Bearer ${localSecret("ORDER_EVENTS_TOKEN")}`;
  const numbers = world.toCancel.splice(0);
  let cancelled = 0;
  for (const number of numbers) {
    const event = cancelEvent(number);
    const answer = await erp.call("order event", "POST", event.path, { body: event.body, headers: { authorization } });
    if (answer.status === 200) cancelled++;
    else if (cancelled === 0) log(`cancelling ${number} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  for (const entry of world.orderable) entry.left = Math.max(0, entry.product.stock.quantity - STOCK_RESERVE);
  if (numbers.length > 0) log(`${cancelled} of ${numbers.length} orders cancelled again (their stock is back)`);
}

const pct = (share: number) => `${(share * 100).toFixed(0)} %`;

/** Share of the step's time the database spent on writes, and on all calls (D1's own duration where it reports one, else the time the worker waited). */
function d1Shares(d1: StepResult["d1"]): { write: number; all: number; measure: string } {
  const reported = d1.write.dbMs + d1.read.dbMs > 0;
  const write = reported ? d1.write.dbMs : d1.write.wallMs;
  const read = reported ? d1.read.dbMs : d1.read.wallMs;
  return { write: write / d1.elapsedMs, all: (write + read) / d1.elapsedMs, measure: reported ? "D1's own execution time" : "the worker's wait for D1" };
}

function printStep(step: StepResult): void {
  const d1 = d1Shares(step.d1);
  console.log(
    `\n${step.shoppers} concurrent shoppers, ${step.seconds.toFixed(1)} s: ${step.broken.length === 0 ? "within the limits" : `BROKE ${step.broken.join("; ")}`}`,
  );
  for (const line of figuresTable(step.figures)) console.log(`  ${line}`);
  console.log(
    `  workerd CPU ${pct(step.workerdCpu)} of a core; machine CPU ${pct(step.machineCpu)} of all cores; ` +
      `D1 ${step.d1.write.roundTrips} write / ${step.d1.read.roundTrips} read round trips, writes ${pct(d1.write)} of the time, all D1 ${pct(d1.all)} (${d1.measure}); ` +
      `generator CPU ${pct(step.generatorCpu)}, event-loop lag p99 ${step.lagP99.toFixed(1)} ms (max ${step.lagMax.toFixed(1)} ms)`,
  );
  const routes = Object.entries(step.d1.byRoute).sort(([, a], [, b]) => b.wallMs - a.wallMs || b.roundTrips - a.roundTrips);
  const total = routes.reduce((sum, [, route]) => sum + route.wallMs, 0);
  console.log(
    `  D1 by route (share of the worker's wait for D1, round trips): ${routes
      .slice(0, 6)
      .map(([route, figures]) => `${route} ${total > 0 ? pct(figures.wallMs / total) : "-"} ${figures.roundTrips}`)
      .join(", ")}`,
  );
}

/** The resource the step ran out of, with its evidence. */
function saturation(step: StepResult): string {
  const d1 = d1Shares(step.d1);
  if (step.generatorCpu > 0.85 || (step.lagP99 > GENERATOR_LAG_LIMIT_MS && step.machineCpu < 0.9))
    return `the load generator itself (event-loop lag p99 ${step.lagP99.toFixed(1)} ms, CPU ${pct(step.generatorCpu)}): its figures are not the worker's`;
  if (step.lagP99 > GENERATOR_LAG_LIMIT_MS)
    return `the machine: ${pct(step.machineCpu)} of all cores busy and even the idle generator waits (event-loop lag p99 ${step.lagP99.toFixed(1)} ms at ${pct(step.generatorCpu)} CPU); workerd ${pct(step.workerdCpu)} of a core, D1 writes ${pct(d1Shares(step.d1).write)}`;
  if (step.workerdCpu >= 0.85) return `workerd's CPU: ${pct(step.workerdCpu)} of a core (the isolate runs on one thread), D1 ${pct(d1.all)} of the time`;
  if (d1.write >= 0.6) return `D1 writes: ${pct(d1.write)} of the time the database was writing (one writer per database), workerd CPU ${pct(step.workerdCpu)}`;
  if (step.machineCpu >= 0.9)
    return `the machine: ${pct(step.machineCpu)} of all cores busy (shared with other work), workerd ${pct(step.workerdCpu)}, generator ${pct(step.generatorCpu)}`;
  return `no single resource at its end: workerd CPU ${pct(step.workerdCpu)}, D1 writes ${pct(d1.write)}, machine ${pct(step.machineCpu)}, generator lag p99 ${step.lagP99.toFixed(1)} ms`;
}

function printSummary(results: StepResult[], pageFloor: PageFloor, writeFloor: WriteFloor, perOrder: D1Counters & { elapsedMs: number }): void {
  const carried = results.filter((step) => step.broken.length === 0).at(-1);
  const broke = results.find((step) => step.broken.length > 0);
  const figure = (step: StepResult | undefined, kind: string) => step?.figures.find((f) => f.kind === kind);
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}x` : "n/a");
  console.log(
    `\nSummary (2-core shared machine, local workerd and SQLite; limits p95 pages <= ${LOAD_LIMITS.pageP95Ms} ms, p95 place order <= ${LOAD_LIMITS.placeOrderP95Ms} ms, no errors)`,
  );
  const orderRoundTrips = perOrder.write.roundTrips + perOrder.read.roundTrips;
  console.log(
    `  one placed order (with the mail drain it starts after its answer): ${orderRoundTrips} D1 round trips (${perOrder.write.roundTrips} of them writing), ${perOrder.write.statements + perOrder.read.statements} statements (${perOrder.write.writeStatements + perOrder.read.writeStatements} writing); ` +
      `D1 busy ${(perOrder.write.dbMs + perOrder.read.dbMs).toFixed(1)} ms, worker waited ${(perOrder.write.wallMs + perOrder.read.wallMs).toFixed(1)} ms`,
  );
  console.log(
    `  floor, static page through the same worker: sequential p50 ${pageFloor.sequential.p50.toFixed(1)} ms p95 ${pageFloor.sequential.p95.toFixed(1)} ms; ` +
      `${pageFloor.concurrent.perSecond.toFixed(0)} pages/s with ${pageFloor.connections} at once (p95 ${pageFloor.concurrent.p95.toFixed(1)} ms), workerd CPU ${pageFloor.cpuMs.toFixed(2)} ms per page -> ${(1000 / pageFloor.cpuMs).toFixed(0)} pages/s per isolate at a full core`,
  );
  console.log(
    `  floor, one D1 write: sequential p50 ${writeFloor.sequential.p50.toFixed(1)} ms p95 ${writeFloor.sequential.p95.toFixed(1)} ms; ` +
      `${writeFloor.concurrent.perSecond.toFixed(0)} writes/s with ${writeFloor.connections} at once (p95 ${writeFloor.concurrent.p95.toFixed(1)} ms) -> at ${perOrder.write.roundTrips} writing round trips per order at most ${(writeFloor.concurrent.perSecond / Math.max(1, perOrder.write.roundTrips)).toFixed(0)} orders/s if the database did nothing else`,
  );
  if (carried) {
    const pages = figure(carried, PAGE_KIND);
    const orders = figure(carried, PLACE_ORDER_KIND);
    const all = carried.figures.reduce((sum, f) => sum + f.perSecond, 0);
    console.log(
      `  carried: ${carried.shoppers} concurrent shoppers, ${all.toFixed(0)} requests/s, ${pages?.perSecond.toFixed(1) ?? 0} page views/s (p95 ${pages?.p95.toFixed(1) ?? "-"} ms = ${ratio(pages?.p95 ?? 0, pageFloor.sequential.p95)} the page floor's), ` +
        `${orders?.perSecond.toFixed(2) ?? 0} orders/s (p95 ${orders?.p95.toFixed(1) ?? "-"} ms = ${ratio(orders?.p95 ?? 0, writeFloor.sequential.p95)} the one-write floor's)`,
    );
    console.log(`  page views/s carried = ${ratio(pages?.perSecond ?? 0, pageFloor.concurrent.perSecond)} the page floor's throughput`);
  } else console.log("  carried: not even the first step kept the limits");
  const last = broke ?? results.at(-1);
  if (last)
    console.log(
      `  ${broke ? `broke at ${broke.shoppers} shoppers (${broke.broken.join("; ")})` : `the last step (${last.shoppers} shoppers) still kept the limits`}; saturated: ${saturation(last)}`,
    );
  const allOrders = results.flatMap((step) => step.figures.filter((f) => f.kind === PLACE_ORDER_KIND));
  if (allOrders.length > 0)
    console.log(
      `  place order p95 by step: ${allOrders.map((f) => f.p95.toFixed(0)).join(" / ")} ms (p50 of those ${percentile(
        allOrders.map((f) => f.p50).sort((a, b) => a - b),
        50,
      ).toFixed(0)} ms)`,
    );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
