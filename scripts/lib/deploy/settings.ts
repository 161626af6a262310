/**
 * The values of a deploy that differ per Cloudflare account: the API token and account id, and
 * every `${NAME}` placeholder of the chosen environment in wrangler.jsonc (D1 id, mail endpoint,
 * Access settings). One place holds them: the process environment (CI: the GitHub environment's
 * secrets and variables), else the uncommitted deploy.env (KEY=VALUE lines; deploy.env.example
 * lists every name). The deploy renders the configuration for one environment from them, and
 * names every missing one before anything changes.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { devVar } from "../local-worker";
import { ROOT } from "../shops";
import { WRANGLER_CONFIG } from "../wrangler-config";

export type DeployedEnvironment = "staging" | "production";

/** What every deploy to Cloudflare needs besides the configuration's placeholders. */
export const ACCOUNT_SETTINGS = ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"] as const;

/**
 * The Cloudflare Access service token the smoke test shows the back office's Access application
 * (docs/decisions/0033), per environment, so its login page can be checked before the switch.
 */
export const smokeAccessSettings = (environment: DeployedEnvironment) =>
  [`BODENHAUS_${environment.toUpperCase()}_SMOKE_ACCESS_CLIENT_ID`, `BODENHAUS_${environment.toUpperCase()}_SMOKE_ACCESS_CLIENT_SECRET`] as const;

/** The worker secrets a deployed environment must hold (`wrangler secret put NAME --env <env>`); docs/ops.md says what each is. */
export const REQUIRED_SECRETS = [
  "CATALOGUE_IMPORT_TOKEN",
  "SEARCH_REPORT_TOKEN",
  "GRAPHQL_TOKEN",
  "BUILDER_TOKEN",
  "ORDER_EVENTS_TOKEN",
  "ALTCHA_HMAC_KEY",
  "RMA_LINK_SECRET",
  "OFFER_LINK_SECRET",
  "MAIL_API_KEY",
] as const;

const PLACEHOLDER = /\$\{([A-Z][A-Z0-9_]*)\}/g;

/** The deploy settings: deploy.env's values with the process environment's over them. */
export function readDeploySettings(file = join(ROOT, "deploy.env"), env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const names = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
  const fromFile = Object.fromEntries(names.map((name) => [name, devVar(text, name) ?? ""]));
  const fromEnv = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return Object.fromEntries(Object.entries({ ...fromFile, ...fromEnv }).filter(([, value]) => value.trim() !== ""));
}

export interface RenderedConfig {
  /** wrangler's configuration with only the chosen environment, its placeholders filled. */
  config: Record<string, unknown>;
  /** Every setting the environment needs that `settings` lacks, in order of first use. */
  missing: string[];
}

/** The placeholders of a value (a section of the configuration), each once, in order of appearance. */
export function placeholdersOf(value: unknown): string[] {
  return [...new Set([...JSON.stringify(value).matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * wrangler.jsonc (as wrangler reads it) for one deployed environment: the top level with only
 * `env.<environment>`, every placeholder filled from `settings`; also the names a deploy to it needs
 * and `settings` lacks (account settings, placeholders, the smoke test's Access token).
 */
export function renderConfig(raw: Record<string, unknown>, environment: DeployedEnvironment, settings: Record<string, string>): RenderedConfig {
  const section = (raw.env as Record<string, unknown> | undefined)?.[environment];
  if (!section) throw new Error(`wrangler.jsonc has no env.${environment}`);
  const needed = [...ACCOUNT_SETTINGS, ...placeholdersOf(section), ...smokeAccessSettings(environment)];
  const missing = [...new Set(needed)].filter((name) => !settings[name]);
  const filled = JSON.parse(JSON.stringify(section), (_key, value: unknown) =>
    typeof value === "string" ? value.replace(PLACEHOLDER, (whole, name: string) => settings[name] ?? whole) : value,
  ) as Record<string, unknown>;
  return { config: { ...raw, env: { [environment]: filled } }, missing };
}

/** Writes the rendered configuration beside wrangler.jsonc (its paths are relative to that folder); returns its path. */
export function writeRenderedConfig(rendered: Record<string, unknown>, name: string, root = ROOT): string {
  const path = join(root, `.wrangler-deploy-${name}.json`);
  writeFileSync(path, `${JSON.stringify(rendered, null, 2)}\n`);
  return path;
}

/** One D1 database an environment of the configuration declares (`env.<environment>.d1_databases`). */
export interface DeclaredDatabase {
  binding: string;
  database_name?: string;
  migrations_dir?: string;
}

/** The D1 databases `env.<environment>` of a configuration declares, as its objects (a change to one is a change to the configuration). */
export function declaredDatabases(config: Record<string, unknown>, environment: string): DeclaredDatabase[] {
  return (config.env as Record<string, { d1_databases?: DeclaredDatabase[] }> | undefined)?.[environment]?.d1_databases ?? [];
}

/** wrangler.jsonc as wrangler reads it. */
export async function readWranglerConfig(path = WRANGLER_CONFIG): Promise<Record<string, unknown>> {
  const { experimental_readRawConfig } = await import("wrangler");
  return experimental_readRawConfig({ config: path }).rawConfig as Record<string, unknown>;
}
