import type { LocalEnvironment } from "../../worker/config/shop-config";
import { applyLocalMigrations, withLocalD1 } from "../local-d1";
import { buildConsole } from "../build-console";
import { buildShop, type BuildReport } from "./build-shop";
import { seedDemoStaff } from "./demo-staff";
import { startBuilder, type RunningBuilder } from "./builder";
import { startLocalWorker, type LocalWorker } from "./local-worker";
import { mailDirectoryIn, startMailCatcher, type MailCatcher } from "./mail-catcher";
import { runTsxScript } from "./run-script";

/**
 * Everything a local run of the shops needs, in order: the catalogue database (migrated,
 * filled with the demo catalogue through the import when empty), the mail catcher the
 * worker sends to, the worker, and the static build of each shop. Used by `npm start`
 * and by the browser tests' setup.
 */
export interface LocalShopsOptions {
  /** wrangler's local state folder (D1); each use gets its own. */
  stateDir: string;
  /** Folder receiving dist/<SHOP>/ builds. */
  distRoot: string;
  /** Gatsby cache and output per shop; one per catalogue, or incremental sourcing would mix them. */
  workspaceRoot: string;
  port: number;
  /** The SMTP catcher's ports (SMTP, web inbox); the worker gets SMTP_PORT to match. None: no catcher (benchmarks). */
  mailCatcher?: { smtp: number; web: number };
  /** The environment the worker serves (its no-shop-found page links to that environment's hosts); default wrangler.toml's, development. */
  environment?: LocalEnvironment;
  products: number;
  shops: string[];
  /** Regenerate the demo catalogue even when the database has products. */
  fresh?: boolean;
  log: (line: string) => void;
}

export interface LocalShops {
  worker: LocalWorker;
  mail: MailCatcher | null;
  builds: BuildReport[];
}

export async function prepareCatalogue(options: Pick<LocalShopsOptions, "stateDir" | "products" | "fresh" | "log">): Promise<void> {
  process.env.LOCAL_STATE_DIR = options.stateDir;
  options.log("Applying database migrations ...");
  applyLocalMigrations();
  // The back office's demo accounts (local databases only; password in .dev.vars).
  await withLocalD1((db) => seedDemoStaff(db));
  const products = await withLocalD1(async (db) => (await db.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>())?.n ?? 0);
  if (products > 0 && !options.fresh) {
    options.log(`The local catalogue has ${products} products; keeping it (use --fresh to regenerate).`);
    return;
  }
  options.log(`Generating the demo catalogue with ${options.products} products ...`);
  await runTsxScript("generate-catalogue.ts", ["--products", String(options.products)], options);
}

export async function startAndBuild(options: LocalShopsOptions): Promise<LocalShops> {
  const ports = options.mailCatcher;
  if (!ports) return { ...(await buildAndServe(options, {})), mail: null };
  options.log(`Starting the mail catcher (SMTP ${ports.smtp}, inbox on port ${ports.web}) ...`);
  const mail = await startMailCatcher({ smtpPort: ports.smtp, webPort: ports.web, mailDirectory: mailDirectoryIn(options.stateDir), log: options.log });
  try {
    return { ...(await buildAndServe(options, { SMTP_PORT: String(ports.smtp) })), mail };
  } catch (error) {
    await mail.stop();
    throw error;
  }
}

async function buildAndServe(options: LocalShopsOptions, mailVars: Record<string, string>): Promise<Omit<LocalShops, "mail">> {
  const vars: Record<string, string> = { ...mailVars, ...(options.environment ? { ENVIRONMENT_NAME: options.environment } : {}) };
  options.log("Building the back-office console ...");
  await buildConsole(options.distRoot);
  const start = () => startLocalWorker({ port: options.port, persistTo: options.stateDir, assets: options.distRoot, vars, log: options.log });
  options.log(`Starting the worker on port ${options.port} ...`);
  const builder = await start();
  const builds: BuildReport[] = [];
  try {
    for (const [index, shop] of options.shops.entries()) {
      options.log(`Building shop ${shop} (${index + 1}/${options.shops.length}) ...`);
      const report = await buildShop(shop, {
        graphqlUrl: `${builder.origin}/graphql`,
        distRoot: options.distRoot,
        workspaceRoot: options.workspaceRoot,
        log: () => undefined,
      });
      options.log(`  ${shop}: ${report.pages} pages in ${report.seconds.toFixed(1)} s (${report.rewrittenPages.length} pages written)`);
      builds.push(report);
    }
  } finally {
    await builder.stop();
  }
  // A fresh worker serves the finished builds: wrangler's asset watcher may still be
  // reloading files the builds just wrote, and a page must never meet half a build.
  options.log("Serving the builds ...");
  return { worker: await start(), builds };
}

/**
 * The builder of the local shops (docs/decisions/0034): claims the builds the worker's queue
 * holds (after an import, a webhook, "publish now") and publishes them into distRoot; its
 * lines are prefixed [builder]. Null, with a note, when the worker has no BUILDER_TOKEN yet.
 */
export function startLocalBuilder(
  options: Pick<LocalShopsOptions, "distRoot" | "workspaceRoot" | "shops" | "log"> & { origin: string },
): RunningBuilder | null {
  try {
    return startBuilder({
      origin: options.origin,
      shops: options.shops,
      distRoot: options.distRoot,
      workspaceRoot: options.workspaceRoot,
      log: (line) => options.log(`[builder] ${line}`),
    });
  } catch (error) {
    options.log(`[builder] not started: ${(error as Error).message}`);
    return null;
  }
}
