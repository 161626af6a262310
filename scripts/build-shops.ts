/**
 * Builds shops into dist/<SHOP>/: `npm run build:shops -- [SHOP ...] [--graphql-url URL] [--graphql-token TOKEN]`.
 * The GraphQL layer must be reachable (it is served by the worker: `npm start` runs it).
 * The token is the shop API's GRAPHQL_TOKEN: --graphql-token, else the GRAPHQL_TOKEN
 * variable, else the local worker's (.dev.vars).
 */
import { parseArgs } from "node:util";
import { buildShop } from "./lib/build-shop";
import { loadShopConfig } from "./lib/shops";

async function main() {
  const { values, positionals: requested } = parseArgs({
    options: { "graphql-url": { type: "string" }, "graphql-token": { type: "string" } },
    allowPositionals: true,
  });
  const graphqlUrl = values["graphql-url"] ?? process.env.GRAPHQL_URL ?? "http://localhost:8787/graphql";
  const graphqlToken = values["graphql-token"] ?? process.env.GRAPHQL_TOKEN;
  const known = loadShopConfig().shops.map((shop) => shop.id);
  const shops = requested.length > 0 ? requested : known;
  const unknown = shops.filter((shop) => !known.includes(shop));
  if (unknown.length > 0) throw new Error(`Unknown shop(s) ${unknown.join(", ")}; known: ${known.join(", ")}`);
  for (const [index, shop] of shops.entries()) {
    console.log(`Building shop ${shop} (${index + 1}/${shops.length}) from ${graphqlUrl} ...`);
    const report = await buildShop(shop, { graphqlUrl, graphqlToken, log: (line) => console.log(line) });
    console.log(
      `${shop}: ${report.pages} pages in ${report.seconds.toFixed(1)} s; ${report.sync.written.length} files written to dist/${shop} (${report.rewrittenPages.length} pages), ${report.sync.deleted.length} removed`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
