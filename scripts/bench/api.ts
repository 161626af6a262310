/**
 * `npm run bench:api`: latency of the live commerce calls through the whole worker
 * (edge -> shop API -> local D1): cart add, cart get, delivery and sample add; once in
 * workerd through Miniflare (the runtime as deployed, scripts/lib/workerd-worker.ts) and
 * once under `wrangler dev` (the development harness, with its proxy and inspector). A bounded, sequential loop of requests on loopback per call, each
 * with `Host: de.localhost:8787` so the edge picks the DE shop, and the token cookie
 * the edge hands out. Prints p50/p95/p99 per call (target: p95 under 10 ms here), and a
 * baseline: a call through edge and shop API that runs no D1 query. A second figure per
 * call is the shop API's time as the edge reports it (Server-Timing `shop-api`, whole
 * milliseconds): the time inside the worker, without wrangler's dev proxy and loopback HTTP.
 * Last, the floors (d1-floor-worker.ts, under the same harness on the same D1): a worker that only
 * runs one `SELECT 1`, and the order's I/O alone (its write limit asked beside its first D1 batch, then its second, every
 * statement trivial) beside it: the share of an order's time that no code of the order can save;
 * and the same I/O in one batch, what an order read and written in one round trip could not beat.
 *
 * Place order (POST /apiv2/checkout/order, as the checkout sends it with an Idempotency-Key):
 * every measured request places a cart prepared before the loop (a visitor of its own with one
 * package of a product in stock), so only the order call is timed; the orders are spread over
 * the products with the most stock, and cancelled afterwards through the ERP's events endpoint
 * (which gives the stock back), so repeated runs never run out. Printed beside the one-read
 * floor (`one D1 read`: the same path with one D1 read) as a ratio; target p95 at most 3x. The floor
 * is measured beside the call (measuredBeside: blocks of each, alternating), not minutes apart;
 * the runtime's CPU per call is printed beside it (runtimeCpu).
 * The workers run without a mail transport (MAIL_TRANSPORT=none): the confirmation mail is
 * written in the order's batch as always, and sending it is not part of the request (without a
 * transport no drain follows the request; the cron's notes why the mail waits).
 *
 * Online payment (docs/decisions/0066, 0069): the same order call with PayPal, which DE takes
 * through the PayPal provider, against the local PayPal stand-in (scripts/lib/paypal-stand-in.ts,
 * on loopback: PayPal's own latency is not in it): the order's batch plus the token (fetched once,
 * then kept) and PayPal's order creation. Then each order is approved on the stand-in and its
 * CHECKOUT.ORDER.APPROVED delivered untimed (the shop captures), and the payment webhook is
 * timed: PAYMENT.CAPTURE.COMPLETED as PayPal sends it, verified at the stand-in, recorded once
 * with its ledger row. Both printed beside the one-read floor as a ratio.
 *
 * Customer login (docs/decisions/0037): POST /apiv2/customer/login with the right
 * password of a verified account (a new session each time) and with an unknown address (the
 * dummy hash), and the password hash alone in the same runtime (pbkdf2-worker.ts: one PBKDF2 at
 * 100,000 iterations against an empty answer of the same worker), which is what a login costs
 * in CPU. The accounts are seeded into the bench's D1 first (one per five logins: the shop
 * allows five sign-ins per address in 15 minutes).
 *
 * Options: `npm run bench:api -- --help` (`--harness workerd` runs the calls under workerd only, e.g. while iterating).
 * Works in .bench/api-state and leaves the dev state alone.
 */
