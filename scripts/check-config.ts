/**
 * Validates config/shops.json and prints the resulting host table.
 *
 *   npm run config:check -- [--quiet] [--config path/to/shops.json] [--wrangler path/to/wrangler.jsonc]
 *
 * Exit code 1 with one line per problem, each naming the field
 * (e.g. `shops[1].hosts.production[0]: ...`), also when wrangler.jsonc's ratelimits
 * disagree with the config's `rateLimits.perIp`, or a scope's SHOP_DATABASES puts a shop on a D1
 * binding the scope does not declare (scripts/lib/shop-database-bindings.ts). wrangler.jsonc runs it with
 * --quiet as the build command, so a bad config stops `wrangler dev` and deploy.
 * It also warns about service tokens in the local .dev.vars shorter than the shop API
 * accepts (their endpoints would answer 503); deployed secrets are checked by the worker.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ENVIRONMENTS, parseShopConfig, schemeFor, ShopConfigError, ShopDirectory, type ShopConfig } from "@config/shop-config";
import { rateLimitBindingProblems, readWranglerRateLimits } from "./lib/rate-limit-bindings";
import { shopDatabaseBindingProblems, type WranglerShopDatabases } from "./lib/shop-database-bindings";
import { MIN_TOKEN_LENGTH, SERVICE_TOKENS } from "@shop-api/core/service-token";
import { paymentConfigProblems } from "@shop-api/core/payments/adapters";
import { runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { devVar } from "./lib/local-worker";
import { WRANGLER_CONFIG } from "./lib/wrangler-config";

const ROOT = join(__dirname, "..");

export function loadConfigFile(path: string): ShopConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ShopConfigError([`(file) ${error instanceof Error ? error.message : String(error)}`]);
  }
  return parseShopConfig(raw);
}

export function hostTable(config: ShopConfig): string {
  const directory = new ShopDirectory(config);
  const hostRows = directory
    .hostTable()
    .sort((a, b) => ENVIRONMENTS.indexOf(a.environment) - ENVIRONMENTS.indexOf(b.environment) || a.shop.localeCompare(b.shop) || a.host.localeCompare(b.host));
  const rows = hostRows.map((row) => {
    const shop = directory.shop(row.shop)!;
    return [
      `${schemeFor(config, row.environment)}://${row.host}`,
      row.shop,
      row.environment,
      row.preferred ? "yes" : "",
      shop.hostLanguageRules ? "host rules" : `shop (${shop.defaultLanguage})`,
      shop.domainPrefixes.length > 0 ? shop.domainPrefixes.map((p) => `/${p}/`).join(" ") : "-",
      shop.legacyOrigin ?? "-",
    ];
  });
  const header = ["origin", "shop", "environment", "preferred", "language", "prefixes", "legacy origin"];
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index]!))
      .join("  ")
      .trimEnd();
  const edge = config.edge;
  return [
    line(header),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map(line),
    "",
    `Unknown hosts: the no-shop-found page (language rules, fallback ${config.fallbackLanguage}).`,
    `Legacy paths (upstream requests, header ${edge.upstreamRequestHeader}, action ${edge.legacyAction}): ${config.legacyPaths.join(", ")}`,
    `Gates: ${edge.gates.map((gate) => `${gate.paths.join(" ")} -> ${gate.guard}`).join("; ")}`,
    edge.internationalEntry
      ? `International entry: /${edge.internationalEntry.pathSegment}/... or ?${edge.internationalEntry.queryParameter}=${edge.internationalEntry.shop.toLowerCase()} -> ${edge.internationalEntry.shop} (cookie ${edge.developerModeCookie})`
      : "International entry: none",
    `Token cookies: ${ENVIRONMENTS.map((env) => `${env}=${config.environments[env].tokenCookie}`).join(", ")}; locale cookie ${edge.localeCookie}`,
    `Builds served from: ${config.shops.map((shop) => `${shop.id} ${shop.assets === "r2" ? "R2" : "static assets"}`).join(", ")}`,
    `Rate limits per IP: ${Object.entries(config.rateLimits.perIp)
      .map(([bucket, { limit, period }]) => `${bucket} ${limit}/${period} s`)
      .join(", ")}; exact: ${Object.entries(config.rateLimits.exact)
      .map(([rule, { limit, windowSeconds }]) => `${rule} ${limit}/${windowSeconds} s`)
      .join(", ")}`,
  ].join("\n");
}

/** A warning for each service token in the text of a .dev.vars file that is too short to be used. */
export function shortTokenWarnings(devVars: string): string[] {
  return SERVICE_TOKENS.flatMap((name) => {
    const value = devVar(devVars, name);
    return value !== undefined && value.length < MIN_TOKEN_LENGTH
      ? [`warning: .dev.vars ${name} has ${value.length} characters; the shop API needs at least ${MIN_TOKEN_LENGTH} and answers its endpoint with 503`]
      : [];
  });
}

