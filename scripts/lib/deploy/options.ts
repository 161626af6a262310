/**
 * The one place that validates what a deploy or rollback is asked to do: the environment, the
 * shops, the builds folder. A bad request stops here, before anything runs, with the reason.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { ShopConfig } from "@config/shop-config";
import { ROOT } from "../shops";

export const DEPLOY_TARGETS = ["staging", "production", "rehearsal"] as const;
export type DeployTarget = (typeof DEPLOY_TARGETS)[number];

export interface DeployOptions {
  target: DeployTarget;
  /** The shops smoke-tested (all by default); staging and production upload every static shop whatever is chosen. */
  shops: string[];
  /** Folder with a build per shop (`<SHOP>/` with its release record) and the media (`_media/`). */
  builds: string;
  /** Rehearsal: products of the demo catalogue its fresh database gets for the smoke test (the builds' catalogue size). */
  products: number;
}

export const DEPLOY_USAGE = `npm run deploy -- --env staging|production|rehearsal [--shops DE,CH] [--builds dist] [--products 300] [--help]

  --env       where to deploy: staging or production (Cloudflare; settings from the environment or deploy.env),
              or rehearsal (every step on this machine: bundle checks, a local D1, a local worker, the smoke test)
  --shops     shops to smoke-test (default: all); staging and production always upload every shop's build
  --builds    folder with the shops' builds (<SHOP>/) and the media (_media/); default dist
  --products  rehearsal only: size of the demo catalogue the builds were made from (default 300, as npm start)

Steps: configuration checked, worker bundled and checked, D1 migrations applied, shops table synced,
assets assembled, version uploaded, smoke test of the new version, new version live. A failed smoke test
rolls back to the version that was live. By hand: npm run rollback -- --env staging|production|rehearsal [--to <version id>]`;

export const ROLLBACK_USAGE = `npm run rollback -- --env staging|production|rehearsal [--to <version id>] [--help]

  Makes the version that was live before the current one (or --to's) take all traffic again.`;

export class DeployInputError extends Error {}

function target(value: string | undefined): DeployTarget {
  if (value === undefined) throw new DeployInputError(`--env is required: one of ${DEPLOY_TARGETS.join(", ")}`);
  const found = DEPLOY_TARGETS.find((each) => each === value);
  if (!found) throw new DeployInputError(`Unknown environment '${value}': one of ${DEPLOY_TARGETS.join(", ")}`);
  return found;
}

/** The deploy's options from its arguments, or "help"; throws DeployInputError naming what is wrong. */
export function parseDeployArgs(argv: string[], config: ShopConfig): DeployOptions | "help" {
  const { values } = parseFlags(() =>
    parseArgs({
      args: argv,
      options: { env: { type: "string" }, shops: { type: "string" }, builds: { type: "string" }, products: { type: "string" }, help: { type: "boolean" } },
    }),
  );
  if (values.help) return "help";
  const known = config.shops.map((shop) => shop.id);
  const shops = values.shops === undefined ? known : values.shops.split(",").map((shop) => shop.trim().toUpperCase());
  const unknown = shops.filter((shop) => !known.includes(shop));
  if (shops.length === 0 || unknown.length > 0)
    throw new DeployInputError(`Unknown shop(s) ${unknown.map((shop) => `'${shop}'`).join(", ") || "(none given)"}; known: ${known.join(", ")}`);
  const products = Number(values.products ?? 300);
  if (!Number.isInteger(products) || products < 1) throw new DeployInputError(`--products must be a positive whole number (got '${String(values.products)}')`);
  return { target: target(values.env), shops: [...new Set(shops)], builds: resolve(ROOT, values.builds ?? "dist"), products };
}

/** The rollback's options from its arguments, or "help". */
export function parseRollbackArgs(argv: string[]): { target: DeployTarget; to?: string } | "help" {
  const { values } = parseFlags(() => parseArgs({ args: argv, options: { env: { type: "string" }, to: { type: "string" }, help: { type: "boolean" } } }));
  if (values.help) return "help";
  const to = values.to;
  if (to !== undefined && !/^[0-9a-f-]{36}$/.test(to)) throw new DeployInputError(`--to must be a version id (a UUID), got '${to}'`);
  return { target: target(values.env), to };
}

/** parseArgs' own refusals (an unknown option, a missing value) as input errors. */
function parseFlags<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new DeployInputError(error instanceof Error ? error.message : String(error));
  }
}