import http from "node:http";
import net from "node:net";
import { join } from "node:path";
import { benchClientHeaders } from "../lib/bench-client-ip";
import { isOrderable, productsQuery, type ProductNode } from "../lib/demo-products";
import { prepareCatalogue } from "../lib/local-shops";
import { runCommandLine, type CommandSpec, type OptionSpec } from "../lib/cli";
import { localSecret, startLocalWorker, type LocalWorker } from "../lib/local-worker";
import { startWorkerdWorker } from "../lib/workerd-worker";
import { ROOT } from "../lib/shops";
import { BACK_OFFICE_HOST, cancelEvent, placeOrderBody } from "../lib/bench-orders";
import { LOGIN_PASSWORD, seedLoginAccounts } from "../lib/bench-login-accounts";
import { startPayPalStandIn, type PayPalStandIn, type SentEvent } from "../lib/paypal-stand-in";
import { cpuSeconds, workerdProcesses } from "../lib/workerd-processes";

const HOST = "de.localhost:8787";
/** No mail is sent from the benchmark's workers (see above). */
const NO_MAIL = { MAIL_TRANSPORT: "none" };
const TOKEN_COOKIE = "bh_token_development";
const WARMUP = 30;
const FLOOR_WORKER = "scripts/bench/d1-floor-worker.ts";
const PBKDF2_WORKER = "scripts/bench/pbkdf2-worker.ts";

/** The harnesses main() runs the calls under (`--harness`): each starts the shop's worker, or `script` instead, on the bench's D1. */
const HARNESSES: { id: string; name: string; start(port: number, persistTo: string, vars: Record<string, string>, script?: string): Promise<LocalWorker> }[] = [
  {
    id: "workerd",
    name: "workerd through Miniflare: the runtime as deployed, without wrangler dev's proxy and inspector",
    start: (port, persistTo, vars, script) => startWorkerdWorker({ port, persistTo, script, outDir: join(ROOT, ".bench", "api-workerd"), vars }),
  },
  {
    id: "wrangler",
    name: "wrangler dev (the development harness)",
    start: (port, persistTo, vars, script) => startLocalWorker({ port, persistTo, script, vars }),
  },
];

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
  /** Server-Timing shop-api duration in ms, when the edge reported it. */
  shopApiMs: number | null;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface SendOptions {
  body?: unknown;
  token?: string;
  bearer?: string;
  host?: string;
  headers?: Record<string, string>;
}

function send(port: number, method: string, path: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      host: options.host ?? HOST,
      accept: "application/json",
      ...benchClientHeaders(),
      ...(options.headers ?? {}),
    };
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(payload));
    }
    if (options.token) headers.cookie = `${TOKEN_COOKIE}=${options.token}`;
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    const request = http.request({ host: "127.0.0.1", port, method, path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const timing = /shop-api;dur=(\d+)/.exec(String(response.headers["server-timing"] ?? ""));
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          setCookie: response.headers["set-cookie"] ?? [],
          shopApiMs: timing ? Number(timing[1]) : null,
        });
      });
    });
    request.on("error", reject);
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

