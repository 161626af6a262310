/**
 * `npm run attack`: a hostile battery against a RUNNING local shop (`npm start`): open
 * redirects, path traversal, CSRF, the body limit, header injection, unknown hosts, the
 * token cookie, security headers, and the shop API behind the edge (GraphQL access and
 * cost, search input, loose numbers, contact fields, uploads, idempotency, the per-IP
 * write limit, free sample orders with captcha and daily caps). Loopback only; every
 * request has a time limit, the run a request budget and a time budget. Prints a table
 * of case, what it sends, expected and got, and the closing line `N passed, M failed`;
 * exits 1 when a case failed. See docs/decisions/0027.
 *
 * Options: `npm run attack -- --help`.
 */
import { apiChecks } from "./attack/api";
import { assertLoopback, Client } from "./attack/client";
import { productsOnce, type AttackContext } from "./attack/context";
import { edgeChecks } from "./attack/edge";
import { formatTable, runChecks, summaryLine } from "./attack/runner";
import { runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { localSecret } from "./lib/local-worker";

const REQUEST_TIMEOUT_MS = 10_000;
const CHECK_TIMEOUT_MS = 30_000;
const RUN_BUDGET_MS = 110_000;
const MAX_REQUESTS = 600;

const COMMAND = {
  command: "npm run attack --",
  summary: "The hostile battery against a running local shop (npm start); exits 1 when a case failed.",
  options: {
    origin: { type: "string", default: "http://127.0.0.1:8787", value: "url", description: "the running shop (loopback only)" },
    port: { type: "integer", min: 1, max: 65535, description: "overrides the origin's port; the shops' Host headers use it (default: the origin's)" },
  },
  examples: ["npm run attack", "npm run attack -- --port 8797"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main(): Promise<number> {
  const { values } = runCommandLine(COMMAND);
  const origin = assertLoopback(values.origin);
  if (values.port !== undefined) origin.port = String(values.port);
  const port = origin.port || "80";
  const client = new Client({ origin, host: `de.localhost:${port}`, timeoutMs: REQUEST_TIMEOUT_MS, maxRequests: MAX_REQUESTS });
  const graphqlToken = localSecret("GRAPHQL_TOKEN");
  const ctx: AttackContext = {
    client,
    hosts: { de: `de.localhost:${port}`, ch: `ch.localhost:${port}`, unknown: `evil.example:${port}` },
    graphqlToken,
    products: productsOnce(client, graphqlToken),
  };
  try {
    await client.send({ path: "/" });
  } catch (error) {
    throw new Error(`no shop answers on ${origin.origin} (start one with npm start): ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(`Attacking ${origin.origin} (Host de.localhost:${port}) with ${edgeChecks.length + apiChecks.length} cases ...\n`);
  const started = Date.now();
  const results = await runChecks([...edgeChecks, ...apiChecks], ctx, { budgetMs: RUN_BUDGET_MS, checkTimeoutMs: CHECK_TIMEOUT_MS });
  console.log(formatTable(results));
  console.log(`\n${client.sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(summaryLine(results));
  return results.every((result) => result.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
