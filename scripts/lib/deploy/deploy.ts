/**
 * The deploy, as named steps (pipeline.ts) over one seam to Cloudflare (wrangler.ts):
 *
 *   configuration checked -> worker bundled and checked -> D1 migrations applied -> shops table synced
 *   (both in every D1 database the environment declares: DB and the shop databases, docs/decisions/0064)
 *   -> assets assembled -> version uploaded -> smoke test of the new version -> new version live
 *
 * Everything that can refuse the deploy (settings, secrets, builds, bundle size and startup) runs
 * before the first change. The live version changes first in the smoke step (the new version joins
 * the deployment at 0 % to be reachable by a version override; an environment's first version goes
 * live at its upload); a failure from there on rolls back to the version that was live.
 * docs/decisions/0059, docs/ops.md.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ShopConfig } from "@config/shop-config";
import { checkConfig } from "../../check-config";
import { DEMO_SEED, importDemoCatalogue, writeDemoCatalogue } from "../../generate-catalogue";
import { shopsSyncFile } from "../../local-d1";
import { MIGRATIONS_TABLE, migrationRenameStatements } from "../migration-renames";
import { ROOT } from "../shops";
import { WRANGLER_CONFIG } from "../wrangler-config";
import { assembleAssets, assetCountProblem, missingBuilds, uploadedShops } from "./assets";
import { bundleSize, mb, SIZE_LIMITS, sizeProblem, startupMs, STARTUP_LIMIT_MS, type WorkersPlan } from "./bundle";
import type { DeployOptions } from "./options";
import { runSteps, StepFailed, type Step } from "./pipeline";
import { declaredDatabases, readWranglerConfig, renderConfig, REQUIRED_SECRETS, writeRenderedConfig } from "./settings";
import { smokeTest } from "./smoke";
import type { Target } from "./targets";
import { liveVersion, uploadedVersionId } from "./wrangler";

export interface DeployRun {
  options: DeployOptions;
  config: ShopConfig;
  target: Target;
  log: (line: string) => void;
  /** Another migrations folder than wrangler.jsonc's (tests: a migration that fails). */
  migrationsDir?: string;
  /** Set by the steps. */
  wranglerConfig?: string;
  worker?: string;
  compatibility?: { date: string; flags: string[] };
  /** The environment's D1 bindings (DB first), each migrated and synced. */
  databases?: string[];
  previous?: string | null;
  version?: string;
  /** The live deployment has been changed by this run (rollback needed on failure). */
  changed?: boolean;
}

const env = (run: DeployRun) => ["--env", run.target.environment, "--config", run.wranglerConfig!];
const uploadDir = (run: DeployRun) => join(run.target.work, "assets");
/** Where `wrangler deploy --dry-run` bundles the worker, and its one module: its size and startup are checked, the rehearsal serves it. */
const bundleDir = (run: DeployRun) => join(run.target.work, "bundle");
const bundleFile = (run: DeployRun) => join(bundleDir(run), "index.js");
/** The Workers plan whose limits apply (WORKERS_PLAN, default paid). */
const plan = (run: DeployRun): WorkersPlan => (run.target.settings.WORKERS_PLAN === "free" ? "free" : "paid");

/** The shops whose builds must be there: those uploaded and those smoke-tested. */
const neededBuilds = (run: DeployRun) => [...new Set([...uploadedShops(run.config, run.options.shops, run.target.everyShop), ...run.options.shops])];

const configurationChecked: Step<DeployRun> = {
  name: "configuration checked",
  async run(run) {
    await checkConfig(join(ROOT, "config", "shops.json"), WRANGLER_CONFIG);
    const raw = await readWranglerConfig();
    const { config, missing } = renderConfig(raw, run.target.environment, run.target.settings);
    if (missing.length > 0)
      throw new Error(`Missing deploy settings (set them in the environment or in deploy.env; deploy.env.example lists them): ${missing.join(", ")}`);
    const section = (config.env as Record<string, { name?: string }>)[run.target.environment]!;
    const databases = declaredDatabases(config, run.target.environment);
    if (run.migrationsDir) for (const database of databases) database.migrations_dir = run.migrationsDir;
    run.databases = databases.map((database) => database.binding);
    mkdirSync(run.target.work, { recursive: true });
    run.wranglerConfig = writeRenderedConfig(config, run.target.name);
    run.worker = section.name ?? `${String(raw.name)}-${run.target.environment}`;
    run.compatibility = { date: String(raw.compatibility_date), flags: (raw.compatibility_flags as string[] | undefined) ?? [] };
    const builds = missingBuilds(run.options.builds, neededBuilds(run));
    if (builds.length > 0) throw new Error(`Missing builds: ${builds.join("; ")}`);
    const secrets = (JSON.parse(await run.target.wrangler(["secret", "list", "--format", "json", ...env(run)])) as { name: string }[]).map(
      (secret) => secret.name,
    );
    const lacking = REQUIRED_SECRETS.filter((name) => !secrets.includes(name));
    if (lacking.length > 0)
      throw new Error(
        `Missing worker secrets of ${run.target.environment}: ${lacking.join(", ")} (set each with \`npx wrangler secret put NAME --env ${run.target.environment}\`; docs/ops.md)`,
      );
    return `${run.target.environment} settings, secrets and the builds of ${neededBuilds(run).join(", ")} present; ${run.wranglerConfig}`;
  },
};