function tokenOf(answer: Answer): string {
  for (const cookie of answer.setCookie) {
    const match = new RegExp(`^${TOKEN_COOKIE}=([^;]+)`).exec(cookie);
    if (match) return match[1]!;
  }
  throw new Error(`no token cookie in the answer (${answer.status}): ${answer.body.slice(0, 200)}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summary(label: string, times: number[], extra = ""): string {
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const fmt = (ms: number) => ms.toFixed(2).padStart(7);
  return `${label.padEnd(12)} n=${String(times.length).padEnd(5)} p50 ${fmt(percentile(times, 50))} ms  p95 ${fmt(percentile(times, 95))} ms  p99 ${fmt(percentile(times, 99))} ms  mean ${fmt(mean)} ms${extra}`;
}

/** The printed rows of one call, and its percentiles (ms) for the ratios. */
interface Measured {
  text: string;
  p50: number;
  p95: number;
}

/** A call's timings (ms), those inside the worker (Server-Timing) and its answers other than 200. */
class Timings {
  readonly times: number[] = [];
  readonly inside: number[] = [];
  failures = 0;

  async time(call: () => Promise<Answer>): Promise<void> {
    const start = process.hrtime.bigint();
    const answer = await call();
    this.times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (answer.shopApiMs !== null) this.inside.push(answer.shopApiMs);
    if (answer.status !== 200) this.failures++;
  }

  /** `cpuMs`: the runtime's CPU over the timed calls (runtimeCpu), printed per call. */
  figures(name: string, cpuMs: number | null = null): Measured {
    const lines = [summary(name, this.times, `  non-200: ${this.failures}`)];
    if (this.inside.length > 0) lines.push(summary("  in worker", this.inside));
    if (cpuMs !== null) lines.push(`  runtime CPU ${(cpuMs / this.times.length).toFixed(2)} ms per call`);
    return { text: lines.join("\n"), p50: percentile(this.times, 50), p95: percentile(this.times, 95) };
  }
}

async function measured(name: string, count: number, call: (i: number) => Promise<Answer>): Promise<Measured> {
  for (let i = 0; i < WARMUP; i++) await call(i);
  const timings = new Timings();
  for (let i = 0; i < count; i++) await timings.time(() => call(WARMUP + i));
  return timings.figures(name);
}

/** A call's figures and those of its floor, measured beside it. */
interface Beside {
  call: Measured;
  floor: Measured;
}

/**
 * A reader of the CPU (ms, all threads) the workerd processes this bench started have spent so far, listed once, or
 * null when it started none. workerd runs the worker, D1 and the rate limiter's objects on one thread, so a call's
 * CPU there is most of its time.
 */
function runtimeCpu(): (() => number) | null {
  const pids = workerdProcesses();
  return pids.length === 0 ? null : () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) * 1000;
}

/** Calls of a ratio and of its floor alternate in blocks of this many. */
const BLOCK = 20;

/**
 * A call measured beside its floor: blocks of BLOCK floor calls and BLOCK calls alternate, so both see the same machine
 * (a ratio of figures taken minutes apart swings with the machine's load). Each floor block starts with one call that is
 * not counted: it may wait for what the last call did after its answer.
 */
async function measuredBeside(
  name: string,
  count: number,
  call: (i: number) => Promise<Answer>,
  floorName: string,
  floor: () => Promise<Answer>,
): Promise<Beside> {
  for (let i = 0; i < WARMUP; i++) await call(i);
  const calls = new Timings();
  const floors = new Timings();
  const cpuNow = runtimeCpu();
  const cpu = { calls: 0, floors: 0 };
  for (let done = 0; done < count;) {
    await floor();
    const before = cpuNow?.() ?? 0;
    for (let i = 0; i < BLOCK; i++) await floors.time(floor);
    const between = cpuNow?.() ?? 0;
    for (const end = Math.min(count, done + BLOCK); done < end; done++) {
      const i = done;
      await calls.time(() => call(WARMUP + i));
    }
    cpu.floors += between - before;
    cpu.calls += (cpuNow?.() ?? 0) - between;
  }
  return {
    call: calls.figures(name, cpuNow ? cpu.calls : null),
    floor: floors.figures(`  ${floorName} beside it`, cpuNow ? cpu.floors : null),
  };
}

async function measure(name: string, count: number, call: (i: number) => Promise<Answer>): Promise<string> {
  return (await measured(name, count, call)).text;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

const COMMAND = {
  command: "npm run bench:api --",
  summary: "Latency of the live commerce calls, order placing and customer login through the whole worker (workerd and wrangler dev), with their floors.",
  options: {
    requests: { type: "integer", default: 400, min: 1, description: "measured requests per call" },
    products: { type: "integer", default: 200, min: 1, description: "products in the bench's catalogue" },
    port: { type: "integer", min: 1024, max: 65535, description: "the workers' port (default: BENCH_API_PORT, else 8791)" },
    harness: { type: "string", default: "both", choices: ["both", "workerd", "wrangler"], description: "the harnesses to run the calls under" },
  },
  examples: ["npm run bench:api", "npm run bench:api -- --requests 100 --port 8795", "npm run bench:api -- --requests 100 --harness workerd"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values } = runCommandLine(COMMAND);
  const requests = values.requests;
  const port = values.port ?? Number(process.env.BENCH_API_PORT ?? "8791");
  if (!(await portIsFree(port))) throw new Error(`port ${port} is in use; pass --port or BENCH_API_PORT`);
  const stateDir = join(ROOT, ".bench", "api-state");
  const log = (line: string) => console.log(`[bench:api] ${line}`);
  await prepareCatalogue({ stateDir, products: values.products, log });
  const harnesses = HARNESSES.filter((harness) => values.harness === "both" || values.harness === harness.id);
  const logins = await seedLoginAccounts(harnesses.length * (requests + WARMUP), log);
  // PayPal's webhooks are kept, not sent: the bench delivers them itself (see measureOnlinePayment).
  const paypal = await startPayPalStandIn({
    port: 0,
    clientId: localSecret("PAYPAL_CLIENT_ID"),
    clientSecret: localSecret("PAYPAL_CLIENT_SECRET"),
    webhookId: localSecret("PAYPAL_WEBHOOK_ID"),
    deliver: async () => undefined,
  });
  const vars = { ...NO_MAIL, PAYPAL_API_BASE: paypal.origin };
  const reports: string[] = [];
  try {
    for (const harness of harnesses) {
      log(`starting the worker (${harness.name}) on port ${port} ...`);
      const worker = await harness.start(port, stateDir, vars);
      let rows: string[];
      let ratios: Ratios;
      try {
        ({ rows, ratios } = await measureCalls(port, requests, paypal, log));
        rows.push(...(await measureLogin(port, requests, logins)));
      } finally {
        await worker.stop();
      }
      const floor = await harness.start(port, stateDir, vars, FLOOR_WORKER);
      let bare: Measured;
      let orderIo: Beside;
      let singleIo: Beside;
      let writeFloor: Beside;
      try {
        bare = await measured("floor", requests, () => send(port, "GET", "/"));
        const bareFloor = () => send(port, "GET", "/");
        orderIo = await measuredBeside("order I/O", requests, () => send(port, "POST", "/order-io"), "floor", bareFloor);
        singleIo = await measuredBeside("order I/O in one round trip", requests, () => send(port, "POST", "/order-io-single"), "floor", bareFloor);
        writeFloor = await measuredBeside("write floor", requests, () => send(port, "POST", "/write-floor"), "floor", bareFloor);
        rows.push(bare.text, ...[orderIo, singleIo, writeFloor].flatMap(({ call, floor }) => [call.text, floor.text]));
      } finally {
        await floor.stop();
      }
      const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;
      for (const [name, { call, floor }] of [
        ["place order", ratios.order],
        ["place order with an online payment", ratios.online],
        ["payment webhook", ratios.webhook],
      ] as const)
        rows.push(
          `${name} p95 ${call.p95.toFixed(2)} ms = ${ratio(call.p95, floor.p95)} the one-read floor's p95 beside it (${floor.p95.toFixed(2)} ms; target at most 3x), ` +
            `p50 ${call.p50.toFixed(2)} ms = ${ratio(call.p50, floor.p50)}` +
            (name === "place order" ? `; ${ratio(call.p95, bare.p95)} the bare SELECT 1 floor's p95` : ""),
        );
      rows.push(
        `order I/O alone (the write limit beside the order's first batch, then its second, of trivial statements) p95 ${orderIo.call.p95.toFixed(2)} ms = ` +
          `${ratio(orderIo.call.p95, orderIo.floor.p95)} the bare SELECT 1 floor's p95 beside it (${orderIo.floor.p95.toFixed(2)} ms), ` +
          `p50 ${ratio(orderIo.call.p50, orderIo.floor.p50)}: what no order placed here can go below`,
        `order I/O in one round trip (the write limit and the same statements in one batch) p95 ${singleIo.call.p95.toFixed(2)} ms = ` +
          `${ratio(singleIo.call.p95, singleIo.floor.p95)} the bare SELECT 1 floor's p95 beside it (${singleIo.floor.p95.toFixed(2)} ms), ` +
          `p50 ${ratio(singleIo.call.p50, singleIo.floor.p50)}: what an order read and written in one batch could not go below`,
        `write floor (the write limit and SELECT 1) p95 ${writeFloor.call.p95.toFixed(2)} ms = ${ratio(writeFloor.call.p95, writeFloor.floor.p95)} ` +
          `the bare SELECT 1 floor's p95 beside it (${writeFloor.floor.p95.toFixed(2)} ms), p50 ${ratio(writeFloor.call.p50, writeFloor.floor.p50)}: ` +
          `what the per-IP write limit adds to every write here`,
      );
      rows.push(...(await measurePasswordHash(harness.start(port, stateDir, vars, PBKDF2_WORKER), port, requests)));
      reports.push(`\nLive commerce, ${harness.name}, local D1, sequential, keep-alive:\n${rows.join("\n")}`);
    }
  } finally {
    agent.destroy();
    await paypal.close();
  }
  for (const report of reports) console.log(report);
}

