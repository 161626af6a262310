/**
 * Validates config/shops.json and prints the resulting host table.
 *
 *   npx tsx scripts/check-config.ts [--quiet] [--config path/to/shops.json]
 *
 * Exit code 1 with one line per problem, each naming the field
 * (e.g. `shops[1].hosts.production[0]: ...`). wrangler.toml runs it with
 * --quiet as the [build] command, so a bad config stops `wrangler dev` and deploy.
 * It also warns about service tokens in the local .dev.vars shorter than the shop API
 * accepts (their endpoints would answer 503); deployed secrets are checked by the worker.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { ENVIRONMENTS, parseShopConfig, schemeFor, ShopConfigError, ShopDirectory, type ShopConfig } from "../worker/config/shop-config";
import { MIN_TOKEN_LENGTH, SERVICE_TOKENS } from "../worker/shop-api/core/service-token";
import { devVar } from "./lib/local-worker";

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
  const rows = directory.hostTable().map((row) => {
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
  rows.sort((a, b) => ENVIRONMENTS.indexOf(a[2] as never) - ENVIRONMENTS.indexOf(b[2] as never) || a[1]!.localeCompare(b[1]!) || a[0]!.localeCompare(b[0]!));
  const header = ["origin", "shop", "environment", "preferred", "language", "prefixes", "legacy origin"];
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index]!)).join("  ").trimEnd();
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

function main(): void {
  const { values } = parseArgs({ options: { quiet: { type: "boolean", default: false }, config: { type: "string" } } });
  const path = values.config ?? join(ROOT, "config", "shops.json");
  const shown = relative(process.cwd(), path) || path;
  try {
    const config = loadConfigFile(path);
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

if (require.main === module) main();