const workerBundled: Step<DeployRun> = {
  name: "worker bundled and checked",
  async run(run) {
    const outdir = bundleDir(run);
    rmSync(outdir, { recursive: true, force: true });
    await run.target.wrangler(["deploy", "--dry-run", "--outdir", outdir, ...env(run)]);
    const size = bundleSize(outdir);
    const tooBig = sizeProblem(size, plan(run));
    if (tooBig) throw new Error(tooBig);
    const startup = await startupMs(bundleFile(run), run.compatibility!);
    if (startup > STARTUP_LIMIT_MS) throw new Error(`the worker takes ${startup.toFixed(0)} ms to start, over the ${STARTUP_LIMIT_MS} ms limit`);
    return `${mb(size.bytes)}, gzip ${mb(size.gzipBytes)} (${plan(run)} plan limit ${mb(SIZE_LIMITS[plan(run)])}); startup ${startup.toFixed(0)} ms (limit ${STARTUP_LIMIT_MS} ms)`;
  },
};

const migrationsApplied: Step<DeployRun> = {
  name: "D1 migrations applied",
  async run(run) {
    const applied: string[] = [];
    for (const database of run.databases!) {
      // Migrations renamed after databases applied them are recorded under their new names first (docs/decisions/0022).
      const tables = JSON.parse(
        await run.target.wrangler([
          "d1",
          "execute",
          database,
          "--remote",
          "--json",
          "--command",
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${MIGRATIONS_TABLE}'`,
          ...env(run),
        ]),
      ) as { results: unknown[] }[];
      if ((tables[0]?.results.length ?? 0) > 0)
        await run.target.wrangler(["d1", "execute", database, "--remote", "--command", migrationRenameStatements().join(" "), "--yes", ...env(run)]);
      const output = await run.target.wrangler(["d1", "migrations", "apply", database, "--remote", ...env(run)]);
      const files = [...new Set([...output.matchAll(/\b(\d{4}_[\w-]+\.sql)\b/g)].map((match) => match[1]))];
      applied.push(`${database}: ${files.length > 0 ? `applied ${files.join(", ")}` : "none to apply"}`);
    }
    return applied.join("; ");
  },
};

const shopsSynced: Step<DeployRun> = {
  name: "shops table synced",
  async run(run) {
    const file = join(run.target.work, "shops.sql");
    writeFileSync(file, shopsSyncFile());
    for (const database of run.databases!) await run.target.wrangler(["d1", "execute", database, "--remote", "--file", file, "--yes", ...env(run)]);
    return `${run.config.shops.length} shops from config/shops.json in ${run.databases!.join(", ")}`;
  },
};

/**
 * Rehearsal only: its fresh databases get the demo catalogue the builds were made from, through the import into every
 * database the environment declares (DB first, docs/decisions/0064), so the smoke test finds their products in DB.
 */
const rehearsalCatalogue: Step<DeployRun> = {
  name: "demo catalogue in the rehearsal's databases",
  async run(run) {
    const counts: number[] = [];
    for (const database of run.databases!) {
      const answer = JSON.parse(
        await run.target.wrangler(["d1", "execute", database, "--remote", "--json", "--command", "SELECT COUNT(*) AS n FROM products", ...env(run)]),
      ) as { results: { n: number }[] }[];
      counts.push(answer[0]?.results[0]?.n ?? 0);
    }
    if (counts.every((count) => count > 0)) return `products there already: ${run.databases!.map((database, at) => `${database} ${counts[at]}`).join(", ")}`;
    const now = new Date();
    const out = join(run.target.work, "catalogue");
    const catalogue = await writeDemoCatalogue({ products: run.options.products, seed: DEMO_SEED, out, now });
    const bindings = { config: run.wranglerConfig!, environment: run.target.environment, stateDir: join(run.target.account!, "state") };
    await importDemoCatalogue(catalogue, { out, now, bindings, declared: run.databases! });
    return `${run.options.products} products imported into ${run.databases!.join(", ")}`;
  },
};

const assetsAssembled: Step<DeployRun> = {
  name: "assets assembled",
  async run(run) {
    const shops = uploadedShops(run.config, run.options.shops, run.target.everyShop);
    const files = await assembleAssets(run.options.builds, shops, uploadDir(run));
    const tooMany = assetCountProblem(files, plan(run));
    if (tooMany) throw new Error(tooMany);
    return `${shops.join(", ")}, the console and the media: ${files} files in ${uploadDir(run)}`;
  },
};

