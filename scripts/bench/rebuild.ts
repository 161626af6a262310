/**
 * `npm run bench:rebuild`: how fast a catalogue change goes live (docs/decisions/0034).
 * Against the running `npm start` (its worker and builder on --origin, default
 * http://localhost:8787):
 *  1. freshness: changes one product's price on every shop that sells it through the token
 *     import (POST /admin/catalogue/import, the same write as the console's apply), polls the
 *     product page through the worker on each of those shops until the new price shows, and
 *     prints the seconds per shop and their ratio to the 60 s goal;
 *  2. burst (unless --burst 0): --burst N price changes (default 100) spread over
 *     --burst-seconds S (default 120), then waits for the builds and prints the builds started
 *     per shop (the goal: one per affected shop, at most two when a build was already running)
 *     and whether every change id ended in exactly one published build (read from the D1).
 * Options: `npm run bench:rebuild -- --help`.
 *
 * With --port P it needs no `npm start`: it starts its own local shops on port P (state, builds
 * and releases in .bench/rebuild-P/, the development hosts, --products N, default 300), builds
 * the shops that sell the measured product once cold and once warm, runs its own builder
 * (BUILD_CONCURRENCY builds at once), then measures as above. The load average is printed
 * before each part.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import type { LocalEnvironment } from "@config/shop-config";
import { slugPath } from "@domain/routes";
import { buildConcurrency, drainBuilds } from "@builder/index";
import { backOfficeHostFor, environmentOf, getThroughWorker } from "@builder/served";
import { prepareCatalogue, startAndBuild, startLocalBuilder } from "../lib/local-shops";
import { localHost } from "../lib/local-ports";
import { localSecret } from "../lib/local-worker";
import { runCommandLine, type CommandSpec, type OptionSpec } from "../lib/cli";
import { loadShopConfig, ROOT } from "../lib/shops";
import { withLocalD1 } from "../local-d1";

const GOAL_SECONDS = 60;

interface Product {
  sku: string;
  slug: string;
  packageContent: number;
  price: { packagePrice: { value: number; currency: string } };
}

async function graphql<T>(origin: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(new URL("/graphql", origin), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((e) => e.message).join("; ")}`);
  return body.data;
}

const PRODUCT_FIELDS = "sku slug packageContent price { packagePrice { value currency } }";

/** The shops that sell the sku, with its page and price there. */
async function sellingShops(origin: string, sku: string) {
  const config = loadShopConfig();
  const found: { shop: string; language: string; path: string; product: Product }[] = [];
  for (const shop of config.shops) {
    const data = await graphql<{ product: Product | null }>(
      origin,
      `query($shop: ID!, $language: String!, $sku: ID!) { product(shop: $shop, language: $language, sku: $sku) { ${PRODUCT_FIELDS} } }`,
      { shop: shop.id, language: shop.defaultLanguage, sku },
    );
    if (data.product?.price?.packagePrice) {
      found.push({ shop: shop.id, language: shop.defaultLanguage, path: slugPath(shop, shop.defaultLanguage, data.product.slug), product: data.product });
    }
  }
  return found;
}

async function firstProducts(origin: string, count: number): Promise<Product[]> {
  const data = await graphql<{ products: { nodes: Product[] } }>(
    origin,
    `query($first: Int!) { products(shop: "DE", language: "de", first: $first) { nodes { ${PRODUCT_FIELDS} } } }`,
    { first: count },
  );
  return data.products.nodes;
}

