/**
 * `npm run builder`: claims the shop API's due builds and runs them, several shops at once, until
 * stopped (docs/decisions/0034). Each build is the shop's incremental Gatsby build from the
 * shop API's /graphql, published atomically into dist/<SHOP>; progress goes to the shop API
 * (and one line per phase here).
 *
 *   npm run builder -- [--origin http://localhost:8787] [--shop DE --shop CH | --shop DE,CH]
 *                      [--once [--wait SECONDS]] [--dist DIR] [--verbose] [--deploy "COMMAND"]
 *                      [--concurrency N]
 *
 * --deploy runs a shell command after each local publish (CI: the deploy of the release;
 * SHOP, BUILD_ID, CHANGE_IDS and RELEASE_DIR are set); the build is reported published only
 * when it succeeds, failed otherwise.
 * --concurrency runs up to N builds at once, each of another shop (default: BUILD_CONCURRENCY,
 * else one per CPU core up to 4).
 * --once claims one build (waiting up to --wait seconds, default 600, for one to become
 * due), runs it and exits: 0 published or nothing to do, 1 failed, 2 lease lost or stopped.
 * The shop API's BUILDER_TOKEN comes from the BUILDER_TOKEN variable, else from .dev.vars
 * (the local worker's); the build's GRAPHQL_TOKEN likewise. Ctrl+C stops: a build that is
 * publishing finishes, any other is left to its lease (another builder takes it over).
 */
import { resolve } from "node:path";
import { backOfficeHostFor, buildConcurrency, builderApi, builderLoop, builderName, builderToken, gatsbyJob } from "@builder/index";
import { refuseUsage, runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { loadShopConfig } from "./lib/shops";

const COMMAND = {
  command: "npm run builder --",
  summary: "Claims the shop API's due builds and runs them until stopped: each shop's incremental build, published atomically into dist/<SHOP>.",
  options: {
    origin: { type: "string", default: "http://localhost:8787", value: "url", description: "the shop API whose builds are claimed" },
    shop: { type: "list", value: "SHOP,...", description: "only builds of these shops (repeatable; default: every shop)" },
    once: { type: "boolean", description: "claim one build, run it and exit: 0 published or nothing to do, 1 failed, 2 lease lost or stopped" },
    wait: { type: "integer", default: 600, min: 0, value: "seconds", description: "with --once, how long to wait for a build to become due" },
    dist: { type: "string", value: "dir", description: "the dist folder published into (default: dist)" },
    verbose: { type: "boolean", description: "print Gatsby's own output" },
    deploy: { type: "string", value: "command", description: "a shell command run after each local publish (SHOP, BUILD_ID, CHANGE_IDS, RELEASE_DIR set)" },
    concurrency: { type: "integer", min: 1, description: "builds at once, each of another shop (default: BUILD_CONCURRENCY, else one per core up to 4)" },
  },
  examples: ["npm run builder -- --shop DE,CH", 'npm run builder -- --once --shop DE --origin "$SHOP_API_ORIGIN" --deploy "..."'],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main(): Promise<number> {
  const { values } = runCommandLine(COMMAND);
  const known = loadShopConfig().shops.map((shop) => shop.id);
  const shops = values.shop.map((shop) => shop.toUpperCase());
  const unknown = shops.filter((shop) => !known.includes(shop));
  if (unknown.length > 0) refuseUsage(COMMAND, `unknown shop(s) ${unknown.join(", ")} (known: ${known.join(", ")})`);
  const concurrency = values.concurrency ?? buildConcurrency();
  const wait = values.wait;
  let origin: string;
  try {
    origin = new URL(values.origin).origin;
  } catch {
    refuseUsage(COMMAND, `--origin must be a URL such as http://localhost:8787 (got '${values.origin}')`);
  }

  const log = (line: string) => console.log(line);
  const api = builderApi({ origin, host: backOfficeHostFor(origin) ?? undefined, token: builderToken(), builder: builderName() });
  const job = gatsbyJob({
    origin,
    shops,
    distRoot: values.dist ? resolve(values.dist) : undefined,
    log,
    gatsbyLog: values.verbose ? log : undefined,
    deployCommand: values.deploy,
  });
  const stop = new AbortController();
  const onSignal = (signal: string) => {
    if (stop.signal.aborted) return;
    log(`${signal}: stopping the builder ...`);
    stop.abort();
  };
  process.on("SIGINT", () => onSignal("SIGINT"));
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  log(
    `builder ${builderName()} claiming ${shops.length ? `builds of ${shops.join(", ")}` : "builds of every shop"} from ${origin}${values.once ? " (once)" : `, ${concurrency} at once`}`,
  );
  const outcomes = await builderLoop(api, job, { log, shops, once: values.once, onceWaitMs: wait * 1000, stop: stop.signal, concurrency });
  if (!values.once) return 0;
  const outcome = outcomes[0];
  if (!outcome || outcome.kind === "published") return 0;
  return outcome.kind === "failed" ? 1 : 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`builder: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
