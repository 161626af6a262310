import { join } from "node:path";
import type { LocalEnvironment } from "@config/shop-config";
import { demoDocuments, describeMedia, generateMedia, MEDIA_CACHE_FOLDER, MEDIA_FOLDER, MEDIA_UPLOADS_FOLDER } from "../generate-media";
import { keptUploads } from "../media/uploads";
import { applyLocalMigrations, withLocalD1 } from "../local-d1";
import { buildConsole } from "../build-console";
import { seedDemoStaff } from "./demo-staff";
import { drainBuilds, startBuilder, type DrainedBuild, type RunningBuilder } from "@builder/index";
import { mailDirectoryIn, startMailCatcher, type MailCatcher } from "./mail-catcher";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";
import { startPayPalStandIn, type PayPalStandIn } from "./paypal-stand-in";
import { startWidgetStandIn, type WidgetStandIn } from "./widget-stand-in";
import { localSecret, reloadTrigger, startLocalWorker, type LocalWorker } from "./local-worker";
import { startWorkerdWorker } from "./workerd-worker";
import { demoCatalogueVersion, storeDemoCatalogueVersion, storedDemoCatalogueVersion } from "./demo-catalogue-version";
import { runTsxScript } from "./run-script";

/**
 * Everything a local run of the shops needs, in order: the catalogue database (migrated,
 * filled with the demo catalogue through the import when empty), the mail catcher the
 * worker sends to, the worker, and the static build of each shop through the rebuild pipeline
 * (a publish of the shops drained by the builder). Used by `npm start`, the browser tests'
 * setup and bench:edge.
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
  /** The port of the local Stripe stand-in the worker pays through (STRIPE_API_ORIGIN; scripts/lib/local-ports.ts). None: no stand-in (benchmarks). */
  stripeStandIn?: number;
  /** The port of the local PayPal stand-in the worker pays through (PAYPAL_API_BASE; scripts/lib/local-ports.ts). None: no stand-in (benchmarks). */
  paypalStandIn?: number;
  /** The port of the local review and chat providers' stand-in the demo shops' widgets load from (scripts/lib/local-ports.ts). None: no stand-in. */
  widgetStandIn?: number;
  /** The environment the worker serves (its no-shop-found page links to that environment's hosts); default wrangler.jsonc's, development. */
  environment?: LocalEnvironment;
  /** Variables of the worker over wrangler.jsonc's and .dev.vars (the browser tests' smaller captcha work). */
  vars?: Record<string, string>;
  products: number;
  shops: string[];
  /** Regenerate the demo catalogue even when the database has products. */
  fresh?: boolean;
  /** Names the first builds' publish in the pipeline (default "npm start"). */
  actor?: string;
  /**
   * What serves the worker: `wrangler dev` (default; it also reloads when the worker's code changes) or workerd
   * through Miniflare as deployed (scripts/lib/workerd-worker.ts), for runs that change no code (the browser tests).
   */
  server?: "wrangler dev" | "workerd";
  log: (line: string) => void;
}

export interface LocalShops {
  worker: LocalWorker;
  mail: MailCatcher | null;
  stripe: StripeStandIn | null;
  paypal: PayPalStandIn | null;
  widgets: WidgetStandIn | null;
  /** The first build of each shop, through the pipeline. */
  builds: DrainedBuild[];
  /** The change id of the publish that started them. */
  changeId: number;
}

export async function prepareCatalogue(
  options: Pick<LocalShopsOptions, "stateDir" | "products" | "fresh" | "log"> & Partial<Pick<LocalShopsOptions, "distRoot">>,
): Promise<void> {
  await prepareDemoCatalogue(options);
  // The demo's pictures, PDFs and videos (docs/decisions/0046, 0068): beside the shops' builds, made once into the state's
  // cache; the files a merchant's import brought are taken instead.
  if (options.distRoot) {
    const stats = await generateMedia({
      documents: demoDocuments(options.products),
      out: join(options.distRoot, MEDIA_FOLDER),
      cacheDir: join(options.stateDir, MEDIA_CACHE_FOLDER),
      uploads: keptUploads(join(options.stateDir, MEDIA_UPLOADS_FOLDER)),
    });
    options.log(describeMedia(stats));
  }
}

async function prepareDemoCatalogue(options: Pick<LocalShopsOptions, "stateDir" | "products" | "fresh" | "log">): Promise<void> {
  process.env.LOCAL_STATE_DIR = options.stateDir;
  options.log("Applying database migrations ...");
  await applyLocalMigrations();
  // The back office's demo accounts (local databases only; password in .dev.vars).
  await withLocalD1((db) => seedDemoStaff(db));
  const products = await withLocalD1(async (db) => (await db.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>())?.n ?? 0);
  const version = demoCatalogueVersion(options.products);
  const stored = storedDemoCatalogueVersion(options.stateDir);
  // A catalogue of unknown origin (imported by hand, or an older state) is kept; a demo catalogue
  // is kept while the generator makes the same one.
  if (products > 0 && !options.fresh && (stored === null || stored === version)) {
    options.log(`The local catalogue has ${products} products; keeping it (use --fresh to regenerate).`);
    return;
  }
  options.log(
    products > 0 && !options.fresh
      ? `The demo catalogue's generator changed since this database was filled; importing its new version (${options.products} products) ...`
      : `Generating the demo catalogue with ${options.products} products ...`,
  );
  await runTsxScript("generate-catalogue.ts", ["--products", String(options.products)], options);
  storeDemoCatalogueVersion(options.stateDir, version);
}