/** One price import through the token path (the back-office host locally); returns its change id. */
async function importPrices(
  origin: string,
  environment: LocalEnvironment | null,
  prices: { sku: string; shop: string; currency: string; packagePrice: number; packageContent: number }[],
) {
  const body = JSON.stringify({
    prices: prices.map((p) => ({
      sku: p.sku,
      shop: p.shop,
      currency: p.currency,
      packagePrice: p.packagePrice,
      unitPrice: Math.round((p.packagePrice / p.packageContent) * 100) / 100,
    })),
  });
  const url = new URL("/admin/catalogue/import?format=json&source=bench-rebuild", origin);
  const host = backOfficeHostFor(origin, ROOT, environment) ?? url.host;
  const { request } = await import("node:http");
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: "POST",
        headers: { host, authorization: `Bearer ${localSecret("CATALOGUE_IMPORT_TOKEN")}`, "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
  if (answer.status !== 200) throw new Error(`import: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  return (JSON.parse(answer.text) as { data: { changeId: number | null } }).data.changeId;
}

/**
 * Reads the worker's local D1 from this process (its own SQLite connection): while the worker
 * writes (the builder's claims and progress), SQLite may answer SQLITE_BUSY; such a read is tried again.
 */
async function readD1<T>(read: Parameters<typeof withLocalD1<T>>[0]): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withLocalD1(read);
    } catch (error) {
      if (attempt >= 10 || !/SQLITE_BUSY|database is locked|internal error/.test(String((error as Error).message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

const priceOnPage = (html: string) => /"price":"([\d.]+)"/.exec(html)?.[1];

const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")}`;

async function freshness(origin: string, environment: LocalEnvironment | null, timeoutS: number) {
  const [product] = await firstProducts(origin, 1);
  if (!product) throw new Error("the catalogue has no products");
  const shops = await sellingShops(origin, product.sku);
  const config = loadShopConfig();
  console.log(`\n1. freshness: ${product.sku} is sold in ${shops.map((s) => s.shop).join(", ")} (${load()})`);
  const targets = shops.map((s) => ({ ...s, newPrice: Math.round((s.product.price.packagePrice.value + 1) * 100) / 100 }));
  const started = Date.now();
  const changeId = await importPrices(
    origin,
    environment,
    targets.map((t) => ({
      sku: product.sku,
      shop: t.shop,
      currency: t.product.price.packagePrice.currency,
      packagePrice: t.newPrice,
      packageContent: product.packageContent,
    })),
  );
  console.log(`   import written as change ${changeId} after ${((Date.now() - started) / 1000).toFixed(1)} s; polling the product pages ...`);
  const results = await Promise.all(
    targets.map(async (t) => {
      const host = localHost(config, t.shop, environment ?? "development");
      const deadline = started + timeoutS * 1000;
      while (Date.now() < deadline) {
        const page = await getThroughWorker(origin, host, t.path).catch(() => null);
        if (page?.status === 200 && Number(priceOnPage(page.body)) === t.newPrice) return { shop: t.shop, seconds: (Date.now() - started) / 1000 };
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return { shop: t.shop, seconds: null };
    }),
  );
  console.log(`   ${"shop".padEnd(6)} ${"seconds".padStart(8)} ${"ratio to 60 s".padStart(14)}`);
  for (const r of results) {
    console.log(
      `   ${r.shop.padEnd(6)} ${r.seconds === null ? `>${timeoutS}`.padStart(8) : r.seconds.toFixed(1).padStart(8)} ${r.seconds === null ? "-".padStart(14) : `${(r.seconds / GOAL_SECONDS).toFixed(2)}x`.padStart(14)}`,
    );
  }
  const worst = Math.max(...results.map((r) => r.seconds ?? Infinity));
  console.log(`   slowest shop: ${Number.isFinite(worst) ? `${worst.toFixed(1)} s, ${(worst / GOAL_SECONDS).toFixed(2)}x the 60 s goal` : "not live in time"}`);
}

async function burst(origin: string, environment: LocalEnvironment | null, count: number, seconds: number, timeoutS: number) {
  const products = await firstProducts(origin, Math.min(count, 50));
  const start = new Date();
  console.log(`\n2. burst: ${count} price changes over ${seconds} s (DE prices of ${products.length} products; ${load()})`);
  const changeIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const product = products[i % products.length]!;
    const price = Math.round((product.price.packagePrice.value + 0.01 * (i + 1)) * 100) / 100;
    const id = await importPrices(origin, environment, [
      { sku: product.sku, shop: "DE", currency: product.price.packagePrice.currency, packagePrice: price, packageContent: product.packageContent },
    ]);
    if (id !== null) changeIds.push(id);
    if ((i + 1) % 10 === 0) console.log(`   ${i + 1}/${count} changes sent`);
    await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / count));
  }
  console.log(`   all sent; waiting until every change is in a finished build ...`);
  const deadline = Date.now() + timeoutS * 1000;
  type Row = { request_id: number; shop: string; build_id: number | null; state: string | null };
  let rows: Row[] = [];
  while (Date.now() < deadline) {
    rows = await readD1(async (db) => {
      const placeholders = changeIds.map(() => "?").join(",");
      const result = await db
        .prepare(
          `SELECT s.request_id, s.shop, s.build_id, b.state FROM rebuild_request_shops s LEFT JOIN builds b ON b.id = s.build_id WHERE s.request_id IN (${placeholders})`,
        )
        .bind(...changeIds)
        .all<Row>();
      return result.results;
    });
    if (rows.length > 0 && rows.every((r) => r.state === "published" || r.state === "failed")) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const builds = await readD1(
    async (db) =>
      (
        await db
          .prepare("SELECT shop, COUNT(*) AS n FROM builds WHERE started_at >= ? GROUP BY shop ORDER BY shop")
          .bind(start.toISOString())
          .all<{ shop: string; n: number }>()
      ).results,
  );
  console.log(`   builds started per shop during the burst: ${builds.map((b) => `${b.shop} ${b.n}`).join(", ") || "none"}`);
  const byPair = new Map<string, Row[]>();
  for (const row of rows) byPair.set(`${row.request_id}/${row.shop}`, [...(byPair.get(`${row.request_id}/${row.shop}`) ?? []), row]);
  const missing = changeIds.filter((id) => !rows.some((r) => r.request_id === id));
  const notPublished = rows.filter((r) => r.state !== "published");
  console.log(
    `   ${changeIds.length} change ids, ${byPair.size} (change, shop) pairs: ${rows.length - notPublished.length} in a published build, ${notPublished.length} not, ${missing.length} without shop rows`,
  );
  console.log(
    `   every change id in exactly one published build: ${missing.length === 0 && notPublished.length === 0 && [...byPair.values()].every((r) => r.length === 1) ? "yes" : "NO"}`,
  );
}

const COMMAND = {
  command: "npm run bench:rebuild --",
  summary: "How fast a catalogue change goes live: freshness of one price change per shop, then a burst of changes and the builds it makes.",
  options: {
    origin: { type: "string", default: "http://localhost:8787", value: "url", description: "the running npm start's worker and builder" },
    port: { type: "integer", min: 1024, max: 65535, description: "start own local shops on this port instead of using npm start's" },
    products: { type: "integer", default: 300, min: 1, description: "with --port, products in the own shops' catalogue" },
    burst: { type: "integer", default: 100, min: 0, description: "price changes of the burst (0: no burst)" },
    "burst-seconds": { type: "integer", default: 120, min: 1, description: "seconds the burst is spread over" },
    timeout: { type: "integer", default: 300, min: 1, description: "seconds per wait" },
  },
  examples: ["npm run bench:rebuild", "npm run bench:rebuild -- --port 8799 --burst 0"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values } = runCommandLine(COMMAND);
  const timeout = values.timeout;
  const count = values.burst;
  if (values.port !== undefined) {
    return withOwnShops(values.port, values.products, async (origin) => {
      await freshness(origin, "development", timeout);
      if (count > 0) await burst(origin, "development", count, values["burst-seconds"], timeout);
    });
  }
  const origin = new URL(values.origin).origin;
  try {
    await graphql(origin, "{ shops { id } }", {});
  } catch (error) {
    throw new Error(`No worker answers on ${origin} (${(error as Error).message}); start the shops with \`npm start\` first, or give --port`);
  }
  const environment = environmentOf(origin);
  await freshness(origin, environment, timeout);
  if (count > 0) await burst(origin, environment, count, values["burst-seconds"], timeout);
}

/**
 * Local shops of the bench's own on `port` (the development hosts): the catalogue, the worker, the
 * shops selling the measured product built cold and then warm, and a builder; stopped after `measure`.
 */
async function withOwnShops(port: number, products: number, measure: (origin: string) => Promise<void>) {
  const bench = join(ROOT, ".bench", `rebuild-${port}`);
  // A fresh start each run; only the demo's rendered pictures are kept (minutes to render again).
  const mediaCache = join(bench, "state", "media-cache");
  const keptMedia = join(ROOT, ".bench", `rebuild-${port}-media-cache`);
  rmSync(keptMedia, { recursive: true, force: true });
  if (existsSync(mediaCache)) renameSync(mediaCache, keptMedia);
  rmSync(bench, { recursive: true, force: true });
  if (existsSync(keptMedia)) {
    mkdirSync(join(bench, "state"), { recursive: true });
    renameSync(keptMedia, mediaCache);
  }
  const log = (line: string) => console.log(`[bench:rebuild] ${line}`);
  const options = {
    stateDir: join(bench, "state"),
    distRoot: join(bench, "dist"),
    workspaceRoot: join(bench, "build"),
    port,
    environment: "development" as const,
    products,
    shops: ["DE"],
    actor: "bench:rebuild",
    fresh: true,
    log,
  };
  await prepareCatalogue(options);
  const started = Date.now();
  const { worker } = await startAndBuild(options);
  let builder: ReturnType<typeof startLocalBuilder> = null;
  try {
    const [product] = await firstProducts(worker.origin, 1);
    if (!product) throw new Error("the catalogue has no products");
    const shops = (await sellingShops(worker.origin, product.sku)).map((s) => s.shop);
    const drain = {
      origin: worker.origin,
      environment: options.environment,
      distRoot: options.distRoot,
      workspaceRoot: options.workspaceRoot,
      actor: "bench:rebuild",
      log,
    };
    const others = shops.filter((shop) => shop !== "DE");
    if (others.length > 0) await drainBuilds({ ...drain, shops: others });
    log(`cold builds done after ${((Date.now() - started) / 1000).toFixed(0)} s; the first warm build of ${shops.join(", ")} (${load()}) ...`);
    await drainBuilds({ ...drain, shops });
    builder = startLocalBuilder({ ...options, origin: worker.origin, shops });
    log(`ready after ${((Date.now() - started) / 1000).toFixed(0)} s; builder with ${buildConcurrency()} build(s) at once`);
    await measure(worker.origin);
  } finally {
    await builder?.stop();
    await worker.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
