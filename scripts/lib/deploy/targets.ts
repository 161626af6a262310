/**
 * Where a deploy goes: Cloudflare's staging or production environment, or the rehearsal on this
 * machine. A target gives the steps their wrangler (the seam), their settings and the way to
 * reach a new version for the smoke test; the steps themselves are the same for all three.
 */
import { join } from "node:path";
import type { Environment } from "@config/shop-config";
import { loadShopConfig, ROOT } from "../shops";
import { startWorkerdWorker } from "../workerd-worker";
import { localWorkerRequest, versionOverrideRequest } from "./requests";
import { rehearsalWrangler } from "./rehearsal-wrangler";
import { ACCOUNT_SETTINGS, placeholdersOf, readDeploySettings, REQUIRED_SECRETS, smokeAccessSettings, type DeployedEnvironment } from "./settings";
import type { SmokeRequest } from "./smoke";
import type { DeployTarget } from "./options";
import { cliWrangler, type Wrangler } from "./wrangler";

export interface ServedVersion {
  request: SmokeRequest;
  stop(): Promise<void>;
}

export interface UploadedFiles {
  assets: string;
  /** The worker's bundle as the deploy checked it (`wrangler deploy --dry-run`). */
  bundle: string;
}

export interface Target {
  name: DeployTarget;
  /** The wrangler.jsonc environment deployed (the rehearsal rehearses production's). */
  environment: DeployedEnvironment;
  /** Whose hosts of config/shops.json the smoke test requests. */
  hosts: Environment;
  /** Whether the upload must carry every static shop (it replaces the live assets), or only the chosen ones (rehearsal). */
  everyShop: boolean;
  settings: Record<string, string>;
  wrangler: Wrangler;
  /** Work folder: the rendered configuration's name, the bundle, the upload. */
  work: string;
  /**
   * The new version, reachable for the smoke test; `upload` is what was uploaded (the assets folder and the worker's
   * bundle), `worker` the rendered environment's worker name.
   */
  serve(version: string, upload: UploadedFiles, worker: string): Promise<ServedVersion>;
  /** Rehearsal: the local account folder (its D1 state under state/). */
  account?: string;
}

/** Staging or production on Cloudflare: settings from the environment and deploy.env, the real wrangler. */
export function cloudflareTarget(name: DeployedEnvironment, overrides: { settings?: Record<string, string>; wrangler?: Wrangler } = {}): Target {
  const settings = overrides.settings ?? readDeploySettings();
  const [idName, secretName] = smokeAccessSettings(name);
  return {
    name,
    environment: name,
    hosts: name,
    everyShop: true,
    settings,
    wrangler:
      overrides.wrangler ??
      cliWrangler(Object.fromEntries(ACCOUNT_SETTINGS.filter((key) => settings[key]).map((key): [string, string] => [key, settings[key]!]))),
    work: join(ROOT, ".deploy", name),
    serve: async (version, _upload, worker) => {
      // A version override applies once the deployment holding the version has reached the edge (a few seconds).
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const accessHosts = loadShopConfig().backOffice?.hosts[name] ?? [];
      return {
        request: versionOverrideRequest({ worker, version, accessHosts, access: { id: settings[idName] ?? "", secret: settings[secretName] ?? "" } }),
        stop: async () => {},
      };
    },
  };
}

export interface RehearsalOverrides {
  /** Folder standing in for the Cloudflare account (default .deploy/rehearsal/account). */
  account?: string;
  /** Worker secrets the account holds (default every required one). */
  secrets?: string[];
}

/** The local database id of wrangler.jsonc's top level: the rehearsal's D1 ids stand in with it, so the local worker reads the same database. */
const LOCAL_DATABASE_ID = "00000000-0000-4000-8000-000000000001";

/**
 * The local database standing in for a D1 id setting: DB's (`_D1_ID`) is the top level's, so the local worker reads it;
 * the n-th shop database's (`_D1_<n>_ID`) one of its own beside it, so the rehearsal migrates each on its own.
 */
function localDatabaseId(setting: string): string | null {
  if (setting.endsWith("_D1_ID")) return LOCAL_DATABASE_ID;
  const nth = /_D1_(\d{1,3})_ID$/.exec(setting)?.[1];
  return nth === undefined ? null : `${LOCAL_DATABASE_ID.slice(0, -12)}${nth.padStart(12, "0")}`;
}

/** The rehearsal: production's configuration with stand-in account values, a local account, a local worker. */
export function rehearsalTarget(rawConfig: Record<string, unknown>, overrides: RehearsalOverrides = {}): Target {
  const account = overrides.account ?? join(ROOT, ".deploy", "rehearsal", "account");
  const section = (rawConfig.env as Record<string, unknown>).production;
  const names = [...ACCOUNT_SETTINGS, ...placeholdersOf(section), ...smokeAccessSettings("production")];
  const settings = Object.fromEntries(names.map((key) => [key, localDatabaseId(key) ?? (key.endsWith("_URL") ? "https://rehearsal.invalid/" : "rehearsal")]));
  return {
    name: "rehearsal",
    environment: "production",
    hosts: "test",
    everyShop: false,
    settings,
    wrangler: rehearsalWrangler({ dir: account, secrets: overrides.secrets ?? [...REQUIRED_SECRETS] }, cliWrangler()),
    work: join(ROOT, ".deploy", "rehearsal"),
    account,
    serve: async (_version, upload) => {
      // The uploaded bundle in workerd, as Cloudflare runs it. Port 0: the runtime binds a port the system picks, so no
      // other local server can take it before the worker listens.
      const worker = await startWorkerdWorker({ port: 0, persistTo: join(account, "state"), ...upload, vars: { ENVIRONMENT_NAME: "test" } });
      return { request: localWorkerRequest(worker.origin), stop: () => worker.stop() };
    },
  };
}