export async function startAndBuild(options: LocalShopsOptions): Promise<LocalShops> {
  const ports = options.mailCatcher;
  const stripe =
    options.stripeStandIn === undefined
      ? null
      : await startStripeStandIn({
          port: options.stripeStandIn,
          secretKey: localSecret("STRIPE_SECRET_KEY"),
          webhookSecret: localSecret("STRIPE_WEBHOOK_SECRET"),
          log: options.log,
        });
  const paypal =
    options.paypalStandIn === undefined
      ? null
      : await startPayPalStandIn({
          port: options.paypalStandIn,
          clientId: localSecret("PAYPAL_CLIENT_ID"),
          clientSecret: localSecret("PAYPAL_CLIENT_SECRET"),
          webhookId: localSecret("PAYPAL_WEBHOOK_ID"),
          log: options.log,
        }).catch(async (error: unknown) => {
          await stripe?.close();
          throw error;
        });
  const paymentVars: Record<string, string> = {
    ...(stripe ? { STRIPE_API_ORIGIN: stripe.origin } : {}),
    ...(paypal ? { PAYPAL_API_BASE: paypal.origin } : {}),
  };
  let widgets: WidgetStandIn | null = null;
  try {
    widgets = options.widgetStandIn === undefined ? null : await startWidgetStandIn({ port: options.widgetStandIn, log: options.log });
    const standIns = { stripe, paypal, widgets };
    if (!ports) return { ...(await buildAndServe(options, paymentVars)), mail: null, ...standIns };
    options.log(`Starting the mail catcher (SMTP ${ports.smtp}, inbox on port ${ports.web}) ...`);
    const mail = await startMailCatcher({ smtpPort: ports.smtp, webPort: ports.web, mailDirectory: mailDirectoryIn(options.stateDir), log: options.log });
    try {
      return { ...(await buildAndServe(options, { ...paymentVars, SMTP_PORT: String(ports.smtp) })), mail, ...standIns };
    } catch (error) {
      await mail.stop();
      throw error;
    }
  } catch (error) {
    await Promise.all([stripe?.close(), paypal?.close(), widgets?.close()]);
    throw error;
  }
}

async function buildAndServe(
  options: LocalShopsOptions,
  serviceVars: Record<string, string>,
): Promise<Omit<LocalShops, "mail" | "stripe" | "paypal" | "widgets">> {
  const vars: Record<string, string> = {
    ...options.vars,
    ...serviceVars,
    ...(options.environment ? { ENVIRONMENT_NAME: options.environment } : {}),
  };
  options.log("Building the back-office console ...");
  await buildConsole(options.distRoot);
  options.log(`Starting the worker on port ${options.port} ...`);
  // One worker for good: each build below is switched live at once (a release) and the builder
  // makes the worker reload its files (docs/decisions/0034).
  const served = { port: options.port, persistTo: options.stateDir, assets: options.distRoot, vars, log: options.log };
  const worker =
    options.server === "workerd"
      ? await startWorkerdWorker({ ...served, outDir: join(options.workspaceRoot, "workerd"), reloadTrigger: reloadTrigger(options.port) })
      : await startLocalWorker(served);
  try {
    // The first builds go through the pipeline: a publish of the shops carries every change that
    // waits for them (the demo catalogue's import), so no shop is built twice.
    const drained = await drainBuilds({
      origin: worker.origin,
      environment: options.environment ?? "development",
      shops: options.shops,
      actor: options.actor ?? "npm start",
      distRoot: options.distRoot,
      workspaceRoot: options.workspaceRoot,
      log: options.log,
    });
    return { worker, builds: drained.builds, changeId: drained.changeId };
  } catch (error) {
    await worker.stop();
    throw error;
  }
}

/**
 * The builder of the local shops (docs/decisions/0034): claims the builds the worker's queue
 * holds (after an import, a webhook, "publish now") and publishes them into distRoot; its
 * lines are prefixed [builder]. Null, with a note, when the worker has no BUILDER_TOKEN yet.
 */
export function startLocalBuilder(
  options: Pick<LocalShopsOptions, "distRoot" | "workspaceRoot" | "shops" | "environment" | "log"> & { origin: string },
): RunningBuilder | null {
  try {
    return startBuilder({
      origin: options.origin,
      environment: options.environment ?? "development",
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