/** Calls held against the one-read floor, each measured beside it (measuredBeside). */
interface Ratios {
  order: Beside;
  online: Beside;
  webhook: Beside;
}

/** The live calls against the worker on `port`: rows of measure(), and place order (offline and online) and the payment webhook, each beside the one-read floor. */
async function measureCalls(port: number, requests: number, paypal: PayPalStandIn, log: (line: string) => void): Promise<{ rows: string[]; ratios: Ratios }> {
  const graphql = await send(port, "POST", "/graphql", {
    body: { query: productsQuery("DE") },
    bearer: localSecret("GRAPHQL_TOKEN"),
  });
  const nodes = (JSON.parse(graphql.body) as { data: { products: { nodes: ProductNode[] } } }).data.products.nodes;
  const orderable = nodes.filter(isOrderable);
  const product = orderable.sort((a, b) => b.stock.quantity - a.stock.quantity)[0];
  const sampleSkus = orderable
    .filter((p) => p.samples.active)
    .slice(0, 7)
    .map((p) => p.sku);
  if (!product || sampleSkus.length === 0) throw new Error("the generated catalogue has no orderable product with samples");
  log(
    `cart product ${product.sku} (stock ${product.stock.quantity}), ${sampleSkus.length} sample products; ${requests} requests per call after ${WARMUP} warm-up`,
  );

  // A visitor takes as many adds as the stock allows, then the next visitor continues.
  const perVisitor = Math.max(1, Math.min(50, product.stock.quantity - 1));
  const newVisitor = async () => tokenOf(await send(port, "PUT", "/apiv2/shipping/costs/country", { body: { country: "de" } }));
  let cartToken = await newVisitor();
  let used = 0;
  const cartAdd = async () => {
    if (used >= perVisitor) {
      cartToken = await newVisitor();
      used = 0;
    }
    used++;
    return send(port, "POST", "/apiv2/cart/", { body: { sku: product.sku, quantity: 1 }, token: cartToken });
  };
  const sampleToken = await newVisitor();
  const rows = [
    // Reference: the same path through edge and shop API without any D1 query.
    await measure("baseline", requests, () => send(port, "GET", "/apiv2/isBusiness")),
  ];
  // Reference: one D1 read (the visitor behind the token): the one-read floor.
  const oneRead = () => send(port, "GET", "/apiv2/isBusiness", { token: sampleToken });
  rows.push(
    await measure("one D1 read", requests, oneRead),
    await measure("cart add", requests, cartAdd),
    await measure("cart get", requests, () => send(port, "GET", "/apiv2/cart/", { token: cartToken })),
    await measure("delivery", requests, () =>
      send(port, "GET", `/apiv1/product/byId/${encodeURIComponent(product.sku)}/delivery/byCountryCode/de/quantity/2`, { token: cartToken }),
    ),
    await measure("sample add", requests, (i) =>
      send(port, "POST", "/apiv2/sample/product/cart/add", {
        body: { sku: sampleSkus[i % sampleSkus.length], quantity: 1, recommendation: false },
        token: sampleToken,
      }),
    ),
  );
  const order = await measurePlaceOrder(port, requests, orderable, newVisitor, oneRead, log);
  const { online, webhook } = await measureOnlinePayment(port, requests, orderable, newVisitor, oneRead, paypal, log);
  for (const { call, floor } of [order, online, webhook]) rows.push(call.text, floor.text);
  return { rows, ratios: { order, online, webhook } };
}

