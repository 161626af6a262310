/**
 * Builds shops into dist/<SHOP>/: `npm run build:shops -- [SHOP ...] [--graphql-url URL] [--graphql-token TOKEN]`.
 * The GraphQL layer must be reachable (it is served by the worker: `npm start` runs it).
 * The token is the shop API's GRAPHQL_TOKEN: --graphql-token, else the GRAPHQL_TOKEN
 * variable, else the local worker's (.dev.vars).
 */
import { buildShop } from "./lib/build-shop";
import { refuseUsage, runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { loadShopConfig } from "./lib/shops";

const COMMAND = {
  command: "npm run build:shops --",
  summary: "Builds shops into dist/<SHOP>/ from the GraphQL layer of a running worker (npm start).",
  options: {
    "graphql-url": { type: "string", value: "url", description: "the worker's /graphql (default: GRAPHQL_URL, else http://localhost:8787/graphql)" },
    "graphql-token": { type: "string", value: "token", description: "its GRAPHQL_TOKEN (default: GRAPHQL_TOKEN, else the local worker's from .dev.vars)" },
  },
  positionals: { name: "SHOP...", description: "the shops to build (default: every shop of config/shops.json)" },
  examples: ["npm run build:shops -- DE CH", 'npm run build:shops -- DE --graphql-url https://shop-api.example/graphql --graphql-token "$GRAPHQL_TOKEN"'],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values, positionals: requested } = runCommandLine(COMMAND);
  const graphqlUrl = values["graphql-url"] ?? process.env.GRAPHQL_URL ?? "http://localhost:8787/graphql";
  const graphqlToken = values["graphql-token"] ?? process.env.GRAPHQL_TOKEN;
  const known = loadShopConfig().shops.map((shop) => shop.id);
  const shops = requested.length > 0 ? requested : known;
  const unknown = shops.filter((shop) => !known.includes(shop));
  if (unknown.length > 0) refuseUsage(COMMAND, `unknown shop(s) ${unknown.join(", ")} (known: ${known.join(", ")})`);
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
