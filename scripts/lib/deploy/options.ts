/**
 * The one place that validates what a deploy or rollback is asked to do: the environment, the
 * shops, the builds folder. A bad request stops here, before anything runs, with the reason.
 */
import { resolve } from "node:path";
import type { ShopConfig } from "@config/shop-config";
import { parseCommandLine, type CommandSpec, type OptionSpec } from "../cli";
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

/** `npm run deploy`'s command line (scripts/lib/cli.ts); the values are checked by parseDeployArgs. */
export const DEPLOY_COMMAND = {
  command: "npm run deploy --",
  summary:
    "Deploys the shops, the back office and the media: configuration checked, worker bundled and checked, D1 migrations applied, shops table synced, assets assembled, version uploaded, smoke test of the new version, new version live; a failed smoke test rolls back to the version that was live (by hand: npm run rollback).",
  options: {
    env: {
      type: "string",
      value: DEPLOY_TARGETS.join("|"),
      description:
        "where to deploy: staging or production (Cloudflare; settings from the environment or deploy.env), or rehearsal (every step on this machine)",
    },
    shops: { type: "string", value: "DE,CH", description: "shops to smoke-test (default: all); staging and production always upload every shop's build" },
    builds: { type: "string", value: "folder", default: "dist", description: "folder with the shops' builds (<SHOP>/) and the media (_media/)" },
    products: {
      type: "string",
      value: "n",
      default: "300",
      description: "rehearsal only: size of the demo catalogue the builds were made from (as npm start)",
    },
  },
  examples: ["npm run deploy -- --env staging", "npm run deploy -- --env rehearsal --shops DE --builds .e2e/dist --products 60"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

/** `npm run rollback`'s command line. */
export const ROLLBACK_COMMAND = {
  command: "npm run rollback --",
  summary: "Makes the version that was live before the current one (or --to's) take all traffic again.",
  options: {
    env: { type: "string", value: DEPLOY_TARGETS.join("|"), description: "the environment: staging, production or rehearsal" },
    to: { type: "string", value: "version id", description: "the version to put live (default: the one before the current one)" },
  },
  examples: ["npm run rollback -- --env staging", "npm run rollback -- --env production --to 0b7c1d2e-1234-4000-8000-000000000000"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

export class DeployInputError extends Error {}

function target(value: string | undefined): DeployTarget {
  if (value === undefined) throw new DeployInputError(`--env is required: one of ${DEPLOY_TARGETS.join(", ")}`);
  const found = DEPLOY_TARGETS.find((each) => each === value);
  if (!found) throw new DeployInputError(`Unknown environment '${value}': one of ${DEPLOY_TARGETS.join(", ")}`);
  return found;
}

/** The deploy's options from its arguments, or "help"; throws DeployInputError naming what is wrong. */
export function parseDeployArgs(config: ShopConfig, argv: readonly string[] = process.argv.slice(2)): DeployOptions | "help" {
  const values = parsed(DEPLOY_COMMAND, argv);
  if (values === "help") return "help";
  const known = config.shops.map((shop) => shop.id);
  const shops = values.shops === undefined ? known : values.shops.split(",").map((shop) => shop.trim().toUpperCase());
  const unknown = shops.filter((shop) => !known.includes(shop));
  if (shops.length === 0 || unknown.length > 0)
    throw new DeployInputError(`Unknown shop(s) ${unknown.map((shop) => `'${shop}'`).join(", ") || "(none given)"}; known: ${known.join(", ")}`);
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 1) throw new DeployInputError(`--products must be a positive whole number (got '${String(values.products)}')`);
  return { target: target(values.env), shops: [...new Set(shops)], builds: resolve(ROOT, values.builds), products };
}

/** The rollback's options from its arguments, or "help". */
export function parseRollbackArgs(argv: readonly string[] = process.argv.slice(2)): { target: DeployTarget; to?: string } | "help" {
  const values = parsed(ROLLBACK_COMMAND, argv);
  if (values === "help") return "help";
  const to = values.to;
  if (to !== undefined && !/^[0-9a-f-]{36}$/.test(to)) throw new DeployInputError(`--to must be a version id (a UUID), got '${to}'`);
  return { target: target(values.env), to };
}

/** The command line's values, or "help"; the shared parser's refusals (an unknown option, a missing value) as input errors. */
function parsed<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>, argv: readonly string[]) {
  const outcome = parseCommandLine(spec, argv);
  if (outcome.kind === "refused") throw new DeployInputError(outcome.message);
  return outcome.kind === "help" ? "help" : outcome.values;
}