/** Sends a PayPal webhook the stand-in made to the shop's callback, as PayPal sends it. */
function deliverWebhook(port: number, sent: SentEvent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(sent.url);
    const headers = { ...sent.headers, host: url.host, "content-length": String(Buffer.byteLength(sent.body)), ...benchClientHeaders() };
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: url.pathname, headers, agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: "", setCookie: [], shopApiMs: null }));
    });
    request.on("error", reject);
    request.end(sent.body);
  });
}

/**
 * Place order with PayPal (the shop opens the payment at the stand-in within the call), then the
 * payment webhook before the orders are cancelled: each order approved on the stand-in, its approval
 * delivered untimed (the shop captures), and the capture's PAYMENT.CAPTURE.COMPLETED timed.
 */
async function measureOnlinePayment(
  port: number,
  requests: number,
  orderable: ProductNode[],
  newVisitor: () => Promise<string>,
  floor: () => Promise<Answer>,
  paypal: PayPalStandIn,
  log: (line: string) => void,
): Promise<{ online: Beside; webhook: Beside }> {
  const opened: string[] = [];
  let webhook: Beside | null = null;
  const online = await measurePlaceOrder(port, requests, orderable, newVisitor, floor, log, {
    label: "place online",
    method: "paypal",
    placed: (answer) => {
      const redirect = (JSON.parse(answer.body) as { data: { payment: { redirectUrl: string | null } } }).data.payment.redirectUrl;
      const paypalId = redirect ? new URL(redirect).searchParams.get("token") : null;
      if (paypalId) opened.push(paypalId);
    },
    beforeCancel: async () => {
      const completed: SentEvent[] = [];
      for (const paypalId of opened) {
        const before = paypal.events.length;
        await paypal.choose(paypalId, "approve");
        const approved = paypal.events.slice(before).find((sent) => sent.event.event_type === "CHECKOUT.ORDER.APPROVED");
        const after = paypal.events.length;
        if (approved) await deliverWebhook(port, approved);
        completed.push(...paypal.events.slice(after).filter((sent) => sent.event.event_type === "PAYMENT.CAPTURE.COMPLETED"));
      }
      log(`payment webhook: ${opened.length} PayPal orders approved and captured, ${completed.length} captures to report`);
      if (completed.length <= WARMUP) throw new Error(`the shop captured ${completed.length} PayPal payments, more than ${WARMUP} are needed`);
      webhook = await measuredBeside("payment webhook", completed.length - WARMUP, (i) => deliverWebhook(port, completed[i]!), "one D1 read", floor);
    },
  });
  if (!webhook) throw new Error("the payment webhook was not measured");
  return { online, webhook };
}

