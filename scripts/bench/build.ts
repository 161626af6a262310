/**
 * `npm run bench:build`: cold builds of one shop at 1,000 and 5,000 products (pages,
 * wall seconds, pages/s, peak memory), the same page count from a trivial template
 * (what our templates and data layer cost), and the incremental rebuild after one
 * product's price changes (pages rewritten, seconds).
 * Options: --sizes 1000,5000 --shop DE. Works in .bench/ and leaves the dev state alone.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildShop, type BuildReport } from "../lib/build-shop";
import { prepareCatalogue } from "../lib/local-shops";
import { localSecret, startLocalWorker } from "../lib/local-worker";
import { runTsxScript } from "../lib/run-script";
import { ROOT } from "../lib/shops";

const PORT = 8790;

async function main() {
  const { values } = parseArgs({ options: { sizes: { type: "string", default: "1000,5000" }, shop: { type: "string", default: "DE" } } });
  const sizes = values.sizes.split(",").map(Number);
  const shop = values.shop;
  const bench = join(ROOT, ".bench");
  const rows: string[] = [];
  let incremental = "";

  for (const [index, size] of sizes.entries()) {
    const stateDir = join(bench, `state-${size}`);
    const distRoot = join(bench, `dist-${size}`);
    const workspaceRoot = join(bench, `build-${size}`);
    for (const dir of [stateDir, distRoot, workspaceRoot, join(bench, "trivial")]) rmSync(dir, { recursive: true, force: true });
    const log = (line: string) => console.log(`[${size}] ${line}`);
    await prepareCatalogue({ stateDir, products: size, fresh: true, log });
    const worker = await startLocalWorker({ port: PORT, persistTo: stateDir, assets: distRoot });
    try {
      const graphqlUrl = `${worker.origin}/graphql`;
      log(`cold build of ${shop} ...`);
      const cold = await buildShop(shop, { graphqlUrl, distRoot, workspaceRoot, log: () => undefined });
      rows.push(row(`${shop} ${size} products`, cold));
      log(`trivial template, ${cold.pages} pages ...`);
      const trivial = await buildShop(shop, {
        graphqlUrl,
        distRoot: join(bench, "trivial", "dist"),
        workspaceRoot: join(bench, "trivial", "build"),
        env: { BENCH_TRIVIAL_PAGES: String(cold.pages) },
        log: () => undefined,
      });
      rows.push(row(`trivial ${cold.pages} pages`, trivial, cold));

      if (index === 0) {
        // The first warm build after a cold one gets a new webpack compilation hash and so
        // rewrites every page once (docs/decisions/0001); measure it, then the steady state.
        log("warm rebuild without changes ...");
        const settle = await buildShop(shop, { graphqlUrl, distRoot, workspaceRoot, log: () => undefined });
        const sku = await changeOnePrice(graphqlUrl, shop, stateDir, bench);
        log(`incremental rebuild after a price change of ${sku} ...`);
        const rebuild = await buildShop(shop, { graphqlUrl, distRoot, workspaceRoot, log: () => undefined });
        incremental = [
          `first warm rebuild, no change (${size} products): ${settle.rewrittenPages.length} pages rewritten in ${settle.seconds.toFixed(1)} s`,
          `incremental rebuild (${size} products, price of ${sku} changed): ${rebuild.rewrittenPages.length} pages rewritten in ${rebuild.seconds.toFixed(1)} s, peak ${rebuild.peakRssMb} MiB`,
          `  = ${((100 * rebuild.seconds) / cold.seconds).toFixed(1)} % of the cold build's ${cold.seconds.toFixed(1)} s (target: at most 15 %)`,
          ...rebuild.rewrittenPages.map((page) => `  rewrote ${page}`),
        ].join("\n");
      }
    } finally {
      await worker.stop();
    }
  }

  console.log("\nbuild benchmark (2-core machine)");
  console.log(["case".padEnd(26), "pages".padStart(7), "seconds".padStart(9), "pages/s".padStart(9), "peak MiB".padStart(9), "ratio".padStart(7)].join(" "));
  for (const line of rows) console.log(line);
  console.log(`\n${incremental}`);
}

function row(label: string, report: BuildReport, baseline?: BuildReport): string {
  const rate = report.pages / report.seconds;
  const ratio = baseline ? `${(baseline.seconds / report.seconds).toFixed(2)}x` : "";
  return [
    label.padEnd(26),
    String(report.pages).padStart(7),
    report.seconds.toFixed(1).padStart(9),
    rate.toFixed(1).padStart(9),
    String(report.peakRssMb).padStart(9),
    ratio.padStart(7),
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