const versionUploaded: Step<DeployRun> = {
  name: "version uploaded",
  async run(run) {
    run.previous = await liveVersion(run.target.wrangler, env(run));
    const message = `deploy ${new Date().toISOString()}${process.env.GITHUB_SHA ? ` ${process.env.GITHUB_SHA.slice(0, 12)}` : ""}`;
    const upload = ["--assets", uploadDir(run), "--message", message, ...env(run)];
    // A worker's first version cannot be uploaded without deploying it (Cloudflare refuses `versions upload` for a new worker).
    run.changed = run.previous === null;
    run.version = uploadedVersionId(await run.target.wrangler(run.previous === null ? ["deploy", ...upload] : ["versions", "upload", ...upload]));
    writeFileSync(
      join(run.target.work, "versions.json"),
      `${JSON.stringify({ previous: run.previous, version: run.version, at: new Date().toISOString() }, null, 2)}\n`,
    );
    return run.previous === null ? `version ${run.version}, the environment's first: live at once` : `version ${run.version}; live before: ${run.previous}`;
  },
};

const smokeTested: Step<DeployRun> = {
  name: "smoke test of the new version",
  async run(run) {
    // The new version joins the deployment at 0 % (a version override reaches only versions of the deployment).
    if (run.previous) {
      await run.target.wrangler(["versions", "deploy", `${run.previous}@100%`, `${run.version}@0%`, "--yes", "--message", "smoke test", ...env(run)]);
      run.changed = true;
    }
    const served = await run.target.serve(run.version!, { assets: uploadDir(run), bundle: bundleFile(run) }, run.worker!);
    try {
      const checks = await smokeTest({
        config: run.config,
        hosts: run.target.hosts,
        shops: run.options.shops,
        buildOf: (shop) => join(run.options.builds, shop),
        request: served.request,
      });
      const failed = checks.filter((check) => !check.ok);
      if (failed.length > 0) throw new Error(failed.map((check) => `${check.what}: ${check.detail}`).join("\n"));
      return `${checks.length} checks passed`;
    } finally {
      await served.stop();
    }
  },
};

const versionLive: Step<DeployRun> = {
  name: "new version live",
  async run(run) {
    if (run.previous) await run.target.wrangler(["versions", "deploy", `${run.version}@100%`, "--yes", "--message", "deploy", ...env(run)]);
    return `${run.version} takes all traffic`;
  },
};

export function deploySteps(target: Target): Step<DeployRun>[] {
  return [
    configurationChecked,
    workerBundled,
    migrationsApplied,
    shopsSynced,
    ...(target.name === "rehearsal" ? [rehearsalCatalogue] : []),
    assetsAssembled,
    versionUploaded,
    smokeTested,
    versionLive,
  ];
}

export type DeployOutcome = { ok: true; version: string; previous: string | null } | { ok: false; step: string; reason: string; rolledBackTo: string | null };

/** Runs the deploy; a failure after the live deployment changed rolls back to the version that was live. */
export async function deploy(run: DeployRun): Promise<DeployOutcome> {
  try {
    await runSteps(deploySteps(run.target), run, run.log);
    return { ok: true, version: run.version!, previous: run.previous ?? null };
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    if (!run.changed) {
      run.log(`Stopped at "${error.step}"; the live version did not change.`);
      return { ok: false, step: error.step, reason: error.reason, rolledBackTo: null };
    }
    if (!run.previous) {
      run.log(`Stopped at "${error.step}"; no version was live before this one, so there is none to roll back to.`);
      return { ok: false, step: error.step, reason: error.reason, rolledBackTo: null };
    }
    run.log(`Rolling back to ${run.previous} ...`);
    await run.target.wrangler(["versions", "deploy", `${run.previous}@100%`, "--yes", "--message", `rollback: ${error.step} failed`, ...env(run)]);
    run.log(`Rolled back: ${run.previous} takes all traffic again.`);
    return { ok: false, step: error.step, reason: error.reason, rolledBackTo: run.previous };
  }
}

/** `npm run rollback`: the version live before the current one (or `to`) takes all traffic again. */
export async function rollback(target: Target, to: string | undefined, log: (line: string) => void): Promise<string> {
  const { config, missing } = renderConfig(await readWranglerConfig(), target.environment, target.settings);
  if (missing.length > 0) throw new Error(`Missing deploy settings (set them in the environment or in deploy.env): ${missing.join(", ")}`);
  mkdirSync(target.work, { recursive: true });
  const path = writeRenderedConfig(config, target.name);
  const output = await target.wrangler([
    "rollback",
    ...(to ? [to] : []),
    "--yes",
    "--message",
    "rollback by hand (npm run rollback)",
    "--env",
    target.environment,
    "--config",
    path,
  ]);
  log(output.trim());
  return (await liveVersion(target.wrangler, ["--env", target.environment, "--config", path])) ?? "none";
}