/** Packages of each product the orders leave in stock. */
const STOCK_RESERVE = 10;

/**
 * Place order: `requests` (+ warm-up) carts prepared first, each a visitor of its own with one
 * package (the products with the most stock, each down to STOCK_RESERVE), then only the order
 * calls timed; the orders are cancelled afterwards, which gives their stock back.
 */
async function measurePlaceOrder(
  port: number,
  requests: number,
  orderable: ProductNode[],
  newVisitor: () => Promise<string>,
  floor: () => Promise<Answer>,
  log: (line: string) => void,
  online: { label: string; method: string; placed(answer: Answer): void; beforeCancel(): Promise<void> } | null = null,
): Promise<Beside> {
  const count = WARMUP + requests;
  const skus: string[] = [];
  for (const product of [...orderable].sort((a, b) => b.stock.quantity - a.stock.quantity)) {
    for (let left = product.stock.quantity - STOCK_RESERVE; left > 0 && skus.length < count; left--) skus.push(product.sku);
    if (skus.length === count) break;
  }
  if (skus.length < count) throw new Error(`the catalogue's stock covers ${skus.length} orders, ${count} are needed: use more --products or fewer --requests`);
  log(`place order: preparing ${count} carts over ${new Set(skus).size} products ...`);
  const tokens: string[] = [];
  for (const sku of skus) {
    const token = await newVisitor();
    const added = await send(port, "POST", "/apiv2/cart/", { body: { sku, quantity: 1 }, token });
    if (added.status !== 200) throw new Error(`cart add for place order: ${added.status} ${added.body.slice(0, 200)}`);
    tokens.push(token);
  }
  const run = `${process.pid}-${Date.now()}`;
  const placed: string[] = [];
  const result = await measuredBeside(
    online?.label ?? "place order",
    requests,
    async (i) => {
      const answer = await send(port, "POST", "/apiv2/checkout/order", {
        body: placeOrderBody("bench.order@example.com", online?.method),
        token: tokens[i],
        headers: { "idempotency-key": `bench-${run}-${i}` },
      });
      if (answer.status === 200) {
        placed.push((JSON.parse(answer.body) as { data: { orderNumber: string } }).data.orderNumber);
        online?.placed(answer);
      } else if (i < 3) log(`place order answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      return answer;
    },
    "one D1 read",
    floor,
  );
  await online?.beforeCancel();
  // The ERP cancels them: the stock is back for the next run.
  const erpToken = localSecret("ORDER_EVENTS_TOKEN");
  let cancelled = 0;
  for (const number of placed) {
    const event = cancelEvent(number);
    const answer = await send(port, "POST", event.path, { host: BACK_OFFICE_HOST, bearer: erpToken, body: event.body });
    if (answer.status === 200) cancelled++;
    else if (cancelled === 0) log(`cancelling ${number} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  log(`place order: ${placed.length} orders placed, ${cancelled} cancelled again (their stock is back)`);
  return result;
}

// ---- Customer login ------------------------------------------------------------

/** Login with the right password (a new session each time) and with an unknown address (the dummy hash). */
async function measureLogin(port: number, requests: number, logins: string[]): Promise<string[]> {
  let unknown = 0;
  return [
    await measure("login", requests, () => send(port, "POST", "/apiv2/customer/login", { body: { email: logins.shift()!, password: LOGIN_PASSWORD } })),
    await measure("unknown login", requests, async () => {
      const answer = await send(port, "POST", "/apiv2/customer/login", { body: { email: `bench-unknown-${unknown++}@example.com`, password: LOGIN_PASSWORD } });
      // An unknown address answers 401 after the same work; counted as expected here.
      return answer.status === 401 ? { ...answer, status: 200 } : answer;
    }),
  ];
}

/** The password hash alone in the harness's runtime: one PBKDF2 (100,000 iterations) against an empty answer of the same worker. */
async function measurePasswordHash(starting: Promise<LocalWorker>, port: number, requests: number): Promise<string[]> {
  const worker = await starting;
  try {
    const empty = await measure("empty", requests, () => send(port, "GET", "/"));
    const hash = await measure("pbkdf2 100k", requests, () => send(port, "GET", "/hash"));
    return [empty, hash];
  } finally {
    await worker.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