/** The R2 binding the edge reads the builds of shops with `assets: "r2"` from (docs/decisions/0053). */
export const SITE_ASSETS_BINDING = "SITE_ASSETS";

interface WranglerBuckets {
  r2_buckets?: { binding?: string }[];
  env?: Record<string, { r2_buckets?: { binding?: string }[] }>;
}

/** One line per wrangler.jsonc scope (top level, each `env.*`) without the SITE_ASSETS bucket while a shop is published to R2. */
export function siteAssetBindingProblems(config: ShopConfig, wrangler: WranglerBuckets): string[] {
  const index = config.shops.findIndex((shop) => shop.assets === "r2");
  if (index === -1) return [];
  const scopes: [string, WranglerBuckets["r2_buckets"]][] = [
    ["wrangler.jsonc", wrangler.r2_buckets],
    ...Object.entries(wrangler.env ?? {}).map(([name, env]): [string, WranglerBuckets["r2_buckets"]] => [`wrangler.jsonc env.${name}`, env.r2_buckets]),
  ];
  return scopes
    .filter(([, buckets]) => !(buckets ?? []).some((bucket) => bucket.binding === SITE_ASSETS_BINDING))
    .map(([where]) => `shops[${index}].assets: ${config.shops[index]!.id} is published to R2, but ${where} has no r2_buckets binding ${SITE_ASSETS_BINDING}`);
}

/** The config, checked on its own, for the payment providers (adapters, their methods and secrets), and against the rate-limiting, R2 and D1 bindings of wrangler.jsonc. */
export async function checkConfig(path: string, wranglerPath: string): Promise<ShopConfig> {
  const config = loadConfigFile(path);
  const { experimental_readRawConfig } = await import("wrangler");
  const problems = [
    ...paymentConfigProblems(config.shops),
    ...rateLimitBindingProblems(config, await readWranglerRateLimits(wranglerPath)),
    ...siteAssetBindingProblems(config, experimental_readRawConfig({ config: wranglerPath }).rawConfig as WranglerBuckets),
    ...shopDatabaseBindingProblems(config, experimental_readRawConfig({ config: wranglerPath }).rawConfig as WranglerShopDatabases),
  ];
  if (problems.length > 0) throw new ShopConfigError(problems);
  return config;
}

const COMMAND = {
  command: "npm run config:check --",
  summary: "Validates config/shops.json (and wrangler.jsonc's rate limits against it) and prints the host table; exit 1 with one line per problem.",
  options: {
    quiet: { type: "boolean", description: "one line instead of the host table (wrangler's [build] command)" },
    config: { type: "string", value: "file", description: "the shop config (default: config/shops.json)" },
    wrangler: { type: "string", value: "file", description: "the wrangler configuration (default: wrangler.jsonc)" },
  },
  examples: ["npm run config:check", "npm run config:check -- --quiet --config my-shops.json"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main(): Promise<void> {
  const { values } = runCommandLine(COMMAND);
  const path = values.config ?? join(ROOT, "config", "shops.json");
  const shown = relative(process.cwd(), path) || path;
  try {
    const config = await checkConfig(path, values.wrangler ?? WRANGLER_CONFIG);
    if (values.quiet) {
      console.log(`${shown}: valid (${config.shops.length} shops, ${new ShopDirectory(config).hostTable().length} hosts)`);
    } else {
      console.log(`${shown}: valid\n`);
      console.log(hostTable(config));
    }
    const devVars = join(ROOT, ".dev.vars");
    if (existsSync(devVars)) for (const warning of shortTokenWarnings(readFileSync(devVars, "utf8"))) console.warn(warning);
  } catch (error) {
    if (error instanceof ShopConfigError) {
      console.error(`${shown} is not valid:`);
      for (const problem of error.problems) console.error(`  - ${problem}`);
    } else {
      console.error(`${shown}: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  }
}

if (require.main === module) void main();
